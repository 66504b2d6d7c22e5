/* cwb_pool.h -- the worker pool of the commands (`cwb sweep`, `cwb batch`,
 * `cwb verify`; src/commands/pool.c), and the signals that stop them.
 *
 * Tasks 0..ntasks-1 run in forked worker processes, each sending back one
 * fixed-size record through a pipe; the parent hands the next task to
 * whichever worker answered (not round-robin), so one slow task does not
 * idle the others, and gets every record in the order the tasks finish. A
 * worker dies with its parent (PR_SET_PDEATHSIG on Linux), so `timeout` or
 * a scheduler killing the parent leaves nothing computing; a stop signal
 * caught by the parent (cwb_stop_catch) ends the workers at once.
 */
#ifndef CWB_POOL_H
#define CWB_POOL_H

#include <signal.h>
#include <stddef.h>

#include "cwb.h"

/* SIGINT and SIGTERM caught while a command runs, so that it can end its
 * workers and say what it leaves (no SA_RESTART: a wait or a poll returns
 * early); the handlers before are kept in *saved and put back by
 * cwb_stop_release. */
typedef struct {
    struct sigaction old_int, old_term;
} cwb_stop_handlers;
void cwb_stop_catch(cwb_stop_handlers *saved);
void cwb_stop_release(const cwb_stop_handlers *saved);
/* The signal caught since cwb_stop_catch (SIGINT or SIGTERM), or 0. */
int cwb_stop_signal(void);
/* "SIGINT" or "SIGTERM", for messages. */
const char *cwb_stop_name(void);

/* What done() may return besides CWB_OK and an error: hand out no more
 * tasks, let those running finish (their records still come to done), and
 * return CWB_OK. */
#define CWB_POOL_FINISH 100
/* What cwb_pool_run returns when a stop signal came (cwb_stop_signal says
 * which) and nothing else failed: the workers are ended; the command says
 * what it leaves. Not a CWB_* status: a caller turns it into one. */
#define CWB_POOL_STOPPED 101

typedef struct {
    const char *what;   /* the command, in messages ("sweep: fork: ...") */
    size_t ntasks;      /* tasks 0..ntasks-1 */
    int jobs;           /* processes at once (clamped to 1..256 and to ntasks) */
    size_t record_size; /* bytes a task sends back */
    /* Each task in a process of its own, forked for it, also with jobs = 1
     * (its CPU time and any crash are the task's); otherwise jobs workers
     * each run task after task, and with jobs = 1 the tasks run in this
     * process, in order. */
    int fresh;
    void *ctx; /* the command's, passed to every call below */
    /* Optional: the first thing in each forked process. */
    void (*child)(void *ctx);
    /* Run task into record (record_size bytes, zeroed), in a worker. */
    void (*run)(void *ctx, size_t task, void *record);
    /* In the parent, in the order the tasks finish: CWB_OK, CWB_POOL_FINISH,
     * or an error status with msg that ends the workers and is returned.
     * record is NULL when the task's own process (fresh) died without
     * answering; a long-lived worker that dies fails the pool. */
    int (*done)(void *ctx, size_t task, const void *record, char *msg, size_t n);
    /* Optional: in the parent before each task run here, and at least every
     * 200 ms while workers run (progress lines). */
    void (*idle)(void *ctx);
} cwb_pool;

/* Run every task. CWB_OK when every record went to done (or done asked to
 * finish); CWB_POOL_STOPPED after a stop signal; CWB_EFAIL with msg when a
 * process could not be started or a worker died; done's status when it
 * failed (the workers are ended first). SIGPIPE is ignored while it runs:
 * a worker gone is an error, not the parent's death. */
int cwb_pool_run(const cwb_pool *p, char *msg, size_t n);

#endif /* CWB_POOL_H */

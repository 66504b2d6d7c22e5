/* pool.c -- the worker pool of the commands and their stop signals
 * (cwb_pool.h), written once for `cwb sweep`, `cwb batch` and `cwb verify`.
 *
 * Protocol: a long-lived worker reads a task index (a size_t) from its task
 * pipe, runs it and writes the record whole to its result pipe, until its
 * task pipe reaches EOF (the parent closed it: nothing left) and it exits
 * 0. A worker forked for one task (fresh) writes its record and exits. The
 * parent polls the result pipes of the busy workers, so a record is read
 * as soon as it is written and a stop signal is seen within 200 ms.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "cwb_pool.h"

#define MAX_JOBS 256

static volatile sig_atomic_t stop_signal;

static void on_stop(int sig)
{
    stop_signal = sig;
}

void cwb_stop_catch(cwb_stop_handlers *saved)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop; /* no SA_RESTART: a wait or a poll returns at once */
    sigemptyset(&sa.sa_mask);
    stop_signal = 0;
    sigaction(SIGINT, &sa, &saved->old_int);
    sigaction(SIGTERM, &sa, &saved->old_term);
}

void cwb_stop_release(const cwb_stop_handlers *saved)
{
    sigaction(SIGINT, &saved->old_int, NULL);
    sigaction(SIGTERM, &saved->old_term, NULL);
}

int cwb_stop_signal(void)
{
    return stop_signal;
}

const char *cwb_stop_name(void)
{
    return stop_signal == SIGINT ? "SIGINT" : "SIGTERM";
}

static int read_full(int fd, void *buf, size_t len)
{
    for (size_t off = 0; off < len;) {
        ssize_t r = read(fd, (char *)buf + off, len - off);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return -1;
        off += (size_t)r;
    }
    return 0;
}

static int write_full(int fd, const void *buf, size_t len)
{
    for (size_t off = 0; off < len;) {
        ssize_t w = write(fd, (const char *)buf + off, len - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        off += (size_t)w;
    }
    return 0;
}

typedef struct {
    pid_t pid;        /* 0: none (reaped, or never started) */
    int task, result; /* the parent's ends of its pipes (-1: closed) */
    size_t current;   /* the task it runs */
    int busy;
} worker;

typedef struct {
    const cwb_pool *p;
    worker w[MAX_JOBS];
    int jobs;      /* worker places */
    size_t next;   /* the next task to hand out */
    int finishing; /* done() asked for no more tasks */
    void *rec;     /* the parent's record */
    pid_t parent;
} pool_state;

/* A forked process: the default action for the stop signals (the parent
 * ends its workers) and for SIGPIPE, and death with the parent
 * (PR_SET_PDEATHSIG, armed after fork: a parent that died in between is
 * caught by getppid()). It closes the parent's ends of the other workers'
 * pipes, so that each worker sees EOF when the parent closes its own. */
static void become_worker(const pool_state *st)
{
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGTERM);
#endif
    if (getppid() != st->parent)
        _exit(1);
    for (int v = 0; v < st->jobs; v++) {
        if (st->w[v].task >= 0)
            close(st->w[v].task);
        if (st->w[v].result >= 0)
            close(st->w[v].result);
    }
    if (st->p->child)
        st->p->child(st->p->ctx);
}

/* A long-lived worker's life: a task in, its record out, until EOF. */
static void serve(const cwb_pool *p, int task, int result)
{
    void *rec = malloc(p->record_size);
    size_t i;
    if (!rec)
        _exit(1);
    while (read_full(task, &i, sizeof i) == 0 && i < p->ntasks) {
        memset(rec, 0, p->record_size);
        p->run(p->ctx, i, rec);
        if (write_full(result, rec, p->record_size) != 0)
            _exit(1);
    }
    _exit(0);
}

/* A worker forked for task `current`: run it, send its record, exit. */
static void serve_one(const cwb_pool *p, size_t current, int result)
{
    void *rec = calloc(1, p->record_size);
    if (!rec)
        _exit(1);
    p->run(p->ctx, current, rec);
    _exit(write_full(result, rec, p->record_size) == 0 ? 0 : 1);
}

/* Fork the worker of place w: long-lived, or (fresh) for task `next`. */
static int start_worker(pool_state *st, worker *w, char *msg, size_t n)
{
    int t[2] = {-1, -1}, r[2];
    if ((!st->p->fresh && pipe(t) != 0) || pipe(r) != 0) {
        int e = errno;
        if (t[0] >= 0) {
            close(t[0]);
            close(t[1]);
        }
        return cwb_fail(msg, n, CWB_EFAIL, "%s: pipe: %s", st->p->what, strerror(e));
    }
    fflush(NULL); /* nothing buffered is written twice */
    /* The stop signals are held from before the fork until the child has
     * set their default action: a worker ended at once would otherwise run
     * the parent's handler (a test harness's handler that signals its whole
     * process group ended the tests under load). */
    sigset_t stops, before;
    sigemptyset(&stops);
    sigaddset(&stops, SIGINT);
    sigaddset(&stops, SIGTERM);
    sigprocmask(SIG_BLOCK, &stops, &before);
    pid_t pid = fork();
    if (pid == 0) {
        become_worker(st);
        sigprocmask(SIG_SETMASK, &before, NULL);
        close(r[0]);
        if (st->p->fresh)
            serve_one(st->p, st->next, r[1]);
        close(t[1]);
        serve(st->p, t[0], r[1]);
    }
    int e = errno;
    sigprocmask(SIG_SETMASK, &before, NULL);
    if (t[0] >= 0)
        close(t[0]);
    close(r[1]);
    *w = (worker){.pid = pid > 0 ? pid : 0, .task = t[1], .result = r[0]};
    if (pid < 0) {
        if (w->task >= 0)
            close(w->task);
        close(w->result);
        w->task = w->result = -1;
        return cwb_fail(msg, n, CWB_EFAIL, "%s: fork: %s", st->p->what, strerror(e));
    }
    if (st->p->fresh) {
        w->current = st->next++;
        w->busy = 1;
    }
    return CWB_OK;
}

/* Give long-lived worker w the next task, or close its task pipe (it then
 * exits) when there is none to give. */
static void hand_out(pool_state *st, worker *w)
{
    if (!st->finishing && !stop_signal && st->next < st->p->ntasks &&
        write_full(w->task, &st->next, sizeof st->next) == 0) {
        w->current = st->next++;
        w->busy = 1;
        return;
    }
    w->busy = 0;
    if (w->task >= 0)
        close(w->task);
    w->task = -1;
}

/* Reap worker w (it exited or was ended); its wait status. */
static int reap(worker *w)
{
    int status = 0;
    while (w->pid > 0 && waitpid(w->pid, &status, 0) < 0 && errno == EINTR)
        ;
    w->pid = 0;
    return status;
}

static int worker_failed(const pool_state *st, const worker *w, int status, char *msg, size_t n)
{
    return cwb_fail(msg, n, CWB_EFAIL, "%s: worker %d failed (%s)", st->p->what, (int)(w - st->w),
                    WIFSIGNALED(status) ? strsignal(WTERMSIG(status)) : "exit status");
}

/* The record of busy worker w, to done(); then w's next task (long-lived)
 * or its end (fresh: a worker that died unanswered gives done a NULL
 * record; a long-lived one fails the pool). */
static int collect(pool_state *st, worker *w, char *msg, size_t n)
{
    const cwb_pool *p = st->p;
    int got = read_full(w->result, st->rec, p->record_size) == 0, rc = CWB_OK;
    if (!got && !p->fresh)
        return worker_failed(st, w, reap(w), msg, n);
    rc = p->done(p->ctx, w->current, got ? st->rec : NULL, msg, n);
    if (rc == CWB_POOL_FINISH) {
        st->finishing = 1;
        rc = CWB_OK;
    }
    if (!p->fresh) {
        if (rc == CWB_OK)
            hand_out(st, w);
        return rc;
    }
    reap(w);
    close(w->result);
    w->result = -1;
    w->busy = 0;
    return rc;
}

/* Start the fresh workers the free places and the tasks left allow. */
static int start_fresh(pool_state *st, char *msg, size_t n)
{
    int rc = CWB_OK;
    for (int w = 0; rc == CWB_OK && w < st->jobs; w++)
        if (!st->w[w].busy && !st->finishing && !stop_signal && st->next < st->p->ntasks)
            rc = start_worker(st, &st->w[w], msg, n);
    return rc;
}

/* One turn of the parent: wait (at most 200 ms) for a busy worker's record
 * and collect every one that came. 0 when no worker is busy. */
static int turn(pool_state *st, int *rc, char *msg, size_t n)
{
    struct pollfd pf[MAX_JOBS];
    int who[MAX_JOBS], np = 0;
    for (int w = 0; w < st->jobs; w++)
        if (st->w[w].busy) {
            pf[np] = (struct pollfd){.fd = st->w[w].result, .events = POLLIN};
            who[np++] = w;
        }
    if (np == 0)
        return 0;
    if (poll(pf, (nfds_t)np, 200) < 0 && errno != EINTR)
        *rc = cwb_fail(msg, n, CWB_EFAIL, "%s: poll: %s", st->p->what, strerror(errno));
    for (int k = 0; *rc == CWB_OK && k < np; k++)
        if (pf[k].revents)
            *rc = collect(st, &st->w[who[k]], msg, n);
    if (st->p->idle)
        st->p->idle(st->p->ctx);
    return 1;
}

/* Close every task pipe (an idle worker then exits), end the workers at
 * once when the pool failed or was stopped, and reap them all; a worker
 * that did not exit cleanly fails the pool if nothing else did. */
static int end_workers(pool_state *st, int rc, char *msg, size_t n)
{
    int ending = rc != CWB_OK || stop_signal;
    for (int w = 0; w < st->jobs; w++) {
        if (st->w[w].task >= 0)
            close(st->w[w].task);
        st->w[w].task = -1;
        if (ending && st->w[w].pid > 0)
            kill(st->w[w].pid, SIGTERM);
    }
    for (int w = 0; w < st->jobs; w++) {
        int status = reap(&st->w[w]);
        if (rc == CWB_OK && !ending && !(WIFEXITED(status) && WEXITSTATUS(status) == 0))
            rc = worker_failed(st, &st->w[w], status, msg, n);
        if (st->w[w].result >= 0)
            close(st->w[w].result);
        st->w[w].result = -1;
    }
    return rc;
}

static int run_workers(pool_state *st, char *msg, size_t n)
{
    int rc = CWB_OK;
    for (int w = 0; !st->p->fresh && rc == CWB_OK && w < st->jobs; w++)
        if ((rc = start_worker(st, &st->w[w], msg, n)) == CWB_OK)
            hand_out(st, &st->w[w]);
    while (rc == CWB_OK && !stop_signal) {
        if (st->p->fresh && (rc = start_fresh(st, msg, n)) != CWB_OK)
            break;
        if (!turn(st, &rc, msg, n))
            break;
    }
    return end_workers(st, rc, msg, n);
}

/* jobs = 1, not fresh: the tasks in order, in this process. */
static int run_here(pool_state *st, char *msg, size_t n)
{
    const cwb_pool *p = st->p;
    for (size_t i = 0; i < p->ntasks && !stop_signal; i++) {
        memset(st->rec, 0, p->record_size);
        p->run(p->ctx, i, st->rec);
        int rc = p->done(p->ctx, i, st->rec, msg, n);
        if (p->idle)
            p->idle(p->ctx);
        if (rc == CWB_POOL_FINISH)
            return CWB_OK;
        if (rc != CWB_OK)
            return rc;
    }
    return CWB_OK;
}

int cwb_pool_run(const cwb_pool *p, char *msg, size_t n)
{
    pool_state *st = calloc(1, sizeof *st);
    void *rec = malloc(p->record_size ? p->record_size : 1);
    if (!st || !rec) {
        free(st);
        free(rec);
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    }
    size_t jobs = p->jobs < 1 ? 1 : p->jobs > MAX_JOBS ? MAX_JOBS : (size_t)p->jobs;
    if (jobs > p->ntasks)
        jobs = p->ntasks ? p->ntasks : 1;
    *st = (pool_state){.p = p, .jobs = (int)jobs, .rec = rec, .parent = getpid()};
    for (int w = 0; w < MAX_JOBS; w++)
        st->w[w].task = st->w[w].result = -1;
    struct sigaction ignore, old_pipe;
    memset(&ignore, 0, sizeof ignore);
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGPIPE, &ignore, &old_pipe);
    int rc = jobs == 1 && !p->fresh ? run_here(st, msg, n) : run_workers(st, msg, n);
    sigaction(SIGPIPE, &old_pipe, NULL);
    if (rc == CWB_OK && stop_signal)
        rc = CWB_POOL_STOPPED;
    free(rec);
    free(st);
    return rc;
}

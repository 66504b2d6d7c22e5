/* cwb_replay.h -- `cwb replay`: a case's laws driven through the kinematics
 * of one contact another code ran, step by step, and its forces compared
 * with that code's (cwb_trace.h reads the trace).
 *
 * Each step of the trace is one evaluation of the contact from its
 * committed state (cwb_contact_eval: the overlap, its rate, the normal, the
 * step's tangential displacement increment and velocity, the spins and
 * their rotation increment), committed at once: the laws see exactly the
 * increments the code's own law saw, so a law that is the same function of
 * them gives the same forces to round-off, and where it does not the first
 * step that differs is where the two laws part. The contact is reset
 * (virgin states) when the overlap falls to where the normal law lets it
 * go (0, or an adhesive law's delta_off).
 */
#ifndef CWB_REPLAY_H
#define CWB_REPLAY_H

#include "cwb_run.h"
#include "cwb_trace.h"

typedef struct {
    size_t rows;             /* steps of the trace */
    size_t contact;          /* of which in contact (cwb's laws evaluated) */
    double force_scale;      /* the largest |F_n| of the code [N] */
    double max_dev_n;        /* max |F_n,cwb - F_n,code| / force_scale */
    double max_dev_t;        /* max |F_t,cwb - F_t,code| / force_scale (NaN: no F_t in the trace) */
    double t_max_n, t_max_t; /* where they are largest [s] */
    long first_beyond;       /* first row (from 0) where either exceeds tol, -1: none */
    double t_first_beyond;
} cwb_replay_summary;

/* Replay trace t through case c's laws; per-row forces into rows (a
 * series: t, delta, F_n_code, F_n_cwb, F_t_code, F_t_cwb, dev_n, dev_t) when
 * it is not NULL. */
int cwb_replay_trace(const cwb_case *c, const cwb_contact_trace *t, double tol,
                     cwb_replay_summary *s, cwb_series *rows, char *msg, size_t n);

/* Read FILE: a LAMMPS/LIGGGHTS dump (its first line that is not a '#'
 * line begins with "ITEM:"), made a contact trace with velocity Verlet's
 * kinematics (dt: the step when the dump has no times), else a contact
 * CSV. */
int cwb_replay_read(const char *path, double dt, cwb_contact_trace *t, char *msg, size_t n);

typedef struct {
    const char *path;        /* the case */
    const char *const *sets; /* --set overrides */
    size_t nsets;
    const char *trace;
    double dt;  /* the dump's step when it has no ITEM: TIME (0: none given) */
    double tol; /* relative deviation that counts as "differs" */
    const char *dir;
    const char *command; /* the command line, recorded in the CSV (NULL: a library call) */
} cwb_replay_request;

/* Read `cwb replay`'s arguments argv[2..] into req (over: room for argc
 * overrides); CWB_EINPUT with the problem in msg. */
int cwb_replay_args(int argc, char **argv, cwb_replay_request *req, const char **over, char *msg,
                    size_t n);

/* Replay, print the summary (CWB_LOG_RESULT) and write DIR/NAME_replay.csv. */
int cwb_replay(const cwb_replay_request *req, const cwb_log *log, char *msg, size_t n);

#endif /* CWB_REPLAY_H */

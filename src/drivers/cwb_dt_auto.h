/* cwb_dt_auto.h -- dt = auto: the step control every time-stepping driver
 * shares (src/drivers/dt_auto.c), and the keys that ask for it.
 *
 * A driver integrates its scenario at a fixed step (its stepper); this loop
 * is the control, as GSL separates a step, its control and the evolution
 * that drives them (gsl_odeiv2_step, _control, _evolve): run at a first
 * step, halve it and run again, until two runs agree to dt_tol. What a run
 * reports and how two runs are compared are the driver's; where a halving
 * stops (converged, a limit, the driver's step budget) is the loop's, and
 * the driver words the message.
 */
#ifndef CWB_DT_AUTO_H
#define CWB_DT_AUTO_H

#include <stddef.h>

#include "cwb.h"

/* The integration keys every time-stepping driver shares, in this order:
 * dt (a step, or auto), dt_tol (what auto must reach), max_steps (the
 * budget of one run) and rows (the CSV's size); defaults, the help lines
 * that say what auto measures, when dt_tol is read (its read_when:
 * "dt=auto", or NULL where a fixed step reads it too) and the dt_tol `cwb
 * init` writes with a law of a kind (its example_with_law, or NULL) are
 * the driver's. */
#define CWB_STEP_KEYS(dt_help, tol_def, tol_help, tol_when, tol_with_law, steps_def, steps_help,   \
                      rows_def)                                                                    \
    {.name = "dt",                                                                                 \
     .unit = "s",                                                                                  \
     .def = 0,                                                                                     \
     .min = 0,                                                                                     \
     .max = INFINITY,                                                                              \
     .flags = CWB_P_MIN_OPEN | CWB_P_AUTO,                                                         \
     .help = dt_help},                                                                             \
        {.name = "dt_tol",                                                                         \
         .unit = "-",                                                                              \
         .def = tol_def,                                                                           \
         .min = 0,                                                                                 \
         .max = 0.1,                                                                               \
         .flags = CWB_P_MIN_OPEN,                                                                  \
         .help = tol_help,                                                                         \
         .read_when = tol_when,                                                                    \
         .example_with_law = tol_with_law},                                                        \
        {.name = "max_steps",                                                                      \
         .unit = "-",                                                                              \
         .flags = CWB_P_INTEGER,                                                                   \
         .def = steps_def,                                                                         \
         .min = 10,                                                                                \
         .max = 1e10,                                                                              \
         .help = steps_help},                                                                      \
    {                                                                                              \
        .name = "rows", .unit = "-", .flags = CWB_P_INTEGER, .def = rows_def, .min = 10,           \
        .max = 1e7, .help = "about how many rows the CSV gets"                                     \
    }

/* Halvings the loop can take at all (the drivers' own limits and budgets
 * stop it long before: 2^-64 of a first step is below any max_steps). */
#define CWB_DT_MAX_HALVINGS 64

/* Results whose changes the loop can follow one by one. */
#define CWB_DT_MAX_RESULTS 16

/* Where the control stands: the step of the last run and what the last two
 * runs showed. */
typedef struct {
    double h;        /* step of the last run [s] */
    int halvings;    /* halvings of the first step taken */
    int slot;        /* where the last run is (0 or 1); the other holds the run before */
    double change;   /* relative change between the last two runs (NaN before a halving) */
    double estimate; /* what was held to tol: the change, or its Richardson estimate */
    double history[CWB_DT_MAX_HALVINGS]; /* the change after each halving */
    /* each result's own change after each halving (plan.results of them) */
    double each[CWB_DT_MAX_RESULTS][CWB_DT_MAX_HALVINGS];
} cwb_dt_auto;

/* How the loop ended when no run failed. */
typedef enum {
    CWB_DT_CONVERGED = 0, /* the last run agrees with the one before to tol */
    CWB_DT_LIMIT,         /* the plan's max_halvings were taken */
    CWB_DT_BUDGET         /* the driver's affordable() refused another halving */
} cwb_dt_outcome;

/* What a driver gives the loop. */
typedef struct {
    double h0;        /* the first step [s] */
    double tol;       /* dt_tol */
    int max_halvings; /* at most this many halvings (0: CWB_DT_MAX_HALVINGS) */
    /* Hold to tol the Richardson estimate of the finer run's error
     * (change / (2^q - 1), q the order the last changes show) rather than
     * the change itself. */
    int richardson;
    /* With richardson: how many results change() measures one by one (at
     * most CWB_DT_MAX_RESULTS; 0: the largest change alone), and where it
     * leaves each one's relative change (NaN: neither run reports it).
     * Each result is then estimated from its own changes, with its own
     * order, and the largest estimate is held to tol. */
    int results;
    double *each; /* the loop sets it to NaN when it starts a refinement over */
    void *ctx;    /* the driver's, passed to the three calls below */
    /* Run the scenario at step h into slot (0 or 1); CWB_OK, or a status
     * with msg that ends the loop. */
    int (*run)(void *ctx, double h, int slot, char *msg, size_t n);
    /* The relative change between the runs in slots fine and coarse; set
     * *comparable = 0 when they differ in kind (one passes, the other
     * stops), which never counts as converged. */
    double (*change)(void *ctx, int fine, int coarse, int *comparable);
    /* Whether another halving fits the driver's step budget, asked before
     * each halving with the state as it stands (a->h the step just run). */
    int (*affordable)(void *ctx, const cwb_dt_auto *a);
} cwb_dt_plan;

/* Run at p->h0, then halve and run until the last two runs agree (the
 * change, or its Richardson estimate, at most p->tol), the halvings reach
 * p->max_halvings, or the budget refuses. CWB_OK with *outcome and *a set
 * (a->slot holds the last run), or the status of a run that failed. */
int cwb_dt_refine(const cwb_dt_plan *p, cwb_dt_auto *a, cwb_dt_outcome *outcome, char *msg,
                  size_t n);

/* dt = auto across neighbouring samples (`cwb batch --dt-reuse`, `cwb sweep
 * --dt-reuse`): between
 * cwb_dt_reuse_begin and cwb_dt_reuse_end, in this thread, cwb_dt_refine
 * keeps what the last full refinement established (its halvings, and each
 * result's estimate and change between its step and 4 times it, from one
 * more run) and runs a later sample of the
 * same plan at that many halvings of its own first step and once at 4 times
 * that step; the sample is accepted when its changes are in proportion to
 * the neighbour's and its estimate meets tol, and refines in full otherwise
 * (dt_auto.c says why each check is there). A sample's step then depends on
 * the samples run before it in the same process; every accepted sample
 * still meets tol by its own check. */
void cwb_dt_reuse_begin(void);
void cwb_dt_reuse_end(void);

#endif /* CWB_DT_AUTO_H */

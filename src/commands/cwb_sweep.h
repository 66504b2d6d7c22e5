/* cwb_sweep.h -- `cwb sweep`: a case run once per value of one key
 * (src/commands/sweep.c).
 */
#ifndef CWB_SWEEP_H
#define CWB_SWEEP_H

#include "cwb_run.h"

/* One comparison of a sweep: a group's first curve against one of its
 * references. Only a group's first reference is judged (verdict); the
 * others are drawn beside it (CWB_VERDICT_NONE). */
typedef struct {
    char y[CWB_NAME];         /* the result compared */
    char reference[CWB_TEXT]; /* the reference CSV */
    double max_rel, rms_rel;  /* of max |ref| */
    double tolerance;         /* the reference's (NaN: none) */
    double rows_compared;     /* the reference's rows inside the sweep's range */
    double rows;              /* all its rows */
    cwb_verdict verdict;
} cwb_sweep_deviation;

/* What a sweep reports (cwb_sweep_request.summary). */
typedef struct {
    size_t values, failed;
    size_t ndev;
    cwb_sweep_deviation dev[16];
    cwb_verdict verdict; /* FAIL when a group fails, else PASS when one passes, ... */
    char plot[256];      /* the first plot's name (DIR/PLOT.png), "" when none */
} cwb_sweep_summary;

/* What `cwb sweep` is asked to do: the command line, as cwb_sweep takes it. */
typedef struct {
    const char *path;        /* the case file */
    const char *const *sets; /* --set overrides "section.key=value", applied to every value */
    size_t nsets;
    const char *vary;   /* "section.key=FROM:TO:N[:log]" over the case's [sweep], or NULL */
    int jobs;           /* forked workers (clamped to 1..256 and to the values) */
    int dt_reuse;       /* dt = auto from the neighbouring value (--dt-reuse, cwb_dt_reuse_begin) */
    const char *dir;    /* output folder, created when missing */
    int plot;           /* also write .gp and render .png */
    int json;           /* the summary as one JSON line */
    const char *format; /* plots as "png" (NULL too), "pdf" or "svg" */
    cwb_sweep_summary *summary; /* optional: filled when the sweep succeeds */
    const char *command;        /* the command line, recorded in the CSV (NULL: a library call) */
    /* The library's sweep (cwb_api_sweep): with table set, the values run in
     * the caller's process and thread one after another (jobs is taken as
     * 1), no signal is caught and nothing is written or logged; table
     * receives what the CSV would hold (the varied key, then every result
     * some value defines, one row per value, NaN where a value failed) and
     * the warnings, the caller frees it with cwb_result_free. rows (may be
     * NULL) receives each value's status and message (the caller frees it
     * with cwb_row_outcomes_free). progress (may be NULL) is called before
     * each value with (user, values done, values); non-zero stops the
     * sweep, which returns CWB_ECANCEL. dir (NULL: .) is only where
     * [sweep] overlay is read. */
    cwb_result *table;
    cwb_row_outcomes *rows;
    int (*progress)(void *user, size_t done, size_t total);
    void *user;
} cwb_sweep_request;

/* Run a case once per value of one key (src/commands/sweep.c). req->vary
 * overrides the case's [sweep] section. Writes DIR/NAME_sweep.csv (+ .gp,
 * .png when req->plot) atomically and passes a summary (JSON with req->json)
 * to log as CWB_LOG_RESULT. With req->jobs > 1 the values run in forked
 * workers that die with the caller; SIGINT or SIGTERM during the sweep stops
 * them and returns CWB_EFAIL with nothing written. */
int cwb_sweep(const cwb_sweep_request *req, const cwb_log *log, char *msg, size_t n);

#endif /* CWB_SWEEP_H */

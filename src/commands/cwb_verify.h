/* cwb_verify.h -- `cwb verify`: every shipped case that names a reference,
 * run and judged against that reference's stated tolerance, with a report.
 *
 * The cases are the files ROOT/cases/NAME.case: a run whose [output] names a reference,
 * a sweep whose [sweep] does. Each runs in a forked process (at most jobs
 * at a time), through the same calls as `cwb run` and `cwb sweep`
 * (cwb_run_and_write, cwb_sweep), its files in DIR/cases/NAME/. The report
 * is DIR/index.html (one static page: per source document, per case, the
 * plot, the reference's source and independence class, the deviation, the
 * tolerance and the verdict, with the counts on top), its Markdown twin
 * DIR/report.md, and DIR/report.json for programs (make docs reads it). */
#ifndef CWB_VERIFY_H
#define CWB_VERIFY_H

#include <stddef.h>

#include "cwb_sweep.h"

typedef struct {
    const char *root;        /* the folder holding cases/ and reference/ ("." if NULL) */
    const char *dir;         /* the report's folder, created when missing */
    const char *const *only; /* case names to run (NULL: every one) */
    size_t nonly;
    int jobs;            /* cases run at once (1..256) */
    int plot;            /* render each case's plot (the report shows it) */
    const char *plots;   /* link the plots in this folder instead (relative
                                      to DIR, e.g. ../plots for make demo's), or NULL */
    const char *command; /* the command line, for the report's header */
} cwb_verify_request;

typedef struct {
    size_t cases;  /* cases run */
    size_t pass;   /* within their reference's tolerance */
    size_t fail;   /* outside it */
    size_t model;  /* model comparisons: a deviation, no verdict */
    size_t other;  /* compared with no tolerance stated, or not compared */
    size_t errors; /* failed to run (exit status 1 or 2 from cwb run) */
} cwb_verify_counts;

/* Run the verification and write the report. Progress ("[3/95] NAME: PASS")
 * goes to log as CWB_LOG_PROGRESS lines. CWB_OK when it ran (the counts say
 * how it came out), or a status with msg (no cases, a folder that cannot be
 * written). */
int cwb_verify(const cwb_verify_request *req, cwb_verify_counts *counts, const cwb_log *log,
               char *msg, size_t n);

#endif /* CWB_VERIFY_H */

/* cwb_batch.h -- `cwb batch`: a case run once per row of a table of
 * samples, and the merge of its shards (src/commands/batch.c).
 */
#ifndef CWB_BATCH_H
#define CWB_BATCH_H

#include "cwb_run.h"

/* What `cwb batch` is asked to do (src/commands/batch.c). */
typedef struct {
    const char *path;        /* the case file */
    const char *samples;     /* the table: a CSV of section.key columns, one sample per row */
    const char *const *sets; /* --set overrides applied before each sample's values */
    size_t nsets;
    const char *shard;   /* "i/N": rows i, i+N, ... (NULL: all) */
    const char *out;     /* the output CSV (NULL: cwb-out/NAME_batch[_i_of_N].csv) */
    const char *results; /* comma-separated result names (NULL: all of sample 0's) */
    int jobs;            /* forked workers, each given the next sample when free */
    int json;            /* the summary as one JSON line */
    /* dt = auto from the neighbouring sample (--dt-reuse, cwb_dt_reuse_begin):
     * a sample's step may then depend on the samples its worker ran before */
    int dt_reuse;
    const char *command; /* the command line, recorded in the CSV (NULL: a library call) */
} cwb_batch_request;

/* Run a case once per row of a table of samples, appending one row per
 * sample to the output as it is done (rows in table order), resuming an
 * existing output of the same table and case (CWB_EINPUT, the file left as
 * it is, for any other file, a symbolic link, or an output another batch
 * holds locked). SIGINT or SIGTERM stop the workers and return CWB_EFAIL
 * with the output valid and resumable. */
int cwb_batch(const cwb_batch_request *req, const cwb_log *log, char *msg, size_t n);
/* The library's batch (cwb_api_batch): a table of samples held in memory,
 * run in the caller's process and thread, one sample after another; no
 * file, no signal caught, nothing logged. The table is checked as `cwb
 * batch` checks a TABLE.csv (columns section.key, a value for each, every
 * sample through the case loader before anything runs), its rows named
 * "NAME:K" in messages (K the sample's index from 0; NAME "samples" when
 * NULL); a value holding a comma or a control character is refused, as it
 * could not be a cell of the CSV. */
typedef struct {
    const char *path;        /* the case file */
    const char *const *sets; /* overrides applied before each sample's values */
    size_t nsets;
    const char *const *keys; /* the table's columns, "section.key" */
    size_t nkeys;
    const char *const *values; /* nsamples x nkeys texts, sample by sample */
    size_t nsamples;
    const char *name;    /* the table in messages (NULL: "samples") */
    const char *results; /* as --results (NULL: every scalar sample 0 reports) */
    /* before each sample: (user, samples done, samples); non-zero stops
     * the batch (CWB_ECANCEL) */
    int (*progress)(void *user, size_t done, size_t total);
    void *user;
    cwb_result *table;      /* out: a column per result (with its unit), a row per
                               sample, NaN where a sample failed or does not define it */
    cwb_row_outcomes *rows; /* out (may be NULL): each sample's status and message */
    int dt_reuse;           /* dt = auto from the neighbouring sample (cwb_dt_reuse_begin) */
} cwb_batch_memory_request;
int cwb_batch_memory(const cwb_batch_memory_request *req, char *msg, size_t n);
/* Merge batch files (the shards of one table) into out: one header (every
 * file's must be the same), the rows sorted on sample, a sample found twice
 * kept once if its rows are the same; written atomically. CWB_EINPUT (and
 * nothing written) for a row that does not parse (FILE:LINE of each), files
 * of other tables or cases; CWB_EFAIL when a sample of the table is in no
 * file, unless partial (then a warning names them). command: the command
 * line the merged file records (NULL: a library call). */
int cwb_batch_merge(const char *out, const char *const *in, size_t nin, int partial,
                    const char *command, const cwb_log *log, char *msg, size_t n);

#endif /* CWB_BATCH_H */

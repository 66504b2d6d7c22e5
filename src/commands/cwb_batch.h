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
} cwb_batch_request;

/* Run a case once per row of a table of samples, appending one row per
 * sample to the output as it is done (rows in table order), resuming an
 * existing output of the same table and case (CWB_EINPUT, the file left as
 * it is, for any other file, a symbolic link, or an output another batch
 * holds locked). SIGINT or SIGTERM stop the workers and return CWB_EFAIL
 * with the output valid and resumable. */
int cwb_batch(const cwb_batch_request *req, const cwb_log *log, char *msg, size_t n);
/* Merge batch files (the shards of one table) into out: one header (every
 * file's must be the same), the rows sorted on sample, a sample found twice
 * kept once if its rows are the same; written atomically. CWB_EINPUT (and
 * nothing written) for a row that does not parse (FILE:LINE of each), files
 * of other tables or cases; CWB_EFAIL when a sample of the table is in no
 * file, unless partial (then a warning names them). */
int cwb_batch_merge(const char *out, const char *const *in, size_t nin, int partial,
                    const cwb_log *log, char *msg, size_t n);

#endif /* CWB_BATCH_H */

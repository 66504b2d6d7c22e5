/* cwb_result.h -- what a run produces: a table of columns with units,
 * named scalars, warnings, and the verdict of its comparison with a
 * reference (src/core/result.c). Drivers fill it; io/ writes it.
 */
#ifndef CWB_RESULT_H
#define CWB_RESULT_H

#include <stddef.h>

#include "cwb.h"

#define CWB_MAX_COLS    72 /* a sweep tables every scalar (CWB_MAX_SCALARS) and the key */
#define CWB_MAX_SCALARS 64
#define CWB_MAX_WARN    16
/* Characters of one warning: the longest, a law's energy warning quoting
 * its creates_energy line (src/drivers/energy_created.c), is about 400. */
#define CWB_WARN_TEXT 512
/* Room for the name of a result or a column, NUL included: one size for
 * both, since a sweep and a batch table every named scalar as a column (a
 * column of 32 cut energy_dissipated_rolling_viscous). */
#define CWB_NAME 48
/* [output] also_references compared and drawn (also_ref_*, also_ref2_*, also_ref3_*) */
#define CWB_ALSO_MAX 3

typedef struct {
    char name[CWB_NAME]; /* column name, e.g. "F_n" */
    char unit[16];       /* unit, e.g. "N" */
    double *v;           /* nrow values */
} cwb_column;

typedef struct {
    size_t ncol, nrow, cap;
    cwb_column col[CWB_MAX_COLS];
} cwb_series;

typedef struct {
    char name[CWB_NAME]; /* JSON key, e.g. "contact_time" */
    char unit[16];
    double value; /* a NaN value is written as null and flagged */
} cwb_scalar;

/* How a comparison with a reference came out (src/io/cwb_verdict.h). */
typedef enum {
    CWB_VERDICT_NONE = 0, /* nothing compared */
    CWB_VERDICT_PASS,     /* deviation <= tolerance */
    CWB_VERDICT_FAIL,     /* deviation > tolerance, or not a number */
    CWB_VERDICT_MODEL,    /* a model comparison: the deviation is the result */
    CWB_VERDICT_UNBOUND,  /* the reference states no tolerance */
    CWB_VERDICT_SKIPPED   /* the reference was made for other inputs */
} cwb_verdict;

/* The scalars a caller reads, for a driver that publishes its result
 * table (cwb_driver_type.results, src/drivers/cwb_run.h): a bit per entry
 * of that table, and whether the caller reads the warnings. A batch reads
 * two or three of a collision's fifty-odd results and no warning; naming
 * and formatting the rest was a sixth of a 19-step collision's
 * instructions. A driver that publishes no table sets every scalar. */
typedef struct {
    unsigned long long bit[2];
    int warnings;
} cwb_result_want;

typedef struct {
    cwb_series series;
    size_t nscalar;
    cwb_scalar scalar[CWB_MAX_SCALARS];
    unsigned name_hash[CWB_MAX_SCALARS]; /* a key of each scalar's name: cwb_result_set's lookup */
    unsigned long long name_seen[2];     /* a bit per key of every name set (cwb_result_set) */
    size_t nwarn;
    char warn[CWB_MAX_WARN][CWB_WARN_TEXT];
    int scalars_full;    /* a scalar was set with CWB_MAX_SCALARS held: dropped, and warned once */
    int warnings_full;   /* a warning came with CWB_MAX_WARN held: the last slot says so */
    int no_series;       /* set by the caller after cwb_result_init: only the scalars are
                      read, a driver may leave the series empty */
    cwb_verdict verdict; /* the comparison with [output] reference against its
                            tolerance (ref_max_rel_error, ref_tolerance) */
    /* the k-th [output] also_reference compared (its deviation also_ref_*,
     * also_ref2_*, ...: cwb_also_ref_key): its file ("" when none was) and the
     * tolerance it states (NaN: none), which its deviation is read against
     * though not judged (cwb_verdict_drawn) */
    struct {
        char path[CWB_TEXT];
        double tolerance;
    } also[CWB_ALSO_MAX];
    /* set by the caller after cwb_result_init: the scalars and warnings it
     * reads (NULL, the default: all of them) */
    const cwb_result_want *want;
} cwb_result;

void cwb_result_init(cwb_result *r);
void cwb_result_free(cwb_result *r);
/* Add a column; returns its index, or -1 when the table is full. */
int cwb_series_column(cwb_series *s, const char *name, const char *unit);
/* Append one row of s->ncol values. Returns CWB_OK or CWB_EFAIL (memory). */
int cwb_series_row(cwb_series *s, const double *row);
/* Index of the column called name, -1 if none. */
int cwb_series_find(const cwb_series *s, const char *name);
/* Whether the caller reads entry k of the driver's result table. */
static inline int cwb_result_wanted(const cwb_result *r, unsigned k)
{
    return !r->want || (k < 128 && (r->want->bit[k >> 6] >> (k & 63) & 1ull));
}
/* Set (or replace) a named scalar. */
void cwb_result_set(cwb_result *r, const char *name, const char *unit, double value);
/* The scalar called name, or NaN. */
double cwb_result_get(const cwb_result *r, const char *name);
/* Add a warning; nothing, and no formatting, when the caller reads none
 * (want without warnings). */
void cwb_result_warn(cwb_result *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Each row's outcome of a sweep or batch run for the library (one row per
 * value or sample): its status (CWB_OK, CWB_EFAIL) and, for a failed row,
 * its message (NULL when it succeeded). */
typedef struct {
    size_t n;
    int *status;
    char **message;
} cwb_row_outcomes;
/* n rows, all CWB_OK: CWB_OK, or CWB_EFAIL (memory). */
int cwb_row_outcomes_make(cwb_row_outcomes *o, size_t n);
/* Row i failed (status) with msg: CWB_OK, or CWB_EFAIL (memory). */
int cwb_row_outcome_set(cwb_row_outcomes *o, size_t i, int status, const char *msg);
void cwb_row_outcomes_free(cwb_row_outcomes *o);

#endif /* CWB_RESULT_H */

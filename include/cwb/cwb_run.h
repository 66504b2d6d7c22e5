/* cwb_run.h -- cases, drivers and what a run produces.
 *
 * Data flows one way (src/README.md): a case file is read and validated into a
 * cwb_case; a driver runs it and fills a cwb_result (a table of columns with
 * units, named scalars, warnings); out.c writes CSV/JSON and plot.c the
 * gnuplot script and PNG.
 */
#ifndef CWB_RUN_H
#define CWB_RUN_H

#include <stdio.h>

#include "cwb.h"
#include "cwb_contact.h"
#include "cwb_law.h"
#include "cwb_pair.h"

/* ------------------------------------------------------------------ */
/* Results                                                             */

#define CWB_MAX_COLS    72 /* a sweep tables every scalar (CWB_MAX_SCALARS) and the key */
#define CWB_MAX_SCALARS 64
#define CWB_MAX_WARN    16
/* Room for the name of a result or a column, NUL included: one size for
 * both, since a sweep and a batch table every named scalar as a column (a
 * column of 32 cut energy_dissipated_rolling_viscous). */
#define CWB_NAME 48

typedef struct {
    char name[CWB_NAME]; /* column name, e.g. "F_n" */
    char unit[16]; /* unit, e.g. "N" */
    double *v;     /* nrow values */
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

typedef struct {
    cwb_series series;
    size_t nscalar;
    cwb_scalar scalar[CWB_MAX_SCALARS];
    unsigned name_hash[CWB_MAX_SCALARS]; /* a key of each scalar's name: cwb_result_set's lookup */
    size_t nwarn;
    char warn[CWB_MAX_WARN][256];
    int no_series; /* set by the caller after cwb_result_init: only the scalars are
                      read, a driver may leave the series empty */
    cwb_verdict verdict; /* the comparison with [output] reference against its
                            tolerance (ref_max_rel_error, ref_tolerance) */
} cwb_result;

void cwb_result_init(cwb_result *r);
void cwb_result_free(cwb_result *r);
/* Add a column; returns its index, or -1 when the table is full. */
int cwb_series_column(cwb_series *s, const char *name, const char *unit);
/* Append one row of s->ncol values. Returns CWB_OK or CWB_EFAIL (memory). */
int cwb_series_row(cwb_series *s, const double *row);
/* Index of the column called name, -1 if none. */
int cwb_series_find(const cwb_series *s, const char *name);
/* Set (or replace) a named scalar. */
void cwb_result_set(cwb_result *r, const char *name, const char *unit, double value);
/* The scalar called name, or NaN. */
double cwb_result_get(const cwb_result *r, const char *name);
void cwb_result_warn(cwb_result *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* ------------------------------------------------------------------ */
/* Cases and drivers                                                   */

struct cwb_case;

typedef struct {
    const char *name;        /* [driver] type = name */
    const char *summary;     /* one line for `cwb describe` */
    const cwb_param *params; /* the keys of its [driver] section */
    /* Optional cross-key checks once the case is read; CWB_EINPUT + msg. */
    int (*check)(const struct cwb_case *c, char *msg, size_t n);
    int (*run)(const struct cwb_case *c, cwb_result *r, char *msg, size_t n);
    const char *plot_x, *plot_y; /* default columns of its plot */
    /* Legend of its curve when it computes its own forces rather than the
     * case's laws (NULL: "cwb: NORMAL / TANGENTIAL"). */
    const char *own_model;
    /* What `cwb init` writes for it, where its check refuses other
     * compositions: dims, the geometries it runs (CWB_DIM_3D: spheres,
     * CWB_DIM_2D: discs); body2, the shape of its second body ("wall"; NULL:
     * a copy of body1); default_laws, per kind, the laws it runs with when
     * none is named, space-separated, the first that suits the geometry
     * taken (NULL: cwb_law_default's). */
    unsigned dims;
    const char *body2;
    const char *default_laws[CWB_KIND_COUNT];
} cwb_driver_type;

/* The integration keys every time-stepping driver shares, in this order:
 * dt (a step, or auto), dt_tol (what auto must reach), max_steps (the
 * budget of one run) and rows (the CSV's size); defaults and the help
 * lines that say what auto measures are the driver's. */
#define CWB_STEP_KEYS(dt_help, tol_def, tol_help, steps_def, steps_help, rows_def)                 \
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
         .help = tol_help},                                                                        \
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

size_t cwb_driver_count(void);
const cwb_driver_type *cwb_driver_at(size_t i);
const cwb_driver_type *cwb_driver_find(const char *name);

typedef struct cwb_case {
    char file[CWB_TEXT]; /* path as given */
    char name[128];      /* file name without directory/.case */
    const cwb_law_head *law[CWB_KIND_COUNT];
    cwb_values law_values[CWB_KIND_COUNT];
    int law_line[CWB_KIND_COUNT]; /* [contact] line naming the law */
    cwb_values body_values[2];
    cwb_pair pair;
    const cwb_driver_type *driver;
    cwb_values driver_values;
    cwb_values output_values;
    cwb_values sweep_values; /* [sweep], for `cwb sweep` */
    int has_sweep;
} cwb_case;

/* An override "section.key=value" from the command line. */
typedef struct {
    const char *text;
} cwb_override;

/* Read, validate and build a case. The case is large: allocate it on the
 * heap (cwb_case_new). Returns CWB_OK, or CWB_EINPUT with "FILE:LINE: msg". */
cwb_case *cwb_case_new(void);
int cwb_case_load(cwb_case *c, const char *path, const char *const *overrides, size_t n_overrides,
                  char *msg, size_t n);

/* The samples of one case (`cwb batch`): the file is read once and each
 * sample sets only its keys. cwb_case_sampler_new takes a case loaded by
 * cwb_case_load(base, path, overrides, n_over) whose last n_keys overrides
 * are the keys every sample sets ("section.key=value"); NULL when some key
 * is not a number or word of [driver], [body1], [body2] or a law's section
 * (a law's name, a shape, a list, a text): then load each sample.
 * cwb_case_sampler_apply sets the keys to values (n_keys texts) in c, a
 * case loaded like base (any values of those keys), and does again what
 * cwb_case_load does after reading them: parse and range, bodies and pair,
 * each law's check and prepare, the driver's check. CWB_OK leaves c as
 * cwb_case_load would with those values; any other status leaves c half
 * set and its message may lack the line: load the sample with
 * cwb_case_load for the message. */
typedef struct cwb_case_sampler cwb_case_sampler;
cwb_case_sampler *cwb_case_sampler_new(const cwb_case *base, const char *const *overrides,
                                       size_t n_over, size_t n_keys);
int cwb_case_sampler_apply(const cwb_case_sampler *s, cwb_case *c, const char *const *values,
                           char *msg, size_t n);
void cwb_case_sampler_free(cwb_case_sampler *s);

/* "FILE:LINE" of a value of a table in this case (for drivers' checks). */
void cwb_case_where(const cwb_case *c, const cwb_values *v, int i, char *buf, size_t n);
/* The value of "section.key" in a loaded case as text: numbers with 17
 * digits, lists comma-separated, choices as their word; "contact.normal"
 * etc. give the law's name. 0, or -1 when the case has no such key. */
/* The values table holding "section.key" (a law's, a body's, the
 * driver's) with the key's index in *index, or NULL (and -1). */
const cwb_values *cwb_case_key(const cwb_case *c, const char *path, int *index);
int cwb_case_value_text(const cwb_case *c, const char *path, char *buf, size_t n);

/* Output keys, shared by every case ([output] section). */
enum {
    CWB_OUT_REFERENCE = 0,       /* reference CSV path */
    CWB_OUT_REFERENCE_X,         /* reference column on x (default: plot x) */
    CWB_OUT_REFERENCE_Y,         /* reference column on y (default: plot y) */
    CWB_OUT_PLOT_X,              /* plot x column (default: the driver's) */
    CWB_OUT_PLOT_Y,              /* plot y column */
    CWB_OUT_TITLE,               /* plot title */
    CWB_OUT_COMPARE_X,           /* column both curves are matched on (default: plot x) */
    CWB_OUT_OVERLAY,             /* other runs' CSVs drawn on the same plot */
    CWB_OUT_ALSO_REFERENCE,      /* further references drawn as points; their deviation
                                    is printed (also_ref_*), not held to a tolerance */
    CWB_OUT_REFERENCE_COMPARE_X, /* the reference's column matched with compare_x
                                    (default: the same name) */
    CWB_OUT_ALSO_REFERENCE_Y,    /* the also_references' column on y (default: as the
                                    reference's) */
    CWB_OUT_MODEL_COMPARISON     /* what the deviation measures when it compares two
                                    models (no verdict); "" for a verification */
};
extern const cwb_param cwb_output_params[];

/* Sweep keys ([sweep]). */
enum {
    CWB_SWEEP_VARY = 0,
    CWB_SWEEP_FROM,
    CWB_SWEEP_TO,
    CWB_SWEEP_N,
    CWB_SWEEP_SCALE,
    CWB_SWEEP_PLOT_Y,
    CWB_SWEEP_REFERENCE,
    CWB_SWEEP_REFERENCE_X,
    CWB_SWEEP_REFERENCE_Y,
    CWB_SWEEP_TITLE,
    CWB_SWEEP_PLOT_X,
    CWB_SWEEP_LINK,
    CWB_SWEEP_LINK_FACTOR,
    CWB_SWEEP_OVERLAY
};
extern const cwb_param cwb_sweep_params[];

/* One comparison of a sweep: a group's first curve against one of its
 * references. Only a group's first reference is judged (verdict); the
 * others are drawn beside it (CWB_VERDICT_NONE). */
typedef struct {
    char y[CWB_NAME];         /* the result compared */
    char reference[CWB_TEXT]; /* the reference CSV */
    double max_rel, rms_rel;  /* of max |ref| */
    double tolerance;         /* the reference's (NaN: none) */
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
    const char *dir;    /* output folder, created when missing */
    int plot;           /* also write .gp and render .png */
    int json;           /* the summary as one JSON line */
    const char *format; /* plots as "png" (NULL too), "pdf" or "svg" */
    cwb_sweep_summary *summary; /* optional: filled when the sweep succeeds */
    const char *command;        /* the command line, recorded in the CSV (NULL: a library call) */
} cwb_sweep_request;

/* Run a case once per value of one key (src/drivers/sweep.c). req->vary
 * overrides the case's [sweep] section. Writes DIR/NAME_sweep.csv (+ .gp,
 * .png when req->plot) atomically and passes a summary (JSON with req->json)
 * to log as CWB_LOG_RESULT. With req->jobs > 1 the values run in forked
 * workers that die with the caller; SIGINT or SIGTERM during the sweep stops
 * them and returns CWB_EFAIL with nothing written. */
int cwb_sweep(const cwb_sweep_request *req, const cwb_log *log, char *msg, size_t n);

/* What `cwb batch` is asked to do (src/drivers/batch.c). */
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
    const char *command; /* the command line, recorded in the CSV (NULL: a library call) */
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
 * file, unless partial (then a warning names them). command: the command
 * line the merged file records (NULL: a library call). */
int cwb_batch_merge(const char *out, const char *const *in, size_t nin, int partial,
                    const char *command, const cwb_log *log, char *msg, size_t n);

/* Body keys ([body1], [body2]). */
enum {
    CWB_BODY_SHAPE = 0,
    CWB_BODY_RADIUS,
    CWB_BODY_E,
    CWB_BODY_NU,
    CWB_BODY_DENSITY,
    CWB_BODY_RIGID
};
extern const cwb_param cwb_body_params[];
/* Whether key (CWB_BODY_*) describes a body whose shape is choice index
 * shape of the key shape (sphere, disc, wall, same), as the reader takes
 * them: a wall has no radius or density and is the only body that may be
 * rigid; "same" (body2) is body1's values, its keys optional. */
int cwb_body_key_applies(int shape, int key);

/* The sections a case file may hold, in the order they are described; the
 * reader refuses any other. params is the section's key table where it is
 * fixed (NULL where the section's keys come from a law or the driver). */
typedef struct {
    const char *name;
    const cwb_param *params;
    const char *help; /* one line: what the section holds */
} cwb_case_section;
extern const cwb_case_section cwb_case_sections[]; /* ended by name NULL */
const cwb_case_section *cwb_case_section_find(const char *name);

/* Bind the laws of case c to ct and set their virgin states (a thin wrapper
 * of cwb_contact_setup, src/contact/contact.c). CWB_OK; CWB_EINPUT only for
 * a case not built by cwb_case_load. */
int cwb_contact_init(cwb_contact *ct, const cwb_case *c);

/* Run the case's driver and compare with its reference if it names one. */
int cwb_run_case(const cwb_case *c, cwb_result *r, char *msg, size_t n);
/* The same for a caller that reads only the scalars (`cwb batch`): the same
 * scalars, the series left empty where the driver can skip it and nothing
 * is compared with it (a case without a reference). */
int cwb_run_case_scalars(const cwb_case *c, cwb_result *r, char *msg, size_t n);

/* Where a run's files go: DIR/NAME.csv, and with plot its gnuplot script
 * and the figure rendered as format (png, pdf or svg; NULL: png). */
typedef struct {
    const char *dir;
    int plot;
    const char *format;
    const char *command; /* the command line, recorded in the CSV (NULL: a library call) */
} cwb_run_output;

/* What `cwb run` does after loading: the overrides noted in the plot title,
 * cwb_run_case, a reference made for other inputs left off the plot (and
 * also_references likewise, with a warning), then the files, written
 * atomically (the CSV before its plot). Warnings of the plot go to log. */
int cwb_run_and_write(cwb_case *c, const char *const *over, size_t nover, const cwb_run_output *o,
                      cwb_result *r, const cwb_log *log, char *msg, size_t n);

#endif /* CWB_RUN_H */

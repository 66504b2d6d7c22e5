/* cwb_fit.h -- `cwb fit FITCASE` and the fit-model contract (src/fit/).
 *
 * A fit-case is an INI file with one [fit] section; its key `model` names a
 * fit model. A model is a const type struct, like a law (cwb_law.h): its
 * name, a one-line summary, the [fit] keys it requires and may use, and a
 * run function. The engine (fit.c) reads and checks the fit-case, finds the
 * model in its table, and writes what every model writes: the summary (text
 * lines or one JSON object, through the log), DIR/NAME_fit.csv with its
 * provenance and, with plots, DIR/NAME_fit.gp and DIR/NAME_fit_residual.gp
 * rendered to PNG. A model only fits and fills the output context.
 *
 * Adding a model: one file src/fit/fit_model_NAME.c whose only external
 * symbol is `const cwb_fit_model cwb_fit_model_NAME`, and its row in the
 * table `models` of fit.c (declaration and entry); nothing else in cwb
 * knows model names.
 */
#ifndef CWB_FIT_H
#define CWB_FIT_H

#include <stddef.h>
#include <stdio.h>

#include "cwb.h"
#include "cwb_files.h"
#include "cwb_json.h"
#include "cwb_out.h"
#include "cwb_run.h"

/* The fitted parameters with their covariance, for a caller that asks
 * (the library's fit, cwb_api_fit): given by the models that fit case keys
 * (run, scalar: gsl_multifit_nlinear's (J^T J)^-1 scaled by chi^2/(n - p),
 * in the keys' units); np = 0 from the others. */
#define CWB_FIT_MAX_KEYS 8
typedef struct {
    size_t np;
    char name[CWB_FIT_MAX_KEYS][128];               /* the free keys, section.key */
    double cov[CWB_FIT_MAX_KEYS][CWB_FIT_MAX_KEYS]; /* NaN where undefined */
} cwb_fit_covariance;

/* What `cwb fit` is asked to do: the command line, as cwb_fit takes it. */
typedef struct {
    const char *path;           /* the fit-case */
    const char *dir;            /* output folder, created when missing; NULL: no file is written
                           (and no plot made): the library's fit, in memory */
    int plot;                   /* also the fit and residual plots (.gp, .png) */
    int json;                   /* the summary as one JSON object */
    const char *format;         /* plots as "png" (NULL too), "pdf" or "svg" */
    cwb_fit_covariance *params; /* optional: the covariance of the fitted keys */
    cwb_result *table;          /* optional: the fit's table (its first, for a model that
                          writes several), as its CSV holds it */
    /* optional: called before each run of a case with (user, runs done, 0);
     * non-zero stops the fit, which returns CWB_ECANCEL */
    int (*progress)(void *user, size_t done, size_t total);
    void *user;
    const char *command; /* the command line, recorded in the CSVs (NULL: a library call) */
} cwb_fit_request;

/* Fit the model of fit-case req->path; the summary goes to log
 * (CWB_LOG_RESULT: text lines, or one JSON object with req->json; NULL log:
 * silent), the outputs to folder req->dir: DIR/NAME_fit.csv and, with
 * req->plot, the fit and residual plots. res (may be NULL) receives the
 * fitted values by name (free key, c0..c5 or k), each with _stderr, and
 * r_squared. Returns CWB_OK, CWB_EINPUT (bad fit-case, "FILE:LINE: [fit]
 * ..."), CWB_EFAIL or CWB_ETOOL (gnuplot missing) with a message in msg. */
int cwb_fit(const cwb_fit_request *req, cwb_result *res, const cwb_log *log, char *msg, size_t n);

/* The [fit] keys, in the order of the engine's parameter table. */
typedef enum {
    CWB_FIT_MODEL = 0,        /* model name (a row of the model table) */
    CWB_FIT_CASE,             /* a case to run */
    CWB_FIT_REFERENCE,        /* a reference CSV the run is fitted to */
    CWB_FIT_X,                /* x column */
    CWB_FIT_Y,                /* y column */
    CWB_FIT_FREE,             /* case keys fitted, section.key, ';' or ',' separated */
    CWB_FIT_START,            /* start values, one per free key */
    CWB_FIT_LOWER,            /* lower bounds, one per free key */
    CWB_FIT_UPPER,            /* upper bounds, one per free key */
    CWB_FIT_DATA,             /* a data CSV */
    CWB_FIT_TITLE,            /* plot title */
    CWB_FIT_SHOW,             /* another CSV the fit is drawn on (eq33) */
    CWB_FIT_WHERE,            /* row filter "column = value" on the data or reference */
    CWB_FIT_X_RANGE,          /* rows with x in [lo, hi] only */
    CWB_FIT_NOISE,            /* relative Gaussian noise added to the fitted y */
    CWB_FIT_NOISE_SEED,       /* seed of that noise (GSL mt19937) */
    CWB_FIT_FORMULA,          /* the closed form of model `material` */
    CWB_FIT_VARY,             /* case key set to each data x (model `scalar`) */
    CWB_FIT_RESULT,           /* scalar result of the run fitted to y (model `scalar`) */
    CWB_FIT_REF_X,            /* the reference's x column when it is not named x */
    CWB_FIT_REF_Y,            /* the reference's y column when it is not named y */
    CWB_FIT_MODEL_COMPARISON, /* what the fitted curve's deviation measures when the
                                 reference is another model (no verdict) */
    CWB_FIT_NO_REFERENCE,     /* why the plots draw no reference (into their titles) */
    CWB_FIT_KEY_COUNT
} cwb_fit_key;

/* A fit-case, read and checked against its model's required keys. */
typedef struct {
    const char *path;  /* the fit-case file */
    char name[128];    /* its base name without extension: NAME of the outputs */
    const char *title; /* [fit] title, or name */
    cwb_values v;      /* [fit] values: v.text[k], v.list[k] by cwb_fit_key */
    const int *line;   /* line that set each key (v.given; 0: not given) */
} cwb_fit_case;

/* Read and check fit-case path into *fc (large: allocate it), without
 * fitting: CWB_OK, or CWB_EINPUT with "FILE:LINE: ..." (cwb verify reads
 * which fits name a reference). */
int cwb_fit_case_read(const char *path, cwb_fit_case *fc, char *msg, size_t n);

/* A growing text (summary lines, provenance lines, JSON). An allocation
 * failure sets failed and drops the rest; the engine reports it once. */
typedef struct {
    char *s; /* NUL-terminated; NULL while empty */
    size_t len, cap;
    int failed;
} cwb_fit_text;

void cwb_fit_text_add(cwb_fit_text *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void cwb_fit_text_free(cwb_fit_text *t);

/* The JSON answer, written with the one JSON writer (cwb_json.h): a null is
 * listed in its object's "undefined". */
typedef cwb_json cwb_fit_json;

/* key may be NULL for an array element. */
void cwb_fit_json_open(cwb_fit_json *j, const char *key, char bracket); /* '{' or '[' */
void cwb_fit_json_close(cwb_fit_json *j, char bracket);                 /* '}' or ']' */
/* v in the one number format (cwb_number_text): the shortest text that reads
 * back to it, null when not finite. */
void cwb_fit_json_number(cwb_fit_json *j, const char *key, double v);
void cwb_fit_json_string(cwb_fit_json *j, const char *key, const char *s);

#define CWB_FIT_MAX_PARAMS 128 /* fitted parameters one fit-case reports */
#define CWB_FIT_MAX_FITS   64  /* least-squares problems one fit-case solves */
#define CWB_FIT_MAX_NP     8   /* parameters of one least-squares problem */

/* What every model's fit reports in the same form (doc/outputs.md, the
 * JSON of `cwb fit`): each fitted parameter with its unit, value and
 * standard error, and each least-squares problem solved (the parameters
 * it fitted, their covariance, R^2 and the points). */
typedef struct {
    size_t n;
    char name[CWB_FIT_MAX_PARAMS][128];
    char unit[CWB_FIT_MAX_PARAMS][32];
    double value[CWB_FIT_MAX_PARAMS], se[CWB_FIT_MAX_PARAMS];
    size_t nfit;
    size_t first[CWB_FIT_MAX_FITS], np[CWB_FIT_MAX_FITS];
    double cov[CWB_FIT_MAX_FITS][CWB_FIT_MAX_NP * CWB_FIT_MAX_NP]; /* NaN: not estimated */
    double r2[CWB_FIT_MAX_FITS], points[CWB_FIT_MAX_FITS];
    size_t nwarn; /* the warnings of the fit (as logged), for the JSON */
    char warn[CWB_MAX_WARN][CWB_WARN_TEXT];
} cwb_fit_report;

/* What a model reports, besides its CSV: filled by the model, written out
 * by the engine once the model has returned CWB_OK. */
typedef struct {
    const char *dir;            /* folder of the outputs */
    int plot;                   /* 1: write gnuplot scripts and render PNGs */
    const char *format;         /* their format: png (NULL), pdf or svg */
    int json;                   /* 1: the summary is JSON (say() text is dropped) */
    cwb_result *res;            /* named results for callers (tests); may be NULL */
    cwb_fit_covariance *params; /* the fitted keys' covariance (may be NULL) */
    cwb_result *table;          /* the first table written (may be NULL) */
    int (*progress)(void *user, size_t done, size_t total); /* cwb_fit_request's */
    void *user;
    cwb_fit_text summary;     /* text summary, lines ending in '\n' */
    cwb_fit_text provenance;  /* '#' lines heading every CSV the fit writes */
    cwb_fit_json json_out;    /* the JSON summary; the engine opens and closes it */
    const char *no_reference; /* [fit] no_reference: appended to every plot's title */
    cwb_record record;        /* how the outputs are made (cwb_write_record) */
    cwb_fit_report report;    /* parameters and fits, the same for every model */
} cwb_fit_out;

/* A fitted parameter: its name (unique in the fit-case; what cwb_fit_put
 * names it), unit ("-": none), value and standard error (NaN: not
 * estimated). */
void cwb_fit_parameter(cwb_fit_out *o, const char *name, const char *unit, double value, double se);
/* One least-squares problem: the np parameters registered last, their
 * covariance (np x np, row by row; NULL or NaN entries: not estimated), R^2
 * (NaN: none) and the number of points fitted. */
void cwb_fit_solved(cwb_fit_out *o, size_t np, const double *cov, double r2, size_t points);

/* A summary line (text mode only). */
void cwb_fit_say(cwb_fit_out *o, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* A provenance line "# TEXT" heading the CSV files. */
void cwb_fit_note(cwb_fit_out *o, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* A named result NAME+SUFFIX for o->res (nothing when res is NULL). */
void cwb_fit_put(cwb_fit_out *o, const char *name, const char *suffix, double v);

/* R^2 = 1 - SS_res/SS_tot of yfit against y (NaN when y is constant). */
double cwb_fit_r_squared(const double *y, const double *yfit, size_t n);

/* CWB_OK when key k is given, else CWB_EINPUT naming the model and key. */
int cwb_fit_need(const cwb_fit_case *fc, cwb_fit_key k, char *msg, size_t n);

/* The standard table of a fit: rows of ncol values under column names cols;
 * the plot draws data column iy (points) and fit column ifit (line) against
 * column ix, and the residual plot the last column against ix. */
typedef struct {
    const char *const *cols; /* ncol column names */
    size_t ncol;
    const double *rows; /* nrow x ncol values, row by row */
    size_t nrow;
    int ix, iy, ifit; /* plotted columns */
    int igroup;       /* column of a group index 0..ngroup-1 (one fitted curve
                         each, drawn apart), or 0 with ngroup = 0 */
    int ngroup;
    /* with flagged set, column ifitted holds 1 for the rows the fit used and
     * 0 for rows drawn but not fitted; R^2 counts only the first */
    int flagged, ifitted;
    /* the units of columns ix and iy ("-": dimensionless; NULL or "": not
     * known), and the legend's names of the data and the fit ("data",
     * "fit" when NULL) */
    const char *xunit, *yunit;
    /* optional: the unit of each of the ncol columns (NULL entries: the
     * rule below). Without it, the CSV's header row names column ix in
     * xunit, columns iy, ifit and the residual (the last) in yunit, and the
     * group and flag columns "-"; a column whose unit is not known is
     * written without one */
    const char *const *units;
    const char *data_title, *fit_title;
    const char *title; /* the plots' title (NULL: the fit-case's) */
    /* the fitted model as a gnuplot expression in x, drawn as a curve over
     * the data's range (NULL: the fit column, a line through its rows;
     * through a few rows a smooth model would be drawn as straight segments) */
    const char *fit_function;
    /* groups drawn by series (a material, say): series_title[s] is series
     * s's legend (what it is and its fitted values), group_series[k] the
     * series of group k; each series in a colour of its own (NULL: every
     * group in one colour under data_title and fit_title) */
    const char *const *series_title;
    const int *group_series;
    int nseries;
} cwb_fit_table;

/* The head of every CSV a fit writes: the record (cwb_write_record), "# fit:
 * WHAT" and the provenance notes. */
void cwb_fit_csv_head(FILE *f, const cwb_fit_out *o, const char *what);

/* Write DIR/NAME_fit.csv (cwb_fit_csv_head, the table)
 * and, with o->plot, its two plots. */
/* A legend name for data read from ref: what it is, from its
 * "# independence:" class ("FEM", "measured", ...), else "data". */
const char *cwb_fit_data_title(const cwb_reference *ref);
int cwb_fit_write_table(const cwb_fit_case *fc, const cwb_fit_out *o, const cwb_fit_table *t,
                        char *msg, size_t n);

/* Outputs of a model's own (beyond the standard table): DIR/BASE.EXT
 * opened atomically (cwb_files.h); a script opened here starts with the
 * line naming cwb; finish commits it and, for a script, renders it. */
int cwb_fit_open(const cwb_fit_out *o, const char *base, const char *ext, cwb_output *out,
                 char *msg, size_t n);
int cwb_fit_finish_script(const cwb_fit_out *o, const char *base, cwb_output *out, char *msg,
                          size_t n);
/* With --no-plot (o->plot 0), in place of the script DIR/BASE.gp: remove the
 * BASE.gp and rendered BASE image an earlier fit left (cwb_plot_remove_stale). */
int cwb_fit_drop_script(const cwb_fit_out *o, const char *base, char *msg, size_t n);
/* Write s into a gnuplot script as one single-quoted string (cwb_gp_quote),
 * so no title or name can end the string early or be expanded; `quote` is
 * kept for the callers and ignored. */
void cwb_fit_gp_string(FILE *f, char quote, const char *s);
/* The plot style's preamble for DIR/BASE.gp (plot_style.c), and the
 * title with a second line naming the fitted values (the provenance notes
 * that carry a standard error, "+-" shown as the plus-minus sign) and R^2
 * (NaN: none; left out when a note already states it). */
void cwb_fit_gp_begin(FILE *f, const char *base);
void cwb_fit_gp_title(FILE *f, const cwb_fit_out *o, const char *title, double r2);

/* The points a fit uses: columns x and y of a data or reference CSV, the
 * rows kept by [fit] where ("column = value") and x_range ("lo, hi"), and
 * y multiplied by 1 + noise N(0, 1) when [fit] noise is given (GSL's
 * mt19937 seeded with noise_seed, Box-Muller by gsl_ran_gaussian): the
 * synthetic scatter with which a fit shows it recovers known inputs.
 * row[i] is the CSV row of point i. The selection and the noise are
 * recorded in o's provenance. */
typedef struct {
    double *x, *y;
    size_t *row;
    size_t n;
} cwb_fit_points;

int cwb_fit_points_select(const cwb_fit_case *fc, cwb_fit_out *o, const cwb_reference *ref,
                          const char *x, const char *y, cwb_fit_points *p, char *msg, size_t n);
void cwb_fit_points_free(cwb_fit_points *p);
/* [fit] x_range as lo, hi (-inf, inf when not given); CWB_EINPUT unless
 * it is two values with hi > lo. */
int cwb_fit_x_range(const cwb_fit_case *fc, double *lo, double *hi, char *msg, size_t n);
/* y[i] *= 1 + noise N(0, 1) by [fit] noise and noise_seed (nothing when
 * noise is not given), noted in o's provenance. */
int cwb_fit_noise(const cwb_fit_case *fc, cwb_fit_out *o, double *y, size_t count, char *msg,
                  size_t n);

/* [fit] data as a list of CSV paths: each entry a path or a pattern
 * ("reference/fem/seed004_grid_E*[0-9].csv") with glob(3)'s wildcards in
 * its file name only, matched in that one folder -- no shell, no walk of
 * the file system -- in sorted order. CWB_EINPUT naming the fit-case's
 * line when a pattern matches nothing, has a wildcard in a folder, or
 * there are more than CWB_FIT_MAX_DATA files. */
#define CWB_FIT_MAX_DATA 16
typedef struct {
    size_t count;
    const char *path[CWB_FIT_MAX_DATA];       /* into list or matched */
    char matched[CWB_FIT_MAX_DATA][CWB_TEXT]; /* the paths patterns expanded to */
    char list[CWB_TEXT];                      /* the value, split in place */
} cwb_fit_paths;
int cwb_fit_data_paths(const cwb_fit_case *fc, cwb_fit_paths *p, char *msg, size_t n);

/* A fit model (one file src/fit/fit_model_NAME.c each). */
typedef struct {
    const char *name;            /* the [fit] model word, e.g. "run" */
    const char *summary;         /* one line for help and messages */
    const cwb_fit_key *requires; /* keys it cannot do without, ended by CWB_FIT_MODEL */
    const cwb_fit_key *accepts;  /* further keys it reads, ended by CWB_FIT_MODEL */
    /* Fit fc, report into o (summary, JSON, results, provenance) and write
     * the outputs (cwb_fit_write_table or its own). Warnings go to log.
     * CWB_OK, or a status with a message in msg. */
    int (*run)(const cwb_fit_case *fc, cwb_fit_out *o, const cwb_log *log, char *msg, size_t n);
} cwb_fit_model;

/* The report as JSON (fit_text.c): "parameters" {name: {value, stderr,
 * unit}}, "fits" [{parameters, covariance, r_squared, points}], "r_squared"
 * when there is one fit, and "warnings". */
void cwb_fit_report_json(cwb_json *j, const cwb_fit_report *r);

/* The [fit] section's keys, and the fit models in their table's order
 * (cwb describe fit). */
const cwb_param *cwb_fit_params(void);
size_t cwb_fit_model_count(void);
const cwb_fit_model *cwb_fit_model_at(size_t i);

#endif /* CWB_FIT_H */

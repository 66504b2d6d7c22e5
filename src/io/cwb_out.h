/* cwb_out.h -- writing results: CSV with provenance, JSON summary, the
 * comparison with a reference curve, and gnuplot scripts with their PNGs.
 */
#ifndef CWB_OUT_H
#define CWB_OUT_H

#include <stdio.h>

#include "cwb_run.h"

/* A reference curve: provenance lines and named columns. */
typedef struct cwb_reference {
    char path[CWB_TEXT];
    size_t ncol, nrow;
    char name[CWB_MAX_COLS][CWB_NAME];
    char unit[CWB_MAX_COLS][16];
    double *v[CWB_MAX_COLS];
    char provenance[2048]; /* the '#' lines, joined */
    double tolerance;      /* "# tolerance: X ...": bound on cwb_compare's max_rel (NaN: none) */
    int tolerance_stated;  /* a "# tolerance:" line was read (X, or "none": it judges no run) */
    char independence[32]; /* "# independence: WORD ..." ("": none); see compare.c */
    char stands_for[1024]; /* "# stands for: section.key = value; ...": the inputs it was
                              made for ("": not stated) */
} cwb_reference;

/* Read a CSV written by cwb or by a reference generator: '#' lines, one
 * header row "name[unit],...", numeric rows. CWB_EINPUT with FILE:LINE. */
int cwb_reference_load(cwb_reference *ref, const char *path, char *msg, size_t n);
void cwb_reference_free(cwb_reference *ref);
int cwb_reference_find(const cwb_reference *ref, const char *name);
/* Values at xq[0..nq) of the curve (ax, ay), m points monotone in x, by
 * GSL's Steffen interpolation (linear for two points); NaN outside the
 * curve's x range. CWB_EFAIL when it cannot be interpolated. */
int cwb_interp_curve(const double *ax, const double *ay, size_t m, const double *xq, size_t nq,
                     double *yq);

/* Which columns cwb_compare matches: y(x) of the run against ref_y(ref_x)
 * of the reference. */
typedef struct {
    const char *x, *y;         /* the run's columns */
    const char *ref_x, *ref_y; /* the reference's columns */
    int samples; /* the run is a sweep's samples, one per value: compared at the reference's x
                    only where it ran that x or its interpolation there is certain enough */
} cwb_compare_columns;

/* How far a run is from a reference, relative to max |ref| over the part
 * of the reference compared (absolute when that is all zero): a row the
 * run never reaches neither counts nor sets the scale. */
typedef struct {
    double max_rel;        /* max |run - ref| / max |ref| */
    double rms_rel;        /* rms of |run - ref| / max |ref| */
    size_t points;         /* points compared (where the curves overlap) */
    size_t ref_rows;       /* reference rows in the x range compared */
    size_t ref_rows_total; /* reference rows */
    /* samples: reference rows inside the run's range not compared, because the
     * sweep did not run their x and interpolating it there is too uncertain;
     * the worst of them: its x, the sweep values around it and that
     * uncertainty (relative to max |ref|) */
    size_t ref_rows_unresolved;
    double unresolved_x, unresolved_lo, unresolved_hi, unresolved_uncertainty;
} cwb_deviation;
/* (cwb_compare failing with CWB_EFAIL because no row could be compared
 * still sets dev's ref_rows_total and unresolved rows, the deviations NaN:
 * a caller can say briefly why.) */

/* Compare the columns cols of the run and the reference over their common
 * x range by interpolation (cwb_interp_curve) of the run at the reference
 * points (or the other way round when only the reference is monotone in x;
 * when neither is, leg by leg: the k-th stretch of x that does not turn
 * back in the run against the k-th in the reference, refused with
 * CWB_EINPUT when their numbers differ). Fills *dev. CWB_EINPUT when a column is missing, CWB_EFAIL when nothing
 * overlaps.
 *
 * With cols->samples (a sweep: one run per value of the varied key, often a
 * few values far apart), a reference row is compared with the run's value
 * where the sweep ran its x (within rounding, 1e-9 relative) and with the
 * run's interpolant elsewhere only when that interpolant is certain to a
 * tenth of the reference's tolerance: its uncertainty is taken as the larger
 * of the gap between the Steffen cubic and the straight line through the two
 * samples around the row, and Newton's next term beyond that line from the
 * neighbouring samples (the curvature the samples leave unresolved; none can
 * be told from two samples). Other rows are not compared (ref_rows_unresolved);
 * when no row is left, CWB_EFAIL with msg saying which x the sweep missed.
 * A reference without a tolerance is interpolated everywhere (it gets no
 * verdict). */
int cwb_compare(const cwb_series *run, const cwb_reference *ref, const cwb_compare_columns *cols,
                cwb_deviation *dev, char *msg, size_t n);

/* The x and y columns a case plots (its [output] keys or its driver's). */
const char *cwb_plot_x(const cwb_case *c);
const char *cwb_plot_y(const cwb_case *c);
/* The plot's y columns: [output] plot_y may list several (';' or ','
 * separated; the first is the one compared with the reference). Splits a
 * copy into buf; returns how many (at most max) went into out. */
size_t cwb_plot_y_list(const cwb_case *c, char *buf, size_t n, const char **out, size_t max);

/* The number format of every CSV and JSON cwb writes (doc/outputs.md): x as
 * the shortest text that reads back to the same double (cwb_format_shortest:
 * 0.1, not 0.10000000000000001 nor 0.1000000000; never "-0"), or the text
 * `undefined` when x is not finite: "" in a CSV cell, "null" in JSON,
 * "undefined" in words. */
void cwb_number_text(double x, const char *undefined, char *buf, size_t n);
/* x as a CSV cell: nothing when x is not finite. */
void cwb_csv_number(FILE *f, double x);

/* How an output was made, as its provenance records it (record.c,
 * doc/outputs.md "Provenance"). */
typedef struct {
    const char *command; /* the command line as typed (NULL: a library call) */
    int plot;            /* 1: a plot is rendered from the output (gnuplot's version too) */
    const char *varied;  /* a sweep's varied key and the key linked to it ("" or NULL:
                            none): their lines say the table's column holds the values */
    const char *linked;
} cwb_record;

/* "# cwb VERSION (commit C; GSL V[; gnuplot V])", "# date: YYYY-MM-DDTHH:MM:SSZ"
 * (UTC; SOURCE_DATE_EPOCH when set) and "# command: ..."; rec may be NULL. */
void cwb_write_record(FILE *f, const cwb_record *rec);
/* The date as the record writes it. */
void cwb_record_date(char *buf, size_t n);
/* The one line a reference table states when, where and how it was made
 * (doc/case-files.md, "When, where and how a reference was made"), newline
 * included:
 *   # made: YYYY-MM-DD HH:MM UTC on HOST (CPU MODEL, N cores), cwb COMMIT, command: ...
 * the date now (or SOURCE_DATE_EPOCH's), the host by uname(2), the CPU's
 * model from /proc/cpuinfo, the cores online, the commit cwb was built from
 * (cwb_commit) and the command (NULL: "(a library call, no command line)").
 * The reference scripts write the same line (tools/made-line.sh,
 * tools/made_line.py). */
void cwb_made_line(char *buf, size_t n, const char *command);
void cwb_write_made_line(FILE *f, const char *command);

/* The record, then the case: file, laws and their sources, every key of
 * the laws' and the driver's sections and the keys given of the bodies'
 * and [output] ("# section.key = value [unit]", tagged "(default)" when not
 * given, "(--set)" when given on the command line; a key left to auto as
 * the value the run used, tagged "(auto)", when r reports a result of its
 * name, else "auto"), the bodies and the pair, and r's named results
 * ("# result: name[unit] = value"; r may be NULL). */
void cwb_write_provenance(FILE *f, const cwb_case *c, const cwb_result *r, const cwb_record *rec);
/* The table: provenance, header row, rows. A value that is not finite
 * (undefined for this run) is written as an empty field, never as nan, and
 * counted in a header line. CWB_EFAIL when a write failed. */
int cwb_write_csv(FILE *f, const cwb_case *c, const cwb_result *r, const cwb_record *rec);
/* The schema every --json object names in its "schema" key (README: JSON
 * output); its number changes when a key changes meaning or goes away. */
#define CWB_JSON_SCHEMA "cwb/1"

/* One JSON object for a run (doc/outputs.md): schema, command, cwb version
 * and commit, output_dir, case, file, csv, driver, laws, the named results
 * (null when undefined, listed in "undefined"), their units, the verdict,
 * warnings. CWB_EFAIL (nothing written) when out of memory. */
int cwb_write_json(FILE *f, const cwb_case *c, const cwb_result *r, const char *dir);
/* s as a JSON string (quotes included) into out; cut short, still closed,
 * when out is too small. */
void cwb_json_quote(char *out, size_t n, const char *s);
void cwb_write_summary(FILE *f, const cwb_case *c, const cwb_result *r);

/* A plot: columns y[] of DIR/NAME.csv against x, with reference curves. */
typedef struct {
    const char *dir, *name, *title; /* writes DIR/NAME.gp and NAME.png */
    const char *data;               /* DIR/DATA.csv (default: NAME) */
    const char *x;
    const char *y[8];
    size_t ny;
    const char *label;        /* legend of the cwb curves */
    int markers;              /* 1: mark the points (sweeps) */
    const char *overlays[12]; /* other cwb CSVs drawn as lines (other laws) */
    size_t noverlay;
    const char *refs[8]; /* reference CSVs overlaid */
    size_t nref;
    const char *ref_x, *ref_y;           /* their columns (default x, y[0]) */
    const char *dev_what;                /* what the deviation is against */
    double dev_max, dev_rms, dev_points; /* refs[0]'s, printed when finite */
    size_t also_from;                    /* refs[also_from..]: drawn, not judged (a run's
                                            [output] also_reference, a sweep group's further
                                            references) */
    const char *also_ref_y;              /* their y column (default ref_y) */
    double also_dev[8][4];               /* the k-th drawn's max, rms, points (if > 0) and
                                            the tolerance its reference states (NaN: none) */
    double dev_tolerance;                /* the reference's tolerance (NaN: none) */
    int dev_verdict;                     /* cwb_verdict of the deviation (0: none) */
    const cwb_log *log;                  /* warnings (an overlay not drawn); NULL: silent */
    const char *no_reference;            /* why the plot draws no independent reference,
                                            into its title ([output] no_reference) */
    const char *ref_note[8]; /* a legend line under refs[k] (NULL or "": none): why it is
                                drawn but not compared, or not at every row */
} cwb_plot_spec;

/* s as a gnuplot single-quoted string (quotes included, a quote doubled)
 * into out: the one way any text reaches a gnuplot script or command line.
 * -1 (out unusable) when s holds a control character or out is too small. */
int cwb_gp_quote(char *out, size_t n, const char *s);

int cwb_plot_series(const cwb_plot_spec *spec, const cwb_series *s, char *msg, size_t n);

/* Split a ';'- or ','-separated list of paths in place (at most max). */
size_t cwb_split_paths(char *list, const char **out, size_t max);

/* The result key of the deviation from the k-th [output] also_reference
 * compared (from 0): what = "max_rel_error", "rms_error" or "points" gives
 * also_ref_max_rel_error for the first, also_ref2_max_rel_error for the
 * second. */
void cwb_also_ref_key(char *out, size_t n, size_t k, const char *what);

/* Write DIR/NAME.gp plotting DIR/NAME.csv (and the reference, if any);
 * written atomically, CWB_EINPUT when a text cannot be quoted. */
int cwb_plot_write(const char *dir, const cwb_case *c, const cwb_result *r, const cwb_log *log,
                   char *msg, size_t n);
/* Run gnuplot (no shell) in DIR on NAME.gp; the PNG goes to a temporary
 * name (the script's cwb_png) renamed to DIR/NAME.png once gnuplot
 * succeeded. CWB_ETOOL when gnuplot is missing, CWB_EFAIL with gnuplot's
 * last words when it fails. */
int cwb_plot_render(const char *dir, const char *name, char *msg, size_t n);
/* The same in format "png", "pdf" or "svg" (NULL: png): DIR/NAME.FORMAT. */
int cwb_plot_render_as(const char *dir, const char *name, const char *format, char *msg, size_t n);
/* --no-plot: remove DIR/NAME.FORMAT (NULL: png) and, with script, DIR/NAME.gp,
 * when DIR/NAME.gp is a script cwb wrote (its first line cwb's) and each is
 * a regular file and not an input of the command (cwb_is_input): the plot
 * an earlier run left there would show that run beside the new table (its
 * legend's verdict baked in). A NAME.gp of the user's, and the image beside
 * it, stay; nothing else is touched; CWB_EFAIL when a removal fails. */
int cwb_plot_remove_stale(const char *dir, const char *name, const char *format, int script,
                          char *msg, size_t n);

/* The plot style (plot_style.c): every script cwb writes is
 *   cwb_gp_style_begin(f, NAME)   encoding, output name, line types, grid, legend
 *   cwb_gp_style_axis(f, 'x', ...) and 'y' (the axis label as name and unit)
 *   set title ...; plot ... (series use lt 1..CWB_GP_STYLES)
 *   cwb_gp_style_end(f)           engineering ticks, terminal, replot
 * (a log axis: the script sets cwb_logx = 1 or cwb_logy = 1 before the end).
 * The begin/axis functions return -1 when a text could not be quoted. */
#define CWB_GP_STYLES 10
int cwb_gp_style_begin(FILE *f, const char *stem);
int cwb_gp_style_axis(FILE *f, char axis, const char *name, const char *unit);
/* The same from a column header "name[unit]" (no brackets: no unit). */
int cwb_gp_style_axis_column(FILE *f, char axis, const char *column);
void cwb_gp_style_end(FILE *f);
/* set title TITLE (a long one in two lines); -1 when it cannot be quoted. */
int cwb_gp_style_title(FILE *f, const char *title);
/* text as a gnuplot string expression, a long one in two lines broken at
 * a space near its middle ('a' . "\n" . 'b'); -1 when it cannot be quoted. */
int cwb_gp_style_lines(FILE *f, const char *text);
/* Continue a plot command with a legend line of text; the caller writes
 * its quoted text. */
void cwb_gp_style_note(FILE *f);
/* After the plot command, before the end: the legend's layout for its
 * entries (rows, notes included) and the length of its longest text. */
void cwb_gp_style_legend(FILE *f, size_t entries, size_t longest);
/* A logarithmic axis ('x' or 'y'), after the begin. */
void cwb_gp_style_log(FILE *f, char axis);
/* 1 when the n values (NaN skipped, repeats ignored) are log-spaced: four
 * or more, positive, over a decade or more, one ratio between neighbours
 * (to 1e-3 of its logarithm) when sorted (a sweep with scale = log). Such
 * an axis is drawn log. */
int cwb_gp_style_log_spaced(const double *v, size_t n);
/* "343.8 ± 3.9 MPa" for 343768641 +- 3.86e6 Pa: the standard error to two
 * significant digits and the value to the same place, an SI prefix where
 * the unit takes one, else "(2.839 ± 0.049) × 10^9 (N/m)/m"; se NaN or 0:
 * the value alone to four digits. -1 when out (n bytes) is too small. */
int cwb_gp_format_estimate(char *out, size_t n, double v, double se, const char *unit);
/* 1 when format is png, pdf or svg; the file extension of a format. */
int cwb_plot_format_ok(const char *format);
const char *cwb_plot_extension(const char *format);

#endif /* CWB_OUT_H */

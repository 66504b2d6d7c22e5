/* compare.c -- reference curves and the deviation of a run from them. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_interp.h>

#include "cwb_csv.h"
#include "cwb_ini.h"
#include "cwb_out.h"

void cwb_reference_free(cwb_reference *ref)
{
    for (size_t i = 0; i < ref->ncol; i++)
        free(ref->v[i]);
    memset(ref, 0, sizeof *ref);
}

int cwb_reference_find(const cwb_reference *ref, const char *name)
{
    for (size_t i = 0; i < ref->ncol; i++)
        if (strcmp(ref->name[i], name) == 0)
            return (int)i;
    return -1;
}

/* The independence classes a reference may claim ("# independence: WORD"):
 * how far it is from cwb's own code, so a reader knows what agreement proves. */
static const char *const independence_words[] = {
    "closed-form",   /* an exact solution cwb reaches by another route */
    "quadrature",    /* a numerical integral of the exact problem, not cwb's method */
    "fem",           /* a finite-element model (gmsh + CalculiX) */
    "measured",      /* experiment */
    "published",     /* another code's result, digitised from a paper */
    "second-coding", /* the same equations coded again: catches coding slips only */
};

/* Value of the field "# KEY: ..." in a '#' line, or NULL if the line is not that field. */
static const char *field_value(const char *line, const char *key)
{
    const char *p = line + 1;
    while (*p == ' ' || *p == '\t')
        p++;
    size_t len = strlen(key);
    if (strncmp(p, key, len) != 0 || p[len] != ':')
        return NULL;
    p += len + 1;
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

/* Whether v is the word "none" alone or before a blank. */
/* "none" followed by its reason (why the table judges no run), the words
 * doc/case-files.md asks for: a bare "none" is refused as a bare number is
 * not (tests/test_references.c requires the number's reason instead). */
static int is_none(const char *v)
{
    if (strncmp(v, "none", 4) != 0 || !isspace((unsigned char)v[4]))
        return 0;
    for (const char *r = v + 4; *r; r++)
        if (!isspace((unsigned char)*r))
            return 1;
    return 0;
}

/* Read the machine fields of a '#' line: "# tolerance: X reason" with X a
 * finite number > 0 ending at a blank or the end of the line, or "none
 * reason" (a table that judges no run: a solve stopped before the end of
 * what it stands for; the tolerance stays NaN, the verdict "no
 * tolerance"), and "# independence: WORD reason" with WORD one of
 * independence_words. */
static int read_field(cwb_reference *ref, const char *line, int lineno, char *msg, size_t n)
{
    const char *v = field_value(line, "tolerance");
    if (v) {
        char *end;
        double x = is_none(v) ? NAN : strtod(v, &end);
        if (!is_none(v) &&
            (end == v || !isfinite(x) || x <= 0.0 || (*end && !isspace((unsigned char)*end))))
            return cwb_fail(msg, n, CWB_EINPUT,
                            "%s:%d: expected '# tolerance: X reason' with X a "
                            "number > 0 (max |run - ref| / max |ref|), or 'none reason'",
                            ref->path, lineno);
        if (ref->tolerance_stated)
            return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: a second tolerance line", ref->path,
                            lineno);
        ref->tolerance = x;
        ref->tolerance_stated = 1;
        return CWB_OK;
    }
    if ((v = field_value(line, "stands for"))) {
        if (ref->stands_for[0])
            return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: a second 'stands for' line", ref->path,
                            lineno);
        if (strlen(v) >= sizeof ref->stands_for)
            return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: 'stands for' longer than %zu bytes",
                            ref->path, lineno, sizeof ref->stands_for - 1);
        snprintf(ref->stands_for, sizeof ref->stands_for, "%s", v);
        return CWB_OK;
    }
    if (!(v = field_value(line, "independence")))
        return CWB_OK;
    size_t len = strcspn(v, " \t;,");
    for (size_t i = 0; i < sizeof independence_words / sizeof *independence_words; i++)
        if (len == strlen(independence_words[i]) && strncmp(v, independence_words[i], len) == 0) {
            if (ref->independence[0])
                return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: a second independence line", ref->path,
                                lineno);
            snprintf(ref->independence, sizeof ref->independence, "%s", independence_words[i]);
            return CWB_OK;
        }
    return cwb_fail(msg, n, CWB_EINPUT,
                    "%s:%d: independence '%.*s' is none of closed-form, "
                    "quadrature, fem, measured, published, second-coding",
                    ref->path, lineno, (int)len, v);
}

/* A reference line may be long (provenance), but not without bound: the
 * INI files' limit (a row of CWB_MAX_COLS numbers takes some 2 kB). */
#define REF_MAX_LINE CWB_INI_MAX_LINE

static void keep_provenance(cwb_reference *ref, const char *line, size_t *used)
{
    size_t room = sizeof ref->provenance;
    *used +=
        (size_t)snprintf(ref->provenance + *used, *used < room ? room - *used : 0, "%s\n", line);
    if (*used >= room)
        *used = room;
}

static int read_header(cwb_reference *ref, char *line, int lineno, char *msg, size_t n)
{
    for (char *cell = line, *next; cell; cell = next) {
        next = strchr(cell, ',');
        if (next)
            *next++ = '\0';
        if (ref->ncol == CWB_MAX_COLS)
            return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: more than %d columns", ref->path, lineno,
                            CWB_MAX_COLS);
        cwb_csv_cell(cell, ref->name[ref->ncol], sizeof ref->name[0], ref->unit[ref->ncol],
                     sizeof ref->unit[0]);
        if (!ref->name[ref->ncol][0])
            return cwb_fail(msg, n, CWB_EINPUT,
                            "%s:%d: header cell %zu has no column name "
                            "(expected 'name[unit],...')",
                            ref->path, lineno, ref->ncol + 1);
        /* a comparison takes a column by name: with two of one name it
         * would take the first and never say so */
        int seen = cwb_reference_find(ref, ref->name[ref->ncol]);
        if (seen >= 0)
            return cwb_fail(msg, n, CWB_EINPUT,
                            "%s:%d: the header names column '%s' twice (cells %d and %zu)",
                            ref->path, lineno, ref->name[ref->ncol], seen + 1, ref->ncol + 1);
        ref->ncol++;
    }
    return CWB_OK;
}

static int read_row(cwb_reference *ref, char *line, int lineno, size_t *cap, char *msg, size_t n)
{
    if (ref->nrow == *cap) {
        *cap = *cap ? 2 * *cap : 256;
        for (size_t i = 0; i < ref->ncol; i++) {
            double *v = realloc(ref->v[i], *cap * sizeof *v);
            if (!v)
                return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
            ref->v[i] = v;
        }
    }
    /* Split on every comma: strtok would merge ",," and shift the values
     * after an empty cell into the wrong columns. */
    size_t i = 0;
    for (char *cell = line, *next; cell; cell = next) {
        next = strchr(cell, ',');
        if (next)
            *next++ = '\0';
        double x;
        if (i == ref->ncol || cwb_parse_double(cell, &x) != 0)
            return cwb_fail(msg, n, CWB_EINPUT,
                            "%s:%d: cell %zu '%.40s': expected %zu finite "
                            "numbers per row, none empty",
                            ref->path, lineno, i + 1, cell, ref->ncol);
        ref->v[i++][ref->nrow] = x;
    }
    if (i != ref->ncol)
        return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: expected %zu values, got %zu", ref->path,
                        lineno, ref->ncol, i);
    ref->nrow++;
    return CWB_OK;
}

/* One physical line: a '#' provenance line, the header, or a data row. */
static int read_line(cwb_reference *ref, char *line, int lineno, size_t *used, size_t *cap,
                     char *msg, size_t n)
{
    line[strcspn(line, "\r\n")] = '\0';
    if (line[0] == '#') {
        int rc = read_field(ref, line, lineno, msg, n);
        if (rc == CWB_OK)
            keep_provenance(ref, line, used);
        return rc;
    }
    if (line[0] == '\0')
        return CWB_OK;
    if (ref->ncol == 0)
        return read_header(ref, line, lineno, msg, n);
    return read_row(ref, line, lineno, cap, msg, n);
}

static int read_lines(cwb_reference *ref, FILE *f, char *msg, size_t n)
{
    cwb_lines l;
    size_t used = 0, cap = 0;
    int rc = cwb_lines_open(&l, f, ref->path, REF_MAX_LINE, msg, n), got = 1;
    while (rc == CWB_OK && (rc = cwb_lines_next(&l, &got, msg, n)) == CWB_OK && got)
        rc = read_line(ref, l.buf, l.line, &used, &cap, msg, n);
    cwb_lines_close(&l);
    return rc;
}

int cwb_reference_load(cwb_reference *ref, const char *path, char *msg, size_t n)
{
    memset(ref, 0, sizeof *ref);
    ref->tolerance = NAN;
    snprintf(ref->path, sizeof ref->path, "%s", path);
    int rc = cwb_regular_file(path, "reference CSV", msg, n);
    if (rc != CWB_OK)
        return rc;
    FILE *f = fopen(path, "r");
    if (!f)
        return cwb_fail(msg, n, CWB_EINPUT, "%s: cannot open the reference: %s", path,
                        strerror(errno));
    rc = read_lines(ref, f, msg, n);
    long size = ftell(f);
    /* a writer ends its last row with a newline: a file without one was cut
     * short (a copy interrupted, a full disk), and its last number, read as
     * it stands, gave a false FAIL (1.17596440 for 1.17596440591e-19) */
    int last = size > 0 && fseek(f, -1, SEEK_END) == 0 ? fgetc(f) : '\n';
    fclose(f);
    if (rc == CWB_OK && ref->ncol == 0)
        rc = cwb_fail(msg, n, CWB_EINPUT,
                      "%s: no header row (expected 'name[unit],...' after "
                      "the '#' lines)%s",
                      path, size == 0 ? ": the file is empty" : "");
    else if (rc == CWB_OK && ref->nrow == 0)
        rc = cwb_fail(msg, n, CWB_EINPUT, "%s: a header row but no data rows", path);
    else if (rc == CWB_OK && last != '\n')
        rc = cwb_fail(msg, n, CWB_EINPUT,
                      "%s: its last line has no newline: the file looks cut short (a copy "
                      "interrupted, a full disk); if it is whole, end it with a newline",
                      path);
    if (rc != CWB_OK)
        cwb_reference_free(ref);
    return rc;
}

static int monotone(const double *x, size_t m)
{
    int up = 1, down = 1;
    for (size_t i = 1; i < m; i++) {
        up &= x[i] >= x[i - 1];
        down &= x[i] <= x[i - 1];
    }
    return up || down;
}

int cwb_interp_curve(const double *ax, const double *ay, size_t m, const double *xq, size_t nq,
                     double *yq)
{
    /* Steffen's monotone cubic (GSL): third-order accurate on smooth curves,
     * so there a measured deviation is mostly the run's, not the sampling's,
     * and it cannot overshoot at a kink (slip onset, separation). Where a
     * curve is not smooth the sampling shows: a Hertz force, which starts as
     * t^(3/2), reads 1.82e-6 against its closed form at 2000 rows and 4.2e-8
     * at 4000 from the same run (cases/chung_ooi_1_glass.case). It needs
     * strictly increasing x: reverse a decreasing curve and drop repeated
     * points. */
    double *X = malloc(m * sizeof *X), *Y = malloc(m * sizeof *Y);
    if (!X || !Y) {
        free(X);
        free(Y);
        return CWB_EFAIL;
    }
    int up = ax[m - 1] >= ax[0];
    size_t k = 0;
    for (size_t i = 0; i < m; i++) {
        size_t j = up ? i : m - 1 - i;
        if (k > 0 && !(ax[j] > X[k - 1]))
            continue;
        X[k] = ax[j];
        Y[k++] = ay[j];
    }
    const gsl_interp_type *type = k >= 3 ? gsl_interp_steffen : gsl_interp_linear;
    gsl_interp *it = k >= 2 ? gsl_interp_alloc(type, k) : NULL;
    gsl_interp_accel *acc = gsl_interp_accel_alloc();
    int rc = CWB_OK;
    if (!it || !acc || gsl_interp_init(it, X, Y, k) != GSL_SUCCESS) {
        rc = CWB_EFAIL;
    } else {
        for (size_t q = 0; q < nq; q++)
            yq[q] = xq[q] < X[0] || xq[q] > X[k - 1] ? NAN : gsl_interp_eval(it, X, Y, xq[q], acc);
    }
    gsl_interp_free(it);
    gsl_interp_accel_free(acc);
    free(X);
    free(Y);
    return rc;
}

/* m points of a curve, monotone or not; for the reference's curve, which
 * of its rows the comparison reached (else NULL). */
typedef struct {
    const double *x, *y;
    size_t m;
    unsigned char *reached;
} curve;

/* Running sums of |A - B| over the points compared, and the scale they are
 * divided by: max |ref| over the part of the reference compared. */
typedef struct {
    double worst, sum2, scale;
    size_t count;
} deviation_sums;

/* The reference a, interpolated at the compared x in [lo, hi]: its rows in
 * that span are reached and count in the scale. */
static void reach_span(const curve *a, double lo, double hi, deviation_sums *sums)
{
    for (size_t i = 0; i < a->m; i++)
        if (a->x[i] >= lo && a->x[i] <= hi) {
            a->reached[i] = 1;
            sums->scale = fmax(sums->scale, fabs(a->y[i]));
        }
}

/* Deviation of curve b from curve a, where a(x) is interpolated at b's x
 * (a must be monotone in x); added into *sums. One of them is the
 * reference (its reached set): the scale is max |ref| over what was
 * compared, so a reference row the run never reaches (a larger force
 * further on) cannot shrink the deviation of the rows it does. */
static int deviation(const curve *a, const curve *b, deviation_sums *sums)
{
    double *ya = malloc((b->m ? b->m : 1) * sizeof *ya);
    if (!ya)
        return CWB_EFAIL;
    int rc = cwb_interp_curve(a->x, a->y, a->m, b->x, b->m, ya);
    double lo = INFINITY, hi = -INFINITY;
    for (size_t q = 0; rc == CWB_OK && q < b->m; q++) {
        if (isnan(ya[q]) || !isfinite(b->y[q])) /* outside a's range, or undefined in b */
            continue;
        double d = fabs(ya[q] - b->y[q]);
        sums->worst = fmax(sums->worst, d);
        sums->sum2 += d * d;
        sums->count++;
        if (b->reached) {
            b->reached[q] = 1;
            sums->scale = fmax(sums->scale, fabs(b->y[q]));
        } else {
            sums->scale = fmax(sums->scale, fabs(ya[q]));
            lo = fmin(lo, b->x[q]);
            hi = fmax(hi, b->x[q]);
        }
    }
    if (a->reached)
        reach_span(a, lo, hi, sums);
    free(ya);
    return rc;
}

/* A sweep value and a reference x this close (relative) are the same x:
 * the rounding of a value written out and read back. */
#define SAME_X 1e-9
/* A sweep's interpolant is compared where its uncertainty is at most this
 * share of the reference's tolerance, so that the deviation measures the
 * runs, not the gaps between them: a chosen share, small enough that the
 * interpolant cannot move a verdict by more than a tenth of the margin the
 * tolerance gives. */
#define INTERP_SHARE 0.1

/* The second divided difference of samples c, c + 1, c + 2. */
static double divided3(const double *X, const double *Y, size_t c)
{
    double left = (Y[c + 1] - Y[c]) / (X[c + 1] - X[c]);
    double right = (Y[c + 2] - Y[c + 1]) / (X[c + 2] - X[c + 1]);
    return (right - left) / (X[c + 2] - X[c]);
}

/* The sweep's samples (X, Y: k points, x strictly increasing) at x: the
 * sample itself where the sweep ran x (*unc = 0), else the Steffen value s
 * with its uncertainty *unc: the larger of |s - the chord of the two
 * samples around x| and Newton's next term beyond that chord, from the
 * sample before and from the one after, f[three samples] (x - lo)(x - hi)
 * (how far the curve the samples show bends away from the chord; the gap
 * between cubic and chord alone vanished where a cubic through three runs
 * 40 degrees apart was wrong by a degree); infinite from fewer than three
 * samples. *lo, *hi: the samples around x.
 * NaN outside the sweep's range. */
static double sample_at(const double *X, const double *Y, size_t k, double s, double x, double *unc,
                        double *lo, double *hi)
{
    if (k == 0 || x < X[0] - SAME_X * fabs(X[0]) || x > X[k - 1] + SAME_X * fabs(X[k - 1]))
        return NAN;
    size_t i = 0, j = k - 1; /* the last X[i] <= x, by bisection */
    while (j > i + 1) {
        size_t mid = (i + j) / 2;
        if (X[mid] <= x)
            i = mid;
        else
            j = mid;
    }
    for (size_t c = i; c <= j && c < k; c++)
        if (fabs(X[c] - x) <= SAME_X * fmax(fabs(X[c]), fabs(x))) {
            *unc = 0.0;
            *lo = *hi = X[c];
            return Y[c];
        }
    if (isnan(s))
        return NAN;
    *lo = X[i];
    *hi = X[j];
    double chord = Y[i] + (Y[j] - Y[i]) * (x - X[i]) / (X[j] - X[i]);
    double w = (x - X[i]) * (x - X[j]); /* Newton's next term: the chord's error estimate */
    double before = i >= 1 ? fabs(divided3(X, Y, i - 1) * w) : 0.0;
    double after = j + 1 < k ? fabs(divided3(X, Y, i) * w) : 0.0;
    *unc = k >= 3 ? fmax(fabs(s - chord), fmax(before, after)) : INFINITY;
    return s;
}

/* The deviation of reference b from the sweep's samples a (monotone in x),
 * into *sums; the rows not compared, because the sweep did not run their x
 * and its interpolant there is uncertain by more than INTERP_SHARE of the
 * tolerance, into dev's ref_rows_unresolved and unresolved_*. Such a row is
 * not failed either, even far off: the uncertainty is an estimate, not a
 * bound (cwb's restitution swept at dt 3.16e-7 and 1e-6 s reads 5.36e-6
 * above LAMMPS' at 8.75e-7 s, estimated 1.5e-6, where cwb run at that dt
 * agrees to 1e-15), so what the sweep would give there is not known; the
 * caller warns how many rows were left and where. */
static int deviation_at_samples(const curve *a, const curve *b, double tolerance,
                                deviation_sums *sums, cwb_deviation *dev)
{
    size_t m = a->m, k = 0;
    double *X = malloc(m * sizeof *X), *Y = malloc(m * sizeof *Y);
    double *ys = malloc((b->m ? b->m : 1) * sizeof *ys),
           *unc = malloc((b->m ? b->m : 1) * sizeof *unc);
    double *lo = malloc((b->m ? b->m : 1) * sizeof *lo),
           *hi = malloc((b->m ? b->m : 1) * sizeof *hi);
    int rc = X && Y && ys && unc && lo && hi ? CWB_OK : CWB_EFAIL;
    int up = m && a->x[m - 1] >= a->x[0];
    for (size_t i = 0; rc == CWB_OK && i < m; i++) { /* increasing, repeats dropped */
        size_t j = up ? i : m - 1 - i;
        if (isfinite(a->x[j]) && isfinite(a->y[j]) && (k == 0 || a->x[j] > X[k - 1])) {
            X[k] = a->x[j];
            Y[k++] = a->y[j];
        }
    }
    for (size_t q = 0; rc == CWB_OK && q < b->m; q++)
        ys[q] = NAN;
    if (rc == CWB_OK && k >= 2)
        rc = cwb_interp_curve(X, Y, k, b->x, b->m, ys);
    double scale = 0.0;
    for (size_t q = 0; rc == CWB_OK && q < b->m; q++) {
        ys[q] = sample_at(X, Y, k, ys[q], b->x[q], &unc[q], &lo[q], &hi[q]);
        if (!isnan(ys[q]) && isfinite(b->y[q]))
            scale = fmax(scale, fabs(b->y[q]));
    }
    double s0 = scale > 0.0 ? scale : 1.0;
    double limit = isfinite(tolerance) ? INTERP_SHARE * tolerance * s0 : INFINITY;
    for (size_t q = 0; rc == CWB_OK && q < b->m; q++) {
        if (isnan(ys[q]) || !isfinite(b->y[q])) /* outside the sweep, or undefined */
            continue;
        if (!(unc[q] <= limit)) {
            if (!dev->ref_rows_unresolved++ || unc[q] / s0 > dev->unresolved_uncertainty) {
                dev->unresolved_x = b->x[q];
                dev->unresolved_lo = lo[q];
                dev->unresolved_hi = hi[q];
                dev->unresolved_uncertainty = unc[q] / s0;
            }
            continue;
        }
        double d = fabs(ys[q] - b->y[q]);
        sums->worst = fmax(sums->worst, d);
        sums->sum2 += d * d;
        sums->count++;
        b->reached[q] = 1;
        sums->scale = fmax(sums->scale, fabs(b->y[q]));
    }
    free(X);
    free(Y);
    free(ys);
    free(unc);
    free(lo);
    free(hi);
    return rc;
}

/* The end (exclusive) of the stretch of x that starts at i and does not
 * change direction; repeated x stay in the stretch. */
static size_t stretch_end(const double *x, size_t m, size_t i)
{
    int dir = 0;
    size_t j = i + 1;
    for (; j < m; j++) {
        int s = (x[j] > x[j - 1]) - (x[j] < x[j - 1]);
        if (s != 0 && dir != 0 && s != dir)
            break;
        if (s != 0)
            dir = s;
    }
    return j;
}

static size_t stretch_count(const curve *c)
{
    size_t k = 0;
    for (size_t i = 0; i + 1 < c->m; i = stretch_end(c->x, c->m, i) - 1)
        k++;
    return k;
}

/* Curves that turn back in x (a load-unload cycle against a FEM table of
 * the same legs): the k-th monotone stretch of one against the k-th of the
 * other; the turning point belongs to both of its stretches. */
static int deviation_by_stretch(const curve *a, const curve *b, deviation_sums *sums, char *msg,
                                size_t n)
{
    size_t na = stretch_count(a), nb = stretch_count(b);
    if (na != nb)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "the run turns back in x %zu times and the reference %zu times: their "
                        "legs cannot be matched (name a parameter column to match on)",
                        na ? na - 1 : 0, nb ? nb - 1 : 0);
    size_t i = 0, j = 0;
    for (size_t k = 0; k < na; k++) {
        size_t ie = stretch_end(a->x, a->m, i), je = stretch_end(b->x, b->m, j);
        curve sa = {a->x + i, a->y + i, ie - i, a->reached ? a->reached + i : NULL};
        curve sb = {b->x + j, b->y + j, je - j, b->reached ? b->reached + j : NULL};
        if (deviation(&sa, &sb, sums) != CWB_OK)
            return cwb_fail(msg, n, CWB_EFAIL, "cannot interpolate leg %zu", k + 1);
        i = ie - 1;
        j = je - 1;
    }
    return CWB_OK;
}

/* The run's column i and the reference's column j are in the same unit, or
 * the reference states none ("F_n" without "[N]"). A reference's values are
 * read as they stand, not converted: a column in kN compared with the run's
 * N would be off by 1000 and could still pass, so another unit is refused. */
static int same_units(const cwb_series *run, int i, const cwb_reference *ref, int j, char *msg,
                      size_t n)
{
    const char *mine = run->col[i].unit, *theirs = ref->unit[j];
    if (!theirs[0] || strcmp(mine, theirs) == 0)
        return CWB_OK;
    return cwb_fail(msg, n, CWB_EINPUT,
                    "%s: column '%s' is in [%s], the run's '%s' in [%s]: a reference is compared "
                    "in the run's units (convert the column)",
                    ref->path, ref->name[j], theirs, run->col[i].name, mine);
}

int cwb_compare(const cwb_series *run, const cwb_reference *ref, const cwb_compare_columns *cols,
                cwb_deviation *dev, char *msg, size_t n)
{
    int ix = cwb_series_find(run, cols->x), iy = cwb_series_find(run, cols->y);
    int jx = cwb_reference_find(ref, cols->ref_x), jy = cwb_reference_find(ref, cols->ref_y);
    if (ix < 0 || iy < 0)
        return cwb_fail(msg, n, CWB_EINPUT, "the run has no column '%s'",
                        ix < 0 ? cols->x : cols->y);
    if (jx < 0 || jy < 0)
        return cwb_fail(msg, n, CWB_EINPUT, "%s has no column '%s'", ref->path,
                        jx < 0 ? cols->ref_x : cols->ref_y);
    int rc = same_units(run, ix, ref, jx, msg, n);
    if (rc == CWB_OK)
        rc = same_units(run, iy, ref, jy, msg, n);
    if (rc != CWB_OK)
        return rc;
    unsigned char *reached = calloc(ref->nrow ? ref->nrow : 1, 1);
    if (!reached)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    curve a = {run->col[ix].v, run->col[iy].v, run->nrow, NULL};
    curve b = {ref->v[jx], ref->v[jy], ref->nrow, reached};
    deviation_sums sums = {0.0, 0.0, 0.0, 0};
    cwb_deviation unresolved = {0};
    if (cols->samples && a.m >= 1 && monotone(a.x, a.m))
        rc = deviation_at_samples(&a, &b, ref->tolerance, &sums, &unresolved);
    else if (a.m >= 2 && monotone(a.x, a.m))
        rc = deviation(&a, &b, &sums);
    else if (b.m >= 2 && monotone(b.x, b.m))
        rc = deviation(&b, &a, &sums);
    else if ((rc = deviation_by_stretch(&a, &b, &sums, msg, n)) != CWB_OK) {
        free(reached);
        return rc; /* msg says why */
    }
    size_t rows = 0;
    for (size_t q = 0; q < ref->nrow; q++)
        rows += reached[q];
    free(reached);
    if (rc != CWB_OK)
        return cwb_fail(msg, n, CWB_EFAIL, "cannot interpolate along %s", cols->x);
    /* which rows could not be compared, also when none could: for the caller to say */
    *dev = (cwb_deviation){.max_rel = NAN,
                           .rms_rel = NAN,
                           .ref_rows_total = ref->nrow,
                           .ref_rows_unresolved = unresolved.ref_rows_unresolved,
                           .unresolved_x = unresolved.unresolved_x,
                           .unresolved_lo = unresolved.unresolved_lo,
                           .unresolved_hi = unresolved.unresolved_hi,
                           .unresolved_uncertainty = unresolved.unresolved_uncertainty};
    if (sums.count == 0 && unresolved.ref_rows_unresolved &&
        isinf(unresolved.unresolved_uncertainty))
        return cwb_fail(msg, n, CWB_EFAIL,
                        "of its rows inside the sweep's range (%zu), none is at a value the sweep "
                        "ran, and two values show no curvature to bound the interpolant between "
                        "them: sweep at the reference's %s, or over 3 values or more, to compare",
                        unresolved.ref_rows_unresolved, cols->x);
    if (sums.count == 0 && unresolved.ref_rows_unresolved)
        return cwb_fail(msg, n, CWB_EFAIL,
                        "of its rows inside the sweep's range (%zu), none is at a value the sweep "
                        "ran, and interpolating the sweep there is not certain enough (at %s = "
                        "%.6g, between the sweep's %.6g and %.6g, uncertain by %.3g of max |ref|, "
                        "more than %g of the tolerance %g): "
                        "sweep at the reference's %s to compare",
                        unresolved.ref_rows_unresolved, cols->x, unresolved.unresolved_x,
                        unresolved.unresolved_lo, unresolved.unresolved_hi,
                        unresolved.unresolved_uncertainty, INTERP_SHARE, ref->tolerance, cols->x);
    if (sums.count == 0)
        return cwb_fail(msg, n, CWB_EFAIL, "the run and %s do not overlap in %s", ref->path,
                        cols->x);
    double scale = sums.scale > 0.0 ? sums.scale : 1.0; /* all zero: the deviation is absolute */
    dev->max_rel = sums.worst / scale;
    dev->rms_rel = sqrt(sums.sum2 / (double)sums.count) / scale;
    dev->points = sums.count;
    dev->ref_rows = rows;
    return CWB_OK;
}

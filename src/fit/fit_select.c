/* fit_select.c -- the points a fit uses (cwb_fit_points_select).
 *
 * One place decides which rows of a data or reference CSV a fit sees and
 * whether synthetic noise is added, so every model that reads a CSV (run,
 * material, scalar) filters and perturbs it the same way and says so in
 * its provenance. The filter "column = value" exists because FEM tables
 * hold several legs (loading, unloading, reloading) in one file and most
 * fits use one of them; x_range restricts a fit to the range where a law
 * claims validity.
 */
#include <dirent.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "cwb_fit.h"
#include "cwb_out.h"

typedef struct {
    int column; /* -1: no filter */
    double value;
    double lo, hi; /* x_range */
} row_filter;

static int parse_range(const cwb_fit_case *fc, row_filter *f, char *msg, size_t n);

/* [fit] where = "column = value" against the columns of ref. */
static int parse_where(const cwb_fit_case *fc, const cwb_reference *ref, row_filter *f, char *msg,
                       size_t n)
{
    f->column = -1;
    if (!fc->v.text[CWB_FIT_WHERE][0])
        return CWB_OK;
    char buf[CWB_TEXT];
    snprintf(buf, sizeof buf, "%s", fc->v.text[CWB_FIT_WHERE]);
    char *eq = strchr(buf, '=');
    if (!eq)
        return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: [fit] where = %s: expected \"column = value\"",
                        fc->path, fc->line[CWB_FIT_WHERE], fc->v.text[CWB_FIT_WHERE]);
    *eq = '\0';
    char *name = cwb_trim(buf), *value = cwb_trim(eq + 1);
    f->column = cwb_reference_find(ref, name);
    if (f->column < 0)
        return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: [fit] where = %s: %s has no column '%s'",
                        fc->path, fc->line[CWB_FIT_WHERE], fc->v.text[CWB_FIT_WHERE], ref->path,
                        name);
    if (cwb_parse_double(value, &f->value) != 0)
        return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: [fit] where = %s: '%s' is not a finite number",
                        fc->path, fc->line[CWB_FIT_WHERE], fc->v.text[CWB_FIT_WHERE], value);
    return CWB_OK;
}

int cwb_fit_x_range(const cwb_fit_case *fc, double *lo, double *hi, char *msg, size_t n)
{
    row_filter f;
    int rc = parse_range(fc, &f, msg, n);
    *lo = f.lo;
    *hi = f.hi;
    return rc;
}

static int parse_range(const cwb_fit_case *fc, row_filter *f, char *msg, size_t n)
{
    size_t count = fc->v.list[CWB_FIT_X_RANGE].n;
    const double *r = fc->v.list[CWB_FIT_X_RANGE].v;
    f->lo = -INFINITY;
    f->hi = INFINITY;
    if (!fc->line[CWB_FIT_X_RANGE])
        return CWB_OK;
    if (count != 2 || !(r[1] > r[0]))
        return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: [fit] x_range: two values lo, hi with hi > lo",
                        fc->path, fc->line[CWB_FIT_X_RANGE]);
    f->lo = r[0];
    f->hi = r[1];
    return CWB_OK;
}

static int keep_row(const cwb_reference *ref, const row_filter *f, int jx, size_t i)
{
    if (f->column >= 0 && ref->v[f->column][i] != f->value)
        return 0;
    double x = ref->v[jx][i];
    return x >= f->lo && x <= f->hi;
}

int cwb_fit_noise(const cwb_fit_case *fc, cwb_fit_out *o, double *y, size_t count, char *msg,
                  size_t n)
{
    double level = fc->v.p[CWB_FIT_NOISE];
    if (!fc->line[CWB_FIT_NOISE] || level == 0.0)
        return CWB_OK;
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    if (!rng)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    unsigned long seed = (unsigned long)fc->v.p[CWB_FIT_NOISE_SEED];
    gsl_rng_set(rng, seed);
    for (size_t i = 0; i < count; i++)
        y[i] *= 1.0 + level * gsl_ran_gaussian(rng, 1.0);
    gsl_rng_free(rng);
    cwb_fit_note(o, "synthetic noise: y x (1 + %g N(0,1)), GSL mt19937 seed %lu", level, seed);
    return CWB_OK;
}

int cwb_fit_points_select(const cwb_fit_case *fc, cwb_fit_out *o, const cwb_reference *ref,
                          const char *x, const char *y, cwb_fit_points *p, char *msg, size_t n)
{
    memset(p, 0, sizeof *p);
    int jx = cwb_reference_find(ref, x), jy = cwb_reference_find(ref, y);
    if (jx < 0 || jy < 0)
        return cwb_fail(msg, n, CWB_EINPUT, "%s: no column '%s'", ref->path, jx < 0 ? x : y);
    row_filter f;
    int rc = parse_where(fc, ref, &f, msg, n);
    if (rc == CWB_OK)
        rc = parse_range(fc, &f, msg, n);
    if (rc != CWB_OK)
        return rc;
    p->x = malloc((ref->nrow + 1) * sizeof *p->x);
    p->y = malloc((ref->nrow + 1) * sizeof *p->y);
    p->row = malloc((ref->nrow + 1) * sizeof *p->row);
    if (!p->x || !p->y || !p->row) {
        cwb_fit_points_free(p);
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    }
    for (size_t i = 0; i < ref->nrow; i++)
        if (keep_row(ref, &f, jx, i)) {
            p->x[p->n] = ref->v[jx][i];
            p->y[p->n] = ref->v[jy][i];
            p->row[p->n++] = i;
        }
    if (fc->line[CWB_FIT_WHERE] || fc->line[CWB_FIT_X_RANGE])
        cwb_fit_note(o, "rows of %s used: %zu of %zu (where: %s; x_range: %g..%g)", ref->path, p->n,
                     ref->nrow, fc->v.text[CWB_FIT_WHERE][0] ? fc->v.text[CWB_FIT_WHERE] : "all",
                     f.lo, f.hi);
    if (p->n == 0) {
        cwb_fit_points_free(p);
        return cwb_fail(msg, n, CWB_EINPUT, "%s: no row of %s is left by where and x_range",
                        fc->path, ref->path);
    }
    return cwb_fit_noise(fc, o, p->y, p->n, msg, n);
}

void cwb_fit_points_free(cwb_fit_points *p)
{
    free(p->x);
    free(p->y);
    free(p->row);
    memset(p, 0, sizeof *p);
}

/* Sort order of the matched paths: the one glob(3) gives in the C locale. */
static int by_name(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* The entries of folder dir matching pattern (fnmatch(3), the rules of
 * glob(3): a leading '.' only matched by a '.'), appended to p as dir/name
 * in sorted order. Only this one folder is read and the reading stops at
 * the first match beyond CWB_FIT_MAX_DATA, so a pattern costs one folder
 * listing however it is written. 1; 0 when nothing matches (or the
 * folder cannot be read); -1 when the matches overflow CWB_FIT_MAX_DATA or
 * a path CWB_TEXT. */
static int match_in_folder(cwb_fit_paths *p, const char *dir, const char *pattern)
{
    DIR *d = opendir(dir[0] ? dir : ".");
    if (!d)
        return 0;
    size_t first = p->count;
    int rc = 1;
    struct dirent *e;
    while (rc > 0 && (e = readdir(d))) {
        if (fnmatch(pattern, e->d_name, FNM_PERIOD) != 0)
            continue;
        if (p->count >= CWB_FIT_MAX_DATA ||
            (size_t)snprintf(p->matched[p->count], CWB_TEXT, "%s%s", dir, e->d_name) >= CWB_TEXT)
            rc = -1;
        else
            p->count++;
    }
    closedir(d);
    if (rc < 0)
        return rc;
    if (p->count == first)
        return 0;
    qsort(p->matched[first], p->count - first, sizeof p->matched[0], by_name);
    for (size_t i = first; i < p->count; i++)
        p->path[i] = p->matched[i];
    return 1;
}

/* One entry of [fit] data: a path, or a pattern with wildcards (* ? [)
 * in its file name only, matched in that one folder (no shell, no walk of
 * the file system: a pattern like "/ * / * / *.x" with wildcards in its
 * folders would read every folder on the way). 1, 0 when a pattern
 * matches nothing, -1 when the entries exceed CWB_FIT_MAX_DATA, -3 when a
 * folder of the pattern has a wildcard. */
static int add_data_entry(cwb_fit_paths *p, const char *entry)
{
    if (!strpbrk(entry, "*?[")) {
        if (p->count >= CWB_FIT_MAX_DATA)
            return -1;
        p->path[p->count++] = entry;
        return 1;
    }
    const char *slash = strrchr(entry, '/');
    size_t dir_len = slash ? (size_t)(slash - entry) + 1 : 0;
    char dir[CWB_TEXT];
    snprintf(dir, sizeof dir, "%.*s", (int)dir_len, entry);
    if (strpbrk(dir, "*?["))
        return -3;
    return match_in_folder(p, dir, entry + dir_len);
}

int cwb_fit_data_paths(const cwb_fit_case *fc, cwb_fit_paths *p, char *msg, size_t n)
{
    snprintf(p->list, sizeof p->list, "%s", fc->v.text[CWB_FIT_DATA]);
    const char *entry[CWB_FIT_MAX_DATA + 1];
    size_t count = cwb_split_paths(p->list, entry, CWB_FIT_MAX_DATA + 1);
    p->count = 0;
    int over = count > CWB_FIT_MAX_DATA;
    for (size_t i = 0; i < count && !over; i++) {
        int rc = add_data_entry(p, entry[i]);
        if (rc == 0)
            return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: [fit] data = %s: no file matches", fc->path,
                            fc->line[CWB_FIT_DATA], entry[i]);
        if (rc == -3)
            return cwb_fail(msg, n, CWB_EINPUT,
                            "%s:%d: [fit] data = %s: wildcards (* ? [) are allowed in the file "
                            "name only, not in its folders (one folder is searched)",
                            fc->path, fc->line[CWB_FIT_DATA], entry[i]);
        over = rc < 0;
    }
    if (p->count == 0 || over)
        return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: [fit] data: 1 to %d CSV files", fc->path,
                        fc->line[CWB_FIT_DATA], CWB_FIT_MAX_DATA);
    return CWB_OK;
}

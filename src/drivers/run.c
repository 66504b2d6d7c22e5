/* run.c -- run a case's driver and compare the result with its reference.
 *
 * The references read are kept while their files stay the same (device,
 * inode, size and modification time): a sweep or batch worker running
 * thousands of values of one case parses its references once instead of
 * once per value (it was about a third of a short collision's time). The
 * cache holds the last REF_CACHE files read, by path, and is shared by the
 * threads of a process (the library runs cases from several at once,
 * include/cwb/cwb_api.h): it is searched and changed under a lock, and an
 * entry is counted while a run compares with it, so that a thread that
 * replaces it never frees a table another thread is reading. */
#include <pthread.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cwb_files.h"
#include "cwb_out.h"
#include "cwb_verdict.h"

/* Whether the case's value (text) equals the reference's (text): as
 * numbers (lists element by element) to 1e-9 relative when both are
 * numbers, else as words. */
static int same_value(const char *mine, const char *theirs)
{
    char *e1, *e2;
    for (;;) {
        double a = strtod(mine, &e1), b = strtod(theirs, &e2);
        if (e1 == mine || e2 == theirs)
            return strcmp(mine, theirs) == 0;
        if (!(fabs(a - b) <= 1e-9 * fmax(fabs(a), fabs(b))))
            return 0;
        mine = e1 + (*e1 == ',');
        theirs = e2 + (*e2 == ',');
        if (!*e1 || !*e2)
            return !*e1 && !*e2;
    }
}

int cwb_reference_stands_for(const cwb_reference *ref, const cwb_case *c, const char *skip,
                             char *why, size_t n)
{
    return cwb_reference_stands_for_but(ref, c, skip ? &skip : NULL, skip ? 1 : 0, why, n);
}

/* key is one of skip, or in the section a "section." entry names */
static int skipped(const char *key, const char *const *skip, size_t nskip)
{
    for (size_t i = 0; i < nskip; i++) {
        size_t len = strlen(skip[i]);
        if (len && skip[i][len - 1] == '.' ? strncmp(key, skip[i], len) == 0
                                           : strcmp(key, skip[i]) == 0)
            return 1;
    }
    return 0;
}

int cwb_reference_stands_for_but(const cwb_reference *ref, const cwb_case *c,
                                 const char *const *skip, size_t nskip, char *why, size_t n)
{
    char list[sizeof ref->stands_for];
    snprintf(list, sizeof list, "%s", ref->stands_for);
    char *save = NULL;
    for (char *item = strtok_r(list, ";", &save); item; item = strtok_r(NULL, ";", &save)) {
        char *eq = strchr(item, '=');
        if (!eq) {
            snprintf(why, n, "%s: 'stands for' entry '%s' is not section.key = value", ref->path,
                     cwb_trim(item));
            return -1;
        }
        *eq = '\0';
        char *key = cwb_trim(item), *theirs = cwb_trim(eq + 1), mine[512];
        if (skipped(key, skip, nskip))
            continue;
        /* a key the case's laws do not have (sigma_y of a FEM table against
         * a law parametrised by p_y, say) does not apply to this run */
        if (cwb_case_value_text(c, key, mine, sizeof mine) != 0)
            continue;
        /* nor does one its law has but does not read under the case's
         * choices (sigma_y with py_from = given: cwb_param.read_when) */
        int at;
        const cwb_values *v = cwb_case_key(c, key, &at);
        if (v && !cwb_param_is_read(v, at))
            continue;
        if (!same_value(mine, theirs)) {
            snprintf(why, n, "%s = %s, the reference's %s", key, mine, theirs);
            return 0;
        }
    }
    return 1;
}

int cwb_reference_stands_for_key(const cwb_reference *ref, const char *key, char *value, size_t n)
{
    char list[sizeof ref->stands_for];
    snprintf(list, sizeof list, "%s", ref->stands_for);
    char *save = NULL;
    for (char *item = strtok_r(list, ";", &save); item; item = strtok_r(NULL, ";", &save)) {
        char *eq = strchr(item, '=');
        if (!eq)
            continue;
        *eq = '\0';
        if (strcmp(cwb_trim(item), key) == 0) {
            snprintf(value, n, "%s", cwb_trim(eq + 1));
            return 1;
        }
    }
    return 0;
}

/* Whether a reference compared on the step number (its x column "step")
 * names in its "# stands for:" a driver key this run has (driver.normal,
 * driver.steps, ...). A step number is only the index of a step of the
 * driver's history: matched row by row, a reference that does not say which
 * history it counts cannot tell a run with another one from its own (a
 * run that never touches passed against the JKR cycle). Such a reference
 * is refused (CWB_EINPUT), not quietly left uncompared: the fault is the
 * reference's, and `cwb verify` must show it as an error, not as a case
 * with nothing to judge. */
static int step_reference_names_history(const cwb_reference *ref, const cwb_case *c,
                                        const cwb_compare_columns *cols, char *msg, size_t n)
{
    if (strcmp(cols->x, "step") != 0)
        return CWB_OK;
    char list[sizeof ref->stands_for];
    snprintf(list, sizeof list, "%s", ref->stands_for);
    char *save = NULL;
    for (char *item = strtok_r(list, ";", &save); item; item = strtok_r(NULL, ";", &save)) {
        char *eq = strchr(item, '='), mine[512];
        if (eq)
            *eq = '\0';
        const char *key = cwb_trim(item);
        if (strncmp(key, "driver.", 7) == 0 && cwb_case_value_text(c, key, mine, sizeof mine) == 0)
            return CWB_OK;
    }
    return cwb_fail(msg, n, CWB_EINPUT,
                    "%s is compared on the step number, but its '# stands for:' names none of "
                    "this run's driver keys (driver.normal, driver.steps, ...): a step means "
                    "nothing without the history it counts, so the reference must say which",
                    ref->path);
}

enum { REF_CACHE = 8 }; /* references kept: a case's four, for two cases */

/* A reference read, with the file it came from. */
typedef struct {
    int users;          /* runs comparing with it now */
    int cached;         /* in the cache (else freed by its last user) */
    unsigned long used; /* when it was last taken (the least recent is replaced) */
    char path[CWB_TEXT];
    struct stat st;
    cwb_reference ref;
} kept_reference;

static struct {
    kept_reference *entry[REF_CACHE];
    unsigned long clock;
} cache;
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;

static int same_file(const struct stat *a, const struct stat *b)
{
    return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size &&
           a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

/* The cached reference of path (stat st), taken (users + 1); NULL when none. */
static kept_reference *cache_take(const char *path, const struct stat *st)
{
    kept_reference *found = NULL;
    pthread_mutex_lock(&cache_lock);
    for (size_t i = 0; i < REF_CACHE && !found; i++) {
        kept_reference *e = cache.entry[i];
        if (e && strcmp(e->path, path) == 0 && same_file(st, &e->st))
            found = e;
    }
    if (found) {
        found->users++;
        found->used = ++cache.clock;
    }
    pthread_mutex_unlock(&cache_lock);
    return found;
}

/* Put e (taken by its maker) into the cache, over an empty place or the
 * least recently used entry, which its last user then frees. */
static void cache_put(kept_reference *e)
{
    pthread_mutex_lock(&cache_lock);
    size_t at = 0;
    for (size_t i = 0; i < REF_CACHE; i++) {
        if (!cache.entry[i]) {
            at = i;
            break;
        }
        if (cache.entry[i]->used < cache.entry[at]->used)
            at = i;
    }
    kept_reference *old = cache.entry[at];
    if (old) {
        old->cached = 0;
        if (old->users == 0) {
            cwb_reference_free(&old->ref);
            free(old);
        }
    }
    e->cached = 1;
    e->used = ++cache.clock;
    cache.entry[at] = e;
    pthread_mutex_unlock(&cache_lock);
}

/* A run is done with e. */
static void reference_release(kept_reference *e)
{
    if (!e)
        return;
    pthread_mutex_lock(&cache_lock);
    int last = --e->users == 0 && !e->cached;
    pthread_mutex_unlock(&cache_lock);
    if (last) {
        cwb_reference_free(&e->ref);
        free(e);
    }
}

/* The reference at path, taken for a run (reference_release when done):
 * the cached one when the file has not changed, else read. A file modified
 * in the last 2 s is read but not kept (rewritten with the same size within
 * the file system's timestamp granularity it would look unchanged). */
static int reference_take(const char *path, kept_reference **out, char *msg, size_t n)
{
    struct stat st;
    int have = stat(path, &st) == 0;
    if (have && (*out = cache_take(path, &st)) != NULL)
        return CWB_OK;
    kept_reference *e = calloc(1, sizeof *e);
    if (!e)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    int rc = cwb_reference_load(&e->ref, path, msg, n);
    if (rc != CWB_OK) {
        free(e);
        return rc;
    }
    e->users = 1;
    snprintf(e->path, sizeof e->path, "%s", path);
    e->st = st;
    if (have && strlen(path) < sizeof e->path && st.st_mtim.tv_sec + 2 <= time(NULL))
        cache_put(e);
    *out = e;
    return CWB_OK;
}

/* The columns a comparison names exist in the run and the reference (as
 * cwb_compare requires): a misspelt [output] column is an input error
 * whatever the run's inputs, also when the reference is not compared. */
static int columns_named(const cwb_series *run, const cwb_reference *rf,
                         const cwb_compare_columns *cols, char *why, size_t n)
{
    if (cwb_series_find(run, cols->x) < 0 || cwb_series_find(run, cols->y) < 0)
        return cwb_fail(why, n, CWB_EINPUT, "the run has no column '%s'",
                        cwb_series_find(run, cols->x) < 0 ? cols->x : cols->y);
    if (cwb_reference_find(rf, cols->ref_x) < 0 || cwb_reference_find(rf, cols->ref_y) < 0)
        return cwb_fail(why, n, CWB_EINPUT, "%s has no column '%s'", rf->path,
                        cwb_reference_find(rf, cols->ref_x) < 0 ? cols->ref_x : cols->ref_y);
    return CWB_OK;
}

int cwb_run_case_scalars(const cwb_case *c, cwb_result *r, char *msg, size_t n)
{
    return cwb_run_case_wanted(c, NULL, r, msg, n);
}

int cwb_run_case_wanted(const cwb_case *c, const cwb_result_want *want, cwb_result *r, char *msg,
                        size_t n)
{
    if (c->output_values.text[CWB_OUT_REFERENCE][0] ||
        c->output_values.text[CWB_OUT_ALSO_REFERENCE][0])
        return cwb_run_case(c, r, msg, n); /* the comparisons read the series */
    cwb_result_init(r);
    r->no_series = 1;
    r->want = want;
    cwb_contact_failure_clear();
    return c->driver->run(c, r, msg, n);
}

int cwb_result_want_names(const cwb_driver_type *d, const char *const *names, size_t count,
                          int warnings, cwb_result_want *want)
{
    *want = (cwb_result_want){{~0ull, ~0ull}, 1};
    if (!d->results)
        return 0;
    cwb_result_want w = {{0, 0}, warnings};
    for (size_t i = 0; i < count; i++) {
        unsigned k = 0;
        while (d->results[k] && strcmp(d->results[k], names[i]) != 0)
            k++;
        if (!d->results[k] || k >= 128)
            return 0;
        w.bit[k >> 6] |= 1ull << (k & 63);
    }
    *want = w;
    return 1;
}

/* The columns the case's comparisons match: the plot's x (or compare_x)
 * and first y in the run, reference_x (or reference_compare_x) and
 * reference_y in the reference; ybuf holds the y column's name. */
static cwb_compare_columns compared_columns(const cwb_case *c, char *ybuf, size_t n)
{
    const char *rx = c->output_values.text[CWB_OUT_REFERENCE_X];
    const char *ry = c->output_values.text[CWB_OUT_REFERENCE_Y];
    const char *cx = c->output_values.text[CWB_OUT_COMPARE_X];
    const char *rcx = c->output_values.text[CWB_OUT_REFERENCE_COMPARE_X];
    const char *x = cx[0] ? cx : cwb_plot_x(c);
    const char *ys[1] = {""};
    cwb_plot_y_list(c, ybuf, n, ys, 1);
    return (cwb_compare_columns){.x = x,
                                 .y = ys[0],
                                 .ref_x = cx[0] ? (rcx[0] ? rcx : cx) : (rx[0] ? rx : x),
                                 .ref_y = ry[0] ? ry : ys[0]};
}

/* [output] reference rf against the run in r: refused for other inputs (a
 * warning and ref_inputs_match = 0), else compared (ref_max_rel_error, ...). */
static int compare_with(const cwb_case *c, const cwb_compare_columns *cols, const cwb_reference *rf,
                        cwb_result *r, char *msg, size_t n)
{
    const char *ref = c->output_values.text[CWB_OUT_REFERENCE];
    int rc;
    char differs[CWB_MSG], why[CWB_MSG];
    int match = cwb_reference_stands_for(rf, c, NULL, differs, sizeof differs);
    if (match < 0)
        return cwb_fail(msg, n, CWB_EINPUT, "%s: [output] reference: %s", c->file, differs);
    if ((rc = step_reference_names_history(rf, c, cols, why, sizeof why)) != CWB_OK)
        return cwb_fail(msg, n, rc, "%s: [output] reference: %s", c->file, why);
    if (match == 0) { /* a deviation from a curve made for other inputs means nothing */
        if ((rc = columns_named(&r->series, rf, cols, why, sizeof why)) != CWB_OK)
            return cwb_fail(msg, n, rc, "%s: [output] %s", c->file, why);
        cwb_result_warn(r, "not compared with %s: it was made for other inputs (%s)", ref, differs);
        cwb_result_set(r, "ref_inputs_match", "-", 0.0);
        r->verdict = CWB_VERDICT_SKIPPED;
        return CWB_OK;
    }
    cwb_deviation dev;
    rc = cwb_compare(&r->series, rf, cols, &dev, why, sizeof why);
    if (rc == CWB_EINPUT)
        return cwb_fail(msg, n, rc, "%s: [output] %s", c->file, why);
    if (rc != CWB_OK) {
        cwb_result_warn(r, "not compared with the reference: %s", why);
        return CWB_OK;
    }
    cwb_result_set(r, "ref_max_rel_error", "-", dev.max_rel);
    cwb_result_set(r, "ref_rms_error", "-", dev.rms_rel);
    cwb_result_set(r, "ref_points", "-", (double)dev.points);
    cwb_result_set(r, "ref_rows_compared", "-", (double)dev.ref_rows);
    cwb_result_set(r, "ref_rows", "-", (double)dev.ref_rows_total);
    cwb_result_set(r, "ref_tolerance", "-", rf->tolerance);
    r->verdict = cwb_verdict_judge(dev.max_rel, rf->tolerance,
                                   c->output_values.text[CWB_OUT_MODEL_COMPARISON][0] != 0);
    return CWB_OK;
}

/* [output] reference, if the case names one (compare_with). */
static int compare_reference(const cwb_case *c, const cwb_compare_columns *cols, cwb_result *r,
                             char *msg, size_t n)
{
    const char *ref = c->output_values.text[CWB_OUT_REFERENCE];
    if (!ref[0])
        return CWB_OK;
    kept_reference *kept;
    int rc = reference_take(ref, &kept, msg, n);
    if (rc != CWB_OK)
        return rc;
    rc = compare_with(c, cols, &kept->ref, r, msg, n);
    reference_release(kept);
    return rc;
}

/* The deviation from the k-th also_reference compared (cwb_also_ref_key),
 * read from path, and the tolerance that reference states. */
static void set_also_deviation(cwb_result *r, size_t k, const cwb_deviation *dev, const char *path,
                               double tolerance)
{
    snprintf(r->also[k].path, sizeof r->also[k].path, "%s", path);
    r->also[k].tolerance = tolerance;
    char key[64];
    cwb_also_ref_key(key, sizeof key, k, "max_rel_error");
    cwb_result_set(r, key, "-", dev->max_rel);
    cwb_also_ref_key(key, sizeof key, k, "rms_error");
    cwb_result_set(r, key, "-", dev->rms_rel);
    cwb_also_ref_key(key, sizeof key, k, "points");
    cwb_result_set(r, key, "-", (double)dev->points);
}

/* also_reference rf (read from path) against the run in r, compared as the
 * reference is but on also_reference_y when given (see
 * compare_also_reference). */
static int compare_also_with(const cwb_case *c, const char *path, const cwb_reference *rf,
                             size_t *seen, cwb_compare_columns cols, cwb_result *r, char *msg,
                             size_t n)
{
    char why[CWB_MSG];
    int match = cwb_reference_stands_for(rf, c, NULL, why, sizeof why);
    if (match < 0)
        return cwb_fail(msg, n, CWB_EINPUT, "%s: [output] also_reference: %s", c->file, why);
    if (step_reference_names_history(rf, c, &cols, why, sizeof why) != CWB_OK)
        return cwb_fail(msg, n, CWB_EINPUT, "%s: [output] also_reference: %s", c->file, why);
    if (match == 0)
        return CWB_OK;
    size_t k = (*seen)++;
    const char *ay = c->output_values.text[CWB_OUT_ALSO_REFERENCE_Y];
    if (ay[0])
        cols.ref_y = ay;
    cwb_deviation dev;
    int rc = cwb_compare(&r->series, rf, &cols, &dev, why, sizeof why);
    if (rc == CWB_EINPUT) /* a column misspelt */
        return cwb_fail(msg, n, rc, "%s: [output] also_reference: %s", c->file, why);
    if (rc != CWB_OK)
        cwb_result_warn(r, "not compared with %s: %s", path, why);
    else
        set_also_deviation(r, k, &dev, path, rf->tolerance);
    return CWB_OK;
}

/* An also_reference. One that does not load is the plot's to report, one
 * made for other inputs the caller's (the CLI leaves it off the plot with a
 * warning): neither is compared nor counted. *seen counts the others, which
 * name the deviation (the first also_ref_*, the second also_ref2_*): in
 * the plot they are the also_references drawn, in their order. */
static int compare_also_reference(const cwb_case *c, const char *path, size_t *seen,
                                  cwb_compare_columns cols, cwb_result *r, char *msg, size_t n)
{
    kept_reference *kept;
    char why[CWB_MSG];
    if (reference_take(path, &kept, why, sizeof why) != CWB_OK)
        return CWB_OK;
    int rc = compare_also_with(c, path, &kept->ref, seen, cols, r, msg, n);
    reference_release(kept);
    return rc;
}

int cwb_run_case(const cwb_case *c, cwb_result *r, char *msg, size_t n)
{
    cwb_result_init(r);
    cwb_contact_failure_clear(); /* a driver's failure message reads the laws' */
    int rc = c->driver->run(c, r, msg, n);
    if (rc != CWB_OK)
        return rc;
    char ybuf[CWB_TEXT], list[CWB_TEXT];
    cwb_compare_columns cols = compared_columns(c, ybuf, sizeof ybuf);
    if ((rc = compare_reference(c, &cols, r, msg, n)) != CWB_OK)
        return rc;
    snprintf(list, sizeof list, "%s", c->output_values.text[CWB_OUT_ALSO_REFERENCE]);
    const char *paths[8];
    size_t np = cwb_split_paths(list, paths, 8);
    size_t seen = 0;
    for (size_t k = 0; k < np && seen < CWB_ALSO_MAX && rc == CWB_OK; k++)
        rc = compare_also_reference(c, paths[k], &seen, cols, r, msg, n);
    return rc;
}

/* --- a run and its files (cwb run, cwb verify) ---------------------------- */

/* A title written for the case's own values must not stand under a run
 * with other ones: the --set overrides are appended to it. */
static void note_overrides(cwb_case *c, const char *const *over, size_t nover)
{
    char *title = c->output_values.text[CWB_OUT_TITLE];
    size_t cap = sizeof c->output_values.text[CWB_OUT_TITLE], len = strlen(title);
    if (nover == 0 || len == 0)
        return;
    len += (size_t)snprintf(title + len, len < cap ? cap - len : 0, " [with");
    for (size_t i = 0; i < nover && len < cap; i++)
        len += (size_t)snprintf(title + len, cap - len, " %s", over[i]);
    if (len < cap)
        snprintf(title + len, cap - len, "]");
}

/* DIR/NAME.csv, written atomically; only then its plot (a plot never
 * shows a table that is not on disk), its title noting the overrides (the
 * CSV records the case as given, each override marked). */
static int write_run(const cwb_run_output *o, cwb_case *c, const char *const *over, size_t nover,
                     const cwb_result *r, const cwb_log *log, char *msg, size_t n)
{
    int rc = cwb_make_dirs(o->dir, msg, n);
    if (rc != CWB_OK)
        return rc;
    char file[CWB_TEXT + 200];
    snprintf(file, sizeof file, "%s/%s.csv", o->dir, c->name);
    cwb_output out;
    if ((rc = cwb_output_open(&out, file, msg, n)) != CWB_OK)
        return rc;
    cwb_record rec = {.command = o->command, .plot = o->plot};
    cwb_write_csv(out.f, c, r, &rec); /* a failed write shows in the commit */
    if ((rc = cwb_output_commit(&out, msg, n)) != CWB_OK)
        return rc;
    if (!o->plot)
        return cwb_plot_remove_stale(o->dir, c->name, o->format, 1, msg, n);
    note_overrides(c, over, nover);
    if ((rc = cwb_plot_write(o->dir, c, r, log, msg, n)) != CWB_OK)
        return rc;
    return cwb_plot_render_as(o->dir, c->name, o->format ? o->format : "png", msg, n);
}

/* [output] also_reference curves are drawn, and compared where made for
 * the run's inputs (src/drivers/run.c): one made for other inputs (its "#
 * stands for:") is left off the plot, with a warning, as the compared
 * reference is. */
static void drop_other_also_references(cwb_case *c, cwb_result *r)
{
    char list[CWB_TEXT], kept[CWB_TEXT] = "";
    snprintf(list, sizeof list, "%s", c->output_values.text[CWB_OUT_ALSO_REFERENCE]);
    const char *paths[8];
    size_t np = cwb_split_paths(list, paths, 8), used = 0;
    for (size_t i = 0; i < np; i++) {
        cwb_reference ref;
        char msg[CWB_MSG], why[CWB_MSG];
        int match = 1; /* a file that does not load is the plot's to report */
        if (cwb_reference_load(&ref, paths[i], msg, sizeof msg) == CWB_OK) {
            match = cwb_reference_stands_for(&ref, c, NULL, why, sizeof why);
            cwb_reference_free(&ref);
        }
        if (match == 0)
            cwb_result_warn(r, "not drawn: %s was made for other inputs (%s)", paths[i], why);
        else if (used < sizeof kept)
            used += (size_t)snprintf(kept + used, sizeof kept - used, "%s%s", used ? ";" : "",
                                     paths[i]);
    }
    snprintf(c->output_values.text[CWB_OUT_ALSO_REFERENCE], CWB_TEXT, "%s", kept);
}

int cwb_run_and_write(cwb_case *c, const char *const *over, size_t nover, const cwb_run_output *o,
                      cwb_result *r, const cwb_log *log, char *msg, size_t n)
{
    int rc = cwb_run_case(c, r, msg, n);
    if (rc != CWB_OK)
        return rc;
    if (cwb_result_get(r, "ref_inputs_match") == 0.0) /* nor drawn as if it matched */
        c->output_values.text[CWB_OUT_REFERENCE][0] = '\0';
    drop_other_also_references(c, r);
    return write_run(o, c, over, nover, r, log, msg, n);
}

/* study.c -- `cwb reference STUDY`: FEM reference curves with gmsh and
 * CalculiX, one
 * pipeline for every model of models.c.
 *
 * A study is an INI file:
 *   [study] name, model (a row of models.c; the first when absent), title
 *   [mesh]  fine, coarse (element sizes: what they scale is the model's),
 *           refine (every point re-run with both sizes / refine),
 *           tolerance (largest refinement change accepted, for the models
 *           whose change fails a study)
 *   and the model's own sections (models/NAME.c), e.g. [body] and [vary].
 * For every point of the study cwb writes the .geo, runs gmsh, reads the
 * mesh, writes the CalculiX deck, runs ccx and lets the model read the
 * output; then the same on the refined mesh. The CSVs are written under
 * temporary names and renamed when every point has succeeded, so a failed
 * or interrupted study never leaves a CSV that looks complete. Each run's
 * .dat is kept under DIR/raw/NAME/ (small: *NODE PRINT of a few nodes) so
 * that tests can re-derive the CSVs without the solver.
 *
 * CalculiX exits 0 even when it stops on an error, so a run counts as
 * failed when its log has an *ERROR line or the model cannot read its
 * output.
 */
#include <ctype.h>
#include <errno.h>
#include <ftw.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

#include "cwb_fem.h"
#include "cwb_files.h"
#include "cwb_ini.h"
#include "cwb_out.h"

/* Paths: a folder (from the command line) and a study name. */
#define PATH_LEN     (2 * CWB_TEXT + 256)
#define NAME_MAX_LEN 64
/* Lines of a failing tool's log passed on to the user. */
#define TAIL_LINES 15

/* --------------------------------------------------------- study file */

static const cwb_param study_params[] = {
    {.name = "name",
     .unit = "-",
     .kind = CWB_PARAM_TEXT,
     .flags = CWB_P_REQUIRED,
     .help = "output name: DIR/NAME.csv (DIR/NAME_TABLE.csv) and DIR/raw/NAME/"},
    {.name = "model",
     .unit = "-",
     .kind = CWB_PARAM_TEXT,
     .help = "the FEM model, a row of src/fem/models.c (halfround: seed 000 Sec. 2.3, Hertzian "
             "traction on a half-round body; cylinders: Sec. 4.2, two cylinders in frictional "
             "contact); default the first"},
    {.name = "title", .unit = "-", .kind = CWB_PARAM_TEXT, .help = "one line for the header"},
    {0}};

static const cwb_param mesh_params[] = {
    {.name = "fine",
     .unit = "-",
     .def = 0.1,
     .min = 1e-4,
     .max = 1,
     .help = "element size on the flat / a (halfround); near the contact / R (cylinders, "
             "sphere)"},
    {.name = "coarse",
     .unit = "-",
     .def = 0.125,
     .min = 1e-3,
     .max = 1,
     .help = "element size far from the loaded zone, as a fraction of R"},
    {.name = "refine",
     .unit = "-",
     .def = 2,
     .min = 1,
     .max = 8,
     .help = "refinement check: every point re-run with both sizes divided by this (1: none)"},
    {.name = "tolerance",
     .unit = "-",
     .def = 0.005,
     .min = 0,
     .max = 1,
     .flags = CWB_P_MIN_OPEN,
     .help = "largest |w_refined / w - 1| accepted (the refinement criterion of the seed 000 FEM: "
             "0.5 %); cylinders: reported"},
    {0}};

const cwb_param *cwb_fem_study_params(void)
{
    return study_params;
}

const cwb_param *cwb_fem_mesh_params(void)
{
    return mesh_params;
}

/* The model the study names ([study] model), or the table's first. */
static int find_model(cwb_fem_study *s, const cwb_ini *ini, char *msg, size_t n)
{
    const cwb_ini_entry *e = cwb_ini_find(ini, "study", "model");
    s->model = e ? cwb_fem_model_find(e->value) : cwb_fem_model_at(0);
    if (s->model)
        return CWB_OK;
    char names[256] = "";
    size_t used = 0;
    for (size_t i = 0; i < cwb_fem_model_count() && used < sizeof names; i++)
        used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "",
                                 cwb_fem_model_at(i)->name);
    return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: [study] model = %s: no such model (one of %s)",
                    s->path, e->line, e->value, names);
}

/* A key the section gave that its table does not read under the
 * section's choices (cwb_param.read_when) is refused at its line, as in a
 * case file. */
static int check_read(const cwb_fem_study *s, const char *section, const cwb_values *v, char *msg,
                      size_t n)
{
    char why[CWB_MSG];
    int at;
    if (cwb_values_check_read(v, &at, why, sizeof why) == CWB_OK)
        return CWB_OK;
    return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: [%s] %s", s->path, v->given[at], section, why);
}

/* Parse every entry into [study], [mesh] and the model's sections. */
static int bind_sections(cwb_fem_study *s, cwb_ini *ini, char *msg, size_t n)
{
    cwb_ini_binding b[2 + CWB_FEM_MAX_SECTIONS] = {{"study", &s->study}, {"mesh", &s->mesh}};
    size_t count = 2;
    cwb_values_init(&s->study, study_params);
    cwb_values_init(&s->mesh, mesh_params);
    for (size_t k = 0; s->model->sections[k].name; k++, count++) {
        if (k == CWB_FEM_MAX_SECTIONS)
            return cwb_fail(msg, n, CWB_EFAIL, "model %s: more than %d sections", s->model->name,
                            CWB_FEM_MAX_SECTIONS);
        cwb_values_init(&s->section[k], s->model->sections[k].params);
        b[count] = (cwb_ini_binding){s->model->sections[k].name, &s->section[k]};
    }
    int rc = cwb_ini_bind(ini, b, count, msg, n);
    for (size_t k = 0; rc == CWB_OK && k < count; k++)
        rc = check_read(s, b[k].section, b[k].values, msg, n);
    return rc;
}

/* [study] name becomes file names: letters, digits, '_' and '-' only. */
static int check_name(const cwb_fem_study *s, char *msg, size_t n)
{
    const char *name = s->study.text[CWB_FEM_NAME];
    int line = s->study.given[CWB_FEM_NAME];
    if (!name[0])
        return cwb_fail(msg, n, CWB_EINPUT, "%s: [study] needs the key 'name'", s->path);
    if (strlen(name) > NAME_MAX_LEN)
        return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: [study] name: at most %d characters", s->path,
                        line, NAME_MAX_LEN);
    for (const char *c = name; *c; c++)
        if (!(isalnum((unsigned char)*c) || *c == '_' || *c == '-'))
            return cwb_fail(msg, n, CWB_EINPUT,
                            "%s:%d: [study] name = %s: letters, digits, "
                            "'_' and '-' only",
                            s->path, line, name);
    return CWB_OK;
}

void cwb_fem_study_free(cwb_fem_study *s)
{
    free(s);
}

int cwb_fem_study_load(cwb_fem_study **out, const char *path, char *msg, size_t n)
{
    *out = NULL;
    if (strlen(path) >= CWB_TEXT)
        return cwb_fail(msg, n, CWB_EINPUT, "%s: path too long", path);
    cwb_fem_study *s = calloc(1, sizeof *s);
    if (!s)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    snprintf(s->path, sizeof s->path, "%s", path);
    cwb_ini ini;
    int rc = cwb_ini_read(&ini, path, "study", msg, n);
    if (rc != CWB_OK) {
        free(s);
        return rc;
    }
    rc = find_model(s, &ini, msg, n);
    if (rc == CWB_OK)
        rc = bind_sections(s, &ini, msg, n);
    cwb_ini_free(&ini);
    if (rc == CWB_OK)
        rc = check_name(s, msg, n);
    if (rc == CWB_OK && s->model->check)
        rc = s->model->check(s, msg, n);
    if (rc != CWB_OK) {
        free(s);
        return rc;
    }
    *out = s;
    return CWB_OK;
}

int cwb_fem_rows_add(cwb_fem_rows *r, const double *row, char *msg, size_t n)
{
    if (r->nrow == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 64;
        double *v = realloc(r->v, cap * r->ncol * sizeof *v);
        if (!v)
            return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
        r->v = v;
        r->cap = cap;
    }
    memcpy(r->v + r->nrow * r->ncol, row, r->ncol * sizeof *row);
    r->nrow++;
    return CWB_OK;
}

/* ------------------------------------------------------ tools and files */

static int tools_present(char *msg, size_t n)
{
    char full[PATH_LEN];
    if (!cwb_on_path("gmsh", full, sizeof full))
        return cwb_fail(msg, n, CWB_ETOOL,
                        "gmsh not found on PATH: install the Debian package "
                        "gmsh (apt-get install gmsh), or run make reference");
    if (!cwb_on_path("ccx", full, sizeof full))
        return cwb_fail(msg, n, CWB_ETOOL,
                        "ccx not found on PATH: install the Debian package "
                        "calculix-ccx (apt-get install calculix-ccx), or run make reference");
    return CWB_OK;
}

/* Pass the last TAIL_LINES lines of a tool's log on as CWB_LOG_DETAIL. */
static void log_tail(const cwb_log *log, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    char ring[TAIL_LINES][256];
    size_t k = 0, total = 0;
    while (fgets(ring[k], sizeof ring[k], f)) {
        k = (k + 1) % TAIL_LINES;
        total++;
    }
    fclose(f);
    size_t shown = total < TAIL_LINES ? total : TAIL_LINES;
    cwb_logf(log, CWB_LOG_DETAIL, "--- last lines of %s\n", path);
    for (size_t c = 0, i = total < TAIL_LINES ? 0 : k; c < shown; c++, i = (i + 1) % TAIL_LINES)
        cwb_logf(log, CWB_LOG_DETAIL, "%s", ring[i]);
    cwb_logf(log, CWB_LOG_DETAIL, "---\n");
}

static int log_has_error(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 1;
    char buf[512];
    int bad = 0;
    while (!bad && fgets(buf, sizeof buf, f))
        bad = strstr(buf, "*ERROR") != NULL;
    fclose(f);
    return bad;
}

/* The first line of a tool's version output containing a digit, or
 * "unknown" (the version is provenance, not a condition to run). */
static void tool_version(const char *work, char *const argv[], char *out, size_t n)
{
    char log[PATH_LEN + 16];
    snprintf(out, n, "unknown");
    snprintf(log, sizeof log, "%s/version.log", work);
    (void)cwb_spawn(argv, work, log);
    FILE *f = fopen(log, "r");
    if (!f)
        return;
    char buf[256];
    while (fgets(buf, sizeof buf, f))
        if (strpbrk(buf, "0123456789")) {
            buf[strcspn(buf, "\r\n")] = 0;
            const char *v = strstr(buf, "Version "); /* ccx: "This is Version 2.20" */
            snprintf(out, n, "%s", v ? v + 8 : buf + strspn(buf, " "));
            break;
        }
    fclose(f);
}

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb;
    (void)flag;
    (void)ftw;
    return remove(path);
}

/* rm -r: a folder of the pipeline's own making (raw output). 0, or -1
 * with errno (ENOENT: there was none). */
static int remove_tree(const char *path)
{
    return nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static int copy_file(const char *from, const char *to)
{
    FILE *a = fopen(from, "rb"), *b = a ? fopen(to, "wb") : NULL;
    int ok = a && b;
    char buf[8192];
    size_t k;
    while (ok && (k = fread(buf, 1, sizeof buf, a)) > 0)
        ok = fwrite(buf, 1, k, b) == k;
    if (a)
        fclose(a);
    if (b && fclose(b) != 0)
        ok = 0;
    return ok ? 0 : -1;
}

/* ------------------------------------------------------------ pipeline */

/* One study run: the study, where its files go, what the model collects. */
typedef struct {
    const cwb_fem_study *s;
    const cwb_fem_model *model;
    const cwb_log *log;
    int reuse;           /* keep a finished solve whose deck is unchanged (--reuse) */
    const char *command; /* the command line, for the made line (NULL: rebuilt) */
    const char *dir;     /* DIR: the CSVs */
    const char *work;    /* WORK */
    char wdir[PATH_LEN]; /* WORK/NAME: every run's files */
    char raw[PATH_LEN], raw_tmp[PATH_LEN]; /* DIR/raw/NAME and its partial twin */
    int raw_open;                          /* raw_tmp exists */
    char gmsh_version[128], ccx_version[128];
    size_t ntables;
    cwb_fem_rows rows[CWB_FEM_MAX_TABLES];
    void *spec[2], *out[2]; /* base and refined run */
    void *summary;
    cwb_fem_job job;
} pipeline;

/* The files of one run in the work folder, named by its tag (p001,
 * p001_refined). */
typedef struct {
    char tag[32];
    char geo[PATH_LEN + 64], msh[PATH_LEN + 64], inp[PATH_LEN + 64];
    char dat[PATH_LEN + 64], frd[PATH_LEN + 64];
    char gmsh_log[PATH_LEN + 64], ccx_log[PATH_LEN + 64];
} run_files;

static void run_files_set(run_files *f, const char *dir, size_t point, int refined)
{
    snprintf(f->tag, sizeof f->tag, "p%03zu%s", point + 1, refined ? "_refined" : "");
    snprintf(f->geo, sizeof f->geo, "%s/%s.geo", dir, f->tag);
    snprintf(f->msh, sizeof f->msh, "%s/%s.msh", dir, f->tag);
    snprintf(f->inp, sizeof f->inp, "%s/%s.inp", dir, f->tag);
    snprintf(f->dat, sizeof f->dat, "%s/%s.dat", dir, f->tag);
    snprintf(f->frd, sizeof f->frd, "%s/%s.frd", dir, f->tag);
    snprintf(f->gmsh_log, sizeof f->gmsh_log, "%s/%s_gmsh.log", dir, f->tag);
    snprintf(f->ccx_log, sizeof f->ccx_log, "%s/%s_ccx.log", dir, f->tag);
}

static int write_geo(const pipeline *p, const run_files *f, const void *spec, char *msg, size_t n)
{
    cwb_output o;
    int rc = cwb_output_open(&o, f->geo, msg, n);
    if (rc)
        return rc;
    p->model->geo(o.f, spec);
    return cwb_output_commit(&o, msg, n);
}

static int run_gmsh(const pipeline *p, const run_files *f, char *msg, size_t n)
{
    char name[64], file[64];
    snprintf(name, sizeof name, "%s.msh", f->tag);
    snprintf(file, sizeof file, "%s.geo", f->tag);
    remove(f->msh);
    char *argv[] = {
        "gmsh", p->model->dim == 3 ? "-3" : "-2", "-format", "msh22", "-nt", "1", "-o", name, file,
        NULL};
    int st = cwb_spawn(argv, p->wdir, f->gmsh_log);
    struct stat sb;
    if (st != 0 || stat(f->msh, &sb) != 0) {
        log_tail(p->log, f->gmsh_log);
        return cwb_fail(msg, n, CWB_EFAIL, "gmsh failed on %s (exit status %d; log above)", f->geo,
                        st);
    }
    return CWB_OK;
}

static int write_deck(const pipeline *p, const run_files *f, const cwb_mesh *m, const void *spec,
                      char *msg, size_t n)
{
    cwb_output o;
    int rc = cwb_output_open(&o, f->inp, msg, n);
    if (rc)
        return rc;
    rc = p->model->deck(o.f, m, spec, msg, n);
    if (rc) {
        cwb_output_abort(&o);
        return rc;
    }
    return cwb_output_commit(&o, msg, n);
}

static int run_ccx(const pipeline *p, const run_files *f, char *msg, size_t n)
{
    char tag[sizeof f->tag];
    snprintf(tag, sizeof tag, "%s", f->tag);
    remove(f->dat);
    remove(f->frd);
    char *argv[] = {"ccx", "-i", tag, NULL};
    int st = cwb_spawn(argv, p->wdir, f->ccx_log);
    if (st != 0 || log_has_error(f->ccx_log)) {
        log_tail(p->log, f->ccx_log);
        return cwb_fail(msg, n, CWB_EFAIL, "ccx failed on %s (exit status %d%s; log above)", f->inp,
                        st, st == 0 ? ", *ERROR in its log" : "");
    }
    return CWB_OK;
}

/* 1 when files a and b have the same bytes (both readable). */
static int same_bytes(const char *a, const char *b)
{
    FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
    int same = fa && fb;
    while (same) {
        int ca = getc(fa), cb = getc(fb);
        same = ca == cb;
        if (ca == EOF || cb == EOF)
            break;
    }
    if (fa)
        fclose(fa);
    if (fb)
        fclose(fb);
    return same;
}

/* --reuse: 1 when the work folder holds a solve of exactly the deck this
 * run would write (byte for byte, so the same mesh and inputs) with its
 * .dat, .frd and a ccx log without *ERROR: the solve is kept, not
 * repeated. For a model that adjusts its deck between solves, never. */
static int reusable(const pipeline *p, const run_files *f, const cwb_mesh *m, const void *spec,
                    char *msg, size_t n)
{
    if (p->reuse && p->model->adjust) /* said, not done silently */
        cwb_logf(p->log, CWB_LOG_WARN,
                 "%s: model %s adjusts its deck from a first solve, so --reuse does not apply: "
                 "solving again\n",
                 f->inp, p->model->name);
    if (!p->reuse || p->model->adjust || access(f->dat, R_OK) != 0 || access(f->frd, R_OK) != 0 ||
        access(f->ccx_log, R_OK) != 0 || log_has_error(f->ccx_log))
        return 0;
    run_files g = *f;
    snprintf(g.inp, sizeof g.inp, "%s/%s_reuse.inp", p->wdir, f->tag);
    int same = write_deck(p, &g, m, spec, msg, n) == CWB_OK && same_bytes(g.inp, f->inp);
    remove(g.inp);
    if (same)
        cwb_logf(p->log, CWB_LOG_WARN, "%s: deck unchanged, its solver output kept (--reuse)\n",
                 f->inp);
    return same;
}

/* Solve the mesh m of a run and let the model read the output into out. */
static int solve_on_mesh(const pipeline *p, const run_files *f, const cwb_mesh *m, void *spec,
                         void *out, char *msg, size_t n)
{
    int rc, again = 0, passes = 0;
    if (reusable(p, f, m, spec, msg, n)) {
        if ((rc = p->model->parse(f->dat, f->frd, m, spec, out, msg, n))) {
            log_tail(p->log, f->ccx_log);
            rc = CWB_EFAIL;
        }
        return rc;
    }
    do {
        rc = write_deck(p, f, m, spec, msg, n);
        if (rc == CWB_OK)
            rc = run_ccx(p, f, msg, n);
        if (rc == CWB_OK && p->model->adjust &&
            (rc = p->model->adjust(spec, f->dat, f->frd, m, &again, msg, n)))
            log_tail(p->log, f->ccx_log);
        if (rc == CWB_OK && again && ++passes >= 8)
            rc = cwb_fail(msg, n, CWB_EFAIL, "model %s asked for more than 8 solves of %s",
                          p->model->name, f->inp);
    } while (rc == CWB_OK && again);
    if (rc == CWB_OK && (rc = p->model->parse(f->dat, f->frd, m, spec, out, msg, n))) {
        log_tail(p->log, f->ccx_log);
        rc = CWB_EFAIL; /* the solver's output, not the user's input, is wrong */
    }
    return rc;
}

/* Keep the run's .dat under DIR/raw/NAME.partial/. */
static int keep_dat(const pipeline *p, const run_files *f, char *msg, size_t n)
{
    char to[PATH_LEN + 64];
    snprintf(to, sizeof to, "%s/%s.dat", p->raw_tmp, f->tag);
    if (copy_file(f->dat, to))
        return cwb_fail(msg, n, CWB_EFAIL, "cannot copy %s to %s", f->dat, to);
    return CWB_OK;
}

/* One run of point i (refined: on the refined mesh): .geo, gmsh, mesh,
 * deck, ccx, the model's parser, the .dat kept; run receives the mesh's
 * size and the parsed output. */
static int solve_run(pipeline *p, size_t i, int refined, cwb_fem_run *run, char *msg, size_t n)
{
    run_files f;
    run_files_set(&f, p->wdir, i, refined);
    void *spec = p->spec[refined], *out = p->out[refined];
    p->model->spec(p->s, i, refined ? p->job.refine : 1.0, spec);
    int rc = write_geo(p, &f, spec, msg, n);
    if (rc == CWB_OK)
        rc = run_gmsh(p, &f, msg, n);
    cwb_mesh m;
    if (rc == CWB_OK && (rc = cwb_mesh_read(&m, f.msh, msg, n)))
        return rc == CWB_EINPUT ? CWB_EFAIL : rc;
    if (rc)
        return rc;
    rc = solve_on_mesh(p, &f, &m, spec, out, msg, n);
    *run = (cwb_fem_run){.spec = spec,
                         .out = rc ? NULL : out,
                         .elements = m.ntet ? m.ntet : m.ntri,
                         .nodes = m.nnode,
                         .h_min = cwb_mesh_min_size(&m)};
    cwb_mesh_free(&m);
    if (rc == CWB_OK)
        rc = keep_dat(p, &f, msg, n);
    return rc;
}

static void free_outputs(pipeline *p)
{
    for (int k = 0; k < 2; k++)
        if (p->model->out_free && p->out[k])
            p->model->out_free(p->out[k]);
}

/* Point i on the study's mesh and, when refine > 1, on the refined one;
 * then the model's rows. */
static int run_point(pipeline *p, size_t i, char *msg, size_t n)
{
    cwb_fem_point pt = {.study = p->s, .index = i, .tables = p->rows, .summary = p->summary};
    int refine = p->job.refine > 1.0, rc = CWB_OK;
    for (int k = 0; k <= refine && rc == CWB_OK; k++) {
        cwb_logf(p->log, CWB_LOG_PROGRESS, "cwb reference %s: point %zu/%zu%s", p->job.name, i + 1,
                 p->job.points, k ? ", refined mesh" : "");
        rc = solve_run(p, i, k, k ? &pt.refined : &pt.base, msg, n);
    }
    if (rc == CWB_OK)
        rc = p->model->rows(&pt, msg, n);
    if (rc == CWB_OK)
        p->job.worst_change = fmax(p->job.worst_change, fabs(pt.change));
    free_outputs(p);
    return rc;
}

/* Seconds of wall-clock time since t0 (progress notes only). */
static double seconds_since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + 1e-9 * (double)(t.tv_nsec - t0->tv_nsec);
}

static int run_points(pipeline *p, char *msg, size_t n)
{
    int rc = CWB_OK;
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (size_t i = 0; i < p->job.points && rc == CWB_OK; i++) {
        double before = seconds_since(&start);
        rc = run_point(p, i, msg, n);
        /* a solve can take minutes: one kept line per point, terminal or not */
        double now = seconds_since(&start);
        if (rc == CWB_OK)
            cwb_logf(p->log, CWB_LOG_NOTE,
                     "cwb reference %s: point %zu/%zu solved in %.0f s (%.0f s so far, about "
                     "%.0f s to go)\n",
                     p->job.name, i + 1, p->job.points, now - before, now,
                     now / (double)(i + 1) * (double)(p->job.points - i - 1));
    }
    if (rc == CWB_OK && p->model->refinement_fails && p->job.refine > 1.0 &&
        p->job.worst_change > p->job.tolerance)
        rc = cwb_fail(msg, n, CWB_EFAIL,
                      "mesh refinement changes the result by %.3g %% (> %.3g "
                      "%%): refine the mesh ([mesh] fine, coarse)",
                      100 * p->job.worst_change, 100 * p->job.tolerance);
    return rc;
}

/* ------------------------------------------------------------- outputs */

static void csv_path(const pipeline *p, size_t t, char *buf, size_t n)
{
    snprintf(buf, n, "%s/%s%s.csv", p->dir, p->job.name, p->model->tables[t].suffix);
}

/* When, where and how the table was made (cwb_write_made_line): the
 * command as typed, or, called without one, the command that does what
 * this call does. */
static void made_line(FILE *f, const pipeline *p)
{
    if (p->command) {
        cwb_write_made_line(f, p->command);
        return;
    }
    char cmd[4 * PATH_LEN];
    snprintf(cmd, sizeof cmd, "cwb reference %s --out %s --work %s%s", p->s->path, p->dir, p->work,
             p->reuse ? " --reuse" : "");
    cwb_write_made_line(f, cmd);
}

/* Whether line is row i of r with every number as %.10g writes it. */
static int row_is_10g(const char *line, const cwb_fem_rows *r, size_t i)
{
    const char *at = line;
    for (size_t j = 0; j < r->ncol; j++) {
        char cell[48];
        int len = snprintf(cell, sizeof cell, "%.10g", r->v[i * r->ncol + j]);
        if (strncmp(at, cell, (size_t)len) != 0 || at[len] != (j + 1 < r->ncol ? ',' : '\n'))
            return 0;
        at += len + 1;
    }
    return *at == '\0';
}

/* Whether the table at path (the committed one a regeneration replaces)
 * holds exactly these rows as %.10g wrote them. `cwb reference` wrote its
 * rows with %.10g until 2026-11-27, with cwb_csv_number's shortest round
 * trip since; regenerated from byte-identical solver output, such a table
 * came back in 17 digits (E = 1e+10 as 10000000000), its values changed
 * past the tenth. It is written in its own format instead, so that its rows
 * keep their text and values (and, its header unchanged, the file is kept:
 * cwb_output_commit). */
static int rows_as_committed(const char *path, const cwb_fem_rows *r)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char *line = NULL;
    size_t cap = 0, i = 0;
    int header_row = 1, same = r->nrow > 0;
    while (same && getline(&line, &cap, f) >= 0) {
        if (line[0] == '#' && header_row)
            continue;
        if (header_row) {
            header_row = 0;
            continue;
        }
        same = i < r->nrow && row_is_10g(line, r, i);
        i++;
    }
    same = same && !ferror(f) && !header_row && i == r->nrow;
    free(line);
    fclose(f);
    return same;
}

/* Table t: the pipeline's first lines, the model's provenance, the made
 * line, the columns with their units, the rows (as %.10g wrote them when ten is 1:
 * rows_as_committed). */
static void write_table(FILE *f, const pipeline *p, size_t t, int ten)
{
    const cwb_fem_study *s = p->s;
    fprintf(f, "# cwb %s reference: %s (study %s)\n", CWB_VERSION, p->job.name, s->path);
    if (s->study.text[CWB_FEM_TITLE][0])
        fprintf(f, "# %s\n", s->study.text[CWB_FEM_TITLE]);
    p->model->provenance(f, t, &p->job, p->summary);
    made_line(f, p); /* last: the readers of a title take the lines after the stamp */
    const cwb_fem_column *col = p->model->tables[t].columns;
    for (size_t j = 0; col[j].name; j++)
        fprintf(f, "%s%s[%s]", j ? "," : "", col[j].name, col[j].unit);
    fprintf(f, "\n");
    const cwb_fem_rows *r = &p->rows[t];
    for (size_t i = 0; i < r->nrow; i++) /* the one number format (cwb_number_text) */
        for (size_t j = 0; j < r->ncol; j++) {
            if (j)
                fputc(',', f);
            if (ten)
                fprintf(f, "%.10g", r->v[i * r->ncol + j]);
            else
                cwb_csv_number(f, r->v[i * r->ncol + j]);
            if (j + 1 == r->ncol)
                fputc('\n', f);
        }
}

/* An optional table a study gave no rows is not written (the sphere's
 * per-increment pressure profiles exist only when the study asks). */
static int table_skipped(const pipeline *p, size_t t)
{
    return (p->model->optional_tables >> t & 1u) && p->rows[t].nrow == 0;
}

/* Swap the raw folder in and rename every CSV over its final name. */
static int commit_outputs(pipeline *p, cwb_output *o, char *msg, size_t n)
{
    /* Every CSV sound on disk before anything is renamed; the old raw
     * folder moved aside (not deleted) until the CSVs are in place, so a
     * failure leaves the earlier CSVs with their own raw data. */
    int rc = CWB_OK;
    for (size_t t = 0; t < p->ntables && rc == CWB_OK; t++)
        if (!table_skipped(p, t))
            rc = cwb_output_flush(&o[t], msg, n);
    char old[sizeof p->raw + 8];
    snprintf(old, sizeof old, "%s.old", p->raw);
    (void)remove_tree(old);
    int had_raw = rc == CWB_OK && rename(p->raw, old) == 0;
    if (rc == CWB_OK && rename(p->raw_tmp, p->raw) != 0)
        rc = cwb_fail(msg, n, CWB_EFAIL, "cannot rename %s to %s: %s", p->raw_tmp, p->raw,
                      strerror(errno));
    else if (rc == CWB_OK)
        p->raw_open = 0;
    for (size_t t = 0; t < p->ntables; t++) {
        if (table_skipped(p, t))
            continue;
        if (rc == CWB_OK)
            rc = cwb_output_commit(&o[t], msg, n);
        else
            cwb_output_abort(&o[t]);
    }
    if (rc != CWB_OK && !p->raw_open && rename(p->raw, p->raw_tmp) == 0)
        p->raw_open = 1; /* the new raw data back under its partial name */
    if (rc != CWB_OK && had_raw && p->raw_open)
        (void)rename(old, p->raw); /* and the earlier raw data back in place */
    else if (had_raw)
        (void)remove_tree(old);
    return rc;
}

/* Every CSV under its temporary name first; renamed only when all are
 * written. Then the result line. */
static int publish(pipeline *p, char *msg, size_t n)
{
    cwb_output o[CWB_FEM_MAX_TABLES];
    char names[CWB_FEM_MAX_TABLES * (PATH_LEN + 66)] = "";
    size_t used = 0, opened = 0;
    int rc = CWB_OK;
    for (size_t t = 0; t < p->ntables && rc == CWB_OK; t++) {
        if (table_skipped(p, t)) {
            opened++; /* nothing to abort: the loop below skips it too */
            continue;
        }
        char path[PATH_LEN + 64];
        csv_path(p, t, path, sizeof path);
        if (used < sizeof names)
            used +=
                (size_t)snprintf(names + used, sizeof names - used, "%s%s", t ? ", " : "", path);
        if ((rc = cwb_output_open(&o[t], path, msg, n)) == CWB_OK) {
            opened++;
            write_table(o[t].f, p, t, rows_as_committed(path, &p->rows[t]));
        }
    }
    if (rc) {
        for (size_t t = 0; t < opened; t++)
            if (!table_skipped(p, t))
                cwb_output_abort(&o[t]);
        return rc;
    }
    if ((rc = commit_outputs(p, o, msg, n)))
        return rc;
    char line[1024];
    p->model->result(line, sizeof line, &p->job, p->summary);
    cwb_logf(p->log, CWB_LOG_RESULT, "%s: %s\n", names, line);
    return CWB_OK;
}

/* ------------------------------------------------------ set up, tear down */

static int alloc_buffers(pipeline *p, char *msg, size_t n)
{
    const cwb_fem_model *md = p->model;
    for (int k = 0; k < 2; k++) {
        p->spec[k] = calloc(1, md->spec_size);
        p->out[k] = calloc(1, md->out_size);
    }
    p->summary = calloc(1, md->summary_size ? md->summary_size : 1);
    int ok = p->spec[0] && p->spec[1] && p->out[0] && p->out[1] && p->summary;
    for (p->ntables = 0; ok && md->tables[p->ntables].suffix; p->ntables++) {
        if (p->ntables == CWB_FEM_MAX_TABLES)
            return cwb_fail(msg, n, CWB_EFAIL, "model %s: more than %d tables", md->name,
                            CWB_FEM_MAX_TABLES);
        const cwb_fem_column *c = md->tables[p->ntables].columns;
        while (c[p->rows[p->ntables].ncol].name)
            p->rows[p->ntables].ncol++;
    }
    return ok ? CWB_OK : cwb_fail(msg, n, CWB_EFAIL, "out of memory");
}

/* Paths, folders, tool versions and buffers of a study run. */
static int pipeline_open(pipeline *p, const cwb_fem_study *s, const char *dir, const char *work,
                         const cwb_log *log, char *msg, size_t n)
{
    const char *name = s->study.text[CWB_FEM_NAME];
    *p = (pipeline){.s = s, .model = s->model, .log = log, .dir = dir, .work = work};
    snprintf(p->wdir, sizeof p->wdir, "%s/%s", work, name);
    snprintf(p->raw, sizeof p->raw, "%s/raw/%s", dir, name);
    snprintf(p->raw_tmp, sizeof p->raw_tmp, "%s/raw/%s.partial", dir, name);
    /* a partial folder of an interrupted run must not lend its files */
    if (remove_tree(p->raw_tmp) != 0 && errno != ENOENT)
        return cwb_fail(msg, n, CWB_EFAIL, "cannot remove %s: %s", p->raw_tmp, strerror(errno));
    int rc = cwb_make_dirs(p->wdir, msg, n);
    if (rc == CWB_OK && (rc = cwb_make_dirs(p->raw_tmp, msg, n)) == CWB_OK)
        p->raw_open = 1;
    if (rc)
        return rc;
    char *gv[] = {"gmsh", "--version", NULL}, *cv[] = {"ccx", "-v", NULL};
    tool_version(p->wdir, gv, p->gmsh_version, sizeof p->gmsh_version);
    tool_version(p->wdir, cv, p->ccx_version, sizeof p->ccx_version);
    p->job = (cwb_fem_job){.study = s,
                           .name = name,
                           .raw = p->raw,
                           .gmsh_version = p->gmsh_version,
                           .ccx_version = p->ccx_version,
                           .points = s->model->points(s),
                           .refine = s->mesh.p[CWB_FEM_REFINE],
                           .tolerance = s->mesh.p[CWB_FEM_TOLERANCE]};
    return alloc_buffers(p, msg, n);
}

static void pipeline_close(pipeline *p)
{
    if (p->raw_open)
        (void)remove_tree(p->raw_tmp); /* best effort: the study has failed already */
    for (int k = 0; k < 2; k++) {
        free(p->spec[k]);
        free(p->out[k]);
    }
    free(p->summary);
    for (size_t t = 0; t < CWB_FEM_MAX_TABLES; t++)
        free(p->rows[t].v);
}

int cwb_reference_study(const char *path, const char *dir, const char *work, const cwb_log *log,
                        char *msg, size_t n)
{
    return cwb_reference_study_reuse(path, dir, work, 0, NULL, log, msg, n);
}

int cwb_reference_study_reuse(const char *path, const char *dir, const char *work, int reuse,
                              const char *command, const cwb_log *log, char *msg, size_t n)
{
    cwb_fem_study *s;
    int rc = cwb_fem_study_load(&s, path, msg, n);
    if (rc)
        return rc;
    pipeline p = {0};
    if ((rc = tools_present(msg, n)) == CWB_OK)
        rc = pipeline_open(&p, s, dir, work, log, msg, n);
    p.reuse = reuse;
    p.command = command;
    if (rc == CWB_OK)
        rc = run_points(&p, msg, n);
    if (rc == CWB_OK)
        rc = publish(&p, msg, n);
    pipeline_close(&p);
    cwb_fem_study_free(s);
    return rc;
}

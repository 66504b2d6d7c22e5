/* reference.c -- `cwb reference STUDY`: FEM reference curves with gmsh and
 * CalculiX (DESIGN.md "References and reproduction", issue 5).
 *
 * A study is an INI file:
 *   [study] name, model (halfround), title
 *   [body]  the model's parameters (R, a_over_R, E or E_plane, nu, N, T, base)
 *   [mesh]  fine (element size on the flat / a), coarse (far size / R),
 *           refine (every point re-run with sizes / refine), tolerance
 *   [vary]  lists of body values; the study runs their Cartesian product
 *           (R outermost, then a_over_R, E, nu).
 * For every point cwb writes the .geo, runs gmsh, reads the mesh, writes the
 * CalculiX deck, runs ccx, reads the .dat; then the refined run. The CSV is
 * written to a temporary name and renamed when every point has succeeded,
 * so a failed or interrupted study never leaves a CSV that looks complete.
 * Each point's .dat is kept under DIR/raw/NAME/ (small: *NODE PRINT of a few
 * nodes) so that tests can re-derive the CSV without the solver.
 *
 * CalculiX exits 0 even when it stops on an error, so a run counts as
 * failed when its log has an *ERROR line or its .dat lacks a step.
 */
#include <ctype.h>
#include <errno.h>
#include <ftw.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cwb_disc2d.h"
#include "cwb_fem.h"
#include "cwb_ini.h"
#include "cwb_run.h"

/* Paths: a directory (from the command line) and a study name. */
#define PATH_LEN (2 * CWB_TEXT + 256)
#define NAME_MAX_LEN 64

/* --------------------------------------------------------- study file */

enum { S_NAME, S_MODEL, S_TITLE };
enum { B_R, B_A_OVER_R, B_E, B_E_PLANE, B_NU, B_N, B_T, B_BASE, B_MU };
enum { L_CASE, L_DELTA_N, L_DELTA_T, L_DELTA_T_TRACTION };
enum { C_PENALTY, C_STICK, C_ZONE };
enum { M_FINE, M_COARSE, M_REFINE, M_TOLERANCE };
enum { V_R, V_A_OVER_R, V_E, V_NU, V_COUNT };

static const char *const model_words[] = {"halfround", "cylinders", NULL};
static const char *const case_words[] = {"sequential", "together", NULL};
static const char *const base_words[] = {"fixed", "symmetric", NULL};

static const cwb_param study_params[] = {
    {.name = "name", .unit = "-", .kind = CWB_PARAM_TEXT, .flags = CWB_P_REQUIRED,
     .help = "output name: DIR/NAME.csv and DIR/raw/NAME/"},
    {.name = "model", .unit = "-", .kind = CWB_PARAM_CHOICE, .choices = model_words,
     .help = "halfround: seed 000 Sec. 2.3, Hertzian traction on a half-round body; cylinders: "
             "Sec. 4.2, two cylinders in frictional contact"},
    {.name = "title", .unit = "-", .kind = CWB_PARAM_TEXT, .help = "one line for the header"},
    {0}};

static const cwb_param body_params[] = {
    {.name = "R", .unit = "m", .def = 0.5, .min = 0, .max = INFINITY, .flags = CWB_P_MIN_OPEN,
     .help = "body radius (seed 000 Sec. 4.1: 0.5 m)"},
    {.name = "a_over_R", .unit = "-", .def = 0.05, .min = 0, .max = 0.5,
     .flags = CWB_P_MIN_OPEN, .help = "half-width of the loaded flat / R (Sec. 4.1: 0.05)"},
    {.name = "E", .unit = "Pa", .def = 1e10, .min = 0, .max = INFINITY,
     .flags = CWB_P_MIN_OPEN, .help = "Young's modulus (Sec. 4.1: 10 GPa)"},
    {.name = "E_plane", .unit = "Pa", .def = 0, .min = 0, .max = INFINITY,
     .help = "if > 0: E = E_plane (1 - nu^2), so E/(1 - nu^2) stays fixed as nu varies (Fig. 7e)"},
    {.name = "nu", .unit = "-", .def = 0.25, .min = 0, .max = 0.5, .flags = CWB_P_MAX_OPEN,
     .help = "Poisson's ratio (Sec. 4.1: 0.25)"},
    {.name = "N", .unit = "N/m", .def = 1e5, .min = 0, .max = INFINITY,
     .flags = CWB_P_MIN_OPEN, .help = "resultant of the Hertzian normal traction (check of eq. 17)"},
    {.name = "T", .unit = "N/m", .def = 1e5, .min = 0, .max = INFINITY,
     .flags = CWB_P_MIN_OPEN, .help = "resultant of the Hertzian tangential traction (Sec. 4.1: 1e5)"},
    {.name = "base", .unit = "-", .kind = CWB_PARAM_CHOICE, .choices = base_words,
     .help = "fixed: diameter clamped (the paper); symmetric: rollers, Johnson's eq. 17 disc"},
    {.name = "mu", .unit = "-", .def = 0.3, .min = 0, .max = 10,
     .help = "cylinders: Coulomb friction coefficient (Sec. 4.2: 0.3)"},
    {0}};

static const cwb_param load_params[] = {
    {.name = "case", .unit = "-", .kind = CWB_PARAM_CHOICE, .choices = case_words,
     .help = "cylinders: sequential (case 1: delta_n, then delta_t) or together (case 2)"},
    {.name = "delta_n", .unit = "m", .def = 0.025, .min = 0, .max = INFINITY,
     .flags = CWB_P_MIN_OPEN, .help = "final approach of the upper diameter (Sec. 4.2: 0.025)"},
    {.name = "delta_t", .unit = "m", .def = 0.025, .min = 0, .max = INFINITY,
     .flags = CWB_P_MIN_OPEN, .help = "final horizontal displacement of it (Sec. 4.2: 0.025)"},
    {.name = "delta_t_traction", .unit = "m", .def = 0.01, .min = 0, .max = INFINITY,
     .flags = CWB_P_MIN_OPEN, .help = "case 1: delta_t of the traction output (Fig. 11: 0.01)"},
    {0}};

static const cwb_param contact_params[] = {
    {.name = "penalty", .unit = "Pa/m", .def = 1e13, .min = 0, .max = INFINITY,
     .flags = CWB_P_MIN_OPEN, .help = "slope of the linear pressure-overclosure law"},
    {.name = "stick", .unit = "Pa/m", .def = 1e12, .min = 0, .max = INFINITY,
     .flags = CWB_P_MIN_OPEN, .help = "stick slope of CalculiX's Coulomb friction"},
    {.name = "zone", .unit = "-", .def = 0.2, .min = 0.01, .max = 1,
     .help = "refined zone and contact surfaces: within zone R of the contact point"},
    {0}};

static const cwb_param mesh_params[] = {
    {.name = "fine", .unit = "-", .def = 0.1, .min = 1e-4, .max = 1,
     .help = "element size on the flat / a (halfround); near the contact / R (cylinders)"},
    {.name = "coarse", .unit = "-", .def = 0.125, .min = 1e-3, .max = 1,
     .help = "element size far from the loaded zone, as a fraction of R"},
    {.name = "refine", .unit = "-", .flags = CWB_P_INTEGER, .def = 2, .min = 1, .max = 8,
     .help = "refinement check: every point re-run with both sizes divided by this (1: none)"},
    {.name = "tolerance", .unit = "-", .def = 0.005, .min = 0, .max = 1, .flags = CWB_P_MIN_OPEN,
     .help = "largest |w_refined / w - 1| accepted (issue 5: 0.5 %); cylinders: reported"},
    {0}};

static const cwb_param vary_params[] = {
    {.name = "R", .unit = "m", .min = 0, .max = INFINITY, .flags = CWB_P_MIN_OPEN,
     .kind = CWB_PARAM_LIST, .help = "radii"},
    {.name = "a_over_R", .unit = "-", .min = 0, .max = 0.5, .flags = CWB_P_MIN_OPEN,
     .kind = CWB_PARAM_LIST, .help = "flat half-widths / R"},
    {.name = "E", .unit = "Pa", .min = 0, .max = INFINITY, .flags = CWB_P_MIN_OPEN,
     .kind = CWB_PARAM_LIST, .help = "Young's moduli"},
    {.name = "nu", .unit = "-", .min = 0, .max = 0.5, .flags = CWB_P_MAX_OPEN,
     .kind = CWB_PARAM_LIST, .help = "Poisson's ratios"},
    {0}};

typedef struct {
    const char *path;
    cwb_values study, body, mesh, vary, load, contact;
} study_file;

static int study_load(study_file *s, const char *path, char *msg, size_t n)
{
    memset(s, 0, sizeof *s);
    s->path = path;
    cwb_values_init(&s->study, study_params);
    cwb_values_init(&s->body, body_params);
    cwb_values_init(&s->mesh, mesh_params);
    cwb_values_init(&s->vary, vary_params);
    cwb_values_init(&s->load, load_params);
    cwb_values_init(&s->contact, contact_params);
    cwb_ini ini;
    int rc = cwb_ini_read(&ini, path, "study", msg, n);
    if (rc != CWB_OK)
        return rc;
    const cwb_ini_binding b[] = {{"study", &s->study}, {"body", &s->body}, {"mesh", &s->mesh},
                                 {"vary", &s->vary},   {"load", &s->load}, {"contact", &s->contact}};
    rc = cwb_ini_bind(&ini, b, sizeof b / sizeof *b, msg, n);
    cwb_ini_free(&ini);
    if (rc != CWB_OK)
        return rc;
    if (!s->study.text[S_NAME][0])
        return cwb_fail(msg, n, CWB_EINPUT, "%s: [study] needs the key 'name'", path);
    if (strlen(s->study.text[S_NAME]) > NAME_MAX_LEN)
        return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: [study] name: at most %d characters", path,
                        s->study.given[S_NAME], NAME_MAX_LEN);
    for (const char *c = s->study.text[S_NAME]; *c; c++)
        if (!(isalnum((unsigned char)*c) || *c == '_' || *c == '-'))
            return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: [study] name = %s: letters, digits, "
                            "'_' and '-' only", path, s->study.given[S_NAME], s->study.text[S_NAME]);
    if (s->body.p[B_E_PLANE] > 0 && s->body.given[B_E] > 0)
        return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: [body] give E or E_plane, not both", path,
                        s->body.given[B_E_PLANE]);
    return CWB_OK;
}

/* --------------------------------------------------------- tools */

/* The full path of `name` on PATH, or 0. */
static int on_path(const char *name, char *full, size_t n)
{
    const char *path = getenv("PATH");
    if (!path)
        return 0;
    while (*path) {
        size_t len = strcspn(path, ":");
        snprintf(full, n, "%.*s/%s", (int)len, len ? path : ".", name);
        if (access(full, X_OK) == 0)
            return 1;
        path += len + (path[len] == ':');
    }
    return 0;
}

/* Run argv in dir with stdout and stderr to dir/log; the exit status, or
 * -1 when it could not be started. */
static int run_tool(const char *dir, const char *log, char *const argv[])
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        if (chdir(dir) != 0 || !freopen(log, "w", stdout) || dup2(fileno(stdout), 2) < 0)
            _exit(126);
        execvp(argv[0], argv);
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Print the last `lines` lines of a log to stderr. */
static void log_tail(const char *path, int lines)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    char ring[40][256];
    int k = 0, total = 0;
    if (lines > 40)
        lines = 40;
    while (fgets(ring[k], sizeof ring[k], f)) {
        k = (k + 1) % lines;
        total++;
    }
    fclose(f);
    fprintf(stderr, "--- last lines of %s\n", path);
    for (int i = total < lines ? 0 : k, c = 0; c < (total < lines ? total : lines);
         i = (i + 1) % lines, c++)
        fputs(ring[i], stderr);
    fprintf(stderr, "---\n");
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

/* The first line of a tool's version output containing a digit. */
static void tool_version(const char *work, char *const argv[], char *out, size_t n)
{
    char log[PATH_LEN];
    snprintf(out, n, "unknown");
    snprintf(log, sizeof log, "%s/version.log", work);
    if (run_tool(work, "version.log", argv) < 0)
        return;
    FILE *f = fopen(log, "r");
    if (!f)
        return;
    char buf[256];
    while (fgets(buf, sizeof buf, f))
        if (strpbrk(buf, "0123456789")) {
            buf[strcspn(buf, "\r\n")] = 0;
            const char *v = strstr(buf, "Version ");   /* ccx: "This is Version 2.20" */
            snprintf(out, n, "%s", v ? v + 8 : buf + strspn(buf, " "));
            break;
        }
    fclose(f);
}

static int make_dirs(const char *path)
{
    char buf[PATH_LEN];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            if (mkdir(buf, 0777) != 0 && errno != EEXIST)
                return -1;
            *p = '/';
        }
    return mkdir(buf, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static void remove_tree(const char *path)
{
    nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* Open an output file unless an earlier step failed (*rc set); a file that
 * cannot be opened sets *rc with the reason. */
static FILE *output_open(const char *path, int *rc, char *msg, size_t n)
{
    if (*rc)
        return NULL;
    FILE *f = fopen(path, "w");
    if (!f)
        *rc = cwb_fail(msg, n, CWB_EFAIL, "%s: cannot write: %s", path, strerror(errno));
    return f;
}

/* Close an output file; a failed close (a full disk) sets *rc unless set. */
static void output_close(FILE *f, const char *path, int *rc, char *msg, size_t n)
{
    if (fclose(f) != 0 && *rc == CWB_OK)
        *rc = cwb_fail(msg, n, CWB_EFAIL, "%s: cannot write", path);
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

/* ------------------------------------------------------ one half-round */

typedef struct {
    cwb_halfround h;
    cwb_halfround_out out;
    size_t elements, nodes;
    double h_min;
} halfround_run;

/* What one model point needs: the half-round or the cylinders spec. */
typedef struct {
    int model;                  /* 0 halfround, 1 cylinders */
    const cwb_halfround *h;
    const cwb_cylinders *c;
} model_spec;

/* Write the .geo, mesh it with gmsh, read the mesh (into *m, which the
 * caller frees), write the deck and solve it with ccx, in `dir`; `tag`
 * names the files (tag.geo, tag.msh, tag.inp, tag.dat, tag.frd, logs). */
static int mesh_and_solve(const char *dir, const char *tag, const model_spec *ms, cwb_mesh *m,
                          char *msg, size_t n)
{
    char geo[PATH_LEN + 64], msh[PATH_LEN + 64], inp[PATH_LEN + 64], dat[PATH_LEN + 64],
        log[PATH_LEN + 64], name[96], file[96], lname[96];
    snprintf(geo, sizeof geo, "%s/%s.geo", dir, tag);
    snprintf(msh, sizeof msh, "%s/%s.msh", dir, tag);
    snprintf(inp, sizeof inp, "%s/%s.inp", dir, tag);
    snprintf(dat, sizeof dat, "%s/%s.dat", dir, tag);
    int rc = CWB_OK;
    FILE *f = output_open(geo, &rc, msg, n);
    if (!f)
        return rc;
    if (ms->model == 0)
        cwb_halfround_geo(f, ms->h);
    else
        cwb_cylinders_geo(f, ms->c);
    output_close(f, geo, &rc, msg, n);
    if (rc)
        return rc;

    snprintf(file, sizeof file, "%s.geo", tag);
    snprintf(name, sizeof name, "%s.msh", tag);
    snprintf(lname, sizeof lname, "%s_gmsh.log", tag);
    snprintf(log, sizeof log, "%s/%s", dir, lname);
    remove(msh);
    char *gmsh_argv[] = {"gmsh", "-2", "-format", "msh22", "-nt", "1", "-o", name, file, NULL};
    int st = run_tool(dir, lname, gmsh_argv);
    struct stat sb;
    if (st != 0 || stat(msh, &sb) != 0) {
        log_tail(log, 15);
        return cwb_fail(msg, n, CWB_EFAIL, "gmsh failed on %s (exit status %d; log above)",
                        geo, st);
    }
    rc = cwb_mesh_read(m, msh, msg, n);
    if (rc)
        return rc == CWB_EINPUT ? CWB_EFAIL : rc;
    f = output_open(inp, &rc, msg, n);
    if (f) {
        rc = ms->model == 0 ? cwb_halfround_deck(f, m, ms->h, msg, n)
                            : cwb_cylinders_deck(f, m, ms->c, msg, n);
        output_close(f, inp, &rc, msg, n);
    }
    if (rc) {
        cwb_mesh_free(m);
        return rc;
    }
    snprintf(lname, sizeof lname, "%s_ccx.log", tag);
    snprintf(log, sizeof log, "%s/%s", dir, lname);
    remove(dat);
    char tagbuf[96];
    snprintf(tagbuf, sizeof tagbuf, "%s", tag);
    char *ccx_argv[] = {"ccx", "-i", tagbuf, NULL};
    st = run_tool(dir, lname, ccx_argv);
    if (st != 0 || log_has_error(log)) {
        log_tail(log, 15);
        cwb_mesh_free(m);
        return cwb_fail(msg, n, CWB_EFAIL, "ccx failed on %s (exit status %d%s; log above)", inp,
                        st, st == 0 ? ", *ERROR in its log" : "");
    }
    return CWB_OK;
}

/* Mesh, deck, solve and parse one half-round point. */
static int halfround_point(const char *dir, const char *tag, halfround_run *r, char *msg,
                           size_t n)
{
    model_spec ms = {.model = 0, .h = &r->h};
    cwb_mesh m;
    int rc = mesh_and_solve(dir, tag, &ms, &m, msg, n);
    if (rc)
        return rc;
    r->elements = m.ntri;
    r->nodes = m.nnode;
    r->h_min = cwb_mesh_min_size(&m);
    cwb_mesh_free(&m);
    char dat[PATH_LEN + 64], log[PATH_LEN + 64];
    snprintf(dat, sizeof dat, "%s/%s.dat", dir, tag);
    snprintf(log, sizeof log, "%s/%s_ccx.log", dir, tag);
    if ((rc = cwb_halfround_dat(&r->out, dat, msg, n))) {
        log_tail(log, 15);
        return CWB_EFAIL;
    }
    return CWB_OK;
}

/* The point's results from its .dat: approach u_z (positive towards the
 * centre), u_x, w; and the reactions' equilibrium error. */
typedef struct {
    double uz, ux, w, reaction_error;
} halfround_result;

static halfround_result halfround_eval(const cwb_halfround *h, const cwb_halfround_out *o)
{
    halfround_result q;
    q.uz = -(o->top[0][1] - o->centre[0][1]);
    q.ux = o->top[1][0] - o->centre[1][0];
    q.w = cwb_eq20_penalty(h->R, h->a, h->E, h->nu, h->T, q.ux);
    /* step 1: the base carries +N upwards; step 2: -T */
    double e1 = fmax(fabs(o->reaction[0][1] - h->N) / h->N, fabs(o->reaction[0][0]) / h->N);
    double e2 = fmax(fabs(o->reaction[1][0] + h->T) / h->T, fabs(o->reaction[1][1]) / h->T);
    q.reaction_error = fmax(e1, e2);
    return q;
}

/* ------------------------------------------------------------- study */

typedef struct {
    double R, a_over_R, E, nu;
} point;

static size_t study_points(const study_file *s, point **out)
{
    const cwb_values *v = &s->vary;
    double base[V_COUNT] = {s->body.p[B_R], s->body.p[B_A_OVER_R], s->body.p[B_E],
                            s->body.p[B_NU]};
    size_t len[V_COUNT], total = 1;
    for (int k = 0; k < V_COUNT; k++) {
        len[k] = v->list[k].n ? v->list[k].n : 1;
        total *= len[k];
    }
    point *p = malloc(total * sizeof *p);
    if (!p)
        return 0;
    for (size_t i = 0; i < total; i++) {
        size_t rest = i;
        double val[V_COUNT];
        for (int k = V_COUNT - 1; k >= 0; k--) {
            size_t j = rest % len[k];
            rest /= len[k];
            val[k] = v->list[k].n ? v->list[k].v[j] : base[k];
        }
        p[i] = (point){val[V_R], val[V_A_OVER_R], val[V_E], val[V_NU]};
        if (s->body.p[B_E_PLANE] > 0)
            p[i].E = s->body.p[B_E_PLANE] * (1.0 - p[i].nu * p[i].nu);
    }
    *out = p;
    return total;
}

static void list_text(const cwb_values *v, int i, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = 0;
    for (size_t j = 0; j < v->list[i].n && used < n; j++)
        used += (size_t)snprintf(buf + used, n - used, "%s%g", j ? ", " : "", v->list[i].v[j]);
}

/* ---------------------------------------------------------- cylinders */

typedef struct {
    size_t count;
    double *time, *fx, *fz;
    size_t elements, nodes;
    double h_min;
    size_t ntr;             /* traction rows */
    double (*tr)[4];        /* x_deformed, x relative to the centroid, p, q */
    double tr_N, tr_T;      /* integrals of p and q over the strip [N/m] */
} cylinders_run;

static void cylinders_run_free(cylinders_run *r)
{
    free(r->time);
    free(r->fx);
    free(r->fz);
    free(r->tr);
}

/* Prescribed displacements of the upper diameter at total time t. */
static void cylinders_path(const cwb_cylinders *c, double t, double *dn, double *dt)
{
    if (c->together) {
        *dn = c->delta_n * t;
        *dt = c->delta_t * t;
    } else if (t <= 1.0) {
        *dn = c->delta_n * t;
        *dt = 0.0;
    } else if (t <= 2.0) {
        *dn = c->delta_n;
        *dt = c->delta_t_traction * (t - 1.0);
    } else {
        *dn = c->delta_n;
        *dt = c->delta_t_traction + (c->delta_t - c->delta_t_traction) * (t - 2.0);
    }
}

static int cmp_row(const void *a, const void *b)
{
    double x = ((const double *)a)[0], y = ((const double *)b)[0];
    return (x > y) - (x < y);
}

static int cylinders_point(const char *dir, const char *tag, const cwb_cylinders *c,
                           cylinders_run *r, char *msg, size_t n)
{
    model_spec ms = {.model = 1, .c = c};
    cwb_mesh m;
    memset(r, 0, sizeof *r);
    int rc = mesh_and_solve(dir, tag, &ms, &m, msg, n);
    if (rc)
        return rc;
    r->elements = m.ntri;
    r->nodes = m.nnode;
    r->h_min = cwb_mesh_min_size(&m);
    char dat[PATH_LEN + 64], frd[PATH_LEN + 64], log[PATH_LEN + 64];
    snprintf(dat, sizeof dat, "%s/%s.dat", dir, tag);
    snprintf(frd, sizeof frd, "%s/%s.frd", dir, tag);
    snprintf(log, sizeof log, "%s/%s_ccx.log", dir, tag);
    double t_end = c->together ? 1.0 : 3.0, t_tr = c->together ? 1.0 : 2.0;
    rc = cwb_cylinders_dat(dat, &r->time, &r->fx, &r->fz, &r->count, msg, n);
    if (rc == CWB_OK && fabs(r->time[r->count - 1] - t_end) > 1e-6)
        rc = cwb_fail(msg, n, CWB_EFAIL, "%s: the solver stopped at time %g of %g (not "
                      "converged)", dat, r->time[r->count - 1], t_end);
    double *cst = NULL, *disp = NULL;
    if (rc == CWB_OK) {
        cst = malloc(m.nnode * 6 * sizeof *cst);
        disp = malloc(m.nnode * 3 * sizeof *disp);
        r->tr = malloc(m.nnode * sizeof *r->tr);
        if (!cst || !disp || !r->tr)
            rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    }
    if (rc == CWB_OK)
        rc = cwb_frd_block(frd, &m, "CONTACT", t_tr, 6, cst, msg, n);
    if (rc == CWB_OK)
        rc = cwb_frd_block(frd, &m, "DISP", t_tr, 3, disp, msg, n);
    if (rc == CWB_OK) {
        /* slave nodes (upper arc) that carry pressure */
        char *slave = calloc(m.nnode, 1);
        if (!slave)
            rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
        for (size_t l = 0; slave && l < m.nline; l++)
            if (m.line[l][0] == 4)
                for (int j = 1; j <= 3; j++)
                    slave[m.index[m.line[l][j]]] = 1;
        for (size_t i = 0; slave && i < m.nnode; i++)
            if (slave[i] && isfinite(cst[6 * i + 3]) && cst[6 * i + 3] > 0.0 &&
                isfinite(disp[3 * i])) {
                r->tr[r->ntr][0] = m.x[i] + disp[3 * i];
                r->tr[r->ntr][2] = cst[6 * i + 3];
                r->tr[r->ntr][3] = cst[6 * i + 4];
                r->ntr++;
            }
        free(slave);
        if (rc == CWB_OK && r->ntr < 3)
            rc = cwb_fail(msg, n, CWB_EFAIL, "%s: fewer than 3 nodes in contact at time %g", frd,
                          t_tr);
    }
    if (rc == CWB_OK) {
        qsort(r->tr, r->ntr, sizeof *r->tr, cmp_row);
        double sp = 0, sq = 0, sx = 0;
        for (size_t i = 0; i + 1 < r->ntr; i++) {
            double h = r->tr[i + 1][0] - r->tr[i][0];
            sp += 0.5 * h * (r->tr[i][2] + r->tr[i + 1][2]);
            sq += 0.5 * h * (r->tr[i][3] + r->tr[i + 1][3]);
            sx += 0.5 * h * (r->tr[i][0] * r->tr[i][2] + r->tr[i + 1][0] * r->tr[i + 1][2]);
        }
        /* CSHEAR1 is along CalculiX's local tangent, whose sense is its own:
         * the sign is set so that the shear's resultant is the applied T > 0 */
        double sign = sq < 0 ? -1.0 : 1.0, centre = sx / sp;
        for (size_t i = 0; i < r->ntr; i++) {
            r->tr[i][1] = r->tr[i][0] - centre;
            r->tr[i][3] *= sign;
        }
        r->tr_N = sp;
        r->tr_T = fabs(sq);
    }
    free(cst);
    free(disp);
    cwb_mesh_free(&m);
    if (rc) {
        log_tail(log, 15);
        cylinders_run_free(r);
    }
    return rc;
}

/* The reactions (R_x, R_z) of the upper diameter turned into the contact's
 * frame: the bodies' contact is normal to the line of centres, tilted by
 * the tangential offset S from the vertical (2R - delta_n apart), and the
 * model's T and N are along and across that contact. Without the turn the
 * horizontal reaction is T less N sin(tilt) -- 8 % of T at S = 0.025 m.
 * The rigid-body tilt leaves out the bodies' elastic rotation, O(T/(E R)):
 * the tractions CSV's resultants (CPRESS, CSHEAR1, in the contact's own
 * frame) check it. */
static void cylinders_contact_frame(const cwb_cylinders *c, double delta_n, double S, double Rx,
                                    double Rz, double *T, double *N, double *tilt)
{
    *tilt = atan2(S, 2.0 * c->R - delta_n);
    *T = Rx * cos(*tilt) + Rz * sin(*tilt);
    *N = Rz * cos(*tilt) - Rx * sin(*tilt);
}

/* F_x, F_z of a run at time t (linear between increments). */
static void cylinders_at(const cylinders_run *r, double t, double *T, double *N)
{
    size_t k = 0;
    while (k + 1 < r->count && r->time[k + 1] < t)
        k++;
    double u = 0.0;
    if (k + 1 < r->count && r->time[k + 1] > r->time[k])
        u = fmin(1.0, fmax(0.0, (t - r->time[k]) / (r->time[k + 1] - r->time[k])));
    size_t j = k + 1 < r->count ? k + 1 : k;
    *T = r->fx[k] + u * (r->fx[j] - r->fx[k]);
    *N = -(r->fz[k] + u * (r->fz[j] - r->fz[k]));
}

static int cylinders_study(const study_file *s, const char *path, const char *dir,
                           const char *wdir, const char *raw_tmp, const char *raw,
                           const char *gmsh_version, const char *ccx_version, char *msg,
                           size_t n)
{
    const char *name = s->study.text[S_NAME];
    cwb_cylinders c = {.R = s->body.p[B_R], .E = s->body.p[B_E], .nu = s->body.p[B_NU],
                       .mu = s->body.p[B_MU], .delta_n = s->load.p[L_DELTA_N],
                       .delta_t = s->load.p[L_DELTA_T], .together = (int)s->load.p[L_CASE],
                       .delta_t_traction = s->load.p[L_DELTA_T_TRACTION],
                       .fine = s->mesh.p[M_FINE], .coarse = s->mesh.p[M_COARSE],
                       .zone = s->contact.p[C_ZONE], .penalty = s->contact.p[C_PENALTY],
                       .stick = s->contact.p[C_STICK]};
    if (!c.together && !(c.delta_t_traction < c.delta_t))
        return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: [load] delta_t_traction must be below "
                        "delta_t = %g m", path, s->load.given[L_DELTA_T_TRACTION], c.delta_t);
    double refine = s->mesh.p[M_REFINE];
    int progress = isatty(STDERR_FILENO);
    cylinders_run base, fine;
    if (progress)
        fprintf(stderr, "cwb reference %s: solving (contact, several minutes)\n", name);
    int rc = cylinders_point(wdir, "p001", &c, &base, msg, n);
    if (rc)
        return rc;
    int check = refine > 1.0;
    cwb_cylinders cf = c;
    if (check) {
        cf.fine /= refine;
        cf.coarse /= refine;
        if (progress)
            fprintf(stderr, "cwb reference %s: refined mesh\n", name);
        if ((rc = cylinders_point(wdir, "p001_refined", &cf, &fine, msg, n))) {
            cylinders_run_free(&base);
            return rc;
        }
    }
    char from[PATH_LEN + 64], to[PATH_LEN + 64];
    for (int k = 0; k < 1 + check && rc == CWB_OK; k++) {
        snprintf(from, sizeof from, "%s/p001%s.dat", wdir, k ? "_refined" : "");
        snprintf(to, sizeof to, "%s/p001%s.dat", raw_tmp, k ? "_refined" : "");
        if (copy_file(from, to))
            rc = cwb_fail(msg, n, CWB_EFAIL, "cannot copy %s to %s", from, to);
    }
    /* refinement: N at full delta_n, T at the traction output and at the end */
    double t_checks[3] = {c.together ? 0.5 : 1.0, c.together ? 0.2 : 2.0,
                          c.together ? 1.0 : 3.0};
    double change_N = 0, change_T = 0;
    char refinement[512] = "none ([mesh] refine = 1)";
    if (check) {
        for (int k = 0; k < 3; k++) {
            double T0, N0, T1, N1;
            cylinders_at(&base, t_checks[k], &T0, &N0);
            cylinders_at(&fine, t_checks[k], &T1, &N1);
            change_N = fmax(change_N, fabs(N1 / N0 - 1.0));
            if (k > 0)
                change_T = fmax(change_T, fabs(T1 / T0 - 1.0));
        }
        snprintf(refinement, sizeof refinement, "re-run with element sizes / %g (%zu elements, "
                 "smallest %.3g m): largest change of N %.3g %%, of T %.3g %% (at times %g, %g, "
                 "%g); traction resultants %.6g / %.6g N/m", refine, fine.elements, fine.h_min,
                 100 * change_N, 100 * change_T, t_checks[0], t_checks[1], t_checks[2],
                 fine.tr_N, fine.tr_T);
    }
    char csv[2][PATH_LEN + 64], tmp[2][PATH_LEN + 80];
    for (int k = 0; k < 2; k++) {
        snprintf(csv[k], sizeof csv[k], "%s/%s_%s.csv", dir, name, k ? "tractions" : "forces");
        snprintf(tmp[k], sizeof tmp[k], "%s.partial", csv[k]);
    }
    char header[4096];
    snprintf(header, sizeof header,
             "# cwb %s reference: %s (study %s)\n# %s\n"
             "# model: seed 000 Sec. 4.2 (Fig. 10), plane strain: two cylinders of radius R "
             "modelled in halves, lower half-disc clamped along its diameter, the upper one's "
             "diameter displaced (%s); linear elastic, small strain\n"
             "# parameters: R = %g m; E = %g Pa; nu = %g; mu = %g; delta_n = %g m; delta_t = %g "
             "m; delta_t_traction = %g m\n"
             "# contact: CalculiX surface-to-surface, slave = upper arc, master = lower arc "
             "(within %g R of the contact point); linear pressure-overclosure %g Pa/m; Coulomb "
             "mu = %g with stick slope %g Pa/m\n"
             "# mesh: gmsh %s, 6-node plane-strain triangles (CPE6), size %g R within %g R of "
             "the contact growing to %g R; %zu elements, %zu nodes, smallest element %.3g m\n"
             "# solver: CalculiX ccx %s, nonlinear static with automatic increments, thickness 1\n"
             "# refinement check: %s\n"
             "# raw solver output: %s/p001.dat (reactions of the upper diameter per increment)\n",
             CWB_VERSION, name, path, s->study.text[S_TITLE],
             c.together ? "case 2: delta_n and delta_t raised together"
                        : "case 1: delta_n first, then delta_t at fixed delta_n",
             c.R, c.E, c.nu, c.mu, c.delta_n, c.delta_t, c.delta_t_traction, c.zone, c.penalty,
             c.mu, c.stick, gmsh_version, c.fine, c.zone, c.coarse, base.elements, base.nodes,
             base.h_min, ccx_version, refinement, raw);
    FILE *f = output_open(tmp[0], &rc, msg, n);
    if (f) {
        fprintf(f, "%s# rows: every converged increment%s; R_x, R_z = horizontal and vertical "
                   "reaction on the upper diameter (as the solver prints them, R_z > 0 in "
                   "compression); tilt = atan(S / (2R - delta_n)), the line of centres' angle "
                   "from the vertical; F = F_t = T and F_n = N in the contact's frame (normal "
                   "along the line of centres): T = R_x cos(tilt) + R_z sin(tilt), N = R_z "
                   "cos(tilt) - R_x sin(tilt), the frame of the model's T and N; k_secant = F/S\n",
                header, c.together ? "" : " of the tangential phase (delta_t > 0)");
        fprintf(f, "time[-],delta_n[m],S[m],S_over_R[-],xi_t[m],F[N/m],F_t[N/m],F_n[N/m],"
                   "k_secant[N/m^2],R_x[N/m],R_z[N/m],tilt[rad]\n");
        for (size_t i = 0; i < base.count; i++) {
            double dn, dt;
            cylinders_path(&c, base.time[i], &dn, &dt);
            if (!(dt > 0.0))
                continue;
            double Rx = base.fx[i], Rz = -base.fz[i], T, N, tilt;
            cylinders_contact_frame(&c, dn, dt, Rx, Rz, &T, &N, &tilt);
            fprintf(f, "%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g\n",
                    base.time[i], dn, dt, dt / c.R, dt, T, T, N, T / dt, Rx, Rz, tilt);
        }
        output_close(f, tmp[0], &rc, msg, n);
    }
    double Rx_tr, Rz_tr, T_tr, N_tr, dn_tr, dt_tr, tilt_tr;
    cylinders_at(&base, c.together ? 1.0 : 2.0, &Rx_tr, &Rz_tr);
    cylinders_path(&c, c.together ? 1.0 : 2.0, &dn_tr, &dt_tr);
    cylinders_contact_frame(&c, dn_tr, dt_tr, Rx_tr, Rz_tr, &T_tr, &N_tr, &tilt_tr);
    f = output_open(tmp[1], &rc, msg, n);
    if (f) {
        fprintf(f, "%s# tractions on the slave (upper) surface at delta_t = %g m, from the .frd "
                   "(CPRESS, CSHEAR1): nodes in contact; x_deformed = x + u_x, x = x_deformed - "
                   "pressure centroid; q's sign set so that its resultant is +T\n"
                   "# resultants by the trapezoidal rule: N = %.6g N/m, T = %.6g N/m; reactions "
                   "turned into the contact's frame (tilt %.4g rad, see the forces CSV): N = %.6g "
                   "N/m, T = %.6g N/m (horizontal and vertical: %.6g, %.6g N/m)\n",
                header, c.together ? c.delta_t : c.delta_t_traction, base.tr_N, base.tr_T,
                tilt_tr, N_tr, T_tr, Rx_tr, Rz_tr);
        fprintf(f, "x_deformed[m],x[m],p[Pa],q[Pa]\n");
        for (size_t i = 0; i < base.ntr; i++)
            fprintf(f, "%.10g,%.10g,%.10g,%.10g\n", base.tr[i][0], base.tr[i][1], base.tr[i][2],
                    base.tr[i][3]);
        output_close(f, tmp[1], &rc, msg, n);
    }
    cylinders_run_free(&base);
    if (check)
        cylinders_run_free(&fine);
    if (rc) {
        remove(tmp[0]);
        remove(tmp[1]);
        return rc;
    }
    remove_tree(raw);
    if (rename(raw_tmp, raw) != 0 || rename(tmp[0], csv[0]) != 0 || rename(tmp[1], csv[1]) != 0)
        return cwb_fail(msg, n, CWB_EFAIL, "cannot rename the outputs of %s: %s", name,
                        strerror(errno));
    printf("%s, %s: at delta_t = %g m N = %.6g N/m, T = %.6g N/m (contact frame); refinement "
           "changes N by %.3g %%, T by %.3g %%\n", csv[0], csv[1], dt_tr, N_tr, T_tr,
           100 * change_N, 100 * change_T);
    return CWB_OK;
}

int cwb_reference_study(const char *path, const char *dir, const char *work, char *msg, size_t n)
{
    study_file s;
    int rc = study_load(&s, path, msg, n);
    if (rc)
        return rc;
    char full[CWB_TEXT];
    if (!on_path("gmsh", full, sizeof full))
        return cwb_fail(msg, n, CWB_ETOOL, "gmsh not found on PATH: install the Debian package "
                        "gmsh (apt-get install gmsh), or run make reference");
    if (!on_path("ccx", full, sizeof full))
        return cwb_fail(msg, n, CWB_ETOOL, "ccx not found on PATH: install the Debian package "
                        "calculix-ccx (apt-get install calculix-ccx), or run make reference");
    const char *name = s.study.text[S_NAME];
    char wdir[PATH_LEN], raw_tmp[PATH_LEN], raw[PATH_LEN], csv[PATH_LEN], csv_tmp[PATH_LEN];
    snprintf(wdir, sizeof wdir, "%s/%s", work, name);
    snprintf(raw, sizeof raw, "%s/raw/%s", dir, name);
    snprintf(raw_tmp, sizeof raw_tmp, "%s/raw/%s.partial", dir, name);
    snprintf(csv, sizeof csv, "%s/%s.csv", dir, name);
    snprintf(csv_tmp, sizeof csv_tmp, "%s/%s.csv.partial", dir, name);
    remove_tree(raw_tmp);
    if (make_dirs(wdir) || make_dirs(raw_tmp))
        return cwb_fail(msg, n, CWB_EFAIL, "cannot create %s or %s: %s", wdir, raw_tmp,
                        strerror(errno));
    char gmsh_version[128], ccx_version[128];
    char *gv[] = {"gmsh", "--version", NULL}, *cv[] = {"ccx", "-v", NULL};
    tool_version(wdir, gv, gmsh_version, sizeof gmsh_version);
    tool_version(wdir, cv, ccx_version, sizeof ccx_version);

    if (s.study.p[S_MODEL] == 1) {
        rc = cylinders_study(&s, path, dir, wdir, raw_tmp, raw, gmsh_version, ccx_version, msg,
                             n);
        if (rc)
            remove_tree(raw_tmp);
        return rc;
    }
    point *pts = NULL;
    size_t np = study_points(&s, &pts);
    if (!np)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    double refine = s.mesh.p[M_REFINE], tol = s.mesh.p[M_TOLERANCE];
    int check = refine > 1.0;
    enum { NCOL = 19 };
    double *rows = calloc(np * NCOL, sizeof *rows);
    if (!rows) {
        free(pts);
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    }
    int progress = isatty(STDERR_FILENO);
    double worst_change = 0.0, worst_reaction = 0.0, eq17_lo = INFINITY, eq17_hi = -INFINITY;
    size_t el_lo = (size_t)-1, el_hi = 0;
    double h_lo = INFINITY, h_hi = 0.0;
    for (size_t i = 0; i < np && rc == CWB_OK; i++) {
        halfround_run run = {.h = {.R = pts[i].R, .a = pts[i].a_over_R * pts[i].R,
                                   .E = pts[i].E, .nu = pts[i].nu, .N = s.body.p[B_N],
                                   .T = s.body.p[B_T], .base = (cwb_base)s.body.p[B_BASE],
                                   .fine = s.mesh.p[M_FINE], .coarse = s.mesh.p[M_COARSE]}};
        if (progress)
            fprintf(stderr, "\rcwb reference %s: point %zu/%zu", name, i + 1, np);
        char tag[32], from[PATH_LEN + 64], to[PATH_LEN + 64];
        snprintf(tag, sizeof tag, "p%03zu", i + 1);
        if ((rc = halfround_point(wdir, tag, &run, msg, n)))
            break;
        halfround_result q = halfround_eval(&run.h, &run.out), qr = q;
        snprintf(from, sizeof from, "%s/%s.dat", wdir, tag);
        snprintf(to, sizeof to, "%s/%s.dat", raw_tmp, tag);
        if (copy_file(from, to)) {
            rc = cwb_fail(msg, n, CWB_EFAIL, "cannot copy %s to %s", from, to);
            break;
        }
        halfround_run fine = run;
        if (check) {
            fine.h.fine /= refine;
            fine.h.coarse /= refine;
            snprintf(tag, sizeof tag, "p%03zu_refined", i + 1);
            if ((rc = halfround_point(wdir, tag, &fine, msg, n)))
                break;
            qr = halfround_eval(&fine.h, &fine.out);
            snprintf(from, sizeof from, "%s/%s.dat", wdir, tag);
            snprintf(to, sizeof to, "%s/%s.dat", raw_tmp, tag);
            if (copy_file(from, to)) {
                rc = cwb_fail(msg, n, CWB_EFAIL, "cannot copy %s to %s", from, to);
                break;
            }
        }
        if (!isfinite(q.w) || !isfinite(qr.w)) {
            rc = cwb_fail(msg, n, CWB_EFAIL, "point %zu: eq. 20 has no root w in [-10, 10] for "
                          "u_x = %g m", i + 1, q.ux);
            break;
        }
        /* on rollers the tangential load is held by the centre pin alone, so w
         * means nothing there: the check is on the normal approach instead */
        int on_rollers = run.h.base == CWB_BASE_SYMMETRIC;
        double change = on_rollers ? qr.uz / q.uz - 1.0 : qr.w / q.w - 1.0;
        double eq17 = cwb_eq17_displacement(run.h.R, run.h.a, run.h.E, run.h.nu, run.h.N);
        static const double coef[6] = {0.22, 2.89, 0.18, -10.31, 1.75, 0.36}; /* eq. 33 */
        double w33 = cwb_penalty_eq33(coef, pts[i].a_over_R, pts[i].nu);
        double row[NCOL] = {run.h.R, pts[i].a_over_R, run.h.a, run.h.E, run.h.nu, run.h.N,
                            run.h.T, q.uz, eq17, q.uz / eq17 - 1.0, q.ux, q.w, w33, qr.w,
                            change, (double)run.elements, (double)run.nodes, run.h_min,
                            fmax(q.reaction_error, qr.reaction_error)};
        memcpy(rows + NCOL * i, row, sizeof row);
        worst_change = fmax(worst_change, fabs(change));
        worst_reaction = fmax(worst_reaction, row[NCOL - 1]);
        eq17_lo = fmin(eq17_lo, row[9]);
        eq17_hi = fmax(eq17_hi, row[9]);
        el_lo = run.elements < el_lo ? run.elements : el_lo;
        el_hi = run.elements > el_hi ? run.elements : el_hi;
        h_lo = fmin(h_lo, run.h_min);
        h_hi = fmax(h_hi, run.h_min);
    }
    if (progress)
        fprintf(stderr, "\n");
    if (rc == CWB_OK && check && worst_change > tol)
        rc = cwb_fail(msg, n, CWB_EFAIL, "mesh refinement changes the result by %.3g %% (> %.3g %%): "
                      "refine the mesh ([mesh] fine, coarse)", 100 * worst_change, 100 * tol);
    if (rc == CWB_OK) {
        FILE *f = output_open(csv_tmp, &rc, msg, n);
        if (f) {
            char lists[V_COUNT][1024];
            for (int k = 0; k < V_COUNT; k++)
                list_text(&s.vary, k, lists[k], sizeof lists[k]);
            fprintf(f, "# cwb %s reference: %s (study %s)\n", CWB_VERSION, name, path);
            if (s.study.text[S_TITLE][0])
                fprintf(f, "# %s\n", s.study.text[S_TITLE]);
            fprintf(f,
                    "# model: seed 000 Sec. 2.3/4.1 half-round body, plane strain, upper half-disc "
                    "of radius R, top trimmed to a flat |x| <= a; base = %s (%s)\n"
                    "# loading: Hertzian normal traction of resultant N (step 1, alone) and "
                    "tangential traction of resultant T (step 2, alone), applied as consistent "
                    "nodal forces of the quadratic edges (GSL QAGS)\n"
                    "# parameters: R = %g m; a_over_R = %g; E = %g Pa; E_plane = %g Pa "
                    "(0: E given); nu = %g; N = %g N/m; T = %g N/m\n"
                    "# varied (Cartesian product): R = [%s] m; a_over_R = [%s]; E = [%s] Pa; "
                    "nu = [%s]\n",
                    base_words[(int)s.body.p[B_BASE]],
                    s.body.p[B_BASE] == CWB_BASE_FIXED ? "diameter clamped, the paper's model"
                                                      : "diameter on rollers, centre pinned",
                    s.body.p[B_R], s.body.p[B_A_OVER_R], s.body.p[B_E], s.body.p[B_E_PLANE],
                    s.body.p[B_NU], s.body.p[B_N], s.body.p[B_T], lists[V_R],
                    lists[V_A_OVER_R], lists[V_E], lists[V_NU]);
            char refinement[256];
            if (check)
                snprintf(refinement, sizeof refinement, "every point re-run with element sizes "
                         "/ %g: largest |%s| = %.3g %% (criterion %g %%)", refine,
                         s.body.p[B_BASE] == CWB_BASE_FIXED ? "w_refined / w - 1"
                                                            : "u_z_top refined / u_z_top - 1 "
                                                              "(rollers: w is not meaningful)",
                         100 * worst_change, 100 * tol);
            else
                snprintf(refinement, sizeof refinement, "none ([mesh] refine = 1)");
            fprintf(f,
                    "# mesh: gmsh %s, 6-node plane-strain triangles (CalculiX CPE6), size %g a "
                    "on the flat growing to %g R at R/2 from it; %zu..%zu elements; smallest "
                    "element %.3g..%.3g m\n"
                    "# solver: CalculiX ccx %s, linear static, thickness 1 (forces per unit length)\n"
                    "# refinement check: %s\n"
                    "# equilibrium check: largest |base reaction + applied load| / load = %.2g\n"
                    "# eq. 17 check: u_z_top / u_z_eq17 - 1 from %.4g to %.4g\n"
                    "# w: root of seed 000 eq. 20 (GSL Brent) for the FEM u_x_top; w_eq33: the "
                    "paper's eq. 33 at the point\n"
                    "# tolerance: w to %g %% (the refinement criterion)\n"
                    "# raw solver output: %s/pNNN.dat (and pNNN_refined.dat), row NNN\n",
                    gmsh_version, s.mesh.p[M_FINE], s.mesh.p[M_COARSE], el_lo, el_hi, h_lo,
                    h_hi, ccx_version, refinement, worst_reaction, eq17_lo, eq17_hi, 100 * tol, raw);
            fprintf(f, "R[m],a_over_R[-],a[m],E[Pa],nu[-],N[N/m],T[N/m],u_z_top[m],"
                       "u_z_eq17[m],u_z_rel_to_eq17[-],u_x_top[m],w[-],w_eq33[-],w_refined[-],"
                       "refine_change[-],elements[-],nodes[-],h_min[m],reaction_error[-]\n");
            for (size_t i = 0; i < np; i++) {
                const double *r = rows + NCOL * i;
                for (int j = 0; j < NCOL; j++)
                    fprintf(f, j ? ",%.10g" : "%.10g", r[j]);
                fprintf(f, "\n");
            }
            output_close(f, csv_tmp, &rc, msg, n);
        }
    }
    free(rows);
    free(pts);
    if (rc) {
        remove(csv_tmp);
        remove_tree(raw_tmp);
        return rc;
    }
    remove_tree(raw);
    if (rename(raw_tmp, raw) != 0 || rename(csv_tmp, csv) != 0)
        return cwb_fail(msg, n, CWB_EFAIL, "cannot rename %s to %s: %s", csv_tmp, csv,
                        strerror(errno));
    printf("%s: %zu points; largest refinement change %.3g %%\n", csv, np,
           100 * worst_change);
    return CWB_OK;
}

/* peer.c -- `cwb peer`: a collision case in another DEM code beside cwb
 * (cwb_peer.h). The codes' writers and readers are in peer_CODE.c; this
 * file holds the table of codes, the helpers they share, and the command:
 * cwb's converged run, the peer run at its default step and at halved
 * steps, the side-by-side table, the CSVs and the force-time plot.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cwb_contact.h"
#include "cwb_files.h"
#include "cwb_out.h"
#include "cwb_peer.h"

/* The one table of peer codes. */
static const cwb_peer_code *const codes[] = {&cwb_peer_lammps, &cwb_peer_liggghts, &cwb_peer_yade};

size_t cwb_peer_code_count(void)
{
    return sizeof codes / sizeof *codes;
}

const cwb_peer_code *cwb_peer_code_at(size_t i)
{
    return i < cwb_peer_code_count() ? codes[i] : NULL;
}

const cwb_peer_code *cwb_peer_code_find(const char *name)
{
    for (size_t i = 0; i < cwb_peer_code_count(); i++)
        if (strcmp(codes[i]->name, name) == 0)
            return codes[i];
    return NULL;
}

/* A letter or digit of ASCII, whatever the locale. */
static int isalnum_ascii(unsigned char ch)
{
    return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

/* ------------------------------------------------------------------ */
/* What the writers read of a case                                     */

double cwb_peer_number(const cwb_case *c, const char *key)
{
    int i;
    const cwb_values *v = cwb_case_key(c, key, &i);
    if (!v || v->table[i].kind == CWB_PARAM_TEXT || v->table[i].kind == CWB_PARAM_LIST)
        return NAN;
    return v->p[i];
}

const char *cwb_peer_word(const cwb_case *c, const char *key, char *buf, size_t n)
{
    if (cwb_case_value_text(c, key, buf, n) != 0)
        buf[0] = '\0';
    return buf;
}

const char *cwb_peer_law(const cwb_case *c, cwb_kind kind)
{
    return c->law[kind] ? c->law[kind]->name : "none";
}

void cwb_peer_name_laws(const cwb_case *c, cwb_peer_map *m, const char **nl, const char **tl,
                        const char **rl)
{
    *nl = cwb_peer_law(c, CWB_KIND_NORMAL);
    *tl = cwb_peer_law(c, CWB_KIND_TANGENTIAL);
    *rl = cwb_peer_law(c, CWB_KIND_ROLLING);
    snprintf(m->law[CWB_KIND_NORMAL].cwb, sizeof m->law[0].cwb, "normal %s", *nl);
    snprintf(m->law[CWB_KIND_TANGENTIAL].cwb, sizeof m->law[0].cwb, "tangential %s", *tl);
    snprintf(m->law[CWB_KIND_ROLLING].cwb, sizeof m->law[0].cwb, "rolling %s", *rl);
}

void cwb_peer_log_version(const char *log, const char *banner, const char *stop, const char *close,
                          char *out, size_t n)
{
    FILE *f = fopen(log, "r");
    char line[256];
    snprintf(out, n, "%.*s (version not found in %s)", (int)strcspn(banner, " ("), banner, log);
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, banner, strlen(banner)) == 0) {
            line[strcspn(line, stop)] = '\0';
            snprintf(out, n, "%s%s", line, close);
            break;
        }
    if (f)
        fclose(f);
}

double cwb_peer_normal_stiffness(const cwb_case *c, double delta)
{
    cwb_contact ct;
    cwb_normal_out o;
    cwb_kin k = {.delta = delta, .normal = {0, 0, 1}};
    if (cwb_contact_init(&ct, c) != CWB_OK || cwb_contact_normal(&ct, NULL, &k, &o) != CWB_OK)
        return NAN;
    return o.stiffness;
}

double cwb_peer_tsuji_alpha(const cwb_case *c)
{
    const char *law = cwb_peer_law(c, CWB_KIND_DAMPING);
    double e = cwb_peer_number(c, "damping.e"), alpha;
    char w[32];
    int no_tension = strcmp(cwb_peer_word(c, "damping.no_tension", w, sizeof w), "yes") == 0;
    if (strcmp(law, "hertz_restitution") == 0 &&
        strcmp(cwb_peer_word(c, "damping.calibration", w, sizeof w), "liggghts") == 0) {
        double l = log(e); /* LIGGGHTS' beta, alpha = -sqrt(5) beta (viscoelastic.c) */
        return -sqrt(5.0) * l / sqrt(l * l + M_PI * M_PI);
    }
    if (strcmp(law, "tsuji") != 0 && strcmp(law, "hertz_restitution") != 0)
        return NAN;
    char msg[CWB_MSG];
    return cwb_hertz_dashpot_alpha(e, no_tension, &alpha, msg, sizeof msg) == CWB_OK ? alpha : NAN;
}

void cwb_peer_safe_text(const char *text, char *out, size_t n)
{
    size_t k = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p && k + 1 < n; p++)
        out[k++] =
            (*p < 0x80 && (isalnum_ascii(*p) || strchr(" ._+-=*/^(),:;<>", *p))) ? (char)*p : '_';
    if (n)
        out[k] = '\0';
}

void cwb_peer_python_string(const char *text, char *out, size_t n)
{
    size_t k = 0;
    if (n < 3)
        return;
    out[k++] = '\'';
    for (const unsigned char *p = (const unsigned char *)text; *p && k + 6 < n; p++) {
        if (*p < 0x80 && (isalnum_ascii(*p) || strchr(" ._+-", *p)))
            out[k++] = (char)*p;
        else
            k += (size_t)snprintf(out + k, n - k, "\\x%02x", *p);
    }
    out[k++] = '\'';
    out[k] = '\0';
}

void cwb_peer_write_mapping(FILE *f, const cwb_peer_map *m, const char *prefix)
{
    for (int k = 0; k < CWB_KIND_COUNT; k++) {
        char a[128], b[300], c[600];
        cwb_peer_safe_text(m->law[k].cwb, a, sizeof a);
        cwb_peer_safe_text(m->law[k].peer, b, sizeof b);
        fprintf(f, "%s%s -> %s\n", prefix, a, b);
        if (m->law[k].note[0]) {
            cwb_peer_safe_text(m->law[k].note, c, sizeof c);
            fprintf(f, "%s    (%s)\n", prefix, c);
        }
    }
}

/* ------------------------------------------------------------------ */
/* The two spheres                                                     */

/* The collision's relative velocity (body 1 w.r.t. body 2) and spins, as
 * src/drivers/collision.c reads its keys. */
static void case_motion(const cwb_case *c, cwb_vec3 *u, cwb_vec3 *w1, cwb_vec3 *w2)
{
    double speed = cwb_peer_number(c, "driver.impact_speed"), vn, vt;
    if (speed > 0.0) {
        double a = cwb_peer_number(c, "driver.impact_angle_deg") * M_PI / 180.0;
        vn = speed * cos(a);
        vt = speed * sin(a);
    } else {
        vn = cwb_peer_number(c, "driver.v_normal");
        vt = cwb_peer_number(c, "driver.v_tangential");
    }
    *u = cwb_v3(vt, 0, vn);
    *w1 =
        cwb_v3(0, cwb_peer_number(c, "driver.omega1"), cwb_peer_number(c, "driver.omega1_normal"));
    *w2 =
        cwb_v3(0, cwb_peer_number(c, "driver.omega2"), cwb_peer_number(c, "driver.omega2_normal"));
}

/* One (E, nu) for both bodies whose mixing gives E* and G*:
 * G* : E* = (1 - nu) / (2 (2 - nu)) fixes nu, then E = 2 (1 - nu^2) E*. */
static int equivalent_material(const cwb_case *c, cwb_peer_bodies *b, char *msg, size_t n)
{
    const cwb_body *b1 = &c->pair.body[0], *b2 = &c->pair.body[1];
    if (b1->E == b2->E && b1->nu == b2->nu) {
        b->E = b1->E;
        b->nu = b1->nu;
        return CWB_OK;
    }
    double r = b->G_star / b->E_star;
    b->nu = (1.0 - 4.0 * r) / (1.0 - 2.0 * r);
    b->E = 2.0 * (1.0 - b->nu * b->nu) * b->E_star;
    if (!(b->nu > -1.0 && b->nu < 0.5))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "no single material (E, nu) gives this pair's E* and G* (G*/E* = %g)", r);
    return CWB_OK;
}

int cwb_peer_bodies_of(const cwb_case *c, cwb_peer_bodies *b, char *msg, size_t n)
{
    memset(b, 0, sizeof *b);
    if (strcmp(c->driver->name, "collision") != 0)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: cwb peer runs collision cases (driver type = collision), not %s",
                        c->file, c->driver->name);
    for (int i = 0; i < 2; i++)
        if (c->pair.body[i].shape != CWB_SHAPE_SPHERE)
            return cwb_fail(msg, n, CWB_EINPUT,
                            "%s: cwb peer writes two spheres; body%d is a %s (a sphere-wall "
                            "collision is not mapped to the peers)",
                            c->file, i + 1, cwb_shape_name(c->pair.body[i].shape));
    cwb_vec3 u;
    case_motion(c, &u, &b->w[0], &b->w[1]);
    for (int i = 0; i < 2; i++) {
        b->radius[i] = c->pair.body[i].radius;
        b->density[i] = c->pair.body[i].density;
        b->mass[i] = c->pair.body[i].mass;
    }
    double m = b->mass[0] + b->mass[1];
    b->v[0] = cwb_v3_scale(u, b->mass[1] / m);
    b->v[1] = cwb_v3_scale(u, -b->mass[0] / m);
    b->E_star = c->pair.E_star;
    b->G_star = c->pair.G_star;
    b->R_star = c->pair.R_star;
    b->m_star = c->pair.m_star;
    return equivalent_material(c, b, msg, n);
}

/* ------------------------------------------------------------------ */
/* Outcomes                                                            */

enum {
    O_UN = CWB_PEER_U_NORMAL,
    O_UT = CWB_PEER_U_TANGENTIAL,
    O_EN = CWB_PEER_RESTITUTION,
    O_ET = CWB_PEER_RESTITUTION_T,
    O_W1 = CWB_PEER_OMEGA1,
    O_W2 = CWB_PEER_OMEGA2,
    O_TC = CWB_PEER_CONTACT_TIME,
    O_DMAX = CWB_PEER_MAX_OVERLAP,
    O_FMAX = CWB_PEER_MAX_FORCE,
    O_COUNT = CWB_PEER_OUTCOMES
};
static const struct {
    const char *name, *unit, *label;
} outcome[O_COUNT] = {
    {"u_normal_after", "m/s", "u_n' [m/s]"},
    {"u_tangential_after", "m/s", "u_t' [m/s]"},
    {"restitution_normal", "-", "e_n [-]"},
    {"restitution_tangential", "-", "e_t [-]"},
    {"omega1_after", "rad/s", "omega1' [rad/s]"},
    {"omega2_after", "rad/s", "omega2' [rad/s]"},
    {"contact_time", "s", "t_c [s]"},
    {"max_overlap", "m", "delta_max [m]"},
    {"max_normal_force", "N", "F_max [N]"},
};

/* cwb's outcome: its results, and the largest normal force with damping
 * (F_n + F_damp_n) over its rows. */
static void cwb_outcome(const cwb_result *r, double *v)
{
    for (int q = 0; q < O_COUNT; q++)
        v[q] = cwb_result_get(r, outcome[q].name);
    int jn = cwb_series_find(&r->series, "F_n"), jd = cwb_series_find(&r->series, "F_damp_n");
    if (jn < 0 || jd < 0)
        return;
    double top = -INFINITY;
    for (size_t i = 0; i < r->series.nrow; i++)
        top = fmax(top, r->series.col[jn].v[i] + r->series.col[jd].v[i]);
    v[O_FMAX] = fmax(top, v[O_FMAX]);
}

/* The unit normal (1 -> 2) at time ts between rows a and b = a + 1,
 * from the centres interpolated linearly. */
static cwb_vec3 normal_between(const cwb_body_row *a, const cwb_body_row *b, double ts)
{
    double s = b->t > a->t ? (ts - a->t) / (b->t - a->t) : 1.0;
    cwb_vec3 da = cwb_v3_sub(a->x[1], a->x[0]), db = cwb_v3_sub(b->x[1], b->x[0]);
    cwb_vec3 d = cwb_v3_add(cwb_v3_scale(da, 1.0 - s), cwb_v3_scale(db, s));
    return cwb_v3_scale(d, 1.0 / cwb_v3_norm(d));
}

/* The peer's outcome from its trace, with cwb's definitions
 * (src/drivers/collision.c): u the velocity of body 1 relative to body 2
 * after the contact (the last row: no force acts after it), the normal
 * restitution along the normal where the contact ended, the tangential
 * one along +x; the contact ends where the overlap (linear between steps)
 * returns to zero, or for an adhesive law after the last step with a
 * force. *contact_steps counts the steps with a force. */
void cwb_peer_outcome(const cwb_peer_bodies *b, const cwb_body_trace *t, int adhesive, double *v,
                      long *contact_steps)
{
    const cwb_body_row *end = &t->row[t->n - 1];
    cwb_vec3 u0 = cwb_v3_sub(b->v[0], b->v[1]), u1 = cwb_v3_sub(end->v[0], end->v[1]);
    cwb_vec3 nrm = cwb_v3(0, 0, 1);
    v[O_UN] = -u1.z;
    v[O_UT] = u1.x;
    v[O_ET] = u0.x != 0.0 ? u1.x / u0.x : NAN;
    v[O_W1] = end->w[0].y;
    v[O_W2] = end->w[1].y;
    v[O_DMAX] = v[O_FMAX] = 0.0;
    v[O_TC] = NAN;
    *contact_steps = 0;
    double prev = 0.0;
    for (size_t i = 0; i < t->n; i++) {
        const cwb_body_row *r = &t->row[i];
        cwb_vec3 di = cwb_v3_sub(r->x[1], r->x[0]);
        double dist = cwb_v3_norm(di);
        double delta = b->radius[0] + b->radius[1] - dist;
        double fn = -cwb_v3_dot(r->f[0], cwb_v3_scale(di, 1.0 / dist));
        int force = cwb_v3_norm(r->f[0]) > 0.0;
        *contact_steps += force;
        v[O_DMAX] = fmax(v[O_DMAX], delta);
        v[O_FMAX] = fmax(v[O_FMAX], fn);
        if (!adhesive && i > 0 && prev > 0.0 && delta <= 0.0) {
            v[O_TC] = t->row[i - 1].t + (r->t - t->row[i - 1].t) * prev / (prev - delta);
            nrm = normal_between(&t->row[i - 1], r, v[O_TC]);
        }
        if (adhesive && force) {
            v[O_TC] = r->t;
            nrm = cwb_v3_scale(di, 1.0 / dist);
        }
        prev = delta;
    }
    v[O_EN] = -cwb_v3_dot(u1, nrm) / u0.z;
}

/* The tangential force on body 1 along the initial slip direction of body
 * 2 relative to body 1 (cwb's column F_t), and the normal force. */
static void peer_forces(const cwb_peer_bodies *b, const cwb_body_row *r, double *fn, double *ft)
{
    cwb_vec3 d = cwb_v3_sub(r->x[1], r->x[0]);
    cwb_vec3 nrm = cwb_v3_scale(d, 1.0 / cwb_v3_norm(d));
    *fn = -cwb_v3_dot(r->f[0], nrm);
    cwb_vec3 tang = cwb_v3_add(r->f[0], cwb_v3_scale(nrm, *fn));
    /* slip of 2 relative to 1 at first touch: -(u + n x (r1 w1 + r2 w2))_t
     * with n = -z the LAMMPS normal; +x when it is zero */
    cwb_vec3 wr =
        cwb_v3_add(cwb_v3_scale(b->w[0], b->radius[0]), cwb_v3_scale(b->w[1], b->radius[1]));
    cwb_vec3 u = cwb_v3_sub(b->v[0], b->v[1]);
    cwb_vec3 vtr = cwb_v3_add(cwb_v3(u.x, u.y, 0), cwb_v3_cross(cwb_v3(0, 0, -1), wr));
    double s = cwb_v3_norm(vtr);
    cwb_vec3 hat = s > 0 ? cwb_v3_scale(vtr, -1.0 / s) : cwb_v3(1, 0, 0);
    *ft = cwb_v3_dot(tang, hat);
}

/* ------------------------------------------------------------------ */
/* The command                                                         */

#define MAX_LEVELS 12

typedef struct {
    double dt;
    long steps, contact_steps;
    double v[O_COUNT];
    char folder[CWB_TEXT + 96];
} level;

typedef struct {
    const cwb_peer_request *req;
    const cwb_peer_code *code;
    const cwb_log *log;
    cwb_case *c;
    cwb_peer_bodies b;
    cwb_peer_map m;
    cwb_result r; /* cwb's run */
    double cwb[O_COUNT];
    level lv[MAX_LEVELS];
    int nlv;
    int adhesive;
    char version[160];
    char stem[CWB_TEXT + 64]; /* DIR/NAME_CODE */
    char base[256];           /* NAME_CODE */
} peer_job;

/* The time step most DEM practice starts from: 20 % of the Rayleigh wave's
 * crossing time of the smaller sphere, pi R sqrt(rho/G)/(0.1631 nu +
 * 0.8766) (the rule EDEM sets by default and LIGGGHTS warns beyond). */
static double default_step(const cwb_case *c)
{
    double t = INFINITY;
    for (int i = 0; i < 2; i++) {
        const cwb_body *b = &c->pair.body[i];
        double g = b->E / (2.0 * (1.0 + b->nu));
        t = fmin(t, M_PI * b->radius * sqrt(b->density / g) / (0.1631 * b->nu + 0.8766));
    }
    return 0.2 * t;
}

/* The case, with cwb's rows made dense enough (20000) that the largest
 * normal force with damping, read from them, is right to about 1e-8. */
static int load_case(peer_job *j, char *msg, size_t n)
{
    const cwb_peer_request *q = j->req;
    const char **over = calloc(q->nsets + 1, sizeof *over);
    if (!over || !(j->c = cwb_case_new())) {
        free(over);
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    }
    over[0] = "driver.rows=20000";
    for (size_t i = 0; i < q->nsets; i++)
        over[i + 1] = q->sets[i];
    int rc = cwb_case_load(j->c, q->path, over, q->nsets + 1, msg, n);
    free(over);
    return rc;
}

/* The peer's trace as a CSV beside its files: t, delta_n, F_n, F_t. */
static int write_trace_csv(const peer_job *j, const level *l, const cwb_body_trace *t, char *msg,
                           size_t n)
{
    char path[CWB_TEXT + 128];
    snprintf(path, sizeof path, "%s/forces.csv", l->folder);
    cwb_output o;
    int rc = cwb_output_open(&o, path, msg, n);
    if (rc != CWB_OK)
        return rc;
    fprintf(o.f,
            "# %s, time step %.6g s: the normal force (damping included) and the "
            "tangential force on body 1 along the first slip direction\n",
            j->version, l->dt);
    fprintf(o.f, "t[s],delta_n[m],F_n[N],F_t[N]\n");
    for (size_t i = 0; i < t->n; i++) {
        const cwb_body_row *r = &t->row[i];
        double fn, ft;
        peer_forces(&j->b, r, &fn, &ft);
        cwb_vec3 d = cwb_v3_sub(r->x[1], r->x[0]);
        fprintf(o.f, "%.12g,%.12g,%.12g,%.12g\n", r->t,
                j->b.radius[0] + j->b.radius[1] - cwb_v3_norm(d), fn, ft);
    }
    return cwb_output_commit(&o, msg, n);
}

/* One file of the peer's input into level l's folder. */
static int write_file(const peer_job *j, const level *l, const char *name, int data, char *msg,
                      size_t n)
{
    char path[CWB_TEXT + 160];
    snprintf(path, sizeof path, "%s/%s", l->folder, name);
    cwb_output o;
    int rc = cwb_output_open(&o, path, msg, n);
    if (rc != CWB_OK)
        return rc;
    cwb_peer_run run = {.dt = l->dt, .steps = l->steps};
    rc = data ? j->code->write_data(o.f, j->c, &j->b)
              : j->code->write(o.f, j->c, &j->b, &j->m, &run);
    if (rc != CWB_OK) {
        cwb_output_abort(&o);
        return cwb_fail(msg, n, CWB_EFAIL, "cannot write %s", path);
    }
    return cwb_output_commit(&o, msg, n);
}

/* The peer's input for level l into its folder. */
static int write_input(const peer_job *j, const level *l, char *msg, size_t n)
{
    int rc = cwb_make_dirs(l->folder, msg, n);
    if (rc == CWB_OK && j->code->data)
        rc = write_file(j, l, j->code->data, 1, msg, n);
    if (rc == CWB_OK)
        rc = write_file(j, l, j->code->script, 0, msg, n);
    return rc;
}

/* Run the peer in level l's folder and read what it did. */
static int run_level(peer_job *j, level *l, char *msg, size_t n)
{
    const cwb_peer_code *code = j->code;
    int rc = write_input(j, l, msg, n);
    if (rc != CWB_OK || j->req->write_only)
        return rc;
    char *argv[16] = {(char *)code->program};
    int a = 1;
    for (const char *const *p = code->args; *p && a < 15; p++)
        argv[a++] = (char *)*p;
    argv[a] = NULL;
    char log[CWB_TEXT + 160], trace[CWB_TEXT + 160];
    snprintf(log, sizeof log, "%s/screen.log", l->folder);
    snprintf(trace, sizeof trace, "%s/%s", l->folder, code->trace);
    int st = cwb_spawn(argv, l->folder, log);
    if (!j->version[0])
        code->version(log, j->version, sizeof j->version);
    cwb_body_trace t;
    if (st == 0 || (rc = code->read(trace, l->dt, &t, msg, n)) != CWB_OK ||
        t.row[t.n - 1].step != l->steps) {
        if (st != 0)
            return cwb_fail(msg, n, CWB_EFAIL, "%s failed (exit status %d): see %s", code->program,
                            st, log);
        if ((rc = code->read(trace, l->dt, &t, msg, n)) != CWB_OK)
            return rc;
    } else /* every step is there: an error after the last one (LAMMPS's
            * JKR ends its run with "Neighbor history overflow") */
        cwb_logf(j->log, CWB_LOG_WARN,
                 "%s exited with status %d after its last step (%s); its trace is complete and "
                 "read\n",
                 code->program, st, log);
    const cwb_body_row *end = &t.row[t.n - 1];
    if (cwb_v3_norm(end->f[0]) > 0.0)
        rc = cwb_fail(msg, n, CWB_EFAIL, "%s: the contact had not ended after %ld steps (see %s)",
                      code->name, l->steps, trace);
    if (rc == CWB_OK) {
        cwb_peer_outcome(&j->b, &t, j->adhesive, l->v, &l->contact_steps);
        rc = write_trace_csv(j, l, &t, msg, n);
    }
    cwb_body_trace_free(&t);
    return rc;
}

/* cwb's run, then every level of the sweep. */
static int run_all(peer_job *j, char *msg, size_t n)
{
    int rc = cwb_run_case(j->c, &j->r, msg, n);
    if (rc != CWB_OK)
        return rc;
    cwb_outcome(&j->r, j->cwb);
    j->adhesive = (j->c->law[CWB_KIND_NORMAL]->flags & CWB_LAW_ADHESIVE) != 0;
    double dt0 = j->req->dt > 0 ? j->req->dt : default_step(j->c);
    double tc = j->cwb[O_TC];
    if (!isfinite(tc))
        return cwb_fail(msg, n, CWB_EFAIL, "cwb's run has no contact time to size the peer's");
    for (int k = 0; k < j->nlv && rc == CWB_OK; k++) {
        level *l = &j->lv[k];
        l->dt = dt0 / (double)(1L << k);
        l->steps = (long)ceil((j->adhesive ? 3.0 : 1.5) * tc / l->dt) + 20;
        snprintf(l->folder, sizeof l->folder, "%s/dt%d", j->stem, k);
        cwb_logf(j->log, CWB_LOG_PROGRESS, "[%d/%d] %s at dt = %.4g s", k + 1, j->nlv,
                 j->code->name, l->dt);
        rc = run_level(j, l, msg, n);
    }
    return rc;
}

/* The peer's value against cwb's: relative to |cwb| (NaN where cwb's is 0
 * or either is undefined). */
static double deviation(double peer, double cwb)
{
    return isfinite(peer) && isfinite(cwb) && cwb != 0.0 ? (peer - cwb) / fabs(cwb) : NAN;
}

static void write_head(FILE *f, const peer_job *j)
{
    char when[32];
    time_t now = time(NULL);
    strftime(when, sizeof when, "%Y-%m-%d", gmtime(&now));
    fprintf(f, "# cwb peer %s --code %s (cwb %s), %s\n", j->c->file, j->code->name, CWB_VERSION,
            when);
    fprintf(f, "# peer: %s (Debian package %s)\n", j->version, j->code->package);
    cwb_peer_write_mapping(f, &j->m, "# mapping: ");
    for (int q = 0; q < O_COUNT; q++)
        fprintf(f, "# cwb: %s = %.12g %s\n", outcome[q].name, j->cwb[q], outcome[q].unit);
    fprintf(f, "# cwb: dt = %.6g s (RK4, dt = auto to dt_tol)\n", cwb_result_get(&j->r, "dt"));
}

/* DIR/NAME_CODE.csv: one row per peer step. */
static int write_sweep(const peer_job *j, char *msg, size_t n)
{
    char path[CWB_TEXT + 96];
    snprintf(path, sizeof path, "%s.csv", j->stem);
    cwb_output o;
    int rc = cwb_output_open(&o, path, msg, n);
    if (rc != CWB_OK)
        return rc;
    write_head(o.f, j);
    fprintf(o.f, "# dev_X: (peer - cwb)/|cwb|; empty where cwb's X is 0 or undefined\n");
    fprintf(o.f, "dt[s],contact_steps[-]");
    for (int q = 0; q < O_COUNT; q++)
        fprintf(o.f, ",%s[%s]", outcome[q].name, outcome[q].unit);
    for (int q = 0; q < O_COUNT; q++)
        fprintf(o.f, ",dev_%s[-]", outcome[q].name);
    fputc('\n', o.f);
    for (int k = 0; k < j->nlv; k++) {
        const level *l = &j->lv[k];
        fprintf(o.f, "%.12g,%ld", l->dt, l->contact_steps);
        for (int q = 0; q < O_COUNT; q++)
            isfinite(l->v[q]) ? fprintf(o.f, ",%.12g", l->v[q]) : fprintf(o.f, ",");
        for (int q = 0; q < O_COUNT; q++) {
            double d = deviation(l->v[q], j->cwb[q]);
            isfinite(d) ? fprintf(o.f, ",%.6g", d) : fprintf(o.f, ",");
        }
        fputc('\n', o.f);
    }
    return cwb_output_commit(&o, msg, n);
}

static int write_cwb_run(const peer_job *j, char *msg, size_t n)
{
    char path[CWB_TEXT + 96];
    snprintf(path, sizeof path, "%s_cwb.csv", j->stem);
    cwb_output o;
    int rc = cwb_output_open(&o, path, msg, n);
    if (rc != CWB_OK)
        return rc;
    cwb_record rec = {.command = j->req->command, .plot = j->req->plot};
    if (cwb_write_csv(o.f, j->c, &j->r, &rec) != CWB_OK) {
        cwb_output_abort(&o);
        return cwb_fail(msg, n, CWB_EFAIL, "cannot write %s", path);
    }
    return cwb_output_commit(&o, msg, n);
}

/* One curve of the plot: FILE using X:Y with STYLE title TITLE. */
static int plot_curve(FILE *f, int first, const char *file, const char *cols, const char *style,
                      const char *title)
{
    char qf[CWB_TEXT + 64], qt[512];
    if (cwb_gp_quote(qf, sizeof qf, file) != 0 || cwb_gp_quote(qt, sizeof qt, title) != 0)
        return -1;
    fprintf(f, "%s%s using %s with %s title %s", first ? "plot " : ", \\\n     ", qf, cols, style,
            qt);
    return 0;
}

/* DIR/NAME_CODE.gp: the normal and tangential force against time, cwb's
 * (lines) and the peer's at its first and last step (points). */
static int write_plot(const peer_job *j, char *msg, size_t n)
{
    char path[CWB_TEXT + 96], cwbf[300], t0[300], t1[300], title[400], lab[3][200];
    snprintf(path, sizeof path, "%s.gp", j->stem);
    snprintf(cwbf, sizeof cwbf, "%s_cwb.csv", j->base);
    snprintf(t0, sizeof t0, "%s/dt0/forces.csv", j->base);
    snprintf(t1, sizeof t1, "%s/dt%d/forces.csv", j->base, j->nlv - 1);
    snprintf(title, sizeof title, "%s: cwb and %s", j->c->name, j->version);
    snprintf(lab[0], sizeof lab[0], "cwb (RK4, dt = %.3g s)", cwb_result_get(&j->r, "dt"));
    snprintf(lab[1], sizeof lab[1], "%s, dt = %.3g s", j->code->name, j->lv[0].dt);
    snprintf(lab[2], sizeof lab[2], "%s, dt = %.3g s", j->code->name, j->lv[j->nlv - 1].dt);
    cwb_output o;
    int rc = cwb_output_open(&o, path, msg, n), bad = 0;
    if (rc != CWB_OK)
        return rc;
    FILE *f = o.f;
    bad |= cwb_gp_style_begin(f, j->base);
    bad |= cwb_gp_style_axis(f, 'x', "t", "s");
    bad |= cwb_gp_style_axis(f, 'y', "force", "N");
    bad |= cwb_gp_style_title(f, title);
    fprintf(f, "set datafile separator ','\n");
    char n0[240], n1[240], t0n[240], t1n[240];
    snprintf(n0, sizeof n0, "F_n %s", lab[0]);
    snprintf(n1, sizeof n1, "F_t %s, tangential law alone", lab[0]);
    snprintf(t0n, sizeof t0n, "F_n %s", lab[1]);
    snprintf(t1n, sizeof t1n, "F_n %s", lab[2]);
    bad |= plot_curve(f, 1, cwbf, "1:($3+$5)", "lines lt 1", n0);
    bad |= plot_curve(f, 0, cwbf, "1:4", "lines lt 2", n1);
    bad |= plot_curve(f, 0, t0, "1:3", "points lt 3 pt 6", t0n);
    bad |= plot_curve(f, 0, t1, "1:3", "lines lt 4 dt 2", t1n);
    snprintf(t0n, sizeof t0n, "F_t %s", lab[1]);
    snprintf(t1n, sizeof t1n, "F_t %s", lab[2]);
    bad |= plot_curve(f, 0, t0, "1:4", "points lt 5 pt 4", t0n);
    bad |= plot_curve(f, 0, t1, "1:4", "lines lt 6 dt 2", t1n);
    fprintf(f, "\n");
    cwb_gp_style_legend(f, 6, 60);
    cwb_gp_style_end(f);
    if (bad) {
        cwb_output_abort(&o);
        return cwb_fail(msg, n, CWB_EINPUT, "%s not written: a text cannot be quoted for gnuplot",
                        path);
    }
    rc = cwb_output_commit(&o, msg, n);
    char dir[CWB_TEXT];
    snprintf(dir, sizeof dir, "%s", j->req->dir);
    if (rc == CWB_OK && j->req->plot)
        rc = cwb_plot_render_as(dir, j->base, j->req->format, msg, n);
    else if (rc == CWB_OK) /* the new script is there to render; an older image is not its own */
        rc = cwb_plot_remove_stale(dir, j->base, j->req->format, 0, msg, n);
    return rc;
}

static void print_value(char *out, size_t n, double v)
{
    isfinite(v) ? snprintf(out, n, "%.8g", v) : snprintf(out, n, "-");
}

static void print_deviation(char *out, size_t n, double d)
{
    isfinite(d) ? snprintf(out, n, "%.2e", d) : snprintf(out, n, "-");
}

/* The table: cwb, the peer at its first and last step, deviations; then
 * every step's deviations. */
static void print_table(const peer_job *j)
{
    const cwb_log *log = j->log;
    const level *a = &j->lv[0], *z = &j->lv[j->nlv - 1];
    cwb_logf(log, CWB_LOG_RESULT, "cwb peer: %s in %s\n", j->c->name, j->version);
    for (int k = 0; k < CWB_KIND_COUNT; k++) {
        cwb_logf(log, CWB_LOG_RESULT, "  %-26s -> %s\n", j->m.law[k].cwb, j->m.law[k].peer);
        if (j->m.law[k].note[0])
            cwb_logf(log, CWB_LOG_RESULT, "  %-26s    (%s)\n", "", j->m.law[k].note);
    }
    cwb_logf(log, CWB_LOG_RESULT, "\n%-17s %15s %15s %11s %15s %11s\n", "", "cwb", "peer dt0",
             "dev dt0", "peer finest", "dev finest");
    for (int q = 0; q < O_COUNT; q++) {
        char c0[32], p0[32], p1[32];
        print_value(c0, sizeof c0, j->cwb[q]);
        print_value(p0, sizeof p0, a->v[q]);
        print_value(p1, sizeof p1, z->v[q]);
        char d0[32], d1[32];
        print_deviation(d0, sizeof d0, deviation(a->v[q], j->cwb[q]));
        print_deviation(d1, sizeof d1, deviation(z->v[q], j->cwb[q]));
        cwb_logf(log, CWB_LOG_RESULT, "%-17s %15s %15s %11s %15s %11s\n", outcome[q].label, c0, p0,
                 d0, p1, d1);
    }
    cwb_logf(log, CWB_LOG_RESULT,
             "\nthe peer's step swept, deviation (peer - cwb)/|cwb|:\n%-11s %6s", "dt [s]",
             "steps");
    for (int q = 0; q < O_COUNT; q++)
        cwb_logf(log, CWB_LOG_RESULT, " %10.10s", outcome[q].name);
    cwb_logf(log, CWB_LOG_RESULT, "\n");
    for (int k = 0; k < j->nlv; k++) {
        cwb_logf(log, CWB_LOG_RESULT, "%-11.4g %6ld", j->lv[k].dt, j->lv[k].contact_steps);
        for (int q = 0; q < O_COUNT; q++) {
            char d[32];
            print_deviation(d, sizeof d, deviation(j->lv[k].v[q], j->cwb[q]));
            cwb_logf(log, CWB_LOG_RESULT, " %10s", d);
        }
        cwb_logf(log, CWB_LOG_RESULT, "\n");
    }
}

int cwb_peer(const cwb_peer_request *req, const cwb_log *log, char *msg, size_t n)
{
    peer_job *j = calloc(1, sizeof *j);
    if (!j)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    j->req = req;
    j->log = log;
    cwb_result_init(&j->r);
    j->nlv = req->levels < 1 ? 1 : req->levels > MAX_LEVELS ? MAX_LEVELS : req->levels;
    j->code = cwb_peer_code_find(req->code);
    int rc = j->code ? load_case(j, msg, n)
                     : cwb_fail(msg, n, CWB_EINPUT, "--code %s: expected lammps, liggghts or yade",
                                req->code);
    if (rc == CWB_OK)
        rc = cwb_peer_bodies_of(j->c, &j->b, msg, n);
    if (rc == CWB_OK)
        rc = j->code->map(j->c, &j->b, &j->m, msg, n);
    char full[CWB_TEXT];
    if (rc == CWB_OK && !req->write_only && !cwb_on_path(j->code->program, full, sizeof full))
        rc = cwb_fail(msg, n, CWB_ETOOL,
                      "%s not found on PATH: install Debian's package %s "
                      "(apt-get install %s)",
                      j->code->program, j->code->package, j->code->package);
    if (rc == CWB_OK) {
        snprintf(j->base, sizeof j->base, "%s_%s", j->c->name, j->code->name);
        snprintf(j->stem, sizeof j->stem, "%s/%s", req->dir, j->base);
        rc = cwb_make_dirs(req->dir, msg, n);
    }
    if (rc == CWB_OK)
        rc = run_all(j, msg, n);
    if (rc == CWB_OK && !req->write_only) {
        rc = write_sweep(j, msg, n);
        if (rc == CWB_OK)
            rc = write_cwb_run(j, msg, n);
        if (rc == CWB_OK)
            rc = write_plot(j, msg, n);
        if (rc == CWB_OK)
            print_table(j);
    }
    cwb_result_free(&j->r);
    free(j->c);
    free(j);
    return rc;
}

/* A number of an option: v parsed, within [lo, hi] (whole when integer). */
static int option_number(const char *cmd, const char *opt, const char *v, double lo, double hi,
                         int integer, double *x, char *msg, size_t n)
{
    if (!v || cwb_parse_double(v, x) != 0 || !(*x >= lo && *x <= hi) ||
        (integer && *x != floor(*x)))
        return cwb_fail(msg, n, CWB_EINPUT, "%s: %s %s: expected %s in [%g, %g]", cmd, opt,
                        v ? v : "(nothing)", integer ? "an integer" : "a number", lo, hi);
    return CWB_OK;
}

int cwb_peer_args(int argc, char **argv, cwb_peer_request *req, const char **over, char *msg,
                  size_t n)
{
    *req =
        (cwb_peer_request){.dir = "cwb-out", .levels = 6, .plot = 1, .format = "png", .sets = over};
    int rc = CWB_OK;
    for (int i = 2; rc == CWB_OK && i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        double x;
        if (strcmp(a, "--set") == 0 && v)
            over[req->nsets++] = argv[++i];
        else if (strcmp(a, "--code") == 0 && v)
            req->code = argv[++i];
        else if (strcmp(a, "--out") == 0 && v)
            req->dir = argv[++i];
        else if (strcmp(a, "--format") == 0 && v && cwb_plot_format_ok(v))
            req->format = argv[++i];
        else if (strcmp(a, "--no-plot") == 0)
            req->plot = 0;
        else if (strcmp(a, "--write-only") == 0)
            req->write_only = 1;
        else if (strcmp(a, "--dt") == 0) {
            rc = option_number("peer", a, v, 1e-15, 1.0, 0, &x, msg, n);
            req->dt = x;
            i++;
        } else if (strcmp(a, "--levels") == 0) {
            rc = option_number("peer", a, v, 1, MAX_LEVELS, 1, &x, msg, n);
            req->levels = (int)x;
            i++;
        } else if (a[0] == '-' || req->path)
            rc = cwb_fail(msg, n, CWB_EINPUT, "peer: unexpected argument '%s'", a);
        else
            req->path = a;
    }
    if (rc == CWB_OK && (!req->path || !req->code))
        rc = cwb_fail(msg, n, CWB_EINPUT, "peer: give a CASE and --code lammps|liggghts|yade");
    if (rc == CWB_OK && !cwb_peer_code_find(req->code))
        rc = cwb_fail(msg, n, CWB_EINPUT, "peer: --code %s: expected lammps, liggghts or yade",
                      req->code);
    return rc;
}

/* replay.c -- `cwb replay` (cwb_replay.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cwb_ini.h"
#include "cwb_contact.h"
#include "cwb_files.h"
#include "cwb_out.h"
#include "cwb_replay.h"

int cwb_replay_read(const char *path, double dt, cwb_contact_trace *t, char *msg, size_t n)
{
    int rc = cwb_regular_file(path, "trace", msg, n); /* a FIFO would block fopen */
    if (rc != CWB_OK)
        return rc;
    FILE *f = fopen(path, "r");
    if (!f)
        return cwb_fail(msg, n, CWB_EINPUT, "cannot read %s", path);
    char line[256];
    int dump = 0;
    while (fgets(line, sizeof line, f))
        if (line[0] != '#') {
            dump = strncmp(line, "ITEM:", 5) == 0;
            break;
        }
    fclose(f);
    if (!dump)
        return cwb_trace_read_csv(path, t, msg, n);
    cwb_body_trace b;
    rc = cwb_trace_read_lammps(path, dt, &b, msg, n);
    if (rc == CWB_OK)
        rc = cwb_trace_contact_from_bodies(&b, CWB_TRACE_VERLET_FULL_RADII, t, msg, n);
    if (rc == CWB_OK)
        snprintf(t->source, sizeof t->source, "%s (%s)", path,
                 b.version[0] ? b.version : "a LAMMPS dump");
    cwb_body_trace_free(&b);
    return rc;
}

/* The kinematics of row k for the laws (cwb_law.h's cwb_kin). */
static cwb_kin kinematics_of(const cwb_contact_trace *t, size_t k, double delta0)
{
    const cwb_contact_row *r = &t->row[k];
    cwb_vec3 wrel = cwb_v3_sub(r->omega1, r->omega2);
    cwb_kin kin = {.delta = r->delta,
                   .delta0 = delta0,
                   .delta_rate = r->delta_rate,
                   .normal = r->normal,
                   .dxi_t = r->dxi,
                   .v_t = r->v_t,
                   .omega1 = r->omega1,
                   .omega2 = r->omega2,
                   .omega_rel = wrel,
                   .dtheta = cwb_v3_scale(wrel, r->h),
                   .dt = r->h,
                   .h = r->h};
    return kin;
}

static int add_columns(cwb_series *s)
{
    static const char *names[] = {"t",        "delta",   "F_n_code", "F_n_cwb",
                                  "F_t_code", "F_t_cwb", "dev_n",    "dev_t"};
    static const char *units[] = {"s", "m", "N", "N", "N", "N", "-", "-"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (cwb_series_column(s, names[i], units[i]) < 0)
            return -1;
    return 0;
}

int cwb_replay_trace(const cwb_case *c, const cwb_contact_trace *t, double tol,
                     cwb_replay_summary *s, cwb_series *rows, char *msg, size_t n)
{
    memset(s, 0, sizeof *s);
    s->first_beyond = -1;
    s->max_dev_t = t->has_F_t ? 0.0 : NAN;
    for (size_t k = 0; k < t->n; k++)
        s->force_scale = fmax(s->force_scale, fabs(t->row[k].F_n));
    if (!(s->force_scale > 0))
        return cwb_fail(msg, n, CWB_EINPUT, "%s: the code's normal force is zero throughout",
                        t->source);
    cwb_contact ct;
    if (cwb_contact_init(&ct, c) != CWB_OK || (rows && add_columns(rows) != 0))
        return cwb_fail(msg, n, CWB_EFAIL, "cannot set up the contact");
    int touching = 0;
    double delta0 = 0.0, off = 0.0;
    for (size_t k = 0; k < t->n; k++) {
        const cwb_contact_row *r = &t->row[k];
        double fn = 0.0;
        cwb_vec3 ft = cwb_v3(0, 0, 0);
        if (touching && r->delta <= off) {
            cwb_contact_reset(&ct);
            touching = 0;
        }
        if (touching || r->delta > 0.0) {
            cwb_kin kin = kinematics_of(t, k, touching ? delta0 : 0.0);
            cwb_contact_out o;
            cwb_contact_trial trial;
            if (cwb_contact_eval(&ct, &kin, &o, &trial) != CWB_OK)
                return cwb_fail(msg, n, CWB_EFAIL, "%s: at t = %g s, %s", t->source, r->t,
                                cwb_contact_failure());
            cwb_contact_commit(&ct, &trial);
            touching = 1;
            off = o.n.delta_off;
            delta0 = r->delta;
            fn = o.n.force + o.d.force_n;
            ft = cwb_v3_add(o.t.force, o.d.force_t);
            s->contact++;
        }
        double dn = fabs(fn - r->F_n) / s->force_scale;
        double dt = t->has_F_t ? cwb_v3_norm(cwb_v3_sub(ft, r->F_t)) / s->force_scale : 0.0;
        if (dn > s->max_dev_n) {
            s->max_dev_n = dn;
            s->t_max_n = r->t;
        }
        if (t->has_F_t && dt > s->max_dev_t) {
            s->max_dev_t = dt;
            s->t_max_t = r->t;
        }
        if (s->first_beyond < 0 && (dn > tol || dt > tol)) {
            s->first_beyond = (long)k;
            s->t_first_beyond = r->t;
        }
        double row[] = {r->t, r->delta, r->F_n, fn, cwb_v3_norm(r->F_t), cwb_v3_norm(ft), dn, dt};
        if (rows && cwb_series_row(rows, row) != CWB_OK)
            return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    }
    s->rows = t->n;
    return CWB_OK;
}

static int write_rows(const cwb_replay_request *req, const cwb_case *c, const cwb_result *r,
                      const cwb_contact_trace *t, char *path, size_t np, char *msg, size_t n)
{
    int rc = cwb_make_dirs(req->dir, msg, n);
    if (rc != CWB_OK)
        return rc;
    snprintf(path, np, "%s/%s_replay.csv", req->dir, c->name);
    cwb_output o;
    if ((rc = cwb_output_open(&o, path, msg, n)) != CWB_OK)
        return rc;
    fprintf(o.f, "# cwb replay: the laws of %s driven through the kinematics of %s\n", c->file,
            t->source);
    fprintf(o.f, "# F_t: magnitude of the tangential force on body 1; dev_n, dev_t: |cwb - code| "
                 "/ the code's largest |F_n|\n");
    cwb_record rec = {.command = req->command};
    if (cwb_write_csv(o.f, c, r, &rec) != CWB_OK) {
        cwb_output_abort(&o);
        return cwb_fail(msg, n, CWB_EFAIL, "cannot write %s", path);
    }
    return cwb_output_commit(&o, msg, n);
}

static void print_summary(const cwb_replay_request *req, const cwb_case *c,
                          const cwb_contact_trace *t, const cwb_replay_summary *s,
                          const cwb_log *log)
{
    cwb_logf(log, CWB_LOG_RESULT, "replay: the laws of %s through %s\n", c->name, t->source);
    cwb_logf(log, CWB_LOG_RESULT, "  laws: normal %s, tangential %s, damping %s, rolling %s\n",
             c->law[0]->name, c->law[1]->name, c->law[2]->name, c->law[3]->name);
    cwb_logf(log, CWB_LOG_RESULT, "  steps %zu, in contact %zu, largest |F_n| %.6g N\n", s->rows,
             s->contact, s->force_scale);
    cwb_logf(log, CWB_LOG_RESULT,
             "  F_n: max |cwb - code| = %.3g of the largest force (t = %.6g s)\n", s->max_dev_n,
             s->t_max_n);
    if (isfinite(s->max_dev_t))
        cwb_logf(log, CWB_LOG_RESULT,
                 "  F_t: max |cwb - code| = %.3g of the largest force (t = %.6g s)\n", s->max_dev_t,
                 s->t_max_t);
    else
        cwb_logf(log, CWB_LOG_RESULT, "  F_t: not in the trace\n");
    if (s->first_beyond >= 0)
        cwb_logf(log, CWB_LOG_RESULT, "  first step beyond %.3g: row %ld, t = %.6g s\n", req->tol,
                 s->first_beyond, s->t_first_beyond);
    else
        cwb_logf(log, CWB_LOG_RESULT, "  no step beyond %.3g\n", req->tol);
}

int cwb_replay(const cwb_replay_request *req, const cwb_log *log, char *msg, size_t n)
{
    cwb_case *c = cwb_case_new();
    if (!c)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    cwb_contact_trace t = {0};
    cwb_result r;
    cwb_result_init(&r);
    cwb_replay_summary s;
    char path[CWB_TEXT + 64];
    int rc = cwb_case_load(c, req->path, req->sets, req->nsets, msg, n);
    if (rc == CWB_OK)
        rc = cwb_replay_read(req->trace, req->dt, &t, msg, n);
    if (rc == CWB_OK)
        rc = cwb_replay_trace(c, &t, req->tol, &s, &r.series, msg, n);
    if (rc == CWB_OK)
        rc = write_rows(req, c, &r, &t, path, sizeof path, msg, n);
    if (rc == CWB_OK) {
        print_summary(req, c, &t, &s, log);
        cwb_logf(log, CWB_LOG_NOTE, "cwb: wrote %s\n", path);
    }
    cwb_contact_trace_free(&t);
    cwb_result_free(&r);
    free(c);
    return rc;
}

int cwb_replay_args(int argc, char **argv, cwb_replay_request *req, const char **over, char *msg,
                    size_t n)
{
    *req = (cwb_replay_request){.dir = "cwb-out", .tol = 1e-9, .sets = over};
    int rc = CWB_OK;
    for (int i = 2; rc == CWB_OK && i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        double x = 0;
        if (strcmp(a, "--set") == 0 && v)
            over[req->nsets++] = argv[++i];
        else if (strcmp(a, "--trace") == 0 && v)
            req->trace = argv[++i];
        else if (strcmp(a, "--out") == 0 && v)
            req->dir = argv[++i];
        else if (strcmp(a, "--dt") == 0 || strcmp(a, "--tol") == 0) {
            if (!v || cwb_parse_double(v, &x) != 0 || !(x > 0 && x < 1))
                rc = cwb_fail(msg, n, CWB_EINPUT, "replay: %s %s: expected a number in (0, 1)", a,
                              v ? v : "(nothing)");
            *(a[2] == 'd' ? &req->dt : &req->tol) = x;
            i++;
        } else if (a[0] == '-' || req->path)
            rc = cwb_fail(msg, n, CWB_EINPUT, "replay: unexpected argument '%s'", a);
        else
            req->path = a;
    }
    if (rc == CWB_OK && (!req->path || !req->trace))
        rc = cwb_fail(msg, n, CWB_EINPUT, "replay: give a CASE and --trace FILE");
    return rc;
}

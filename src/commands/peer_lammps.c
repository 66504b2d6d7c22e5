/* peer_lammps.c -- LAMMPS as a peer: `pair_style granular` (Debian's lammps
 * package, LAMMPS 29 Sep 2021 - Update 2), velocity Verlet (`fix
 * nve/sphere`), two atoms, a `dump custom` of both every step.
 *
 * The mapping, law by law (what LAMMPS computes is in its
 * src/GRANULAR/pair_granular.cpp; the LAMMPS documentation of pair_style
 * granular states the same):
 *
 *   cwb                              LAMMPS pair_coeff
 *   normal hertz                     hertz/material E damp nu (E*, G* of the pair)
 *   normal linear (k_n)              hooke k_n damp
 *   normal dmt (w)                   dmt E damp nu w/2      (LAMMPS: 4 pi coh R)
 *   normal jkr (w)                   jkr E damp nu w/2      (LAMMPS ends the contact at
 *                                                           its own pull-off distance)
 *   tangential none                  tangential linear_nohistory 0 0
 *   tangential mindlin, displacement tangential mindlin NULL x mu
 *   tangential mindlin, incremental  tangential mindlin/force NULL x mu (rectangle rule:
 *                                    cwb's quadrature = rectangle is the same sum)
 *   tangential mindlin_rescale       mindlin_rescale or mindlin_rescale/force, as above
 *   tangential direnzo               mindlin/force (2/3) 8 G* x mu
 *   tangential linear (k_t)          linear_history k_t x mu
 *   damping none                     damping viscoelastic, damp = 0
 *   damping tsuji (e)                damping tsuji e' with LAMMPS's polynomial alpha(e')
 *                                    equal to cwb's alpha(e); x = 1 when tangential
 *   damping hertz_restitution        damping tsuji e' for alpha = -sqrt(5) beta;
 *                                    x = sqrt(4 G* / E*) (S_t/S_n) when tangential
 *   damping linear_restitution       damping velocity c = 2 zeta sqrt(m* k_n)
 *   no_tension = yes                 limit_damping
 *   rolling epsd (k_r, mu_r, eta 0)  rolling sds k_r/R*^2 0 mu_r
 *   twist spring_slider, marshall    twisting marshall
 * Refused: every elastic-plastic normal law, the partial-slip tangential
 * laws (mindlin_deresiewicz, lth, rathbone_tangential), constant_torque
 * rolling (it acts on each body's own spin; LAMMPS's rolling acts on the
 * relative rolling), epsd with a dashpot (LAMMPS caps spring and dashpot
 * together at mu_r F_n, Ai et al.'s model C switches the dashpot off at
 * full mobilisation), with k_r = auto (LAMMPS's k_roll is constant) or
 * with a twisting limit other than Marshall's.
 * Differences that remain and are stated with the mapping: LAMMPS's
 * contact-point velocity uses the full radii (cwb: R - delta/2), its
 * friction limit is mu |F_n + F_damping| with the tangential dashpot inside
 * the cap (cwb: mu F_n of the normal law, dashpot outside), and its
 * integrator is velocity Verlet (cwb: RK4 to dt_tol).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cwb_peer.h"

enum { V_E, V_NU, V_DAMP, V_XT };

/* LAMMPS's polynomial fit of Tsuji's alpha to the restitution e
 * (pair_granular.cpp, coeff()). */
static double lammps_tsuji_alpha(double e)
{
    return 1.2728 - 4.2783 * e + 11.087 * e * e - 22.348 * pow(e, 3) + 27.467 * pow(e, 4) -
           18.022 * pow(e, 5) + 4.8218 * pow(e, 6);
}

/* The e' in (0, 1] at which the polynomial gives alpha (bisection: it falls
 * from 1.2728 at 0 to 0.0005 at 1); NaN when alpha is outside that range. */
static double lammps_tsuji_e(double alpha)
{
    double lo = 0.0, hi = 1.0;
    if (!(alpha <= lammps_tsuji_alpha(lo) && alpha >= lammps_tsuji_alpha(hi)))
        return NAN;
    for (int i = 0; i < 200 && hi - lo > 1e-17; i++) {
        double mid = 0.5 * (lo + hi);
        if (lammps_tsuji_alpha(mid) > alpha)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

static int refuse(char *msg, size_t n, const char *kind, const char *law, const char *why)
{
    return cwb_fail(msg, n, CWB_EINPUT, "LAMMPS has no equivalent of %s law %s: %s", kind, law,
                    why);
}

/* The normal law: the model's first words ("%s" for the damping value). */
static int map_normal(const cwb_case *c, const cwb_peer_bodies *b, cwb_peer_map *m, char *head,
                      size_t hn, char *msg, size_t n)
{
    const char *law = cwb_peer_law(c, CWB_KIND_NORMAL);
    cwb_peer_law_map *l = &m->law[CWB_KIND_NORMAL];
    snprintf(l->cwb, sizeof l->cwb, "normal %s", law);
    if (strcmp(law, "hertz") == 0) {
        snprintf(head, hn, "hertz/material %.17g %%s %.17g", b->E, b->nu);
        snprintf(l->peer, sizeof l->peer, "hertz/material E = %.6g Pa, nu = %.6g", b->E, b->nu);
    } else if (strcmp(law, "linear") == 0) {
        double kn = cwb_peer_normal_stiffness(c, 1e-9);
        snprintf(head, hn, "hooke %.17g %%s", kn);
        snprintf(l->peer, sizeof l->peer, "hooke k_n = %.6g N/m", kn);
    } else if (strcmp(law, "dmt") == 0 || strcmp(law, "jkr") == 0) {
        double w = cwb_peer_number(c, "normal.work_of_adhesion");
        snprintf(head, hn, "%s %.17g %%s %.17g %.17g", law, b->E, b->nu, 0.5 * w);
        snprintf(l->peer, sizeof l->peer, "%s E = %.6g Pa, nu = %.6g, cohesion = w/2 = %.6g J/m^2",
                 law, b->E, b->nu, 0.5 * w);
        if (strcmp(law, "jkr") == 0)
            snprintf(l->note, sizeof l->note,
                     "LAMMPS ends a JKR contact at its pull-off distance from a = (9 pi coh R*^2 / "
                     "(4 E))^(1/3) (cwb: at delta_c, where JKR's curve has its end)");
        char fl[32];
        if (strcmp(cwb_peer_word(c, "normal.friction_load", fl, sizeof fl), "offset") != 0)
            return refuse(msg, n, "normal", law,
                          "LAMMPS's friction limit under adhesion is the offset mu |F_n + 2 "
                          "F_pulloff| (set friction_load = offset)");
    } else
        return refuse(
            msg, n, "normal", law,
            "pair granular's normal models are hooke, hertz, hertz/material, dmt and jkr");
    return CWB_OK;
}

/* The mindlin family: displacement or incremental (/force) form. */
static int map_mindlin(const cwb_case *c, const cwb_peer_bodies *b, const char *law,
                       cwb_peer_map *m, char *out, size_t on)
{
    char form[32] = "incremental", quad[32] = "";
    cwb_peer_word(c, "tangential.form", form, sizeof form);
    cwb_peer_word(c, "tangential.quadrature", quad, sizeof quad);
    int direnzo = strcmp(law, "direnzo") == 0;
    int displacement = strcmp(form, "displacement") == 0 && !direnzo;
    const char *model = strcmp(law, "mindlin_rescale") == 0 ? "mindlin_rescale" : "mindlin";
    double mu = cwb_peer_number(c, "tangential.mu");
    int material = strcmp(cwb_peer_law(c, CWB_KIND_NORMAL), "linear") != 0;
    char k[64];
    if (direnzo || !material)
        snprintf(k, sizeof k, "%.17g", (direnzo ? 2.0 / 3.0 : 1.0) * 8.0 * b->G_star);
    else
        snprintf(k, sizeof k, "NULL");
    snprintf(out, on, "tangential %s%s %s %%s %.17g", model, displacement ? "" : "/force", k, mu);
    cwb_peer_law_map *l = &m->law[CWB_KIND_TANGENTIAL];
    snprintf(l->peer, sizeof l->peer, "tangential %s%s %s, mu = %g", model,
             displacement ? "" : "/force", direnzo ? "k = (2/3) 8 G*" : "k = 8 G*", mu);
    if (!displacement && strcmp(quad, "rectangle") != 0)
        snprintf(l->note, sizeof l->note,
                 "LAMMPS sums dF = k_t(end of step) dxi (the rectangle rule, first order); cwb "
                 "integrates the same dF = k_t dxi along the step (quadrature = hermite)");
    return CWB_OK;
}

static int map_tangential(const cwb_case *c, const cwb_peer_bodies *b, cwb_peer_map *m, char *out,
                          size_t on, char *msg, size_t n)
{
    const char *law = cwb_peer_law(c, CWB_KIND_TANGENTIAL);
    cwb_peer_law_map *l = &m->law[CWB_KIND_TANGENTIAL];
    snprintf(l->cwb, sizeof l->cwb, "tangential %s", law);
    if (strcmp(law, "none") == 0) {
        snprintf(out, on, "tangential linear_nohistory %%s 0");
        snprintf(l->peer, sizeof l->peer, "tangential linear_nohistory, mu = 0");
        return CWB_OK;
    }
    if (strcmp(law, "mindlin") == 0 || strcmp(law, "mindlin_rescale") == 0 ||
        strcmp(law, "direnzo") == 0)
        return map_mindlin(c, b, law, m, out, on);
    if (strcmp(law, "linear") == 0) {
        char st[32];
        double kt = cwb_peer_number(c, "tangential.kt");
        if (strcmp(cwb_peer_word(c, "tangential.stiffness", st, sizeof st), "ratio") == 0) {
            if (strcmp(cwb_peer_law(c, CWB_KIND_NORMAL), "linear") != 0)
                return refuse(msg, n, "tangential", law,
                              "k_t = kt_div_kn k_n follows a varying k_n; LAMMPS's linear_history "
                              "stiffness is constant (set stiffness = direct)");
            /* the contact's ratio: the two materials' mean when body 2 has its own */
            double r1 = cwb_peer_number(c, "tangential.kt_div_kn"),
                   r2 = cwb_peer_number(c, "tangential.kt_div_kn2");
            kt = (r2 > 0.0 ? 0.5 * (r1 + r2) : r1) * cwb_peer_normal_stiffness(c, 1e-9);
        }
        /* the contact's friction: the smaller angle when body 2 has its own */
        double mu = cwb_peer_number(c, "tangential.mu"), mu2 = cwb_peer_number(c, "tangential.mu2");
        if (mu2 >= 0.0 && mu2 < mu)
            mu = mu2;
        snprintf(out, on, "tangential linear_history %.17g %%s %.17g", kt, mu);
        snprintf(l->peer, sizeof l->peer, "tangential linear_history k_t = %.6g N/m, mu = %g", kt,
                 mu);
        return CWB_OK;
    }
    return refuse(msg, n, "tangential", law,
                  "pair granular's tangential models are linear_nohistory, linear_history, "
                  "mindlin, mindlin_rescale and their /force forms (no partial slip)");
}

/* The damping law into m->value[V_DAMP] (LAMMPS's damping coefficient) and
 * [V_XT] (its tangential factor x); the keyword into out. */
static int map_damping(const cwb_case *c, const cwb_peer_bodies *b, cwb_peer_map *m, char *out,
                       size_t on, char *msg, size_t n)
{
    const char *law = cwb_peer_law(c, CWB_KIND_DAMPING);
    cwb_peer_law_map *l = &m->law[CWB_KIND_DAMPING];
    snprintf(l->cwb, sizeof l->cwb, "damping %s", law);
    char yes[16] = "no", clamp[16] = "no";
    cwb_peer_word(c, "damping.tangential", yes, sizeof yes);
    cwb_peer_word(c, "damping.no_tension", clamp, sizeof clamp);
    int tangential = strcmp(yes, "yes") == 0, limit = strcmp(clamp, "yes") == 0;
    m->value[V_XT] = 0.0;
    if (strcmp(law, "none") == 0) {
        snprintf(out, on, "damping viscoelastic");
        m->value[V_DAMP] = 0.0;
        snprintf(l->peer, sizeof l->peer, "damping viscoelastic, coefficient 0");
    } else if (strcmp(law, "tsuji") == 0 || strcmp(law, "hertz_restitution") == 0) {
        double alpha = cwb_peer_tsuji_alpha(c), e = cwb_peer_number(c, "damping.e");
        double ep = lammps_tsuji_e(alpha);
        if (!isfinite(ep))
            return refuse(msg, n, "damping", law, "its alpha is outside LAMMPS's alpha(e) fit");
        m->value[V_DAMP] = ep;
        if (tangential)
            m->value[V_XT] = strcmp(law, "tsuji") == 0 ? 1.0 : sqrt(4.0 * b->G_star / b->E_star);
        snprintf(out, on, "damping tsuji%s", limit ? " limit_damping" : "");
        snprintf(l->peer, sizeof l->peer, "damping tsuji e' = %.10g (alpha = %.10g)%s%s", ep, alpha,
                 tangential ? ", tangential x = " : "", "");
        if (tangential) {
            size_t used = strlen(l->peer);
            snprintf(l->peer + used, sizeof l->peer - used, "%.6g", m->value[V_XT]);
        }
        snprintf(l->note, sizeof l->note,
                 "LAMMPS turns e into alpha with a polynomial fit: e' is the value whose fit gives "
                 "cwb's alpha (given e = %g itself, LAMMPS's alpha would be %.6g); LAMMPS caps "
                 "spring + dashpot together at mu |F_n + F_damping|",
                 e, lammps_tsuji_alpha(e));
    } else if (strcmp(law, "linear_restitution") == 0) {
        double e = cwb_peer_number(c, "damping.e"), le = log(e);
        double zeta = -le / sqrt(M_PI * M_PI + le * le);
        m->value[V_DAMP] = 2.0 * zeta * sqrt(b->m_star * cwb_peer_normal_stiffness(c, 1e-9));
        snprintf(out, on, "damping velocity");
        snprintf(l->peer, sizeof l->peer, "damping velocity, c = 2 zeta sqrt(m* k_n) = %.6g N s/m",
                 m->value[V_DAMP]);
    } else
        return refuse(msg, n, "damping", law,
                      "pair granular's damping models are velocity, "
                      "mass_velocity, viscoelastic and tsuji");
    return CWB_OK;
}

/* Rolling and twisting: epsd with a given k_r and no dashpot only. */
static int map_rolling(const cwb_case *c, const cwb_peer_bodies *b, cwb_peer_map *m, char *out,
                       size_t on, char *msg, size_t n)
{
    const char *law = cwb_peer_law(c, CWB_KIND_ROLLING);
    cwb_peer_law_map *l = &m->law[CWB_KIND_ROLLING];
    snprintf(l->cwb, sizeof l->cwb, "rolling %s", law);
    out[0] = '\0';
    if (strcmp(law, "none") == 0) {
        snprintf(l->peer, sizeof l->peer, "(no rolling or twisting keyword)");
        return CWB_OK;
    }
    if (strcmp(law, "epsd") != 0)
        return refuse(msg, n, "rolling", law,
                      "it acts on each body's own spin; pair granular's rolling sds acts on the "
                      "relative rolling velocity");
    const cwb_values *v;
    int i;
    if ((v = cwb_case_key(c, "rolling.k_r", &i)) && v->given[i] == 0)
        return refuse(msg, n, "rolling", law,
                      "k_r = auto follows k_n; LAMMPS's k_roll is constant (give k_r)");
    if (cwb_peer_number(c, "rolling.eta_r") != 0.0)
        return refuse(msg, n, "rolling", law,
                      "LAMMPS caps spring and dashpot together at mu_roll F_n; Ai et al.'s model "
                      "C switches the dashpot off at full mobilisation (set eta_r = 0)");
    double rs = b->R_star, kr = cwb_peer_number(c, "rolling.k_r");
    double mur = cwb_peer_number(c, "rolling.mu_r");
    char twist[32], stiff[32], press[32];
    cwb_peer_word(c, "rolling.twist", twist, sizeof twist);
    cwb_peer_word(c, "rolling.twist_stiffness", stiff, sizeof stiff);
    cwb_peer_word(c, "rolling.twist_pressure", press, sizeof press);
    int marshall = strcmp(twist, "spring_slider") == 0 && strcmp(stiff, "marshall") == 0 &&
                   strcmp(press, "uniform") == 0 && (v = cwb_case_key(c, "rolling.k_tw", &i)) &&
                   v->given[i] == 0 &&
                   cwb_peer_number(c, "rolling.mu_tw") == cwb_peer_number(c, "tangential.mu");
    if (strcmp(twist, "none") != 0 && !marshall)
        return refuse(msg, n, "rolling", law,
                      "LAMMPS's twisting limits are mu_tw F_n (sds) and Marshall's (2/3) mu a F_n "
                      "with k_tw = 0.5 k_t a^2: use twist = spring_slider, twist_stiffness = "
                      "marshall, twist_pressure = uniform, k_tw = auto, mu_tw = the tangential mu");
    snprintf(out, on, " rolling sds %.17g 0 %.17g%s", kr / (rs * rs), mur,
             marshall ? " twisting marshall" : "");
    snprintf(l->peer, sizeof l->peer, "rolling sds k_roll = k_r/R*^2 = %.6g N/m, mu_roll = %g%s",
             kr / (rs * rs), mur, marshall ? "; twisting marshall" : "");
    snprintf(l->note, sizeof l->note,
             "LAMMPS stores the rolling displacement (cwb's spring_form = displacement) and "
             "limits it at mu_roll |F_n + F_damping|");
    return CWB_OK;
}

static int lammps_map(const cwb_case *c, const cwb_peer_bodies *b, cwb_peer_map *m, char *msg,
                      size_t n)
{
    char head[256], tang[256], damp[64], roll[256];
    int rc = map_normal(c, b, m, head, sizeof head, msg, n);
    if (rc == CWB_OK)
        rc = map_tangential(c, b, m, tang, sizeof tang, msg, n);
    if (rc == CWB_OK)
        rc = map_damping(c, b, m, damp, sizeof damp, msg, n);
    if (rc == CWB_OK)
        rc = map_rolling(c, b, m, roll, sizeof roll, msg, n);
    if (rc != CWB_OK)
        return rc;
    char dv[40], xt[40], with_damp[320], with_xt[320];
    snprintf(dv, sizeof dv, "%.17g", m->value[V_DAMP]);
    snprintf(xt, sizeof xt, "%.17g", m->value[V_XT]);
    /* head and tang hold one "%s" each, for the damping value and x */
    snprintf(with_damp, sizeof with_damp, head, dv);
    snprintf(with_xt, sizeof with_xt, tang, xt);
    snprintf(m->model, sizeof m->model, "%s %s %s%s", with_damp, with_xt, damp, roll);
    return CWB_OK;
}

/* The input: two atoms, the pair style, the dump, the run. */
static int lammps_write(FILE *f, const cwb_case *c, const cwb_peer_bodies *b, const cwb_peer_map *m,
                        const cwb_peer_run *run)
{
    char name[160];
    cwb_peer_safe_text(c->name, name, sizeof name);
    double span = 4.0 * (b->radius[0] + b->radius[1]);
    fprintf(f, "# cwb peer: case %s (cwb %s), the collision of two spheres in LAMMPS\n", name,
            CWB_VERSION);
    cwb_peer_write_mapping(f, m, "# ");
    fprintf(f, "units si\natom_style sphere\natom_modify map array\nboundary f f f\n"
               "comm_modify vel yes\n");
    fprintf(f, "region box block %.17g %.17g %.17g %.17g %.17g %.17g\n", -span, span, -span, span,
            -span, span + b->radius[0] + b->radius[1]);
    fprintf(f, "create_box 2 box\ncreate_atoms 1 single 0 0 0\n");
    fprintf(f, "create_atoms 2 single 0 0 %.17g\n", b->radius[0] + b->radius[1]);
    for (int i = 0; i < 2; i++) {
        fprintf(f, "set atom %d diameter %.17g\n", i + 1, 2.0 * b->radius[i]);
        fprintf(f, "set atom %d density %.17g\n", i + 1, b->density[i]);
    }
    fprintf(f, "velocity all set 0 0 0\n");
    for (int i = 0; i < 2; i++) {
        fprintf(f, "set atom %d vx %.17g vy %.17g vz %.17g\n", i + 1, b->v[i].x, b->v[i].y,
                b->v[i].z);
        fprintf(f, "set atom %d omega %.17g %.17g %.17g\n", i + 1, b->w[i].x, b->w[i].y, b->w[i].z);
    }
    fprintf(f, "pair_style granular\npair_coeff * * %s\n", m->model);
    fprintf(f, "neighbor %.17g bin\nfix 1 all nve/sphere\ntimestep %.17g\n",
            0.25 * (b->radius[0] + b->radius[1]), run->dt);
    fprintf(f, "dump d all custom 1 trace.dump id mass radius x y z vx vy vz omegax omegay omegaz "
               "fx fy fz tqx tqy tqz\n");
    fprintf(f, "dump_modify d format float %%.17g time yes\nthermo %ld\nrun %ld\n", run->steps,
            run->steps);
    return ferror(f) ? CWB_EFAIL : CWB_OK;
}

/* "LAMMPS (29 Sep 2021 - Update 2)" from the log's first lines. */
static void lammps_version(const char *log, char *out, size_t n)
{
    cwb_peer_log_version(log, "LAMMPS (", "\r\n", "", out, n);
}

static const char *const lammps_args[] = {"-in", "in.lmp", "-log", "log.lammps", "-nocite", NULL};

const cwb_peer_code cwb_peer_lammps = {
    .name = "lammps",
    .program = "lmp",
    .package = "lammps",
    .script = "in.lmp",
    .trace = "trace.dump",
    .args = lammps_args,
    .map = lammps_map,
    .write = lammps_write,
    .read = cwb_trace_read_lammps,
    .version = lammps_version,
};

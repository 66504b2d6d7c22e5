/* peer_liggghts.c -- LIGGGHTS as a peer: `pair_style gran model hertz`
 * (Debian's liggghts package, LIGGGHTS-PUBLIC 3.8.0), velocity Verlet
 * (`fix nve/sphere`), two atoms read from a data file (its Velocities
 * section carries the spins, which LIGGGHTS' set command cannot give), a
 * `dump custom` of both every step.
 *
 * LIGGGHTS' hertz model (its src/normal_model_hertz.h and
 * tangential_model_history.h; the LIGGGHTS documentation of pair gran
 * model hertz states the same): k_n = (4/3) Y* sqrt(R* delta), the dashpot
 * gamma_n = -2 sqrt(5/6) beta sqrt(S_n m*), S_n = 2 Y* sqrt(R* delta),
 * gamma_t the same with S_t = 8 G* sqrt(R* delta), beta = ln e / sqrt(ln^2 e
 * + pi^2) from the coefficientRestitution e; the tangential force is
 * -k_t xi with xi the stored displacement and k_t = S_t, capped at
 * mu |F_n| (F_n with its dashpot). The mapping, law by law:
 *
 *   cwb                              LIGGGHTS
 *   normal hertz                     model hertz, youngsModulus E, poissonsRatio nu
 *   damping none                     coefficientRestitution 1 (beta = 0)
 *   damping hertz_restitution        coefficientRestitution e' with LIGGGHTS' beta(e')
 *                                    = cwb's beta (= e itself for calibration =
 *                                    liggghts); tangential_damping on when tangential
 *   damping tsuji, tangential = no   the same with beta = -alpha/sqrt(5)
 *                                    (Tsuji's eta = -sqrt(5) beta sqrt(m* k_n) delta^1/4)
 *   no_tension = yes                 limitForce on
 *   tangential none                  tangential no_history, coefficientFriction 0
 *   tangential mindlin, displacement tangential history, coefficientFriction mu
 * Refused: every normal law but hertz (LIGGGHTS' hooke and sjkr are not
 * cwb's linear spring with its dashpot, nor JKR), the incremental Mindlin
 * form (LIGGGHTS stores the displacement), the partial-slip laws, tsuji
 * with its tangential dashpot (LIGGGHTS' is sqrt(S_t/S_n) times the normal
 * one, cwb's tsuji uses the normal one), linear_restitution, and rolling
 * resistance (not mapped).
 * Differences that remain, stated with the mapping: LIGGGHTS' contact-point
 * velocity and friction limit are its own (mu |F_n + F_damping|), it drops
 * the tangential dashpot while sliding, and projects the stored
 * displacement onto the new tangent plane without keeping its length.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cwb_peer.h"

enum { V_E_REST, V_MU, V_LIMIT, V_TDAMP, V_HISTORY };

static int refuse(char *msg, size_t n, const char *kind, const char *law, const char *why)
{
    return cwb_fail(msg, n, CWB_EINPUT, "LIGGGHTS has no equivalent of %s law %s: %s", kind, law,
                    why);
}

/* The restitution LIGGGHTS must be given for Tsuji's alpha:
 * beta = -alpha/sqrt(5), ln e = beta pi / sqrt(1 - beta^2). */
static double liggghts_e(double alpha)
{
    double beta = -alpha / sqrt(5.0);
    return exp(beta * M_PI / sqrt(1.0 - beta * beta));
}

static int map_damping(const cwb_case *c, cwb_peer_map *m, char *msg, size_t n)
{
    const char *law = cwb_peer_law(c, CWB_KIND_DAMPING);
    cwb_peer_law_map *l = &m->law[CWB_KIND_DAMPING];
    snprintf(l->cwb, sizeof l->cwb, "damping %s", law);
    char yes[16] = "no", clamp[16] = "no";
    cwb_peer_word(c, "damping.tangential", yes, sizeof yes);
    cwb_peer_word(c, "damping.no_tension", clamp, sizeof clamp);
    m->value[V_LIMIT] = strcmp(clamp, "yes") == 0;
    m->value[V_TDAMP] = strcmp(yes, "yes") == 0;
    if (strcmp(law, "none") == 0) {
        m->value[V_E_REST] = 1.0;
        snprintf(l->peer, sizeof l->peer, "coefficientRestitution 1 (no dashpot)");
        return CWB_OK;
    }
    if (strcmp(law, "tsuji") == 0 && m->value[V_TDAMP])
        return refuse(msg, n, "damping", law,
                      "with tangential = yes cwb's tangential dashpot is the normal one; "
                      "LIGGGHTS' is sqrt(S_t/S_n) times it (use hertz_restitution, or tangential "
                      "= no)");
    if (strcmp(law, "tsuji") != 0 && strcmp(law, "hertz_restitution") != 0)
        return refuse(msg, n, "damping", law,
                      "model hertz's dashpot is 2 sqrt(5/6) beta sqrt(S_n m*), Tsuji's form");
    double alpha = cwb_peer_tsuji_alpha(c);
    m->value[V_E_REST] = liggghts_e(alpha);
    snprintf(l->peer, sizeof l->peer,
             "coefficientRestitution e' = %.10g (beta = %.10g), tangential_damping %s",
             m->value[V_E_REST], -alpha / sqrt(5.0), m->value[V_TDAMP] ? "on" : "off");
    snprintf(l->note, sizeof l->note,
             "e' gives LIGGGHTS' beta(e') = ln e'/sqrt(ln^2 e' + pi^2) equal to cwb's; LIGGGHTS "
             "drops the tangential dashpot while sliding and limits friction at mu |F_n + "
             "F_damping|");
    return CWB_OK;
}

static int liggghts_map(const cwb_case *c, const cwb_peer_bodies *b, cwb_peer_map *m, char *msg,
                        size_t n)
{
    const char *nl, *tl, *rl;
    cwb_peer_name_laws(c, m, &nl, &tl, &rl);
    if (strcmp(nl, "hertz") != 0)
        return refuse(
            msg, n, "normal", nl,
            "cwb maps only hertz to LIGGGHTS (model hertz: Hertz with its Tsuji dashpot)");
    snprintf(m->law[CWB_KIND_NORMAL].peer, sizeof m->law[0].peer,
             "model hertz, youngsModulus %.6g Pa, poissonsRatio %.6g", b->E, b->nu);
    char form[32] = "";
    cwb_peer_word(c, "tangential.form", form, sizeof form);
    if (strcmp(tl, "none") == 0) {
        m->value[V_MU] = 0.0;
        m->value[V_HISTORY] = 0.0;
        snprintf(m->law[CWB_KIND_TANGENTIAL].peer, sizeof m->law[0].peer,
                 "tangential no_history, coefficientFriction 0");
    } else if (strcmp(tl, "mindlin") == 0 && strcmp(form, "displacement") == 0) {
        m->value[V_MU] = cwb_peer_number(c, "tangential.mu");
        m->value[V_HISTORY] = 1.0;
        snprintf(m->law[CWB_KIND_TANGENTIAL].peer, sizeof m->law[0].peer,
                 "tangential history (k_t = 8 G* sqrt(R* delta)), coefficientFriction %g",
                 m->value[V_MU]);
        snprintf(m->law[CWB_KIND_TANGENTIAL].note, sizeof m->law[0].note,
                 "LIGGGHTS projects the stored displacement onto the new tangent plane without "
                 "keeping its length (cwb keeps it)");
    } else
        return refuse(msg, n, "tangential", tl,
                      strcmp(tl, "mindlin") == 0
                          ? "LIGGGHTS' tangential history stores the displacement (F = -k_t xi "
                            "with the current k_t); it has no incremental form (set form = "
                            "displacement)"
                          : "LIGGGHTS 3.8's tangential models are no_history, history and "
                            "tan_luding");
    if (strcmp(rl, "none") != 0)
        return refuse(msg, n, "rolling", rl, "rolling resistance is not mapped to LIGGGHTS");
    snprintf(m->law[CWB_KIND_ROLLING].peer, sizeof m->law[0].peer, "(no rolling_friction)");
    int rc = map_damping(c, m, msg, n);
    if (rc == CWB_OK)
        snprintf(m->model, sizeof m->model, "gran model hertz tangential %s%s%s",
                 m->value[V_HISTORY] ? "history" : "no_history",
                 m->value[V_TDAMP] ? "" : " tangential_damping off",
                 m->value[V_LIMIT] ? " limitForce on" : "");
    return rc;
}

/* The atoms, their velocities and spins. */
static int liggghts_data(FILE *f, const cwb_case *c, const cwb_peer_bodies *b)
{
    (void)c;
    double span = 4.0 * (b->radius[0] + b->radius[1]);
    fprintf(f, "LIGGGHTS data: two spheres written by cwb peer\n\n2 atoms\n2 atom types\n\n");
    fprintf(f, "%.17g %.17g xlo xhi\n%.17g %.17g ylo yhi\n%.17g %.17g zlo zhi\n\nAtoms\n\n", -span,
            span, -span, span, -span, span + b->radius[0] + b->radius[1]);
    for (int i = 0; i < 2; i++)
        fprintf(f, "%d %d %.17g %.17g 0 0 %.17g\n", i + 1, i + 1, 2.0 * b->radius[i], b->density[i],
                i ? b->radius[0] + b->radius[1] : 0.0);
    fprintf(f, "\nVelocities\n\n");
    for (int i = 0; i < 2; i++)
        fprintf(f, "%d %.17g %.17g %.17g %.17g %.17g %.17g\n", i + 1, b->v[i].x, b->v[i].y,
                b->v[i].z, b->w[i].x, b->w[i].y, b->w[i].z);
    return ferror(f) ? CWB_EFAIL : CWB_OK;
}

static int liggghts_write(FILE *f, const cwb_case *c, const cwb_peer_bodies *b,
                          const cwb_peer_map *m, const cwb_peer_run *run)
{
    char name[160];
    cwb_peer_safe_text(c->name, name, sizeof name);
    fprintf(f, "# cwb peer: case %s (cwb %s), the collision of two spheres in LIGGGHTS\n", name,
            CWB_VERSION);
    cwb_peer_write_mapping(f, m, "# ");
    fprintf(f, "atom_style granular\natom_modify map array\nboundary f f f\nnewton off\n"
               "communicate single vel yes\nunits si\nread_data data.liggghts\n"
               "hard_particles yes\n");
    fprintf(f, "neighbor %.17g bin\nneigh_modify delay 0\n", 0.25 * (b->radius[0] + b->radius[1]));
    fprintf(f, "fix m1 all property/global youngsModulus peratomtype %.17g %.17g\n", b->E, b->E);
    fprintf(f, "fix m2 all property/global poissonsRatio peratomtype %.17g %.17g\n", b->nu, b->nu);
    const char *props[2] = {"coefficientRestitution", "coefficientFriction"};
    const double vals[2] = {m->value[V_E_REST], m->value[V_MU]};
    for (int k = 0; k < 2; k++)
        fprintf(f, "fix m%d all property/global %s peratomtypepair 2 %.17g %.17g %.17g %.17g\n",
                k + 3, props[k], vals[k], vals[k], vals[k], vals[k]);
    fprintf(f, "pair_style %s\npair_coeff * *\ntimestep %.17g\nfix integr all nve/sphere\n",
            m->model, run->dt);
    fprintf(f, "dump d all custom 1 trace.dump id mass radius x y z vx vy vz omegax omegay omegaz "
               "fx fy fz tqx tqy tqz\ndump_modify d format \"%%d");
    for (int k = 0; k < 17; k++)
        fprintf(f, " %%.17g");
    fprintf(f, "\"\nthermo %ld\nrun %ld\n", run->steps, run->steps);
    return ferror(f) ? CWB_EFAIL : CWB_OK;
}

/* "LIGGGHTS (Version LIGGGHTS-PUBLIC 3.8.0, ...)" from the screen log. */
static void liggghts_version(const char *log, char *out, size_t n)
{
    cwb_peer_log_version(log, "LIGGGHTS (", ",)\r\n", ")", out, n);
}

static const char *const liggghts_args[] = {"-in", "in.liggghts", "-log", "log.liggghts", NULL};

const cwb_peer_code cwb_peer_liggghts = {
    .name = "liggghts",
    .program = "liggghts",
    .package = "liggghts",
    .script = "in.liggghts",
    .trace = "trace.dump",
    .args = liggghts_args,
    .map = liggghts_map,
    .write = liggghts_write,
    .data = "data.liggghts",
    .write_data = liggghts_data,
    .read = cwb_trace_read_lammps,
    .version = liggghts_version,
};

/* peer_yade.c -- Yade as a peer: Law2_ScGeom_MindlinPhys_Mindlin with
 * Ip2_FrictMat_FrictMat_MindlinPhys (Debian's yade package, 2023.02a), its
 * leapfrog NewtonIntegrator with no numerical damping and no gravity, two
 * spheres, a Python recorder writing both bodies every step to a CSV
 * (cwb_trace_read_bodies_csv).
 *
 * Yade's Hertz-Mindlin law (its pkg/dem/HertzMindlin.cpp; the Yade
 * documentation of these classes states the same): F_n = (4/3) E*
 * sqrt(R*) delta^(3/2); k_t = 2 sqrt(4 R*) G/(2 - nu) sqrt(delta) with G and
 * nu the bodies' means (8 G* sqrt(R* delta) for like bodies), the shear
 * force summed incrementally, F_t -= k_t(end of step) dxi; with en given,
 * the dashpot c_n = c_t = alpha sqrt(m* k_n) delta^(1/4) (Tsuji's form,
 * alpha from en), and the normal force with its dashpot never below zero. The mapping, law by law:
 *
 *   cwb                              Yade
 *   normal hertz                     FrictMat young E, poisson nu; Mindlin law
 *   tangential none                  frictionAngle 0
 *   tangential mindlin, incremental  frictionAngle atan(mu) (cwb's quadrature =
 *                                    rectangle is the same sum)
 *   damping none                     no en (alpha = 0)
 *   damping tsuji, tangential = yes, en = e: Yade 2023.02a's dashpot for en, read
 *     no_tension = yes               from its forces (tests/data/peer), is the alpha
 *                                    of cwb's no_tension = yes solve to 0.1 %, not
 *                                    the ln e formula its source comment names
 * Refused: every normal law but hertz (Yade's DMT inside this law limits
 * friction at mu (F_ad + |F_n|), not cwb's offset), the displacement form
 * (Yade's shear force is incremental), the partial-slip laws, a dashpot
 * other than Tsuji's with its tangential twin and the clamp at zero, and
 * rolling resistance (not mapped).
 * Differences that remain: Yade's contact-point velocity is its own
 * (ScGeom::getIncidentVel), its friction limit is mu |F_n + F_damping| and
 * it drops the tangential dashpot while sliding.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cwb_peer.h"

enum { V_MU, V_EN, V_DAMPED };

static int refuse(char *msg, size_t n, const char *kind, const char *law, const char *why)
{
    return cwb_fail(msg, n, CWB_EINPUT, "Yade has no equivalent of %s law %s: %s", kind, law, why);
}

static int map_damping(const cwb_case *c, cwb_peer_map *m, char *msg, size_t n)
{
    const char *law = cwb_peer_law(c, CWB_KIND_DAMPING);
    cwb_peer_law_map *l = &m->law[CWB_KIND_DAMPING];
    snprintf(l->cwb, sizeof l->cwb, "damping %s", law);
    if (strcmp(law, "none") == 0) {
        m->value[V_DAMPED] = 0;
        snprintf(l->peer, sizeof l->peer, "no en (no dashpot)");
        return CWB_OK;
    }
    char yes[16] = "", clamp[16] = "";
    cwb_peer_word(c, "damping.tangential", yes, sizeof yes);
    cwb_peer_word(c, "damping.no_tension", clamp, sizeof clamp);
    if (strcmp(law, "tsuji") != 0 || strcmp(yes, "yes") != 0 || strcmp(clamp, "yes") != 0)
        return refuse(msg, n, "damping", law,
                      "Yade's Mindlin dashpot is Tsuji's, the same tangentially, with the normal "
                      "force kept >= 0 (use tsuji with tangential = yes, no_tension = yes)");
    m->value[V_DAMPED] = 1;
    m->value[V_EN] = cwb_peer_number(c, "damping.e");
    snprintf(l->peer, sizeof l->peer, "en = %.10g, c_t = c_n", m->value[V_EN]);
    snprintf(l->note, sizeof l->note,
             "Yade 2023.02a's dashpot for en, read from its forces, is cwb's alpha(e) of the "
             "clamped law to 0.1 %%; Yade drops the tangential dashpot while sliding and limits "
             "friction at mu |F_n + F_damping|");
    return CWB_OK;
}

static int yade_map(const cwb_case *c, const cwb_peer_bodies *b, cwb_peer_map *m, char *msg,
                    size_t n)
{
    const char *nl, *tl, *rl;
    cwb_peer_name_laws(c, m, &nl, &tl, &rl);
    if (strcmp(nl, "hertz") != 0)
        return refuse(msg, n, "normal", nl, "cwb maps only hertz to Yade's Mindlin law");
    snprintf(m->law[CWB_KIND_NORMAL].peer, sizeof m->law[0].peer,
             "Law2_ScGeom_MindlinPhys_Mindlin, FrictMat young %.6g Pa, poisson %.6g", b->E, b->nu);
    char form[32] = "", quad[32] = "";
    cwb_peer_word(c, "tangential.form", form, sizeof form);
    cwb_peer_word(c, "tangential.quadrature", quad, sizeof quad);
    if (strcmp(tl, "none") == 0) {
        m->value[V_MU] = 0;
        snprintf(m->law[CWB_KIND_TANGENTIAL].peer, sizeof m->law[0].peer, "frictionAngle 0");
    } else if (strcmp(tl, "mindlin") == 0 && strcmp(form, "incremental") == 0) {
        m->value[V_MU] = cwb_peer_number(c, "tangential.mu");
        snprintf(m->law[CWB_KIND_TANGENTIAL].peer, sizeof m->law[0].peer,
                 "incremental shear force (k_t = 8 G* sqrt(R* delta)), frictionAngle atan(%g)",
                 m->value[V_MU]);
        if (strcmp(quad, "rectangle") != 0)
            snprintf(m->law[CWB_KIND_TANGENTIAL].note, sizeof m->law[0].note,
                     "Yade sums dF = k_t(end of step) dxi (the rectangle rule); cwb integrates the "
                     "same dF = k_t dxi along the step (quadrature = hermite)");
    } else
        return refuse(msg, n, "tangential", tl,
                      strcmp(tl, "mindlin") == 0
                          ? "Yade's Mindlin shear force is incremental; it has no stored-"
                            "displacement form (set form = incremental)"
                          : "Yade's Mindlin law has the no-slip Mindlin stiffness only");
    if (strcmp(rl, "none") != 0)
        return refuse(msg, n, "rolling", rl, "rolling resistance is not mapped to Yade");
    snprintf(m->law[CWB_KIND_ROLLING].peer, sizeof m->law[0].peer, "(includeMoment off)");
    int rc = map_damping(c, m, msg, n);
    snprintf(m->model, sizeof m->model, "Law2_ScGeom_MindlinPhys_Mindlin");
    return rc;
}

static void vec(FILE *f, cwb_vec3 v)
{
    fprintf(f, "Vector3(%.17g, %.17g, %.17g)", v.x, v.y, v.z);
}

/* The recorder: one row per step before the integrator moves the bodies
 * (positions and the forces at them, leapfrog's half-step velocities). */
static void yade_recorder(FILE *f)
{
    fprintf(f, "out = open('trace.csv', 'w')\n"
               "out.write('# code: Yade %%s\\n' %% yade.config.version)\n"
               "out.write('# case: %%s\\n' %% case_name)\n"
               "for i in (0, 1):\n"
               "    out.write('# body%%d: mass %%.17g radius %%.17g\\n' %% (i + 1, "
               "O.bodies[i].state.mass, O.bodies[i].shape.radius))\n"
               "cols = ['t']\n"
               "for q in ('x', 'v', 'w', 'f', 'tq'):\n"
               "    for i in (1, 2):\n"
               "        cols += ['%%s%%d_%%s' %% (q, i, a) for a in 'xyz']\n"
               "out.write(','.join(cols) + '\\n')\n"
               "def record():\n"
               "    b = [O.bodies[0], O.bodies[1]]\n"
               "    vals = [O.time]\n"
               "    for get in (lambda i: b[i].state.pos, lambda i: b[i].state.vel,\n"
               "                lambda i: b[i].state.angVel, lambda i: O.forces.f(i),\n"
               "                lambda i: O.forces.t(i)):\n"
               "        for i in (0, 1):\n"
               "            vals += list(get(i))\n"
               "    out.write(','.join('%%.17g' %% v for v in vals) + '\\n')\n");
}

static int yade_write(FILE *f, const cwb_case *c, const cwb_peer_bodies *b, const cwb_peer_map *m,
                      const cwb_peer_run *run)
{
    char name[600];
    cwb_peer_python_string(c->name, name, sizeof name);
    fprintf(f,
            "# cwb peer (cwb %s): the collision of two spheres in Yade; run: yade -n -x "
            "in.py\n",
            CWB_VERSION);
    cwb_peer_write_mapping(f, m, "# ");
    fprintf(f, "import math\nimport yade\ncase_name = %s\n", name);
    for (int i = 0; i < 2; i++)
        fprintf(f,
                "m%d = O.materials.append(FrictMat(young=%.17g, poisson=%.17g, density=%.17g, "
                "frictionAngle=math.atan(%.17g)))\n",
                i + 1, b->E, b->nu, b->density[i], m->value[V_MU]);
    fprintf(f,
            "O.bodies.append([utils.sphere((0, 0, 0), %.17g, material=m1), "
            "utils.sphere((0, 0, %.17g), %.17g, material=m2)])\n",
            b->radius[0], b->radius[0] + b->radius[1], b->radius[1]);
    for (int i = 0; i < 2; i++) {
        fprintf(f, "O.bodies[%d].state.vel = ", i);
        vec(f, b->v[i]);
        fprintf(f, "\nO.bodies[%d].state.angVel = ", i);
        vec(f, b->w[i]);
        fprintf(f, "\n");
    }
    if (m->value[V_DAMPED])
        fprintf(f, "ip = Ip2_FrictMat_FrictMat_MindlinPhys(en=MatchMaker(algo='val', val=%.17g))\n",
                m->value[V_EN]);
    else
        fprintf(f, "ip = Ip2_FrictMat_FrictMat_MindlinPhys()\n");
    yade_recorder(f);
    fprintf(f, "O.engines = [ForceResetter(), InsertionSortCollider([Bo1_Sphere_Aabb()]),\n"
               "    InteractionLoop([Ig2_Sphere_Sphere_ScGeom()], [ip], "
               "[Law2_ScGeom_MindlinPhys_Mindlin()]),\n"
               "    PyRunner(command='record()', iterPeriod=1),\n"
               "    NewtonIntegrator(damping=0, gravity=(0, 0, 0))]\n");
    fprintf(f,
            "O.dt = %.17g\nO.run(%ld, True)\nout.close()\nprint('Yade %%s' %% "
            "yade.config.version)\n",
            run->dt, run->steps);
    return ferror(f) ? CWB_EFAIL : CWB_OK;
}

/* "Yade 2023.02a" from the screen log (the script prints it last). */
static void yade_version(const char *log, char *out, size_t n)
{
    cwb_peer_log_version(log, "Yade ", "\r\n", "", out, n);
}

static int yade_read(const char *path, double dt, cwb_body_trace *t, char *msg, size_t n)
{
    (void)dt;
    return cwb_trace_read_bodies_csv(path, t, msg, n);
}

static const char *const yade_args[] = {"-n", "-x", "in.py", NULL};

const cwb_peer_code cwb_peer_yade = {
    .name = "yade",
    .program = "yade",
    .package = "yade",
    .script = "in.py",
    .trace = "trace.csv",
    .args = yade_args,
    .map = yade_map,
    .write = yade_write,
    .read = yade_read,
    .version = yade_version,
};

/* normal_jkr.c -- Johnson-Kendall-Roberts adhesive elastic contact of two
 * spheres (3D), with the approach/separation hysteresis.
 *
 * Reference: Johnson, Kendall & Roberts (1971) [jkr1971]; the curve, its
 * energy and its characteristic points are derived in src/laws/adhesion.c:
 *   delta(a) = a^2/R* - sqrt(2 pi w a/E*),  F(a) = 4 E* a^3/(3 R*) -
 *   sqrt(8 pi w E* a^3),  w the work of adhesion [J/m^2].
 * Pull-off force (force minimum) F_po = (3/2) pi w R*; end of the stable
 * branch delta_c = -(3/4) (pi^2 w^2 R* / E*^2)^(1/3).
 *
 * Hysteresis (a history flag, committed by the driver only):
 *   approach (flag 0): no force while delta < 0; the contact forms at
 *     delta = 0 ("snap-in at delta = 0", as LAMMPS pair granular jkr; LAMMPS
 *     forms it at delta > 0, cwb at delta >= 0 so that a collision starting
 *     at first touch feels the force from its first evaluation), jumping to
 *     the stable branch: a_0^3 = 2 pi w R*^2/E*, F = -(8/9) F_po;
 *   in contact (flag 1): the stable branch a > a_c down to delta_c, where
 *     the contact ends (F jumps from -(5/9) F_po to 0) and the flag clears:
 *     at delta <= delta_c, delta_c itself included, as every caller of
 *     delta_off ends it (the collision driver, replay, the tangential
 *     laws). Held at delta_c, the contact kept U(a_c) stored where a
 *     collision landed on delta_c exactly, and its cycle loss came out
 *     9.5 % low (doc/findings.md, finding 51).
 * The unstable branch (a < a_c) is never a state of the law; the reference
 * curves draw it from cwb_jkr_overlap/force (tests/test_adhesion.c).
 * LAMMPS (pair granular jkr, 29 Sep 2021 and later) ends the contact at the
 * overlap of the force minimum delta_f = 0.4807 delta_c instead
 * (a = (9 pi gamma R^2/(4 E))^(1/3) with gamma = w/2 is a_f); see the
 * findings in tests/test_adhesion.c.
 *
 * Energy. The stored energy is U(a) of adhesion.c (strain minus surface,
 * zero when separated; negative near snap-in). Work over a step follows the
 * law's own path: U(delta) - U(delta0) on the branch, U(delta) - U(a_0) on a
 * step that forms the contact (the force is zero before delta = 0), U(delta_c)
 * - U(delta0) on one that ends it. What a cycle loses is lost at the two
 * jumps: -U(a_0) = (3/5) pi w a_0^2 at snap-in and U(a_c) = (2/5) pi w a_c^2
 * at separation; dissipated = work - change of energy is >= 0 on every step.
 * A step across either jump raises CWB_FLAG_DISCONTINUITY.
 *
 * Output: delta_off = delta_c while in contact (the collision driver ends the
 * contact there; the spring tangential laws keep their spring down to it);
 * friction_offset = 2 F_po with friction_load = offset; pulloff_force = F_po.
 *
 * Units: w [J/m^2]; overlaps [m]; forces [N]; energies [J]. 3D spheres.
 * History: the contact flag.
 */
#include "cwb_adhesion.h"

typedef struct {
    double in_contact; /* 1 after snap-in until delta < delta_c, else 0 */
} jkr_state;
CWB_STATE_FITS(jkr_state);

static const cwb_param jkr_params[] = {CWB_ADHESION_PARAMS, {0}};

static int jkr_check(const double *p, const cwb_pair *g, char *msg, size_t n)
{
    (void)p;
    if (!(g->E_star > 0.0) || !isfinite(g->E_star))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "jkr: effective modulus E* must be finite and > 0 (got %g Pa): two "
                        "rigid bodies cannot deform",
                        g->E_star);
    return CWB_OK;
}

/* Energy of the contact at overlap d, in contact. */
static double energy_at(const cwb_jkr *j, double d)
{
    return cwb_jkr_energy(j, cwb_jkr_radius(j, d));
}

static int jkr_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                    cwb_normal_out *out, void *trial)
{
    const jkr_state *s = state;
    jkr_state *t = trial;
    cwb_jkr j = {g->E_star, g->R_star, p[CWB_ADH_W]};
    double d = k->delta, dc = cwb_jkr_delta_end(&j);
    int was = s->in_contact > 0.0;
    /* the contact ends at delta <= delta_c, the end every caller of
     * delta_off takes (cwb_law.h): one held at delta_c itself kept U(a_c)
     * stored and out of the cycle's loss where a driver lands there */
    int now = was ? d > dc : d >= 0.0;
    double e0 = was ? energy_at(&j, fmax(k->delta0, dc)) : 0.0;
    *out = (cwb_normal_out){0};
    t->in_contact = now;
    if (now) {
        double a = cwb_jkr_radius(&j, d);
        out->force = cwb_jkr_force(&j, a);
        out->stiffness = cwb_jkr_stiffness(&j, a);
        out->radius = a;
        out->energy = cwb_jkr_energy(&j, a);
        out->branch = CWB_BRANCH_ELASTIC;
        out->delta_off = dc;
        out->pulloff_force = cwb_jkr_pulloff(&j);
        out->friction_offset =
            cwb_adhesion_friction_offset(p[CWB_ADH_FRICTION], out->pulloff_force);
        /* from the committed state on the branch, or from the snap-in */
        out->work = out->energy - (was ? e0 : cwb_jkr_energy(&j, cwb_jkr_a_snap(&j)));
    } else {
        out->branch = CWB_BRANCH_NONE;
        out->work = was ? cwb_jkr_energy(&j, cwb_jkr_a_end(&j)) - e0 : 0.0;
    }
    out->dissipated = out->work - (out->energy - e0);
    if ((was && !now) || (!was && now && k->delta0 < 0.0))
        out->flags |= CWB_FLAG_DISCONTINUITY;
    return CWB_OK;
}

const cwb_normal_type cwb_normal_jkr = {
    .head =
        {
            .name = "jkr",
            .summary = "Johnson-Kendall-Roberts adhesive elastic contact, snap-in at delta = 0, "
                       "pull-off at delta_c < 0",
            .source = "[jkr1971]; [johnson1985] sec. 5.5; curve, energy and branches derived in "
                      "src/laws/adhesion.c",
            .params = jkr_params,
            .dims = CWB_DIM_3D,
            .flags = CWB_LAW_ADHESIVE,
            .state_size = sizeof(jkr_state),
            .check = jkr_check,
        },
    .step = jkr_step,
};

/* tangential_lth.c -- Langston, Tuzun & Heyes tangential law, with the
 * tangential displacement re-mapped onto the new curve when the normal force
 * changes (Zheng et al., the implementation seed 004 adopts).
 *
 * Reference: seed 004 eqs. 39-40:
 *   F_t = mu F_n [1 - (1 - min(|d_t|, d_max)/d_max)^(3/2)],
 *   d_max = mu delta_n (2 - nu) / (2 (1 - nu)).
 * cwb writes d_max as Mindlin's full-slip displacement 3 mu F_n/(16 G* a),
 * which equals eq. 40 for a Hertz contact of identical materials or of a
 * sphere on a rigid flat (E* / (4 G*) = (2 - nu)/(2 (1 - nu)) in both), and
 * stays defined for dissimilar materials, where eq. 40 has no single nu.
 * With it, the law's initial stiffness is Mindlin's 8 G* a.
 *
 * Re-mapping: at every step the committed force F is placed on the curve of
 * the current F_n: |d| = d_max (1 - (1 - |F|/(mu F_n))^(2/3)) along F's
 * direction, and the step's displacement is added from there. Without it
 * (Thornton et al.'s criticism) a changing F_n moves the force at fixed
 * displacement and the law creates energy; with it the force is continuous
 * and the energy account shows what the normal change does.
 *
 * The curve is elastic: the force is the gradient of
 *   E(u) = mu F_n [u - (2 d_max/5)(1 - (1 - u/d_max)^(5/2))],  u = |d|,
 * so unloading retraces loading, and beyond d_max the contact slides at
 * mu F_n. Work along a step is exact: E(u1) - E(u0), plus mu F_n times the
 * distance slid beyond d_max.
 *
 * Energy split (W = Delta E + slip + stiffness_energy): the re-mapping is a
 * change at fixed force, so stiffness_energy = E_committed - E(u0; F_n new)
 * (signed; it includes the energy released when mu F_n falls below the
 * carried force, since u0 is then d_max), and slip = mu F_n max(0, u1 -
 * d_max) (>= 0). The account closes identically.
 *
 * Adhesion (issue 17): the normal load N of the curve and of its Coulomb
 * limit is F_n + friction_offset, as in the spring-based laws (spring.c):
 * F_n + 2 F_pulloff under an adhesive law with friction_load = offset
 * (Thornton & Yin 1991 after Savkoor & Briggs 1977; LAMMPS pair granular),
 * F_n otherwise; a is the adhesive law's contact radius. The curve is
 * released (its energy lost) below delta_off, where an adhesive contact
 * ends (0 for other laws), or when N <= 0 (friction_load = net in tension).
 * For non-adhesive laws (offset 0, delta_off 0) nothing changes.
 *
 * slip_margin (issue 15; the collision driver locates stick <-> slip on
 * it): |trial force| - mu N with the trial force the curve at u1 = |d1|
 * continued point-symmetrically past full slip, mN [1 - sgn(r) |r|^(3/2)],
 * r = 1 - u1/d_max: -mN r^(3/2) <= 0 while on the curve, mN (-r)^(3/2) > 0
 * exactly when sliding. It is continuous and monotonic in the step's
 * displacement and normal force (u0 moves continuously with the re-mapping,
 * d_max and mN with F_n), and the slip-rate probe of a sliding step reads
 * d|F|/dt - mu dN/dt = k_t(F, N) v - mu N' from it, the rate of the law's
 * own limit. The law stays first order in the step: the re-mapping holds
 * N at the step's end value over the whole displacement increment (a
 * rectangle rule in N of dF = k_t(F, N) dxi), whatever the driver does
 * (README, "Law transitions inside the step").
 *
 * Units: mu [-]; forces [N]; displacements [m]. 3D spheres. History: the
 * committed force, normal load N and stored energy.
 */
#include <string.h>

#include "cwb_law.h"

typedef struct {
    cwb_vec3 force; /* committed tangential force [N] */
    double fn;      /* committed normal load N (header) [N] */
    double energy;  /* committed stored energy [J] */
} lth_state;

static const cwb_param lth_params[] = {{.name = "mu",
                                        .unit = "-",
                                        .min = 0,
                                        .max = INFINITY,
                                        .flags = CWB_P_MIN_OPEN | CWB_P_REQUIRED,
                                        .help = "Coulomb friction coefficient"},
                                       {0}};

/* Energy stored on the curve at |d| = u <= dmax. */
static double lth_energy(double mN, double dmax, double u)
{
    double r = 1.0 - u / dmax;
    return mN * (u - 0.4 * dmax * (1.0 - r * r * sqrt(r)));
}

static int lth_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                    const cwb_normal_out *nrm, cwb_tangential_out *out, void *trial)
{
    const lth_state *s = state;
    lth_state *t = trial;
    memset(out, 0, sizeof *out);
    /* The normal load: F_n, plus an adhesive law's friction_offset (header) */
    double N = nrm->force + nrm->friction_offset;
    if (k->delta <= nrm->delta_off || N <= 0.0 || nrm->radius <= 0.0) {
        memset(t, 0, sizeof *t);
        out->dissipated = s->energy;
        out->stiffness_energy = s->energy;
        return CWB_OK;
    }
    double mN = p[0] * N;
    double dmax = 3.0 * mN / (16.0 * g->G_star * nrm->radius);
    cwb_vec3 f0 = cwb_v3_rotate_into_plane(s->force, k->normal);
    double m0 = cwb_v3_norm(f0);
    /* re-map onto the current curve */
    double u0 = m0 >= mN ? dmax : dmax * (1.0 - pow(1.0 - m0 / mN, 2.0 / 3.0));
    cwb_vec3 d0 = m0 > 0.0 ? cwb_v3_scale(f0, u0 / m0) : cwb_v3(0, 0, 0);
    cwb_vec3 d1 = cwb_v3_add(d0, cwb_v3_in_plane(k->dxi_t, k->normal));
    double u1 = cwb_v3_norm(d1);
    double e_start = lth_energy(mN, dmax, u0), e1, work;
    cwb_vec3 f1;
    if (u1 <= dmax) {
        double r = 1.0 - u1 / dmax;
        double mag = mN * (1.0 - r * sqrt(r));
        f1 = u1 > 0.0 ? cwb_v3_scale(d1, mag / u1) : cwb_v3(0, 0, 0);
        e1 = lth_energy(mN, dmax, u1);
        work = e1 - e_start;
        out->stiffness = u1 > 0.0 ? 1.5 * mN * sqrt(r) / dmax : 1.5 * mN / dmax;
        out->slip_margin = mag - mN; /* = -mN r^(3/2) <= 0 */
    } else {
        f1 = cwb_v3_scale(d1, mN / u1);
        e1 = lth_energy(mN, dmax, dmax);
        out->slip = mN * (u1 - dmax);
        work = e1 - e_start + out->slip;
        out->sliding = 1;
        out->stiffness = 0.0;
        double r = u1 / dmax - 1.0; /* the curve continued past d_max */
        out->slip_margin = mN * r * sqrt(r);
    }
    t->force = f1;
    t->fn = N;
    t->energy = e1;
    out->force = f1;
    out->energy = e1;
    out->work = work;
    out->dissipated = work - (e1 - s->energy);
    out->stiffness_energy = s->energy - e_start;
    return CWB_OK;
}

const cwb_tangential_type cwb_tangential_lth = {
    .head =
        {
            .name = "lth",
            .summary = "Langston-Tuzun-Heyes curve, displacement re-mapped when F_n changes",
            .source = "[lth1994]; [rathbone_thesis] eqs. 39-40; re-mapping of [zheng2012]",
            .params = lth_params,
            .dims = CWB_DIM_3D,
            .state_size = sizeof(lth_state),
        },
    .step = lth_step,
};

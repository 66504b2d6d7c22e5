/* spring.c -- the incremental tangential spring shared by the linear,
 * mindlin, mindlin_rescale and direnzo tangential laws (cwb_law.h).
 *
 * Algorithm (seed 001, seed 002 "contact response"):
 *   a = scale * (committed force carried into the current plane),
 *   b = k_t * (tangential displacement increment, in the plane),
 *   F = a + b, reduced to f_y (a + b)/|a + b| when |a + b| > f_y = mu F_n.
 *
 * Work along the step. The step's path is F(s) = a + s b for s in [0, 1],
 * radially returned onto the cap where |a + s b| > f_y. On the elastic part
 * the work is (|F|^2 - |a|^2)/(2 k_t); on a capped part the force is
 * f_y (a + s b)/|a + s b| and, since d|a + s b|/ds = (a + s b).b/|a + s b|,
 * its work is (f_y/k_t)(|a + s_1 b| - |a + s_0 b|) exactly. Hence, with
 * f_t = |a + b|:
 *   |a| <= f_y, f_t <= f_y:  W = (f_t^2 - |a|^2)/(2 k_t)
 *   |a| <= f_y <  f_t:       W = (f_y^2 - |a|^2)/(2 k_t) + f_y (f_t - f_y)/k_t
 *   |a| >  f_y, f_t >  f_y:  W = f_y (f_t - |a|)/k_t      (capped throughout)
 *   |a| >  f_y >= f_t:       W = f_y (f_y - |a|)/k_t + (f_t^2 - f_y^2)/(2 k_t)
 * For a colinear step starting below the cap the slip loss is
 * f_y (f_t - f_y)/k_t, the first of seed 002's three formulas.
 * The dissipation reported is W minus the change of |F|^2/(2 k_t), split
 * exactly into two parts (W = Delta E + slip + stiffness_energy):
 *   slip             = f_y max(0, f_t - f_y)/k_t                      (>= 0)
 *   stiffness_energy = E_0 - |a|^2/(2 k_t) + max(0, |a| - f_y)^2/(2 k_t)
 * The first term of stiffness_energy is the change of stored energy when
 * k_t changes or the carried force is rescaled at fixed displacement
 * (signed: negative when the normal state creates energy, e.g. the eq. 37
 * rescale on loading); the second is the energy released when the cap
 * mu F_n falls below the carried force (>= 0). The split uses |a| (the
 * carried force before the cap), so that slip stays >= 0 also on a step
 * that reverses while capped. Each of the four cases above closes to
 * round-off (tests/test_properties.c). Out of contact, or with k_t = 0,
 * the whole stored energy is stiffness_energy.
 *
 * slip_margin = |a + b| - f_y (with k_t > 0): sliding exactly when it is
 * > 0, and continuous in the step's displacement and normal force, so
 * the collision driver finds the stick <-> slip instant inside a step as a
 * root of it (RK4 is fourth order only on a smooth piece).
 */
#include <float.h>
#include <string.h>

#include "cwb_law.h"

/* The tangential direction of a displacement (cwb_law.h). A driver builds
 * the tangential displacement from the relative velocity with its normal
 * part removed, v_t = v - n (v . n), with a unit normal n that is itself
 * known to a few ulps (n = d/|d| is not of unit length to the last bit:
 * 0.99999999999999989 in the head-on collision of two glass spheres). Each
 * such projection leaves a few DBL_EPSILON of the vector projected behind,
 * in any direction: of the normal motion over the step (|delta - delta0|),
 * of a normal part still in dxi, and of the contact point's rotation about
 * a normal (r_star |dtheta|). Sums of a few projections, RK4 stages and
 * roundings of three-term dot products stay below about 10 DBL_EPSILON of
 * those; 64 leaves a margin of six. Below that, the displacement is noise
 * (1e-57 m along the normal in that head-on collision, where the step
 * moved the spheres 1e-11 m) and has no direction: a law that took its line
 * from it acted along the normal with a force whose work no term booked
 * (6-16 % of the energy of an elastic head-on impact vanished). A physical
 * displacement that small would move the tangential force by at most
 * k_t 64 DBL_EPSILON |delta - delta0|: 64 ulps of the change of the normal
 * force over the same step (k_t <= k_n for the Mindlin stiffnesses), far
 * below anything a collision resolves. */
cwb_vec3 cwb_tangential_direction(const cwb_kin *k, double r_star)
{
    double nn = cwb_v3_norm(k->normal);
    if (!(nn > 0.0))
        return cwb_v3(0.0, 0.0, 0.0);
    cwb_vec3 n = cwb_v3_scale(k->normal, 1.0 / nn), d = k->dxi_t;
    double along = fabs(cwb_v3_dot(d, n));
    d = cwb_v3_in_plane(d, n);
    /* twice: Kahan's "twice is enough" (Parlett 1980, The Symmetric
     * Eigenvalue Problem, sec. 6-9): the second pass leaves the result
     * orthogonal to n to round-off of its own length */
    d = cwb_v3_in_plane(d, n);
    double noise =
        64.0 * DBL_EPSILON * (fabs(k->delta - k->delta0) + along + r_star * cwb_v3_norm(k->dtheta));
    double m = cwb_v3_norm(d);
    if (!(m > noise))
        return cwb_v3(0.0, 0.0, 0.0);
    return cwb_v3_scale(d, 1.0 / m);
}

void cwb_spring_step(const cwb_spring_state *s, const cwb_kin *k, const cwb_normal_out *nrm,
                     const cwb_spring_law *law, cwb_tangential_out *out, cwb_spring_state *t)
{
    cwb_vec3 a = cwb_v3_scale(cwb_v3_rotate_into_plane(s->force, k->normal), law->scale);
    cwb_vec3 b = cwb_v3_scale(cwb_v3_in_plane(k->dxi_t, k->normal), law->kt);
    cwb_spring_apply(s, k, nrm, a, b, law->kt, law->mu, out, t);
}

/* max(0, x), 0 for a NaN as fmax(0, x) gives, without the library call
 * (two of them were a tenth of a Mindlin evaluation's own instructions). */
static double positive_part(double x)
{
    return x > 0.0 ? x : 0.0;
}

void cwb_spring_apply(const cwb_spring_state *s, const cwb_kin *k, const cwb_normal_out *nrm,
                      cwb_vec3 a, cwb_vec3 b, double kt, double mu, cwb_tangential_out *out,
                      cwb_spring_state *t)
{
    double e0 = s->kt > 0.0 ? 0.5 * cwb_v3_dot(s->force, s->force) / s->kt : 0.0;
    memset(out, 0, sizeof *out);
    /* The Coulomb limit's normal load: F_n, plus 2 F_pulloff for an adhesive
     * law with friction_load = offset (nrm->friction_offset; 0 otherwise). */
    double load = nrm->force + nrm->friction_offset;
    if (k->delta <= nrm->delta_off || load <= 0.0) {
        /* Out of contact the spring is released; its energy is lost (an
         * adhesive contact holds down to delta_off < 0). */
        memset(t, 0, sizeof *t);
        out->dissipated = e0;
        out->stiffness_energy = e0;
        return;
    }
    cwb_vec3 f = cwb_v3_add(a, b);
    double fy = mu * load;
    double na2 = cwb_v3_dot(a, a), na = sqrt(na2);
    double ft2 = cwb_v3_dot(f, f), ft = sqrt(ft2);
    double work;
    if (kt <= 0.0) {
        /* No stiffness (zero contact radius): the force can only drop. */
        if (na > fy)
            f = cwb_v3_scale(a, fy / na);
        work = 0.0;
        kt = 0.0; /* slip_margin left 0: no regime to locate */
    } else if (na <= fy) {
        out->slip_margin = ft - fy;
        if (ft <= fy) {
            work = 0.5 * (ft2 - na2) / kt;
        } else {
            work = 0.5 * (fy * fy - na2) / kt + fy * (ft - fy) / kt;
            f = cwb_v3_scale(f, fy / ft);
            out->sliding = 1;
        }
    } else {
        out->slip_margin = ft - fy;
        if (ft > fy) {
            work = fy * (ft - na) / kt;
            f = cwb_v3_scale(f, fy / ft);
            out->sliding = 1;
        } else {
            work = fy * (fy - na) / kt + 0.5 * (ft2 - fy * fy) / kt;
        }
    }
    double e1 = kt > 0.0 ? 0.5 * cwb_v3_dot(f, f) / kt : 0.0;
    out->force = f;
    out->stiffness = kt;
    out->energy = e1;
    out->work = work;
    out->dissipated = work - (e1 - e0);
    if (kt > 0.0) {
        double cap_excess = positive_part(na - fy);
        out->slip = fy * positive_part(ft - fy) / kt;
        out->stiffness_energy = e0 - 0.5 * na2 / kt + 0.5 * cap_excess * cap_excess / kt;
    } else {
        out->stiffness_energy = out->dissipated; /* no work: the force only dropped */
    }
    t->force = f;
    t->kt = kt;
    t->fn = nrm->force;
}

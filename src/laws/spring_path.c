/* spring_path.c -- the incremental tangential spring dF = k_t(delta) dxi
 * integrated along the step's path (cwb_law.h, cwb_spring_path_step).
 *
 * Why. The law is the ODE dF = k_t(delta) dxi (Mindlin 1949 applied
 * incrementally, seed 001, seed 004 eq. 37 first line). The classical
 * discretisation, F_1 = F_0 + k_t(delta_1) Delta xi (cwb_spring_step, LAMMPS
 * `mindlin/force`), is a rectangle rule for the integral of k_t dxi: its
 * local error is (1/2) k_t' Delta delta Delta xi = O(h^2), so a collision
 * converges at first order in the step whatever the driver does (measured
 * orders 1.16, 1.09 under RK4, also in pure stick; README "Benchmarks").
 *
 * Path. The law sees the committed state and the current evaluation point
 * (cwb_kin): overlaps delta0, delta and, time dt apart, the rates
 * delta_rate and v_t at the current point; the committed rates it keeps in
 * its own history (this state, committed by the driver with the step, so
 * the law stays a pure function of its committed state and the step's
 * kinematics: the law contract, src/laws/cwb_law.h). Over u = s/dt in [0, 1] the path is the cubic
 * Hermite interpolant of the two values and two rates of delta(u) and of
 * the in-plane displacement xi(u) (xi(0) = 0, xi(1) = dxi_t), which
 * matches a smooth trajectory to O(dt^4). Where a rate is missing the path
 * is of lower degree:
 *   - dt = 0 (quasi-static drivers: history, API without times): both
 *     rates are unknown, the path is the straight line between the end
 *     points (exact for the history driver's piecewise-linear targets; in
 *     general second order, the trapezoid's accuracy); so it is when the
 *     current rates are the step's secant to 1e-9 (the history driver with
 *     segment_time > 0: its rate jumps at a target, where a Hermite path
 *     through the committed rate would bulge);
 *   - a virgin state (first touch) has no committed rates: the quadratic
 *     through the two values with the current rate (third order; one step
 *     per contact).
 *
 * Stiffness along the path. k_t(delta) is the normal law's (8 G* a(delta)),
 * known here at the two ends only. k_t^2 is taken affine in delta through
 * the committed and the current stiffness; that is exact for every normal
 * law whose a^2 is affine in delta on the step (Hertz, a^2 = R* delta; DMT,
 * linear, Thornton's loading, Storakers: a^2 proportional to delta), and
 * second order otherwise. When the two overlaps are too close for the
 * secant (|Delta delta| <= 1e-7 of the overlaps: a step across the peak
 * lands so) or there is no committed stiffness, k_t^2 is taken proportional
 * to delta (Hertz).
 *
 * Quadrature. F and the work W = int F . dxi along the path are integrated
 * together, dF/du = k_t(u) xi'(u), dW/du = F(u) . xi'(u), by classical RK4
 * in SUBSTEPS substeps (for F, whose derivative does not depend on F, that
 * is composite Simpson: O(dt^5) local). The Coulomb cap then applies to the
 * end force as in cwb_spring_step (cwb_spring_apply: trial force a + b,
 * b = F(1) - a, capped at mu F_n, slip_margin |a + b| - mu F_n). A step that
 * sticks throughout reports the path's work, and stiffness_energy =
 * W - (E_1 - E_0) with E = |F|^2/(2 k_t), i.e. int |F|^2 dk_t/(2 k_t^2) along
 * the path, to the quadrature's accuracy; a capped step reports
 * cwb_spring_apply's split (exact on its own path F = a + s b). Either way
 * work = Delta E + slip + stiffness_energy to round-off.
 *
 * The path is built and evaluated by exported helpers (cwb_step_path_of,
 * cwb_step_path_at; cwb_law.h) so that other laws integrate their own ODE
 * along the same path: they also carry the normal load N = F_n +
 * friction_offset, Hermite from the committed N and k_n delta' (kept in
 * cwb_spring_path_state) and the current ones (lth, whose curve depends
 * on N; tangential_lth.c). The spring itself does not use N.
 *
 * With the driver locating stick <-> slip inside the step (slip_margin,
 * src/drivers/collision.c), a Hertz-Mindlin collision converges at order
 * 4 (tests/test_collision.c, stick_slip_fourth_order).
 */
#include <string.h>

#include "cwb_law.h"

#define SUBSTEPS 2 /* RK4 substeps of the path quadrature */

cwb_path_point cwb_step_path_at(const cwb_step_path *p, double u)
{
    double u2 = u * u, u3 = u2 * u;
    /* cubic Hermite basis and derivatives */
    double h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2;
    double g10 = 3 * u2 - 4 * u + 1, g01 = -6 * u2 + 6 * u, g11 = 3 * u2 - 2 * u;
    cwb_path_point q;
    q.delta = h00 * p->d0 + h10 * p->D0 + h01 * p->d1 + h11 * p->D1;
    q.dx = cwb_v3_add(cwb_v3_add(cwb_v3_scale(p->X0, g10), cwb_v3_scale(p->x1, g01)),
                      cwb_v3_scale(p->X1, g11));
    q.load = h00 * p->N0 + h10 * p->M0 + h01 * p->N1 + h11 * p->M1;
    double ks = p->k1s + p->m * (q.delta - p->d_ref);
    q.kt = ks > 0.0 ? sqrt(ks) : 0.0;
    return q;
}

/* k_t(u) xi'(u): the force's derivative along the path; xi'(u) in *dx. */
static cwb_vec3 path_rate(const cwb_step_path *p, double u, cwb_vec3 *dx)
{
    cwb_path_point q = cwb_step_path_at(p, u);
    *dx = q.dx;
    return cwb_v3_scale(q.dx, q.kt);
}

/* F(1) and the work along the path from F(0) = a (RK4, SUBSTEPS). */
static cwb_vec3 path_integrate(const cwb_step_path *p, cwb_vec3 a, double *work)
{
    cwb_vec3 f = a, dx0, dxm, dx1;
    double w = 0.0, h = 1.0 / SUBSTEPS;
    cwb_vec3 g0 = path_rate(p, 0.0, &dx0);
    for (int i = 0; i < SUBSTEPS; i++) {
        double u = i * h;
        cwb_vec3 gm = path_rate(p, u + 0.5 * h, &dxm);
        cwb_vec3 g1 = path_rate(p, u + h, &dx1);
        double k1 = cwb_v3_dot(f, dx0);
        double k2 = cwb_v3_dot(cwb_v3_add(f, cwb_v3_scale(g0, 0.5 * h)), dxm);
        double k3 = cwb_v3_dot(cwb_v3_add(f, cwb_v3_scale(gm, 0.5 * h)), dxm);
        double k4 = cwb_v3_dot(cwb_v3_add(f, cwb_v3_scale(gm, h)), dx1);
        w += h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
        f = cwb_v3_add(
            f, cwb_v3_scale(cwb_v3_add(cwb_v3_add(g0, g1), cwb_v3_scale(gm, 4.0)), h / 6.0));
        g0 = g1;
        dx0 = dx1;
    }
    *work = w;
    return f;
}

/* The end rates are the step's secant (to round-off): the driver moves
 * along a straight line (the history driver's piecewise-linear targets,
 * whose rate jumps at a corner, where a Hermite path through the committed
 * rate would bulge), and so does the law's path. */
static int secant(double D1, double dd, cwb_vec3 X1, cwb_vec3 dxi)
{
    double tol = 1e-9;
    return fabs(D1 - dd) <= tol * (fabs(D1) + fabs(dd)) &&
           cwb_v3_norm(cwb_v3_sub(X1, dxi)) <= tol * (cwb_v3_norm(X1) + cwb_v3_norm(dxi));
}

void cwb_step_path_rates(const cwb_kin *k, const cwb_normal_out *nrm, cwb_spring_path_state *t)
{
    t->v_t = cwb_v3_in_plane(k->v_t, k->normal);
    t->delta_rate = k->delta_rate;
    t->load = nrm->force + nrm->friction_offset;
    t->kn = nrm->stiffness;
    t->rates = k->dt > 0.0;
}

int cwb_step_path_of(const cwb_spring_path_state *s, const cwb_kin *k, const cwb_normal_out *nrm,
                     double kt, cwb_step_path *p)
{
    const cwb_spring_state *sp = &s->spring;
    cwb_vec3 n = k->normal;
    cwb_vec3 dxi = cwb_v3_in_plane(k->dxi_t, n);
    double load = nrm->force + nrm->friction_offset, h = k->dt;
    if (k->delta <= nrm->delta_off || load <= 0.0 || kt <= 0.0)
        return 0;
    *p = (cwb_step_path){.d0 = k->delta0,
                         .d1 = k->delta,
                         .x1 = dxi,
                         .N0 = s->load,
                         .N1 = load,
                         .k1s = kt * kt,
                         .d_ref = k->delta};
    double dd = p->d1 - p->d0, dN = p->N1 - p->N0;
    double D1 = h * k->delta_rate;
    cwb_vec3 X1 = cwb_v3_scale(cwb_v3_in_plane(k->v_t, n), h);
    if (h > 0.0 && !secant(D1, dd, X1, dxi)) {
        p->D1 = D1;
        p->X1 = X1;
        p->M1 = h * nrm->stiffness * k->delta_rate;
        if (s->rates) {
            p->D0 = h * s->delta_rate;
            p->X0 = cwb_v3_scale(cwb_v3_rotate_into_plane(s->v_t, n), h);
            p->M0 = h * s->kn * s->delta_rate;
        } else {
            /* virgin: the quadratic through both values with the end rate */
            p->D0 = 2.0 * dd - p->D1;
            p->X0 = cwb_v3_sub(cwb_v3_scale(dxi, 2.0), p->X1);
            p->M0 = 2.0 * dN - p->M1;
        }
    } else {
        /* quasi-static, or moving at the secant rates: the straight line */
        p->D0 = p->D1 = dd;
        p->X0 = p->X1 = dxi;
        p->M1 = nrm->stiffness * dd;
        p->M0 = s->kn > 0.0 ? s->kn * dd : 2.0 * dN - p->M1;
    }
    if (sp->kt > 0.0 && fabs(dd) > 1e-7 * (fabs(p->d0) + fabs(p->d1)))
        p->m = (p->k1s - sp->kt * sp->kt) / dd; /* k_t^2 affine in delta */
    else
        p->m = p->d1 > 0.0 ? p->k1s / p->d1 : 0.0; /* k_t^2 proportional to delta */
    return 1;
}

void cwb_spring_path_step(const cwb_spring_path_state *s, const cwb_kin *k,
                          const cwb_normal_out *nrm, double kt, double mu, cwb_tangential_out *out,
                          cwb_spring_path_state *t)
{
    const cwb_spring_state *sp = &s->spring;
    cwb_vec3 n = k->normal;
    cwb_vec3 a = cwb_v3_rotate_into_plane(sp->force, n);
    cwb_vec3 dxi = cwb_v3_in_plane(k->dxi_t, n);
    double load = nrm->force + nrm->friction_offset;
    /* the rates the next step's path starts from (committed with this one) */
    cwb_step_path_rates(k, nrm, t);
    cwb_step_path p;
    if (!cwb_step_path_of(s, k, nrm, kt, &p)) {
        /* released, or no stiffness: nothing to integrate */
        cwb_spring_apply(sp, k, nrm, a, cwb_v3_scale(dxi, kt), kt, mu, out, &t->spring);
        return;
    }
    double work;
    cwb_vec3 f = path_integrate(&p, a, &work);
    cwb_spring_apply(sp, k, nrm, a, cwb_v3_sub(f, a), kt, mu, out, &t->spring);
    double fy = mu * load;
    if (!out->sliding && cwb_v3_norm(a) <= fy) {
        /* stuck throughout: the path's own work and stiffness energy */
        double e0 = sp->kt > 0.0 ? 0.5 * cwb_v3_dot(sp->force, sp->force) / sp->kt : 0.0;
        out->work = work;
        out->dissipated = work - (out->energy - e0);
        out->slip = 0.0;
        out->stiffness_energy = out->dissipated;
    }
}

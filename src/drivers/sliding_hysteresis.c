/* sliding_hysteresis.c -- seed 003 §2.3: the unloading / reloading friction
 * at a reversal of the sliding direction (eqs. 2 and 3), for the `sliding`
 * driver. T here is the friction in the contact tangent, so that
 * T* = N c_n + T c_t and N* = N c_t - T c_n (eqs. 1a-1b with -sg mu N -> T).
 *
 * At a reversal at s_A, from the direction sg_old to sg = -sg_old:
 *   T_A   = -sg_old mu N(s_A): the friction just before the reversal. The
 *           extraction prints -sign(v(t + dt)) = -sg, the opposite sign;
 *           with it eq. 2 would start on the new direction's Coulomb value
 *           (a jump of 2 mu N(s_A), no unloading at all) and eq. 3's slope
 *           -|T_A - T_dB| p |s - s_A|^(p-1) ds would not be eq. 2's
 *           derivative (seed003-findings 10);
 *   T_dB  = -sg mu N(s_A + sg du), the Coulomb value where the branch ends;
 *   du    = (2 - nu) mu / (2 (1 - nu)) h(s_A) (1/2 + sqrt(y_c^2 + 4 s_A^2)/(4R)),
 *           Mindlin-Deresiewicz's ultimate slip, as printed (Part 1, eq. 58,
 *           is not at hand to re-derive the geometric factor).
 * Eq. 2 (non-incremental): T = T_A - (T_A - T_dB) (|s - s_A| / du)^p.
 * Eq. 3 (incremental): dT = -|T_A - T_dB| p |s - s_A|^(p-1) ds / du^p from
 * the value T had just before the reversal; integrated exactly,
 *   T = T_before - sg |T_A - T_dB| (|s - s_A| / du)^p.
 * The two coincide after a reversal from gross sliding (T_before = T_A);
 * they differ after a reversal inside a branch, where eq. 2 restarts from
 * the full friction mu N(s_A) (the jump behind Fig. 4a's oscillations) and
 * eq. 3 continues from the current value. The paper evaluates
 * |s_A - s(t + dt)|^(p-1) at the step's end, a first-order rule whose first
 * step after the reversal gives p |ds|^p instead of |ds|^p: the
 * step-dependence of its Fig. 4. Past |s - s_A| = du, or once the branch
 * reaches the Coulomb value -sg mu N(s), the friction is Coulomb again.
 */
#include <math.h>

#include "cwb_sliding.h"

double cwb_sliding_slip_ultimate(const cwb_sliding *g, double nu, double sA)
{
    cwb_sliding_point p;
    cwb_sliding_at(g, sA, &p);
    double h = fmax(p.h, 0.0);
    return (2.0 - nu) * g->mu / (2.0 * (1.0 - nu)) * h *
           (0.5 + sqrt(g->yc * g->yc + 4.0 * sA * sA) / (4.0 * g->R));
}

void cwb_sliding_branch_start(const cwb_sliding *g, const cwb_sliding_hysteresis *hy,
                              const cwb_sliding_reversal *rev, cwb_sliding_branch *b)
{
    double sA = rev->sA, sg = rev->sg;
    double du = cwb_sliding_slip_ultimate(g, hy->nu, sA);
    *b = (cwb_sliding_branch){.active = hy->form != CWB_SLIDING_COULOMB && du > 0.0,
                              .form = hy->form,
                              .p = hy->p,
                              .sA = sA,
                              .sg = sg,
                              .du = du};
    b->TA = sg * g->mu * cwb_sliding_normal_force(g, sA); /* = -sg_old mu N(s_A) */
    b->TdB = -sg * g->mu * cwb_sliding_normal_force(g, sA + sg * du);
    b->T_start = hy->form == CWB_SLIDING_EQ3 ? rev->T_before : b->TA;
}

double cwb_sliding_branch_friction(const cwb_sliding *g, const cwb_sliding_branch *b, double s,
                                   double sg)
{
    double Tc = -sg * g->mu * cwb_sliding_normal_force(g, s);
    if (!b->active || sg != b->sg)
        return Tc;
    double x = fabs(s - b->sA) / b->du;
    if (x >= 1.0)
        return Tc;
    double T = b->form == CWB_SLIDING_EQ2
                   ? b->TA - (b->TA - b->TdB) * pow(x, b->p)
                   : b->T_start - b->sg * fabs(b->TA - b->TdB) * pow(x, b->p);
    /* friction never exceeds mu N against the motion */
    return b->sg > 0.0 ? fmax(T, Tc) : fmin(T, Tc);
}

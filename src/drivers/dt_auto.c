/* dt_auto.c -- dt = auto, written once for every time-stepping driver
 * (cwb_dt_auto.h). */
#include <math.h>

#include "cwb_dt_auto.h"

/* An order above this from one ratio of changes is not RK4's (fourth
 * order at best, 3.8-4.3 measured where it holds): the coarser run was not
 * yet in the range where the error goes as h^q, or the finer change was
 * small by chance. beyond_jkr_restitution's first ratio, 62.6 (order 6.0),
 * and seed004_fig39_fem_a65's, 49.9 (5.6), were followed by 4.6 and 7.4
 * (orders 2.2 and 2.9). */
#define ORDER_NOT_ASYMPTOTIC 5.0

/* An order is confirmed when the last ORDER_RATIOS ratios of changes
 * (ORDER_RATIOS + 1 changes) show orders within ORDER_AGREEMENT of each
 * other. One ratio alone is never trusted: seed004_fig37_a15's changes
 * fell 17.7 times (order 4.1) and then 3.06, 2.04, 3.67, 2.81 times
 * (orders 1.6, 1.0, 1.9, 1.5); order 4.1 from the first ratio accepted, at
 * dt_tol 1e-6, a run whose restitution_tangential_contact erred by 1.64e-6
 * against the run at step / 64, 2.7 times its estimate. Two are not
 * enough either: seed004_fig52's restitution_tangential_contact fell 12.0
 * and 8.6 times (orders 3.6, 3.1), then 1.05 times, and
 * seed004_fig37_fem_a15's 14.4 and 14.1 times, then 2.96 times; at dt_tol
 * 1e-7 order 3.1 and 3.8 accepted runs that erred by 1.85e-7 and 2.31e-7,
 * 5.2 and 4.3 times their estimates. */
#define ORDER_RATIOS    3
#define ORDER_AGREEMENT 0.5

/* Factor of safety on every estimate: Roache's (1994, "Perspective: a
 * method for uniform reporting of grid refinement studies") 1.25 for an
 * order observed on three or more grids. The errors measured against step
 * / 64 reach 1.01 of the order-4 estimate (seed001_rolling_friction,
 * changes falling 16.2, 16.1, 16.0 times per halving) and 1.20 (a linear
 * spring with linear_restitution, whose restitution converges
 * erratically: 6.35, 6.35, then 3.59 per halving). Applied to order 1 too:
 * seed004_restitution_thornton at dt_tol 1e-7 (restitution_normal's
 * changes 1.41e-5, 8.67e-7, 9.65e-8, then 1.51e-7) erred by 1.39e-7, 1.44
 * times the last change, when that change alone was accepted. */
#define ESTIMATE_SAFETY 1.25

/* The order that changes c[j - 1] and c[j] show (their ratio is 2^q), or
 * NaN when they did not fall or it is beyond ORDER_NOT_ASYMPTOTIC. */
static double observed_order(const double *c, int j)
{
    if (!(c[j] > 0.0) || !(c[j - 1] > c[j]))
        return NAN;
    double q = log2(c[j - 1] / c[j]);
    return q <= ORDER_NOT_ASYMPTOTIC ? q : NAN;
}

/* The smallest of the orders the last ORDER_RATIOS ratios of changes
 * c[0..k-1] show, when they agree within ORDER_AGREEMENT; else NaN. */
static double confirmed_order(const double *c, int k)
{
    if (k <= ORDER_RATIOS)
        return NAN;
    double lo = INFINITY, hi = -INFINITY;
    for (int j = k - ORDER_RATIOS; j < k; j++) {
        double q = observed_order(c, j);
        if (isnan(q))
            return NAN;
        lo = fmin(lo, q);
        hi = fmax(hi, q);
    }
    return hi - lo <= ORDER_AGREEMENT ? lo : NAN;
}

/* A change that fell from the one before by more than order
 * ORDER_NOT_ASYMPTOTIC allows (2^5 = 32; RK4's order 4 gives 16) is not
 * evidence that the run converged: the error terms cancelled at that step
 * by chance, and the next halving shows it. seed004_fig5_md's
 * restitution_tangential_contact at dt_tol 1e-7 changed by 1.18e-4,
 * 8.85e-6, 7.26e-7, then 1.20e-8 (60 times less), 2.42e-7, 8.46e-8,
 * 2.21e-8: taken as order 1, the 1.20e-8 accepted a run that erred by
 * 1.7e-7. Such a change is estimated by the change before it, so the run
 * is accepted only on a change that did not fall by chance. */
static int fell_by_chance(double before, double change)
{
    return change >= 0.0 && before > exp2(ORDER_NOT_ASYMPTOTIC) * change;
}

/* Richardson estimate of the finer run's error from one result's changes
 * c[0..k-1]: a run at h errs by about C h^q, so two runs at 2h and h
 * differ by C h^q (2^q - 1) and the finer one errs by change / (2^q - 1).
 * The order is used only when confirmed (ORDER_RATIOS); then q is the
 * smallest of the orders that confirm it, within [1, 4] (RK4 is fourth order at best; a law with a
 * transition inside a step converges at first or second order). An order
 * not confirmed (one ratio, ratios that disagree, changes that grew) is
 * taken as 1, the lowest any law here converges at: the change itself.
 * Either carries the factor ESTIMATE_SAFETY. Roache's two-grid
 * alternative, an order assumed with a factor of safety 3, is not safe
 * here: the order a law converges at is not known beforehand, and with
 * fig37_a15's first ratio (order 4) it gives 3 / 15 of the change where
 * the error was 0.23 of it (1.64e-6 of 7.24e-6). */
static double result_estimate(const double *c, int k)
{
    double last = c[k - 1];
    if (isnan(last))
        return 0.0; /* neither run reports the result */
    if (k >= 2 && fell_by_chance(c[k - 2], last))
        return ESTIMATE_SAFETY * c[k - 2];
    double q = confirmed_order(c, k);
    q = isnan(q) ? 1.0 : fmin(fmax(q, 1.0), 4.0);
    return ESTIMATE_SAFETY * last / (pow(2.0, q) - 1.0);
}

/* The largest of the results' estimates, each from its own changes: the
 * order the largest change shows can belong to one result at one halving
 * and to another at the next. A change no single result shows (one run
 * rebounds, the other sticks) is its own estimate. */
static double richardson_estimate(const cwb_dt_plan *p, const cwb_dt_auto *a)
{
    if (p->results <= 0)
        return result_estimate(a->history, a->halvings);
    int n = p->results < CWB_DT_MAX_RESULTS ? p->results : CWB_DT_MAX_RESULTS;
    double estimate = 0.0, largest = 0.0;
    for (int i = 0; i < n; i++) {
        estimate = fmax(estimate, result_estimate(a->each[i], a->halvings));
        if (!isnan(a->each[i][a->halvings - 1]))
            largest = fmax(largest, a->each[i][a->halvings - 1]);
    }
    return a->change > largest ? fmax(estimate, a->change) : estimate;
}

/* Keep the change after this halving, the largest and each result's. */
static void record_change(const cwb_dt_plan *p, cwb_dt_auto *a, double change)
{
    a->change = change;
    for (int i = 0; i < p->results && i < CWB_DT_MAX_RESULTS; i++)
        a->each[i][a->halvings] = p->each[i];
    a->history[a->halvings++] = change;
}

/* The halving sequence of one sample alone: run at h0, halve and run until
 * the estimate meets tol. */
static int refine_alone(const cwb_dt_plan *p, cwb_dt_auto *a, cwb_dt_outcome *outcome, char *msg,
                        size_t n)
{
    int limit = p->max_halvings > 0 && p->max_halvings < CWB_DT_MAX_HALVINGS ? p->max_halvings
                                                                             : CWB_DT_MAX_HALVINGS;
    *a = (cwb_dt_auto){.h = p->h0, .change = NAN, .estimate = NAN};
    int rc = p->run(p->ctx, a->h, a->slot, msg, n);
    if (rc != CWB_OK)
        return rc;
    for (;;) {
        if (a->halvings == limit) {
            *outcome = CWB_DT_LIMIT;
            return CWB_OK;
        }
        if (!p->affordable(p->ctx, a)) {
            *outcome = CWB_DT_BUDGET;
            return CWB_OK;
        }
        a->h *= 0.5;
        a->slot ^= 1;
        if (isnan(a->estimate))
            cwb_progressf("dt = auto: halving %d, dt = %g s (no estimate yet; dt_tol %g)",
                          a->halvings + 1, a->h, p->tol);
        else
            cwb_progressf("dt = auto: halving %d, dt = %g s (estimate %.3g, dt_tol %g)",
                          a->halvings + 1, a->h, a->estimate, p->tol);
        if ((rc = p->run(p->ctx, a->h, a->slot, msg, n)) != CWB_OK)
            return rc;
        int comparable = 1;
        record_change(p, a, p->change(p->ctx, a->slot, a->slot ^ 1, &comparable));
        a->estimate = p->richardson ? richardson_estimate(p, a) : a->change;
        if (comparable && a->estimate <= p->tol) {
            *outcome = CWB_DT_CONVERGED;
            return CWB_OK;
        }
    }
}

/* ---- dt = auto across neighbouring samples (cwb_dt_reuse_begin) ----
 *
 * A sample alone runs its ladder h0, h0 / 2, ..., h: 1.75 times the run at
 * h when it accepts after two halvings, and no fewer runs can show it the
 * order its changes fall at. Its neighbour in a table has shown one: the
 * reuse runs a sample at the neighbour's halvings k of its own first step
 * (h0 scales with the sample's expected contact time, so the neighbour's
 * steps per contact time are carried) and once at 4h, 1.25 times the run at
 * h. The neighbour's own change between h and 4h is measured too (one
 * more run after its refinement), so each result's estimate is the
 * neighbour's estimate scaled by rho, the sample's change between h and 4h
 * over the neighbour's: rho E_neighbour. Scaling alone is not safe: it assumes
 * the sample converges as its neighbour does (a scaling from the table's
 * first row passed Thornton's plastic rows at up to 15 dt_tol from an
 * elastic first row: doc/benchmarks.md). So the check is taken only where
 * it can be compared and refines in full (as alone) whenever it disagrees:
 *  - the neighbour is the last sample refined in full with the same plan
 *    (driver, tol, results), converged, and at most REUSE_REFRESH checks
 *    ago;
 *  - the two runs are comparable (one stuck, the other rebounding is not)
 *    and no change exceeds the largest result's (a change in kind);
 *  - each result reported by one of the sample and the neighbour is
 *    reported by the other;
 *  - every result that changed above the noise (1/100 of tol, the driver's
 *    round-off floor) did so in the neighbour too, with rho at least
 *    1 / REUSE_PROPORTION (a change far smaller than the neighbour's is
 *    the cancellation by chance the ladder's rules exist for: fig5_md's
 *    1.2e-8 among 7.3e-7 and 2.4e-7), and the rhos of the results agree
 *    within REUSE_PROPORTION (results that moved in proportion converge
 *    alike; a sample whose transitions moved shows one result's change
 *    out of line with the others);
 *  - the largest estimate meets tol.
 * A sample that falls back refines from h0 exactly as alone, its check's
 * two runs counted in its steps_total, and becomes the neighbour. */

/* How far a sample's changes may stray from its neighbour's: rho at least
 * 1 / REUSE_PROPORTION, and the largest rho at most REUSE_PROPORTION times
 * the smallest. */
#define REUSE_PROPORTION 4.0

/* Checks after which the next sample refines in full anyway, so that the
 * neighbour follows a table that drifts (1/32 of a sample's cost more). */
#define REUSE_REFRESH 32

/* What a full refinement established, for the samples after it. */
typedef struct {
    int valid;
    int (*run)(void *ctx, double h, int slot, char *msg, size_t n); /* whose plan */
    double tol;
    int results;
    int halvings;                        /* k: its accepted step is h0 / 2^k */
    int checks;                          /* samples checked against it so far */
    double change[CWB_DT_MAX_RESULTS];   /* each result's change between h and 4h */
    double estimate[CWB_DT_MAX_RESULTS]; /* each result's estimate at h */
} reuse_memory;

static _Thread_local int reuse_on;
static _Thread_local reuse_memory reuse;

void cwb_dt_reuse_begin(void)
{
    reuse_on = 1;
    reuse.valid = 0;
}

void cwb_dt_reuse_end(void)
{
    reuse_on = 0;
    reuse.valid = 0;
}

static int result_count(const cwb_dt_plan *p)
{
    return p->results < CWB_DT_MAX_RESULTS ? p->results : CWB_DT_MAX_RESULTS;
}

/* The driver keeps each result's last change in p->each (its rule that a
 * growing change is not comparable reads it): a refinement started over
 * must not see the check's changes as its previous ones. */
static void forget_changes(const cwb_dt_plan *p)
{
    for (int i = 0; i < result_count(p); i++)
        p->each[i] = NAN;
}

/* Whether the neighbour in memory was refined with this plan. */
static int reuse_applies(const cwb_dt_plan *p)
{
    return reuse_on && reuse.valid && reuse.run == p->run && reuse.tol == p->tol &&
           reuse.results == p->results && reuse.checks < REUSE_REFRESH && p->richardson &&
           p->results > 0 && p->each;
}

/* Keep what a full refinement that converged shows, with one more run at
 * 4h (into the slot the accepted run is not in): its change against h,
 * measured as the check measures a sample's, is the denominator of rho.
 * The ladder's changes h-2h and 2h-4h would give it only as their sum,
 * which overstates it (and so understates rho) where they differ in sign;
 * and after one halving there is no 4h run. The run costs 1/4 of the
 * accepted one, once per full refinement. */
static void remember(const cwb_dt_plan *p, const cwb_dt_auto *a, cwb_dt_outcome outcome)
{
    reuse.valid = 0;
    if (outcome != CWB_DT_CONVERGED || !p->richardson || p->results <= 0 || !p->each)
        return;
    char msg[CWB_MSG];
    int k = a->halvings, coarse = a->slot ^ 1, comparable = 1;
    if (p->run(p->ctx, ldexp(a->h, 2), coarse, msg, sizeof msg) != CWB_OK)
        return;
    forget_changes(p);
    double change = p->change(p->ctx, a->slot, coarse, &comparable), largest = 0.0;
    for (int i = 0; i < result_count(p); i++) {
        reuse.change[i] = p->each[i];
        reuse.estimate[i] = result_estimate(a->each[i], k);
        if (!isnan(p->each[i]))
            largest = fmax(largest, p->each[i]);
    }
    if (!comparable || change > largest)
        return; /* the run at 4h differs in kind: no neighbour to scale by */
    reuse.valid = 1;
    reuse.run = p->run;
    reuse.tol = p->tol;
    reuse.results = p->results;
    reuse.halvings = k;
    reuse.checks = 0;
}

/* The estimate of the run at h from its change against 4h, each[i] for
 * each result, or NaN when the change is not in proportion to the
 * neighbour's (the reasons above cwb_dt_reuse_begin's section). */
static double scaled_estimate(const cwb_dt_plan *p, double largest_change)
{
    double noise = 0.01 * p->tol, estimate = 0.0, largest = 0.0;
    double rho_lo = INFINITY, rho_hi = 0.0;
    for (int i = 0; i < result_count(p); i++) {
        double s = p->each[i], was = reuse.change[i];
        if (isnan(s) != isnan(was))
            return NAN; /* reported by one of the two only */
        if (isnan(s))
            continue;
        largest = fmax(largest, s);
        if (!(was > noise)) {
            if (s > noise)
                return NAN; /* it moved where the neighbour's did not */
            estimate = fmax(estimate, ESTIMATE_SAFETY * s);
            continue;
        }
        double rho = s / was;
        if (s > noise) {
            rho_lo = fmin(rho_lo, rho);
            rho_hi = fmax(rho_hi, rho);
        }
        estimate = fmax(estimate, rho * reuse.estimate[i]);
    }
    if (largest_change > largest || rho_lo < 1.0 / REUSE_PROPORTION ||
        rho_hi > REUSE_PROPORTION * rho_lo)
        return NAN;
    return estimate;
}

/* Run at the neighbour's step h and at 4h; 1 when the run at h is accepted
 * (a set as after a refinement that accepted it), 0 to refine in full. */
static int check_at_neighbour_step(const cwb_dt_plan *p, cwb_dt_auto *a, int *rc, char *msg,
                                   size_t n)
{
    int k = reuse.halvings;
    reuse.checks++;
    *a = (cwb_dt_auto){.h = ldexp(p->h0, 2 - k), .change = NAN, .estimate = NAN};
    if ((*rc = p->run(p->ctx, a->h, 0, msg, n)) != CWB_OK)
        return 0;
    a->h = ldexp(p->h0, -k);
    a->slot = 1;
    if ((*rc = p->run(p->ctx, a->h, 1, msg, n)) != CWB_OK)
        return 0;
    forget_changes(p);
    int comparable = 1;
    a->change = p->change(p->ctx, 1, 0, &comparable);
    a->estimate = scaled_estimate(p, a->change);
    a->halvings = k;
    a->history[k - 1] = a->change;
    if (!comparable || !(a->estimate <= p->tol))
        return 0;
    return 1;
}

int cwb_dt_refine(const cwb_dt_plan *p, cwb_dt_auto *a, cwb_dt_outcome *outcome, char *msg,
                  size_t n)
{
    if (reuse_applies(p)) {
        int rc = CWB_OK;
        if (check_at_neighbour_step(p, a, &rc, msg, n)) {
            *outcome = CWB_DT_CONVERGED;
            return CWB_OK;
        }
        if (rc != CWB_OK) /* a run that fails at the neighbour's step may not alone */
            reuse.valid = 0;
        forget_changes(p);
    }
    int rc = refine_alone(p, a, outcome, msg, n);
    if (reuse_on && rc == CWB_OK)
        remember(p, a, *outcome);
    return rc;
}

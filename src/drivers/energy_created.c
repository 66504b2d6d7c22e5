/* energy_created.c -- the one warning every driver gives when a law's
 * energy account shows energy created (cwb_run.h).
 *
 * A tangential or rolling law books, on each step, W = Delta E + D_slip +
 * E_stiff with D_slip >= 0 and E_stiff signed (src/laws/cwb_law.h,
 * stiffness_energy): E_stiff < 0 is energy the law as published created.
 * It comes from two places: a stiffness that follows the normal state
 * (an incremental Mindlin force kept while k_t falls on unloading,
 * doc/findings.md finding 30), and, at a held normal state, branches of
 * different stiffness (rathbone_tangential reloads at 9.28 G*a after
 * unloading at 8 G*a, Rathbone 2015 eq. 106: each unload-reload loop
 * gives back more than it took). The drivers book it under
 * energy_from_stiffness_change / energy_rolling_stiffness_change and say
 * it here, in one wording. */
#include "cwb_run.h"

/* Created energy below this fraction of the scale is round-off of the
 * per-step sums, not the law. */
#define CREATED_NOISE 1e-9

void cwb_warn_energy_created(cwb_result *r, const char *eu, double stiff_t, double stiff_r,
                             double scale, const char *scale_name)
{
    double noise = CREATED_NOISE * scale;
    char share[64] = "";
    if (stiff_t < -noise) {
        if (scale_name)
            snprintf(share, sizeof share, " (%.3g of %s)", -stiff_t / scale, scale_name);
        cwb_result_warn(r,
                        "the tangential law created %.3g %s%s where its stiffness changed, with "
                        "the normal state or between its branches (energy_from_stiffness_change "
                        "< 0: the published law, see its header)",
                        -stiff_t, eu, share);
    }
    if (stiff_r < -noise) {
        if (scale_name)
            snprintf(share, sizeof share, " (%.3g of %s)", -stiff_r / scale, scale_name);
        cwb_result_warn(r,
                        "the rolling law created %.3g %s%s where the normal state changed its "
                        "stiffness (energy_rolling_stiffness_change < 0)",
                        -stiff_r, eu, share);
    }
}

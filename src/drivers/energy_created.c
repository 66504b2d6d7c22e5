/* energy_created.c -- the warnings every driver gives when a law's energy
 * account shows energy created (cwb_run.h).
 *
 * A tangential or rolling law books, on each step, W = Delta E + D_slip +
 * E_stiff with D_slip >= 0 and E_stiff signed (src/laws/cwb_law.h,
 * stiffness_energy): E_stiff < 0 is energy the law created. A normal law
 * flags the steps whose stored energy exceeds the work done on it
 * (CWB_FLAG_ENERGY_GAIN). Where and why each law does so is the law's to
 * say (cwb_law_head.creates_energy, which `cwb describe` prints too), so
 * the warning names the law and quotes it, in one wording for every
 * driver. */
#include "cwb_run.h"

/* Created energy below this fraction of the scale is round-off of the
 * per-step sums, not the law. */
#define CREATED_NOISE 1e-9

/* What the law says of where it creates energy; a law that declares
 * nothing has created energy no one expected of it. */
static const char *law_says(const cwb_law_head *h)
{
    return h->creates_energy ? h->creates_energy : "not a property this law declares: report it";
}

/* "the KIND law 'NAME' created X EU, SHARE of SCALE_NAME (TERM < 0): WHY" */
static void warn_created(cwb_result *r, const cwb_case *c, cwb_kind kind, double created,
                         const char *term, double scale, const char *scale_name)
{
    const cwb_law_head *h = c->law[kind];
    const char *eu = c->pair.dim == 2 ? "J/m" : "J";
    char share[64] = "";
    if (scale_name)
        snprintf(share, sizeof share, ", %.3g of %s", created / scale, scale_name);
    cwb_result_warn(r, "the %s law '%s' created %.3g %s%s (%s < 0): %s", cwb_kind_name(kind),
                    h->name, created, eu, share, term, law_says(h));
}

void cwb_warn_energy_created(cwb_result *r, const cwb_case *c, double stiff_t, double stiff_r,
                             double scale, const char *scale_name)
{
    double noise = CREATED_NOISE * scale;
    if (stiff_t < -noise)
        warn_created(r, c, CWB_KIND_TANGENTIAL, -stiff_t, "energy_from_stiffness_change", scale,
                     scale_name);
    if (stiff_r < -noise)
        warn_created(r, c, CWB_KIND_ROLLING, -stiff_r, "energy_rolling_stiffness_change", scale,
                     scale_name);
}

void cwb_warn_energy_returned(cwb_result *r, const cwb_case *c, double returned, size_t steps)
{
    if (steps == 0)
        return;
    const cwb_law_head *h = c->law[CWB_KIND_NORMAL];
    cwb_result_warn(r,
                    "the normal law '%s' stored %.3g %s more than the work done on it on %zu "
                    "steps (energy_returned_by_law): %s",
                    h->name, returned, c->pair.dim == 2 ? "J/m" : "J", steps, law_says(h));
}

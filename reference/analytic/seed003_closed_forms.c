/* seed003_closed_forms.c -- writes the seed 003 reference curves from the
 * closed forms of src/drivers/sliding_closed_forms.c (eqs. 16 and 20), for
 * cases/seed003_fig6_line_velocity.case and cases/seed003_fig7_restitution.case.
 * Build and run from the repository root, after `make`:
 *   cc -std=c11 -Iinclude/cwb -Isrc/core reference/analytic/seed003_closed_forms.c \
 *      build/libcwb.a $(pkg-config --libs gsl) -o /tmp/seed003_ref && /tmp/seed003_ref
 * Inputs (the paper's kn = 1 N/m^1.5, R = 1 m, mu = 0.6; chosen m = 1 kg,
 * h0 = 0.1 m): the same as the two cases. */
#include <math.h>
#include <stdio.h>

#include "../../src/drivers/cwb_sliding.h"
#include "cwb.h"

static const char *const common =
    "# inputs: line path, R=1 m, kn=1 N/m^1.5, mu=0.6, m=1 kg, h0=0.1 m (y_c=1.9 m)\n"
    "# made by reference/analytic/seed003_closed_forms.c (calls the closed-form functions of\n"
    "# src/drivers/sliding_closed_forms.c; tests/test_sliding.c checks them against qags)\n"
    "# independence: closed-form\n";

int main(void)
{
    cwb_sliding g;
    char msg[256];
    if (cwb_sliding_init(&g, CWB_SLIDING_LINE, 1.0, 1.0, 0.6, 1.0, 0.1, 0.0, msg, sizeof msg))
        return 1;
    double vc = cwb_sliding_vcrit(&g);
    FILE *f = fopen("reference/analytic/seed003_fig6_line_velocity.csv", "w");
    if (!f)
        return 1;
    fprintf(f, "# Seed 003 Fig. 6 (and Fig. 3's line): speed along the line path, eq. 16 with\n"
               "# the friction work of eq. 15 (incomplete elliptic integrals, k = ((1-kr)/(1+kr))^0.5)\n"
               "# and the normal work of eq. 13; v0 = 1.5 v_crit (eq. 21: v_crit = %.12g m/s)\n%s"
               "# tolerance: 1e-8 of v0\ns[m],v[m/s]\n", vc, common);
    for (int i = 0; i <= 200; i++) {
        double s = -g.su + 2.0 * g.su * i / 200.0;
        fprintf(f, "%.12g,%.12g\n", s, cwb_sliding_velocity(&g, 1.5 * vc, s, 0));
    }
    if (fclose(f))
        return 1;
    f = fopen("reference/analytic/seed003_fig7_restitution.csv", "w");
    if (!f)
        return 1;
    fprintf(f, "# Seed 003 Fig. 7: tangential restitution e_s against v0 / v_crit on the line path,\n"
               "# eq. 20 with eq. 19 (complete elliptic integrals); v_crit from eq. 21 = %.12g m/s\n%s"
               "# tolerance: 1e-8\nv0_over_vcrit[-],e_s[-]\n", vc, common);
    /* the sweep's own 12 values (1.05 to 5): no interpolation near the steep start */
    for (int i = 0; i < 12; i++) {
        double r = 1.05 + (5.0 - 1.05) * i / 11.0;
        fprintf(f, "%.12g,%.12g\n", r, cwb_sliding_restitution(&g, r * vc));
    }
    return fclose(f) ? 1 : 0;
}

/* seed003_closed_forms.c -- writes the Balevičius & Mróz II reference curves from the
 * closed forms of src/drivers/sliding_closed_forms.c and
 * src/drivers/sliding_force_closed_forms.c, for cases/seed003_*.case:
 * Fig. 6 (eq. 16), Fig. 7 (eq. 20), Fig. 8 (contact time: qags of eq. 22 and
 * eq. 25), Figs. 10-11 (circle, k~ = 0.8 and 0.3: e_s and contact time by
 * qags of eq. 29 / eq. 22 and by the 5-point eqs. 35 / 32), Fig. 9 (circle:
 * v(s~) by eq. 31 with the 5-point work of eq. 30, and with the exact work,
 * qags of eq. 29), Fig. 14 (eq. 43)
 * and Fig. 15 (contact time: qags of 1/v with eq. 43, and eq. 47).
 * Built and run from the repository root by `make reference-analytic`.
 * Inputs: those of the cases (the paper's kn = 1 N/m^1.5, R = 1 m, mu = 0.6,
 * chosen m = 1 kg, h0 = 0.1 m; force control: the paper's Q = 1 N, R = 1 m,
 * mu = 0.6, y0 = 0.86 R, chosen m = 1 kg). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <gsl/gsl_errno.h>

#include "../../src/drivers/cwb_sliding.h"
#include "cwb.h"
#include "cwb_out.h"

/* How this program was called, for the tables' made lines. */
static const char *command = "seed003_closed_forms";

/* Close the table `name` and give it, as the last line of its opening '#'
 * block (before the column names: the readers of a title take the lines
 * that open it), the line that says when, where and how it was made
 * (cwb_write_made_line, doc/case-files.md); written to name.tmp and renamed,
 * so that a failed write leaves the table as it was. 1 on a failed write. */
static int close_table(FILE *f, const char *name)
{
    if (fclose(f))
        return 1;
    static char text[1 << 20];
    FILE *in = fopen(name, "r");
    size_t len = in ? fread(text, 1, sizeof text - 1, in) : 0;
    if (!in || ferror(in) | fclose(in) || len == sizeof text - 1)
        return 1;
    text[len] = '\0';
    char *columns = text; /* the first line that is not a '#' line */
    while (*columns == '#' && strchr(columns, '\n'))
        columns = strchr(columns, '\n') + 1;
    char tmp[1024];
    snprintf(tmp, sizeof tmp, "%s.tmp", name);
    FILE *out = fopen(tmp, "w");
    if (!out)
        return 1;
    fwrite(text, 1, (size_t)(columns - text), out);
    cwb_write_made_line(out, command);
    fputs(columns, out);
    if (fclose(out) || rename(tmp, name)) {
        remove(tmp);
        return 1;
    }
    return 0;
}

static const char *const common =
    "# inputs: line path, R=1 m, kn=1 N/m^1.5, mu=0.6, m=1 kg, h0=0.1 m (y_c=1.9 m)\n"
    "# made by reference/analytic/seed003_closed_forms.c (calls the closed-form functions of\n"
    "# src/drivers/sliding_closed_forms.c; tests/test_sliding.c checks them against qags)\n"
    "# independence: closed-form\n";

/* The inputs of `common`: the line path every displacement-controlled curve starts from. */
static const cwb_sliding_spec paper_line = {
    .path = CWB_SLIDING_LINE, .R = 1.0, .kn = 1.0, .mu = 0.6, .m = 1.0, .h0 = 0.1, .kt = 0.0};

#define SWEEP_N 12

/* Why an exact curve's tolerance is 1e-8: the bound is the run's, not the
 * reference's (each file adds how exact it is). */
#define RUN_BOUND                                                                                  \
    "1e-8 the run's RK4 at dt = auto (tests/test_sliding.c holds the sliding drivers to 1e-8 of "  \
    "the converged answer)"

/* "# stands for:" (src/io/compare.c): the case inputs a displacement-controlled
 * curve is made for, in the sliding driver's keys; the Coulomb friction makes
 * it independent of nu (eq. 2's du enters only friction = eq2/eq3). v0_ratio
 * > 0 for a curve at one speed; a sweep over v0 / v_crit states none. */
static void stands_for(FILE *f, const cwb_sliding *g, double v0_ratio)
{
    fprintf(f, "# stands for: body1.radius = %g; body2.radius = %g; driver.path = %s; ", g->R, g->R,
            g->path == CWB_SLIDING_CIRCLE ? "circle" : "line");
    if (g->path == CWB_SLIDING_CIRCLE)
        fprintf(f, "driver.k_tilde = %g; ", g->kt);
    fprintf(f,
            "driver.h0 = %g; driver.kn = %g; driver.mass = %g; driver.mu = %g; driver.friction = "
            "coulomb",
            g->h0, g->kn, g->m, g->mu);
    if (v0_ratio > 0.0)
        fprintf(f, "; driver.v0_over_vcrit = %g", v0_ratio);
    fprintf(f, "\n");
}

/* The same for a force-controlled curve (sliding_force driver); extra: the
 * keys of one curve ("; driver.an = on"), or "". */
static void stands_for_force(FILE *f, const cwb_fsliding *g, const char *extra)
{
    fprintf(f,
            "# stands for: body1.radius = %g; body2.radius = %g; driver.Q = %g; driver.y0 = %g; "
            "driver.mu = %g; driver.mass = %g%s\n",
            g->R, g->R, g->Q, g->y0, g->mu, g->m, extra);
}

static double sweep_at(double from, double to, int i)
{
    return from + (to - from) * i / (SWEEP_N - 1.0);
}

/* Figs. 8, 10, 11: quantity `what` of g at v0 = r v_crit(line): 0 the contact
 * time by qags of 1/v, 1 by the paper's 5-point rule (eq. 25 / eq. 32), 2 e_s
 * with the exact work (qags of eq. 29), 3 e_s by eq. 35 (eq. 20 on the line). */
static double sweep_value(const cwb_sliding *g, double w_exact, double v0, int what)
{
    return what == 0   ? cwb_sliding_contact_time_qags(g, v0)
           : what == 1 ? cwb_sliding_contact_time_lobatto(g, v0)
           : what == 2 ? sqrt(1.0 + 2.0 * w_exact / (g->m * v0 * v0))
                       : cwb_sliding_restitution(g, v0);
}

/* The "# tolerance:" of a sweep file, with its reason. An exact curve (what
 * 0, 2) is held to what the run's RK4 at dt = auto reaches; the paper's
 * 5-point approximation (what 1, 3: eq. 25 on the line, eqs. 32 and 35 on the circle)
 * lies a measured gap from the exact curve, so a run of the exact problem
 * lies that far from it: its tolerance is that gap, 10 % up. */
static void sweep_tolerance(FILE *f, const cwb_sliding *g, double w_exact, double vc, double from,
                            int what)
{
    if (what == 0 || what == 2) {
        fprintf(f, "# tolerance: " RUN_BOUND "; the reference is %s\n",
                what == 2 ? "e_s = sqrt(1 + 2 W / (m v0^2)) with the friction work W by qags of "
                            "eq. 29 at a requested 1e-13 relative"
                : g->path == CWB_SLIDING_CIRCLE
                    ? "qags of 1/v at a requested 1e-12 relative (the speed from qags work at "
                      "1e-13)"
                    : "qags of 1/v at a requested 1e-12 relative (the speed by eq. 16)");
        return;
    }
    double gap = 0.0, scale = 0.0;
    for (int i = 0; i < SWEEP_N; i++) {
        double v0 = sweep_at(from, 5.0, i) * vc;
        double exact = sweep_value(g, w_exact, v0, what - 1);
        gap = fmax(gap, fabs(sweep_value(g, w_exact, v0, what) - exact));
        scale = fmax(scale, fabs(exact));
    }
    gap /= scale;
    double step = pow(10.0, floor(log10(1.1 * gap)) - 1.0); /* two significant digits, up */
    fprintf(f,
            "# tolerance: %.2g %s is the paper's 5-point approximation: max |it - exact| / max "
            "|exact| = %.3g over these rows (exact: %s, computed beside it here), 10 %% up: "
            "a run of the exact problem lies that far from it (the exact curve judges the run; "
            "this one is drawn beside it)\n",
            ceil(1.1 * gap / step) * step,
            what == 1 ? (g->kt > 0.0 ? "eq. 32" : "eq. 25") : "eq. 35", gap,
            what == 1 ? "qags of 1/v" : "e_s with the qags work of eq. 29");
}

/* Figs. 8, 10, 11: one quantity against v0 / v_crit(line, eq. 21). */
static int write_sweep(const char *file, const char *head, const cwb_sliding *g, double vc,
                       double from, int what)
{
    FILE *f = fopen(file, "w");
    if (!f)
        return 1;
    fprintf(f, "%s# v_crit (line, eq. 21) = %.12g m/s\n%s", head, vc, common);
    stands_for(f, g, 0.0);
    double w = cwb_sliding_work_friction_qags(g, -g->su, g->su, 1.0);
    sweep_tolerance(f, g, w, vc, from, what);
    fprintf(f, what < 2 ? "v0_over_vcrit[-],contact_time[s]\n" : "v0_over_vcrit[-],e_s[-]\n");
    for (int i = 0; i < SWEEP_N; i++) {
        double r = sweep_at(from, 5.0, i);
        fprintf(f, "%.12g,%.12g\n", r, sweep_value(g, w, r * vc, what));
    }
    return close_table(f, file);
}

static const char *const force_common =
    "# inputs: rigid spheres, R=1 m, Q=1 N, mu=0.6, y0=0.86 m (the paper's sec. 3.2), m=1 kg "
    "(chosen)\n"
    "# made by reference/analytic/seed003_closed_forms.c (closed forms of\n"
    "# src/drivers/sliding_force_closed_forms.c; tests/test_sliding.c checks them against "
    "quadrature)\n"
    "# independence: closed-form\n";

static int write_force(void)
{
    cwb_fsliding g;
    char msg[256];
    char name[128];
    const cwb_fsliding_spec spec = {.R = 1.0, .m = 1.0, .mu = 0.6, .Q = 1.0, .T0 = 0.0, .y0 = 0.86};
    if (cwb_fsliding_init(&g, &spec, msg, sizeof msg))
        return 1;
    double Tmu = g.Tmu;
    static const double ratio[] = {1.05, 1.5, 2.0};
    static const char *const tag[] = {"105", "150", "200"};
    for (int k = 0; k < 3; k++) {
        g.T0 = ratio[k] * Tmu;
        snprintf(name, sizeof name, "reference/analytic/seed003_fig14_t%s.csv", tag[k]);
        FILE *f = fopen(name, "w");
        if (!f)
            return 1;
        double sc = cwb_fsliding_separation_eq44(&g);
        fprintf(f,
                "# Balevičius & Mróz II Fig. 14: speed along the path, force control, centrifugal "
                "term on,\n"
                "# eq. 43 (re-derived, as printed) from -su to the separation of eq. 44 (s_c = "
                "%.12g m);\n"
                "# T0 = %g T_mu, T_mu = Q tan(a_u + atan mu) = %.12g N\n%s",
                sc, ratio[k], Tmu, force_common);
        char extra[64];
        snprintf(extra, sizeof extra, "; driver.an = on; driver.T0_over_Tmu = %g", ratio[k]);
        stands_for_force(f, &g, extra);
        fprintf(f, "# tolerance: " RUN_BOUND "; eq. 43 is a closed form, evaluated in double "
                   "precision\ns[m],v[m/s]\n");
        for (int i = 0; i <= 200; i++) {
            double s = -g.su + (sc + g.su) * i / 200.0;
            fprintf(f, "%.12g,%.12g\n", s, cwb_fsliding_velocity_eq43(&g, s));
        }
        if (close_table(f, name))
            return 1;
    }
    for (int k = 0; k < 2; k++) {
        const char *file = k ? "reference/analytic/seed003_fig15_eq47.csv"
                             : "reference/analytic/seed003_fig15_contact_time.csv";
        FILE *f = fopen(file, "w");
        if (!f)
            return 1;
        fprintf(
            f,
            "# Balevičius & Mróz II Fig. 15: contact time against T0 / T_mu, force control, %s\n%s",
            k ? "eq. 47 (the a_n = 0 speed up to eq. 44's separation;\n"
                "# re-derived with a real modulus): the paper's approximation"
              : "centrifugal term on:\n# qags of 1/v with eq. 43's speed up to eq. 44's separation",
            force_common);
        /* eq. 47 is the paper's approximation of the a_n = on time the case
         * runs: it stands for the problem, not for one setting of an */
        stands_for_force(f, &g, k ? "" : "; driver.an = on");
        fprintf(
            f, "# tolerance: %s\nT0_over_Tmu[-],contact_time[s]\n",
            k ? "0.04 eq. 47 is the paper's approximation: +2.7 to +3.4 % from the exact contact "
                "time here"
              : RUN_BOUND "; the reference is qags of 1/v at a requested 1e-13 relative");
        for (int i = 0; i < SWEEP_N; i++) {
            double r = sweep_at(1.05, 3.0, i);
            g.T0 = r * Tmu;
            double sc = cwb_fsliding_separation_eq44(&g);
            fprintf(f, "%.12g,%.12g\n", r,
                    k ? cwb_fsliding_time_eq47(&g, sc) : cwb_fsliding_time_qags(&g, sc, 1));
        }
        if (close_table(f, file))
            return 1;
    }
    return 0;
}

/* Largest |eq. 31 - exact| / max |exact| over the Fig. 9 rows: what the
 * paper's single 5-point panel (eq. 30) costs against the exact work. */
static double fig9_gap(const cwb_sliding *g, double v0, int rows)
{
    double gap = 0.0, vmax = 0.0;
    for (int i = 0; i <= rows; i++) {
        double s = -g->su + 2.0 * g->su * i / rows;
        double ve = cwb_sliding_velocity(g, v0, s, 1);
        gap = fmax(gap, fabs(cwb_sliding_velocity(g, v0, s, 0) - ve));
        vmax = fmax(vmax, fabs(ve));
    }
    return gap / vmax;
}

/* Fig. 9: v against s~ on the circle k~ (v0 = 1.5 v_crit of the line),
 * eq. 31 (exact = 0: eq. 30's 5-point work) or the exact work (qags of
 * eq. 29); the normal work is eq. 28 (exact) in both. */
static int write_fig9(const cwb_sliding *g, const char *tag, double vc, int exact)
{
    enum { ROWS = 200 };
    static const double ratio = 1.5;
    char name[128];
    snprintf(name, sizeof name, "reference/analytic/seed003_fig9_%s%s.csv", tag,
             exact ? "_exact" : "");
    FILE *f = fopen(name, "w");
    if (!f)
        return 1;
    double v0 = ratio * vc;
    fprintf(f,
            "# Balevičius & Mróz II Fig. 9: speed along the circular path k~ = %g (R~ = %.12g m, "
            "s~_u = "
            "%.12g m),\n# v0 = %g v_crit(line, eq. 21 = %.12g m/s), rightward; %s\n"
            "# with the normal work of eq. 28 (exact)\n"
            "# eq. 31 vs the exact work: max |dv| / max |v| = %.3g over these rows\n%s",
            g->kt, g->Rt, g->su, ratio, vc,
            exact ? "v^2 = v0^2 + 2 (W_mu + W_n)/m with the\n# exact friction work "
                    "(qags of eq. 29)"
                  : "eq. 31 with the friction work of eq. 30\n# (the paper's single "
                    "5-point Gauss-Lobatto panel from -s~_u to s~: an approximation)",
            fig9_gap(g, v0, ROWS), common);
    stands_for(f, g, ratio);
    fprintf(f, "%s\ns[m],v[m/s]\n",
            exact ? "# tolerance: 1e-8 RK4 at dt = auto against the exact speed (as Fig. 6)"
                  : (g->kt > 0.5 ? "# tolerance: 1.5e-3 eq. 30 is the paper's 5-point rule: "
                                   "eq. 31 is 9.2e-4 of max v from the exact speed here"
                                 : "# tolerance: 4e-3 eq. 30 is the paper's 5-point rule: "
                                   "eq. 31 is 2.5e-3 of max v from the exact speed here"));
    for (int i = 0; i <= ROWS; i++) {
        double s = -g->su + 2.0 * g->su * i / ROWS;
        fprintf(f, "%.12g,%.12g\n", s, cwb_sliding_velocity(g, v0, s, exact));
    }
    return close_table(f, name);
}

static int write_circle(void)
{
    static const double kt[] = {0.8, 0.3};
    static const char *const tag[] = {"k08", "k03"};
    char msg[256], name[128], head[512];
    cwb_sliding line, g;
    cwb_sliding_spec spec = paper_line;
    if (cwb_sliding_init(&line, &spec, msg, sizeof msg))
        return 1;
    double vc = cwb_sliding_vcrit(&line);
    for (int k = 0; k < 2; k++) {
        spec.path = CWB_SLIDING_CIRCLE;
        spec.kt = kt[k];
        if (cwb_sliding_init(&g, &spec, msg, sizeof msg))
            return 1;
        static const char *const what[] = {"fig11_%s.csv", "fig11_%s_eq32.csv", "fig10_%s.csv",
                                           "fig10_%s_eq35.csv"};
        static const char *const label[] = {
            "contact time, qags of 1/v with the qags work of eq. 29",
            "contact time, the 5-point rule on 1/v (eqs. 25/31 with eq. 30)",
            "e_s, exact work (qags of eq. 29)", "e_s, eq. 35 (5-point eq. 32)"};
        for (int w = 0; w < 4; w++) {
            char file[64];
            snprintf(file, sizeof file, what[w], tag[k]);
            snprintf(name, sizeof name, "reference/analytic/seed003_%s", file);
            snprintf(head, sizeof head,
                     "# Balevičius & Mróz II Fig. %d: circular path, k~ = %g: %s,\n"
                     "# against v0 / v_crit of the line (as the paper's axes)\n",
                     w < 2 ? 11 : 10, kt[k], label[w]);
            if (write_sweep(name, head, &g, vc, 1.5, w))
                return 1;
        }
        if (write_fig9(&g, tag[k], vc, 0) || write_fig9(&g, tag[k], vc, 1))
            return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    (void)argc;
    command = argv[0];
    gsl_set_error_handler_off();
    cwb_sliding g;
    char msg[256];
    if (cwb_sliding_init(&g, &paper_line, msg, sizeof msg))
        return 1;
    double vc = cwb_sliding_vcrit(&g);
    const char *file = "reference/analytic/seed003_fig6_line_velocity.csv";
    FILE *f = fopen(file, "w");
    if (!f)
        return 1;
    fprintf(
        f,
        "# Balevičius & Mróz II Fig. 6 (and Fig. 3's line): speed along the line path, eq. 16 "
        "with\n"
        "# the friction work of eq. 15 (incomplete elliptic integrals, k = ((1-kr)/(1+kr))^0.5)\n"
        "# and the normal work of eq. 13; v0 = 1.5 v_crit (eq. 21: v_crit = %.12g m/s)\n%s",
        vc, common);
    stands_for(f, &g, 1.5);
    fprintf(f, "# tolerance: " RUN_BOUND "; eq. 16 is a closed form (GSL's incomplete elliptic "
               "integrals, double precision)\ns[m],v[m/s]\n");
    for (int i = 0; i <= 200; i++) {
        double s = -g.su + 2.0 * g.su * i / 200.0;
        fprintf(f, "%.12g,%.12g\n", s, cwb_sliding_velocity(&g, 1.5 * vc, s, 0));
    }
    if (close_table(f, file))
        return 1;
    file = "reference/analytic/seed003_fig7_restitution.csv";
    f = fopen(file, "w");
    if (!f)
        return 1;
    fprintf(
        f,
        "# Balevičius & Mróz II Fig. 7: tangential restitution e_s against v0 / v_crit on the line "
        "path,\n"
        "# eq. 20 with eq. 19 (complete elliptic integrals); v_crit from eq. 21 = %.12g m/s\n%s",
        vc, common);
    stands_for(f, &g, 0.0);
    fprintf(f, "# tolerance: " RUN_BOUND "; eq. 20 is a closed form (GSL's complete elliptic "
               "integrals, double precision)\nv0_over_vcrit[-],e_s[-]\n");
    /* the sweep's own 12 values (1.05 to 5): no interpolation near the steep start */
    for (int i = 0; i < 12; i++) {
        double r = 1.05 + (5.0 - 1.05) * i / 11.0;
        fprintf(f, "%.12g,%.12g\n", r, cwb_sliding_restitution(&g, r * vc));
    }
    if (close_table(f, file))
        return 1;
    if (write_sweep("reference/analytic/seed003_fig8_contact_time.csv",
                    "# Balevičius & Mróz II Fig. 8: contact time against v0 / v_crit, line path, "
                    "qags of eq. 22\n",
                    &g, vc, 1.05, 0) ||
        write_sweep("reference/analytic/seed003_fig8_eq25.csv",
                    "# Balevičius & Mróz II Fig. 8: contact time against v0 / v_crit, line path, "
                    "eq. 25 (5-point)\n",
                    &g, vc, 1.05, 1))
        return 1;
    return write_circle() || write_force();
}

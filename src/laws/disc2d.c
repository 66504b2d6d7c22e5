/* disc2d.c -- the pieces the seed-000 plane-strain laws share.
 *
 * Tangential compliance (seed 000 eqs. 13, 18-21, 25-26): a Hertz-shaped
 * tangential traction of half-width b and total T moves the top of a
 * half-round body of radius R relative to its centre by
 *   u = (1 - nu^2)/E (2 T / pi) [ln(2R/b) + 1/2 + w (ln(4R/b) + nu/(2(1 - nu)))]
 * (eq. 20). "nu/2(1 - nu)" of the extraction is nu / (2 (1 - nu)): it is
 * what makes eq. 17 out of eqs. 14-16 and eq. 19 out of eq. 21's three terms.
 * For two bodies the displacements add; with similar materials (1 - nu^2)/E
 * = 1/(2 E*) and the sum is eq. 25's bracket over pi E*.
 *
 * Stick half-width: eq. 7 as extracted reads c = (1 - T/(mu N)) a, which
 * contradicts eq. 3 (T = mu N (1 - c^2/a^2)) it is said to follow from; the
 * square root was lost with a bracket. cwb uses c = a (1 - T/(mu N))^(1/2).
 */
#include "cwb_disc2d.h"

const char *const cwb_penalty_words[] = {"eq33", "constant", NULL};
const char *const cwb_compliance_words[] = {"composite", "per_body", NULL};

void cwb_disc_pair_of(const cwb_pair *g, cwb_disc_pair *d)
{
    const cwb_body *b1 = &g->body[0], *b2 = &g->body[1];
    d->r1 = b1->radius;
    d->nu1 = b1->nu;
    d->c1 = (1.0 - b1->nu * b1->nu) / b1->E;
    if (b2->shape == CWB_SHAPE_WALL) {
        d->r2 = d->r1;
        d->nu2 = d->nu1;
        d->c2 = d->c1;
        d->scale = 2.0;
    } else {
        d->r2 = b2->radius;
        d->nu2 = b2->nu;
        d->c2 = (1.0 - b2->nu * b2->nu) / b2->E;
        d->scale = 1.0;
    }
}

double cwb_penalty_eq33(const double *coef, double x, double nu)
{
    return coef[0] + coef[1] * x + coef[2] * nu + coef[3] * x * x + coef[4] * x * nu +
           coef[5] * nu * nu;
}

double cwb_penalty_w(const double *pp, double b, double r, double nu, int *outside)
{
    if ((int)pp[0] == CWB_PENALTY_CONSTANT)
        return pp[1];
    double w = cwb_penalty_eq33(pp + 2, b / r, nu);
    if (w < 0.0 || w > 1.0) {
        if (outside)
            *outside = 1;
        w = w < 0.0 ? 0.0 : 1.0;
    }
    return w;
}

/* The bracket of eq. 20 for one body, without (1 - nu^2)/E (2/pi). */
static double body_term(const double *pp, double b, double r, double nu, int *outside)
{
    double w = cwb_penalty_w(pp, b, r, nu, outside);
    return log(2.0 * r / b) + 0.5 + w * (log(4.0 * r / b) + nu / (2.0 * (1.0 - nu)));
}

double cwb_disc_compliance(const double *pp, const cwb_disc_pair *d, double b, int composite,
                           int *outside)
{
    double t1 = body_term(pp, b, d->r1, d->nu1, outside);
    double t2 = body_term(pp, b, d->r2, d->nu2, outside);
    if (composite) /* eq. 25: [t1 + t2] / (pi E*) */
        return (d->c1 + d->c2) * (t1 + t2) / M_PI;
    return 2.0 / M_PI * (d->c1 * t1 + d->c2 * t2);
}

double cwb_disc_stick_halfwidth(const cwb_disc_slip *s, double t)
{
    double f = 1.0 - t / s->mu_n;
    return f > 0.0 ? s->a * sqrt(f) : 0.0;
}

double cwb_disc_slip_displacement(const cwb_disc_slip *s, double t, int *outside)
{
    if (!(t > 0.0))
        return 0.0;
    double da = s->mu_n * cwb_disc_compliance(s->pp, s->d, s->a, s->composite, outside);
    double c = cwb_disc_stick_halfwidth(s, t);
    if (!(c > 0.0))
        return da;           /* eq. 27: full slip onset */
    double tc = s->mu_n - t; /* (c^2/a^2) mu N, eq. 3 */
    return da - tc * cwb_disc_compliance(s->pp, s->d, c, s->composite, outside); /* eq. 24 */
}

/* b dw/db of one body: eq. 33's x-terms (0 for a constant or clamped w). */
static double body_log_slope(const double *pp, double b, double r, double nu)
{
    int outside = 0;
    double w = cwb_penalty_w(pp, b, r, nu, &outside);
    double bdw = 0.0;
    if ((int)pp[0] == CWB_PENALTY_EQ33 && !outside) {
        double x = b / r;
        bdw = x * (pp[3] + 2.0 * pp[5] * x + pp[6] * nu);
    }
    /* d/d(ln b) of ln(2R/b) + 1/2 + w (ln(4R/b) + nu/(2(1-nu))) */
    return -1.0 - w + bdw * (log(4.0 * r / b) + nu / (2.0 * (1.0 - nu)));
}

double cwb_disc_compliance_log_slope(const double *pp, const cwb_disc_pair *d, double b,
                                     int composite)
{
    double s1 = body_log_slope(pp, b, d->r1, d->nu1);
    double s2 = body_log_slope(pp, b, d->r2, d->nu2);
    if (composite)
        return (d->c1 + d->c2) * (s1 + s2) / M_PI;
    return 2.0 / M_PI * (d->c1 * s1 + d->c2 * s2);
}

double cwb_disc_slip_compliance(const cwb_disc_slip *s, double t)
{
    double c = cwb_disc_stick_halfwidth(s, t);
    if (!(c > 0.0))
        return INFINITY;
    /* d/dT [mu N lambda(a) - (mu N - T) lambda(c)], c^2 = a^2 (1 - T/(mu N)):
     * lambda(c) + c lambda'(c) / 2 */
    return cwb_disc_compliance(s->pp, s->d, c, s->composite, NULL) +
           0.5 * cwb_disc_compliance_log_slope(s->pp, s->d, c, s->composite);
}

double cwb_disc_ultimate_slip(const double *p, const cwb_pair *g, const cwb_normal_out *nrm)
{
    if (!(nrm->force > 0.0) || !(nrm->radius > 0.0))
        return 0.0;
    cwb_disc_pair d;
    cwb_disc_pair_of(g, &d);
    /* p[0] = mu, p[1] = compliance (0: composite) */
    return p[0] * nrm->force *
           cwb_disc_compliance(p + CWB_PENALTY_FIRST, &d, nrm->radius, (int)p[1] == 0, NULL) /
           d.scale;
}

int cwb_penalty_check(const double *p, const cwb_pair *g, char *msg, size_t n)
{
    if ((int)p[CWB_PENALTY_FIRST] != CWB_PENALTY_EQ33)
        return CWB_OK;
    for (int i = 0; i < 2; i++)
        if (g->body[i].shape != CWB_SHAPE_WALL && g->body[i].nu < 0.0)
            return cwb_fail(msg, n, CWB_EINPUT,
                            "body%d nu = %g: eq. 33's penalty factor was fitted for "
                            "0 <= nu < 0.5 (use penalty = constant for other materials)",
                            i + 1, g->body[i].nu);
    return CWB_OK;
}

/* cwb_disc2d.h -- what the plane-strain laws of seed 000 share: the disc
 * pair (a rigid wall as the mirror image), the penalty factor w (eq. 33 or a
 * constant) and the tangential compliance of a Hertz-shaped traction
 * (eqs. 20, 25-27, 31). Implemented in src/laws/disc2d.c.
 *
 * Units: lengths [m], moduli [Pa], forces per unit length [N/m],
 * compliances [m/(N/m)] = [m^2/N].
 */
#ifndef CWB_DISC2D_H
#define CWB_DISC2D_H

#include "cwb_law.h"

/* The two discs of a contact; against a rigid wall the disc and its mirror
 * image (seed 000 sec. 3.2), with displacements scaled by 2: the relative
 * displacement of the disc pair is twice the disc's displacement relative
 * to the wall. */
typedef struct {
    double r1, r2;   /* radii [m] */
    double c1, c2;   /* plane-strain compliances (1 - nu_i^2)/E_i [1/Pa] */
    double nu1, nu2; /* Poisson's ratios [-] */
    double scale;    /* pair displacement / contact displacement: 1 or 2 */
} cwb_disc_pair;

void cwb_disc_pair_of(const cwb_pair *g, cwb_disc_pair *d);

/* The penalty factor keys every seed-000 tangential law takes, in this
 * order, starting at its parameter index CWB_PENALTY_FIRST: how w is had
 * (eq33 per body and per half-width, or one constant), the constant, and
 * the six coefficients of eq. 33 (the paper's by default; a refit from
 * `cwb fit` can be given instead). */
extern const char *const cwb_penalty_words[];
enum { CWB_PENALTY_EQ33 = 0, CWB_PENALTY_CONSTANT = 1 };
#define CWB_PENALTY_PARAMS                                                                         \
    {.name = "penalty",                                                                            \
     .unit = "-",                                                                                  \
     .def = 0,                                                                                     \
     .kind = CWB_PARAM_CHOICE,                                                                     \
     .choices = cwb_penalty_words,                                                                 \
     .help = "penalty factor w: eq33 per body at a and at c, or constant (the key w)"},            \
        {.name = "w",                                                                              \
         .unit = "-",                                                                              \
         .def = 0.5,                                                                               \
         .min = 0,                                                                                 \
         .max = 1,                                                                                 \
         .help = "constant penalty factor (penalty = constant); seed 000 sec. 4.1: 0.5",           \
         .read_when = "penalty=constant"},                                                         \
        {.name = "w33_1",                                                                          \
         .unit = "-",                                                                              \
         .def = 0.22,                                                                              \
         .min = -INFINITY,                                                                         \
         .max = INFINITY,                                                                          \
         .help = "eq. 33 constant term",                                                           \
         .read_when = "penalty=eq33"},                                                             \
        {.name = "w33_x",                                                                          \
         .unit = "-",                                                                              \
         .def = 2.89,                                                                              \
         .min = -INFINITY,                                                                         \
         .max = INFINITY,                                                                          \
         .help = "eq. 33 coefficient of x = b/R",                                                  \
         .read_when = "penalty=eq33"},                                                             \
        {.name = "w33_nu",                                                                         \
         .unit = "-",                                                                              \
         .def = 0.18,                                                                              \
         .min = -INFINITY,                                                                         \
         .max = INFINITY,                                                                          \
         .help = "eq. 33 coefficient of nu",                                                       \
         .read_when = "penalty=eq33"},                                                             \
        {.name = "w33_xx",                                                                         \
         .unit = "-",                                                                              \
         .def = -10.31,                                                                            \
         .min = -INFINITY,                                                                         \
         .max = INFINITY,                                                                          \
         .help = "eq. 33 coefficient of x^2",                                                      \
         .read_when = "penalty=eq33"},                                                             \
        {.name = "w33_xnu",                                                                        \
         .unit = "-",                                                                              \
         .def = 1.75,                                                                              \
         .min = -INFINITY,                                                                         \
         .max = INFINITY,                                                                          \
         .help = "eq. 33 coefficient of x nu",                                                     \
         .read_when = "penalty=eq33"},                                                             \
    {                                                                                              \
        .name = "w33_nunu", .unit = "-", .def = 0.36, .min = -INFINITY, .max = INFINITY,           \
        .help = "eq. 33 coefficient of nu^2", .read_when = "penalty=eq33"                          \
    }
#define CWB_PENALTY_COUNT 8

/* The keys every seed-000 tangential law takes: mu, how the two bodies'
 * compliances combine, then the penalty keys. */
extern const char *const cwb_compliance_words[];
#define CWB_DISC_TANGENTIAL_PARAMS                                                                 \
    {.name = "mu",                                                                                 \
     .example = "0.3",                                                                             \
     .unit = "-",                                                                                  \
     .min = 0,                                                                                     \
     .max = INFINITY,                                                                              \
     .flags = CWB_P_REQUIRED | CWB_P_MIN_OPEN,                                                     \
     .help = "Coulomb friction coefficient"},                                                      \
        {.name = "compliance",                                                                     \
         .unit = "-",                                                                              \
         .def = 0,                                                                                 \
         .kind = CWB_PARAM_CHOICE,                                                                 \
         .choices = cwb_compliance_words,                                                          \
         .help = "composite 1/(pi E*) as eqs. 25 and 31, or each body's (1-nu^2)/E (dissimilar)"}, \
        CWB_PENALTY_PARAMS

/* Index of the first penalty key in the parameter table of every seed-000
 * tangential law (after mu and compliance). */
#define CWB_PENALTY_FIRST 2

/* Ultimate slip of the contact (eq. 27, divided by the wall's 2) for the
 * tangential law parameters p (penalty keys at CWB_PENALTY_FIRST). */
double cwb_disc_ultimate_slip(const double *p, const cwb_pair *g, const cwb_normal_out *nrm);

/* Check of the seed-000 tangential laws: eq. 33 was fitted for
 * 0 <= nu < 0.5, so penalty = eq33 refuses a body with nu < 0 (a constant w
 * is the user's choice and is accepted). CWB_OK or CWB_EINPUT. */
int cwb_penalty_check(const double *p, const cwb_pair *g, char *msg, size_t n);

/* Eq. 33 with coefficients coef[6]: w = c0 + c1 x + c2 nu + c3 x^2 +
 * c4 x nu + c5 nu^2, x = b / R. */
double cwb_penalty_eq33(const double *coef, double x, double nu);

/* Penalty factor of one body (radius r, Poisson's ratio nu) at half-width b
 * from the penalty keys at pp. Eq. 33 outside [0, 1] (the seed bounds w
 * there) is clamped and *outside set to 1. */
double cwb_penalty_w(const double *pp, double b, double r, double nu, int *outside);

/* Relative tangential displacement of the disc pair per unit tangential
 * force [m^2/N] under a Hertz-shaped traction of half-width b: the bracket
 * of eq. 25 (eq. 26 with c, eq. 31 inverted) divided by pi E*, each body
 * with its own w (composite = 1), or each body with its own compliance
 * (composite = 0; (2/pi) sum (1-nu_i^2)/E_i [...], the eq. 22 analogue).
 * *outside as for cwb_penalty_w (may be NULL). */
double cwb_disc_compliance(const double *pp, const cwb_disc_pair *d, double b, int composite,
                           int *outside);

/* Monotonic tangential loading at constant N (seed 000 sec. 3.1): the
 * relative displacement of the pair at tangential force T, 0 <= T <= mu N,
 * with half-width a: eqs. 24-26 with c^2 = a^2 (1 - T/(mu N)) (eqs. 3, 7). */
typedef struct {
    const double *pp; /* penalty keys */
    const cwb_disc_pair *d;
    double a;    /* contact half-width [m] */
    double mu_n; /* mu N [N/m] */
    int composite;
} cwb_disc_slip;

double cwb_disc_slip_displacement(const cwb_disc_slip *s, double t, int *outside);
/* b d(compliance)/db [m^2/N], for the stiffness. */
double cwb_disc_compliance_log_slope(const double *pp, const cwb_disc_pair *d, double b,
                                     int composite);
/* d(displacement)/dT on monotonic loading [m^2/N] (infinite at full slip). */
double cwb_disc_slip_compliance(const cwb_disc_slip *s, double t);
/* Stick half-width c of eq. 7 read as c = a (1 - T/(mu N))^(1/2). */
double cwb_disc_stick_halfwidth(const cwb_disc_slip *s, double t);

#endif /* CWB_DISC2D_H */

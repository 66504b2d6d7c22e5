/* cwb_adhesion.h -- what the adhesive normal laws share (jkr, dmt,
 * thornton_ning): the JKR equilibrium curve parametrised by the contact
 * radius a, its energy, the stable-branch solve a(delta), and the keys every
 * adhesive law takes. Implemented in src/laws/adhesion.c, which derives the
 * formulas.
 *
 * Units: E* [Pa], R [m], w (work of adhesion, Dupre: w = gamma_1 + gamma_2 -
 * gamma_12, twice the surface energy of two like surfaces) [J/m^2], a and
 * delta [m], forces [N], energies [J].
 */
#ifndef CWB_ADHESION_H
#define CWB_ADHESION_H

#include "cwb_law.h"

/* One JKR contact: effective modulus, radius of curvature, work of adhesion. */
typedef struct {
    double E; /* E* [Pa] */
    double R; /* radius of curvature (R*, or R_p after plastic loading) [m] */
    double w; /* work of adhesion [J/m^2] */
} cwb_jkr;

/* On the JKR curve at contact radius a (any a > 0, both branches):
 * overlap delta(a) = a^2/R - sqrt(2 pi w a / E), force F(a) = 4 E a^3/(3 R)
 * - sqrt(8 pi w E a^3), its slope dF/d(delta) and the energy U(a) of
 * elastic strain plus surface (zero for separated bodies). */
double cwb_jkr_overlap(const cwb_jkr *j, double a);
double cwb_jkr_force(const cwb_jkr *j, double a);
double cwb_jkr_stiffness(const cwb_jkr *j, double a);
double cwb_jkr_energy(const cwb_jkr *j, double a);

/* Characteristic radii: a_0 at delta = 0 (snap-in), a_f at the force
 * minimum (force-controlled pull-off), a_c at the overlap minimum
 * (displacement-controlled pull-off, the end of the stable branch). */
double cwb_jkr_a_snap(const cwb_jkr *j);
double cwb_jkr_a_force_min(const cwb_jkr *j);
double cwb_jkr_a_end(const cwb_jkr *j);
/* delta_c = delta(a_c) = -(3/4) (pi^2 w^2 R / E^2)^(1/3) < 0. */
double cwb_jkr_delta_end(const cwb_jkr *j);
/* The pull-off force (3/2) pi w R (minus the force minimum). */
double cwb_jkr_pulloff(const cwb_jkr *j);

/* Contact radius on the stable branch (a >= a_c) at overlap delta >=
 * delta_c (Newton on sqrt(a), monotone from the right, to round-off). */
double cwb_jkr_radius(const cwb_jkr *j, double delta);

/* Keys every adhesive law starts its table with. */
enum { CWB_ADH_W = 0, CWB_ADH_FRICTION };
enum { CWB_FRICTION_OFFSET = 0, CWB_FRICTION_NET };
extern const char *const cwb_friction_load_words[];
#define CWB_ADHESION_PARAMS                                                                        \
    {.name = "work_of_adhesion",                                                                   \
     .example = "0.1",                                                                             \
     .unit = "J/m^2",                                                                              \
     .min = 0,                                                                                     \
     .max = 100,                                                                                   \
     .flags = CWB_P_REQUIRED | CWB_P_MIN_OPEN,                                                     \
     .help = "work of adhesion w (Dupre; twice the surface energy of like surfaces, twice "        \
             "LAMMPS' cohesion coefficient)"},                                                     \
    {                                                                                              \
        .name = "friction_load", .unit = "-", .def = 0, .kind = CWB_PARAM_CHOICE,                  \
        .choices = cwb_friction_load_words,                                                        \
        .help = "Coulomb limit of the spring tangential laws: mu |F_n + 2 F_pulloff| (offset; "    \
                "Thornton 1991, LAMMPS) or mu F_n (net)",                                          \
        .read_when = "contact.tangential=*"                                                        \
    }

/* The friction offset a law reports for pull-off force f_pulloff, with the
 * friction_load choice (CWB_FRICTION_*) it was given. */
double cwb_adhesion_friction_offset(double choice, double f_pulloff);

#endif /* CWB_ADHESION_H */

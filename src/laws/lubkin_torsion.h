/* lubkin_torsion.h -- Lubkin's (1951) torsion of a Hertzian contact with
 * partial slip, and Masing branches for its unloading and reloading
 * (lubkin_torsion.c). */
#ifndef CWB_LUBKIN_TORSION_H
#define CWB_LUBKIN_TORSION_H

/* The twisting state, normalised: twist by B, torques by mu F_n a,
 * energies by B mu F_n a (lubkin_torsion.c). */
#define CWB_LUBKIN_DEPTH 6 /* reversal points remembered (CWB_MAX_STATE) */

typedef struct {
    double beta;                     /* twist / B since the contact began [-] */
    double m, e;                     /* torque and stored energy [-] */
    double rev[CWB_LUBKIN_DEPTH][3]; /* reversal points: twist, torque, energy [-] */
    double unit_m;                   /* committed mu F_n a [N m] */
    double unit_b;                   /* committed B [rad] */
    int n;                           /* reversal points held (0: virgin curve) */
} cwb_lubkin_state;

/* Normalised Lubkin curve: from the stick radius u = c/a in [0, 1],
 * twist Phi(u) = K(k) - E(k), torque m(u) and stored energy e(u),
 * k = sqrt(1 - u^2). */
double cwb_lubkin_twist(double u);
double cwb_lubkin_moment(double u);
double cwb_lubkin_energy(double u);
/* The stick radius u at normalised twist b >= 0 (Brent). */
double cwb_lubkin_stick_radius(double b);

/* One step: increment d [rad] of the twist at the current load (mu F_n a
 * = unit_m [N m], B = unit_b [rad]). Fills the torque [N m], the energies
 * [J] (work, stored, slip >= 0, stiffness_energy signed) and the trial
 * state, and counts the step's work: evaluations of the curve's functions
 * (Gauss points, series sums, twists tried by the root solves): bounded at
 * every twist (tests/test_rolling.c). */
typedef struct {
    double torque, energy, work, slip, stiffness_energy, stiffness;
    long evaluations;
    int sliding;
} cwb_lubkin_out;

void cwb_lubkin_step(const cwb_lubkin_state *s, double d, double unit_m, double unit_b,
                     cwb_lubkin_out *o, cwb_lubkin_state *t);

#endif /* CWB_LUBKIN_TORSION_H */

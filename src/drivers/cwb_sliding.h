/* cwb_sliding.h -- seed 003 (Part II, finite sliding of two identical
 * spheres along an imposed path): the path geometry, the paper's contact
 * force on the path and the closed forms, shared by the `sliding` driver
 * (sliding.c) and its tests. Private to src/drivers.
 *
 * Geometry (lower sphere fixed at the origin, the upper centre carried with
 * no rotation, s the arc length of its path):
 *   line   (§2.2.1): centre at (s, y_c), y_c = 2R - h0;
 *   circle (§2.2.2): centre at (R~ sin th, R~ cos th - e~), th = s/R~,
 *          e~ = k~ R~, R~ = y_c / (1 - k~), so the path's top is at y_c
 *          (the same largest overlap h0) and k~ -> 1 is the line.
 * At every s: d = centre distance, h = 2R - d (overlap), N = kn h^(3/2),
 *   c_n = projection of the contact normal on the path tangent (sin beta),
 *   c_t = projection of the contact tangent on it (cos beta, >= 0), and
 *   T*(s) = N c_n - sg mu N c_t,   N*(s) = N c_t + sg mu N c_n
 * (eqs. 1a-1d; sg = sign of the speed), with c_n = s/d, c_t = y_c/d on the
 * line and c_n = k~ sin th / S, c_t = (1 - k~ cos th)/S,
 * S = (1 + k~^2 - 2 k~ cos th)^(1/2) on the circle.
 */
#ifndef CWB_SLIDING_H
#define CWB_SLIDING_H

#include <stddef.h>

typedef enum { CWB_SLIDING_LINE = 0, CWB_SLIDING_CIRCLE } cwb_sliding_path;

typedef struct {
    cwb_sliding_path path;
    double R;  /* sphere radius [m] (both spheres) */
    double kn; /* Hertz stiffness, N = kn h^(3/2) [N/m^1.5] */
    double mu; /* Coulomb friction coefficient [-] */
    double m;  /* moving mass [kg] */
    double h0; /* largest overlap on the path [m] */
    double yc; /* 2R - h0: line height, circle top [m] */
    double kr; /* yc / (2R) = cos alpha_u (eq. 10) */
    double kt; /* k~ (circle) */
    double Rt; /* R~, radius of the circular path [m] */
    double et; /* e~ = k~ R~ [m] */
    double su; /* |s| at engagement and separation [m] */
} cwb_sliding;

typedef struct {
    double h;      /* overlap [m] (negative out of contact) */
    double cn, ct; /* sin beta, cos beta */
    double x, y;   /* upper centre [m] */
} cwb_sliding_point;

/* What defines a displacement-controlled sliding problem; cwb_sliding_init
 * derives the rest of cwb_sliding from it. */
typedef struct {
    cwb_sliding_path path;
    double R;  /* sphere radius [m] (both spheres) */
    double kn; /* Hertz stiffness [N/m^1.5] */
    double mu; /* Coulomb friction coefficient [-] */
    double m;  /* moving mass [kg] */
    double h0; /* largest overlap on the path [m] */
    double kt; /* k~, circle only (ignored on the line) */
} cwb_sliding_spec;

/* Fill g from spec and its derived geometry. CWB_EINPUT with a message when
 * the path does not touch the lower sphere or (circle) never leaves it. */
int cwb_sliding_init(cwb_sliding *g, const cwb_sliding_spec *spec, char *msg, size_t n);
void cwb_sliding_at(const cwb_sliding *g, double s, cwb_sliding_point *p);
double cwb_sliding_normal_force(const cwb_sliding *g, double s);          /* N, 0 if h <= 0 */
double cwb_sliding_force(const cwb_sliding *g, double s, double sg);      /* T*, eqs. 1a, 1c */
double cwb_sliding_tool_force(const cwb_sliding *g, double s, double sg); /* N*, 1b, 1d */
/* Friction's share of T* (the work integrand of eqs. 8, 29). */
double cwb_sliding_friction_force(const cwb_sliding *g, double s, double sg);

/* The 5-point Gauss-Lobatto rule of eq. 23 on [a, b]. */
double cwb_sliding_lobatto5(double (*f)(double, void *), void *arg, double a, double b);

/* Work of the normal force from engagement to s, eqs. 13 and 28:
 * -(2/5) kn h(s)^(5/2) on both paths. */
double cwb_sliding_work_normal(const cwb_sliding *g, double s);
/* Work of friction from s0 to s at direction sg:
 *   line, eq. 15 (incomplete elliptic integrals);
 *   circle, eq. 30 (the paper's 5-point rule);
 *   either path, eqs. 8 / 29 by adaptive quadrature (qags; NaN on failure). */
double cwb_sliding_line_work_friction(const cwb_sliding *g, double s0, double s, double sg);
double cwb_sliding_circle_work_friction(const cwb_sliding *g, double s0, double s, double sg);
double cwb_sliding_work_friction_qags(const cwb_sliding *g, double s0, double s, double sg);

/* Speed at s after entering at -sign(v0) su with v0 (eqs. 16, 31): signed
 * like v0, NaN where the sphere cannot get (the radicand is negative).
 * quadrature = 1 takes the friction work from qags instead of eq. 15/30. */
double cwb_sliding_velocity(const cwb_sliding *g, double v0, double s, int quadrature);

/* Total work over the whole path (eq. 19 line, eq. 32 circle; negative),
 * restitution (eqs. 20, 35; NaN when v0 is below the critical velocity)
 * and critical velocity (eqs. 21, 34). */
double cwb_sliding_work_total(const cwb_sliding *g);
double cwb_sliding_restitution(const cwb_sliding *g, double v0);
double cwb_sliding_vcrit(const cwb_sliding *g);

/* What the closed forms miss (seed003-findings): the work W(s) is least
 * where T*(s) = 0, which lies inside the path when the normal force's push
 * back exceeds friction (line: mu < tan alpha_u). The least speed that
 * passes is then sqrt(-2 min W / m), not eq. 21/34. *s_min receives where. */
double cwb_sliding_vcrit_barrier(const cwb_sliding *g, double *s_min);

/* Contact time (eq. 22): by the paper's 5-point rule on 1/v (eq. 25, with
 * v from eq. 16 or 31) and by adaptive quadrature of 1/v (qags on v from
 * quadrature-free eq. 16 on the line, qags work on the circle). NaN when
 * the sphere does not pass. */
double cwb_sliding_contact_time_lobatto(const cwb_sliding *g, double v0);
double cwb_sliding_contact_time_qags(const cwb_sliding *g, double v0);

/* Hysteresis at reversals (§2.3, sliding_hysteresis.c): the friction form,
 * and one unloading / reloading branch started at s_A. */
typedef enum { CWB_SLIDING_COULOMB = 0, CWB_SLIDING_EQ2, CWB_SLIDING_EQ3 } cwb_sliding_friction;

typedef struct {
    int active; /* 0: Coulomb (no branch, or slip neglected) */
    cwb_sliding_friction form;
    double p;           /* exponent (M-D: 1/3) */
    double sA, sg;      /* reversal point, sign of the new motion */
    double TA, TdB, du; /* eq. 2's ends and the ultimate slip */
    double T_start;     /* the branch's value at s_A (eq. 3: T just before) */
} cwb_sliding_branch;

/* The friction law at reversals, fixed for a whole run. */
typedef struct {
    cwb_sliding_friction form;
    double p;  /* eq. 2/3 exponent (M-D: 1/3) */
    double nu; /* Poisson's ratio in the ultimate slip du */
} cwb_sliding_hysteresis;

/* Where and how the motion turned round. */
typedef struct {
    double sA;       /* reversal point [m] */
    double sg;       /* sign of the new motion */
    double T_before; /* the friction just before the reversal [N] */
} cwb_sliding_reversal;

/* Mindlin-Deresiewicz ultimate slip du(s_A) as printed after eq. 2. */
double cwb_sliding_slip_ultimate(const cwb_sliding *g, double nu, double sA);
/* Start the branch of law hy at the reversal rev. */
void cwb_sliding_branch_start(const cwb_sliding *g, const cwb_sliding_hysteresis *hy,
                              const cwb_sliding_reversal *rev, cwb_sliding_branch *b);
/* The friction (contact tangent) at s moving towards sg: the branch's
 * eq. 2 / eq. 3 value, Coulomb -sg mu N(s) outside it. */
double cwb_sliding_branch_friction(const cwb_sliding *g, const cwb_sliding_branch *b, double s,
                                   double sg);

/* Force control (§3, sliding_force_closed_forms.c): rigid spheres, the upper
 * centre on the circle of radius 2R, alpha = s/(2R); T0 > 0 here (rightward
 * from -su; the driver mirrors T0 < 0). */
typedef struct {
    double R;  /* sphere radius [m] */
    double m;  /* moving mass [kg] */
    double mu; /* Coulomb friction coefficient [-] */
    double Q;  /* vertical load [N] */
    double T0; /* horizontal driving force [N], >= 0 (the driver mirrors T0 < 0) */
    double y0; /* half the centre height at engagement, cos a_u = y0/R [m] */
} cwb_fsliding_spec;

typedef struct {
    double R, m, mu, Q, T0, y0; /* as in cwb_fsliding_spec */
    double au, su;              /* engagement angle acos(y0/R) and arc 2R au */
    double Tmu; /* static friction at engagement Q tan(au + atan mu) (inf: never moves) */
} cwb_fsliding;

/* Fill g from spec and its engagement geometry. CWB_EINPUT when y0 is not
 * in (0, R). */
int cwb_fsliding_init(cwb_fsliding *g, const cwb_fsliding_spec *spec, char *msg, size_t n);
double cwb_fsliding_nstat(const cwb_fsliding *g, double s);         /* N_stat, eq. 39 */
double cwb_fsliding_drive(const cwb_fsliding *g, double s);         /* Q sin a + T0 cos a */
double cwb_fsliding_velocity_eq43(const cwb_fsliding *g, double s); /* a_n on */
double cwb_fsliding_velocity_eq45(const cwb_fsliding *g, double s); /* a_n = 0 */
double cwb_fsliding_separation_eq44(const cwb_fsliding *g);         /* N = 0 with a_n */
double cwb_fsliding_separation_an0(const cwb_fsliding *g);          /* N_stat = 0 */
/* Time from -su to s with a_n = 0: eq. 47 (re-derived, real modulus) and
 * by qags of 1/v (an = 1: with eq. 43's speed). */
double cwb_fsliding_time_eq47(const cwb_fsliding *g, double s);
double cwb_fsliding_time_qags(const cwb_fsliding *g, double s, int an);

#endif /* CWB_SLIDING_H */

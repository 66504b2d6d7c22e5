/* cwb_law.h -- the contact-law contract.
 *
 * A contact is a composition of four laws, each chosen by name:
 * normal + tangential + damping + rolling ("none" where absent).
 *
 * A law is a const type struct. One evaluation (`step`) is PURE: it reads
 * the parameters, the pair geometry, the COMMITTED history state and the
 * kinematics of the step, and writes its response and a TRIAL state. Only a
 * driver commits the trial state (memcpy into the committed state) once it
 * accepts the step. This is what makes RK4 stages, force control (root
 * finding on trial evaluations), step rejection and fitting correct for
 * history-dependent laws. No law keeps static state.
 *
 * Sign conventions (forces are "spring" forces):
 *   n       unit normal pointing from body 1 to body 2;
 *   delta   normal overlap, > 0 in contact;
 *   F_n     normal force magnitude, > 0 repulsive; body 2 receives +F_n n,
 *           body 1 receives -F_n n;
 *   xi_t    tangential displacement of body 2 relative to body 1 at the
 *           contact point, in the tangent plane;
 *   F_t     tangential spring force, parallel to xi_t for an elastic spring
 *           (F_t = k_t xi_t); body 2 receives -F_t, body 1 receives +F_t.
 * 2D (plane-strain) laws return forces per unit length [N/m].
 */
#ifndef CWB_LAW_H
#define CWB_LAW_H

#include <stddef.h>

#include "cwb.h"
#include "cwb_pair.h"

/* Geometries a law accepts. */
enum { CWB_DIM_3D = 1u << 0, CWB_DIM_2D = 1u << 1 };

/* The loading branch a normal law is on (an output column of the history
 * driver; laws without plasticity report ELASTIC or NONE only). */
typedef enum {
    CWB_BRANCH_NONE = 0, /* not in contact */
    CWB_BRANCH_ELASTIC,
    CWB_BRANCH_ELASTIC_PLASTIC,
    CWB_BRANCH_PLASTIC,
    CWB_BRANCH_UNLOADING,
    CWB_BRANCH_RELOADING
} cwb_branch;

const char *cwb_branch_name(cwb_branch b);

/* Flags a law can raise on one evaluation (cwb_normal_out.flags,
 * cwb_tangential_out.flags). CWB_FLAG_, not CWB_OUT_: that prefix belongs to
 * the [output] keys of cwb_run.h, whose values overlap these. */
enum {
    CWB_FLAG_EXTRAPOLATED = 1u << 0,  /* used outside its stated validity */
    CWB_FLAG_DISCONTINUITY = 1u << 1, /* crossed a documented force jump */
    /* The step committed a maximum whose unloading curve gives back more
     * energy than the loading took: the normal law's dissipation
     * (work - change of stored energy) fell over this step. A property of
     * the published law (stronge, rathbone, jackson_green just past yield;
     * brake with c_reading = area); the law file headers give the ranges. */
    CWB_FLAG_ENERGY_GAIN = 1u << 2,
    /* A tangential law whose stiffness jumps where the motion along its
     * force reverses (a hysteretic branch switch: rathbone_tangential's
     * loading -> unloading; hertz2d_accurate's Masing branches). The
     * collision driver ends a step where v_t . F_t turns from > 0 to <= 0
     * while the contact sticks, as it does at stick <-> slip, so that no
     * RK4 step straddles the kink
     * (src/drivers/collision.c, "Law transitions inside a step"). */
    CWB_FLAG_REVERSAL = 1u << 3
};

/* Kinematics of one evaluation, measured from the committed state. */
typedef struct {
    double delta;       /* normal overlap at the evaluation point [m] */
    double delta0;      /* normal overlap of the committed state [m] */
    double delta_rate;  /* d(delta)/dt [m/s]; 0 in quasi-static drivers */
    cwb_vec3 normal;    /* unit normal, body 1 -> body 2 */
    cwb_vec3 dxi_t;     /* tangential displacement increment since the
                            committed state, in the current plane [m] */
    cwb_vec3 v_t;       /* tangential relative velocity (2 w.r.t. 1) [m/s] */
    cwb_vec3 omega1;    /* angular velocity of body 1 [rad/s] */
    cwb_vec3 omega2;    /* angular velocity of body 2 [rad/s] */
    cwb_vec3 omega_rel; /* rolling angular velocity omega1 - omega2 [rad/s] */
    cwb_vec3 dtheta;    /* rotation of body 1 relative to body 2 since the
                           committed state, omega_rel integrated [rad]: the
                           increment rolling and twisting springs see */
    double dt;          /* time since the committed state [s]; 0 if static */
    double h;           /* length of the driver's current step [s]; 0 if static */
} cwb_kin;

typedef struct {
    double force;       /* F_n [N] or [N/m]: >= 0, or < 0 (tension) for adhesive laws */
    double stiffness;   /* dF_n/d(delta) on the current branch [N/m] */
    double radius;      /* contact radius (3D) or half-width (2D) [m] */
    double energy;      /* elastic energy recoverable from here [J] */
    double work;        /* work done on the law since the committed state [J] */
    double dissipated;  /* of which dissipated (work - change of energy) [J] */
    double delta_yield; /* yield overlap, 0 if the law has none [m] */
    double delta_max;   /* largest overlap of the contact's history after
                           this evaluation (trial), 0 if the law keeps none [m] */
    double delta_min;   /* overlap where the unloading curve from delta_max
                           reaches zero force, 0 if none [m] */
    double delta_knot;  /* the next overlap above this one, past delta_yield,
                           where the virgin loading curve changes form (the
                           collision driver ends a loading step there), 0 if
                           none [m] */
    cwb_branch branch;
    unsigned flags; /* CWB_FLAG_* */
    /* Adhesive laws (src/laws/adhesion.c); both 0 for every other law. */
    double delta_off;       /* overlap down to which this contact holds on
                               separation [m]: 0, or < 0 where adhesion holds it
                               (JKR's delta_c). The contact has ended at delta <=
                               delta_off: the collision driver, replay and the
                               tangential laws end or release it there, and the
                               normal law must too (doc/findings.md, finding 51) */
    double friction_offset; /* added to F_n in the Coulomb limit of the
                               spring-based tangential laws [N]: 0, or 2 F_pulloff
                               (friction_load = offset, LAMMPS pair granular) */
    double pulloff_force;   /* the most tension this contact carries from its
                               committed state under force control, minus the
                               force minimum of its branch [N]: (3/2) pi w R*
                               (jkr), 2 pi w R* (dmt), (3/2) pi w R_p
                               (thornton_ning); 0 for non-adhesive laws. A law
                               reporting it > 0 at first touch is adhesive:
                               the history driver then takes tensile targets */
} cwb_normal_out;

typedef struct {
    cwb_vec3 force;          /* tangential spring force F_t [N] */
    double stiffness;        /* current tangential stiffness [N/m] */
    double energy;           /* elastic energy stored in the tangential spring [J] */
    double work;             /* work done on the law since the committed state,
                            along the law's own path for the step [J] */
    double dissipated;       /* work - change of energy [J] = slip + stiffness_energy */
    double slip;             /* of which dissipated by slip [J], >= 0 */
    double stiffness_energy; /* the rest [J], signed: energy lost (+) or created
                            (-) when the normal state changes the law's
                            stiffness, rescales its force or lowers the
                            Coulomb cap at fixed tangential displacement */
    int sliding;             /* 1 when the Coulomb limit is active */
    double slip_margin;      /* optional: |trial force| - Coulomb limit [N], > 0
                                exactly when sliding; continuous across
                                stick <-> slip, so a driver can root-solve
                                where inside a step the regime changes. 0
                                (the default) when the law does not say. */
    unsigned flags;          /* CWB_FLAG_* */
} cwb_tangential_out;

typedef struct {
    double force_n;   /* damping force along the normal, > 0 repulsive [N] */
    cwb_vec3 force_t; /* tangential damping force, same sign as F_t [N] */
} cwb_damping_out;

/* Rolling and twisting resistance. A rolling law returns the torque on
 * each body; laws with springs (epsd) also give the relative torques in the
 * "spring" sign of F_t: body 1 receives -(spring + viscous), body 2
 * +(spring + viscous), so the power the law absorbs is
 * (spring + viscous) . omega_rel. Rolling is the part in the tangent
 * plane, twisting the part along the normal. Energies follow
 * cwb_tangential_out: work = Delta energy + dissipated on every step. */
typedef struct {
    cwb_vec3 torque1;        /* rolling-resistance torque on body 1 [N m] */
    cwb_vec3 torque2;        /* rolling-resistance torque on body 2 [N m] */
    cwb_vec3 spring;         /* spring torque, rolling + twisting [N m] */
    cwb_vec3 viscous;        /* viscous torque; drivers integrate its power
                                viscous . omega_rel (>= 0) themselves [N m] */
    double stiffness;        /* rolling stiffness k_r [N m/rad] */
    double stiffness_twist;  /* twisting stiffness k_tw [N m/rad] */
    double energy;           /* elastic energy of the springs [J] */
    double work;             /* work done on the springs since the committed
                                state, along the law's path for the step [J] */
    double dissipated;       /* work - change of energy [J] */
    double slip;             /* of which by the rolling slider (>= 0) [J] */
    double slip_twist;       /* of which by the twisting slider (>= 0) [J] */
    double stiffness_energy; /* the rest, signed (cwb_tangential_out) [J] */
    int sliding;             /* 1 when the rolling torque is at its limit */
    int sliding_twist;       /* 1 when the twisting torque is at its limit */
} cwb_rolling_out;

/* Properties a law declares on its head (cwb_law_head.flags), so that code
 * outside src/laws/ asks what a law does and never which law it is
 * (tests/test_laws.c holds every file of src/ outside src/laws/ to that, and
 * checks each property against the laws that declare it). */
enum {
    /* The absent law of its kind ("none"): no force or torque, no state, no
     * parameters. The composition skips its step; a driver that needs a law
     * of the kind refuses it. */
    CWB_LAW_ABSENT = 1u << 0,
    /* Forces and torques are functions of the evaluation's end kinematics
     * alone (cwb_contact_end_forces, cwb_contact.h): no history, and the
     * increment enters only the step's work and flags. Such a law reports
     * no regime a driver locates inside a step (delta_yield, delta_knot,
     * delta_max, sliding, slip_margin and CWB_FLAG_REVERSAL all zero). */
    CWB_LAW_END_FORCES = 1u << 1,
    /* Exactly Hertz's force F = (4/3) E* sqrt(R*) delta^(3/2) of a 3D pair
     * at every overlap, with no parameters: the collision driver then has
     * the peak overlap of an impact in closed form. */
    CWB_LAW_HERTZ_FORCE = 1u << 2,
    /* A seed-000 plane-strain tangential law whose parameter table holds the
     * penalty keys (CWB_PENALTY_PARAMS, src/laws/cwb_disc2d.h) from index
     * CWB_PENALTY_FIRST: the penalty driver reads eq. 33 from them. */
    CWB_LAW_PENALTY_KEYS = 1u << 3,
    /* The law of its kind a contact of its geometry gets when a driver needs
     * one and the case names none: the classical elastic laws (Hertz and
     * Mindlin; their plane-strain forms) and the simplest rolling
     * resistance (cwb_law_default for the normal kind; `cwb init`). At most
     * one law per kind and geometry declares it. */
    CWB_LAW_DEFAULT = 1u << 4,
    /* A normal law that carries tension (adhesion): it reports a pull-off
     * force at first touch (cwb_normal_out.pulloff_force). */
    CWB_LAW_ADHESIVE = 1u << 5,
    /* Evaluated from the state it just committed, at the kinematics of the
     * evaluation that committed it with no increment (delta0 = delta,
     * dxi_t and dtheta zero, dt = 0, any h), the law gives the forces and
     * torques of that evaluation, to a few roundings of them (a Coulomb cap
     * applied again: 4 DBL_EPSILON). A driver may then reuse the evaluation
     * that commits a step as the next step's first RK4 stage
     * (cwb_contact_restart_forces, cwb_contact.h). CWB_LAW_END_FORCES
     * implies it; tests/test_laws.c checks each law that declares it. */
    CWB_LAW_RESTART_FORCES = 1u << 6,
    /* A rolling law whose torques act on the bodies' spins alone
     * (torque1, torque2, from omega1 and omega2), with no spring, dashpot,
     * stored energy or work of its own: a driver that integrates the spins
     * (collision, roll) books their power itself; one that prescribes the
     * relative rotation (history) has no account for it and refuses the
     * law. tests/test_laws.c checks each law that declares it, and that
     * every other rolling law's torque1 is -(spring + viscous). */
    CWB_LAW_SPIN_TORQUES = 1u << 7
};

/* The common head of every law type: a law type embeds it as its first
 * member, so the registry can hold `const cwb_law_head *` and convert back
 * (C11 6.7.2.1p15: a pointer to a struct and to its first member convert). */
typedef struct {
    const char *name;        /* registry key, e.g. "hertz" */
    const char *summary;     /* one line for `cwb laws` */
    const char *source;      /* seed and equation numbers it implements */
    const cwb_param *params; /* table ended by an entry with name NULL */
    unsigned dims;           /* CWB_DIM_* it accepts */
    size_t state_size;       /* bytes of history state; 0 if elastic */
    /* Optional: check parameters against each other and the pair once, when
     * the case is read. Returns CWB_OK, or CWB_EINPUT with a message. */
    int (*check)(const double *p, const cwb_pair *g, char *msg, size_t n);
    /* Optional: set the virgin history state (default: all bytes zero). */
    void (*init)(const double *p, const cwb_pair *g, void *state);
    /* Optional: compute derived constants once, when the case is read, into
     * slots of p after the table's parameters (e.g. a damping coefficient
     * from a target restitution). Keeps every step a pure function of p. */
    int (*prepare)(double *p, const cwb_pair *g, char *msg, size_t n);
    const char *needs_normal; /* normal law(s) it requires, space-separated
                                 names (NULL: any) */
    unsigned flags;           /* CWB_LAW_*: the properties it declares */
    /* How its force starts at touch and ends at separation: p > 0 where the
     * force goes as delta^p there (a dashpot's at a rate that does not
     * vanish: Hertz's 3/2, the Tsuji dashpot's 1/4), so that the collision
     * driver grades its steps towards the contact's ends steeply enough to
     * keep RK4 fourth-order (src/drivers/collision.c, grading_exponent).
     * 0: not declared; the driver grades as for Hertz's 3/2. */
    double end_power;
    /* What a step's CWB_EFAIL means, for the driver's message ("the overlap
     * is past the largest the relation gives ..."); NULL for a law whose
     * step cannot fail. */
    const char *fails_when;
    /* Where the law as published (or as coded, where a discretisation is
     * the cause) creates energy: a tangential or rolling law's
     * stiffness_energy < 0, a normal law's CWB_FLAG_ENERGY_GAIN steps. The
     * drivers book that energy signed and name this in their warning
     * (src/drivers/energy_created.c), and `cwb describe` prints it; NULL
     * for a law whose account cannot show energy created. */
    const char *creates_energy;
} cwb_law_head;

typedef struct {
    cwb_law_head head;
    int (*step)(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                cwb_normal_out *out, void *trial);
    /* Optional: contact pressure [Pa] at distance r [m] from the centre of
     * the contact at overlap delta on virgin loading (the profile driver). */
    double (*pressure)(const double *p, const cwb_pair *g, double delta, double r);
} cwb_normal_type;

typedef struct {
    cwb_law_head head;
    /* nrm is the normal response of the same evaluation. */
    int (*step)(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                const cwb_normal_out *nrm, cwb_tangential_out *out, void *trial);
    /* Optional: shear traction [Pa] at x [m] from the centre of the contact
     * after monotonic tangential loading to force t [N or N/m] at the normal
     * response nrm (the profile driver). */
    double (*traction)(const double *p, const cwb_pair *g, const cwb_normal_out *nrm, double t,
                       double x);
    /* Optional: the tangential displacement [m] at which monotonic loading
     * from zero at the normal response nrm reaches full slip (the ultimate
     * slip; the trajectory driver). */
    double (*ultimate_slip)(const double *p, const cwb_pair *g, const cwb_normal_out *nrm);
} cwb_tangential_type;

typedef struct {
    cwb_law_head head;
    int (*step)(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                const cwb_normal_out *nrm, cwb_damping_out *out, void *trial);
} cwb_damping_type;

typedef struct {
    cwb_law_head head;
    int (*step)(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                const cwb_normal_out *nrm, cwb_rolling_out *out, void *trial);
} cwb_rolling_type;

/* The four kinds, for the registry and for generic code. */
typedef enum {
    CWB_KIND_NORMAL = 0,
    CWB_KIND_TANGENTIAL,
    CWB_KIND_DAMPING,
    CWB_KIND_ROLLING,
    CWB_KIND_COUNT
} cwb_kind;

const char *cwb_kind_name(cwb_kind k);

/* Registry (src/laws/registry.c): the one place that knows law names. */
#define CWB_AS_NORMAL(h)     ((const cwb_normal_type *)(const void *)(h))
#define CWB_AS_TANGENTIAL(h) ((const cwb_tangential_type *)(const void *)(h))
#define CWB_AS_DAMPING(h)    ((const cwb_damping_type *)(const void *)(h))
#define CWB_AS_ROLLING(h)    ((const cwb_rolling_type *)(const void *)(h))

size_t cwb_law_count(cwb_kind kind);
const cwb_law_head *cwb_law_at(cwb_kind kind, size_t i);
const cwb_law_head *cwb_law_find(cwb_kind kind, const char *name);
/* Find a law of any kind by name; *kind receives its kind. */
const cwb_law_head *cwb_law_find_any(const char *name, cwb_kind *kind);
/* The law of a kind a contact of geometry dim (CWB_DIM_3D or CWB_DIM_2D)
 * has when none is named: for the normal kind the one declaring
 * CWB_LAW_DEFAULT for that geometry (Hertz's elastic law), for the other
 * kinds the absent one (CWB_LAW_ABSENT). */
const cwb_law_head *cwb_law_default(cwb_kind kind, unsigned dim);
/* The first law of a kind (in table order) declaring every flag of flags
 * and accepting geometry dim (0: any), or NULL. */
const cwb_law_head *cwb_law_with(cwb_kind kind, unsigned flags, unsigned dim);
/* 1 when law may be composed with the normal law `normal`: it names no
 * normal law it needs (needs_normal NULL), or `normal` is one of them. */
int cwb_law_fits_normal(const cwb_law_head *law, const cwb_law_head *normal);
/* The first key given in one of a contact's law tables v[kind] that is read
 * only with a law of another kind (read_when "contact.KIND=*") while the
 * contact's law of that kind is absent: CWB_EINPUT, its kind and index into
 * *kind, *at and why "friction_load = net is read only with a tangential law
 * in [contact] (the contact has tangential = none): ..."; CWB_OK otherwise. */
int cwb_law_check_other_laws(const cwb_values v[CWB_KIND_COUNT],
                             const cwb_law_head *const law[CWB_KIND_COUNT], int *kind, int *at,
                             char *why, size_t n);

#define CWB_MAX_STATE 256 /* bytes of history state a law may use */

/* A law casts its state bytes to its own struct (doubles, ints), so every
 * buffer that holds one is declared with CWB_STATE_ALIGN: aligned for any
 * object type (cwb_contact_trial, a driver's saved state). Each law checks
 * its state struct where it is defined: CWB_STATE_FITS(type);. */
#define CWB_STATE_ALIGN _Alignas(max_align_t)
#define CWB_STATE_FITS(type)                                                                       \
    _Static_assert(sizeof(type) <= CWB_MAX_STATE && _Alignof(type) <= _Alignof(max_align_t),       \
                   #type " must fit a law state buffer: CWB_MAX_STATE bytes, max_align_t aligned")
_Static_assert(CWB_MAX_STATE % _Alignof(max_align_t) == 0,
               "law states side by side (cwb_contact_trial) all stay aligned");

/* ------------------------------------------------------------------ */
/* Helpers for law authors (src/laws/spring.c).                        */

/* History of an incremental tangential spring. */
typedef struct {
    cwb_vec3 force; /* committed spring force [N] */
    double kt;      /* stiffness it was committed with [N/m] */
    double fn;      /* normal force it was committed with [N] */
} cwb_spring_state;
CWB_STATE_FITS(cwb_spring_state);

/* The spring of one step: stiffness, scale of the carried force, friction. */
typedef struct {
    double kt;    /* tangential stiffness of this step [N/m] */
    double scale; /* factor on the committed force (1, or seed 004 eq. 37) */
    double mu;    /* Coulomb friction coefficient [-] */
} cwb_spring_law;

/* One step of an incremental tangential spring with Coulomb cap (seed 001,
 * seed 002): the committed force is carried into the current tangent plane
 * and multiplied by `scale` (1, or k_t^n/k_t^(n-1) for seed 004 eq. 37),
 * the trial force a + k_t dxi is capped at mu F_n. Reports the force, the
 * stored energy |F|^2/(2 k_t), the work along the step's return-mapping path
 * (exact, see spring.c) and dissipated = work - change of stored energy,
 * split into slip (>= 0) and stiffness_energy (signed). */
void cwb_spring_step(const cwb_spring_state *s, const cwb_kin *k, const cwb_normal_out *nrm,
                     const cwb_spring_law *law, cwb_tangential_out *out, cwb_spring_state *t);

/* The same spring with the trial increment b given (instead of k_t dxi):
 * carried force a, Coulomb limit f_y = mu (F_n + friction_offset), end
 * stiffness kt for the stored energy |F|^2/(2 kt). Fills out and t as
 * cwb_spring_step does, with the work along the path F(s) = a + s b
 * (spring.c). cwb_spring_step is this with b = k_t dxi. */
void cwb_spring_apply(const cwb_spring_state *s, const cwb_kin *k, const cwb_normal_out *nrm,
                      cwb_vec3 a, cwb_vec3 b, double kt, double mu, cwb_tangential_out *out,
                      cwb_spring_state *t);

/* The direction of the tangential displacement increment k->dxi_t in the
 * tangent plane of k, for the laws that keep a line of motion and pick it
 * from their first motion (mindlin_deresiewicz, rathbone_tangential,
 * hertz2d_accurate): the unit vector of dxi with its normal part removed
 * (twice, so it is orthogonal to the normal to round-off), or the zero
 * vector when what is left is round-off of the driver's projection of the
 * normal motion: no more than 64 DBL_EPSILON (|delta - delta0| +
 * |dxi . n| + r_star |dtheta|), r_star the pair's effective radius
 * (src/laws/spring.c says why). A law that took its line from such a
 * displacement would act along the normal. */
cwb_vec3 cwb_tangential_direction(const cwb_kin *k, double r_star);

/* History of an incremental spring integrated along the step's path
 * (src/laws/spring_path.c): the spring's, plus the committed rates from
 * which the path of the next step is built. */
typedef struct {
    cwb_spring_state spring; /* committed force, stiffness, normal force */
    cwb_vec3 v_t;            /* committed tangential velocity [m/s] */
    double delta_rate;       /* committed d(delta)/dt [m/s] */
    double delta;            /* committed overlap [m] */
    double load;             /* committed normal load N = F_n + friction_offset [N] */
    double kn;               /* committed dN/d(delta) of the normal law [N/m] */
    int rates;               /* 1: v_t, delta_rate were committed with dt > 0 */
} cwb_spring_path_state;
CWB_STATE_FITS(cwb_spring_path_state);

/* The step's path (src/laws/spring_path.c): over u = s/dt in [0, 1], cubic
 * Hermite interpolants of the overlap, of the in-plane displacement xi
 * (xi(0) = 0) and of the normal load N from the committed values and rates
 * (cwb_spring_path_state) and the current ones (cwb_kin, the normal law's
 * stiffness for dN/d(delta)); the straight line when dt = 0 or the rates
 * are the step's secant, the quadratic through the current rate when the
 * committed rates are not known. k_t^2 is affine in delta between the
 * committed stiffness spring.kt and the current one (exact for Hertz). */
typedef struct {
    double d0, d1, D0, D1; /* delta at u = 0, 1 and dt times its rates [m] */
    cwb_vec3 x1, X0, X1;   /* xi(1) and dt times its rates [m] */
    double N0, N1, M0, M1; /* N at u = 0, 1 and dt times its rates [N] */
    double k1s, m, d_ref;  /* k_t^2 = k1s + m (delta - d_ref) [N^2/m^2] */
} cwb_step_path;

/* The path at one u: what a law integrating along it needs. */
typedef struct {
    double delta; /* overlap [m] */
    cwb_vec3 dx;  /* dxi/du [m] */
    double kt;    /* k_t from the affine k_t^2 [N/m] */
    double load;  /* normal load N [N] */
} cwb_path_point;

/* Build the path of the step from the committed state s to the evaluation
 * k (normal response nrm, current stiffness kt); returns 0 (p unset) when
 * there is nothing to integrate (released, or kt <= 0). */
int cwb_step_path_of(const cwb_spring_path_state *s, const cwb_kin *k, const cwb_normal_out *nrm,
                     double kt, cwb_step_path *p);
cwb_path_point cwb_step_path_at(const cwb_step_path *p, double u);
/* The rates of the current evaluation, committed with the trial state t
 * for the next step's path (spring is left alone). */
void cwb_step_path_rates(const cwb_kin *k, const cwb_normal_out *nrm, cwb_spring_path_state *t);

/* One step of the incremental spring dF = k_t(delta) dxi, integrated along
 * the step's path instead of by the rectangle rule k_t(end) Delta xi:
 * cubic Hermite paths of delta and xi over the step from the committed and
 * the current values and rates (linear when the rates are not known), k_t^2
 * affine in delta between the committed stiffness and kt (exact for
 * k_t = 8 G* sqrt(R* delta), Hertz), F and the work integrated by RK4 in
 * substeps; then the Coulomb cap at mu F_n as cwb_spring_apply. Fourth
 * order in the step under a fourth-order driver (spring_path.c). */
void cwb_spring_path_step(const cwb_spring_path_state *s, const cwb_kin *k,
                          const cwb_normal_out *nrm, double kt, double mu, cwb_tangential_out *out,
                          cwb_spring_path_state *t);

/* Elastic-plastic normal laws with memory (seed 004 secs. 2.2 and 4.2):
 * a virgin loading curve that starts as Hertz, and below the largest overlap
 * reached an unloading curve F = k (delta - delta_min)^n fixed by that
 * maximum (Hertz-like unloading has n = 3/2, k = (4/3) E* sqrt(R*_un)).
 * The driver-facing rules are shared by every such law (src/laws/plastic.c):
 *   - delta > delta_max: virgin loading (after climbing the unloading curve
 *     back to the old maximum: reloading follows the unloading curve, seed
 *     004 Fig. 30);
 *   - delta <= delta_max: the unloading curve, zero force below delta_min;
 *     at delta_max itself the loading curve while the overlap is not
 *     falling (the first stage of a loading step) and the unloading curve
 *     once it falls (the first stage of the step after a peak);
 *     the contact is kept with zero force (permanent deformation, seed 004
 *     sec. 4.3) and forgotten when the overlap returns to zero;
 *   - unloading from delta_max <= delta_y is Hertz (elastic, no memory);
 *   - work over a step is exact: the unloading curve's energy difference
 *     plus the integral of the loading curve (closed form or GSL quadrature
 *     between the law's knots); stored energy is the unloading curve's;
 *   - each evaluation reports delta_knot, the next knot above its overlap
 *     past delta_y (the collision driver ends a loading step there);
 *   - a step that crosses a knot where the loading curve jumps, or moves
 *     between a loading and an unloading curve that do not meet at the
 *     maximum, sets CWB_FLAG_DISCONTINUITY;
 *   - the contact radius on unloading is dF/d(delta) / (2 E*) (exact for
 *     Hertz-like unloading, the punch relation for any other curve). */
typedef struct {
    double delta_max; /* largest overlap reached [m] */
    double f_max;     /* loading force there [N] */
    int unloading;    /* a step has committed on the unloading curve of this
                         maximum: a law whose curves do not meet there has
                         jumped already, even while the overlap is still
                         delta_max to the last bit */
} cwb_plastic_state;
CWB_STATE_FITS(cwb_plastic_state);

typedef struct {
    double k;         /* coefficient [N/m^n] */
    double n;         /* exponent [-] */
    double delta_min; /* overlap where the force returns to zero [m] */
} cwb_unloading;

#define CWB_MAX_KNOTS 4

typedef struct {
    /* Force, stiffness and branch on the virgin loading curve at delta > 0
     * (and the contact radius; left 0, it is sqrt(R* delta)). */
    void (*load)(const double *p, const cwb_pair *g, double delta, cwb_normal_out *out);
    /* Integral of the loading curve from 0 to delta, or (when that is not
     * in closed form) from a to b; both NULL: quadrature between knots. */
    double (*load_primitive)(const double *p, const cwb_pair *g, double delta);
    double (*load_work)(const double *p, const cwb_pair *g, double a, double b);
    /* The unloading curve from a maximum delta_max > delta_y. */
    void (*unload)(const double *p, const cwb_pair *g, double delta_max, double f_max,
                   cwb_unloading *u);
    int yield_slot;               /* p[] index of delta_y [m] */
    int knot_slot[CWB_MAX_KNOTS]; /* p[] indices of overlaps where the loading
                                       curve changes form; 0 ends the list */
} cwb_plastic_law;

int cwb_plastic_step(const cwb_plastic_law *law, const double *p, const cwb_pair *g,
                     const cwb_plastic_state *s, const cwb_kin *k, cwb_normal_out *out,
                     cwb_plastic_state *t);

/* Contact radius of an elastic-plastic sphere (seed 004 sec. 5.4, eqs.
 * 74-76 = 107-109; Etsion et al. 2005 above delta_y) at overlap delta on a
 * history with maximum delta_max and zero-force overlap delta_min
 * (src/laws/plastic.c). */
double cwb_rathbone_radius(const cwb_pair *g, double delta_y, double delta, double delta_max,
                           double delta_min);

/* Hertz's elastic loading (seed 004 eq. 1) into o: force, stiffness, branch. */
void cwb_hertz_elastic(const cwb_pair *g, double delta, cwb_normal_out *o);

/* Hertz-like unloading with radius r_un through (delta_max, f_max): eq. 10. */
void cwb_unloading_hertz(const cwb_pair *g, double r_un, double delta_max, double f_max,
                         cwb_unloading *u);
/* Thornton's unloading radius (seed 004 eq. 9): R*_un = R* k_n
 * delta_max^(3/2) / F_max, the Hertz force at delta_max over the real one. */
double cwb_unloading_radius_eq9(const cwb_pair *g, double delta_max, double f_max);

/* Integral of a smooth function over a short interval [a, b] (GSL Gauss-
 * Legendre, checked, else Gauss-Kronrod; src/laws/plastic.c). */
struct gsl_function_struct;
double cwb_integrate_smooth(struct gsl_function_struct *F, double a, double b);

/* Yield overlap of eq. 8, delta_y = R* (pi p_y / (2 E*))^2. */
double cwb_yield_overlap(const cwb_pair *g, double p_y);

/* Restitution of a Hertz contact with the dashpot eta = alpha sqrt(m* k_n)
 * delta^(1/4) (seed 004 eqs. 48-50): depends on alpha only (src/laws/
 * viscoelastic.c). no_tension clamps the total normal force at zero. */
int cwb_hertz_dashpot_restitution(double alpha, int no_tension, double *e, char *msg, size_t n);
/* The alpha that gives restitution e (GSL Brent on the function above). */
int cwb_hertz_dashpot_alpha(double e, int no_tension, double *alpha, char *msg, size_t n);

/* The yield stress key sigma_y [Pa] of the plastic laws, one definition for
 * all: CWB_PY_PARAMS below (optional there, with py_from), and required by
 * rathbone, rathbone2015 and jackson_green (which also take body 1's nu:
 * CWB_SIGMA_Y_BODY1_HELP) and by storakers and stronge (E* alone:
 * CWB_SIGMA_Y_MATERIAL_HELP). extra_flags: 0 or CWB_P_REQUIRED. */
#define CWB_SIGMA_Y_PARAM(extra_flags, help_text)                                                  \
    {                                                                                              \
        .name = "sigma_y", .example = "1e9", .unit = "Pa", .min = 0, .max = INFINITY,              \
        .flags = CWB_P_MIN_OPEN | (extra_flags), .help = help_text                                 \
    }
#define CWB_SIGMA_Y_BODY1_HELP                                                                     \
    "yield stress of body 1, the body that yields (the law uses body 1's nu)"
#define CWB_SIGMA_Y_MATERIAL_HELP "yield stress of the material"

/* Laws whose contact yield stress p_y is given, or Ay[nu] sigma_y of body 1
 * (seed 004 eq. 8 and appendix A), start their parameter table with these
 * three keys (thornton, tomas, vu_quoc, brake; src/laws/yield.c). */
enum { CWB_PY_FROM = 0, CWB_PY_GIVEN, CWB_PY_SIGMA_Y };
extern const char *const cwb_py_from_words[];
#define CWB_PY_PARAMS                                                                              \
    {.name = "py_from",                                                                            \
     .unit = "-",                                                                                  \
     .def = 0,                                                                                     \
     .kind = CWB_PARAM_CHOICE,                                                                     \
     .choices = cwb_py_from_words,                                                                 \
     .help = "contact yield stress from sigma_y (p_y = Ay[nu] sigma_y) or given as py"},           \
        {.name = "py",                                                                             \
         .unit = "Pa",                                                                             \
         .def = 0,                                                                                 \
         .min = 0,                                                                                 \
         .max = INFINITY,                                                                          \
         .flags = CWB_P_MIN_OPEN,                                                                  \
         .help = "contact yield stress (py_from = given)",                                         \
         .read_when = "py_from=given"},                                                            \
    {                                                                                              \
        .name = "sigma_y", .example = "1e9", .unit = "Pa", .min = 0, .max = INFINITY,              \
        .flags = CWB_P_MIN_OPEN,                                                                   \
        .help = "yield stress of body 1, the body that yields; p_y = Ay[nu] sigma_y with body "    \
                "1's nu (py_from = sigma_y)",                                                      \
        .read_when = "py_from=sigma_y"                                                             \
    }
/* The key py_from asks for is given (> 0): CWB_OK, or CWB_EINPUT naming law. */
int cwb_py_check(const double *p, const char *law, char *msg, size_t n);
/* p_y of those keys, into *py: CWB_OK, or CWB_EINPUT when it cannot be had. */
int cwb_py_value(const double *p, const cwb_pair *g, const char *law, double *py, char *msg,
                 size_t n);

#endif /* CWB_LAW_H */

/* cwb_law.h -- the contact-law contract (DESIGN.md, "The law contract").
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
    CWB_BRANCH_NONE = 0,        /* not in contact */
    CWB_BRANCH_ELASTIC,
    CWB_BRANCH_ELASTIC_PLASTIC,
    CWB_BRANCH_PLASTIC,
    CWB_BRANCH_UNLOADING,
    CWB_BRANCH_RELOADING
} cwb_branch;

const char *cwb_branch_name(cwb_branch b);

/* Flags a law can raise on one evaluation. */
enum {
    CWB_OUT_EXTRAPOLATED = 1u << 0,  /* used outside its stated validity */
    CWB_OUT_DISCONTINUITY = 1u << 1  /* crossed a documented force jump */
};

/* Kinematics of one evaluation, measured from the committed state. */
typedef struct {
    double delta;        /* normal overlap at the evaluation point [m] */
    double delta_rate;   /* d(delta)/dt [m/s]; 0 in quasi-static drivers */
    cwb_vec3 normal;     /* unit normal, body 1 -> body 2 */
    cwb_vec3 dxi_t;      /* tangential displacement increment since the
                            committed state, in the current plane [m] */
    cwb_vec3 v_t;        /* tangential relative velocity (2 w.r.t. 1) [m/s] */
    cwb_vec3 omega1;     /* angular velocity of body 1 [rad/s] */
    cwb_vec3 omega2;     /* angular velocity of body 2 [rad/s] */
    cwb_vec3 omega_rel;  /* rolling angular velocity omega1 - omega2 [rad/s] */
    double dt;           /* time since the committed state [s]; 0 if static */
} cwb_kin;

typedef struct {
    double force;        /* F_n >= 0 [N] or [N/m] */
    double stiffness;    /* dF_n/d(delta) on the current branch [N/m] */
    double radius;       /* contact radius (3D) or half-width (2D) [m] */
    double energy;       /* elastic energy recoverable from here [J] */
    double delta_yield;  /* yield overlap, 0 if the law has none [m] */
    cwb_branch branch;
    unsigned flags;      /* CWB_OUT_* */
} cwb_normal_out;

typedef struct {
    cwb_vec3 force;      /* tangential spring force F_t [N] */
    double stiffness;    /* current tangential stiffness [N/m] */
    double energy;       /* elastic energy stored in the tangential spring [J] */
    double dissipated;   /* slip work since the committed state [J] */
    int sliding;         /* 1 when the Coulomb limit is active */
} cwb_tangential_out;

typedef struct {
    double force_n;      /* damping force along the normal, > 0 repulsive [N] */
    cwb_vec3 force_t;    /* tangential damping force, same sign as F_t [N] */
} cwb_damping_out;

typedef struct {
    cwb_vec3 torque1;    /* rolling-resistance torque on body 1 [N m] */
    cwb_vec3 torque2;    /* rolling-resistance torque on body 2 [N m] */
} cwb_rolling_out;

/* The common head of every law type: a law type embeds it as its first
 * member, so the registry can hold `const cwb_law_head *` and convert back
 * (C11 6.7.2.1p15: a pointer to a struct and to its first member convert). */
typedef struct {
    const char *name;         /* registry key, e.g. "hertz" */
    const char *summary;      /* one line for `cwb laws` */
    const char *source;       /* seed and equation numbers it implements */
    const cwb_param *params;  /* table ended by an entry with name NULL */
    unsigned dims;            /* CWB_DIM_* it accepts */
    size_t state_size;        /* bytes of history state; 0 if elastic */
    /* Optional: check parameters against each other and the pair once, when
     * the case is read. Returns CWB_OK, or CWB_EINPUT with a message. */
    int (*check)(const double *p, const cwb_pair *g, char *msg, size_t n);
    /* Optional: set the virgin history state (default: all bytes zero). */
    void (*init)(const double *p, const cwb_pair *g, void *state);
} cwb_law_head;

typedef struct {
    cwb_law_head head;
    int (*step)(const double *p, const cwb_pair *g, const void *state,
                const cwb_kin *k, cwb_normal_out *out, void *trial);
} cwb_normal_type;

typedef struct {
    cwb_law_head head;
    /* nrm is the normal response of the same evaluation. */
    int (*step)(const double *p, const cwb_pair *g, const void *state,
                const cwb_kin *k, const cwb_normal_out *nrm,
                cwb_tangential_out *out, void *trial);
} cwb_tangential_type;

typedef struct {
    cwb_law_head head;
    int (*step)(const double *p, const cwb_pair *g, const void *state,
                const cwb_kin *k, const cwb_normal_out *nrm,
                cwb_damping_out *out, void *trial);
} cwb_damping_type;

typedef struct {
    cwb_law_head head;
    int (*step)(const double *p, const cwb_pair *g, const void *state,
                const cwb_kin *k, const cwb_normal_out *nrm,
                cwb_rolling_out *out, void *trial);
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

/* Registry (src/registry.c): the one place that knows law names. */
#define CWB_AS_NORMAL(h) ((const cwb_normal_type *)(const void *)(h))
#define CWB_AS_TANGENTIAL(h) ((const cwb_tangential_type *)(const void *)(h))
#define CWB_AS_DAMPING(h) ((const cwb_damping_type *)(const void *)(h))
#define CWB_AS_ROLLING(h) ((const cwb_rolling_type *)(const void *)(h))

size_t cwb_law_count(cwb_kind kind);
const cwb_law_head *cwb_law_at(cwb_kind kind, size_t i);
const cwb_law_head *cwb_law_find(cwb_kind kind, const char *name);
/* Find a law of any kind by name; *kind receives its kind. */
const cwb_law_head *cwb_law_find_any(const char *name, cwb_kind *kind);

#define CWB_MAX_STATE 256      /* bytes of history state a law may use */

#endif /* CWB_LAW_H */

/* cwb_contact.h -- one contact: four laws, their parameters, committed
 * history states and the evaluations every driver uses.
 *
 * Drivers reach laws only through these functions (never a law's step
 * directly), so the law contract (cwb_law.h) is kept in one place:
 *   - every evaluation is pure with respect to the contact: it reads the
 *     committed states (or a state the caller names) and writes trial
 *     states into caller-owned memory;
 *   - cwb_contact_commit() is the only function that changes history, and
 *     drivers call it once per accepted step.
 *
 * This header does not depend on cases (cwb_run.h): a DEM code embedding
 * libcwb sets a contact up from four law types, their parameter arrays and
 * the pair (cwb_contact_setup); the case-file front end has its own thin
 * wrapper, cwb_contact_init() in cwb_run.h.
 */
#ifndef CWB_CONTACT_H
#define CWB_CONTACT_H

#include "cwb_law.h"

/* The history states of the four laws, each aligned for the law's own
 * struct wherever a trial is placed (CWB_STATE_ALIGN, cwb_law.h). */
typedef struct {
    CWB_STATE_ALIGN unsigned char state[CWB_KIND_COUNT][CWB_MAX_STATE];
} cwb_contact_trial;

typedef struct {
    const cwb_normal_type *normal;
    const cwb_tangential_type *tangential;
    const cwb_damping_type *damping;
    const cwb_rolling_type *rolling;
    const double *p[CWB_KIND_COUNT]; /* parameter values of each law */
    const cwb_pair *pair;
    size_t state_size[CWB_KIND_COUNT]; /* bytes of each law's state */
    /* some law keeps history (a state_size above 0) */
    int stateful;
    /* the kinds whose state_size is above 0, nstateful of them: the trial
     * copies and commits loop over these alone (the loop over all four
     * kinds with its tests was a tenth of a Mindlin evaluation outside the
     * laws) */
    int nstateful;
    unsigned char stateful_kind[CWB_KIND_COUNT];
    /* set by cwb_contact_setup once every law is bound and each state fits
     * CWB_MAX_STATE: what every evaluation asserts */
    int bound;
    cwb_contact_trial committed; /* committed history states */
} cwb_contact;

/* Everything one evaluation returns. */
typedef struct {
    cwb_normal_out n;
    cwb_tangential_out t;
    cwb_damping_out d;
    cwb_rolling_out r;
} cwb_contact_out;

/* The four laws of a contact ("none" laws where a kind is absent). */
typedef struct {
    const cwb_normal_type *normal;
    const cwb_tangential_type *tangential;
    const cwb_damping_type *damping;
    const cwb_rolling_type *rolling;
} cwb_contact_laws;

/* Bind laws, parameters and pair and set the virgin states. p[k] are the
 * parameter values of law k, already checked and prepared (head.check,
 * head.prepare: the case reader does this); ct keeps the pointers, so p and
 * pair must outlive it. Returns CWB_OK, or CWB_EINPUT when a law is missing
 * (NULL, or no step function) or declares more state than CWB_MAX_STATE. */
int cwb_contact_setup(cwb_contact *ct, const cwb_contact_laws *laws,
                      const double *const p[CWB_KIND_COUNT], const cwb_pair *pair);
/* Reset every history state to virgin (the contact was broken). */
void cwb_contact_reset(cwb_contact *ct);
/* The virgin state of the law of one kind into state (CWB_MAX_STATE bytes). */
void cwb_contact_virgin(const cwb_contact *ct, cwb_kind kind, void *state);

/* All four laws at k from the committed states; trial states into trial. */
int cwb_contact_eval(const cwb_contact *ct, const cwb_kin *k, cwb_contact_out *o,
                     cwb_contact_trial *trial);
/* cwb_contact_eval from the states `from` instead of the committed ones:
 * what cwb_contact_eval gives on a copy of the contact with `from`
 * committed (a probe continuing the motion past a step not yet accepted),
 * the contact unchanged. `from` and `trial` are distinct. */
int cwb_contact_eval_from(const cwb_contact *ct, const cwb_contact_trial *from, const cwb_kin *k,
                          cwb_contact_out *o, cwb_contact_trial *trial);
/* The kinematics of a motion along the normal alone (a head-on
 * collision): normal +z, no tangential displacement or velocity, no spin
 * and no rotation, the five scalars 0. A caller that evaluates many such
 * keeps one, set here once, for cwb_contact_eval_axial. */
void cwb_contact_axial_kin(cwb_kin *k);
/* cwb_contact_eval for a motion along the normal alone: k, made by
 * cwb_contact_axial_kin and changed only here, receives overlap delta,
 * committed overlap delta0, rate delta_rate, time dt since the committed
 * state and step h; its vectors stay as made. The same numbers as
 * cwb_contact_eval of those kinematics. */
int cwb_contact_eval_axial(const cwb_contact *ct, cwb_kin *k, double delta, double delta0,
                           double delta_rate, double dt, double h, cwb_contact_out *o,
                           cwb_contact_trial *trial);
/* 1 when every law of the contact returns forces and torques that are
 * functions of the evaluation's end kinematics alone (overlap, rates,
 * normal, spins): no history, and the increment (delta0, dxi_t, dtheta,
 * dt, h) enters only the step's work and flags. A driver may then reuse
 * the evaluation that commits a step as the first stage of the next.
 * Each law declares it (CWB_LAW_END_FORCES, cwb_law.h); tests/test_laws.c
 * checks each of them. */
int cwb_contact_end_forces(const cwb_contact *ct);
/* 1 when every law of the contact gives, from the state it just committed
 * and at the committing evaluation's kinematics with no increment, that
 * evaluation's forces and torques (CWB_LAW_END_FORCES or
 * CWB_LAW_RESTART_FORCES, cwb_law.h): a driver may reuse the evaluation
 * that commits a step as the next step's first stage, as for end-force
 * laws, though the laws keep history. */
int cwb_contact_restart_forces(const cwb_contact *ct);
/* The normal law alone at k, from the committed normal state (state NULL)
 * or from the normal state the caller gives (a state saved before a commit,
 * a virgin state). The trial state is discarded: for probes, root solves
 * and diagnostics that must not change history. */
int cwb_contact_normal(const cwb_contact *ct, const void *state, const cwb_kin *k,
                       cwb_normal_out *o);
/* The tangential law alone at k with the normal response nrm, from the
 * committed tangential state (state NULL) or a given one; trial discarded. */
int cwb_contact_tangential(const cwb_contact *ct, const void *state, const cwb_kin *k,
                           const cwb_normal_out *nrm, cwb_tangential_out *o);
/* The tangential law's ultimate slip at the normal response nrm (cwb_law.h);
 * NaN when the law does not state one. */
double cwb_contact_ultimate_slip(const cwb_contact *ct, const cwb_normal_out *nrm);
/* The normal law's contact pressure [Pa] at r [m] from the centre at
 * overlap delta on virgin loading, and the tangential law's shear traction
 * [Pa] at x after monotonic loading to force t at the normal response nrm
 * (cwb_law.h); NaN when the law states none. */
double cwb_contact_pressure(const cwb_contact *ct, double delta, double r);
double cwb_contact_traction(const cwb_contact *ct, const cwb_normal_out *nrm, double t, double x);
/* Accept a step: the trial states become the committed ones. */
void cwb_contact_commit(cwb_contact *ct, const cwb_contact_trial *trial);

/* Why the last evaluation that failed in this thread failed ("the normal
 * law 'hertz2d' failed at overlap ... m, its rate ... m/s: <the law's
 * fails_when>", or that the kinematics were not finite; "a law failed"
 * when none is recorded), for a driver's message right after the failure:
 * a text in this thread's buffer, valid until the next call.
 * cwb_contact_failure_clear forgets it (cwb_run_case calls it first). */
const char *cwb_contact_failure(void);
void cwb_contact_failure_clear(void);

#endif /* CWB_CONTACT_H */

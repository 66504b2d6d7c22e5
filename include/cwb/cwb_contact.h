/* cwb_contact.h -- one contact: the four laws of a case, their parameters,
 * committed history states and the evaluation every driver uses.
 *
 * cwb_contact_eval() is pure with respect to the contact: it evaluates the
 * four laws from the committed states and writes their trial states into a
 * caller-owned cwb_contact_trial. cwb_contact_commit() is the only function
 * that changes history; drivers call it once per accepted step.
 */
#ifndef CWB_CONTACT_H
#define CWB_CONTACT_H

#include "cwb_law.h"
#include "cwb_run.h"

typedef struct {
    unsigned char state[CWB_KIND_COUNT][CWB_MAX_STATE];
} cwb_contact_trial;

typedef struct {
    const cwb_normal_type *normal;
    const cwb_tangential_type *tangential;
    const cwb_damping_type *damping;
    const cwb_rolling_type *rolling;
    const double *p[CWB_KIND_COUNT];   /* parameter values of each law */
    const cwb_pair *pair;
    size_t state_size[CWB_KIND_COUNT];  /* bytes of each law's state */
    cwb_contact_trial committed;        /* committed history states */
} cwb_contact;

/* Everything one evaluation returns. */
typedef struct {
    cwb_normal_out n;
    cwb_tangential_out t;
    cwb_damping_out d;
    cwb_rolling_out r;
} cwb_contact_out;

/* Bind the laws of case c and set their virgin states. A contact built by
 * hand must fill state_size from the laws' heads before use. */
void cwb_contact_init(cwb_contact *ct, const cwb_case *c);
/* Reset every history state to virgin (the contact was broken). */
void cwb_contact_reset(cwb_contact *ct);
int cwb_contact_eval(const cwb_contact *ct, const cwb_kin *k, cwb_contact_out *o,
                     cwb_contact_trial *trial);
void cwb_contact_commit(cwb_contact *ct, const cwb_contact_trial *trial);

#endif /* CWB_CONTACT_H */

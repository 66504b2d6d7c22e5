/* contact.c -- composition of the four laws of one contact (cwb_contact.h). */
#include <string.h>

#include "cwb_contact.h"

void cwb_contact_init(cwb_contact *ct, const cwb_case *c)
{
    memset(ct, 0, sizeof *ct);
    ct->normal = CWB_AS_NORMAL(c->law[CWB_KIND_NORMAL]);
    ct->tangential = CWB_AS_TANGENTIAL(c->law[CWB_KIND_TANGENTIAL]);
    ct->damping = CWB_AS_DAMPING(c->law[CWB_KIND_DAMPING]);
    ct->rolling = CWB_AS_ROLLING(c->law[CWB_KIND_ROLLING]);
    for (int k = 0; k < CWB_KIND_COUNT; k++)
        ct->p[k] = c->law_values[k].p;
    ct->pair = &c->pair;
    ct->state_size[CWB_KIND_NORMAL] = ct->normal->head.state_size;
    ct->state_size[CWB_KIND_TANGENTIAL] = ct->tangential->head.state_size;
    ct->state_size[CWB_KIND_DAMPING] = ct->damping->head.state_size;
    ct->state_size[CWB_KIND_ROLLING] = ct->rolling->head.state_size;
    cwb_contact_reset(ct);
}

void cwb_contact_reset(cwb_contact *ct)
{
    const cwb_law_head *h[CWB_KIND_COUNT] = {&ct->normal->head, &ct->tangential->head,
                                             &ct->damping->head, &ct->rolling->head};
    memset(&ct->committed, 0, sizeof ct->committed);
    for (int k = 0; k < CWB_KIND_COUNT; k++)
        if (h[k]->init)
            h[k]->init(ct->p[k], ct->pair, ct->committed.state[k]);
}

int cwb_contact_eval(const cwb_contact *ct, const cwb_kin *k, cwb_contact_out *o,
                     cwb_contact_trial *trial)
{
    int rc;
    const unsigned char (*s)[CWB_MAX_STATE] = ct->committed.state;
    /* A law that keeps its state unchanged need not write its trial. */
    for (int i = 0; i < CWB_KIND_COUNT; i++)
        if (ct->state_size[i])
            memcpy(trial->state[i], s[i], ct->state_size[i]);
    if ((rc = ct->normal->step(ct->p[CWB_KIND_NORMAL], ct->pair, s[CWB_KIND_NORMAL],
                               k, &o->n, trial->state[CWB_KIND_NORMAL])) != CWB_OK)
        return rc;
    if ((rc = ct->tangential->step(ct->p[CWB_KIND_TANGENTIAL], ct->pair,
                                   s[CWB_KIND_TANGENTIAL], k, &o->n, &o->t,
                                   trial->state[CWB_KIND_TANGENTIAL])) != CWB_OK)
        return rc;
    if ((rc = ct->damping->step(ct->p[CWB_KIND_DAMPING], ct->pair, s[CWB_KIND_DAMPING],
                                k, &o->n, &o->d, trial->state[CWB_KIND_DAMPING])) != CWB_OK)
        return rc;
    return ct->rolling->step(ct->p[CWB_KIND_ROLLING], ct->pair, s[CWB_KIND_ROLLING], k,
                             &o->n, &o->r, trial->state[CWB_KIND_ROLLING]);
}

void cwb_contact_commit(cwb_contact *ct, const cwb_contact_trial *trial)
{
    for (int k = 0; k < CWB_KIND_COUNT; k++)
        if (ct->state_size[k])
            memcpy(ct->committed.state[k], trial->state[k], ct->state_size[k]);
}

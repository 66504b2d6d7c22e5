/* cwb_api_internal.h -- helpers shared by the files of the embedding API
 * (src/api/); not installed. */
#ifndef CWB_API_INTERNAL_H
#define CWB_API_INTERNAL_H

#include "cwb_api.h"
#include "cwb_law.h"
#include "cwb_pair.h"

/* The names of the laws of one kind, ", "-separated, into buf. */
void cwbi_law_list(int kind, char *buf, size_t n);
/* The keys of a parameter table, ", "-separated ("none" when empty). */
void cwbi_param_list(const cwb_param *table, char *buf, size_t n);
/* A public body checked with the case reader's [body1]/[body2] table and
 * rules (which = 0, 1) into *b: CWB_OK, or CWB_EINPUT with its message. */
int cwbi_body_check(const cwb_api_body *in, int which, cwb_body *b, char *msg, size_t n);

#endif /* CWB_API_INTERNAL_H */

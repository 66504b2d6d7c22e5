/* cwb_describe.h -- the case-file format, the laws, drivers, fit models
 * and FEM models described from the tables the readers validate against:
 * for people at a terminal (cwb describe TOPIC) and as the Markdown pages
 * of doc/reference/ (cwb docs, make docs). Nothing here is written by
 * hand twice: a key's unit, range, default and meaning come from its
 * cwb_param row. */
#ifndef CWB_DESCRIBE_H
#define CWB_DESCRIBE_H

#include <stddef.h>
#include <stdio.h>

/* Describe topic on f: a file kind (case, fit, study), a section of a case
 * file (contact, body1, body2, body, driver, normal, tangential, damping,
 * rolling, output, sweep), of a study (mesh), a law, a driver or a FEM
 * model. kind >= 0 keeps only laws of that cwb_kind. 0, or -1 when there is
 * no such topic (nothing written). */
int cwb_describe(FILE *f, const char *topic, int kind, int markdown);

/* What can be described, one line each (cwb describe with no topic). */
void cwb_describe_index(FILE *f);

/* The generated reference pages, each a Markdown file written atomically
 * into dir: case-files.md, laws.md, drivers.md, fem-models.md. The
 * commands page is written by the caller (it owns the help texts).
 * CWB_OK or a status with msg. */
int cwb_describe_pages(const char *dir, char *msg, size_t n);

#endif /* CWB_DESCRIBE_H */

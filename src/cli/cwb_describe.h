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

#include "cwb.h"

/* Describe topic on f: a file kind (case, fit, study), a section of a case
 * file (contact, body1, body2, body, driver, normal, tangential, damping,
 * rolling, output, sweep), of a study (mesh), a law, a driver or a FEM
 * model. kind >= 0 keeps only laws of that cwb_kind. 0, or -1 when there is
 * no such topic (nothing written). */
int cwb_describe(FILE *f, const char *topic, int kind, int markdown);

/* The same as one JSON object on f (cwb describe --json, doc/outputs.md):
 * "items", one per thing the topic names, with their keys' units,
 * defaults, ranges and meanings; topic NULL: "topics", what can be
 * described. 0, or -1 when there is no such topic (nothing written). */
int cwb_describe_json(FILE *f, const char *topic, int kind);

/* What can be described, one line each (cwb describe with no topic). */
void cwb_describe_index(FILE *f);

/* The default of key p as the tables show it: "required", its number or
 * word, "auto", or "none" (no default: text, a list, or a number whose
 * default is outside its range, which the case must give or another key
 * stands in for). */
void cwb_describe_default(const cwb_param *p, char *buf, size_t n);
/* Whether p has a default (not required, and not "none" above: a choice's
 * word "none" is a default). */
int cwb_describe_has_default(const cwb_param *p);

/* The geometries of CWB_DIM_* flags in words ("3D spheres", ...). */
const char *cwb_describe_geometry(unsigned dims);

/* The generated reference pages, each a Markdown file written atomically
 * into dir: case-files.md, laws.md, drivers.md, fem-models.md. The
 * commands page is written by the caller (it owns the help texts).
 * CWB_OK or a status with msg. */
int cwb_describe_pages(const char *dir, char *msg, size_t n);

#endif /* CWB_DESCRIBE_H */

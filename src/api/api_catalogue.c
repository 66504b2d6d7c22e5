/* api_catalogue.c -- the law catalogue and body checks of the embedding API
 * (include/cwb/cwb_api.h).
 *
 * Bodies arrive as numbers; they are checked by writing each number as the
 * shortest text that reads back to the same double and parsing it with the
 * case reader's body table (cwb_body_params), so an out-of-range radius is
 * refused with the very message a case file gets ("radius = -0.01: ...").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cwb_api_internal.h"
#include "cwb_pair.h"

static int kind_ok(int kind)
{
    return kind >= 0 && kind < CWB_KIND_COUNT;
}

size_t cwb_api_law_count(int kind)
{
    return kind_ok(kind) ? cwb_law_count((cwb_kind)kind) : 0;
}

const char *cwb_api_law_name(int kind, size_t i)
{
    if (!kind_ok(kind) || i >= cwb_law_count((cwb_kind)kind))
        return NULL;
    return cwb_law_at((cwb_kind)kind, i)->name;
}

static const cwb_law_head *find(int kind, const char *law)
{
    return kind_ok(kind) && law ? cwb_law_find((cwb_kind)kind, law) : NULL;
}

const char *cwb_api_law_summary(int kind, const char *law)
{
    const cwb_law_head *h = find(kind, law);
    return h ? h->summary : NULL;
}

const char *cwb_api_law_source(int kind, const char *law)
{
    const cwb_law_head *h = find(kind, law);
    return h ? h->source : NULL;
}

const char *cwb_api_kind_name(int kind)
{
    return kind_ok(kind) ? cwb_kind_name((cwb_kind)kind) : NULL;
}

/* The normal laws that carry tension declare it (CWB_LAW_ADHESIVE,
 * cwb_law.h). tests/test_api.c drives every normal law of the registry
 * into tension and checks the flag against the forces: a new adhesive law
 * that does not declare it fails there. */
int cwb_api_law_adhesive(int kind, const char *law)
{
    const cwb_law_head *h = kind == CWB_API_NORMAL ? find(kind, law) : NULL;
    return h && (h->flags & CWB_LAW_ADHESIVE) != 0;
}

size_t cwb_api_param_count(int kind, const char *law)
{
    const cwb_law_head *h = find(kind, law);
    return h ? cwb_param_count(h->params) : 0;
}

int cwb_api_param_info_at(int kind, const char *law, size_t i, cwb_api_param_info *info)
{
    const cwb_law_head *h = find(kind, law);
    if (!h || !info || i >= cwb_param_count(h->params))
        return CWB_EINPUT;
    const cwb_param *p = &h->params[i];
    memset(info, 0, sizeof *info);
    info->name = p->name;
    info->unit = p->unit;
    info->help = p->help;
    cwb_param_range(p, info->range, sizeof info->range);
    info->def = p->def;
    info->required = (p->flags & CWB_P_REQUIRED) != 0;
    info->is_choice = p->kind == CWB_PARAM_CHOICE;
    return CWB_OK;
}

int cwb_api_param_read_when(int kind, const char *law, size_t i, char *buf, size_t n)
{
    const cwb_law_head *h = find(kind, law);
    if (!h || !buf || n == 0 || i >= cwb_param_count(h->params))
        return CWB_EINPUT;
    cwb_param_read_when(&h->params[i], buf, n);
    return CWB_OK;
}

void cwbi_law_list(int kind, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < cwb_api_law_count(kind) && used < n; i++)
        used += (size_t)snprintf(buf + used, n - used, "%s%s", i ? ", " : "",
                                 cwb_api_law_name(kind, i));
}

void cwbi_param_list(const cwb_param *table, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = '\0';
    if (!table || !table[0].name) {
        snprintf(buf, n, "none");
        return;
    }
    for (size_t i = 0; table[i].name && used < n; i++)
        used += (size_t)snprintf(buf + used, n - used, "%s%s", i ? ", " : "", table[i].name);
}

/* --- bodies -------------------------------------------------------------- */

/* x as the text the body table's parser reads (and its messages show):
 * %.15g when that reads back to x, as a number a person typed does, else
 * %.17g, which always does. Not cwb_format_shortest, which links C++
 * (core/shortest.cc) into every program stepping contacts through this API
 * for a few numbers per contact. */
static void body_text(double x, char *text, size_t n)
{
    snprintf(text, n, "%.15g", x);
    if (strtod(text, NULL) != x)
        snprintf(text, n, "%.17g", x);
}

/* Parse the number x as key i of the body table into v. */
static int body_value(cwb_values *v, int i, double x, const char *sec, char *msg, size_t n)
{
    char text[40], why[CWB_MSG];
    body_text(x, text, sizeof text);
    if (cwb_param_parse(v, i, text, why, sizeof why) != CWB_OK)
        return cwb_fail(msg, n, CWB_EINPUT, "[%s] %s", sec, why);
    v->given[i] = 1;
    return CWB_OK;
}

static int wall_body(const cwb_api_body *in, cwb_values *v, const char *sec, cwb_body *b, char *msg,
                     size_t n)
{
    int rc;
    if (in->radius != 0.0 || in->density != 0.0)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "[%s] a wall has no radius or density (it is a half-space of infinite "
                        "mass): leave them 0",
                        sec);
    b->rigid = in->E == 0.0;
    if (b->rigid && in->nu != 0.0) /* as the case reader: a rigid body's nu is never read */
        return cwb_fail(msg, n, CWB_EINPUT,
                        "[%s] a rigid wall takes no nu (got nu = %g): it does not deform; give E "
                        "for an elastic wall",
                        sec, in->nu);
    if (b->rigid)
        return CWB_OK;
    if ((rc = body_value(v, CWB_BODY_E, in->E, sec, msg, n)) != CWB_OK ||
        (rc = body_value(v, CWB_BODY_NU, in->nu, sec, msg, n)) != CWB_OK)
        return rc;
    b->E = in->E;
    b->nu = in->nu;
    return CWB_OK;
}

int cwbi_body_check(const cwb_api_body *in, int which, cwb_body *b, char *msg, size_t n)
{
    const char *sec = which == 0 ? "body1" : "body2";
    memset(b, 0, sizeof *b);
    if (!in)
        return cwb_fail(msg, n, CWB_EINPUT, "[%s] the body is NULL", sec);
    if (in->shape != CWB_API_SPHERE && in->shape != CWB_API_DISC && in->shape != CWB_API_WALL)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "[%s] shape = %d is not one of CWB_API_SPHERE (0), CWB_API_DISC (1), "
                        "CWB_API_WALL (2)",
                        sec, in->shape);
    cwb_values *v = malloc(sizeof *v);
    if (!v)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    cwb_values_init(v, cwb_body_params);
    b->shape = (cwb_shape)in->shape;
    int rc = CWB_OK;
    if (b->shape == CWB_SHAPE_WALL)
        rc = wall_body(in, v, sec, b, msg, n);
    else {
        static const int keys[] = {CWB_BODY_RADIUS, CWB_BODY_E, CWB_BODY_NU, CWB_BODY_DENSITY};
        const double x[] = {in->radius, in->E, in->nu, in->density};
        for (size_t i = 0; i < 4 && rc == CWB_OK; i++)
            rc = body_value(v, keys[i], x[i], sec, msg, n);
        b->radius = in->radius;
        b->E = in->E;
        b->nu = in->nu;
        b->density = in->density;
    }
    free(v);
    return rc;
}

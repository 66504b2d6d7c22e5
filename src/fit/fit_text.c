/* fit_text.c -- growing texts and the JSON writer of `cwb fit` (cwb_fit.h).
 *
 * The summary of a fit is built in memory and handed to the log in one
 * piece once the fit has succeeded, so a failed fit never leaves half a
 * JSON object on standard output.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cwb_fit.h"
#include "cwb_out.h"

static int text_reserve(cwb_fit_text *t, size_t more)
{
    if (t->failed)
        return 0;
    if (t->len + more + 1 <= t->cap)
        return 1;
    size_t cap = t->cap ? t->cap : 256;
    while (cap < t->len + more + 1)
        cap *= 2;
    char *s = realloc(t->s, cap);
    if (!s) {
        t->failed = 1;
        return 0;
    }
    t->s = s;
    t->cap = cap;
    return 1;
}

static void text_vadd(cwb_fit_text *t, const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int len = vsnprintf(NULL, 0, fmt, ap);
    if (len < 0)
        t->failed = 1;
    else if (text_reserve(t, (size_t)len)) {
        vsnprintf(t->s + t->len, t->cap - t->len, fmt, again);
        t->len += (size_t)len;
    }
    va_end(again);
}

void cwb_fit_text_add(cwb_fit_text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    text_vadd(t, fmt, ap);
    va_end(ap);
}

void cwb_fit_text_free(cwb_fit_text *t)
{
    free(t->s);
    memset(t, 0, sizeof *t);
}

/* A number a fit cannot give (the standard error of an exact
 * calibration, R^2 of one point) is printed "undefined", never as printf's
 * "nan" or "inf": the text added from `from` on, word by word. */
static void words_undefined(cwb_fit_text *t, size_t from)
{
    static const char *const bad[] = {"-nan", "nan", "-inf", "inf"};
    for (size_t i = from; t->s && i < t->len; i++) {
        if (i > from && (isalnum((unsigned char)t->s[i - 1]) || t->s[i - 1] == '_'))
            continue;
        for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
            size_t n = strlen(bad[k]);
            if (i + n <= t->len && strncmp(t->s + i, bad[k], n) == 0 &&
                (i + n == t->len || !(isalnum((unsigned char)t->s[i + n]) || t->s[i + n] == '_'))) {
                char rest[4096];
                snprintf(rest, sizeof rest, "%s", t->s + i + n);
                t->len = i;
                cwb_fit_text_add(t, "undefined%s", rest);
                break;
            }
        }
    }
}

void cwb_fit_say(cwb_fit_out *o, const char *fmt, ...)
{
    if (o->json)
        return;
    size_t from = o->summary.len;
    va_list ap;
    va_start(ap, fmt);
    text_vadd(&o->summary, fmt, ap);
    va_end(ap);
    words_undefined(&o->summary, from);
}

void cwb_fit_note(cwb_fit_out *o, const char *fmt, ...)
{
    cwb_fit_text_add(&o->provenance, "# ");
    size_t from = o->provenance.len;
    va_list ap;
    va_start(ap, fmt);
    text_vadd(&o->provenance, fmt, ap);
    va_end(ap);
    words_undefined(&o->provenance, from);
    cwb_fit_text_add(&o->provenance, "\n");
}

/* ---------------------------------------------------------------- JSON */

void cwb_fit_json_open(cwb_fit_json *j, const char *key, char bracket)
{
    cwb_json_open(j, key, bracket);
}

void cwb_fit_json_close(cwb_fit_json *j, char bracket)
{
    (void)bracket; /* the writer knows what it closes */
    cwb_json_close(j);
}

void cwb_fit_json_number(cwb_fit_json *j, const char *key, double v)
{
    cwb_json_number(j, key, v);
}

void cwb_fit_json_string(cwb_fit_json *j, const char *key, const char *s)
{
    cwb_json_string(j, key, s);
}

/* ------------------------------------------------ parameters and fits */

/* The report is full: said once among its warnings, never left out silently. */
static void full(cwb_fit_report *r, const char *what, int max)
{
    char text[160];
    snprintf(text, sizeof text, "more %s than the JSON reports (%d): the rest are left out", what,
             max);
    for (size_t w = 0; w < r->nwarn; w++)
        if (strcmp(r->warn[w], text) == 0)
            return;
    if (r->nwarn < CWB_MAX_WARN)
        snprintf(r->warn[r->nwarn++], sizeof r->warn[0], "%s", text);
}

void cwb_fit_parameter(cwb_fit_out *o, const char *name, const char *unit, double value, double se)
{
    cwb_fit_report *r = &o->report;
    if (r->n == CWB_FIT_MAX_PARAMS) {
        full(r, "parameters", CWB_FIT_MAX_PARAMS);
        return;
    }
    snprintf(r->name[r->n], sizeof r->name[0], "%s", name);
    snprintf(r->unit[r->n], sizeof r->unit[0], "%s", unit && unit[0] ? unit : "-");
    r->value[r->n] = value;
    r->se[r->n++] = se;
}

void cwb_fit_solved(cwb_fit_out *o, size_t np, const double *cov, double r2, size_t points)
{
    cwb_fit_report *r = &o->report;
    if (r->nfit == CWB_FIT_MAX_FITS || np > CWB_FIT_MAX_NP || np > r->n) {
        full(r, "least-squares problems", CWB_FIT_MAX_FITS);
        return;
    }
    size_t f = r->nfit++;
    r->first[f] = r->n - np;
    r->np[f] = np;
    for (size_t k = 0; k < np * np; k++)
        r->cov[f][k] = cov ? cov[k] : NAN;
    r->r2[f] = r2;
    r->points[f] = (double)points;
}

/* "parameters", "fits" and, for a fit of one problem, "r_squared". */
void cwb_fit_report_json(cwb_json *j, const cwb_fit_report *r)
{
    cwb_json_open(j, "parameters", '{');
    for (size_t i = 0; i < r->n; i++) {
        cwb_json_open(j, r->name[i], '{');
        cwb_json_number(j, "value", r->value[i]);
        cwb_json_number(j, "stderr", r->se[i]);
        cwb_json_string(j, "unit", r->unit[i]);
        cwb_json_close(j);
    }
    cwb_json_close(j);
    cwb_json_open(j, "fits", '[');
    for (size_t f = 0; f < r->nfit; f++) {
        cwb_json_open(j, NULL, '{');
        cwb_json_open(j, "parameters", '[');
        for (size_t k = 0; k < r->np[f]; k++)
            cwb_json_string(j, NULL, r->name[r->first[f] + k]);
        cwb_json_close(j);
        cwb_json_open(j, "covariance", '[');
        for (size_t a = 0; a < r->np[f]; a++) {
            cwb_json_open(j, NULL, '[');
            for (size_t b = 0; b < r->np[f]; b++)
                cwb_json_number(j, NULL, r->cov[f][a * r->np[f] + b]);
            cwb_json_close(j);
        }
        cwb_json_close(j);
        cwb_json_number(j, "r_squared", r->r2[f]);
        cwb_json_number(j, "points", r->points[f]);
        cwb_json_close(j);
    }
    cwb_json_close(j);
    if (r->nfit == 1)
        cwb_json_number(j, "r_squared", r->r2[0]);
    cwb_json_open(j, "warnings", '[');
    for (size_t w = 0; w < r->nwarn; w++)
        cwb_json_string(j, NULL, r->warn[w]);
    cwb_json_close(j);
}

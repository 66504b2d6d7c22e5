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

static void json_quoted(cwb_fit_text *t, const char *s)
{
    char q[6 * CWB_TEXT + 3];
    cwb_json_quote(q, sizeof q, s);
    cwb_fit_text_add(t, "%s", q);
}

/* The separator before a value and its key, if any. */
static void json_key(cwb_fit_json *j, const char *key)
{
    if (j->need_comma)
        cwb_fit_text_add(&j->text, ", ");
    if (key) {
        json_quoted(&j->text, key);
        cwb_fit_text_add(&j->text, ": ");
    }
    j->need_comma = 1;
}

void cwb_fit_json_open(cwb_fit_json *j, const char *key, char bracket)
{
    json_key(j, key);
    cwb_fit_text_add(&j->text, "%c", bracket);
    j->need_comma = 0;
}

void cwb_fit_json_close(cwb_fit_json *j, char bracket)
{
    cwb_fit_text_add(&j->text, "%c", bracket);
    j->need_comma = 1;
}

void cwb_fit_json_number(cwb_fit_json *j, const char *key, double v)
{
    char num[40];
    json_key(j, key);
    cwb_number_text(v, "null", num, sizeof num);
    cwb_fit_text_add(&j->text, "%s", num);
}

void cwb_fit_json_string(cwb_fit_json *j, const char *key, const char *s)
{
    json_key(j, key);
    json_quoted(&j->text, s);
}

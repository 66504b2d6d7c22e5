/* core.c -- messages, vector helpers and parameter tables. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cwb.h"
#include "cwb_numeric.h"

int cwb_fail(char *msg, size_t n, int code, const char *fmt, ...)
{
    if (msg && n > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, n, fmt, ap);
        va_end(ap);
    }
    return code;
}

void cwb_logf(const cwb_log *log, cwb_log_level level, const char *fmt, ...)
{
    if (!log || !log->fn)
        return;
    char text[4 * CWB_MSG];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    log->fn(log->user, level, text);
}

/* The foreground run's progress log (cwb.h), when it last spoke and how
 * often it may. */
static _Thread_local const cwb_log *progress_log;
static _Thread_local double progress_said_at, progress_every;

/* Seconds on a monotonic clock. */
static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void cwb_progress_log_set(const cwb_log *log, double seconds_between)
{
    progress_log = log;
    progress_every = seconds_between;
    progress_said_at = log ? seconds_now() : 0.0;
}

int cwb_progress_wanted(void)
{
    return progress_log != NULL;
}

void cwb_progressf(const char *fmt, ...)
{
    if (!progress_log)
        return;
    double now = seconds_now();
    if (now - progress_said_at < progress_every)
        return;
    progress_said_at = now;
    char text[CWB_MSG];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    cwb_logf(progress_log, CWB_LOG_PROGRESS, "%s", text);
}

cwb_vec3 cwb_v3_rotate_into_plane(cwb_vec3 a, cwb_vec3 n)
{
    double an = cwb_v3_dot(a, n);
    double before = cwb_v3_dot(a, a);
    /* Already in the plane to round-off (the normal did not turn): the
     * rescale would change nothing but cost two square roots. */
    if (an * an <= 1e-30 * before)
        return a;
    cwb_vec3 r = cwb_v3_sub(a, cwb_v3_scale(n, an));
    double after = cwb_v3_dot(r, r);
    /* A vector (anti)parallel to the new normal has no direction left in the
     * plane; dropping it is the only consistent choice. */
    if (after <= 1e-300)
        return cwb_v3(0.0, 0.0, 0.0);
    return cwb_v3_scale(r, sqrt(before / after));
}

char *cwb_trim(char *s)
{
    size_t start = 0, len = strlen(s);
    while (len > 0 && isspace((unsigned char)s[len - 1]))
        s[--len] = '\0';
    while (isspace((unsigned char)s[start]))
        start++;
    if (start)
        memmove(s, s + start, len - start + 1);
    return s;
}

int cwb_parse_double(const char *text, double *out)
{
    char *end;
    while (isspace((unsigned char)*text))
        text++;
    if (*text == '\0')
        return -1;
    /* strtod also reads hexadecimal floats ("0x1p-3"), "inf" and "nan":
     * a case file is written in decimal, so anything with an x is refused
     * rather than read as a number its author did not mean. */
    if (strpbrk(text, "xX"))
        return -1;
    errno = 0;
    double v = strtod(text, &end);
    while (isspace((unsigned char)*end))
        end++;
    if (*end != '\0' || errno == ERANGE || !isfinite(v))
        return -1;
    *out = v;
    return 0;
}

/* Why cwb_parse_double refused text that strtod reads as a number out of
 * the doubles' normal range, or "is not a finite number": 1e-400 is
 * finite, and a message saying otherwise sends its author looking for a
 * typo. */
static const char *not_a_number_reason(const char *text)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno != ERANGE || strpbrk(text, "xX"))
        return "is not a finite number";
    return fabs(v) < 1.0 ? "underflows: its size is below the smallest normal double, 2.2e-308 "
                           "(write 0 for zero)"
                         : "overflows: its size is beyond the largest double, 1.8e308";
}

size_t cwb_param_count(const cwb_param *table)
{
    size_t n = 0;
    while (table && table[n].name)
        n++;
    return n;
}

int cwb_param_index(const cwb_param *table, const char *name)
{
    for (size_t i = 0; table && table[i].name; i++)
        if (strcmp(table[i].name, name) == 0)
            return (int)i;
    return -1;
}

void cwb_values_init(cwb_values *v, const cwb_param *table)
{
    /* Not a memset of the whole struct (about 80 kB, mostly list storage
     * and texts): a batch loads ten of them per sample. Everything a reader
     * may look at is set: every number and line (p past the table holds a
     * law's prepared constants), and the table's list lengths and texts. */
    memset(v->p, 0, sizeof v->p);
    memset(v->given, 0, sizeof v->given);
    for (size_t i = 0; table && table[i].name; i++) {
        v->list[i].n = 0;
        v->text[i][0] = '\0';
    }
    v->table = table;
    for (size_t i = 0; table && table[i].name; i++)
        v->p[i] = table[i].def;
}

static void fmt_bound(double x, char *buf, size_t n)
{
    if (isinf(x))
        snprintf(buf, n, "%sinf", x < 0 ? "-" : "");
    else
        snprintf(buf, n, "%g", x);
}

void cwb_param_range(const cwb_param *p, char *buf, size_t n)
{
    if (p->kind == CWB_PARAM_CHOICE) {
        size_t used = 0;
        buf[0] = '\0';
        for (size_t i = 0; p->choices && p->choices[i]; i++)
            used += (size_t)snprintf(buf + used, used < n ? n - used : 0, "%s%s", i ? "|" : "",
                                     p->choices[i]);
        return;
    }
    if (p->kind == CWB_PARAM_TEXT) {
        snprintf(buf, n, "text");
        return;
    }
    char lo[32], hi[32];
    fmt_bound(p->min, lo, sizeof lo);
    fmt_bound(p->max, hi, sizeof hi);
    /* infinities are never allowed values (only finite numbers parse) */
    int lo_open = (p->flags & CWB_P_MIN_OPEN) || isinf(p->min);
    int hi_open = (p->flags & CWB_P_MAX_OPEN) || isinf(p->max);
    snprintf(buf, n, "%c%s, %s%c %s%s%s", lo_open ? '(' : '[', lo, hi, hi_open ? ')' : ']', p->unit,
             (p->flags & CWB_P_INTEGER) ? ", whole numbers" : "",
             (p->flags & CWB_P_AUTO) ? " or auto" : "");
}

int cwb_param_allows(const cwb_param *p, double x)
{
    int lo_ok = (p->flags & CWB_P_MIN_OPEN) ? x > p->min : x >= p->min;
    int hi_ok = (p->flags & CWB_P_MAX_OPEN) ? x < p->max : x <= p->max;
    return lo_ok && hi_ok;
}

/* A read_when is one condition "key=word|word" or several joined by ';',
 * all of which must hold. One condition of it, from *cond on: its key into
 * key and its words' span into *words, *wlen; *cond moved past it. 0 when
 * there is none left or it is malformed. */
static int next_condition(const char **cond, char *key, size_t n, const char **words, size_t *wlen)
{
    const char *c = *cond;
    if (!c || !*c)
        return 0;
    size_t len = strcspn(c, "=;");
    if (c[len] != '=' || len == 0 || len >= n)
        return 0;
    memcpy(key, c, len);
    key[len] = '\0';
    *words = c + len + 1;
    *wlen = strcspn(*words, ";");
    *cond = *words + *wlen + ((*words)[*wlen] == ';');
    return 1;
}

/* The word table[at] holds in v: its choice, "auto", or NULL (a number). */
static const char *held_word(const cwb_values *v, int at)
{
    const cwb_param *q = &v->table[at];
    if (q->kind == CWB_PARAM_CHOICE)
        return q->choices[(int)v->p[at]];
    return (q->flags & CWB_P_AUTO) && v->p[at] == q->def ? "auto" : NULL;
}

/* The condition word "*": the key (a TEXT key, as a reference path) is
 * given in the case, whatever its value ("reference=*": "reference given"). */
static int is_given_word(const char *words, size_t wlen)
{
    return wlen == 1 && words[0] == '*';
}

/* 1 when word is one of the '|'-separated words of list[0..len). */
static int word_in(const char *word, const char *list, size_t len)
{
    size_t wl = strlen(word);
    for (const char *w = list, *end = list + len; w < end;) {
        size_t l = strcspn(w, "|;");
        if (l == wl && strncmp(w, word, wl) == 0)
            return 1;
        w += l + 1;
    }
    return 0;
}

/* The index of the first condition of table[i] that v does not meet, or
 * -1 when it meets them all (or has none); its key into key. A condition
 * naming a key the table lacks never fails (tests/test_input.c,
 * every_read_when_names_a_word_of_its_table, holds every table's
 * conditions to its keys). */
static int unmet_condition(const cwb_values *v, int i, char *key, size_t n, const char **words,
                           size_t *wlen)
{
    const char *cond = v->table[i].read_when;
    while (next_condition(&cond, key, n, words, wlen)) {
        int at = cwb_param_index(v->table, key);
        const char *held = at >= 0 ? held_word(v, at) : NULL;
        int met = is_given_word(*words, *wlen) ? at >= 0 && v->given[at] != 0
                                               : held && word_in(held, *words, *wlen);
        if (at >= 0 && !met)
            return at;
    }
    return -1;
}

int cwb_param_is_read(const cwb_values *v, int i)
{
    char key[64];
    const char *words;
    size_t wlen;
    return unmet_condition(v, i, key, sizeof key, &words, &wlen) < 0;
}

void cwb_param_read_when(const cwb_param *p, char *buf, size_t n)
{
    const char *cond = p->read_when, *words;
    char key[64];
    size_t wlen, used = 0;
    buf[0] = '\0';
    for (int k = 0; next_condition(&cond, key, sizeof key, &words, &wlen) && used < n; k++) {
        const char *dot = strchr(key, '.');
        if (is_given_word(words, wlen) && dot) { /* contact.KIND=*: another law */
            used += (size_t)snprintf(buf + used, n - used, "%sa %s law in [%.*s]", k ? " and " : "",
                                     dot + 1, (int)(dot - key), key);
            continue;
        }
        if (is_given_word(words, wlen)) {
            used += (size_t)snprintf(buf + used, n - used, "%s%s given", k ? " and " : "", key);
            continue;
        }
        used += (size_t)snprintf(buf + used, n - used, "%s%s = ", k ? " and " : "", key);
        for (const char *w = words, *end = words + wlen; w < end && used < n;) {
            size_t l = strcspn(w, "|;");
            used += (size_t)snprintf(buf + used, n - used, "%.*s%s", (int)l, w,
                                     w + l < end ? " or " : "");
            w += l + 1;
        }
    }
    if ((p->flags & CWB_P_RATE) && used < n)
        snprintf(buf + used, n - used, "%sa rate of the motion (not history at segment_time = 0)",
                 used ? " and " : "");
}

int cwb_param_condition_key(const cwb_param *p, int k, char *key, size_t n)
{
    const char *cond = p->read_when, *words;
    size_t wlen;
    for (int i = 0; next_condition(&cond, key, n, &words, &wlen); i++)
        if (i == k)
            return 1;
    return 0;
}

int cwb_param_law_condition(const cwb_param *p, char *kind, size_t n)
{
    const char *cond = p->read_when, *words;
    char key[64];
    size_t wlen;
    while (next_condition(&cond, key, sizeof key, &words, &wlen))
        if (strncmp(key, "contact.", 8) == 0 && is_given_word(words, wlen)) {
            snprintf(kind, n, "%s", key + 8);
            return 1;
        }
    return 0;
}

int cwb_values_check_read(const cwb_values *v, int *at, char *why, size_t n)
{
    for (int i = 0; v->table && v->table[i].name; i++) {
        char key[64];
        const char *words;
        size_t wlen;
        int k = v->given[i] ? unmet_condition(v, i, key, sizeof key, &words, &wlen) : -1;
        if (k < 0)
            continue;
        char cond[160], value[96], number[40], fix[160];
        cwb_param_read_when(&v->table[i], cond, sizeof cond);
        cwb_param_format(v, i, value, sizeof value);
        *at = i;
        if (is_given_word(words, wlen))
            return cwb_fail(why, n, CWB_EINPUT,
                            "%s = %s is read only with %s (the case gives no %s): remove it, or "
                            "give %s",
                            v->table[i].name, value, cond, key, key);
        const char *held = held_word(v, k);
        if (!held) {
            cwb_format_shortest(v->p[k], number, sizeof number);
            held = number;
        }
        /* the fix names the condition that fails, not those that hold */
        char one[128];
        snprintf(one, sizeof one, "%s=%.*s", key, (int)wlen, words);
        cwb_param_read_when(&(cwb_param){.read_when = one}, fix, sizeof fix);
        return cwb_fail(why, n, CWB_EINPUT,
                        "%s = %s is read only with %s (%s = %s here): remove it, or set %s",
                        v->table[i].name, value, cond, key, held, fix);
    }
    return CWB_OK;
}

/* Check one real against the range of p. */
static int check_range(const cwb_param *p, double x, const char *text, char *msg, size_t n)
{
    if (cwb_param_allows(p, x))
        return CWB_OK;
    char range[96];
    cwb_param_range(p, range, sizeof range);
    return cwb_fail(msg, n, CWB_EINPUT, "%s = %s [%s] is out of range: allowed %s", p->name, text,
                    p->unit, range);
}

/* The allowed range as text, into buf: formatted only for a message (it
 * was a sixth of loading a case, made for every value read). */
static const char *range_of(const cwb_param *p, char *buf, size_t n)
{
    cwb_param_range(p, buf, n);
    return buf;
}

int cwb_param_parse(cwb_values *v, int i, const char *text, char *msg, size_t n)
{
    const cwb_param *p = &v->table[i];
    char range[96];

    switch (p->kind) {
    case CWB_PARAM_CHOICE:
        for (size_t c = 0; p->choices[c]; c++)
            if (strcmp(p->choices[c], text) == 0) {
                v->p[i] = (double)c;
                return CWB_OK;
            }
        return cwb_fail(msg, n, CWB_EINPUT, "%s = '%s' is not one of the allowed words: %s",
                        p->name, text, range_of(p, range, sizeof range));
    case CWB_PARAM_TEXT:
        if (strlen(text) >= CWB_TEXT)
            return cwb_fail(msg, n, CWB_EINPUT, "%s: value longer than %d characters", p->name,
                            CWB_TEXT - 1);
        /* Text reaches provenance lines, CSV headers and gnuplot scripts:
         * a control character (a newline above all) could end a line there
         * and start another that the file's author never wrote. */
        for (const unsigned char *ch = (const unsigned char *)text; *ch; ch++)
            if (*ch < 0x20 || *ch == 0x7f)
                return cwb_fail(msg, n, CWB_EINPUT,
                                "%s: control character (code %d) in the "
                                "text; only printable characters are allowed",
                                p->name, *ch);
        snprintf(v->text[i], CWB_TEXT, "%s", text);
        return CWB_OK;
    case CWB_PARAM_LIST: {
        char buf[4096];
        if (strlen(text) >= sizeof buf)
            return cwb_fail(msg, n, CWB_EINPUT, "%s: list too long", p->name);
        snprintf(buf, sizeof buf, "%s", text);
        size_t count = 0;
        char *save = NULL;
        for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
            double x;
            if (count == CWB_MAX_LIST)
                return cwb_fail(msg, n, CWB_EINPUT, "%s: more than %d items in the list", p->name,
                                CWB_MAX_LIST);
            if (cwb_parse_double(tok, &x) != 0)
                return cwb_fail(msg, n, CWB_EINPUT,
                                "%s: item %zu '%s' %s "
                                "(expected comma-separated values in %s)",
                                p->name, count + 1, tok, not_a_number_reason(tok),
                                range_of(p, range, sizeof range));
            if (check_range(p, x, tok, msg, n) != CWB_OK)
                return CWB_EINPUT;
            v->list[i].v[count++] = x;
        }
        if (count == 0)
            return cwb_fail(msg, n, CWB_EINPUT, "%s: empty list", p->name);
        v->list[i].n = count;
        v->p[i] = (double)count;
        return CWB_OK;
    }
    case CWB_PARAM_REAL:
    default: {
        double x;
        if ((p->flags & CWB_P_AUTO) && strcmp(text, "auto") == 0) {
            v->p[i] = p->def;
            return CWB_OK;
        }
        if (cwb_parse_double(text, &x) != 0)
            return cwb_fail(msg, n, CWB_EINPUT,
                            "%s = '%s' %s (unit %s, "
                            "allowed %s)",
                            p->name, text, not_a_number_reason(text), p->unit,
                            range_of(p, range, sizeof range));
        if (check_range(p, x, text, msg, n) != CWB_OK)
            return CWB_EINPUT;
        if ((p->flags & CWB_P_INTEGER) && x != floor(x))
            return cwb_fail(msg, n, CWB_EINPUT, "%s = %s: expected a whole number (allowed %s)",
                            p->name, text, range_of(p, range, sizeof range));
        v->p[i] = x;
        return CWB_OK;
    }
    }
}

/* result.c -- the columns and named scalars a driver produces. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cwb_result.h"

/* snprintf(buf, n, "%s", text) without the format machinery: a driver
 * names some forty results per run, and a batch runs thousands. */
static void copy_text(char *buf, size_t n, const char *text)
{
    size_t len = strlen(text);
    if (len >= n)
        len = n - 1;
    memcpy(buf, text, len);
    buf[len] = '\0';
}

/* Only the counts: every entry below them is written before it is read
 * (cwb_series_column, cwb_result_set, cwb_result_warn), and the struct is
 * 14 kB, which zeroing twice per run cost a 19-step Hertz collision in a
 * batch a sixth of its instructions. */
void cwb_result_init(cwb_result *r)
{
    r->series.ncol = r->series.nrow = r->series.cap = 0;
    r->nscalar = r->nwarn = 0;
    r->scalars_full = r->warnings_full = 0;
    r->name_seen[0] = r->name_seen[1] = 0;
    r->no_series = 0;
    r->verdict = CWB_VERDICT_NONE;
    for (size_t k = 0; k < CWB_ALSO_MAX; k++)
        r->also[k].path[0] = '\0';
    r->want = NULL;
}

void cwb_result_free(cwb_result *r)
{
    for (size_t i = 0; i < r->series.ncol; i++)
        free(r->series.col[i].v);
    cwb_result_init(r);
}

int cwb_series_column(cwb_series *s, const char *name, const char *unit)
{
    if (s->ncol == CWB_MAX_COLS || s->nrow > 0)
        return -1;
    cwb_column *c = &s->col[s->ncol];
    copy_text(c->name, sizeof c->name, name);
    copy_text(c->unit, sizeof c->unit, unit);
    c->v = NULL;
    return (int)s->ncol++;
}

int cwb_series_row(cwb_series *s, const double *row)
{
    if (s->nrow == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 1024;
        for (size_t i = 0; i < s->ncol; i++) {
            double *v = realloc(s->col[i].v, cap * sizeof *v);
            if (!v)
                return CWB_EFAIL;
            s->col[i].v = v;
        }
        s->cap = cap;
    }
    for (size_t i = 0; i < s->ncol; i++)
        s->col[i].v[s->nrow] = row[i];
    s->nrow++;
    return CWB_OK;
}

int cwb_series_find(const cwb_series *s, const char *name)
{
    for (size_t i = 0; i < s->ncol; i++)
        if (strcmp(s->col[i].name, name) == 0)
            return (int)i;
    return -1;
}

void cwb_result_set(cwb_result *r, const char *name, const char *unit, double value)
{
    /* A key of the name's length and its last eight bytes, compared before
     * the bytes: a driver sets some forty names per run, each looked up
     * among the others, and many share a prefix (energy_dissipated_...).
     * (An FNV hash of every byte cost more than the scan it saved.) */
    size_t i, len = strlen(name);
    unsigned long long tail = 0;
    memcpy(&tail, name + (len >= 8 ? len - 8 : 0), len >= 8 ? 8 : len);
    unsigned hash = (unsigned)(tail ^ (tail >> 32)) ^ (unsigned)len * 2654435761u;
    /* One bit of 128 per key, set for every name stored: a clear bit says
     * the name is new without the scan (a report's forty names are almost
     * all new; the scan was half of the lookup's instructions). */
    unsigned bit = (hash * 2654435761u) >> 25;
    unsigned long long mask = 1ull << (bit & 63);
    int seen = (r->name_seen[bit >> 6] & mask) != 0;
    r->name_seen[bit >> 6] |= mask;
    /* strcmp(stored, name) == 0, i.e. the len + 1 bytes match (a name too
     * long for the field never matches its cut copy) */
    for (i = seen ? 0 : r->nscalar; len < sizeof r->scalar[0].name && i < r->nscalar; i++)
        if (r->name_hash[i] == hash && memcmp(r->scalar[i].name, name, len + 1) == 0)
            break;
    if (len >= sizeof r->scalar[0].name)
        i = r->nscalar;
    if (i == r->nscalar) {
        if (r->nscalar == CWB_MAX_SCALARS) { /* said once, never dropped silently */
            if (!r->scalars_full++)
                cwb_result_warn(r, "more than %d results: '%.60s' and any after it are not kept",
                                CWB_MAX_SCALARS, name);
            return;
        }
        r->nscalar++;
        copy_text(r->scalar[i].name, sizeof r->scalar[i].name, name);
        r->name_hash[i] = hash;
    }
    copy_text(r->scalar[i].unit, sizeof r->scalar[i].unit, unit);
    r->scalar[i].value = value;
}

double cwb_result_get(const cwb_result *r, const char *name)
{
    for (size_t i = 0; i < r->nscalar; i++)
        if (strcmp(r->scalar[i].name, name) == 0)
            return r->scalar[i].value;
    return NAN;
}

/* A warning past CWB_MAX_WARN is not dropped without a word: the last
 * slot keeps its own (cut to 110 characters) and says that later ones are
 * not kept, naming the first of them (once; the later ones go). */
void cwb_result_warn(cwb_result *r, const char *fmt, ...)
{
    if ((r->want && !r->want->warnings) || r->warnings_full)
        return;
    char text[sizeof r->warn[0]];
    if (!strchr(fmt, '%')) { /* a fixed text (most are): no format machinery */
        copy_text(text, sizeof text, fmt);
    } else {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(text, sizeof text, fmt, ap);
        va_end(ap);
    }
    if (r->nwarn < CWB_MAX_WARN) {
        memcpy(r->warn[r->nwarn++], text, sizeof text);
        return;
    }
    r->warnings_full = 1;
    char last[sizeof r->warn[0]];
    memcpy(last, r->warn[CWB_MAX_WARN - 1], sizeof last);
    snprintf(r->warn[CWB_MAX_WARN - 1], sizeof r->warn[0],
             "%.110s [more than %d warnings: the later ones are not kept, the first of them: "
             "%.70s]",
             last, CWB_MAX_WARN, text);
}

int cwb_row_outcomes_make(cwb_row_outcomes *o, size_t n)
{
    o->n = n;
    o->status = calloc(n ? n : 1, sizeof *o->status);
    o->message = calloc(n ? n : 1, sizeof *o->message);
    if (o->status && o->message)
        return CWB_OK;
    cwb_row_outcomes_free(o);
    return CWB_EFAIL;
}

int cwb_row_outcome_set(cwb_row_outcomes *o, size_t i, int status, const char *msg)
{
    if (i >= o->n)
        return CWB_EFAIL;
    o->status[i] = status;
    free(o->message[i]);
    o->message[i] = NULL;
    if (status == CWB_OK)
        return CWB_OK;
    size_t len = strlen(msg);
    if (!(o->message[i] = malloc(len + 1)))
        return CWB_EFAIL;
    memcpy(o->message[i], msg, len + 1);
    return CWB_OK;
}

void cwb_row_outcomes_free(cwb_row_outcomes *o)
{
    for (size_t i = 0; o->message && i < o->n; i++)
        free(o->message[i]);
    free(o->message);
    free(o->status);
    memset(o, 0, sizeof *o);
}

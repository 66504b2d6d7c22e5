/* json.c -- the JSON writer of every --json answer (cwb_json.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cwb_json.h"
#include "cwb_out.h"

void cwb_json_init(cwb_json *j)
{
    memset(j, 0, sizeof *j);
}

void cwb_json_free(cwb_json *j)
{
    for (int d = 0; d < CWB_JSON_DEPTH; d++)
        free(j->level[d].nulls);
    free(j->s);
    memset(j, 0, sizeof *j);
}

static int reserve(cwb_json *j, size_t more)
{
    if (j->failed)
        return 0;
    if (j->len + more + 1 <= j->cap)
        return 1;
    size_t cap = j->cap ? j->cap : 1024;
    while (cap < j->len + more + 1)
        cap *= 2;
    char *s = realloc(j->s, cap);
    if (!s) {
        j->failed = 1;
        return 0;
    }
    j->s = s;
    j->cap = cap;
    return 1;
}

static void put(cwb_json *j, const char *text)
{
    size_t len = strlen(text);
    if (!reserve(j, len))
        return;
    memcpy(j->s + j->len, text, len + 1);
    j->len += len;
}

static void put_quoted(cwb_json *j, const char *s)
{
    size_t n = 6 * strlen(s) + 3; /* every byte as \u00XX at worst, quotes, NUL */
    char *q = malloc(n);
    if (!q) {
        j->failed = 1;
        return;
    }
    cwb_json_quote(q, n, s);
    put(j, q);
    free(q);
}

/* The separator before a value and its key, if any. */
static void key_of(cwb_json *j, const char *key)
{
    if (j->depth > 0) {
        if (j->level[j->depth - 1].need_comma)
            put(j, ", ");
        j->level[j->depth - 1].need_comma = 1;
    }
    if (key) {
        put_quoted(j, key);
        put(j, ": ");
    }
}

/* A null written under key at the innermost level: the object holding it
 * lists the key, or, inside arrays, the key of the outermost array below
 * that object. Each key once. */
static void note_null(cwb_json *j, const char *key)
{
    int d = j->depth - 1;
    while (d >= 0 && j->level[d].bracket != '{')
        d--;
    if (d < 0)
        return; /* a bare array: no object to list it */
    const char *name = d == j->depth - 1 ? key : j->level[d + 1].key;
    if (!name || !name[0])
        return;
    size_t qn = 6 * strlen(name) + 3;
    char *q = malloc(qn);
    if (!q) {
        j->failed = 1;
        return;
    }
    cwb_json_quote(q, qn, name);
    char *list = j->level[d].nulls;
    for (const char *p = list ? strstr(list, q) : NULL; p; p = strstr(p + 1, q))
        if ((p == list || p[-1] == ' ') && (p[strlen(q)] == ',' || p[strlen(q)] == '\0')) {
            free(q);
            return;
        }
    size_t len = j->level[d].nulls_len, add = strlen(q) + (len ? 2 : 0);
    char *more = realloc(list, len + add + 1);
    if (!more) {
        free(q);
        j->failed = 1;
        return;
    }
    snprintf(more + len, add + 1, "%s%s", len ? ", " : "", q);
    j->level[d].nulls = more;
    j->level[d].nulls_len = len + add;
    free(q);
}

void cwb_json_open(cwb_json *j, const char *key, char bracket)
{
    if (j->depth == CWB_JSON_DEPTH) {
        j->failed = 1;
        return;
    }
    key_of(j, key);
    put(j, bracket == '[' ? "[" : "{");
    int d = j->depth++;
    free(j->level[d].nulls);
    j->level[d].bracket = bracket == '[' ? '[' : '{';
    j->level[d].need_comma = 0;
    j->level[d].nulls = NULL;
    j->level[d].nulls_len = 0;
    snprintf(j->level[d].key, sizeof j->level[d].key, "%s", key ? key : "");
}

void cwb_json_close(cwb_json *j)
{
    if (j->depth == 0) {
        j->failed = 1;
        return;
    }
    int d = j->depth - 1;
    if (j->level[d].bracket == '{' && (d == 0 || j->level[d].nulls_len)) {
        put(j, j->level[d].need_comma ? ", \"undefined\": [" : "\"undefined\": [");
        put(j, j->level[d].nulls ? j->level[d].nulls : "");
        put(j, "]");
    }
    put(j, j->level[d].bracket == '[' ? "]" : "}");
    free(j->level[d].nulls);
    j->level[d].nulls = NULL;
    j->level[d].nulls_len = 0;
    j->depth--;
}

void cwb_json_number(cwb_json *j, const char *key, double v)
{
    char num[40];
    key_of(j, key);
    cwb_number_text(v, "null", num, sizeof num);
    put(j, num);
    if (!isfinite(v))
        note_null(j, key);
}

void cwb_json_string(cwb_json *j, const char *key, const char *s)
{
    key_of(j, key);
    put_quoted(j, s ? s : "");
}

void cwb_json_strings(cwb_json *j, const char *key, const char *const *s, size_t n)
{
    cwb_json_open(j, key, '[');
    for (size_t i = 0; i < n; i++)
        cwb_json_string(j, NULL, s[i]);
    cwb_json_close(j);
}

char *cwb_json_take(cwb_json *j)
{
    char *text = j->s ? j->s : calloc(1, 1);
    j->s = NULL;
    j->len = j->cap = 0;
    return text;
}

int cwb_json_log(cwb_json *j, const cwb_log *log)
{
    int failed = j->failed;
    char *text = cwb_json_take(j);
    if (!failed && log && log->fn) {
        log->fn(log->user, CWB_LOG_RESULT, text);
        log->fn(log->user, CWB_LOG_RESULT, "\n");
    }
    free(text);
    return failed ? CWB_EFAIL : CWB_OK;
}

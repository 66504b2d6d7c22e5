/* cwb_json.h -- the one writer of the JSON every command prints with --json
 * (doc/outputs.md, "JSON"). It keeps the contract by construction:
 *   - numbers in the one format of every output (cwb_number_text): the
 *     shortest text that reads back to the same double;
 *   - a number that is not finite is null, never NaN or Infinity, and its
 *     key is listed in the "undefined" of the object holding it (a null in
 *     an array, a row of a matrix, lists the array's key), written when the
 *     object closes; the outermost object always has "undefined";
 *   - strings escaped (cwb_json_quote).
 * The text grows in memory; cwb_json_take hands out what is complete so a
 * long answer (a batch's rows) streams with bounded memory. */
#ifndef CWB_JSON_H
#define CWB_JSON_H

#include <stddef.h>
#include <stdio.h>

#include "cwb_run.h"

#define CWB_JSON_DEPTH 12

typedef struct {
    char *s; /* the text not yet taken, NUL-terminated (NULL while empty) */
    size_t len, cap;
    int failed; /* out of memory, or nested deeper than CWB_JSON_DEPTH: the rest is dropped */
    int depth;
    struct {
        char bracket;     /* '{' or '[' */
        int need_comma;   /* a value was written at this level */
        char key[256];    /* the key this level has in the object above it */
        char *nulls;      /* an object's keys holding null, quoted, ", "-joined */
        size_t nulls_len; /* their text's length */
    } level[CWB_JSON_DEPTH];
} cwb_json;

/* An empty writer; cwb_json_free releases it. */
void cwb_json_init(cwb_json *j);
void cwb_json_free(cwb_json *j);

/* Open an object ('{') or an array ('[') under key (NULL: an element of an
 * array, or the outermost value). */
void cwb_json_open(cwb_json *j, const char *key, char bracket);
/* Close the innermost one; an object lists its nulls in "undefined" first. */
void cwb_json_close(cwb_json *j);
void cwb_json_number(cwb_json *j, const char *key, double v);
void cwb_json_string(cwb_json *j, const char *key, const char *s);
/* A string array of n texts. */
void cwb_json_strings(cwb_json *j, const char *key, const char *const *s, size_t n);

/* The text written so far (NUL-terminated, "" when none), handed over: the
 * writer starts a new text and goes on where it was. Free it with free(). */
char *cwb_json_take(cwb_json *j);

/* What every --json answer opens with (the object opened): schema
 * (CWB_JSON_SCHEMA), command, cwb (the version), commit and, when dir is
 * not NULL, output_dir. */
void cwb_json_head(cwb_json *j, const char *command, const char *dir);
/* "warnings": r's warnings (r NULL: none). */
void cwb_json_warnings(cwb_json *j, const cwb_result *r);
/* The text onto f with a newline, the writer emptied: CWB_OK, or CWB_EFAIL
 * (nothing written) when the writer failed. */
int cwb_json_emit(cwb_json *j, FILE *f);
/* Whether cwb_json_emit has written an answer to stdout in this process
 * (the CLI answers a failure that wrote none with an error object). */
int cwb_json_answered_on_stdout(void);
/* The same to log as CWB_LOG_RESULT texts (of any length: cwb_logf cuts). */
int cwb_json_log(cwb_json *j, const cwb_log *log);

#endif /* CWB_JSON_H */

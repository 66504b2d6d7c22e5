/* batch.c -- `cwb batch`: one run of a case per row of a table of samples.
 *
 * The table (CSV: '#' lines, a header of case keys "section.key", one row
 * of values per sample; no quoting) is read whole and every value of the
 * shard is validated through the case loader before anything runs, so a
 * bad table stops with "TABLE:LINE: ..." and status 2 and computes nothing.
 *
 * The output is one CSV row per sample: its index in the table ("sample",
 * counted from 0 over the data rows), every input column as given, the
 * results asked (--results, else every scalar the table's sample 0
 * reports, in its order: the same header for every shard) and "status" (ok
 * or failed; a failed sample's message is a '#' line just above its row).
 * A result a sample does not define is an empty cell.
 *
 * Streaming and resume: the header is written atomically (temporary file
 * and rename) before any row; every row is then appended with a single
 * write() as soon as it and all rows of the shard before it are done, so
 * within a shard the rows are in table order and the file does not depend
 * on --jobs. A run killed at any point leaves complete rows and at most a
 * torn last line without its newline; rerunning the same command cuts the
 * torn line off, checks the header and that every row's inputs match the
 * table, and runs only the samples not yet written. The union of the shard
 * files, sorted on "sample", is the unsharded output.
 *
 * Workers: with --jobs J > 1, the samples go to J forked workers of the
 * commands' pool (cwb_pool.h), each given the next sample when it is free;
 * the parent is the only writer of the file. SIGINT or SIGTERM stop the
 * workers and leave a valid, resumable file.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cwb_ini.h"
#include "cwb_batch.h"
#include "cwb_dt_auto.h"
#include "cwb_csv.h"
#include "cwb_files.h"
#include "cwb_json.h"
#include "cwb_numeric.h"
#include "cwb_out.h"
#include "cwb_pool.h"

#define MAX_INPUTS 32
#define ROW_MAX    (1 << 14) /* one output row, a failed sample's message included */
#define OUT_BUF    (1 << 16) /* rows waiting for one write() */
/* Rows reach the file at most this long after they are done (a write()
 * per row cost as much as a short collision); a progress line at most
 * every PROGRESS_SECONDS. */
#define FLUSH_SECONDS    0.02
#define PROGRESS_SECONDS 0.1

/* The table of samples, read whole: fields point into text. */
typedef struct {
    char *text;
    size_t ncol, nrow;
    char *col[MAX_INPUTS];
    char **field; /* nrow * ncol */
    size_t *line; /* the file line of each row */
} sample_table;

/* The effective parameters of a case, "section.key = value", sorted. */
typedef struct {
    char **line;
    size_t n, cap;
} param_list;

/* What one run sends back: status, message and the asked results. */
typedef struct {
    size_t sample;
    int status;
    char msg[512];
    double value[CWB_MAX_SCALARS];
} record;

/* A process's one case (about 0.7 MB: not allocated per sample) and
 * whether it holds a sample loaded in full, which the sampler's keys can
 * then be set on. */
typedef struct {
    cwb_case *c;
    int loaded;
    /* the asked results as bits of want_of's result table (resolved once
     * per process and driver; a run sets only those) */
    const cwb_driver_type *want_of;
    cwb_result_want want;
} case_slot;

typedef struct {
    cwb_batch_request req;
    const cwb_log *log;
    char case_name[CWB_TEXT];
    sample_table t;
    size_t shard, nshards;
    size_t nres;
    char res_name[CWB_MAX_SCALARS][CWB_NAME], res_unit[CWB_MAX_SCALARS][16];
    char out[CWB_TEXT + 64];
    char header[8192];
    unsigned char *done; /* per table row: already in the output */
    size_t *todo, ntodo, skipped, failed, written;
    size_t skipped_failed; /* of the rows a resume found, those that failed */
    int fd;                /* the output, open for appending */
    char out_buf[OUT_BUF]; /* whole rows not yet written */
    size_t out_len;
    double flushed_at, progress_at; /* monotonic seconds */
    cwb_case_sampler *sampler;    /* the case read once, the samples' keys set (NULL: load each) */
    param_list params;            /* the case's parameters, the fingerprint's lines */
    param_list sets;              /* the --set overrides as provenance lines, value and unit */
    char in_unit[MAX_INPUTS][16]; /* each input column's unit ("": a word, a law's name) */
    unsigned long long fingerprint;
    case_slot slot;    /* the case samples are loaded into, one per process */
    record **finished; /* per position of todo: its record, until written */
    size_t wpos;       /* the positions before it are written */
    int resumed;       /* the output existed: this run appends to it */
    /* sample 0 as choose_results ran it to learn the result names: its row,
     * not a second run of it */
    record first;
    int have_first;
} batch;

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Split line in place at ',' into at most max trimmed fields; the count
 * (max + 1 when there are more). */
static size_t split_fields(char *line, char **f, size_t max)
{
    size_t k = 0;
    for (char *p = line;; k++) {
        char *comma = strchr(p, ',');
        if (comma)
            *comma = '\0';
        if (k < max)
            f[k] = cwb_trim(p);
        if (!comma)
            return k + 1 > max ? max + 1 : k + 1;
        p = comma + 1;
    }
}

/* The whole of an open file, NUL-terminated; a NUL inside is refused
 * (not a text file). */
static char *read_fd(int fd, const char *path, char *msg, size_t n, int *rc)
{
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    *rc = CWB_OK;
    for (ssize_t got = 1; buf && got > 0;) {
        if (len + 1 == cap) {
            char *more = realloc(buf, cap *= 2);
            if (!more)
                free(buf);
            buf = more;
            continue;
        }
        got = read(fd, buf + len, cap - len - 1);
        if (got < 0 && errno == EINTR)
            got = 1;
        else if (got < 0)
            *rc = cwb_fail(msg, n, CWB_EFAIL, "%s: %s", path, strerror(errno));
        else
            len += (size_t)got;
    }
    if (!buf)
        *rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    if (*rc != CWB_OK) {
        free(buf);
        return NULL;
    }
    buf[len] = '\0';
    if (memchr(buf, '\0', len)) {
        free(buf);
        *rc = cwb_fail(msg, n, CWB_EINPUT, "%s: not a text file (it holds a NUL byte)", path);
        return NULL;
    }
    return buf;
}

static char *read_all(const char *path, const char *what, char *msg, size_t n, int *rc)
{
    if ((*rc = cwb_regular_file(path, what, msg, n)) != CWB_OK)
        return NULL; /* a FIFO would block open; noted as an input */
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        *rc = cwb_fail(msg, n, errno == ENOENT ? CWB_EINPUT : CWB_EFAIL, "%s: %s", path,
                       strerror(errno));
        return NULL;
    }
    char *text = read_fd(fd, path, msg, n, rc);
    close(fd);
    return text;
}

/* The table's bytes: a UTF-8 byte-order mark (EF BB BF, which spreadsheets
 * put first in a CSV they save) is skipped at the very start (*skip = 3)
 * and refused anywhere else, as is a control character other than a tab or
 * a CR ending a line: TABLE:LINE. */
static int table_bytes(const char *text, const char *path, size_t *skip, char *msg, size_t n)
{
    const unsigned char *c = (const unsigned char *)text;
    *skip = c[0] == 0xEF && c[1] == 0xBB && c[2] == 0xBF ? 3 : 0;
    size_t ln = 1;
    for (c += *skip; *c; c++) {
        if (*c == '\n')
            ln++;
        else if (c[0] == 0xEF && c[1] == 0xBB && c[2] == 0xBF)
            return cwb_fail(msg, n, CWB_EINPUT,
                            "%s:%zu: a byte-order mark (EF BB BF) inside the table: only the "
                            "file's first bytes may be one",
                            path, ln);
        else if ((*c < 0x20 && *c != '\t' && !(*c == '\r' && (c[1] == '\n' || !c[1]))) ||
                 *c == 0x7f)
            return cwb_fail(msg, n, CWB_EINPUT, "%s:%zu: control byte 0x%02X: a table is text",
                            path, ln, *c);
    }
    return CWB_OK;
}

/* A case key as a column: section.key in letters, digits, '_' and '-'. */
static int key_like(const char *col)
{
    const char *dot = strchr(col, '.');
    if (!dot || dot == col || !dot[1] || strlen(col) > 100)
        return 0;
    for (const char *c = col; *c; c++)
        if (!isalnum((unsigned char)*c) && *c != '_' && *c != '-' && *c != '.')
            return 0;
    return 1;
}

/* The columns: at most MAX_INPUTS distinct "section.key" names. */
static int check_columns(const sample_table *t, const char *path, size_t ln, char *msg, size_t n)
{
    if (t->ncol > MAX_INPUTS)
        return cwb_fail(msg, n, CWB_EINPUT, "%s:%zu: more than %d columns", path, ln, MAX_INPUTS);
    for (size_t k = 0; k < t->ncol; k++) {
        if (!key_like(t->col[k]))
            return cwb_fail(msg, n, CWB_EINPUT,
                            "%s:%zu: column '%s': expected a case key section.key", path, ln,
                            t->col[k]);
        for (size_t j = 0; j < k; j++)
            if (strcmp(t->col[j], t->col[k]) == 0)
                return cwb_fail(msg, n, CWB_EINPUT, "%s:%zu: column '%s' given twice", path, ln,
                                t->col[k]);
    }
    return CWB_OK;
}

/* The header row: distinct "section.key" names. */
static int table_header(sample_table *t, char *line, const char *path, size_t ln, char *msg,
                        size_t n)
{
    t->ncol = split_fields(line, t->col, MAX_INPUTS);
    return check_columns(t, path, ln, msg, n);
}

/* The k fields of a row: one per column, each a value of at most 100
 * bytes that a cell of the CSV could hold (no comma, no control byte). */
static int check_fields(const sample_table *t, char *const *f, size_t k, const char *path,
                        size_t ln, char *msg, size_t n)
{
    if (k != t->ncol)
        return cwb_fail(msg, n, CWB_EINPUT, "%s:%zu: %zu values for %zu columns", path, ln, k,
                        t->ncol);
    for (size_t j = 0; j < k; j++) {
        int cell = 1;
        for (const unsigned char *c = (const unsigned char *)f[j]; *c && cell; c++)
            cell = *c != ',' && (*c >= 0x20 || *c == '\t') && *c != 0x7f;
        if (!f[j][0] || strlen(f[j]) > 100 || !cell)
            return cwb_fail(msg, n, CWB_EINPUT, "%s:%zu: %s = '%s': expected a value", path, ln,
                            t->col[j], cell ? f[j] : "(a comma or a control character)");
    }
    return CWB_OK;
}

/* One data row: exactly ncol non-empty fields. */
static int table_row(sample_table *t, char *line, const char *path, size_t ln, char *msg, size_t n)
{
    char *f[MAX_INPUTS];
    size_t k = split_fields(line, f, MAX_INPUTS);
    int rc = check_fields(t, f, k, path, ln, msg, n);
    if (rc != CWB_OK)
        return rc;
    memcpy(t->field + t->nrow * t->ncol, f, k * sizeof *f);
    t->line[t->nrow++] = ln;
    return CWB_OK;
}

static int table_load(sample_table *t, const char *path, char *msg, size_t n)
{
    int rc;
    memset(t, 0, sizeof *t);
    size_t skip;
    if (!(t->text = read_all(path, "samples table", msg, n, &rc)))
        return rc;
    if ((rc = table_bytes(t->text, path, &skip, msg, n)) != CWB_OK)
        return rc;
    size_t lines = 1;
    for (const char *p = t->text; *p; p++)
        lines += *p == '\n';
    t->line = malloc(lines * sizeof *t->line);
    if (!t->line)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    char *p = t->text + skip;
    size_t ln = 0;
    for (char *next; p; p = next) {
        ln++;
        next = strchr(p, '\n');
        if (next)
            *next++ = '\0';
        char *s = cwb_trim(p);
        if (!*s || *s == '#')
            continue;
        rc = t->ncol ? table_row(t, s, path, ln, msg, n) : table_header(t, s, path, ln, msg, n);
        if (rc == CWB_OK && !t->field && !(t->field = malloc(lines * t->ncol * sizeof *t->field)))
            rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory"); /* ncol fields a row */
        if (rc != CWB_OK)
            return rc;
    }
    if (!t->ncol || !t->nrow)
        return cwb_fail(msg, n, CWB_EINPUT, "%s: no %s", path,
                        t->ncol ? "samples (only a header)" : "header row of section.key columns");
    return CWB_OK;
}

static void table_free(sample_table *t)
{
    free(t->text);
    free(t->field);
    free(t->line);
}

/* "i/N" with 0 <= i < N. */
static int parse_shard(const char *text, size_t *i, size_t *nn, char *msg, size_t n)
{
    *i = 0;
    *nn = 1;
    if (!text)
        return CWB_OK;
    char *end;
    errno = 0;
    unsigned long a = isdigit((unsigned char)text[0]) ? strtoul(text, &end, 10) : ULONG_MAX;
    if (a == ULONG_MAX || *end != '/' || !isdigit((unsigned char)end[1]))
        goto bad;
    unsigned long b = strtoul(end + 1, &end, 10);
    if (*end || errno || b < 1 || b > 1000000 || a >= b)
        goto bad;
    *i = a;
    *nn = b;
    return CWB_OK;
bad:
    return cwb_fail(msg, n, CWB_EINPUT,
                    "--shard %s: expected i/N with integers 0 <= i < N <= 1000000 (rows i, "
                    "i+N, ... of the table)",
                    text);
}

/* The overrides of table row r after the request's --set ones. */
static size_t row_overrides(const batch *b, size_t r, char (*buf)[256], const char **over)
{
    size_t k = 0;
    for (; k < b->req.nsets; k++)
        over[k] = b->req.sets[k];
    for (size_t j = 0; j < b->t.ncol; j++, k++) {
        snprintf(buf[j], sizeof buf[j], "%s=%s", b->t.col[j], b->t.field[r * b->t.ncol + j]);
        over[k] = buf[j];
    }
    return k;
}

static int is_column(const sample_table *t, const char *key)
{
    for (size_t j = 0; j < t->ncol; j++)
        if (strcmp(t->col[j], key) == 0)
            return 1;
    return 0;
}

/* Whether the loader's message why names a --set key ("--set KEY=VALUE: ..."
 * or "--set KEY: ...") that is not a column of the table: one the user gave
 * on the command line, so the row's line is not where the error is. */
static int names_a_command_line_key(const sample_table *t, const char *why)
{
    char key[128];
    if (strncmp(why, "--set ", 6) != 0)
        return 0;
    size_t len = strcspn(why + 6, "=:");
    if (len >= sizeof key)
        return 0;
    memcpy(key, why + 6, len);
    key[len] = '\0';
    return !is_column(t, key);
}

/* Load table row r's case into slot; a bad value is "TABLE:LINE: ...".
 * Once the slot holds a loaded sample, the sampler sets only the row's
 * values; a row it refuses is loaded in full, for the loader's message. */
static int load_row(const batch *b, size_t r, case_slot *slot, char *msg, size_t n)
{
    char buf[MAX_INPUTS][256], why[CWB_MSG];
    cwb_case *c = slot->c;
    if (slot->loaded && b->sampler &&
        cwb_case_sampler_apply(b->sampler, c, (const char *const *)&b->t.field[r * b->t.ncol], why,
                               sizeof why) == CWB_OK)
        return CWB_OK;
    slot->loaded = 0;
    const char **over = malloc((b->req.nsets + MAX_INPUTS) * sizeof *over);
    if (!over)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    size_t k = row_overrides(b, r, buf, over);
    int rc = cwb_case_load(c, b->req.path, over, k, why, sizeof why);
    free(over);
    slot->loaded = rc == CWB_OK;
    /* the loader names a value "--set KEY=VALUE: ..."; here it is a cell
     * (why is only written when the load fails) */
    const char *set = rc == CWB_EINPUT && strncmp(why, "--set ", 6) == 0 ? strstr(why, ": ") : NULL;
    if (rc == CWB_EINPUT && names_a_command_line_key(&b->t, why))
        return cwb_fail(msg, n, rc, "%s (loading the sample of %s:%zu)", why, b->req.samples,
                        b->t.line[r]);
    if (rc == CWB_EINPUT && set)
        return cwb_fail(msg, n, rc, "%s:%zu: %.*s: %s", b->req.samples, b->t.line[r],
                        (int)(set - why - 6), why + 6, set + 2);
    if (rc == CWB_EINPUT)
        return cwb_fail(msg, n, rc, "%s:%zu: %s", b->req.samples, b->t.line[r], why);
    if (rc != CWB_OK)
        return cwb_fail(msg, n, rc, "%s", why);
    return CWB_OK;
}

/* The results the batch writes, as the want of the driver of the case
 * loaded in slot (every scalar if the driver publishes no table). */
static const cwb_result_want *asked_results(const batch *b, case_slot *slot)
{
    if (slot->want_of != slot->c->driver) {
        const char *names[CWB_MAX_SCALARS];
        for (size_t q = 0; q < b->nres; q++)
            names[q] = b->res_name[q];
        cwb_result_want_names(slot->c->driver, names, b->nres, 0, &slot->want);
        slot->want_of = slot->c->driver;
    }
    return &slot->want;
}

/* Run table row r into rec (the asked results, NaN where undefined); r's
 * full result into all when given (the header comes from sample 0). */
static void run_row(const batch *b, size_t r, case_slot *slot, record *rec, cwb_result *all)
{
    rec->sample = r;
    rec->msg[0] = '\0';
    cwb_result res;
    rec->status = slot->c ? load_row(b, r, slot, rec->msg, sizeof rec->msg)
                          : cwb_fail(rec->msg, sizeof rec->msg, CWB_EFAIL, "out of memory");
    if (rec->status != CWB_OK) /* else the run initialises it */
        cwb_result_init(&res);
    else if (all) /* every scalar, with the values the wanted path gives them */
        rec->status = cwb_run_case_scalars(slot->c, &res, rec->msg, sizeof rec->msg);
    else
        rec->status =
            cwb_run_case_wanted(slot->c, asked_results(b, slot), &res, rec->msg, sizeof rec->msg);
    for (size_t q = 0; q < b->nres; q++)
        rec->value[q] = cwb_result_get(&res, b->res_name[q]);
    if (all && rec->status == CWB_OK)
        *all = res;
    else
        cwb_result_free(&res);
}

/* ---- the case's fingerprint ----
 *
 * A batch output records the case it was written for: every parameter of
 * the sections a run reads ([contact], the four laws' sections, [body1],
 * [body2], [driver], [output]) after the case file, its defaults and the
 * --set overrides, as "section.key = value" lines sorted on the key, and
 * their 64-bit FNV-1a hash (Fowler, Noll & Vo), a checksum that tells at a
 * glance whether two lists are the same, not a defence against forgery. A
 * resume whose list hashes otherwise is refused, naming the first key that
 * differs. The table's columns are left out: they vary by row, and every
 * row's inputs are checked against the table. The case is that of the
 * table's first row, the same for every shard; where the table names a law
 * (a column contact.tangential), the laws' parameters listed are those of
 * that row's laws. */

static void params_free(param_list *pl)
{
    for (size_t i = 0; i < pl->n; i++)
        free(pl->line[i]);
    free(pl->line);
    *pl = (param_list){0};
}

static int params_add(param_list *pl, const char *key, const char *value)
{
    if (pl->n == pl->cap) {
        char **more = realloc(pl->line, (pl->cap = pl->cap ? 2 * pl->cap : 64) * sizeof *more);
        if (!more)
            return CWB_EFAIL;
        pl->line = more;
    }
    size_t len = strlen(key) + strlen(value) + 4;
    if (!(pl->line[pl->n] = malloc(len)))
        return CWB_EFAIL;
    snprintf(pl->line[pl->n++], len, "%s = %s", key, value);
    return CWB_OK;
}

/* One value as text: numbers in the fewest digits that read back the same
 * double, choices as their word, lists comma-separated, texts with their
 * control bytes and backslashes as \xHH (one line each, exactly). */
static void value_text(const cwb_values *v, int i, char *buf, size_t n)
{
    const cwb_param *p = &v->table[i];
    size_t u = 0;
    buf[0] = '\0';
    if (p->kind == CWB_PARAM_REAL)
        cwb_format_shortest(v->p[i], buf, n);
    else if (p->kind == CWB_PARAM_CHOICE)
        snprintf(buf, n, "%s", p->choices[(int)v->p[i]]);
    else if (p->kind == CWB_PARAM_LIST)
        for (size_t k = 0; k < v->list[i].n && u < n; k++) {
            char num[40];
            cwb_format_shortest(v->list[i].v[k], num, sizeof num);
            u += (size_t)snprintf(buf + u, n - u, "%s%s", k ? "," : "", num);
        }
    else
        for (const unsigned char *c = (const unsigned char *)v->text[i]; *c && u + 5 < n; c++)
            u += (size_t)(*c < 0x20 || *c == 0x7f || *c == '\\'
                              ? snprintf(buf + u, n - u, "\\x%02X", *c)
                              : snprintf(buf + u, n - u, "%c", *c));
}

/* Every key of one section's table, but the table's columns. */
static int params_of(param_list *pl, const sample_table *t, const char *section,
                     const cwb_values *v)
{
    char key[160], value[8192];
    for (int i = 0; v->table && v->table[i].name; i++) {
        snprintf(key, sizeof key, "%s.%s", section, v->table[i].name);
        value_text(v, i, value, sizeof value);
        if (!is_column(t, key) && params_add(pl, key, value) != CWB_OK)
            return CWB_EFAIL;
    }
    return CWB_OK;
}

static int by_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int case_params(const cwb_case *c, const sample_table *t, param_list *pl)
{
    int rc = CWB_OK;
    char key[64];
    for (int k = 0; rc == CWB_OK && k < CWB_KIND_COUNT; k++) {
        snprintf(key, sizeof key, "contact.%s", cwb_kind_name((cwb_kind)k));
        if (!is_column(t, key))
            rc = params_add(pl, key, c->law[k]->name);
        if (rc == CWB_OK)
            rc = params_of(pl, t, cwb_kind_name((cwb_kind)k), &c->law_values[k]);
    }
    if (rc == CWB_OK && !is_column(t, "driver.type"))
        rc = params_add(pl, "driver.type", c->driver->name);
    const char *sec[] = {"body1", "body2", "driver", "output"};
    const cwb_values *val[] = {&c->body_values[0], &c->body_values[1], &c->driver_values,
                               &c->output_values};
    for (size_t i = 0; rc == CWB_OK && i < sizeof sec / sizeof *sec; i++)
        rc = params_of(pl, t, sec[i], val[i]);
    if (rc == CWB_OK) /* keys are letters, digits, '_' and '.', all above " = " */
        qsort(pl->line, pl->n, sizeof *pl->line, by_text);
    return rc;
}

static unsigned long long params_hash(char *const *line, size_t n)
{
    unsigned long long h = 0xcbf29ce484222325ULL; /* FNV-1a 64: offset basis, prime */
    for (size_t i = 0; i < n; i++)
        for (const char *c = line[i];; c++) {
            h = (h ^ (unsigned char)(*c ? *c : '\n')) * 0x100000001b3ULL;
            if (!*c)
                break;
        }
    return h;
}

/* The --set overrides as a run's CSV records them: "section.key = value
 * [unit] (--set)", the value as the case read it (the fingerprint's
 * "# param" lines do not say which values came from the command line). */
static int set_lines(const batch *b, const cwb_case *c, param_list *pl)
{
    for (size_t k = 0; k < b->req.nsets; k++) {
        char key[160], value[4096];
        snprintf(key, sizeof key, "%.*s", (int)strcspn(b->req.sets[k], "="), b->req.sets[k]);
        int i;
        const cwb_values *v = cwb_case_key(c, cwb_trim(key), &i);
        if (v)
            cwb_param_format(v, i, value, sizeof value);
        else /* [contact] a law, [output] or [sweep]: as given */
            snprintf(value, sizeof value, "%s", strchr(b->req.sets[k], '=') + 1);
        strncat(value, " (--set)", sizeof value - strlen(value) - 1);
        if (params_add(pl, key, value) != CWB_OK)
            return CWB_EFAIL;
    }
    return CWB_OK;
}

/* The case of the table's first row (the --set overrides, then its
 * values), listed and hashed. */
static int fingerprint_case(batch *b, char *msg, size_t n)
{
    case_slot slot = {.c = cwb_case_new()};
    int rc = slot.c ? load_row(b, 0, &slot, msg, n) : cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    if (rc == CWB_OK && (case_params(slot.c, &b->t, &b->params) != CWB_OK ||
                         set_lines(b, slot.c, &b->sets) != CWB_OK))
        rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    free(slot.c);
    b->fingerprint = params_hash(b->params.line, b->params.n);
    return rc;
}

static void write_fingerprint_lines(FILE *f, unsigned long long fp, char *const *line, size_t n)
{
    fprintf(f,
            "# case fingerprint: fnv1a64 %016llx of the %zu parameters below (the case after "
            "--set; the table's columns are given by row)\n",
            fp, n);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "# param %s\n", line[i]);
}

static int key_order(const char *a, const char *b)
{
    const char *ea = strstr(a, " = "), *eb = strstr(b, " = ");
    size_t la = ea ? (size_t)(ea - a) : strlen(a), lb = eb ? (size_t)(eb - b) : strlen(b);
    int c = memcmp(a, b, la < lb ? la : lb);
    return c ? c : (la > lb) - (la < lb);
}

static const char *value_of(const char *line)
{
    const char *eq = strstr(line, " = ");
    return eq ? eq + 3 : "";
}

/* The first key whose line differs between two sorted lists, as
 * "KEY = A WHERE_A, B WHERE_B" (a key one list lacks: "absent"); 0 when
 * none does. */
static int first_difference(char *const *a, size_t na, const char *where_a, char *const *b,
                            size_t nb, const char *where_b, char *why, size_t n)
{
    for (size_t i = 0, j = 0; i < na || j < nb; i++, j++) {
        int order = i == na ? 1 : j == nb ? -1 : key_order(a[i], b[j]);
        if (order == 0 && strcmp(a[i], b[j]) == 0)
            continue;
        const char *line = order <= 0 ? a[i] : b[j], *eq = strstr(line, " = ");
        snprintf(why, n, "%.*s = %s %s, %s %s", eq ? (int)(eq - line) : (int)strlen(line), line,
                 order <= 0 ? value_of(a[i]) : "absent", where_a,
                 order >= 0 ? value_of(b[j]) : "absent", where_b);
        return 1;
    }
    return 0;
}

/* --results names each result once and no name empty: `contact_time,
 * contact_time` wrote a column twice (and a JSON object with a key twice),
 * '' a table of no result, and `a,,b` dropped the empty name unsaid. */
static int results_named_once(const char *results, char *msg, size_t n)
{
    char list[2048], *name[CWB_MAX_SCALARS + 1];
    snprintf(list, sizeof list, "%s", results);
    size_t count = 0;
    for (char *p = list, *comma;; p = comma + 1) {
        comma = strchr(p, ',');
        if (comma)
            *comma = '\0';
        p = cwb_trim(p);
        if (!*p)
            return cwb_fail(msg, n, CWB_EINPUT,
                            "--results %s: an empty name (give result names separated by "
                            "commas; see `cwb run CASE --json`)",
                            results);
        for (size_t i = 0; i < count; i++)
            if (strcmp(name[i], p) == 0)
                return cwb_fail(msg, n, CWB_EINPUT, "--results %s: '%s' named twice", results, p);
        if (count <= CWB_MAX_SCALARS)
            name[count++] = p;
        if (!comma)
            return CWB_OK;
    }
}

/* The samples tried, in the table's order, for one that runs and so shows
 * the results' names and units: a table whose first rows fail (a step that
 * cannot meet its dt_tol) still runs, those rows written as failed. */
#define LEARN_TRIES 64

/* Result columns: --results, or every scalar the first sample that runs
 * reports (sample 0 unless it fails). */
static int choose_results(batch *b, char *msg, size_t n)
{
    if (b->req.results) {
        int named = results_named_once(b->req.results, msg, n);
        if (named != CWB_OK)
            return named;
    }
    record rec;
    cwb_result *all = calloc(1, sizeof *all);
    if (!all)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    cwb_result_init(all);
    b->nres = 0;
    /* the process's one case (0.7 MB, whose zeroing cost more than the
     * run), which the samples then reuse (run_sample) */
    if (!b->slot.c)
        b->slot = (case_slot){.c = cwb_case_new()};
    size_t learn = 0;
    char first_failure[sizeof rec.msg] = "";
    for (;; learn++) {
        run_row(b, learn, &b->slot, &rec, all);
        if (rec.status == CWB_OK || rec.status == CWB_EINPUT || learn + 1 >= b->t.nrow ||
            learn + 1 >= LEARN_TRIES)
            break;
        if (!first_failure[0])
            snprintf(first_failure, sizeof first_failure, "%s", rec.msg);
        cwb_result_free(all);
        cwb_result_init(all);
    }
    int rc = rec.status;
    if (rc == CWB_EINPUT)
        rc = cwb_fail(msg, n, rc, "sample %zu (%s:%zu), run to learn the results: %s", learn,
                      b->req.samples, b->t.line[learn], rec.msg);
    else if (rc != CWB_OK)
        rc = cwb_fail(msg, n, rc,
                      "the first %zu sample%s failed, run to learn the results: sample 0 (%s:%zu): "
                      "%s",
                      learn + 1, learn ? "s" : "", b->req.samples, b->t.line[0],
                      first_failure[0] ? first_failure : rec.msg);
    char list[2048], *save = NULL;
    snprintf(list, sizeof list, "%s", b->req.results ? b->req.results : "");
    for (char *p = strtok_r(list, ",", &save); rc == CWB_OK && p; p = strtok_r(NULL, ",", &save)) {
        p = cwb_trim(p);
        size_t q = 0;
        while (q < all->nscalar && strcmp(all->scalar[q].name, p) != 0)
            q++;
        if (q == all->nscalar)
            rc = cwb_fail(msg, n, CWB_EINPUT,
                          "--results %s: '%s' is not a result of this case (see `cwb run "
                          "CASE --json`)",
                          b->req.results, p);
        else if (b->nres < CWB_MAX_SCALARS) {
            snprintf(b->res_name[b->nres], CWB_NAME, "%s", all->scalar[q].name);
            snprintf(b->res_unit[b->nres++], 16, "%s", all->scalar[q].unit);
        }
    }
    for (size_t q = 0; rc == CWB_OK && !b->req.results && q < all->nscalar; q++) {
        snprintf(b->res_name[b->nres], CWB_NAME, "%s", all->scalar[q].name);
        snprintf(b->res_unit[b->nres++], 16, "%s", all->scalar[q].unit);
    }
    for (size_t q = 0; rc == CWB_OK && q < b->nres; q++)
        rec.value[q] = cwb_result_get(all, b->res_name[q]);
    b->first = rec;
    b->have_first = rc == CWB_OK && learn == 0; /* sample 0's row, run once */
    cwb_result_free(all);
    free(all);
    return rc;
}

/* The header row: sample, the inputs, results with units, status. */
static void make_header(batch *b)
{
    size_t u = (size_t)snprintf(b->header, sizeof b->header, "sample");
    for (size_t j = 0; j < b->t.ncol && u < sizeof b->header; j++)
        u += (size_t)snprintf(b->header + u, sizeof b->header - u, ",%s", b->t.col[j]);
    for (size_t q = 0; q < b->nres && u < sizeof b->header; q++)
        u += (size_t)snprintf(b->header + u, sizeof b->header - u, ",%s[%s]", b->res_name[q],
                              b->res_unit[q][0] ? b->res_unit[q] : "-");
    if (u < sizeof b->header)
        snprintf(b->header + u, sizeof b->header - u, ",status");
}

/* Result names and units back from an existing header (resume). */
static int results_from_header(batch *b, char *hdr, char *msg, size_t n)
{
    char *f[CWB_MAX_SCALARS + MAX_INPUTS + 2];
    size_t max = sizeof f / sizeof *f;
    size_t k = split_fields(hdr, f, max);
    int ok = k <= max && k >= b->t.ncol + 2 && strcmp(f[0], "sample") == 0 &&
             strcmp(f[k - 1], "status") == 0;
    for (size_t j = 0; ok && j < b->t.ncol; j++)
        ok = strcmp(f[j + 1], b->t.col[j]) == 0;
    b->nres = 0;
    for (size_t j = b->t.ncol + 1; ok && j + 1 < k; j++) {
        ok = cwb_csv_cell(f[j], b->res_name[b->nres], sizeof b->res_name[0], b->res_unit[b->nres],
                          sizeof b->res_unit[0]) == 1;
        if (ok) {
            if (strcmp(b->res_unit[b->nres], "-") == 0)
                b->res_unit[b->nres][0] = '\0';
            b->nres++;
        }
    }
    if (!ok)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s exists but is not a batch of this table (its header differs): "
                        "remove it or give another --out",
                        b->out);
    return CWB_OK;
}

/* One output row (a failed sample's message as a '#' line above it). */
static size_t format_row(const batch *b, const record *rec, char *buf, size_t cap)
{
    size_t u = 0;
    if (rec->status != CWB_OK) {
        u += (size_t)snprintf(buf, cap, "# sample %zu failed: ", rec->sample);
        for (const char *p = rec->msg; *p && u + 2 < cap; p++)
            buf[u++] = *p == '\n' || *p == '\r' ? ' ' : *p;
        buf[u++] = '\n';
    }
    u += (size_t)snprintf(buf + u, cap - u, "%zu", rec->sample);
    for (size_t j = 0; j < b->t.ncol && u < cap; j++) { /* ",%s" */
        const char *f = b->t.field[rec->sample * b->t.ncol + j];
        size_t len = strlen(f);
        if (u + 1 + len >= cap)
            return 0;
        buf[u++] = ',';
        memcpy(buf + u, f, len + 1);
        u += len;
    }
    for (size_t q = 0; q < b->nres && u < cap; q++) {
        char num[40];
        cwb_number_text(rec->status == CWB_OK ? rec->value[q] : NAN, "", num, sizeof num);
        u += (size_t)snprintf(buf + u, cap - u, ",%s", num);
    }
    if (u < cap)
        u += (size_t)snprintf(buf + u, cap - u, ",%s\n", rec->status == CWB_OK ? "ok" : "failed");
    return u < cap ? u : 0;
}

/* The rows waiting, appended with a single write(): a kill leaves them
 * whole, or the last one torn without its newline, which the next run
 * cuts off. */
static int flush_rows(batch *b, char *msg, size_t n)
{
    for (size_t off = 0; off < b->out_len;) {
        ssize_t w = write(b->fd, b->out_buf + off, b->out_len - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return cwb_fail(msg, n, CWB_EFAIL, "cannot write %s: %s", b->out,
                            w < 0 ? strerror(errno) : "no space");
        off += (size_t)w;
    }
    b->out_len = 0;
    b->flushed_at = seconds_now();
    return CWB_OK;
}

/* Append one row: whole rows wait in out_buf and go to the file at least
 * every FLUSH_SECONDS, when the buffer is full and when the batch ends or
 * stops. */
static int append_row(batch *b, const record *rec, char *msg, size_t n)
{
    int rc;
    if (b->out_len + ROW_MAX > sizeof b->out_buf && (rc = flush_rows(b, msg, n)) != CWB_OK)
        return rc;
    size_t len = format_row(b, rec, b->out_buf + b->out_len, ROW_MAX);
    if (!len)
        return cwb_fail(msg, n, CWB_EFAIL, "%s: row of sample %zu too long", b->out, rec->sample);
    b->out_len += len;
    b->written++;
    b->failed += rec->status != CWB_OK;
    return seconds_now() - b->flushed_at >= FLUSH_SECONDS ? flush_rows(b, msg, n) : CWB_OK;
}

/* "batch: done/total" on the terminal, at most every PROGRESS_SECONDS. */
static void progress(batch *b, size_t done, size_t total)
{
    double t = seconds_now();
    if (done < total && t - b->progress_at < PROGRESS_SECONDS)
        return;
    b->progress_at = t;
    cwb_logf(b->log, CWB_LOG_PROGRESS, "batch: %zu/%zu", done, total);
}

/* A row of an existing output: the sample it holds, checked against the
 * table; marks it done. */
static int resume_row(batch *b, char *line, size_t ln, char *msg, size_t n)
{
    char *f[CWB_MAX_SCALARS + MAX_INPUTS + 2];
    size_t max = sizeof f / sizeof *f, want = b->t.ncol + b->nres + 2;
    size_t k = split_fields(line, f, max);
    char *end;
    unsigned long s = k == want && isdigit((unsigned char)f[0][0]) ? strtoul(f[0], &end, 10) : 0;
    int ok = k == want && isdigit((unsigned char)f[0][0]) && !*end && s < b->t.nrow &&
             s % b->nshards == b->shard &&
             (strcmp(f[k - 1], "ok") == 0 || strcmp(f[k - 1], "failed") == 0);
    for (size_t j = 0; ok && j < b->t.ncol; j++)
        ok = strcmp(f[j + 1], b->t.field[s * b->t.ncol + j]) == 0;
    if (!ok)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s:%zu: not a row of this table and shard (inputs differ, or a sample "
                        "outside the shard): remove the file or give another --out",
                        b->out, ln);
    b->skipped += !b->done[s];
    b->skipped_failed += !b->done[s] && strcmp(f[k - 1], "failed") == 0;
    b->done[s] = 1;
    return CWB_OK;
}

/* The header row of an existing output: the table's inputs, results
 * (which this run then writes) with units, as cwb writes it. */
static int resume_header(batch *b, char *line, char *msg, size_t n)
{
    char want[sizeof b->header];
    snprintf(want, sizeof want, "%s", line);
    int rc = results_from_header(b, line, msg, n);
    if (rc != CWB_OK)
        return rc;
    make_header(b);
    if (strcmp(want, b->header) != 0)
        return cwb_fail(msg, n, CWB_EINPUT, "%s: its header is not one cwb batch writes", b->out);
    return CWB_OK;
}

/* What a batch file's '#' lines before its header say of its case: the
 * fingerprint and the parameter lines (pointing into the file's text). */
typedef struct {
    int have;
    unsigned long long fingerprint;
    char **line;
    size_t n, cap;
    size_t samples; /* the table's size its "# cwb batch:" line records (0: none) */
} recorded;

static void batch_origin(const char *line, char *origin, size_t on, size_t *nsamples);

static int record_line(recorded *r, char *p)
{
    char origin[CWB_TEXT];
    batch_origin(p, origin, sizeof origin, &r->samples);
    if (sscanf(p, "# case fingerprint: fnv1a64 %16llx", &r->fingerprint) == 1) {
        r->have = 1;
        return CWB_OK;
    }
    if (strncmp(p, "# param ", 8) != 0)
        return CWB_OK;
    if (r->n == r->cap) {
        char **more = realloc(r->line, (r->cap = r->cap ? 2 * r->cap : 64) * sizeof *more);
        if (!more)
            return CWB_EFAIL;
        r->line = more;
    }
    r->line[r->n++] = p + 8;
    return CWB_OK;
}

/* The case now must be the one the file was written for: refused with the
 * first parameter that differs. */
static int same_case(const batch *b, const recorded *rec, char *msg, size_t n)
{
    char where[sizeof b->out + 8], why[CWB_MSG];
    if (!rec->have)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s has no case fingerprint (an older cwb wrote it): its rows cannot be "
                        "checked against this case; give another --out, or remove it to start "
                        "over",
                        b->out);
    if (rec->fingerprint == b->fingerprint)
        return CWB_OK;
    snprintf(where, sizeof where, "in %s", b->out);
    if (!first_difference(b->params.line, b->params.n, "now", rec->line, rec->n, where, why,
                          sizeof why))
        snprintf(why, sizeof why, "its parameter lines were edited");
    return cwb_fail(msg, n, CWB_EINPUT,
                    "%s was written for another case: %s (the first parameter that differs; "
                    "fingerprint %016llx now, %016llx in the file): give another --out, or "
                    "remove %s to start over",
                    b->out, why, b->fingerprint, rec->fingerprint, b->out);
}

/* A resume continues the table the file was written for: one that grew or
 * shrank since would leave rows past the size its header records, which
 * --merge then cannot place. */
static int same_table_size(const batch *b, const recorded *rec, char *msg, size_t n)
{
    if (!rec->samples || rec->samples == b->t.nrow)
        return CWB_OK;
    return cwb_fail(msg, n, CWB_EINPUT,
                    "%s was written for a table of %zu samples; %s has %zu now: a resume "
                    "continues the same table (give another --out, or remove %s to start over)",
                    b->out, rec->samples, b->req.samples, b->t.nrow, b->out);
}

/* A torn last line is what a kill inside write() leaves of a row, of a
 * failed sample's note or of a resume's record: digits first, or the start
 * of "# sample " or "# resumed ". */
static int torn_row(const char *line)
{
    size_t len = strlen(line);
    return isdigit((unsigned char)line[0]) || strncmp(line, "# sample ", len < 9 ? len : 9) == 0 ||
           strncmp(line, "# resumed ", len < 10 ? len : 10) == 0;
}

/* An existing output, checked whole in memory before anything is changed:
 * its header, then every row against the table. *keep: the length of its
 * whole lines; *torn: a torn last line follows them, for the caller to cut
 * once everything is checked. */
static int resume(batch *b, char *text, size_t *keep, int *torn, char *msg, size_t n)
{
    char *last = strrchr(text, '\n');
    *keep = last ? (size_t)(last - text) + 1 : 0;
    *torn = text[*keep] != '\0';
    if (*torn && !torn_row(text + *keep))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: its last line is no row of a batch: not a batch file of this "
                        "table; give another --out",
                        b->out);
    text[*keep] = '\0';
    recorded rec = {0};
    int have_header = 0, rc = CWB_OK;
    size_t ln = 0;
    for (char *p = text, *next; rc == CWB_OK && p && *p; p = next) {
        ln++;
        next = strchr(p, '\n');
        if (next)
            *next++ = '\0';
        if (*p == '#') { /* kept whole: a value may end in a space */
            if (!have_header && record_line(&rec, p) != CWB_OK)
                rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
            continue;
        }
        char *s = cwb_trim(p);
        if (!*s || *s == '#')
            continue;
        if (have_header++)
            rc = resume_row(b, s, ln, msg, n);
        else if ((rc = resume_header(b, s, msg, n)) == CWB_OK &&
                 (rc = same_case(b, &rec, msg, n)) == CWB_OK)
            rc = same_table_size(b, &rec, msg, n);
    }
    if (rc == CWB_OK && !have_header)
        rc = cwb_fail(msg, n, CWB_EINPUT, "%s exists without a header row: remove it", b->out);
    free(rec.line);
    return rc;
}

/* --results, when given on a resumed run, must name the file's results. */
static int same_results(const batch *b, char *msg, size_t n)
{
    if (!b->req.results)
        return CWB_OK;
    char list[2048], *save = NULL;
    snprintf(list, sizeof list, "%s", b->req.results);
    size_t q = 0;
    int ok = 1;
    for (char *p = strtok_r(list, ",", &save); ok && p; p = strtok_r(NULL, ",", &save), q++)
        ok = q < b->nres && strcmp(cwb_trim(p), b->res_name[q]) == 0;
    if (ok && q == b->nres)
        return CWB_OK;
    return cwb_fail(msg, n, CWB_EINPUT,
                    "--results %s: %s holds other results: remove it or give "
                    "another --out",
                    b->req.results, b->out);
}

/* What lstat says --out is: absent (*absent), a regular file, or refused
 * (exit 2): a symbolic link (its target is some other file, which a batch
 * never writes through) or not a regular file. */
static int output_kind(const batch *b, struct stat *st, int *absent, char *msg, size_t n)
{
    *absent = 0;
    if (lstat(b->out, st) != 0) {
        *absent = errno == ENOENT;
        return *absent ? CWB_OK : cwb_fail(msg, n, CWB_EFAIL, "%s: %s", b->out, strerror(errno));
    }
    if (S_ISLNK(st->st_mode))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s is a symbolic link: cwb batch writes only a regular file of its "
                        "own (give the file's own path, or another --out)",
                        b->out);
    if (!S_ISREG(st->st_mode))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s is not a regular file (a folder, a device or a pipe): give another "
                        "--out",
                        b->out);
    return CWB_OK;
}

/* An exclusive lock on the output, held until the batch closes it: a
 * second batch on the same file is refused (exit 2: nothing is run or
 * written; wait for the first, or give another --out) instead of appending
 * the same samples again. flock(2), not fcntl's record locks: those belong
 * to the process and any close() of the file in it drops them; a flock
 * belongs to the open file description, which forked workers share and
 * which ends with the batch, however it ends. */
static int lock_output(const batch *b, int fd, char *msg, size_t n)
{
    if (flock(fd, LOCK_EX | LOCK_NB) == 0)
        return CWB_OK;
    if (errno == EWOULDBLOCK || errno == EAGAIN)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s is being written by another cwb batch (it holds a lock on the "
                        "file): wait for that one to end, or give another --out",
                        b->out);
    int unsupported = errno == ENOSYS || errno == EOPNOTSUPP || errno == ENOLCK;
    return cwb_fail(msg, n, CWB_EFAIL,
                    "cannot lock %s: %s (a batch writes only a file it holds alone%s)", b->out,
                    strerror(errno),
                    unsupported ? "; this filesystem offers no flock, as Lustre mounted without "
                                  "flock or localflock: write the output to one that does"
                                : "");
}

/* An existing output: opened without following a link or blocking on a
 * pipe, checked to be the file lstat saw, locked, read and checked whole
 * in memory (resume); only then is a torn last line cut. */
static int open_existing(batch *b, const struct stat *seen, char *msg, size_t n)
{
    b->fd = open(b->out, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (b->fd < 0)
        return cwb_fail(msg, n, errno == ELOOP ? CWB_EINPUT : CWB_EFAIL, "cannot open %s: %s",
                        b->out, strerror(errno));
    struct stat st;
    if (fstat(b->fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_ino != seen->st_ino ||
        st.st_dev != seen->st_dev)
        return cwb_fail(msg, n, CWB_EINPUT, "%s was replaced while it was opened: run again",
                        b->out);
    int rc = lock_output(b, b->fd, msg, n), torn;
    struct stat now; /* locked: the name must still be this file, not one renamed over it */
    if (rc == CWB_OK &&
        (lstat(b->out, &now) != 0 || now.st_ino != st.st_ino || now.st_dev != st.st_dev))
        rc = cwb_fail(msg, n, CWB_EINPUT, "%s was replaced while it was opened: run again", b->out);
    size_t keep;
    char *text = rc == CWB_OK ? read_fd(b->fd, b->out, msg, n, &rc) : NULL;
    if (!text)
        return rc;
    rc = resume(b, text, &keep, &torn, msg, n);
    free(text);
    if (rc == CWB_OK)
        rc = same_results(b, msg, n);
    if (rc == CWB_OK && torn && ftruncate(b->fd, (off_t)keep) != 0)
        rc = cwb_fail(msg, n, CWB_EFAIL, "%s: cannot cut its torn last row: %s", b->out,
                      strerror(errno));
    return rc;
}

/* A new output: its header written under a temporary name, locked, and
 * given its name only if no file has it (*exists: another batch made it in
 * the meantime), so it exists only with a whole header and is never
 * anyone's but this batch's while it runs. */
static int create_output(batch *b, int *exists, char *msg, size_t n)
{
    int rc = choose_results(b, msg, n);
    if (rc != CWB_OK)
        return rc;
    make_header(b);
    cwb_output o;
    if ((rc = cwb_output_open(&o, b->out, msg, n)) != CWB_OK)
        return rc;
    cwb_record rec = {.command = b->req.command};
    cwb_write_record(o.f, &rec);
    fprintf(o.f, "# cwb batch: case %s, samples %s (%zu), shard %zu/%zu\n", b->req.path,
            b->req.samples, b->t.nrow, b->shard, b->nshards);
    for (size_t k = 0; k < b->sets.n; k++)
        fprintf(o.f, "# %s\n", b->sets.line[k]);
    write_fingerprint_lines(o.f, b->fingerprint, b->params.line, b->params.n);
    fprintf(o.f, "%s\n", b->header);
    if ((rc = lock_output(b, fileno(o.f), msg, n)) != CWB_OK) {
        cwb_output_abort(&o);
        return rc;
    }
    return cwb_output_publish_new(&o, &b->fd, exists, msg, n);
}

/* The output, resumed when it exists, else created; open to append. A
 * file that is not this table's batch is never modified. */
static int open_output(batch *b, char *msg, size_t n)
{
    struct stat st;
    int absent, exists = 1, rc = CWB_OK;
    for (int look = 0; rc == CWB_OK && exists && look < 2; look++) { /* twice: a race lost */
        exists = 0;
        if ((rc = output_kind(b, &st, &absent, msg, n)) != CWB_OK)
            break;
        if (!absent)
            b->resumed = (rc = open_existing(b, &st, msg, n)) == CWB_OK;
        else
            rc = create_output(b, &exists, msg, n);
    }
    if (rc == CWB_OK && b->fd < 0)
        rc = cwb_fail(msg, n, CWB_EFAIL, "%s: made and removed again by others: run again", b->out);
    if (rc != CWB_OK)
        return rc;
    int flags = fcntl(b->fd, F_GETFL);
    if (flags < 0 || fcntl(b->fd, F_SETFL, (flags | O_APPEND) & ~O_NONBLOCK) != 0)
        return cwb_fail(msg, n, CWB_EFAIL, "cannot write %s: %s", b->out, strerror(errno));
    b->flushed_at = seconds_now();
    return CWB_OK;
}

/* Every value of the shard through the case loader before anything runs
 * or is written: a bad table stops with TABLE:LINE and status 2. The
 * shard's first row is loaded in full; the sampler made from it checks the
 * others (the same checks, without reading the file again). */
static int validate(batch *b, char *msg, size_t n)
{
    case_slot slot = {.c = cwb_case_new()};
    int rc = slot.c ? CWB_OK : cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    if (rc == CWB_OK && b->shard < b->t.nrow &&
        (rc = load_row(b, b->shard, &slot, msg, n)) == CWB_OK) {
        char buf[MAX_INPUTS][256];
        const char **over = malloc((b->req.nsets + MAX_INPUTS) * sizeof *over);
        if (over)
            b->sampler = cwb_case_sampler_new(slot.c, over, row_overrides(b, b->shard, buf, over),
                                              b->t.ncol);
        free(over);
        for (size_t j = 0; j < b->t.ncol; j++) { /* the units --json gives the inputs */
            int i;
            const cwb_values *v = cwb_case_key(slot.c, b->t.col[j], &i);
            if (v && v->table[i].kind == CWB_PARAM_REAL)
                snprintf(b->in_unit[j], sizeof b->in_unit[j], "%s", v->table[i].unit);
        }
    }
    for (size_t r = b->shard + b->nshards; rc == CWB_OK && r < b->t.nrow; r += b->nshards)
        rc = load_row(b, r, &slot, msg, n);
    free(slot.c);
    return rc;
}

/* The shard's samples not yet written, in table order. */
static int plan(batch *b, char *msg, size_t n)
{
    b->todo = malloc(b->t.nrow * sizeof *b->todo);
    if (!b->todo)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    for (size_t r = b->shard; r < b->t.nrow; r += b->nshards)
        if (!b->done[r])
            b->todo[b->ntodo++] = r;
    return CWB_OK;
}

/* A resumed output records the run that appends to it, above its first
 * row: "# resumed DATE: cwb VERSION (commit C), COMMAND" (the file's head
 * records the run that made it). */
static void note_resume(batch *b)
{
    char date[32];
    cwb_record_date(date, sizeof date);
    int len = snprintf(b->out_buf + b->out_len, ROW_MAX, "# resumed %s: cwb %s (commit %s), ", date,
                       CWB_VERSION, cwb_commit());
    if (len < 0 || len >= ROW_MAX)
        return;
    size_t u = b->out_len + (size_t)len;
    const char *cmd = b->req.command ? b->req.command : "(a library call)";
    for (const char *c = cmd; *c && u + 2 < b->out_len + ROW_MAX; c++)
        b->out_buf[u++] = *c == '\n' || *c == '\r' ? ' ' : *c;
    b->out_buf[u++] = '\n';
    b->out_len = u;
}

static int stopped(batch *b, char *msg, size_t n)
{
    int rc = flush_rows(b, msg, n);
    if (rc != CWB_OK)
        return rc;
    return cwb_fail(msg, n, CWB_EFAIL,
                    "batch stopped by %s: %zu rows written to %s; run the same command again "
                    "to resume",
                    cwb_stop_name(), b->written + b->skipped, b->out);
}

/* In each forked worker: the output stays the parent's alone (its lock
 * belongs to the open file description, lock_output). */
static void worker_start(void *ctx)
{
    batch *b = ctx;
    close(b->fd);
}

/* Run the sample at position p of todo into its record (in a worker, or
 * here with one job), with the process's one case. */
static void run_sample(void *ctx, size_t p, void *rec)
{
    batch *b = ctx;
    if (b->have_first && b->todo[p] == 0) {
        memcpy(rec, &b->first, sizeof b->first);
        return;
    }
    if (!b->slot.c) /* once per process: a forked worker sets its own copy */
        b->slot = (case_slot){.c = cwb_case_new()};
    run_row(b, b->todo[p], &b->slot, rec, NULL);
}

/* Rows done and next in order go to the file. */
static int flush_in_order(batch *b, char *msg, size_t n)
{
    int rc = CWB_OK;
    while (rc == CWB_OK && b->wpos < b->ntodo && b->finished[b->wpos]) {
        record *rec = b->finished[b->wpos];
        if (rec->status == CWB_EINPUT)
            rc = cwb_fail(msg, n, CWB_EINPUT, "%s", rec->msg);
        else
            rc = append_row(b, rec, msg, n);
        free(rec);
        b->finished[b->wpos++] = NULL;
    }
    return rc;
}

/* The record of position p, kept until every row before it is written. */
static int sample_done(void *ctx, size_t p, const void *got, char *msg, size_t n)
{
    batch *b = ctx;
    record *rec = malloc(sizeof *rec);
    if (!rec)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    memcpy(rec, got, sizeof *rec);
    b->finished[p] = rec;
    return flush_in_order(b, msg, n);
}

static void sample_progress(void *ctx)
{
    batch *b = ctx;
    progress(b, b->wpos, b->ntodo);
}

/* Every sample of todo through the worker pool (cwb_pool.h): each row
 * appended once it and every row before it are done. */
static int run_samples(batch *b, char *msg, size_t n)
{
    if (!(b->finished = calloc(b->ntodo ? b->ntodo : 1, sizeof *b->finished)))
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    cwb_pool pool = {.what = "batch",
                     .ntasks = b->ntodo,
                     .jobs = b->req.jobs,
                     .record_size = sizeof(record),
                     .ctx = b,
                     .child = worker_start,
                     .run = run_sample,
                     .done = sample_done,
                     .idle = sample_progress};
    if (b->req.dt_reuse) /* each forked worker keeps its own neighbour */
        cwb_dt_reuse_begin();
    int rc = cwb_pool_run(&pool, msg, n);
    if (b->req.dt_reuse)
        cwb_dt_reuse_end();
    if (rc == CWB_POOL_STOPPED)
        rc = stopped(b, msg, n);
    for (size_t p = 0; p < b->ntodo; p++)
        free(b->finished[p]);
    free(b->finished);
    b->finished = NULL;
    free(b->slot.c);
    b->slot.c = NULL;
    return rc;
}

static int batch_setup(batch *b, char *msg, size_t n)
{
    int rc = parse_shard(b->req.shard, &b->shard, &b->nshards, msg, n);
    if (rc == CWB_OK)
        rc = table_load(&b->t, b->req.samples, msg, n);
    if (rc == CWB_OK && !(b->done = calloc(b->t.nrow, 1)))
        rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    if (rc == CWB_OK)
        rc = validate(b, msg, n);
    if (rc == CWB_OK)
        rc = fingerprint_case(b, msg, n);
    const char *base = strrchr(b->req.path, '/');
    snprintf(b->case_name, sizeof b->case_name, "%s", base ? base + 1 : b->req.path);
    char *dot = strrchr(b->case_name, '.');
    if (dot && dot != b->case_name)
        *dot = '\0';
    if (b->req.out)
        snprintf(b->out, sizeof b->out, "%s", b->req.out);
    else if (b->nshards > 1)
        snprintf(b->out, sizeof b->out, "cwb-out/%s_batch_%zu_of_%zu.csv", b->case_name, b->shard,
                 b->nshards);
    else
        snprintf(b->out, sizeof b->out, "cwb-out/%s_batch.csv", b->case_name);
    if (rc == CWB_OK && !b->req.out)
        rc = cwb_make_dirs("cwb-out", msg, n);
    return rc;
}

/* One row of the output as a JSON object: the sample, the inputs (a number
 * as a number, a word as a string), the results (null where empty), the
 * status and a failed sample's message (its note, the line above). */
static void json_row(const batch *b, cwb_json *j, char *line, const char *note)
{
    char *f[CWB_MAX_SCALARS + MAX_INPUTS + 2];
    size_t k = split_fields(line, f, sizeof f / sizeof *f);
    if (k != b->t.ncol + b->nres + 2)
        return; /* not a row of this header: resume checked every row */
    cwb_json_open(j, NULL, '{');
    cwb_json_number(j, "sample", strtod(f[0], NULL));
    for (size_t c = 0; c < b->t.ncol; c++) {
        double x;
        if (b->in_unit[c][0] && cwb_parse_double(f[1 + c], &x) == 0)
            cwb_json_number(j, b->t.col[c], x);
        else
            cwb_json_string(j, b->t.col[c], f[1 + c]);
    }
    for (size_t q = 0; q < b->nres; q++) {
        double x;
        cwb_json_number(j, b->res_name[q], cwb_parse_double(f[1 + b->t.ncol + q], &x) ? NAN : x);
    }
    cwb_json_string(j, "status", f[k - 1]);
    if (strcmp(f[k - 1], "failed") == 0)
        cwb_json_string(j, "message", note ? note : "");
    cwb_json_close(j);
}

/* "rows": every row of the output (this shard's, those of earlier runs
 * too), read back from the file and handed to the log row by row, so a
 * large batch streams. */
static void json_rows(const batch *b, cwb_json *j)
{
    cwb_json_open(j, "rows", '[');
    FILE *in = fopen(b->out, "r");
    char *line = NULL, note[ROW_MAX] = "";
    size_t cap = 0;
    int header = 0;
    for (ssize_t len; in && (len = getline(&line, &cap, in)) > 0;) {
        line[strcspn(line, "\r\n")] = '\0';
        const char *failed = strstr(line, " failed: ");
        if (strncmp(line, "# sample ", 9) == 0 && failed)
            snprintf(note, sizeof note, "%s", failed + 9);
        else if (line[0] == '#' || !line[0])
            continue;
        else if (header++) {
            json_row(b, j, line, note[0] ? note : NULL);
            note[0] = '\0';
            char *text = cwb_json_take(j);
            if (b->log && b->log->fn && !j->failed)
                b->log->fn(b->log->user, CWB_LOG_RESULT, text);
            free(text);
        }
    }
    free(line);
    if (in)
        fclose(in);
    cwb_json_close(j);
}

/* The answer of `cwb batch --json` (doc/outputs.md): what ran, where, the
 * units and the rows. */
static int batch_json(const batch *b)
{
    char folder[sizeof b->out];
    snprintf(folder, sizeof folder, "%s", b->out);
    char *slash = strrchr(folder, '/');
    if (slash)
        *slash = '\0';
    cwb_json j;
    cwb_json_init(&j);
    cwb_json_head(&j, "batch", slash ? folder : ".");
    cwb_json_string(&j, "case", b->case_name);
    cwb_json_string(&j, "file", b->req.path);
    cwb_json_string(&j, "table", b->req.samples);
    cwb_json_number(&j, "samples", (double)b->t.nrow);
    char shard[64];
    snprintf(shard, sizeof shard, "%zu/%zu", b->shard, b->nshards);
    cwb_json_string(&j, "shard", shard);
    cwb_json_number(&j, "run", (double)b->written);
    cwb_json_number(&j, "failed", (double)b->failed);
    cwb_json_number(&j, "already_done", (double)b->skipped);
    cwb_json_number(&j, "already_failed", (double)b->skipped_failed);
    cwb_json_string(&j, "csv", b->out);
    cwb_json_open(&j, "units", '{');
    for (size_t c = 0; c < b->t.ncol; c++)
        if (b->in_unit[c][0])
            cwb_json_string(&j, b->t.col[c], b->in_unit[c]);
    for (size_t q = 0; q < b->nres; q++)
        cwb_json_string(&j, b->res_name[q], b->res_unit[q][0] ? b->res_unit[q] : "-");
    cwb_json_close(&j);
    json_rows(b, &j);
    cwb_json_warnings(&j, NULL);
    cwb_json_close(&j);
    int rc = cwb_json_log(&j, b->log);
    cwb_json_free(&j);
    return rc;
}

static int batch_report(const batch *b)
{
    if (b->req.json)
        return batch_json(b);
    char earlier[64] = ""; /* the failed rows a resume found: the table still holds them */
    if (b->skipped_failed)
        snprintf(earlier, sizeof earlier, " (%zu failed)", b->skipped_failed);
    cwb_logf(b->log, CWB_LOG_RESULT,
             "%s: shard %zu/%zu of %zu samples: %zu run (%zu failed), %zu already done%s -> %s\n",
             b->case_name, b->shard, b->nshards, b->t.nrow, b->written, b->failed, b->skipped,
             earlier, b->out);
    return CWB_OK;
}

int cwb_batch(const cwb_batch_request *req, const cwb_log *log, char *msg, size_t n)
{
    batch *b = calloc(1, sizeof *b);
    if (!b)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    *b = (batch){.req = *req, .log = log, .fd = -1};
    cwb_stop_handlers handlers;
    cwb_stop_catch(&handlers);
    int rc = batch_setup(b, msg, n);
    if (rc == CWB_OK)
        rc = open_output(b, msg, n);
    if (rc == CWB_OK)
        rc = plan(b, msg, n);
    if (rc == CWB_OK && b->resumed && b->ntodo)
        note_resume(b);
    if (rc == CWB_OK)
        rc = run_samples(b, msg, n);
    if (b->fd >= 0 && b->out_len) { /* the rows done, also when a sample stopped the batch */
        char why[CWB_MSG];
        int wrc = flush_rows(b, why, sizeof why);
        if (wrc != CWB_OK && rc == CWB_OK)
            rc = cwb_fail(msg, n, wrc, "%s", why);
    }
    if (b->fd >= 0 && close(b->fd) != 0 && rc == CWB_OK)
        rc = cwb_fail(msg, n, CWB_EFAIL, "cannot write %s: %s", b->out, strerror(errno));
    if (rc == CWB_OK && batch_report(b) != CWB_OK)
        rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory writing the JSON");
    cwb_stop_release(&handlers);
    table_free(&b->t);
    cwb_case_sampler_free(b->sampler);
    params_free(&b->params);
    params_free(&b->sets);
    free(b->done);
    free(b->todo);
    free(b->slot.c);
    free(b);
    return rc;
}

/* ---- merge ----
 *
 * The shards of one table, one file: every row must parse (a torn or
 * edited row is named FILE:LINE and nothing is written), every file must
 * be of the same table (its size) and case (its fingerprint), and every
 * sample of the table must be in one of them, unless a partial merge is
 * asked for, which names the missing ones. A torn last row is what a
 * stopped batch leaves: it is left out with a warning, and its sample then
 * counts as missing. */

/* One row of a merge: its sample and its text (a failed sample's '#' line
 * included), newline-terminated. */
typedef struct {
    size_t sample;
    char *text;
} merge_row;

/* A failed sample's "# sample K failed: ..." line, for the row below it. */
typedef struct {
    const char *text;
    size_t sample, line;
} merge_note;

typedef struct {
    const char *first;              /* the first file */
    char header[8192];              /* its header row */
    size_t nfield, ninput;          /* the header's fields; of them, the table's inputs */
    char origin[2 * CWB_TEXT + 64]; /* "case C, samples T (N)" */
    size_t nsamples;                /* N: the table's size */
    recorded params;                /* the first file's case (into first_text) */
    char *first_text;
    merge_row *rows;
    size_t nrow, cap;
    size_t nshards;    /* N of the files' "shard i/N" (0: none yet) */
    int shards_differ; /* files of arrays of different sizes: no shard is named */
    size_t twice;      /* identical rows of one sample beyond the first, dropped */
    size_t bad;        /* rows that do not parse; the first of them: */
    char badlist[400];
    const cwb_log *log;
    const char *command; /* the command line, for the record */
} merge_state;

static int by_sample(const void *a, const void *b)
{
    const merge_row *x = a, *y = b;
    return (x->sample > y->sample) - (x->sample < y->sample);
}

/* "# cwb batch: case C, samples T (N), shard i/M": "case C, samples T (N)"
 * into origin and N (the last " (N)" followed by a comma). */
static void batch_origin(const char *line, char *origin, size_t on, size_t *nsamples)
{
    if (strncmp(line, "# cwb batch: ", 13) != 0)
        return;
    for (const char *p = strstr(line, " ("); p; p = strstr(p + 1, " (")) {
        char *end;
        unsigned long long v = isdigit((unsigned char)p[2]) ? strtoull(p + 2, &end, 10) : 0;
        if (v && end[0] == ')' && end[1] == ',') {
            *nsamples = (size_t)v;
            snprintf(origin, on, "%.*s", (int)(end + 1 - (line + 13)), line + 13);
        }
    }
}

/* The header row: the first file's is the merge's ("sample", inputs,
 * results "name[unit]", "status"); every other file's must be the same. */
static int merge_header(merge_state *ms, const char *path, size_t ln, const char *line, char *msg,
                        size_t n)
{
    if (ms->header[0])
        return strcmp(ms->header, line) == 0
                   ? CWB_OK
                   : cwb_fail(msg, n, CWB_EINPUT,
                              "%s:%zu: its header differs from the first file's", path, ln);
    size_t len = strlen(line);
    if (strncmp(line, "sample,", 7) != 0 || len < 14 || strcmp(line + len - 7, ",status") != 0 ||
        len >= sizeof ms->header)
        return cwb_fail(msg, n, CWB_EINPUT, "%s:%zu: not the header of a batch file", path, ln);
    snprintf(ms->header, sizeof ms->header, "%s", line);
    ms->nfield = 1;
    for (const char *c = line; *c; c++)
        ms->nfield += *c == ',';
    ms->ninput = 0; /* the fields before the first result "name[unit]" or status */
    for (const char *f = line + 7, *comma; (comma = strchr(f, ',')) != NULL; f = comma + 1) {
        if (memchr(f, '[', (size_t)(comma - f)))
            break;
        ms->ninput++;
    }
    return CWB_OK;
}

/* What a file's lines above its header say: the table's size and the
 * case, the same as the first file's. */
static int merge_provenance(merge_state *ms, const char *path, recorded *rec, size_t nsamples,
                            const char *origin, char *msg, size_t n)
{
    char why[CWB_MSG], here[CWB_TEXT + 8], there[CWB_TEXT + 8];
    if (!rec->have || !nsamples)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: no %s line: not a file this cwb batch wrote (an older cwb's "
                        "files merge with that cwb)",
                        path, rec->have ? "\"# cwb batch: ... (N), ...\"" : "case fingerprint");
    if (!ms->nsamples) {
        ms->nsamples = nsamples;
        ms->params = *rec;
        *rec = (recorded){0};
        snprintf(ms->origin, sizeof ms->origin, "%s", origin);
        return CWB_OK;
    }
    if (nsamples != ms->nsamples)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "batch --merge: %s is a batch of a table of %zu samples, %s of %zu", path,
                        nsamples, ms->first, ms->nsamples);
    if (rec->fingerprint == ms->params.fingerprint)
        return CWB_OK;
    snprintf(here, sizeof here, "in %s", path);
    snprintf(there, sizeof there, "in %s", ms->first);
    if (!first_difference(rec->line, rec->n, here, ms->params.line, ms->params.n, there, why,
                          sizeof why))
        snprintf(why, sizeof why, "their fingerprints differ");
    return cwb_fail(msg, n, CWB_EINPUT, "batch --merge: %s holds another case than %s: %s", path,
                    ms->first, why);
}

/* One field of a row, [f, end): a number (as strtod reads it whole) or
 * empty. */
static int number_or_empty(const char *f, const char *end)
{
    char buf[64], *stop;
    size_t len = (size_t)(end - f);
    if (!len)
        return 1;
    if (len >= sizeof buf)
        return 0;
    memcpy(buf, f, len);
    buf[len] = '\0';
    strtod(buf, &stop);
    return *stop == '\0';
}

/* A row as cwb batch writes it: the header's number of fields, a sample of
 * the table, non-empty inputs, results numbers or empty, status ok or
 * failed. */
static int merge_row_ok(const merge_state *ms, const char *line, size_t *sample)
{
    char *end;
    unsigned long long s = isdigit((unsigned char)line[0]) ? strtoull(line, &end, 10) : 0;
    if (!isdigit((unsigned char)line[0]) || *end != ',' || s >= ms->nsamples)
        return 0;
    *sample = (size_t)s;
    size_t k = 0;
    const char *f = line;
    for (const char *p = line;; p++) {
        if (*p && *p != ',')
            continue;
        int last = !*p;
        if (last && !((p - f == 2 && strncmp(f, "ok", 2) == 0) ||
                      (p - f == 6 && strncmp(f, "failed", 6) == 0)))
            return 0;
        if (!last && k >= 1 && k <= ms->ninput && p == f)
            return 0;
        if (!last && k > ms->ninput && !number_or_empty(f, p))
            return 0;
        k++;
        if (last)
            return k == ms->nfield;
        f = p + 1;
    }
}

/* A line that is not a whole row: one line of its own on the log (every
 * one of them), and in the list the failure names (the first ones). */
static void merge_bad(merge_state *ms, const char *path, size_t ln)
{
    cwb_logf(ms->log, CWB_LOG_DETAIL,
             "%s:%zu: not a whole row of a batch (torn, cut short or edited)\n", path, ln);
    size_t used = strlen(ms->badlist);
    if (used + strlen(path) + 32 < sizeof ms->badlist)
        snprintf(ms->badlist + used, sizeof ms->badlist - used, "%s%s:%zu", ms->bad ? ", " : "",
                 path, ln);
    else if (used + 6 < sizeof ms->badlist && !strstr(ms->badlist, ", ..."))
        strcat(ms->badlist, ", ...");
    ms->bad++;
}

static int merge_add(merge_state *ms, size_t sample, const char *note, const char *line, char *msg,
                     size_t n)
{
    if (ms->nrow == ms->cap) {
        merge_row *more =
            realloc(ms->rows, (ms->cap = ms->cap ? 2 * ms->cap : 1024) * sizeof *more);
        if (!more)
            return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
        ms->rows = more;
    }
    size_t len = strlen(line) + 2 + (note ? strlen(note) + 1 : 0);
    char *t = malloc(len);
    if (!t)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    snprintf(t, len, "%s%s%s\n", note ? note : "", note ? "\n" : "", line);
    ms->rows[ms->nrow++] = (merge_row){sample, t};
    return CWB_OK;
}

/* One line below the header: a failed sample's note, a row, or a comment. */
static int merge_line(merge_state *ms, const char *path, size_t ln, char *p, merge_note *note,
                      char *msg, size_t n)
{
    if (strncmp(p, "# sample ", 9) == 0 && isdigit((unsigned char)p[9])) {
        if (note->text) /* a note without its row */
            merge_bad(ms, path, note->line);
        *note = (merge_note){p, strtoul(p + 9, NULL, 10), ln};
        return CWB_OK;
    }
    if (*p == '#' || !*cwb_trim(p))
        return CWB_OK;
    size_t sample;
    int ok = merge_row_ok(ms, p, &sample);
    if (!ok || (note->text && note->sample != sample))
        merge_bad(ms, path, ok ? note->line : ln);
    int rc = ok && (!note->text || note->sample == sample)
                 ? merge_add(ms, sample, note->text, p, msg, n)
                 : CWB_OK;
    note->text = NULL;
    return rc;
}

/* Cut a torn last line off text (a stopped batch's), with a warning. */
static void merge_cut_torn(const merge_state *ms, const char *path, char *text)
{
    char *last = strrchr(text, '\n');
    char *torn = last ? last + 1 : text;
    if (!*torn)
        return;
    size_t ln = 1;
    for (const char *c = text; c < torn; c++)
        ln += *c == '\n';
    cwb_logf(ms->log, CWB_LOG_WARN,
             "%s:%zu: a torn last row (its batch was stopped while writing it), left out\n", path,
             ln);
    *torn = '\0';
}

/* The N of a file's "# cwb batch: ..., shard i/N" line, kept when every
 * file has the same: a missing sample s is then shard s mod N's. */
static void note_shards(merge_state *ms, const char *line)
{
    const char *at = strncmp(line, "# cwb batch: ", 13) == 0 ? strstr(line, ", shard ") : NULL;
    size_t i, nn;
    if (!at || sscanf(at, ", shard %zu/%zu", &i, &nn) != 2 || nn == 0 || nn > 1000000) {
        ms->shards_differ |= at != NULL; /* an N no batch writes: name no shard */
        return;
    }
    if (ms->nshards && ms->nshards != nn)
        ms->shards_differ = 1;
    ms->nshards = nn;
}

static int merge_file(merge_state *ms, const char *path, char *msg, size_t n)
{
    int rc;
    char *text = read_all(path, "batch table", msg, n, &rc), origin[sizeof ms->origin] = "";
    if (!text)
        return rc;
    merge_cut_torn(ms, path, text);
    recorded rec = {0};
    merge_note note = {0};
    size_t ln = 0, nsamples = 0;
    int have_header = 0;
    for (char *p = text, *next; rc == CWB_OK && *p; p = next) {
        ln++;
        next = strchr(p, '\n');
        *next++ = '\0'; /* every line ends in one: a torn last one is cut */
        if (have_header) {
            rc = merge_line(ms, path, ln, p, &note, msg, n);
        } else if (*p == '#') {
            batch_origin(p, origin, sizeof origin, &nsamples);
            note_shards(ms, p);
            if (record_line(&rec, p) != CWB_OK)
                rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
        } else if (*cwb_trim(p)) {
            have_header = 1;
            rc = merge_header(ms, path, ln, cwb_trim(p), msg, n);
            if (rc == CWB_OK)
                rc = merge_provenance(ms, path, &rec, nsamples, origin, msg, n);
        }
    }
    if (rc == CWB_OK && !have_header)
        rc = cwb_fail(msg, n, CWB_EINPUT, "%s: no header row: not a batch file", path);
    if (ms->params.line && !ms->first_text)
        ms->first_text = text; /* the first file's parameter lines point into it */
    else
        free(text);
    free(rec.line);
    return rc;
}

/* Rows sorted on sample, a sample found twice kept once if its rows are
 * the same; *kept: how many are left. */
static int merge_sort(merge_state *ms, size_t *kept, char *msg, size_t n)
{
    qsort(ms->rows, ms->nrow, sizeof *ms->rows, by_sample);
    size_t k = 0;
    int rc = CWB_OK;
    for (size_t i = 0; i < ms->nrow; i++) {
        merge_row *r = &ms->rows[i];
        if (k && ms->rows[k - 1].sample == r->sample) {
            if (rc == CWB_OK && strcmp(ms->rows[k - 1].text, r->text) != 0)
                rc = cwb_fail(msg, n, CWB_EINPUT,
                              "batch --merge: sample %zu has two different rows (two "
                              "tables, or runs of different cases?)",
                              r->sample);
            free(r->text);
            continue;
        }
        ms->rows[k++] = *r;
    }
    ms->twice = ms->nrow - k;
    ms->nrow = *kept = k;
    return rc;
}

/* The table's samples no row holds, as "0, 2, 4-9" (cut with "..." when
 * long) in list; how many. The rows are sorted and distinct. hit, when
 * not NULL, gets a 1 at s mod ms->nshards for each missing sample s: the
 * shards to run again. */
static size_t merge_missing(const merge_state *ms, char *list, size_t n, unsigned char *hit)
{
    size_t missing = 0, used = 0, r = 0;
    list[0] = '\0';
    for (size_t s = 0; s < ms->nsamples;) {
        while (r < ms->nrow && ms->rows[r].sample < s)
            r++;
        size_t end = r < ms->nrow ? ms->rows[r].sample : ms->nsamples; /* first held >= s */
        if (end == s) {
            s++;
            continue;
        }
        missing += end - s;
        for (size_t k = s; hit && k < end && k < s + ms->nshards; k++)
            hit[k % ms->nshards] = 1;
        if (used + 48 < n)
            used += (size_t)(end - s == 1
                                 ? snprintf(list + used, n - used, "%s%zu", used ? ", " : "", s)
                                 : snprintf(list + used, n - used, "%s%zu-%zu", used ? ", " : "", s,
                                            end - 1));
        else if (used + 6 < n && !strstr(list, ", ..."))
            used += (size_t)snprintf(list + used, n - used, ", ...");
        s = end;
    }
    return missing;
}

/* What to run again, from the shards hit marks: "shard 1 of 3 (--shard
 * 1/3) did not run to the end: resume it" or "shards 1, 5 of 8 did not run
 * to the end: resume them (--shard i/8)", the list cut with "..." when
 * long. */
static void shard_list(const unsigned char *hit, size_t nshards, char *out, size_t n)
{
    size_t count = 0, first = 0, used;
    for (size_t i = nshards; i-- > 0;)
        if (hit[i])
            count++, first = i;
    if (count == 1) {
        snprintf(out, n, "shard %zu of %zu (--shard %zu/%zu) did not run to the end: resume it",
                 first, nshards, first, nshards);
        return;
    }
    /* room kept for the tail: " of N did not run ... (--shard i/N)" with
     * N up to 10^6 takes 74 characters */
    used = (size_t)snprintf(out, n, "shards");
    size_t room = n > 100 ? n - 100 : 0, k = 0;
    for (size_t i = 0; i < nshards && used < room; i++)
        if (hit[i])
            used += (size_t)snprintf(out + used, n - used, "%s%zu", k++ ? ", " : " ", i);
    if (used >= room && k < count)
        used += (size_t)snprintf(out + used, n - used, ", ...");
    snprintf(out + used, n - used, " of %zu did not run to the end: resume them (--shard i/%zu)",
             nshards, nshards);
}

static int merge_write(const merge_state *ms, const char *out, size_t nin, size_t missing,
                       const char *list, char *msg, size_t n)
{
    cwb_output o;
    int rc = cwb_output_open(&o, out, msg, n);
    if (rc != CWB_OK)
        return rc;
    cwb_write_record(o.f, &(cwb_record){.command = ms->command});
    fprintf(o.f, "# cwb batch --merge of %zu files: %zu of %zu samples", nin, ms->nrow,
            ms->nsamples);
    if (missing)
        fprintf(o.f, ", partial: %zu of %zu samples missing: %s", missing, ms->nsamples, list);
    fprintf(o.f, "\n# cwb batch: %s, merged\n", ms->origin);
    write_fingerprint_lines(o.f, ms->params.fingerprint, ms->params.line, ms->params.n);
    fprintf(o.f, "%s\n", ms->header);
    for (size_t i = 0; i < ms->nrow; i++)
        fputs(ms->rows[i].text, o.f);
    return cwb_output_commit(&o, msg, n);
}

static int merge_check_and_write(merge_state *ms, const char *out, size_t nin, int partial,
                                 char *msg, size_t n)
{
    size_t kept;
    if (ms->bad)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "batch --merge: %zu row%s do%s not parse (torn, cut short or edited): "
                        "%s; nothing written",
                        ms->bad, ms->bad == 1 ? "" : "s", ms->bad == 1 ? "es" : "", ms->badlist);
    int rc = merge_sort(ms, &kept, msg, n);
    char list[400], shards[400] = "their shards did not run to the end: resume them";
    int named = ms->nshards > 1 && !ms->shards_differ;
    unsigned char *hit = named ? calloc(ms->nshards, 1) : NULL;
    size_t missing = rc == CWB_OK ? merge_missing(ms, list, sizeof list, hit) : 0;
    if (hit)
        shard_list(hit, ms->nshards, shards, sizeof shards);
    free(hit);
    if (rc == CWB_OK && missing && !partial)
        return cwb_fail(msg, n, CWB_EFAIL,
                        "batch --merge: %zu of %zu samples missing: %s (%s and merge again, "
                        "or --partial for the rows there are); nothing written",
                        missing, ms->nsamples, list, shards);
    if (rc == CWB_OK && missing)
        cwb_logf(ms->log, CWB_LOG_WARN,
                 "batch --merge: %zu of %zu samples missing: %s (--partial: merged "
                 "without them)\n",
                 missing, ms->nsamples, list);
    if (rc == CWB_OK)
        rc = merge_write(ms, out, nin, missing, list, msg, n);
    size_t failed = 0; /* rows whose status is failed: the table holds them */
    for (size_t i = 0; rc == CWB_OK && i < ms->nrow; i++) {
        size_t len = strlen(ms->rows[i].text);
        failed += len >= 8 && strcmp(ms->rows[i].text + len - 8, ",failed\n") == 0;
    }
    char twice[80] = ""; /* overlapping shards, or a file given twice: said, not hidden */
    if (ms->twice)
        snprintf(twice, sizeof twice, "; %zu identical row%s given twice, kept once", ms->twice,
                 ms->twice == 1 ? "" : "s");
    if (rc == CWB_OK)
        cwb_logf(ms->log, CWB_LOG_RESULT,
                 "merged %zu files: %zu of %zu samples (%zu failed%s) -> %s\n", nin, kept,
                 ms->nsamples, failed, twice, out);
    return rc;
}

/* The output is none of the inputs (the same file by device and inode, not
 * by spelling): a merge written over shard 0 replaced it with the merged
 * table, and resuming that shard was then refused. */
static int merge_out_not_an_input(const char *out, const char *const *in, size_t nin, char *msg,
                                  size_t n)
{
    struct stat so, si;
    if (stat(out, &so) != 0)
        return CWB_OK; /* a new file */
    for (size_t f = 0; f < nin; f++)
        if (stat(in[f], &si) == 0 && si.st_dev == so.st_dev && si.st_ino == so.st_ino)
            return cwb_fail(msg, n, CWB_EINPUT,
                            "batch --merge: the output %s is the input %s: write the merge to "
                            "another file",
                            out, in[f]);
    return CWB_OK;
}

int cwb_batch_merge(const char *out, const char *const *in, size_t nin, int partial,
                    const char *command, const cwb_log *log, char *msg, size_t n)
{
    merge_state *ms = calloc(1, sizeof *ms);
    if (!ms)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    ms->log = log;
    ms->command = command;
    ms->first = nin ? in[0] : "";
    int rc = nin ? merge_out_not_an_input(out, in, nin, msg, n)
                 : cwb_fail(msg, n, CWB_EINPUT, "batch --merge: no files to merge");
    for (size_t f = 0; rc == CWB_OK && f < nin; f++)
        rc = merge_file(ms, in[f], msg, n);
    if (rc == CWB_OK)
        rc = merge_check_and_write(ms, out, nin, partial, msg, n);
    for (size_t i = 0; i < ms->nrow; i++)
        free(ms->rows[i].text);
    free(ms->rows);
    free(ms->params.line);
    free(ms->first_text);
    free(ms);
    return rc;
}

/* ---- the library's batch: a table in memory ---- */

/* The table of req as a sample table (its texts not copied), checked. */
static int memory_table(batch *b, const cwb_batch_memory_request *req, char *msg, size_t n)
{
    sample_table *t = &b->t;
    t->ncol = req->nkeys;
    t->nrow = req->nsamples;
    if (t->ncol > MAX_INPUTS)
        return cwb_fail(msg, n, CWB_EINPUT, "%s: more than %d columns", b->req.samples, MAX_INPUTS);
    if ((t->ncol && !req->keys) || (t->nrow && !req->values))
        return cwb_fail(msg, n, CWB_EINPUT, "%s: keys or values not given (NULL)", b->req.samples);
    for (size_t k = 0; k < t->ncol; k++)
        t->col[k] = (char *)req->keys[k];
    int rc = check_columns(t, b->req.samples, 0, msg, n);
    if (rc != CWB_OK)
        return rc;
    if (!t->ncol || !t->nrow)
        return cwb_fail(msg, n, CWB_EINPUT, "%s: no %s", b->req.samples,
                        t->ncol ? "samples" : "columns (section.key)");
    t->field = (char **)req->values;
    if (!(t->line = malloc(t->nrow * sizeof *t->line)))
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    for (size_t r = 0; r < t->nrow && rc == CWB_OK; r++) {
        t->line[r] = r;
        for (size_t k = 0; k < t->ncol && !t->field[r * t->ncol + k]; k++)
            rc = cwb_fail(msg, n, CWB_EINPUT, "%s:%zu: %s: no value (NULL)", b->req.samples, r,
                          t->col[k]);
        if (rc == CWB_OK)
            rc = check_fields(t, &t->field[r * t->ncol], t->ncol, b->req.samples, r, msg, n);
    }
    return rc;
}

/* The output's table: one column per result. */
static int memory_columns(const batch *b, cwb_result *table, char *msg, size_t n)
{
    for (size_t q = 0; q < b->nres; q++)
        if (cwb_series_column(&table->series, b->res_name[q], b->res_unit[q]) < 0)
            return cwb_fail(msg, n, CWB_EFAIL, "batch: %zu results do not fit a table", b->nres);
    return CWB_OK;
}

/* Every sample in order, its results into table and its outcome into rows. */
static int memory_run(batch *b, const cwb_batch_memory_request *req, cwb_row_outcomes *rows,
                      char *msg, size_t n)
{
    record rec;
    case_slot slot = {.c = cwb_case_new()};
    int rc = memory_columns(b, req->table, msg, n);
    double value[CWB_MAX_SCALARS];
    for (size_t r = 0; rc == CWB_OK && r < b->t.nrow; r++) {
        if (req->progress && req->progress(req->user, r, b->t.nrow)) {
            rc = cwb_fail(msg, n, CWB_ECANCEL,
                          "batch stopped by the caller after %zu of %zu samples", r, b->t.nrow);
            break;
        }
        if (r == 0 && b->have_first)
            rec = b->first;
        else
            run_row(b, r, &slot, &rec, NULL);
        if (rec.status == CWB_EINPUT) {
            rc = cwb_fail(msg, n, CWB_EINPUT, "%s", rec.msg);
            break;
        }
        for (size_t q = 0; q < b->nres; q++)
            value[q] = rec.status == CWB_OK ? rec.value[q] : NAN;
        if (cwb_series_row(&req->table->series, value) != CWB_OK ||
            cwb_row_outcome_set(rows, r, rec.status, rec.msg) != CWB_OK)
            rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
        if (rec.status != CWB_OK)
            cwb_result_warn(req->table, "sample %zu failed: %s", r, rec.msg);
    }
    free(slot.c);
    return rc;
}

int cwb_batch_memory(const cwb_batch_memory_request *req, char *msg, size_t n)
{
    batch *b = calloc(1, sizeof *b);
    if (!b)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    *b = (batch){.req = {.path = req->path,
                         .samples = req->name ? req->name : "samples",
                         .sets = req->sets,
                         .nsets = req->nsets,
                         .results = req->results},
                 .fd = -1,
                 .nshards = 1};
    cwb_result_init(req->table);
    cwb_row_outcomes rows = {0};
    int rc = memory_table(b, req, msg, n);
    if (rc == CWB_OK && cwb_row_outcomes_make(&rows, b->t.nrow) != CWB_OK)
        rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    if (rc == CWB_OK)
        rc = validate(b, msg, n);
    if (rc == CWB_OK)
        rc = choose_results(b, msg, n);
    if (rc == CWB_OK && req->dt_reuse) /* this thread's neighbour, as a worker's */
        cwb_dt_reuse_begin();
    if (rc == CWB_OK)
        rc = memory_run(b, req, &rows, msg, n);
    if (req->dt_reuse)
        cwb_dt_reuse_end();
    if (rc == CWB_OK && req->rows)
        *req->rows = rows;
    else
        cwb_row_outcomes_free(&rows);
    if (rc != CWB_OK)
        cwb_result_free(req->table);
    cwb_case_sampler_free(b->sampler);
    free(b->t.line);
    free(b->slot.c);
    free(b);
    return rc;
}

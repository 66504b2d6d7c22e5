/* ini.c -- the one INI reader (rules in cwb_ini.h). */
#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cwb_files.h"
#include "cwb_ini.h"
#include "cwb_paths.h"

/* Drop a comment: '#' or ';' at the start or after white space. */
static void strip_comment(char *s)
{
    for (char *c = s; *c; c++)
        if ((*c == '#' || *c == ';') && (c == s || isspace((unsigned char)c[-1]))) {
            *c = '\0';
            break;
        }
    cwb_trim(s);
}

static char *dup_text(const char *s)
{
    size_t len = strlen(s) + 1;
    char *d = malloc(len);
    if (d)
        memcpy(d, s, len);
    return d;
}

int cwb_ini_add(cwb_ini *ini, const char *section, const char *key, const char *value, int line)
{
    if (ini->n == ini->cap) {
        size_t cap = ini->cap ? 2 * ini->cap : 64;
        cwb_ini_entry *e = realloc(ini->e, cap * sizeof *e);
        if (!e)
            return CWB_EFAIL;
        ini->e = e;
        ini->cap = cap;
    }
    cwb_ini_entry *e = &ini->e[ini->n];
    *e = (cwb_ini_entry){dup_text(section), dup_text(key), dup_text(value), line, 0};
    if (!e->section || !e->key || !e->value) {
        free(e->section);
        free(e->key);
        free(e->value);
        return CWB_EFAIL;
    }
    ini->n++;
    return CWB_OK;
}

cwb_ini_entry *cwb_ini_find(const cwb_ini *ini, const char *section, const char *key)
{
    for (size_t i = 0; i < ini->n; i++)
        if ((!section || strcmp(ini->e[i].section, section) == 0) &&
            (!key || strcmp(ini->e[i].key, key) == 0))
            return &ini->e[i];
    return NULL;
}

void cwb_ini_remove(cwb_ini *ini, cwb_ini_entry *e)
{
    size_t i = (size_t)(e - ini->e), used = strlen(ini->taken_out);
    snprintf(ini->taken_out + used, sizeof ini->taken_out - used, "%s.%s;", e->section, e->key);
    if (strlen(ini->taken_out) + 1 == sizeof ini->taken_out) /* cut: not a name */
        ini->taken_out[used] = '\0';
    free(e->section);
    free(e->key);
    free(e->value);
    memmove(e, e + 1, (ini->n - i - 1) * sizeof *e);
    ini->n--;
}

int cwb_ini_taken_out(const cwb_ini *ini, const char *section, const char *key)
{
    size_t ls = strlen(section), lk = strlen(key);
    for (const char *p = ini->taken_out; *p; p += strcspn(p, ";") + 1)
        if (strncmp(p, section, ls) == 0 && p[ls] == '.' && strncmp(p + ls + 1, key, lk) == 0 &&
            p[ls + 1 + lk] == ';')
            return 1;
    return 0;
}

void cwb_ini_free(cwb_ini *ini)
{
    for (size_t i = 0; i < ini->n; i++) {
        free(ini->e[i].section);
        free(ini->e[i].key);
        free(ini->e[i].value);
    }
    free(ini->e);
    ini->e = NULL;
    ini->n = ini->cap = 0;
}

/* Join a continuation line to the last entry's value. */
static int append_value(cwb_ini_entry *e, const char *more)
{
    size_t a = strlen(e->value), b = strlen(more);
    char *v = realloc(e->value, a + b + 2);
    if (!v)
        return CWB_EFAIL;
    if (a)
        v[a++] = ' ';
    memcpy(v + a, more, b + 1);
    e->value = v;
    return CWB_OK;
}

typedef struct {
    cwb_ini *ini;
    char section[256];
    int line;
    int in_entry; /* the last significant line was key = value or its continuation */
} reader;

static int at(const reader *r, char *msg, size_t n, const char *fmt, const char *arg)
{
    char text[CWB_MSG];
    snprintf(text, sizeof text, fmt, arg);
    return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: %s", r->ini->path, r->line, text);
}

static int section_line(reader *r, char *s, char *msg, size_t n)
{
    char *close = strchr(s, ']');
    if (!close)
        return at(r, msg, n, "'%.200s': a section needs a closing ']'", s);
    char rest[8];
    snprintf(rest, sizeof rest, "%s", close + 1);
    strip_comment(close + 1);
    if (close[1])
        return at(r, msg, n, "text after the section name: '%.200s'", close + 1);
    *close = '\0';
    cwb_trim(s + 1);
    if (!s[1] || strlen(s + 1) >= sizeof r->section)
        return at(r, msg, n, "'[%.200s]': not a usable section name", s + 1);
    snprintf(r->section, sizeof r->section, "%s", s + 1);
    r->in_entry = 0;
    return CWB_OK;
}

static int key_line(reader *r, char *s, char *eq, char *msg, size_t n)
{
    *eq = '\0';
    char *value = eq + 1;
    cwb_trim(s);
    strip_comment(value);
    if (!s[0])
        return at(r, msg, n, "%s", "a line '= value' has no key");
    if (!r->section[0])
        return at(r, msg, n, "key '%.200s' before any [section]", s);
    cwb_ini_entry *e = cwb_ini_find(r->ini, r->section, s);
    if (e) {
        char text[CWB_MSG];
        snprintf(text, sizeof text, "[%s] %.200s is given twice (first at line %d)", r->section, s,
                 e->line);
        return at(r, msg, n, "%s", text);
    }
    if (cwb_ini_add(r->ini, r->section, s, value, r->line) != CWB_OK)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    r->in_entry = 1;
    return CWB_OK;
}

/* One physical line (NUL-terminated, no newline). */
static int one_line(reader *r, char *s, char *msg, size_t n)
{
    int indented = s[0] == ' ' || s[0] == '\t';
    cwb_trim(s);
    if (!s[0]) {
        r->in_entry = 0; /* a blank line ends a value: nothing later continues it */
        return CWB_OK;
    }
    if (s[0] == '#' || s[0] == ';')
        return CWB_OK;
    if (s[0] == '[')
        return section_line(r, s, msg, n);
    char *eq = strchr(s, '=');
    if (eq)
        return key_line(r, s, eq, msg, n);
    if (indented && r->in_entry) {
        strip_comment(s);
        if (append_value(&r->ini->e[r->ini->n - 1], s) != CWB_OK)
            return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
        return CWB_OK;
    }
    return at(r, msg, n, "syntax error: '%.200s': expected '[section]' or 'key = value'", s);
}

/* ------------------------------------------------------ bounded lines */

#define BOM     "\xEF\xBB\xBF"
#define BOM_LEN 3

int cwb_lines_open(cwb_lines *l, FILE *f, const char *path, size_t max, char *msg, size_t n)
{
    *l = (cwb_lines){.f = f, .path = path, .max = max, .buf = malloc(max + 1)};
    if (!l->buf)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    return CWB_OK;
}

void cwb_lines_close(cwb_lines *l)
{
    free(l->buf);
    l->buf = NULL;
}

static int lines_bad(const cwb_lines *l, char *msg, size_t n, const char *why)
{
    return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: %s", l->path, l->line, why);
}

/* The byte-order mark: skipped as the file's first bytes, refused
 * anywhere else (a file pasted into another, or into a value). */
static int lines_bom(cwb_lines *l, char *msg, size_t n)
{
    if (l->line == 1 && l->len >= BOM_LEN && memcmp(l->buf, BOM, BOM_LEN) == 0) {
        l->len -= BOM_LEN;
        memmove(l->buf, l->buf + BOM_LEN, l->len + 1);
    }
    if (strstr(l->buf, BOM))
        return lines_bad(l, msg, n,
                         "a byte-order mark (bytes EF BB BF) inside the file: allowed only as "
                         "its first bytes");
    return CWB_OK;
}

int cwb_lines_next(cwb_lines *l, int *got, char *msg, size_t n)
{
    size_t k = 0;
    int c;
    *got = 0;
    errno = 0;
    while ((c = getc_unlocked(l->f)) != EOF && c != '\n') {
        if (k == l->max || c == '\0') {
            l->line++;
            if (c == '\0')
                return lines_bad(l, msg, n, "a NUL byte in the line (not a text file?)");
            char why[64];
            snprintf(why, sizeof why, "line longer than %zu bytes", l->max);
            return lines_bad(l, msg, n, why);
        }
        l->buf[k++] = (char)c;
    }
    if (c == EOF && ferror(l->f)) {
        int e = errno;
        return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: cannot read: %s", l->path, l->line + 1,
                        e ? strerror(e) : "read error");
    }
    if (c == EOF && k == 0)
        return CWB_OK;
    l->line++;
    if (k > 0 && l->buf[k - 1] == '\r')
        k--;
    l->buf[k] = '\0';
    l->len = k;
    *got = 1;
    return lines_bom(l, msg, n);
}

int cwb_regular_file(const char *path, const char *what, char *msg, size_t n)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return cwb_fail(msg, n, CWB_EINPUT, "%s: cannot open the %s: %s", path, what,
                        strerror(errno));
    if (S_ISDIR(st.st_mode))
        return cwb_fail(msg, n, CWB_EINPUT, "%s: is a folder, not a %s", path, what);
    if (!S_ISREG(st.st_mode))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: not a regular file but a %s (a %s must be a regular file)", path,
                        S_ISFIFO(st.st_mode)   ? "FIFO"
                        : S_ISCHR(st.st_mode)  ? "character device"
                        : S_ISBLK(st.st_mode)  ? "block device"
                        : S_ISSOCK(st.st_mode) ? "socket"
                                               : "special file",
                        what);
    cwb_input_note(path);
    return CWB_OK;
}

/* ------------------------------------------------------------ INI files */

static int read_lines(reader *r, FILE *f, char *msg, size_t n)
{
    cwb_lines l;
    int rc = cwb_lines_open(&l, f, r->ini->path, CWB_INI_MAX_LINE, msg, n), got = 1;
    while (rc == CWB_OK && (rc = cwb_lines_next(&l, &got, msg, n)) == CWB_OK && got) {
        r->line = l.line;
        rc = one_line(r, l.buf, msg, n);
    }
    cwb_lines_close(&l);
    return rc;
}

/* The last file read, kept while it stays the same (device, inode, size,
 * modification time): a batch loads its case once or twice per sample, and
 * reading it again from the file system was a third of a short run. Shared
 * by every thread of a process (the library runs cases from several at
 * once, include/cwb/cwb_api.h): it is read and replaced under a lock, and
 * each reader parses its own copy, so no thread frees the text another one
 * is reading. */
static struct {
    char path[CWB_TEXT];
    struct stat st;
    char *text;
    size_t len;
} last_file;
static pthread_mutex_t last_file_lock = PTHREAD_MUTEX_INITIALIZER;

static int same_file(const struct stat *a, const struct stat *b)
{
    return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size &&
           a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

/* A copy of the kept text of path (stat st), or NULL when none is kept. */
static char *kept_copy(const char *path, const struct stat *st, size_t *len)
{
    char *copy = NULL;
    pthread_mutex_lock(&last_file_lock);
    if (last_file.text && strcmp(last_file.path, path) == 0 && same_file(&last_file.st, st) &&
        (copy = malloc(last_file.len)) != NULL) {
        memcpy(copy, last_file.text, last_file.len);
        *len = last_file.len;
    }
    pthread_mutex_unlock(&last_file_lock);
    return copy;
}

/* Keep a copy of text as the last file read. */
static void keep(const char *path, const struct stat *st, const char *text, size_t len)
{
    char *mine = malloc(len);
    if (!mine)
        return;
    memcpy(mine, text, len);
    pthread_mutex_lock(&last_file_lock);
    free(last_file.text);
    last_file.text = mine;
    last_file.len = len;
    last_file.st = *st;
    snprintf(last_file.path, sizeof last_file.path, "%s", path);
    pthread_mutex_unlock(&last_file_lock);
}

/* The file at path (stat st) as a stream: from the kept copy when it is the
 * same file, else read whole and kept (files up to 1 MB, last modified at
 * least 2 s ago: a file rewritten with the same size within the file
 * system's timestamp granularity would otherwise look unchanged; a file
 * kept, when rewritten, gets a later time than it had). A stream over
 * memory sets *own to the text, which the caller frees after fclose. */
static FILE *open_cached(const char *path, const struct stat *st, char **own)
{
    size_t len = 0;
    if ((*own = kept_copy(path, st, &len)) != NULL)
        return fmemopen(*own, len, "r");
    FILE *f = fopen(path, "r");
    if (!f || st->st_size <= 0 || st->st_size > (1 << 20) ||
        strlen(path) >= sizeof last_file.path || st->st_mtim.tv_sec + 2 > time(NULL))
        return f;
    char *text = malloc((size_t)st->st_size);
    if (!text || fread(text, 1, (size_t)st->st_size, f) != (size_t)st->st_size) {
        free(text);
        rewind(f);
        return f;
    }
    fclose(f);
    keep(path, st, text, (size_t)st->st_size);
    *own = text;
    return fmemopen(text, (size_t)st->st_size, "r");
}

/* The entries of stream f into ini (whose path names it in messages). */
static int read_stream(cwb_ini *ini, FILE *f, char *msg, size_t n)
{
    reader r = {.ini = ini};
    int rc = read_lines(&r, f, msg, n);
    if (rc != CWB_OK)
        cwb_ini_free(ini);
    return rc;
}

int cwb_ini_read(cwb_ini *ini, const char *path, const char *what, char *msg, size_t n)
{
    memset(ini, 0, sizeof *ini);
    if (strlen(path) >= sizeof ini->path)
        return cwb_fail(msg, n, CWB_EINPUT, "%.200s...: path too long", path);
    snprintf(ini->path, sizeof ini->path, "%s", path);
    int rc = cwb_regular_file(path, what, msg, n);
    if (rc != CWB_OK)
        return rc;
    struct stat st;
    if (stat(path, &st) != 0)
        return cwb_fail(msg, n, CWB_EINPUT, "%s: cannot open the %s: %s", path, what,
                        strerror(errno));
    char *own = NULL;
    FILE *f = open_cached(path, &st, &own);
    if (!f) {
        free(own);
        return cwb_fail(msg, n, CWB_EINPUT, "%s: cannot open the %s: %s", path, what,
                        strerror(errno));
    }
    rc = read_stream(ini, f, msg, n);
    fclose(f);
    free(own);
    return rc;
}

int cwb_ini_read_text(cwb_ini *ini, const char *name, const char *text, char *msg, size_t n)
{
    memset(ini, 0, sizeof *ini);
    if (strlen(name) >= sizeof ini->path)
        return cwb_fail(msg, n, CWB_EINPUT, "%.200s...: name too long", name);
    snprintf(ini->path, sizeof ini->path, "%s", name);
    size_t len = strlen(text);
    /* fmemopen of 0 bytes fails: an empty text is a stream of no lines */
    FILE *f = len ? fmemopen((void *)text, len, "r") : fopen("/dev/null", "r");
    if (!f)
        return cwb_fail(msg, n, CWB_EFAIL, "%s: cannot read the text: %s", name, strerror(errno));
    int rc = read_stream(ini, f, msg, n);
    fclose(f);
    return rc;
}

static const cwb_ini_binding *binding_of(const cwb_ini_binding *b, size_t count,
                                         const char *section)
{
    for (size_t i = 0; i < count; i++)
        if (strcmp(b[i].section, section) == 0)
            return &b[i];
    return NULL;
}

static void list_sections(const cwb_ini_binding *b, size_t count, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < count && used < n; i++)
        used += (size_t)snprintf(buf + used, n - used, "%s[%s]", i ? ", " : "", b[i].section);
}

static void list_keys(const cwb_param *t, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; t && t[i].name && used < n; i++)
        used += (size_t)snprintf(buf + used, n - used, "%s%s", i ? ", " : "", t[i].name);
}

int cwb_ini_bind(cwb_ini *ini, const cwb_ini_binding *b, size_t count, char *msg, size_t n)
{
    for (size_t i = 0; i < ini->n; i++) {
        cwb_ini_entry *e = &ini->e[i];
        const cwb_ini_binding *s = binding_of(b, count, e->section);
        char allowed[CWB_MSG / 2], why[CWB_MSG];
        if (!s) {
            list_sections(b, count, allowed, sizeof allowed);
            return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: unknown section [%s] (allowed: %s)",
                            ini->path, e->line, e->section, allowed);
        }
        int k = cwb_param_index(s->values->table, e->key);
        if (k < 0) {
            list_keys(s->values->table, allowed, sizeof allowed);
            return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: [%s] unknown key '%s' (allowed: %s)",
                            ini->path, e->line, e->section, e->key, allowed);
        }
        char resolved[CWB_TEXT];
        const char *value = cwb_path_value(&s->values->table[k], ini->path, e->line, e->value,
                                           resolved, sizeof resolved);
        if (!value)
            return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: [%s] %s = %.200s: %s", ini->path, e->line,
                            e->section, e->key, e->value, resolved);
        if (cwb_param_parse(s->values, k, value, why, sizeof why) != CWB_OK)
            return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: [%s] %s", ini->path, e->line, e->section,
                            why);
        s->values->given[k] = e->line;
        e->used = 1;
    }
    return CWB_OK;
}

/* cwb_ini.h -- the one reader of cwb's INI files: case files, fit-cases and
 * FEM studies follow the same rules, stated here once.
 *
 *   [section]            a section; keys before the first one are an error
 *   key = value          value trimmed; '#' or ';' at the start of a line or
 *                        after white space begins a comment
 *     more, values       an indented line without '=' continues the value
 *                        above it, joined with one space (a blank line ends it)
 *
 * A key given twice in one section is an error naming both lines. Lines
 * may be up to CWB_INI_MAX_LINE bytes (a longer one is refused naming its
 * line and the limit, after reading no more than the limit); a NUL byte,
 * or anything but a regular file (a folder, a FIFO, /dev/zero) given as
 * the file, is refused. A UTF-8 byte-order mark (EF BB BF) as the file's
 * first bytes is skipped, as inih, git and systemd do (Windows editors
 * write one); anywhere else it is an error naming its line. Why not
 * Debian's inih: it splits lines longer than 199 bytes and parses the tail
 * as a line of its own, which silently set keys hidden in long comments. */
#ifndef CWB_INI_H
#define CWB_INI_H

#include <stddef.h>
#include <stdio.h>

#include "cwb.h"

#define CWB_INI_MAX_LINE 65536

typedef struct {
    char *section, *key, *value;
    int line; /* >= 1: the file's line; -1: a --set override */
    int used; /* set by whoever consumes the entry */
} cwb_ini_entry;

typedef struct {
    char path[CWB_TEXT];
    cwb_ini_entry *e;
    size_t n, cap;
    char taken_out[512]; /* "section.key;" of each entry removed (cwb_ini_remove), as far as
                            it fits: a missing key is then blamed on the --set that took it */
} cwb_ini;

/* Read path ("what" names the kind of file in messages, e.g. "case file").
 * CWB_OK, or CWB_EINPUT with "FILE:LINE: message". An empty file is read as
 * no entries; the caller decides whether that is an error. */
int cwb_ini_read(cwb_ini *ini, const char *path, const char *what, char *msg, size_t n);
/* The same rules for a text in memory (NUL-terminated); name stands for the
 * file in messages ("NAME:LINE: ..."). */
int cwb_ini_read_text(cwb_ini *ini, const char *name, const char *text, char *msg, size_t n);

/* Lines of a text file read with a bound (the INI reader and the
 * reference-CSV reader, src/io/compare.c): a line longer than max bytes is
 * refused once max + 1 bytes of it are read, so a file without newlines
 * (/dev/zero, a 1 GB line) costs max bytes of memory, not the line. */
typedef struct {
    FILE *f;
    const char *path; /* for messages */
    size_t max;       /* longest line accepted [bytes, without its line end] */
    char *buf;        /* the line read, NUL-terminated, without "\n" or "\r\n" */
    size_t len;       /* its length */
    int line;         /* its number, from 1 */
} cwb_lines;

/* Start reading f (CWB_OK, or CWB_EFAIL out of memory). */
int cwb_lines_open(cwb_lines *l, FILE *f, const char *path, size_t max, char *msg, size_t n);
/* The next line into l->buf: CWB_OK with *got = 1, or *got = 0 at the end
 * of the file; CWB_EINPUT with "PATH:LINE: ..." for a line longer than
 * l->max bytes, a NUL byte, a byte-order mark other than the file's first
 * bytes, or a read error. */
int cwb_lines_next(cwb_lines *l, int *got, char *msg, size_t n);
void cwb_lines_close(cwb_lines *l);

/* Whether path names a regular file: CWB_OK, or CWB_EINPUT with
 * "PATH: ..." naming what it is instead ("what" names the kind of file
 * expected). */
int cwb_regular_file(const char *path, const char *what, char *msg, size_t n);

/* Append an entry (an override); CWB_OK or CWB_EFAIL (memory). */
int cwb_ini_add(cwb_ini *ini, const char *section, const char *key, const char *value, int line);

/* The first entry of section (NULL: any) called key (NULL: any). */
cwb_ini_entry *cwb_ini_find(const cwb_ini *ini, const char *section, const char *key);

/* Remove entry e of ini (a --set that clears a key); entries after it move
 * down by one, so a pointer to e or to any entry after it is no longer
 * valid: find an entry again after a removal. */
void cwb_ini_remove(cwb_ini *ini, cwb_ini_entry *e);
/* Whether section.key was removed by cwb_ini_remove. */
int cwb_ini_taken_out(const cwb_ini *ini, const char *section, const char *key);

void cwb_ini_free(cwb_ini *ini);

/* One section bound to the values of a parameter table. */
typedef struct {
    const char *section;
    cwb_values *values;
} cwb_ini_binding;

/* Parse every entry into the table of its section: an unknown section or
 * key, or a value out of its range, is CWB_EINPUT with "FILE:LINE: [section]
 * ...", listing what is allowed. values->given[i] receives the line. */
int cwb_ini_bind(cwb_ini *ini, const cwb_ini_binding *b, size_t count, char *msg, size_t n);

#endif /* CWB_INI_H */

/* init.c -- `cwb init`: a case file to start from (cwb_init.h).
 *
 * Nothing here is written per law or per driver: the sections are
 * cwb_case_sections, the keys are the tables the reader validates against,
 * a key's unit, range and default are formatted as `cwb describe` formats
 * them (cwb_describe.h), and its value is its `example` (cwb.h). What a
 * driver needs is declared on its type (cwb_run.h: dims, body2, needs)
 * and what a law is and needs on its head (dims, flags, needs_normal), so
 * a new law or driver is written out by init without a line here.
 *
 * Every case is loaded by the reader before it is shown or written: a
 * composition the reader (or the driver's check) would refuse is refused
 * here, with the reader's reason, and nothing is written.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cwb_describe.h"
#include "cwb_files.h"
#include "cwb_init.h"
#include "cwb_run.h"

/* What the command line asks for, and the laws and geometry chosen. */
typedef struct {
    const cwb_driver_type *driver;
    const cwb_law_head *law[CWB_KIND_COUNT]; /* NULL until named or chosen */
    int named[CWB_KIND_COUNT];               /* given on the command line */
    unsigned dim;                            /* CWB_DIM_3D or CWB_DIM_2D */
    const char *out;                         /* --out FILE, or NULL: stdout */
    int force;                               /* --force: --out may replace a file */
} request;

/* --- names ---------------------------------------------------------------- */

static void driver_names(char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < cwb_driver_count() && used < n; i++)
        used +=
            (size_t)snprintf(buf + used, n - used, "%s%s", i ? ", " : "", cwb_driver_at(i)->name);
}

/* The laws of kind k, comma-separated; only those of geometry dim when dim
 * is not 0. */
static void law_names(cwb_kind k, unsigned dim, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < cwb_law_count(k) && used < n; i++) {
        const cwb_law_head *h = cwb_law_at(k, i);
        if (!dim || (h->dims & dim))
            used += (size_t)snprintf(buf + used, n - used, "%s%s", used ? ", " : "", h->name);
    }
}

/* Is name one of the space-separated words of list? */
static int word_in(const char *list, const char *name)
{
    size_t len = strlen(name);
    for (const char *w = list; w && *w;) {
        size_t m = strcspn(w, " ");
        if (m == len && strncmp(w, name, len) == 0)
            return 1;
        w += m;
        w += strspn(w, " ");
    }
    return 0;
}

/* --- the command line ------------------------------------------------------ */

static int parse_law(request *rq, cwb_kind k, const char *name, char *msg, size_t n)
{
    char names[1024];
    rq->law[k] = cwb_law_find(k, name);
    rq->named[k] = 1;
    if (rq->law[k])
        return CWB_OK;
    law_names(k, 0, names, sizeof names);
    return cwb_fail(msg, n, CWB_EINPUT, "init: --%s %s: not a %s law (%s laws: %s)",
                    cwb_kind_name(k), name, cwb_kind_name(k), cwb_kind_name(k), names);
}

static int parse_args(int argc, char **argv, request *rq, char *msg, size_t n)
{
    char names[512];
    memset(rq, 0, sizeof *rq);
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int kind = -1;
        for (int k = 0; k < CWB_KIND_COUNT && a[0] == '-' && a[1] == '-'; k++)
            if (strcmp(a + 2, cwb_kind_name((cwb_kind)k)) == 0)
                kind = k;
        if (kind >= 0 && v) {
            int rc = parse_law(rq, (cwb_kind)kind, v, msg, n);
            if (rc != CWB_OK)
                return rc;
            i++;
        } else if (strcmp(a, "--out") == 0 && v)
            rq->out = argv[++i];
        else if (strcmp(a, "--force") == 0)
            rq->force = 1;
        else if (a[0] == '-' || rq->driver) {
            return cwb_fail(msg, n, CWB_EINPUT, "init: unexpected argument '%s' (cwb init --help)",
                            a);
        } else if (!(rq->driver = cwb_driver_find(a))) {
            driver_names(names, sizeof names);
            return cwb_fail(msg, n, CWB_EINPUT, "init: unknown driver '%s' (drivers: %s)", a,
                            names);
        }
    }
    if (rq->driver)
        return CWB_OK;
    driver_names(names, sizeof names);
    return cwb_fail(msg, n, CWB_EINPUT, "init: give a driver (drivers: %s)", names);
}

/* --- the composition ------------------------------------------------------- */

/* The geometry: one the driver and every law named run in, 3D first. */
static int pick_geometry(request *rq, char *msg, size_t n)
{
    unsigned dims = rq->driver->dims;
    for (int k = 0; k < CWB_KIND_COUNT; k++)
        if (rq->named[k])
            dims &= rq->law[k]->dims;
    if (dims) {
        rq->dim = (dims & CWB_DIM_3D) ? CWB_DIM_3D : CWB_DIM_2D;
        return CWB_OK;
    }
    char why[CWB_MSG];
    size_t used = (size_t)snprintf(why, sizeof why, "the %s driver runs %s", rq->driver->name,
                                   cwb_describe_geometry(rq->driver->dims));
    for (int k = 0; k < CWB_KIND_COUNT && used < sizeof why; k++)
        if (rq->named[k])
            used += (size_t)snprintf(why + used, sizeof why - used, "; --%s %s: %s",
                                     cwb_kind_name((cwb_kind)k), rq->law[k]->name,
                                     cwb_describe_geometry(rq->law[k]->dims));
    return cwb_fail(msg, n, CWB_EINPUT, "init: no geometry suits them all: %s", why);
}

/* Whether law h of kind k goes with the geometry and with the laws named
 * (and, for the other kinds, with the normal law chosen). */
static int suits(const request *rq, cwb_kind k, const cwb_law_head *h)
{
    if (!h || !(h->dims & rq->dim))
        return 0;
    if (k != CWB_KIND_NORMAL)
        return !h->needs_normal || word_in(h->needs_normal, rq->law[CWB_KIND_NORMAL]->name);
    for (int j = 1; j < CWB_KIND_COUNT; j++)
        if (rq->named[j] && rq->law[j]->needs_normal && !word_in(rq->law[j]->needs_normal, h->name))
            return 0;
    return 1;
}

/* The first law of kind k declaring CWB_LAW_DEFAULT that suits, or NULL. */
static const cwb_law_head *first_default(const request *rq, cwb_kind k)
{
    for (size_t i = 0; i < cwb_law_count(k); i++) {
        const cwb_law_head *h = cwb_law_at(k, i);
        if ((h->flags & CWB_LAW_DEFAULT) && suits(rq, k, h))
            return h;
    }
    return NULL;
}

/* The first law of the space-separated words that suits, or NULL. */
static const cwb_law_head *first_suiting(const request *rq, cwb_kind k, const char *words)
{
    char word[64];
    for (const char *w = words; w && *w;) {
        size_t m = strcspn(w, " ");
        snprintf(word, sizeof word, "%.*s", (int)(m < sizeof word ? m : sizeof word - 1), w);
        const cwb_law_head *h = cwb_law_find(k, word);
        if (suits(rq, k, h))
            return h;
        w += m;
        w += strspn(w, " ");
    }
    return NULL;
}

/* A law of kind k not named: the default law of a kind the driver needs,
 * a normal law the laws named need, else the geometry's default. */
static const cwb_law_head *choose_law(const request *rq, cwb_kind k)
{
    const cwb_law_head *h = (rq->driver->needs >> k) & 1u ? first_default(rq, k) : NULL;
    for (int j = 1; !h && k == CWB_KIND_NORMAL && j < CWB_KIND_COUNT; j++)
        if (rq->named[j])
            h = first_suiting(rq, k, rq->law[j]->needs_normal);
    if (!h && suits(rq, k, cwb_law_default(k, rq->dim)))
        h = cwb_law_default(k, rq->dim);
    return h;
}

static int choose_laws(request *rq, char *msg, size_t n)
{
    int rc = pick_geometry(rq, msg, n);
    for (int k = 0; rc == CWB_OK && k < CWB_KIND_COUNT; k++) {
        if (!rq->named[k] && !(rq->law[k] = choose_law(rq, (cwb_kind)k))) {
            char names[1024];
            law_names((cwb_kind)k, rq->dim, names, sizeof names);
            rc = cwb_fail(msg, n, CWB_EINPUT,
                          "init: no %s law goes with the laws given; name one with --%s (%s "
                          "laws for %s: %s)",
                          cwb_kind_name((cwb_kind)k), cwb_kind_name((cwb_kind)k),
                          cwb_kind_name((cwb_kind)k), cwb_describe_geometry(rq->dim), names);
        }
    }
    /* a named law against the normal law: the reader's message says it
     * best (it is loaded before anything is shown) */
    return rc;
}

/* --- writing ---------------------------------------------------------------- */

enum { WRAP = 92 }; /* columns of a comment line */

/* text as "# " comment lines of at most WRAP columns, broken at spaces. */
static void comment(FILE *f, const char *text)
{
    const char *s = text;
    while (*s) {
        size_t len = strlen(s), cut = len;
        if (len > WRAP - 2) {
            cut = WRAP - 2;
            while (cut > 0 && s[cut] != ' ')
                cut--;
            if (cut == 0)
                cut = strcspn(s, " ");
        }
        fprintf(f, "# %.*s\n", (int)cut, s);
        s += cut;
        s += strspn(s, " ");
    }
}

/* One key: its meaning, then unit, range and default, then the key set to
 * its example, or commented out at its default. */
static void write_key(FILE *f, const cwb_param *p, const char *example)
{
    char range[256], def[64], line[CWB_MSG];
    cwb_param_range(p, range, sizeof range);
    cwb_describe_default(p, def, sizeof def);
    comment(f, p->help ? p->help : "");
    char cond[160];
    cwb_param_read_when(p, cond, sizeof cond);
    if (*cond) {
        snprintf(line, sizeof line, "read only with %s", cond);
        comment(f, line);
    }
    int has = cwb_describe_has_default(p);
    snprintf(line, sizeof line, "allowed %s; %s%s", range,
             (p->flags & CWB_P_REQUIRED) ? ""
             : has                       ? "default "
                                         : "no default",
             (p->flags & CWB_P_REQUIRED) || has ? def : "");
    comment(f, line);
    if (example)
        fprintf(f, "%s = %s\n\n", p->name, example);
    else if (has)
        fprintf(f, "# %s = %s\n\n", p->name, def);
    else
        fprintf(f, "# %s =\n\n", p->name);
}

static void write_table(FILE *f, const cwb_param *t)
{
    for (size_t i = 0; t && t[i].name; i++)
        write_key(f, &t[i], t[i].example);
}

/* The value init writes for driver key p: its example_with_law's value
 * when the request has a law of that kind, else its example. */
static const char *driver_example(const request *rq, const cwb_param *p)
{
    const char *eq = p->example_with_law ? strchr(p->example_with_law, '=') : NULL;
    for (int k = 0; eq && k < CWB_KIND_COUNT; k++) {
        const char *kind = cwb_kind_name((cwb_kind)k);
        if (strlen(kind) == (size_t)(eq - p->example_with_law) &&
            strncmp(kind, p->example_with_law, strlen(kind)) == 0)
            return rq->law[k]->flags & CWB_LAW_ABSENT ? p->example : eq + 1;
    }
    return p->example;
}

static void heading(FILE *f, const cwb_case_section *s)
{
    char line[512];
    snprintf(line, sizeof line, "[%s] %s", s->name, s->help);
    fprintf(f, "# ---------------------------------------------------------------------------\n");
    comment(f, line);
}

static void write_contact(FILE *f, const request *rq)
{
    fprintf(f, "[contact]\n");
    for (int k = 0; k < CWB_KIND_COUNT; k++) {
        char names[1024], line[1400];
        law_names((cwb_kind)k, rq->dim, names, sizeof names);
        snprintf(line, sizeof line, "the %s law for %s, one of: %s", cwb_kind_name((cwb_kind)k),
                 cwb_describe_geometry(rq->dim), names);
        comment(f, line);
        fprintf(f, "%s = %s\n\n", cwb_kind_name((cwb_kind)k), rq->law[k]->name);
    }
}

static int shape_index(const char *word)
{
    const char *const *w = cwb_body_params[CWB_BODY_SHAPE].choices;
    for (int i = 0; w[i]; i++)
        if (strcmp(w[i], word) == 0)
            return i;
    return -1;
}

/* A body of the given shape: its shape, then the keys of that shape. */
static void write_body(FILE *f, const char *section, const char *shape)
{
    int s = shape_index(shape);
    fprintf(f, "[%s]\n", section);
    for (size_t i = 0; cwb_body_params[i].name; i++) {
        if (i == CWB_BODY_SHAPE) {
            comment(f, cwb_body_params[i].help);
            fprintf(f, "shape = %s\n\n", shape);
        } else if (cwb_body_key_applies(s, (int)i))
            write_key(f, &cwb_body_params[i], cwb_body_params[i].example);
    }
    if (strcmp(shape, "same") == 0)
        comment(f, "any key of [body1] given here replaces body1's for body2\n");
}

static void write_law(FILE *f, cwb_kind k, const cwb_law_head *h)
{
    char line[512];
    if (!h->params || !h->params[0].name) {
        snprintf(line, sizeof line, "(the %s law '%s' takes no keys)", cwb_kind_name(k), h->name);
        comment(f, line);
        fprintf(f, "\n");
        return;
    }
    snprintf(line, sizeof line, "%s: %s [%s]", h->name, h->summary, h->source);
    comment(f, line);
    fprintf(f, "[%s]\n", cwb_kind_name(k));
    write_table(f, h->params);
}

static int law_section(const char *name)
{
    for (int k = 0; k < CWB_KIND_COUNT; k++)
        if (strcmp(name, cwb_kind_name((cwb_kind)k)) == 0)
            return k;
    return -1;
}

static void write_header(FILE *f, const request *rq)
{
    char line[CWB_MSG];
    const cwb_driver_type *d = rq->driver;
    size_t used = (size_t)snprintf(line, sizeof line, "A case for the %s driver (%s), %s:", d->name,
                                   d->summary, cwb_describe_geometry(rq->dim));
    for (int k = 0; k < CWB_KIND_COUNT && used < sizeof line; k++)
        used += (size_t)snprintf(line + used, sizeof line - used, " %s %s%s",
                                 cwb_kind_name((cwb_kind)k), rq->law[k]->name,
                                 k + 1 < CWB_KIND_COUNT ? "," : ".");
    comment(f, line);
    snprintf(line, sizeof line,
             "Written by `cwb init %s` (cwb %s) from the tables cwb reads it with; it runs as "
             "written: cwb run FILE. Each key has its meaning, unit, allowed values and "
             "default. A key set here has no default or must be set for this driver: its value "
             "is an example, to replace with your own. A key written \"# key = value\" keeps "
             "that default (remove the # to change it); \"# key =\" has none and is not needed "
             "here. cwb describe case lists the sections, cwb describe NAME a law or a driver.",
             d->name, CWB_VERSION);
    comment(f, line);
    fprintf(f, "\n");
}

static void write_case(FILE *f, const request *rq)
{
    write_header(f, rq);
    for (const cwb_case_section *s = cwb_case_sections; s->name; s++) {
        int k = law_section(s->name);
        heading(f, s);
        if (strcmp(s->name, "contact") == 0)
            write_contact(f, rq);
        else if (strcmp(s->name, "body1") == 0)
            write_body(f, s->name, rq->dim == CWB_DIM_2D ? "disc" : "sphere");
        else if (strcmp(s->name, "body2") == 0)
            write_body(f, s->name, rq->driver->body2 ? rq->driver->body2 : "same");
        else if (strcmp(s->name, "driver") == 0) {
            comment(f, rq->driver->summary);
            fprintf(f, "[driver]\ntype = %s\n\n", rq->driver->name);
            for (const cwb_param *p = rq->driver->params; p && p->name; p++)
                write_key(f, p, driver_example(rq, p));
        } else if (k >= 0)
            write_law(f, (cwb_kind)k, rq->law[k]);
        else {
            fprintf(f, "[%s]\n", s->name);
            write_table(f, s->params);
        }
    }
}

/* --- checking and output ---------------------------------------------------- */

/* The reader's verdict on the case at path (written as tmp): its message
 * with the temporary name replaced by what the user asked for. */
static int check_loads(const char *tmp, const request *rq, char *msg, size_t n)
{
    cwb_case *c = cwb_case_new();
    char why[CWB_MSG];
    if (!c)
        return cwb_fail(msg, n, CWB_EFAIL, "init: out of memory");
    int rc = cwb_case_load(c, tmp, NULL, 0, why, sizeof why);
    free(c);
    if (rc == CWB_OK)
        return CWB_OK;
    const char *at = strstr(why, tmp);
    const char *rest = at ? at + strlen(tmp) : why;
    char laws[256];
    size_t used = 0;
    for (int k = 0; k < CWB_KIND_COUNT && used < sizeof laws; k++)
        used += (size_t)snprintf(laws + used, sizeof laws - used, " --%s %s",
                                 cwb_kind_name((cwb_kind)k), rq->law[k]->name);
    if (rest[0] == ':')
        rest++;
    return cwb_fail(msg, n, CWB_EINPUT, "init: %s%s would not load: %s%s", rq->driver->name, laws,
                    at && rest[0] >= '0' && rest[0] <= '9' ? "line " : "", rest + (rest[0] == ' '));
}

/* Copy the finished temporary file to stdout. */
static int copy_out(const char *tmp, char *msg, size_t n)
{
    FILE *f = fopen(tmp, "r");
    if (!f)
        return cwb_fail(msg, n, CWB_EFAIL, "init: cannot read back %s: %s", tmp, strerror(errno));
    char buf[4096];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0)
        fwrite(buf, 1, got, stdout);
    fclose(f);
    return CWB_OK;
}

/* Where the case is written before it is checked: beside --out, or in
 * TMPDIR for stdout. */
static int open_output(const request *rq, cwb_output *w, char *msg, size_t n)
{
    char path[CWB_TEXT];
    struct stat st;
    if (rq->out && !rq->force && stat(rq->out, &st) == 0)
        return cwb_fail(msg, n, CWB_EINPUT, "init: %s exists (--force to replace it)", rq->out);
    const char *tmpdir = getenv("TMPDIR");
    snprintf(path, sizeof path, "%s/cwb-init.case", tmpdir && tmpdir[0] ? tmpdir : "/tmp");
    return cwb_output_open(w, rq->out ? rq->out : path, msg, n);
}

int cwb_init_command(int argc, char **argv, char *msg, size_t n)
{
    request rq;
    cwb_output w;
    int rc = parse_args(argc, argv, &rq, msg, n);
    if (rc == CWB_OK)
        rc = choose_laws(&rq, msg, n);
    if (rc == CWB_OK)
        rc = open_output(&rq, &w, msg, n);
    if (rc != CWB_OK)
        return rc;
    write_case(w.f, &rq);
    /* flushed, not synced: the reader must see every byte; the commit
     * syncs what is kept */
    if (fflush(w.f) != 0 || ferror(w.f))
        rc = cwb_fail(msg, n, CWB_EFAIL, "init: cannot write %s: %s", w.tmp, strerror(errno));
    if (rc == CWB_OK)
        rc = check_loads(w.tmp, &rq, msg, n);
    if (rc == CWB_OK && !rq.out)
        rc = copy_out(w.tmp, msg, n);
    if (rc == CWB_OK && rq.out) {
        if ((rc = cwb_output_commit(&w, msg, n)) == CWB_OK)
            fprintf(stderr, "cwb: wrote %s (cwb run %s)\n", rq.out, rq.out);
        return rc;
    }
    cwb_output_abort(&w);
    return rc;
}

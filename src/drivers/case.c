/* case.c -- read, validate and build a case file (doc/case-files.md).
 *
 * The file is read by the one INI reader (cwb_ini.h) into a flat list of entries (section,
 * key, value, line); --set overrides are merged into that list; then every
 * entry is validated where its meaning is known: [contact] picks the laws,
 * [normal]/[tangential]/[damping]/[rolling] hold their parameters,
 * [body1]/[body2] the bodies, [driver] the driver and its keys, [output] the
 * reference and plot. Every entry must be consumed; an unknown section or
 * key is an error. Every error reads "FILE:LINE: message" (or names the
 * --set override) and returns CWB_EINPUT.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cwb_ini.h"
#include "cwb_numeric.h"
#include "cwb_paths.h"
#include "cwb_run.h"

typedef cwb_ini_entry entry;
typedef cwb_ini parse_ctx;

static const char *const kind_sections[CWB_KIND_COUNT] = {"normal", "tangential", "damping",
                                                          "rolling"};

/* --- output and sweep parameter tables --------------------------------- */

const cwb_param cwb_output_params[] = {
    {.name = "reference",
     .unit = "-",
     .kind = CWB_PARAM_TEXT,
     .flags = CWB_P_PATH,
     .help = "reference CSV to compare with (a relative path is read from the case file's "
             "folder)"},
    {.name = "reference_x",
     .unit = "-",
     .kind = CWB_PARAM_TEXT,
     .read_when = "reference=*",
     .help = "reference column on the x axis (default: the plot's x column)"},
    {.name = "reference_y",
     .unit = "-",
     .kind = CWB_PARAM_TEXT,
     .read_when = "reference=*",
     .help = "reference column on the y axis (default: the plot's y column)"},
    {.name = "plot_x",
     .unit = "-",
     .kind = CWB_PARAM_TEXT,
     .help = "column on the plot's x axis (default: the driver's)"},
    {.name = "plot_y",
     .unit = "-",
     .kind = CWB_PARAM_TEXT,
     .help = "column on the plot's y axis (default: the driver's)"},
    {.name = "title", .unit = "-", .kind = CWB_PARAM_TEXT, .help = "plot title"},
    {.name = "compare_x",
     .unit = "-",
     .kind = CWB_PARAM_TEXT,
     .help = "column (in run and reference) the comparison matches on, e.g. step "
             "for a loop; default: the plot's x column"},
    {.name = "overlay",
     .unit = "-",
     .kind = CWB_PARAM_TEXT,
     .flags = CWB_P_OUTPUTS,
     .help = "other runs' CSVs drawn on the same plot (e.g. other laws), ';'-separated: a bare "
             "file name is read from the output folder (--out), where those runs wrote it; a "
             "path with a folder in it from the case file's folder"},
    {.name = "also_reference",
     .unit = "-",
     .kind = CWB_PARAM_TEXT,
     .flags = CWB_P_PATH,
     .help = "further reference CSVs (e.g. FEM) drawn as points and compared (deviation "
             "also_ref_*, not held to a tolerance); ';'-separated"},
    {.name = "reference_compare_x",
     .unit = "-",
     .kind = CWB_PARAM_TEXT,
     .help = "the reference's column matched with compare_x, where its name differs (e.g. "
             "t_contact for t; default: compare_x)"},
    {.name = "also_reference_y",
     .unit = "-",
     .kind = CWB_PARAM_TEXT,
     .help = "the also_references' column on the y axis, where it differs from the "
             "reference's (e.g. R_x of a FEM table; default: reference_y, else the plot's y)"},
    {.name = "model_comparison",
     .unit = "-",
     .kind = CWB_PARAM_TEXT,
     .read_when = "reference=*",
     .help = "set when the reference is another model (a published law against an FEM, one "
             "law against another): says what the deviation measures; it is then a result, "
             "not judged against the reference's tolerance"},
    {.name = "no_reference",
     .unit = "-",
     .kind = CWB_PARAM_TEXT,
     .help = "why the plot draws no reference (a paper figure without a closed form, FEM or "
             "published curve), in words: it goes into the plot's title as \"(no reference: "
             "...)\"; not with a reference, unless that is another model (model_comparison)"},
    {0}};

static const char *const scales[] = {"linear", "log", NULL};

const cwb_param cwb_sweep_params[] = {
    {.name = "vary",
     .unit = "-",
     .kind = CWB_PARAM_TEXT,
     .help = "the key to vary, as section.key (e.g. driver.impact_angle_deg)"},
    {.name = "from", .unit = "(key)", .min = -INFINITY, .max = INFINITY, .help = "first value"},
    {.name = "to", .unit = "(key)", .min = -INFINITY, .max = INFINITY, .help = "last value"},
    {.name = "n",
     .unit = "-",
     .flags = CWB_P_INTEGER,
     .def = 11,
     .min = 1,
     .max = 1e6,
     .help = "number of values"},
    {.name = "scale",
     .unit = "-",
     .kind = CWB_PARAM_CHOICE,
     .choices = scales,
     .help = "spacing of the values"},
    {.name = "plot_y",
     .unit = "-",
     .kind = CWB_PARAM_TEXT,
     .help = "results to plot against the varied key, comma-separated"},
    {.name = "reference",
     .unit = "-",
     .kind = CWB_PARAM_TEXT,
     .flags = CWB_P_PATH,
     .help = "reference CSVs, comma-separated; the first is compared (relative paths are read "
             "from the case file's folder)"},
    {.name = "reference_x",
     .unit = "-",
     .kind = CWB_PARAM_TEXT,
     .read_when = "reference=*",
     .help = "x column of the references (default: the varied key)"},
    {.name = "reference_y",
     .unit = "-",
     .kind = CWB_PARAM_TEXT,
     .read_when = "reference=*",
     .help = "y column of the references (default: the first plot_y)"},
    {.name = "title", .unit = "-", .kind = CWB_PARAM_TEXT, .help = "plot title"},
    {.name = "plot_x",
     .unit = "-",
     .kind = CWB_PARAM_TEXT,
     .help = "result on the plots' x axis, ';'-groups like plot_y (default: the varied key)"},
    {.name = "link",
     .unit = "-",
     .kind = CWB_PARAM_TEXT,
     .help = "a second key set to link_factor times each value (section.key)"},
    {.name = "link_factor",
     .unit = "-",
     .read_when = "link=*",
     .def = 1,
     .min = -INFINITY,
     .max = INFINITY,
     .help = "factor of the linked key"},
    {.name = "overlay",
     .unit = "-",
     .kind = CWB_PARAM_TEXT,
     .flags = CWB_P_OUTPUTS,
     .help = "other sweeps' CSVs drawn on every plot of this one, ';'-separated: a bare file "
             "name is read from the output folder (--out), a path with a folder from the case "
             "file's folder"},
    {0}};

/* --- the sections of a case file ---------------------------------------- */

const cwb_case_section cwb_case_sections[] = {
    {"contact", NULL,
     "the contact's four laws by name: normal, tangential, damping, rolling (none where "
     "absent; `cwb laws` lists them)"},
    {"body1", cwb_body_params, "the first body: a sphere or a disc"},
    {"body2", cwb_body_params,
     "the second body: a sphere, a disc, a wall, or same (a copy of body1)"},
    {"driver", NULL,
     "the scenario: type = one of the drivers (`cwb laws` lists them), and that driver's "
     "keys (`cwb describe DRIVER`)"},
    {"normal", NULL, "the normal law's parameters (`cwb describe LAW`)"},
    {"tangential", NULL, "the tangential law's parameters"},
    {"damping", NULL, "the damping law's parameters"},
    {"rolling", NULL, "the rolling and twisting law's parameters"},
    {"output", cwb_output_params, "the reference to compare with, and the plot"},
    {"sweep", cwb_sweep_params,
     "for cwb sweep: the key varied, its values, and the plots and references of the sweep"},
    {NULL, NULL, NULL}};

const cwb_case_section *cwb_case_section_find(const char *name)
{
    for (const cwb_case_section *s = cwb_case_sections; s->name; s++)
        if (strcmp(s->name, name) == 0)
            return s;
    return NULL;
}

/* --- helpers ----------------------------------------------------------- */

static void where(const cwb_case *c, const entry *e, char *buf, size_t n)
{
    if (e->line > 0)
        snprintf(buf, n, "%s:%d", c->file, e->line);
    else
        snprintf(buf, n, "--set %s.%s=%.200s", e->section, e->key, e->value);
}

static int fail_at(const cwb_case *c, const entry *e, char *msg, size_t n, const char *what)
{
    char w[CWB_TEXT + 64];
    where(c, e, w, sizeof w);
    return cwb_fail(msg, n, CWB_EINPUT, "%s: %s", w, what);
}

/* First line of a section (for errors about missing keys), 0 if absent. */
static const entry *first_in(const parse_ctx *ctx, const char *section)
{
    return cwb_ini_find(ctx, section, NULL);
}

/* A required key the case lacks: blamed on the --set that took it out, else
 * on the section's first line, else on the file. */
static int fail_missing(const cwb_case *c, const parse_ctx *ctx, const char *section,
                        const char *key, const char *why, char *msg, size_t n)
{
    if (cwb_ini_taken_out(ctx, section, key))
        return cwb_fail(msg, n, CWB_EINPUT, "--set %s.%s=: %s (taken out here)", section, key, why);
    const entry *e = first_in(ctx, section);
    return e ? fail_at(c, e, msg, n, why) : cwb_fail(msg, n, CWB_EINPUT, "%s: %s", c->file, why);
}

static entry *find_entry(parse_ctx *ctx, const char *section, const char *key)
{
    return cwb_ini_find(ctx, section, key);
}

static void list_params(const cwb_param *t, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = '\0';
    if (!t || !t[0].name) {
        snprintf(buf, n, "none");
        return;
    }
    for (size_t i = 0; t[i].name && used < n; i++)
        used += (size_t)snprintf(buf + used, n - used, "%s%s", i ? ", " : "", t[i].name);
}

/* One section to read into a table of values. */
typedef struct {
    const char *name;     /* the section, e.g. "body1" */
    cwb_values *values;   /* filled; its table (values->table) names the keys */
    const char *owner;    /* whose keys they are, for messages ("the hertz normal law") */
    const char *skip_key; /* a key the caller handles (e.g. "type"), or NULL */
} section_spec;

/* A key the section gave that its table does not read under the section's
 * choices (cwb_param.read_when) is refused at its line. */
static int check_read(const cwb_case *c, parse_ctx *ctx, const section_spec *sec, char *msg,
                      size_t n)
{
    char why[CWB_MSG], full[CWB_MSG + 160];
    int at;
    if (cwb_values_check_read(sec->values, &at, why, sizeof why) == CWB_OK)
        return CWB_OK;
    size_t used = (size_t)snprintf(full, sizeof full, "[%s] %s", sec->name, why);
    /* a key of the condition that a --set took out: say so, the line
     * named is the refused key's, which still stands */
    char key[64];
    for (int k = 0;
         cwb_param_condition_key(&sec->values->table[at], k, key, sizeof key) && used < sizeof full;
         k++)
        if (cwb_ini_taken_out(ctx, sec->name, key))
            used += (size_t)snprintf(full + used, sizeof full - used, " (--set %s.%s= took %s out)",
                                     sec->name, key, key);
    const entry *e = find_entry(ctx, sec->name, sec->values->table[at].name);
    return e ? fail_at(c, e, msg, n, full) : cwb_fail(msg, n, CWB_EINPUT, "%s: %s", c->file, full);
}

/* Parse every entry of section sec->name into sec->values, marking them used. */
static int parse_section(const cwb_case *c, parse_ctx *ctx, const section_spec *sec, char *msg,
                         size_t n)
{
    const char *section = sec->name, *owner = sec->owner, *skip_key = sec->skip_key;
    cwb_values *v = sec->values;
    char why[CWB_MSG];
    for (size_t i = 0; i < ctx->n; i++) {
        entry *e = &ctx->e[i];
        if (strcmp(e->section, section) != 0 || e->used)
            continue;
        if (skip_key && strcmp(e->key, skip_key) == 0)
            continue;
        int k = cwb_param_index(v->table, e->key);
        if (k < 0) {
            char names[512];
            list_params(v->table, names, sizeof names);
            snprintf(why, sizeof why, "[%s] unknown key '%s' for %s (its keys: %s)", section,
                     e->key, owner, names);
            return fail_at(c, e, msg, n, why);
        }
        char resolved[CWB_TEXT];
        const char *value =
            cwb_path_value(&v->table[k], ctx->path, e->line, e->value, resolved, sizeof resolved);
        if (!value) {
            snprintf(why, sizeof why, "[%s] %s = %.200s: %.300s", section, e->key, e->value,
                     resolved);
            return fail_at(c, e, msg, n, why);
        }
        if (cwb_param_parse(v, k, value, why, sizeof why) != CWB_OK) {
            char full[CWB_MSG + 64];
            snprintf(full, sizeof full, "[%s] %s", section, why);
            return fail_at(c, e, msg, n, full);
        }
        v->given[k] = e->line;
        e->used = 1;
    }
    return check_read(c, ctx, sec, msg, n);
}

/* Every REQUIRED parameter of v must have been given. */
static int check_required(const cwb_case *c, const parse_ctx *ctx, const char *section,
                          const cwb_values *v, const char *owner, char *msg, size_t n)
{
    for (size_t i = 0; v->table[i].name; i++) {
        if (!(v->table[i].flags & CWB_P_REQUIRED) || v->given[i])
            continue;
        char range[96];
        cwb_param_range(&v->table[i], range, sizeof range);
        char why[CWB_MSG];
        snprintf(why, sizeof why, "[%s] missing required key '%s' for %s (%s, allowed %s)", section,
                 v->table[i].name, owner, v->table[i].help, range);
        return fail_missing(c, ctx, section, v->table[i].name, why, msg, n);
    }
    return CWB_OK;
}

/* --- bodies ------------------------------------------------------------ */

/* A wall's keys: rigid unless E is given; a rigid one takes no E with
 * rigid = yes and no nu, an elastic one needs nu; none has a radius or
 * density (a half-space of infinite mass). */
static int check_wall(const cwb_case *c, const parse_ctx *ctx, const char *sec, const cwb_values *v,
                      cwb_body *b, char *msg, size_t n)
{
    const entry *e = first_in(ctx, sec);
    char why[CWB_MSG];
    if (!v->given[CWB_BODY_E])
        b->rigid = 1;
    if (b->rigid && v->given[CWB_BODY_E] && v->given[CWB_BODY_RIGID]) {
        snprintf(why, sizeof why, "[%s] a wall with rigid = yes takes no E (got E = %g Pa)", sec,
                 b->E);
        return fail_at(c, e, msg, n, why);
    }
    if (b->rigid && v->given[CWB_BODY_NU]) { /* a rigid body's compliance is 0 */
        snprintf(why, sizeof why,
                 "[%s] a rigid wall takes no nu (got nu = %g): it does not deform, so no "
                 "Poisson's ratio is read; give E for an elastic wall",
                 sec, b->nu);
        const entry *at_nu = cwb_ini_find(ctx, sec, "nu");
        return fail_at(c, at_nu ? at_nu : e, msg, n, why);
    }
    if (!b->rigid && !v->given[CWB_BODY_NU]) {
        snprintf(why, sizeof why, "[%s] an elastic wall (E given) needs nu [-], allowed (-1, 0.5)",
                 sec);
        return fail_at(c, e, msg, n, why);
    }
    if (v->given[CWB_BODY_RADIUS] || v->given[CWB_BODY_DENSITY]) {
        snprintf(why, sizeof why,
                 "[%s] a wall has no radius or density (it is a half-space of infinite mass)", sec);
        return fail_at(c, e, msg, n, why);
    }
    return CWB_OK;
}

/* A sphere's or disc's keys: never rigid, and radius, E, nu and density
 * all given. */
static int check_solid(const cwb_case *c, const parse_ctx *ctx, const char *sec,
                       const cwb_values *v, const cwb_body *b, char *msg, size_t n)
{
    static const int solid_keys[] = {CWB_BODY_RADIUS, CWB_BODY_E, CWB_BODY_NU, CWB_BODY_DENSITY};
    char why[CWB_MSG];
    if (v->given[CWB_BODY_RIGID] && b->rigid) {
        snprintf(why, sizeof why, "[%s] rigid = yes is for walls only", sec);
        return fail_at(c, first_in(ctx, sec), msg, n, why);
    }
    for (size_t k = 0; k < sizeof solid_keys / sizeof *solid_keys; k++) {
        int i = solid_keys[k];
        if (v->given[i])
            continue;
        char range[96];
        cwb_param_range(&v->table[i], range, sizeof range);
        snprintf(why, sizeof why, "[%s] missing required key '%s' for a %s (%s, allowed %s)", sec,
                 v->table[i].name, cwb_shape_name(b->shape), v->table[i].help, range);
        return fail_missing(c, ctx, sec, v->table[i].name, why, msg, n);
    }
    return CWB_OK;
}

static int build_body(const cwb_case *c, const parse_ctx *ctx, int which, const cwb_values *v,
                      cwb_body *b, char *msg, size_t n)
{
    const char *sec = which == 0 ? "body1" : "body2";
    memset(b, 0, sizeof *b);
    b->shape = (cwb_shape)(int)v->p[CWB_BODY_SHAPE];
    b->radius = v->p[CWB_BODY_RADIUS];
    b->E = v->p[CWB_BODY_E];
    b->nu = v->p[CWB_BODY_NU];
    b->density = v->p[CWB_BODY_DENSITY];
    b->rigid = (int)v->p[CWB_BODY_RIGID];
    return b->shape == CWB_SHAPE_WALL ? check_wall(c, ctx, sec, v, b, msg, n)
                                      : check_solid(c, ctx, sec, v, b, msg, n);
}

/* --- laws -------------------------------------------------------------- */

static int pick_law(cwb_case *c, parse_ctx *ctx, cwb_kind kind, char *msg, size_t n)
{
    entry *e = find_entry(ctx, "contact", kind_sections[kind]);
    if (!e && kind == CWB_KIND_NORMAL) {
        const char *why = "[contact] missing required key 'normal' (the normal "
                          "law; `cwb laws normal` lists them)";
        return fail_missing(c, ctx, "contact", "normal", why, msg, n);
    }
    /* a kind the case does not name gets its absent law */
    const cwb_law_head *law = e ? cwb_law_find(kind, e->value) : cwb_law_default(kind, 0);
    if (!law) {
        char names[512];
        size_t used = 0;
        for (size_t i = 0; i < cwb_law_count(kind) && used < sizeof names; i++)
            used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "",
                                     cwb_law_at(kind, i)->name);
        char why[CWB_MSG];
        snprintf(why, sizeof why, "[contact] %s = '%.100s' is not a %s law (known: %s)",
                 kind_sections[kind], e->value, kind_sections[kind], names);
        return fail_at(c, e, msg, n, why);
    }
    if (e)
        e->used = 1;
    c->law[kind] = law;
    c->law_line[kind] = e ? e->line : 0;
    cwb_values_init(&c->law_values[kind], law->params);
    char owner[96];
    snprintf(owner, sizeof owner, "the %s law '%s'", kind_sections[kind], law->name);
    section_spec sec = {kind_sections[kind], &c->law_values[kind], owner, NULL};
    int rc = parse_section(c, ctx, &sec, msg, n);
    if (rc != CWB_OK)
        return rc;
    return check_required(c, ctx, kind_sections[kind], &c->law_values[kind], owner, msg, n);
}

static int check_law(cwb_case *c, parse_ctx *ctx, cwb_kind kind, char *msg, size_t n)
{
    const cwb_law_head *law = c->law[kind];
    entry *e = find_entry(ctx, "contact", kind_sections[kind]);
    entry fallback = {.section = (char *)"contact", .line = 0};
    if (!e)
        e = &fallback;
    char why[CWB_MSG];
    unsigned need = c->pair.dim == 3 ? CWB_DIM_3D : CWB_DIM_2D;
    if (!(law->dims & need)) {
        snprintf(why, sizeof why, "[contact] %s = %s is a %s law but body1 is a %s (%s): use %s",
                 kind_sections[kind], law->name,
                 (law->dims & CWB_DIM_2D) ? "2D (plane-strain, per unit length)" : "3D",
                 cwb_shape_name(c->pair.body[0].shape), c->pair.dim == 3 ? "3D" : "2D plane strain",
                 c->pair.dim == 3 ? "spheres with a 3D law, or discs"
                                  : "discs with a 2D law, or spheres");
        return e->line ? fail_at(c, e, msg, n, why)
                       : cwb_fail(msg, n, CWB_EINPUT, "%s: %s", c->file, why);
    }
    if (!cwb_law_fits_normal(law, c->law[CWB_KIND_NORMAL])) {
        snprintf(why, sizeof why,
                 "[contact] %s = %s is calibrated on the '%s' normal law, not on '%s'",
                 kind_sections[kind], law->name, law->needs_normal, c->law[CWB_KIND_NORMAL]->name);
        return e->line ? fail_at(c, e, msg, n, why)
                       : cwb_fail(msg, n, CWB_EINPUT, "%s: %s", c->file, why);
    }
    if (law->check) {
        char inner[CWB_MSG];
        if (law->check(c->law_values[kind].p, &c->pair, inner, sizeof inner) != CWB_OK) {
            snprintf(why, sizeof why, "[%s] %.900s", kind_sections[kind], inner);
            return e->line ? fail_at(c, e, msg, n, why)
                           : cwb_fail(msg, n, CWB_EINPUT, "%s: %s", c->file, why);
        }
    }
    if (law->prepare) {
        char inner[CWB_MSG];
        int rc = law->prepare(c->law_values[kind].p, &c->pair, inner, sizeof inner);
        if (rc != CWB_OK) {
            snprintf(why, sizeof why, "[%s] %.900s", kind_sections[kind], inner);
            return e->line ? fail_at(c, e, msg, n, why)
                           : cwb_fail(msg, n, rc, "%s: %s", c->file, why);
        }
    }
    (void)ctx;
    return CWB_OK;
}

/* --- public ------------------------------------------------------------ */

/* The contact of a case (cwb_run.h): the reader already checked and
 * prepared the laws of c, so setup cannot refuse them. */
int cwb_contact_init(cwb_contact *ct, const cwb_case *c)
{
    const cwb_contact_laws laws = {
        CWB_AS_NORMAL(c->law[CWB_KIND_NORMAL]), CWB_AS_TANGENTIAL(c->law[CWB_KIND_TANGENTIAL]),
        CWB_AS_DAMPING(c->law[CWB_KIND_DAMPING]), CWB_AS_ROLLING(c->law[CWB_KIND_ROLLING])};
    const double *p[CWB_KIND_COUNT];
    for (int k = 0; k < CWB_KIND_COUNT; k++)
        p[k] = c->law_values[k].p;
    return cwb_contact_setup(ct, &laws, p, &c->pair);
}

cwb_case *cwb_case_new(void)
{
    return calloc(1, sizeof(cwb_case));
}

/* The section of c whose values table is v ("normal", "body1", "driver"),
 * so that a key given by --set is named as the user wrote it. */
static const char *section_of_values(const cwb_case *c, const cwb_values *v)
{
    for (int k = 0; k < CWB_KIND_COUNT; k++)
        if (v == &c->law_values[k])
            return cwb_kind_name((cwb_kind)k);
    if (v == &c->body_values[0])
        return "body1";
    if (v == &c->body_values[1])
        return "body2";
    return v == &c->driver_values ? "driver" : NULL;
}

void cwb_case_where(const cwb_case *c, const cwb_values *v, int i, char *buf, size_t n)
{
    const char *sec = section_of_values(c, v);
    if (v->given[i] > 0)
        snprintf(buf, n, "%s:%d", c->file, v->given[i]);
    else if (v->given[i] < 0 && sec)
        snprintf(buf, n, "--set %s.%s", sec, v->table[i].name);
    else if (v->given[i] < 0)
        snprintf(buf, n, "--set %s", v->table[i].name);
    else
        snprintf(buf, n, "%s", c->file);
}

int cwb_case_refuse_law_key(const cwb_case *c, int kind, int i, const char *why, char *msg,
                            size_t n)
{
    const cwb_values *v = &c->law_values[kind];
    char w[CWB_TEXT + 32], value[96];
    cwb_case_where(c, v, i, w, sizeof w);
    cwb_param_format(v, i, value, sizeof value);
    return cwb_fail(msg, n, CWB_EINPUT, "%s: [%s] %s = %s%s", w, cwb_kind_name((cwb_kind)kind),
                    v->table[i].name, value, why);
}

/* The values table of section `sec` of c (a law's, a body's, the
 * driver's), or NULL. */
static const cwb_values *section_values(const cwb_case *c, const char *sec)
{
    for (int k = 0; k < CWB_KIND_COUNT; k++)
        if (strcmp(sec, cwb_kind_name((cwb_kind)k)) == 0)
            return &c->law_values[k];
    if (strcmp(sec, "body1") == 0 || strcmp(sec, "body2") == 0)
        return &c->body_values[sec[4] - '1'];
    if (strcmp(sec, "driver") == 0)
        return &c->driver_values;
    return NULL;
}

const cwb_values *cwb_case_key(const cwb_case *c, const char *path, int *index)
{
    char sec[64];
    const char *dot = strchr(path, '.');
    *index = -1;
    if (!c || !dot || (size_t)(dot - path) >= sizeof sec)
        return NULL;
    snprintf(sec, sizeof sec, "%.*s", (int)(dot - path), path);
    const cwb_values *v = section_values(c, sec);
    *index = v && v->table ? cwb_param_index(v->table, dot + 1) : -1;
    return *index >= 0 ? v : NULL;
}

int cwb_case_value_text(const cwb_case *c, const char *path, char *buf, size_t n)
{
    char sec[64];
    const char *dot = strchr(path, '.');
    if (!dot || (size_t)(dot - path) >= sizeof sec)
        return -1;
    snprintf(sec, sizeof sec, "%.*s", (int)(dot - path), path);
    if (strcmp(sec, "contact") == 0) { /* the law of a kind, by name */
        for (int k = 0; k < CWB_KIND_COUNT; k++)
            if (strcmp(dot + 1, cwb_kind_name((cwb_kind)k)) == 0 && c->law[k]) {
                snprintf(buf, n, "%s", c->law[k]->name);
                return 0;
            }
        return -1;
    }
    const cwb_values *v = section_values(c, sec);
    int i = v && v->table ? cwb_param_index(v->table, dot + 1) : -1;
    if (i < 0)
        return -1;
    if (v->table[i].kind == CWB_PARAM_REAL)
        cwb_format_shortest(v->p[i], buf, n);
    else if (v->table[i].kind == CWB_PARAM_LIST) {
        size_t used = 0;
        buf[0] = '\0';
        for (size_t k = 0; k < v->list[i].n && used < n; k++) {
            char num[32];
            cwb_format_shortest(v->list[i].v[k], num, sizeof num);
            used += (size_t)snprintf(buf + used, n - used, "%s%s", k ? "," : "", num);
        }
    } else
        cwb_param_format(v, i, buf, n);
    return 0;
}

static int apply_override(parse_ctx *ctx, const char *text, char *msg, size_t n)
{
    const char *eq = strchr(text, '=');
    const char *dot = strchr(text, '.');
    if (!eq || !dot || dot > eq || dot == text || dot + 1 == eq)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "--set %s: expected section.key=value (e.g. driver.dt=1e-7)", text);
    char section[64], key[64], value[4096];
    size_t ls = (size_t)(dot - text), lk = (size_t)(eq - dot - 1);
    if (ls >= sizeof section || lk >= sizeof key || strlen(eq + 1) >= sizeof value)
        return cwb_fail(msg, n, CWB_EINPUT, "--set %s: too long", text);
    memcpy(section, text, ls);
    section[ls] = '\0';
    memcpy(key, dot + 1, lk);
    key[lk] = '\0';
    snprintf(value, sizeof value, "%s", eq + 1);
    cwb_trim(section);
    cwb_trim(key);
    cwb_trim(value);
    entry *e = find_entry(ctx, section, key);
    if (value[0] == '\0') { /* "section.key=": the key as if the file did not give it */
        if (!e)             /* a misspelt key would otherwise take nothing out without a word */
            return cwb_fail(msg, n, CWB_EINPUT,
                            "--set %s: the case gives no %s.%s to take out (section.key= "
                            "removes a key the file gives)",
                            text, section, key);
        cwb_ini_remove(ctx, e);
        return CWB_OK;
    }
    if (e) {
        char *v = malloc(strlen(value) + 1);
        if (!v)
            return cwb_fail(msg, n, CWB_EFAIL, "--set %s: out of memory", text);
        strcpy(v, value);
        free(e->value);
        e->value = v;
        e->line = -1;
        return CWB_OK;
    }
    if (cwb_ini_add(ctx, section, key, value, -1) != CWB_OK)
        return cwb_fail(msg, n, CWB_EFAIL, "--set %s: out of memory", text);
    return CWB_OK;
}

/* Duplicate keys were refused by the reader; overrides replace. */
static int apply_overrides(parse_ctx *ctx, const char *const *overrides, size_t n_over, char *msg,
                           size_t n)
{
    for (size_t i = 0; i < n_over; i++) {
        int rc = apply_override(ctx, overrides[i], msg, n);
        if (rc != CWB_OK)
            return rc;
    }
    return CWB_OK;
}

/* Every entry is in a known section and has a value. */
static int check_sections(cwb_case *c, parse_ctx *ctx, char *msg, size_t n)
{
    char why[CWB_MSG];
    for (size_t i = 0; i < ctx->n; i++) {
        if (!cwb_case_section_find(ctx->e[i].section)) {
            char names[256];
            size_t used = 0;
            names[0] = '\0';
            for (const cwb_case_section *s = cwb_case_sections; s->name && used < sizeof names; s++)
                used += (size_t)snprintf(names + used, sizeof names - used, "%s%s",
                                         s == cwb_case_sections ? "" : ", ", s->name);
            snprintf(why, sizeof why, "unknown section [%.100s] (sections: %s)", ctx->e[i].section,
                     names);
            return fail_at(c, &ctx->e[i], msg, n, why);
        }
        if (ctx->e[i].value[0] == '\0') {
            snprintf(why, sizeof why, "[%s] %s has no value", ctx->e[i].section, ctx->e[i].key);
            return fail_at(c, &ctx->e[i], msg, n, why);
        }
    }
    return CWB_OK;
}

/* A law key read only when the contact has a law of another kind (the
 * adhesive laws' friction_load, which only a tangential law reads) is
 * refused at its line when that kind is absent. */
static int check_other_laws(cwb_case *c, parse_ctx *ctx, char *msg, size_t n)
{
    char why[CWB_MSG];
    int kind, at;
    if (cwb_law_check_other_laws(c->law_values, c->law, &kind, &at, why, sizeof why) == CWB_OK)
        return CWB_OK;
    const entry *e = find_entry(ctx, kind_sections[kind], c->law_values[kind].table[at].name);
    return e ? fail_at(c, e, msg, n, why) : cwb_fail(msg, n, CWB_EINPUT, "%s: %s", c->file, why);
}

/* [contact] picks one law per kind; each law's section holds its parameters. */
static int read_laws(cwb_case *c, parse_ctx *ctx, char *msg, size_t n)
{
    char why[CWB_MSG];
    int rc;
    for (int k = 0; k < CWB_KIND_COUNT; k++)
        if ((rc = pick_law(c, ctx, (cwb_kind)k, msg, n)) != CWB_OK)
            return rc;
    if ((rc = check_other_laws(c, ctx, msg, n)) != CWB_OK)
        return rc;
    for (size_t i = 0; i < ctx->n; i++)
        if (strcmp(ctx->e[i].section, "contact") == 0 && !ctx->e[i].used) {
            snprintf(why, sizeof why,
                     "[contact] unknown key '%s' (keys: normal, tangential, "
                     "damping, rolling)",
                     ctx->e[i].key);
            return fail_at(c, &ctx->e[i], msg, n, why);
        }
    return CWB_OK;
}

/* *to = *from for the entries of from's table (a struct copy moves 80 kB). */
static void values_copy(cwb_values *to, const cwb_values *from)
{
    to->table = from->table;
    memcpy(to->p, from->p, sizeof to->p);
    memcpy(to->given, from->given, sizeof to->given);
    for (size_t i = 0; from->table && from->table[i].name; i++) {
        to->list[i].n = from->list[i].n;
        memcpy(to->list[i].v, from->list[i].v, from->list[i].n * sizeof from->list[i].v[0]);
        memcpy(to->text[i], from->text[i], strlen(from->text[i]) + 1);
    }
}

/* [body1] and [body2] into c->body_values; body2 "shape = same" starts
 * from body1's values. */
static int read_body_values(cwb_case *c, parse_ctx *ctx, char *msg, size_t n)
{
    int rc;
    cwb_values_init(&c->body_values[0], cwb_body_params);
    section_spec body1 = {"body1", &c->body_values[0], "a body", NULL};
    if ((rc = parse_section(c, ctx, &body1, msg, n)) != CWB_OK)
        return rc;
    if ((rc = check_required(c, ctx, "body1", &c->body_values[0], "body1", msg, n)))
        return rc;
    if ((int)c->body_values[0].p[CWB_BODY_SHAPE] == 3)
        return fail_at(c, find_entry(ctx, "body1", "shape"), msg, n,
                       "[body1] shape = same is for body2 only");
    cwb_values_init(&c->body_values[1], cwb_body_params);
    entry *s2 = find_entry(ctx, "body2", "shape");
    if (s2 && strcmp(s2->value, "same") == 0) {
        values_copy(&c->body_values[1], &c->body_values[0]);
        for (size_t i = 0; i < CWB_MAX_PARAMS; i++)
            if (c->body_values[1].given[i])
                c->body_values[1].given[i] = s2->line;
        s2->used = 1;
    }
    section_spec body2 = {"body2", &c->body_values[1], "a body", NULL};
    if ((rc = parse_section(c, ctx, &body2, msg, n)) != CWB_OK)
        return rc;
    return check_required(c, ctx, "body2", &c->body_values[1], "body2", msg, n);
}

/* The bodies and their pair (c->pair), then each law checked against them. */
static int read_bodies(cwb_case *c, parse_ctx *ctx, char *msg, size_t n)
{
    char why[CWB_MSG];
    int rc = read_body_values(c, ctx, msg, n);
    if (rc != CWB_OK)
        return rc;
    cwb_body b[2];
    for (int i = 0; i < 2; i++)
        if ((rc = build_body(c, ctx, i, &c->body_values[i], &b[i], msg, n)) != CWB_OK)
            return rc;
    if (cwb_pair_init(&c->pair, &b[0], &b[1], why, sizeof why) != CWB_OK)
        return fail_at(c,
                       find_entry(ctx, "body2", "shape") ? find_entry(ctx, "body2", "shape")
                                                         : first_in(ctx, "body1"),
                       msg, n, why);
    for (int k = 0; k < CWB_KIND_COUNT; k++)
        if ((rc = check_law(c, ctx, (cwb_kind)k, msg, n)) != CWB_OK)
            return rc;
    return CWB_OK;
}

/* [driver] type picks the driver; the section's other keys are its parameters. */
static int read_driver(cwb_case *c, parse_ctx *ctx, char *msg, size_t n)
{
    char why[CWB_MSG];
    int rc;
    entry *te = find_entry(ctx, "driver", "type");
    if (!te) {
        const char *w = "[driver] missing required key 'type' (collision | history)";
        return fail_missing(c, ctx, "driver", "type", w, msg, n);
    }
    c->driver = cwb_driver_find(te->value);
    if (!c->driver) {
        char names[256];
        size_t used = 0;
        for (size_t i = 0; i < cwb_driver_count(); i++)
            used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "",
                                     cwb_driver_at(i)->name);
        snprintf(why, sizeof why, "[driver] type = '%.100s' is not a driver (known: %s)", te->value,
                 names);
        return fail_at(c, te, msg, n, why);
    }
    te->used = 1;
    cwb_values_init(&c->driver_values, c->driver->params);
    char owner[96];
    snprintf(owner, sizeof owner, "the %s driver", c->driver->name);
    section_spec driver = {"driver", &c->driver_values, owner, "type"};
    if ((rc = parse_section(c, ctx, &driver, msg, n)))
        return rc;
    return check_required(c, ctx, "driver", &c->driver_values, owner, msg, n);
}

/* [output] no_reference: a reason in words, which a plot's title can hold,
 * and only where the case names no reference that verifies it: none, or
 * another model (model_comparison: a cwb run of another law, say, which is
 * not an independent reference). */
static int check_no_reference(cwb_case *c, parse_ctx *ctx, char *msg, size_t n)
{
    const char *why_none = c->output_values.text[CWB_OUT_NO_REFERENCE];
    if (!why_none[0])
        return CWB_OK;
    char why[CWB_MSG];
    const char *problem = NULL;
    size_t words = 0;
    for (const char *p = why_none; *p; p++)
        words += *p != ' ' && (p == why_none || p[-1] == ' ');
    if (c->output_values.text[CWB_OUT_REFERENCE][0] &&
        !c->output_values.text[CWB_OUT_MODEL_COMPARISON][0])
        problem = "the case names a reference that verifies it; a reason for none is allowed "
                  "without one, or beside another model's curve (model_comparison)";
    else if (words < 3)
        problem = "expected a reason in words (three or more), e.g. \"the paper gives no closed "
                  "form for this figure\"";
    else if (strlen(why_none) > 240)
        problem = "a reason of at most 240 characters (it goes into the plot's title)";
    if (!problem)
        return CWB_OK;
    snprintf(why, sizeof why, "[output] no_reference = %.300s: %s", why_none, problem);
    return fail_at(c, find_entry(ctx, "output", "no_reference"), msg, n, why);
}

/* [output]; its reference file must be readable now, not after the run. */
static int read_output(cwb_case *c, parse_ctx *ctx, char *msg, size_t n)
{
    char why[CWB_MSG];
    cwb_values_init(&c->output_values, cwb_output_params);
    section_spec output = {"output", &c->output_values, "[output]", NULL};
    int rc = parse_section(c, ctx, &output, msg, n);
    if (rc)
        return rc;
    const char *ref = c->output_values.text[CWB_OUT_REFERENCE];
    if (ref[0]) {
        /* stat first: fopen of a FIFO blocks until a writer comes, and
         * the run never ended */
        struct stat st;
        int missing = stat(ref, &st) != 0;
        char kind[CWB_MSG];
        if (!missing && cwb_regular_file(ref, "reference CSV", kind, sizeof kind) != CWB_OK) {
            const entry *e = find_entry(ctx, "output", "reference");
            snprintf(why, sizeof why, "[output] reference = %.300s: %.600s", e ? e->value : ref,
                     kind);
            return fail_at(c, e, msg, n, why);
        }
        FILE *f = missing ? NULL : fopen(ref, "r");
        if (!f) {
            const entry *e = find_entry(ctx, "output", "reference");
            snprintf(why, sizeof why,
                     "[output] reference = %.300s: cannot open %.300s: %s (a relative path is "
                     "read from the folder of the case file, or of the working directory for "
                     "--set)",
                     e ? e->value : ref, ref, strerror(errno));
            return fail_at(c, e, msg, n, why);
        }
        fclose(f);
    }
    if (c->output_values.text[CWB_OUT_REFERENCE_COMPARE_X][0] &&
        !c->output_values.text[CWB_OUT_COMPARE_X][0]) {
        snprintf(why, sizeof why,
                 "[output] reference_compare_x = %.300s: names the reference's column for "
                 "compare_x, which is not set",
                 c->output_values.text[CWB_OUT_REFERENCE_COMPARE_X]);
        return fail_at(c, find_entry(ctx, "output", "reference_compare_x"), msg, n, why);
    }
    if (c->output_values.text[CWB_OUT_ALSO_REFERENCE_Y][0] &&
        !c->output_values.text[CWB_OUT_ALSO_REFERENCE][0]) {
        snprintf(why, sizeof why,
                 "[output] also_reference_y = %.300s: names the also_references' column, and "
                 "also_reference is not set",
                 c->output_values.text[CWB_OUT_ALSO_REFERENCE_Y]);
        return fail_at(c, find_entry(ctx, "output", "also_reference_y"), msg, n, why);
    }
    return check_no_reference(c, ctx, msg, n);
}

/* [sweep] (used by `cwb sweep`; a plain run ignores it). */
static int read_sweep(cwb_case *c, parse_ctx *ctx, char *msg, size_t n)
{
    cwb_values_init(&c->sweep_values, cwb_sweep_params);
    c->has_sweep = first_in(ctx, "sweep") != NULL;
    section_spec sweep = {"sweep", &c->sweep_values, "[sweep]", NULL};
    return parse_section(c, ctx, &sweep, msg, n);
}

/* Everything must have been consumed (a --set to an unknown key). */
static int check_all_used(cwb_case *c, parse_ctx *ctx, char *msg, size_t n)
{
    char why[CWB_MSG];
    for (size_t i = 0; i < ctx->n; i++)
        if (!ctx->e[i].used) {
            snprintf(why, sizeof why, "[%s] unknown key '%s'", ctx->e[i].section, ctx->e[i].key);
            return fail_at(c, &ctx->e[i], msg, n, why);
        }
    return CWB_OK;
}

/* A law of a kind the driver does not apply (cwb_driver_type.ignores) is
 * refused: the history driver once ran a Tsuji dashpot as if absent, and
 * printed a dissipation of 0 J. */
static int check_driver_applies(const cwb_case *c, parse_ctx *ctx, char *msg, size_t n)
{
    /* a driver with its own model reads no law: its Hertz contact is the
     * normal law the case names (the law of Hertz's force alone), and no
     * other says what it computes */
    const cwb_law_head *normal = c->law[CWB_KIND_NORMAL];
    if (c->driver->own_model && !(normal->flags & CWB_LAW_HERTZ_FORCE)) {
        char why[CWB_MSG];
        snprintf(why, sizeof why,
                 "[contact] normal = %s: the %s driver computes its own forces (%s), of which "
                 "the normal one is Hertz's: use normal = %s",
                 normal->name, c->driver->name, c->driver->own_model,
                 cwb_law_default(CWB_KIND_NORMAL, CWB_DIM_3D)->name);
        entry *e = find_entry(ctx, "contact", "normal");
        return e ? fail_at(c, e, msg, n, why)
                 : cwb_fail(msg, n, CWB_EINPUT, "%s: %s", c->file, why);
    }
    for (int kind = 0; kind < CWB_KIND_COUNT; kind++) {
        const cwb_law_head *law = c->law[kind];
        if (!(c->driver->ignores & (1u << kind)) || (law->flags & CWB_LAW_ABSENT))
            continue;
        char why[CWB_MSG];
        snprintf(why, sizeof why,
                 "[contact] %s = %s: the %s driver does not apply a %s law; use %s = none, or "
                 "a driver that does (collision, roll)",
                 kind_sections[kind], law->name, c->driver->name, kind_sections[kind],
                 kind_sections[kind]);
        entry *e = find_entry(ctx, "contact", kind_sections[kind]);
        return e ? fail_at(c, e, msg, n, why)
                 : cwb_fail(msg, n, CWB_EINPUT, "%s: %s", c->file, why);
    }
    return CWB_OK;
}

/* The steps of reading a case, in order: the bodies need the laws (check_law),
 * the driver's own check needs everything before it. */
static int load(cwb_case *c, parse_ctx *ctx, const char *const *overrides, size_t n_over, char *msg,
                size_t n)
{
    int rc = apply_overrides(ctx, overrides, n_over, msg, n);
    if (rc == CWB_OK)
        rc = check_sections(c, ctx, msg, n);
    if (rc == CWB_OK)
        rc = read_laws(c, ctx, msg, n);
    if (rc == CWB_OK)
        rc = read_bodies(c, ctx, msg, n);
    if (rc == CWB_OK)
        rc = read_driver(c, ctx, msg, n);
    if (rc == CWB_OK)
        rc = check_driver_applies(c, ctx, msg, n);
    if (rc == CWB_OK)
        rc = read_output(c, ctx, msg, n);
    if (rc == CWB_OK)
        rc = read_sweep(c, ctx, msg, n);
    if (rc == CWB_OK)
        rc = check_all_used(c, ctx, msg, n);
    if (rc == CWB_OK && c->driver->check)
        rc = c->driver->check(c, msg, n);
    return rc;
}

/* An empty case: every field set, without zeroing the whole struct (about
 * 0.8 MB, loaded once or twice per sample of a batch). */
static void case_reset(cwb_case *c)
{
    c->file[0] = c->name[0] = '\0';
    memset(c->law, 0, sizeof c->law);
    memset(c->law_line, 0, sizeof c->law_line);
    memset(&c->pair, 0, sizeof c->pair);
    c->driver = NULL;
    c->has_sweep = 0;
    /* each section's values are set (cwb_values_init) before it is read */
    for (int k = 0; k < CWB_KIND_COUNT; k++)
        c->law_values[k].table = NULL;
    c->body_values[0].table = c->body_values[1].table = NULL;
    c->driver_values.table = c->output_values.table = c->sweep_values.table = NULL;
    for (int k = 0; k < CWB_KIND_COUNT; k++)
        c->prepared[k].n = c->prepared[k].next = 0;
}

/* Name the case after path (or the name of a text), then read it from
 * path, or from text when it is not NULL. */
static int load_from(cwb_case *c, const char *path, const char *text, const char *const *overrides,
                     size_t n_overrides, char *msg, size_t n)
{
    case_reset(c);
    size_t len = strlen(path);
    if (len >= sizeof c->file)
        return cwb_fail(msg, n, CWB_EINPUT, "%s: path too long", path);
    /* copied, not printed: GCC's -O1 sanitizer build took path for a
     * possible NULL in a "%s" (it is not: strlen read it) */
    memcpy(c->file, path, len + 1);
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    len = strlen(base) < sizeof c->name ? strlen(base) : sizeof c->name - 1;
    memcpy(c->name, base, len);
    c->name[len] = '\0';
    char *dot = strrchr(c->name, '.');
    if (dot && dot != c->name)
        *dot = '\0';

    parse_ctx ctx;
    int rc = text ? cwb_ini_read_text(&ctx, path, text, msg, n)
                  : cwb_ini_read(&ctx, path, "case file", msg, n);
    if (rc != CWB_OK)
        return rc;
    if (ctx.n == 0)
        rc = cwb_fail(msg, n, CWB_EINPUT, "%s: the case file is empty", path);
    else
        rc = load(c, &ctx, overrides, n_overrides, msg, n);
    cwb_ini_free(&ctx);
    return rc;
}

int cwb_case_load(cwb_case *c, const char *path, const char *const *overrides, size_t n_overrides,
                  char *msg, size_t n)
{
    return load_from(c, path, NULL, overrides, n_overrides, msg, n);
}

int cwb_case_load_text(cwb_case *c, const char *name, const char *text,
                       const char *const *overrides, size_t n_overrides, char *msg, size_t n)
{
    return load_from(c, name, text, overrides, n_overrides, msg, n);
}

/* --- samples of one case (cwb batch) ------------------------------------- */

/* Where a per-sample key lives in the case. */
enum { AT_LAW0 = 0, AT_DRIVER = CWB_KIND_COUNT, AT_BODY1, AT_BODY2 };

struct cwb_case_sampler {
    parse_ctx ctx; /* the file with the overrides of the base load, kept for
                      build_body's and check_law's messages (never shown:
                      a failed apply is loaded again for its message) */
    size_t nkeys;
    struct {
        int at;     /* AT_* */
        int index;  /* in that section's table */
        int mirror; /* a body1 key body2 copies ("shape = same", no key of its own) */
    } key[CWB_MAX_PARAMS];
    int laws, bodies; /* some key is a law's, a body's */
    /* each law's values as read, before its prepare wrote its constants */
    double raw[CWB_KIND_COUNT][CWB_MAX_PARAMS];
};

static cwb_values *sampler_values(cwb_case *c, int at)
{
    return at < CWB_KIND_COUNT ? &c->law_values[at]
           : at == AT_DRIVER   ? &c->driver_values
                               : &c->body_values[at - AT_BODY1];
}

/* The section and key of override text "section.key=value" (trimmed as
 * apply_override trims them); 0 when it is not one. */
static int override_key(const char *text, char *section, size_t ns, char *key, size_t nk)
{
    const char *eq = strchr(text, '='), *dot = strchr(text, '.');
    if (!eq || !dot || dot > eq || (size_t)(dot - text) >= ns || (size_t)(eq - dot - 1) >= nk)
        return 0;
    snprintf(section, ns, "%.*s", (int)(dot - text), text);
    snprintf(key, nk, "%.*s", (int)(eq - dot - 1), dot + 1);
    cwb_trim(section);
    cwb_trim(key);
    return 1;
}

/* One per-sample key into s->key[j]; 0 when only a full load can set it
 * (a law's or a body's name or shape, a list or a text, [output]...). */
static int sampler_key(cwb_case_sampler *s, const cwb_case *c, size_t j, const char *section,
                       const char *key)
{
    int at = -1;
    for (int k = 0; k < CWB_KIND_COUNT; k++)
        if (strcmp(section, kind_sections[k]) == 0)
            at = k;
    if (strcmp(section, "driver") == 0 && strcmp(key, "type") != 0)
        at = AT_DRIVER;
    if ((strcmp(section, "body1") == 0 || strcmp(section, "body2") == 0) &&
        strcmp(key, "shape") != 0)
        at = section[4] == '1' ? AT_BODY1 : AT_BODY2;
    if (at < 0)
        return 0;
    const cwb_values *v = sampler_values((cwb_case *)c, at);
    int i = v->table ? cwb_param_index(v->table, key) : -1;
    if (i < 0 || (v->table[i].kind != CWB_PARAM_REAL && v->table[i].kind != CWB_PARAM_CHOICE))
        return 0;
    const entry *same = find_entry(&s->ctx, "body2", "shape");
    s->key[j].at = at;
    s->key[j].index = i;
    s->key[j].mirror = at == AT_BODY1 && same && strcmp(same->value, "same") == 0 &&
                       !find_entry(&s->ctx, "body2", key);
    s->laws |= at < CWB_KIND_COUNT;
    s->bodies |= at == AT_BODY1 || at == AT_BODY2;
    return 1;
}

/* Each law's values as pick_law reads them (defaults, then its section),
 * before check_law's prepare adds its constants. */
static int sampler_raw(cwb_case_sampler *s, const cwb_case *c)
{
    cwb_values *tmp = malloc(sizeof *tmp);
    int rc = tmp ? CWB_OK : CWB_EFAIL;
    char msg[CWB_MSG];
    for (int k = 0; rc == CWB_OK && k < CWB_KIND_COUNT; k++) {
        cwb_values_init(tmp, c->law[k]->params);
        section_spec sec = {kind_sections[k], tmp, "a law", NULL};
        rc = parse_section(c, &s->ctx, &sec, msg, sizeof msg);
        memcpy(s->raw[k], tmp->p, sizeof s->raw[k]);
    }
    free(tmp);
    return rc;
}

cwb_case_sampler *cwb_case_sampler_new(const cwb_case *base, const char *const *overrides,
                                       size_t n_over, size_t n_keys)
{
    char msg[CWB_MSG], section[64], key[64];
    if (n_keys > n_over || n_keys > CWB_MAX_PARAMS || !base->driver)
        return NULL;
    cwb_case_sampler *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    int ok = cwb_ini_read(&s->ctx, base->file, "case file", msg, sizeof msg) == CWB_OK &&
             apply_overrides(&s->ctx, overrides, n_over, msg, sizeof msg) == CWB_OK;
    s->nkeys = n_keys;
    for (size_t j = 0; ok && j < n_keys; j++)
        ok = override_key(overrides[n_over - n_keys + j], section, sizeof section, key,
                          sizeof key) &&
             sampler_key(s, base, j, section, key);
    if (ok)
        ok = sampler_raw(s, base) == CWB_OK;
    if (!ok) {
        cwb_case_sampler_free(s);
        return NULL;
    }
    return s;
}

void cwb_case_sampler_free(cwb_case_sampler *s)
{
    if (!s)
        return;
    cwb_ini_free(&s->ctx);
    free(s);
}

static int same_body(const cwb_body *a, const cwb_body *b)
{
    return a->shape == b->shape && a->radius == b->radius && a->E == b->E && a->nu == b->nu &&
           a->density == b->density && a->mass == b->mass && a->inertia == b->inertia &&
           a->rigid == b->rigid;
}

/* Every field compared (not the bytes: padding may differ); a NaN never
 * matches, which only costs a prepare. */
static int same_pair(const cwb_pair *a, const cwb_pair *b)
{
    return same_body(&a->body[0], &b->body[0]) && same_body(&a->body[1], &b->body[1]) &&
           a->dim == b->dim && a->E_star == b->E_star && a->G_star == b->G_star &&
           a->R_star == b->R_star && a->m_star == b->m_star;
}

/* check_law, or the values it gave for the same inputs (cwb_prepared_memo):
 * a law's check and prepare read its values, the pair and the normal law's
 * name only, and are pure (cwb_law.h), so the copy is what a run gives.
 * Only accepted inputs are kept: a refusal runs again for its message. */
static int check_law_kept(cwb_case *c, parse_ctx *ctx, cwb_kind kind, char *msg, size_t n)
{
    cwb_prepared_memo *m = &c->prepared[kind];
    double *p = c->law_values[kind].p;
    for (int i = 0; i < m->n; i++) {
        const cwb_prepared_law *e = &m->kept[i];
        if (e->law == c->law[kind] && e->normal == c->law[CWB_KIND_NORMAL] &&
            memcmp(e->in, p, sizeof e->in) == 0 && same_pair(&e->pair, &c->pair)) {
            memcpy(p, e->out, sizeof e->out);
            return CWB_OK;
        }
    }
    cwb_prepared_law *e = &m->kept[m->next];
    double in[CWB_MAX_PARAMS];
    memcpy(in, p, sizeof in);
    m->prepared++;
    int rc = check_law(c, ctx, kind, msg, n);
    if (rc != CWB_OK)
        return rc;
    *e =
        (cwb_prepared_law){.law = c->law[kind], .normal = c->law[CWB_KIND_NORMAL], .pair = c->pair};
    memcpy(e->in, in, sizeof e->in);
    memcpy(e->out, p, sizeof e->out);
    m->next = (m->next + 1) % CWB_PREPARED_KEEP;
    if (m->n < CWB_PREPARED_KEEP)
        m->n++;
    return CWB_OK;
}

int cwb_case_sampler_apply(const cwb_case_sampler *s, cwb_case *c, const char *const *values,
                           char *msg, size_t n)
{
    parse_ctx *ctx = (parse_ctx *)&s->ctx; /* read only: the messages' lines */
    int rc;
    /* a body changes the pair every law is checked and prepared against */
    int laws = s->laws || s->bodies;
    for (int k = 0; laws && k < CWB_KIND_COUNT; k++)
        memcpy(c->law_values[k].p, s->raw[k], sizeof s->raw[k]);
    for (size_t j = 0; j < s->nkeys; j++) {
        cwb_values *v = sampler_values(c, s->key[j].at);
        int i = s->key[j].index;
        if ((rc = cwb_param_parse(v, i, values[j], msg, n)) != CWB_OK)
            return rc;
        if (s->key[j].mirror)
            c->body_values[1].p[i] = v->p[i];
    }
    /* a sampled choice may leave a key the case gives unread, as a load
     * would find (check_read): refused, and loaded again for the message */
    for (size_t j = 0; j < s->nkeys; j++) {
        int at;
        if (cwb_values_check_read(sampler_values(c, s->key[j].at), &at, msg, n) != CWB_OK)
            return CWB_EINPUT;
    }
    if (s->bodies) {
        cwb_body b[2];
        for (int i = 0; i < 2; i++)
            if ((rc = build_body(c, ctx, i, &c->body_values[i], &b[i], msg, n)) != CWB_OK)
                return rc;
        memset(&c->pair, 0, sizeof c->pair);
        if ((rc = cwb_pair_init(&c->pair, &b[0], &b[1], msg, n)) != CWB_OK)
            return rc;
    }
    for (int k = 0; laws && k < CWB_KIND_COUNT; k++)
        if ((rc = check_law_kept(c, ctx, (cwb_kind)k, msg, n)) != CWB_OK)
            return rc;
    return c->driver->check ? c->driver->check(c, msg, n) : CWB_OK;
}

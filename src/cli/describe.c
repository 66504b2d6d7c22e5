/* describe.c -- the format and the registries described from their tables
 * (cwb_describe.h): text for a terminal, Markdown for doc/reference/. */
#include <string.h>

#include "cwb_describe.h"
#include "cwb_fem.h"
#include "cwb_files.h"
#include "cwb_fit.h"
#include "cwb_law.h"
#include "cwb_run.h"

typedef struct {
    FILE *f;
    int md; /* Markdown (else text for a terminal) */
} out;

/* Text into a Markdown table cell or line: the characters Markdown would
 * read as markup escaped with a backslash. */
static void md_text(FILE *f, const char *s)
{
    for (; s && *s; s++) {
        if (strchr("\\*_|<>[]#", *s))
            fputc('\\', f);
        fputc(*s, f);
    }
}

static void text(const out *o, const char *s)
{
    if (o->md)
        md_text(o->f, s);
    else
        fputs(s, o->f);
}

/* A default outside the key's range is no default (a key that must be
 * given, or that another key stands in for). */
int cwb_describe_has_default(const cwb_param *p)
{
    if (p->flags & CWB_P_REQUIRED)
        return 0;
    return p->kind == CWB_PARAM_CHOICE ||
           (p->kind == CWB_PARAM_REAL && ((p->flags & CWB_P_AUTO) || cwb_param_allows(p, p->def)));
}

void cwb_describe_default(const cwb_param *p, char *buf, size_t n)
{
    if (p->flags & CWB_P_REQUIRED)
        snprintf(buf, n, "required");
    else if (!cwb_describe_has_default(p))
        snprintf(buf, n, "none"); /* text, a list, or a number with no default */
    else if (p->kind == CWB_PARAM_CHOICE)
        snprintf(buf, n, "%s", p->choices[(int)p->def]);
    else if (p->flags & CWB_P_AUTO)
        snprintf(buf, n, "auto");
    else
        snprintf(buf, n, "%g", p->def);
}

/* A parameter table: for a terminal two lines a key, in Markdown a table. */
static void param_table(const out *o, const cwb_param *t)
{
    if (!t || !t[0].name) {
        fprintf(o->f, o->md ? "No parameters.\n\n" : "  parameters: none\n");
        return;
    }
    if (o->md)
        fprintf(o->f, "| key | unit | default | allowed | meaning |\n|---|---|---|---|---|\n");
    else
        fprintf(o->f, "  parameters:\n");
    for (size_t i = 0; t[i].name; i++) {
        char range[160], def[64], cond[160];
        cwb_param_range(&t[i], range, sizeof range);
        cwb_describe_default(&t[i], def, sizeof def);
        cwb_param_read_when(&t[i], cond, sizeof cond);
        if (!o->md) {
            fprintf(o->f, "    %-20s [%s] %s%s; allowed %s\n", t[i].name, t[i].unit,
                    strcmp(def, "required") == 0 ? "" : "default ", def, range);
            fprintf(o->f, "    %-20s %s\n", "", t[i].help ? t[i].help : "");
            if (*cond)
                fprintf(o->f, "    %-20s read only with %s\n", "", cond);
            continue;
        }
        fprintf(o->f, "| `%s` | ", t[i].name);
        md_text(o->f, t[i].unit);
        fprintf(o->f, " | ");
        md_text(o->f, def);
        fprintf(o->f, " | ");
        md_text(o->f, range);
        fprintf(o->f, " | ");
        md_text(o->f, t[i].help);
        if (*cond) {
            fprintf(o->f, "; read only with ");
            md_text(o->f, cond);
        }
        fprintf(o->f, " |\n");
    }
    if (o->md)
        fprintf(o->f, "\n");
}

const char *cwb_describe_geometry(unsigned dims)
{
    return dims == (CWB_DIM_2D | CWB_DIM_3D) ? "3D spheres and 2D discs"
           : dims == CWB_DIM_2D              ? "2D discs (plane strain, per unit length)"
                                             : "3D spheres";
}

static void citations(const out *o, const char *source)
{
    const char *at = source;
    int first = 1;
    for (const cwb_work *w; (w = cwb_work_next_cited(source, &at)) != NULL; first = 0) {
        if (o->md) {
            fprintf(o->f, "%s- [%s] ", first ? "References:\n\n" : "", w->key);
            md_text(o->f, w->citation);
            fprintf(o->f, "\n");
        } else
            fprintf(o->f, "%s    [%s] %s\n", first ? "  references:\n" : "", w->key, w->citation);
    }
    if (o->md && !first)
        fprintf(o->f, "\n");
}

static void law(const out *o, cwb_kind k, const cwb_law_head *h)
{
    const char *kind = cwb_kind_name(k);
    if (!o->md) {
        fprintf(
            o->f, "%s (%s law)\n  %s\n  source: %s\n  geometry: %s\n  history state: %zu bytes\n",
            h->name, kind, h->summary, h->source, cwb_describe_geometry(h->dims), h->state_size);
        if (h->fails_when)
            fprintf(o->f, "  fails when: %s\n", h->fails_when);
        if (h->creates_energy)
            fprintf(o->f, "  creates energy: %s\n", h->creates_energy);
        citations(o, h->source);
        param_table(o, h->params);
        fprintf(o->f, "  case file: [contact] %s = %s, parameters in [%s]\n", kind, h->name, kind);
        return;
    }
    fprintf(o->f, "### `%s`\n\n", h->name);
    md_text(o->f, h->summary);
    fprintf(o->f, "\n\n- source: ");
    md_text(o->f, h->source);
    fprintf(o->f, "\n- geometry: %s\n- history state: %zu bytes\n", cwb_describe_geometry(h->dims),
            h->state_size);
    if (h->fails_when) {
        fprintf(o->f, "- fails when: ");
        md_text(o->f, h->fails_when);
        fprintf(o->f, "\n");
    }
    if (h->creates_energy) {
        fprintf(o->f, "- creates energy: ");
        md_text(o->f, h->creates_energy);
        fprintf(o->f, "\n");
    }
    if (h->needs_normal) {
        fprintf(o->f, "- needs the normal law: ");
        md_text(o->f, h->needs_normal);
        fprintf(o->f, "\n");
    }
    fprintf(o->f, "- case file: `[contact] %s = %s`, parameters in `[%s]`\n\n", kind, h->name,
            kind);
    citations(o, h->source);
    param_table(o, h->params);
}

static void driver(const out *o, const cwb_driver_type *d)
{
    if (!o->md) {
        fprintf(o->f, "%s (driver)\n  %s\n", d->name, d->summary);
        param_table(o, d->params);
        fprintf(o->f, "  case file: [driver] type = %s\n", d->name);
        return;
    }
    fprintf(o->f, "### `%s`\n\n", d->name);
    md_text(o->f, d->summary);
    fprintf(o->f, "\n\nCase file: `[driver] type = %s`; plotted by default: `%s` against `%s`.\n\n",
            d->name, d->plot_y ? d->plot_y : "-", d->plot_x ? d->plot_x : "-");
    param_table(o, d->params);
}

static void fem_model(const out *o, const cwb_fem_model *m)
{
    if (o->md) {
        fprintf(o->f, "### `%s`\n\n", m->name);
        md_text(o->f, m->summary);
        fprintf(o->f, "\n\nStudy file: `[study] model = %s`%s.\n\n", m->name,
                m->dim == 3 ? " (3D: 10-node tetrahedra)" : " (2D)");
    } else
        fprintf(o->f, "%s (FEM model)\n  %s\n", m->name, m->summary);
    for (const cwb_fem_section *s = m->sections; s && s->name; s++) {
        if (o->md)
            fprintf(o->f, "#### `[%s]`\n\n", s->name);
        else
            fprintf(o->f, "  [%s]\n", s->name);
        param_table(o, s->params);
    }
    for (const cwb_fem_table *t = m->tables; t && t->suffix; t++) {
        int optional = m->optional_tables >> (t - m->tables) & 1u;
        fprintf(o->f, o->md ? "Writes `NAME%s.csv`%s: " : "  writes NAME%s.csv%s: ", t->suffix,
                optional ? " (when a key asks for it)" : "");
        for (const cwb_fem_column *c = t->columns; c->name; c++) {
            fprintf(o->f, "%s", c == t->columns ? "" : ", ");
            text(o, c->name);
            fprintf(o->f, " [");
            text(o, c->unit);
            fprintf(o->f, "]");
        }
        fprintf(o->f, o->md ? "\n\n" : "\n");
    }
}

/* A section's heading: "[name]" and what it holds. */
static void heading(const out *o, const char *name, const char *help)
{
    if (o->md) {
        fprintf(o->f, "### `[%s]`\n\n", name);
        md_text(o->f, help);
        fprintf(o->f, "\n\n");
    } else
        fprintf(o->f, "[%s]\n  %s\n", name, help);
}

/* The law names of one kind, as the [contact] key takes them. */
static void law_names(const out *o, cwb_kind k)
{
    for (size_t i = 0; i < cwb_law_count(k); i++) {
        const char *name = cwb_law_at(k, i)->name;
        if (o->md)
            fprintf(o->f, "%s`%s`", i ? ", " : "", name);
        else
            fprintf(o->f, "%s%s", i ? " | " : "", name);
    }
}

static void contact_section(const out *o)
{
    if (o->md)
        fprintf(o->f, "| key | allowed | default |\n|---|---|---|\n");
    for (int k = 0; k < CWB_KIND_COUNT; k++) {
        const char *kind = cwb_kind_name((cwb_kind)k);
        if (o->md) {
            fprintf(o->f, "| `%s` | ", kind);
            law_names(o, (cwb_kind)k);
            fprintf(o->f, " | %s |\n", k == CWB_KIND_NORMAL ? "required" : "`none`");
        } else {
            fprintf(o->f, "    %-12s %s; one of: ", kind,
                    k == CWB_KIND_NORMAL ? "required" : "default none");
            law_names(o, (cwb_kind)k);
            fprintf(o->f, "\n");
        }
    }
    fprintf(o->f, o->md ? "\nEach law's parameters go in the section named for its kind "
                          "(`[normal]`, ...): see [laws.md](laws.md).\n\n"
                        : "  each law's parameters go in the section named for its kind "
                          "(cwb describe LAW)\n");
}

static int law_kind_of_section(const char *name)
{
    for (int k = 0; k < CWB_KIND_COUNT; k++)
        if (strcmp(name, cwb_kind_name((cwb_kind)k)) == 0)
            return k;
    return -1;
}

/* One section of a case file. */
static void case_section(const out *o, const cwb_case_section *s)
{
    heading(o, s->name, s->help);
    int k = law_kind_of_section(s->name);
    if (strcmp(s->name, "contact") == 0)
        contact_section(o);
    else if (strcmp(s->name, "driver") == 0) {
        fprintf(o->f, o->md ? "`type` (required): " : "    type: ");
        for (size_t i = 0; i < cwb_driver_count(); i++)
            fprintf(o->f, o->md ? "%s`%s`" : "%s%s", i ? (o->md ? ", " : " | ") : "",
                    cwb_driver_at(i)->name);
        fprintf(o->f, o->md ? ". The other keys are the driver's: see [drivers.md](drivers.md).\n\n"
                            : "\n  the other keys are the driver's (cwb describe DRIVER)\n");
    } else if (k >= 0) {
        fprintf(o->f,
                o->md ? "The keys of the law `[contact] %s` names: see [laws.md](laws.md).\n\n"
                      : "  the keys of the law [contact] %s names (cwb describe LAW)\n",
                s->name);
    } else
        param_table(o, s->params);
}

static void case_file(const out *o)
{
    if (!o->md)
        fprintf(o->f, "case file (cwb run, sweep, batch): INI, SI units; sections:\n");
    for (const cwb_case_section *s = cwb_case_sections; s->name; s++) {
        if (o->md)
            case_section(o, s);
        else
            fprintf(o->f, "  [%-10s] %s\n", s->name, s->help);
    }
    if (!o->md)
        fprintf(o->f, "cwb describe SECTION lists a section's keys; cwb init DRIVER writes a "
                      "case to start from\n");
}

static void fit_file(const out *o)
{
    heading(o, "fit", "the one section of a fit-case (cwb fit): the model and its data");
    param_table(o, cwb_fit_params());
    fprintf(o->f, o->md ? "Models (`model =`):\n\n" : "  models:\n");
    for (size_t i = 0; i < cwb_fit_model_count(); i++) {
        const cwb_fit_model *m = cwb_fit_model_at(i);
        if (o->md) {
            fprintf(o->f, "- `%s`: ", m->name);
            md_text(o->f, m->summary);
            fprintf(o->f, "\n");
        } else
            fprintf(o->f, "    %-12s %s\n", m->name, m->summary);
    }
    fprintf(o->f, "\n");
}

static void study_file(const out *o, int sections_only)
{
    heading(o, "study", "a FEM study (cwb reference): its name, model and title");
    param_table(o, cwb_fem_study_params());
    heading(o, "mesh", "element sizes and the refinement check, every model");
    param_table(o, cwb_fem_mesh_params());
    if (sections_only)
        return;
    fprintf(o->f, o->md ? "The model's own sections: see [fem-models.md](fem-models.md).\n\n"
                        : "  models (cwb describe MODEL lists their sections):\n");
    for (size_t i = 0; !o->md && i < cwb_fem_model_count(); i++)
        fprintf(o->f, "    %-14s %s\n", cwb_fem_model_at(i)->name, cwb_fem_model_at(i)->summary);
}

static int describe_section(const out *o, const char *topic)
{
    const cwb_case_section *s = cwb_case_section_find(strcmp(topic, "body") == 0 ? "body1" : topic);
    if (s) {
        case_section(o, s);
        return 0;
    }
    if (strcmp(topic, "case") == 0)
        case_file(o);
    else if (strcmp(topic, "fit") == 0)
        fit_file(o);
    else if (strcmp(topic, "study") == 0)
        study_file(o, 0);
    else if (strcmp(topic, "mesh") == 0) {
        heading(o, "mesh", "element sizes and the refinement check, every model");
        param_table(o, cwb_fem_mesh_params());
    } else
        return -1;
    return 0;
}

int cwb_describe(FILE *f, const char *topic, int kind, int markdown)
{
    out o = {f, markdown};
    if (kind < 0 && describe_section(&o, topic) == 0)
        return 0;
    int found = 0;
    for (int k = 0; k < CWB_KIND_COUNT; k++) {
        const cwb_law_head *h = cwb_law_find((cwb_kind)k, topic);
        if (h && (kind < 0 || k == kind)) {
            law(&o, (cwb_kind)k, h);
            found = 1;
        }
    }
    const cwb_driver_type *d = cwb_driver_find(topic);
    if (d && kind < 0) {
        driver(&o, d);
        found = 1;
    }
    const cwb_fem_model *m = cwb_fem_model_find(topic);
    if (m && kind < 0) {
        fem_model(&o, m);
        found = 1;
    }
    return found ? 0 : -1;
}

void cwb_describe_index(FILE *f)
{
    fprintf(f, "cwb describe TOPIC, where TOPIC is\n"
               "  case | fit | study        a file kind: its sections\n"
               "  a case-file section       ");
    for (const cwb_case_section *s = cwb_case_sections; s->name; s++)
        fprintf(f, "%s%s", s == cwb_case_sections ? "" : ", ", s->name);
    fprintf(f, " (body: body1)\n"
               "  mesh                      the [mesh] of a study\n"
               "  a law                     `cwb laws` lists them (--kind KIND when a name is "
               "in two kinds)\n"
               "  a driver                  ");
    for (size_t i = 0; i < cwb_driver_count(); i++)
        fprintf(f, "%s%s", i ? ", " : "", cwb_driver_at(i)->name);
    fprintf(f, "\n  a FEM model               ");
    for (size_t i = 0; i < cwb_fem_model_count(); i++)
        fprintf(f, "%s%s", i ? ", " : "", cwb_fem_model_at(i)->name);
    fprintf(f, "\n");
}

/* --- the generated pages ------------------------------------------------ */

static const char generated[] =
    "<!-- Generated by `make docs` (cwb docs) from the tables the readers validate against; "
    "do not edit: tests/test_docs.c fails when this page is stale. -->\n\n";

typedef void (*page_body)(const out *o);

static int page(const char *dir, const char *name, page_body body, char *msg, size_t n)
{
    char path[CWB_TEXT + 64];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    cwb_output w;
    int rc = cwb_output_open(&w, path, msg, n);
    if (rc != CWB_OK)
        return rc;
    fputs(generated, w.f);
    out o = {w.f, 1};
    body(&o);
    return cwb_output_commit(&w, msg, n);
}

static void case_files_page(const out *o)
{
    fprintf(o->f, "# Case files, fit-cases and studies: every key\n\n"
                  "The three input files are INI (`src/io/cwb_ini.h` states the rules: `#` or `;` "
                  "comments, an indented line continues a value, a key given twice is an error). "
                  "Units are SI. An unknown section or key, a value out of its range, a NaN or a "
                  "word where a number belongs is refused with `FILE:LINE:` and exit status 2. "
                  "A relative path in a file is read from that file's folder (a `--set` path from "
                  "the working directory; overlays from the output folder). `cwb describe SECTION` "
                  "prints the same tables at a terminal; `cwb init DRIVER` writes a case to start "
                  "from.\n\n## Case files (`cwb run`, `cwb sweep`, `cwb batch`)\n\n");
    case_file(o);
    fprintf(o->f, "## Fit-cases (`cwb fit`)\n\n");
    fit_file(o);
    fprintf(o->f, "## FEM studies (`cwb reference`)\n\n");
    study_file(o, 0);
}

static void laws_page(const out *o)
{
    fprintf(o->f, "# Contact laws\n\n"
                  "A contact is a composition of four laws, one of each kind, chosen by name "
                  "in `[contact]` (`none` where absent); each law's parameters go in the "
                  "section named for its kind. `cwb describe LAW` prints the same at a "
                  "terminal.\n\n");
    for (int k = 0; k < CWB_KIND_COUNT; k++) {
        fprintf(o->f, "## %s laws\n\n", cwb_kind_name((cwb_kind)k));
        for (size_t i = 0; i < cwb_law_count((cwb_kind)k); i++)
            law(o, (cwb_kind)k, cwb_law_at((cwb_kind)k, i));
    }
}

static void drivers_page(const out *o)
{
    fprintf(o->f, "# Drivers\n\n"
                  "A driver is the scenario a case runs (`[driver] type`); its keys go in "
                  "`[driver]`. `cwb describe DRIVER` prints the same at a terminal.\n\n");
    for (size_t i = 0; i < cwb_driver_count(); i++)
        driver(o, cwb_driver_at(i));
}

static void fem_models_page(const out *o)
{
    fprintf(o->f, "# FEM models (`cwb reference`)\n\n"
                  "A study names its model in `[study] model`; the model's sections follow "
                  "`[study]` and `[mesh]` (see [case-files.md](case-files.md)). The solver "
                  "is CalculiX (`ccx`), the mesher gmsh, both from Debian.\n\n");
    for (size_t i = 0; i < cwb_fem_model_count(); i++)
        fem_model(o, cwb_fem_model_at(i));
}

int cwb_describe_pages(const char *dir, char *msg, size_t n)
{
    static const struct {
        const char *name;
        page_body body;
    } pages[] = {{"case-files.md", case_files_page},
                 {"laws.md", laws_page},
                 {"drivers.md", drivers_page},
                 {"fem-models.md", fem_models_page}};
    for (size_t i = 0; i < sizeof pages / sizeof *pages; i++) {
        int rc = page(dir, pages[i].name, pages[i].body, msg, n);
        if (rc != CWB_OK)
            return rc;
    }
    return CWB_OK;
}

/* describe_json.c -- `cwb describe --json`: what describe.c tells a person,
 * as one JSON object for programs (doc/outputs.md), from the same tables:
 * every key with its unit, default, allowed range and meaning. */
#include <string.h>

#include "cwb_describe.h"
#include "cwb_fem.h"
#include "cwb_fit.h"
#include "cwb_json.h"
#include "cwb_law.h"
#include "cwb_run.h"

/* A parameter table: one object per key; default and allowed as the text
 * pages show them ("required", "auto", "none" or the number; "(0, inf)
 * Pa"), so no value is ever undefined here. */
static void params_json(cwb_json *j, const char *key, const cwb_param *t)
{
    cwb_json_open(j, key, '[');
    for (size_t i = 0; t && t[i].name; i++) {
        char range[160], def[64];
        cwb_param_range(&t[i], range, sizeof range);
        cwb_describe_default(&t[i], def, sizeof def);
        cwb_json_open(j, NULL, '{');
        cwb_json_string(j, "name", t[i].name);
        cwb_json_string(j, "unit", t[i].unit);
        cwb_json_string(j, "default", def);
        cwb_json_string(j, "allowed", range);
        cwb_json_string(j, "help", t[i].help ? t[i].help : "");
        char cond[160];
        cwb_param_read_when(&t[i], cond, sizeof cond);
        if (*cond)
            cwb_json_string(j, "read_only_with", cond);
        cwb_json_close(j);
    }
    cwb_json_close(j);
}

static void citations_json(cwb_json *j, const char *source)
{
    const char *at = source;
    cwb_json_open(j, "references", '[');
    for (const cwb_work *w; (w = cwb_work_next_cited(source, &at)) != NULL;) {
        cwb_json_open(j, NULL, '{');
        cwb_json_string(j, "key", w->key);
        cwb_json_string(j, "citation", w->citation);
        cwb_json_close(j);
    }
    cwb_json_close(j);
}

static void law_json(cwb_json *j, cwb_kind k, const cwb_law_head *h)
{
    cwb_json_open(j, NULL, '{');
    cwb_json_string(j, "type", "law");
    cwb_json_string(j, "kind", cwb_kind_name(k));
    cwb_json_string(j, "name", h->name);
    cwb_json_string(j, "summary", h->summary);
    cwb_json_string(j, "source", h->source);
    cwb_json_string(j, "geometry", cwb_describe_geometry(h->dims));
    cwb_json_number(j, "state_bytes", (double)h->state_size);
    cwb_json_string(j, "needs_normal", h->needs_normal ? h->needs_normal : "");
    cwb_json_string(j, "fails_when", h->fails_when ? h->fails_when : "");
    cwb_json_string(j, "creates_energy", h->creates_energy ? h->creates_energy : "");
    citations_json(j, h->source);
    params_json(j, "parameters", h->params);
    cwb_json_close(j);
}

static void driver_json(cwb_json *j, const cwb_driver_type *d)
{
    cwb_json_open(j, NULL, '{');
    cwb_json_string(j, "type", "driver");
    cwb_json_string(j, "name", d->name);
    cwb_json_string(j, "summary", d->summary);
    cwb_json_string(j, "geometry", cwb_describe_geometry(d->dims));
    cwb_json_string(j, "plot_x", d->plot_x ? d->plot_x : "");
    cwb_json_string(j, "plot_y", d->plot_y ? d->plot_y : "");
    params_json(j, "parameters", d->params);
    cwb_json_close(j);
}

static void fem_model_json(cwb_json *j, const cwb_fem_model *m)
{
    cwb_json_open(j, NULL, '{');
    cwb_json_string(j, "type", "fem_model");
    cwb_json_string(j, "name", m->name);
    cwb_json_string(j, "summary", m->summary);
    cwb_json_number(j, "dim", (double)m->dim);
    cwb_json_open(j, "sections", '[');
    for (const cwb_fem_section *s = m->sections; s && s->name; s++) {
        cwb_json_open(j, NULL, '{');
        cwb_json_string(j, "name", s->name);
        params_json(j, "parameters", s->params);
        cwb_json_close(j);
    }
    cwb_json_close(j);
    cwb_json_open(j, "tables", '[');
    for (const cwb_fem_table *t = m->tables; t && t->suffix; t++) {
        cwb_json_open(j, NULL, '{');
        cwb_json_string(j, "suffix", t->suffix);
        cwb_json_open(j, "units", '{');
        for (const cwb_fem_column *c = t->columns; c->name; c++)
            cwb_json_string(j, c->name, c->unit);
        cwb_json_close(j);
        cwb_json_close(j);
    }
    cwb_json_close(j);
    cwb_json_close(j);
}

static void names_of_laws(cwb_json *j, const char *key, cwb_kind k)
{
    cwb_json_open(j, key, '[');
    for (size_t i = 0; i < cwb_law_count(k); i++)
        cwb_json_string(j, NULL, cwb_law_at(k, i)->name);
    cwb_json_close(j);
}

/* A section of a case file: its keys, or what stands for them. */
static void section_json(cwb_json *j, const cwb_case_section *s)
{
    cwb_json_open(j, NULL, '{');
    cwb_json_string(j, "type", "section");
    cwb_json_string(j, "name", s->name);
    cwb_json_string(j, "help", s->help);
    if (strcmp(s->name, "contact") == 0) {
        cwb_json_open(j, "laws", '{');
        for (int k = 0; k < CWB_KIND_COUNT; k++)
            names_of_laws(j, cwb_kind_name((cwb_kind)k), (cwb_kind)k);
        cwb_json_close(j);
    } else if (strcmp(s->name, "driver") == 0) {
        cwb_json_open(j, "types", '[');
        for (size_t i = 0; i < cwb_driver_count(); i++)
            cwb_json_string(j, NULL, cwb_driver_at(i)->name);
        cwb_json_close(j);
    } else
        params_json(j, "parameters", s->params); /* [] for a law's section */
    cwb_json_close(j);
}

static void named_section_json(cwb_json *j, const char *name, const char *help, const cwb_param *t)
{
    cwb_json_open(j, NULL, '{');
    cwb_json_string(j, "type", "section");
    cwb_json_string(j, "name", name);
    cwb_json_string(j, "help", help);
    params_json(j, "parameters", t);
    cwb_json_close(j);
}

/* A file kind: case, fit or study; 0, or -1 when topic is none. */
static int file_json(cwb_json *j, const char *topic)
{
    if (strcmp(topic, "case") == 0) {
        cwb_json_open(j, NULL, '{');
        cwb_json_string(j, "type", "file");
        cwb_json_string(j, "name", "case");
        cwb_json_open(j, "sections", '[');
        for (const cwb_case_section *s = cwb_case_sections; s->name; s++)
            section_json(j, s);
        cwb_json_close(j);
        cwb_json_close(j);
    } else if (strcmp(topic, "fit") == 0) {
        named_section_json(j, "fit", "the one section of a fit-case (cwb fit)", cwb_fit_params());
    } else if (strcmp(topic, "study") == 0 || strcmp(topic, "mesh") == 0) {
        if (topic[0] == 's')
            named_section_json(j, "study", "a FEM study (cwb reference)", cwb_fem_study_params());
        named_section_json(j, "mesh", "element sizes and the refinement check, every model",
                           cwb_fem_mesh_params());
    } else
        return -1;
    return 0;
}

/* Every topic there is (cwb describe with no topic). */
static void index_json(cwb_json *j)
{
    cwb_json_open(j, "topics", '{');
    const char *files[] = {"case", "fit", "study", "mesh"};
    cwb_json_strings(j, "files", files, 4);
    cwb_json_open(j, "sections", '[');
    for (const cwb_case_section *s = cwb_case_sections; s->name; s++)
        cwb_json_string(j, NULL, s->name);
    cwb_json_close(j);
    cwb_json_open(j, "laws", '{');
    for (int k = 0; k < CWB_KIND_COUNT; k++)
        names_of_laws(j, cwb_kind_name((cwb_kind)k), (cwb_kind)k);
    cwb_json_close(j);
    cwb_json_open(j, "drivers", '[');
    for (size_t i = 0; i < cwb_driver_count(); i++)
        cwb_json_string(j, NULL, cwb_driver_at(i)->name);
    cwb_json_close(j);
    cwb_json_open(j, "fem_models", '[');
    for (size_t i = 0; i < cwb_fem_model_count(); i++)
        cwb_json_string(j, NULL, cwb_fem_model_at(i)->name);
    cwb_json_close(j);
    const char *fits[16];
    size_t nfit = 0;
    for (size_t i = 0; i < cwb_fit_model_count() && nfit < 16; i++)
        fits[nfit++] = cwb_fit_model_at(i)->name;
    cwb_json_strings(j, "fit_models", fits, nfit);
    cwb_json_close(j);
}

/* The items a topic names (a section, a file kind, a law of each kind, a
 * driver, a FEM model), as cwb_describe finds them; how many. */
static size_t items_json(cwb_json *j, const char *topic, int kind)
{
    size_t found = 0;
    const cwb_case_section *s = cwb_case_section_find(strcmp(topic, "body") == 0 ? "body1" : topic);
    if (kind < 0 && s) {
        section_json(j, s);
        return 1;
    }
    if (kind < 0 && file_json(j, topic) == 0)
        return 1;
    for (int k = 0; k < CWB_KIND_COUNT; k++) {
        const cwb_law_head *h = cwb_law_find((cwb_kind)k, topic);
        if (h && (kind < 0 || k == kind)) {
            law_json(j, (cwb_kind)k, h);
            found++;
        }
    }
    const cwb_driver_type *d = cwb_driver_find(topic);
    if (d && kind < 0) {
        driver_json(j, d);
        found++;
    }
    const cwb_fem_model *m = cwb_fem_model_find(topic);
    if (m && kind < 0) {
        fem_model_json(j, m);
        found++;
    }
    return found;
}

int cwb_describe_json(FILE *f, const char *topic, int kind)
{
    cwb_json j;
    cwb_json_init(&j);
    cwb_json_head(&j, "describe", NULL);
    size_t found = 1;
    if (topic) {
        cwb_json_string(&j, "topic", topic);
        cwb_json_open(&j, "items", '[');
        found = items_json(&j, topic, kind);
        cwb_json_close(&j);
    } else
        index_json(&j);
    cwb_json_warnings(&j, NULL);
    cwb_json_close(&j);
    int rc = found ? cwb_json_emit(&j, f) : -1;
    cwb_json_free(&j);
    return rc == CWB_OK ? 0 : -1;
}

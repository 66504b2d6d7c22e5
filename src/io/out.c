/* out.c -- CSV with provenance, JSON and text summaries. */
#include <string.h>

#include "cwb_numeric.h"
#include "cwb_out.h"
#include "cwb_verdict.h"

void cwb_number_text(double x, const char *undefined, char *buf, size_t n)
{
    if (isfinite(x))
        cwb_format_shortest(x, buf, n);
    else
        snprintf(buf, n, "%s", undefined);
}

void cwb_csv_number(FILE *f, double x)
{
    char num[40];
    cwb_number_text(x, "", num, sizeof num);
    fputs(num, f);
}

void cwb_json_number(FILE *f, double x)
{
    char num[40];
    cwb_number_text(x, "null", num, sizeof num);
    fputs(num, f);
}

const char *cwb_plot_x(const cwb_case *c)
{
    const char *x = c->output_values.text[CWB_OUT_PLOT_X];
    return x[0] ? x : c->driver->plot_x;
}

const char *cwb_plot_y(const cwb_case *c)
{
    const char *y = c->output_values.text[CWB_OUT_PLOT_Y];
    return y[0] ? y : c->driver->plot_y;
}

size_t cwb_plot_y_list(const cwb_case *c, char *buf, size_t n, const char **out, size_t max)
{
    snprintf(buf, n, "%s", cwb_plot_y(c));
    return cwb_split_paths(buf, out, max);
}

static void provenance_values(FILE *f, const char *prefix, const cwb_values *v)
{
    char buf[4096];
    for (int i = 0; v->table && v->table[i].name; i++) {
        if (v->table[i].kind == CWB_PARAM_TEXT && !v->text[i][0])
            continue;
        if (v->table[i].kind == CWB_PARAM_LIST && !v->list[i].n)
            continue;
        cwb_param_format(v, i, buf, sizeof buf);
        fprintf(f, "# %s.%s = %s%s\n", prefix, v->table[i].name, buf,
                v->given[i] ? "" : " (default)");
    }
}

void cwb_write_provenance(FILE *f, const cwb_case *c)
{
    fprintf(f, "# cwb %s\n", CWB_VERSION);
    fprintf(f, "# case: %s\n", c->file);
    fprintf(f, "# laws: normal=%s tangential=%s damping=%s rolling=%s\n", c->law[0]->name,
            c->law[1]->name, c->law[2]->name, c->law[3]->name);
    for (int k = 0; k < CWB_KIND_COUNT; k++)
        fprintf(f, "# %s law source: %s\n", cwb_kind_name((cwb_kind)k), c->law[k]->source);
    for (int k = 0; k < CWB_KIND_COUNT; k++)
        provenance_values(f, cwb_kind_name((cwb_kind)k), &c->law_values[k]);
    for (int b = 0; b < 2; b++) {
        const cwb_body *body = &c->pair.body[b];
        fprintf(f, "# body%d: %s radius=%.10g m E=%.10g Pa nu=%.10g density=%.10g kg/m^3%s\n",
                b + 1, cwb_shape_name(body->shape), body->radius, body->E, body->nu, body->density,
                body->rigid ? " (rigid)" : "");
    }
    fprintf(f, "# pair: dim=%d E*=%.10g Pa G*=%.10g Pa R*=%.10g m m*=%.10g %s\n", c->pair.dim,
            c->pair.E_star, c->pair.G_star, c->pair.R_star, c->pair.m_star,
            c->pair.dim == 2 ? "kg/m" : "kg");
    fprintf(f, "# driver: %s\n", c->driver->name);
    provenance_values(f, "driver", &c->driver_values);
}

int cwb_write_csv(FILE *f, const cwb_case *c, const cwb_result *r)
{
    const cwb_series *s = &r->series;
    cwb_write_provenance(f, c);
    if (cwb_series_find(s, "branch") >= 0)
        fprintf(f, "# branch codes: 0 none, 1 elastic, 2 elastic-plastic, 3 plastic, "
                   "4 unloading, 5 reloading\n");
    for (size_t w = 0; w < r->nwarn; w++)
        fprintf(f, "# WARNING: %s\n", r->warn[w]);
    size_t undefined = 0;
    for (size_t i = 0; i < s->ncol; i++)
        for (size_t j = 0; j < s->nrow; j++)
            undefined += !isfinite(s->col[i].v[j]);
    /* an empty field: what spreadsheets, pandas and gnuplot read as missing */
    if (undefined)
        fprintf(f, "# WARNING: %zu cells are undefined (left empty)\n", undefined);
    for (size_t i = 0; i < s->ncol; i++)
        fprintf(f, "%s%s[%s]", i ? "," : "", s->col[i].name, s->col[i].unit);
    fputc('\n', f);
    for (size_t j = 0; j < s->nrow; j++) {
        for (size_t i = 0; i < s->ncol; i++) {
            if (i)
                fputc(',', f);
            cwb_csv_number(f, s->col[i].v[j]);
        }
        fputc('\n', f);
    }
    return ferror(f) ? CWB_EFAIL : CWB_OK;
}

void cwb_json_quote(char *out, size_t n, const char *s)
{
    size_t used = 0;
    if (n < 3) {
        if (n)
            out[0] = '\0';
        return;
    }
    out[used++] = '"';
    for (; *s; s++) {
        char esc[8];
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            snprintf(esc, sizeof esc, "\\%c", c);
        else if (c < 0x20 || c == 0x7f)
            snprintf(esc, sizeof esc, "\\u%04x", c);
        else
            snprintf(esc, sizeof esc, "%c", c);
        size_t len = strlen(esc);
        if (used + len + 2 > n)
            break;
        memcpy(out + used, esc, len);
        used += len;
    }
    out[used++] = '"';
    out[used] = '\0';
}

static void json_string(FILE *f, const char *s)
{
    char q[6 * CWB_TEXT + 3];
    cwb_json_quote(q, sizeof q, s);
    fputs(q, f);
}

void cwb_write_json(FILE *f, const cwb_case *c, const cwb_result *r, const char *dir)
{
    fprintf(f, "{\"schema\": \"%s\", \"command\": \"run\", \"cwb\": \"%s\", \"output_dir\": ",
            CWB_JSON_SCHEMA, CWB_VERSION);
    json_string(f, dir ? dir : "");
    fprintf(f, ", \"case\": ");
    json_string(f, c->name);
    fprintf(f, ", \"file\": ");
    json_string(f, c->file);
    fprintf(f, ", \"driver\": ");
    json_string(f, c->driver->name);
    fprintf(f, ", \"laws\": {");
    for (int k = 0; k < CWB_KIND_COUNT; k++) {
        fprintf(f, "%s\"%s\": ", k ? ", " : "", cwb_kind_name((cwb_kind)k));
        json_string(f, c->law[k]->name);
    }
    fprintf(f, "}");
    int undefined = 0;
    for (size_t i = 0; i < r->nscalar; i++) {
        fprintf(f, ", ");
        json_string(f, r->scalar[i].name);
        fprintf(f, ": ");
        cwb_json_number(f, r->scalar[i].value);
        undefined |= !isfinite(r->scalar[i].value);
    }
    fprintf(f, ", \"units\": {");
    for (size_t i = 0; i < r->nscalar; i++) {
        fprintf(f, "%s", i ? ", " : "");
        json_string(f, r->scalar[i].name);
        fprintf(f, ": ");
        json_string(f, r->scalar[i].unit);
    }
    fprintf(f, "}");
    if (undefined) {
        fprintf(f, ", \"undefined\": [");
        int first = 1;
        for (size_t i = 0; i < r->nscalar; i++)
            if (!isfinite(r->scalar[i].value)) {
                fprintf(f, "%s", first ? "" : ", ");
                json_string(f, r->scalar[i].name);
                first = 0;
            }
        fprintf(f, "]");
    }
    if (r->verdict != CWB_VERDICT_NONE) {
        fprintf(f, ", \"verdict\": ");
        json_string(f, cwb_verdict_word(r->verdict));
        fprintf(f, ", \"reference\": ");
        json_string(f, c->output_values.text[CWB_OUT_REFERENCE]);
        if (r->verdict == CWB_VERDICT_MODEL) {
            fprintf(f, ", \"model_comparison\": ");
            json_string(f, c->output_values.text[CWB_OUT_MODEL_COMPARISON]);
        }
    }
    fprintf(f, ", \"warnings\": [");
    for (size_t w = 0; w < r->nwarn; w++) {
        fprintf(f, "%s", w ? ", " : "");
        json_string(f, r->warn[w]);
    }
    fprintf(f, "]}\n");
}

void cwb_write_summary(FILE *f, const cwb_case *c, const cwb_result *r)
{
    fprintf(f, "%s (%s; normal=%s tangential=%s damping=%s rolling=%s)\n", c->name, c->driver->name,
            c->law[0]->name, c->law[1]->name, c->law[2]->name, c->law[3]->name);
    for (size_t i = 0; i < r->nscalar; i++) {
        if (isfinite(r->scalar[i].value))
            fprintf(f, "  %-28s %.8g %s\n", r->scalar[i].name, r->scalar[i].value,
                    r->scalar[i].unit);
        else
            fprintf(f, "  %-28s undefined\n", r->scalar[i].name);
    }
}

/* plot_legend.c -- the legend entries of a run's or a sweep's plot (plot.c):
 * each curve named for what it is, and no two alike.
 *
 * - The run's own curves: the spec's label ("cwb: hertz + mindlin", or a
 *   driver's own model), or for a sweep the laws its CSV names.
 * - An overlaid cwb run: its laws ("# laws: ..." of its CSV), or the run's
 *   own label when it ran the same laws in the same driver; then, while
 *   two entries read alike, the parameters it sets otherwise than the run
 *   ("cwb: hertz, T0_over_Tmu = 2"). The run's own entry then names its
 *   values of those parameters too, so no member of the family is left
 *   unlabelled.
 * - A CSV that cwb did not write (a closed form drawn as a line): its
 *   "# legend: " line, else the title its header opens with (its first
 *   line, and the lines that continue it: cwb_header_title) -- what it is,
 *   never its file name.
 * - A reference: its "# legend: " line, else "reference: " and that
 *   title, shortened; two references that read alike are told apart by the
 *   first words in which their provenance differs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cwb_law.h"
#include "cwb_plot.h"

/* The '#' lines heading the CSV at path, joined, each cut at 1000
 * characters ("" when unreadable). */
static void head_lines(const char *path, char *out, size_t n)
{
    char line[1024];
    out[0] = '\0';
    FILE *in = fopen(path, "r");
    size_t used = 0;
    int start = 1; /* at the start of a line of the file */
    while (in && fgets(line, sizeof line, in) && (!start || line[0] == '#')) {
        int whole = strchr(line, '\n') != NULL;
        if (start && used < n)
            used += (size_t)snprintf(out + used, n - used, "%s%s", line, whole ? "" : "\n");
        start = whole;
    }
    if (in)
        fclose(in);
}

/* The provenance line starting with prefix (without the line end) into
 * out; 0 when there is none. */
static int provenance_line(const char *prov, const char *prefix, char *out, size_t n)
{
    for (const char *p = prov; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        if (strncmp(p, prefix, strlen(prefix)) == 0) {
            snprintf(out, n, "%.*s", (int)strcspn(p, "\r\n"), p);
            return 1;
        }
    out[0] = '\0';
    return 0;
}

/* Whether "KIND=NAME" (eq at its '=') names the absent law of its kind. */
static int absent_law(const char *tok, const char *eq)
{
    for (int k = 0; k < CWB_KIND_COUNT; k++) {
        const char *kind = cwb_kind_name((cwb_kind)k);
        if (strlen(kind) == (size_t)(eq - tok) && strncmp(tok, kind, (size_t)(eq - tok)) == 0) {
            const cwb_law_head *h = cwb_law_find((cwb_kind)k, eq + 1);
            return h && (h->flags & CWB_LAW_ABSENT);
        }
    }
    return 0;
}

/* The laws a "# laws: normal=X tangential=none ..." line names, as
 * "PREFIX X" ("+"-joined, absent laws left out), into out; its length. */
static size_t laws_text(const char *laws_line, const char *prefix, char *out, size_t n)
{
    char line[512];
    snprintf(line, sizeof line, "%s", laws_line);
    size_t used = (size_t)snprintf(out, n, "%s", prefix), start = used;
    char *save = NULL;
    for (char *tok = strtok_r(line, " ", &save); tok && used < n;
         tok = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(tok, '=');
        if (eq && !absent_law(tok, eq))
            used +=
                (size_t)snprintf(out + used, n - used, "%s%s", used > start ? " + " : " ", eq + 1);
    }
    return used < n ? used : n - 1;
}

/* 1 when a provenance line is a law or driver parameter the user set
 * (the driver's too: runs of one law at three speeds differ there); a
 * value auto chose (dt) is not one. */
static int set_parameter(const char *line)
{
    return (strncmp(line, "# normal.", 9) == 0 || strncmp(line, "# tangential.", 13) == 0 ||
            strncmp(line, "# damping.", 10) == 0 || strncmp(line, "# driver.", 9) == 0) &&
           !strstr(line, "(default)") && !strstr(line, "(auto)");
}

/* ", py = 316.5 MPa" for the provenance text "py = 316500000 [Pa]": a
 * number with its unit as a plot shows estimates; a list of one value
 * repeated ("0.05, 0.05") as that value; a unit that depends on another
 * key ("m or N") in brackets after the number as written; a word as it
 * is (a " (default)" remark left out). */
static size_t legend_parameter(const char *text, char *out, size_t n)
{
    char key[64], value[128] = "", unit[32] = "", shown[168]; /* value [unit] fits */
    int used = 0;
    if (sscanf(text, "%63s = %127[^ ] [%31[^]]]", key, value, unit) >= 2) {
        size_t first = strcspn(value, ","); /* a list of one value repeated: that value */
        int same = 1;
        for (const char *c = value + first; *c == ',' && same; c += 1 + strcspn(c + 1, ","))
            same = strncmp(c + 1, value, first) == 0 && strchr(",", c[1 + first]);
        if (same)
            value[first] = '\0';
        char *end;
        double v = strtod(value, &end);
        if (*end || end == value || strchr(unit, ' ') ||
            cwb_gp_format_estimate(shown, sizeof shown, v, NAN, unit) != 0)
            snprintf(shown, sizeof shown, "%s%s%s%s", value, unit[0] ? " [" : "", unit,
                     unit[0] ? "]" : "");
        used = snprintf(out, n, ", %s = %s", key, shown);
    } else {
        const char *remark = strstr(text, " (default)");
        used = snprintf(out, n, ", %.*s", (int)(remark ? remark - text : (long)strlen(text)), text);
    }
    return used < 0 ? 0 : (size_t)used < n ? (size_t)used : n - 1;
}

/* Whether a header line's text t (past its '#' marks, len characters) is a
 * key line: a lowercase word or a few and ": " within its first 24
 * characters ("tolerance: ", "stands for: ", "inputs: "). */
static int key_line(const char *t, size_t len)
{
    size_t k = strspn(t, "abcdefghijklmnopqrstuvwxyz0123456789_. ");
    return k > 0 && k <= 24 && k + 1 < len && t[k] == ':' && t[k + 1] == ' ' && t[0] >= 'a' &&
           t[0] <= 'z';
}

/* Whether the title s goes on in the next header line: it ends in ',',
 * ';', ':' or '(', inside a parenthesis, or on a word that cannot end a
 * title ("... speed along the line path, eq. 16 with"). */
static int goes_on(const char *s)
{
    static const char *const open_words[] = {
        "and", "or",   "of",    "with",    "in",      "at",   "to",  "by", "for", "from",
        "on",  "over", "under", "against", "between", "into", "the", "as", "per", "vs"};
    size_t len = strlen(s);
    while (len && s[len - 1] == ' ')
        len--;
    if (!len)
        return 0;
    if (strchr(",;:(", s[len - 1]))
        return 1;
    int depth = 0;
    for (size_t i = 0; i < len; i++)
        depth += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
    if (depth > 0)
        return 1;
    size_t w = len;
    while (w && s[w - 1] != ' ')
        w--;
    for (size_t k = 0; k < sizeof open_words / sizeof *open_words; k++)
        if (len - w == strlen(open_words[k]) && strncmp(s + w, open_words[k], len - w) == 0)
            return 1;
    return 0;
}

/* The title that starts at p, a header line's text (past its '#' marks)
 * in the header lines of a CSV: that line, joined by a space with each
 * next '#' line while the title so far goes on (goes_on) and that line is
 * neither empty nor a key line (key_line). A title written over several
 * lines is read whole ("..., translated at fixed height," / "accurate
 * model before full slip, ..."); a line that ends a phrase ("Hertz normal
 * impact, closed form: Chung & Ooi test 1, glass") stands alone, the
 * next one ("generated by ...") being a remark of its own. */
void cwb_header_title(const char *p, char *out, size_t n)
{
    if (!p || n == 0) { /* callable from outside now: no text, no title */
        if (n)
            out[0] = '\0';
        return;
    }
    size_t used = (size_t)snprintf(out, n, "%.*s", (int)strcspn(p, "\r\n"), p);
    for (const char *next = strchr(p, '\n'); next && next[1] == '#' && used < n && goes_on(out);
         next = strchr(next + 1, '\n')) {
        const char *t = next + 1 + strspn(next + 1, "# ");
        size_t len = strcspn(t, "\r\n");
        if (len == 0 || key_line(t, len))
            break;
        used += (size_t)snprintf(out + used, n - used, " %.*s", (int)len, t);
    }
}

/* The legend a CSV gives itself: its "# legend: " line, else the title
 * its header opens with (cwb_header_title) past cwb's stamp, cut at its
 * first " (" that is not a year ("(2020)") and kept under 80 characters
 * at a word boundary. "" when it has none. */
static void described(const char *prov, char *out, size_t n)
{
    char legend[400], first[1024];
    if (provenance_line(prov, "# legend: ", legend, sizeof legend)) {
        snprintf(out, n, "%s", legend + 10);
        return;
    }
    const char *p = prov;
    while (strncmp(p, "# cwb ", 6) == 0 && !strstr(p, "reference: ") && strchr(p, '\n'))
        p = strchr(p, '\n') + 1;
    while (*p == '#' || *p == ' ')
        p++;
    const char *cut = strstr(p, "reference: ");
    if (strncmp(p, "cwb ", 4) == 0 && cut && cut < p + strcspn(p, "\n"))
        p = cut + 11;
    cwb_header_title(p, first, sizeof first);
    /* the first " (" that is not a year and leaves 20 characters after the
     * last ": " before it ("Fig. 15: N (eq. 23 ...)" keeps its "N (eq. 23") */
    char *paren = first;
    while ((paren = strstr(paren, " (")) != NULL) {
        const char *colon = first, *c;
        while ((c = strstr(colon, ": ")) != NULL && c < paren)
            colon = c + 2;
        int year = strspn(paren + 2, "0123456789") == 4 && paren[6] == ')';
        if (!year && paren - colon >= 20)
            break;
        paren += 2;
    }
    if (paren)
        *paren = '\0';
    size_t len = strlen(first);
    while (len && strchr(",: ", first[len - 1]))
        first[--len] = '\0';
    if (len > 80) { /* at a word boundary */
        char *sp = first + 76;
        while (sp > first + 40 && *sp != ' ')
            sp--;
        snprintf(sp, sizeof first - (size_t)(sp - first), " ...");
    }
    snprintf(out, n, "%s", first);
}

/* The provenance as one line of prose: the '#' lines without their marks
 * and without cwb's stamp, joined by spaces. */
static void prose(const char *prov, char *out, size_t n)
{
    size_t used = 0;
    out[0] = '\0';
    for (const char *p = prov; p && *p && used + 1 < n;) {
        size_t len = strcspn(p, "\n");
        const char *t = p + strspn(p, "# ");
        size_t tl = len - (size_t)(t - p);
        if (strncmp(t, "cwb ", 4) != 0 && tl > 0)
            used += (size_t)snprintf(out + used, n - used, "%s%.*s", used ? " " : "", (int)tl, t);
        p += len + (p[len] == '\n');
    }
}

/* The first line of provenance prov that is not cwb's stamp, without its
 * '#' marks (one line: two references are told apart by the clause where
 * they first differ, which a shared continuation would only lengthen). */
static void first_line(const char *prov, char *out, size_t n)
{
    const char *p = prov;
    while (strncmp(p, "# cwb ", 6) == 0 && strchr(p, '\n'))
        p = strchr(p, '\n') + 1;
    p += strspn(p, "# ");
    snprintf(out, n, "%.*s", (int)strcspn(p, "\r\n"), p);
}

/* "reference: HEAD, WHAT" for the reference with provenance a, where b's
 * reads alike: HEAD is a's text up to its first ": " (the figure), WHAT the
 * clause in which the two first differ (up to its first " (" or 60
 * characters), in their first lines where those differ, else in their
 * whole provenance. */
static void distinct_reference(const char *a, const char *b, char *out, size_t n)
{
    char pa[2048], pb[2048], head[160] = "", what[200];
    first_line(a, pa, sizeof pa);
    first_line(b, pb, sizeof pb);
    if (strcmp(pa, pb) == 0) {
        prose(a, pa, sizeof pa);
        prose(b, pb, sizeof pb);
    }
    size_t c = 0;
    while (pa[c] && pa[c] == pb[c])
        c++;
    size_t s = c; /* back to the start of the clause */
    while (s > 0 && !(s >= 2 && strchr(",;:", pa[s - 2]) && pa[s - 1] == ' '))
        s--;
    const char *colon = strstr(pa, ": ");
    if (colon && (size_t)(colon - pa) < s && colon - pa < 120)
        snprintf(head, sizeof head, "%.*s, ", (int)(colon - pa), pa);
    snprintf(what, sizeof what, "%.199s", pa + s);
    char *paren = strstr(what, " (");
    if (paren && paren - what >= 20)
        *paren = '\0';
    size_t wl = strlen(what);
    while (wl && strchr(",;: ", what[wl - 1]))
        what[--wl] = '\0';
    if (strlen(what) > 64) {
        char *sp = what + 60;
        while (sp > what + 30 && *sp != ' ')
            sp--;
        snprintf(sp, sizeof what - (size_t)(sp - what), " ...");
    }
    snprintf(out, n, "reference: %s%s", head, what);
}

/* Two reference legends that do not tell the curves apart: the same, or
 * both cut short ("...") after the same figure ("X Fig. 11: ..."). */
static int alike(const char *a, const char *b)
{
    if (strcmp(a, b) == 0)
        return 1;
    size_t la = strlen(a), lb = strlen(b);
    const char *ca = strstr(a, ": "), *cb = strstr(b, ": ");
    if (ca && strncmp(a, "reference: ", 11) == 0)
        ca = strstr(ca + 2, ": ");
    if (cb && strncmp(b, "reference: ", 11) == 0)
        cb = strstr(cb + 2, ": ");
    return la > 4 && lb > 4 && strcmp(a + la - 4, " ...") == 0 && strcmp(b + lb - 4, " ...") == 0 &&
           ca && cb && ca - a == cb - b && strncmp(a, b, (size_t)(ca - a)) == 0;
}

/* 1 when the provenance is a cwb run's (its laws, not `cwb reference`'s
 * stamp): another model's curve used as the reference. */
static int cwb_run(const char *prov)
{
    char line[512];
    return strncmp(prov, "# cwb ", 6) == 0 && !strstr(prov, "reference: ") &&
           provenance_line(prov, "# laws: ", line, sizeof line);
}

/* The legend of a reference with provenance prov (file path): "# legend:"
 * as it is, cwb's FEM as such, else "reference: " and its description. */
static void reference_title(const char *prov, const char *path, char *out, size_t n)
{
    char line[400], text[400];
    if (provenance_line(prov, "# legend: ", line, sizeof line)) {
        snprintf(out, n, "%s", line + 10);
        return;
    }
    if (provenance_line(prov, "# independence: fem", line, sizeof line) &&
        strncmp(prov, "# cwb ", 6) == 0) {
        snprintf(out, n, "FEM (gmsh + CalculiX)"); /* cwb's own FEM (cwb reference) */
        return;
    }
    if (provenance_line(prov, "# laws: ", line, sizeof line) && strncmp(prov, "# cwb ", 6) == 0 &&
        !strstr(prov, "reference: ")) { /* a cwb run as the reference: its laws */
        laws_text(line + 8, "cwb:", text, sizeof text);
        snprintf(out, n, "reference: %s", text);
        return;
    }
    described(prov, text, sizeof text);
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    snprintf(out, n, "reference: %s", text[0] ? text : base);
}

/* Append the parameter of provenance line "# section.key = value ..." to
 * out (", key = value") and its key to keys (" section.key ..."). */
static size_t show_parameter(const char *line, char *out, size_t n, char *keys, size_t nk)
{
    size_t kl = strcspn(line + 2, " "), have = strlen(keys);
    char key[128];
    snprintf(key, sizeof key, " %.*s ", (int)kl, line + 2);
    if (!strstr(keys, key) && have + kl + 2 < nk)
        snprintf(keys + have, nk - have, "%.*s ", (int)kl, line + 2);
    return legend_parameter(strchr(line, '.') + 1, out, n);
}

/* At most `most` parameters in which the run of provenance prov differs
 * from the plot's own run (own_prov): those it sets otherwise, then those
 * the own run sets and it leaves at another value (a default), each with
 * its value; how many characters went into out. */
static size_t differing_parameters(const char *prov, const char *own_prov, int most, char *out,
                                   size_t n, char *keys, size_t nk)
{
    char line[512], theirs[512], prefix[140], shown[140];
    size_t used = 0;
    int params = 0;
    for (int pass = 0; pass < 2; pass++) {
        const char *from = pass == 0 ? prov : own_prov, *other = pass == 0 ? own_prov : prov;
        for (const char *p = from; *p && used < n && params < most;) {
            size_t len = strcspn(p, "\n");
            snprintf(line, sizeof line, "%.*s", (int)len, p);
            p += len + (p[len] == '\n');
            if (!set_parameter(line) || strstr(other, line))
                continue;
            const char *use = line; /* pass 1: their value of the key the run sets */
            int kl = 2 + (int)strcspn(line + 2, " "); /* "# section.key" */
            snprintf(prefix, sizeof prefix, "%.*s = ", kl, line);
            snprintf(shown, sizeof shown, ", %.*s = ", (int)strcspn(strchr(line, '.') + 1, " "),
                     strchr(line, '.') + 1);
            if (pass == 1) {
                if (strstr(out, shown) || !provenance_line(prov, prefix, theirs, sizeof theirs))
                    continue;
                use = theirs;
            }
            params++;
            used += show_parameter(use, out + used, n - used, keys, nk);
        }
    }
    return used;
}

/* Overlay o's legend at a level of detail: 0, its base (laws, or the
 * run's own label for the same laws and driver; a CSV cwb did not write:
 * its own description); 1 (2), also at most two (four) of the parameters
 * in which it differs from the run, their keys added to keys. */
static void overlay_title(const char *prov, const char *own_prov, const char *own, int detail,
                          char *out, size_t n, char *keys, size_t nk)
{
    char laws[512], mine[512], drv[256], own_drv[256];
    if (!provenance_line(prov, "# laws: ", laws, sizeof laws)) {
        described(prov, out, n);
        return;
    }
    provenance_line(own_prov, "# laws: ", mine, sizeof mine);
    provenance_line(prov, "# driver: ", drv, sizeof drv);
    provenance_line(own_prov, "# driver: ", own_drv, sizeof own_drv);
    size_t used;
    if (strcmp(laws, mine) == 0 && strcmp(drv, own_drv) == 0)
        used = (size_t)snprintf(out, n, "%s", own);
    else
        used = laws_text(laws + 8, "cwb:", out, n);
    int most = detail == 1 ? 2 : detail >= 2 ? 4 : 0;
    if (used < n)
        differing_parameters(prov, own_prov, most, out + used, n - used, keys, nk);
}

/* The legend of the run's own curves: the spec's label, or when that is
 * only "cwb" (sweeps) the laws its CSV names. */
static void own_base(const cwb_plot_spec *sp, const char *prov, char *out, size_t n)
{
    char laws[512];
    snprintf(out, n, "%s", sp->label ? sp->label : "cwb");
    if (strcmp(out, "cwb") == 0 && provenance_line(prov, "# laws: ", laws, sizeof laws))
        laws_text(laws + 8, "cwb:", out, n);
}

/* A run's values (its CSV's provenance prov) of the parameters the
 * overlays name (keys: " section.key ..."), appended to its legend where
 * it does not name them yet: every member of a family of curves names the
 * parameters that tell them apart. */
static void add_parameters(const char *prov, const char *keys, char *out, size_t n)
{
    char key[128], prefix[140], line[512], shown[140];
    size_t used = strlen(out);
    int named = strstr(out, " = ") != NULL;
    for (const char *k = keys; sscanf(k, " %127s", key) == 1 && used < n;) {
        k = strstr(k, key) + strlen(key);
        const char *dot = strchr(key, '.');
        snprintf(shown, sizeof shown, ", %s = ", dot ? dot + 1 : key);
        snprintf(prefix, sizeof prefix, "# %s = ", key);
        if (strstr(out, shown) || !provenance_line(prov, prefix, line, sizeof line))
            continue;
        /* a default (py = 0 where py_from = sigma_y) only where the entry
         * names nothing else: it may be a value the law does not use */
        if (named && strstr(line, "(default)"))
            continue;
        used += legend_parameter(line + 2 + strcspn(line + 2, ".") + 1, out + used, n - used);
        named = 1;
    }
}

/* The provenance of the CSVs a plot draws. */
typedef struct {
    char own[16384], other[12][16384], ref[8][16384];
} heads;

void cwb_plot_legends_make(const cwb_plot_spec *sp, cwb_plot_legends *l)
{
    heads *h = calloc(1, sizeof *h);
    memset(l, 0, sizeof *l);
    if (!h) { /* out of memory: the legends say what they can */
        snprintf(l->own, sizeof l->own, "%s", sp->label ? sp->label : "cwb");
        for (size_t o = 0; o < 12; o++)
            snprintf(l->overlay[o], sizeof l->overlay[o], "overlay %zu", o + 1);
        for (size_t r = 0; r < 8; r++)
            snprintf(l->reference[r], sizeof l->reference[r], "reference %zu", r + 1);
        return;
    }
    char(*prov)[16384] = h->other, *own_prov = h->own; /* the overlays', the run's */
    char path[CWB_TEXT + 64], keys[512] = " ";
    snprintf(path, sizeof path, "%s/%s.csv", sp->dir, sp->data ? sp->data : sp->name);
    head_lines(path, own_prov, sizeof h->own);
    own_base(sp, own_prov, l->own, sizeof l->own);
    size_t no = sp->noverlay < 12 ? sp->noverlay : 12;
    for (size_t o = 0; o < no; o++)
        head_lines(sp->overlays[o], prov[o], sizeof prov[o]);
    int detail[12] = {0};
    for (int round = 0; round < 3; round++) {
        keys[1] = '\0';
        for (size_t o = 0; o < no; o++)
            overlay_title(prov[o], own_prov, l->own, detail[o], l->overlay[o], sizeof l->overlay[o],
                          keys, sizeof keys);
        int same[12] = {0};
        for (size_t o = 0; o < no; o++) {
            same[o] |= strcmp(l->overlay[o], l->own) == 0;
            for (size_t p = o + 1; p < no; p++)
                if (strcmp(l->overlay[o], l->overlay[p]) == 0)
                    same[o] = same[p] = 1;
        }
        for (size_t o = 0; o < no; o++)
            if (same[o] && detail[o] < 2)
                detail[o]++;
    }
    size_t nr = sp->nref < 8 ? sp->nref : 8;
    for (size_t r = 0; r < nr; r++) {
        head_lines(sp->refs[r], h->ref[r], sizeof h->ref[r]);
        if (cwb_run(h->ref[r])) { /* another cwb run: what sets it apart from this one */
            char what[400];
            overlay_title(h->ref[r], own_prov, l->own, 1, what, sizeof what, keys, sizeof keys);
            snprintf(l->reference[r], sizeof l->reference[r], "reference: %s", what);
        } else
            reference_title(h->ref[r], sp->refs[r], l->reference[r], sizeof l->reference[r]);
    }
    add_parameters(own_prov, keys, l->own, sizeof l->own);
    for (size_t o = 0; o < no; o++)
        if (detail[o] > 0)
            add_parameters(h->other[o], keys, l->overlay[o], sizeof l->overlay[o]);
    for (size_t r = 0; r < nr; r++)
        for (size_t q = 0; q < nr; q++)
            if (q != r && alike(l->reference[r], l->reference[q]) &&
                strcmp(h->ref[r], h->ref[q]) != 0) {
                distinct_reference(h->ref[r], h->ref[q], l->reference[r], sizeof l->reference[r]);
                distinct_reference(h->ref[q], h->ref[r], l->reference[q], sizeof l->reference[q]);
            }
    free(h);
}

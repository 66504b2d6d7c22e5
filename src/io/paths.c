/* paths.c -- relative paths read from the folder of the file that names
 * them (cwb_paths.h states the rule). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cwb_paths.h"

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* "a/./b/../c" -> "a/c", lexically: "." dropped, "x/.." removed where x is
 * a plain component, leading ".." kept; "" becomes ".". */
static void normalise(const char *path, char *out, size_t n)
{
    char copy[PATH_MAX];
    snprintf(copy, sizeof copy, "%s", path);
    const char *part[PATH_MAX / 2];
    size_t np = 0;
    int absolute = copy[0] == '/';
    for (char *save = NULL, *tok = strtok_r(copy, "/", &save); tok;
         tok = strtok_r(NULL, "/", &save)) {
        if (strcmp(tok, ".") == 0)
            continue;
        if (strcmp(tok, "..") == 0 && np > 0 && strcmp(part[np - 1], "..") != 0) {
            np--;
            continue;
        }
        if (strcmp(tok, "..") == 0 && absolute)
            continue; /* "/.." is "/" */
        part[np++] = tok;
    }
    size_t used = (size_t)snprintf(out, n, "%s", absolute ? "/" : "");
    for (size_t i = 0; i < np && used < n; i++)
        used += (size_t)snprintf(out + used, n - used, "%s%s", i ? "/" : "", part[i]);
    if (!out[0])
        snprintf(out, n, ".");
}

/* The lexical form where it names the same file as the joined one (a
 * folder reached through a symbolic link makes "link/.." differ). */
static void normalise_if_same(const char *joined, char *out, size_t n)
{
    char lexical[PATH_MAX], a[PATH_MAX], b[PATH_MAX];
    normalise(joined, lexical, sizeof lexical);
    if (realpath(joined, a) && (!realpath(lexical, b) || strcmp(a, b) != 0))
        snprintf(out, n, "%s", joined);
    else
        snprintf(out, n, "%s", lexical);
}

int cwb_path_join(const char *dir, const char *path, char *out, size_t n)
{
    char joined[PATH_MAX];
    int len = path[0] == '/' || !dir || !dir[0] || strcmp(dir, ".") == 0
                  ? snprintf(joined, sizeof joined, "%s", path)
                  : snprintf(joined, sizeof joined, "%s/%s", dir, path);
    if (len < 0 || (size_t)len >= sizeof joined)
        return cwb_fail(out, n, CWB_EINPUT, "path too long: %.100s...", path);
    char result[PATH_MAX];
    normalise_if_same(joined, result, sizeof result);
    if (strlen(result) >= n)
        return cwb_fail(out, n, CWB_EINPUT, "path too long: %.100s...", result);
    snprintf(out, n, "%s", result);
    return CWB_OK;
}

int cwb_path_resolve_list(const char *base_file, const char *list, char *out, size_t n)
{
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", base_file ? base_file : "");
    char *slash = strrchr(dir, '/');
    if (slash)
        *(slash == dir ? slash + 1 : slash) = '\0';
    else
        dir[0] = '\0';
    return cwb_path_resolve_in(dir, list, out, n);
}

static int resolve_items(const char *dir, const char *list, int bare, char *out, size_t n);

int cwb_path_resolve_in(const char *dir, const char *list, char *out, size_t n)
{
    return resolve_items(dir, list, -1, out, n);
}

int cwb_path_resolve_bare_in(const char *dir, const char *list, char *out, size_t n)
{
    return resolve_items(dir, list, 1, out, n);
}

/* Join dir to each relative item of list: every one (bare < 0), only the
 * bare file names (bare > 0), or only the paths with a folder (bare == 0). */
static int resolve_items(const char *dir, const char *list, int bare, char *out, size_t n)
{
    /* item by item, the separators (';' between groups, ',' within one, as
     * [sweep] reference uses them; blanks) kept as they are */
    size_t used = 0;
    char result[CWB_TEXT * 4];
    result[0] = '\0';
    for (const char *p = list; *p;) {
        /* blanks separate items too: an indented continuation line is joined
         * to the value with a space (cwb_ini.h), and paths hold none */
        size_t skip = strspn(p, ";, \t"), len = strcspn(p + skip, ";, \t");
        char item[PATH_MAX], one[PATH_MAX];
        if (skip + used >= sizeof result || len >= sizeof item)
            return cwb_fail(out, n, CWB_EINPUT, "path list too long: %.100s...", list);
        memcpy(result + used, p, skip);
        used += skip;
        result[used] = '\0';
        if (len == 0)
            break;
        memcpy(item, p + skip, len);
        item[len] = '\0';
        int is_bare = strchr(item, '/') == NULL;
        if (bare >= 0 && is_bare != bare)
            snprintf(one, sizeof one, "%s", item); /* left for the other rule */
        else if (cwb_path_join(dir, item, one, sizeof one) != CWB_OK)
            return cwb_fail(out, n, CWB_EINPUT, "path list too long: %.100s...", list);
        if (used + strlen(one) >= sizeof result)
            return cwb_fail(out, n, CWB_EINPUT, "path list too long: %.100s...", list);
        used += (size_t)snprintf(result + used, sizeof result - used, "%s", one);
        p += skip + len;
    }
    if (used >= n)
        return cwb_fail(out, n, CWB_EINPUT, "path list too long: %.100s...", list);
    snprintf(out, n, "%s", result);
    return CWB_OK;
}

const char *cwb_path_value(const cwb_param *p, const char *file, int line, const char *value,
                           char *buf, size_t n)
{
    if (!(p->flags & (CWB_P_PATH | CWB_P_OUTPUTS)) || line < 1)
        return value;
    if (p->flags & CWB_P_PATH)
        return cwb_path_resolve_list(file, value, buf, n) == CWB_OK ? buf : NULL;
    char dir[CWB_TEXT];
    snprintf(dir, sizeof dir, "%s", file);
    char *slash = strrchr(dir, '/');
    if (slash)
        *(slash == dir ? slash + 1 : slash) = '\0';
    else
        dir[0] = '\0';
    return resolve_items(dir, value, 0, buf, n) == CWB_OK ? buf : NULL;
}

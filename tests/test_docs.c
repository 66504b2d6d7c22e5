/* test_docs.c -- the pages of doc/reference/ mirror the tables the readers
 * validate against (src/cli/describe.c writes them, `make docs` commits
 * them): `cwb docs` must reproduce every one byte for byte, so a law, key or
 * help text changed without `make docs` fails here (as LAMMPS fails its
 * build when a style has no documentation). */
#include <stdlib.h>
#include <string.h>

#include "cwb_files.h"
#include "cwb_test.h"

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    rewind(f);
    char *s = len >= 0 ? malloc((size_t)len + 1) : NULL;
    if (s)
        s[fread(s, 1, (size_t)len, f)] = '\0';
    fclose(f);
    return s;
}

START_TEST(generated_pages_are_current)
{
    const char *bin = getenv("CWB_BIN");
    ck_assert_msg(bin != NULL, "CWB_BIN is not set (run through make check)");
    char dir[256], log[300];
    test_tmp_make(dir, sizeof dir, "docs");
    snprintf(log, sizeof log, "%s/log", dir);
    char *argv[] = {(char *)bin, "docs", dir, NULL};
    ck_assert_int_eq(cwb_spawn(argv, NULL, log), 0);
    static const char *const pages[] = {"case-files.md", "laws.md", "drivers.md", "fem-models.md",
                                        "commands.md"};
    for (size_t i = 0; i < sizeof pages / sizeof *pages; i++) {
        char made[300], committed[64];
        snprintf(made, sizeof made, "%s/%s", dir, pages[i]);
        snprintf(committed, sizeof committed, "doc/reference/%s", pages[i]);
        char *a = slurp(made), *b = slurp(committed);
        ck_assert_msg(a && b && strcmp(a, b) == 0, "%s is stale: run make docs", committed);
        free(a);
        free(b);
    }
    test_tmp_remove(dir);
}
END_TEST

Suite *docs_suite(void)
{
    Suite *s = suite_create("docs");
    TCase *tc = test_tcase("docs", 30);
    tcase_add_test(tc, generated_pages_are_current);
    suite_add_tcase(s, tc);
    return s;
}

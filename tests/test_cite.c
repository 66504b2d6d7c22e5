/* test_cite.c -- every law names its sources by bibliography key, and the
 * keys resolve to full references (src/core/bibliography.c), which
 * `cwb describe` and `cwb cite` print. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cwb_files.h"
#include "cwb_law.h"
#include "cwb_test.h"

/* The laws that need no citation: the "none" laws and the textbook linear
 * spring-dashpot restitution. */
static int exempt(const cwb_law_head *h)
{
    return strcmp(h->name, "none") == 0 || strcmp(h->name, "linear_restitution") == 0;
}

START_TEST(every_law_cites_known_works)
{
    for (int k = 0; k < CWB_KIND_COUNT; k++)
        for (size_t i = 0; i < cwb_law_count((cwb_kind)k); i++) {
            const cwb_law_head *h = cwb_law_at((cwb_kind)k, i);
            size_t cited = 0;
            /* every [word] of the source must be a key */
            for (const char *p = h->source; (p = strchr(p, '[')) != NULL; p++) {
                const char *end = strchr(p, ']');
                ck_assert_msg(end != NULL, "%s: unclosed '[' in its source", h->name);
                char key[64];
                snprintf(key, sizeof key, "%.*s", (int)(end - p - 1), p + 1);
                /* "Ay[nu]" is mathematics, not a citation */
                if (strcmp(key, "nu") == 0)
                    continue;
                ck_assert_msg(cwb_work_find(key) != NULL, "%s cites unknown work [%s]", h->name,
                              key);
                cited++;
            }
            ck_assert_msg(cited > 0 || exempt(h), "%s (%s) cites no work: '%s'", h->name,
                          cwb_kind_name((cwb_kind)k), h->source);
        }
    /* keys are unique */
    for (size_t i = 0; i < cwb_work_count(); i++)
        for (size_t j = i + 1; j < cwb_work_count(); j++)
            ck_assert_str_ne(cwb_work_at(i)->key, cwb_work_at(j)->key);
}
END_TEST

/* cwb ARGS with stdout and stderr to log; its exit status. */
static int cwb_cli(const char *a1, const char *a2, const char *log)
{
    const char *bin = getenv("CWB_BIN");
    ck_assert_msg(bin != NULL, "CWB_BIN is not set (run through make check)");
    char *argv[] = {(char *)bin, (char *)a1, (char *)a2, NULL};
    return cwb_spawn(argv, NULL, log);
}

static void read_all(const char *path, char *buf, size_t n)
{
    FILE *f = fopen(path, "r");
    ck_assert(f != NULL);
    size_t got = fread(buf, 1, n - 1, f);
    buf[got] = '\0';
    fclose(f);
}

START_TEST(describe_and_cite_print_full_references)
{
    char log[] = "/tmp/cwb-cite-XXXXXX", text[16384];
    int fd = mkstemp(log);
    ck_assert(fd >= 0);
    close(fd);
    ck_assert_int_eq(cwb_cli("describe", "thornton", log), 0);
    read_all(log, text, sizeof text);
    ck_assert_msg(strstr(text, "[thornton1997] Thornton, C. (1997) Coefficient of restitution "
                               "for collinear collisions"),
                  "%s", text);
    ck_assert_int_eq(cwb_cli("cite", "rathbone2015", log), 0);
    read_all(log, text, sizeof text);
    ck_assert_msg(strstr(text, "Powder Technology 282:2-9"), "%s", text);
    ck_assert_int_eq(cwb_cli("cite", "nobody1999", log), 2);
    read_all(log, text, sizeof text);
    ck_assert_msg(strstr(text, "no work with key 'nobody1999'"), "%s", text);
    unlink(log);
}
END_TEST

Suite *cite_suite(void)
{
    Suite *s = suite_create("cite");
    TCase *tc = test_tcase("cite", 30);
    tcase_add_test(tc, every_law_cites_known_works);
    tcase_add_test(tc, describe_and_cite_print_full_references);
    suite_add_tcase(s, tc);
    return s;
}

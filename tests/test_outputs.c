/* test_outputs.c -- the output contract (doc/outputs.md): one number
 * format in every CSV and JSON (the shortest text that reads back to the
 * same double, never "-0", never "nan"), the same names and units for the
 * same results in the CSVs of run, sweep and batch, and a provenance from
 * which a run's CSV reproduces itself. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cwb_numeric.h"
#include "cwb_test.h"

/* The fewest significant digits p (1..17) whose "%.*g" reads back to x:
 * the definition of the shortest round trip, tried digit by digit (the
 * formatter under test must find the same count with fewer tries). */
static int fewest_digits(double x)
{
    char buf[64];
    for (int p = 1; p <= 17; p++) {
        snprintf(buf, sizeof buf, "%.*g", p, x);
        if (strtod(buf, NULL) == x)
            return p;
    }
    return 17;
}

/* Significant digits of a %g text: the digits of its mantissa, leading
 * and trailing zeros left out ("529820" has five, as "5.2982e+05"). */
static int digits_of(const char *s)
{
    char d[64];
    size_t n = 0;
    for (; *s && *s != 'e' && *s != 'E' && n + 1 < sizeof d; s++)
        if (*s >= '0' && *s <= '9' && (n || *s != '0'))
            d[n++] = *s;
    while (n > 1 && d[n - 1] == '0')
        n--;
    return n ? (int)n : 1;
}

/* Every double, drawn from its bit patterns (all exponents, both signs,
 * subnormals), and the values people and sweeps write: the text reads back
 * to the same double, with no more digits than the fewest that do, and a
 * zero is "0" whatever its sign (a "-0" in a CSV reads as a distinct value
 * to no one and as noise to everyone). */
START_TEST(format_shortest_round_trips_in_fewest_digits)
{
    uint64_t state = 0x9E3779B97F4A7C15ULL; /* splitmix64: a reproducible stream */
    char buf[40];
    for (int i = 0; i < 200000; i++) {
        uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        z ^= z >> 31;
        double x;
        if (i % 4 == 0) /* a short decimal: k / 10^j */
            x = (double)(int64_t)(z % 2000001 - 1000000) / pow(10.0, (double)((z >> 40) % 12));
        else
            memcpy(&x, &z, sizeof x);
        if (!isfinite(x))
            continue;
        cwb_format_shortest(x, buf, sizeof buf);
        ck_assert_msg(strtod(buf, NULL) == x, "%.17g printed as %s", x, buf);
        ck_assert_msg(digits_of(buf) <= fewest_digits(x), "%.17g printed as %s, %d digits do", x,
                      buf, fewest_digits(x));
    }
    static const struct {
        double x;
        const char *text;
    } known[] = {{0.1, "0.1"},
                 {-0.0, "0"},
                 {0.0, "0"},
                 {150, "150"},
                 {1e15, "1e+15"},
                 {2.5e-8, "2.5e-08"},
                 {1.0 / 3.0, "0.3333333333333333"},
                 {0.1 + 0.2, "0.30000000000000004"},
                 {-1e-300, "-1e-300"}};
    for (size_t k = 0; k < sizeof known / sizeof *known; k++) {
        cwb_format_shortest(known[k].x, buf, sizeof buf);
        ck_assert_str_eq(buf, known[k].text);
    }
}
END_TEST

Suite *outputs_suite(void)
{
    Suite *s = suite_create("outputs");
    TCase *tc = test_tcase("outputs", 60);
    tcase_add_test(tc, format_shortest_round_trips_in_fewest_digits);
    suite_add_tcase(s, tc);
    return s;
}

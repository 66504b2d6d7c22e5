/* test_outputs.c -- the output contract (doc/outputs.md): one number
 * format in every CSV and JSON (the shortest text that reads back to the
 * same double, never "-0", never "nan"), the same names and units for the
 * same results in the CSVs of run, sweep and batch, and a provenance from
 * which a run's CSV reproduces itself. */
#include <ctype.h>
#include <fcntl.h>
#include <float.h>
#include <glob.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cwb_files.h"
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
    /* Integers below 1e15 are written without printf: the same text as
     * %.15g, which prints every such integer exactly (C11 7.21.6.1). */
    for (int i = 0; i < 20000; i++) {
        uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z ^= z >> 27;
        double x = (double)(int64_t)(z % 1999999999999999ULL) - 999999999999999.0;
        x = i % 2 ? x : trunc(x / pow(10.0, (double)(z >> 60)));
        char want[40];
        snprintf(want, sizeof want, "%.15g", x == 0.0 ? 0.0 : x);
        cwb_format_shortest(x, buf, sizeof buf);
        ck_assert_str_eq(buf, want);
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

/* The formatter cwb had before its digits came from a library
 * (src/core/shortest.cc: Dragonbox): %.15g, %.16g, %.17g until strtod reads x back, a
 * subnormal from %.1g up. glibc's printf rounds the exact binary value and
 * strtod reads exactly, an implementation independent of the one under
 * test; every CSV and JSON cwb shipped was printed by it, so the new
 * formatter must print the same text or the committed files would change. */
static void printf_shortest(double x, char *buf, size_t n)
{
    if (x == 0.0) {
        snprintf(buf, n, "0");
        return;
    }
    for (int prec = fabs(x) < DBL_MIN ? 1 : 15; prec < 17; prec++) {
        snprintf(buf, n, "%.*g", prec, x);
        if (strtod(buf, NULL) == x)
            return;
    }
    snprintf(buf, n, "%.17g", x);
}

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* One double of the i-th kind: any bit pattern (every exponent, both
 * signs), a subnormal, a whole number up to 2^64, or a decimal of 1 to 17
 * digits times 10^e for e over the whole range (read by strtod, so it is
 * the double nearest that decimal, as a person's input would be). */
static double random_double(uint64_t *state, int i)
{
    uint64_t z = splitmix64(state);
    double x;
    char text[64];
    switch (i % 4) {
    case 0: memcpy(&x, &z, sizeof x); return x;
    case 1:
        z &= 0x800FFFFFFFFFFFFFULL; /* exponent bits 0: subnormal */
        memcpy(&x, &z, sizeof x);
        return x;
    case 2: return (double)(z >> (splitmix64(state) % 64)) * (z & 1 ? -1.0 : 1.0);
    default: {
        uint64_t r = splitmix64(state);
        uint64_t digits = z % 100000000000000000ULL >> (r % 57); /* 1..17 digits */
        snprintf(text, sizeof text, "%s%llue%d", r & 1 ? "-" : "", (unsigned long long)digits,
                 (int)((r >> 8) % 650) - 340);
        return strtod(text, NULL);
    }
    }
}

/* x, its neighbours k ulps away (|k| <= 3) and their negatives: the
 * numbers at a boundary of the format. */
static size_t with_neighbours(double x, double *out)
{
    size_t n = 0;
    double lo = x, hi = x;
    out[n++] = x;
    for (int k = 0; k < 3; k++) {
        out[n++] = lo = nextafter(lo, -INFINITY);
        out[n++] = hi = nextafter(hi, INFINITY);
    }
    for (size_t k = 0, m = n; k < m; k++)
        out[n++] = -out[k];
    return n;
}

/* The text of x is printf_shortest's, but for one case where it is
 * shorter: x a power of two, whose neighbour below is half as far as the
 * one above, so the doubles that read back as x reach twice as far above
 * it as below. printf_shortest tried only the nearest 16-digit decimal,
 * which can lie below, outside; a 16-digit decimal above can still read
 * back, and the shortest digits find it (2^-1017: 7.120236347223045e-307,
 * not 7.1202363472230444e-307). Returns whether the texts differ. */
static int assert_same_text(double x)
{
    char got[40], want[40];
    if (!isfinite(x))
        return 0;
    cwb_format_shortest(x, got, sizeof got);
    printf_shortest(x, want, sizeof want);
    if (strcmp(got, want) == 0)
        return 0;
    int e;
    ck_assert_msg(fabs(frexp(x, &e)) == 0.5 && strtod(got, NULL) == x &&
                      digits_of(got) < digits_of(want),
                  "%a (%.17g): printed %s, printf and strtod %s", x, x, got, want);
    return 1;
}

/* The text of every number is what the printf/strtod formatter printed:
 * RANDOM_DOUBLES random doubles of every kind, then the boundaries of %g's layout
 * and of the binary format: zero and -0, every power of ten from 1e-323
 * to 1e308 and every power of two from 2^-1074 to 2^1023 with their
 * neighbours, the largest and smallest doubles, and the numbers around
 * %g's switch to an exponent (1e-5, 1e-4, 1e15, 1e16, 1e17, where 15, 16
 * or 17 digits decide it). */
#ifndef RANDOM_DOUBLES
#define RANDOM_DOUBLES (1 << 20)
#endif
START_TEST(format_shortest_prints_as_printf_and_strtod_did)
{
    uint64_t state = 0x2545F4914F6CDD1DULL;
    for (int i = 0; i < RANDOM_DOUBLES; i++)
        assert_same_text(random_double(&state, i));
    double near[16];
    for (int e = -323; e <= 308; e++) {
        char text[16];
        snprintf(text, sizeof text, "1e%d", e);
        for (size_t k = 0, n = with_neighbours(strtod(text, NULL), near); k < n; k++)
            assert_same_text(near[k]);
    }
    int shorter = 0; /* 46 of the 2098 powers of two, each with both signs */
    for (int e = -1074; e <= 1023; e++)
        for (size_t k = 0, n = with_neighbours(ldexp(1.0, e), near); k < n; k++)
            shorter += assert_same_text(near[k]);
    ck_assert_int_eq(shorter, 2 * 46);
    const double edges[] = {0.0,
                            -0.0,
                            DBL_MAX,
                            DBL_MIN,
                            DBL_TRUE_MIN,
                            1e-5,
                            1e-4,
                            1e15,
                            1e16,
                            1e17,
                            999999999999999.9,
                            9999999999999998.0,
                            1234567890123456.0,
                            12345678901234567.0,
                            0.000123456789012345678,
                            0.0000999999999999999};
    for (size_t j = 0; j < sizeof edges / sizeof *edges; j++)
        for (size_t k = 0, n = with_neighbours(edges[j], near); k < n; k++)
            assert_same_text(near[k]);
}
END_TEST

/* Every count of digits in every place of the layout: the branches of the
 * formatter (src/core/shortest.cc) are the digit count (1 to 17: the
 * sixteen places of q and the one of d it writes, leading and trailing
 * zeros told from their mask), the decimal point before, inside or after
 * the digits with the zeros %g adds, and the exponent form with one or
 * more digits, two or three in the exponent. For n = 1..17 digits, the
 * smallest and largest n-digit significands with no trailing zero (10^(n-1)
 * + 1, 10^n - 1) and n digits of 1234567890..., each times 10^e for every
 * e from -340 to 320 (read by strtod: the double nearest that decimal,
 * subnormal or not; past DBL_MAX skipped), and for the e where %g changes
 * layout (-8..20) their neighbours: each printed as the printf/strtod
 * formatter prints it (assert_same_text). */
START_TEST(format_shortest_every_digit_count_and_layout)
{
    const char *mixed = "12345678901234567";
    double near[16];
    for (int n = 1; n <= 17; n++) {
        char sig[3][24];
        snprintf(sig[0], sizeof sig[0], "1%0*d", n - 1, n > 1 ? 1 : 0);
        memset(sig[1], '9', (size_t)n);
        sig[1][n] = '\0';
        snprintf(sig[2], sizeof sig[2], "%.*s", n, mixed);
        if (n == 1)
            snprintf(sig[0], sizeof sig[0], "1");
        for (int k = 0; k < 3; k++)
            for (int e = -340; e <= 320; e++) {
                char text[64];
                snprintf(text, sizeof text, "%.17se%d", sig[k], e);
                double x = strtod(text, NULL);
                if (!isfinite(x))
                    continue;
                size_t m = e >= -8 - n && e <= 20 ? with_neighbours(x, near) : 1;
                near[0] = x;
                for (size_t j = 0; j < m; j++)
                    assert_same_text(near[j]);
                assert_same_text(-x);
            }
    }
}
END_TEST

/* Every binary exponent of a normal double, each with significands of
 * both parities at the ends and inside its binade, printed as the
 * printf/strtod formatter prints them (assert_same_text). The formatter
 * reads the power of ten, the shift and the interval's width of its
 * search from tables indexed by the exponent (src/core/shortest.cc,
 * search_step): an entry wrong for one exponent shows here for certain,
 * not only when a random double of
 * format_shortest_prints_as_printf_and_strtod_did falls in its binade. */
START_TEST(format_shortest_every_binary_exponent)
{
    uint64_t state = 0x9E3779B97F4A7C15ULL;
    const uint64_t edges[] = {1, 2, 3, 0x8000000000000ULL, 0xFFFFFFFFFFFFEULL, 0xFFFFFFFFFFFFFULL};
    for (uint64_t exponent = 1; exponent <= 2046; exponent++) {
        uint64_t significands[6 + 64];
        memcpy(significands, edges, sizeof edges);
        for (int k = 6; k < 6 + 64; k++) /* as many even as odd */
            significands[k] = (splitmix64(&state) & 0xFFFFFFFFFFFFEULL) | (uint64_t)(k & 1);
        for (size_t k = 0; k < sizeof significands / sizeof *significands; k++) {
            uint64_t bits = exponent << 52 | significands[k];
            double x;
            memcpy(&x, &bits, sizeof x);
            assert_same_text(x);
            assert_same_text(-x);
        }
    }
}
END_TEST

/* One of the cells of csv_rows_hold_each_number_as_formatted_alone: a
 * double of every kind, one in eight a value at an edge of the format. */
static double table_cell(uint64_t *state)
{
    static const double special[] = {0.0,     -0.0,          NAN,  INFINITY, -INFINITY,
                                     DBL_MAX, -DBL_TRUE_MIN, 1e15, 0.0001,   -99999999.0};
    uint64_t z = splitmix64(state);
    if (z % 8 == 0)
        return special[z / 8 % (sizeof special / sizeof *special)];
    return random_double(state, (int)(z >> 8 & 3));
}

/* Row j of the table as cwb_number_text writes each cell alone (the
 * formatter held to printf and strtod above), comma-separated. */
static void expected_row(const double *row, int ncol, char *out, size_t n)
{
    size_t used = 0;
    for (int i = 0; i < ncol; i++) {
        char num[40];
        cwb_number_text(row[i], "", num, sizeof num);
        used += (size_t)snprintf(out + used, n - used, "%s%s", i ? "," : "", num);
    }
    snprintf(out + used, n - used, "\n");
}

/* The table cell[j * cols + i] (cols columns of rows rows) written by
 * the CSV writer (src/io/out.c) holds each cell as cwb_number_text writes
 * it alone and nothing else: "0" for zero and -0, an empty field for NaN
 * and the infinities, a comma between cells, one line a row; and the count
 * of undefined cells in the provenance is theirs. */
static void assert_csv_rows(const double *cell, int cols, int rows)
{
    cwb_case *c = test_load("cases/chung_ooi_1_glass.case", NULL, 0);
    cwb_result r;
    cwb_result_init(&r);
    for (int i = 0; i < cols; i++) {
        char name[16];
        snprintf(name, sizeof name, "c%d", i);
        ck_assert_int_eq(cwb_series_column(&r.series, name, "-"), i);
    }
    size_t undefined = 0;
    for (int j = 0; j < rows; j++) {
        for (int i = 0; i < cols; i++)
            undefined += !isfinite(cell[j * cols + i]);
        ck_assert_int_eq(cwb_series_row(&r.series, cell + j * cols), CWB_OK);
    }
    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(cwb_write_csv(f, c, &r, NULL), CWB_OK);
    rewind(f);
    char line[4096], want[4096], warning[80];
    snprintf(warning, sizeof warning, "# WARNING: %zu cells are undefined (left empty)\n",
             undefined);
    int j = -1, warned = 0; /* j = -1: the header row comes first */
    while (fgets(line, sizeof line, f))
        if (line[0] == '#') {
            warned += strcmp(line, warning) == 0;
        } else if (j++ >= 0) {
            ck_assert_int_lt(j - 1, rows);
            expected_row(cell + (j - 1) * cols, cols, want, sizeof want);
            ck_assert_str_eq(line, want);
        }
    ck_assert_int_eq(j, rows);
    ck_assert_int_eq(warned, undefined > 0);
    fclose(f);
    cwb_result_free(&r);
    free(c);
}

/* The CSV writer's rows (src/io/out.c: each number's text written in
 * place into one buffer that is emptied when full), as assert_csv_rows
 * says, on 27,000 doubles of every kind (about 0.5 MB: the buffer fills
 * some thirty times, each time at another offset of a cell), in 9 columns
 * of 3000 rows and in the widest table, CWB_MAX_COLS columns of 375 rows
 * (the writer checks its buffer's room once a row, for a row of every cell
 * at its longest). */
START_TEST(csv_rows_hold_each_number_as_formatted_alone)
{
    const int widths[] = {9, CWB_MAX_COLS};
    const int COLS = widths[_i], ROWS = 27000 / COLS;
    double *cell = malloc(sizeof *cell * COLS * ROWS);
    ck_assert_ptr_nonnull(cell);
    uint64_t state = 0x3C6EF372FE94F82BULL;
    for (int j = 0; j < ROWS; j++)
        for (int i = 0; i < COLS; i++)
            cell[j * COLS + i] = table_cell(&state);
    assert_csv_rows(cell, COLS, ROWS);
    free(cell);
}
END_TEST

/* Columns that hold only zeros, which the writer copies as text with the
 * cell before them rather than formatting them a cell at a time: tables
 * whose columns are each all zero (0 and -0 mixed), of cells of every kind
 * (table_cell), zero but for one cell (a number, a NaN, a subnormal, an
 * infinity: the column is formatted), or all NaN, in runs of every length
 * from 1 to CWB_MAX_COLS (shorter and longer than the 16 chars one copy
 * takes: runs of 8 zero columns and more), at the start of a row, its end
 * and between; with 9, 17 and CWB_MAX_COLS columns, and a table of one
 * column. Each layout from a seed: the kind of each run and its length
 * drawn at random, some 2,000 rows (the buffer fills a few times). */
START_TEST(csv_rows_with_all_zero_columns)
{
    const int widths[] = {1, 9, 17, CWB_MAX_COLS, CWB_MAX_COLS, CWB_MAX_COLS};
    const int COLS = _i == 12 ? CWB_MAX_COLS : widths[_i % 6], ROWS = 2000 + 37 * _i;
    uint64_t state = 0xA0761D6478BD642FULL + (uint64_t)_i;
    int kind[CWB_MAX_COLS];
    for (int i = 0; i < COLS;) { /* runs of one kind: 1 to 3 long, then 1 to COLS */
        int run = 1 + (int)(splitmix64(&state) % (uint64_t)(_i < 6 ? 3 : COLS));
        int k = (int)(splitmix64(&state) % 4);
        for (; run-- > 0 && i < COLS; i++)
            kind[i] = k;
    }
    for (int i = 0; i < COLS; i++) {
        if (_i == 9 || _i == 11) /* runs of 11 zero columns between others */
            kind[i] = (i / 11) % 2 ? 0 : kind[i] ? kind[i] : 1;
        if (_i == 10) /* 20 zero columns first and last, a number's column between */
            kind[i] = i < 20 || i >= COLS - 20 ? 0 : i == 20 ? 1 : kind[i];
        if (_i == 12) /* every column all zero */
            kind[i] = 0;
    }
    static const double one_cell[] = {1.5, NAN, DBL_TRUE_MIN, -INFINITY, 2.2250738585072009e-308};
    double *cell = malloc(sizeof *cell * COLS * ROWS);
    ck_assert_ptr_nonnull(cell);
    for (int i = 0; i < COLS; i++) {
        int odd_row = (int)(splitmix64(&state) % (uint64_t)ROWS); /* kind 2's one cell */
        for (int j = 0; j < ROWS; j++) {
            double *x = &cell[j * COLS + i];
            switch (kind[i]) {
            case 0: *x = splitmix64(&state) & 1 ? -0.0 : 0.0; break;
            case 1: *x = table_cell(&state); break;
            case 2: *x = j == odd_row ? one_cell[(i + _i) % 5] : (j & 1 ? -0.0 : 0.0); break;
            default: *x = NAN;
            }
        }
    }
    assert_csv_rows(cell, COLS, ROWS);
    free(cell);
}
END_TEST

/* `cwb ARGS...` (CWB_BIN) with stdout to the file out (NULL: discarded) and
 * stderr discarded; its exit status (-1 when a signal ended it). hang: when
 * not 0, an alarm of that many seconds ends a cwb that blocks (a test of a
 * hang, not of speed: the run it guards takes milliseconds of CPU). */
static int cwb_to_guarded(const char *out, const char *const *args, unsigned hang)
{
    const char *bin = getenv("CWB_BIN");
    ck_assert_msg(bin != NULL, "CWB_BIN is not set (run through make check)");
    char *argv[40];
    size_t k = 0;
    argv[k++] = (char *)bin;
    for (; args[k - 1] && k + 1 < 40; k++)
        argv[k] = (char *)args[k - 1];
    argv[k] = NULL;
    pid_t pid = fork();
    ck_assert(pid >= 0);
    if (pid == 0) {
        if (hang)
            alarm(hang);
        int fd = open(out ? out : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0600);
        int null = open("/dev/null", O_WRONLY);
        if (fd < 0 || null < 0 || dup2(fd, 1) < 0 || dup2(null, 2) < 0)
            _exit(127);
        execv(bin, argv);
        _exit(127);
    }
    int status;
    ck_assert(waitpid(pid, &status, 0) == pid);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int cwb_to(const char *out, const char *const *args)
{
    return cwb_to_guarded(out, args, 0);
}

/* The header row of a CSV (the first line that is not a '#' line), cut
 * into its cells in place. */
static size_t header_cells(char *text, char **cell, size_t max)
{
    char *line = text;
    while (*line == '#')
        line = strchr(line, '\n') + 1;
    line[strcspn(line, "\n")] = '\0';
    size_t k = 0;
    for (char *save = NULL, *p = strtok_r(line, ",", &save); p && k < max;
         p = strtok_r(NULL, ",", &save))
        cell[k++] = p;
    return k;
}

/* The "name[unit]" of every result in a run's JSON ("units": {"name":
 * "unit", ...}), into one text, each followed by a newline. */
static void run_results(const char *json, char *out, size_t n)
{
    const char *p = strstr(json, "\"units\": {");
    ck_assert_ptr_nonnull(p);
    p += strlen("\"units\": {");
    size_t used = 0;
    out[0] = '\0';
    while (*p == '"') {
        char name[64], unit[32];
        int len = 0;
        ck_assert(sscanf(p, "\"%63[^\"]\": \"%31[^\"]\"%n", name, unit, &len) == 2);
        used += (size_t)snprintf(out + used, n - used, "%s[%s]\n", name, unit);
        p += len;
        p += strspn(p, ", ");
    }
}

/* 1 when "cell\n" is a line of list. */
static int listed(const char *list, const char *cell)
{
    size_t len = strlen(cell);
    for (const char *p = strstr(list, cell); p; p = strstr(p + 1, cell))
        if ((p == list || p[-1] == '\n') && p[len] == '\n')
            return 1;
    return 0;
}

/* The record every CSV opens with (doc/outputs.md): cwb's version and
 * commit with GSL's version, the date in UTC, the command line. */
static void assert_recorded(const char *file, const char *text, const char *command)
{
    char head[64];
    snprintf(head, sizeof head, "# cwb %s (commit %s; GSL ", CWB_VERSION, cwb_commit());
    ck_assert_msg(strstr(text, head) != NULL, "%s: no line %s...", file, head);
    const char *date = strstr(text, "\n# date: ");
    int y, mo, d, h, mi, sec;
    char z = 0;
    ck_assert_msg(date &&
                      sscanf(date, "\n# date: %4d-%2d-%2dT%2d:%2d:%2d%c", &y, &mo, &d, &h, &mi,
                             &sec, &z) == 7 &&
                      z == 'Z',
                  "%s: no date in UTC, ISO 8601", file);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "\n# command: cwb %s ", command);
    ck_assert_msg(strstr(text, cmd) != NULL, "%s: no line %s...", file, cmd + 1);
}

/* The same case through `cwb run`, `cwb sweep` and `cwb batch`: every result
 * the sweep's and the batch's CSV table is one the run reports, under the
 * same name and unit, and they table all of them. A result name is never
 * cut to fit a column (energy_dissipated_rolling_viscous was tabled by
 * the sweep as energy_dissipated_rolling_visco). Each CSV, and a fit's,
 * opens with the record of how it was made, a --set override marked. */
START_TEST(csv_headers_name_results_alike)
{
    char dir[256], json[300], table[300], batch[300], sweep[300], all[8192];
    test_tmp_make(dir, sizeof dir, "headers");
    ck_assert(dir[0]);
    test_tmp_path(dir, "run.json", json, sizeof json);
    test_tmp_path(dir, "samples.csv", table, sizeof table);
    test_tmp_path(dir, "batch.csv", batch, sizeof batch);
    test_tmp_path(dir, "linear_spring_impact_sweep.csv", sweep, sizeof sweep);
    const char *c = "cases/linear_spring_impact.case";
    const char *run[] = {"run",   c,   "--no-plot", "--json", "--set", "driver.rows=500",
                         "--out", dir, NULL};
    ck_assert_int_eq(cwb_to(json, run), 0);
    char *text = test_slurp(json);
    run_results(text, all, sizeof all);
    free(text);
    char csv_run[300], csv_fit[300];
    test_tmp_path(dir, "linear_spring_impact.csv", csv_run, sizeof csv_run);
    text = test_slurp(csv_run);
    assert_recorded(csv_run, text, "run");
    ck_assert_msg(strstr(text, "\n# driver.rows = 500 [-] (--set)\n"),
                  "%s: the override is not marked", csv_run);
    free(text);
    const char *fit[] = {"fit", "cases/seed000_fig15_kn.fit", "--no-plot", "--out", dir, NULL};
    ck_assert_int_eq(cwb_to(NULL, fit), 0);
    test_tmp_path(dir, "seed000_fig15_kn_fit.csv", csv_fit, sizeof csv_fit);
    text = test_slurp(csv_fit);
    assert_recorded(csv_fit, text, "fit");
    free(text);
    /* a key the results do not depend on, so that every value is compared
     * with the case's reference as the run is (a v_normal of 0.5 would be
     * refused it, and report ref_inputs_match instead) */
    const char *sw[] = {"sweep",     c,
                        "--vary",    "driver.max_steps=2e7:3e7:2",
                        "--set",     "driver.rows=500",
                        "--no-plot", "--out",
                        dir,         NULL};
    ck_assert_int_eq(cwb_to(NULL, sw), 0);
    test_write_file(table, "driver.max_steps\n2e7\n3e7\n");
    const char *bt[] = {"batch",           c,       "--samples", table, "--set",
                        "driver.rows=500", "--out", batch,       NULL};
    ck_assert_int_eq(cwb_to(NULL, bt), 0);
    const char *files[] = {sweep, batch}, *commands[] = {"sweep", "batch"};
    for (int f = 0; f < 2; f++) {
        char *csv = test_slurp(files[f]), *cell[128];
        assert_recorded(files[f], csv, commands[f]);
        ck_assert_msg(strstr(csv, "\n# driver.rows = 500 [-] (--set)\n"),
                      "%s: the override is not marked", files[f]);
        size_t n = header_cells(csv, cell, 128), first = f == 0 ? 1 : 2, last = f == 0 ? n : n - 1;
        size_t found = 0;
        for (size_t k = first; k < last; k++) {
            ck_assert_msg(listed(all, cell[k]), "%s: %s is no result of the run (%s)", files[f],
                          cell[k], c);
            found++;
        }
        size_t want = 0;
        for (const char *p = all; *p; p++)
            want += *p == '\n';
        ck_assert_msg(found == want, "%s tables %zu results, the run reports %zu", files[f], found,
                      want);
        free(csv);
    }
    test_tmp_remove(dir);
}
END_TEST

/* The rows of a CSV below its header row. */
static const char *data_rows(const char *text)
{
    const char *p = text;
    while (*p == '#')
        p = strchr(p, '\n') + 1;
    return strchr(p, '\n') + 1;
}

/* A provenance line "# SECTION.KEY = VALUE [UNIT] (TAG) ..." tagged tag:
 * "SECTION.KEY=VALUE" into out (a --set argument); 0 when the line is not
 * one. */
static int tagged_setting(const char *line, const char *tag, char *out, size_t n)
{
    char key[128], value[128];
    if (sscanf(line, "# %127[a-z0-9_].%*[a-z0-9_] = %127s", key, value) != 2)
        return 0;
    const char *eol = strchr(line, '\n');
    const char *at = strstr(line, tag);
    if (!at || (eol && at > eol))
        return 0;
    int klen = (int)strcspn(line + 2, " ");
    snprintf(out, n, "%.*s=%s", klen, line + 2, value);
    return 1;
}

/* A run's CSV reproduces itself from its own record: the overrides are
 * marked "(--set)" with their values, dt = auto records the step it chose
 * (not driver.dt = 0), and running the recorded case with those values
 * set (dt fixed at the recorded step) writes the same table, row for row
 * and digit for digit. The record also dates the run (UTC, ISO 8601) and
 * names the command line, cwb's version and commit, and GSL's version. */
START_TEST(run_csv_reproduces_itself)
{
    char dir[256], csv[300], again[400];
    test_tmp_make(dir, sizeof dir, "record");
    ck_assert(dir[0]);
    const char *run[] = {"run",       "cases/linear_spring_impact.case",
                         "--set",     "driver.v_normal=0.7",
                         "--set",     "normal.kn=2e6",
                         "--no-plot", "--out",
                         dir,         NULL};
    ck_assert_int_eq(cwb_to(NULL, run), 0);
    test_tmp_path(dir, "linear_spring_impact.csv", csv, sizeof csv);
    char *first = test_slurp(csv);
    char sets[8][160], *args[40] = {"run", NULL};
    size_t nset = 0, nargs = 1;
    int auto_dt = 0, dated = 0, commanded = 0, versioned = 0;
    for (const char *line = first; *line == '#'; line = strchr(line, '\n') + 1) {
        char set[160];
        int year, mon, day, h, m, sec;
        char z = 0;
        if (sscanf(line, "# date: %4d-%2d-%2dT%2d:%2d:%2d%c", &year, &mon, &day, &h, &m, &sec,
                   &z) == 7 &&
            z == 'Z')
            dated = 1;
        if (strncmp(line, "# command: ", 11) == 0)
            commanded = strstr(line, "--set driver.v_normal=0.7") && strstr(line, "run") &&
                        strstr(line, "normal.kn=2e6");
        if (strncmp(line, "# cwb ", 6) == 0)
            versioned = strstr(line, "commit ") && strstr(line, "GSL ");
        if (strncmp(line, "# case: ", 8) == 0 && nargs == 1) {
            static char path[256];
            snprintf(path, sizeof path, "%.*s", (int)strcspn(line + 8, "\n"), line + 8);
            args[nargs++] = path;
        }
        int is_set = tagged_setting(line, "(--set)", set, sizeof set);
        int is_auto = !is_set && tagged_setting(line, "(auto)", set, sizeof set);
        if ((is_set || is_auto) && nset < 8) {
            snprintf(sets[nset], sizeof sets[nset], "%s", set);
            args[nargs++] = "--set";
            args[nargs++] = sets[nset++];
        }
        auto_dt |= is_auto && strncmp(set, "driver.dt=", 10) == 0 && strtod(set + 10, NULL) > 0;
    }
    ck_assert_msg(dated && commanded && versioned, "%s: date %d, command %d, version %d", csv,
                  dated, commanded, versioned);
    ck_assert_msg(nset == 3 && auto_dt, "%s: %zu values marked --set or auto, dt %s", csv, nset,
                  auto_dt ? "recorded" : "not recorded");
    ck_assert_msg(nargs == 8, "%s: no '# case:' line", csv);
    char second[300];
    snprintf(second, sizeof second, "%s/again", dir);
    args[nargs++] = "--no-plot";
    args[nargs++] = "--out";
    args[nargs++] = second;
    args[nargs] = NULL;
    ck_assert_int_eq(cwb_to(NULL, (const char *const *)args), 0);
    snprintf(again, sizeof again, "%s/linear_spring_impact.csv", second);
    char *repeat = test_slurp(again);
    ck_assert_msg(strcmp(data_rows(first), data_rows(repeat)) == 0, "%s and %s: the tables differ",
                  csv, again);
    free(first);
    free(repeat);
    remove(again);
    rmdir(second);
    test_tmp_remove(dir);
}
END_TEST

/* A key the case did not give and whose default lies outside its own range
 * (thornton's py where py_from = sigma_y derives it; linear's mu2, the
 * second body's friction where the first's stands) has no default:
 * `cwb describe` says "none", and the record must too. It printed the
 * marker (py = 0 [Pa], mu2 = -1 [-]), values the key itself refuses. */
START_TEST(record_says_none_for_a_key_with_no_default)
{
    static const struct {
        const char *file, *csv, *line;
    } cases[] = {
        {"cases/seed004_cycles_thornton.case", "seed004_cycles_thornton.csv",
         "# normal.py = none (default)\n"},
        {"cases/history_linear_friction_cycle.case", "history_linear_friction_cycle.csv",
         "# tangential.mu2 = none (default)\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char dir[256], csv[300];
        test_tmp_make(dir, sizeof dir, "nodefault");
        ck_assert(dir[0]);
        const char *run[] = {"run", cases[i].file, "--no-plot", "--out", dir, NULL};
        ck_assert_int_eq(cwb_to(NULL, run), 0);
        test_tmp_path(dir, cases[i].csv, csv, sizeof csv);
        char *text = test_slurp(csv);
        ck_assert_msg(strstr(text, cases[i].line), "%s: no line '%s'", csv, cases[i].line);
        free(text);
        test_tmp_remove(dir);
    }
}
END_TEST

/* `cwb ARGS...` at SOURCE_DATE_EPOCH epoch (record.c), exit status 0: the
 * text of the file it wrote at path. */
static char *run_dated(const char *const *args, const char *epoch, const char *path)
{
    setenv("SOURCE_DATE_EPOCH", epoch, 1);
    int rc = cwb_to(NULL, args);
    unsetenv("SOURCE_DATE_EPOCH");
    ck_assert_msg(rc == 0, "%s %s: exit status %d", args[0], args[1], rc);
    return test_slurp(path);
}

/* Run twice, at 2001-09-09 and 2033-05-18: the second run, whose table is
 * the same, leaves the first run's file, date included. */
static void assert_rerun_keeps(const char *const *args, const char *path)
{
    char *first = run_dated(args, "1000000000", path);
    char *second = run_dated(args, "2000000000", path);
    ck_assert_msg(strstr(first, "\n# date: 2001-09-09T01:46:40Z\n") != NULL, "%s: no first date",
                  path);
    ck_assert_msg(strcmp(first, second) == 0, "%s: rewritten by a rerun of the same content", path);
    free(first);
    free(second);
}

/* A rerun that writes the same table leaves the existing file as it was,
 * date and commit included (regenerating the committed plots/ must not
 * touch the files whose content did not change), for a run and for a
 * sweep (whose record follows its own summary lines); a rerun whose table
 * differs replaces it; so does one over a fifo at the output's name. */
START_TEST(rerun_with_same_content_keeps_the_file)
{
    char dir[256], csv[300], swept[300];
    test_tmp_make(dir, sizeof dir, "keep");
    ck_assert(dir[0]);
    test_tmp_path(dir, "linear_spring_impact.csv", csv, sizeof csv);
    test_tmp_path(dir, "chung_ooi_3_al_oxide_sweep.csv", swept, sizeof swept);
    const char *run[] = {"run", "cases/linear_spring_impact.case", "--no-plot", "--out", dir, NULL};
    assert_rerun_keeps(run, csv);
    const char *changed[] = {"run",       "cases/linear_spring_impact.case",
                             "--set",     "driver.v_normal=0.7",
                             "--no-plot", "--out",
                             dir,         NULL};
    char *third = run_dated(changed, "2000000000", csv);
    ck_assert_msg(strstr(third, "# date: 2033-05-18T03:33:20Z\n") != NULL,
                  "%s: a changed table did not replace the file", csv);
    free(third);
    const char *sweep[] = {"sweep", "cases/chung_ooi_3_al_oxide.case", "--out", dir, NULL};
    assert_rerun_keeps(sweep, swept);
    /* opening a fifo to compare would wait for a writer that never comes */
    remove(csv);
    ck_assert_int_eq(mkfifo(csv, 0600), 0);
    ck_assert_int_eq(cwb_to_guarded(NULL, run, 600), 0);
    struct stat st;
    ck_assert_msg(lstat(csv, &st) == 0 && S_ISREG(st.st_mode), "%s: the fifo is still there", csv);
    test_tmp_remove(dir);
}
END_TEST

/* The first word of text that is printf's spelling of a number that is not
 * one ("nan", "-nan", "inf", "-inf", any case), or a cell "-0": NULL when
 * none. A word is bounded by anything but letters, digits, '_' and '.'. */
static const char *bad_word(const char *text)
{
    for (const char *p = text; *p; p++) {
        if (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '.'))
            continue;
        const char *w = *p == '-' ? p + 1 : p;
        size_t len = 0;
        while (isalnum((unsigned char)w[len]) || w[len] == '_' || w[len] == '.')
            len++;
        if ((len == 3 && (strncasecmp(w, "nan", 3) == 0 || strncasecmp(w, "inf", 3) == 0)) ||
            (*p == '-' && len && strspn(w, "0.") == len && (p == text || p[-1] == ',') &&
             (w[len] == ',' || w[len] == '\n' || !w[len])))
            return p;
    }
    return NULL;
}

/* No shipped output spells an undefined value "nan" or an infinite one
 * "inf", nor writes a zero as "-0": every CSV cwb wrote into plots/ (make
 * demo) and the references computed for cwb in reference/analytic,
 * published and measured. (reference/fem is written by `cwb reference`
 * with gmsh and CalculiX, regenerated by make reference where they are
 * installed: its tables were written before the one number format.) */
START_TEST(shipped_outputs_hold_no_nan_nor_minus_zero)
{
    static const char *const patterns[] = {"plots/*.csv", "reference/analytic/*.csv",
                                           "reference/published/*.csv", "reference/measured/*.csv"};
    size_t files = 0;
    for (size_t k = 0; k < sizeof patterns / sizeof *patterns; k++) {
        glob_t g;
        if (glob(patterns[k], 0, NULL, &g) != 0)
            continue;
        for (size_t i = 0; i < g.gl_pathc; i++, files++) {
            char *text = test_slurp(g.gl_pathv[i]);
            const char *bad = bad_word(text);
            if (bad) {
                const char *line = bad;
                while (line > text && line[-1] != '\n')
                    line--;
                ck_abort_msg("%s: '%.*s' in: %.*s", g.gl_pathv[i], (int)strcspn(bad, ",\n )"), bad,
                             (int)strcspn(line, "\n"), line);
            }
            free(text);
        }
        globfree(&g);
    }
    ck_assert_msg(files > 100, "only %zu shipped CSVs found (run from the repository root)", files);
}
END_TEST

/* The exact calibration (one point, one parameter: seed004_restitution_
 * calibrate_thornton) fitted into a new temporary folder dir, when gnuplot
 * is there (its path in gnuplot) to render the script: 1, else 0. */
static int fit_exact_calibration(char *dir, size_t n, const char *tag, char *gnuplot, size_t gn)
{
    if (!cwb_on_path("gnuplot", gnuplot, gn))
        return 0; /* the script is written only to be rendered */
    test_tmp_make(dir, n, tag);
    ck_assert(dir[0]);
    const char *fit[] = {"fit", "cases/seed004_restitution_calibrate_thornton.fit", "--out", dir,
                         NULL};
    ck_assert_int_eq(cwb_to(NULL, fit), 0);
    return 1;
}

/* A fitted value whose standard error is undefined (an exact calibration:
 * one point, one parameter) is still stated under the fit plot's title:
 * the notes say "+- undefined" where printf said "+- nan", and the title
 * lost the value when its reader took only numbers. */
START_TEST(fit_title_states_a_value_without_error)
{
    char full[512], dir[256], gp[300];
    if (!fit_exact_calibration(dir, sizeof dir, "fittitle", full, sizeof full))
        return;
    test_tmp_path(dir, "seed004_restitution_calibrate_thornton_fit.gp", gp, sizeof gp);
    char *text = test_slurp(gp);
    ck_assert_msg(strstr(text, "'normal.sigma_y = "), "%s: the fitted value is not in the title",
                  gp);
    free(text);
    test_tmp_remove(dir);
}
END_TEST

/* The tick labels of a linear axis must tell the ticks apart. The exact
 * calibration's data and fit meet at e = 0.8 to 1e-15: its first scripts
 * ticked that span of rounding noise with '%g' and labelled all seven y
 * ticks "0.8". Rendered to SVG here, the y labels must be distinct
 * numbers around 0.8 (the range widened by 1 %, as gnuplot widens an empty
 * range). */
START_TEST(tick_labels_of_a_noise_span_are_distinct)
{
    char full[512], dir[256], svg[300], log[300];
    if (!fit_exact_calibration(dir, sizeof dir, "noiseticks", full, sizeof full))
        return;
    test_tmp_path(dir, "gnuplot.log", log, sizeof log);
    char *argv[] = {full, "-e", "cwb_format='svg'", "seed004_restitution_calibrate_thornton_fit.gp",
                    NULL};
    ck_assert_int_eq(cwb_spawn(argv, dir, log), 0);
    test_tmp_path(dir, "seed004_restitution_calibrate_thornton_fit.svg", svg, sizeof svg);
    char *text = test_slurp(svg);
    /* gnuplot 5.4's SVG writes a y tick label right-aligned,
     * text-anchor="end", as <text>LABEL</text>; the x labels are centred */
    double labels[32];
    int n = 0;
    for (const char *p = text; (p = strstr(p, "text-anchor=\"end\"")) && n < 32; p++) {
        const char *open = strstr(p, "<text>");
        char *end;
        double v = open ? strtod(open + 6, &end) : 0;
        if (open && end != open + 6 && *end == '<')
            labels[n++] = v;
    }
    free(text);
    ck_assert_msg(n >= 4, "%s: %d y tick labels", svg, n);
    for (int i = 1; i < n; i++)
        ck_assert_msg(labels[i] != labels[i - 1], "%s: y tick labels %d and %d both read %g", svg,
                      i - 1, i, labels[i]);
    ck_assert_msg(labels[0] >= 0.79 && labels[n - 1] <= 0.81, "%s: ticks %g .. %g", svg, labels[0],
                  labels[n - 1]);
    test_tmp_remove(dir);
}
END_TEST

/* 1 when dir/name is there (of any type). */
static int present(const char *dir, const char *name)
{
    char path[400];
    struct stat st;
    return lstat(test_tmp_path(dir, name, path, sizeof path), &st) == 0;
}

/* Files named names (NULL-ended) in dir, each holding text (a script cwb
 * wrote opens with "# gnuplot script written by cwb"). */
static void plant(const char *dir, const char *const *names, const char *text)
{
    char path[400];
    for (size_t i = 0; names[i]; i++)
        test_write_file(test_tmp_path(dir, names[i], path, sizeof path), text);
}

/* --no-plot leaves no older plot beside the new table: the .gp and .png of
 * the same name an earlier run, sweep or fit left in DIR are removed (their
 * legend's verdict was another run's: README's tour re-ran
 * glass_bead_impact at 5 m/s with --no-plot and kept the 20 m/s plot
 * saying PASS), and nothing else is: not another name, not another format
 * (a .pdf; the default format is png), not a folder at a plot's name, not
 * an input of the command (a case file spring.gp run with --out beside it),
 * not a NAME.gp that cwb did not write (the user's notes) nor the image
 * beside it. */
START_TEST(no_plot_removes_the_older_plots_of_its_name)
{
    char dir[256], folder[300];
    test_tmp_make(dir, sizeof dir, "noplot");
    ck_assert(dir[0]);
    const char *older[] = {"linear_spring_impact.gp",
                           "linear_spring_impact.png",
                           "verlet_hertz_glass_sweep.gp",
                           "verlet_hertz_glass_sweep.png",
                           "seed000_fig15_kn_fit.gp",
                           "seed000_fig15_kn_fit.png",
                           "seed000_fig15_kn_fit_residual.gp",
                           "seed000_fig15_kn_fit_residual.png",
                           NULL};
    const char *others[] = {"linear_spring_impact.pdf", "linear_spring_impact_notes.png",
                            "linear_spring_impact.gp.txt", "verlet_hertz_glass.png", NULL};
    plant(dir, older, "# gnuplot script written by cwb 0.1.0\nan earlier plot\n");
    plant(dir, others, "# gnuplot script written by cwb 0.1.0\nan earlier plot\n");
    test_tmp_path(dir, "chung_ooi_1_glass.png", folder, sizeof folder);
    ck_assert_int_eq(mkdir(folder, 0700), 0);
    const char *run[] = {"run", "cases/linear_spring_impact.case", "--no-plot", "--out", dir, NULL};
    const char *folder_run[] = {"run", "cases/chung_ooi_1_glass.case", "--no-plot", "--out", dir,
                                NULL};
    const char *sweep[] = {"sweep", "cases/verlet_hertz_glass.case", "--no-plot", "--out", dir,
                           NULL};
    const char *fit[] = {"fit", "cases/seed000_fig15_kn.fit", "--no-plot", "--out", dir, NULL};
    ck_assert_int_eq(cwb_to(NULL, run), 0);
    ck_assert_int_eq(cwb_to(NULL, folder_run), 0);
    ck_assert_int_eq(cwb_to(NULL, sweep), 0);
    ck_assert_int_eq(cwb_to(NULL, fit), 0);
    /* a case file named as a plot is an input, not a plot */
    char kase[300], *text = test_slurp("cases/linear_spring_impact.case"),
                    *rooted = test_rooted(text);
    test_write_file(test_tmp_path(dir, "spring.gp", kase, sizeof kase), rooted);
    free(text);
    free(rooted);
    const char *input_run[] = {"run", kase, "--no-plot", "--out", dir, NULL};
    ck_assert_int_eq(cwb_to(NULL, input_run), 0);
    ck_assert_msg(present(dir, "spring.gp") && present(dir, "spring.csv"),
                  "%s: the case file was removed as a plot", kase);
    for (size_t i = 0; older[i]; i++)
        ck_assert_msg(!present(dir, older[i]), "%s/%s: an older plot is left beside the new table",
                      dir, older[i]);
    for (size_t i = 0; others[i]; i++)
        ck_assert_msg(present(dir, others[i]), "%s/%s: removed, but no run would write it", dir,
                      others[i]);
    ck_assert_msg(present(dir, "chung_ooi_1_glass.png"), "%s: the folder was removed", folder);
    ck_assert_msg(present(dir, "linear_spring_impact.csv") &&
                      present(dir, "verlet_hertz_glass_sweep.csv") &&
                      present(dir, "seed000_fig15_kn_fit.csv"),
                  "%s: a table is missing", dir);
    rmdir(folder);
    test_tmp_remove(dir);
    /* the user's own NAME.gp and NAME.png: not cwb's, both stay */
    test_tmp_make(dir, sizeof dir, "noplot_user");
    ck_assert(dir[0]);
    const char *mine[] = {"linear_spring_impact.gp", "linear_spring_impact.png", NULL};
    plant(dir, mine, "my notes\n");
    const char *mine_run[] = {"run", "cases/linear_spring_impact.case", "--no-plot", "--out", dir,
                              NULL};
    ck_assert_int_eq(cwb_to(NULL, mine_run), 0);
    for (size_t i = 0; mine[i]; i++)
        ck_assert_msg(present(dir, mine[i]), "%s/%s: the user's file was removed", dir, mine[i]);
    test_tmp_remove(dir);
}
END_TEST

/* gnuplot's full path into full and a scratch folder named tag into dir,
 * for a test that renders a script; 0 without gnuplot (the test skips). */
static int gnuplot_scratch(char *full, size_t nf, char *dir, size_t nd, const char *tag)
{
    if (!cwb_on_path("gnuplot", full, nf))
        return 0;
    test_tmp_make(dir, nd, tag);
    ck_assert(dir[0]);
    return 1;
}

/* A plot's legend names a CSV by the title its header opens with, read
 * whole when it is written over several lines: the first '#' line, joined
 * with each next one while the title so far goes on (it ends in ',', ';',
 * ':' or '(', inside a parenthesis, or on a word such as "with" or "of")
 * and that line is no key line ("inputs: ..."). A legend that took the
 * first line only cut such a title at its line break. Here the case of
 * linear_spring_impact with its closed form under a title over two lines
 * (then a remark that must stay out of it) as the reference, and the same
 * table under a title ending in ':' before a key line as an overlay. */
START_TEST(legend_reads_a_title_over_several_lines)
{
    char full[512], dir[256], path[300], gp[300];
    if (!gnuplot_scratch(full, sizeof full, dir, sizeof dir, "titlelines"))
        return;
    char *ref = test_slurp("reference/analytic/linear_impact.csv");
    const char *rest = strchr(ref, '\n') + 1; /* its lines after the title */
    size_t room = strlen(ref) + 400;
    char *text = malloc(room);
    ck_assert_ptr_nonnull(text);
    snprintf(text, room,
             "# Linear spring impact on a rigid wall, the force over\n"
             "# half a period\n"
             "# generated by awk in reference/analytic/generate.sh\n%s",
             rest);
    test_write_file(test_tmp_path(dir, "ref.csv", path, sizeof path), text);
    snprintf(text, room, "# The same closed form, drawn again:\n%s", rest);
    test_write_file(test_tmp_path(dir, "over.csv", path, sizeof path), text);
    char *kase = test_slurp("cases/linear_spring_impact.case");
    const char *line = "reference = ../reference/analytic/linear_impact.csv";
    char *at = strstr(kase, line);
    ck_assert_ptr_nonnull(at);
    snprintf(text, room, "%.*sreference = ref.csv\noverlay = over.csv%s", (int)(at - kase), kase,
             at + strlen(line));
    test_write_file(test_tmp_path(dir, "spring.case", path, sizeof path), text);
    free(kase);
    free(ref);
    free(text);
    const char *run[] = {"run", path, "--out", dir, NULL};
    ck_assert_int_eq(cwb_to(NULL, run), 0);
    char *script = test_slurp(test_tmp_path(dir, "spring.gp", gp, sizeof gp));
    ck_assert_msg(strstr(script,
                         "title 'reference: Linear spring impact on a rigid wall, the force over "
                         "half a period'"),
                  "%s: the reference's title over two lines is not read whole", gp);
    ck_assert_msg(!strstr(script, "generated by awk"), "%s: a remark joined the title", gp);
    ck_assert_msg(strstr(script, "title 'The same closed form, drawn again'"),
                  "%s: the overlay's title ran into its key line", gp);
    free(script);
    test_tmp_remove(dir);
}
END_TEST

/* The power of ten an axis label's unit "[µs]", "[s]", "[x 10^-6 s]"
 * scales its tick labels by; 99 when the label holds none of these. */
static int label_power(const char *label)
{
    const char *open = strchr(label, '[');
    if (!open)
        return 99;
    if (strncmp(open + 1, "x 10^", 5) == 0)
        return atoi(open + 6);
    static const struct {
        const char *prefix;
        int power;
    } si[] = {{"s]", 0}, {"ms]", -3}, {"\xc2\xb5s]", -6}, {"ns]", -9}, {"ps]", -12}};
    for (size_t i = 0; i < sizeof si / sizeof *si; i++)
        if (strncmp(open + 1, si[i].prefix, strlen(si[i].prefix)) == 0)
            return si[i].power;
    return 99;
}

/* The x tick labels of an SVG gnuplot 5.4 wrote (at most max), and the
 * power of ten of the x label that opens with label (99: none): it writes
 * an x tick label centred, text-anchor="middle", as <text>LABEL</text>;
 * of the centred texts only the tick labels are numbers (the axis labels
 * and the title are words). */
static int svg_x_ticks(const char *svg, const char *label, double *ticks, int max, int *power)
{
    char *text = test_slurp(svg);
    int n = 0;
    for (const char *p = text; (p = strstr(p, "text-anchor=\"middle\"")) && n < max; p++) {
        const char *open = strstr(p, "<text>");
        char *end;
        double v = open ? strtod(open + 6, &end) : 0;
        if (open && end != open + 6 && *end == '<')
            ticks[n++] = v;
        else if (open && strncmp(open + 6, label, strlen(label)) == 0)
            *power = label_power(open + 6);
    }
    free(text);
    return n;
}

/* A log axis's label and its tick labels agree: the SI prefix in the
 * label scales the ticks too. gnuplot's own log ticks are unscaled, and
 * the label took the prefix anyway: `cwb sweep
 * cases/verlet_hertz_glass.case --vary driver.dt=1e-8:1e-6:5:log` drew
 * "dt [µs]" under ticks 1e-08 .. 1e-06, seconds. Rendered to SVG here,
 * each x tick label times the label's power of ten must lie within the
 * x values drawn: the sweep's dt 1e-8 .. 1e-6 s and the LAMMPS
 * reference's 8.75e-7 .. 7e-6 s (reference/peer-lammps/verlet/
 * hertz_restitution.csv), widened by 25 % for the 2 % margins of the
 * plot; a prefix off by 10^3 puts them a decade or more outside. */
START_TEST(log_axis_label_scales_its_ticks)
{
    char full[512], dir[256], svg[300], log[300];
    if (!gnuplot_scratch(full, sizeof full, dir, sizeof dir, "logticks"))
        return;
    const char *sweep[] = {"sweep",  "cases/verlet_hertz_glass.case",
                           "--vary", "driver.dt=1e-8:1e-6:5:log",
                           "--out",  dir,
                           NULL};
    ck_assert_int_eq(cwb_to(NULL, sweep), 0);
    test_tmp_path(dir, "gnuplot.log", log, sizeof log);
    char *argv[] = {full, "-e", "cwb_format='svg'", "verlet_hertz_glass_sweep.gp", NULL};
    ck_assert_int_eq(cwb_spawn(argv, dir, log), 0);
    test_tmp_path(dir, "verlet_hertz_glass_sweep.svg", svg, sizeof svg);
    double ticks[32];
    int power = 99, n = svg_x_ticks(svg, "dt [", ticks, 32, &power);
    ck_assert_msg(power != 99, "%s: no x label 'dt [...s]'", svg);
    ck_assert_msg(n >= 2, "%s: %d x tick labels", svg, n);
    for (int i = 0; i < n; i++) {
        double seconds = ticks[i] * pow(10.0, power);
        ck_assert_msg(seconds >= 1e-8 / 1.25 && seconds <= 7e-6 * 1.25,
                      "%s: x tick '%g' under a label of 10^%d s reads %g s, outside the dt "
                      "drawn (1e-8 .. 7e-6 s)",
                      svg, ticks[i], power, seconds);
    }
    test_tmp_remove(dir);
}
END_TEST

/* A log axis of under two and a half decades is labelled at 1, 2 and 5
 * times each decade: gnuplot labels decades only, so the Hertz 2D paper
 * (2020) Fig. 7a's penalty factor against R = 0.1 .. 5 m (six FEM points,
 * reference/fem/seed000_fig7a.csv) read "0.1" and "1" alone, its ticks
 * were set only where the label took an SI prefix. Rendered to SVG, the x
 * tick labels are 0.1, 0.2, 0.5, 1, 2, 5: the 1-2-5 values inside the
 * range. */
START_TEST(short_log_axis_has_1_2_5_ticks)
{
    char full[512], dir[256], svg[300], log[300];
    if (!gnuplot_scratch(full, sizeof full, dir, sizeof dir, "logshort"))
        return;
    const char *fit[] = {"fit", "cases/seed000_fig7a.fit", "--out", dir, NULL};
    ck_assert_int_eq(cwb_to(NULL, fit), 0);
    test_tmp_path(dir, "gnuplot.log", log, sizeof log);
    char *argv[] = {full, "-e", "cwb_format='svg'", "seed000_fig7a.gp", NULL};
    ck_assert_int_eq(cwb_spawn(argv, dir, log), 0);
    test_tmp_path(dir, "seed000_fig7a.svg", svg, sizeof svg);
    static const double want[] = {0.1, 0.2, 0.5, 1, 2, 5};
    double ticks[32];
    int power = 99, n = svg_x_ticks(svg, "R [", ticks, 32, &power);
    char *text = test_slurp(svg); /* metres, no prefix: the ticks read as drawn */
    ck_assert_msg(strstr(text, "<text>R [m]</text>"), "%s: no x label 'R [m]'", svg);
    free(text);
    ck_assert_msg(n == 6, "%s: %d x tick labels, not the 6 of 0.1, 0.2, 0.5, 1, 2, 5", svg, n);
    for (int i = 0; i < n; i++)
        ck_assert_msg(fabs(ticks[i] - want[i]) < 1e-12, "%s: x tick %d reads %g, not %g", svg, i,
                      ticks[i], want[i]);
    test_tmp_remove(dir);
}
END_TEST

/* A sweep's reference drawn where the sweep did not compare it says so
 * under it in the legend, with why; its symbols beside the sweep read as a
 * comparison otherwise. Velocity Verlet swept over dt = 1e-8 .. 1e-6 s
 * in 5 log steps: the LAMMPS reference's one row inside that range (dt
 * 8.75e-7 s) lies between the runs at 3.2e-7 and 1e-6 s, where the
 * interpolant is uncertain by 1.5e-6 of max |ref|, over a tenth of its
 * tolerance 1e-9, so the sweep compares none of it (doc/outputs.md,
 * "Verdicts"). Chung & Ooi test 6 at dt_tol = 1e-5 compares 15 of the
 * closed form's 19 rows and leaves 1 inside its range: a row count. */
START_TEST(sweep_plot_says_a_reference_was_not_compared)
{
    char full[512], dir[256], gp[300];
    if (!gnuplot_scratch(full, sizeof full, dir, sizeof dir, "notcompared"))
        return; /* the sweep renders its plot */
    const char *sweep[] = {"sweep",  "cases/verlet_hertz_glass.case",
                           "--vary", "driver.dt=1e-8:1e-6:5:log",
                           "--out",  dir,
                           NULL};
    ck_assert_int_eq(cwb_to(NULL, sweep), 0);
    char *text = test_slurp(test_tmp_path(dir, "verlet_hertz_glass_sweep.gp", gp, sizeof gp));
    const char *at = strstr(text, "title 'reference: LAMMPS");
    ck_assert_msg(at && strstr(at, "keyentry with lines lc rgb '#ffffff' title '  drawn, not "
                                   "compared: no run at its dt = 8.75e-07, interpolating is too "
                                   "uncertain'"),
                  "%s: the reference not compared is drawn without a word", gp);
    free(text);
    const char *partial[] = {
        "sweep", "cases/chung_ooi_6_al_alloy.case", "--set", "driver.dt_tol=1e-5", "--out", dir,
        NULL};
    ck_assert_int_eq(cwb_to(NULL, partial), 0);
    text = test_slurp(test_tmp_path(dir, "chung_ooi_6_al_alloy_sweep_beta.gp", gp, sizeof gp));
    at = strstr(text, "(15 pts): PASS (tolerance 0.002)'");
    ck_assert_msg(at && strstr(at, "title '  1 of its rows not compared (chi = 0.95): no run "
                                   "there, interpolating is too uncertain'"),
                  "%s: the row not compared is not said", gp);
    /* the published DEM curve beside it: its deviation read against its own
     * tolerance (0.013), not left bare to pass for a pass */
    at = strstr(text, "title 'reference: Chung & Ooi (2011) test 6");
    ck_assert_msg(at && strstr(at, "title '  deviation: max ") &&
                      strstr(at, "title '  drawn, not judged: over its tolerance 0.013 (max "),
                  "%s: the published curve's deviation is not read against its tolerance", gp);
    free(text);
    /* a further reference made for other inputs (Chung & Ooi's and Kharaz's
     * alumina, E 380 GPa, under a sweep at 300 GPa) is not drawn, as cwb run
     * leaves it out; the closed form, which names no E, still is */
    const char *other[] = {"sweep", "cases/chung_ooi_4_al_oxide.case",
                           "--set", "body1.E=3e11",
                           "--set", "sweep.n=5",
                           "--out", dir,
                           NULL};
    ck_assert_int_eq(cwb_to(NULL, other), 0);
    text = test_slurp(
        test_tmp_path(dir, "chung_ooi_4_al_oxide_sweep_restitution_tangential.gp", gp, sizeof gp));
    ck_assert_msg(strstr(text, "oblique_gross_sliding_et_al_oxide.csv") &&
                      !strstr(text, "kharaz_2001_alumina_et.csv") &&
                      !strstr(text, "chung_ooi_2011_test4_et_al_oxide.csv"),
                  "%s: a reference made for other inputs is drawn", gp);
    free(text);
    test_tmp_remove(dir);
}
END_TEST

/* A run's plot names every law that acts in its legend, the damping law
 * too (it named normal, tangential and rolling, so a damped impact, e =
 * 0.9, read "cwb: hertz + mindlin" as if undamped), in the order of the
 * CSV's "# laws:" line, as a sweep's legend does. The case is the one
 * README's tour writes with cwb init. */
START_TEST(run_legend_names_the_damping_law)
{
    char full[512], dir[256], path[300], gp[300];
    if (!gnuplot_scratch(full, sizeof full, dir, sizeof dir, "damplegend"))
        return; /* the script is written only to be rendered */
    test_tmp_path(dir, "my.case", path, sizeof path);
    const char *init[] = {"init",    "collision", "--tangential",
                          "mindlin", "--damping", "hertz_restitution",
                          "--out",   path,        NULL};
    ck_assert_int_eq(cwb_to(NULL, init), 0);
    const char *run[] = {"run", path, "--out", dir, NULL};
    ck_assert_int_eq(cwb_to(NULL, run), 0);
    test_tmp_path(dir, "my.gp", gp, sizeof gp);
    char *text = test_slurp(gp);
    ck_assert_msg(strstr(text, "'cwb: hertz + mindlin + hertz_restitution'"),
                  "%s: the legend does not name the damping law", gp);
    free(text);
    test_tmp_remove(dir);
}
END_TEST

/* cwb_result_set keeps one scalar per name, the last value set, in the
 * order names first came, and drops names beyond CWB_MAX_SCALARS: checked
 * against a plain list kept here, over random sets of 90 names that share
 * prefixes, suffixes and lengths as the drivers' do (energy_..._after),
 * each set several times. The lookup skips its scan when a name's bit is
 * clear, so a name that was set must never find its bit clear. */
START_TEST(result_set_keeps_one_value_per_name)
{
    enum { NAMES = 90 };
    static const char *const stems[] = {"energy_dissipated", "restitution", "omega", "u"};
    static const char *const tails[] = {"_after", "_normal", "_t", "", "_deg"};
    char names[NAMES][CWB_NAME];
    for (int i = 0; i < NAMES; i++)
        snprintf(names[i], sizeof names[i], "%s_%d%s", stems[i % 4], i / 20, tails[i % 5]);
    cwb_result *r = malloc(sizeof *r);
    ck_assert_ptr_nonnull(r);
    for (unsigned seed = 1; seed <= 20; seed++) {
        cwb_result_init(r);
        int order[NAMES], stored = 0; /* the model: names in first-set order */
        double last[NAMES];
        unsigned x = seed;
        for (int k = 0; k < 600; k++) {
            x = x * 1664525u + 1013904223u;
            int i = (int)((x >> 8) % NAMES), j;
            double v = (double)k;
            cwb_result_set(r, names[i], "-", v);
            for (j = 0; j < stored && order[j] != i; j++)
                ;
            if (j == stored && stored < CWB_MAX_SCALARS)
                order[stored++] = i;
            last[i] = v;
        }
        ck_assert_uint_eq(r->nscalar, (unsigned)stored);
        for (int j = 0; j < stored; j++) {
            ck_assert_str_eq(r->scalar[j].name, names[order[j]]);
            ck_assert(r->scalar[j].value == last[order[j]]);
        }
        /* a dropped name is said, once (a fit of 16 tables once lost its
         * last tables' constants from the library's result without a word) */
        size_t said = 0;
        for (size_t w = 0; w < r->nwarn; w++)
            said += strstr(r->warn[w], "more than 64 results: '") != NULL;
        ck_assert_uint_eq(said, stored == CWB_MAX_SCALARS ? 1 : 0);
    }
    cwb_result_free(r);
    free(r);
}
END_TEST

/* With CWB_MAX_WARN warnings already held, the dropped-scalar warning (or
 * any later one) is named in the last slot, beside that slot's own: it was
 * lost without a word. */
START_TEST(result_warnings_past_the_limit_are_said)
{
    cwb_result *r = malloc(sizeof *r);
    ck_assert_ptr_nonnull(r);
    cwb_result_init(r);
    for (int i = 0; i < CWB_MAX_WARN; i++)
        cwb_result_warn(r, "warning %d", i);
    for (int i = 0; i <= CWB_MAX_SCALARS; i++) {
        char name[32];
        snprintf(name, sizeof name, "x%d", i);
        cwb_result_set(r, name, "-", i);
    }
    cwb_result_warn(r, "a later one");
    ck_assert_uint_eq(r->nwarn, CWB_MAX_WARN);
    ck_assert_str_eq(r->warn[CWB_MAX_WARN - 2], "warning 14");
    ck_assert_msg(strstr(r->warn[CWB_MAX_WARN - 1],
                         "warning 15 [more than 16 warnings: the later ones are not kept, the "
                         "first of them: more than 64 results: 'x64'") == r->warn[CWB_MAX_WARN - 1],
                  "%s", r->warn[CWB_MAX_WARN - 1]);
    cwb_result_free(r);
    free(r);
}
END_TEST

Suite *outputs_suite(void)
{
    Suite *s = suite_create("outputs");
    TCase *tc = test_tcase("outputs", 60);
    tcase_add_test(tc, format_shortest_round_trips_in_fewest_digits);
    tcase_add_test(tc, result_warnings_past_the_limit_are_said);
    tcase_add_loop_test(tc, csv_rows_hold_each_number_as_formatted_alone, 0, 2);
    tcase_add_loop_test(tc, csv_rows_with_all_zero_columns, 0, 13);
    tcase_add_test(tc, result_set_keeps_one_value_per_name);
    tcase_add_test(tc, csv_headers_name_results_alike);
    tcase_add_test(tc, run_csv_reproduces_itself);
    tcase_add_test(tc, record_says_none_for_a_key_with_no_default);
    tcase_add_test(tc, rerun_with_same_content_keeps_the_file);
    tcase_add_test(tc, shipped_outputs_hold_no_nan_nor_minus_zero);
    tcase_add_test(tc, fit_title_states_a_value_without_error);
    tcase_add_test(tc, tick_labels_of_a_noise_span_are_distinct);
    tcase_add_test(tc, run_legend_names_the_damping_law);
    tcase_add_test(tc, log_axis_label_scales_its_ticks);
    tcase_add_test(tc, short_log_axis_has_1_2_5_ticks);
    tcase_add_test(tc, sweep_plot_says_a_reference_was_not_compared);
    tcase_add_test(tc, no_plot_removes_the_older_plots_of_its_name);
    tcase_add_test(tc, legend_reads_a_title_over_several_lines);
    suite_add_tcase(s, tc);
    /* 2^21 doubles through both formatters: about 4 s of CPU on the
     * development machine (the printf/strtod one is the dear one) */
    TCase *same = test_tcase("format_as_printf", 40);
    tcase_add_test(same, format_shortest_prints_as_printf_and_strtod_did);
    tcase_add_test(same, format_shortest_every_digit_count_and_layout);
    tcase_add_test(same, format_shortest_every_binary_exponent);
    suite_add_tcase(s, same);
    return s;
}

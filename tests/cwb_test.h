/* cwb_test.h -- shared helpers of the Check suites. Tests run from the
 * repository root (make check), so cases/ and reference/ paths resolve. */
#ifndef CWB_TEST_H
#define CWB_TEST_H

#include <check.h>
#include <stdio.h>

#include "cwb_api.h"
#include "cwb_contact.h"
#include "cwb_out.h"

Suite *laws_suite(void);
Suite *collision_suite(void);
Suite *history_suite(void);
Suite *input_suite(void);
Suite *tangential_suite(void);
Suite *mbf_suite(void);
Suite *plastic_suite(void);
Suite *plastic_laws_suite(void);
Suite *hertz2d_suite(void);
Suite *fit_suite(void);
Suite *fit_material_suite(void);
Suite *fit_tangential_suite(void);
Suite *compare_suite(void);
Suite *cite_suite(void);
Suite *json_suite(void);
Suite *fem_suite(void);
Suite *fem_sphere_suite(void);
Suite *fem_shear_suite(void);
Suite *fem_impact_suite(void);
Suite *references_suite(void);
Suite *safety_suite(void);
Suite *sliding_suite(void);
Suite *properties_suite(void);
Suite *tangential_plastic_suite(void);
Suite *api_suite(void);
Suite *batch_suite(void);
Suite *rolling_suite(void);
Suite *adhesion_suite(void);
Suite *paths_suite(void);
Suite *docs_suite(void);
Suite *init_suite(void);
Suite *examples_suite(void);
Suite *energy_balance_suite(void);
Suite *threads_suite(void);
Suite *api_run_suite(void);
Suite *peer_suite(void);
Suite *plot_lint_suite(void);
Suite *pool_suite(void);
Suite *outputs_suite(void);
Suite *head_on_suite(void);
Suite *verlet_suite(void);

/* A test case whose every test may use at most `cpu_seconds` of CPU (times
 * CWB_TEST_CPU_SCALE, e.g. for sanitizer builds), enforced with RLIMIT_CPU in
 * the forked test process, and no wall-clock timeout: a busy machine makes a
 * test slower, never failed. Budgets are rounded up to 30, 60, 120 or 600 s. */
TCase *test_tcase(const char *name, int cpu_seconds);

/* Load a case (with overrides) and run it; the test fails on any error. */
cwb_case *test_load(const char *path, const char *const *over, size_t n);
void test_run(const char *path, const char *const *over, size_t n, cwb_result *r);
/* Every energy warning of r ("the KIND law 'NAME' created ..." or
 * "... stored ... more than the work done on it") names a law whose
 * creates_energy says where it does so (src/drivers/energy_created.c);
 * returns how many such warnings r has. */
int test_energy_laws_declare(const cwb_result *r, const char *what);
/* k_t/(P G* a) of Rathbone's thesis eqs. 97-104 (the bracket of eqs. 82
 * and 89) at x = F_t/(mu F_n), y = delta/delta_y and mu, y held at y_hold
 * (7 by eq. 98; 18.75 (1 - mu) by eq. 110 with a given mu), floored at 0
 * as rathbone_tangential floors it: the tests' own coding of the printed
 * equations, not the law's. */
double test_rathbone_bracket(double x, double y, double mu, double y_hold);
/* Loading the case (with overrides) must fail with CWB_EINPUT and a message
 * containing `what`. */
void test_refused(const char *path, const char *const *over, size_t n, const char *what);
/* A private folder /tmp/cwb-test-TAG-XXXXXX for a suite's files (dir[0] = 0
 * when it cannot be made), removed with its files by test_tmp_remove (flat:
 * no subfolders); dir/name into buf; text written to path. */
void test_tmp_make(char *dir, size_t n, const char *tag);
/* Each bad study head + bad[i][0] given to `cwb reference` (CWB_BIN) must
 * exit 2 with stderr holding bad[i][1] (file:line) and bad[i][2] (key). */
void test_bad_studies(const char *tag, const char *head, const char *const (*bad)[3], size_t count);
void test_tmp_remove(const char *dir);
const char *test_tmp_path(const char *dir, const char *name, char *buf, size_t n);
/* Write text to path, each "$ROOT" replaced by the repository root (the
 * working directory of make check): a case written to a temporary folder
 * names shipped files by absolute path, since a relative path in a case
 * file is read from the case file's folder. */
void test_write_file(const char *path, const char *text);
void test_fputs_rooted(FILE *f, const char *text);
const char *test_root(void);
/* A copy (malloc'd) of the text of a file of cases/ whose paths ("../x")
 * name the repository root ($ROOT/x, see test_write_file), so that the copy
 * reads the same files from another folder. */
char *test_rooted(const char *text);
/* The whole text of a file (malloc'd, NUL-ended): test_read_file gives NULL
 * when it cannot be read, test_slurp fails the test then, and
 * test_read_or_empty gives "" (a log or an output a run may not write). */
char *test_read_file(const char *path);
char *test_slurp(const char *path);
char *test_read_or_empty(const char *path);
/* The "# made:" line of a table's opening '#' block (text: the whole file)
 * against its grammar (doc/case-files.md, "When, where and how a reference
 * was made"), coded here apart from its writers:
 *   # made: YYYY-MM-DD HH:MM UTC on HOST (CPU MODEL, N cores), cwb COMMIT, command: ...
 * It is the block's last line, just before the column names (a table's
 * title, which legends and reports read, is the lines that open it).
 * 1: one, well formed and last (the line into line[0..n)); 0: none; -1:
 * malformed, given twice or followed by a '#' line (line says which). */
int test_made_line(const char *text, char *line, size_t n);
/* Value of column `name` in row `row` of a run's series (fails the test if absent). */
double test_col(const cwb_result *r, const char *name, size_t row);

/* |a - b| <= rel * |b|, with a message naming what and where it comes from. */
#define ck_assert_rel(a, b, rel)                                                                   \
    do {                                                                                           \
        double a_ = (a), b_ = (b);                                                                 \
        ck_assert_msg(fabs(a_ - b_) <= (rel)*fabs(b_),                                             \
                      "%s = %.15g, expected %s = %.15g within %g (off by %.3g)", #a, a_, #b, b_,   \
                      (double)(rel), fabs(a_ - b_) / fabs(b_));                                    \
    } while (0)

/* Every law of the registry through the public API (tests/test_api.c): the
 * contact of law i of kind (a CWB_API_* kind) with companion laws that fit
 * it, on seed 004's test material (a sphere, or a disc for a 2D law, on a
 * rigid wall); NULL with the reason in msg when the API refuses it. */
cwb_api_contact *test_api_law_contact(int kind, size_t i, char *msg, size_t n);
/* Step i (0 <= i < TEST_API_PATH_STEPS) of a path every law can follow:
 * touch, load past yield, unload into tension, reload, with tangential
 * increments turning in the tangent plane, spin and dt = 1e-7 s. */
#define TEST_API_PATH_STEPS 240
void test_api_path(int i, cwb_api_kin *k);
extern const cwb_api_body test_api_sphere, test_api_disc, test_api_wall;

#endif

/* run_case.c -- a whole collision through libcwb, from a case held in a
 * string: an oblique impact of a glass sphere on a rigid wall (Hertz +
 * Mindlin + Tsuji damping), run by the collision driver as `cwb run` runs
 * it, with one key overridden as `--set` would, then at other speeds.
 *
 *   cc run_case.c $(pkg-config --cflags --libs cwb) -o run_case
 *   ./run_case [v_normal]      prints every named result: name value unit
 *   ./run_case --case          prints the case text (to run it with cwb)
 *
 * The numbers are `cwb run`'s for the same text bit for bit (printed with
 * 17 digits, which read back to the same double): make check compares
 * them with `cwb run` on the text written to a file.
 */
#include <stdio.h>
#include <string.h>

#include <cwb/cwb_api.h>

static const char case_text[] = "[contact]\n"
                                "normal     = hertz\n"
                                "tangential = mindlin\n"
                                "damping    = tsuji\n"
                                "\n"
                                "[tangential]\n"
                                "mu = 0.3\n"
                                "\n"
                                "[damping]\n"
                                "e = 0.7\n"
                                "\n"
                                "[body1]\n"
                                "shape   = sphere\n"
                                "radius  = 0.005\n"
                                "E       = 7e10\n"
                                "nu      = 0.25\n"
                                "density = 2500\n"
                                "\n"
                                "[body2]\n"
                                "shape = wall\n"
                                "\n"
                                "[driver]\n"
                                "type         = collision\n"
                                "v_normal     = 1\n"
                                "v_tangential = 0.5\n";

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--case") == 0) {
        fputs(case_text, stdout);
        return 0;
    }
    char set[64], msg[1024];
    snprintf(set, sizeof set, "driver.v_normal=%s", argc > 1 ? argv[1] : "1");
    const char *sets[] = {set};
    cwb_api_result *r = NULL;
    /* "oblique.case" stands for the text's path in messages ("oblique.case:24: ...") */
    int rc = cwb_api_run_text("oblique.case", case_text, sets, 1, &r, msg, sizeof msg);
    if (rc != CWB_API_OK) {
        fprintf(stderr, "run_case: %s\n", msg);
        return rc;
    }
    for (size_t i = 0; i < cwb_api_result_scalar_count(r); i++)
        printf("%s %.17g %s\n", cwb_api_result_scalar_name(r, i), cwb_api_result_scalar(r, i),
               cwb_api_result_scalar_unit(r, i));
    /* the run's table: one column per quantity, e.g. the normal force */
    size_t rows = cwb_api_result_rows(r);
    for (size_t j = 0; j < cwb_api_result_column_count(r); j++)
        if (strcmp(cwb_api_result_column_name(r, j), "F_n") == 0)
            fprintf(stderr, "run_case: %zu rows, F_n at the middle one %.6g %s\n", rows,
                    cwb_api_result_column(r, j)[rows / 2], cwb_api_result_column_unit(r, j));
    cwb_api_result_free(r);
    /* the same text at other speeds: each run is checked and run afresh */
    for (double v = 0.5; v <= 2.0; v *= 2.0) {
        snprintf(set, sizeof set, "driver.v_normal=%.17g", v);
        if ((rc = cwb_api_run_text("oblique.case", case_text, sets, 1, &r, msg, sizeof msg))) {
            fprintf(stderr, "run_case: %s\n", msg);
            return rc;
        }
        fprintf(stderr, "run_case: v_normal = %g m/s: e_n = %.6f, e_t = %.6f\n", v,
                cwb_api_result_get(r, "restitution_normal"),
                cwb_api_result_get(r, "restitution_tangential"));
        cwb_api_result_free(r);
    }
    return 0;
}

/* run.c -- run a case's driver and compare the result with its reference. */
#include "cwb_out.h"

int cwb_run_case(const cwb_case *c, cwb_result *r, char *msg, size_t n)
{
    cwb_result_init(r);
    int rc = c->driver->run(c, r, msg, n);
    if (rc != CWB_OK)
        return rc;
    const char *ref = c->output_values.text[CWB_OUT_REFERENCE];
    if (!ref[0])
        return CWB_OK;
    cwb_reference rf;
    if ((rc = cwb_reference_load(&rf, ref, msg, n)) != CWB_OK)
        return rc;
    const char *rx = c->output_values.text[CWB_OUT_REFERENCE_X];
    const char *ry = c->output_values.text[CWB_OUT_REFERENCE_Y];
    cwb_deviation dev;
    char why[CWB_MSG];
    const char *cx = c->output_values.text[CWB_OUT_COMPARE_X];
    const char *x = cx[0] ? cx : cwb_plot_x(c);
    char ybuf[CWB_TEXT];
    const char *ys[1] = {""};
    cwb_plot_y_list(c, ybuf, sizeof ybuf, ys, 1);
    cwb_compare_columns cols = {
        .x = x, .y = ys[0], .ref_x = cx[0] ? cx : (rx[0] ? rx : x), .ref_y = ry[0] ? ry : ys[0]};
    rc = cwb_compare(&r->series, &rf, &cols, &dev, why, sizeof why);
    cwb_reference_free(&rf);
    if (rc == CWB_EINPUT)
        return cwb_fail(msg, n, rc, "%s: [output] %s", c->file, why);
    if (rc != CWB_OK) {
        cwb_result_warn(r, "not compared with the reference: %s", why);
        return CWB_OK;
    }
    cwb_result_set(r, "ref_max_rel_error", "-", dev.max_rel);
    cwb_result_set(r, "ref_rms_error", "-", dev.rms_rel);
    cwb_result_set(r, "ref_points", "-", (double)dev.points);
    return CWB_OK;
}

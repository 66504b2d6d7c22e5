/* verdict.c -- a comparison judged against its reference's tolerance
 * (cwb_verdict.h). */
#include <math.h>
#include <stdio.h>

#include "cwb_verdict.h"

cwb_verdict cwb_verdict_judge(double deviation, double tolerance, int model)
{
    if (model)
        return CWB_VERDICT_MODEL;
    if (isnan(tolerance))
        return CWB_VERDICT_UNBOUND;
    return deviation <= tolerance ? CWB_VERDICT_PASS : CWB_VERDICT_FAIL;
}

const char *cwb_verdict_word(cwb_verdict v)
{
    switch (v) {
    case CWB_VERDICT_PASS: return "PASS";
    case CWB_VERDICT_FAIL: return "FAIL";
    case CWB_VERDICT_MODEL: return "model comparison";
    case CWB_VERDICT_UNBOUND: return "no tolerance";
    case CWB_VERDICT_SKIPPED: return "not compared";
    case CWB_VERDICT_NONE: break;
    }
    return "";
}

void cwb_verdict_line(cwb_verdict v, double deviation, double tolerance, char *buf, size_t n)
{
    switch (v) {
    case CWB_VERDICT_PASS:
        snprintf(buf, n, "PASS: max deviation %.3g <= tolerance %.3g", deviation, tolerance);
        break;
    case CWB_VERDICT_FAIL:
        snprintf(buf, n, "FAIL: max deviation %.3g > tolerance %.3g", deviation, tolerance);
        break;
    case CWB_VERDICT_MODEL:
        snprintf(buf, n, "model comparison: max deviation %.3g (a result, not judged)", deviation);
        break;
    case CWB_VERDICT_UNBOUND:
        snprintf(buf, n, "max deviation %.3g (the reference states no tolerance)", deviation);
        break;
    case CWB_VERDICT_SKIPPED:
        snprintf(buf, n, "not compared: the reference was made for other inputs");
        break;
    case CWB_VERDICT_NONE: snprintf(buf, n, "no reference"); break;
    }
}

const char *cwb_verdict_drawn(double deviation, double tolerance)
{
    if (!isfinite(tolerance) || !isfinite(deviation))
        return "drawn, not judged";
    return deviation > tolerance ? "drawn, not judged: over its tolerance"
                                 : "drawn, not judged: within its tolerance";
}

const char *cwb_verdict_drawn_line(double deviation, double tolerance, char *buf, size_t n)
{
    if (isfinite(tolerance))
        snprintf(buf, n, "%s %.3g", cwb_verdict_drawn(deviation, tolerance), tolerance);
    else
        snprintf(buf, n, "%s", cwb_verdict_drawn(deviation, tolerance));
    return buf;
}

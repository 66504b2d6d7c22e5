/* yield.c -- the keys of a law whose contact yield stress p_y is given or
 * is Ay[nu] sigma_y (seed 004 eq. 8 and appendix A); Ay[nu] itself is an
 * elastic result shared with the FEM models and fits (src/core/hertz_yield.c).
 * sigma_y is body 1's and Ay is taken at body 1's nu: body 1 is the body
 * that yields (the thesis' sphere on a rigid flat), so swapping two bodies of
 * different nu changes p_y, as it changes which material yields.
 */
#include "cwb_law.h"

const char *const cwb_py_from_words[] = {"sigma_y", "given", NULL};

int cwb_py_check(const double *p, const char *law, char *msg, size_t n)
{
    if ((int)p[CWB_PY_FROM] == 0 && !(p[CWB_PY_SIGMA_Y] > 0.0))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: sigma_y must be > 0 Pa (got %g Pa) when py_from = sigma_y", law,
                        p[CWB_PY_SIGMA_Y]);
    if ((int)p[CWB_PY_FROM] == 1 && !(p[CWB_PY_GIVEN] > 0.0))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: py must be > 0 Pa (got %g Pa) when py_from = given", law,
                        p[CWB_PY_GIVEN]);
    return CWB_OK;
}

int cwb_py_value(const double *p, const cwb_pair *g, const char *law, double *py, char *msg,
                 size_t n)
{
    *py = (int)p[CWB_PY_FROM] == 1 ? p[CWB_PY_GIVEN]
                                   : cwb_yield_factor(g->body[0].nu, NULL) * p[CWB_PY_SIGMA_Y];
    if (!(*py > 0.0) || !isfinite(*py))
        return cwb_fail(msg, n, CWB_EINPUT, "%s: cannot compute p_y (nu = %g)", law, g->body[0].nu);
    return CWB_OK;
}

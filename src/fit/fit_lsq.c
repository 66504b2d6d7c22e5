/* fit_lsq.c -- which parameters a nonlinear fit's data determine, their
 * covariance, and why the solver stopped (cwb_fit_lsq.h).
 *
 * The covariance is (J^T J)^-1 from the singular value decomposition of J
 * with its columns scaled to unit length, J D = U S V^T (D = diag(1/|J_j|)):
 * (J^T J)^-1 = D V S^-2 V^T D. A singular value s_k <= 1e-7 s_max is taken
 * as zero: GSL's forward-difference Jacobian (step sqrt(eps) |x|) carries a
 * relative error near 1e-8, so a smaller one is not told from 0 by it; the
 * parameters with a share |V_jk| >= 0.1 in that direction are tangled.
 * Golub & Van Loan (2013), Matrix Computations, 4th ed., sec. 5.5
 * (rank-deficient least squares by the SVD).
 */
#include <math.h>
#include <string.h>

#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>

#include "cwb_fit_lsq.h"

#define RANK_TOL      1e-7 /* singular value ratio taken as zero (see above) */
#define TANGLED_SHARE 0.1  /* a parameter's share in a null direction that tangles it */
#define AT_START_XTOL 1e-8 /* a Gauss-Newton step this small (relative) is no step */

static void set_undetermined(cwb_fit_jacobian *a, size_t j, int state)
{
    if (a->state[j] == CWB_FIT_DETERMINED)
        a->undetermined++;
    a->state[j] = state;
    a->step[j] = 0.0;
}

void cwb_fit_jacobian_study(const gsl_matrix *J, const gsl_vector *f, cwb_fit_jacobian *a)
{
    size_t n = J->size1, p = J->size2 < CWB_FIT_MAX_NP ? J->size2 : CWB_FIT_MAX_NP;
    memset(a, 0, sizeof *a);
    a->np = p;
    for (size_t k = 0; k < p * p; k++)
        a->cov[k] = NAN;
    double norm[CWB_FIT_MAX_NP];
    size_t col[CWB_FIT_MAX_NP], q = 0; /* the columns that are not zero */
    for (size_t j = 0; j < p; j++) {
        gsl_vector_const_view c = gsl_matrix_const_column(J, j);
        norm[j] = gsl_blas_dnrm2(&c.vector);
        if (norm[j] > 0.0 && isfinite(norm[j]))
            col[q++] = j;
        else
            set_undetermined(a, j, CWB_FIT_FLAT);
    }
    if (q == 0)
        return;
    if (n < q) { /* fewer points than moving parameters: none is determined alone */
        for (size_t i = 0; i < q; i++)
            set_undetermined(a, col[i], CWB_FIT_TANGLED);
        return;
    }
    gsl_matrix *U = gsl_matrix_alloc(n, q), *V = gsl_matrix_alloc(q, q);
    gsl_vector *S = gsl_vector_alloc(q), *work = gsl_vector_alloc(q);
    if (!U || !V || !S || !work)
        goto done; /* out of memory: the covariance stays NaN */
    for (size_t i = 0; i < n; i++)
        for (size_t k = 0; k < q; k++)
            gsl_matrix_set(U, i, k, gsl_matrix_get(J, i, col[k]) / norm[col[k]]);
    if (gsl_linalg_SV_decomp(U, V, S, work) != GSL_SUCCESS)
        goto done;
    double smax = gsl_vector_get(S, 0); /* decreasing order */
    int kept[CWB_FIT_MAX_NP];
    for (size_t k = 0; k < q; k++) {
        kept[k] = gsl_vector_get(S, k) > RANK_TOL * smax;
        for (size_t i = 0; !kept[k] && i < q; i++)
            if (fabs(gsl_matrix_get(V, i, k)) >= TANGLED_SHARE)
                set_undetermined(a, col[i], CWB_FIT_TANGLED);
    }
    for (size_t i = 0; i < q; i++) {
        size_t ji = col[i];
        double step = 0.0; /* -(V S^-1 U^T f)_i, scaled back */
        for (size_t k = 0; k < q; k++) {
            if (!kept[k])
                continue;
            gsl_vector_const_view u = gsl_matrix_const_column(U, k);
            double uf;
            gsl_blas_ddot(&u.vector, f, &uf);
            step -= gsl_matrix_get(V, i, k) * uf / gsl_vector_get(S, k);
        }
        if (a->state[ji] == CWB_FIT_DETERMINED)
            a->step[ji] = step / norm[ji];
        for (size_t m = 0; m < q; m++) {
            size_t jm = col[m];
            if (a->state[ji] != CWB_FIT_DETERMINED || a->state[jm] != CWB_FIT_DETERMINED)
                continue;
            double c = 0.0;
            for (size_t k = 0; k < q; k++)
                if (kept[k])
                    c += gsl_matrix_get(V, i, k) * gsl_matrix_get(V, m, k) /
                         (gsl_vector_get(S, k) * gsl_vector_get(S, k));
            a->cov[ji * p + jm] = c / (norm[ji] * norm[jm]);
        }
    }
done:
    if (U)
        gsl_matrix_free(U);
    if (V)
        gsl_matrix_free(V);
    if (S)
        gsl_vector_free(S);
    if (work)
        gsl_vector_free(work);
}

/* 1 when the Gauss-Newton step of every determined parameter is below
 * AT_START_XTOL of it (GSL's own step test, |dx| <= xtol (|x| + xtol)). */
static int step_is_nil(const cwb_fit_jacobian *a, const gsl_vector *x)
{
    for (size_t j = 0; j < a->np; j++)
        if (a->state[j] == CWB_FIT_DETERMINED &&
            !(fabs(a->step[j]) <= AT_START_XTOL * (fabs(gsl_vector_get(x, j)) + AT_START_XTOL)))
            return 0;
    return 1;
}

int cwb_fit_stop_reason(int status, int info, size_t iterations, size_t max_iter,
                        const cwb_fit_jacobian *a, const gsl_vector *x, int *at_start, char *words,
                        size_t n)
{
    if (at_start)
        *at_start = 0;
    words[0] = '\0';
    if (status == GSL_SUCCESS)
        return 0;
    /* GSL 2.7's driver: GSL_ENOPROG on the first iteration is returned as
     * GSL_EMAXITER with info = GSL_ENOPROG */
    if (status == GSL_EMAXITER && info == GSL_ENOPROG && iterations < max_iter) {
        if (a->undetermined == a->np) {
            snprintf(words, n,
                     "the fit did not move from the start: the curve does not change "
                     "with any free parameter over the data");
            return 1;
        }
        if (step_is_nil(a, x)) {
            if (at_start)
                *at_start = 1;
            return 0;
        }
        snprintf(words, n,
                 "the fit did not move from the start: no step tried lowered the "
                 "residual, though the start is not its minimum (is the curve smooth "
                 "in the free parameters?)");
        return 1;
    }
    if (status == GSL_EMAXITER) {
        snprintf(words, n,
                 "the fit stopped at the iteration limit (%zu iterations) without "
                 "converging",
                 iterations);
        return 1;
    }
    snprintf(words, n, "the fit stopped without converging (GSL: %s)", gsl_strerror(status));
    return 1;
}

void cwb_fit_warn_undetermined(const cwb_log *log, const char *what, const char *name, int state)
{
    if (state == CWB_FIT_FLAT)
        cwb_logf(log, CWB_LOG_WARN,
                 "%s: the curve does not change with %s over the data: it is not determined "
                 "(standard error undefined)\n",
                 what, name);
    else if (state == CWB_FIT_TANGLED)
        cwb_logf(log, CWB_LOG_WARN,
                 "%s: %s changes the curve over the data only together with another free "
                 "parameter: it is not determined alone (standard error undefined)\n",
                 what, name);
}

void cwb_fit_warn_r_squared(const cwb_log *log, const char *what, double r2)
{
    if (r2 < 0.0)
        cwb_logf(log, CWB_LOG_WARN,
                 "%s: R^2 = %.4g < 0: the fitted curve is further from the data than their "
                 "mean is; the model does not describe the data\n",
                 what, r2);
}

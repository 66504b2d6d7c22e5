/* cwb_fit_lsq.h -- what the nonlinear fits (models run, scalar, material,
 * tangential) say about a gsl_multifit_nlinear solution besides its values:
 * which parameters the data determine, their covariance, and why the
 * solver stopped.
 *
 * gsl_multifit_nlinear_covar gives a parameter the data cannot determine
 * (a zero Jacobian column: the curve does not change with it) a covariance
 * of 0 and returns GSL_SUCCESS, which reads as "exactly determined"; and
 * GSL 2.7's driver returns GSL_EMAXITER after one iteration when no step
 * from the start lowers the residual, whether the start is already the
 * minimum or the curve does not move. Here those cases are told apart.
 */
#ifndef CWB_FIT_LSQ_H
#define CWB_FIT_LSQ_H

#include <gsl/gsl_multifit_nlinear.h>

#include "cwb_fit.h"

/* How far a parameter is determined by the data. */
enum {
    CWB_FIT_DETERMINED = 0,
    CWB_FIT_FLAT,   /* its Jacobian column is zero: the residuals do not change with it */
    CWB_FIT_TANGLED /* only a combination with other parameters is determined */
};

/* The Jacobian J (n x p, p <= CWB_FIT_MAX_NP) of a least-squares solution
 * with residuals f, in the solver's own parameters: */
typedef struct {
    size_t np;
    int state[CWB_FIT_MAX_NP];                   /* CWB_FIT_DETERMINED, _FLAT or _TANGLED */
    size_t undetermined;                         /* how many are not determined */
    double cov[CWB_FIT_MAX_NP * CWB_FIT_MAX_NP]; /* (J^T J)^-1, NaN in an undetermined one's row
                                                    and column */
    double step[CWB_FIT_MAX_NP]; /* the Gauss-Newton step -J^+ f (0 where undetermined) */
} cwb_fit_jacobian;

/* Study J and f into *a: columns scaled to unit length (so that units do
 * not matter), a zero column is CWB_FIT_FLAT; of the others, the singular
 * value decomposition names those whose combination has a singular value
 * below 1e-7 of the largest (below the finite-difference Jacobian's own
 * error) CWB_FIT_TANGLED; the covariance and the step come from the rest. */
void cwb_fit_jacobian_study(const gsl_matrix *J, const gsl_vector *f, cwb_fit_jacobian *a);

/* Why gsl_multifit_nlinear_driver stopped with status (and its info),
 * after iterations of max_iter, at the solver's position x with Jacobian
 * study a. Returns 1 and a sentence in words[] for a warning ("the fit
 * stopped at the iteration limit (200 iterations) without converging"),
 * or 0 when the fit converged: GSL_SUCCESS, or no step from the start
 * lowered the residual because the start is already the least-squares
 * solution (the Gauss-Newton step from it is below 1e-8 of each
 * parameter), which sets *at_start (may be NULL). */
int cwb_fit_stop_reason(int status, int info, size_t iterations, size_t max_iter,
                        const cwb_fit_jacobian *a, const gsl_vector *x, int *at_start, char *words,
                        size_t n);

/* Warn on log that parameter name is not determined by the data
 * (state[i] of a), in words people act on; what says whose fit it is. */
void cwb_fit_warn_undetermined(const cwb_log *log, const char *what, const char *name, int state);

/* Warn on log when R^2 < 0: the fitted curve is further from the data
 * than the data's mean is, so the model does not describe them. */
void cwb_fit_warn_r_squared(const cwb_log *log, const char *what, double r2);

#endif /* CWB_FIT_LSQ_H */

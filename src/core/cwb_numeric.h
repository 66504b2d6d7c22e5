/* cwb_numeric.h -- numerical helpers on top of GSL. */
#ifndef CWB_NUMERIC_H
#define CWB_NUMERIC_H

#include <gsl/gsl_math.h>

/* Brent's method (GSL) on F inside [lo, hi], where F changes sign, until
 * the bracket is within epsabs + epsrel |x| (at most 200 iterations).
 * Sets *root and, when non-NULL, the final bracket. CWB_OK when converged,
 * CWB_EFAIL otherwise (the root is then the best estimate, or NaN when F
 * does not change sign on [lo, hi] or is not finite where it was
 * evaluated). Never reaches GSL's error handler. */
int cwb_root_brent(gsl_function *F, double lo, double hi, double epsabs, double epsrel,
                   double *root, double *lower, double *upper);

/* cwb_root_brent with F's values at the ends given where the caller has
 * them (f_lo, f_hi; NAN: not known, evaluated here): F(lo) and F(hi)
 * exactly as F gives them, so the iterates are cwb_root_brent's. */
int cwb_root_brent_known(gsl_function *F, double lo, double f_lo, double hi, double f_hi,
                         double epsabs, double epsrel, double *root, double *lower, double *upper);

/* The right-hand side of dy/dt = f: y at t0 + t_off into dy; a status. */
typedef int (*cwb_rhs)(void *ctx, const double *y, double t_off, double *dy);

#define CWB_RK4_MAX 32 /* unknowns one step can carry */

/* One classical four-stage Runge-Kutta step of length h from y (n <= CWB_RK4_MAX
 * unknowns) into out; the first non-zero status of f, else CWB_OK. Written
 * out rather than gsl_odeiv2_step_rk4, which always estimates its error by
 * step doubling (12 evaluations per step instead of 4): cwb controls the
 * accuracy by refining whole runs (dt = auto). */
int cwb_rk4_step(cwb_rhs f, void *ctx, size_t n, const double *y, double h, double *out);

/* x as the shortest %g text that reads back to the same double (what a
 * person would have typed: 0.1, not 0.10000000000000001), into buf: the one
 * number format of every CSV and JSON cwb writes (doc/outputs.md). A whole
 * number below 1e15 in full (150, not 1.5e+02); zero as "0", never "-0";
 * NaN and infinities as "nan", "inf", "-inf" (the writers of CSV and JSON
 * never pass them: cwb_out.h, cwb_number_text). In format.c, apart from
 * the solvers: it links C++ (shortest.cc), which a program that only steps
 * contacts need not. */
void cwb_format_shortest(double x, char *buf, size_t n);
/* The same step with its first stage k1 = f(y, 0) given: steps of several
 * lengths from one state (a root solve on the length) share it. */
int cwb_rk4_step_k1(cwb_rhs f, void *ctx, size_t n, const double *y, const double *k1, double h,
                    double *out);

#endif /* CWB_NUMERIC_H */

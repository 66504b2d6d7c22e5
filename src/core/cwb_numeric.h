/* cwb_numeric.h -- numerical helpers on top of GSL. */
#ifndef CWB_NUMERIC_H
#define CWB_NUMERIC_H

#include <gsl/gsl_math.h>

/* Brent's method (GSL) on F inside [lo, hi], where F changes sign, until
 * the bracket is within epsabs + epsrel |x| (at most 200 iterations).
 * Sets *root and, when non-NULL, the final bracket. CWB_OK when converged,
 * CWB_EFAIL otherwise (the root is then the best estimate, or NaN when F
 * does not change sign on [lo, hi]). */
int cwb_root_brent(gsl_function *F, double lo, double hi, double epsabs, double epsrel,
                   double *root, double *lower, double *upper);

#endif /* CWB_NUMERIC_H */

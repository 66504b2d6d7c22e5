"""calibrate_kharaz.py -- calibrate a DEM contact's damping to measurements,
from Python, with scipy.optimize.least_squares around cwb.run; then the same
calibration by `cwb fit` (cwb.fit, the command's code in memory), compared.

The measurements: Kharaz, Gorham & Salman (2001), tangential restitution
of 5 mm alumina spheres hitting a glass anvil at 3.9 m/s, at ten impact
angles (reference/measured/kharaz_2001_alumina_et.csv). The contact:
examples/kharaz_alumina.case (Hertz + Mindlin, mu = 0.092, a viscoelastic
dashpot normal and tangential whose restitution e is the unknown).

    python3 examples/calibrate_kharaz.py        (about 2 s of CPU)

Both calibrations minimise the same sum of squares: every residual is a
run of the case, and cwb.run gives the command's numbers bit for bit, so
the two can differ only where their solvers stop. scipy stops when the cost
C changes by less than ftol = 1e-8 of itself; near the minimum C grows as
(J^T J) de^2 / 2, so it stops within de = sqrt(2 ftol C / J^T J) of it, and
GSL's stop (x moves by less than 1e-10 of itself) is tighter: the two
values must agree within twice that. The standard errors are both
sqrt(s^2 (J^T J)^-1), s^2 = 2C/(m - n), with Jacobians by forward
differences at each solver's own step: they must agree within 1%, a
hundredth of what ten points can tell about a standard error
(1/sqrt(2 (m - n)) = 24%).

Needs numpy and scipy (Debian: python3-numpy, python3-scipy); without
them it says so and exits 0.
"""
import csv
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, os.pardir, "python"))  # cwb from the source tree
import cwb  # noqa: E402

try:
    import numpy as np
    from scipy.optimize import least_squares
except ImportError as e:
    print("calibrate_kharaz: skipped, needs numpy and scipy (%s): "
          "apt-get install python3-numpy python3-scipy" % e)
    sys.exit(0)

CASE = os.path.join(HERE, "kharaz_alumina.case")
FIT = os.path.join(HERE, "kharaz_alumina.fit")
DATA = os.path.join(HERE, os.pardir, "reference", "measured", "kharaz_2001_alumina_et.csv")


def measurements(path):
    """The CSV's columns (its '#' lines skipped, units cut from the header)."""
    with open(path) as f:
        rows = list(csv.reader(line for line in f if not line.startswith("#")))
    names = [h.split("[")[0] for h in rows[0]]
    return {n: np.array([float(r[j]) for r in rows[1:]]) for j, n in enumerate(names)}


data = measurements(DATA)
angles, measured = data["impact_angle_deg"], data["restitution_tangential"]


runs = [0]


def residuals(p):
    """The model's tangential restitution at each measured angle, minus the
    measurement: one cwb.run per angle."""
    e = p[0]
    runs[0] += len(angles)
    model = [cwb.run(CASE, set={"damping.e": e, "driver.impact_angle_deg": a})
             ["restitution_tangential"] for a in angles]
    return np.array(model) - measured


# scipy, bounded as the fit-case bounds e: 0.3 .. 1
sol = least_squares(residuals, x0=[0.9], bounds=([0.3], [1.0]))
m, n = len(measured), 1
cost = 0.5 * float(sol.fun @ sol.fun)
jtj = float(sol.jac[:, 0] @ sol.jac[:, 0])
s2 = 2.0 * cost / (m - n)
e_scipy, se_scipy = float(sol.x[0]), math.sqrt(s2 / jtj)

# cwb fit on the same data (examples/kharaz_alumina.fit)
fit = cwb.fit(FIT)
e_cwb, se_cwb = fit.params["damping.e"], fit.stderr["damping.e"]

print("calibration of damping.e to Kharaz et al. (2001), %d angles" % m)
print("  scipy least_squares   e = %.10f +- %.4f  (%d runs)" % (e_scipy, se_scipy, runs[0]))
print("  cwb fit               e = %.10f +- %.4f  (R^2 = %.4f, %d iterations)"
      % (e_cwb, se_cwb, fit.r_squared, fit.scalars["iterations"]))
bound = 2.0 * math.sqrt(2.0 * 1e-8 * cost / jtj)
print("  |difference| %.2e (solvers' stops: <= %.2e); standard errors differ by %.2e"
      % (abs(e_scipy - e_cwb), bound, abs(se_scipy / se_cwb - 1.0)))
print("  the fitted model at each angle:")
for a, y, r in zip(angles, measured, residuals([e_cwb]) + measured):
    print("    %5.1f deg  measured %.3f  model %.3f" % (a, y, r))
print("  (R^2 %.2f: below 10 deg the measurements stay near 0.8 where the model rises"
      " towards 1)" % fit.r_squared)

ok = abs(e_scipy - e_cwb) <= bound and abs(se_scipy / se_cwb - 1.0) <= 0.01
if not ok:
    print("calibrate_kharaz: FAIL: the two calibrations disagree")
sys.exit(0 if ok else 1)

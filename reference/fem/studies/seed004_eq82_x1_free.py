#!/usr/bin/python3
"""Is eq. 83's x1 identifiable from GetFEM's Model C force curves? Rathbone thesis eq. 82 (the
tangential stiffness k_t / (8 G* a) against x = F_t / (mu F_n): (1 - x)^(1/4) below x1,
b1 - a1 (x - x1) from x1, c1 (1 - x) past x2) fitted to each run's force curve with x1 free
beside a1 and c1, on the model of seed004_eq82_force_curve.py (imported: its integration of
eq. 82 along delta_t, its eqs. 8, 85, 88, 107). Eq. 83 sets x1 = -1.85 + 5.20 mu, at least 0:
0 at every load here (mu 0.23-0.35), so every committed fit has no elastic section; this asks
whether the curves themselves say so.

Per run: x1 fitted free in [0, 0.95] (the best of several starts), its standard error from the
Jacobian, its correlation with a1, and a profile bound (the x1 at which the least-squares sum,
a1 and c1 refitted, exceeds its minimum by the F test's 95 % point for one constant); a1, c1 and
the rms against the fit at eq. 83's x1. The purely elastic runs (getfem_modelc_elastic_*), where
eq. 82 means x1 = 1 (no plastic section), are the control: a fit that returns x1 = 0 there too
does not measure an elastic section but the curve's initial stiffness against 8 G* a.

Writes reference/fem/seed004_eq82_x1_free.csv. Run (not part of make check; Debian's
python3-numpy and python3-scipy): /usr/bin/python3 reference/fem/studies/seed004_eq82_x1_free.py
"""
import os
import sys

import numpy as np
from scipy.optimize import least_squares
from scipy.stats import f as f_dist

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../tools"))
from made_line import stamp_made_line  # noqa: E402  the table's "# made:" line

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import seed004_eq82_force_curve as eq82  # noqa: E402

FEM = eq82.FEM
OUT = os.path.join(FEM, "seed004_eq82_x1_free.csv")
X1_MAX = 0.95
RUNS = ["y3_tauc09_h01", "y3_tauc09_h0075", "y3_tauc09_inc24_h0075", "y3_tauc09_inc48_h0075",
        "y3_tauc09_h0056", "y3_tauc09_h0042",
        "y3_tauc09_H10_h01", "y3_tauc09_H10_h0075", "y3_tauc09_H10_h0056",
        "y7_tauc09_H30_inc24_h0133", "y7_tauc09_H30_inc24_h01", "y7_tauc09_H30_inc24_h0075",
        "y15_tauc09_H10_h0213", "y15_tauc09_H10_h016", "y15_tauc09_H10_h012",
        "elastic_h01", "elastic_h0075"]


def curve(run):
    """u, x of a run's tangential rows, its y and mu (eq82's definitions)."""
    path = os.path.join(FEM, "getfem_modelc_%s.csv" % run)
    m = eq82.stands_for(path)
    R, E, nu = (float(m[k]) for k in ("body1.radius", "body1.E", "body1.nu"))
    e_star, g_star = E / (1 - nu * nu), E / (2 * (1 + nu)) / (2 - nu)
    dn, fn, dt, ft = eq82.rows(path)
    mu = np.max(ft / fn)
    if "normal.sigma_y" in m:  # eq. 107's a at y = delta_n / delta_y (eq. 8)
        sy = float(m["normal.sigma_y"])
        dy = R * (np.pi * eq82.yield_factor(nu) * sy / (2 * e_star)) ** 2
        y = dn / dy
        a = np.sqrt(R * dy * (1.19 * max(y - 1, 0) ** 1.1 + 1))
    else:  # elastic: Hertz's a (Johnson 1985 eq. 4.22), no y
        y, a = 0.0, (3 * fn * R / (4 * e_star)) ** (1 / 3)
    return dt / (mu * fn / (8 * g_star * a)), ft / (mu * fn), y, mu, eq82.mesh_size(path)


def fit_at(u, x, x1):
    """a1, c1 at a given x1."""
    return least_squares(lambda p: eq82.x_of_u(p, u, x1)[0] - x, [0.5, 2.0],
                         bounds=([1e-3, 1.0001], [10, 100]), xtol=1e-14, ftol=1e-14, gtol=1e-14)


def fit_free(u, x):
    """a1, c1, x1 together: the best of a grid of starts (x1 has flat valleys)."""
    best = None
    for p0 in [(a, c, s) for a in (0.5, 0.8) for c in (2.0, 4.0)
               for s in (0.0, 0.05, 0.15, 0.3, 0.5, 0.7)]:
        r = least_squares(lambda p: eq82.x_of_u(p[:2], u, p[2])[0] - x, p0,
                          bounds=([1e-3, 1.0001, 0.0], [10, 100, X1_MAX]),
                          xtol=1e-14, ftol=1e-14, gtol=1e-14)
        if best is None or r.cost < best.cost - 1e-15:
            best = r
    return best


def errors(r, n):
    """Standard errors and correlations from the Jacobian (NaN where it is rank deficient)."""
    k = len(r.x)
    if np.linalg.matrix_rank(r.jac) < k:
        return np.full(k, np.nan), np.full((k, k), np.nan)
    cov = np.linalg.inv(r.jac.T @ r.jac) * (r.fun ** 2).sum() / max(n - k, 1)
    se = np.sqrt(np.diag(cov))
    return se, cov / np.outer(se, se)


def upper_bound(u, x, ss_min):
    """The smallest x1 on a grid of 0.01 whose least-squares sum (a1, c1 refitted) exceeds the
    minimum by the F test's 95 % point for one constant."""
    n = len(x)
    limit = ss_min * (1 + f_dist.ppf(0.95, 1, n - 3) / (n - 3))
    previous = (0.0, ss_min)
    for x1 in np.arange(0.0, X1_MAX + 1e-9, 0.01):
        ss = (fit_at(u, x, x1).fun ** 2).sum()
        if ss > limit:
            g0, s0 = previous
            return g0 + (limit - s0) / (ss - s0) * (x1 - g0) if ss > s0 else x1
        previous = (x1, ss)
    return np.inf


def analyse(run):
    u, x, y, mu, h0 = curve(run)
    x1_83 = -1.85 + 5.20 * mu
    fixed = fit_at(u, x, min(1.0, max(0.0, x1_83)))
    free = fit_free(u, x)
    se, corr = errors(free, len(x))
    ss_min = min((free.fun ** 2).sum(), (fixed.fun ** 2).sum())
    return [h0, len(x) - 1, y, eq82.hardening(os.path.join(FEM, "getfem_modelc_%s.csv" % run)),
            mu, x1_83, free.x[2], se[2], upper_bound(u, x, ss_min), corr[0, 2], free.x[0],
            free.x[1], fixed.x[0], fixed.x[1], np.sqrt(np.mean(fixed.fun ** 2)),
            np.sqrt(np.mean(free.fun ** 2))]


def main():
    np.seterr(over="ignore", invalid="ignore")
    found = [r for r in RUNS if os.path.exists(os.path.join(FEM, "getfem_modelc_%s.csv" % r))]
    rows = [analyse(r) for r in found]
    m = eq82.stands_for(os.path.join(FEM, "getfem_modelc_%s.csv" % found[0]))
    with open(OUT + ".tmp", "w") as f:
        f.write("# cwb reference: seed004_eq82_x1_free (script "
                "reference/fem/studies/seed004_eq82_x1_free.py)\n"
                "# model: Rathbone thesis eq. 82 integrated along delta_t "
                "(reference/fem/studies/seed004_eq82_force_curve.py) with x1 (eq. 83) fitted "
                "free in [0, %g] beside a1 and c1 to every tangential row of GetFEM's Model C "
                "runs; the elastic runs are the control (eq. 82 there: x1 = 1)\n"
                "# runs: reference/fem/getfem_modelc_<run>.csv, in the order of the rows: %s\n"
                "# tolerance: 0.1 on x1: the 95 %% profile bounds reach 0.02-0.08, so these "
                "curves do not tell an x1 below 0.1 from 0 (the elastic runs' bounds included)\n"
                "# independence: second-coding (Python, NumPy/SciPy) on GetFEM's own runs; "
                "shares no code with cwb\n"
                "# stands for: body1.radius = %s; body1.E = %s; body1.nu = %s\n"
                "# rows: per run: h0 / R, tangential increments, y (0 for the elastic runs, whose "
                "a is Hertz's), hardening H / E, mu, eq. 83's -1.85 + 5.20 mu before its clamp to "
                "[0, 1] (the elastic runs: the thesis takes x1 = 1 below yield), x1 fitted free with its standard error and its "
                "95 %% profile upper bound, its correlation with a1, a1 and c1 of that fit, a1 "
                "and c1 at eq. 83's x1, the rms of the residual in x of both fits\n"
                % (X1_MAX, ", ".join(found), m["body1.radius"], m["body1.E"], m["body1.nu"]))
        f.write("h0[-],increments[-],y[-],hardening[-],mu[-],x1_eq83_raw[-],x1_free[-],"
                "x1_se[-],x1_upper95[-],corr_a1_x1[-],a1_free[-],c1_free[-],a1_eq83[-],"
                "c1_eq83[-],rms_eq83[-],rms_free[-]\n")
        for r in rows:
            f.write(",".join("%.6g" % v for v in r) + "\n")
    stamp_made_line(OUT + ".tmp")
    os.replace(OUT + ".tmp", OUT)
    for run, r in zip(found, rows):
        print("%-27s y %6.3f mu %.4f: eq. 83 %+.3f; free x1 %.4f +- %.4f (95 %% below %.3f), "
              "a1 %.4f; at eq. 83 a1 %.4f, rms %.5f / %.5f" % (run, r[2], r[4], r[5], r[6], r[7],
                                                              r[8], r[10], r[12], r[14], r[15]))


if __name__ == "__main__":
    main()

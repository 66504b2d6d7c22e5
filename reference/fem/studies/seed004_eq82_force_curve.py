#!/usr/bin/python3
"""Rathbone thesis eq. 82 (the tangential stiffness of Model C past x1): a1 and c1 fitted to the
force curve F_t(delta_t) of GetFEM's Model C runs, a second coding of cwb's fit model
`tangential`, formula force_curve (src/fit/fit_model_tangential.c), written from the thesis'
equations without reading that code's fit.

Eq. 82 gives k_t / (8 G* a) against x = F_t / (mu F_n): (1 - x)^(1/4) below x1 (eq. 83,
x1 = -1.85 + 5.20 mu, at least 0), b1 - a1 (x - x1) from x1 (b1 = (1 - x1)^(1/4), eq. 85) and
c1 (1 - x) past x2, where the two meet (eq. 88). With u = delta_t / (mu F_n / (8 G* a)),
dx/du = k_t(x), so each section integrates in closed form and x(u) is explicit. Fitted to every
tangential row of a run (SciPy's least_squares, trust region), residuals in x; a constant is
identified where two or more rows lie on its section. G* = G / (2 - nu) on a rigid flat; a of
eq. 107, a^2 = R delta_y (1.19 (y - 1)^1.1 + 1); y = delta_n / delta_y at the end of the normal
step; delta_y = R (pi Ay sigma_y / (2 E*))^2 (eq. 8) with Ay = 1 / max over depth of the von
Mises stress on the axis under a Hertz pressure p0 = 1 (Johnson 1985 eqs. 3.45, the axis
stresses), found here on a grid of 20001 depths; mu the run's largest F_t / F_n.

Why: eq. 82's constants fitted to central differences of the increments move with the number of
increments (y = 3, h0 0.0075 R: a1 0.581, 0.488, 0.519 and c1 4.57, 2.53, 3.08 at 12, 24, 48),
while the force curves themselves agree to 0.002 of F_n (doc/refitted-constants.md, note 13).
Fitted to the force curve, the constants are those of the curve, wherever the increments fall.

Writes reference/fem/seed004_eq82_force_curve.csv (the y = 3 runs: meshes and increments) and,
with the argument `loads`, reference/fem/seed004_eq82_force_curve_loads.csv (y = 7 and 15, where
the thesis' perfectly plastic material localises under the sliding and only a linearly hardening
one, H = E/30 or E/10, settles on the meshes). Run (not part of make check; needs Debian's
python3-numpy and python3-scipy): /usr/bin/python3 reference/fem/studies/seed004_eq82_force_curve.py
[loads]
"""
import os
import sys

import numpy as np
from scipy.optimize import least_squares

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../tools"))
from made_line import stamp_made_line  # noqa: E402  the table's "# made:" line

FEM = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
OUT = os.path.join(FEM, "seed004_eq82_force_curve.csv")
# the runs: y = 3 (tau_c = 0.9k) at 12, 24 and 48 increments on h0 0.01 ... 0.0042 R
RUNS = ["y3_tauc09_h01", "y3_tauc09_inc24_h01", "y3_tauc09_h0075", "y3_tauc09_inc24_h0075",
        "y3_tauc09_inc48_h0075", "y3_tauc09_h0056", "y3_tauc09_inc24_h0056", "y3_tauc09_h0042",
        "y3_tauc09_inc24_h0042"]
# the higher loads: the perfectly plastic material (whose sliding mu localises on the finer
# meshes) and the linearly hardening ones H = E/100, E/30, E/10 (E/30 and E/10 settle), 12 and
# 24 increments; and y = 3 with E/10, which makes E/10 a family of three loads
LOADS = ["y7_tauc09_h0133", "y7_tauc09_h01", "y7_tauc09_h0075", "y7_tauc09_h0070",
         "y7_tauc09_inc24_h0133",
         "y7_tauc09_H100_h0133", "y7_tauc09_H100_h01", "y7_tauc09_H100_h0075",
         "y7_tauc09_H30_h0133", "y7_tauc09_H30_h01", "y7_tauc09_H30_h0075",
         "y7_tauc09_H30_inc24_h0133", "y7_tauc09_H30_inc24_h01", "y7_tauc09_H30_inc24_h0075",
         "y7_tauc09_H10_h0133", "y7_tauc09_H10_h01", "y7_tauc09_H10_h0075",
         "y15_tauc09_h0213", "y15_tauc09_h016", "y15_tauc09_h012",
         "y15_tauc09_H10_h0213", "y15_tauc09_H10_h016", "y15_tauc09_H10_h012",
         "y3_tauc09_H10_h01", "y3_tauc09_H10_h0075", "y3_tauc09_H10_h0056"]


def stands_for(path):
    with open(path) as f:
        for line in f:
            if line.startswith("# stands for:"):
                return dict(kv.split(" = ") for kv in line[len("# stands for:"):].strip().split("; "))
    raise ValueError(path + ": no stands for line")


def mesh_size(path):
    """h0 / R from the run's mesh line ("size h0 = 0.005625 R ...")."""
    with open(path) as f:
        for line in f:
            if line.startswith("# mesh:") and "h0 = " in line:
                return float(line.split("h0 = ")[1].split()[0])
    raise ValueError(path + ": no mesh line with h0")


def hardening(path):
    """The run's linear hardening over E (MODELC_HARDEN on its first line; 0: perfectly
    plastic)."""
    with open(path) as f:
        first = f.readline()
    return float(first.split("MODELC_HARDEN=")[1].split()[0]) if "MODELC_HARDEN=" in first else 0.0


def yield_factor(nu):
    z = np.linspace(1e-4, 3.0, 20001)
    s_r = -(1 + nu) * (1 - z * np.arctan(1 / z)) + 0.5 / (1 + z * z)
    s_z = -1 / (1 + z * z)
    return 1 / np.max(np.abs(s_r - s_z))


def rows(path):
    data = [l.strip().split(",") for l in open(path) if not l.startswith("#")][1:]
    a = np.array([[float(v) for v in r] for r in data])
    normal = a[a[:, 0] == 1]
    start = np.where(a[:, 0] == 2)[0][0] - 1  # the row before the tangential step
    return normal[-1, 2], a[start:, 3], a[start:, 1], a[start:, 4]


def x_of_u(p, u, x1):
    a1, c1 = p
    b1 = (1 - x1) ** 0.25
    u1 = 4 / 3 * (1 - (1 - x1) ** 0.75)
    x2 = min(1.0, max(x1, (c1 - b1 - a1 * x1) / (c1 - a1))) if c1 > a1 else 1.0
    g2 = b1 - a1 * (x2 - x1)
    u2 = u1 + np.log(b1 / g2) / a1 if g2 > 0 else np.inf
    first = 1 - np.maximum(0, 1 - 0.75 * u) ** (4 / 3)
    second = x1 + b1 / a1 * (1 - np.exp(-a1 * (u - u1)))
    third = 1 - (1 - x2) * np.exp(-c1 * (u - u2))
    return np.where(u <= u1, first, np.where(u <= u2, second, third)), x2


def fit(run):
    path = os.path.join(FEM, "getfem_modelc_%s.csv" % run)
    m = stands_for(path)
    R, E, nu, sy = (float(m[k]) for k in ("body1.radius", "body1.E", "body1.nu", "normal.sigma_y"))
    e_star, g_star = E / (1 - nu * nu), E / (2 * (1 + nu)) / (2 - nu)
    dy = R * (np.pi * yield_factor(nu) * sy / (2 * e_star)) ** 2
    dn, fn, dt, ft = rows(path)
    y = dn / dy
    mu = np.max(ft / fn)
    x = ft / (mu * fn)
    a = np.sqrt(R * dy * (1.19 * max(y - 1, 0) ** 1.1 + 1))
    u = dt / (mu * fn / (8 * g_star * a))
    x1 = min(1.0, max(0.0, -1.85 + 5.20 * mu))
    r = least_squares(lambda p: x_of_u(p, u, x1)[0] - x, [0.5, 2.0],
                      bounds=([1e-3, 1.0001], [10, 100]), xtol=1e-14, ftol=1e-14, gtol=1e-14)
    J = r.jac
    s2 = (r.fun ** 2).sum() / (len(x) - 2)
    if np.linalg.matrix_rank(J.T @ J) == 2:
        cov = np.linalg.inv(J.T @ J) * s2
    else:  # no row past x2: c1 does not move the curve, a1's error from its column alone
        cov = np.array([[s2 / (J[:, 0] @ J[:, 0]), np.nan], [np.nan, np.nan]])
    se = np.sqrt(np.diag(cov))
    x2 = x_of_u(r.x, u, x1)[1]
    on_a = np.sum((x > x1) & (x < x2))
    on_c = np.sum(x >= x2)
    a1, c1 = (r.x[0] if on_a >= 2 else np.nan), (r.x[1] if on_c >= 2 else np.nan)
    increments = len(x) - 1
    h0 = mesh_size(path)
    # a reference holds finite numbers only: c1 not identified is 0 with its flag 0
    c1_known = bool(np.isfinite(c1))
    return [h0, increments, y, mu, a1, se[0], c1 if c1_known else 0.0,
            se[1] if c1_known else 0.0, cov[0, 1] / se[0] / se[1] if c1_known else 0.0,
            np.sqrt(np.mean(r.fun ** 2)), hardening(path), 1.0 if c1_known else 0.0]


def main(which):
    np.seterr(over="ignore", invalid="ignore")  # exp(-c1 (u - u2)) at the trial c1's
    loads = which == "loads"
    runs, out_path = (LOADS, OUT.replace(".csv", "_loads.csv")) if loads else (RUNS, OUT)
    name = os.path.basename(out_path)[:-4]
    found = [r for r in runs if os.path.exists(os.path.join(FEM, "getfem_modelc_%s.csv" % r))]
    for r in runs:
        if r not in found:
            print("no reference/fem/getfem_modelc_%s.csv (not run yet): left out" % r)
    out = [fit(r) for r in found]
    m = stands_for(os.path.join(FEM, "getfem_modelc_%s.csv" % found[0]))
    with open(out_path + ".tmp", "w") as f:
        f.write("# cwb reference: %s (script "
                "reference/fem/studies/seed004_eq82_force_curve.py%s)\n"
                "# model: Rathbone thesis eq. 82 integrated along delta_t, a1 and c1 fitted to "
                "every tangential row of GetFEM's Model C runs (x = F_t / (mu F_n) against "
                "delta_t / (mu F_n / (8 G* a)); eqs. 83, 85, 88, 107, eq. 8 with Ay found on "
                "the axis; SciPy least_squares)\n"
                "# runs: reference/fem/getfem_modelc_<run>.csv, in the order of the rows: %s\n"
                "# tolerance: 1e-3 relative on a1 and c1 between cwb's fit and this table "
                "(tests/test_fit_tangential.c: both least squares stop at 1e-12 or better; 1e-3 "
                "allows this script's yield factor found on a grid of depths and the two "
                "finite-difference Jacobians); the FEM's own spread is the standard errors "
                "(columns *_se)\n"
                "# independence: second-coding (Python, NumPy/SciPy) of cwb's fit model "
                "tangential, formula force_curve, on GetFEM's own runs; shares no code with cwb\n"
                "# stands for: body1.radius = %s; body1.E = %s; body1.nu = %s; "
                "normal.sigma_y = %s\n"
                "# rows: per run: h0 / R, its tangential increments, y, mu (largest F_t / F_n), "
                "a1 and c1 with standard errors (a constant is identified with two rows or more "
                "on its section), their correlation, the rms of the residual in x, the material's "
                "linear hardening H / E (0: perfectly plastic), whether c1 is identified (0: fewer "
                "than two rows past eq. 88's x2; c1, its error and the correlation then read 0)\n"
                % (name, " loads" if loads else "", ", ".join(found), m["body1.radius"], m["body1.E"], m["body1.nu"],
                   m["normal.sigma_y"]))
        f.write("h0[-],increments[-],y[-],mu[-],a1[-],a1_se[-],c1[-],c1_se[-],"
                "correlation[-],rms_x[-],hardening[-],c1_identified[-]\n")
        for r in out:
            f.write(",".join("%.6g" % v for v in r) + "\n")
    stamp_made_line(out_path + ".tmp")
    os.replace(out_path + ".tmp", out_path)
    for run, r in zip(found, out):
        c1 = "c1 %.3f +- %.3f (corr %+.2f)" % (r[6], r[7], r[8]) if r[11] else "c1 not identified"
        print("%-26s h0 %.6g %2d increments y %.3f: a1 %.4f +- %.4f, %s"
              % (run, r[0], r[1], r[2], r[4], r[5], c1))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "")

#!/usr/bin/python3
"""Rathbone thesis eq. 61 (R*_un = R*[1 + u (delta_max - delta_y)], u delta_y = 0.195 + 0.23 nu):
how u depends on the way each unloading leg is fitted, on cwb's committed grid tables.

For every unloading leg of reference/fem/seed004_grid_E*[0-9].csv (legs from 5, 10 and 20 delta_y;
the rows while F > 1e-3 F_max), R*_un by four definitions of eq. 60's fit
F = (4/3) E* sqrt(R*_un) (delta - delta_min)^(3/2):
  eq62        delta_min from eq. 62 (the curve passes through F_max at delta_max), the whole leg
              (cwb's fit-case seed004_fig25_unloading);
  free        delta_min a second free parameter, the whole leg;
  upper       as eq62, the rows with F > F_max / 2 only;
  stiffness   from the first unloading step's slope S and F_max: h = 1.5 F_max / S,
              R*_un = (S / 2E*)^2 / h.
Then per material u delta_y, the slope through the origin of R*_un/R* - 1 against
delta_max/delta_y - 1 over its three legs, and over the leg from 5 delta_y alone. Writes
reference/fem/seed004_eq61_definitions.csv. Run (not part of make check; needs Debian's
python3-numpy and python3-scipy): /usr/bin/python3 reference/fem/studies/seed004_eq61_definitions.py
"""
import glob
import math
import os

import numpy as np
from scipy.optimize import least_squares
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../tools"))
from made_line import stamp_made_line  # noqa: E402  the table's "# made:" line

FEM = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
OUT = os.path.join(FEM, "seed004_eq61_definitions.csv")
DEFS = ("eq62", "free", "upper", "stiffness")


def load(path):
    rows = [line for line in open(path) if not line.startswith("#")]
    head = [c.split("[")[0] for c in rows[0].strip().split(",")]
    data = np.array([[float(v) for v in r.split(",")] for r in rows[1:]])
    return {k: data[:, i] for i, k in enumerate(head)}


def radii(xs, fs, dm, fm, R, es):
    """R*_un / R* of one leg by the four definitions."""
    def hertz(q, x, dmin):
        return 4.0 / 3.0 * es * math.sqrt(abs(q) * R) * np.clip(x - dmin, 0, None) ** 1.5

    def eq62(q, x):
        dmin = dm - (fm / (4.0 / 3.0 * es * math.sqrt(abs(q) * R))) ** (2.0 / 3.0)
        return hertz(q, x, dmin)

    a = abs(least_squares(lambda q: (eq62(q[0], xs) - fs) / fm, [2.0]).x[0])
    b = abs(least_squares(lambda q: (hertz(q[0], xs, q[1] * dm) - fs) / fm, [a, 0.5]).x[0])
    up = fs > 0.5 * fm
    c = abs(least_squares(lambda q: (eq62(q[0], xs[up]) - fs[up]) / fm, [a]).x[0])
    s = (fs[0] - fs[1]) / (xs[0] - xs[1])
    h = 1.5 * fm / s
    return a, b, c, (s / (2.0 * es)) ** 2 / h / R


def material(path):
    d = load(path)
    R, E, nu, dy = d["R"][0], d["E"][0], d["nu"][0], d["delta_y"][0]
    es = E / (1 - nu * nu)
    leg, x, f = d["leg"], d["delta"], d["force"]
    legs = []
    for i in range(1, len(leg)):
        if leg[i] != 2 or leg[i - 1] == 2:
            continue
        j = i
        while j < len(leg) and leg[j] == 2:
            j += 1
        xs, fs = np.r_[x[i - 1], x[i:j]], np.r_[f[i - 1], f[i:j]]
        keep = fs > 1e-3 * f[i - 1]
        legs.append((x[i - 1] / dy, radii(xs[keep], fs[keep], x[i - 1], f[i - 1], R, es)))
    return E, nu, d["sigma_y"][0], legs


def main():
    rows = []
    for path in sorted(glob.glob(os.path.join(FEM, "seed004_grid_E*[0-9].csv"))):
        E, nu, sy, legs = material(path)
        X = np.array([n - 1.0 for n, _ in legs])
        for k, name in enumerate(DEFS):
            Y = np.array([r[k] - 1.0 for _, r in legs])
            rows.append((E, nu, sy, k, float(np.sum(X * Y) / np.sum(X * X)), float(Y[0] / X[0]),
                         legs[0][0]))
    tmp = OUT + ".tmp"
    with open(tmp, "w") as f:
        f.write("# derived: seed004_eq61_definitions (script reference/fem/studies/"
                "seed004_eq61_definitions.py) from the unloading legs of "
                "reference/fem/seed004_grid_E*[0-9].csv (cwb reference, CalculiX ccx 2.20; their "
                "headers carry the provenance)\n"
                "# definition: 0 eq62 (delta_min from eq. 62, whole leg), 1 free (delta_min "
                "fitted), 2 upper (eq62, F > F_max/2), 3 stiffness (first unloading slope)\n"
                "# u_dy_all: u delta_y through the origin over the legs from 5, 10, 20 delta_y; "
                "u_dy_first: the leg from first_leg delta_y alone; thesis eq. 61: 0.195 + 0.23 nu\n"
                "# tolerance: 0.03 the spread of u delta_y between the grid materials of one nu "
                "(largest: nu 0.3, eq62, 0.029)\n"
                "# independence: fem gmsh + CalculiX runs of cwb reference; share no code with "
                "cwb's laws\n"
                "# stands for: body1.radius = 0.0001\n")
        f.write("E[Pa],nu[-],sigma_y[Pa],definition[-],u_dy_all[-],u_dy_first[-],first_leg[-]\n")
        for r in rows:
            f.write(",".join(f"{v:.6g}" for v in r) + "\n")
    stamp_made_line(tmp)
    os.replace(tmp, OUT)
    for nu in (0.0, 0.3):
        for k, name in enumerate(DEFS):
            v = [r for r in rows if r[1] == nu and r[3] == k]
            print(f"nu {nu:g} {name:9s} u delta_y all legs {min(r[4] for r in v):.3f}-"
                  f"{max(r[4] for r in v):.3f}, first leg {min(r[5] for r in v):.3f}-"
                  f"{max(r[5] for r in v):.3f} (eq. 61: {0.195 + 0.23 * nu:.3f})")


if __name__ == "__main__":
    main()

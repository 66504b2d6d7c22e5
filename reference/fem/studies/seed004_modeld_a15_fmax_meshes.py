#!/usr/bin/python3
"""The mesh refinement check of Model D's elastic-plastic 15 deg impact's peak normal force (Rathbone
thesis Sec. 5.3, Fig. 40: "the maximum error is 2.2 %" between its FEM and the ch. 4 law; Table 6's
sphere, R 0.1 mm, E 26000 MPa, nu 0.3, sigma_y 160 MPa, on an elastic block of the same E and nu,
v_n 1 m/s, v_t tan 15 deg m/s, Coulomb mu 0.37 standing for the thesis' tau_c friction), from cwb's
CalculiX runs of it (reference/fem/NAME.csv, written by `cwb reference
reference/fem/studies/NAME.study`, NAME in RUNS: h0 = 0.044, 0.0311, 0.022 R, ratio sqrt 2; the
same fine zone, growth, block, increments and ballast, the penalty K = E/h0 and the stick slope
following h0). The h0 = 0.022 R run is the whole impact (run 7); the others stop at 0.6 t_c, past
the peak. A finer one, h0 = 0.0156 R (reference/fem/unfinished/
seed004_modeld_a15_E26000_s160_h00156.study), was stopped at 0.09 t_c, short of the peak: its
increments stayed at t_c/760 to t_c/150, 2270 s of CPU to there (about 2.5-4 hours to the peak).

Writes reference/fem/seed004_modeld_a15_fmax_meshes.csv: per mesh (coarsest first)
  F_max      the largest increment F_n (the rate of the sphere's momentum);
  F_peak     the vertex of the parabola through that increment and its two neighbours (as
             seed004_modeld_a68_meshes.py: the increments sample the peak);
  t_peak     the time of the largest increment from the first touch;
  penetration  the penalty contact's own overclosure at p = 3 sigma_y (the fully plastic mean
             pressure, Johnson 1985 Sec. 6.2), 3 sigma_y h0 / E, over Hertz's approach: the
             compliance the penalty K = E/h0 adds, first order in h0;
  F_rigid_flat, F_rigid_hertz  F_peak with that compliance taken out by an energy balance (below),
             at its two ends: what the same mesh would give with a rigid contact;
against Hertz's elastic impact (Johnson 1985 ch. 11, computed from each CSV's parameters line),
which this plastic sphere does not follow: it is the scale, not the reference. The ch. 4 law's
F_max is not in this table (it is cwb's own output): tests/test_fem_impact.c runs
cases/seed004_fig40_a15.case and compares. The header gives the differences between the meshes, the
observed order p of f = f_inf + C h^p and Richardson's extrapolation f_inf for every three
consecutive meshes where the two differences have one sign and shrink (Roache 1998, Verification and
Validation in Computational Science and Engineering, ch. 5), else "none".

The penalty and the discretisation pull the peak opposite ways as h0 falls: the penalty's overclosure
g = p h0 / E (first order in h0) is a spring in series with the bodies that takes a share of the
impact's energy, so it lowers the peak, less on finer meshes; the 10-node tetrahedra's stiffness
error (second order for smooth fields, assumed here: the contact's edge and the plastic zone are not
smooth) raises it, less on finer meshes. Two ways to part them:
  the energy balance: the sphere's kinetic energy goes into the bodies (int F d delta_b = F delta_b
    / (n + 1) for a loading curve F ~ delta_b^n) and into the penalty (kappa F g_m, g_m = p_m / K
    at the mean pressure p_m), so with delta_0 the rigid contact's approach and x = F / F_rigid,
    x^(1 + 1/n) + (n + 1) kappa (g_m / delta_0) x = 1. Its ends: a flat pressure on a loading
    curve F ~ delta (the fully plastic limit: n = 1, kappa = 1/2) and Hertz's pressure on F ~
    delta^(3/2) (the elastic limit: n = 3/2, kappa = 9/16); both with g_m / delta_0 = the
    penetration column (p_m = 3 sigma_y, delta_0 = Hertz's approach), so first order x = 1 - c
    penetration with c = 1/2 and 27/32;
  the split: F_peak = F_inf + A h0 + B h0^2 solved exactly through three consecutive meshes, A h0 the
    penalty's share and B h0^2 the discretisation's (orders assumed, not observed); through the
    three meshes it predicts the next finer one (h0 = 0.0156 R: 71.78 mN, written down while that
    run was in its first increments; it did not reach the peak); -A h0 / (F_peak penetration) is
    the c the meshes imply, to be compared with the energy balance's 1/2 to 27/32.
No new solve: run after those studies (make reference runs the scripts after the studies):
/usr/bin/python3 reference/fem/studies/seed004_modeld_a15_fmax_meshes.py
"""
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FEM = os.path.normpath(os.path.join(HERE, ".."))
RUNS = (
    "seed004_modeld_a15_E26000_s160_h0044",
    "seed004_modeld_a15_E26000_s160_h00311",
    "seed004_modeld_a15_E26000_s160",
)
OUT = "seed004_modeld_a15_fmax_meshes"
# the fully plastic mean contact pressure over sigma_y (Johnson 1985 Sec. 6.2, Tabor's c ~ 3)
FULLY_PLASTIC = 3.0
# the energy balance's two ends (the module's doc): (n, kappa) of the loading curve F ~ delta^n and
# of the penalty's energy kappa F g_m: flat pressure on F ~ delta, Hertz's pressure on F ~ delta^1.5
FLAT = (1.0, 0.5)
HERTZIAN = (1.5, 9.0 / 16.0)

# the readers, the refinement arithmetic and the table writer of the elastic checks, beside this one
sys.path.insert(0, HERE)
from seed004_modeld_derived import field, load, number  # noqa: E402
from seed004_modeld_a68_meshes import (  # noqa: E402
    force_peak, write_table)


def hertz_approach(source, params):
    """Hertz's largest approach of the impact (Johnson 1985 ch. 11) from the run's parameters line:
    delta = (15 m v_n^2 / (16 E* sqrt R))^(2/5), m = 4/3 pi R^3 rho, E* = E / 2 (1 - nu^2) (both
    bodies of one material; the CSV's Hertz line prints it to 5 digits only)."""
    radius = number(source, params, r"R = ([0-9.e+-]+) m")
    young = number(source, params, r"E = ([0-9.e+-]+) Pa")
    poisson = number(source, params, r"nu = ([0-9.e+-]+);")
    rho = number(source, params, r"rho = ([0-9.e+-]+) kg")
    v_n = number(source, field(source, load(source)[0], "stands for"),
                 r"driver.v_normal = ([0-9.e+-]+)")
    mass = 4.0 / 3.0 * math.pi * radius ** 3 * rho
    e_star = young / (2.0 * (1.0 - poisson * poisson))
    return (15.0 * mass * v_n * v_n / (16.0 * e_star * math.sqrt(radius))) ** 0.4


def rigid_share(penetration, end):
    """x = F / F_rigid from the energy balance x^(1 + 1/n) + (n + 1) kappa penetration x = 1 (the
    module's doc), end = (n, kappa); by bisection on [0, 1], where the left side rises."""
    n, kappa = end
    lo, hi = 0.0, 1.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if mid ** (1.0 + 1.0 / n) + (n + 1.0) * kappa * penetration * mid < 1.0:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


def summarise(name):
    run, data, inputs = force_peak(name)
    source = os.path.join(FEM, name + ".csv")
    header = load(source)[0]
    params = field(source, header, "parameters")
    young = number(source, params, r"E = ([0-9.e+-]+) Pa")
    sigma_y = number(source, params, r"sigma_y = ([0-9.e+-]+) Pa")
    run["hertz_delta_max"] = hertz_approach(source, params)
    run["t_peak"] = data[run["top"]]["t_contact"]
    run["increments_to_peak"] = run["top"] + 1
    run["penetration"] = FULLY_PLASTIC * sigma_y * run["h0"] * inputs["R"] / young / run["hertz_delta_max"]
    run["F_peak_hertz"] = run["F_peak"] / run["hertz_F_max"] - 1.0
    run["F_rigid_flat"] = run["F_peak"] / rigid_share(run["penetration"], FLAT)
    run["F_rigid_hertz"] = run["F_peak"] / rigid_share(run["penetration"], HERTZIAN)
    return run


def split(triple):
    """F_peak = F_inf + A h + B h^2 through three meshes (Cramer's rule): (F_inf, A, B)."""
    rows = [(1.0, r["h0"], r["h0"] ** 2, r["F_peak"]) for r in triple]

    def det(m):
        return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))

    base = det([r[:3] for r in rows])
    return tuple(det([[r[3] if j == k else r[j] for j in range(3)] for r in rows]) / base
                 for k in range(3))


def split_lines(runs):
    """The header's lines of the split (the module's doc) for every three consecutive meshes, with
    the next finer mesh's prediction and, where that mesh was run, its F_peak."""
    lines = []
    for first in range(len(runs) - 2):
        triple = runs[first:first + 3]
        f_inf, a, b = split(triple)
        fine = triple[-1]
        line = ("F_peak on h0 %s R split as F_inf + A h0 + B h0^2 (penalty first order, "
                "discretisation second, assumed): F_inf %.6g N; on h0 %g R A h0 %.4g N (%+.2f %%), "
                "B h0^2 %.4g N (%+.2f %%), c = -A h0 / (F_peak penetration) %.3f (energy balance "
                "1/2 to 27/32)"
                % (", ".join("%g" % r["h0"] for r in triple), f_inf, fine["h0"], a * fine["h0"],
                   100.0 * a * fine["h0"] / fine["F_peak"], b * fine["h0"] ** 2,
                   100.0 * b * fine["h0"] ** 2 / fine["F_peak"],
                   -a * fine["h0"] / (fine["F_peak"] * fine["penetration"])))
        h_next = fine["h0"] / math.sqrt(2.0)
        predicted = f_inf + a * h_next + b * h_next ** 2
        if first + 3 < len(runs):
            run = runs[first + 3]
            line += "; predicts %.6g N on h0 %g R, run %.6g N (%+.3f %%)" % (
                predicted, run["h0"], run["F_peak"], 100.0 * (run["F_peak"] / predicted - 1.0))
        else:
            line += "; predicts %.6g N on h0 %.4g R (not run)" % (predicted, h_next)
        lines.append(line)
    return lines


COLUMNS = (
    ("h0", "-"), ("elements", "-"), ("nodes", "-"), ("increments_to_peak", "-"),
    ("F_max", "N"), ("F_peak", "N"), ("t_peak", "s"), ("penetration", "-"), ("F_peak_hertz", "-"),
    ("F_rigid_flat", "N"), ("F_rigid_hertz", "N"),
)
STUDIED = (("F_peak", "N"), ("F_max", "N"), ("t_peak", "s"), ("F_rigid_flat", "N"),
           ("F_rigid_hertz", "N"))


def main():
    runs = [summarise(name) for name in RUNS]
    h = runs[0]
    write_table(OUT, __file__, RUNS, runs, STUDIED, {
        "model": "; the h0 = 0.022 R run is the whole impact, the others stop at 0.6 t_c, past "
                 "the peak",
        "this": "the peak normal force of each, coarsest first",
        "stick_slope": "1",
        "closed_forms": "Hertz's elastic impact (Johnson 1985 ch. 11) F_max = %.5g N, delta_max = "
                        "%.5g m: the scale, not the reference (the sphere yields); the penalty's "
                        "overclosure at the fully plastic pressure %g sigma_y (Johnson 1985 Sec. "
                        "6.2): %g sigma_y h0 / E; the energy balance's rigid-contact peaks "
                        "(the script's doc): x^(1 + 1/n) + (n + 1) kappa penetration x = 1, x = "
                        "F_peak / F_rigid, (n, kappa) = (1, 1/2) flat, (3/2, 9/16) hertz"
                        % (h["hertz_F_max"], h["hertz_delta_max"], FULLY_PLASTIC, FULLY_PLASTIC),
        "tolerance": "1e-9 on these rows recomputed from the runs (tests/test_fem_impact.c, "
                     "impact_plastic_peak_refinement, which also compares each F_peak with the "
                     "ch. 4 law's F_max); the plastic peak has no closed form",
        "rows": "per mesh h0 / R, its elements and nodes (both bodies), its increments up to the "
                "largest F_n; F_max the largest increment F_n, F_peak the parabola's vertex "
                "through it and its neighbours, t_peak that increment's time from the first "
                "touch; penetration = %g sigma_y h0 / E over Hertz's delta_max; F_peak relative "
                "to Hertz's F_max; F_rigid_flat, F_rigid_hertz = F_peak with the penalty's "
                "share of the energy taken out (flat and Hertzian ends)" % FULLY_PLASTIC,
        "columns": COLUMNS,
        "more": split_lines(runs),
    }, COLUMNS[3:])

if __name__ == "__main__":
    main()

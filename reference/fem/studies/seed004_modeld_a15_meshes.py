#!/usr/bin/python3
"""The mesh refinement check of Model D's 15 deg elastic impact (Rathbone thesis Sec. 3.6, Table 5:
a steel sphere, R 0.01 mm, v_n 1 m/s, v_t tan 15 deg = 0.268 m/s, mu 0.3: it sticks from the first
touch, with micro-slip, since 2 (1 - nu) / (2 - nu) tan 15 deg = 0.22 < mu (Maw, Barber & Fawcett
1976), the tangential compliance reverses F_t and the contact slips the other way before the
separation), from cwb's CalculiX runs of it (reference/fem/NAME.csv, written by `cwb reference
reference/fem/studies/NAME.study`, NAME in RUNS: h0 = 0.0396 and 0.028 R, ratio sqrt 2; the same
fine zone, growth, block, increments and ballast), read as the 45 deg check
(seed004_modeld_a45_meshes.py, whose readings this one imports). The third mesh of the series,
0.02 R (reference/fem/studies/seed004_modeld_a15_ballast_h002.study), was stopped at 0.651 t_c
after the first touch for the time (its CSV says STOPPED: no separation, no rebound): with it
finished and in RUNS the header gets the observed orders and Richardson's extrapolations.

Writes reference/fem/seed004_modeld_a15_meshes.csv: per mesh (coarsest first)
  F_peak, t_c, e  as seed004_modeld_a68_meshes.py, against Hertz (Johnson 1985 ch. 11);
  v_t', omega R, v_c'  the rebound: the centre's tangential velocity, the spin and the contact
             point's rigid velocity v_t' - omega R; no closed form (the sphere never slides
             throughout: Maw, Barber & Fawcett 1976 solve it numerically);
  t_stop, J_stop  where the rigid slip v_t - omega R reaches 0: the time from the first touch and
             the normal impulse / (m v_n), against the bound of the rigid Coulomb impulse balance
             2 v_t / (7 mu v_n) (Johnson 1985 Sec. 11.5): |F_t| <= mu F_n, so the rigid slip falls
             at most as fast as in gross sliding and J_stop is at least that;
  t_reverse  where F_t changes sign (the tangential compliance pushes the contact back);
  t_reslip   where F_t / mu F_n next reaches STICK (the stick -> slip instant of the slip back).
There is no t_stick: |F_t| / mu F_n is below STICK from the first increment (the 45 deg check's
t_stick, where the forward gross slip ends, does not exist here).
The header gives, per quantity, the differences between consecutive meshes and, with three
meshes, the observed order p of f = f_inf + C h^p and Richardson's extrapolation f_inf, where the
two differences have one sign and shrink (Roache 1998, Verification and Validation in
Computational Science and Engineering, ch. 5), else "none"; with two, the bound an error of order
p >= 1 puts on the finer mesh's: its change / (sqrt 2 - 1).
No new solve: run after those studies (make reference runs the scripts after the studies):
/usr/bin/python3 reference/fem/studies/seed004_modeld_a15_meshes.py
"""
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = (
    "seed004_modeld_a15_ballast_h00396",
    "seed004_modeld_a15_coarse",
)
OUT = "seed004_modeld_a15_meshes"

# the readings of the 45 deg check and the table writer of the 68.2 deg one, beside this one
sys.path.insert(0, HERE)
from seed004_modeld_a45_meshes import STICK, summarise  # noqa: E402
from seed004_modeld_a68_meshes import write_table  # noqa: E402

COLUMNS = (
    ("h0", "-"), ("elements", "-"), ("nodes", "-"), ("increments", "-"),
    ("F_peak", "N"), ("t_c", "s"), ("e", "-"), ("v_t", "m/s"), ("omega_R", "m/s"), ("v_c", "m/s"),
    ("t_stop", "s"), ("J_stop", "m v_n"), ("J_stop_rigid", "m v_n"), ("t_reverse", "s"),
    ("t_reslip", "s"), ("F_peak_err", "-"), ("t_c_err", "-"),
)
STUDIED = (("F_peak", "N"), ("t_c", "s"), ("e", "-"), ("v_t", "m/s"), ("omega_R", "m/s"),
           ("v_c", "m/s"), ("t_stop", "s"), ("J_stop", "m v_n"), ("t_reverse", "s"),
           ("t_reslip", "s"))


def pair_lines(runs):
    """Per quantity of STUDIED, each consecutive pair of meshes' difference and the bound an
    error C h^p of order p >= 1 puts on the finer one's (the change shrinks by sqrt 2 ^ p - 1 >=
    sqrt 2 - 1 of the error when h0 falls by sqrt 2)."""
    lines = []
    for a, b in zip(runs, runs[1:]):
        for key, unit in STUDIED:
            d = b[key] - a[key]
            lines.append("%s from h0 %g to %g R: difference %.4g %s, bound on the finer mesh's "
                         "error for an order >= 1: %.4g %s" % (key, a["h0"], b["h0"], d, unit,
                                                             abs(d) / (math.sqrt(2.0) - 1.0), unit))
    return lines


def rebound_check(meshes):
    """The words of the rebound's check in the test: with two meshes the order >= 1 bound, with
    three the finest mesh's distance from Richardson's extrapolation (without an observed order,
    the larger of the meshes' spread and the finest pair's order >= 1 bound)."""
    if meshes < 3:
        return ("the rebound's order >= 1 bound on the finer mesh against Mindlin-Deresiewicz's "
                "distance from it")
    return ("the rebound's (v_t', omega R) error on the finest mesh, its distance from "
            "Richardson's extrapolation (without an observed order: the larger of the three "
            "meshes' spread and the finest pair's order >= 1 bound), against Mindlin-Deresiewicz's "
            "distance from the converged FEM (Richardson's, else the finest)")


def main():
    runs = [summarise(name) for name in RUNS]
    for name, run in zip(RUNS, runs):
        if not math.isnan(run["t_stick"]):
            raise SystemExit("%s: slides at the first touch (|F_t| / mu F_n >= %g)" % (name, STICK))
    h = runs[0]
    write_table(OUT, __file__, RUNS, runs, STUDIED, {
        "model": "",
        "this": "the force peak, the contact time, the rigid slip's stop, the reversal of F_t, "
                "the slip back and the rebound of each, coarsest first",
        "stick_slope": "10",
        "closed_forms": "Hertz (Johnson 1985 ch. 11) F_max = %.5g N, t_c = %.5g s, e = 1; "
                        "|F_t| <= mu F_n bounds the rigid slip's stop from below by the rigid "
                        "Coulomb impulse balance (Johnson 1985 Sec. 11.5) J_n = 2 v_t / (7 mu) = "
                        "%.5g m v_n; the rebound of a sphere that sticks has none (Maw, Barber & "
                        "Fawcett 1976 solve it numerically)"
                        % (h["hertz_F_max"], h["hertz_t_c"], h["J_stop_rigid"]),
        "tolerance": "0.02 on F_peak against Hertz's F_max on every mesh (as the 68.2 and 45 deg "
                     "checks); J_stop at least the rigid Coulomb bound (to CalculiX's friction "
                     "tolerance 0.001); %s (tests/test_fem_impact.c, impact_stick_refinement_15)"
                     % rebound_check(len(runs)),
        "rows": "per mesh h0 / R, its elements and nodes (both bodies), its increments; F_peak the "
                "parabola's vertex through the largest increment F_n and its neighbours, t_c first "
                "touch to the separation (F_n^(2/3) of the last two increments in contact "
                "extrapolated to 0), e = -v_n'/v_n, the rebound v_t', omega R and v_c' = v_t' - "
                "omega R; t_stop and J_stop the time from the first touch and the normal impulse "
                "/ m v_n where v_t - omega R reaches 0, and the rigid Coulomb bound of J_stop; "
                "t_reverse where F_t changes sign, t_reslip where F_t / mu F_n reaches %g (from the "
                "first touch; |F_t| / mu F_n is below %g from the first increment); F_peak, t_c "
                "relative to Hertz" % (STICK, STICK),
        "columns": COLUMNS,
        "more": pair_lines(runs),
    }, COLUMNS[4:])


if __name__ == "__main__":
    main()

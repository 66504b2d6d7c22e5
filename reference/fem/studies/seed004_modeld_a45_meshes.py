#!/usr/bin/python3
"""The mesh refinement check of Model D's 45 deg elastic impact (Rathbone thesis Sec. 3.6, Table 5:
a steel sphere, R 0.01 mm, v_n 1 m/s, v_t 1 m/s, mu 0.3: it slides, sticks, and the tangential
compliance reverses it into a slip the other way), from cwb's CalculiX runs of it
(reference/fem/NAME.csv, written by `cwb reference reference/fem/studies/NAME.study`, NAME in RUNS:
h0 = 0.0396, 0.028, 0.02 R, ratio sqrt 2; the same fine zone, growth, block, increments and
ballast).

Writes reference/fem/seed004_modeld_a45_meshes.csv: per mesh (coarsest first)
  F_peak, t_c, e  as seed004_modeld_a68_meshes.py (the parabola's vertex through the largest
             increment F_n and its neighbours; F_n^(2/3) through the last two increments in contact
             extrapolated to 0; -v_n' / v_n), against Hertz (Johnson 1985 ch. 11; read from each
             CSV's Hertz line);
  v_t', omega R, v_c'  the rebound: the centre's tangential velocity, the spin, and the contact
             point's rigid velocity v_t' - omega R (Maw, Barber & Fawcett 1976 plot its ratio to
             the incident one); no closed form once the sphere sticks;
  J_stop     the normal impulse / (m v_n) where the rigid slip v_t - omega R reaches 0, linear
             between the two increments that bracket it, against the rigid Coulomb impulse
             balance 2 v_t / (7 mu v_n) (Johnson 1985 Sec. 11.5: while it slides v_s = v_t -
             7/2 mu J_n / m);
  t_stick    where |F_t| / mu F_n first falls below STICK (the end of the forward slip);
  t_reverse  where F_t changes sign (the tangential compliance pushes the contact back);
  t_reslip   where F_t / mu F_n next reaches STICK (the slip the other way: the stick -> slip
             instant), each linear in t between the increments that bracket it.
The header gives, per quantity, the differences between the meshes, the observed order p of
f = f_inf + C h^p and Richardson's extrapolation f_inf, where the two differences have one sign
and shrink (Roache 1998, Verification and Validation in Computational Science and Engineering,
ch. 5), else "none".
No new solve: run after those studies (make reference runs the scripts after the studies):
/usr/bin/python3 reference/fem/studies/seed004_modeld_a45_meshes.py
"""
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FEM = os.path.normpath(os.path.join(HERE, ".."))
RUNS = (
    "seed004_modeld_a45_ballast_h00396",
    "seed004_modeld_a45_coarse_ballast",
    "seed004_modeld_a45_ballast_h002",
)
OUT = "seed004_modeld_a45_meshes"
# |F_t| / mu F_n while sliding: CalculiX's penalty friction holds it at 0.996-1.000 on these runs;
# 0.99 is past that and the first increments of the stick (below 0.99 within one increment).
STICK = 0.99

# the refinement arithmetic and the table writer of the 68.2 deg check, beside this one
sys.path.insert(0, HERE)
from seed004_modeld_a68_meshes import (  # noqa: E402
    impact_summary, write_table)


def crossing(data, start, value, level):
    """The first t_contact from row start on where value(row) rises through level (linear)."""
    for i in range(max(start, 1), len(data)):
        f0, f1 = value(data[i - 1]), value(data[i])
        if f0 < level <= f1:
            t0, t1 = data[i - 1]["t_contact"], data[i]["t_contact"]
            return t0 + (t1 - t0) * (level - f0) / (f1 - f0), i
    return math.nan, len(data)


def slip_stop(data, v_n, source):
    """Where the rigid slip v_t - omega R first falls through 0: the time from the first touch and
    the normal impulse / (m v_n) there (J_n / m = v_n - v_n(t)), each linear in the slip between
    the two increments that bracket it."""
    def impulse(r):
        return (v_n - r["v_n"]) / v_n

    t_stop, i = crossing(data, 1, lambda r: -r["v_slip"], 0.0)
    if i >= len(data):
        raise SystemExit("%s: the slip never stops" % source)
    s0, s1 = data[i - 1]["v_slip"], data[i]["v_slip"]
    return t_stop, impulse(data[i - 1]) + (impulse(data[i]) - impulse(data[i - 1])) * s0 / (s0 - s1)


def stick_instants(data, mu):
    """t_stick, t_reverse, t_reslip: where |F_t| / mu F_n first falls below STICK (the end of the
    forward slip), where F_t then changes sign (the tangential compliance pushes the contact back)
    and where F_t / mu F_n next reaches STICK (the slip the other way). A sphere that sticks from
    the first touch (|F_t| / mu F_n below STICK at the first increment) has no t_stick (NaN); its
    F_t's sign change is sought from the first touch."""
    def ratio(r):
        return r["F_t"] / (mu * r["F_n"]) if r["F_n"] > 0 else math.nan

    t_stick, i = crossing(data, 1, lambda r: -abs(ratio(r)), -STICK)
    if math.isnan(t_stick):
        i = 1
    t_reverse, i = crossing(data, i, lambda r: r["F_t"], 0.0)
    t_reslip, _ = crossing(data, i, ratio, STICK)
    return t_stick, t_reverse, t_reslip


def summarise(name):
    run, data, inputs = impact_summary(name)
    mu, v_n, v_t = inputs["mu"], inputs["v_n"], inputs["v_t"]
    source = os.path.join(FEM, name + ".csv")
    run["v_c"] = run["v_t"] - run["omega_R"]
    run["t_stop"], run["J_stop"] = slip_stop(data, v_n, source)
    run["J_stop_rigid"] = 2.0 * v_t / (7.0 * mu * v_n)
    run["t_stick"], run["t_reverse"], run["t_reslip"] = stick_instants(data, mu)
    return run


COLUMNS = (
    ("h0", "-"), ("elements", "-"), ("nodes", "-"), ("increments", "-"),
    ("F_peak", "N"), ("t_c", "s"), ("e", "-"), ("v_t", "m/s"), ("omega_R", "m/s"), ("v_c", "m/s"),
    ("J_stop", "m v_n"), ("J_stop_rigid", "m v_n"), ("t_stick", "s"), ("t_reverse", "s"),
    ("t_reslip", "s"), ("F_peak_err", "-"), ("t_c_err", "-"),
)
STUDIED = (("F_peak", "N"), ("t_c", "s"), ("e", "-"), ("v_t", "m/s"), ("omega_R", "m/s"),
           ("v_c", "m/s"), ("J_stop", "m v_n"), ("t_stick", "s"), ("t_reverse", "s"),
           ("t_reslip", "s"))


def main():
    runs = [summarise(name) for name in RUNS]
    h = runs[0]
    write_table(OUT, __file__, RUNS, runs, STUDIED, {
        "model": "",
        "this": "the force peak, the contact time, the slip's stop, reversal and restart and the "
                "rebound of each, coarsest first",
        "stick_slope": "10",
        "closed_forms": "Hertz (Johnson 1985 ch. 11) F_max = %.5g N, t_c = %.5g s, e = 1; the "
                        "rigid Coulomb impulse balance (Johnson 1985 Sec. 11.5) stops the slip at "
                        "J_n = 2 v_t / (7 mu) = %.5g m v_n; the rebound after the stick has none "
                        "(Maw, Barber & Fawcett 1976 solve it numerically)"
                        % (h["hertz_F_max"], h["hertz_t_c"], h["J_stop_rigid"]),
        "tolerance": "0.02 on F_peak against Hertz's F_max on every mesh (as the 68.2 deg check); "
                     "the slip's stop at 0.01 m v_n of the rigid one; the rebound's change "
                     "between the two finest meshes (tests/test_fem_impact.c, "
                     "impact_stick_slip_refinement)",
        "rows": "per mesh h0 / R, its elements and nodes (both bodies), its increments; F_peak the "
                "parabola's vertex through the largest increment F_n and its neighbours, t_c first "
                "touch to the separation (F_n^(2/3) of the last two increments in contact "
                "extrapolated to 0), e = -v_n'/v_n, the rebound v_t', omega R and v_c' = v_t' - "
                "omega R; J_stop the normal impulse / m v_n where v_t - omega R reaches 0 and its "
                "rigid Coulomb value; t_stick where |F_t| / mu F_n falls below %g, t_reverse where "
                "F_t changes sign, t_reslip where F_t / mu F_n reaches %g again (from the first "
                "touch); F_peak, t_c relative to Hertz" % (STICK, STICK),
        "columns": COLUMNS,
    }, COLUMNS[4:])

if __name__ == "__main__":
    main()

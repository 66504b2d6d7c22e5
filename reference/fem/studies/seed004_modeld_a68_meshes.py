#!/usr/bin/python3
"""The mesh refinement check of Model D's 68.2 deg elastic impact (Rathbone thesis Sec. 3.6, Table 5:
a steel sphere, R 0.01 mm, v_n 1 m/s, v_t 2.5 m/s, mu 0.3, sliding throughout), from cwb's four
CalculiX runs of it (reference/fem/NAME.csv, written by `cwb reference
reference/fem/studies/NAME.study`, NAME in RUNS: h0 = 0.0396, 0.028, 0.02, 0.014 R, ratio sqrt 2; the same
fine zone, growth, block, increments and ballast).

Writes reference/fem/seed004_modeld_a68_sliding_meshes.csv: per mesh (coarsest first) the rebound and
the force peak against their closed forms:
  F_max      the largest F_n of the increments;
  F_peak     the vertex of the parabola through that increment and its two neighbours (the
             increments sample the peak: t_c / 40 apart, the largest increment F_max is up to
             (pi / 40)^2 / 2 = 0.3 % low, and CalculiX's cutbacks place them differently on each mesh);
  t_c        first touch to the separation: F_n^(2/3) through the last two increments in contact
             extrapolated to 0 (Hertz's F ~ delta^(3/2), delta linear in t at the end);
  e          -v_n' / v_n, the sphere's rigid rebound (its momentum balance);
  v_t', omega R  the rebound's tangential velocity and spin against the sliding closed form from the
             run's own v_n' (rigid-body impulse balance with F_t = mu F_n throughout, Johnson 1985
             Sec. 11.5): v_t - mu (v_n + v_n') and 5/2 mu (v_n + v_n');
against Hertz's elastic impact (Johnson 1985 ch. 11; read from each CSV's Hertz line): F_max, t_c,
e = 1. The header gives, per quantity, the differences between the meshes, the observed order
p of f = f_inf + C h^p through three meshes and Richardson's extrapolation f_inf, where the two
differences have one sign and shrink (Roache 1998, Verification and Validation in Computational
Science and Engineering, ch. 5), else "none".
No new solve: run after those studies (make reference runs the scripts after the studies):
/usr/bin/python3 reference/fem/studies/seed004_modeld_a68_meshes.py
"""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../tools"))
from made_line import stamp_made_line  # noqa: E402  the table's "# made:" line

HERE = os.path.dirname(os.path.abspath(__file__))
FEM = os.path.normpath(os.path.join(HERE, ".."))
RUNS = (
    "seed004_modeld_a68_sliding_h00396",
    "seed004_modeld_a68_sliding",
    "seed004_modeld_a68_sliding_h002",
    "seed004_modeld_a68_sliding_h0014",
)
OUT = "seed004_modeld_a68_sliding_meshes"

# the CSV reader of the other Model D tables' script, beside this one
sys.path.insert(0, HERE)
from seed004_modeld_derived import field, load, number  # noqa: E402


def parabola_peak(points):
    """The vertex of the parabola through three (t, f) points."""
    (t0, f0), (t1, f1), (t2, f2) = points
    d01, d12 = (f1 - f0) / (t1 - t0), (f2 - f1) / (t2 - t1)
    curv = (d12 - d01) / (t2 - t0)  # half the second derivative
    slope1 = d01 + curv * (t1 - t0)  # the parabola's slope at t1
    return f1 - slope1 * slope1 / (4.0 * curv)


def separation(points):
    """Where F^(2/3) through the last two increments in contact reaches 0: near the end Hertz's
    F = k delta^(3/2) with delta falling linearly (delta'' = -F / m vanishes there), so F^(2/3) is
    linear in t to second order; the first increment with F_n = 0 only bounds the separation (one
    increment, t_c / 40, late at most), which linear interpolation of F would return."""
    (t0, f0), (t1, f1) = points
    g0, g1 = f0 ** (2.0 / 3.0), f1 ** (2.0 / 3.0)
    return t1 + (t1 - t0) * g1 / (g0 - g1)


def force_peak(name):
    """What every Model D refinement reads from run NAME up to its force peak: its mesh, Hertz's F_max
    and t_c, the largest increment F_n (F_max, its row top) and the peak (parabola_peak); with the
    run's rows and its inputs (R, mu, v_n, v_t). A run stopped past the peak (before the separation)
    has all of them."""
    source = os.path.join(FEM, name + ".csv")
    header, data = load(source)
    mesh = field(source, header, "mesh")
    hertz = field(source, header, "Hertz", " (")
    params = field(source, header, "parameters")
    stands = field(source, header, "stands for")
    run = {
        "h0": number(source, mesh, r"size h0 = ([0-9.e+-]+) R"),
        "elements": number(source, mesh, r"; ([0-9]+) elements"),
        "nodes": number(source, mesh, r", ([0-9]+) nodes"),
        "increments": len(data),
        "hertz_t_c": number(source, hertz, r"t_c = ([0-9.e+-]+) s"),
        "hertz_F_max": number(source, hertz, r"F_max = ([0-9.e+-]+) N"),
    }
    inputs = {"R": number(source, params, r"R = ([0-9.e+-]+) m"),
              "mu": number(source, params, r"mu = ([0-9.e+-]+);"),
              "v_n": number(source, stands, r"driver.v_normal = ([0-9.e+-]+)"),
              "v_t": number(source, stands, r"driver.v_tangential = ([0-9.e+-]+)")}
    force = [r["F_n"] for r in data]
    top = max(range(len(data)), key=lambda i: force[i])
    if not 0 < top < len(data) - 1:
        raise SystemExit("%s: the force peak is at an end of the run" % source)
    run["top"] = top
    run["F_max"] = force[top]
    run["F_peak"] = parabola_peak([(data[i]["t_contact"], force[i]) for i in (top - 1, top, top + 1)])
    return run, data, inputs


def impact_summary(name):
    """What every Model D refinement reads from the whole run NAME: force_peak's, the contact time
    (separation), e and the rebound's v_t and omega R; with the run's rows and its inputs."""
    source = os.path.join(FEM, name + ".csv")
    run, data, inputs = force_peak(name)
    force, top = [r["F_n"] for r in data], run["top"]
    run["t_c"] = math.nan
    for i in range(top + 2, len(data)):
        if not force[i] > 0:
            run["t_c"] = separation([(data[j]["t_contact"], force[j]) for j in (i - 2, i - 1)])
            break
    last = data[-1]
    if last["F_n"] > 0:
        raise SystemExit("%s: still in contact at the end" % source)
    run["e"] = -last["v_n"] / inputs["v_n"]
    run["v_t"] = last["v_t"]
    run["omega_R"] = last["omega"] * inputs["R"]
    run["F_peak_err"] = run["F_peak"] / run["hertz_F_max"] - 1.0
    run["t_c_err"] = run["t_c"] / run["hertz_t_c"] - 1.0
    return run, data, inputs


def summarise(name):
    run, data, inputs = impact_summary(name)
    mu, v_n, v_t = inputs["mu"], inputs["v_n"], inputs["v_t"]
    impulse = v_n - data[-1]["v_n"]  # J_n / m = v_n + v_n'
    run["v_t_closed"] = v_t - mu * impulse
    run["omega_R_closed"] = 2.5 * mu * impulse
    run["F_max_err"] = run["F_max"] / run["hertz_F_max"] - 1.0
    run["v_t_err"] = (run["v_t"] - run["v_t_closed"]) / (mu * impulse)
    run["omega_R_err"] = (run["omega_R"] - run["omega_R_closed"]) / (2.5 * mu * impulse)
    return run


def convergence(runs, key):
    """Differences, observed order and Richardson's extrapolation of runs[*][key] on three meshes
    (f = f_inf + C h^p; the ratios 0.028 / 0.02 = 1.4 and 0.02 / 0.014 = 1.43 differ, so p solves
    (h1^p - h0^p) / (h2^p - h1^p) = d1 / d2 by bisection)."""
    f = [r[key] for r in runs]
    h = [r["h0"] for r in runs]
    d1, d2 = f[1] - f[0], f[2] - f[1]
    if not (d1 * d2 > 0 and abs(d2) < abs(d1)):
        return d1, d2, math.nan, math.nan

    def excess(p):
        return (h[0] ** p - h[1] ** p) / (h[1] ** p - h[2] ** p) - d1 / d2

    lo, hi = 1e-3, 20.0
    if excess(lo) * excess(hi) > 0:
        return d1, d2, math.nan, math.nan
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if excess(lo) * excess(mid) <= 0:
            hi = mid
        else:
            lo = mid
    order = 0.5 * (lo + hi)
    slope = d2 / (h[2] ** order - h[1] ** order)
    return d1, d2, order, f[2] - slope * h[2] ** order


COLUMNS = (
    ("h0", "-"), ("elements", "-"), ("nodes", "-"), ("increments", "-"),
    ("F_max", "N"), ("F_peak", "N"), ("t_c", "s"), ("e", "-"),
    ("v_t", "m/s"), ("v_t_closed", "m/s"), ("omega_R", "m/s"), ("omega_R_closed", "m/s"),
    ("F_max_err", "-"), ("F_peak_err", "-"), ("t_c_err", "-"), ("v_t_err", "-"),
    ("omega_R_err", "-"),
)
STUDIED = (("F_peak", "N"), ("F_max", "N"), ("t_c", "s"), ("e", "-"),
           ("v_t_err", "of mu (v_n + v_n')"), ("omega_R_err", "of 5/2 mu (v_n + v_n')"))


def convergence_lines(runs, studied, out):
    """The header's convergence lines: for every three consecutive meshes of runs (refined by sqrt 2,
    checked), each quantity of studied (key, unit): its differences, and its observed order and
    Richardson's extrapolation where they exist (convergence)."""
    for a, b in zip(runs, runs[1:]):
        if abs(a["h0"] / b["h0"] - math.sqrt(2.0)) > 0.02:
            raise SystemExit("%s: the meshes are not refined by sqrt 2" % out)
    lines = []
    for first in range(len(runs) - 2):
        triple = runs[first:first + 3]
        meshes = "h0 %s R" % ", ".join("%g" % r["h0"] for r in triple)
        for key, unit in studied:
            d1, d2, order, rich = convergence(triple, key)
            if math.isnan(order):
                lines.append("%s on %s: differences %.4g, %.4g %s: no order, no Richardson (not "
                             "one sign and shrinking)" % (key, meshes, d1, d2, unit))
            else:
                lines.append("%s on %s: differences %.4g, %.4g %s, observed order %.2f, "
                             "Richardson %.6g" % (key, meshes, d1, d2, unit, order, rich))
    return lines


def write_table(out, script, run_names, runs, studied, words, printed=()):
    """Write reference/fem/OUT.csv, a Model D refinement table, from runs (the runs run_names of
    script, summarised, coarsest first), their convergence_lines over studied and words: the
    header's own words of each script: model (after the runs' own lines, may be ""), this (what
    the table holds), stick_slope (its factor of E / h0), closed_forms, tolerance, rows, and
    columns ((key, unit), ...); optionally more convergence lines of the script's own (more).
    The header lines' order and the numbers' format are the same in all of them. Then prints per
    run the columns printed (none: no line) and the convergence."""
    lines = convergence_lines(runs, studied, out) + list(words.get("more", ()))
    first = os.path.join(FEM, run_names[0] + ".csv")
    # a temporary name, renamed when whole: a failure never leaves half a table
    path = os.path.join(FEM, out + ".csv")
    with open(path + ".tmp", "w") as f:
        f.write("# cwb reference: %s (script reference/fem/studies/%s)\n"
                % (out, os.path.basename(script)))
        f.write("# model: the runs reference/fem/%s.csv (each has the model, mesh, contact and "
                "solver lines%s); this table: %s\n" % (".csv, ".join(run_names), words["model"],
                                                      words["this"]))
        f.write("# meshes: h0 %s R (ratio sqrt 2); the contact penalty and the stick slope "
                "%s E / h0 follow h0\n" % (", ".join("%g" % r["h0"] for r in runs),
                                           words["stick_slope"]))
        for line in lines:
            f.write("# convergence: %s\n" % line)
        f.write("# closed forms: %s\n" % words["closed_forms"])
        f.write("# tolerance: %s\n" % words["tolerance"])
        f.write(field(first, load(first)[0], "stands for"))
        f.write("# independence: fem gmsh + CalculiX; shares no code with cwb's laws\n")
        f.write("# rows: %s\n" % words["rows"])
        f.write(",".join("%s[%s]" % c for c in words["columns"]) + "\n")
        for r in runs:
            f.write(",".join("%.10g" % r[c] for c, _ in words["columns"]) + "\n")
    stamp_made_line(path + ".tmp")
    os.replace(path + ".tmp", path)
    for r in runs if printed else ():
        print(out + ": h0 %g R: " % r["h0"] + ", ".join("%s %.6g" % (c, r[c]) for c, _ in printed))
    for line in lines:
        print(out + ": " + line)


def main():
    runs = [summarise(name) for name in RUNS]
    h = runs[0]
    write_table(OUT, __file__, RUNS, runs, STUDIED, {
        "model": "",
        "this": "the force peak, the contact time and the rebound of each, coarsest first",
        "stick_slope": "10",
        "closed_forms": "Hertz (Johnson 1985 ch. 11) F_max = %.5g N, t_c = %.5g s, e = 1; the "
                        "sliding rebound (Johnson 1985 Sec. 11.5) v_t' = v_t - mu (v_n + v_n'), "
                        "omega R = 5/2 mu (v_n + v_n') with each run's own v_n'"
                        % (h["hertz_F_max"], h["hertz_t_c"]),
        "tolerance": "0.02 on F_peak against Hertz's F_max on every mesh: the block's fixed faces "
                     "at 1.5 R (+1.05 %), the penalty's penetration (-0.75 % x h0 / 0.028 R) and "
                     "the discretisation; the rebound as each run's (tests/test_fem_impact.c, "
                     "impact_sliding_refinement)",
        "rows": "per mesh h0 / R, its elements and nodes (both bodies), its increments; F_max the "
                "largest increment F_n, F_peak the parabola's vertex through it and its "
                "neighbours, t_c first touch to the separation (F_n^(2/3) of the last two "
                "increments in contact extrapolated to 0), e = -v_n'/v_n, v_t' and omega R with "
                "their closed forms; *_err: F_max, F_peak, t_c relative to Hertz, v_t' and omega R "
                "off their closed forms as fractions of the changes mu (v_n + v_n') and 5/2 mu "
                "(v_n + v_n')",
        "columns": COLUMNS,
    })

if __name__ == "__main__":
    main()

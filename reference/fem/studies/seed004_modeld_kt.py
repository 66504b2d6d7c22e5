#!/usr/bin/python3
"""The tangential loading stiffness of cwb's Model D elastic-plastic oblique impacts against Rathbone
thesis eq. 89 (Sec. 5.7: k_t = 5 G* a (1 - x)^(1/4) for x < x1, then the lines of eqs. 83-88, "the
pre-factor in kt becomes 5G*a in the fully oblique case", against eq. 82's 8 G* a at a fixed normal
force) and eq. 110 (Sec. 5.9: with a given Coulomb mu the prefactor "becomes 3G*a" and y is held at
y_cons = -18.75 mu + 18.75 instead of 7), from the committed runs (reference/fem/NAME.csv, written
by `cwb reference reference/fem/studies/NAME.study`, NAME in RUNS). No new solve except the 4 deg
mu = 0.1 study and the 8 deg, 2 m/s mu = 0.2 study (the one given-mu run past y_cons), made for this
check (their study files say why).

What is read, per run, over its tangential loading (from the first touch while the contact point's
rigid-body slip xi_t grows, up to the largest F_t: past it the FEM's F_t falls while xi_t still
grows, a negative slope no loading law has), in bins of y = delta_n / delta_y (the variable eq. 89's
constants and eq. 110's hold use):
  kt        the least-squares slope of F_t_resisting against xi_t over the bin's increments: the
            FEM's dF_t / dxi_t (the thesis' eq. 96 F_t^n = F_t^(n-1) + k_t dxi_t: the normal force's
            change enters only x, eq. 90), with its standard error kt_se (the increments' scatter:
            the forces are central differences of the sphere's momentum over uneven increments,
            and neighbouring pairs give 3 to 14 G* a on the finest 15 deg mesh);
  a         the contact radius of the law, Sec. 5.4 eq. 107 (cwb_rathbone_radius on loading:
            a^2 = R* delta up to delta_y, R* delta_y (1.19 (delta / delta_y - 1)^1.1 + 1) above) at
            the bin's mean FEM delta_n = int v_n dt (as seed004_modeld_derived.py). The runs keep
            no contact radius history; their mid-contact snapshot (NAME_contact.csv) gives the
            outermost contact node's distance from the pressure centroid, compared in the header
            with eq. 107 at that time. delta_n carries the normal penalty's overclosure (p h0 / E,
            K = E / h0), so a is somewhat high and kt / (G* a) somewhat low;
  delta_y   eq. 67, R* (Ay pi sigma_y / (2 E*))^2 with Ay = 1 / max over the axis of the von
            Mises stress of Hertz's pressure over p0 (Johnson 1985 eq. 3.45; 1.6128 at nu = 0.3,
            as cwb's `rathbone` law with constants = derived);
  x         the mean over the bin of F_t / (mu F_n) with the run's Coulomb mu (its friction limit;
            0.37 standing for the thesis' tau_c friction, or the given 0.1, 0.2);
  G*        1 / G* = (2 - nu1) / G1 + (2 - nu2) / G2, the sphere and the block of one material;
  shape     eq. 89's bracket at (x, y, mu) as cwb's rathbone_tangential implements eqs. 97-104:
            (1 - x)^(1/4) for x < x1 (x1 = 1 below y = 1, else max(0, -1.85 + 5.20 mu)), else the
            lines b1 - a1 (x - x1), d1 - c1 (x - x1) with a1, c1 of eqs. 100, 102 at y held at
            y_cons (7, or 18.75 (1 - mu) with a given mu), floored at 0;
  law       the thesis' k_t / (G* a) at (x, y): 5 shape (eq. 89), or 3 shape with a given mu
            (eq. 110);
  P_eff     kt / (G* a shape): the prefactor the FEM's slope implies with eq. 89's bracket, where
            shape >= 0.1 (else 0: near shape = 0 it is not defined);
  mindlin   8 (1 - x)^(1/3), Mindlin's at a fixed normal force (Johnson 1985 Sec. 7.2); with the
            normal force rising faster than F_t / mu, Mindlin & Deresiewicz (1953) add no slip and
            the increment's stiffness is 8 G* a whatever x (Johnson 1985 Sec. 7.3);
  kt_stick  kt with CalculiX's stick penalty taken out, as a spring (E / h0 per area, the runs'
            stick slope) over Hertz's circle pi a^2 in series with the bodies: kt / (1 - kt /
            (E / h0 pi a^2)). A model of the penalty, not measured: the column says which way and
            about how far the penalty moves kt (0 where the model breaks down, kt above the
            penalty spring: the coarsest mesh's contact spans about one element there).
y_cons (header lines "# y_cons:", hold_lines): for a given-mu run whose y_max passes eq. 110's
y_cons, what the law does there (derived from eqs. 100-104: the hold moves 3 shape by < 1e-9) and
what the FEM does (its bins read on past F_t's peak while xi_t grows, P_eff's slope against y below
and past y_cons, the y from which it is flat if any).
Writes reference/fem/seed004_modeld_kt.csv, one row per run and bin (bins with fewer than 4
increments are left out). The 15 deg runs of Table 6's sphere on three meshes (h0 = 0.044, 0.0311,
0.022 R) give the refinement trend per bin in the header (differences, observed order and
Richardson's extrapolation where both differences have one sign and shrink, Roache 1998,
Verification and Validation in Computational Science and Engineering, ch. 5; else "none").
No new solve: run after those studies (make reference runs the scripts after the studies):
/usr/bin/python3 reference/fem/studies/seed004_modeld_kt.py
"""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../tools"))
from made_line import stamp_made_line  # noqa: E402  the table's "# made:" line

HERE = os.path.dirname(os.path.abspath(__file__))
FEM = os.path.normpath(os.path.join(HERE, ".."))
# (run, the meshes' family: runs of one family differ in h0 alone), coarsest first in a family
RUNS = (
    ("seed004_modeld_a15_E26000_s160_h0044", "a15"),
    ("seed004_modeld_a15_E26000_s160_h00311", "a15"),
    ("seed004_modeld_a15_E26000_s160", "a15"),
    ("seed004_modeld_a30_E26000_s160", ""),
    ("seed004_modeld_a45_E26000_s160", ""),
    ("seed004_modeld_a30_E8500_s50", ""),
    ("seed004_modeld_a30_E8500_s50_mu01", ""),
    ("seed004_modeld_a30_E8500_s50_mu02", ""),
    ("seed004_modeld_a4_E8500_s50_mu01", ""),
    ("seed004_modeld_a8_v2_E8500_s50_mu02", ""),
)
OUT = "seed004_modeld_kt"
# the bins of y = delta_n / delta_y: below 1 eq. 89 is its first branch (x1 = 1), the elastic sphere
# (up to 13 for the runs at 1 m/s; 15 and 16.875 are eq. 110's y_cons at mu 0.2 and 0.1, bin edges so
# that no bin straddles one)
Y_EDGES = (0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0, 13.0, 15.0, 16.875, 19.0, 22.0, 25.0, 30.0)
MIN_ROWS = 4
SHAPE_FLOOR = 0.1
PREFACTOR_OBLIQUE = 5.0  # eq. 89
PREFACTOR_GIVEN = 3.0    # eq. 110
MINDLIN = 8.0            # eq. 82 and Mindlin's 8 G* a
# the runs' solves and this table (the newest run's cost file has its per-3-minute log)
PROVENANCE = (
    "the runs by `cwb reference reference/fem/studies/NAME.study --out reference/fem --work "
    "build/fem` (each run's CSV names its model, mesh and solver; the 4 deg run's cost is in "
    "doc/refitted-constants.md), run 9 by `OMP_NUM_THREADS=1 nice -n 10 /usr/bin/time -v build/cwb "
    "reference reference/fem/studies/seed004_modeld_a8_v2_E8500_s50_mu02.study --out reference/fem "
    "--work build/fem` on 2026-11-29 14:54-16:22 UTC: 3180 s user + 13 s system CPU, 1:27:44 wall "
    "(60 % of a core), 635 MB, 130 increments (reference/fem/studies/"
    "seed004_modeld_a8_v2_E8500_s50_mu02_cost.txt); machine: the development machine, 2 cores "
    "(AMD EPYC) shared with other CalculiX runs, Debian calculix-ccx 2.20 (SPOOLES), gmsh "
    "4.8.4; this table by /usr/bin/python3 reference/fem/studies/seed004_modeld_kt.py, 2026-11-29")
HOLD_FROM = 4.0          # y_cons' check: bins from y = 4 (below, eq. 89's a1 still moves by > 5 %)
HOLD_SE = 2.0            # y_cons' check: slopes "the same" within 2 standard errors

sys.path.insert(0, HERE)
from seed004_modeld_derived import field, load, number  # noqa: E402
from seed004_modeld_a68_meshes import convergence  # noqa: E402


def yield_factor(nu):
    """Ay = p0 / sigma_y at first yield under Hertz's pressure: 1 / max over z of |sigma_z -
    sigma_r| / p0 on the axis (Johnson 1985 eq. 3.45: sigma_r / p0 = -(1 + nu)(1 - (z/a) atan(a/z))
    + 1 / (2 (1 + z^2/a^2)), sigma_z / p0 = -1 / (1 + z^2/a^2)); golden section on z / a in
    [0.1, 2]."""
    def tresca(z):
        s_r = -(1.0 + nu) * (1.0 - z * math.atan(1.0 / z)) + 0.5 / (1.0 + z * z)
        return abs(-1.0 / (1.0 + z * z) - s_r)

    lo, hi, g = 0.1, 2.0, (math.sqrt(5.0) - 1.0) / 2.0
    for _ in range(200):
        m1, m2 = hi - g * (hi - lo), lo + g * (hi - lo)
        if tresca(m1) > tresca(m2):
            hi = m2
        else:
            lo = m1
    return 1.0 / tresca(0.5 * (lo + hi))


def radius(r_star, delta_y, delta):
    """Eq. 107 on loading (cwb_rathbone_radius, plastic.c)."""
    if delta <= delta_y:
        return math.sqrt(r_star * delta)
    return math.sqrt(r_star * delta_y * (1.19 * (delta / delta_y - 1.0) ** 1.1 + 1.0))


def y_hold(mu, given):
    """The y past which eq. 89's a1 and c1 are held: 7 (eq. 98), or eq. 110's y_cons."""
    return 18.75 * (1.0 - mu) if given else 7.0


def shape(x, y, mu, given, held=True):
    """Eq. 89's bracket k_t / (P G* a) as rathbone_tangential's rt_loading_factor (eqs. 97-104,
    the hold of eq. 98 / eq. 110; held=False: a1, c1 at y itself, the hold left out)."""
    if held:
        y = min(y, y_hold(mu, given))
    x1 = 1.0 if y < 1.0 else max(0.0, -1.85 + 5.20 * mu)
    if x < x1:
        return (1.0 - x) ** 0.25 if x < 1.0 else 0.0
    a1, b1 = 0.9 / math.tanh(0.24 * y ** 1.4), (1.0 - x1) ** 0.25
    c1 = 1.51 / math.tanh(0.14 * y ** 1.99)
    d1 = c1 * (1.0 - x1)
    x2 = (d1 - b1) / (c1 - a1) + x1
    return max(0.0, b1 - a1 * (x - x1) if x < x2 else d1 - c1 * (x - x1))


def slope(points):
    """Least-squares slope of y on x and its standard error."""
    n = len(points)
    mx = sum(p[0] for p in points) / n
    my = sum(p[1] for p in points) / n
    sxx = sum((p[0] - mx) ** 2 for p in points)
    b = sum((p[0] - mx) * (p[1] - my) for p in points) / sxx
    resid = sum((p[1] - my - b * (p[0] - mx)) ** 2 for p in points)
    return b, math.sqrt(resid / (n - 2) / sxx)


def inputs_of(name):
    source = os.path.join(FEM, name + ".csv")
    header, data = load(source)
    params = field(source, header, "parameters")
    run = {
        "name": name,
        "R": number(source, params, r"R = ([0-9.e+-]+) m"),
        "E": number(source, params, r"E = ([0-9.e+-]+) Pa"),
        "nu": number(source, params, r"nu = ([0-9.e+-]+);"),
        "sigma_y": number(source, params, r"sigma_y = ([0-9.e+-]+) Pa"),
        "mu": number(source, params, r"mu = ([0-9.e+-]+);"),
        "angle": number(source, params, r"angle atan\(v_t / v_n\) = ([0-9.e+-]+) deg"),
        "h0": number(source, field(source, header, "mesh"), r"size h0 = ([0-9.e+-]+) R"),
        "given": "tangential.friction = given" in field(source, header, "stands for"),
        "stands": field(source, header, "stands for"),
        "v_n": number(source, field(source, header, "stands for"), r"driver.v_normal = ([0-9.e+-]+)"),
    }
    shear = run["E"] / (2.0 * (1.0 + run["nu"]))
    run["G_star"] = shear / (2.0 * (2.0 - run["nu"]))  # two bodies of one material
    run["E_star"] = run["E"] / (2.0 * (1.0 - run["nu"] ** 2))
    run["delta_y"] = run["R"] * (yield_factor(run["nu"]) * math.pi * run["sigma_y"]
                                 / (2.0 * run["E_star"])) ** 2
    return run, data


def loading_rows(run, data):
    """(t, delta_n, F_n, F_t, xi_t) of the tangential loading: from the first touch (delta_n from
    the run's v_n there, trapezoids) while xi_t grows, up to the largest F_t; and of every row."""
    t_prev, v_prev, delta, every = 0.0, run["v_n"], 0.0, []
    for r in data:
        delta += 0.5 * (v_prev + r["v_n"]) * (r["t_contact"] - t_prev)
        t_prev, v_prev = r["t_contact"], r["v_n"]
        every.append((r["t_contact"], delta, r["F_n"], r["F_t_resisting"], r["xi_t"]))
    end = 1
    while end < len(every) and every[end][4] > every[end - 1][4]:
        end += 1
    top = max(range(end), key=lambda i: every[i][3])
    return every[:top + 1], every


def snapshot_radius(run, all_rows):
    """The outermost contact node's distance from the pressure centroid in NAME_contact.csv and
    eq. 107's a at that time (the snapshot's time from its model line), or None."""
    source = os.path.join(FEM, run["name"] + "_contact.csv")
    if not os.path.exists(source):
        return None
    header, nodes = load(source)
    t = number(source, field(source, header, "model"), r"([0-9.e+-]+) s after the first touch")
    touching = [math.hypot(n["x"], n["y"]) for n in nodes if n["p"] > 0]
    rows = [r for r in all_rows if r[0] <= t * (1.0 + 1e-9)]
    if not touching or not rows:
        return None
    return t, max(touching), radius(run["R"], run["delta_y"], rows[-1][1])


def bins_of(run, rows):
    out = []
    for lo, hi in zip(Y_EDGES, Y_EDGES[1:]):
        sel = [r for r in rows if lo <= r[1] / run["delta_y"] < hi]
        if len(sel) < MIN_ROWS:
            continue
        k, se = slope([(r[4], r[3]) for r in sel])
        delta = sum(r[1] for r in sel) / len(sel)
        y = delta / run["delta_y"]
        a = radius(run["R"], run["delta_y"], delta)
        x = sum(r[3] / (run["mu"] * r[2]) for r in sel) / len(sel)
        ga = run["G_star"] * a
        s = shape(x, y, run["mu"], run["given"])
        k_pen = run["E"] / (run["h0"] * run["R"]) * math.pi * a * a
        out.append({
            "angle": run["angle"], "E": run["E"], "sigma_y": run["sigma_y"], "mu": run["mu"],
            "given": 1.0 if run["given"] else 0.0, "h0": run["h0"], "y_lo": lo, "y_hi": hi,
            "rows": len(sel), "y": y, "x": x, "a_over_R": a / run["R"],
            "kt": k / ga, "kt_se": se / ga, "shape": s,
            "law": (PREFACTOR_GIVEN if run["given"] else PREFACTOR_OBLIQUE) * s,
            "P_eff": k / (ga * s) if s >= SHAPE_FLOOR else 0.0,
            "mindlin": MINDLIN * (1.0 - x) ** (1.0 / 3.0) if x < 1.0 else 0.0,
            "kt_stick": k / ga / (1.0 - k / k_pen) if k < k_pen else 0.0,
        })
    return out


COLUMNS = (
    ("run", "-"), ("angle", "deg"), ("E", "Pa"), ("sigma_y", "Pa"), ("mu", "-"), ("given", "-"),
    ("h0", "-"), ("y_lo", "-"), ("y_hi", "-"), ("rows", "-"), ("y", "-"), ("x", "-"),
    ("a_over_R", "-"), ("kt", "-"), ("kt_se", "-"), ("shape", "-"), ("law", "-"), ("P_eff", "-"),
    ("mindlin", "-"), ("kt_stick", "-"),
)


def refinement_lines(table):
    """Per y bin of the 15 deg family on three meshes: kt / (G* a) and P_eff, their differences,
    order and Richardson's estimate (seed004_modeld_a68_meshes.convergence)."""
    family = [i for i, (_, f) in enumerate(RUNS) if f == "a15"]
    lines = []
    for lo in Y_EDGES[:-1]:
        rows = [next((b for b in table if b["run"] == i and b["y_lo"] == lo), None) for i in family]
        if any(r is None for r in rows):
            continue
        for key in ("kt", "P_eff", "kt_stick"):
            if any(not r[key] > 0.0 for r in rows):
                continue
            d1, d2, order, rich = convergence(rows, key)
            words = ("observed order %.2f, Richardson %.4g" % (order, rich) if not math.isnan(order)
                     else "no order, no Richardson (not one sign and shrinking)")
            lines.append("15 deg, y in [%g, %g): %s %s on h0 %s R (x %s): differences %+.3f, %+.3f: "
                         "%s" % (lo, rows[0]["y_hi"], key, ", ".join("%.3f" % r[key] for r in rows),
                                 ", ".join("%.3g" % r["h0"] for r in rows),
                                 ", ".join("%.3f" % r["x"] for r in rows), d1, d2, words))
    return lines


def weighted_slope(points):
    """Slope of v on y through (y, v, se) weighted by 1 / se^2, and its standard error from the
    se alone (sqrt(1 / sum w (y - y_w)^2))."""
    w = [1.0 / (p[2] * p[2]) for p in points]
    yw = sum(wi * p[0] for wi, p in zip(w, points)) / sum(w)
    vw = sum(wi * p[1] for wi, p in zip(w, points)) / sum(w)
    syy = sum(wi * (p[0] - yw) ** 2 for wi, p in zip(w, points))
    return sum(wi * (p[0] - yw) * (p[1] - vw) for wi, p in zip(w, points)) / syy, math.sqrt(1.0 / syy)


def hold_lines(index, run, rows, all_rows, y_max):
    """Eq. 110's y_cons against a given-mu run that passes it (y_max > y_cons, bins on both
    sides). The law: a1 / 0.9 - 1 at y_cons (eqs. 100, 102 tend to 0.9 and 1.51; x1 = 0 for mu
    < 0.356, so the bracket's only y is a1's and c1's) and the largest |3 shape held - 3 shape
    unheld| over the bins past y_cons. The FEM: its bins read over every row while xi_t grows
    (here also past F_t's peak, where the table stops: the FEM's F_t may stay flat there, which
    is the question), P_eff = kt / (G* a shape) (eq. 110's own x dependence taken out) per bin
    from y = HOLD_FROM, its weighted slope against y below and past y_cons (weights 1 / se^2, se
    = kt_se / shape), and the lowest bin from which the slope to the last bin is within HOLD_SE
    of its standard error: the y past which the FEM's k_t / (G* a) at a given x stops changing,
    if any; and F_t past its peak as a share of the peak."""
    y_cons = y_hold(run["mu"], True)
    if not run["given"] or y_max <= y_cons:
        return []
    end = 1
    while end < len(all_rows) and all_rows[end][4] > all_rows[end - 1][4]:
        end += 1
    bins = bins_of(run, all_rows[:end])
    past = [b for b in bins if b["y_lo"] >= y_cons]
    if len(past) < 2:
        return []
    a1_rel = 1.0 / math.tanh(0.24 * y_cons ** 1.4) - 1.0
    gap = max(abs(shape(b["x"], b["y"], run["mu"], True) - shape(b["x"], b["y"], run["mu"], True,
                                                                 held=False)) for b in past)
    peak = rows[-1]
    after = all_rows[len(rows):end]
    lines = ["run %d, eq. 110 at y_cons = 18.75 (1 - %g) = %.4g: a1 / 0.9 - 1 = %.3g there (%.3g "
             "at y = 7), c1 / 1.51 - 1 < 1e-12; over the %d bins past y_cons the held and unheld "
             "3 shape differ by at most %.3g G* a: the law predicts no change of k_t / (G* a) at "
             "y_cons (it is 3 (1 - 0.9 x) for x < 0.836 from y ~ 7 on, held or not)"
             % (index, run["mu"], y_cons, a1_rel, 1.0 / math.tanh(0.24 * 7.0 ** 1.4) - 1.0,
                len(past), PREFACTOR_GIVEN * gap)]
    if after:
        lines.append("run %d, FEM: F_t's peak %.5g N at y %.2f (x %.3f); xi_t grows on to y %.2f, "
                     "F_t there %.4f-%.4f of its peak (the rows past the peak are read below, not "
                     "in the table)" % (index, peak[3], peak[1] / run["delta_y"],
                                        peak[3] / (run["mu"] * peak[2]),
                                        after[-1][1] / run["delta_y"],
                                        min(r[3] for r in after) / peak[3],
                                        max(r[3] for r in after) / peak[3]))
    fem = [(b["y"], b["P_eff"], b["kt_se"] / b["shape"], b) for b in bins
           if b["y_lo"] >= HOLD_FROM and b["shape"] >= SHAPE_FLOOR]
    lines.append("run %d, FEM per bin from y = %g to the end of xi_t's growth: %s" % (
        index, HOLD_FROM, "; ".join(
            "[%g, %g) %d rows y %.2f x %.3f kt %.3f +- %.3f law %.3f P_eff %.3f +- %.3f" % (
                b["y_lo"], b["y_hi"], b["rows"], b["y"], b["x"], b["kt"], b["kt_se"], b["law"],
                p, se) for _, p, se, b in fem)))
    side = []
    for name, sel in (("below", [f for f in fem if f[3]["y_hi"] <= y_cons]),
                      ("past", [f for f in fem if f[3]["y_lo"] >= y_cons])):
        if len(sel) >= 2:
            k, se = weighted_slope(sel)
            side.append((k, se))
            lines.append("run %d, FEM P_eff against y %s y_cons (%d bins, y %.2f-%.2f): slope %+.4f "
                         "+- %.4f per unit y" % (index, name, len(sel), sel[0][0], sel[-1][0], k, se))
    if len(side) == 2:
        diff, se = side[1][0] - side[0][0], math.hypot(side[0][1], side[1][1])
        lines.append("run %d, FEM slope past y_cons minus below: %+.4f +- %.4f: %s" % (
            index, diff, se, "a change at y_cons beyond %g standard errors" % HOLD_SE
            if abs(diff) > HOLD_SE * se else "no change at y_cons beyond %g standard errors" % HOLD_SE))
    flat = None
    for i in range(len(fem) - 2):
        k, se = weighted_slope(fem[i:])
        if abs(k) <= HOLD_SE * se:
            flat = (fem[i][3], k, se)
            break
    lines.append("run %d, FEM: %s" % (index, (
        "P_eff flat from the bin [%g, %g) on, y %.2f (slope %+.4f +- %.4f per unit y to the last "
        "bin, within %g standard errors of 0)" % (flat[0]["y_lo"], flat[0]["y_hi"], flat[0]["y"],
                                                 flat[1], flat[2], HOLD_SE)) if flat else
        "P_eff not flat (slope beyond %g standard errors) over any run of 3 or more bins to the "
        "last" % HOLD_SE))
    return lines


def main():
    table, notes, holds = [], [], []
    for index, (name, _) in enumerate(RUNS):
        run, data = inputs_of(name)
        rows, all_rows = loading_rows(run, data)
        bins = bins_of(run, rows)
        for b in bins:
            b["run"] = index
        table += bins
        y_max = max(r[1] for r in all_rows) / run["delta_y"]
        hold = 18.75 * (1.0 - run["mu"]) if run["given"] else 7.0
        note = ("run %d %s: mu %g%s, delta_y %.4g m, tangential loading over %d increments to y = "
                "%.2f (%s), y_max %.2f of the run: y_cons %s %.2f %s"
                % (index, name, run["mu"], " given" if run["given"] else " for tau_c",
                   run["delta_y"], len(rows), rows[-1][1] / run["delta_y"],
                   "the run's last increment: stopped before F_t's peak"
                   if len(rows) == len(all_rows) else "F_t's peak", y_max,
                   "(eq. 110)" if run["given"] else "(eq. 98)", hold,
                   "reached" if y_max > hold else "not reached"))
        snap = snapshot_radius(run, all_rows)
        if snap:
            note += ("; snapshot at %.4g s: outermost contact node %.4g m, eq. 107 a %.4g m (%+.1f %%)"
                     % (snap[0], snap[1], snap[2], 100.0 * (snap[2] / snap[1] - 1.0)))
        notes.append(note)
        print(OUT + ": " + note)
        holds += hold_lines(index, run, rows, all_rows, y_max)
    path = os.path.join(FEM, OUT + ".csv")
    first = os.path.join(FEM, RUNS[0][0] + ".csv")
    with open(path + ".tmp", "w") as f:
        f.write("# cwb reference: %s (script reference/fem/studies/%s)\n"
                % (OUT, os.path.basename(__file__)))
        f.write("# model: the runs reference/fem/%s.csv (each has the model, mesh, contact and "
                "solver lines); this table: the FEM's tangential loading stiffness dF_t / dxi_t "
                "over G* a per bin of y = delta_n / delta_y, against Rathbone thesis eq. 89 (5 G* "
                "a) and eq. 110 (3 G* a with a given mu); the script's doc says how each column "
                "is read\n" % ".csv, ".join(n for n, _ in RUNS))
        for note in notes:
            f.write("# run: %s\n" % note)
        for line in refinement_lines(table):
            f.write("# convergence: %s\n" % line)
        for line in holds:
            f.write("# y_cons: %s\n" % line)
        f.write("# closed forms: eq. 89's k_t / (G* a) = 5 shape and eq. 110's 3 shape at the "
                "FEM's x and y (shape: eqs. 97-104 as cwb's rathbone_tangential implements them); "
                "Mindlin's 8 (1 - x)^(1/3) at a fixed normal force and Mindlin & Deresiewicz's "
                "8 for a tangential increment below mu times the normal one (Johnson 1985 Sec. "
                "7.3); eq. 107's radius, eq. 67's delta_y with Ay from Johnson 1985 eq. 3.45\n")
        f.write("# tolerance: 1e-9 on these rows recomputed from the runs (tests/test_fem_impact.c, "
                "impact_plastic_tangential_stiffness, which also holds the FEM's kt below y = 4 "
                "against eq. 89's 5 x shape on the 15 deg meshes and eq. 110's 3 x shape on the 4 "
                "deg given-mu run: bound the three 15 deg meshes' spread in the bin plus 2 kt_se; "
                "and, on the 8 deg given-mu run, y_max past eq. 110's y_cons, x < 1 (Maw, Barber "
                "& Fawcett 1976: it sticks) and eq. 110's hold moving 3 shape by < 1e-6 there); "
                "one mesh at every angle but 15 deg and one material a run: model "
                "comparisons, not verifications\n")
        # the inputs every run shares (the materials, angles and mu differ: the rows say which)
        f.write("# stands for: %s\n" % "; ".join(
            e for e in field(first, load(first)[0], "stands for").split(":", 1)[1].strip().split("; ")
            if all(e in field(os.path.join(FEM, n + ".csv"), load(os.path.join(FEM, n + ".csv"))[0],
                              "stands for") for n, _ in RUNS)))
        f.write("# independence: fem gmsh + CalculiX; shares no code with cwb's laws\n")
        f.write("# provenance: %s\n" % PROVENANCE)
        f.write("# rows: per run (the run lines' index) and y bin [y_lo, y_hi) with at least %d "
                "increments of tangential loading: the angle, E, sigma_y, the Coulomb mu, given "
                "1 for a given mu (eq. 110) or 0 for mu 0.37 standing for tau_c (eq. 89), h0 / R, "
                "the bin's increments, mean y, mean x = F_t / mu F_n, eq. 107's a / R at the mean "
                "delta_n; kt = the FEM's dF_t / dxi_t over G* a and its standard error kt_se; "
                "shape = eq. 89's bracket; law = its prefactor times shape; P_eff = kt / shape "
                "(0 below shape %g); mindlin = 8 (1 - x)^(1/3); kt_stick = kt with the stick "
                "penalty modelled out\n" % (MIN_ROWS, SHAPE_FLOOR))
        f.write(",".join("%s[%s]" % c for c in COLUMNS) + "\n")
        for b in table:
            f.write(",".join("%.10g" % b[c] for c, _ in COLUMNS) + "\n")
    stamp_made_line(path + ".tmp")
    os.replace(path + ".tmp", path)
    for b in table:
        print(OUT + ": run %d y %5.2f x %.3f kt %6.3f +- %.3f law %5.3f P_eff %6.2f mindlin %.2f "
              "kt_stick %6.2f" % (b["run"], b["y"], b["x"], b["kt"], b["kt_se"], b["law"],
                                  b["P_eff"], b["mindlin"], b["kt_stick"]))
    for line in refinement_lines(table):
        print(OUT + ": " + line)
    for line in holds:
        print(OUT + ": y_cons: " + line)


if __name__ == "__main__":
    main()

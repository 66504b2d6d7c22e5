#!/usr/bin/python3
"""Rathbone thesis Fig. 31 at nu = 0.3 and nu = 0: the centre-yield onset as a function of where
"the centre" is sampled and of the rule that reads it, on the meshes of reference/fem/studies/
seed004_fig31_nu03_h{0,1,2}.study and seed004_fig31_nu0_h{0,1,2}.study (h0 = 0.018, 0.012,
0.008 R; ratio 1.5). nu 0 is the thesis' own (Table 4), where cwb reads no onset by 100 delta_y.

Why: cwb reads about 60 delta_y (the integration point nearest the contact point, growth past its
value at 10 delta_y; finding 41), an independent CalculiX axisymmetric model 65-67 (point and rule
not stated), Kogut & Etsion 2002 68, Zhao, Maietta & Chang 2000 54. This script measures the onset
for several sampling points and rules on the same solutions, so the gap can be put down to the
definition (or not).

Two stages.

  solve  (needs CalculiX ccx and the decks that `cwb reference STUDY --work WORK` leaves in
         WORK/NAME/p001.inp; not part of make check):
           /usr/bin/python3 reference/fem/studies/seed004_fig31_centre_sampling.py solve WORK \
               [nu03_hK|nu0_hK ..]  (all six when none is named)
         For each mesh it copies cwb's deck, adds an element set AXISELS (the ball's elements with
         a node on the axis no deeper than DEPTH below the contact point) and *EL PRINT of their
         PEEQ and positions to every step (output requests only: the solution is the deck's), runs
         ccx (nice 19, one thread) in WORK/NAME_axis/, and writes the leg-1 samples to
         reference/fem/raw/seed004_fig31_centre_sampling/NAME.txt (comma-separated, kept out of
         the reference census as raw output): per converged increment the PEEQ at every
         in-plane integration point of AXISELS and the nodal PEEQ (.frd PE, CalculiX's
         extrapolation to the nodes, averaged over the elements) at the ball's axis nodes down to
         DEPTH.
  read   the same from cwb reference's own solve in WORK/NAME/ (no second solve): its .dat
         prints only CENTREELS, the elements that hold the contact point (depths to about h0),
         its .frd the nodal PEEQ of every node. For a mesh whose second solve does not fit the
         time: the points deeper than h0 flow again from 10-20 delta_y on every mesh, so the
         surface node and the elements at the contact point are the ones that decide.

  onsets (numpy only; the default):
           /usr/bin/python3 reference/fem/studies/seed004_fig31_centre_sampling.py
         reads those sample tables and cwb's tables reference/fem/seed004_fig31_nu{03,0}_hK.csv
         (for delta_y and the contact radius) and writes reference/fem/
         seed004_fig31_centre_sampling.csv, one row per material (nu), mesh, point and rule; at
         nu 0 it notes how far the re-solved nearest integration point is from the table's
         peeq_centre (the same point and solution).

Sampling points (depths below the contact point, in units of a60, the contact radius at 60 delta_y
on that mesh, from cwb's table):
  node_surface   the ball's surface node on the axis (nodal PEEQ, extrapolated)
  node_F         the ball's axis node nearest depth F a60 (nodal PEEQ)
  ip_nearest     the integration point nearest the contact point (cwb's peeq_centre)
  ip_F           the integration point nearest the axis point at depth F a60
Rules (x = delta/delta_y on leg 1):
  growth         cwb's rule (seed004_fig31_eq64.py): the first increment past 10 delta_y whose PEEQ
                 exceeds the value at 10 delta_y by 1e-6, placed between increments by the next
                 two increments' slope
  above_1e-4     PEEQ - PEEQ(10 delta_y) reaches 1e-4 (linear between increments)
  above_1e-3     the same at 1e-3
  positive       PEEQ reaches 1e-6 for the first time after it has been at most 0 past 10 delta_y
                 (a plastic-zone contour PEEQ > 0 closing over the point; NaN where it never was
                 at most 0)
  ramp           n_p of the least-squares ramp b + s max(0, x - n_p) over 3-100 delta_y (the
                 formula of cases/seed004_fig31_centre_yield.fit), by an exact profile scan:
                 for each n_p on a 0.01 grid the linear least squares in b, s
  first          PEEQ reaches 1e-6 for the first time on the leg (first yield; no 10 delta_y
                 base): at nu 0 the Hertz field's surface centre yields at p0 = 2 sigma_y, about
                 2.4 delta_y, before the plastic zone's elastic cap forms
"""
import math
import os
import re
import shutil
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../tools"))
from made_line import stamp_made_line  # noqa: E402  the table's "# made:" line

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seed004_fig31_eq64 import onset as rule_growth  # noqa: E402  cwb's own rule, one coding

HERE = os.path.dirname(os.path.abspath(__file__))
FEM = os.path.normpath(os.path.join(HERE, ".."))
RAW = os.path.join(FEM, "raw", "seed004_fig31_centre_sampling")
OUT = os.path.join(FEM, "seed004_fig31_centre_sampling.csv")
MESHES = (("h0", 0.018), ("h1", 0.012), ("h2", 0.008))
# a fourth, h0 = 0.0053 R (reference/fem/unfinished/seed004_fig31_nu03_h3.study), did not finish
# the materials (study files seed004_fig31_SERIES_hK.study): nu 0.3, and nu 0 (the thesis' Table 4)
SERIES = (("nu03", 0.3), ("nu0", 0.0))
DEPTH = 5.0  # deck length units (1e-6 m): the samples reach 0.05 R below the contact point
FRACTIONS = (0.01, 0.02, 0.05, 0.1, 0.2)  # sampling depths / a60
RULES = ("growth", "above_1e-4", "above_1e-3", "positive", "ramp", "first")
TOLERANCE = 0.05
TOLERANCE_WHY = ("3 delta_y of about 60 (1.5 load increments of 2 delta_y, FIG31_ONSET_TOL of "
                 "tests/test_fem_sphere.c)")


# ------------------------------------------------------------------ solve


def deck_sets(lines):
    """Node coordinates, the ball's elements and the axis node set of cwb's deck."""
    nodes, ball, axis, block = {}, {}, set(), None
    for line in lines:
        if line.startswith("*"):
            head = line.upper().replace(" ", "")
            block = ("node" if head.startswith("*NODE,") else
                     "ball" if head.startswith("*ELEMENT") and "ELSET=BALL" in head else
                     "axis" if head.startswith("*NSET,NSET=AXIS") else None)
            continue
        v = [s for s in line.strip().split(",") if s.strip()]
        if block == "node":
            nodes[int(v[0])] = (float(v[1]), float(v[2]))
        elif block == "ball":
            ball[int(v[0])] = [int(s) for s in v[1:]]
        elif block == "axis":
            axis.update(int(s) for s in v)
    return nodes, ball, axis


def axis_selection(lines):
    """The ball's axis nodes down to DEPTH (shallow first) and the ball's elements that hold one."""
    nodes, ball, axis = deck_sets(lines)
    ball_nodes = {n for conn in ball.values() for n in conn}
    keep = sorted((n for n in axis if n in ball_nodes and abs(nodes[n][0]) < 1e-12
                   and nodes[n][1] <= DEPTH), key=lambda n: nodes[n][1])
    kept = set(keep)
    els = sorted(e for e, conn in ball.items() if any(n in kept for n in conn))
    return keep, nodes, els


def patched_deck(src, dst):
    """cwb's deck plus AXISELS and its *EL PRINT in every step; returns the axis nodes kept."""
    lines = open(src).read().splitlines()
    keep, nodes, els = axis_selection(lines)
    out = []
    for line in lines:
        if line.upper().startswith("*SURFACE, NAME=SLAVE"):
            out.append("*ELSET, ELSET=AXISELS")
            out += [str(e) for e in els]
        if line.upper().startswith("*END STEP"):
            out += ["*EL PRINT, ELSET=AXISELS", "PEEQ", "*EL PRINT, ELSET=AXISELS", "COORD"]
        out.append(line)
    with open(dst, "w") as f:
        f.write("\n".join(out) + "\n")
    return keep, nodes


def read_dat(path, elset):
    """Per time: uy of EQPOINT, {(elem, ip): peeq}, {(elem, ip): (x, y)} of elset."""
    steps, cur, kind = {}, None, None
    for line in open(path):
        m = re.match(r"\s*(displacements|equivalent plastic strain|global coordinates).*"
                     r"for set (\S+) and time\s+(\S+)", line)
        if m:
            t = float(m.group(3))
            cur = steps.setdefault(t, {"uy": math.nan, "peeq": {}, "xy": {}})
            kind = (m.group(1), m.group(2))
            continue
        v = line.split()
        if cur is None or not v:
            continue
        if kind == ("displacements", "EQPOINT") and len(v) == 4:
            cur["uy"] = float(v[2])
        elif kind == ("equivalent plastic strain", elset) and len(v) == 3:
            cur["peeq"][(int(v[0]), int(v[1]))] = float(v[2])
        elif kind == ("global coordinates", elset) and len(v) == 5:
            cur["xy"][(int(v[0]), int(v[1]))] = (float(v[2]), float(v[3]))
    return steps


def read_frd_pe(path, keep):
    """Per step time: the nodal PEEQ (.frd PE block) at the nodes `keep`."""
    out, t, inpe = {}, None, False
    want = set(keep)
    for line in open(path):
        if line.startswith("  100CL"):
            t = float(line[12:24])
            inpe = False
        elif line.startswith(" -4  PE"):
            inpe = True
            out[t] = {}
        elif line.startswith(" -3"):
            inpe = False
        elif inpe and line.startswith(" -1"):
            n = int(line[3:13])
            if n in want:
                out[t][n] = float(line[13:25])
    return out


def solve(work, resolve, tags):
    """resolve: re-solve cwb's deck with AXISELS printed; else read cwb's own solve (its .dat
    prints CENTREELS, the two or three elements at the contact point, its .frd every node)."""
    os.makedirs(RAW, exist_ok=True)
    for series, tag, h0 in ((s, t, h) for s, _ in SERIES for t, h in MESHES):
        name = f"seed004_fig31_{series}_{tag}"
        if tags and f"{series}_{tag}" not in tags:
            continue
        src = os.path.join(work, name, "p001.inp")
        if not os.path.exists(src):
            print(f"{name}: no deck at {src} (run cwb reference first); skipped")
            continue
        if resolve:
            run, job, elset = os.path.join(work, name + "_axis"), "axis", "AXISELS"
            os.makedirs(run, exist_ok=True)
            deck = os.path.join(run, "axis.inp")
            old = open(deck).read() if os.path.exists(deck) else None
            keep, nodes = patched_deck(src, deck)
            if old != open(deck).read() or not finished(os.path.join(run, "axis.sta")):
                env = dict(os.environ, OMP_NUM_THREADS="1")
                with open(os.path.join(run, "axis_ccx.log"), "w") as log:
                    subprocess.run(["nice", "-n", "19", "ccx", "-i", "axis"], cwd=run, env=env,
                                   stdout=log, stderr=subprocess.STDOUT, check=True)
            else:
                print(f"{name}: the solve in {run} has this deck and finished; reused")
        else:
            run, job, elset = os.path.join(work, name), "p001", "CENTREELS"
            keep, nodes, _ = axis_selection(open(src).read().splitlines())
        dat = read_dat(os.path.join(run, job + ".dat"), elset)
        frd = read_frd_pe(os.path.join(run, job + ".frd"), keep)
        first = min(t for t in dat if dat[t]["xy"])
        xy = dat[first]["xy"]
        # an expanded CAX6 element prints 9 points, the 3 in-plane ones 3 times: keep z = 0's
        ips = sorted({k for k in xy if 4 <= k[1] <= 6}, key=lambda k: (xy[k][1], xy[k][0]))
        dst = os.path.join(RAW, name + ".txt")
        with open(dst, "w") as f:
            how = ("re-solved by seed004_fig31_centre_sampling.py from cwb reference's deck "
                   "with *EL PRINT of AXISELS (the ball's elements with a node on the axis "
                   f"within {DEPTH:g} um of the contact point) added" if resolve else
                   "read by seed004_fig31_centre_sampling.py from cwb reference's own solve "
                   "(*EL PRINT of CENTREELS, the elements that hold the contact point)")
            f.write(f"# raw: {name} leg 1 (loading) {how} (CalculiX ccx {ccx_version()}, NLGEOM, "
                    "CAX6); units m\n"
                    "# point: element > 0, ip 1-3: an integration point (its position at the "
                    "first increment, 2 delta_y; the z = 0 layer of the expanded element); "
                    "node > 0: an axis node of the ball (nodal PEEQ from the .frd: CalculiX's "
                    "extrapolation averaged over the elements); depth below the contact point\n"
                    "time[-],uy[m],element[-],ip[-],node[-],r[m],depth[m],peeq[-]\n")
            for t in sorted(dat):
                if t > 1.0 + 1e-9 or not dat[t]["peeq"]:
                    continue
                # the .frd prints the time to 6 digits, the .dat to 7
                near = min(frd, key=lambda u: abs(u - t))
                if abs(near - t) > 1e-5 * t:
                    raise SystemExit(f"{name}: time {t} of the .dat is not in the .frd")
                uy = dat[t]["uy"] * 1e-6
                for k in ips:
                    f.write(f"{t:.7g},{uy:.7g},{k[0]},{k[1] - 3},0,{xy[k][0] * 1e-6:.5g},"
                            f"{xy[k][1] * 1e-6:.5g},{dat[t]['peeq'][k]:.6g}\n")
                for n in keep:
                    f.write(f"{t:.7g},{uy:.7g},0,0,{n},0,{nodes[n][1] * 1e-6:.5g},"
                            f"{frd[near][n]:.6g}\n")
        print(f"{name}: {len(ips)} integration points, {len(keep)} axis nodes -> {dst}")


def finished(sta):
    """The solve's .sta ends at the leg's end (step time 1)."""
    if not os.path.exists(sta):
        return False
    last = open(sta).read().split("\n")[-2].split()
    return len(last) >= 6 and abs(float(last[4]) - 1.0) < 1e-9


def ccx_version():
    try:
        out = subprocess.run(["ccx", "-v"], capture_output=True, text=True).stdout
        m = re.search(r"[Vv]ersion\s+(\S+)", out)
        return m.group(1) if m else "?"
    except OSError:
        return "?"


# ----------------------------------------------------------------- onsets


def cwb_table(series, tag):
    path = os.path.join(FEM, f"seed004_fig31_{series}_{tag}.csv")
    rows = [line for line in open(path) if not line.startswith("#")]
    head = [c.split("[")[0] for c in rows[0].strip().split(",")]
    data = np.array([[float(v) for v in r.split(",")] for r in rows[1:]])
    d = {k: data[:, i] for i, k in enumerate(head)}
    leg = d["leg"] == 1
    return {k: v[leg] for k, v in d.items()}


def samples(series, tag):
    """{point: (r, depth, x array, peeq array)} of the raw table, x = delta/delta_y."""
    path = os.path.join(RAW, f"seed004_fig31_{series}_{tag}.txt")
    if not os.path.exists(path):
        return None
    dy = cwb_table(series, tag)["delta_y"][0]
    pts = {}
    for line in open(path):
        if line.startswith("#") or line.startswith("time"):
            continue
        t, uy, el, ip, node, r, z, e = line.strip().split(",")
        p = f"e{el}.{ip}" if int(el) else f"n{node}"
        pts.setdefault(p, [float(r), float(z), [], []])
        pts[p][2].append(-float(uy) / dy)
        pts[p][3].append(float(e))
    return {p: (v[0], v[1], np.array(v[2]), np.array(v[3])) for p, v in pts.items()}


def crossing(x, y, level, start=10.0):
    """First x > start where y reaches level, linear between increments."""
    for i in range(1, len(x)):
        if x[i] > start and y[i] >= level:
            if y[i - 1] >= level or x[i - 1] < start:
                return x[i]
            return x[i - 1] + (level - y[i - 1]) / (y[i] - y[i - 1]) * (x[i] - x[i - 1])
    return math.nan


def rule_positive(x, y):
    past = x > 10.0
    if not np.any(y[past] <= 0.0):
        return math.nan
    last = np.nonzero(past & (y <= 0.0))[0][0]
    return crossing(x, y, 1e-6, start=x[last] - 1e-9)


def rule_ramp(x, y):
    m = (x >= 3.0) & (x <= 100.0)
    x, y = x[m], y[m]
    best, at = math.inf, math.nan
    for n in np.arange(3.0, 100.0, 0.01):
        A = np.column_stack([np.ones_like(x), np.maximum(0.0, x - n)])
        c, res, *_ = np.linalg.lstsq(A, y, rcond=None)
        r = float(np.sum((A @ c - y) ** 2))
        if r < best:
            best, at = r, n
    return at


def rule_first(x, y):
    """First yield: PEEQ reaches 1e-6 for the first time on the leg (linear between increments,
    from 0 at x = 0); at the first increment, 2 delta_y, where it is already there."""
    for i in range(len(x)):
        if y[i] >= 1e-6:
            if i == 0:
                return x[0]
            return x[i - 1] + (1e-6 - y[i - 1]) / (y[i] - y[i - 1]) * (x[i] - x[i - 1])
    return math.nan


def onset(rule, x, y):
    if rule == "growth":
        return rule_growth(x, y)
    if rule == "above_1e-4":
        return crossing(x, y, np.interp(10.0, x, y) + 1e-4)
    if rule == "above_1e-3":
        return crossing(x, y, np.interp(10.0, x, y) + 1e-3)
    if rule == "positive":
        return rule_positive(x, y)
    if rule == "first":
        return rule_first(x, y)
    return rule_ramp(x, y)


def sampling_points(pts, a60):
    """[(kind, target / a60, point id)]: kind 0 an axis node, 1 an integration point; target 0
    the surface node and the integration point nearest the contact point."""
    ips = {p: v for p, v in pts.items() if p.startswith("e")}
    nodes = {p: v for p, v in pts.items() if p.startswith("n")}
    out = [(0, 0.0, min(nodes, key=lambda p: nodes[p][1])),
           (1, 0.0, min(ips, key=lambda p: ips[p][0] ** 2 + ips[p][1] ** 2))]
    for f in FRACTIONS:
        d = f * a60
        out.append((0, f, min(nodes, key=lambda p: abs(nodes[p][1] - d))))
        out.append((1, f, min(ips, key=lambda p: ips[p][0] ** 2 + (ips[p][1] - d) ** 2)))
    return out


def point_columns(p):
    """element, ip, node of a point id (e<element>.<ip> or n<node>)."""
    if p.startswith("n"):
        return 0, 0, int(p[1:])
    e, ip = p[1:].split(".")
    return int(e), int(ip), 0


NAMES = {(0, 0.0): "surface node", (1, 0.0): "IP nearest"}


def same_solution(cwb, pts, nearest):
    """The largest |re-solved PEEQ - cwb's peeq_centre| over leg 1 at the nearest integration
    point (the two tables' increments one to one), or None where their counts differ."""
    ys = pts[nearest][3]
    if len(ys) != len(cwb["peeq_centre"]):
        return None
    return float(np.max(np.abs(ys - cwb["peeq_centre"])))


def onsets():
    rows, notes = [], []
    for (series, nu), (tag, h0) in ((s, m) for s in SERIES for m in MESHES + (("h3", 0.0053),)):
        if tag == "h3":
            if series == "nu03":
                notes.append("# mesh h3 (h0 = 0.0053 R, reference/fem/unfinished/"
                             "seed004_fig31_nu03_h3.study): stopped unfinished, not measured")
            continue
        pts = samples(series, tag)
        if pts is None:
            notes.append(f"# nu {nu:g}, mesh {tag} (h0 = {h0:g} R): no sample table, not measured")
            continue
        cwb = cwb_table(series, tag)
        x = cwb["delta"] / cwb["delta_y"]
        a60 = float(np.interp(60.0, x, cwb["contact_radius"]))
        points = sampling_points(pts, a60)
        if series == "nu03":  # the notes of the table's first version, kept as they were
            notes.append(f"# mesh {tag} (h0 = {h0:g} R): a60 = {a60:.4g} m, the contact radius at "
                         f"60 delta_y in reference/fem/seed004_fig31_nu03_{tag}.csv")
        else:
            gap = same_solution(cwb, pts, points[1][2])
            notes.append(f"# nu {nu:g}, mesh {tag} (h0 = {h0:g} R): a60 = {a60:.4g} m, the contact "
                         f"radius at 60 delta_y in reference/fem/seed004_fig31_{series}_{tag}.csv; "
                         "the re-solved nearest integration point against that table's "
                         "peeq_centre over leg 1: "
                         + ("increment counts differ" if gap is None else
                            f"largest difference {gap:.2g}"))
        for kind, target, p in points:
            r, z, xs, ys = pts[p]
            for code, rule in enumerate(RULES, 1):
                rows.append((nu, tag, h0, kind, target, p, z / a60, r / a60, code,
                             onset(rule, xs, ys)))
    tmp = OUT + ".tmp"
    with open(tmp, "w") as f:
        f.write("# derived: seed004_fig31_centre_sampling (script reference/fem/studies/"
                "seed004_fig31_centre_sampling.py) from reference/fem/raw/"
                "seed004_fig31_centre_sampling/seed004_fig31_nu{03,0}_hK.txt (leg-1 PEEQ at the "
                "integration points and axis nodes near the contact centre, re-solved from cwb "
                "reference's decks with their *EL PRINT added) and reference/fem/"
                "seed004_fig31_nu{03,0}_hK.csv (delta_y, contact radius); CalculiX ccx 2.20 "
                "(spooles; libopenblas0-serial the system BLAS), NLGEOM, CAX6\n"
                "# material: R 0.1 mm, E 8500 MPa, nu 0.3 and 0 (the nu column; 0 is Rathbone's "
                "Table 4 value), sigma_y 50 MPa (elastic-perfectly-plastic), loaded to 100 "
                "delta_y in steps of at most 2 delta_y; Rathbone thesis Fig. 31's onset of "
                "centre yield, by sampling point and rule\n")
        f.write("\n".join(notes) + "\n")
        f.write("# point: 0 = an axis node of the ball (nodal PEEQ, CalculiX's extrapolation "
                "averaged over its elements), 1 = an integration point; target: the depth aimed "
                "at in units of a60 (0: the surface node on the axis, and the integration point "
                "nearest the contact point, cwb's peeq_centre); the point taken is the axis node "
                "nearest that depth, or the integration point nearest the axis point at that "
                "depth; element, ip, node: its ids in the raw table; depth, r: where it is, in "
                "a60\n"
                "# rule: 1 growth = PEEQ exceeds its 10 delta_y value by 1e-6 (cwb's, "
                "seed004_fig31_eq64.py), placed between increments by the next two increments' "
                "slope; 2, 3 = PEEQ - PEEQ(10 delta_y) reaches 1e-4, 1e-3 (linear between "
                "increments); 4 positive = PEEQ reaches 1e-6 after being <= 0 past 10 delta_y "
                "(the plastic zone, PEEQ > 0, closing over the point; -1 where it never was <= "
                "0); 5 ramp = n_p of the least-squares ramp b + s max(0, x - n_p) over 3-100 "
                "delta_y (cases/seed004_fig31_centre_yield.fit's formula, by a profile scan on "
                "a 0.01 grid); 6 first = PEEQ reaches 1e-6 for the first time on the leg "
                "(first yield, linear between increments; where it is there at the first "
                "increment, that increment's load: 0.5-2 delta_y); onset in delta_y, -1 where the "
                "rule finds none\n"
                f"# tolerance: {TOLERANCE:g} relative: {TOLERANCE_WHY}\n"
                "# independence: fem gmsh + CalculiX runs of cwb reference's decks; share no "
                "code with cwb's laws\n"
                "# stands for: body1.radius = 0.0001; body1.E = 8500000000; "
                "normal.sigma_y = 50000000\n"
                "nu[-],h0[R],point[-],target[a60],element[-],ip[-],node[-],depth[a60],r[a60],"
                "rule[-],onset[delta_y]\n")
        for nu, tag, h0, kind, target, p, z, r, code, v in rows:
            e, ip, n = point_columns(p)
            f.write(f"{nu:g},{h0:g},{kind},{target:g},{e},{ip},{n},{z:.4g},{r:.4g},{code},"
                    f"{v if math.isfinite(v) else -1:.4g}\n")
    stamp_made_line(tmp)
    os.replace(tmp, OUT)
    # the finding's table: one line per sampling point, the meshes side by side per rule
    for nu in dict.fromkeys(r[0] for r in rows):
        tags = [t for t, _ in MESHES if any(r[0] == nu and r[1] == t for r in rows)]
        print(f"nu {nu:g}: meshes:", " ".join(tags), "| rules:", " ".join(RULES))
        for kind, target in dict.fromkeys((r[3], r[4]) for r in rows if r[0] == nu):
            sel = [r for r in rows if r[0] == nu and r[3] == kind and r[4] == target]
            z = "/".join(f"{r[6]:.3f}" for r in sel if r[8] == 1)
            name = NAMES.get((kind, target), f"{'node' if kind == 0 else 'IP'} {target:g} a60")
            cells = ["/".join(f"{r[9]:.1f}" for r in sel if r[8] == c)
                     for c in range(1, len(RULES) + 1)]
            print(f"{name:14s} depth {z:24s} " + " | ".join(cells))


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] in ("solve", "read"):
        solve(sys.argv[2] if len(sys.argv) > 2 else os.path.join(FEM, "..", "..", "build", "fem"),
              sys.argv[1] == "solve", sys.argv[3:])
    else:
        onsets()

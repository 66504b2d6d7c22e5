#!/usr/bin/python3
"""Rathbone thesis Figs. 19-21 as r-z maps of cwb's axisymmetric FEM: von Mises stress and
equivalent plastic strain under the contact at the thesis' displacement, 0.0001 mm, of Table 3's
initial material (E 6100 MPa, nu 0, sigma_y 40 MPa, R 0.1 mm; delta_y = 1.8e-5 mm).

Reads the CalculiX result file of the study reference/fem/studies/seed004_fig18.study
(`cwb reference` leaves it in its work folder, build/fem/seed004_fig18/p001.frd; the .frd is not
committed: 30 MB), at the end of leg 1 (total time 1, delta = 1e-7 m), and writes
reference/fem/seed004_fig20_map.csv: per node of the ball within WINDOW contact radii of the
contact point, its radius r and depth z below the flat (undeformed coordinates: the deck writes
displacements for the contact arc only; delta is 0.1 % of the window), the von Mises stress of
CalculiX's nodal stress (the element values extrapolated to the nodes and averaged) and PEEQ.
Fig. 19 (the pressure over the contact area) is the revolved profile of
reference/fem/seed004_fig18_profiles.csv (axisymmetry: p depends on r alone), drawn by
plots/seed004_fig20.gp from that file.

Run after the study: /usr/bin/python3 reference/fem/studies/seed004_fig20_map.py [FRD]
"""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../tools"))
from made_line import stamp_made_line  # noqa: E402  the table's "# made:" line

HERE = os.path.dirname(os.path.abspath(__file__))
FEM = os.path.normpath(os.path.join(HERE, ".."))
ROOT = os.path.normpath(os.path.join(FEM, "..", ".."))
FRD = os.path.join(ROOT, "build", "fem", "seed004_fig18", "p001.frd")
OUT = os.path.join(FEM, "seed004_fig20_map.csv")
R = 1e-4
L = R / 100.0  # the deck's length unit (src/fem/models/sphere.c length_unit)
S = 1e6  # the deck's stress unit [Pa]
SIGMA_Y = 4e7
WINDOW = 3.0  # the map's half-width and depth, in contact radii
A = 3.43e-6  # contact radius at the end of leg 1 (seed004_fig18.csv: 3.428e-6 m)


def fields(line, count):
    return [float(line[13 + 12 * k:25 + 12 * k]) for k in range(count)]


def read(path):
    """Node coordinates and, at total time 1, the STRESS and PE blocks, by node number."""
    nodes, stress, pe = {}, {}, {}
    block, time = None, None
    with open(path) as f:
        for line in f:
            if line.startswith("    2C"):
                block = "nodes"
            elif line.startswith("  100CL"):
                time = float(line[12:24])
                block = None
            elif line.startswith(" -4"):
                block = line[5:13].strip()
            elif line.startswith(" -3"):
                block = None
            elif line.startswith(" -1") and block:
                node = int(line[3:13])
                if block == "nodes":
                    nodes[node] = fields(line, 3)
                elif time is not None and abs(time - 1.0) < 1e-6:
                    if block == "STRESS":
                        stress[node] = fields(line, 6)
                    elif block == "PE":
                        pe[node] = fields(line, 1)[0]
    return nodes, stress, pe


def flat_nodes(inp):
    """The rigid flat's nodes (*NSET, NSET=FLATNODES of the deck beside the .frd)."""
    out, inside = set(), False
    with open(inp) as f:
        for line in f:
            if line.startswith("*"):
                inside = line.replace(" ", "").upper().startswith("*NSET,NSET=FLATNODES")
            elif inside:
                out.update(int(v) for v in line.replace(",", " ").split())
    return out


def mises(s):
    xx, yy, zz, xy, yz, zx = s
    return math.sqrt(0.5 * ((xx - yy) ** 2 + (yy - zz) ** 2 + (zz - xx) ** 2)
                     + 3.0 * (xy * xy + yz * yz + zx * zx))


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else FRD
    nodes, stress, pe = read(path)
    flat = flat_nodes(os.path.splitext(path)[0] + ".inp")
    rows = []
    for node, s in stress.items():
        x, y, z = nodes[node]
        r, depth = x * L, y * L  # the ball's contact point is the origin, y upwards into it
        if abs(z) > 1e-9 or r < 0 or r > WINDOW * A or depth > WINDOW * A or depth < 0:
            continue  # CalculiX's expansion nodes off the model's plane, and the flat
        if node in flat or node not in pe:
            continue  # the rigid flat (and any node without PEEQ)
        rows.append((r, depth, mises(s) * S, pe[node]))
    rows.sort()
    if not rows:
        sys.exit(f"{path}: no STRESS at time 1 (run the study with [load] stress = yes)")
    top = max(rows, key=lambda q: q[2])
    worst = max(rows, key=lambda q: q[3])
    tmp = OUT + ".tmp"
    with open(tmp, "w") as f:
        f.write("# derived: seed004_fig20_map (script reference/fem/studies/seed004_fig20_map.py) "
                "from the .frd of reference/fem/studies/seed004_fig18.study (cwb reference, "
                "CalculiX ccx 2.20, NLGEOM, axisymmetric CAX6; the study's CSV carries the full "
                "provenance; the .frd is not kept)\n"
                "# Rathbone thesis Figs. 20-21: von Mises stress and equivalent plastic strain "
                "under the contact at delta = 1e-7 m (end of leg 1, 5.5 delta_y) of Table 3's "
                "initial material (E 6100 MPa, nu 0, sigma_y 40 MPa, R 0.1 mm); nodes of the "
                f"ball within r, z <= {WINDOW:g} x {A:g} m of the contact point; r radial, z "
                "depth into the ball (undeformed coordinates); mises = CalculiX's nodal stress "
                "(element values extrapolated to the nodes, averaged) as von Mises; peeq = "
                "CalculiX's nodal PEEQ\n"
                f"# largest von Mises {top[2]:.4g} Pa at r = {top[0]:.3g} m, z = {top[1]:.3g} m "
                f"(sigma_y {SIGMA_Y:g} Pa: nodal averaging of a perfectly plastic field "
                "overshoots it); largest PEEQ "
                f"{worst[3]:.4g} at r = {worst[0]:.3g} m, z = {worst[1]:.3g} m\n"
                "# tolerance: 0.02 the study's mesh-refinement change of the force\n"
                "# independence: fem gmsh + CalculiX fields of cwb reference; share no code with "
                "cwb's laws\n"
                "# stands for: body1.radius = 0.0001; body1.E = 6100000000; body1.nu = 0; "
                "normal.sigma_y = 40000000\n")
        f.write("r[m],z[m],mises[Pa],peeq[-]\n")
        for r, z, m, p in rows:
            f.write(f"{r:.6g},{z:.6g},{m:.6g},{p:.6g}\n")
    stamp_made_line(tmp)
    os.replace(tmp, OUT)
    print(f"{len(rows)} nodes; largest von Mises {top[2] / 1e6:.2f} MPa at r = {top[0]:.3g}, "
          f"z = {top[1]:.3g}; largest PEEQ {worst[3]:.4g} at r = {worst[0]:.3g}, "
          f"z = {worst[1]:.3g}")


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""CalculiX 2.20's mortar contact tried on the elastic Model C (seed004_modelc_elastic.study):
the same deck with its contact pair TYPE=MORTAR instead of SURFACE TO SURFACE, everything else
the same (mesh, penalty K = E/h0, stick slope, increments). How to run it again:

  build/cwb reference reference/fem/studies/seed004_modelc_elastic.study --work W --out O
  sed 's/TYPE=SURFACE TO SURFACE/TYPE=MORTAR/' W/seed004_modelc_elastic/p001.inp > M/p001.inp
  (cd M && ccx -i p001)

Its .dat, .sta, .cvg and measured cost are in reference/fem/raw/seed004_modelc_elastic_mortar/;
the surface-to-surface run's .dat is reference/fem/raw/seed004_modelc_elastic/p001.dat (the
same bytes when re-run). Without arguments (as make reference runs it) this script writes
reference/fem/seed004_modelc_elastic_mortar.csv from those two files: per increment the top's
displacement delta_t and approach delta_n and F_t of both runs, and prints F_t / (mu F_n) of both
against Cattaneo-Mindlin's 1 - (1 - delta_t/delta_s)^(3/2), delta_s = 3 mu F_n/(16 G* a) (Mindlin
1949, "Compliance of elastic bodies in contact", J. Appl. Mech. 16; a sphere on a rigid flat:
1/G* = (2 - nu)/G, Hertz's a); tests/test_fem_shear.c holds the table to it. F_t is the top's x
reaction ("forces ... for set REF", what drives the top): under mortar the flat's supports report
no reaction ("total force ... for set FLATNODES" is 0 throughout), which is where cwb's reader
takes the contact force from, so `cwb reference` cannot read a mortar run as it stands; F_n is
the load the deck applies to the top (force control), 0.4 mN.
Run: /usr/bin/python3 reference/fem/studies/seed004_modelc_elastic_mortar.py
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../tools"))
from made_line import stamp_made_line  # noqa: E402  the table's "# made:" line

HERE = os.path.dirname(os.path.abspath(__file__))
FEM = os.path.normpath(os.path.join(HERE, ".."))
RAW = os.path.join(FEM, "raw")
OUT = os.path.join(FEM, "seed004_modelc_elastic_mortar.csv")
R, E, NU, FN, MU = 1e-4, 2.6e10, 0.3, 4e-4, 0.3     # the study's inputs
L, F = 1e-6, 1e-6                                     # deck length and force units (m, N)


def blocks(path, head):
    """{time: [values]} of every block of the .dat whose header starts with head."""
    lines, out = open(path).read().split("\n"), {}
    for i, line in enumerate(lines):
        if line.strip().startswith(head):
            t = float(line.split("time")[-1])
            out[t] = [float(x) for x in lines[i + 2].split()[-3:]]
    return out


def table(path):
    u, f = blocks(path, "displacements (vx,vy,vz) for set REF"), \
        blocks(path, "forces (fx,fy,fz) for set REF")
    flat = blocks(path, "total force (fx,fy,fz) for set FLATNODES")
    return {t: (u[t][0] * L, -u[t][2] * L, 2 * f[t][0] * F, 2 * flat[t][2] * F) for t in u}


def main():
    G = E / (2 * (1 + NU))
    e_star, g_star = E / (1 - NU * NU), G / (2 - NU)
    a = (3 * FN * R / (4 * e_star)) ** (1 / 3)
    ds = 3 * MU * FN / (16 * g_star * a)
    mortar = table(os.path.join(RAW, "seed004_modelc_elastic_mortar", "p001.dat"))
    s2s = table(os.path.join(RAW, "seed004_modelc_elastic", "p001.dat"))
    print(f"Hertz a = {a:.4g} m, Mindlin's full sliding at delta_t = {ds:.4g} m")
    print("delta_t [m]  Mindlin   mortar (dev)       s2s (dev)         delta_n mortar, s2s [m]"
          "   flat's F_n mortar, s2s [N]")
    worst = {"mortar": 0.0, "s2s": 0.0}
    dn0 = {k: v[max(t for t in v if t <= 1.0 + 1e-9)][1] for k, v in (("mortar", mortar),
                                                                      ("s2s", s2s))}
    drift = {"mortar": 0.0, "s2s": 0.0}
    for t in sorted(t for t in mortar if t > 1.0 + 1e-9):
        dt = mortar[t][0]
        cm = 1 - (1 - min(dt / ds, 1.0)) ** 1.5
        row = []
        for name, run in (("mortar", mortar), ("s2s", s2s)):
            x = run[t][2] / (MU * FN)
            worst[name] = max(worst[name], abs(x - cm))
            drift[name] = max(drift[name], abs(run[t][1] / dn0[name] - 1))
            row.append(f"{x:.4f} ({x - cm:+.4f})")
        print(f"{dt:.3g}      {cm:.4f}   {row[0]}   {row[1]}   {mortar[t][1]:.5g}, {s2s[t][1]:.5g}"
              f"   {mortar[t][3]:.3g}, {s2s[t][3]:.3g}")
    for name in worst:
        print(f"{name}: largest |F_t/(mu F_n) - Mindlin| {worst[name]:.4f}; delta_n moves by up to "
              f"{100 * drift[name]:.2f} % of its value at the end of the normal step")
    write_table(mortar, s2s, worst, drift)


HEADER = """\
# CalculiX mortar reference: seed004_modelc_elastic_mortar (script reference/fem/studies/seed004_modelc_elastic_mortar.py; deck: reference/fem/studies/seed004_modelc_elastic.study's, its contact pair TYPE=MORTAR)
# model: the study's (reference/fem/seed004_modelc_elastic.csv's model, mesh and solver lines): Rathbone thesis Model C, elastic, half of the lower hemisphere on a rigid flat, C3D10, NLGEOM; F_n held at 0.4 mN by force control, then the top moved along x
# parameters: R = 0.0001 m; E = 2.6e+10 Pa; nu = 0.3; F_n = 0.0004 N; mu = 0.3
# contact: CalculiX 2.20 mortar (*CONTACT PAIR, TYPE=MORTAR) in place of surface-to-surface, everything else the study's (penalty K = 10 E/h0, stick slope 10 E/h0)
# solver: CalculiX ccx 2.20 (Debian calculix-ccx), one thread, nice 10; 219 iterations over 15 increments (surface-to-surface 79), every increment after the first ending at CalculiX's 15 with "no convergence" after residual forces of 0 to the printed digits and corrections of 1e-12 of the increment; 1680 s of CPU against 338 s (raw/seed004_modelc_elastic_mortar/cost.txt)
# against Cattaneo-Mindlin (Mindlin 1949) over the tangential step, |F_t/(mu F_n) - Mindlin|: mortar {wm:.4f}, surface-to-surface {ws:.4f}; the top's approach, held by force control, moves by up to {dm:.2f} % (surface-to-surface {ds:.2f} %) of its value at the end of the normal step
# tolerance: 0.02 of mu F_n, the elastic study's (its mesh-refinement change of F_t; reference/fem/seed004_modelc_elastic.csv)
# independence: fem gmsh + CalculiX, CalculiX's mortar contact in place of surface-to-surface (its own contact code); shares no code with cwb's laws; the mesh and deck are cwb reference's
# stands for: body1.radius = 0.0001; body1.E = 2.6e+10; body1.nu = 0.3; tangential.mu = 0.3; driver.normal = 0.0004, 0.0004
# provenance: the development machine (2 shared cores), Debian calculix-ccx 2.20, gmsh 4.8.4; the run of an earlier session, tabulated 2026-11-29 from its committed .dat by this script
# rows: the end of the normal step (time 1 of the deck, delta_t 0) and every increment of the tangential step (to time 2); delta_t, delta_n = the top's displacement along x and its approach; F_t = the top's x reaction x 2 (the symmetry half); _s2s = the surface-to-surface run's at the same time
"""


def write_table(mortar, s2s, worst, drift):
    """The table the tests read, written to a temporary name and renamed."""
    start = max(t for t in mortar if t <= 1.0 + 1e-9)  # the end of the normal step
    rows = [t for t in sorted(mortar) if t >= start]
    tmp = OUT + ".tmp"
    with open(tmp, "w") as f:
        f.write(HEADER.format(wm=worst["mortar"], ws=worst["s2s"], dm=100 * drift["mortar"],
                              ds=100 * drift["s2s"]))
        f.write("time[-],delta_t[m],delta_n[m],F_t[N],delta_t_s2s[m],delta_n_s2s[m],F_t_s2s[N]\n")
        for t in rows:
            m, s = mortar[t], s2s[t]
            f.write(f"{t:.6g},{m[0]:.6e},{m[1]:.6e},{m[2]:.6e},{s[0]:.6e},{s[1]:.6e},{s[2]:.6e}\n")
    stamp_made_line(tmp)
    os.replace(tmp, OUT)


if __name__ == "__main__":
    main()

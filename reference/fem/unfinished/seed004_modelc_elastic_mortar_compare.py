#!/usr/bin/python3
"""CalculiX 2.20's mortar contact tried on the elastic Model C (seed004_modelc_elastic.study):
the same deck with its contact pair TYPE=MORTAR instead of SURFACE TO SURFACE, everything else
the same (mesh, penalty K = E/h0, stick slope, increments). How to run it again:

  build/cwb reference reference/fem/studies/seed004_modelc_elastic.study --work W --out O
  sed 's/TYPE=SURFACE TO SURFACE/TYPE=MORTAR/' W/seed004_modelc_elastic/p001.inp > M/p001.inp
  (cd M && ccx -i p001)

Its .dat, .sta and .cvg are kept beside this script (seed004_modelc_elastic_mortar_p001.*);
the surface-to-surface run's .dat is reference/fem/raw/seed004_modelc_elastic/p001.dat (the
same bytes when re-run). This script prints, per increment of the tangential step, F_t / (mu F_n)
of both against Cattaneo-Mindlin's 1 - (1 - delta_t/delta_s)^(3/2), delta_s = 3 mu F_n/(16 G* a)
(Mindlin 1949, "Compliance of elastic bodies in contact", J. Appl. Mech. 16; a sphere on a rigid
flat: 1/G* = (2 - nu)/G, Hertz's a), and the top's approach delta_n, which force control should
hold. F_t is the top's x reaction ("forces ... for set REF", what drives the top): under mortar
the flat's supports report no reaction ("total force ... for set FLATNODES" is 0 throughout),
which is where cwb's reader takes the contact force from, so `cwb reference` cannot read a
mortar run as it stands. Not part of make reference (the run is not a reference).
Run: /usr/bin/python3 reference/fem/unfinished/seed004_modelc_elastic_mortar_compare.py
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
FEM = os.path.normpath(os.path.join(HERE, ".."))
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
    mortar = table(os.path.join(HERE, "seed004_modelc_elastic_mortar_p001.dat"))
    s2s = table(os.path.join(FEM, "raw", "seed004_modelc_elastic", "p001.dat"))
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


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""CalculiX 2.20's mortar contact on the elastic-plastic Model C at y = 3 (Rathbone thesis Sec. 3.5,
5.5): the deck `cwb reference` writes for a study, with every *CONTACT PAIR switched from
TYPE=SURFACE TO SURFACE to TYPE=MORTAR and nothing else changed (mesh, linear pressure-overclosure
K = 10 E/h0, stick slope, increments, the per-ring Coulomb coefficients). cwb cannot read a mortar
run itself: under mortar the flat's supports report no reaction ("total force ... for set
FLATNODES" is 0 throughout), and that is where cwb's reader takes the contact force from. This
script reads the top's reaction instead.

Runs (RUNS below; each the coarsest mesh, h0 = 0.011492 R, of the mesh check finding 44 names):
  seed004_modelc_tauc_y3_coarsest_mortar    the thesis' friction emulated by 7 rings, each its own
      contact pair with Coulomb min(1, tau_c / p_ring) (seed004_modelc_tauc_y3_coarsest.study).
      Under mortar a slave node on two rings' faces belongs to two contact pairs and CalculiX
      gives it no Lagrange multiplier ("checkspcmpc: node ... in more than one contacttie and set
      NoLM!"): 86 nodes, 60 of the 81 slave corner nodes within the contact radius. The run
      stopped in the tangential step (see the CSV's solver line); the same deck under
      TYPE=PGMORTAR stopped in the approach step (raw/NAME/pgmortar_*, a line of the CSV).
  seed004_modelc_coulomb_y3_coarsest_mortar  the same mesh with one contact pair and Coulomb
      mu = 0.420188 alone (seed004_modelc_coulomb_y3_coarsest.study): whether mortar runs the
      plastic sphere at all when no node is on two pairs.
Each is compared, increment by increment, with the surface-to-surface run of its study
(reference/fem/STUDY.csv, written by cwb reference).

How the runs were made (one core, nice 10; the /usr/bin/time output is in raw/NAME/cost.txt):
  build/cwb reference reference/fem/studies/STUDY.study --work W --out O
  /usr/bin/python3 reference/fem/studies/seed004_modelc_mortar.py deck W/STUDY/p001.inp M/p001.inp
  (cd M && OMP_NUM_THREADS=1 nice -n 10 /usr/bin/time -v -o time.txt ccx -i p001)
then M/p001.dat, .sta, .cvg copied to reference/fem/raw/NAME/.

No new solve without arguments: the CSVs reference/fem/NAME.csv are rewritten from the committed
raw output (make reference runs this after the studies):
  /usr/bin/python3 reference/fem/studies/seed004_modelc_mortar.py

F_n: the flat reports nothing under mortar, and the top's z reaction is the applied load, so F_n is
the applied force less the ground spring's k delta_n (k = spring F_n / 2 / Hertz's approach,
deck units), x 2; checked on the surface-to-surface .dat, where the flat's reaction exists, to
SPRING_CHECK. F_t: the top's x reaction x 2 (the force that drives the top; F_t_top in cwb's CSV).
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../tools"))
from made_line import stamp_made_line  # noqa: E402  the table's "# made:" line

HERE = os.path.dirname(os.path.abspath(__file__))
FEM = os.path.normpath(os.path.join(HERE, ".."))
L, F = 1e-6, 1e-6          # the decks' length and force units (m, N): stress 1 MPa
R, E, NU, SIGMA_Y, FN = 1e-4, 2.6e10, 0.3, 1.6e8, 0.005825   # the studies' inputs (SI)
SPRING = 0.002             # the ground spring's share of F_n at Hertz's approach (cwb's default)
SPRING_CHECK = 1e-6        # F_n from load - spring against the flat's reaction, relative
TAIL = 4                   # the .cvg's last iterations of an attempt that the residual columns span
RUNS = (
    ("seed004_modelc_tauc_y3_coarsest_mortar", "seed004_modelc_tauc_y3_coarsest", 1.0,
     "7 friction rings, each its own contact pair, Coulomb min(1, tau_c / p_ring), tau_c = "
     "sigma_y / sqrt 3 = 92376043.07 Pa (the surface-to-surface study's emulation, rings and "
     "coefficients unchanged)"),
    ("seed004_modelc_coulomb_y3_coarsest_mortar", "seed004_modelc_coulomb_y3_coarsest", 0.420188,
     "one contact pair, Coulomb mu = 0.420188 alone (no tau_c)"),
)


def hertz_approach():
    """Hertz's approach at F_n for a sphere on a rigid flat (deck length units)."""
    e_star = E / (1 - NU * NU)
    a = (3 * FN * R / (4 * e_star)) ** (1 / 3)
    return a * a / R / L


def spring_stiffness():
    """The ground spring of cwb's deck, deck units (force / length)."""
    return SPRING * (0.5 * FN / F) / hertz_approach()


def blocks(path, head):
    """{time: [last three values]} of every block of a .dat whose header starts with head."""
    lines, out = open(path).read().split("\n"), {}
    for i, line in enumerate(lines):
        if line.strip().startswith(head):
            out[float(line.split("time")[-1])] = [float(x) for x in lines[i + 2].split()[-3:]]
    return out


def read_dat(path):
    """Per increment time: (delta_n, F_n, delta_t, F_t, F_n from the flat or None) in SI."""
    u = blocks(path, "displacements (vx,vy,vz) for set REF")
    f = blocks(path, "forces (fx,fy,fz) for set REF")
    flat = blocks(path, "total force (fx,fy,fz) for set FLATNODES")
    k = spring_stiffness()
    rows = {}
    for t in sorted(u):
        dn = -u[t][2]
        fn = 2 * (-f[t][2] - k * dn) * F
        flat_fn = 2 * flat[t][2] * F if t in flat and flat[t][2] != 0.0 else None
        rows[t] = (dn * L, fn, u[t][0] * L, 2 * f[t][0] * F, flat_fn)
    return rows


def read_sta(path):
    """{time: (step, increment, attempts, iterations of the accepted attempt, all iterations)}."""
    out, tries = {}, {}
    for line in open(path).read().split("\n")[2:]:
        p = line.split()
        if len(p) < 7:
            continue
        key = (int(p[0]), int(p[1]))
        tries[key] = tries.get(key, 0) + int(p[3])
        if not p[2].endswith("U"):
            out[float(p[4])] = (key[0], key[1], int(p[2]), int(p[3]), tries[key])
    return out


def read_cvg(path):
    """{(step, increment, attempt): (residual force, displacement correction of the last
    iteration, largest residual force over the last TAIL iterations, %)} from a .cvg. A run that
    cycles between two contact states ends an attempt on a small residual after a large one, so
    the last iteration alone hides it; the tail is read only on attempts longer than 2 TAIL
    iterations (those CalculiX ends at its iteration limit), else it is the last iteration's."""
    its = {}
    for line in open(path).read().split("\n")[4:]:
        p = line.split()
        if len(p) == 9:
            its.setdefault((int(p[0]), int(p[1]), int(p[2])), []).append((float(p[5]),
                                                                           float(p[6])))
    out = {}
    for k, v in its.items():
        tail = v[-TAIL:] if len(v) > 2 * TAIL else v[-1:]
        out[k] = (v[-1][0], v[-1][1], max(r for r, _ in tail))
    return out


def cwb_step(ccx_step):
    """cwb's step numbering: 0 the approach, 1 the normal force, 2 the tangential motion."""
    return ccx_step - 1


def read_cost(path):
    """User CPU seconds, wall seconds and exit status from /usr/bin/time -v output."""
    text = open(path).read()
    cpu = float(re.search(r"User time \(seconds\): ([0-9.]+)", text).group(1))
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([0-9:.]+)", text).group(1)
    sec = 0.0
    for part in wall.split(":"):
        sec = 60 * sec + float(part)
    status = re.search(r"Exit status: (\d+)", text) or re.search(r"exited with non-zero status "
                                                                  r"(\d+)", text)
    return cpu, sec, int(status.group(1)) if status else 0


def mortar_deck(src, dst):
    """The surface-to-surface deck with every contact pair TYPE=MORTAR."""
    text = open(src).read()
    n = text.count("TYPE=SURFACE TO SURFACE")
    if n == 0:
        sys.stderr.write(f"{src}: no TYPE=SURFACE TO SURFACE contact pair\n")
        sys.exit(2)
    with open(dst, "w") as f:
        f.write(text.replace("TYPE=SURFACE TO SURFACE", "TYPE=MORTAR"))
    print(f"{dst}: {n} contact pair(s) switched to TYPE=MORTAR")


def check_spring(study):
    """F_n by load - spring on the surface-to-surface run against its flat's reaction."""
    rows = read_dat(os.path.join(FEM, "raw", study, "p001.dat"))
    worst = max(abs(r[1] / r[4] - 1) for t, r in rows.items() if r[4] and t > 1.0 + 1e-9)
    if worst > SPRING_CHECK:
        sys.stderr.write(f"{study}: F_n from load - spring departs from the flat's reaction by "
                         f"{worst:.3g} (> {SPRING_CHECK})\n")
        sys.exit(1)
    return rows, worst


def at(rows, dt):
    """The row of a run at the top's displacement dt (None if the run has none there)."""
    for r in rows.values():
        if abs(r[2] - dt) <= 1e-3 * max(abs(dt), 1e-12):
            return r
    return None


def near(table, t):
    """The entry of table at time t: the .sta prints 6 significant digits, the .dat 7."""
    hits = [v for k, v in table.items() if abs(k - t) <= 1e-5 * max(1.0, abs(t))]
    return hits[0] if len(hits) == 1 else None


def variant_line(raw):
    """A header line for the same deck under TYPE=PGMORTAR, when that run was kept beside."""
    cost = os.path.join(raw, "pgmortar_cost.txt")
    if not os.path.exists(cost):
        return ""
    cpu, _, status = read_cost(cost)
    with open(os.path.join(raw, "pgmortar_p001.sta")) as f:
        rows = [line.split() for line in f.read().split("\n")[2:] if len(line.split()) >= 7]
    done = [r for r in rows if not r[2].endswith("U")]
    cut = [r for r in rows if r[2].endswith("U")]
    return (f"# TYPE=PGMORTAR (Petrov-Galerkin mortar) on the same deck: the same NoLM nodes; "
            f"stopped (exit status {status}, *ERROR: too many cutbacks) in step "
            f"{cwb_step(int(cut[-1][0]))} after {len(done)} accepted increment(s) up to total "
            f"time {float(done[-1][4]):g}, its next increment failing {len(cut)} attempts, down to "
            f"{float(cut[-1][6]):.3g} of the step ({sum(int(r[3]) for r in cut)} iterations); "
            f"user CPU {cpu:.0f} s (raw/.../pgmortar_*)\n")


def comparison_lines(study, pairs, s2s):
    """The header lines comparing the mortar run with the surface-to-surface one at the same
    delta_t (pairs: (delta_t, mortar F_t/F_n, surface-to-surface F_t/F_n))."""
    if not pairs:
        first = min(r[2] for t, r in s2s.items() if t > 2.0 + 1e-9)
        return ("# against surface-to-surface: no increment in common (its first tangential "
                f"increment is at delta_t = {first:.3g} m, beyond the mortar run's last)\n")
    worst = max(pairs, key=lambda q: abs(q[1] - q[2]))
    each = "; ".join(f"{d:.3g} m: {a:.4f} ({a - b:+.4f})" for d, a, b in pairs)
    return (f"# mortar F_t/F_n (mortar - surface-to-surface, reference/fem/{study}.csv) at the "
            f"same delta_t: {each}\n"
            f"# largest |mortar - surface-to-surface| F_t/F_n {abs(worst[1] - worst[2]):.4f} at "
            f"delta_t = {worst[0]:.3g} m; at the last, {pairs[-1][0]:.3g} m: mortar "
            f"{pairs[-1][1]:.4f}, surface-to-surface {pairs[-1][2]:.4f}\n")


def write_table(name, study, mu, friction):
    raw = os.path.join(FEM, "raw", name)
    rows = read_dat(os.path.join(raw, "p001.dat"))
    sta = read_sta(os.path.join(raw, "p001.sta"))
    cvg = read_cvg(os.path.join(raw, "p001.cvg"))
    cpu, wall, status = read_cost(os.path.join(raw, "cost.txt"))
    s2s, spring_dev = check_spring(study)
    s2s_cost = read_cost(os.path.join(raw, "cost_surface_to_surface.txt"))
    times = sorted(rows)
    tang = [t for t in times if t > 2.0 + 1e-9]
    last = rows[times[-1]]
    end_normal = rows[max(t for t in times if t <= 2.0 + 1e-9)]
    s2s_normal = s2s[max(t for t in s2s if t <= 2.0 + 1e-9)]
    iters = sum(sta[t][4] for t in sta)
    s2s_sta = read_sta(os.path.join(raw, "p001_surface_to_surface.sta"))
    s2s_iters = sum(s2s_sta[t][4] for t in s2s_sta)
    complete = status == 0 and abs(last[2] - 9e-8) < 1e-12
    pairs = []
    for t in tang:
        other = at(s2s, rows[t][2])
        if other:
            pairs.append((rows[t][2], rows[t][3] / rows[t][1], other[3] / other[1]))
    out = os.path.join(FEM, name + ".csv")
    with open(out + ".tmp", "w") as f:
        f.write(f"# CalculiX mortar reference: {name} (script "
                f"reference/fem/studies/seed004_modelc_mortar.py; deck: "
                f"reference/fem/studies/{study}.study's, every contact pair TYPE=MORTAR)\n")
        f.write("# model: the study's (reference/fem/" + study + ".csv's model, mesh and solver "
                "lines): Rathbone thesis Model C, half of the lower hemisphere of Table 6's "
                "sphere on a rigid flat, C3D10, NLGEOM, von Mises elastic-perfectly-plastic; step "
                "0 the top to 0.1 of Hertz's approach, step 1 F_n (force control), step 2 the top "
                "displaced along x to 9e-8 m in 12 increments (CalculiX may cut them)\n")
        f.write(f"# parameters: R = {R:g} m; E = {E:g} Pa; nu = {NU:g}; sigma_y = {SIGMA_Y:g} "
                f"Pa; F_n = {FN:g} N; mu = {mu:g}\n")
        f.write(f"# contact: CalculiX 2.20 mortar (*CONTACT PAIR, TYPE=MORTAR), {friction}; linear "
                "pressure-overclosure and stick slope as the study\n")
        state = ("complete" if complete else
                 f"STOPPED: exit status {status} at total time {times[-1]:.6g}, the last "
                 f"converged increment at delta_t = {last[2]:.4g} m of 9e-08")
        f.write(f"# solver: CalculiX ccx 2.20 (Debian calculix-ccx), one thread, nice 10; {state}; "
                f"{iters} iterations over {len(sta)} accepted increments (cut-back attempts "
                f"included; surface-to-surface {s2s_iters} over {len(s2s_sta)}); user CPU "
                f"{cpu:.0f} s, wall {wall:.0f} s (surface-to-surface ccx of the same deck "
                f"{s2s_cost[0]:.0f} s, wall {s2s_cost[1]:.0f} s; raw/{name}/cost*.txt)\n")
        f.write(f"# end of the normal step: delta_n = {end_normal[0]:.5g} m, F_n = "
                f"{end_normal[1]:.6g} N (surface-to-surface {s2s_normal[0]:.5g} m, "
                f"{s2s_normal[1]:.6g} N: delta_n {100 * (end_normal[0] / s2s_normal[0] - 1):+.2f} "
                "%)\n")
        f.write(comparison_lines(study, pairs, s2s))
        f.write(variant_line(raw))
        f.write("# tolerance: 0.02 of F_n, the mesh studies' tolerance on F_t (the question is "
                "whether mortar moves the sliding F_t/F_n by more than that on the same mesh)\n")
        f.write("# independence: fem gmsh + CalculiX, CalculiX's mortar contact in place of "
                "surface-to-surface (its own contact code); shares no code with cwb's laws; the "
                "mesh and deck are cwb reference's\n")
        # a given Coulomb mu is an input the table stands for; the rings' min(1, tau_c / p) is
        # the thesis' plastic friction, which has none
        given_mu = f"; tangential.mu = {mu:g}" if "coulomb" in name else ""
        f.write(f"# stands for: body1.radius = {R:g}; body1.E = {E:g}; body1.nu = {NU:g}; "
                f"normal.sigma_y = {SIGMA_Y:.9g}; driver.normal = {FN}, {FN}{given_mu}\n")
        f.write("# provenance: the development machine (2 shared cores, AMD EPYC), Debian "
                "calculix-ccx 2.20, gmsh 4.8.4; 2026-11-29; commands in the script's docstring; "
                f"F_n from load - spring checked on the surface-to-surface .dat to "
                f"{spring_dev:.2g}\n")
        f.write("# rows: every accepted increment; step 0 approach, 1 normal, 2 tangential; "
                "delta_n, delta_t = the top's approach and displacement; F_n = (applied - ground "
                "spring) x 2; F_t = the top's x reaction x 2; attempts, iterations = the "
                ".sta's (iterations: all attempts' of the increment); resid_last, corr_last = "
                "the accepted attempt's last iteration's residual force and displacement "
                "correction in the .cvg (% of CalculiX's averages); resid_tail = its largest "
                f"residual force over the last {TAIL} iterations when the attempt ran more than "
                f"{2 * TAIL} (CalculiX accepts a mortar increment at its iteration limit, 15), "
                "else resid_last\n")
        f.write("step[-],time[-],delta_n[m],F_n[N],delta_t[m],F_t[N],F_t_over_F_n[-],"
                "attempts[-],iterations[-],resid_last[%],corr_last[%],resid_tail[%]\n")
        for t in times:
            r, s = rows[t], near(sta, t)
            if s is None:
                sys.stderr.write(f"{name}: the .dat's time {t} is no accepted increment of "
                                 "the .sta\n")
                sys.exit(1)
            tail = cvg[(s[0], s[1], s[2])]
            f.write(f"{cwb_step(s[0])},{t:.7g},{r[0]:.7g},{r[1]:.7g},{r[2]:.7g},{r[3]:.7g},"
                    f"{r[3] / r[1]:.6f},{s[2]},{s[4]},{tail[0]:.4g},{tail[1]:.4g},{tail[2]:.4g}\n")
    stamp_made_line(out + ".tmp")
    os.replace(out + ".tmp", out)
    print(f"{out}: {len(times)} increments, {state}")


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "deck":
        mortar_deck(sys.argv[2], sys.argv[3])
        return
    if len(sys.argv) != 1:
        sys.stderr.write("usage: seed004_modelc_mortar.py [deck SRC.inp DST.inp]\n")
        sys.exit(2)
    for name, study, mu, friction in RUNS:
        if os.path.exists(os.path.join(FEM, "raw", name, "p001.dat")):
            write_table(name, study, mu, friction)


if __name__ == "__main__":
    main()

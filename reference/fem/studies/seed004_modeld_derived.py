#!/usr/bin/python3
"""Rathbone thesis Figs. 40 and 53 on the axes the thesis draws them, from cwb's Model D FEM of the
elastic-plastic oblique impacts (reference/fem/NAME.csv, written by `cwb reference
reference/fem/studies/NAME.study`, NAME in RUNS: the 30 deg impact of Fig. 48's E 8500 MPa sphere
and Table 6's E 26000 MPa sphere at 15, 30 and 45 deg, all at v_n = 1 m/s).

Writes reference/fem/NAME_derived.csv for each, the FEM's own rows with two integrals of its columns
(trapezoid over the increments):
  delta_n = int v_n dt from the first touch (t_contact = 0, where the sphere still moves at the
            initial v_n = 1 m/s): the approach of the sphere's centre of mass to the block's fixed
            far field, the collision driver's delta_n (Fig. 40 draws F_n against it);
  W_t     = int F_t_resisting dxi_t from the first touch: the area under the FEM's F_t(xi_t), the
            work of the friction force on the contact point's rigid-body slip (Fig. 53: "determined
            numerically by integrating the area under the force displacement curves in fig. 52"),
            the collision driver's W_t.
The penalty contact's penetration quoted in each header is p / K at p = 3 sigma_y (the plastic
mean pressure, Johnson 1985 Sec. 6.2) with K = E / h0, against Hertz's approach: both read from the
source's header. The tolerance line names the run's mesh, and where its peak was also run on
coarser meshes (PEAK_REFINED) that refinement table's peaks and their steps.
No new solve: run after those studies (make reference runs the scripts after the studies):
/usr/bin/python3 reference/fem/studies/seed004_modeld_derived.py
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../tools"))
from made_line import stamp_made_line  # noqa: E402  the table's "# made:" line

HERE = os.path.dirname(os.path.abspath(__file__))
FEM = os.path.normpath(os.path.join(HERE, ".."))
RUNS = (
    "seed004_modeld_a30_E8500_s50",
    "seed004_modeld_a15_E26000_s160",
    "seed004_modeld_a30_E26000_s160",
    "seed004_modeld_a45_E26000_s160",
)
V_N0 = 1.0  # m/s, the studies' [load] v_n: the sphere's normal speed at the first touch
# the runs whose peak was also run on coarser meshes: the refinement table of each, written from
# the runs by its own script (reference/fem/studies/NAME.py, which sorts before this one in make
# reference), and the test that recomputes it
PEAK_REFINED = {
    "seed004_modeld_a15_E26000_s160": ("seed004_modeld_a15_fmax_meshes",
                                       "impact_plastic_peak_refinement"),
}


def load(path):
    header = [line for line in open(path) if line.startswith("#")]
    rows = [line.strip() for line in open(path) if not line.startswith("#") and line.strip()]
    names = [c.split("[")[0] for c in rows[0].split(",")]
    data = [dict(zip(names, (float(v) for v in r.split(",")))) for r in rows[1:]]
    return header, data


def field(source, header, name, end=":"):
    for line in header:
        if line.startswith("# " + name + end):
            return line
    raise SystemExit("%s: no '# %s%s' line" % (source, name, end))


def number(source, line, pattern):
    m = re.search(pattern, line)
    if not m:
        raise SystemExit("%s: no '%s' in '%s'" % (source, pattern, line.strip()))
    return float(m.group(1))


def penalty_share(source, header):
    """h0 / R and the penalty's penetration at p = 3 sigma_y over Hertz's approach."""
    params = field(source, header, "parameters")
    e_mod = number(source, params, r"E = ([0-9.e+-]+) Pa")
    sigma_y = number(source, params, r"sigma_y = ([0-9.e+-]+) Pa")
    radius = number(source, params, r"R = ([0-9.e+-]+) m")
    h0 = number(source, field(source, header, "mesh"), r"size h0 = ([0-9.e+-]+) R")
    delta = number(source, field(source, header, "Hertz", " ("),
                   r"delta_max = ([0-9.e+-]+) m")
    return h0, 3.0 * sigma_y * h0 * radius / e_mod / delta


def what_run(source, header):
    """The run in a few words, from the source's parameters line: "30 deg impact, E 8500 MPa,
    sigma_y 50 MPa"."""
    params = field(source, header, "parameters")
    return "%.3g deg impact, E %.5g MPa, sigma_y %.5g MPa" % (
        number(source, params, r"= ([0-9.e+-]+) deg"),
        1e-6 * number(source, params, r"E = ([0-9.e+-]+) Pa"),
        1e-6 * number(source, params, r"sigma_y = ([0-9.e+-]+) Pa"))


def mesh_note(name, h0):
    """What the tolerance line says of the run's mesh: its h0, and the refinement of its peak
    (from that table's rows, coarsest first, the run one of them) where there is one."""
    if name not in PEAK_REFINED:
        return "one coarse mesh, h0 = %.3g R, no refinement check" % h0
    table, test = PEAK_REFINED[name]
    source = os.path.join(FEM, table + ".csv")
    meshes = load(source)[1]
    if not any(abs(r["h0"] - h0) <= 1e-9 * h0 for r in meshes):
        raise SystemExit("%s: no mesh of %s's h0 = %g R" % (source, name, h0))
    peaks = [r["F_peak"] for r in meshes]
    steps = [b / a - 1.0 for a, b in zip(peaks, peaks[1:])]
    shrinking = all(x * steps[0] > 0 for x in steps) and all(
        abs(b) < abs(a) for a, b in zip(steps, steps[1:]))
    return ("h0 = %.3g R; its peak F_n on %d meshes, h0 %s R: %s mN, steps %s %% that %s: "
            "reference/fem/%s.csv, tests/test_fem_impact.c %s; the rest of the curve on this mesh "
            "alone" % (h0, len(meshes), ", ".join("%.3g" % r["h0"] for r in meshes),
                       ", ".join("%.2f" % (1e3 * f) for f in peaks),
                       ", ".join("%+.2f" % (100.0 * x) for x in steps),
                       "shrink" if shrinking else "do not shrink, not mesh-converged", table, test))


def derive(name):
    source = os.path.join(FEM, name + ".csv")
    out = os.path.join(FEM, name + "_derived.csv")
    header, data = load(source)
    h0, share = penalty_share(source, header)
    t_prev, v_prev, delta = 0.0, V_N0, 0.0
    xi_prev, f_prev, work = 0.0, 0.0, 0.0
    rows = []
    for r in data:
        delta += 0.5 * (v_prev + r["v_n"]) * (r["t_contact"] - t_prev)
        work += 0.5 * (f_prev + r["F_t_resisting"]) * (r["xi_t"] - xi_prev)
        t_prev, v_prev = r["t_contact"], r["v_n"]
        xi_prev, f_prev = r["xi_t"], r["F_t_resisting"]
        rows.append((r["t_contact"], delta, r["F_n"], r["xi_t"], r["F_t_resisting"], work))
    with open(out + ".tmp", "w") as f:
        # the first line says what the table is: a plot's legend reads it (up to its " (")
        f.write(
            "# cwb's Model D FEM, %s (derived: %s_derived, by script "
            "reference/fem/studies/seed004_modeld_derived.py from reference/fem/%s.csv: cwb "
            "reference, CalculiX ccx 2.20, *DYNAMIC, C3D10; its header carries the full "
            "provenance)\n" % (what_run(source, header), name, name)
        )
        f.write(header[1].replace("# ", "# run: ", 1))
        f.write(
            "# columns: t_contact, F_n, xi_t, F_t_resisting as in the source table; delta_n = "
            "int v_n dt from the first touch (v_n = 1 m/s there), the approach of the sphere's "
            "centre of mass to the block's fixed far field (penalty contact K = E/h0 included: its "
            "penetration at p = 3 sigma_y is about %.1f %% of Hertz's approach); W_t = int "
            "F_t_resisting dxi_t from the first touch, the work of the friction force on the "
            "contact point's rigid-body slip (the area under F_t(xi_t)); trapezoids over the "
            "increments\n" % (100.0 * share)
        )
        f.write(
            "# tolerance: 0.05 not a verdict's bound: the cases drawn against this table are model "
            "comparisons (%s; Coulomb mu 0.37 standing for the thesis' tau_c friction)\n"
            % mesh_note(name, h0)
        )
        f.write(field(source, header, "independence"))
        f.write(field(source, header, "stands for"))
        f.write("t_contact[s],delta_n[m],F_n[N],xi_t[m],F_t_resisting[N],W_t[J]\n")
        for row in rows:
            f.write(",".join("%.10g" % v for v in row) + "\n")
    stamp_made_line(out + ".tmp")
    os.replace(out + ".tmp", out)
    print("wrote %s (%d rows; delta_n max %.4g m, W_t end %.4g J)" % (
        out, len(rows), max(r[1] for r in rows), rows[-1][5]))


def main():
    for name in RUNS:
        derive(name)


if __name__ == "__main__":
    main()

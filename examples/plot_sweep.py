"""plot_sweep.py -- a sweep drawn with matplotlib instead of gnuplot.

The tangential restitution of an alumina sphere hitting glass at 3.9 m/s
against the impact angle (Chung & Ooi 2011, test 4): cwb's Hertz-Mindlin
sweep (cases/chung_ooi_4_al_oxide.case, its [sweep] section: 33 angles),
the same contact with the damping calibrated by examples/kharaz_alumina.fit
(e = 0.98839), the measurements of Kharaz, Gorham & Salman (2001) and the
rigid-body gross-sliding closed form, all on one figure.

    python3 examples/plot_sweep.py [--out kharaz_et.png]

Needs matplotlib (Debian: python3-matplotlib); without it, says so and
exits 0. numpy is not needed.
"""
import argparse
import csv
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, os.pardir)
sys.path.insert(0, os.path.join(ROOT, "python"))  # cwb from the source tree
import cwb  # noqa: E402

try:
    import matplotlib
    matplotlib.use("Agg")  # a file, no display
    import matplotlib.pyplot as plt
except ImportError as e:
    print("plot_sweep: skipped, needs matplotlib (%s): apt-get install python3-matplotlib" % e)
    sys.exit(0)


def reference(rel):
    """Columns of a reference CSV of the repository (units cut from the header)."""
    with open(os.path.join(ROOT, rel)) as f:
        rows = list(csv.reader(line for line in f if not line.startswith("#")))
    return [[float(r[j]) for r in rows[1:]] for j in range(len(rows[0]))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default="kharaz_et.png", help="the figure (.png, .pdf, .svg)")
    args = ap.parse_args()

    elastic = cwb.sweep(os.path.join(ROOT, "cases", "chung_ooi_4_al_oxide.case"))
    damped = cwb.sweep(os.path.join(HERE, "kharaz_alumina.case"),
                       vary=("driver.impact_angle_deg", 2, 88, 44), set={"damping.e": 0.98839})
    angle_m, et_m = reference("reference/measured/kharaz_2001_alumina_et.csv")
    angle_g, et_g = reference("reference/analytic/oblique_gross_sliding_et_al_oxide.csv")

    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    ax.plot(angle_g, et_g, ":", color="grey", label="gross sliding, closed form")
    ax.plot(elastic["impact_angle_deg"], elastic["restitution_tangential"], "-",
            label="cwb, Hertz-Mindlin (mu = 0.092)")
    ax.plot(damped["impact_angle_deg"], damped["restitution_tangential"], "--",
            label="cwb, with the calibrated damping (e = 0.988)")
    ax.plot(angle_m, et_m, "o", color="black", label="Kharaz et al. (2001), measured")
    ax.set_xlabel("impact angle from the normal [%s]" % elastic.units["impact_angle_deg"])
    ax.set_ylabel("tangential restitution [%s]" % elastic.units["restitution_tangential"])
    ax.set_title("Alumina sphere on glass at 3.9 m/s (Chung & Ooi 2011, test 4)", fontsize=10)
    ax.legend(fontsize=8, loc="lower right")
    fig.tight_layout()
    fig.savefig(args.out)
    print("plot_sweep: wrote %s (%d + %d runs; the elastic sweep against its references: %s)"
          % (args.out, elastic.rows, damped.rows, elastic.verdict))
    return 0


if __name__ == "__main__":
    sys.exit(main())

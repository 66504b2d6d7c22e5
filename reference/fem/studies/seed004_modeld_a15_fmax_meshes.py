#!/usr/bin/python3
"""The mesh refinement check of Model D's elastic-plastic 15 deg impact's peak normal force (Rathbone
thesis Sec. 5.3, Fig. 40: "the maximum error is 2.2 %" between its FEM and the ch. 4 law; Table 6's
sphere, R 0.1 mm, E 26000 MPa, nu 0.3, sigma_y 160 MPa, on an elastic block of the same E and nu,
v_n 1 m/s, v_t tan 15 deg m/s, Coulomb mu 0.37 standing for the thesis' tau_c friction), from cwb's
CalculiX runs of it (reference/fem/NAME.csv, written by `cwb reference
reference/fem/studies/NAME.study`, NAME in RUNS: h0 = 0.044, 0.0311, 0.022 R, ratio sqrt 2; the same
fine zone, growth, block, increments and ballast, the penalty K = E/h0 and the stick slope following
h0). The h0 = 0.022 R run is the whole impact (run 7); the other two stop at 0.6 t_c, past the peak.
Coarser, not finer: on h0 = 0.0156 R (17342 nodes against 10435) an iteration took 10 s of CPU, so
the run to 0.6 t_c would have taken about an hour of CPU, more than was left beside the other jobs.

Writes reference/fem/seed004_modeld_a15_fmax_meshes.csv: per mesh (coarsest first)
  F_max      the largest increment F_n (the rate of the sphere's momentum);
  F_peak     the vertex of the parabola through that increment and its two neighbours (as
             seed004_modeld_a68_meshes.py: the increments sample the peak);
  t_peak     the time of the largest increment from the first touch;
  penetration  the penalty contact's own overclosure at p = 3 sigma_y (the fully plastic mean
             pressure, Johnson 1985 Sec. 6.2), 3 sigma_y h0 / E, over Hertz's approach: the
             compliance the penalty K = E/h0 adds, first order in h0;
against Hertz's elastic impact (Johnson 1985 ch. 11; read from each CSV's Hertz line), which this
plastic sphere does not follow: it is the scale, not the reference. The ch. 4 law's F_max is not in
this table (it is cwb's own output): tests/test_fem_impact.c runs cases/seed004_fig40_a15.case and
compares. The header gives the differences between the meshes, the observed order p of f = f_inf + C
h^p and Richardson's extrapolation f_inf, where the two differences have one sign and shrink (Roache
1998, Verification and Validation in Computational Science and Engineering, ch. 5), else "none".
No new solve: run after those studies (make reference runs the scripts after the studies):
/usr/bin/python3 reference/fem/studies/seed004_modeld_a15_fmax_meshes.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FEM = os.path.normpath(os.path.join(HERE, ".."))
RUNS = (
    "seed004_modeld_a15_E26000_s160_h0044",
    "seed004_modeld_a15_E26000_s160_h00311",
    "seed004_modeld_a15_E26000_s160",
)
OUT = "seed004_modeld_a15_fmax_meshes"
# the fully plastic mean contact pressure over sigma_y (Johnson 1985 Sec. 6.2, Tabor's c ~ 3)
FULLY_PLASTIC = 3.0

# the readers, the refinement arithmetic and the table writer of the elastic checks, beside this one
sys.path.insert(0, HERE)
from seed004_modeld_derived import field, load, number  # noqa: E402
from seed004_modeld_a68_meshes import (  # noqa: E402
    force_peak, write_table)


def summarise(name):
    run, data, inputs = force_peak(name)
    source = os.path.join(FEM, name + ".csv")
    header = load(source)[0]
    params = field(source, header, "parameters")
    hertz = field(source, header, "Hertz", " (")
    young = number(source, params, r"E = ([0-9.e+-]+) Pa")
    sigma_y = number(source, params, r"sigma_y = ([0-9.e+-]+) Pa")
    run["hertz_delta_max"] = number(source, hertz, r"delta_max = ([0-9.e+-]+) m")
    run["t_peak"] = data[run["top"]]["t_contact"]
    run["increments_to_peak"] = run["top"] + 1
    run["penetration"] = FULLY_PLASTIC * sigma_y * run["h0"] * inputs["R"] / young / run["hertz_delta_max"]
    run["F_peak_hertz"] = run["F_peak"] / run["hertz_F_max"] - 1.0
    return run


COLUMNS = (
    ("h0", "-"), ("elements", "-"), ("nodes", "-"), ("increments_to_peak", "-"),
    ("F_max", "N"), ("F_peak", "N"), ("t_peak", "s"), ("penetration", "-"), ("F_peak_hertz", "-"),
)
STUDIED = (("F_peak", "N"), ("F_max", "N"), ("t_peak", "s"))


def main():
    runs = [summarise(name) for name in RUNS]
    h = runs[0]
    write_table(OUT, __file__, RUNS, runs, STUDIED, {
        "model": "; the h0 = 0.022 R run is the whole impact, the others stop at 0.6 t_c, past "
                 "the peak",
        "this": "the peak normal force of each, coarsest first",
        "stick_slope": "1",
        "closed_forms": "Hertz's elastic impact (Johnson 1985 ch. 11) F_max = %.5g N, delta_max = "
                        "%.5g m: the scale, not the reference (the sphere yields); the penalty's "
                        "overclosure at the fully plastic pressure %g sigma_y (Johnson 1985 Sec. "
                        "6.2): %g sigma_y h0 / E"
                        % (h["hertz_F_max"], h["hertz_delta_max"], FULLY_PLASTIC, FULLY_PLASTIC),
        "tolerance": "1e-9 on these rows recomputed from the runs (tests/test_fem_impact.c, "
                     "impact_plastic_peak_refinement, which also compares each F_peak with the "
                     "ch. 4 law's F_max); the plastic peak has no closed form",
        "rows": "per mesh h0 / R, its elements and nodes (both bodies), its increments up to the "
                "largest F_n; F_max the largest increment F_n, F_peak the parabola's vertex "
                "through it and its neighbours, t_peak that increment's time from the first "
                "touch; penetration = %g sigma_y h0 / E over Hertz's delta_max; F_peak relative "
                "to Hertz's F_max" % FULLY_PLASTIC,
        "columns": COLUMNS,
    }, COLUMNS[3:])

if __name__ == "__main__":
    main()

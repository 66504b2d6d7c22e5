#!/bin/sh
# Regenerate the closed-form references of reference/analytic/ (make reference-analytic).
# Parameters: Chung & Ooi (2011) tests 1 and 2 as ported by Yade and PySPH.
set -e
gen=${1:-build/ref_hertz_impact}
d=reference/analytic
#            OUT                                   LABEL                                R1    E1     nu1  rho1 R2    E2     nu2  rho2 V
$gen $d/hertz_impact_chung_ooi_1_glass.csv     "Chung & Ooi test 1, glass"          0.010 4.8e10 0.20 2800 0.010 4.8e10 0.20 2800 20
$gen $d/hertz_impact_chung_ooi_1_limestone.csv "Chung & Ooi test 1, limestone"      0.010 2.0e10 0.25 2500 0.010 2.0e10 0.25 2500 20
$gen $d/hertz_impact_chung_ooi_2_al_alloy.csv  "Chung & Ooi test 2, Al alloy, rigid plane" 0.10 7.0e10 0.30 2699 0 0 0 0 0.2
$gen $d/hertz_impact_chung_ooi_2_mg_alloy.csv  "Chung & Ooi test 2, Mg alloy, rigid plane" 0.10 4.0e10 0.35 1800 0 0 0 0 0.2

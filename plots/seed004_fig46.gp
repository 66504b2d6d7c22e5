# Rathbone thesis Fig. 46 as the thesis draws it (written by hand, not by cwb: four runs and four
# FEM tables in one plot, which no single cwb case draws). Render: gnuplot seed004_fig46.gp in
# this folder writes seed004_fig46.png (gnuplot -e "cwb_format='svg'" seed004_fig46.gp: .svg);
# make demo runs it after the cases.
# Lines: the new tangential law at fixed normal force (eqs. 82-88, 8 G* a) of
# cases/seed004_fig46_y{1,3,7,15}.case, the CSVs make demo writes here (xi_t, F_t), each over its
# FEM's range. Points: cwb's Model C FEM at the same forces with the thesis' friction (local slip
# at min(mu p, tau_c), tau_c = sigma_y/sqrt 3, mu <= 1):
# ../reference/fem/seed004_modelc_tauc_y{1,3,7,15}_tangential.csv (delta_t, F_t), studies
# reference/fem/studies/seed004_modelc_tauc_y*.study. Sphere R 0.1 mm, E 26000 MPa, nu 0.3,
# sigma_y 160 MPa on a rigid flat (Table 6). The deviations of each law curve from its FEM are
# the cases' (doc/figures.md): model comparisons, no verdict.
# Dashed, open points: GetFEM's Model C (reference/fem/studies/getfem_modelc.py: the thesis'
# friction law applied exactly at every integration point, small strain) on the finest mesh of
# each load's study (y = 1: the settled trio's finest), at tau_c = 0.9k, the interface strength at which its sliding converges
# (y = 3: three meshes, order 4.1; y = 1 settled to 0.2 % on a finer zone, its third mesh drawn,
# a fourth departs by 0.3 %; y = 7 and 15 localise, not converged;
# doc/findings.md, findings 45 and 49). At the thesis' tau_c = k neither FEM converges. The law
# is eq. 77's mu(y), fitted by the thesis at tau_c = k, so the GetFEM curves sit below it by the
# weaker interface as well as by the law's error.
if (!exists("cwb_format")) cwb_format = 'png'
if (!exists("cwb_file")) cwb_file = 'seed004_fig46' . '.' . cwb_format
set encoding utf8
set datafile separator ','
set datafile commentschars '#'
set datafile columnheaders
if (cwb_format eq 'svg') set terminal svg size 960,760 font 'sans,12'
if (cwb_format eq 'pdf') set terminal pdfcairo size 9.6in,7.6in font 'sans,10'
if (cwb_format eq 'png') set terminal pngcairo size 960,760 font 'sans,11'
set output cwb_file
set termoption noenhanced
set autoscale xfix
nm = 1e9
mN = 1e3
fem = '../reference/fem/seed004_modelc_tauc_'
gf = '../reference/fem/getfem_modelc_'
set title "Rathbone thesis Fig. 46: the new tangential law (lines) against cwb's Model C FEM (points: CalculiX, tau_c = k;\ndashed: GetFEM, tau_c = 0.9k) at fixed F_n, y = 1, 3, 7, 15 (E 26000 MPa, sigma_y 160 MPa, R 0.1 mm; rigid flat)" noenhanced
set xlabel 'tangential displacement xi_t [nm]' noenhanced
set ylabel 'tangential force F_t [mN]' noenhanced
set grid lc rgb '#d0d0d0' lw 1 dt 1
set border lw 1.2
set tics out nomirror
set offsets graph 0.02, graph 0.02, graph 0.05, graph 0.05
set key below left Left reverse vertical maxrows 6 box height 1 noenhanced font ',10'
set bmargin 13
set linetype 1 lc rgb '#0072B2' lw 2 dt 1 pt 7 ps 1.2
set linetype 2 lc rgb '#D55E00' lw 2 dt 1 pt 5 ps 1.2
set linetype 3 lc rgb '#009E73' lw 2 dt 1 pt 9 ps 1.4
set linetype 4 lc rgb '#CC79A7' lw 2 dt 1 pt 13 ps 1.4
plot 'seed004_fig46_y1.csv' using ($5*nm):($6*mN) with lines lt 1 title 'new law, y = 1 (F_n 1.06 mN)', \
     'seed004_fig46_y3.csv' using ($5*nm):($6*mN) with lines lt 2 title 'new law, y = 3 (F_n 5.83 mN)', \
     'seed004_fig46_y7.csv' using ($5*nm):($6*mN) with lines lt 3 title 'new law, y = 7 (F_n 18.9 mN)', \
     'seed004_fig46_y15.csv' using ($5*nm):($6*mN) with lines lt 4 title 'new law, y = 15 (F_n 52.7 mN)', \
     fem . 'y1_tangential.csv' using ($1*nm):($2*mN) with points lt 1 title 'FEM (gmsh + CalculiX), y = 1', \
     fem . 'y3_tangential.csv' using ($1*nm):($2*mN) with points lt 2 title 'FEM (gmsh + CalculiX), y = 3', \
     fem . 'y7_tangential.csv' using ($1*nm):($2*mN) with points lt 3 title 'FEM (gmsh + CalculiX), y = 7', \
     fem . 'y15_tangential.csv' using ($1*nm):($2*mN) with points lt 4 title 'FEM (gmsh + CalculiX), y = 15', \
     gf . 'y1_tauc09_z025_h0024.csv' using ($1 == 2 ? $2*nm : NaN):($5*mN) with linespoints lt 1 dt 2 pt 6 title 'GetFEM, tau_c 0.9k, y = 1 (settled)', \
     gf . 'y3_tauc09_h0042.csv' using ($1 == 2 ? $2*nm : NaN):($5*mN) with linespoints lt 2 dt 2 pt 4 title 'GetFEM, tau_c 0.9k, y = 3 (converged)', \
     gf . 'y7_tauc09_h0070.csv' using ($1 == 2 ? $2*nm : NaN):($5*mN) with linespoints lt 3 dt 2 pt 8 title 'GetFEM, tau_c 0.9k, y = 7 (not converged)', \
     gf . 'y15_tauc09_h012.csv' using ($1 == 2 ? $2*nm : NaN):($5*mN) with linespoints lt 4 dt 2 pt 12 title 'GetFEM, tau_c 0.9k, y = 15 (not converged)'

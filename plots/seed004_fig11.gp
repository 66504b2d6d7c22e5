# Rathbone thesis Fig. 11 as the thesis draws it: friction penalty runs against a Lagrange-multiplier
# run of the same elastic Model C (written by hand, not by cwb: four FEM runs and a closed form,
# which no cwb case draws). Render: gnuplot seed004_fig11.gp in this folder writes
# seed004_fig11.png (gnuplot -e "cwb_format='svg'" seed004_fig11.gp: .svg); make demo runs it.
# Penalty (CalculiX 2.20, whose friction is a penalty only): ../reference/fem/
# seed004_modelc_fig11_stick{1,3}_tangential.csv and seed004_modelc_elastic_tangential.csv
# (studies reference/fem/studies/seed004_modelc_fig11_stick{1,3}.study, seed004_modelc_elastic
# .study: E 26000 MPa, nu 0.3, R 0.1 mm, F_n 0.4 mN applied (0.39919 mN on the contact), mu 0.3,
# the top moved by 0.5 nm to 5 nm; the friction penalty's stick slope 1, 3 and 10 E/h0).
# Lagrange (GetFEM's augmented-Lagrangian Coulomb friction: the stick is exact up to the mesh):
# ../reference/fem/getfem_modelc_fig11_h0017.csv, the finest of four meshes
# (reference/fem/studies/getfem_modelc.py, F_n = the CalculiX runs' 0.39919 mN, the same
# increments); its error bar is its F_t's largest change from the next coarser mesh
# (getfem_modelc_fig11_meshes.csv, last row). The labels print each penalty run's largest
# |F_t - F_t(Lagrange)| over the common increments, in % of mu F_n, computed here from the
# tables. Cattaneo-Mindlin (Johnson 1985 eq. 7.43, G* = G/(2 - nu) on a rigid flat, a from Hertz
# at F_n) is the analytic curve both converge to on a half-space. The lower panel also draws the
# penalty runs extrapolated to an infinite stick slope, x10 + (x10 - x3) 3/7 (a penalty's deficit
# goes as 1 / slope), over the partial-slip increments: at CalculiX's normal penalty K = 10 E/h0
# (the runs above) and at K = 100 E/h0 (seed004_modelc_fig11_k100_stick{3,10}_tangential.csv,
# studies of the same names; doc/findings.md, finding 50).
if (!exists("cwb_format")) cwb_format = 'png'
if (!exists("cwb_file")) cwb_file = 'seed004_fig11' . '.' . cwb_format
f1 = '../reference/fem/seed004_modelc_fig11_stick1_tangential.csv'
f3 = '../reference/fem/seed004_modelc_fig11_stick3_tangential.csv'
f10 = '../reference/fem/seed004_modelc_elastic_tangential.csv'
k3 = '../reference/fem/seed004_modelc_fig11_k100_stick3_tangential.csv'
k10 = '../reference/fem/seed004_modelc_fig11_k100_stick10_tangential.csv'
lag = '../reference/fem/getfem_modelc_fig11_h0017.csv'
meshes = '../reference/fem/getfem_modelc_fig11_meshes.csv'
set encoding utf8
set datafile separator ','
set datafile commentschars '#'
if (cwb_format eq 'svg') set terminal svg size 900,1100 font 'sans,12'
if (cwb_format eq 'pdf') set terminal pdfcairo size 9in,11in font 'sans,10'
if (cwb_format eq 'png') set terminal pngcairo size 900,1100 font 'sans,11'
set termoption noenhanced
set output cwb_file
R = 1e-4; E = 2.6e10; nu = 0.3; mu = 0.3; Fn = 3.991938e-4; nm = 1e9; step = 5e-10
Es = E/(1 - nu*nu); Gs = E/(2*(1 + nu))/(2 - nu)
a = (3*Fn*R/(4*Es))**(1.0/3)
slide = 3*mu*Fn/(16*Gs*a)
mindlin(d) = d >= slide ? 1.0 : 1.0 - (1.0 - d/slide)**1.5
# the Lagrange run's F_t / (mu F_n) at increment k (delta_t = k x 0.5 nm), and its mesh error
array L[10]
stats lag skip 1 using (column(1) == 2 ? (L[int(column(2)/step + 0.5)] = column(5)/(mu*column(4)), 0) : 0) nooutput
stats meshes skip 1 using (err = column(4), 0) nooutput
stats f1 skip 1 using (column(1) > 0 ? abs(column(2)/(mu*column(3)) - L[int(column(1)/step + 0.5)]) : 0) name 'g1' nooutput
stats f3 skip 1 using (column(1) > 0 ? abs(column(2)/(mu*column(3)) - L[int(column(1)/step + 0.5)]) : 0) name 'g3' nooutput
stats f10 skip 1 using (column(1) > 0 ? abs(column(2)/(mu*column(3)) - L[int(column(1)/step + 0.5)]) : 0) name 'g10' nooutput
set label 1 sprintf("largest |F_t(penalty) - F_t(Lagrange)| / (mu F_n):\nstick slope 1 E/h0: %.2f %%\nstick slope 3 E/h0: %.2f %%\nstick slope 10 E/h0: %.2f %%\nLagrange mesh error: %.2f %%", 100*g1_max, 100*g3_max, 100*g10_max, 100*err) at graph 0.03, graph 0.95 left front
pen(c2, c3, c1) = c1 > 0 ? 100*(c2/(mu*c3) - L[int(c1/step + 0.5)]) : NaN
# the 3 E/h0 runs' F_t / (mu F_n) per increment, for the extrapolation from the 10 E/h0 rows
array S3[10]
array T3[10]
stats f3 skip 1 using (column(1) > 0 ? (S3[int(column(1)/step + 0.5)] = column(2)/(mu*column(3)), 0) : 0) nooutput
stats k3 skip 1 using (column(1) > 0 ? (T3[int(column(1)/step + 0.5)] = column(2)/(mu*column(3)), 0) : 0) nooutput
inc(c1) = int(c1/step + 0.5)
ext(x10, x3, k) = 100*(x10 + (x10 - x3) * 3.0/7 - L[k])
limit_k10(c2, c3, c1) = c1 > 0 && c1 < slide ? ext(c2/(mu*c3), S3[inc(c1)], inc(c1)) : NaN
limit_k100(c2, c3, c1) = c1 > 0 && c1 < slide ? ext(c2/(mu*c3), T3[inc(c1)], inc(c1)) : NaN
set multiplot
set grid lc rgb '#d0d0d0'
set lmargin 10
set rmargin 3
set origin 0, 0.52
set size 1, 0.48
set title 'Rathbone thesis Fig. 11, Model C elastic: penalty friction (CalculiX) against Lagrange friction (GetFEM)' noenhanced
set xlabel 'delta_t [nm]'
set ylabel 'F_t / (mu F_n)'
set key bottom right
set xrange [0:5.2]
set yrange [0:1.15]
set samples 400
plot mindlin(x/nm) with lines lw 2 dt 2 lc rgb '#000000' title 'Cattaneo-Mindlin (half-space, exact stick)', \
     lag skip 1 using (column(1) == 2 ? column(2)*nm : NaN):(column(5)/(mu*column(4))):(err) with yerrorbars pt 6 ps 1.5 lw 1.5 lc rgb '#CC79A7' title 'reference: GetFEM Model C, Lagrange (augmented) friction, h0 0.0016875 R', \
     f1 skip 1 using ($1*nm):($2/(mu*$3)) with linespoints pt 5 lc rgb '#D55E00' title 'CalculiX Model C, penalty: stick slope 1 E/h0', \
     f3 skip 1 using ($1*nm):($2/(mu*$3)) with linespoints pt 9 lc rgb '#009E73' title 'CalculiX Model C, penalty: stick slope 3 E/h0', \
     f10 skip 1 using ($1*nm):($2/(mu*$3)) with linespoints pt 7 lc rgb '#0072B2' title 'CalculiX Model C, penalty: stick slope 10 E/h0 (Fig. 12 run)'
unset label 1
set origin 0, 0.26
set size 1, 0.26
set title 'F_t(penalty) - F_t(Lagrange) at the common increments; dotted: the mesh error of the Lagrange run' noenhanced
set ylabel '% of mu F_n'
set yrange [-10:4.5]
set key top center maxrows 3 width -2 font ',9'
plot 100*err with lines lw 1 dt 3 lc rgb '#CC79A7' title 'mesh error of the Lagrange run (+-)', \
     -100*err with lines lw 1 dt 3 lc rgb '#CC79A7' notitle, \
     f1 skip 1 using ($1*nm):(pen($2, $3, $1)) with linespoints pt 5 lc rgb '#D55E00' title 'stick slope 1 E/h0 minus Lagrange', \
     f3 skip 1 using ($1*nm):(pen($2, $3, $1)) with linespoints pt 9 lc rgb '#009E73' title 'stick slope 3 E/h0 minus Lagrange', \
     f10 skip 1 using ($1*nm):(pen($2, $3, $1)) with linespoints pt 7 lc rgb '#0072B2' title 'stick slope 10 E/h0 minus Lagrange'
set origin 0, 0
set size 1, 0.26
set title 'penalty runs extrapolated to an infinite stick slope, minus Lagrange (partial slip)' noenhanced
set yrange [-1:1]
set key top right maxrows 3 font ',9'
plot 100*err with lines lw 1 dt 3 lc rgb '#CC79A7' title 'mesh error of the Lagrange run (+-)', \
     -100*err with lines lw 1 dt 3 lc rgb '#CC79A7' notitle, \
     f10 skip 1 using ($1*nm):(limit_k10($2, $3, $1)) with linespoints pt 4 lc rgb '#000000' title 'K = 10 E/h0 (the runs above)', \
     k10 skip 1 using ($1*nm):(limit_k100($2, $3, $1)) with linespoints pt 8 lw 2 lc rgb '#E69F00' title 'K = 100 E/h0'
unset multiplot

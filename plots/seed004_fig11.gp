# Rathbone thesis Fig. 11 from cwb's Model C FEM (written by hand, not by cwb: three FEM runs
# against a closed form, which no cwb case draws). Render: gnuplot seed004_fig11.gp in this
# folder writes seed004_fig11.png (gnuplot -e "cwb_format='svg'" seed004_fig11.gp: .svg).
# Data: ../reference/fem/seed004_modelc_fig11_stick{1,3}_tangential.csv and
# seed004_modelc_elastic_tangential.csv (studies reference/fem/studies/seed004_modelc_fig11_stick{1,3}
# .study, seed004_modelc_elastic.study: the same elastic Model C run, E 26000 MPa, nu 0.3, R 0.1
# mm, F_n 0.4 mN, mu 0.3, with the friction penalty's stick slope 1, 3 and 10 E/h0). The thesis
# compares penalty runs (slip tolerances) with a Lagrange-multiplier run; CalculiX 2.20's
# friction is a penalty only, so the exact stick limit drawn here is Cattaneo-Mindlin (Johnson
# 1985 eq. 7.43 with G* = G/(2 - nu) on a rigid flat, a from Hertz at F_n), what a Lagrange
# method converges to.
if (!exists("cwb_format")) cwb_format = 'png'
if (!exists("cwb_file")) cwb_file = 'seed004_fig11' . '.' . cwb_format
f1 = '../reference/fem/seed004_modelc_fig11_stick1_tangential.csv'
f3 = '../reference/fem/seed004_modelc_fig11_stick3_tangential.csv'
f10 = '../reference/fem/seed004_modelc_elastic_tangential.csv'
set encoding utf8
set datafile separator ','
set datafile commentschars '#'
if (cwb_format eq 'svg') set terminal svg size 900,600 font 'sans,12'
if (cwb_format eq 'pdf') set terminal pdfcairo size 9in,6in font 'sans,10'
if (cwb_format eq 'png') set terminal pngcairo size 900,600 font 'sans,11'
set termoption noenhanced
set output cwb_file
R = 1e-4; E = 2.6e10; nu = 0.3; mu = 0.3; Fn = 3.991938e-4; nm = 1e9
Es = E/(1 - nu*nu); Gs = E/(2*(1 + nu))/(2 - nu)
a = (3*Fn*R/(4*Es))**(1.0/3)
slide = 3*mu*Fn/(16*Gs*a)
mindlin(d) = d >= slide ? 1.0 : 1.0 - (1.0 - d/slide)**1.5
set title 'Rathbone thesis Fig. 11, cwb Model C FEM: friction penalty (stick slope) against the exact stick (Cattaneo-Mindlin)' noenhanced
set xlabel 'delta_t [nm]'
set ylabel 'F_t / (mu F_n)'
set grid lc rgb '#d0d0d0'
set key bottom right
set xrange [0:5]
set yrange [0:1.1]
set samples 400
plot mindlin(x/nm) with lines lw 2 dt 2 lc rgb '#000000' title 'Cattaneo-Mindlin (exact stick: the Lagrange limit)', \
     f1 skip 1 using ($1*nm):($2/(mu*$3)) with linespoints pt 5 lc rgb '#D55E00' title 'FEM, stick slope 1 E/h0', \
     f3 skip 1 using ($1*nm):($2/(mu*$3)) with linespoints pt 9 lc rgb '#009E73' title 'FEM, stick slope 3 E/h0', \
     f10 skip 1 using ($1*nm):($2/(mu*$3)) with linespoints pt 7 lc rgb '#0072B2' title 'FEM, stick slope 10 E/h0 (Fig. 12 run)'

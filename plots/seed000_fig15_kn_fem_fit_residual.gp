# gnuplot script written by cwb 0.1.0
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed000_fig15_kn_fem_fit_residual.png'
set output cwb_png
set title 'Seed 000 Fig. 15(a): equivalent linear normal stiffness of the FEM two cylinders (residuals)' noenhanced
set grid
set key top right box opaque
set xlabel 'delta_n' noenhanced
set ylabel 'residual' noenhanced
plot 'seed000_fig15_kn_fem_fit.csv' using 1:4 with points pt 7 ps 0.8 lc rgb '#d62728' title 'fit - data'

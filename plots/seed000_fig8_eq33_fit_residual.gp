# gnuplot script written by cwb 0.1.0
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed000_fig8_eq33_fit_residual.png'
set output cwb_png
set title 'Seed 000 Fig. 8: penalty factor w over (a/R, nu), FEM and eq. 33 (residuals)' noenhanced
set grid
set key top right box opaque
set xlabel 'a_over_R' noenhanced
set ylabel 'residual' noenhanced
plot 'seed000_fig8_eq33_fit.csv' using 1:6 with points pt 7 ps 0.8 lc rgb '#d62728' title 'fit - data'

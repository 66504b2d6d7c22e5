# gnuplot script written by cwb 0.1.0
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed000_fig15_kt_fem_fit.png'
set output cwb_png
set title 'Seed 000 Fig. 15(b): equivalent linear tangential stiffness of the FEM two cylinders (mu = 0.3)' noenhanced
set grid
set key top right box opaque
set xlabel 'xi_t' noenhanced
set ylabel 'F_t_data' noenhanced
plot 'seed000_fig15_kt_fem_fit.csv' using 1:2 with points pt 6 ps 1.0 lc rgb '#d62728' title 'data', \
     'seed000_fig15_kt_fem_fit.csv' using 1:3 with linespoints pt 7 ps 0.4 lw 2 lc rgb '#1f77b4' title 'fit'

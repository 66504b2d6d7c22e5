# gnuplot script written by cwb 0.1.0
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed000_fig15_kn_fit.png'
set output cwb_png
set title 'Seed 000 Fig. 15(a): equivalent linear normal stiffness' noenhanced
set grid
set key top right box opaque
set xlabel 'delta_n' noenhanced
set ylabel 'F_n_data' noenhanced
plot 'seed000_fig15_kn_fit.csv' using 1:2 with points pt 6 ps 1.0 lc rgb '#d62728' title 'data', \
     'seed000_fig15_kn_fit.csv' using 1:3 with linespoints pt 7 ps 0.4 lw 2 lc rgb '#1f77b4' title 'fit'

# gnuplot script written by cwb 0.1.0
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed000_fig8_eq33_fit.png'
set output cwb_png
set title 'Seed 000 Fig. 8: penalty factor w over (a/R, nu), FEM and eq. 33' noenhanced
set grid
set key top right box opaque
set xlabel 'a_over_R' noenhanced
set ylabel 'w_data' noenhanced
plot 'seed000_fig8_eq33_fit.csv' using 1:3 with points pt 6 ps 1.0 lc rgb '#d62728' title 'data', \
     'seed000_fig8_eq33_fit.csv' using 1:4 with linespoints pt 7 ps 0.4 lw 2 lc rgb '#1f77b4' title 'fit'

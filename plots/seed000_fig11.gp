# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed000_fig11.png'
set output cwb_png
set title 'Seed 000 Fig. 11: tractions across the strip at delta_t = 0.01 m (q compared)' noenhanced
set xlabel 'x [m]' noenhanced
set ylabel 'q [Pa]' noenhanced
set grid
set key top right box opaque noenhanced
set label 1 'vs reference: max dev. 3.96e-12, rms 1.69e-12 (of max |ref|), 99 pts' at graph 0.02, graph 0.05 front noenhanced
plot 'seed000_fig11.csv' using 1:4 with lines lw 2 lc rgb '#1f77b4' title 'cwb: hertz2d / hertz2d_accurate, q', \
     'seed000_fig11.csv' using 1:3 with lines lw 2 lc rgb '#2ca02c' title 'cwb: hertz2d / hertz2d_accurate, p', \
     '../reference/analytic/seed000_fig11_tractions.csv' using 1:3 every 1 with points pt 6 ps 1.2 lc rgb '#d62728' title 'seed000_fig11_tractions.csv', \
     '../reference/fem/seed000_cylinders_case1_tractions.csv' using 2:4 every 1 with points pt 4 ps 1.2 lc rgb '#ff7f0e' title 'seed000_cylinders_case1_tractions.csv'

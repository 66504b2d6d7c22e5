# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed000_fig15a.png'
set output cwb_png
set title 'Seed 000 Fig. 15(a): normal force, delta_n and delta_t raised together' noenhanced
set xlabel 'delta_n [m]' noenhanced
set ylabel 'F_n [N/m]' noenhanced
set grid
set key top right box opaque noenhanced
set label 1 'vs reference: max dev. 6.75e-13, rms 3.68e-13 (of max |ref|), 101 pts' at graph 0.02, graph 0.05 front noenhanced
plot 'seed000_fig15a.csv' using 3:4 with lines lw 2 lc rgb '#1f77b4' title 'cwb: hertz2d / hertz2d_simplified', \
     '../reference/analytic/seed000_fig15.csv' using 1:3 every 1 with points pt 6 ps 1.2 lc rgb '#d62728' title 'seed000_fig15.csv', \
     '../reference/fem/seed000_cylinders_case2_forces.csv' using 2:8 every 1 with points pt 4 ps 1.2 lc rgb '#ff7f0e' title 'seed000_cylinders_case2_forces.csv'

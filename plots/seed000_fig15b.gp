# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed000_fig15b.png'
set output cwb_png
set title 'Seed 000 Fig. 15(b): tangential force, raised together, mu = 0.3' noenhanced
set xlabel 'xi_t [m]' noenhanced
set ylabel 'F_t [N/m]' noenhanced
set grid
set key top right box opaque noenhanced
set label 1 'vs reference: max dev. 2.26e-12, rms 8.52e-13 (of max |ref|), 101 pts' at graph 0.02, graph 0.05 front noenhanced
plot 'seed000_fig15b.csv' using 5:6 with lines lw 2 lc rgb '#1f77b4' title 'cwb: hertz2d / hertz2d_simplified', \
     'seed000_fig15b_no_slip.csv' using 5:6 with lines lw 2 dt 2 lc rgb '#ff7f0e' title 'seed000_fig15b_no_slip', \
     '../reference/analytic/seed000_fig15.csv' using 2:4 every 1 with points pt 6 ps 1.2 lc rgb '#d62728' title 'seed000_fig15.csv', \
     '../reference/fem/seed000_cylinders_case2_forces.csv' using 5:7 every 1 with points pt 4 ps 1.2 lc rgb '#ff7f0e' title 'seed000_cylinders_case2_forces.csv'

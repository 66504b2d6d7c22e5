# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed000_fig14.png'
set output cwb_png
set title 'Seed 000 Fig. 14: horizontal force, simplified model + Appendix C slide' noenhanced
set xlabel 'S_over_R [-]' noenhanced
set ylabel 'F [N/m]' noenhanced
set grid
set key top right box opaque noenhanced
set label 1 'vs reference: max dev. 2.32e-12, rms 1.17e-12 (of max |ref|), 250 pts' at graph 0.02, graph 0.05 front noenhanced
plot 'seed000_fig14.csv' using 2:9 with lines lw 2 lc rgb '#1f77b4' title 'cwb: hertz2d / hertz2d_simplified', \
     'seed000_fig12.csv' using 2:9 with lines lw 2 dt 2 lc rgb '#ff7f0e' title 'seed000_fig12', \
     '../reference/analytic/seed000_fig14.csv' using 2:3 every 4 with points pt 6 ps 1.2 lc rgb '#d62728' title 'seed000_fig14.csv', \
     '../reference/fem/seed000_cylinders_case1_forces.csv' using 4:6 every 1 with points pt 4 ps 1.2 lc rgb '#ff7f0e' title 'seed000_cylinders_case1_forces.csv'

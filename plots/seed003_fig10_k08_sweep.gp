# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed003_fig10_k08_sweep.png'
set output cwb_png
set title 'Seed 003 Fig. 10: e_s, circle k~ = 0.8, RK4 vs exact and eq. 35' noenhanced
set xlabel 'v0_over_vcrit [-]' noenhanced
set ylabel 'e_s [-]' noenhanced
set grid
set key top right box opaque noenhanced
set label 1 'vs seed003_fig10_k08.csv: max dev. 1.81e-11, rms 1.1e-11 (of max |ref|), 12 pts' at graph 0.02, graph 0.05 front noenhanced
plot 'seed003_fig10_k08_sweep.csv' using 1:10 with linespoints pt 7 ps 0.6 lw 2 lc rgb '#1f77b4' title 'cwb', \
     '../reference/analytic/seed003_fig10_k08.csv' using 1:2 every 1 with points pt 6 ps 1.2 lc rgb '#d62728' title 'seed003_fig10_k08.csv', \
     '../reference/analytic/seed003_fig10_k08_eq35.csv' using 1:2 every 1 with points pt 4 ps 1.2 lc rgb '#ff7f0e' title 'seed003_fig10_k08_eq35.csv'

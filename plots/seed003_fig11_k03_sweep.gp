# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed003_fig11_k03_sweep.png'
set output cwb_png
set title 'Seed 003 Fig. 11: contact_time, circle k~ = 0.3, RK4 vs exact and the 5-point rule (eq. 32)' noenhanced
set xlabel 'v0_over_vcrit [-]' noenhanced
set ylabel 'contact_time [s]' noenhanced
set grid
set key top right box opaque noenhanced
set label 1 'vs seed003_fig11_k03.csv: max dev. 1.27e-11, rms 5.32e-12 (of max |ref|), 12 pts' at graph 0.02, graph 0.05 front noenhanced
plot 'seed003_fig11_k03_sweep.csv' using 1:7 with linespoints pt 7 ps 0.6 lw 2 lc rgb '#1f77b4' title 'cwb', \
     '../reference/analytic/seed003_fig11_k03.csv' using 1:2 every 1 with points pt 6 ps 1.2 lc rgb '#d62728' title 'seed003_fig11_k03.csv', \
     '../reference/analytic/seed003_fig11_k03_eq32.csv' using 1:2 every 1 with points pt 4 ps 1.2 lc rgb '#ff7f0e' title 'seed003_fig11_k03_eq32.csv'

# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'chung_ooi_7_al_alloy_sweep_u_tangential_after.png'
set output cwb_png
set title 'Chung & Ooi test 7: counter-spinning Al-alloy spheres, head-on' noenhanced
set xlabel 'omega1 [rad/s]' noenhanced
set ylabel 'u_tangential_after [m/s]' noenhanced
set grid
set key top right box opaque noenhanced
set label 1 'vs counter_spin_identity.csv: max dev. 7.03e-18, rms 4.04e-18 (of max |ref|), 45 pts' at graph 0.02, graph 0.05 front noenhanced
plot 'chung_ooi_7_al_alloy_sweep.csv' using 1:13 with linespoints pt 7 ps 0.6 lw 2 lc rgb '#1f77b4' title 'cwb', \
     '../reference/analytic/counter_spin_identity.csv' using 1:3 every 1 with points pt 6 ps 1.2 lc rgb '#d62728' title 'counter_spin_identity.csv'

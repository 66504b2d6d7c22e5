# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'history_linear_friction_cycle.png'
set output cwb_png
set title 'Linear tangential law: Coulomb hysteresis loop at N = 100 N' noenhanced
set xlabel 'xi_t [m]' noenhanced
set ylabel 'F_t [N]' noenhanced
set grid
set key top right box opaque noenhanced
set label 1 'vs reference: max dev. 1.07e-15, rms 2.73e-16 (of max |ref|), 401 pts' at graph 0.02, graph 0.05 front noenhanced
plot 'history_linear_friction_cycle.csv' using 5:6 with lines lw 2 lc rgb '#1f77b4' title 'cwb: linear / linear', \
     '../reference/analytic/linear_friction_cycle.csv' using 2:3 every 6 with points pt 6 ps 1.2 lc rgb '#d62728' title 'linear_friction_cycle.csv'

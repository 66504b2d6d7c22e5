# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'history_hertz_force_control.png'
set output cwb_png
set title 'Force-controlled Hertz loading, unloading and reloading' noenhanced
set xlabel 'delta_n [m]' noenhanced
set ylabel 'F_n [N]' noenhanced
set grid
set key top right box opaque noenhanced
set label 1 'vs reference: max dev. 3.24e-09, rms 4.81e-10 (of max |ref|), 199 pts' at graph 0.02, graph 0.05 front noenhanced
plot 'history_hertz_force_control.csv' using 3:4 with lines lw 2 lc rgb '#1f77b4' title 'cwb: hertz / none', \
     '../reference/analytic/hertz_force_displacement.csv' using 1:2 every 5 with points pt 6 ps 1.2 lc rgb '#d62728' title 'hertz_force_displacement.csv'

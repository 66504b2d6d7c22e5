# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'thornton_restitution_sweep.png'
set output cwb_png
set title 'Thornton law: restitution vs impact velocity (seed 004 Table 3 material)' noenhanced
set xlabel 'impact_velocity [m/s]' noenhanced
set ylabel 'restitution_normal [-]' noenhanced
set grid
set key top right box opaque noenhanced
set label 1 'vs thornton_restitution.csv: max dev. 1.45e-06, rms 3.17e-07 (of max |ref|), 61 pts' at graph 0.02, graph 0.05 front noenhanced
plot 'thornton_restitution_sweep.csv' using 10:5 with linespoints pt 7 ps 0.6 lw 2 lc rgb '#1f77b4' title 'cwb', \
     '../reference/analytic/thornton_restitution.csv' using 1:2 every 1 with points pt 6 ps 1.2 lc rgb '#d62728' title 'thornton_restitution.csv'

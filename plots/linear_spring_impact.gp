# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'linear_spring_impact.png'
set output cwb_png
set title 'Linear spring impact: half-sine force pulse' noenhanced
set xlabel 't [s]' noenhanced
set ylabel 'F_n [N]' noenhanced
set grid
set key top right box opaque noenhanced
set label 1 'vs reference: max dev. 3.45e-07, rms 2.44e-08 (of max |ref|), 200 pts' at graph 0.02, graph 0.05 front noenhanced
plot 'linear_spring_impact.csv' using 1:3 with lines lw 2 lc rgb '#1f77b4' title 'cwb: linear / none', \
     '../reference/analytic/linear_impact.csv' using 1:3 every 3 with points pt 6 ps 1.2 lc rgb '#d62728' title 'linear_impact.csv'

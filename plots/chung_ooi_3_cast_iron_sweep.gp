# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'chung_ooi_3_cast_iron_sweep.png'
set output cwb_png
set title 'Chung & Ooi test 3 (cast iron): restitution returned vs restitution given' noenhanced
set xlabel 'e [-]' noenhanced
set ylabel 'restitution_normal [-]' noenhanced
set grid
set key top right box opaque noenhanced
set label 1 'vs restitution_identity.csv: max dev. 1.43e-09, rms 9.84e-10 (of max |ref|), 20 pts' at graph 0.02, graph 0.05 front noenhanced
plot 'chung_ooi_3_cast_iron_sweep.csv' using 1:5 with linespoints pt 7 ps 0.6 lw 2 lc rgb '#1f77b4' title 'cwb', \
     '../reference/analytic/restitution_identity.csv' using 1:2 every 1 with points pt 6 ps 1.2 lc rgb '#d62728' title 'restitution_identity.csv'

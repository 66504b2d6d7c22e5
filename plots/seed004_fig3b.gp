# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed004_fig3b.png'
set output cwb_png
set title 'Seed 004 Fig. 3(b): Hertz pressure across the contact at delta = 0.0001 mm' noenhanced
set xlabel 'r [m]' noenhanced
set ylabel 'p [Pa]' noenhanced
set grid
set key top right box opaque noenhanced
set label 1 'vs reference: max dev. 8.17e-12, rms 2.24e-12 (of max |ref|), 50 pts' at graph 0.02, graph 0.05 front noenhanced
plot 'seed004_fig3b.csv' using 1:3 with lines lw 2 lc rgb '#1f77b4' title 'cwb: hertz / none', \
     '../reference/analytic/hertz_fig3b.csv' using 1:2 every 1 with points pt 6 ps 1.2 lc rgb '#d62728' title 'hertz_fig3b.csv'

# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed004_fig4b.png'
set output cwb_png
set title 'Seed 004 Fig. 4(b): Stronge loading, elastic-plastic to plastic' noenhanced
set xlabel 'delta_n [m]' noenhanced
set ylabel 'F_n [N]' noenhanced
set grid
set key top right box opaque noenhanced
set label 1 'vs reference: max dev. 2.46e-12, rms 9.95e-13 (of max |ref|), 1001 pts' at graph 0.02, graph 0.05 front noenhanced
plot 'seed004_fig4b.csv' using 3:4 with lines lw 2 lc rgb '#1f77b4' title 'cwb: stronge / none', \
     '../reference/analytic/stronge_fig4b.csv' using 2:3 every 16 with points pt 6 ps 1.2 lc rgb '#d62728' title 'stronge_fig4b.csv'

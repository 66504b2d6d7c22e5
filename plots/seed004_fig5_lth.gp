# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed004_fig5_lth.png'
set output cwb_png
set title 'Seed 004 Fig. 5: lth vs Mindlin-Deresiewicz, elastic sphere on a rigid flat, 15 deg' noenhanced
set xlabel 't [s]' noenhanced
set ylabel 'F_t [N]' noenhanced
set grid
set key top right box opaque noenhanced
set label 1 'vs reference: max dev. 0.208, rms 0.0938 (of max |ref|), 2607 pts' at graph 0.02, graph 0.05 front noenhanced
plot 'seed004_fig5_lth.csv' using 1:4 with lines lw 2 lc rgb '#1f77b4' title 'cwb: hertz / lth', \
     'seed004_fig5_md.csv' using 1:4 every 43 with points pt 6 ps 1.2 lc rgb '#d62728' title 'seed004_fig5_md.csv'

# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed003_fig9_k08_exact.png'
set output cwb_png
set title 'Seed 003 Fig. 9: speed along the circle k~ = 0.8, RK4 vs the exact work (v0 = 1.5 v_crit(line))' noenhanced
set xlabel 's [m]' noenhanced
set ylabel 'v [m/s]' noenhanced
set grid
set key top right box opaque noenhanced
set label 1 'vs reference: max dev. 6.24e-10, rms 7.5e-11 (of max |ref|), 201 pts' at graph 0.02, graph 0.05 front noenhanced
plot 'seed003_fig9_k08_exact.csv' using 2:5 with lines lw 2 lc rgb '#1f77b4' title 'cwb: sliding driver (Hertz + Coulomb on the path, RK4)', \
     '../reference/analytic/seed003_fig9_k08_exact.csv' using 1:2 every 3 with points pt 6 ps 1.2 lc rgb '#d62728' title 'seed003_fig9_k08_exact.csv', \
     '../reference/analytic/seed003_fig9_k08.csv' using 1:2 every 3 with points pt 4 ps 1.2 lc rgb '#ff7f0e' title 'seed003_fig9_k08.csv'

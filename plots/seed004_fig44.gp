# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed004_fig44.png'
set output cwb_png
set title 'Seed 004 Fig. 44: tangential stiffness at fixed F_n, new law (y = 7)' noenhanced
set xlabel 'F_t [N]' noenhanced
set ylabel 'k_t [N/m]' noenhanced
set grid
set key top right box opaque noenhanced
plot 'seed004_fig44.csv' using 6:10 with lines lw 2 lc rgb '#1f77b4' title 'cwb: rathbone / rathbone_tangential'

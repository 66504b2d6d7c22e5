# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed004_fig40_a45.png'
set output cwb_png
set title 'Seed 004 Fig. 40: Rathbone normal force, oblique impacts at 15 and 45 deg (Table 6)' noenhanced
set xlabel 't [s]' noenhanced
set ylabel 'F_n [N]' noenhanced
set grid
set key top right box opaque noenhanced
plot 'seed004_fig40_a45.csv' using 1:3 with lines lw 2 lc rgb '#1f77b4' title 'cwb: rathbone / rathbone_tangential', \
     'seed004_fig40_a15.csv' using 1:3 with lines lw 2 dt 2 lc rgb '#ff7f0e' title 'seed004_fig40_a15'

# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed004_fig47_y15.png'
set output cwb_png
set title 'Seed 004 Fig. 47: rathbone_tangential at fixed F_n (y = 3, 7, 15; E = 8500 MPa)' noenhanced
set xlabel 'xi_t [m]' noenhanced
set ylabel 'F_t [N]' noenhanced
set grid
set key top right box opaque noenhanced
plot 'seed004_fig47_y15.csv' using 5:6 with lines lw 2 lc rgb '#1f77b4' title 'cwb: rathbone / rathbone_tangential', \
     'seed004_fig47_y3.csv' using 5:6 with lines lw 2 dt 2 lc rgb '#ff7f0e' title 'seed004_fig47_y3', \
     'seed004_fig47_y7.csv' using 5:6 with lines lw 2 dt 3 lc rgb '#17becf' title 'seed004_fig47_y7'

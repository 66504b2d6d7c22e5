# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed004_cycles_rathbone2015.png'
set output cwb_png
set title 'Seed 004 laws, loading / unloading / reloading (E = 8500 MPa, nu = 0.3, sigma_y = 50 MPa): rathbone2015' noenhanced
set xlabel 'delta_n [m]' noenhanced
set ylabel 'F_n [N]' noenhanced
set grid
set key top right box opaque noenhanced
plot 'seed004_cycles_rathbone2015.csv' using 3:4 with lines lw 2 lc rgb '#1f77b4' title 'cwb: rathbone2015 / none'

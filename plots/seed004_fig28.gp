# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed004_fig28.png'
set output cwb_png
set title 'Seed 004 Fig. 28: Rathbone 2015 vs Jackson-Green (E = 6100 MPa, nu = 0, sigma_y = 40 MPa)' noenhanced
set xlabel 'delta_n [m]' noenhanced
set ylabel 'F_n [N]' noenhanced
set grid
set key top right box opaque noenhanced
plot 'seed004_fig28.csv' using 3:4 with lines lw 2 lc rgb '#1f77b4' title 'cwb: rathbone2015 / none', \
     'seed004_fig28_jackson_green.csv' using 3:4 with lines lw 2 dt 2 lc rgb '#ff7f0e' title 'seed004_fig28_jackson_green'

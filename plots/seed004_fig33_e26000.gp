# gnuplot script written by cwb 0.1.0
# render: cd plots && gnuplot seed004_fig33_e26000.gp
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
set output 'seed004_fig33_e26000.png'
set title "Seed 004 Fig. 33: extended law, E = 26000 MPa" noenhanced
set xlabel 'delta_n [m]' noenhanced
set ylabel 'F_n [N]' noenhanced
set grid
set key top right box opaque
plot 'seed004_fig33_e26000.csv' using 3:4 with lines lw 2 lc rgb '#1f77b4' title 'cwb: rathbone / none'

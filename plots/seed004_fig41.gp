# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed004_fig41.png'
set output cwb_png
set title 'Seed 004 Fig. 41: contact radius, eqs. 74-76 (rathbone) against Hertz' noenhanced
set xlabel 'delta_n [m]' noenhanced
set ylabel 'a [m]' noenhanced
set grid
set key top right box opaque noenhanced
plot 'seed004_fig41.csv' using 3:11 with lines lw 2 lc rgb '#1f77b4' title 'cwb: rathbone / none', \
     'seed004_fig41_hertz.csv' using 3:11 with lines lw 2 dt 2 lc rgb '#ff7f0e' title 'seed004_fig41_hertz'

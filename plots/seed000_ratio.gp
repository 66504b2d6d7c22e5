# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed000_ratio.png'
set output cwb_png
set title 'k_t/k_n of the 2D law (seed 000) against seed 004 eq. 36' noenhanced
set xlabel 'delta_n [m]' noenhanced
set ylabel 'ratio [-]' noenhanced
set grid
set key top right box opaque noenhanced
plot 'seed000_ratio.csv' using 1:8 with lines lw 2 lc rgb '#1f77b4' title 'cwb: hertz2d / hertz2d_accurate, ratio', \
     'seed000_ratio.csv' using 1:9 with lines lw 2 lc rgb '#2ca02c' title 'cwb: hertz2d / hertz2d_accurate, ratio_secant', \
     'seed000_ratio.csv' using 1:10 with lines lw 2 lc rgb '#9467bd' title 'cwb: hertz2d / hertz2d_accurate, ratio_slip_secant', \
     'seed000_ratio.csv' using 1:11 with lines lw 2 lc rgb '#8c564b' title 'cwb: hertz2d / hertz2d_accurate, kappa_36'

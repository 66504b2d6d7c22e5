# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed000_fig15b_no_slip.png'
set output cwb_png
set title 'Seed 000 Fig. 15(b) with no Coulomb limit (mu = 100)' noenhanced
set xlabel 'xi_t [m]' noenhanced
set ylabel 'F_t [N/m]' noenhanced
set grid
set key top right box opaque noenhanced
plot 'seed000_fig15b_no_slip.csv' using 5:6 with lines lw 2 lc rgb '#1f77b4' title 'cwb: hertz2d / hertz2d_simplified'

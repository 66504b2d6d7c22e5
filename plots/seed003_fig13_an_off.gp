# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed003_fig13_an_off.png'
set output cwb_png
set title 'Seed 003 Fig. 13: force control, T0 = 1.5 T_mu, a_n off: v against t' noenhanced
set xlabel 't [s]' noenhanced
set ylabel 'v [m/s]' noenhanced
set grid
set key top right box opaque noenhanced
plot 'seed003_fig13_an_off.csv' using 1:6 with lines lw 2 lc rgb '#1f77b4' title 'cwb: sliding_force driver (rigid spheres, Coulomb, RK4)', \
     'seed003_fig13_an_on.csv' using 1:6 with lines lw 2 dt 2 lc rgb '#ff7f0e' title 'seed003_fig13_an_on'

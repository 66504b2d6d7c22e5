# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed003_fig14_t150.png'
set output cwb_png
set title 'Seed 003 Fig. 14: v against s, T0 = 1.5 T_mu, RK4 vs eq. 43' noenhanced
set xlabel 's [m]' noenhanced
set ylabel 'v [m/s]' noenhanced
set grid
set key top right box opaque noenhanced
set label 1 'vs reference: max dev. 2.54e-09, rms 2.3e-10 (of max |ref|), 200 pts' at graph 0.02, graph 0.05 front noenhanced
plot 'seed003_fig14_t150.csv' using 2:6 with lines lw 2 lc rgb '#1f77b4' title 'cwb: sliding_force driver (rigid spheres, Coulomb, RK4)', \
     'seed003_fig14_t105.csv' using 2:6 with lines lw 2 dt 2 lc rgb '#ff7f0e' title 'seed003_fig14_t105', \
     'seed003_fig14_t200.csv' using 2:6 with lines lw 2 dt 3 lc rgb '#17becf' title 'seed003_fig14_t200', \
     '../reference/analytic/seed003_fig14_t150.csv' using 1:2 every 3 with points pt 6 ps 1.2 lc rgb '#d62728' title 'seed003_fig14_t150.csv'

# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed003_fig4d_p4.png'
set output cwb_png
set title 'Seed 003 Fig. 4d: friction against s, eq. 3, p = 0.25' noenhanced
set xlabel 's [m]' noenhanced
set ylabel 'T_friction [N]' noenhanced
set grid
set key top right box opaque noenhanced
plot 'seed003_fig4d_p4.csv' using 2:11 with lines lw 2 lc rgb '#1f77b4' title 'cwb: sliding driver (Hertz + Coulomb on the path, RK4)', \
     'seed003_fig4d_p2.csv' using 2:11 with lines lw 2 dt 2 lc rgb '#ff7f0e' title 'seed003_fig4d_p2', \
     'seed003_fig4d_p3.csv' using 2:11 with lines lw 2 dt 3 lc rgb '#17becf' title 'seed003_fig4d_p3'

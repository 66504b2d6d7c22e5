# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed004_restitution_thornton_sweep_restitution_normal_vs_impact_over_yield_velocity.png'
set output cwb_png
set title 'Seed 004 laws, E = 8500 MPa, nu = 0.3, sigma_y = 50 MPa: thornton' noenhanced
set xlabel 'impact_over_yield_velocity [-]' noenhanced
set ylabel 'restitution_normal [-]' noenhanced
set grid
set key top right box opaque noenhanced
plot 'seed004_restitution_thornton_sweep.csv' using 26:5 with linespoints pt 7 ps 0.6 lw 2 lc rgb '#1f77b4' title 'cwb'

# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed004_restitution_rathbone_sweep_restitution_normal.png'
set output cwb_png
set title 'Seed 004 laws, E = 8500 MPa, nu = 0.3, sigma_y = 50 MPa: rathbone and all others' noenhanced
set xlabel 'impact_velocity [m/s]' noenhanced
set ylabel 'restitution_normal [-]' noenhanced
set grid
set key top right box opaque noenhanced
plot 'seed004_restitution_rathbone_sweep.csv' using 10:5 with linespoints pt 7 ps 0.6 lw 2 lc rgb '#1f77b4' title 'cwb', \
     'seed004_restitution_thornton_sweep.csv' using 10:5 with lines lw 2 dt 2 lc rgb '#ff7f0e' title 'seed004_restitution_thornton', \
     'seed004_restitution_tomas_sweep.csv' using 10:5 with lines lw 2 dt 3 lc rgb '#17becf' title 'seed004_restitution_tomas', \
     'seed004_restitution_stronge_sweep.csv' using 10:5 with lines lw 2 dt 4 lc rgb '#bcbd22' title 'seed004_restitution_stronge', \
     'seed004_restitution_storakers_sweep.csv' using 10:5 with lines lw 2 dt 2 lc rgb '#e377c2' title 'seed004_restitution_storakers', \
     'seed004_restitution_vu_quoc_sweep.csv' using 10:5 with lines lw 2 dt 3 lc rgb '#7f7f7f' title 'seed004_restitution_vu_quoc', \
     'seed004_restitution_brake_sweep.csv' using 10:5 with lines lw 2 dt 4 lc rgb '#8c564b' title 'seed004_restitution_brake', \
     'seed004_restitution_jackson_green_sweep.csv' using 10:5 with lines lw 2 dt 2 lc rgb '#9467bd' title 'seed004_restitution_jackson_green', \
     'seed004_restitution_rathbone2015_sweep.csv' using 10:5 with lines lw 2 dt 3 lc rgb '#2ca02c' title 'seed004_restitution_rathbone2015'

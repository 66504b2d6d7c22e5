# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed004_cycles_rathbone.png'
set output cwb_png
set title 'Seed 004 laws, loading / unloading / reloading (E = 8500 MPa, nu = 0.3, sigma_y = 50 MPa): rathbone and all others' noenhanced
set xlabel 'delta_n [m]' noenhanced
set ylabel 'F_n [N]' noenhanced
set grid
set key top right box opaque noenhanced
plot 'seed004_cycles_rathbone.csv' using 3:4 with lines lw 2 lc rgb '#1f77b4' title 'cwb: rathbone / none', \
     'seed004_cycles_thornton.csv' using 3:4 with lines lw 2 dt 2 lc rgb '#ff7f0e' title 'seed004_cycles_thornton', \
     'seed004_cycles_tomas.csv' using 3:4 with lines lw 2 dt 3 lc rgb '#17becf' title 'seed004_cycles_tomas', \
     'seed004_cycles_stronge.csv' using 3:4 with lines lw 2 dt 4 lc rgb '#bcbd22' title 'seed004_cycles_stronge', \
     'seed004_cycles_storakers.csv' using 3:4 with lines lw 2 dt 2 lc rgb '#e377c2' title 'seed004_cycles_storakers', \
     'seed004_cycles_vu_quoc.csv' using 3:4 with lines lw 2 dt 3 lc rgb '#7f7f7f' title 'seed004_cycles_vu_quoc', \
     'seed004_cycles_brake.csv' using 3:4 with lines lw 2 dt 4 lc rgb '#8c564b' title 'seed004_cycles_brake', \
     'seed004_cycles_jackson_green.csv' using 3:4 with lines lw 2 dt 2 lc rgb '#9467bd' title 'seed004_cycles_jackson_green', \
     'seed004_cycles_rathbone2015.csv' using 3:4 with lines lw 2 dt 3 lc rgb '#2ca02c' title 'seed004_cycles_rathbone2015'

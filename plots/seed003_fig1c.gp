# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed003_fig1c.png'
set output cwb_png
set title 'Seed 003 Fig. 1c: T* and N* against t, line, v0 = 0.8 v_crit (T* of 1.05, 1.5, 3)' noenhanced
set xlabel 't [s]' noenhanced
set ylabel 'T [N]' noenhanced
set grid
set key top right box opaque noenhanced
plot 'seed003_fig1c.csv' using 1:7 with lines lw 2 lc rgb '#1f77b4' title 'cwb: sliding driver (Hertz + Coulomb on the path, RK4), T', \
     'seed003_fig1c.csv' using 1:8 with lines lw 2 lc rgb '#2ca02c' title 'cwb: sliding driver (Hertz + Coulomb on the path, RK4), N_tool', \
     'seed003_fig1_v105.csv' using 1:7 with lines lw 2 dt 2 lc rgb '#ff7f0e' title 'seed003_fig1_v105', \
     'seed003_fig1_v15.csv' using 1:7 with lines lw 2 dt 3 lc rgb '#17becf' title 'seed003_fig1_v15', \
     'seed003_fig1_v30.csv' using 1:7 with lines lw 2 dt 4 lc rgb '#bcbd22' title 'seed003_fig1_v30'

# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed003_fig3_v30_k03.png'
set output cwb_png
set title 'Seed 003 Fig. 3: T* against t, v0 = -3 v_crit(line), the circle k~ = 0.3' noenhanced
set xlabel 't [s]' noenhanced
set ylabel 'T [N]' noenhanced
set grid
set key top right box opaque noenhanced
plot 'seed003_fig3_v30_k03.csv' using 1:7 with lines lw 2 lc rgb '#1f77b4' title 'cwb: sliding driver (Hertz + Coulomb on the path, RK4)', \
     'seed003_fig3_v30_line.csv' using 1:7 with lines lw 2 dt 2 lc rgb '#ff7f0e' title 'seed003_fig3_v30_line', \
     'seed003_fig3_v30_k08.csv' using 1:7 with lines lw 2 dt 3 lc rgb '#17becf' title 'seed003_fig3_v30_k08'

# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed004_fig36.png'
set output cwb_png
set title 'Seed 004 Fig. 36: Hertz normal force, elastic oblique impact (Table 5, 0.05 m/s)' noenhanced
set xlabel 't [s]' noenhanced
set ylabel 'F_n [N]' noenhanced
set grid
set key top right box opaque noenhanced
plot 'seed004_fig36.csv' using 1:3 with lines lw 2 lc rgb '#1f77b4' title 'cwb: hertz / mindlin_deresiewicz'

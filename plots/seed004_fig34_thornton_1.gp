# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed004_fig34_thornton_1.png'
set output cwb_png
set title 'Seed 004 Fig. 34: Thornton (1), p_y = 316.5 MPa' noenhanced
set xlabel 'delta_n [m]' noenhanced
set ylabel 'F_n [N]' noenhanced
set grid
set key top right box opaque noenhanced
plot 'seed004_fig34_thornton_1.csv' using 3:4 with lines lw 2 lc rgb '#1f77b4' title 'cwb: thornton / none'

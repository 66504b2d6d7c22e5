# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed000_fig9.png'
set output cwb_png
set title 'Seed 000 Fig. 9: relative errors of eq. 20 with w = 0.5 instead of eq. 33' noenhanced
set xlabel 'a_over_R [-]' noenhanced
set ylabel 'disp_error_nu0 [-]' noenhanced
set grid
set key top right box opaque noenhanced
plot 'seed000_fig9.csv' using 1:3 with lines lw 2 lc rgb '#1f77b4' title 'cwb: hertz2d / hertz2d_accurate, disp_error_nu0', \
     'seed000_fig9.csv' using 1:6 with lines lw 2 lc rgb '#2ca02c' title 'cwb: hertz2d / hertz2d_accurate, disp_error_nu0.15', \
     'seed000_fig9.csv' using 1:9 with lines lw 2 lc rgb '#9467bd' title 'cwb: hertz2d / hertz2d_accurate, disp_error_nu0.3', \
     'seed000_fig9.csv' using 1:12 with lines lw 2 lc rgb '#8c564b' title 'cwb: hertz2d / hertz2d_accurate, disp_error_nu0.45', \
     'seed000_fig9.csv' using 1:4 with lines lw 2 lc rgb '#d62728' title 'cwb: hertz2d / hertz2d_accurate, force_error_nu0', \
     'seed000_fig9.csv' using 1:13 with lines lw 2 lc rgb '#ff7f0e' title 'cwb: hertz2d / hertz2d_accurate, force_error_nu0.45'

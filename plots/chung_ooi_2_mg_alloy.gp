# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'chung_ooi_2_mg_alloy.png'
set output cwb_png
set title 'Chung & Ooi test 2, Mg alloy sphere on a rigid plane at 0.2 m/s' noenhanced
set xlabel 't [s]' noenhanced
set ylabel 'F_n [N]' noenhanced
set grid
set key top right box opaque noenhanced
set label 1 'vs reference: max dev. 1.64e-06, rms 1.16e-07 (of max |ref|), 201 pts' at graph 0.02, graph 0.05 front noenhanced
plot 'chung_ooi_2_mg_alloy.csv' using 1:3 with lines lw 2 lc rgb '#1f77b4' title 'cwb: hertz / none', \
     '../reference/analytic/hertz_impact_chung_ooi_2_mg_alloy.csv' using 1:3 every 3 with points pt 6 ps 1.2 lc rgb '#d62728' title 'hertz_impact_chung_ooi_2_mg_alloy.csv'

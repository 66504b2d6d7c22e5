# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'chung_ooi_6_al_alloy_sweep_tan_recoil.png'
set output cwb_png
set title 'Chung & Ooi test 6: spinning Al-alloy sphere on a rigid plane (mu = 0.4, e = 0.5)' noenhanced
set xlabel 'tan_incident [-]' noenhanced
set ylabel 'tan_recoil [-]' noenhanced
set grid
set key top right box opaque noenhanced
set label 1 'vs spin_gross_sliding_tan.csv: max dev. 0.000116, rms 0.000114 (of max |ref|), 21 pts' at graph 0.02, graph 0.05 front noenhanced
plot 'chung_ooi_6_al_alloy_sweep.csv' using 21:22 with linespoints pt 7 ps 0.6 lw 2 lc rgb '#1f77b4' title 'cwb', \
     '../reference/analytic/spin_gross_sliding_tan.csv' using 1:2 every 1 with points pt 6 ps 1.2 lc rgb '#d62728' title 'spin_gross_sliding_tan.csv', \
     '../reference/published/chung_ooi_2011_test6_tan_al_alloy.csv' using 1:2 every 1 with points pt 4 ps 1.2 lc rgb '#ff7f0e' title 'chung_ooi_2011_test6_tan_al_alloy.csv'

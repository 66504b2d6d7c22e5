# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'chung_ooi_4_al_alloy_sweep_rebound_angle_deg.png'
set output cwb_png
set title 'Chung & Ooi test 4, Al alloy sphere at 3.9 m/s (Hertz-Mindlin, mu = 0.092)' noenhanced
set xlabel 'impact_angle_deg [deg]' noenhanced
set ylabel 'rebound_angle_deg [deg]' noenhanced
set grid
set key top right box opaque noenhanced
set label 1 'vs oblique_gross_sliding_rebound_al_alloy.csv: max dev. 0.00116, rms 0.000619 (of max |ref|), 52 pts' at graph 0.02, graph 0.05 front noenhanced
plot 'chung_ooi_4_al_alloy_sweep.csv' using 1:8 with linespoints pt 7 ps 0.6 lw 2 lc rgb '#1f77b4' title 'cwb', \
     '../reference/analytic/oblique_gross_sliding_rebound_al_alloy.csv' using 1:2 every 1 with points pt 6 ps 1.2 lc rgb '#d62728' title 'oblique_gross_sliding_rebound_al_alloy.csv', \
     '../reference/published/chung_ooi_2011_test4_rebound_al_alloy.csv' using 1:2 every 1 with points pt 4 ps 1.2 lc rgb '#ff7f0e' title 'chung_ooi_2011_test4_rebound_al_alloy.csv'

# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'chung_ooi_8_al_alloy_sweep.png'
set output cwb_png
set title 'Chung & Ooi test 8 (case A): spinning sphere on a sphere 100x larger' noenhanced
set xlabel 'chi [-]' noenhanced
set ylabel 'beta [-]' noenhanced
set grid
set key top right box opaque noenhanced
set label 1 'vs spin_gross_sliding_beta.csv: max dev. 6.98e-05, rms 1.79e-05 (of max |ref|), 16 pts' at graph 0.02, graph 0.05 front noenhanced
plot 'chung_ooi_8_al_alloy_sweep.csv' using 23:24 with linespoints pt 7 ps 0.6 lw 2 lc rgb '#1f77b4' title 'cwb', \
     '../reference/analytic/spin_gross_sliding_beta.csv' using 1:2 every 1 with points pt 6 ps 1.2 lc rgb '#d62728' title 'spin_gross_sliding_beta.csv', \
     '../reference/published/chung_ooi_2011_test8_beta_case_a.csv' using 1:2 every 1 with points pt 4 ps 1.2 lc rgb '#ff7f0e' title 'chung_ooi_2011_test8_beta_case_a.csv', \
     '../reference/published/chung_ooi_2011_test6_beta_al_alloy.csv' using 1:2 every 1 with points pt 8 ps 1.2 lc rgb '#000000' title 'chung_ooi_2011_test6_beta_al_alloy.csv'

# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'chung_ooi_5_nu030_sweep_psi2.png'
set output cwb_png
set title 'Chung & Ooi test 5 (nu = 0.30, mu = 0.3): recoil vs incident angle, normalised' noenhanced
set xlabel 'psi1 [-]' noenhanced
set ylabel 'psi2 [-]' noenhanced
set grid
set key top right box opaque noenhanced
set label 1 'vs psi_gross_sliding_nu30.csv: max dev. 0.00383, rms 0.00383 (of max |ref|), 29 pts' at graph 0.02, graph 0.05 front noenhanced
plot 'chung_ooi_5_nu030_sweep.csv' using 18:19 with linespoints pt 7 ps 0.6 lw 2 lc rgb '#1f77b4' title 'cwb', \
     '../reference/analytic/psi_gross_sliding_nu30.csv' using 1:2 every 1 with points pt 6 ps 1.2 lc rgb '#d62728' title 'psi_gross_sliding_nu30.csv'

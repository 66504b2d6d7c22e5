# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'chung_ooi_5_nu040_sweep_psi2_maw.png'
set output cwb_png
set title 'Chung & Ooi test 5 (nu = 0.40, mu = 0.3): recoil vs incident angle, normalised' noenhanced
set xlabel 'psi1_maw [-]' noenhanced
set ylabel 'psi2_maw [-]' noenhanced
set grid
set key top right box opaque noenhanced
set label 1 'vs psi_gross_sliding_nu40.csv: max dev. 0.0133, rms 0.0133 (of max |ref|), 29 pts' at graph 0.02, graph 0.05 front noenhanced
plot 'chung_ooi_5_nu040_sweep.csv' using 20:21 with linespoints pt 7 ps 0.6 lw 2 lc rgb '#1f77b4' title 'cwb', \
     '../reference/analytic/psi_gross_sliding_nu40.csv' using 3:4 every 1 with points pt 6 ps 1.2 lc rgb '#d62728' title 'psi_gross_sliding_nu40.csv'

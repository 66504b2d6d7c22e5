# Rathbone thesis Table 7 from cwb's FEM (written by hand, not by cwb: the errors of two force
# models along the FEM's loading increments, which no cwb case draws). Render: gnuplot
# seed004_table7.gp in this folder writes seed004_table7.png (gnuplot -e "cwb_format='svg'"
# seed004_table7.gp: .svg).
# Data: ../reference/fem/seed004_table7_curves.csv (script
# reference/fem/studies/seed004_table7.py): F_model / F_FEM - 1 over 25-50 delta_y, table 1 =
# seed004_modelB_E8500_s50 (nu 0, Model B's range), 9 = seed004_fig33_8500 and 10 =
# seed004_fig33_26000 (nu 0.3). (a) the thesis' constants: non-linear = eq. 59 with z = 2/3 and
# eq. 65's c continued to 50 delta_y, linear = eq. 63 from 25 delta_y; (b) one constant refitted
# to the same FEM (the non-linear model's c; the slope of a line through the FEM at 25 delta_y).
if (!exists("cwb_format")) cwb_format = 'png'
if (!exists("cwb_file")) cwb_file = 'seed004_table7' . '.' . cwb_format
data = '../reference/fem/seed004_table7_curves.csv'
set encoding utf8
set datafile separator ','
set datafile commentschars '#'

if (cwb_format eq 'svg') set terminal svg size 1100,520 font 'sans,12'
if (cwb_format eq 'pdf') set terminal pdfcairo size 11in,5.2in font 'sans,10'
if (cwb_format eq 'png') set terminal pngcairo size 1100,520 font 'sans,11'
set termoption noenhanced
set output cwb_file
set multiplot layout 1,2 title 'Rathbone thesis Table 7 against cwb FEM: force error over 25-50 delta_y (thesis: non-linear 0.35-1.52 %, linear 1.77-1.99 %)' noenhanced
set xlabel 'delta / delta_y'
set ylabel 'F_model / F_FEM - 1 [%]'
set grid lc rgb '#d0d0d0'
set key below maxrows 3
set xrange [25:50]
sel(t, k, col) = (column(1) == k ? 100.0 * column(col) : 1/0)
set title "(a) the thesis' constants (eqs. 59/65 and 63)"
plot data skip 1 using 2:(sel(0, 1, 3)) with linespoints pt 7 lc rgb '#0072B2' title 'non-linear, Model B E 8500 nu 0', \
     data skip 1 using 2:(sel(0, 1, 4)) with linespoints pt 5 dt 2 lc rgb '#0072B2' title 'linear, Model B E 8500 nu 0', \
     data skip 1 using 2:(sel(0, 9, 3)) with linespoints pt 7 lc rgb '#D55E00' title 'non-linear, E 8500 nu 0.3', \
     data skip 1 using 2:(sel(0, 9, 4)) with linespoints pt 5 dt 2 lc rgb '#D55E00' title 'linear, E 8500 nu 0.3', \
     data skip 1 using 2:(sel(0, 10, 3)) with linespoints pt 7 lc rgb '#009E73' title 'non-linear, E 26000 nu 0.3', \
     data skip 1 using 2:(sel(0, 10, 4)) with linespoints pt 5 dt 2 lc rgb '#009E73' title 'linear, E 26000 nu 0.3'
set title '(b) one constant refitted to the FEM over 25-50 delta_y'
plot data skip 1 using 2:(sel(0, 1, 5)) with linespoints pt 7 lc rgb '#0072B2' title 'non-linear (c refitted), nu 0', \
     data skip 1 using 2:(sel(0, 1, 6)) with linespoints pt 5 dt 2 lc rgb '#0072B2' title 'linear (slope refitted), nu 0', \
     data skip 1 using 2:(sel(0, 9, 5)) with linespoints pt 7 lc rgb '#D55E00' title 'non-linear, E 8500 nu 0.3', \
     data skip 1 using 2:(sel(0, 9, 6)) with linespoints pt 5 dt 2 lc rgb '#D55E00' title 'linear, E 8500 nu 0.3', \
     data skip 1 using 2:(sel(0, 10, 5)) with linespoints pt 7 lc rgb '#009E73' title 'non-linear, E 26000 nu 0.3', \
     data skip 1 using 2:(sel(0, 10, 6)) with linespoints pt 5 dt 2 lc rgb '#009E73' title 'linear, E 26000 nu 0.3', \
     0 with lines lc rgb '#000000' notitle
unset multiplot

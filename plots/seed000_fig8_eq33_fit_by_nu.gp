# gnuplot script written by cwb 0.1.0
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,720 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed000_fig8_eq33_fit_by_nu.png'
set output cwb_png
set title 'Seed 000 Fig. 8: penalty factor w over (a/R, nu), FEM and eq. 33: w against a/R for each nu' noenhanced
set grid
set key outside right top box
set samples 300
set xlabel 'a/R' noenhanced
set ylabel 'penalty factor w' noenhanced
wfit(x, nu) = 0.2492908983 + 1.867645815*x + 0.2174005442*nu + -4.800723546*x**2 + 1.196741665*x*nu + 0.4148452543*nu**2
wpaper(x, nu) = 0.22 + 2.89*x + 0.18*nu + -10.31*x**2 + 1.75*x*nu + 0.36*nu**2
set xrange [0:*]
plot NaN with lines lw 2 lc rgb 'black' title 'cwb fit', \
     NaN with lines lw 1 dt 2 lc rgb 'black' title 'paper eq. 33', \
     'seed000_fig8_eq33_fit.csv' using 1:(abs($2 - 0) < 1e-9 ? $3 : 1/0) with points pt 7 ps 0.8 lc 1 title 'nu = 0', \
     wfit(x, 0) with lines lw 2 lc 1 notitle, \
     wpaper(x, 0) with lines lw 1 dt 2 lc 1 notitle, \
     'seed000_fig8_eq33_fit.csv' using 1:(abs($2 - 0.05) < 1e-9 ? $3 : 1/0) with points pt 7 ps 0.8 lc 2 title 'nu = 0.05', \
     wfit(x, 0.05) with lines lw 2 lc 2 notitle, \
     wpaper(x, 0.05) with lines lw 1 dt 2 lc 2 notitle, \
     'seed000_fig8_eq33_fit.csv' using 1:(abs($2 - 0.1) < 1e-9 ? $3 : 1/0) with points pt 7 ps 0.8 lc 3 title 'nu = 0.1', \
     wfit(x, 0.1) with lines lw 2 lc 3 notitle, \
     wpaper(x, 0.1) with lines lw 1 dt 2 lc 3 notitle, \
     'seed000_fig8_eq33_fit.csv' using 1:(abs($2 - 0.15) < 1e-9 ? $3 : 1/0) with points pt 7 ps 0.8 lc 4 title 'nu = 0.15', \
     wfit(x, 0.15) with lines lw 2 lc 4 notitle, \
     wpaper(x, 0.15) with lines lw 1 dt 2 lc 4 notitle, \
     'seed000_fig8_eq33_fit.csv' using 1:(abs($2 - 0.2) < 1e-9 ? $3 : 1/0) with points pt 7 ps 0.8 lc 5 title 'nu = 0.2', \
     wfit(x, 0.2) with lines lw 2 lc 5 notitle, \
     wpaper(x, 0.2) with lines lw 1 dt 2 lc 5 notitle, \
     'seed000_fig8_eq33_fit.csv' using 1:(abs($2 - 0.25) < 1e-9 ? $3 : 1/0) with points pt 7 ps 0.8 lc 6 title 'nu = 0.25', \
     wfit(x, 0.25) with lines lw 2 lc 6 notitle, \
     wpaper(x, 0.25) with lines lw 1 dt 2 lc 6 notitle, \
     'seed000_fig8_eq33_fit.csv' using 1:(abs($2 - 0.3) < 1e-9 ? $3 : 1/0) with points pt 7 ps 0.8 lc 7 title 'nu = 0.3', \
     wfit(x, 0.3) with lines lw 2 lc 7 notitle, \
     wpaper(x, 0.3) with lines lw 1 dt 2 lc 7 notitle, \
     'seed000_fig8_eq33_fit.csv' using 1:(abs($2 - 0.35) < 1e-9 ? $3 : 1/0) with points pt 7 ps 0.8 lc 8 title 'nu = 0.35', \
     wfit(x, 0.35) with lines lw 2 lc 8 notitle, \
     wpaper(x, 0.35) with lines lw 1 dt 2 lc 8 notitle, \
     'seed000_fig8_eq33_fit.csv' using 1:(abs($2 - 0.4) < 1e-9 ? $3 : 1/0) with points pt 7 ps 0.8 lc 9 title 'nu = 0.4', \
     wfit(x, 0.4) with lines lw 2 lc 9 notitle, \
     wpaper(x, 0.4) with lines lw 1 dt 2 lc 9 notitle, \
     'seed000_fig8_eq33_fit.csv' using 1:(abs($2 - 0.45) < 1e-9 ? $3 : 1/0) with points pt 7 ps 0.8 lc 10 title 'nu = 0.45', \
     wfit(x, 0.45) with lines lw 2 lc 10 notitle, \
     wpaper(x, 0.45) with lines lw 1 dt 2 lc 10 notitle

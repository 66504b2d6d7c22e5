# gnuplot script written by cwb 0.1.0
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed000_fig7b.png'
set output cwb_png
set title 'Seed 000 Fig. 7b: w against the contact width a/R (R = 0.5 m, nu = 0.25)' noenhanced
set grid
set key bottom right box opaque
set xlabel 'a_over_R' noenhanced
set ylabel 'penalty factor w' noenhanced
plot 'seed000_fig7b.csv' using 1:4 with points pt 7 ps 1.2 lc rgb '#d62728' title 'FEM (gmsh + CalculiX), w from eq. 20', \
     'seed000_fig7b.csv' using 1:5 with linespoints pt 6 lw 2 lc rgb '#1f77b4' title 'eq. 33, cwb fit to the FEM grid', \
     'seed000_fig7b.csv' using 1:6 with linespoints pt 4 lw 1 dt 2 lc rgb 'black' title 'eq. 33, paper'

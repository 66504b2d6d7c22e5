# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder (writes NAME.png)
set datafile separator ','
set datafile columnheaders
set terminal pngcairo size 960,640 font 'Sans,11' noenhanced
if (!exists("cwb_png")) cwb_png = 'seed004_oblique_two_spheres.png'
set output cwb_png
set title 'Two Table 6 spheres, rathbone + rathbone_tangential, 30 deg, 1 m/s' noenhanced
set xlabel 'xi_t [m]' noenhanced
set ylabel 'F_t [N]' noenhanced
set grid
set key top right box opaque noenhanced
plot 'seed004_oblique_two_spheres.csv' using 14:4 with lines lw 2 lc rgb '#1f77b4' title 'cwb: rathbone / rathbone_tangential'

# Rathbone thesis Figs. 19-21 from cwb's axisymmetric FEM (written by hand, not by cwb: maps of
# one FEM increment, which no cwb case draws). Render: gnuplot seed004_fig20.gp in this folder
# writes seed004_fig20.png (gnuplot -e "cwb_format='svg'" seed004_fig20.gp: .svg).
# Data: ../reference/fem/seed004_fig18_profiles.csv (the contact pressure of every loading
# increment) and ../reference/fem/seed004_fig20_map.csv (script
# reference/fem/studies/seed004_fig20_map.py from the study's .frd): Table 3's initial material
# (E 6100 MPa, nu 0, sigma_y 40 MPa, R 0.1 mm) at the thesis' displacement 0.0001 mm = 5.6
# delta_y. (a) Fig. 19: the contact pressure over the contact area, the axisymmetric profile
# revolved (36 directions); (b) Fig. 20: von Mises stress in the r-z section, nodes at or above
# sigma_y (nodal averaging lets it reach 1.10 sigma_y) ringed in grey as in the thesis; (c) Fig.
# 21: equivalent plastic strain PEEQ. r-z maps mirrored about the axis.
if (!exists("cwb_format")) cwb_format = 'png'
if (!exists("cwb_file")) cwb_file = 'seed004_fig20' . '.' . cwb_format
prof = '../reference/fem/seed004_fig18_profiles.csv'
map = '../reference/fem/seed004_fig20_map.csv'
set encoding utf8
set datafile separator ','
set datafile commentschars '#'
if (cwb_format eq 'svg') set terminal svg size 1500,520 font 'sans,12'
if (cwb_format eq 'pdf') set terminal pdfcairo size 15in,5.2in font 'sans,10'
if (cwb_format eq 'png') set terminal pngcairo size 1500,520 font 'sans,11'
set termoption noenhanced
set output cwb_file
um = 1e6; MPa = 1e-6; sy = 4e7; dmax = 1e-7
set multiplot layout 1,3 title 'Rathbone thesis Figs. 19-21, cwb axisymmetric FEM at delta = 0.0001 mm (E 6100 MPa, nu 0, sigma_y 40 MPa)' noenhanced
set grid lc rgb '#d0d0d0'
set palette defined (0 '#440154', 0.25 '#3b528b', 0.5 '#21918c', 0.75 '#5ec962', 1 '#fde725')
set key below
set size ratio -1
set title '(a) Fig. 19: contact pressure (axis node: no area)'
set xlabel 'x [µm]'
set ylabel 'y [µm]'
set cblabel 'p [MPa]'
plot for [k=0:35] prof skip 1 using ((abs($1/dmax - 1) < 1e-3 && $3 > 0) ? $2*um*cos(k*pi/18) : 1/0):($2*um*sin(k*pi/18)):($3*MPa) with points pt 7 ps 0.9 palette notitle
set title '(b) Fig. 20: von Mises stress [MPa], grey rings: at or above sigma_y'
set xlabel 'r [µm]'
set ylabel 'z into the sphere [µm]'
set xrange [-8:8]
set yrange [0:8] reverse
set size ratio -1
set cblabel 'von Mises [MPa]'
plot map skip 1 using ($1*um):($2*um):($3*MPa) with points pt 7 ps 0.8 palette notitle, \
     map skip 1 using (-$1*um):($2*um):($3*MPa) with points pt 7 ps 0.8 palette notitle, \
     map skip 1 using ($3 >= sy ? $1*um : 1/0):($2*um) with points pt 6 ps 0.5 lc rgb '#808080' title 'von Mises >= sigma_y', \
     map skip 1 using ($3 >= sy ? -$1*um : 1/0):($2*um) with points pt 6 ps 0.5 lc rgb '#808080' notitle
set title '(c) Fig. 21: equivalent plastic strain PEEQ'
set cblabel 'PEEQ [-]'
set cbrange [0:*]  # CalculiX's extrapolation to the nodes dips to -0.002 at the plastic zone's rim
plot map skip 1 using ($1*um):($2*um):4 with points pt 7 ps 0.8 palette notitle, \
     map skip 1 using (-$1*um):($2*um):4 with points pt 7 ps 0.8 palette notitle
unset multiplot

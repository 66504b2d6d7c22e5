# Rathbone thesis Fig. 48 from cwb's Model D FEM (written by hand, not by cwb: a map of one
# FEM increment, which no cwb case draws). Render: gnuplot seed004_fig48.gp in this folder
# writes seed004_fig48.png (gnuplot -e "cwb_format='svg'" seed004_fig48.gp: .svg).
# Data: ../reference/fem/seed004_modeld_a30_E8500_s50_contact.csv (study
# reference/fem/studies/seed004_modeld_a30_E8500_s50.study, `cwb reference`): the contact area of
# the elastic-plastic sphere (E 8500 MPa, nu 0.3, sigma_y 50 MPa, R 0.1 mm) on an elastic block
# midway through a 30 deg impact (v_n 1 m/s). The FEM is a half model (y >= 0): the map is
# mirrored about y = 0. (a) the local slip |CSLIP| of each contact node, slipping nodes circled;
# (b) the sphere's equivalent plastic strain PEEQ there. x along the sphere's tangential velocity.
if (!exists("cwb_format")) cwb_format = 'png'
if (!exists("cwb_file")) cwb_file = 'seed004_fig48' . '.' . cwb_format
data = '../reference/fem/seed004_modeld_a30_E8500_s50_contact.csv'
set encoding utf8
set datafile separator ','
set datafile commentschars '#'
set termoption noenhanced
if (cwb_format eq 'svg') set terminal svg size 1100,520 font 'sans,12'
if (cwb_format eq 'pdf') set terminal pdfcairo size 11in,5.2in font 'sans,10'
if (cwb_format eq 'png') set terminal pngcairo size 1100,520 font 'sans,11'
set output cwb_file
um = 1e6
set multiplot layout 1,2 title 'Rathbone thesis Fig. 48, cwb Model D FEM: contact area 1.23 us into the 2.42 us contact of a 30 deg impact (E 8500 MPa, sigma_y 50 MPa)' noenhanced
set size ratio -1
set xlabel 'x [µm] (along the tangential velocity)'
set ylabel 'y [µm]'
set grid lc rgb '#d0d0d0'
set palette defined (0 '#fde725', 0.25 '#5ec962', 0.5 '#21918c', 0.75 '#3b528b', 1 '#440154')
set key below
# columns: 1 x, 2 y, 3 p, 4 tau, 5 tau/(mu p), 6 slip, 7 state (0 open, 1 stick, 2 slip), 8 PEEQ
set title '(a) local slip |CSLIP| [µm]'
set cblabel 'slip [µm]'
plot data skip 1 using ($3 > 0 ? $1*um : 1/0):($2*um):($6*um) with points pt 7 ps 1.6 palette notitle, \
     data skip 1 using ($3 > 0 ? $1*um : 1/0):(-$2*um):($6*um) with points pt 7 ps 1.6 palette notitle, \
     data skip 1 using ($7 == 2 ? $1*um : 1/0):($2*um) with points pt 6 ps 2.2 lc rgb '#D55E00' title 'slipping (tau = mu p)', \
     data skip 1 using ($7 == 2 ? $1*um : 1/0):(-$2*um) with points pt 6 ps 2.2 lc rgb '#D55E00' notitle, \
     data skip 1 using ($3 > 0 ? 1/0 : $1*um):($2*um) with points pt 1 ps 0.8 lc rgb '#7F7F7F' title 'open'
set title '(b) equivalent plastic strain PEEQ of the sphere'
set cblabel 'PEEQ [-]'
plot data skip 1 using ($3 > 0 ? $1*um : 1/0):($2*um):8 with points pt 7 ps 1.6 palette notitle, \
     data skip 1 using ($3 > 0 ? $1*um : 1/0):(-$2*um):8 with points pt 7 ps 1.6 palette notitle, \
     data skip 1 using ($3 > 0 ? 1/0 : $1*um):($2*um) with points pt 1 ps 0.8 lc rgb '#7F7F7F' title 'open'
unset multiplot

# Rathbone thesis Fig. 18 from cwb's FEM (written by hand, not by cwb: pressure profiles at several
# increments of one FEM run, which no cwb case draws). Render: gnuplot seed004_fig18.gp in this
# folder writes seed004_fig18.png (gnuplot -e "cwb_format='svg'" seed004_fig18.gp: .svg).
# Data: ../reference/fem/seed004_fig18_profiles.csv and seed004_fig18.csv (study
# reference/fem/studies/seed004_fig18.study, `cwb reference`): Table 3's initial material (E 6100
# MPa, nu 0, sigma_y 40 MPa, R 0.1 mm; delta_y = 1.8e-8 m) loaded to 1e-7 m. (a) the force against
# the overlap with the increments whose profiles are drawn; (b) the contact pressure against r at
# those increments: below delta_y with Hertz's p0 (1 - r^2/a^2)^1/2 (Johnson 1985 eq. 4.49; a =
# (R delta)^1/2, p0 = 2 E* a / (pi R)), above it the FEM alone. The node on the axis carries no
# area in CalculiX's expanded axisymmetric model (its p is 0): not drawn.
if (!exists("cwb_format")) cwb_format = 'png'
if (!exists("cwb_file")) cwb_file = 'seed004_fig18' . '.' . cwb_format
prof = '../reference/fem/seed004_fig18_profiles.csv'
curve = '../reference/fem/seed004_fig18.csv'
set encoding utf8
set datafile separator ','
set datafile commentschars '#'
if (cwb_format eq 'svg') set terminal svg size 1100,520 font 'sans,12'
if (cwb_format eq 'pdf') set terminal pdfcairo size 11in,5.2in font 'sans,10'
if (cwb_format eq 'png') set terminal pngcairo size 1100,520 font 'sans,11'
set termoption noenhanced
set output cwb_file
R = 1e-4; Es = 6.1e9; dy = 1.79111e-8; um = 1e6; MPa = 1e-6
# the increments drawn: three below delta_y (elastic), four above
DELTAS = '5.0e-9 1.0e-8 1.5e-8 2.5e-8 4.0e-8 6.0e-8 1.0e-7'  # mantissas with a point: gnuplot reads '5e-9' as 5
ELASTIC = '5.0e-9 1.0e-8 1.5e-8'
hertz(r, d) = (r < sqrt(R*d)) ? 2*Es*sqrt(R*d)/(pi*R) * sqrt(1 - r*r/(R*d)) : 0
at(d) = (abs(column(1)/d - 1) < 1e-3) ? 1 : 0
dk(k) = word(DELTAS, k) + 0
set multiplot layout 1,2 title 'Rathbone thesis Fig. 18, cwb FEM: force and pressure profiles at several loads (E 6100 MPa, nu 0, sigma_y 40 MPa)' noenhanced
set grid lc rgb '#d0d0d0'
set key below maxrows 4
set title '(a) force against overlap, leg 1 (loading)'
set xlabel 'delta [µm]'
set ylabel 'F [mN]'
plot curve skip 1 using ($1 == 1 ? $2*um : 1/0):($3*1e3) with linespoints pt 7 ps 0.6 lc rgb '#000000' title 'FEM, every increment', \
     for [k=1:words(DELTAS)] curve skip 1 using ((abs($2/dk(k) - 1) < 1e-3 && $1 == 1) ? $2*um : 1/0):($3*1e3) with points pt 6 ps 2 lw 2 lc k title sprintf('profile at %.2f delta_y', dk(k)/dy)
set title '(b) contact pressure: FEM (points), Hertz below delta_y (lines)'
set xlabel 'r [µm]'
set ylabel 'p [MPa]'
set xrange [0:4e-6*um]
set samples 400
plot for [k=1:words(DELTAS)] prof skip 1 using ((at(dk(k)) && $2 > 1e-9) ? $2*um : 1/0):($3*MPa) with linespoints pt 7 ps 0.7 lc k title sprintf('FEM %.2f delta_y', dk(k)/dy), \
     for [k=1:words(ELASTIC)] [0:4e-6] '+' using ($1*um):(hertz($1, dk(k))*MPa) with lines dt 2 lw 1.5 lc k notitle, \
     NaN with lines dt 2 lw 1.5 lc rgb '#000000' title 'Hertz (same colour)'
unset multiplot

# gnuplot script written by cwb 0.1.0
# render: gnuplot NAME.gp in this folder writes NAME.png; gnuplot -e "cwb_format='svg'" NAME.gp writes NAME.svg (or 'pdf')
set encoding utf8
set datafile separator ','
set datafile columnheaders
if (!exists("cwb_format")) cwb_format = 'png'
if (!exists("cwb_file")) cwb_file = 'seed004_fig50_a15' . '.' . cwb_format
cwb_big(a, b) = abs(a) > abs(b) ? abs(a) : abs(b)
cwb_e3(a, b) = (cwb_m = cwb_big(a, b), (cwb_m == 0 || (cwb_m >= 0.1 && cwb_m < 1e4)) ? 0 : 3 * floor(log10(cwb_m) / 3))
cwb_prefix(e) = e == -15 ? 'f' : e == -12 ? 'p' : e == -9 ? 'n' : e == -6 ? 'µ' : e == -3 ? 'm' : e == 3 ? 'k' : e == 6 ? 'M' : e == 9 ? 'G' : e == 12 ? 'T' : ''
cwb_plain(u) = u eq '' || u eq '-' || u eq '1'
cwb_label(n, u, e) = e == 0 ? (cwb_plain(u) ? n : n . ' [' . u . ']') : (cwb_plain(u) || cwb_prefix(e) eq '' ? n . sprintf(' [x 10^%d', e) . (cwb_plain(u) ? '' : ' ' . u) . ']' : n . ' [' . cwb_prefix(e) . u . ']')
cwb_step(lo, hi) = (cwb_r = (hi - lo) / 6.0, cwb_p = 10.0**floor(log10(cwb_r)), cwb_f = cwb_r / cwb_p, (cwb_f < 1.5 ? 1 : cwb_f < 3 ? 2 : cwb_f < 7 ? 5 : 10) * cwb_p)
cwb_digits(lo, hi, s) = (cwb_n = floor(log10(cwb_big(lo, hi) / s)) + 2, cwb_n > 6 ? cwb_n : 6)
set terminal unknown
set termoption noenhanced
cwb_logx = 0; cwb_logy = 0 # a script with set logscale sets these to 1
set linetype 1 lc rgb '#0072B2' lw 2 dt 1 pt 7 ps 1.0
set linetype 2 lc rgb '#D55E00' lw 2 dt (10,5) pt 5 ps 1.0
set linetype 3 lc rgb '#009E73' lw 2 dt (2,4) pt 9 ps 1.0
set linetype 4 lc rgb '#CC79A7' lw 2 dt (10,4,2,4) pt 13 ps 1.0
set linetype 5 lc rgb '#E69F00' lw 2 dt (18,6) pt 6 ps 1.0
set linetype 6 lc rgb '#56B4E9' lw 2 dt (6,3,2,3,2,3) pt 4 ps 1.0
set linetype 7 lc rgb '#000000' lw 2 dt (4,3) pt 8 ps 1.0
set linetype 8 lc rgb '#882255' lw 2 dt (14,4,4,4) pt 12 ps 1.0
set linetype 9 lc rgb '#999933' lw 2 dt (2,2,8,2) pt 1 ps 1.0
set linetype 10 lc rgb '#7F7F7F' lw 2 dt (1,3) pt 2 ps 1.0
set linetype cycle 10
set grid lc rgb '#d0d0d0' lw 1 dt 1
set border lw 1.2
set tics out nomirror
set rmargin 4
set key below left Left reverse vertical maxrows 5 box height 1 noenhanced
set title noenhanced
set format x '%g'
set format y '%g'
set autoscale xfix
set offsets graph 0.02, graph 0.02, graph 0.05, graph 0.05
cwb_width = 960; cwb_height = 680
set title 'Rathbone thesis Fig. 50: rathbone_tangential, oblique impact at 15 deg (E = 26000 MPa)' noenhanced
cwb_xname = 'xi_t'
cwb_xunit = 'm'
set xlabel cwb_label(cwb_xname, cwb_xunit, 0) noenhanced
cwb_yname = 'F_t'
cwb_yunit = 'N'
set ylabel cwb_label(cwb_yname, cwb_yunit, 0) noenhanced
plot 'seed004_fig50_a15.csv' using 14:4 with lines lt 1 title 'cwb: rathbone + rathbone_tangential', \
     '../reference/fem/seed004_modeld_a15_E26000_s160.csv' using 13:14 every 5::0 with points lt 2 pt 6 dt 1 ps 1.2 lw 1.5 title 'FEM (gmsh + CalculiX)', \
     keyentry with lines lc rgb '#ffffff' title '  deviation: max 0.526, rms 0.309 of max |ref| (99 pts): model comparison, no verdict', \
     'seed004_fig50_a15.csv' using 14:4 with lines lt 1 notitle

# second pass: tick labels from the measured ranges, then the real terminal
cwb_lo = GPVAL_X_MIN; cwb_hi = GPVAL_X_MAX
if (!cwb_logx && cwb_hi - cwb_lo <= 1e-9 * cwb_big(cwb_lo, cwb_hi)) {
  cwb_w = cwb_big(cwb_lo, cwb_hi) > 0 ? 0.01 * cwb_big(cwb_lo, cwb_hi) : 1
  cwb_lo = cwb_lo - cwb_w; cwb_hi = cwb_hi + cwb_w
  set xrange [cwb_lo:cwb_hi]
}
cwb_e = cwb_e3(cwb_lo, cwb_hi)
cwb_n = cwb_hi > cwb_lo ? cwb_digits(cwb_lo, cwb_hi, cwb_step(cwb_lo, cwb_hi)) : 6
if (!cwb_logx && (cwb_e != 0 || cwb_n > 6) && cwb_hi > cwb_lo) {
  set xrange [cwb_lo:cwb_hi]
  cwb_s = cwb_step(cwb_lo, cwb_hi)
  cwb_tick = sprintf('%%.%dg', cwb_n)
  set xtics ('' 1e300)
  do for [cwb_i = ceil(cwb_lo / cwb_s - 1e-9):floor(cwb_hi / cwb_s + 1e-9)] {
    cwb_v = cwb_i * cwb_s * 1.0
    set xtics add (sprintf(cwb_tick, cwb_v / 10.0**cwb_e) cwb_v)
  }
}
if (cwb_logx && !(cwb_lo > 0 && cwb_hi > cwb_lo)) {
  cwb_e = 0
}
if (cwb_logx && cwb_lo > 0 && cwb_hi > cwb_lo && (cwb_e != 0 || cwb_hi < cwb_lo * 10.0**2.5)) {
  set xrange [cwb_lo:cwb_hi]
  cwb_span = log10(cwb_hi / cwb_lo)
  cwb_every = cwb_span > 8 ? ceil(cwb_span / 8.0) : 1
  set xtics ('' 1e300)
  do for [cwb_i = floor(log10(cwb_lo)):floor(log10(cwb_hi))] {
    do for [cwb_m = 1:9] {
      cwb_v = cwb_m * 10.0**cwb_i
      if (cwb_v >= cwb_lo * (1 - 1e-9) && cwb_v <= cwb_hi * (1 + 1e-9)) {
        if (cwb_m == 1 ? cwb_i % cwb_every == 0 : cwb_span < 1 || (cwb_span < 2.5 && (cwb_m == 2 || cwb_m == 5))) {
          set xtics add (sprintf('%g', cwb_v / 10.0**cwb_e) cwb_v)
        } else {
          set xtics add ('' cwb_v 1)
        }
      }
    }
  }
}
set xlabel cwb_label(cwb_xname, cwb_xunit, cwb_e) . "\n" noenhanced
cwb_lo = GPVAL_Y_MIN; cwb_hi = GPVAL_Y_MAX
if (!cwb_logy && cwb_hi - cwb_lo <= 1e-9 * cwb_big(cwb_lo, cwb_hi)) {
  cwb_w = cwb_big(cwb_lo, cwb_hi) > 0 ? 0.01 * cwb_big(cwb_lo, cwb_hi) : 1
  cwb_lo = cwb_lo - cwb_w; cwb_hi = cwb_hi + cwb_w
  set yrange [cwb_lo:cwb_hi]
}
cwb_e = cwb_e3(cwb_lo, cwb_hi)
cwb_n = cwb_hi > cwb_lo ? cwb_digits(cwb_lo, cwb_hi, cwb_step(cwb_lo, cwb_hi)) : 6
if (!cwb_logy && (cwb_e != 0 || cwb_n > 6) && cwb_hi > cwb_lo) {
  set yrange [cwb_lo:cwb_hi]
  cwb_s = cwb_step(cwb_lo, cwb_hi)
  cwb_tick = sprintf('%%.%dg', cwb_n)
  set ytics ('' 1e300)
  do for [cwb_i = ceil(cwb_lo / cwb_s - 1e-9):floor(cwb_hi / cwb_s + 1e-9)] {
    cwb_v = cwb_i * cwb_s * 1.0
    set ytics add (sprintf(cwb_tick, cwb_v / 10.0**cwb_e) cwb_v)
  }
}
if (cwb_logy && !(cwb_lo > 0 && cwb_hi > cwb_lo)) {
  cwb_e = 0
}
if (cwb_logy && cwb_lo > 0 && cwb_hi > cwb_lo && (cwb_e != 0 || cwb_hi < cwb_lo * 10.0**2.5)) {
  set yrange [cwb_lo:cwb_hi]
  cwb_span = log10(cwb_hi / cwb_lo)
  cwb_every = cwb_span > 8 ? ceil(cwb_span / 8.0) : 1
  set ytics ('' 1e300)
  do for [cwb_i = floor(log10(cwb_lo)):floor(log10(cwb_hi))] {
    do for [cwb_m = 1:9] {
      cwb_v = cwb_m * 10.0**cwb_i
      if (cwb_v >= cwb_lo * (1 - 1e-9) && cwb_v <= cwb_hi * (1 + 1e-9)) {
        if (cwb_m == 1 ? cwb_i % cwb_every == 0 : cwb_span < 1 || (cwb_span < 2.5 && (cwb_m == 2 || cwb_m == 5))) {
          set ytics add (sprintf('%g', cwb_v / 10.0**cwb_e) cwb_v)
        } else {
          set ytics add ('' cwb_v 1)
        }
      }
    }
  }
}
set ylabel cwb_label(cwb_yname, cwb_yunit, cwb_e) noenhanced
if (cwb_format eq 'pdf') {
  set terminal pdfcairo size (16.0 * cwb_width / 960)cm,(11.0 * cwb_height / 680)cm font 'Sans,8' noenhanced
} else {
  if (cwb_format eq 'svg') {
    set terminal svg size cwb_width,cwb_height dynamic font 'Sans,12' noenhanced
  } else {
    set terminal pngcairo size cwb_width,cwb_height font 'Sans,11' noenhanced
  }
}
set output cwb_file
replot
unset output

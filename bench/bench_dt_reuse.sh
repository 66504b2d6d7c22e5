#!/bin/sh
# bench_dt_reuse.sh -- does `cwb batch --dt-reuse` keep every sample within
# its dt_tol? (a benchmark, never a test: `make bench-dt-reuse`.)
#
# For each case of BENCH_CASES (default: one per kind of collision law --
# Hertz; Hertz + Mindlin + Tsuji, the batch benchmark's glass impact;
# Hertz + Mindlin; Hertz + Mindlin-Deresiewicz at fig5_md's speed, whose
# changes cancel by chance; Thornton's and Stronge's plastic laws; Rathbone's
# first-order pair; a rolling torque at dt_tol 1e-7), a table of BENCH_N
# (40) impact speeds from 1/BENCH_SPAN to BENCH_SPAN (3) times the case's
# own, log-spaced and ascending, runs as one `cwb batch --dt-reuse --jobs 1`
# at rows = 10, then again with every sample at its accepted step / 64
# (a table column driver.dt). Each result's error is measured as
# bench/bench_dt_auto.sh does (the driver's change: against max(|value|,
# floor), floor 1 for the restitutions, the contact time for itself, the
# larger initial spin or the impact speed over body1's radius for the
# spins). Prints per case the samples, those refined in full (steps_total
# at least 1.4 times the accepted run's: the first sample, every 33rd and
# the fallbacks; a checked sample costs 1.25 times it), the largest error
# over dt_tol and over the sample's estimate, and the samples over dt_tol.
bin=${1:-build/cwb}
N=${BENCH_N:-40}
SPAN=${BENCH_SPAN:-3}
cases=${BENCH_CASES:-"cases/chung_ooi_1_glass.case bench/batch_glass.case cases/chung_ooi_7_al_alloy.case cases/seed004_fig5_md.case cases/thornton_restitution.case cases/seed004_restitution_stronge.case cases/seed004_fig52.case cases/seed001_rolling_friction.case"}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
names="restitution_normal restitution_tangential restitution_tangential_contact contact_time omega1_after omega2_after omega1_normal_after omega2_normal_after"
res="dt,dt_error_estimate,steps,steps_total,impact_velocity,$(echo $names | tr ' ' ,)"
fixed=$(echo "$res" | sed 's/dt_error_estimate,//')
rows() { grep -v '^#' "$1" | tail -n +2; }
printf "%-34s %7s %8s %5s %6s %9s %9s %5s\n" case dt_tol samples full steps err/tol err/est over
all=0; allover=0; allfull=0
for c in $cases; do
    n=$(basename "$c" .case)
    v0=$(grep -h "^v_normal" "$c" | sed 's/#.*//; s/.*= *//' | head -n 1)
    [ -n "$v0" ] || v0=1
    tol=$(grep -h "^dt_tol" "$c" | sed 's/#.*//; s/.*= *//' | head -n 1)
    [ -n "$tol" ] || tol=1e-6
    w0=$(grep -h "^omega[12] *=" "$c" | sed 's/#.*//; s/.*= *//' | awk '{ x = $1 < 0 ? -$1 : $1; if (x > m) m = x } END { print m + 0 }')
    r=$(grep -A6 "^\[body1\]" "$c" | grep "^radius" | sed 's/#.*//; s/.*= *//' | head -n 1)
    awk -v n="$N" -v v0="$v0" -v s="$SPAN" 'BEGIN { print "driver.v_normal"
        for (i = 0; i < n; i++) printf "%.10g\n", v0 / s * exp(2 * log(s) * i / (n - 1)) }' > "$dir/t.csv"
    rm -f "$dir/a.csv" "$dir/b.csv"
    nice -n 10 "$bin" batch "$c" --samples "$dir/t.csv" --out "$dir/a.csv" --results "$res" \
        --set driver.rows=10 --jobs 1 --dt-reuse > /dev/null 2>&1 || { echo "$n: batch failed"; continue; }
    { echo "driver.v_normal,driver.dt"
      rows "$dir/a.csv" | awk -F, '$3 != "" && $3 != "nan" { printf "%s,%.17g\n", $2, $3 / 64 }'; } > "$dir/f.csv"
    nice -n 10 "$bin" batch "$c" --samples "$dir/f.csv" --out "$dir/b.csv" --results "$fixed" \
        --set driver.rows=10 --set driver.max_steps=1e10 --jobs 1 > /dev/null 2> "$dir/err" || { echo "$n: the batch at dt / 64 failed: $(tail -n 2 "$dir/err")"; continue; }
    # fields: v_normal, dt, estimate, steps, steps_total, v_impact, the eight (7-14),
    # status; then the fine run's v_normal, dt, steps, steps_total, v_impact, the eight (21-28)
    rows "$dir/a.csv" | cut -d, -f2- > "$dir/a.rows"
    rows "$dir/b.csv" | cut -d, -f2,4- > "$dir/b.rows"
    paste -d, "$dir/a.rows" "$dir/b.rows" | awk -F, -v tol="$tol" -v w0="$w0" -v r="$r" -v name="$n" '
        function num(x) { return x != "" && x != "nan" && x != "null" }
        { m = 0
          ws = w0 > 0 ? w0 : (r > 0 ? $6 / r : 1)
          for (i = 0; i < 8; i++) { a = $(7 + i); b = $(21 + i)
              if (!num(a) || !num(b)) continue
              fl = i < 3 ? 1 : (i == 3 ? 0 : ws); s = b < 0 ? -b : b; if (s < fl) s = fl
              if (s == 0) continue; d = (a - b) / s; if (d < 0) d = -d
              if (d > m) m = d }
          N++; if (m > tol) O++
          if ($5 >= 1.4 * $4) F++
          st += $5 / $4
          if (m / tol > et) et = m / tol
          if ($3 > 0 && m / $3 > ee) ee = m / $3 }
        END { printf "%-34s %7s %8d %5d %6.3f %9.3g %9.3g %5d\n", name, tol, N, F, st / N, et, ee, O
              print N, O + 0, F + 0 > "/dev/stderr" }' 2>> "$dir/sum"
done
awk '{ n += $1; o += $2; f += $3 } END { printf "%d samples, %d over their dt_tol, %d refined in full\n", n, o, f }' "$dir/sum"

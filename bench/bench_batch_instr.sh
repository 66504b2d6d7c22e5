#!/bin/sh
# bench_batch_instr.sh -- what dt = auto costs in a batch, in instructions
# (callgrind), which the machine's load does not move (a benchmark, never a
# test: `make bench-batch-instr`).
#
# The batch of bench/bench_batch.sh's `auto` variant (BENCH_N, 1000, samples
# of the glass impact, Hertz + Mindlin + Tsuji, driver.v_normal 0.95-1.05
# m/s, dt_tol BENCH_DT_TOL, 1e-6, --jobs 1) and three fixed-step twins:
#
#   auto    dt = auto
#   fixed   every sample at the step dt = auto accepts at 1 m/s alone
#           (bench_batch.sh's `driver` variant: the ratio its goal names)
#   own     every sample at the step dt = auto accepted for it (a table
#           column driver.dt): what the refinement adds to its own result
#   coarse  per halving count k, the samples at each step dt = auto ran
#           before the accepted one (as `own`, at 2^j times the step)
#   reuse   dt = auto with --dt-reuse (a sample checked at its neighbour's
#           step and at 4 times it, refined in full when the check fails)
#
# and per sample: how many halvings dt = auto took (k; k + 1 runs, from the
# driver's first step t_est / 50), steps_total against the accepted run's
# steps, and the instructions of one run split into a part per run and a
# part per step (a least-squares line through the `own` and `coarse` runs).
# Needs valgrind; each callgrind run takes about 60 s for 1000 samples.
bin=${1:-build/cwb}
N=${BENCH_N:-1000}
TOL=${BENCH_DT_TOL:-1e-6}
command -v valgrind >/dev/null || { echo "bench_batch_instr: valgrind is needed" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

sed "s/^dt_tol = .*/dt_tol = $TOL/" "$(dirname "$0")/batch_glass.case" > "$dir/b.case"

awk -v n="$N" 'BEGIN { print "driver.v_normal"
    for (i = 0; i < n; i++) printf "%.10g\n", 0.95 + 0.1 * i / (n - 1) }' > "$dir/drv.csv"

field() { echo "$1" | grep -o "\"$2\": [^,}]*" | head -n 1 | sed 's/.*: //'; }
out=$("$bin" run "$dir/b.case" --no-plot --json --set driver.rows=10 --out "$dir/o" 2>/dev/null) || exit 1
dt_one=$(field "$out" dt)

# instructions of `cwb batch` on table $1 into $2, further arguments after
instructions() {
    table=$1 result=$2
    shift 2
    rm -f "$result"
    nice -n 10 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" batch \
        "$dir/b.case" --samples "$table" --out "$result" --jobs 1 \
        --results steps_total,steps,dt,dt_refinements,restitution_normal "$@" 2> "$dir/vg" >/dev/null || {
        cat "$dir/vg" >&2; exit 1; }
    awk '/Collected/ { print $4 }' "$dir/vg"
}
rows() { grep -v '^#' "$1" | tail -n +2; }

i_auto=$(instructions "$dir/drv.csv" "$dir/auto.csv")
i_fixed=$(instructions "$dir/drv.csv" "$dir/fixed.csv" --set driver.dt="$dt_one")
i_reuse=$(instructions "$dir/drv.csv" "$dir/reuse.csv" --dt-reuse)
# columns of a batch row: sample, v_normal, steps_total, steps, dt, dt_refinements, e_n, status
{ echo "driver.v_normal,driver.dt"; rows "$dir/auto.csv" | awk -F, '{ print $2 "," $5 }'; } > "$dir/own_in.csv"
i_own=$(instructions "$dir/own_in.csv" "$dir/own.csv")

# the runs before the accepted one, by their step's multiple of the accepted step
kmax=$(rows "$dir/auto.csv" | awk -F, '$6 > m { m = $6 } END { print m + 0 }')
: > "$dir/coarse"
j=1
while [ "$j" -le "$kmax" ]; do
    { echo "driver.v_normal,driver.dt"
      rows "$dir/auto.csv" | awk -F, -v j="$j" '$6 >= j { printf "%s,%.17g\n", $2, $5 * 2 ^ j }'; } > "$dir/c$j.csv"
    nj=$(($(wc -l < "$dir/c$j.csv") - 1))
    ij=$(instructions "$dir/c$j.csv" "$dir/c$j.out")
    sj=$(rows "$dir/c$j.out" | awk -F, '{ s += $4 } END { print s }')
    echo "$j $nj $ij $sj" >> "$dir/coarse"
    j=$((j + 1))
done

echo
echo "batch: $N samples of Hertz + Mindlin + Tsuji (glass, v_normal 0.95-1.05 m/s), dt_tol $TOL,"
echo "--jobs 1; callgrind instructions (the process, its start and the batch's rows included)"
rows "$dir/auto.csv" | awk -F, '{ n[$6]++; t[$6] += $3; s[$6] += $4; T += $3; S += $4 }
    END { for (k in n) printf "  dt = auto: k = %s halvings (%s runs) in %d samples: steps_total %.1f, " \
              "accepted run %.1f steps (%.3f x)\n", k, k + 1, n[k], t[k] / n[k], s[k] / n[k], t[k] / s[k]
          printf "  dt = auto: all samples: steps_total %.1f, accepted run %.1f steps per sample\n", \
              T / NR, S / NR }'
S_fixed=$(rows "$dir/fixed.csv" | awk -F, '{ s += $4 } END { print s }')
S_own=$(rows "$dir/own.csv" | awk -F, '{ s += $4 } END { print s }')
S_auto=$(rows "$dir/auto.csv" | awk -F, '{ s += $3 } END { print s }')
S_reuse=$(rows "$dir/reuse.csv" | awk -F, '{ s += $3 } END { print s }')
F_reuse=$(rows "$dir/reuse.csv" | awk -F, '$3 >= 1.4 * $4 { f++ } END { print f + 0 }')
awk -v n="$N" -v ia="$i_auto" -v if_="$i_fixed" -v io="$i_own" -v sa="$S_auto" -v sf="$S_fixed" \
    -v so="$S_own" -v dt="$dt_one" -v ir="$i_reuse" -v sr="$S_reuse" -v fr="$F_reuse" 'BEGIN {
    printf "  %-44s %12.0f instructions per sample, %7.1f steps\n", "dt = auto", ia / n, sa / n
    printf "  %-44s %12.0f instructions per sample, %7.1f steps\n", "fixed at " dt " s (1 m/s alone)", if_ / n, sf / n
    printf "  %-44s %12.0f instructions per sample, %7.1f steps\n", "each sample at its own accepted step", io / n, so / n
    printf "  dt = auto / fixed at the 1 m/s step: %.3f instructions, %.3f steps (goal <= 1.2)\n", ia / if_, sa / sf
    printf "  dt = auto / each at its own step:    %.3f instructions, %.3f steps\n", ia / io, sa / so
    printf "  %-44s %12.0f instructions per sample, %7.1f steps (%d refined in full)\n", "dt = auto --dt-reuse", ir / n, sr / n, fr
    printf "  --dt-reuse / fixed at the 1 m/s step: %.3f instructions, %.3f steps (goal <= 1.2)\n", ir / if_, sr / sf
    printf "  --dt-reuse / each at its own step:    %.3f instructions, %.3f steps\n", ir / io, sr / so }'
# a batch's instructions = P (the process: start, the first row loaded in
# full) + a per run + b per step: least squares through the runs at each
# sample's accepted step and at 2^j times it (n runs, S steps in all)
{ echo "$N $i_own $S_own"; awk '{ print $2, $3, $4 }' "$dir/coarse"; } | awk '
    { n[NR] = $1; T[NR] = $2; S[NR] = $3
      printf "  runs at %2d x the accepted step: %5d samples, %7.1f steps, %9.0f instructions per run\n", 2 ^ (NR - 1), $1, $3 / $1, $2 / $1 }
    END { if (NR < 2) exit
        same = 1
        for (i = 2; i <= NR; i++) if (n[i] != n[1]) same = 0
        if (same || NR < 3) {
            # every sample took the same halvings: each table has the same
            # runs, so the process and the per-run part are one constant
            # (a line through T = c + b S, not the three-term fit, singular)
            for (i = 1; i <= NR; i++) { sx += S[i]; sy += T[i]; sxx += S[i] * S[i]; sxy += S[i] * T[i] }
            b = (NR * sxy - sx * sy) / (NR * sxx - sx * sx); c = (sy - b * sx) / NR
            printf "  a table of %d runs costs about %.3g instructions + %.0f per step (every sample took\n", n[1], c, b
            printf "  the same halvings: the process and the per-run part not separable; at most %.0f per run)\n", c / n[1]
            exit }
        for (i = 1; i <= NR; i++) { x[1] = 1; x[2] = n[i]; x[3] = S[i]
            for (r = 1; r <= 3; r++) { v[r] += x[r] * T[i]; for (c = 1; c <= 3; c++) m[r, c] += x[r] * x[c] } }
        for (r = 1; r <= 3; r++) for (q = r + 1; q <= 3; q++) { f = m[q, r] / m[r, r]
            for (c = r; c <= 3; c++) m[q, c] -= f * m[r, c]; v[q] -= f * v[r] }
        for (r = 3; r >= 1; r--) { z = v[r]; for (c = r + 1; c <= 3; c++) z -= m[r, c] * p[c]; p[r] = z / m[r, r] }
        printf "  a batch costs about %.3g instructions + %.0f per run + %.0f per step\n", p[1], p[2], p[3]
        }'


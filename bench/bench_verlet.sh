#!/bin/sh
# bench_verlet.sh -- integrator = verlet against cwb's RK4 per collision, at
# the step each accuracy needs (a benchmark, never a test: run it from the
# repository root after `make build/bench_laws`).
#
# build/bench_laws --verlet finds, for the glass impact of --goals at 20
# m/s (Hertz; Hertz + Tsuji e = 0.8; Hertz-Mindlin, displacement form, mu
# = 0.35, v_t = 10 m/s), the largest step t_c/2^k of each scheme whose run
# and the next finer one are within 1e-4 and 1e-6 of RK4 at t_c/65536 in
# the restitutions and the spin (not the contact time: Verlet's is
# quantised to its step), and prints the CPU per collision (median of 5
# interleaved rounds) and the floor (RK4's steps x one step of the
# straight-line loop). This script adds callgrind's instructions per
# collision inside cwb_run_case_scalars (N collisions each), which do not
# move with the machine's load.
bench=${1:-build/bench_laws}
N=${BENCH_N:-20}
out=$(mktemp)
trap 'rm -f "$out" callgrind.out.verlet.*' EXIT
nice -n 10 "$bench" --verlet > "$out" || exit 1
printf "%-14s %-6s %-7s %7s %12s %12s %10s\n" model target scheme steps "CPU [us]" "instr" "floor [us]"
grep '^ROW' "$out" | while read -r _ model target scheme dt steps cpu floor; do
    valgrind --tool=callgrind --callgrind-out-file=callgrind.out.verlet.$$ \
        --toggle-collect=cwb_run_case_scalars \
        "$bench" --verlet-runs "$model" "$scheme" "$dt" "$N" >/dev/null 2>&1
    ir=$(callgrind_annotate callgrind.out.verlet.$$ 2>/dev/null |
         awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1; exit }')
    rm -f callgrind.out.verlet.$$
    awk -v m="$model" -v t="$target" -v s="$scheme" -v n="$steps" -v c="$cpu" -v f="$floor" \
        -v ir="$ir" -v N="$N" 'BEGIN {
        printf "%-14s %-6s %-7s %7d %12.2f %12.0f %10.2f\n", m, t, s, n, c * 1e6, ir / N, f * 1e6 }'
done

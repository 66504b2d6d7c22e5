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
# collision inside cwb_run_case_wanted (what cwb_run_case_scalars runs; N
# collisions each), which do not move with the machine's load.
#
# With --verlet-tc as second argument: build/bench_laws --verlet-tc (the
# contact time in the error, Verlet's read as steps x dt and as the
# overlap's zero interpolated between its last two steps) and callgrind's
# instructions per collision of RK4 at the step it finds; LAMMPS' loop is
# Verlet's steps x LAMMPS' instructions per pair-step (make
# bench-lammps-instr).
bench=${1:-build/bench_laws}
N=${BENCH_N:-20}
out=$(mktemp)
trap 'rm -f "$out" callgrind.out.verlet.*' EXIT

have_valgrind=0
command -v valgrind >/dev/null 2>&1 && command -v callgrind_annotate >/dev/null 2>&1 &&
    have_valgrind=1
[ "$have_valgrind" = 1 ] ||
    echo "bench_verlet: valgrind not installed (apt-get install valgrind): the instructions" \
        "columns are left out (-)" >&2

instructions() { # model scheme dt: instructions per collision ("-" without valgrind)
    [ "$have_valgrind" = 1 ] || { printf -- -; return; }
    valgrind --tool=callgrind --callgrind-out-file=callgrind.out.verlet.$$ \
        --toggle-collect=cwb_run_case_wanted \
        "$bench" --verlet-runs "$1" "$2" "$3" "$N" >/dev/null 2>&1
    callgrind_annotate callgrind.out.verlet.$$ 2>/dev/null |
        awk -v N="$N" '/PROGRAM TOTALS/ { gsub(",", "", $1); printf "%.0f", $1 / N; exit }'
    rm -f callgrind.out.verlet.$$
}

if [ "$2" = --verlet-tc ]; then
    nice -n 10 "$bench" --verlet-tc > "$out" || exit 1
    printf "%-14s %-6s %-7s %-7s %8s %12s\n" model target scheme reading steps "RK4 instr"
    grep '^VTC' "$out" | while read -r _ model target scheme reading dt steps _; do
        ir="-"
        [ "$scheme" = rk4 ] && ir=$(instructions "$model" rk4 "$dt")
        printf "%-14s %-6s %-7s %-7s %8s %12s\n" "$model" "$target" "$scheme" "$reading" \
            "$steps" "$ir"
    done
    exit 0
fi
nice -n 10 "$bench" --verlet > "$out" || exit 1
printf "%-14s %-6s %-7s %7s %12s %12s %10s\n" model target scheme steps "CPU [us]" "instr" "floor [us]"
grep '^ROW' "$out" | while read -r _ model target scheme dt steps cpu floor; do
    ir=$(instructions "$model" "$scheme" "$dt")
    awk -v m="$model" -v t="$target" -v s="$scheme" -v n="$steps" -v c="$cpu" -v f="$floor" \
        -v ir="$ir" 'BEGIN {
        printf "%-14s %-6s %-7s %7d %12.2f %12s %10.2f\n", m, t, s, n, c * 1e6, ir, f * 1e6 }'
done

#!/bin/sh
# bench_lammps_ratio.sh -- cwb per collision against LAMMPS' time-stepping
# loop, in instructions (callgrind), the goal's ratio printed (a benchmark,
# never a test: `make bench-lammps-ratio`, and the end of `make bench`).
#
# The two sides, each from its own harness:
#   cwb: bench/bench_verlet.sh -- build/bench_laws --verlet finds, per
#        model (the glass impact of --goals at 20 m/s: Hertz, Hertz + Tsuji
#        e = 0.8, Hertz-Mindlin displacement form mu = 0.35) and target
#        (1e-4, 1e-6 in the restitutions and the spin), the largest step of
#        RK4 and of Verlet that meets it, and callgrind counts cwb's RK4
#        instructions per collision at its step;
#   LAMMPS: bench/bench_lammps_instr.sh -- instructions per pair and step
#        inside LAMMPS' loop (pair_style granular, fix nve/sphere), whose
#        scheme is cwb's integrator = verlet at the same step
#        (reference/peer-lammps/verlet/), so that LAMMPS' loop per collision
#        is Verlet's steps x that.
# ratio = cwb RK4 instructions / (Verlet's steps x LAMMPS per pair-step);
# the goal is <= 0.5. Instructions do not move with the machine's load, so
# one run is its own spread. Skipped with a message without lmp or
# valgrind. The contact time is not in this accuracy (Verlet's is quantised
# to its step): doc/benchmarks.md reads it both ways.
bench=${1:-build/bench_laws}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for tool in lmp valgrind callgrind_annotate; do
    command -v "$tool" >/dev/null 2>&1 || {
        echo "bench_lammps_ratio: $tool not found (apt-get install lammps valgrind): skipped"
        exit 0
    }
done
here=$(dirname "$0")
BENCH_ROUNDS=1 BENCH_CPU_STEPS=512 sh "$here/bench_lammps_instr.sh" > "$dir/lammps" || exit 1
sh "$here/bench_verlet.sh" "$bench" > "$dir/cwb" 2>/dev/null || exit 1
echo
echo "cwb per collision against LAMMPS' loop, in instructions (callgrind; load $(cut -d' ' -f1-3 /proc/loadavg))"
awk -v L="$dir/lammps" '
    BEGIN { while ((getline line < L) > 0) {
                if (line ~ /^CPU per pair/) break # the instructions table only
                n = split(line, f, " ")
                if (line ~ /^hertz \+ tsuji/) pair["hertz_tsuji"] = f[n]
                else if (line ~ /^hertz_mindlin/) pair["hertz_mindlin"] = f[n]
                else if (line ~ /^hertz / && n == 4) pair["hertz"] = f[n] }
            printf "%-14s %-6s %12s %8s %12s %8s  %s\n", "model", "target", "cwb RK4", "Verlet",
                "LAMMPS/pair", "ratio", "goal <= 0.5" }
    $3 == "rk4" || $3 == "verlet" { key = $1 " " $2
        if ($3 == "rk4") rk[key] = $6; else vs[key] = $4
        if (!(key in seen)) { seen[key] = 1; order[++k] = key } }
    END { for (i = 1; i <= k; i++) { split(order[i], mt, " "); key = order[i]
              p = pair[mt[1]]
              if (p == "" || rk[key] !~ /^[0-9]+$/ || vs[key] !~ /^[0-9]+$/ || vs[key] == 0) {
                  printf "%-14s %-6s %12s %8s %12s %8s  %s\n", mt[1], mt[2], "-", "-", "-", "-",
                      "not measured"; continue }
              r = rk[key] / (vs[key] * p)
              printf "%-14s %-6s %12d %8d %12.1f %8.3f  %s\n", mt[1], mt[2], rk[key], vs[key], p,
                  r, r <= 0.5 ? "met" : "not met" } }' "$dir/cwb"

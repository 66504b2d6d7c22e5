#!/bin/sh
# bench_lammps_instr.sh -- LAMMPS' time-stepping loop in instructions per
# pair and step (callgrind), which the machine's load does not move (a
# benchmark, never a test: `make bench-lammps-instr`).
#
# Per model, two LAMMPS runs of BENCH_STEPS (512) steps: N (BENCH_N, 200)
# and 2N separated pairs of glass spheres (R = 10 mm, E = 48 GPa, nu = 0.2,
# 2800 kg/m^3, a grid 0.1 m apart, no pair near another), each pair in
# contact from the first step; each less the same input's `run 0`, its
# set-up (closing at 1 m/s, dt = t_c/BENCH_STEPS so
# every pair stays in contact for the whole run). The difference of the
# two runs' instructions over N pairs and the steps is what one pair costs
# a step inside LAMMPS' loop: pair compute (pair_style granular, the
# neighbour list's pairs), fix nve/sphere's two half-steps, the neighbour
# list's share (a rebuild check every step, no rebuild: the pairs move
# less than the skin); the set-up, thermo output (thermo 0) and the
# per-step cost that does not grow with the pairs cancel. Multiplied by the
# steps LAMMPS needs for a target (its scheme is cwb's integrator = verlet,
# equal to it at the same step: reference/peer-lammps/verlet/), it is
# LAMMPS' loop per collision, against cwb's instructions per collision
# (bench/bench_verlet.sh). Skipped with a message when lmp or valgrind is
# absent.
N=${BENCH_N:-200}
S=${BENCH_STEPS:-512}
command -v lmp >/dev/null 2>&1 || { echo "bench_lammps_instr: lmp not found (apt-get install lammps): skipped"; exit 0; }
command -v valgrind >/dev/null 2>&1 || { echo "bench_lammps_instr: valgrind not found: skipped"; exit 0; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
. "$(dirname "$0")/../tools/lammps_two_spheres.sh" # the LAMMPS pairs
R=0.01; E=4.8e10; NU=0.2; RHO=2800; TC=4.47e-5 # run time (any step count), inside the 1 m/s contact (Hertz: t_c = 7.3e-5 s)

write_input() { # $1 pairs, $2 v_t/v_n, $3 pair_coeff tail, $4 steps; 1e-9 m overlap at 1 m/s
    lammps_pairs_data "$1" $R $RHO -1e-9 "$2" 1 0 > "$dir/pairs.data"
    { lammps_pairs_input pairs.data; cat <<EOL; } > "$dir/in.lmp"
pair_style granular
pair_coeff * * hertz/material $E $3
neighbor 0.005 bin
fix 1 all nve/sphere
thermo 0
timestep $(awk -v t=$TC -v s=$S 'BEGIN { printf "%.17g", t / s }')
run $4
EOL
}

instr() { # instructions of lmp on the input in $dir
    (cd "$dir" && nice -n 10 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        lmp -in in.lmp -log none > lmp.out 2> vg) || { cat "$dir/vg" "$dir/lmp.out" >&2; exit 1; }
    awk '/Collected/ { print $4 }' "$dir/vg"
}

echo "LAMMPS: $(lmp -h 2>/dev/null | grep -m 1 -o -e 'LAMMPS ([^)]*)' -e 'Simulator - .*')"
echo "instructions per pair and step in LAMMPS' loop ($N and $((2 * N)) pairs, $S steps, callgrind)"
printf "%-28s %14s %14s %12s\n" model "loop($N pairs)" "loop($((2 * N)) pairs)" "per pair-step"
loop() { # instructions of $1 pairs' $S steps less their set-up (run 0)
    write_input "$1" "$2" "$3" "$S"; a=$(instr)
    write_input "$1" "$2" "$3" 0; b=$(instr)
    echo $((a - b))
}
run_model() { # $1 name, $2 v_t/v_n, $3 pair_coeff tail
    i1=$(loop "$N" "$2" "$3"); i2=$(loop $((2 * N)) "$2" "$3")
    printf "%-28s %14s %14s %12.1f\n" "$1" "$i1" "$i2" \
        "$(awk -v a="$i1" -v b="$i2" -v n="$N" -v s="$S" 'BEGIN { print (b - a) / n / s }')"
}
run_model hertz 0 "0.0 $NU tangential linear_nohistory 0.0 0.0 damping viscoelastic"
run_model "hertz + tsuji (e_LMP 0.8)" 0 "0.8 $NU tangential linear_nohistory 0.0 0.0 damping tsuji"
run_model "hertz_mindlin (mu 0.35)" 0.5 "0.0 $NU tangential mindlin NULL 0.0 0.35 damping viscoelastic"

# Second view, CPU: the same four runs per model without valgrind at
# BENCH_CPU_STEPS (8192) steps, perf stat's task-clock, BENCH_ROUNDS (5)
# interleaved rounds; the median per pair-step with [least, largest].
command -v perf >/dev/null 2>&1 && perf stat -x, -e task-clock -o /dev/null true >/dev/null 2>&1 || {
    echo "bench_lammps_instr: perf stat not usable: no CPU view"; exit 0; }
cpu() { (cd "$dir" && perf stat -x, -e task-clock -o t lmp -in in.lmp -log none > /dev/null 2>&1) &&
    awk -F, '/task-clock/ { printf "%.6f", $1 / 1000 }' "$dir/t"; }
S=${BENCH_CPU_STEPS:-8192}
echo "CPU per pair and step [ns] ($S steps, $(awk '{ print $1, $2, $3 }' /proc/loadavg) load average)"
cpu_model() { # $1 name, $2 v_t/v_n, $3 pair_coeff tail
    : > "$dir/r"
    for r in $(seq "${BENCH_ROUNDS:-5}"); do
        write_input "$N" "$2" "$3" "$S"; a=$(cpu); write_input "$N" "$2" "$3" 0; a0=$(cpu)
        write_input $((2 * N)) "$2" "$3" "$S"; b=$(cpu); write_input $((2 * N)) "$2" "$3" 0; b0=$(cpu)
        awk -v a="$a" -v a0="$a0" -v b="$b" -v b0="$b0" -v n="$N" -v s="$S" \
            'BEGIN { print 1e9 * ((b - b0) - (a - a0)) / n / s }' >> "$dir/r"
    done
    printf "%-28s %s\n" "$1" "$(sort -g "$dir/r" | awk '{ v[NR] = $1 } END {
        printf "%.1f [%.1f, %.1f]", v[int((NR + 1) / 2)], v[1], v[NR] }')"
}
cpu_model hertz 0 "0.0 $NU tangential linear_nohistory 0.0 0.0 damping viscoelastic"
cpu_model "hertz + tsuji (e_LMP 0.8)" 0 "0.8 $NU tangential linear_nohistory 0.0 0.0 damping tsuji"
cpu_model "hertz_mindlin (mu 0.35)" 0.5 "0.0 $NU tangential mindlin NULL 0.0 0.35 damping viscoelastic"

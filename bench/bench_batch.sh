#!/bin/sh
# bench_batch.sh -- what a batch sample costs by the kind of its keys (a
# benchmark, never a test: `make bench`).
#
# One case: two glass spheres (R = 10 mm, E = 48 GPa, nu = 0.2), Hertz +
# Mindlin (mu = 0.35) + the Tsuji dashpot (e = 0.9, whose alpha the law's
# prepare finds by ODE solves), closing at 1 m/s with half as much
# tangential speed. BENCH_N (1000) samples per batch, --jobs 1, the
# batch's process CPU (perf stat's task-clock, else /usr/bin/time).
#
#   driver   driver.v_normal varies, dt fixed (the step dt = auto chose at 1 m/s)
#   law      tangential.mu varies, same dt: changes no derived constant
#   e x4     damping.e takes 4 values in turn: alpha changes 4 times
#   e x N    damping.e differs in every sample (a prepare per sample)
#   auto     driver.v_normal varies, dt = auto (dt_tol 1e-6, rows 2000)
#   auto r10 the same at rows = 10
#   own      driver.v_normal varies, each sample at the step dt = auto
#            accepted for it (a table column driver.dt): what the
#            refinement costs over its own result (the `driver` variant's
#            step is the one sample at 1 m/s accepts, finer than most
#            samples' at dt_tol 1e-6: bench/bench_batch_instr.sh)
#   reuse    auto with --dt-reuse (each sample checked at its neighbour's
#            step, bench/bench_dt_reuse.sh for its accuracy)
#   sweep    cwb sweep of driver.v_normal over the same N values: fixed
#            dt, dt = auto, and dt = auto with --dt-reuse
#
# The variants run interleaved, one of each per round, BENCH_ROUNDS (5)
# rounds, so that the machine's load moves all of them alike; each ratio is
# printed as its median over the rounds with the least and the largest.
bin=${1:-build/cwb}
N=${BENCH_N:-1000}
ROUNDS=${BENCH_ROUNDS:-5}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

cp "$(dirname "$0")/batch_glass.case" "$dir/b.case"

have_perf=0
perf stat -x, -e task-clock -o /dev/null true >/dev/null 2>&1 && have_perf=1
if [ "$have_perf" = 0 ] && [ ! -x /usr/bin/time ]; then
    echo "bench_batch: neither perf (linux-perf) nor /usr/bin/time (time) measures a" \
        "process's CPU here: apt-get install time" >&2
    exit 3
fi
cpu_of() {
    if [ "$have_perf" = 1 ]; then
        perf stat -x, -e task-clock -o "$dir/time" "$@" 2> "$dir/stderr" > "$dir/stdout" || {
            cat "$dir/stderr" >&2; return 1; }
        awk -F, '/task-clock/ { printf "%.6f", $1 / 1000 }' "$dir/time"
        return
    fi
    /usr/bin/time -f "CPU %U %S" "$@" 2> "$dir/time" > "$dir/stdout" || {
        cat "$dir/time" >&2; return 1; }
    awk '/^CPU/ { printf "%.3f", $2 + $3 }' "$dir/time"
}

field() { echo "$1" | grep -o "\"$2\": [^,}]*" | head -n 1 | sed 's/.*: //'; }
# the step dt = auto accepts at 1 m/s: at rows = 10 the curve needs no finer run
out=$("$bin" run "$dir/b.case" --no-plot --json --set driver.rows=10 --out "$dir/o" 2>/dev/null) || exit 1
dt_auto=$(field "$out" dt)

awk -v n="$N" 'BEGIN {
    print "driver.v_normal" > "'"$dir"'/drv.csv"
    print "tangential.mu" > "'"$dir"'/law.csv"
    print "damping.e" > "'"$dir"'/e4.csv"
    print "damping.e" > "'"$dir"'/eN.csv"
    for (i = 0; i < n; i++) {
        printf "%.10g\n", 0.95 + 0.1 * i / (n - 1) > "'"$dir"'/drv.csv"
        printf "%.10g\n", 0.30 + 0.1 * i / (n - 1) > "'"$dir"'/law.csv"
        printf "%.10g\n", 0.6 + 0.1 * (i % 4) > "'"$dir"'/e4.csv"
        printf "%.10g\n", 0.6 + 0.3 * i / (n - 1) > "'"$dir"'/eN.csv" } }'

# each sample at the step dt = auto accepts for it
"$bin" batch "$dir/b.case" --samples "$dir/drv.csv" --out "$dir/steps.csv" --results dt >/dev/null || exit 1
{ echo "driver.v_normal,driver.dt"; grep -v '^#' "$dir/steps.csv" | tail -n +2 | cut -d, -f2,3; } > "$dir/own.csv"

# samples table, then extra arguments
run_variant() {
    table=$1
    shift
    rm -f "$dir/out.csv"
    cpu_of "$bin" batch "$dir/b.case" --samples "$dir/$table.csv" --out "$dir/out.csv" \
        --results steps_total,restitution_normal "$@"
}
sweep_variant() {
    rm -rf "$dir/sw"
    cpu_of "$bin" sweep "$dir/b.case" --vary driver.v_normal=0.95:1.05:"$N" --no-plot \
        --set sweep.plot_y=restitution_normal --out "$dir/sw" "$@"
}
variants="driver law e4 eN auto auto10 own reuse sw_fixed sw_auto sw_reuse"
: > "$dir/times"
for r in $(seq "$ROUNDS"); do
    line=$r
    for v in $variants; do
        case $v in
        driver) t=$(run_variant drv --set driver.dt="$dt_auto") ;;
        law) t=$(run_variant law --set driver.dt="$dt_auto") ;;
        e4) t=$(run_variant e4 --set driver.dt="$dt_auto") ;;
        eN) t=$(run_variant eN --set driver.dt="$dt_auto") ;;
        auto) t=$(run_variant drv) ;;
        auto10) t=$(run_variant drv --set driver.rows=10) ;;
        own) t=$(run_variant own) ;;
        reuse) t=$(run_variant drv --dt-reuse) ;;
        sw_fixed) t=$(sweep_variant --set driver.dt="$dt_auto") ;;
        sw_auto) t=$(sweep_variant) ;;
        sw_reuse) t=$(sweep_variant --dt-reuse) ;;
        esac
        [ -n "$t" ] || exit 1
        line="$line $t"
    done
    echo "$line" >> "$dir/times"
done

echo
echo "batch: $N samples of Hertz + Mindlin + Tsuji (glass, 1 m/s), --jobs 1, $ROUNDS interleaved"
echo "rounds, load average $(cut -d' ' -f1-3 /proc/loadavg); dt fixed = $dt_auto s (dt = auto's"
echo "accepted step at 1 m/s, dt_tol 1e-6); CPU per sample (median) and ratios (median [least, largest]):"
# ratio of columns $1 / $2 of the times file (columns: round, then the variants)
awk -v names="$variants" -v n="$N" '
    { for (i = 2; i <= NF; i++) t[NR, i - 1] = $i; rounds = NR }
    function med(a, k,   i, j, x) { for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++)
        if (a[j] < a[i]) { x = a[i]; a[i] = a[j]; a[j] = x }
        return k % 2 ? a[(k + 1) / 2] : 0.5 * (a[k / 2] + a[k / 2 + 1]) }
    function ratio(label, p, q,   i, a, lo, hi) { lo = 1e300; hi = 0
        for (i = 1; i <= rounds; i++) { a[i] = t[i, p] / t[i, q]
            if (a[i] < lo) lo = a[i]; if (a[i] > hi) hi = a[i] }
        printf "  %-56s %6.3f [%.3f, %.3f]\n", label, med(a, rounds), lo, hi }
    END { split(names, nm, " ")
        for (v = 1; v <= 11; v++) { for (i = 1; i <= rounds; i++) a[i] = t[i, v]
            printf "  %-8s %8.1f us per sample\n", nm[v], 1e6 * med(a, rounds) / n }
        ratio("law key / driver key (goal <= 1.2)", 2, 1)
        ratio("law key with 4 distinct alphas / driver key", 3, 1)
        ratio("an alpha per sample / driver key", 4, 1)
        ratio("dt = auto / its accepted fixed step (<= 1.2)", 5, 1)
        ratio("dt = auto, rows 2000 / rows 10", 5, 6)
        ratio("dt = auto / each sample at its own step", 5, 7)
        ratio("dt = auto --dt-reuse / its accepted fixed step (<= 1.2)", 8, 1)
        ratio("sweep: dt = auto / fixed step (<= 1.2)", 10, 9)
        ratio("sweep: dt = auto --dt-reuse / fixed step (<= 1.2)", 11, 9) }' "$dir/times"

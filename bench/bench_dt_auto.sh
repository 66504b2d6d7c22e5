#!/bin/sh
# bench_dt_auto.sh -- does dt = auto meet its stated tolerance? (a
# benchmark, never a test: `make bench-dt-auto`; about 10 min of CPU.)
#
# Every shipped collision case (cases/*.case with [driver] type =
# collision run at dt = auto; a case at a fixed step, as verlet_hertz_glass,
# is named and skipped: it has no tolerance) is run at dt = auto with rows =
# 10, so that the results reported are those of the run dt = auto accepted
# (the one whose error it estimated: at the default rows = 2000 a finer run
# for the curve may report instead), then at that step / 64 (BENCH_DIV), its
# errors estimated by RK4's order 4 as (change) x 64^4 / (64^4 - 1), i.e.
# the change itself. The error of each result is measured as the driver
# measures a change (src/drivers/collision.c, largest_change): against
# max(|value|, floor), floor 1 for the restitutions (the contact point's,
# restitution_tangential_contact, too), the contact time for
# itself, and for the spins omega1_after, omega2_after and their normal
# (twisting) parts the larger initial spin, else the impact speed over
# body1's radius. Prints per case the largest error over dt_tol, the same
# error over the error dt = auto estimated (dt_error_estimate: above 1, the
# estimate was optimistic) and the result it is in; "over" marks the cases
# above their dt_tol. BENCH_CASES (a list of case files) replaces the
# shipped collision cases, BENCH_TOL (a dt_tol) their own dt_tol, BENCH_SET
# (section.key=value ..., space-separated) sets more keys in both runs, e.g.
# BENCH_SET=driver.v_normal=1.2 for a speed the case does not ship.
bin=${1:-build/cwb}
div=${BENCH_DIV:-64}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
field() { grep -o "\"$2\": [^,}]*" "$1" | head -n 1 | sed 's/.*: //'; }
names="restitution_normal restitution_tangential restitution_tangential_contact contact_time omega1_after omega2_after omega1_normal_after omega2_normal_after"
over=0; total=0
printf "%-44s %9s %9s %10s %10s  %s\n" case dt_tol steps err/tol err/est "worst result"
cases=${BENCH_CASES:-$(grep -l "^type *= *collision" cases/*.case)}
settol=""
[ -n "$BENCH_TOL" ] && settol="--set driver.dt_tol=$BENCH_TOL"
for kv in $BENCH_SET; do settol="$settol --set $kv"; done
for c in $cases; do
    n=$(basename "$c" .case)
    # shellcheck disable=SC2086
    "$bin" run "$c" --no-plot --json --set driver.rows=10 $settol --out "$dir/a" > "$dir/a.json" 2>/dev/null || { echo "$n: dt = auto failed"; continue; }
    dt=$(field "$dir/a.json" dt)
    est=$(field "$dir/a.json" dt_error_estimate)
    [ -n "$est" ] || { echo "$n: skipped (a fixed step: no dt_tol to meet)"; continue; }
    tol=$(grep -h "^dt_tol" "$c" | sed 's/#.*//; s/.*= *//' | head -n 1)
    [ -n "$tol" ] || tol=1e-6
    [ -n "$BENCH_TOL" ] && tol=$BENCH_TOL
    h=$(awk "BEGIN { printf \"%.17g\", $dt / $div }")
    # shellcheck disable=SC2086
    "$bin" run "$c" --no-plot --json --set driver.rows=10 $settol --set driver.dt="$h" --out "$dir/b" \
        > "$dir/b.json" 2>/dev/null || { echo "$n: the run at dt/$div failed"; continue; }
    vals=""
    for f in $names; do vals="$vals $(field "$dir/a.json" $f) $(field "$dir/b.json" $f)"; done
    w0=$(grep -h "^omega[12] *=" "$c" | sed 's/#.*//; s/.*= *//' | awk '{ x = $1 < 0 ? -$1 : $1; if (x > m) m = x } END { print m + 0 }')
    v=$(field "$dir/a.json" impact_velocity)
    r=$(grep -A6 "^\[body1\]" "$c" | grep "^radius" | sed 's/#.*//; s/.*= *//' | head -n 1)
    set -- $(echo "$vals" | awk -v tol="$tol" -v w0="$w0" -v v="$v" -v r="$r" -v names="$names" '
        { split(names, nm, " "); ws = w0 > 0 ? w0 : (r > 0 ? v / r : 1); m = 0; worst = "-"
          for (i = 0; i < 8; i++) { a = $(2 * i + 1); b = $(2 * i + 2)
              if (a == "" || a == "null" || b == "null") continue
              fl = i < 3 ? 1 : (i == 3 ? 0 : ws); s = b < 0 ? -b : b; if (s < fl) s = fl
              if (s == 0) continue; d = (a - b) / s; if (d < 0) d = -d
              if (d / tol > m) { m = d / tol; worst = nm[i + 1] } }
          printf "%.3g %s\n", m, worst }')
    steps=$(field "$dir/a.json" steps)
    mark=""; total=$((total + 1))
    awk "BEGIN { exit !($1 > 1) }" && { mark=" over"; over=$((over + 1)); }
    ratio=$(awk -v m="$1" -v tol="$tol" -v est="$est" 'BEGIN { printf "%.3g", (est > 0 ? m * tol / est : 0) }')
    printf "%-44s %9s %9s %10s %10s  %s%s\n" "$n" "$tol" "$steps" "$1" "$ratio" "$2" "$mark"
done
echo "$over of $total collision cases over their dt_tol (error against the run at dt / $div)"

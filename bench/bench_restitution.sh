#!/bin/sh
# Restitution benchmark (not a test): every elastic-plastic law of seed 004,
# 200 normal impact velocities (0.01-30 m/s) each, dt = auto to the shipped
# cases' dt_tol (1e-5), with 1 and 2 jobs. Times one run of each (wall
# clock: no spread; the load average is printed beside it). The laws'
# warnings go to /dev/null: this measures time, the cases' own runs check.
bin=${1:-build/cwb}
out=$(mktemp -d)
laws="thornton tomas stronge storakers vu_quoc brake jackson_green rathbone2015 rathbone"
echo
echo "restitution sweeps: 200 velocities per law, dt = auto (dt_tol 1e-5); one run each, wall clock, load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
for j in 1 2; do
    total=0
    line=""
    for l in $laws; do
        t0=$(date +%s.%N)
        "$bin" sweep "cases/seed004_restitution_$l.case" --no-plot --jobs $j --out "$out" \
            >/dev/null 2>&1 || exit 1
        t1=$(date +%s.%N)
        dt=$(awk "BEGIN { print $t1 - $t0 }")
        total=$(awk "BEGIN { print $total + $dt }")
        line="$line $(printf '%s %.2f' $l $dt)"
    done
    printf "  --jobs %d: all laws %.1f s (%s s)\n" $j "$total" "$(echo $line | sed 's/ \([0-9.]*\) /=\1, /g')"
done
rm -rf "$out"

#!/bin/sh
# Sweep benchmark (not a test): Chung & Ooi test 4, 1000 impact angles,
# at a fixed step dt = 4e-8 s (about t_c/157), with 1 and 2 jobs; and the
# accuracy that step buys, against the converged sweep (dt = auto,
# dt_tol 1e-5) of the shipped case at its 33 angles. One run each, wall
# clock (no spread; the load average is printed beside it).
bin=${1:-build/cwb}
out=$(mktemp -d)
"$bin" sweep cases/chung_ooi_4_al_oxide.case --out "$out/ref" --no-plot --jobs 2 >/dev/null 2>&1 || exit 1
ref="$out/ref/chung_ooi_4_al_oxide_sweep.csv"
echo
echo "sweep: Chung & Ooi test 4 (alumina), 1000 angles 5..85 deg, dt = 4e-8 s; one run each, wall clock, load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
for j in 1 2; do
    t0=$(date +%s.%N)
    "$bin" sweep cases/chung_ooi_4_al_oxide.case --vary driver.impact_angle_deg=5:85:1000 \
        --set driver.dt=4e-8 --set "sweep.reference=$ref" \
        --set "sweep.plot_y=restitution_tangential" \
        --no-plot --jobs $j --out "$out/j$j" > "$out/j$j.txt" 2>/dev/null || exit 1
    t1=$(date +%s.%N)
    printf "  --jobs %d: %.2f s\n" $j "$(awk "BEGIN { print $t1 - $t0 }")"
done
sed -n 's/^  restitution_tangential vs .*: max deviation \([^ ]*\) .*; rms \([^ ]*\) .*/  e_t at dt = 4e-8 s vs the converged sweep: max deviation \1, rms \2 (of max |e_t|)/p' "$out/j1.txt"
rm -rf "$out"

#!/bin/sh
# Peak resident memory of each `make demo` run (GNU time's %M, in KiB).
bin=${1:-build/cwb}
out=$(mktemp -d)
echo
echo "peak memory of the demo runs (max RSS):"
for c in cases/chung_ooi_1_glass.case cases/chung_ooi_1_limestone.case \
         cases/chung_ooi_2_al_alloy.case cases/chung_ooi_2_mg_alloy.case \
         cases/linear_spring_impact.case cases/history_hertz_force_control.case \
         cases/history_linear_friction_cycle.case; do
    if [ -x /usr/bin/time ]; then
        kib=$( { /usr/bin/time -f "%M" "$bin" run "$c" --out "$out" --no-plot >/dev/null; } 2>&1 | tail -n 1)
        printf "  %-45s %6s KiB\n" "$c" "$kib"
    else
        echo "  /usr/bin/time missing (apt-get install time)"; break
    fi
done
rm -rf "$out"

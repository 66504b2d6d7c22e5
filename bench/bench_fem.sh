#!/bin/sh
# Benchmark (not a test) of the seed 000 FEM work: how long the Fig. 8 grid of
# seed 000 (110 points, each solved twice for the refinement check) takes to
# regenerate with gmsh + CalculiX, and how long `cwb fit` of eq. 33 over it
# takes. Needs gmsh and ccx (make reference installs them).
#   sh bench/bench_fem.sh build/cwb
set -e
cwb=${1:-build/cwb}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
now() { date +%s.%N; }

t0=$(now)
"$cwb" reference reference/fem/studies/seed000_fig8.study --out "$out" --work "$out/work" >/dev/null
t1=$(now)
# the regenerated grid against the committed one
awk -F, '!/^#/ && NR > 1 { print $12 }' "$out/seed000_fig8.csv" | sed 1d > "$out/new"
awk -F, '!/^#/ && NR > 1 { print $12 }' reference/fem/seed000_fig8.csv | sed 1d > "$out/old"
worst=$(paste -d' ' "$out/new" "$out/old" | awk '{ d = $1 - $2; if (d < 0) d = -d; if (d > m) m = d } END { printf "%.3g", m }')

runs=20
t2=$(now)
i=0
while [ $i -lt $runs ]; do
    "$cwb" fit cases/seed000_fig8_eq33.fit --no-plot --out "$out" >/dev/null
    i=$((i + 1))
done
t3=$(now)
awk -v a="$t0" -v b="$t1" -v c="$t2" -v d="$t3" -v n="$runs" -v w="$worst" 'BEGIN {
    printf "Fig. 8 grid (110 points x 2 meshes, gmsh + ccx): %.1f s (budget 900 s); largest |w - committed w| %s\n", b - a, w
    printf "cwb fit eq. 33 over the grid (process start to exit): %.4f s per fit, mean of %d (budget 1 s)\n", (d - c) / n, n
}'

#!/bin/sh
# bench_format.sh -- what fraction of a run goes to formatting numbers (a
# benchmark, never a test: `make bench`). callgrind counts the instructions
# of `cwb run --no-plot` on cases/chung_ooi_1_glass.case (a dt = auto
# collision writing its default 2000-row CSV; instruction counts, so the
# machine's load does not move them) and prints the share of the whole
# under the writer (cwb_write_csv: the rows, the provenance, the header),
# under the text of its numbers (src/core/shortest.cc: Dragonbox's digits
# laid out as %g; the rows by cwb_shortest_put_rows, one call for the
# rows a buffer holds, with its loops over the rows and the cells, zeros
# and commas included; the provenance by
# cwb_shortest_put through cwb_format_shortest) and under the C library's
# printf and its floating-point conversion (__printf_fp). callgrind files the
# inlined Dragonbox code of a function under the header's name too: each
# function's share is the largest line that names it (every function
# listed: --threshold=100). Skipped with a
# message when valgrind is absent.
bin=${1:-build/cwb}
case=${2:-cases/chung_ooi_1_glass.case}
command -v valgrind >/dev/null 2>&1 || { echo "bench_format: valgrind not found: skipped"; exit 0; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
valgrind --tool=callgrind --callgrind-out-file="$dir/cg.out" "$bin" run "$case" --no-plot \
    --out "$dir/o" >/dev/null 2>&1 || { echo "bench_format: the run failed"; exit 1; }
callgrind_annotate --inclusive=yes --threshold=100 "$dir/cg.out" 2>/dev/null | awk -v c="$(basename "$case")" '
    function most(v) { gsub(",", "", v); return v + 0 }
    /PROGRAM TOTALS/ { total = most($1) }
    / [^ ]*:cwb_write_csv( |$)/ && most($1) > csv { csv = most($1) }
    / [^ ]*:cwb_shortest_put( |$)/ && most($1) > put { put = most($1) }
    / [^ ]*:cwb_shortest_put_rows( |$)/ && most($1) > cells { cells = most($1) }
    / [^ ]*:__printf_fp( |$)/ && most($1) > fp { fp = most($1) }
    / [^ ]*:__vfprintf_internal( |$)/ && most($1) > vf { vf = most($1) }
    END { printf "\nformatting: cwb run --no-plot %s, %.3g instructions (callgrind):\n", c, total
        printf "  cwb_write_csv %.1f %%, of which the numbers'"'"' text %.1f %%\n",
            100 * csv / total, 100 * (cells + put) / total
        printf "    (the rows, cwb_shortest_put_rows, %.1f %%; the rest, cwb_shortest_put, %.1f %%)\n",
            100 * cells / total, 100 * put / total
        printf "  printf %.1f %% (its float conversion %.1f %%)\n", 100 * vf / total, 100 * fp / total
        printf "  goal: formatting at most 20 %% of a run\n" }'

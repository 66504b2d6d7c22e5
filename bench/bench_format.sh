#!/bin/sh
# bench_format.sh -- what fraction of a run goes to formatting numbers (a
# benchmark, never a test: `make bench`). callgrind counts the instructions
# of `cwb run --no-plot` on cases/chung_ooi_1_glass.case (a dt = auto
# collision writing its default 2000-row CSV; instruction counts, so the
# machine's load does not move them) and prints the share of the whole
# under the writer (cwb_write_csv), under its number formatter
# (cwb_format_shortest: the digits from Dragonbox, src/core/shortest.cc, laid out as
# %g) and under the C library's printf and its floating-point conversion
# (__printf_fp). Skipped with a message when valgrind is absent.
bin=${1:-build/cwb}
case=${2:-cases/chung_ooi_1_glass.case}
command -v valgrind >/dev/null 2>&1 || { echo "bench_format: valgrind not found: skipped"; exit 0; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
valgrind --tool=callgrind --callgrind-out-file="$dir/cg.out" "$bin" run "$case" --no-plot \
    --out "$dir/o" >/dev/null 2>&1 || { echo "bench_format: the run failed"; exit 1; }
callgrind_annotate --inclusive=yes "$dir/cg.out" 2>/dev/null | awk -v c="$(basename "$case")" '
    /PROGRAM TOTALS/ { gsub(",", "", $1); total = $1 }
    / [^ ]*:cwb_write_csv / { gsub(",", "", $1); csv = $1 }
    / [^ ]*:cwb_format_shortest / && !fmt { gsub(",", "", $1); fmt = $1 }
    / [^ ]*:__printf_fp / { gsub(",", "", $1); fp = $1 }
    / [^ ]*:__vfprintf_internal / { gsub(",", "", $1); vf = $1 }
    END { printf "\nformatting: cwb run --no-plot %s, %.3g instructions (callgrind):\n", c, total
        printf "  cwb_write_csv %.1f %%, of which cwb_format_shortest %.1f %%\n",
            100 * csv / total, 100 * fmt / total
        printf "  printf %.1f %% (its float conversion %.1f %%)\n", 100 * vf / total, 100 * fp / total
        printf "  goal: formatting at most 20 %% of a run\n" }'

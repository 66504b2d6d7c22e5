#!/bin/sh
# fuzz/run.sh TARGET SECONDS -- one bounded AFL++ campaign on one of cwb's
# input readers, then its numbers.
#
#   TARGET   case | fit | study | csv | msh  (the harness fuzz/fuzz_TARGET.c)
#   SECONDS  length of the campaign (afl-fuzz -V)
#
# Builds libcwb.a with afl-cc under AddressSanitizer and UBSan (through the
# Makefile's own rules, into build/fuzz/lib), links the harness, seeds it
# from the tree (cases/*.case, cases/*.fit, reference/fem/studies/*.study,
# small reference CSVs, tests/data/fem/*.msh) plus fuzz/corpus/TARGET/,
# and runs afl-fuzz with its output in build/fuzz/TARGET/out. Afterwards
# every input in the queue is read once more outside the fuzzer with
# LeakSanitizer on (the persistent loop cannot see leaks). Exits 1 when a crash or a leak was
# found, naming the files; hangs are reported but do not fail the run (on a
# shared machine a slow round can pass for one; replay them).
set -eu

usage() { echo "usage: sh fuzz/run.sh case|fit|study|csv|msh SECONDS" >&2; exit 2; }
[ $# -eq 2 ] || usage
target=$1 seconds=$2
case $seconds in '' | *[!0-9]*) usage ;; esac

cd "$(dirname "$0")/.."
[ -f "fuzz/fuzz_$target.c" ] || usage
sh tools/ensure-deps.sh afl++

work=build/fuzz/$target
lib=build/fuzz/lib
mkdir -p "$work"

# --- build ------------------------------------------------------------------
# The library through the Makefile (same sources and flags as `make`), but
# compiled by afl-cc (its one C++ file by afl-c++) with coverage and
# sanitizers.
export AFL_USE_ASAN=1 AFL_USE_UBSAN=1 AFL_QUIET=1
fuzz_cflags="-O1 -g -fno-omit-frame-pointer"
make -s --no-print-directory BUILD=$lib CC=afl-cc CXX=afl-c++ CFLAGS="$fuzz_cflags" "$lib/libcwb.a" \
    >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
# The Makefile's preprocessor, warning and library flags, asked of make itself.
flags=$(make -s --no-print-directory \
    --eval 'fuzz-flags: ; @echo "$(CPPFLAGS) $(WARN) $(PKG_CFLAGS)"' fuzz-flags)
libs=$(make -s --no-print-directory --eval 'fuzz-libs: ; @echo "$(PKG_LIBS)"' fuzz-libs)
# shellcheck disable=SC2086 # word splitting of the flag lists is intended
afl-cc $flags -Ifuzz $fuzz_cflags -o "$work/harness" fuzz/fuzz_main.c "fuzz/fuzz_$target.c" \
    "$lib/libcwb.a" $libs >>"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
unset AFL_USE_ASAN AFL_USE_UBSAN AFL_QUIET

# --- seeds and dictionary -----------------------------------------------------
rm -rf "$work/in" "$work/out"
mkdir -p "$work/in"
case $target in
case) seeds=$(ls cases/*.case) ;;
fit) seeds=$(ls cases/*.fit) ;;
study) seeds=$(ls reference/fem/studies/*.study) ;;
csv) seeds=$(find reference -name '*.csv' -size -8k | sort | head -n 40) ;;
msh) seeds=$(ls tests/data/fem/*.msh) ;;
esac
for s in $seeds; do cp "$s" "$work/in/"; done
[ -d "fuzz/corpus/$target" ] && cp "fuzz/corpus/$target"/* "$work/in/"

# Tokens the readers compare against: section names, keys and the first
# word of values (law and driver names...) for INI files, header cells for
# CSVs, section markers and element types for meshes; afl-fuzz splices
# them in.
{
    printf '"%s"\n' '[' ']' '=' '#' ';' ',' '\x0a' '\x09' ' ' '\x0d' 'e-' 'nan' 'inf' '0x1p3'
    if [ "$target" = msh ]; then
        printf '"%s"\n' '$MeshFormat' '$Nodes' '$EndNodes' '$Elements' '$EndElements' '2.2 0 8' \
            ' 11 ' ' 9 ' ' 8 ' ' 15 ' '-1' '2147483647' '4294967296' '9223372036854775807'
    else
        if [ "$target" = csv ]; then
            awk '!/^#/ && NF { print; nextfile }' "$work/in"/* | tr ',[]' '\n\n\n' |
                sed 's/^ *//; s/ *$//' | grep '^[A-Za-z_]'
        else
            cat "$work/in"/* | sed -n 's/^ *\[\([A-Za-z0-9_]*\)\].*/[\1]/p;
                s/^ *\([A-Za-z0-9_]*\) *= *\([A-Za-z0-9_.]*\).*/\1\n\2/p'
        fi | grep '^[A-Za-z0-9_.[][A-Za-z0-9_.]*\]*$' | sort -u | head -n 400 | sed 's/.*/"&"/'
    fi
} >"$work/dict"

# --- campaign -------------------------------------------------------------------
# One core at most (no pinning: the machine is shared); -m none because
# ASan reserves terabytes of address space; -t 2000+: a round slower than
# 2 s is a hang, and a seed that slow is skipped rather than fatal.
echo "fuzz $target: $(ls "$work/in" | wc -l) seeds, $(wc -l <"$work/dict") tokens, $seconds s"
AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 AFL_NO_AFFINITY=1 \
    afl-fuzz -i "$work/in" -o "$work/out" -x "$work/dict" -m none \
    -t 2000+ -V "$seconds" -- "$work/harness" @@ >"$work/afl.log" 2>&1 ||
    { tail -n 30 "$work/afl.log" >&2; exit 1; }

stats=$work/out/default/fuzzer_stats
stat_of() { sed -n "s/^$1 *: *//p" "$stats" | head -n 1; }
crashes=$(stat_of saved_crashes)
[ -n "$crashes" ] || crashes=$(stat_of unique_crashes)
hangs=$(stat_of saved_hangs)
[ -n "$hangs" ] || hangs=$(stat_of unique_hangs)

# --- leaks: every queue entry once, outside the persistent loop ---------------
leaks=0
for q in "$work/out/default/queue"/id:*; do
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 "$work/harness" "$q" >/dev/null 2>"$work/replay.log" ||
        { leaks=$((leaks + 1)); cp "$work/replay.log" "$work/leak-$leaks.log"; echo "leak: $q"; }
done

printf 'fuzz %s: %s s, %s executions (%s/s), corpus %s, edges %s (%s), stability %s, crashes %s, hangs %s, leaking inputs %s\n' \
    "$target" "$(stat_of run_time)" "$(stat_of execs_done)" "$(stat_of execs_per_sec)" \
    "$(stat_of corpus_count)" "$(stat_of edges_found)" "$(stat_of bitmap_cvg)" "$(stat_of stability)" \
    "$crashes" "$hangs" "$leaks"
for f in "$work/out/default/crashes"/id:* "$work/out/default/hangs"/id:*; do
    [ -e "$f" ] && echo "  replay: $work/harness '$f'"
done
[ "$crashes" = 0 ] && [ "$leaks" = 0 ]

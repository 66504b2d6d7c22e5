#!/bin/sh
# check_install.sh -- libcwb as a user gets it (`make api-check`, part of
# `make check`): the install into a temporary prefix, the public header alone,
# examples/dem_loop.c (shared and static), examples/dem_loop.cpp and
# examples/run_case.c built with nothing but pkg-config's flags against that
# prefix and run without LD_LIBRARY_PATH, the installed CLI free of
# libcwb.so, and the Python package's tests with the installed package.
#
#   sh tests/api/check_install.sh API_DIR CWB_BIN SRCDIR
# API_DIR holds prefix/ (make install PREFIX=API_DIR/prefix) and stage/
# (make install PREFIX=/usr/local DESTDIR=API_DIR/stage); CC, CXX, PYTHON
# from the environment.
#
# References the examples are held to:
#   - `cwb run` of the same impact (tests/api/oblique_impact.case: the
#     collision driver, classical RK4 with its step refined until the
#     restitution is converged, separation found by a root solve);
#   - Hertz without damping (tsuji e = 1, alpha = 0) returns all the normal
#     energy, e_n = 1: a closed form, independent of cwb's integrators;
#   - examples/run_case.c runs its case text through the library's run API:
#     every result, printed with 17 digits, must be `cwb run`'s on the same
#     text (17 digits too): the same doubles, bit for bit.
# Tolerance 1e-5 on both restitutions: the examples integrate with
# semi-implicit Euler at dt = 1e-9 s (27000 steps of contact), a first-order
# method; measured against the CLI while the step was halved from 4e-9 s to
# 5e-10 s, the tangential restitution's error went 1.8e-5, 8.8e-6, 4.6e-6,
# 2.3e-6 (first order), the normal one stayed below 1.6e-6.
set -eu
API_DIR=$1
CWB=$2
SRC=$3
CC=${CC:-cc}
CXX=${CXX:-c++}
PYTHON=${PYTHON:-python3}
P=$API_DIR/prefix
W=$API_DIR/work
mkdir -p "$W"
fail() {
    echo "api-check: FAIL: $*" >&2
    exit 1
}

# --- the install ------------------------------------------------------------
for f in lib/libcwb.a lib/libcwb.so lib/libcwb.so.0 include/cwb/cwb_api.h lib/pkgconfig/cwb.pc \
    bin/cwb; do
    [ -e "$P/$f" ] || fail "make install did not install $f into $P"
    [ -e "$API_DIR/stage/usr/local/$f" ] || fail "make install DESTDIR= did not stage $f"
done
readelf -d "$P/lib/libcwb.so" | grep -q 'SONAME.*libcwb\.so\.0' || fail "libcwb.so has no soname libcwb.so.0"
grep -q "^prefix=/usr/local$" "$API_DIR/stage/usr/local/lib/pkgconfig/cwb.pc" ||
    fail "a DESTDIR install must still name PREFIX in cwb.pc"
# The public header stands alone and includes nothing of cwb's internals.
if grep '^#include' "$P/include/cwb/cwb_api.h" | grep -v '<stddef.h>' >/dev/null; then
    fail "cwb_api.h includes more than <stddef.h>"
fi
# Only the API is exported from the shared library.
if nm -D --defined-only "$P/lib/libcwb.so" | awk '$2 ~ /^[TDB]$/ {print $3}' | grep -v '^cwb_api_' |
    grep . >/dev/null; then
    fail "libcwb.so exports symbols outside cwb_api_*"
fi

export PKG_CONFIG_PATH="$P/lib/pkgconfig"
CFLAGS_CWB=$(pkg-config --cflags cwb)
LIBS_CWB=$(pkg-config --libs cwb)
# A static link of the contact API and of the run API: libcwb.a and GSL,
# nothing of C++ (the run API's number formatter, core/shortest.cc, is C++
# that needs no C++ runtime; pkg-config --static must still give a line
# that links).
LIBS_STATIC=$(echo "$LIBS_CWB" | sed 's/-lcwb/-l:libcwb.a/')
LIBS_STATIC_RUN=$(pkg-config --static --libs cwb | sed 's/-lcwb/-l:libcwb.a/')
printf '#include <cwb/cwb_api.h>\nint main(void) { return cwb_api_law_count(CWB_API_NORMAL) > 0 ? 0 : 1; }\n' >"$W/alone.c"
$CC -std=c99 -Wall -Wextra -pedantic -Werror $CFLAGS_CWB -c "$W/alone.c" -o "$W/alone.o" ||
    fail "cwb_api.h does not compile alone as C99"
cp "$W/alone.c" "$W/alone.cpp"
$CXX -std=c++11 -Wall -Wextra -pedantic -Werror $CFLAGS_CWB -c "$W/alone.cpp" -o "$W/alone_cpp.o" ||
    fail "cwb_api.h does not compile as C++11"

# --- the examples ---------------------------------------------------------------
# shellcheck disable=SC2086 # the pkg-config flags are word lists
# Nothing but pkg-config's flags: cwb.pc's Libs carry the rpath of LIBDIR.
$CC -std=c11 -Wall -Wextra -pedantic -Werror -O2 "$SRC/examples/dem_loop.c" $CFLAGS_CWB $LIBS_CWB \
    -o "$W/dem_loop" || fail "examples/dem_loop.c does not build"
$CC -std=c11 -O2 "$SRC/examples/dem_loop.c" $CFLAGS_CWB $LIBS_STATIC -o "$W/dem_loop_static" \
    -Wl,-Map="$W/dem_loop_static.map" || fail "examples/dem_loop.c does not link statically"
# The contact API is self-contained: a program that steps a contact links the
# laws, their composition and the core alone (src/README.md, the layers), never
# the drivers, the commands, the case reader or the run API. Each member the
# linker took from libcwb.a is found among the build's objects (obj/LAYER/).
OBJ=$(dirname "$CWB")/obj
members=$(grep -o 'libcwb\.a([A-Za-z0-9_]*\.o)' "$W/dem_loop_static.map" | sed 's/.*(//; s/)//' | sort -u)
[ -n "$members" ] || fail "the static link's map names no member of libcwb.a"
for m in $members; do
    layer=$(cd "$OBJ" && ls -d */"$m" */*/"$m" 2>/dev/null | head -n 1 | cut -d/ -f1)
    case $layer in
    core | laws | contact | api) ;;
    *) fail "a static link of examples/dem_loop.c pulls in $m (layer '${layer:-unknown}')" ;;
    esac
done
echo "api-check: the static dem_loop takes $(echo "$members" | wc -l) objects of libcwb.a, all of core/, laws/, contact/, api/"
$CXX -std=c++11 -Wall -Wextra -pedantic -Werror -O2 "$SRC/examples/dem_loop.cpp" $CFLAGS_CWB \
    $LIBS_CWB -o "$W/dem_loop_cpp" || fail "examples/dem_loop.cpp does not build"
$CC -std=c11 -Wall -Wextra -pedantic -Werror -O2 "$SRC/examples/run_case.c" $CFLAGS_CWB $LIBS_CWB \
    -o "$W/run_case" || fail "examples/run_case.c does not build"
if ldd "$W/dem_loop_static" | grep -q libcwb; then
    fail "the static example loads libcwb.so"
fi

# The programs run as a user runs them: no LD_LIBRARY_PATH.
unset LD_LIBRARY_PATH
"$W/dem_loop" >"$W/c.out" || fail "dem_loop failed"
"$W/dem_loop_static" >"$W/c_static.out" || fail "dem_loop (static) failed"
"$W/dem_loop_cpp" >"$W/cpp.out" || fail "dem_loop_cpp failed"
cmp -s "$W/c.out" "$W/c_static.out" || fail "the shared and static examples differ"
"$CWB" run "$SRC/tests/api/oblique_impact.case" --out "$W/cli" --json >"$W/cli.json" 2>"$W/cli.err" ||
    fail "cwb run tests/api/oblique_impact.case failed: $(cat "$W/cli.err")"

json() { # json KEY: the number of KEY in the CLI's JSON
    grep -o "\"$1\": [-0-9.e+]*" "$W/cli.json" | head -1 | sed 's/.*: //'
}
near() { # near WHAT GOT WANT TOL
    awk -v g="$2" -v w="$3" -v t="$4" 'BEGIN { d = g - w; if (d < 0) d = -d; exit !(d <= t) }' ||
        fail "$1 = $2, expected $3 within $4"
    echo "api-check: $1 = $2 (reference $3, |diff| <= $4)"
}
val() { awk -v k="$1" '$1 == k { print $2 }' "$2"; }
EN=$(json restitution_normal)
ET=$(json restitution_tangential)
[ -n "$EN" ] && [ -n "$ET" ] || fail "no restitution in the CLI's JSON"
for ex in c cpp; do
    near "dem_loop ($ex) e_n vs cwb run" "$(val restitution_normal "$W/$ex.out")" "$EN" 1e-5
    near "dem_loop ($ex) e_t vs cwb run" "$(val restitution_tangential "$W/$ex.out")" "$ET" 1e-5
done
"$W/dem_loop" 1 >"$W/elastic.out" || fail "dem_loop 1 failed"
near "dem_loop e_n without damping vs 1 (closed form)" "$(val restitution_normal "$W/elastic.out")" 1 1e-5
# A bad parameter is refused with the case reader's message, exit 2.
set +e
"$W/dem_loop" 1.5 >/dev/null 2>"$W/bad.err"
rc=$?
set -e
[ "$rc" -eq 2 ] || fail "dem_loop 1.5 exited $rc, expected 2"
grep -q '\[damping\] e = 1.5 .*allowed (0, 1\]' "$W/bad.err" || fail "unexpected message: $(cat "$W/bad.err")"
echo "api-check: bad parameter: $(cat "$W/bad.err")"

# --- a run from a case string (examples/run_case.c) ------------------------------
# Its results against `cwb run` on the same text at its speed (a run with
# its curve, as the run API makes; `cwb batch` reports dt = auto's accepted
# run, without the finer run that records the curve).
"$W/run_case" --case >"$W/oblique.case" || fail "run_case --case failed"
"$W/run_case" 1.5 >"$W/run_case.out" 2>"$W/run_case.err" || fail "run_case: $(cat "$W/run_case.err")"
"$CWB" run "$W/oblique.case" --set driver.v_normal=1.5 --no-plot --json --out "$W/oblique_run" \
    >"$W/oblique_run.json" 2>"$W/run.err" || fail "cwb run of run_case's text: $(cat "$W/run.err")"
compared=$(grep -o '"[a-z_0-9]*": [-0-9.e+]*' "$W/oblique_run.json" | sed 's/"//g; s/: / /' |
    awk 'FNR == NR { v[$1] = $2; next } ($1 in v) && !seen[$1]++ {
          if ($2 != v[$1]) { print "DIFF " $1 " " v[$1] " " $2; exit 1 }
          k++ }
    END { print k + 0 }' "$W/run_case.out" -) ||
    fail "run_case differs from cwb run: $compared"
[ "$compared" -gt 20 ] || fail "run_case: only $compared results compared with cwb run"
echo "api-check: run_case (a case string through cwb_api_run_text): $compared results equal" \
    "cwb run's, 17 digits each"
# The run API from libcwb.a alone, with what `pkg-config --static` adds.
# shellcheck disable=SC2086 # the pkg-config flags are word lists
$CC -std=c11 -O2 "$SRC/examples/run_case.c" $CFLAGS_CWB $LIBS_STATIC_RUN -o "$W/run_case_static" ||
    fail "examples/run_case.c does not link statically with pkg-config --static --libs cwb"
"$W/run_case_static" 1.5 >"$W/run_case_static.out" 2>"$W/run_case.err" ||
    fail "run_case (static): $(cat "$W/run_case.err")"
cmp -s "$W/run_case.out" "$W/run_case_static.out" || fail "the shared and static run_case differ"
echo "api-check: run_case linked statically with libcwb.a (pkg-config --static) gives the same results"

# --- the installed CLI ----------------------------------------------------------------
if ldd "$P/bin/cwb" 2>/dev/null | grep -q libcwb; then
    fail "the installed cwb loads libcwb.so (it is linked with libcwb.a: it needs no rpath)"
fi
(cd "$W" && env -i "$P/bin/cwb" version >/dev/null) || fail "the installed cwb does not run alone"

# --- the Python package -----------------------------------------------------------
# The installed package, finding the installed library (LIBDIR) from its folder.
if command -v "$PYTHON" >/dev/null 2>&1; then
    PYDIR=$(ls -d "$P"/lib/python3*/dist-packages)
    [ -f "$PYDIR/cwb/__init__.py" ] || fail "make install did not install the package cwb"
    for t in test_binding test_run; do
        (cd "$W" && env -u CWB_LIBRARY PYTHONDONTWRITEBYTECODE=1 CWB_BIN="$CWB" \
            PYTHONPATH="$PYDIR" "$PYTHON" "$SRC/tests/python/$t.py" >"$W/$t.log" 2>&1) ||
            fail "tests/python/$t.py with the installed package: $(tail -5 "$W/$t.log")"
        tail -1 "$W/$t.log" | sed 's/^/api-check: /'
    done
    grep -q "$P/lib/libcwb.so.0" "$W/test_run.log" || fail "the installed package loaded $(tail -1 "$W/test_run.log")"
else
    fail "no python3 for tests/python/test_binding.py (set PYTHON=)"
fi
echo "api-check: OK"

#!/bin/sh
# check_pip.sh -- the Python package as a user installs it (`make
# python-check`, part of `make check`): `pip install .` into a fresh virtual
# environment with no package index (--no-index: pip may fetch nothing, as
# without a network; the build backend in the tree needs nothing, see
# pyproject.toml), then, from another folder, the call of the package's
# documentation; it must print the value the package prints from the source
# tree (repr: every digit of the double), and load the library the wheel
# carries. `pip uninstall` must then leave no file of the package.
#
#   sh tests/python/check_pip.sh WORK SRCDIR
# PYTHON from the environment (Debian's python3 with python3-venv).
set -eu
WORK=$1
SRC=$2
PYTHON=${PYTHON:-python3}
fail() {
    echo "python-check: FAIL: $*" >&2
    exit 1
}
rm -rf "$WORK/venv" "$WORK/elsewhere"
mkdir -p "$WORK/elsewhere"
"$PYTHON" -m venv "$WORK/venv" || fail "$PYTHON -m venv failed (Debian: apt-get install python3-venv)"
VPY=$WORK/venv/bin/python
# the index is off, and so is any configured one
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL PIP_CONFIG_FILE=/dev/null "$VPY" -m pip install --no-index --no-cache-dir --quiet "$SRC" \
    >"$WORK/pip.log" 2>&1 || fail "pip install --no-index . failed: $(tail -5 "$WORK/pip.log")"
CALL="import cwb; print(cwb.run('$SRC/cases/chung_ooi_1_glass.case')['restitution_normal'])"
got=$(cd "$WORK/elsewhere" && env -u CWB_LIBRARY -u PYTHONPATH "$VPY" -c "$CALL") ||
    fail "the installed package does not run"
want=$(cd "$SRC" && env -u CWB_LIBRARY PYTHONPATH=python "$PYTHON" -c "$CALL")
[ "$got" = "$want" ] || fail "installed package: $got, source tree: $want"
lib=$(cd "$WORK/elsewhere" && env -u CWB_LIBRARY -u PYTHONPATH "$VPY" -c \
    "import cwb, os; print(os.path.relpath(cwb.library_path, os.path.dirname(cwb.__file__)))")
[ "$lib" = "libcwb.so.0" ] || fail "the installed package loads $lib, not its own libcwb.so.0"
echo "python-check: pip install --no-index . into a fresh venv: restitution_normal = $got" \
    "(the source tree's, every digit)"
"$VPY" -m pip uninstall --yes --quiet cwb >>"$WORK/pip.log" 2>&1 || fail "pip uninstall cwb failed"
left=$(find "$WORK/venv/lib" -path '*site-packages/cwb*' 2>/dev/null)
[ -z "$left" ] || fail "pip uninstall left $left"
echo "python-check: pip uninstall cwb removed every file"

#!/bin/sh
# check_prefix.sh -- `make install` refuses install paths it cannot use
# safely (`make api-check`, part of `make check`).
#
#   sh tests/api/check_prefix.sh SRCDIR
# MAKE from the environment (default make); extra arguments to it in
# MAKE_ARGS (e.g. BUILD=build).
#
# The install recipes put PREFIX, DESTDIR and the directories made from them
# on shell command lines and into cwb.pc. A PREFIX with a space made
# `install -d` create stray folders (one of them in the source tree), and a
# quote in it ended the recipe's quoting, so the rest ran as shell. Each
# value below must be refused with a message naming the variable, before
# any recipe runs: nothing may appear in DESTDIR, beside it, or in the
# source tree, and the injected command must not run.
set -eu
SRC=$1
MAKE=${MAKE:-make}
MAKE_ARGS=${MAKE_ARGS:-}
T=$(mktemp -d /tmp/cwb-prefix-XXXXXX)
trap 'rm -rf "$T"' EXIT
fail() {
    echo "check_prefix: FAIL: $*" >&2
    exit 1
}
tree() { # the source tree's top level and the temporary folder's
    (cd "$SRC" && ls -A) | sort
    ls -A "$T"
}

# refused VAR VALUE: make install VAR=VALUE fails, says why, changes nothing.
refused() {
    mkdir "$T/stage"
    : >"$T/log"
    before=$(tree)
    stage="DESTDIR=$T/stage"
    [ "$1" != DESTDIR ] || stage=
    # shellcheck disable=SC2086 # MAKE_ARGS and stage are word lists
    if "$MAKE" -C "$SRC" --no-print-directory $MAKE_ARGS install $stage "$1=$2" >"$T/log" 2>&1; then
        fail "make install $1=\"$2\" succeeded"
    fi
    after=$(tree)
    grep -q "$1 = .*must be an absolute path" "$T/log" ||
        fail "make install $1=\"$2\": no refusal naming $1: $(cat "$T/log")"
    [ ! -e "$T/pwned" ] || fail "make install $1=\"$2\" ran the injected command"
    [ -z "$(ls -A "$T/stage")" ] || fail "make install $1=\"$2\" created $(ls -A "$T/stage")"
    [ "$before" = "$after" ] ||
        fail "make install $1=\"$2\" created files: $(printf '%s\n%s\n' "$before" "$after" | sort | uniq -u)"
    rmdir "$T/stage"
    echo "check_prefix: $1=\"$2\" refused: nothing created"
}

refused PREFIX 'a b'
refused PREFIX "x'; touch $T/pwned; '"
refused PREFIX '/opt/cwb"; touch '"$T"'/pwned; "'
refused PREFIX '/opt/cwb;touch pwned'
refused PREFIX '/opt/$HOME'
refused PREFIX '/opt/cwb`touch x`'
refused PREFIX 'relative/prefix'
refused PREFIX ''
refused DESTDIR 'stage dir'
refused DESTDIR 'relative'
refused LIBDIR '/usr/lib/a b'
refused BINDIR 'bin'
echo "check_prefix: OK"

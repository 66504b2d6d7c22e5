#!/bin/sh
# tools/demo.sh CWB COMMAND VERBOSE LOG CASE... -- run each case with
# `cwb COMMAND CASE --out plots` for make demo. Quiet by default: the
# output goes to LOG and one line sums the group up (cases, warnings, where
# the files are); VERBOSE non-empty (make demo V=1) also shows each case's
# output. A failing case stops the demo with its last lines.
set -u
cwb=$1 command=$2 verbose=$3 log=$4
shift 4
extra=""
[ "$command" = sweep ] && extra="--jobs 2"
tmp=$log.one
count=0 warnings=0
for c in "$@"; do
    # shellcheck disable=SC2086
    "$cwb" "$command" "$c" --out plots $extra > "$tmp" 2>&1
    status=$?
    { echo "== $command $c"; cat "$tmp"; } >> "$log"
    if [ -n "$verbose" ]; then
        echo "== $command $c"
        cat "$tmp"
    fi
    if [ "$status" -ne 0 ]; then
        echo "demo: cwb $command $c failed (exit status $status):" >&2
        tail -n 15 "$tmp" >&2
        rm -f "$tmp"
        exit "$status"
    fi
    count=$((count + 1))
    warnings=$((warnings + $(grep -c 'warning:' "$tmp")))
done
rm -f "$tmp"
echo "demo: cwb $command: $count cases, $warnings warnings (log: $log), files in plots/"

#!/bin/sh
# tools/demo.sh CWB COMMAND VERBOSE LOG CASE... -- run each case with
# `cwb COMMAND CASE --out plots` for make demo. Quiet by default: the
# output goes to LOG and one line sums the group up (cases, warnings by
# kind, where the files are); VERBOSE non-empty (make demo V=1) also shows
# each case's output. A failing case stops the demo with its last lines.
set -u
cwb=$1 command=$2 verbose=$3 log=$4
shift 4
extra=""
[ "$command" = sweep ] && extra="--jobs 2"
tmp=$log.one
count=0 documented=0 critical=0 other=0

# The warnings of one case's output, by kind: "documented" names the
# finding or law source that documents it (energy a published law creates
# or gives back, a law's force jumps), "critical" is seed 003's note that a
# sliding speed is below the critical speed (no closed form there), "other"
# is the rest, each saying what it measures. A sweep's "N more values ...
# warned" line counts with the warning before it. Prints three numbers.
warning_kinds() {
    awk '/warning:/ {
            if ($0 ~ /more values of .* warned/) kind = last == "" ? 3 : last
            else if ($0 ~ /\(doc\/findings\.md, finding|\(src\/laws\/|documented discontinuities/)
                kind = 1
            else if ($0 ~ /below the critical speed/) kind = 2
            else kind = 3
            n[kind]++
            last = kind
        }
        END { printf "%d %d %d\n", n[1], n[2], n[3] }' "$1"
}

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
    read -r doc_n crit_n other_n <<EOF
$(warning_kinds "$tmp")
EOF
    documented=$((documented + doc_n)) critical=$((critical + crit_n)) other=$((other + other_n))
done
rm -f "$tmp"
warnings=$((documented + critical + other))
noun=warnings
[ "$warnings" -eq 1 ] && noun=warning
kinds="log: $log"
[ "$warnings" -gt 0 ] && kinds="$documented the laws' documented behaviour, $critical below \
seed 003's critical speed, $other other; all in $log"
echo "demo: cwb $command: $count cases, $warnings $noun ($kinds), files in plots/"

#!/bin/sh
# made-line.sh COMMAND... -- print the one line a reference table states of
# when, where and how it was made (doc/case-files.md, "When, where and how a
# reference was made"), for the shell and awk writers of reference/:
#   # made: YYYY-MM-DD HH:MM UTC on HOST (CPU MODEL, N cores), cwb COMMIT, command: COMMAND
# The same line as cwb's (cwb_made_line, src/io/record.c) and the Python
# writers' (tools/made_line.py): the date now in UTC (SOURCE_DATE_EPOCH's when
# set), the host (uname -n), the CPU's model as /proc/cpuinfo names it, the
# cores online, the commit of this checkout (git describe --always, "-dirty"
# when a file other than the tables and raw solver output under reference/
# differs from it; "unknown" outside a checkout of its own) and COMMAND.
root=$(cd "$(dirname "$0")/.." && pwd -P) # physical, as git rev-parse names it
# SOURCE_DATE_EPOCH of 1 to 12 digits names the time, anything else means now
# (as cwb's utc_text, src/io/record.c, and tools/made_line.py)
case "${SOURCE_DATE_EPOCH:-}" in
    '' | *[!0-9]* | ?????????????*) when=$(date -u '+%Y-%m-%d %H:%M UTC') ;;
    *) when=$(date -u -d "@$SOURCE_DATE_EPOCH" '+%Y-%m-%d %H:%M UTC') ;;
esac
host=$(uname -n | tr ' (),' '____')
cpu=$(awk -F: 'BEGIN { split("model name|cpu model|Hardware|Processor", key, "|") }
    { k = $1; sub(/[ \t]+$/, "", k); v = substr($0, index($0, ":") + 1)
      gsub(/[ \t]+/, " ", v); sub(/^ /, "", v); sub(/ $/, "", v)
      for (i = 1; i <= 4; i++) if (k == key[i] && !(i in got) && v != "") got[i] = v }
    END { for (i = 1; i <= 4; i++) if (i in got) { print got[i]; exit } }' /proc/cpuinfo 2>/dev/null)
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 0)
[ "$cores" = 1 ] && unit=core || unit=cores
commit=unknown
if [ "$(git -C "$root" rev-parse --show-toplevel 2>/dev/null)" = "$root" ]; then
    commit=$(git -C "$root" describe --always 2>/dev/null || echo unknown)
    [ -z "$(git -C "$root" status --porcelain --untracked-files=no -- . \
        ':(exclude)reference/*.csv' ':(exclude)reference/fem/raw' 2>/dev/null)" ] ||
        commit="$commit-dirty"
fi
printf '# made: %s on %s (%s, %s %s), cwb %s, command: %s\n' "$when" "${host:-unknown-host}" \
    "${cpu:-unknown CPU}" "$cores" "$unit" "$commit" "$(printf '%s' "$*" | tr '\n\r' '  ')"

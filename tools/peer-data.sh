#!/bin/sh
# Regenerate the peer outputs the tests read (tests/data/peer/): each peer
# run by `cwb peer --levels 2`, the trace of its second step (half the
# default: 56 steps in contact) trimmed to the contact and one step either
# side (LAMMPS's BOX BOUNDS dropped), with a header naming the code, its
# Debian package version, the input it ran (the whole script, each line
# prefixed "# | ") and the date. Needs Debian's lammps, liggghts and yade
# (make peer-data installs them as root); never part of make check.
#   sh tools/peer-data.sh build/cwb tests/data/peer
set -e
bin=${1:-build/cwb}
out=${2:-tests/data/peer}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

# $1 code, $2 case, $3 output name, $4.. --set overrides
run() {
    code=$1 case=$2 name=$3
    shift 3
    sets=""
    for s in "$@"; do sets="$sets --set $s"; done
    "$bin" peer "$case" --code "$code" --levels 2 --no-plot --out "$work/$name" $sets >/dev/null
    dir=$(ls -d "$work/$name"/*_"$code"/dt1)
    case $code in
        lammps) script=in.lmp trace=trace.dump pkg=lammps ;;
        liggghts) script=in.liggghts trace=trace.dump pkg=liggghts ;;
        yade) script=in.py trace=trace.csv pkg=yade ;;
    esac
    version=$(sed -n 's/^# peer: \(.*\) (Debian package.*/\1/p' "$work/$name"/*_"$code".csv)
    debver=$(dpkg-query -W -f='${Version}' "$pkg")
    {
        echo "# code: $version, Debian package $pkg $debver"
        echo "# input: cwb peer $case --code $code --levels 2$sets, its step 1 ($script below)"
        echo "# date: $(date -u +%Y-%m-%d)"
        echo "# trimmed by tools/peer-data.sh to the contact and one step either side"
        [ -f "$dir/data.liggghts" ] && sed 's/^/# | data.liggghts: /' "$dir/data.liggghts"
        sed 's/^/# | /' "$dir/$script"
        if [ "$code" = yade ]; then
            trim_csv "$dir/$trace"
        else
            trim_dump "$dir/$trace"
        fi
    } > "$out/$name"
    echo "peer-data: wrote $out/$name"
}

# A LAMMPS dump: snapshots from the one before the first force to the one
# after the last, BOX BOUNDS dropped.
trim_dump() {
    awk '
        /^ITEM: BOX BOUNDS/ { skip = 3; next }
        skip > 0 { skip--; next }
        /^ITEM: TIME$/ || (/^ITEM: TIMESTEP/ && !timed) {
            if (n) snap[n] = buf; n++; buf = ""; force[n] = 0
        }
        /^ITEM: TIME$/ { timed = 1 }
        { buf = buf $0 "\n" }
        /^[12] / && NF >= 18 { for (i = 13; i <= 15; i++) if ($i + 0 != 0) force[n] = 1 }
        END {
            snap[n] = buf
            for (i = 1; i <= n; i++) if (force[i]) { if (!first) first = i; last = i }
            for (i = (first > 1 ? first - 1 : 1); i <= last + 1 && i <= n; i++) printf "%s", snap[i]
        }' "$1"
}

# cwb's Yade CSV: its '#' lines and header, rows from the one before the
# first force to the one after the last.
trim_csv() {
    awk -F, '
        /^#/ { print; next }
        !hdr { print; hdr = 1; for (i = 1; i <= NF; i++) if ($i == "f1_x") fx = i; next }
        { row[++n] = $0; f[n] = ($fx != 0 || $(fx + 1) != 0 || $(fx + 2) != 0) }
        END {
            for (i = 1; i <= n; i++) if (f[i]) { if (!first) first = i; last = i }
            for (i = (first > 1 ? first - 1 : 1); i <= last + 1 && i <= n; i++) print row[i]
        }' "$1"
}

run lammps cases/peer/peer_hertz.case lammps_hertz.dump
run lammps cases/peer/peer_hertz_mindlin.case lammps_hertz_mindlin.dump
run lammps cases/peer/peer_hertz_mindlin.case lammps_hertz_mindlin_force.dump \
    tangential.form=incremental tangential.quadrature=rectangle
run lammps cases/peer/peer_hertz_mindlin_tsuji.case lammps_hertz_mindlin_tsuji.dump
run liggghts cases/peer/peer_hertz_mindlin.case liggghts_hertz_mindlin.dump
run yade cases/peer/peer_hertz_mindlin.case yade_hertz_mindlin.csv tangential.form=incremental

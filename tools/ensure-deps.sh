#!/bin/sh
# Install the Debian packages cwb needs when any is missing (as root), or
# print the exact command to run and fail.
missing=""
for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
        missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "cwb: missing Debian packages:$missing"
if [ "$(id -u)" = 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update && apt-get install -y --no-install-recommends $missing && exit 0
    echo "cwb: apt-get failed; run: apt-get update && apt-get install -y$missing" >&2
    exit 1
fi
echo "cwb: run as root: apt-get update && apt-get install -y$missing" >&2
exit 1

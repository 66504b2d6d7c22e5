#!/bin/sh
# doc/mkman.sh CWB OUT -- the man page cwb(1), generated from the program's
# own help (`cwb help` and `cwb help CMD`), so it cannot drift from it.
set -e
cwb=$1
out=$2
tmp=$out.tmp.$$
trap 'rm -f "$tmp"' EXIT
version=$("$cwb" version | awk '{print $2}')
commands=$("$cwb" help | awk '/^  cwb [a-z]/ {print $2}')
# roff: a line starting with . or ' is a request; backslashes are escapes
esc() { sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"; }
{
    printf '.TH CWB 1 "" "cwb %s" "User Commands"\n' "$version"
    printf '.SH NAME\ncwb \\- the contact workbench: DEM contact laws verified and calibrated on one contact\n'
    printf '.SH SYNOPSIS\n.nf\n'
    "$cwb" help | awk '/^  cwb / || /^            \[/' | sed 's/^ *//' | esc
    printf '.fi\n.SH DESCRIPTION\n'
    printf 'cwb drives prescribed displacement or force histories through registered contact laws,\n'
    printf 'integrates collisions with RK4, fits law parameters with GSL least squares, and compares\n'
    printf 'every curve with an independent reference (closed form, FEM, measurement).\n'
    printf '.SH COMMANDS\n'
    for c in $commands; do
        [ "$c" = version ] && continue
        printf '.SS %s\n.nf\n' "$c"
        "$cwb" help "$c" | esc
        printf '.fi\n'
    done
    printf '.SH EXIT STATUS\n'
    "$cwb" help | awk '/^exit status/ {sub(/^exit status: /, ""); print}' | esc
    printf '.SH SEE ALSO\nREADME.md in the source tree; \\fBcwb cite\\fR for the works cwb reproduces.\n'
} > "$tmp"
mv "$tmp" "$out"
trap - EXIT

#!/bin/sh
# Side-by-side: the same oblique sphere-sphere collision in LAMMPS
# (pair_style granular, Debian package `lammps`) and in cwb, for the Hertz
# normal law with each Mindlin variant. Prints the post-collision relative
# normal velocity, tangential velocity and spin of body 1 from both.
# Not part of `make check`; run with `make peer`. Skips when lmp is absent.
#
# Collision: two glass spheres (R = 10 mm, E = 48 GPa, nu = 0.2, 2800 kg/m^3),
# closing speed 1 m/s, tangential 0.5 m/s, mu = 0.35, no damping, centre of
# mass at rest; LAMMPS integrates with velocity Verlet at dt = 1e-8 s
# (about t_c/8000); cwb with RK4, dt = auto.
bin=${1:-build/cwb}
if ! command -v lmp >/dev/null 2>&1; then
    echo "peer: lmp not found (apt-get install lammps); LAMMPS comparison skipped"
    exit 0
fi
dir=$(mktemp -d)
. "$(dirname "$0")/../../tools/lammps_two_spheres.sh"
R=0.01; E=4.8e10; NU=0.2; RHO=2800; VN=1.0; VT=0.5; MU=0.35

run_lammps() { # $1 = LAMMPS tangential model
    cat > "$dir/in.$1" <<EOL
$(lammps_two_spheres $R $RHO 1e-12)
set atom 1 vx $(calc "$VT/2") vz $(calc "$VN/2")
set atom 2 vx $(calc "-$VT/2") vz $(calc "-$VN/2")
pair_style granular
pair_coeff * * hertz/material $E 0.0 $NU tangential $1 NULL 0.0 $MU damping viscoelastic
neighbor 0.005 bin
fix 1 all nve/sphere
compute om all property/atom omegay
variable dvz equal vz[1]-vz[2]
variable dvx equal vx[1]-vx[2]
variable w1 equal c_om[1]
fix p all print 20000 "RESULT \${dvz} \${dvx} \${w1}"
timestep 1e-8
run 20000
EOL
    (cd "$dir" && lmp -in "in.$1" -log none 2>&1 | grep RESULT | tail -n 1)
}

cat > "$dir/case.case" <<EOL
[contact]
normal = hertz
tangential = mindlin
[tangential]
mu = $MU
[body1]
shape = sphere
radius = $R
E = $E
nu = $NU
density = $RHO
[body2]
shape = same
[driver]
type = collision
v_normal = $VN
v_tangential = $VT
EOL

printf "%-34s %14s %14s %14s\n" "model" "u_n' [m/s]" "u_t' [m/s]" "omega1' [rad/s]"
for m in mindlin mindlin_rescale; do
    set -- $(run_lammps $m)
    [ "$1" = RESULT ] || { echo "peer: LAMMPS run failed ($m)"; continue; }
    printf "%-34s %14.6f %14.6f %14.4f\n" "LAMMPS tangential $m" "$(calc "-($2)")" "$3" "$4"
done
for m in mindlin mindlin:displacement mindlin_rescale mindlin_rescale:displacement direnzo \
         mindlin_deresiewicz lth; do
    law=${m%%:*}; form=${m#*:}
    extra=""; [ "$form" != "$m" ] && extra="--set tangential.form=$form"
    out=$("$bin" run "$dir/case.case" --no-plot --json --set contact.tangential=$law $extra \
          --out "$dir/o")
    echo "$out" | awk -v m="$m" -v vn=$VN -v vt=$VT '{
        match($0, /"restitution_normal": [^,]*/); en = substr($0, RSTART + 22, RLENGTH - 22)
        match($0, /"restitution_tangential": [^,]*/); et = substr($0, RSTART + 26, RLENGTH - 26)
        match($0, /"omega1_after": [^,]*/); w = substr($0, RSTART + 16, RLENGTH - 16)
        match($0, /"u_normal_after": [^,]*/); un = substr($0, RSTART + 18, RLENGTH - 18)
        printf "%-34s %14.6f %14.6f %14.4f\n", "cwb " m, un, et * vt, w }'
done
rm -rf "$dir"

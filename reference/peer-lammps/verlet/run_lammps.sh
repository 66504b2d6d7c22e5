#!/bin/sh
# run_lammps.sh -- LAMMPS' velocity-Verlet collisions that
# tests/test_verlet.c compares cwb's integrator = verlet with, step for
# step: writes lammps_verlet.csv beside this script (committed; make check
# never runs lmp). Run from the repository root:
#   sh reference/peer-lammps/verlet/run_lammps.sh
# Needs lmp (Debian package lammps); written with LAMMPS 29 Sep 2021 -
# Update 2 (Debian 20220106.git7586adbb6a+ds1-2+b2).
#
# Bodies: two glass spheres, R = 10 mm, E = 48 GPa, nu = 0.2, 2800 kg/m^3,
# touching at t = 0 (centres 2R apart on z), centre of mass at rest,
# closing speed v_n = 1 m/s (Hertz contact time t_c = 73.44 us).
# Integration: fix nve/sphere (velocity Verlet: half kick of v and omega,
# drift, forces at the new positions from the half-step velocities, half
# kick), pair_style granular with hertz/material. Models:
#   hertz          head-on, no damping, no friction;
#   tsuji          head-on, damping tsuji with LAMMPS' restitution 0.8
#                  (its fitted alpha = 1.2728 - 4.2783 e + 11.087 e^2 -
#                  22.348 e^3 + 27.467 e^4 - 18.022 e^5 + 4.8218 e^6, the
#                  value in column alpha: cwb's tsuji is given the e whose
#                  alpha this is);
#   hertz_mindlin  v_t = 0.5 m/s along x, tangential mindlin (stored
#                  displacement, k_t = 8 G* a), mu = 0.35, no damping
#                  (cwb: mindlin, form = displacement; LAMMPS takes the
#                  spins' lever arm in the slip velocity as the undeformed
#                  radius: cwb's spin_lever = radius).
# dt = 7e-6, 3.5e-6, 1.75e-6, 8.75e-7 s (about t_c/10, /20, /40, /80).
# Columns: the first step whose centre distance is >= 2R (the contact has
# ended: its count of steps from touching), the relative velocity of body 1
# with respect to body 2 after (z: -u_normal_after, x: u_tangential_after)
# and body 1's spin about y, printed with 17 digits.
set -e
here=$(dirname "$0")
# when, where and how the tables were made (doc/case-files.md): the last line of
# each one's '#' block, before its column names
made=$(sh "$here/../../../tools/made-line.sh" sh "$0" "$@")
out="$here/lammps_verlet.csv"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
R=0.01; E=4.8e10; NU=0.2; RHO=2800; VN=1.0
. "$(dirname "$0")/../../../tools/lammps_two_spheres.sh"

run() { # $1 model, $2 dt, $3 v_t, $4 pair_coeff tail
    n=$(awk -v dt="$2" 'BEGIN { printf "%d", 1.5 * 7.344e-5 / dt + 10 }')
    cat > "$dir/in" <<EOL
$(lammps_two_spheres $R $RHO 0)
set atom 1 vx $(calc "$3/2") vz $(calc "$VN/2")
set atom 2 vx $(calc "-$3/2") vz $(calc "-$VN/2")
pair_style granular
pair_coeff * * hertz/material $E $4
neighbor 0.005 bin
fix 1 all nve/sphere
compute om all property/atom omegay
variable d equal sqrt((x[2]-x[1])^2+(y[2]-y[1])^2+(z[2]-z[1])^2)
fix p all print 1 "DIST \$(step) \$(v_d:%.17g)" screen no file $dir/dist
fix r all print $n "RESULT \$(vz[1]-vz[2]:%.17g) \$(vx[1]-vx[2]:%.17g) \$(c_om[1]:%.17g)"
timestep $2
run $n
EOL
    (cd "$dir" && lmp -in in -log none 2>/dev/null | grep '^RESULT' | tail -n 1) > "$dir/res"
    ended=$(awk -v s="$(calc "2*$R")" '$1 == "DIST" && $2 > 0 && $3 >= s { print $2; exit }' "$dir/dist")
    set -- "$1" "$2" $(cat "$dir/res")
    echo "$1,$2,$ended,$4,$5,$6,$alpha"
}

e=0.8
alpha=$(calc "1.2728-4.2783*$e+11.087*$e^2-22.348*$e^3+27.467*$e^4-18.022*$e^5+4.8218*$e^6")
{
    echo "# LAMMPS (29 Sep 2021 - Update 2) fix nve/sphere + pair_style granular; inputs and command: run_lammps.sh"
    echo "# independence: second-coding another code, LAMMPS (C++), stepping the same bodies with the same scheme apart from cwb's C (tests/test_verlet.c compares step for step)"
    echo "# tolerance: 1e-9 what tests/test_verlet.c holds cwb's integrator = verlet to at each row: |u| (at most 1 m/s) within 1e-9 m/s, omega1_y within 1e-9 relative, equal step counts; the two codes step the same scheme in another order of arithmetic (round-off 1e-16 a step over at most 86 steps, the Tsuji alpha through e and back 1.4e-13), while the scheme's own error here is 5.8e-6 (hertz at t_c/80) to 4 % (the oblique spin at t_c/10), so a changed step shows"
    echo "# stands for: contact.normal = hertz; body1.radius = 0.01; body1.E = 4.8e+10; body1.nu = 0.2; body1.density = 2800; driver.v_normal = 1; driver.integrator = verlet"
    echo "# the column model adds, per row: tsuji (contact.damping = tsuji, its alpha in the column alpha) or hertz_mindlin (contact.tangential = mindlin; tangential.mu = 0.35; driver.v_tangential = 0.5); the column dt is driver.dt"
    echo "$made"
    echo "model,dt,steps,u1_minus_u2_z,u1_minus_u2_x,omega1_y,alpha"
    for dt in 7e-6 3.5e-6 1.75e-6 8.75e-7; do
        alpha=0; run hertz $dt 0 "0.0 $NU tangential linear_nohistory 0.0 0.0 damping viscoelastic"
        alpha=$(calc "1.2728-4.2783*$e+11.087*$e^2-22.348*$e^3+27.467*$e^4-18.022*$e^5+4.8218*$e^6")
        run tsuji $dt 0 "$e $NU tangential linear_nohistory 0.0 0.0 damping tsuji"
        alpha=0; run hertz_mindlin $dt 0.5 "0.0 $NU tangential mindlin NULL 0.0 0.35 damping viscoelastic"
    done
} > "$out.tmp"
mv "$out.tmp" "$out" # renamed whole: a failed run leaves the committed table
cat "$out"

# The Hertz rows as the reference curve of cases/verlet_hertz_glass.case
# (cwb sweep over dt): LAMMPS' restitution -(u1 - u2)_z / v_n against dt.
{
    echo "# LAMMPS (29 Sep 2021 - Update 2) velocity Verlet (fix nve/sphere, pair_style granular hertz/material): restitution of two glass spheres head on at 1 m/s against the time step"
    echo "# generated by reference/peer-lammps/verlet/run_lammps.sh from lammps_verlet.csv (its hertz rows), not by cwb"
    echo "# tolerance: 1e-9 cwb's integrator = verlet is LAMMPS' scheme: the two differ by round-off (1e-15 measured), the scheme's own error at these steps is 5.8e-6 to 1.9e-3 (closed form e = 1)"
    echo "# independence: second-coding another code, LAMMPS (C++), stepping the same bodies with the same scheme apart from cwb's C"
    echo "# stands for: contact.normal = hertz; body1.radius = 0.01; body1.E = 4.8e+10; body1.nu = 0.2; body1.density = 2800; driver.v_normal = 1"
    echo "$made"
    echo "dt[s],restitution_normal[-]"
    awk -F, '$1 == "hertz" { printf "%s,%.17g\n", $2, -$4 }' "$out" | sort -t, -g -k1,1
} > "$here/hertz_restitution.csv.tmp"
mv "$here/hertz_restitution.csv.tmp" "$here/hertz_restitution.csv"
cat "$here/hertz_restitution.csv"

# lammps_two_spheres.sh -- sourced by the scripts that run LAMMPS on cwb's
# two-sphere collisions (tests/peer/lammps_oblique.sh, lammps_rolling.sh,
# reference/peer-lammps/verlet/run_lammps.sh, bench/bench_lammps.sh,
# bench/bench_lammps_instr.sh): a calculator, the LAMMPS input lines that
# place two equal spheres on the z axis, and the data file of many such
# pairs side by side.

# calc EXPR: EXPR evaluated by awk, printed with 17 significant digits.
calc() { awk "BEGIN { printf \"%.17g\", $1 }"; }

# lammps_spheres_units: the first input lines of every such run: SI units,
# finite spheres, atoms looked up by id (the pairs' velocities are read by
# id), ghost atoms carrying velocities (pair granular's damping reads them).
lammps_spheres_units() {
    cat <<EOL
units si
atom_style sphere
atom_modify map array
boundary f f f
comm_modify vel yes
EOL
}

# lammps_pairs_input DATA: lammps_spheres_units, then the atoms of DATA (a
# file of lammps_pairs_data); the caller adds pair, fixes and the run.
lammps_pairs_input() {
    lammps_spheres_units
    echo "read_data $1"
}

# lammps_pairs_data N R RHO GAP VT VN0 VNSPAN: a LAMMPS data file (on
# stdout) of N pairs of spheres of radius R (m) and density RHO (kg/m^3),
# pair i on a square grid 0.1 m apart in x and y (no pair near another),
# its second sphere 2R + GAP (m) above its first along z; pair i closes at
# vn = VN0 + VNSPAN i/(N - 1) m/s (VN0 when N = 1), each sphere moving at
# vn/2 towards the other, with a relative tangential velocity VT vn along
# x. The atoms and velocities sit in one file: per-atom `set` commands
# would cost LAMMPS O(N^2) in its set-up.
lammps_pairs_data() {
    side=$(calc "int(sqrt($1)) + 1")
    L=$(calc "0.1 * ($side + 1)")
    awk -v n="$1" -v s="$side" -v r="$2" -v rho="$3" -v gap="$4" -v vt="$5" -v v0="$6" \
        -v span="$7" -v L="$L" 'BEGIN {
        printf "pairs\n\n%d atoms\n1 atom types\n-0.1 %s xlo xhi\n-0.1 %s ylo yhi\n", 2 * n, L, L
        printf "-0.1 0.1 zlo zhi\n\nAtoms # sphere\n\n"
        for (i = 0; i < n; i++) { x = 0.1 * (i % s); y = 0.1 * int(i / s)
            printf "%d 1 %.17g %.17g %.6f %.6f 0\n", 2 * i + 1, 2 * r, rho, x, y
            printf "%d 1 %.17g %.17g %.6f %.6f %.17g\n", 2 * i + 2, 2 * r, rho, x, y, 2 * r + gap }
        printf "\nVelocities\n\n"
        for (i = 0; i < n; i++) { vn = n > 1 ? v0 + span * i / (n - 1) : v0
            printf "%d %.17g 0 %.17g 0 0 0\n", 2 * i + 1, vt * vn / 2, vn / 2
            printf "%d %.17g 0 %.17g 0 0 0\n", 2 * i + 2, -vt * vn / 2, -vn / 2 } }'
}

# lammps_two_spheres R RHO GAP: LAMMPS input lines for two spheres of
# radius R (m) and density RHO (kg/m^3) in SI units, centres on the z axis
# 2R + GAP apart (m), at rest; the caller sets velocities, pair and fixes.
lammps_two_spheres() {
    lammps_spheres_units
    cat <<EOL
region box block -0.1 0.1 -0.1 0.1 -0.1 0.1
create_box 1 box
create_atoms 1 single 0 0 0
create_atoms 1 single 0 0 $(calc "2*$1 + $3")
set atom * diameter $(calc "2*$1")
set atom * density $2
velocity all set 0 0 0
EOL
}

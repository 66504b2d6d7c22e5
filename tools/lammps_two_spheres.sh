# lammps_two_spheres.sh -- sourced by the scripts that run LAMMPS on cwb's
# two-sphere collisions (tests/peer/lammps_oblique.sh, lammps_rolling.sh,
# reference/peer-lammps/verlet/run_lammps.sh): a calculator, and the LAMMPS
# input lines that place two equal spheres on the z axis.

# calc EXPR: EXPR evaluated by awk, printed with 17 significant digits.
calc() { awk "BEGIN { printf \"%.17g\", $1 }"; }

# lammps_two_spheres R RHO GAP: LAMMPS input lines for two spheres of
# radius R (m) and density RHO (kg/m^3) in SI units, centres on the z axis
# 2R + GAP apart (m), at rest; the caller sets velocities, pair and fixes.
lammps_two_spheres() {
    cat <<EOL
units si
atom_style sphere
atom_modify map array
boundary f f f
comm_modify vel yes
region box block -0.1 0.1 -0.1 0.1 -0.1 0.1
create_box 1 box
create_atoms 1 single 0 0 0
create_atoms 1 single 0 0 $(calc "2*$1 + $3")
set atom * diameter $(calc "2*$1")
set atom * density $2
velocity all set 0 0 0
EOL
}

#!/bin/sh
# Side-by-side: rolling and twisting resistance in LAMMPS (pair_style
# granular, `rolling sds`, `twisting sds`; Debian package `lammps`) and in cwb
# (`epsd` rolling law with its torsional spring-slider), on the oblique
# collision of tests/peer/lammps_oblique.sh with body 1 spinning at 100 rad/s
# about y and 50 rad/s about the normal. Prints the spins after the
# collision. Not part of `make check`; run with `sh tests/peer/lammps_rolling.sh
# build/cwb`. Skips when lmp is absent.
#
# Mapping (LAMMPS writes the rolling resistance as a force on the rolling
# displacement xi_r = R* theta_r, with the torque R* x that force):
#   rolling sds k_roll gamma_roll mu_roll  <->  epsd k_r = k_roll R*^2,
#                                               C_r = gamma_roll R*^2, mu_r = mu_roll
#   twisting sds k_tw gamma_tw mu_tw       <->  epsd twist = spring_slider, k_tw;
#                                               mu_tw large: no twisting slip (LAMMPS
#                                               caps at mu_tw F_n, cwb at c mu_tw F_n a)
# The dashpots differ by design: LAMMPS caps spring + dashpot together at
# mu_roll F_n; Ai et al.'s model C caps the spring and switches the dashpot
# off at full mobilisation (f = 0). So the rows with damping are expected to
# differ, the rows without to agree.
bin=${1:-build/cwb}
if ! command -v lmp >/dev/null 2>&1; then
    echo "peer: lmp not found (apt-get install lammps); LAMMPS comparison skipped"
    exit 0
fi
dir=$(mktemp -d)
. "$(dirname "$0")/../../tools/lammps_two_spheres.sh"
R=0.01; E=4.8e10; NU=0.2; RHO=2800; VN=1.0; VT=0.5; W1=100; W1N=50
KROLL=2e5; MUROLL=0.1; KTW=0.01
RS=$(calc "$R/2")
# I_r = [2/(I + m R^2)]^-1 for two equal spheres, J = 1.4 m R^2
J=$(calc "1.4*$RHO*4/3*atan2(0,-1)*$R^3*$R^2")

run_lammps() { # $1 tangential mu, $2 gamma_roll
    cat > "$dir/in.lmp" <<EOL
$(lammps_two_spheres $R $RHO 1e-12)
set atom 1 vx $(calc "$VT/2") vz $(calc "$VN/2")
set atom 1 omega 0 $W1 $W1N
set atom 2 vx $(calc "-$VT/2") vz $(calc "-$VN/2")
pair_style granular
pair_coeff * * hertz/material $E 0.0 $NU tangential mindlin NULL 0.0 $1 damping viscoelastic rolling sds $KROLL $2 $MUROLL twisting sds $KTW 0.0 1.0
neighbor 0.005 bin
fix 1 all nve/sphere
compute om all property/atom omegay omegaz
variable w1 equal c_om[1][1]
variable w2 equal c_om[2][1]
variable z1 equal c_om[1][2]
variable z2 equal c_om[2][2]
fix p all print 20000 "RESULT \${w1} \${w2} \${z1} \${z2}"
timestep 1e-8
run 20000
EOL
    (cd "$dir" && lmp -in in.lmp -log none 2>&1 | grep RESULT | tail -n 1)
}

cat > "$dir/case.case" <<EOL
[contact]
normal = hertz
tangential = mindlin
rolling = epsd
[tangential]
mu = 0.35
form = displacement
[rolling]
mu_r = $MUROLL
k_r = $(calc "$KROLL*$RS*$RS")
eta_r = 0
twist = spring_slider
mu_tw = 1e4
k_tw = $KTW
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
omega1 = $W1
omega1_normal = $W1N
EOL

printf "%-52s %12s %12s %12s %12s\n" "run" "omega1_y'" "omega2_y'" "omega1_z'" "omega2_z'"
for mu in 0 0.35; do
    for eta in 0 0.3; do
        kr=$(calc "$KROLL*$RS*$RS")
        cr=$(calc "$eta*2*sqrt($J/2*$kr)")
        gamma=$(calc "$cr/($RS*$RS)")
        set -- $(run_lammps $mu $gamma)
        [ "$1" = RESULT ] || { echo "peer: LAMMPS run failed"; continue; }
        printf "%-52s %12.6f %12.6f %12.6f %12.6f\n" "LAMMPS mu=$mu gamma_roll=$(calc "$gamma")" "$2" "$3" "$4" "$5"
        "$bin" run "$dir/case.case" --no-plot --json --out "$dir/o" --set tangential.mu=$mu \
            --set rolling.eta_r=$eta | awk -v t="cwb    mu=$mu eta_r=$eta" '{
            n = split("omega1_after omega2_after omega1_normal_after omega2_normal_after", k, " ")
            printf "%-52s", t
            for (i = 1; i <= n; i++) { match($0, "\"" k[i] "\": [^,}]*")
                printf " %12.6f", substr($0, RSTART + length(k[i]) + 4, RLENGTH - length(k[i]) - 4) }
            printf "\n" }'
    done
done

# Marshall's twisting (LAMMPS `twisting marshall`: k_tw = 0.5 k_t a^2, M_tw =
# (2/3) mu a F_n from the tangential model) beside epsd with twist_stiffness =
# marshall, twist_pressure = uniform, mu_tw = mu, in both spring forms
# (LAMMPS stores the twist angle: the displacement form), and Lubkin's.
run_marshall() {
    sed "s/twisting sds [^ ]* 0.0 1.0/twisting marshall/; s/rolling sds [^ ]* [^ ]* [^ ]*/rolling sds $KROLL 0.0 $MUROLL/; s/mindlin NULL 0.0 [^ ]*/mindlin NULL 0.0 0.35/" \
        "$dir/in.lmp" > "$dir/in.marshall"
    (cd "$dir" && lmp -in in.marshall -log none 2>&1 | grep RESULT | tail -n 1)
}
set -- $(run_marshall)
if [ "$1" = RESULT ]; then
    printf "%-52s %12.6f %12.6f %12.6f %12.6f\n" "LAMMPS mu=0.35 twisting marshall" "$2" "$3" "$4" "$5"
fi
for v in "marshall displacement" "marshall incremental" "lubkin incremental"; do
    set -- $v
    "$bin" run "$dir/case.case" --no-plot --json --out "$dir/o" --set tangential.mu=0.35 \
        --set rolling.eta_r=0 --set rolling.mu_tw=0.35 --set rolling.k_tw=auto \
        --set rolling.twist_pressure=uniform --set rolling.twist_stiffness=$1 \
        --set rolling.spring_form=$2 | awk -v t="cwb    twist_stiffness=$1 spring_form=$2" '{
        n = split("omega1_after omega2_after omega1_normal_after omega2_normal_after", k, " ")
        printf "%-52s", t
        for (i = 1; i <= n; i++) { match($0, "\"" k[i] "\": [^,}]*")
            printf " %12.6f", substr($0, RSTART + length(k[i]) + 4, RLENGTH - length(k[i]) - 4) }
        printf "\n" }'
done
rm -rf "$dir"

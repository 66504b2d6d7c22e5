#!/bin/sh
# bench_lammps.sh -- CPU per collision, cwb against LAMMPS, at equal accuracy
# (a benchmark, never a test: `make bench-lammps`).
#
# Collisions: two glass spheres (R = 10 mm, E = 48 GPa, nu = 0.2,
# 2800 kg/m^3), closing speed 0.95-1.05 m/s; "hertz": head-on, no friction;
# "hertz_mindlin": tangential speed half the normal one, mu = 0.35, no
# damping (LAMMPS: pair_style granular hertz/material + tangential mindlin;
# cwb: hertz + mindlin with form = displacement, F = k_t xi, the same model
# as LAMMPS' mindlin); "hertz_mindlin_incr": the same with cwb's default
# incremental mindlin (dF = k_t dxi integrated along the step's Hermite
# path, quadrature = hermite: fourth order; quadrature = rectangle, the
# seed's k_t(t_end) dxi per step, is first order), against LAMMPS' mindlin
# at its own accuracy.
#
# Accuracy: for each code and each target (1e-4, 1e-6), the largest step of
# a ladder t_c/2^k whose single collision at 1 m/s is within the target of
# that code's own converged answer (its run at the finest step) in
# restitution_normal, omega1_after and (hertz_mindlin) the tangential
# velocity after impact, relative to max(|value|, 1) for the restitutions
# and |value| for the spin; cwb also in contact_time (LAMMPS does not report
# it). cwb runs at that fixed dt; also dt = auto with dt_tol = target.
#
# Timing: BENCH_N (1000) collisions in one run of each code: a `cwb batch`
# of N samples (--jobs 1; the least CPU of BENCH_REPEAT runs), and one
# LAMMPS run of N separated pairs (a grid 0.1 m apart, no pair ever near
# another) for 1.3 contact times; CPU = user + system time of the whole
# process, set-up included for both (perf stat's task-clock, else
# /usr/bin/time); LAMMPS also by its own "Loop time" (the time stepping
# alone; wall-clock time, so it grows with the machine's load while CPU
# time does not). Floor (CPU time, like cwb's): cwb's steps per collision x
# the time of one step of a straight-line RK4 loop of the same collision
# (build/bench_laws --bare-step, Hertz without friction: for the Mindlin
# rows it leaves out the tangential law's own cost). LAMMPS skipped with a
# message when lmp is absent.
bin=${1:-build/cwb}
bare=${2:-build/bench_laws}
N=${BENCH_N:-1000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
. "$(dirname "$0")/../tools/lammps_two_spheres.sh" # calc, the LAMMPS pairs
R=0.01; E=4.8e10; NU=0.2; RHO=2800; MU=0.35
have_lmp=1
command -v lmp >/dev/null 2>&1 || have_lmp=0
command -v /usr/bin/time >/dev/null 2>&1 || { echo "bench: /usr/bin/time missing"; exit 1; }

# JSON field of a cwb run's answer.
field() { echo "$1" | grep -o "\"$2\": [^,}]*" | head -n 1 | sed 's/.*: //'; }

write_case() { # $1 model
    vt=0; tl=none; form=incremental
    case $1 in hertz_mindlin*) vt=0.5; tl=mindlin ;; esac
    [ "$1" = hertz_mindlin ] && form=displacement
    cat > "$dir/$1.case" <<EOL
[contact]
normal = hertz
tangential = $tl
[tangential]
mu = $MU
form = $form
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
v_normal = 1
v_tangential = $vt
rows = 10
EOL
    [ "$tl" = none ] && sed -i '/^\[tangential\]/d; /^mu =/d; /^form =/d' "$dir/$1.case"
}

# cwb at fixed dt $2: "e_n omega e_t t_c steps"
cwb_one() {
    out=$("$bin" run "$dir/$1.case" --no-plot --json --set driver.dt="$2" --out "$dir/o") || return 1
    echo "$(field "$out" restitution_normal) $(field "$out" omega1_after)" \
        "$(field "$out" restitution_tangential) $(field "$out" contact_time) $(field "$out" steps)"
}

# LAMMPS input for pairs: $1 model, $2 dt, $3 steps, $4 pairs (the first at
# 1 m/s when alone, else 0.95 ... 1.05 m/s), 1e-12 m apart.
lammps_input() {
    vt=0; tang="tangential linear_nohistory 0.0 0.0"
    case $1 in hertz_mindlin*) vt=0.5; tang="tangential mindlin NULL 0.0 $MU" ;; esac
    if [ "$4" -gt 1 ]; then v0=0.95; span=0.1; else v0=1.0; span=0; fi
    lammps_pairs_data "$4" $R $RHO 1e-12 $vt $v0 $span > "$dir/pairs.data"
    { lammps_pairs_input pairs.data; cat <<EOL; } > "$dir/in.lmp"
pair_style granular
pair_coeff * * hertz/material $E 0.0 $NU $tang damping viscoelastic
neighbor 0.005 bin
fix 1 all nve/sphere
compute om all property/atom omegay
variable dvz equal vz[1]-vz[2]
variable dvx equal vx[1]-vx[2]
variable w1 equal c_om[1]
thermo 0
fix p all print $3 "RESULT \${dvz} \${dvx} \${w1}"
timestep $2
run $3
EOL
}

# LAMMPS single collision at dt $2: "e_n omega e_t"
lmp_one() {
    steps=$(calc "int(1.3 * $tc / $2) + 1")
    lammps_input "$1" "$2" "$steps" 1
    set -- $( (cd "$dir" && lmp -in in.lmp -log none 2>/dev/null) | grep '^RESULT' | tail -n 1)
    [ "$1" = RESULT ] || return 1
    echo "$(calc "-($2)") $4 $(calc "$3 / $vt_in")"
}

# Error of "a b c d" against reference "A B C D" (d: contact time, may be absent)
err_of() {
    echo "$1 $2" | awk '{ n = NF / 2; m = 0
        for (i = 1; i <= n; i++) { x = $i; y = $(i + n); if (x == "null" || y == "null") continue
            s = (i == 2) ? (y < 0 ? -y : y) : ((y < 0 ? -y : y) > 1 ? (y < 0 ? -y : y) : 1)
            if (i == 4) s = y
            if (s == 0) s = 1; d = (x - y) / s; if (d < 0) d = -d; if (d > m) m = d }
        printf "%.3g", m }'
}

ms() { awk "BEGIN { printf \"%.3g\", 1e3 * $1 / $N }"; } # per collision [ms]

# CPU seconds (user + system) of a command: perf stat's task-clock when perf
# works (to the microsecond), else /usr/bin/time (to 10 ms: 0.01 ms per
# collision over 1000, a quarter of a short Hertz collision's time).
have_perf=0
perf stat -x, -e task-clock -o /dev/null true >/dev/null 2>&1 && have_perf=1
cpu_of() {
    if [ "$have_perf" = 1 ]; then
        perf stat -x, -e task-clock -o "$dir/time" "$@" 2> "$dir/stderr" > "$dir/stdout" || {
            cat "$dir/stderr" >&2; return 1; }
        awk -F, '/task-clock/ { printf "%.6f", $1 / 1000 }' "$dir/time"
        return
    fi
    /usr/bin/time -f "CPU %U %S" "$@" 2> "$dir/time" > "$dir/stdout" || {
        cat "$dir/time" >&2; return 1; }
    awk '/^CPU/ { printf "%.3f", $2 + $3 }' "$dir/time"
}

# The least CPU of BENCH_REPEAT (3) runs of a cwb batch writing $1 (removed
# before each run; a run over 2 s is not repeated): other jobs on a shared
# machine only ever add to it, as they do to the floor (bench_laws takes
# the least of five rounds, in CPU time too).
best_cpu() {
    out=$1; shift; best=""
    for r in $(seq "${BENCH_REPEAT:-3}"); do
        rm -f "$out"
        c=$(cpu_of "$@") || return 1
        best=$(awk -v a="$best" -v b="$c" 'BEGIN { print (a == "" || b < a) ? b : a }')
        awk "BEGIN { exit !($c > 2) }" && break
    done
    echo "$best"
}

floor_step=$("$bare" --bare-step 2>/dev/null)
echo "cwb $("$bin" version | cut -d' ' -f2) against LAMMPS: $N collisions per code and target"
[ "$have_lmp" = 1 ] || echo "bench: lmp not found (apt-get install lammps): LAMMPS columns skipped"
[ -n "$floor_step" ] || echo "bench: $bare missing (make build/bench_laws): no floor"
printf "%-18s %-6s %-22s %-22s %-28s %-13s %7s\n" model target "cwb fixed dt" \
    "cwb dt = auto" "LAMMPS (loop only)" "cwb/LMP" "/floor"
for model in ${BENCH_MODELS:-hertz hertz_mindlin hertz_mindlin_incr}; do
    write_case $model
    vt_in=1; [ $model != hertz ] && vt_in=0.5
    out=$("$bin" run "$dir/$model.case" --no-plot --json --out "$dir/o")
    tc=$(field "$out" contact_time)
    set -- $(cwb_one $model "$(calc "$tc / 65536")")
    cref="$1 $2 $3 $4"
    lref=""
    [ "$have_lmp" = 1 ] && lref=$(lmp_one $model "$(calc "$tc / 131072")")
    awk -v n="$N" -v vt=$vt_in 'BEGIN { print "driver.v_normal,driver.v_tangential"
        for (i = 0; i < n; i++) { v = 0.95 + 0.1 * i / (n - 1); printf "%.10g,%.10g\n", v, (vt < 1 ? 0.5 * v : 0) } }' \
        > "$dir/samples.csv"
    for target in 1e-4 1e-6; do
        k=3; hc=""; while [ $k -le 16 ]; do
            h=$(calc "$tc / 2^$k"); set -- $(cwb_one $model "$h")
            e=$(err_of "$1 $2 $3 $4" "$cref")
            if awk "BEGIN { exit !($e <= $target) }"; then hc=$h; break; fi
            k=$((k + 1)); done
        rm -f "$dir/b.csv" "$dir/a.csv"
        cf=$(best_cpu "$dir/b.csv" "$bin" batch "$dir/$model.case" --samples "$dir/samples.csv" \
            --out "$dir/b.csv" --set driver.dt="$hc" --results steps_total,restitution_normal)
        sf=$(awk -F, '!/^#/ && NR > 2 { s += $4; n++ } END { printf "%.0f", s / n }' "$dir/b.csv")
        ca=$(cpu_of "$bin" batch "$dir/$model.case" --samples "$dir/samples.csv" --out "$dir/a.csv" \
            --set driver.dt_tol="$target" --results steps_total,restitution_normal)
        sa=$(awk -F, '!/^#/ && NR > 2 { s += $4; n++ } END { printf "%.0f", s / n }' "$dir/a.csv")
        lcol="skipped"; ratio="-"
        if [ "$have_lmp" = 1 ] && [ -n "$lref" ]; then
            k=3; hl=""; while [ $k -le 17 ]; do
                h=$(calc "$tc / 2^$k"); r=$(lmp_one $model "$h")
                e=$(err_of "$r" "$lref")
                if awk "BEGIN { exit !($e <= $target) }"; then hl=$h; break; fi
                k=$((k + 1)); done
            if [ -n "$hl" ]; then
                sl=$(calc "int(1.3 * 1.011 * $tc / $hl) + 1")
                lammps_input $model "$hl" "$sl" "$N"
                cl=$(cd "$dir" && cpu_of lmp -in in.lmp -log none)
                loop=$(awk '/^Loop time of/ { print $4 }' "$dir/stdout")
                lcol="$(calc "int(1.3 * $tc / $hl) + 1") st, $(ms "$cl") ($(ms "$loop")) ms"
                ratio="$(printf '%.3g' "$(calc "$cf / $cl")") ($(printf '%.3g' "$(calc "$cf / $loop")"))"
            else
                lcol="not reached at t_c/2^17"
            fi
        fi
        fl="-"; [ -n "$floor_step" ] && fl=$(calc "$cf / $N / ($sf * $floor_step)" | xargs printf "%.3g")
        printf "%-18s %-6s %-22s %-22s %-28s %-13s %7s\n" $model $target \
            "$sf st, $(ms "$cf") ms" "$sa st, $(ms "$ca") ms" "$lcol" "$ratio" "$fl"
    done
done
echo "(st: steps per collision; CPU per collision, whole process: set-up included; LAMMPS"
echo " in brackets: its own Loop time, the time stepping alone; cwb/LMP = cwb fixed-dt CPU /"
echo " LAMMPS CPU for the same $N collisions (/ Loop time); /floor = cwb fixed-dt CPU / (its"
echo " steps x one step of a straight-line RK4 loop, $floor_step s))"

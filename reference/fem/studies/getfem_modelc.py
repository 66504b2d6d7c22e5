#!/usr/bin/python3
"""Rathbone's Model C (thesis sec. 3.5, 5.5) with GetFEM: the thesis' friction law, no emulation.

A sphere (R 0.1 mm, E 26000 MPa, nu 0.3; Table 6) is pressed on a rigid flat at a fixed normal
force (step 1, frictionless as in the thesis), then its top is moved sideways past full sliding
with the normal force held (step 2). Local slip at min(mu p, tau_c): GetFEM's weak-form operator
Coulomb_friction_coupled_projection(lambda, n, Vs, g, f, r) with f = [mu, tau_c] (GetFEM user
documentation, contact operators of the weak-form language; verified on a 2D block by
reference/fem/studies/getfem_tresca_block.py). The friction coefficient of the thesis' Fig. 42 /
eq. 77 is the sliding F_t / F_n.

Model: the lower hemisphere (centre (0,0,R), z <= R, as the CalculiX studies
reference/fem/studies/seed004_modelc_*.study), halved by the symmetry plane y = 0 that holds the
sliding direction x (u_y = 0 there; forces x 2). 10-node tetrahedra (P2) graded by gmsh: size h0
within ZONE of the contact point, growing by GROWTH per unit distance to 0.2 R. The top (z = R)
moves as a rigid plate without rotation: u = (delta_t, 0, -d), d an unknown of the model whose
equation is the top's total vertical force = F_n / 2 (force control; multipliers on the top).
Contact on the sphere's faces near the bottom: augmented Lagrangian, multiplier P1, r = E / h0,
gap X_3 + u_3 (small strain; the flat is z = 0), slip increment Vs = u - Previous_u.
Plastic: small-strain von Mises elastic-perfectly-plastic (GetFEM's 'Prandtl Reuss' brick,
return mapping, backward Euler); the thesis' material is elastic-perfectly plastic (sec. 3.3:
"elastic-perfectly plastic sphere"; no hardening curve is given for Table 6).

Cases (argument 1; F_n in mN, TAG names the output):
  elastic H0 [F_n [TAG]]  elastic sphere (default F_n 5.825 mN, y = 3), Coulomb mu 0.3 (tau_c
                          far above p), increments to 2x Mindlin's slip distance: Hertz's
                          approach, Mindlin's curve and 8 G* a, sliding F_t/F_n = mu; with
                          MODELC_TRAVEL set: MODELC_INCS (default 12) equal increments to
                          MODELC_TRAVEL m instead (the CalculiX runs' increments)
  plastic H0 F_n [TAG]    Table 6, sigma_y 160 MPa, mu 1, tau_c = MODELC_TAUC x sigma_y / sqrt 3
                          (default 1), MODELC_INCS tangential increments (default 12) to
                          MODELC_TRAVEL m (default 9e-8), fine zone MODELC_ZONE x R (default
                          0.045, about 1.5 contact radii at y = 3); MODELC_HARDEN: a linear
                          isotropic hardening modulus H_i in units of E (default 0, perfectly
                          plastic; GetFEM's 'Prandtl Reuss linear hardening': uniaxial yield
                          sigma_y + H_i alpha, alpha the accumulated plastic strain, the
                          peeq_max column's measure); MODELC_MESH_ONLY=1: print the mesh's
                          elements and dofs and stop
  summary TAG RUN...      the sliding F_t/F_n of runs on meshes refined by a constant ratio:
                          differences, observed order, Richardson's estimate where they shrink;
                          writes getfem_modelc_TAG_meshes.csv and the runs' tolerance lines
  partial LOG plastic H0 F_n TAG
                          a plastic run stopped before its end: the converged increments its
                          log (stdout) printed, into its CSV (run with the run's MODELC_*)
  curves TAG RUN...       elastic runs at the same increments on meshes refined by a constant
                          ratio: each F_t(delta_t)'s largest distance to the next finer mesh's
                          and to Cattaneo-Mindlin (over mu F_n); writes
                          getfem_modelc_TAG_meshes.csv and the runs' tolerance lines
H0 is the contact-zone size h0 / R. Writes reference/fem/getfem_modelc_<TAG>.csv (per increment,
SI units). The committed runs (not part of make check), one core each:
    OPENBLAS_NUM_THREADS=1 nice -n 10 /usr/bin/python3 reference/fem/studies/getfem_modelc.py \\
        plastic 0.01 5.825 y3_h01          (also 0.0075 y3_h0075, 0.005625 y3_h0056;
                                            MODELC_TAUC=0.9: y3_tauc09_h01, ...;
                                            MODELC_INCS=24: y3_h01_inc24)
    ... elastic 0.01 5.825 elastic_h01     (also 0.0075 elastic_h0075)
    Rathbone thesis Fig. 11 (Lagrange-type friction against the CalculiX penalty runs
    reference/fem/studies/seed004_modelc_fig11_stick1.study, _stick3, seed004_modelc_elastic:
    their contact force 0.3991938 mN, their 10 increments to 5e-9 m; zone 0.02 R as theirs):
        MODELC_ZONE=0.02 MODELC_TRAVEL=5e-9 MODELC_INCS=10 ... elastic 0.004 0.3991938 fig11_h004
                                            (also 0.003 fig11_h003, 0.00225 fig11_h00225,
                                            0.0016875 fig11_h0017)
    ... curves fig11 fig11_h004 fig11_h003 fig11_h00225 fig11_h0017
    ... summary y3 y3_h01 y3_h0075 y3_h0056
    ... summary y3_tauc09 y3_tauc09_h01 y3_tauc09_h0075 y3_tauc09_h0056
        eq. 82's constants against the increments: MODELC_INCS=24 MODELC_TAUC=0.9 ... plastic \\
            0.01 5.825 y3_tauc09_inc24_h01  (also 0.0075 _inc24_h0075; their tolerance lines
                                            written by hand: as the 12-increment run's)
    tau_c = 0.9k at the other loads (MODELC_TAUC=0.9; F_n of seed004_modelc_tauc_y*.study):
        MODELC_ZONE=0.03 MODELC_TRAVEL=4.5e-8 ... plastic 0.0075 1.06 y1_tauc09_h0075
                                            (also 0.005625 _h0056, 0.00421875 _h0042)
        MODELC_ZONE=0.085 MODELC_TRAVEL=2e-7 ... plastic 0.0133333 18.91 y7_tauc09_h0133
                                            (also 0.01 _h01, 0.0075 _h0075)
        with linear isotropic hardening H_i = E/100 (the regularised limit of the y = 7 runs,
        whose finest mesh localises):
        MODELC_HARDEN=0.01 MODELC_ZONE=0.085 MODELC_TRAVEL=2e-7 ... plastic 0.0133333 18.91 \\
            y7_tauc09_H100_h0133            (also 0.01 _H100_h01, 0.0075 _H100_h0075)
    ... summary y7_tauc09_H100 y7_tauc09_H100_h0133 y7_tauc09_H100_h01 y7_tauc09_H100_h0075
        and H_i = E/10 (MODELC_HARDEN=0.1, otherwise as above): y7_tauc09_H10_h0133
                                            (also 0.01 _H10_h01, 0.0075 _H10_h0075)
    ... summary y7_tauc09_H10 y7_tauc09_H10_h0133 y7_tauc09_H10_h01 y7_tauc09_H10_h0075
        MODELC_ZONE=0.13 MODELC_TRAVEL=3.5e-7 ... plastic 0.0213333 52.68 y15_tauc09_h0213
                                            (also 0.016 _h016, 0.012 _h012)
    ... summary y1_tauc09 ...; summary y7_tauc09 ...; summary y15_tauc09 ...
    y = 1 on a finer zone at the contact (MODELC_TAUC=0.9; zone 0.025 R, 1.6 contact radii;
    the same 3.75e-9 m increments as y1_tauc09_*, 6 of them: sliding from 1.125e-8 m on):
        MODELC_ZONE=0.025 MODELC_TRAVEL=2.25e-8 MODELC_INCS=6 ... plastic 0.00426667 1.06 \\
            y1_tauc09_z025_h0043            (also 0.0032 _h0032, 0.0024 _h0024)
            (and 0.0018 _h0018, 1920 s: the fourth mesh, left out of the summary below since
            it departs; its tolerance line, the distance to _h0024, written by hand)
    ... summary y1_tauc09_zone y1_tauc09_z025_h0043 y1_tauc09_z025_h0032 y1_tauc09_z025_h0024
        the zone's width: MODELC_ZONE=0.035 (same TRAVEL, INCS) ... plastic 0.0032 1.06 \\
            y1_tauc09_z035_h0032            (its tolerance line: the distance to _z025_h0032)
CPU: 1-3 min (elastic), 3-28 min (plastic, 17k-63k dofs, 5-9 Newton iterations per increment).
"""
import os
import subprocess
import sys
import tempfile
import time

import getfem as gf
import numpy as np

# Debian's python3-getfem version, as the 2D check of the friction operator records it
from getfem_tresca_block import version

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../tools"))
from made_line import stamp_made_line  # noqa: E402  the table's "# made:" line

# Units: micrometre, millinewton, GPa (= mN / um^2): the residuals of the force, contact and
# constraint equations are then of comparable size (in mm, N, MPa the contact rows, scaled by
# 1 / r, were 1e-8 of the force rows, and Newton's absolute criterion stopped on them at once).
R, E, NU = 100.0, 26.0, 0.3  # um, GPa
SIGMA_Y = 0.16  # GPa
LAME, SHEAR = E * NU / ((1 + NU) * (1 - 2 * NU)), E / (2 * (1 + NU))
ESTAR = E / (1 - NU**2)  # sphere on a rigid flat
GSTAR = SHEAR / (2 - NU)  # Mindlin: 1/G* = (2 - nu)/G for one elastic body
# ZONE: the fine zone's radius (x R), about 1.5 contact radii (0.045 at y = 3); MODELC_ZONE sets it
# for the other loads (the contact grows with the load)
ZONE = float(os.environ.get("MODELC_ZONE", "0.045"))
GROWTH, HMAX = 0.3, 0.2  # per unit distance, x R
# MODELC_HARDEN: a linear isotropic hardening modulus H_i in units of E (default 0: the thesis'
# elastic-perfectly-plastic sphere); a small H regularises the sliding layer where perfect
# plasticity localises into one row of elements (y = 7, 15)
HARDENING = float(os.environ.get("MODELC_HARDEN", "0"))
SYM, TOP, CONTACT = 1, 2, 3
HERE = os.path.dirname(os.path.abspath(__file__))


def gmsh_mesh(h0):
    """Half of the lower hemisphere, graded: h0 R within ZONE R of the contact point."""
    geo = f"""SetFactory("OpenCASCADE");
Sphere(1) = {{0, 0, {R}, {R}}};
Box(2) = {{{-R}, 0, 0, {2 * R}, {R}, {R}}};
BooleanIntersection(3) = {{ Volume{{1}}; Delete; }}{{ Volume{{2}}; Delete; }};
Field[1] = MathEval;
Field[1].F = "Min({HMAX * R}, {h0 * R} + {GROWTH} * Max(0, Sqrt(x*x + y*y + z*z) - {ZONE * R}))";
Background Field = 1;
Mesh.CharacteristicLengthExtendFromBoundary = 0;
Mesh.CharacteristicLengthFromPoints = 0;
Mesh.CharacteristicLengthFromCurvature = 0;
Mesh.ElementOrder = 2;
Mesh.HighOrderOptimize = 0;
Mesh.Optimize = 1;
Mesh.MshFileVersion = 2.2;
"""
    tmp = tempfile.mkdtemp(prefix="getfem_modelc_")
    gpath, mpath = os.path.join(tmp, "m.geo"), os.path.join(tmp, "m.msh")
    with open(gpath, "w") as f:
        f.write(geo)
    subprocess.run(["gmsh", "-3", "-nt", "1", gpath, "-o", mpath, "-v", "1"], check=True)
    m = gf.Mesh("import", "gmsh", mpath)
    return m


def regions(m):
    m.set_region(SYM, m.outer_faces_with_direction([0.0, -1.0, 0.0], 0.01))
    m.set_region(TOP, m.outer_faces_with_direction([0.0, 0.0, 1.0], 0.01))
    # the sphere's faces that can touch: outward normal within 0.15 rad of -z (r <= 0.15 R)
    m.set_region(CONTACT, m.outer_faces_with_direction([0.0, 0.0, -1.0], 0.15))


def blas_loaded():
    """The BLAS this process runs MUMPS with, read from its memory map (the system alternative
    or LD_LIBRARY_PATH decides): OpenBLAS was 1.7 times faster per Newton iteration than the
    reference BLAS on a 16761-dof mesh and 4.4 times on the 73066-dof one, the results the
    same to 1e-14 (doc/refitted-constants.md, note 12)."""
    with open("/proc/self/maps") as f:
        paths = {line.split()[-1] for line in f if "blas" in line or "lapack" in line}
    openblas = sorted(p for p in paths if "libopenblas" in p)
    if openblas:
        name = os.path.basename(openblas[0])  # libopenblas-r0.3.21.so
        flavour = os.path.basename(os.path.dirname(openblas[0]))  # openblas-serial
        return f"OpenBLAS {name.split('-r')[-1].rsplit('.so', 1)[0]} ({flavour})"
    if any(os.path.basename(p).startswith("libblas.so") for p in paths):
        return "the reference BLAS (Debian libblas3)"
    return "an unidentified BLAS"


class Study:
    def __init__(self, h0, plastic, mu, tau_c):
        self.h0 = h0
        self.plastic = plastic
        t = time.process_time()
        self.m = gmsh_mesh(h0)
        regions(self.m)
        self.mesh_cpu = time.process_time() - t
        m = self.m
        self.mfu = gf.MeshFem(m, 3)
        self.mfu.set_classical_fem(2)
        self.mfl = gf.MeshFem(m, 3)
        self.mfl.set_classical_fem(1)
        self.mim = gf.MeshIm(m, gf.Integ("IM_TETRAHEDRON(5)"))
        md = self.md = gf.Model("real")
        md.add_fem_variable("u", self.mfu)
        md.add_fem_data("Previous_u", self.mfu)
        md.add_initialized_data("lam", [LAME])
        md.add_initialized_data("E", [E])
        md.add_initialized_data("G", [SHEAR])
        if plastic:
            md.add_initialized_data("sigma_y", [SIGMA_Y])
            self.mim_data = gf.MeshImData(self.mim, -1, [3, 3])
            md.add_im_data("Previous_Ep", self.mim_data)
            self.mim_xi = gf.MeshImData(self.mim, -1)
            md.add_im_data("xi", self.mim_xi)
            md.add_im_data("Previous_xi", self.mim_xi)
            md.set_time_step(1.0)
            if HARDENING > 0:
                # linear isotropic hardening (no kinematic): the regularised law whose H -> 0
                # limit is studied where perfect plasticity localises; alpha the accumulated
                # plastic strain, stored like Ep at the end of each increment
                md.add_im_data("Previous_alpha", self.mim_xi)
                md.add_initialized_data("H_i", [HARDENING * E])
                self.plast = ("Prandtl Reuss linear hardening", 0, "u", "xi", "Previous_Ep",
                              "Previous_alpha", "lam", "G", "sigma_y", "0", "H_i")
            else:
                self.plast = ("Prandtl Reuss", 0, "u", "xi", "Previous_Ep", "lam", "G", "sigma_y")
            md.add_small_strain_elastoplasticity_brick(self.mim, *self.plast)
            self.peeq = np.zeros(self.mim_xi.nbpts())
        else:
            md.add_isotropic_linearized_elasticity_brick(self.mim, "u", "lam", "G")
        md.add_initialized_data("Nz", [0.0, 0.0, -1.0])
        md.add_initialized_data("ez", [0.0, 0.0, 1.0])
        md.add_initialized_data("r", [float(os.environ.get("MODELC_RFAC", "1")) * E / (h0 * R)])
        md.add_initialized_data("f", [0.0, 0.0])  # frictionless normal step
        self.law = (mu, tau_c)
        md.add_filtered_fem_variable("lambda", self.mfl, CONTACT)
        md.add_nonlinear_term(self.mim, "-lambda.Test_u", CONTACT)
        md.add_nonlinear_term(self.mim, "-(1/r)*lambda.Test_lambda", CONTACT)
        md.add_nonlinear_term(
            self.mim,
            "(1/r)*Coulomb_friction_coupled_projection(lambda, Nz, u-Previous_u, X(3)-u.Nz, f, r)"
            ".Test_lambda",
            CONTACT,
        )
        # the symmetry plane: u_y = 0
        md.add_normal_Dirichlet_condition_with_multipliers(self.mim, "u", 1, SYM)
        # the top: a rigid plate, u = (delta_t, 0, -d), its force F_n / 2 (d an unknown)
        md.add_filtered_fem_variable("ltop", self.mfl, TOP)
        md.add_variable("d", 1)
        md.add_initialized_data("ut", [0.0, 0.0, 0.0])
        self.atop = gf.asm("generic", self.mim, 0, "1", TOP, md)
        md.add_initialized_data("ftop", [0.0])
        # wf = 1: force control (the top's force is F_n / 2); wf = 0: d held at dfix
        md.add_initialized_data("wf", [1.0])
        md.add_initialized_data("dfix", [0.0])
        md.add_linear_term(self.mim, "-ltop.Test_u", TOP)
        md.add_linear_term(self.mim, "-(u - ut + d*ez).Test_ltop", TOP)
        md.add_linear_term(self.mim, "(wf*(ltop(3) + ftop) + (1-wf)*E*(d - dfix))*Test_d", TOP)
        self.ndof = md.nbdof()
        self.nconv = m.nbcvs()

    def set_force(self, fn):
        self.md.set_variable("ftop", [fn / 2.0 / self.atop])

    def step(self, max_iter=60):
        md = self.md
        t = time.process_time()
        it, conv = md.solve("max_res", 1e-10, "max_iter", max_iter, "lsearch", os.environ.get("MODELC_LS", "simplest"),
                            "lsolver", "mumps", *( ("noisy",) if os.environ.get("MODELC_NOISY") else ()))
        cpu = time.process_time() - t
        if not conv:
            raise RuntimeError(f"Newton: no convergence after {it} iterations")
        if self.plastic:
            ep0 = md.variable("Previous_Ep").reshape(-1, 9).copy()
            md.small_strain_elastoplasticity_next_iter(self.mim, *self.plast)
            dep = md.variable("Previous_Ep").reshape(-1, 9) - ep0
            self.peeq += np.sqrt(2.0 / 3.0 * np.sum(dep * dep, axis=1))
        else:
            md.set_variable("Previous_u", md.variable("u"))
        return it, cpu

    def forces(self):
        md, mim = self.md, self.mim
        fn = 2 * gf.asm("generic", mim, 0, "lambda(3)", CONTACT, md)
        ft = -2 * gf.asm("generic", mim, 0, "lambda(1)", CONTACT, md)
        area = 2 * gf.asm("generic", mim, 0, "Heaviside(lambda(3) - 0.005)", CONTACT, md)
        fshear = 2 * gf.asm("generic", mim, 0, "sqrt(lambda(1)*lambda(1)+lambda(2)*lambda(2))",
                            CONTACT, md)
        return fn, ft, area, fshear

    def contact_extent(self):
        """Half the pressed length along x (y = 0) and the pressed width along y through the
        pressure centre, from the multiplier sampled every 0.0001 R on the sphere's surface
        (pressed: p > 0.01 of the largest sampled p); and that largest p."""
        s = np.linspace(-0.15 * R, 0.15 * R, 3001)  # the contact faces reach r = 0.15 R
        inside = 0.25 * (self.h0 * R) ** 2 / R  # > the P2 faces' distance to the sphere, h^2/8R
        zx = R - np.sqrt(R * R - s * s) + inside
        px = self.md.interpolation("lambda(3)", np.array([s, 0 * s, zx]), self.m)
        xc = np.sum(s * np.maximum(px, 0)) / np.sum(np.maximum(px, 0))
        t = s[s >= 0]
        zy = R - np.sqrt(R * R - t * t - xc * xc) + inside
        py = self.md.interpolation("lambda(3)", np.array([0 * t + xc, t, zy]), self.m)
        pmax = max(np.max(px), np.max(py))
        on_x, on_y = s[px > 0.01 * pmax], t[py > 0.01 * pmax]
        return (np.max(on_x) - np.min(on_x)) / 2, np.max(on_y), pmax

def hertz(fn):
    a = (3 * fn * R / (4 * ESTAR)) ** (1 / 3)
    return a, a * a / R


def run(study, fn, dts, normal_incs, log):
    """Step 1: F_n in normal_incs increments, frictionless; step 2: the top to each delta_t."""
    md = study.md
    rows = []
    # step 0: the top pushed to 0.1 of Hertz's approach (a contact patch of ~ 0.3 a), then
    # force control: Newton from a point contact under force control cycles
    md.set_variable("wf", [0.0])
    md.set_variable("dfix", [0.1 * hertz(fn)[1]])
    it, cpu = study.step()
    rows.append(record(study, 0, 0.0, it, cpu))
    log(rows[-1])
    md.set_variable("wf", [1.0])
    for k in range(1, normal_incs + 1):
        f = fn * k / normal_incs
        study.set_force(f)
        it, cpu = study.step()
        rows.append(record(study, 1, 0.0, it, cpu))
        log(rows[-1])
    md.set_variable("f", list(study.law))
    for dt in dts:
        md.set_variable("ut", [dt, 0.0, 0.0])
        it, cpu = study.step()
        rows.append(record(study, 2, dt, it, cpu))
        log(rows[-1])
    return rows


def record(study, step, dt, it, cpu):
    fn, ft, area, fshear = study.forces()
    ax, ay, pmax = study.contact_extent()
    d = study.md.variable("d")[0]
    peeq = float(np.max(study.peeq)) if study.plastic else 0.0
    return dict(step=step, delta_t=dt, delta_n=d, F_n=fn, F_t=ft, a_area=np.sqrt(area / np.pi),
                a_x=ax, a_y=ay, p_max=pmax, peeq_max=peeq, newton=it, cpu=cpu)


COLS = ("step", "delta_t", "delta_n", "F_n", "F_t", "a_area", "a_x", "a_y", "p_max", "peeq_max",
        "newton", "cpu")


def read_run(path):
    head, rows = [], []
    with open(path) as f:
        for line in f:
            if line.startswith("#"):
                head.append(line)
            elif line[0].isalpha():
                cols = [c.split("[")[0] for c in line.strip().split(",")]
            else:
                rows.append(dict(zip(cols, map(float, line.split(",")))))
    return head, rows


def set_tolerance(name, err, tag, what=None):
    """The run's tolerance line: its sliding F_t/F_n's relative distance to the next finer mesh
    of the study (the finest run: to the one before), rounded up to two digits; `what` (curves)
    says what err measures instead."""
    path = os.path.join(HERE, "..", f"getfem_modelc_{name}.csv")
    with open(path) as f:
        lines = f.readlines()
    tol = float(f"{err:.2g}")
    tol = tol if tol >= err else float(f"{err * 1.05:.2g}")
    what = what or "the sliding F_t/F_n's (last row) relative distance"
    for i, line in enumerate(lines):
        if line.startswith("# tolerance:"):
            lines[i] = (f"# tolerance: {tol:g} {what} to the next finer mesh's (the finest: to "
                        "the one before) in the mesh study "
                        f"reference/fem/getfem_modelc_{tag}_meshes.csv\n")
    with open(path + ".tmp", "w") as f:
        f.writelines(lines)
    os.replace(path + ".tmp", path)


def observed_order(h, d1, d2):
    """The order p of an error C h^p that makes the differences d1, d2 of three meshes h (coarsest
    first): log(d1 / d2) / log(ratio) for a constant ratio; otherwise the root of
    (h0^p - h1^p) / (h1^p - h2^p) = d1 / d2, which rises monotonically from 0 (p -> -inf) through
    log(h0 / h1) / log(h1 / h2) (p = 0) to infinity. NaN where the differences change sign."""
    if not d1 * d2 > 0:
        return float("nan")
    r1, r2 = h[0] / h[1], h[1] / h[2]
    if abs(r1 / r2 - 1) < 1e-6:
        return np.log(d1 / d2) / np.log(r1)

    def ratio_of_differences(p):
        if p == 0:
            return np.log(r1) / np.log(r2)
        # h1^p expm1(p log r1) / (h2^p expm1(p log r2)), written to keep p near 0 exact
        return r2**p * np.expm1(p * np.log(r1)) / np.expm1(p * np.log(r2))

    target, lo, hi = d1 / d2, -40.0, 40.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        lo, hi = (mid, hi) if ratio_of_differences(mid) < target else (lo, mid)
    return 0.5 * (lo + hi)


def summary(tag, runs):
    """The sliding F_t / F_n (the last increment) of runs on refined meshes h0: successive
    differences, the observed order and Richardson's estimate (the ratio may change between
    meshes: observed_order)."""
    hs, mus, others = [], [], []
    for name in runs:
        head, rows = read_run(os.path.join(HERE, "..", f"getfem_modelc_{name}.csv"))
        h0 = float(next(l for l in head if l.startswith("# mesh:")).split("h0 = ")[1].split()[0])
        last = rows[-1]
        hs.append(h0)
        mus.append(last["F_t"] / last["F_n"])
        others.append((name, last, rows[-2]["F_t"] / rows[-2]["F_n"]))
    lines = []
    for i in range(len(hs) - 2):
        d1, d2 = mus[i + 1] - mus[i], mus[i + 2] - mus[i + 1]
        order = observed_order(hs[i:i + 3], d1, d2)
        # Richardson's estimate only where the differences shrink (order > 0)
        ratio = hs[i + 1] / hs[i + 2]
        rich = mus[i + 2] + d2 / (ratio**order - 1) if order > 0 else float("nan")
        lines.append(f"# meshes h0 {hs[i]:g}, {hs[i + 1]:g}, {hs[i + 2]:g} R: differences "
                     f"{d1:.5f}, {d2:.5f}, observed order {order:.3f}, Richardson's sliding "
                     f"F_t/F_n {rich:.5f}" + ("" if order > 0 else
                                              " (none: the differences change sign)"
                                              if d1 * d2 < 0 else
                                              " (none: the differences do not shrink)"))
        print(lines[-1][2:])
    for k, name in enumerate(runs):
        # a run's error: its distance to the next finer mesh (the finest: the last difference,
        # a lower bound where the differences do not shrink)
        nxt = mus[k + 1] if k + 1 < len(mus) else mus[k - 1]
        set_tolerance(name, abs(mus[k] - nxt) / abs(nxt), tag)
    out = os.path.join(HERE, "..", f"getfem_modelc_{tag}_meshes.csv")
    with open(out + ".tmp", "w") as f:
        f.write(f"# GetFEM reference: getfem_modelc_{tag}_meshes (script "
                f"reference/fem/studies/getfem_modelc.py summary {tag} {' '.join(runs)})\n"
                "# model: the runs reference/fem/getfem_modelc_<run>.csv (each has the model, "
                "mesh and solver lines); this table: their last increment\n")
        f.write("".join(line + "\n" for line in lines))
        f.write(f"# tolerance: {abs(mus[-1] - mus[-2]) / abs(mus[-1]):.2g} the last two meshes' "
                "relative difference of the sliding F_t/F_n (a lower bound of the finest run's "
                "mesh error where the differences do not shrink)\n"
                "# independence: fem GetFEM's own plasticity and contact operators (Debian "
                "python3-getfem), gmsh; shares no code with cwb\n"
                "# stands for: " + next(l for l in head if l.startswith("# stands for:"))[14:]
                + "# rows: per run (in the order of the script line): h0 / R, F_t / F_n at the "
                "last increment (delta_t) and at the one before (its change: sliding reached), contact half-lengths a_x, a_y, "
                "a_area, largest accumulated plastic strain, the run's CPU seconds, dofs\n")
        f.write("h0[-],delta_t[m],mu_sliding[-],mu_previous[-],a_x[m],a_y[m],a_area[m],"
                "peeq_max[-],cpu[s],dofs[-]\n")
        for (name, last, prev), h0 in zip(others, hs):
            head, rows = read_run(os.path.join(HERE, "..", f"getfem_modelc_{name}.csv"))
            cpu = sum(r["cpu"] for r in rows)
            dofs = int(next(l for l in head if l.startswith("# mesh:")).split(" dofs")[0]
                       .split()[-1])
            f.write(f"{h0:g},{last['delta_t']:.10g},{last['F_t'] / last['F_n']:.10g},"
                    f"{prev:.10g},{last['a_x']:.10g},{last['a_y']:.10g},{last['a_area']:.10g},"
                    f"{last['peeq_max']:.10g},{cpu:.1f},{dofs}\n")
    stamp_made_line(out + ".tmp")
    os.replace(out + ".tmp", out)
    print(out)


def mindlin(dt, fn, mu):
    """Cattaneo-Mindlin's F_t at the top's displacement dt (Johnson 1985, Contact Mechanics, eq.
    7.43 solved for the force, G* = G / (2 - nu) on a rigid flat; mu F_n once sliding)."""
    a, _ = hertz(fn)
    slide = 3 * mu * fn / (16 * GSTAR * a)
    return mu * fn if dt >= slide else mu * fn * (1 - (1 - dt / slide) ** 1.5)


def curves(tag, runs):
    """Elastic runs on meshes h0 refined by a constant ratio, at the same increments: per run its
    F_t(delta_t)'s largest distance to the next finer mesh's (the finest: to the one before) and
    to Cattaneo-Mindlin, both in units of mu F_n (the sliding F_t/F_n is mu on every mesh, so
    summary's measure says nothing here). Writes getfem_modelc_TAG_meshes.csv and the runs'
    tolerance lines."""
    mu = 0.3  # the elastic mode's
    data = []
    for name in runs:
        head, rows = read_run(os.path.join(HERE, "..", f"getfem_modelc_{name}.csv"))
        mesh = next(l for l in head if l.startswith("# mesh:"))
        h0 = float(mesh.split("h0 = ")[1].split()[0])
        dofs = int(mesh.split(" dofs")[0].split()[-1])
        tang = [r for r in rows if r["step"] == 2]
        data.append(dict(name=name, h0=h0, dofs=dofs, cpu=sum(r["cpu"] for r in rows),
                         dt=np.array([r["delta_t"] for r in tang]),
                         x=np.array([r["F_t"] / (mu * r["F_n"]) for r in tang]),
                         # the CSVs are SI, mindlin and hertz work in um, mN
                         cm=np.array([mindlin(r["delta_t"] * 1e6, r["F_n"] * 1e3, mu)
                                      / (mu * r["F_n"] * 1e3) for r in tang]),
                         k0=tang[0]["F_t"] / tang[0]["delta_t"], fn=tang[0]["F_n"] * 1e3))
    for d in data[1:]:
        if len(d["dt"]) != len(data[0]["dt"]) or np.max(np.abs(d["dt"] - data[0]["dt"])) > 1e-12:
            raise RuntimeError(f"{d['name']}: not the increments of {data[0]['name']}")
    for k, d in enumerate(data):
        nxt = data[k + 1] if k + 1 < len(data) else data[k - 1]
        d["mesh_gap"] = float(np.max(np.abs(d["x"] - nxt["x"])))
        d["cm_gap"] = float(np.max(np.abs(d["x"] - d["cm"])))
        set_tolerance(d["name"], d["mesh_gap"], tag,
                      "of mu F_n: F_t(delta_t)'s largest distance (per increment, over mu F_n)")
    lines = []
    for i in range(len(data) - 2):
        d1 = data[i + 1]["x"] - data[i]["x"]
        d2 = data[i + 2]["x"] - data[i + 1]["x"]
        g1, g2 = np.max(np.abs(d1)), np.max(np.abs(d2))
        order = np.log(g1 / g2) / np.log(data[i]["h0"] / data[i + 1]["h0"])
        lines.append(f"# meshes h0 {data[i]['h0']:g}, {data[i + 1]['h0']:g}, "
                     f"{data[i + 2]['h0']:g} R: largest F_t change over mu F_n {g1:.5f}, then "
                     f"{g2:.5f}, observed order {order:.3f}")
        print(lines[-1][2:])
    out = os.path.join(HERE, "..", f"getfem_modelc_{tag}_meshes.csv")
    head0 = read_run(os.path.join(HERE, "..", f"getfem_modelc_{runs[-1]}.csv"))[0]
    with open(out + ".tmp", "w") as f:
        f.write(f"# GetFEM reference: getfem_modelc_{tag}_meshes (script "
                f"reference/fem/studies/getfem_modelc.py curves {tag} {' '.join(runs)})\n"
                "# model: the elastic runs reference/fem/getfem_modelc_<run>.csv (each has the "
                "model, mesh and solver lines), their tangential increments\n")
        f.write("".join(line + "\n" for line in lines))
        tol = float(f"{data[-1]['mesh_gap']:.2g}")
        tol = tol if tol >= data[-1]["mesh_gap"] else float(f"{data[-1]['mesh_gap'] * 1.05:.2g}")
        f.write(f"# tolerance: {tol:g} of mu F_n: the last two meshes' largest "
                "F_t(delta_t) difference (the finest run's mesh error where the differences "
                "shrink)\n"
                "# independence: fem GetFEM's own contact operators (Debian python3-getfem), "
                "gmsh; shares no code with cwb\n"
                "# stands for: " + next(l for l in head0 if l.startswith("# stands for:"))[14:]
                + "# rows: per run (in the order of the script line): h0 / R, dofs, the run's "
                "CPU seconds, F_t(delta_t)'s largest distance to the next finer mesh's (the "
                "finest: to the one before) and to Cattaneo-Mindlin (both over mu F_n), the "
                "first increment's F_t / delta_t over Mindlin's 8 G* a\n")
        f.write("h0[-],dofs[-],cpu[s],mesh_gap[-],mindlin_gap[-],k0_over_8Gsa[-]\n")
        for d in data:
            a, _ = hertz(d["fn"])  # um; 8 G* a in mN/um = 1e3 N/m
            f.write(f"{d['h0']:g},{d['dofs']},{d['cpu']:.1f},{d['mesh_gap']:.6g},"
                    f"{d['cm_gap']:.6g},{d['k0'] / (8e3 * GSTAR * a):.6g}\n")
    stamp_made_line(out + ".tmp")
    os.replace(out + ".tmp", out)
    print(out)


def partial(log_path, args):
    """A plastic run stopped before its last increment (a session's deadline): its converged
    increments as the run printed them (6 significant digits, script units) into its CSV, the
    header saying where it stopped. args: the run's own arguments (plastic H0 F_n TAG), with
    the run's environment (MODELC_*) set again, so the header's lines are the run's."""
    case, h0, fn, tag = args[0], float(args[1]), float(args[2]), args[3]
    assert case == "plastic", "partial: plastic runs only"
    rows, mesh = [], None
    with open(log_path) as f:
        for line in f:
            w = line.split()
            if w[:3] == ["mesh", "h0", args[1]]:
                mesh = dict(nconv=int(w[4]), ndof=int(w[6]))  # "N tetrahedra, M dofs"
            elif w and w[0] == "step" and len(w) == 2 * len(COLS):
                rows.append({k: float(v) for k, v in zip(w[0::2], w[1::2])})
    assert mesh and rows, f"{log_path}: no mesh line or no increment"
    n = int(os.environ.get("MODELC_INCS", "12"))
    done = sum(1 for r in rows if r["step"] == 2)
    mu, tau_c = 1.0, float(os.environ.get("MODELC_TAUC", "1")) * SIGMA_Y / np.sqrt(3.0)
    study = type("Stopped", (), mesh)
    note = (f"for the {len(rows)} increments converged when the run was stopped (the session's "
            f"deadline), {done} of its {n} tangential ones; rows from its log, 6 significant "
            "digits (one core)")
    write(tag, case, h0, fn, mu, tau_c, study, rows, sum(r["cpu"] for r in rows), args, note)


def main():
    if len(sys.argv) < 2:
        # make reference runs every script here without arguments; this one's runs take minutes
        # to hours each and are started one by one (the docstring's cases; each table's header
        # names its command), so without a case it leaves the committed tables as they are
        print("getfem_modelc.py: no case given, nothing regenerated (the cases: "
              "getfem_modelc.py elastic|plastic H0 [F_n [TAG]], summary, curves, partial; "
              "see its docstring)", file=sys.stderr)
        return
    if sys.argv[1] == "partial":
        partial(sys.argv[2], sys.argv[3:])
        return
    if sys.argv[1] == "summary":
        summary(sys.argv[2], sys.argv[3:])
        return
    if sys.argv[1] == "curves":
        curves(sys.argv[2], sys.argv[3:])
        return
    gf.util_trace_level(0)
    gf.util_warning_level(0)
    case, h0 = sys.argv[1], float(sys.argv[2])
    tag = sys.argv[4] if len(sys.argv) > 4 else None
    if case == "elastic":
        fn = float(sys.argv[3]) if len(sys.argv) > 3 else 5.825
        mu, tau_c = 0.3, 1e6
        a, _ = hertz(fn)
        slip = 3 * mu * fn / (16 * GSTAR * a)  # Mindlin's displacement to full sliding
        dts = [1e-3 * slip, 0.25 * slip, 0.5 * slip, 0.75 * slip, slip, 1.5 * slip, 2 * slip]
        if os.environ.get("MODELC_TRAVEL"):
            # the CalculiX runs' increments instead (Fig. 11: MODELC_TRAVEL=5e-9 MODELC_INCS=10,
            # reference/fem/studies/seed004_modelc_fig11_stick1.study's [load])
            n = int(os.environ.get("MODELC_INCS", "12"))
            travel = float(os.environ["MODELC_TRAVEL"]) * 1e6  # um
            dts = list(np.linspace(travel / n, travel, n))
        study = Study(h0, False, mu, tau_c)
    else:
        fn = float(sys.argv[3])
        # MODELC_TAUC: tau_c in units of the shear yield stress k = sigma_y / sqrt 3 (thesis: 1)
        mu, tau_c = 1.0, float(os.environ.get("MODELC_TAUC", "1")) * SIGMA_Y / np.sqrt(3.0)
        n = int(os.environ.get("MODELC_INCS", "12"))
        # MODELC_TRAVEL: the top's last tangential displacement in m (default 9e-8, past full
        # sliding at y = 3; the slip distance grows with the load)
        travel = float(os.environ.get("MODELC_TRAVEL", "9e-8")) * 1e6  # um
        dts = list(np.linspace(travel / n, travel, n))
        study = Study(h0, True, mu, tau_c)
    if os.environ.get("MODELC_MESH_ONLY"):  # the mesh's size only (estimates the run's CPU)
        print(f"mesh h0 {h0} R zone {ZONE} R: {study.nconv} tetrahedra, {study.ndof} dofs")
        return
    print(f"mesh h0 {h0} R: {study.nconv} tetrahedra, {study.ndof} dofs, "
          f"gmsh+import {study.mesh_cpu:.1f} s", flush=True)

    def log(r):
        print(" ".join(f"{k} {r[k]:.6g}" for k in COLS), flush=True)

    t0 = time.process_time()
    rows = run(study, fn, dts, 5, log)
    total = time.process_time() - t0
    print(f"total CPU {total:.1f} s", flush=True)
    if tag:
        write(tag, case, h0, fn, mu, tau_c, study, rows, total)


def incs_env():
    """The environment settings of the run that differ from the defaults."""
    defaults = dict(MODELC_INCS="12", MODELC_TAUC="1", MODELC_ZONE="0.045", MODELC_TRAVEL="9e-8",
                    MODELC_HARDEN="0")
    return "".join(f"{k}={os.environ[k]} " for k, v in defaults.items()
                   if os.environ.get(k) and os.environ[k] != v)


TOLERANCE = {
    "elastic": "0.03 of mu F_n against Cattaneo-Mindlin's F_t(delta_t), 0.02 of Hertz's "
               "approach, 0.08 of 8 G* a (the finite hemisphere's own compliance and the mesh, "
               "see the test's comment)",
    # rewritten by `summary` with the run's measured mesh error
    "plastic": "nan the sliding F_t/F_n's mesh error, set by the mesh study (summary)",
}


def write(tag, case, h0, fn, mu, tau_c, study, rows, total, args=None, cpu_note=None):
    """rows in SI (m, N, Pa) like the CalculiX studies' CSVs. args: the run's arguments (default
    this process's); cpu_note: what the CPU figure covers (default the whole run)."""
    args = args if args is not None else sys.argv[1:]
    cpu_note = cpu_note or "for the run (one core)"
    out = os.path.join(HERE, "..", f"getfem_modelc_{tag}.csv")
    plastic = case == "plastic"
    um, mn, gpa = 1e-6, 1e-3, 1e9
    with open(out + ".tmp", "w") as f:
        f.write(f"# GetFEM reference: getfem_modelc_{tag} "
                f"(script {incs_env()}reference/fem/studies/getfem_modelc.py "
                f"{' '.join(args)})\n"
                "# model: Rathbone thesis Model C (Sec. 3.5): the lower hemisphere of a sphere "
                "(centre (0,0,R), z <= R), halved by the symmetry plane y = 0 that holds the "
                "sliding direction x (u_y = 0; forces x 2), on a rigid flat z = 0; the top z = R "
                "a rigid plate without rotation, u = (delta_t, 0, -delta_n); step 0 delta_n = "
                "0.1 of Hertz's approach (frictionless), step 1 the normal force F_n in 5 "
                "increments, force control (delta_n an unknown), frictionless; step 2 friction "
                "on, the top displaced along x to delta_t, F_n held; small strain\n"
                f"# parameters: R = {R * um:g} m; E = {E * gpa:g} Pa; nu = {NU:g}; "
                + (f"sigma_y = {SIGMA_Y * gpa:g} Pa (von Mises, elastic-perfectly-plastic, "
                   "GetFEM 'Prandtl Reuss' brick, return mapping, backward Euler); "
                   if plastic and HARDENING == 0 else
                   f"sigma_y = {SIGMA_Y * gpa:g} Pa, linear isotropic hardening H_i = "
                   f"{HARDENING:g} E = {HARDENING * E * gpa:.10g} Pa, no kinematic hardening "
                   "(von Mises, GetFEM 'Prandtl Reuss linear hardening' brick, return mapping, "
                   "backward Euler); " if plastic else "elastic; ")
                + f"F_n = {fn * mn:g} N; mu = {mu:g}; tau_c = {tau_c * gpa:.10g} Pa\n"
                "# contact: augmented Lagrangian on the sphere's faces whose normal is within "
                f"0.15 rad of -z, multiplier P1, r = {os.environ.get('MODELC_RFAC', '1')} E/h0, "
                "GetFEM's Coulomb_friction_coupled_projection(lambda, n, u - Previous_u, "
                "X_3 + u_3, [mu, tau_c], r): local slip at min(mu p, tau_c) (the thesis' law, "
                "no emulation); normal step f = [0, 0]\n"
                f"# mesh: gmsh 4.8.4, 10-node tetrahedra (P2 displacement), size h0 = {h0:g} R "
                f"within {ZONE:g} R of the contact point, growing by {GROWTH:g} per unit distance "
                f"to {HMAX:g} R; {study.nconv} elements, {study.ndof} dofs; Gauss IM_TETRAHEDRON(5)\n"
                f"# solver: GetFEM (Debian python3-getfem {version()}), Newton (MUMPS with "
                f"{blas_loaded()}, simplest "
                f"line search, residual 1e-10 in um, mN, GPa); CPU {total:.0f} s {cpu_note}\n"
                f"# tolerance: {TOLERANCE[case]}\n"
                "# independence: fem GetFEM's own plasticity and contact operators (Debian "
                "python3-getfem), gmsh; shares no code with cwb\n"
                f"# stands for: body1.radius = {R * um:g}; body1.E = {E * gpa:g}; "
                f"body1.nu = {NU:g}; "
                + (f"normal.sigma_y = {SIGMA_Y * gpa:g}; " if plastic else
                   f"tangential.mu = {mu:g}; ")
                + f"driver.normal = {fn * mn:g}, {fn * mn:g}\n"
                "# rows: every converged increment; step 0, 1 normal, 2 tangential; F_n, F_t = "
                "the contact multiplier's integrals x 2 (F_t against the motion); delta_n, "
                "delta_t = the top's approach and displacement; a_x = half the pressed length "
                "along x through y = 0, a_y = the pressed half-width along y through the "
                "pressure centre (multiplier sampled every 1e-8 m, pressed: p > 0.01 p_max; P1 "
                "multiplier: the edge is smeared by up to an element), a_area = sqrt(A / pi), A "
                "the area where p > 5 MPa; p_max the largest sampled p; peeq_max = the largest "
                "accumulated equivalent plastic strain sum sqrt(2/3 dEp:dEp) at an integration "
                "point; newton = iterations; cpu = the increment's CPU seconds\n")
        f.write("step[-],delta_t[m],delta_n[m],F_n[N],F_t[N],a_area[m],a_x[m],a_y[m],p_max[Pa],"
                "peeq_max[-],newton[-],cpu[s]\n")
        scale = dict(delta_t=um, delta_n=um, F_n=mn, F_t=mn, a_area=um, a_x=um, a_y=um, p_max=gpa)
        for r in rows:
            f.write(",".join(f"{r[k] * scale.get(k, 1):.10g}" for k in COLS) + "\n")
    stamp_made_line(out + ".tmp")
    os.replace(out + ".tmp", out)
    print(out)

if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Can GetFEM stand in for CalculiX where the thesis' friction needs a shear-stress cap?

Rathbone's Models C and D slip locally at min(mu p, tau_c) (thesis sec. 3.5); CalculiX 2.20's
*FRICTION has no such cap (cwb emulates it with rings of contact pairs, see
doc/refitted-constants.md). GetFEM's weak-form operator Coulomb_friction_coupled_projection(lambda,
n, Vs, g, f, r) takes f = [f1, f2(, f3)] and projects the tangential multiplier onto the ball of
radius min(f3 + f1 (lambda.n + r g)_-, f2) (GetFEM user documentation, "Weak form language",
contact operators): f1 = mu, f2 = the Tresca limit tau_c. This is the smallest case that shows it
works in Debian's python3-getfem: a plane-strain elastic block (E 26000 MPa, nu 0.3, the thesis'
Table 6 material; L = 1, H = 0.5 in mm) on a rigid flat, its top moved down by 1e-3 and sideways
by 1e-2 (ten times the elastic shear of the block: the whole base slides), augmented Lagrangian
contact (r = E) on the base. Three friction laws: Coulomb mu = 0.3 (F_t/F_n must be mu), a cap
below mu p almost everywhere (mu 1, tau_c 20 MPa) and a mixed one (mu 0.5, tau_c 40 MPa: Coulomb
in the middle, capped at the right edge where the block's tilt raises p to ~200 MPa). For each,
the base's pressure p and shear tau at the multiplier's nodes, and min(mu p, tau_c).

Writes reference/fem/getfem_tresca_block.csv (a provenance header, then per law and node:
x, p, tau, the cap min(mu p, tau_c)) and prints the totals. Run (not part of make check):
    /usr/bin/python3 reference/fem/studies/getfem_tresca_block.py
Needs Debian's python3-getfem (5.4); a fraction of a second per law.
"""
import os
import subprocess
import sys

import getfem as gf
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../tools"))
from made_line import stamp_made_line  # noqa: E402  the table's "# made:" line

E, NU = 26000.0, 0.3  # MPa
LAME, SHEAR = E * NU / ((1 + NU) * (1 - 2 * NU)), E / (2 * (1 + NU))
L, H, NX, NY = 1.0, 0.5, 20, 10  # mm, elements
PRESS, SLIDE = 1e-3, 1e-2  # top displacement down and sideways, mm
LAWS = ((0.3, 1e9), (1.0, 20.0), (0.5, 40.0))  # (mu, tau_c [MPa])
BOT, TOP = 1, 2
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "getfem_tresca_block.csv")


def mesh():
    m = gf.Mesh("cartesian", np.linspace(0, L, NX + 1), np.linspace(0, H, NY + 1))
    m.set_region(BOT, m.outer_faces_with_direction([0.0, -1.0], 0.01))
    m.set_region(TOP, m.outer_faces_with_direction([0.0, 1.0], 0.01))
    return m


def solve(m, mu, tau_c):
    """Press and slide; return F_n, F_t (per mm of depth) and the base nodes' p, tau."""
    mfu = gf.MeshFem(m, 2)
    mfu.set_classical_fem(2)
    mfl = gf.MeshFem(m, 2)
    mfl.set_classical_fem(1)
    mim = gf.MeshIm(m, gf.Integ("IM_GAUSS_PARALLELEPIPED(2,6)"))
    md = gf.Model("real")
    md.add_fem_variable("u", mfu)
    md.add_initialized_data("lam", [LAME])
    md.add_initialized_data("G", [SHEAR])
    md.add_isotropic_linearized_elasticity_brick(mim, "u", "lam", "G")
    md.add_filtered_fem_variable("lambda", mfl, BOT)
    md.add_initialized_data("r", [E])
    md.add_initialized_data("f", [mu, tau_c])
    md.add_initialized_data("N1", [0.0, -1.0])
    md.add_initialized_data("utop", [SLIDE, -PRESS])
    md.add_Dirichlet_condition_with_multipliers(mim, "u", 2, TOP, "utop")
    # the flat is y = 0, the base starts on it: gap g = X(2) + u(2); slip Vs = u (one step)
    md.add_nonlinear_term(mim, "-lambda.Test_u", BOT)
    md.add_nonlinear_term(mim, "-(1/r)*lambda.Test_lambda", BOT)
    md.add_nonlinear_term(
        mim,
        "(1/r)*Coulomb_friction_coupled_projection(lambda, N1, u, X(2)-u.N1, f, r).Test_lambda",
        BOT,
    )
    it, converged = md.solve("max_res", 1e-10, "max_iter", 100, "lsearch", "simplest")
    if not converged:
        sys.exit(f"getfem: no convergence for mu {mu}, tau_c {tau_c} after {it} iterations")
    fn = gf.asm("generic", mim, 0, "lambda(2)", BOT, md)
    ft = -gf.asm("generic", mim, 0, "lambda(1)", BOT, md)
    x = np.linspace(0.0, L, NX + 1)
    lam = md.interpolation("lambda", np.array([x, np.zeros_like(x)]), m).reshape(-1, 2)
    return fn, ft, x, lam[:, 1], -lam[:, 0], it


MARGIN = 5  # nodes


def settled(p, mu, tau_c):
    """Nodes whose MARGIN neighbours on each side are in the same regime (lifted, Coulomb,
    capped): the multiplier is the L2 projection of the piecewise law onto P1, so a kink's error
    spreads by the factor 2 - sqrt(3) = 0.27 per node (the inverse of the mass matrix [1 4 1]/6)
    and is 0.27^5 = 1.4e-3 of the kink's jump (<= 3 MPa here) five nodes away."""
    regime = np.where(p <= 0.0, 0, np.where(mu * p < tau_c, 1, 2))
    ok = np.zeros(len(p), dtype=bool)
    for i in range(len(p)):
        lo, hi = max(0, i - MARGIN), min(len(p), i + MARGIN + 1)
        ok[i] = np.all(regime[lo:hi] == regime[i])
    return ok


def version():
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "python3-getfem"],
                             capture_output=True, text=True, check=True).stdout
        return out.strip() or "unknown"
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main():
    gf.util_trace_level(0)
    gf.util_warning_level(0)
    m = mesh()
    rows, notes = [], []
    for mu, tau_c in LAWS:
        fn, ft, x, p, tau, it = solve(m, mu, tau_c)
        cap = np.minimum(mu * np.maximum(p, 0.0), tau_c)
        worst = np.max(np.abs(tau - cap)[settled(p, mu, tau_c)])
        notes.append(f"# mu {mu:g}, tau_c {tau_c:g} MPa: F_n {fn:.6g} N/mm, F_t {ft:.6g} N/mm, "
                     f"F_t/F_n {ft / fn:.6f}, max |tau - min(mu p, tau_c)| at the nodes "
                     f"{MARGIN} or more from a change of regime {worst:.3g} MPa, {it} Newton "
                     "iterations")
        print(notes[-1][2:])
        rows += [(mu, tau_c, xi, pi, ti, ci) for xi, pi, ti, ci in zip(x, p, tau, cap)]
    tmp = OUT + ".tmp"
    with open(tmp, "w") as f:
        f.write("# GetFEM reference: getfem_tresca_block "
                "(script reference/fem/studies/getfem_tresca_block.py)\n"
                "# model: plane-strain elastic block L 1 mm x H 0.5 mm on a rigid flat, E 26000 "
                "MPa, nu 0.3; top displaced by (1e-2, -1e-3) mm (Dirichlet, multipliers); base: "
                "augmented Lagrangian contact, r = E, Coulomb_friction_coupled_projection with "
                "f = [mu, tau_c] (slip at min(mu p, tau_c)), slip Vs = u (one load step)\n"
                f"# mesh: {NX} x {NY} Q2 quadrilaterals (u), Q1 multiplier on the base, "
                "Gauss 6 per direction\n"
                f"# solver: GetFEM (Debian python3-getfem {version()}), Newton, residual 1e-10\n")
        f.write("\n".join(notes) + "\n")
        f.write("# tolerance: 0.01 MPa on tau - min(mu p, tau_c) at nodes 5 or more from a change "
                "of regime (0.27^5 x a kink's jump of <= 3 MPa, the L2 projection's spread; the "
                "Newton residual adds < 1e-9); F_t/F_n = mu to 1e-6 where the whole base follows "
                "Coulomb\n"
                "# independence: fem GetFEM's own contact operator (Debian python3-getfem); shares no code with cwb\n"
                "# stands for: body1.E = 2.6e+10; body1.nu = 0.3\n"
                "# rows: per law and base node: x, contact pressure p = lambda_y, shear tau = "
                "-lambda_x (resisting the slide), the cap min(mu p, tau_c)\n")
        f.write("mu[-],tau_c[MPa],x[mm],p[MPa],tau[MPa],cap[MPa]\n")
        for r in rows:
            f.write(",".join(f"{v:.10g}" for v in r) + "\n")
    stamp_made_line(tmp)
    os.replace(tmp, OUT)
    print(OUT)


if __name__ == "__main__":
    main()

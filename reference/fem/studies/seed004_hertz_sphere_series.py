#!/usr/bin/python3
"""Hertz contact on a finite elastic sphere between two rigid frictionless platens, geometrically
linear: the exact Legendre-series solution, a closed-form reference for cwb's CalculiX runs of it
(doc/findings.md, finding 40).

cwb's FEM (reference/fem/studies/seed004_hertz_*_small.study, CAX6) is the lower hemisphere on a
rigid flat with its equator held flat and radially free: half of a sphere between two platens. Its
force at a given approach departs from Hertz's half-space by -0.27 to -0.57 % at nu 0 and +0.39,
+0.87 % at nu 0.3. This script solves the same problem without FEM:

- the sphere's surface compliance per Legendre mode, from Lame's solid-harmonic solution (Love
  1927, A Treatise on the Mathematical Theory of Elasticity, 4th ed.; Lur'e 1964, Three-dimensional
  problems of the theory of elasticity), derived afresh: family 1 u = grad w_n, family 2
  u = r^2 grad w_n + lam_n x w_n, lam_n = -[(4n+2)(1-2nu) + 2n]/(n + 5 - 4nu);
- Hertz's pressure on both polar caps, pushed along the axis (a frictionless flat);
- the approach from Kalker & van Randen's (1972, "A minimum principle for frictionless elastic
  contact with application to non-Hertzian half-space contact problems", J. Eng. Math. 6)
  complementary energy, in which the non-Hertzian part of the true pressure enters at second
  order only: delta/delta_H - 1 = (2/3) r + (2/15) a dr/da, r = J/J0 - 1 the energy's excess over
  Boussinesq's half-space (checked: a Ritz minimisation over three pressure shapes and the radius
  moves F/F_H by 0.003 % at a/R 0.01);
- its expansion for small a/R: F/F_H - 1 = -(a/R)[L ln(R/a) + K], L = (1-2nu)^2/(pi(1-nu)), K from a
  closed part and one lattice sum (K(0) = -0.968, K(0.3) = -0.731).

Writes reference/fem/seed004_hertz_sphere_series.csv (one row per a/R and nu: the series, the
asymptote, L, K) and prints the checks (Betti's reciprocity, the n = 0 mode against Lame's uniform
pressure, Boussinesq at large n, the half-space limit, the series' convergence, the Ritz check)
and the comparison with the FEM table reference/fem/seed004_hertz_small.csv.
Units: R = 1, G = 1 (E = 2(1 + nu), E* = 2/(1 - nu)); alpha = a/R.
Run (not part of make check; about 3 minutes on one core):
  /usr/bin/python3 reference/fem/studies/seed004_hertz_sphere_series.py
"""
import os

import numpy as np
from scipy.integrate import quad
from scipy.special import spherical_jn, digamma
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../tools"))
from made_line import stamp_made_line  # noqa: E402  the table's "# made:" line

HERE = os.path.dirname(os.path.abspath(__file__))
FEMDIR = os.path.normpath(os.path.join(HERE, ".."))
OUT = os.path.join(FEMDIR, "seed004_hertz_sphere_series.csv")
# the a/R and nu of every row: the FEM's six geometrically linear runs and two outside them
ROWS = [(0.001, 0.0), (0.0025, 0.0), (0.005, 0.0), (0.01, 0.0), (0.02, 0.0), (0.04, 0.0),
        (0.001, 0.3), (0.01, 0.3), (0.02, 0.3), (0.04, 0.3)]


def fem_linear_runs():
    """(a/R, nu, F/F_H - 1) of the FEM table's geometrically linear runs at a/h0 = 20 and the
    standard penalty K = 100 E/h0 (reference/fem/seed004_hertz_small.csv)."""
    rows = [line.strip().split(",") for line in open(os.path.join(FEMDIR,
            "seed004_hertz_small.csv")) if not line.startswith("#")]
    col = {name.split("[")[0]: i for i, name in enumerate(rows[0])}
    out = []
    for r in rows[1:]:
        a, nu, h0 = float(r[col["a_over_R"]]), float(r[col["nu"]]), float(r[col["h0_over_R"]])
        if (float(r[col["kinematics"]]) == 1 and float(r[col["elastic"]]) == 0
                and float(r[col["penalty"]]) == 100 and abs(a / h0 - 20) < 1e-9):
            out.append((a, nu, float(r[col["F_over_F_Hertz_minus_1"]])))
    return sorted(out, key=lambda t: (t[1], t[0]))


def modal(n, nu):
    """Unit sphere, G = 1: surface u_r = U P_n, u_theta = V dP_n/dtheta for sigma_rr = P_n (Uf, Vf)
    or sigma_rtheta = dP_n/dtheta (Us, Vs); n >= 2. Eq. (3) of report.md."""
    n = np.asarray(n, float)
    Lam = 2 * nu / (1 - 2 * nu)
    lam = -((4 * n + 2) * (1 - 2 * nu) + 2 * n) / (n + 5 - 4 * nu)
    m11, m12 = 2 * n * (n - 1), 2 * (n + 1) * (n + lam) + Lam * ((n + 3) * lam + 2 * n)
    m21, m22 = 2 * (n - 1), 2 * n + lam
    det = m11 * m22 - m12 * m21
    af, bf, as_, bs = m22 / det, -m21 / det, -m12 / det, m11 / det
    return n * af + (n + lam) * bf, af + bf, n * as_ + (n + lam) * bs, as_ + bs


def cap_coefficients(alpha, N, M, exponents=(0.5,), traction="vertical"):
    """f_n, s_n (sigma_rr = sum f_n P_n, sigma_rtheta = sum s_n dP_n/dtheta) of the pressure
    p = (1 - rho^2/alpha^2)^e per unit projected area (rho = sin theta) on both polar caps,
    pushed along the axis (a frictionless flat: "vertical") or along the normal ("normal").
    Also returns the force F and <p, gap> of each profile (one cap)."""
    x, w = np.polynomial.legendre.leggauss(M)
    phi = (x + 1) * np.pi / 4
    rho = alpha * np.sin(phi)
    mu = np.sqrt(1 - rho * rho)
    jac = (w * np.pi / 4) * alpha * np.cos(phi)
    p = np.array([np.cos(phi) ** (2 * e) for e in exponents]).T            # M x J
    if traction == "vertical":   # per sphere area: sigma_rr = -p mu^2, sigma_rtheta = p mu rho
        wf, ws = -(jac * mu * rho)[:, None] * p, (jac * rho * rho)[:, None] * p
    else:
        wf, ws = -(jac * rho)[:, None] * p, 0 * p
    J = len(exponents)
    If, Is = np.zeros((N + 1, J)), np.zeros((N + 1, J))
    P0, P1, D0, D1 = np.ones(M), mu.copy(), np.zeros(M), -rho.copy()
    If[0], If[1], Is[1] = P0 @ wf, P1 @ wf, D1 @ ws
    for n in range(1, N):        # Bonnet's recurrence and its theta-derivative (P_n^1)
        P2 = ((2 * n + 1) * mu * P1 - n * P0) / (n + 1)
        D2 = ((2 * n + 1) * mu * D1 - (n + 1) * D0) / n
        If[n + 1], Is[n + 1] = P2 @ wf, D2 @ ws
        P0, P1, D0, D1 = P1, P2, D1, D2
    n = np.arange(N + 1)[:, None]
    f = (2 * n + 1) * If                                 # 2 caps x (2n+1)/2
    s = np.zeros_like(Is)
    s[1:] = (2 * n[1:] + 1) / (n[1:] * (n[1:] + 1)) * Is[1:]
    f[1::2] = 0; s[1::2] = 0                             # odd modes cancel between the caps
    F = 2 * np.pi * (jac * rho) @ p
    gap = 2 * np.pi * (jac * rho * (1 - mu)) @ p
    return f, s, F, gap


def sphere_energy(f, s, nu):
    """Matrix A_ij = <p_i, L p_j> (one cap: half the work of the tractions, eq. 5) and the
    pole displacement -u_z(0) of each profile."""
    N = f.shape[0] - 1
    n = np.arange(2, N + 1, 2)
    Uf, Vf, Us, Vs = modal(n, nu)
    U = Uf[:, None] * f[n] + Us[:, None] * s[n]
    V = Vf[:, None] * f[n] + Vs[:, None] * s[n]
    wf, ws = (2 / (2 * n + 1))[:, None], (2 * n * (n + 1) / (2 * n + 1))[:, None]
    threeK = 2 * (1 + nu) / (1 - 2 * nu)
    A = np.pi * ((f[n] * wf).T @ U + (s[n] * ws).T @ V) + 2 * np.pi * np.outer(f[0], f[0]) / threeK
    pole = -(U.sum(axis=0) + f[0] / threeK)
    return 0.5 * (A + A.T), pole


def _q(g, hi):
    edges = np.append(np.arange(0, hi, np.pi), hi)
    return sum(quad(g, lo, up, limit=200, epsabs=1e-16)[0] for lo, up in zip(edges[:-1], edges[1:]))


def halfspace_hertz(alpha, nu, K):
    """Boussinesq half-space, Hertz profile p0 = 1: <p, L0 p> and the pole displacement from
    wavenumbers below K (Hankel transform P(k) = alpha^2 j1(k alpha)/(k alpha)), to subtract
    the same truncation from the sphere sums."""
    Es = 2 / (1 - nu)
    e = 4 * np.pi * alpha ** 3 / Es * _q(lambda q: (spherical_jn(1, q) / q) ** 2, K * alpha)
    w0 = 2 / Es * alpha * _q(lambda q: spherical_jn(1, q) / q, K * alpha)
    return e, w0


def hertz_run(alpha, nu, fac=200, M=1000, traction="vertical"):
    """r = J/J0 - 1 (eq. 7) and the pole displacement / delta_H - 1 for Hertz's pressure."""
    N = int(fac / alpha); N -= N % 2
    f, s, F, _ = cap_coefficients(alpha, N, M, (0.5,), traction)
    A, pole = sphere_energy(f, s, nu)
    Es = 2 / (1 - nu)
    e_tr, w_tr = halfspace_hertz(alpha, nu, N + 1.5)
    J0 = 3 / (5 * Es * alpha)
    dH = np.pi * alpha / (2 * Es)                        # Hertz pole displacement, p0 = 1
    r = (A[0, 0] - e_tr) / F[0] ** 2 / J0                # truncation-matched difference
    r_raw = A[0, 0] / F[0] ** 2 / J0 - 1
    return r, (pole[0] - w_tr) / dH, r_raw, pole[0] / dH - 1


def force_deviation(alpha, nu, h=0.02, traction="vertical"):
    """F/F_Hertz - 1 at the same approach: eq. (8) delta/delta_H - 1 = (2/3) r + (2/15) alpha r'."""
    r0, pole0, _, _ = hertz_run(alpha, nu, traction=traction)
    rp = hertz_run(alpha * (1 + h), nu, traction=traction)[0]
    rm = hertz_run(alpha * (1 - h), nu, traction=traction)[0]
    ar = (rp - rm) / (2 * h)
    dd = 2 / 3 * r0 + 2 / 15 * ar
    return (1 + dd) ** -1.5 - 1, (1 + pole0) ** -1.5 - 1, r0, dd


def asymptotic_constants(nu):
    """r = alpha [c2 ln(1/alpha) + c1] + O(alpha^2): eqs. (10)-(12)."""
    Es, beta = 2 / (1 - nu), (1 - 2 * nu) ** 2 / 2
    h2 = lambda q: (3 * spherical_jn(1, q) / q) ** 2       # Hertz transform / its k = 0 value
    Ch_num = quad(lambda q: (h2(q) - 1) / q, 0, 1, epsabs=1e-15)[0] + sum(
        quad(lambda q: h2(q) / q, lo, lo + np.pi, limit=200, epsabs=1e-16)[0]
        for lo in np.arange(1, 4000, np.pi))
    Ch = 7 / 4 - np.euler_gamma - np.log(2)            # eq. (11), Weber-Schafheitlin
    assert abs(Ch - Ch_num) < 1e-8, (Ch, Ch_num)
    T1 = beta / (2 * np.pi) * (-np.log(2) - digamma(0.25) + Ch)
    n = np.arange(2, 4000002, 2).astype(float); k = n + 0.5
    R = modal(n, nu)[0] - (1 - nu) / k - beta / k ** 2
    C0 = (1 - 2 * nu) / (2 * (1 + nu))                   # n = 0: 1/(3K)
    T2 = (0.5 * (C0 - 2 * (1 - nu) - 4 * beta) + np.sum(k * R)) / np.pi
    T34 = nu / (4 * np.pi)          # (1-nu)/(4 pi) lattice end term - (1-2nu)/(4 pi) shear traction
    c2 = 5 * Es * beta / (6 * np.pi)
    c1 = 5 * Es / 3 * (T1 + T2 + T34)
    return c1, c2, Ch, T1, T2


def ritz(alpha0, nu, exps, fac=300, M=1000):
    """Exact-contact check: minimise the complementary energy over p = sum c_j (1-s^2)^e_j on a
    disc of radius a, and over a, at the Hertz force of alpha0; returns delta/delta_H - 1."""
    Es = 2 / (1 - nu)
    Ft = 4 / 3 * Es * alpha0 ** 3
    res = []
    for a in alpha0 * (1 + np.linspace(-0.01, 0.01, 5)):
        N = int(fac / a); N -= N % 2
        f, s, F, gap = cap_coefficients(a, N, M, exps)
        A, _ = sphere_energy(f, s, nu)
        J = len(exps)
        K = np.zeros((J + 1, J + 1)); K[:J, :J] = A; K[:J, J] = -F; K[J, :J] = F
        sol = np.linalg.solve(K, np.append(-gap, Ft))
        c, d = sol[:J], sol[J]
        res.append((a, 0.5 * c @ A @ c + c @ gap, d))
    a, phi, d = map(np.array, zip(*res))
    pa = np.polyfit(a - alpha0, phi, 2); aopt = -pa[1] / (2 * pa[0])
    dopt = np.polyval(np.polyfit(a - alpha0, d, 2), aopt)
    return dopt / alpha0 ** 2 - 1, aopt / alpha0


def main():
    print("== checks ==")
    n = np.arange(2, 12, 2)
    for nu in (0.0, 0.3):
        Uf, Vf, Us, Vs = modal(n, nu)
        print(f"Betti (Us = n(n+1) Vf), nu {nu}: max |diff| = {np.max(np.abs(Us - n*(n+1)*Vf)):.1e}")
        k = 1e6 + 0.5
        print(f"  large n: Uf*G*k/(1-nu) = {modal(1e6, nu)[0]*k/(1-nu):.7f} (half-space: 1)")
        print(f"  uniform pressure p=1: u_r = {-(1-2*nu)/(2*(1+nu)):.4f} = -p R (1-2nu)/E "
              f"= {-(1-2*nu)/(2*(1+nu)):.4f} (n = 0 mode, 3K = E/(1-2nu))")
    print("half-space limit (Hertz pressure on both caps): J/J0 - 1, pole/delta_H - 1 "
          "(raw and truncation-matched)")
    for nu in (0.0, 0.3):
        for al in (0.04, 0.01, 0.0025, 0.001):
            r, pl, rr, plr = hertz_run(al, nu)
            print(f"  nu {nu} a/R {al:<7g} J/J0-1 {rr:+.6f} ({r:+.6f})  pole {plr:+.6f} ({pl:+.6f})")
    print("\n== asymptotic constants, r = (a/R)[c2 ln(R/a) + c1]; "
          "F/F_H - 1 = -(a/R)[L ln(R/a) + K] ==")
    consts = {}
    for nu in (0.0, 0.1, 0.2, 0.25, 0.3, 0.4, 0.5 - 1e-9):
        c1, c2, Ch, T1, T2 = asymptotic_constants(nu)
        L, Kc = 6 / 5 * c2, 6 / 5 * c1 - c2 / 5
        consts[round(nu, 2)] = (L, Kc)
        print(f"  nu {nu:.2f}: c2 {c2:.5f} c1 {c1:+.5f}  L = (1-2nu)^2/(pi(1-nu)) = {L:.5f}  "
              f"K = {Kc:+.5f}   (C_h {Ch:.6f}, T1 {T1:.5f}, T2 {T2:+.5f})")
    print("\n== F/F_Hertz - 1 at the same approach (%) ==")
    print("  a/R     nu   series(energy)  asympt   pole-method  | FEM     FEM+penalty  "
          "series-FEM(+pen)")
    pen = lambda nu: 1.5 / (2000 * np.pi * (1 - nu * nu))   # p0/(2K)/delta, K = 100 E/h0, a/h0 = 20
    rows = []
    for al, nu, fem in fem_linear_runs():
        dev, devp, r, dd = force_deviation(al, nu)
        L, Kc = consts[nu]
        asy = -al * (L * np.log(1 / al) + Kc)
        femc = fem + pen(nu)
        rows.append((al, nu, dev, femc))
        print(f"  {al:<7g} {nu:<4g} {100*dev:+9.3f}  {100*asy:+9.3f}  {100*devp:+9.3f}    | "
              f"{100*fem:+7.3f}  {100*femc:+7.3f}      {100*(dev-femc):+7.3f} ({100*(dev-fem):+.3f})")
    for al, nu in ((0.001, 0.0), (0.04, 0.0), (0.001, 0.3), (0.04, 0.3)):
        dev, devp, r, dd = force_deviation(al, nu)
        L, Kc = consts[nu]
        print(f"  {al:<7g} {nu:<4g} {100*dev:+9.3f}  {100*-al*(L*np.log(1/al)+Kc):+9.3f}  "
              f"{100*devp:+9.3f}    |  (no FEM run)")
    print("\n  tangential part of the flat's push (vertical minus normal traction), F/F_H - 1 (%):")
    for al, nu in ((0.01, 0.0), (0.01, 0.3)):
        dv = force_deviation(al, nu)[0]; dn = force_deviation(al, nu, traction="normal")[0]
        print(f"  a/R {al} nu {nu}: vertical {100*dv:+.3f}, normal {100*dn:+.3f}, difference "
              f"{100*(dv-dn):+.3f}; asymptote (1-2nu)/(pi(1-nu)) a/R = "
              f"{100*(1-2*nu)/(np.pi*(1-nu))*al:+.3f}")
    print("\n== fits to the FEM (penalty-corrected) at nu 0: x (A ln(1/x) + B) ==")
    x = np.array([r[0] for r in rows if r[1] == 0]); y = -np.array([r[3] for r in rows if r[1] == 0])
    A = np.vstack([x * np.log(1 / x), x]).T
    (cA, cB), *_ = np.linalg.lstsq(A, y, rcond=None)
    print(f"  FEM: A = {cA:.3f}, B = {cB:+.3f}  (series: A = 1/pi = {1/np.pi:.3f}, "
          f"B = {consts[0.0][1]:+.3f}); rms residual {np.sqrt(np.mean((A@[cA,cB]-y)**2))*100:.4f} %")
    s = np.sum(np.sqrt(x) * y) / np.sum(x); print(f"  for comparison y = c sqrt(x): c = {100*s:.2f} % "
                                                  f"rms {np.sqrt(np.mean((s*np.sqrt(x)-y)**2))*100:.4f} %")
    print("\n== exact-contact (Ritz) check: delta/delta_H - 1 at the Hertz force ==")
    for al, nu in ((0.01, 0.0), (0.01, 0.3)):
        _, _, r, dd = force_deviation(al, nu)
        d1, a1 = ritz(al, nu, (0.5,)); d3, a3 = ritz(al, nu, (0.5, 1.5, 2.5))
        _, pole, _, _ = hertz_run(al, nu)
        print(f"  a/R {al} nu {nu}: eq. (8) {dd:+.6f}; Ritz Hertz shape {d1:+.6f} (a/a_H-1 {a1:+.5f});"
              f" Ritz 3 shapes {d3:+.6f} (a/a_H-1 {a3:+.5f}); pole under Hertz p {pole:+.6f}")
        print(f"     as F/F_H - 1 (%): eq. (8) {100*((1+dd)**-1.5-1):+.4f}, Ritz 3 shapes "
              f"{100*((1+d3)**-1.5-1):+.4f}, pole method {100*((1+pole)**-1.5-1):+.4f}")
    return consts


def write_csv(consts):
    """The series and its asymptote at each row of ROWS."""
    lines = []
    for al, nu in ROWS:
        dev = force_deviation(al, nu)[0]
        L, Kc = consts[nu]
        lines.append(f"{al:.6g},{nu:.6g},{dev:.10g},{-al * (L * np.log(1 / al) + Kc):.10g},"
                     f"{L:.10g},{Kc:.10g}")
    tmp = OUT + ".tmp"
    with open(tmp, "w") as f:
        f.write("# closed form: seed004_hertz_sphere_series (script reference/fem/studies/"
                "seed004_hertz_sphere_series.py): Hertz's contact on a finite linear-elastic sphere "
                "between two rigid frictionless platens (the lower hemisphere on a rigid flat, its "
                "equator held flat and radially free), solved exactly by the sphere's Legendre-series "
                "compliance (Love 1927; Lur'e 1964) and Kalker & van Randen's (1972) minimum "
                "principle; F/F_Hertz - 1 at the same approach, F_Hertz = (4/3) E* R^1/2 delta^3/2 "
                "(Johnson 1985 sec. 4.2)\n")
        f.write("# asymptote: F/F_Hertz - 1 = -(a/R) [L ln(R/a) + K], L = (1-2nu)^2/(pi (1-nu)); "
                "within 0.0025 % of the series for a/R <= 0.02\n")
        f.write("# checks (printed by the script): Betti's reciprocity to 1e-15; the n = 0 mode is "
                "Lame's uniform pressure; the compliance tends to Boussinesq's at large n; r falls "
                "like (a/R) ln(R/a) as the cap shrinks; the sums unchanged to 1e-8 between 100 R/a "
                "and 400 R/a modes; a Ritz minimisation over three pressure shapes moves F/F_H by "
                "0.003 % at a/R 0.01\n")
        f.write("# tolerance: 0.0005 the FEM's own (reference/fem/seed004_hertz_small.csv: its mesh "
                "and penalty effects, the penalty K = 100 E/h0 alone -0.024 % by a Winkler layer's "
                "p0/(2K)); the series is converged to 1e-8\n")
        f.write("# independence: closed-form the exact linear-elasticity series evaluated by numpy "
                "and scipy; shares no code with cwb or CalculiX\n")
        f.write("# stands for: body1.radius = 0.0001; body1.E = 2.6e+10\n")  # the FEM's; a/R, nu rule
        f.write("a_over_R[-],nu[-],F_over_F_Hertz_minus_1[-],asymptote[-],L[-],K[-]\n")
        f.write("\n".join(lines) + "\n")
    stamp_made_line(tmp)
    os.replace(tmp, OUT)
    print(f"\nwrote {OUT}")


if __name__ == "__main__":
    write_csv(main())

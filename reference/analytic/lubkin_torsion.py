#!/usr/bin/env python3
"""Lubkin's (1951) torsion of a Hertzian contact with partial slip, and its
Masing unloading/reloading (Deresiewicz 1954), for cases/beyond_twisting_lubkin.case.

Written apart from cwb (plain python3, no scipy): own AGM elliptic integrals,
own Gauss-Legendre nodes, bisection for the stick radius. The closed form it
codes (derived in src/laws/lubkin_torsion.c's header, c = stick radius,
u = c/a, k = sqrt(1 - u^2), C = 1/G for a sphere on a rigid wall):
    beta(u) = 3 mu F C/(4 pi a^2) (K(k) - E(k)),
    M(u)    = mu F a (4/pi) int_u^1 x^2 E(sqrt(1 - x^2)) dx.
Before writing, it checks that closed form against the half-space itself
(the checks abort on failure):
  1. the traction built for the annulus problem, q = mu p on c < r < a,
     gives a rigid rotation of the stick disc r < c equal to beta(u): the
     circumferential surface displacement is integrated over rings with the
     point-force (Cerruti) kernel of the half-space (Johnson 1985 ch. 3;
     the nu-terms integrate out for torsion), ring kernel in K and E;
     the same kernel gives beta for the bonded disc (Reissner-Sagoci);
  2. the torque 2 pi int q r^2 dr of that traction equals M(u), and the
     annulus slips the way its traction acts (u_theta < beta r there);
  3. the limits: full slip 3 pi/16 and the initial stiffness 16 G a^3/3.
Usage: lubkin_torsion.py OUT.csv
"""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../tools"))
from made_line import made_line  # noqa: E402  when, where and how a table was made
from table_file import replacing  # noqa: E402  PATH.tmp, then renamed over PATH


def ke(kp):
    """K(k), E(k) from kp = sqrt(1 - k^2) by the AGM (Abramowitz & Stegun 17.6)."""
    if kp <= 0.0:
        return float("inf"), 1.0
    a, b, s, p = 1.0, kp, 0.5 * (1 - kp) * (1 + kp), 1.0
    for _ in range(60):
        c = 0.5 * (a - b)
        a, b = 0.5 * (a + b), math.sqrt(a * b)
        p *= 2.0
        s += 0.5 * p * c * c
        if abs(c) < 1e-17 * a:
            break
    K = math.pi / (2 * a)
    return K, K * (1 - s)


def gauss_legendre(n):
    xs, ws = [], []
    for i in range(1, n + 1):
        x = math.cos(math.pi * (i - 0.25) / (n + 0.5))
        for _ in range(100):
            p0, p1 = 1.0, x
            for j in range(2, n + 1):
                p0, p1 = p1, ((2 * j - 1) * x * p1 - (j - 1) * p0) / j
            dp = n * (x * p1 - p0) / (x * x - 1)
            dx = p1 / dp
            x -= dx
            if abs(dx) < 1e-16:
                break
        xs.append(x)
        ws.append(2 / ((1 - x * x) * dp * dp))
    return list(zip(xs, ws))


GL = gauss_legendre(24)


def graded(f, a, b, pts=(), levels=22, ratio=0.4):
    """int_a^b f, panels graded geometrically towards a, b and each of pts."""
    br = sorted(set([a, b] + [p for p in pts if a < p < b]))
    tot = 0.0
    for lo, hi in zip(br[:-1], br[1:]):
        mid = 0.5 * (lo + hi)
        for end in (lo, hi):
            edges, L = [mid], mid - end
            for _ in range(levels):
                L *= ratio
                edges.append(end + L)
            edges.append(end)
            for e0, e1 in zip(edges[:-1], edges[1:]):
                m, h = 0.5 * (e0 + e1), 0.5 * abs(e1 - e0)
                tot += h * sum(w * f(m + h * x) for x, w in GL)
    return tot


def E_of(x):
    return ke(x)[1]


def phi(u):
    K, E = ke(u)
    return K - E


def m_hat(u):
    """M / (mu F a) at stick radius u."""
    return 4 / math.pi * graded(lambda x: x * x * E_of(x), u, 1.0, levels=8)


def stick_radius(b):
    """u with phi(u) = b, by bisection on w = 1 - u^2 (phi falls with u)."""
    if b <= 0:
        return 1.0
    lo, hi = 0.0, 1.0  # in w
    for _ in range(200):
        w = 0.5 * (lo + hi)
        if phi(math.sqrt(1 - w)) < b:
            lo = w
        else:
            hi = w
        if hi - lo < 1e-17:
            break
    return math.sqrt(1 - 0.5 * (lo + hi))


def g(b):
    """Virgin curve M / (mu F a) at twist b = beta / B >= 0."""
    return m_hat(stick_radius(b)) if b > 0 else 0.0


def ring_kernel(r, rho):
    """int_0^2pi cos(phi)/|x - y| dphi for points at radii r, rho."""
    s = r + rho
    m = 4 * r * rho / (s * s)
    if m < 1e-8:
        big, small = max(r, rho), min(r, rho)
        return math.pi * small / big**2 * (1 + 3 / 8 * (small / big) ** 2)
    K, E = ke(abs(r - rho) / s)  # the complementary modulus, without cancellation
    return 4 / s * ((2 - m) * K - 2 * E) / m


def u_theta(q, r, pts, levels=22):
    """Circumferential surface displacement at r, G = 1, a = 1."""
    return graded(lambda rho: q(rho) * rho * ring_kernel(r, rho), 0.0, 1.0, list(pts) + [r],
                  levels) / (2 * math.pi)


def lubkin_traction(c):
    """Traction of the annulus problem (mu p0 = 1, a = 1): the superposition
    of bonded discs of radius s in [c, 1] with density (2/pi) E(k_s)/s."""
    def f(s):
        return 2 / math.pi * E_of(s) / s

    def q(r):
        if r >= c:
            return math.sqrt(max(0.0, 1 - r * r))
        t0, t1 = math.sqrt(c * c - r * r), math.sqrt(1 - r * r)
        return r * graded(lambda t: f(math.hypot(r, t)) / math.hypot(r, t), t0, t1, levels=6)
    return q


def check(cond, what):
    if not cond:
        sys.exit("lubkin_torsion.py: check failed: " + what)


def self_checks():
    # the bonded disc (rotation 1, G = 1): q = (4/pi) r/sqrt(1 - r^2)
    for r in (0.3, 0.7):
        v = u_theta(lambda x: 4 / math.pi * x / math.sqrt(max(1e-300, (1 - x) * (1 + x))), r, (), 30) / r
        check(abs(v - 1) < 1e-7, "bonded disc rotation %.9g" % v)
    for c in (0.3, 0.6, 0.9):
        q = lubkin_traction(c)
        beta = 0.5 * phi(c)  # mu p0/(2G) (K - E) with mu p0 = G = 1
        for r in (0.4 * c, 0.8 * c):
            v = u_theta(q, r, (c,)) / r
            check(abs(v / beta - 1) < 1e-6, "stick rotation c=%g r=%g: %.12g vs %.12g" % (c, r, v, beta))
        # torque 2 pi int q r^2 dr in units mu p0 a^3, against (8/3) int x^2 E = (2 pi/3) m_hat
        M = 2 * math.pi * graded(lambda r: q(r) * r * r, 0.0, 1.0, (c,), levels=12)
        check(abs(M / (2 * math.pi / 3 * m_hat(c)) - 1) < 1e-6, "torque c=%g" % c)
        # the annulus slips the way its traction acts: the surface lags the disc
        for r in (c + 0.3 * (1 - c), c + 0.7 * (1 - c)):
            check(u_theta(q, r, (c,)) / r < beta, "slip direction c=%g r=%g" % (c, r))
        # the stick disc carries less than mu p
        check(q(0.5 * c) < math.sqrt(1 - 0.25 * c * c), "stick traction below mu p at c=%g" % c)
    check(abs(m_hat(0.0) - 3 * math.pi / 16) < 1e-13, "full slip 3 pi/16")
    u = 1 - 1e-6  # initial slope dm/dphi -> 4/pi, i.e. k_tw = 16 G a^3/3
    check(abs((m_hat(u) / phi(u)) / (4 / math.pi) - 1) < 1e-5, "initial stiffness")


def cycle(targets, steps, B):
    """Normalised torque at each step of a twist history (Masing branches
    with memory of the virgin curve; the case's symmetric cycle needs no more)."""
    rows, b, n = [], 0.0, 0
    rev = None  # (b, m) of the last reversal, None on the virgin curve
    b_max = 0.0
    x0 = 0.0
    for tgt in targets:
        t = tgt / B
        direction = 1 if t > b else -1
        if b != 0.0 and rev is None and direction * b < 0:
            rev = (b, math.copysign(g(abs(b)), b))  # leave the virgin curve
        elif rev is not None and direction * (rev[0] - b) > 0:
            rev = (b, m)  # a reversal on a branch
        start = b
        for i in range(1, steps + 1):
            b = start + (t - start) * i / steps
            if rev is None:
                m = math.copysign(g(abs(b)), b)
                b_max = max(b_max, abs(b))
            else:
                x = abs(b - rev[0])
                m = rev[1] + 2 * direction * g(0.5 * x)
                if x >= 2 * b_max - 1e-15 and abs(rev[0]) == b_max:
                    rev = None  # back on the virgin curve at -b_max (Masing)
            rows.append((b, m))
    return rows


def main():
    out = sys.argv[1]
    self_checks()
    R, E, nu, delta, mu, steps = 0.01, 7e10, 0.25, 1e-6, 0.3, 200
    Es = E / (1 - nu * nu)
    a = math.sqrt(R * delta)
    F = 4 / 3 * Es * math.sqrt(R) * delta**1.5
    G = E / (2 * (1 + nu))
    B = 3 * mu * F / (4 * math.pi * a * a * G)
    unit = mu * F * a
    targets = [0.0, 5e-3, -5e-3, 5e-3]
    rows = cycle(targets, steps, B)
    # loop area of a closed cycle +-b0 on Masing branches: 8 W_v(b0) - 4 b0 g(b0),
    # W_v = int_0^b0 g (quadrature of the virgin curve)
    b0 = 5e-3 / B
    loop = (8 * graded(g, 0.0, b0, levels=4) - 4 * b0 * g(b0)) * B * unit
    with replacing(out) as fh:
        fh.write("# Lubkin (1951) torsion of a Hertzian contact with partial slip, Masing loop (Deresiewicz 1954); "
                 "generated by reference/analytic/lubkin_torsion.py\n")
        fh.write("# inputs: Hertz sphere R = %g m, E = %g Pa, nu = %g on a rigid wall, delta = %g m: F_n = %.10g N, "
                 "a = %.10g m, G = %.10g Pa\n" % (R, E, nu, delta, F, a, G))
        fh.write("# B = 3 mu F_n/(4 pi a^2 G) = %.12g rad; mu F_n a = %.12g N m; full slip (3 pi/16) mu F_n a = "
                 "%.12g N m; initial stiffness 16 G a^3/3 = %.12g N m/rad\n"
                 % (B, unit, 3 * math.pi / 16 * unit, 16 * G * a**3 / 3))
        fh.write("# loop area per closed cycle (theta_0 = 5e-3 rad) 8 int_0^theta_0 M dtheta - 4 theta_0 M(theta_0) = %.12g J\n"
                 % loop)
        fh.write("# the closed form was checked first against ring-kernel quadrature of the half-space "
                 "(stick disc rigid to 1e-6, torque to 1e-6, slip along the traction) and its two limits\n")
        fh.write("# stands for: contact.normal = hertz; contact.rolling = epsd; rolling.twist = lubkin; "
                 "rolling.mu_tw = 0.3; body1.radius = 0.01; body1.E = 7e10; body1.nu = 0.25; "
                 # compared on step: the history is what a step number means
                 "driver.normal = %s; driver.twisting = %s; driver.steps = %d\n"
                 % (", ".join(["%g" % delta] * len(targets)), ", ".join("%g" % t for t in targets),
                    steps))
        fh.write("# tolerance: 1e-9 the same closed form to quadrature and root-finding round-off "
                 "(python bisection and Gauss-Legendre here, GSL Brent and CQUAD in cwb)\n")
        fh.write("# independence: closed-form derived apart from cwb's code and verified here against "
                 "a ring-kernel quadrature of the half-space torsion problem; Masing branches coded again\n")
        fh.write(made_line())  # last before the column names: the title is the lines that open it
        fh.write("step[-],theta_tw[rad],M_tw[N m]\n")
        fh.write("0,0,0\n")
        for i in range(1, steps + 1):
            fh.write("%d,0,0\n" % i)
        for i, (b, m) in enumerate(rows[steps:]):
            fh.write("%d,%.12g,%.12g\n" % (i + steps + 1, b * B, m * unit))
    print(out)


if __name__ == "__main__":
    main()

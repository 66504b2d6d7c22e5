#!/usr/bin/python3
"""Where the loading stiffness of Rathbone's tangential law reaches zero below x = 1.

Source: D. Rathbone, PhD thesis (seed 004), ch. 5 "Tangential model", eqs. 82-89 (sec. 5.6-5.7;
the same as eqs. 97-104 of sec. 5.8), the friction coefficient of eq. 77 (= eq. 95) and sec. 5.9
(a given Coulomb mu: prefactor 3 G* a, y held at 18.75 (1 - mu), eq. 110). Second coding, written
from the printed equations, not from cwb's C code (src/laws/tangential_rathbone.c):

    k_t / (P G* a) = (1 - x)^(1/4)          x < x1
                   = b1 - a1 (x - x1)        x1 < x < x2     (the "middle branch")
                   = d1 - c1 (x - x1)        x > x2
    x1 = 1 if y < 1, else max(0, -1.85 + 5.20 mu)                      (eq. 83)
    a1 = 0.9 coth(0.24 y^1.4), b1 = (1 - x1)^(1/4)                     (eqs. 84, 85)
    c1 = 1.51 coth(0.14 y^1.99), d1 = c1 (1 - x1)                      (eqs. 86, 87)
    x2 = (d1 - b1)/(c1 - a1) + x1                                      (eq. 88)
    mu = 0.36 coth(0.79 y_m^0.44) (eq. 77), or the given mu (sec. 5.9)

The third branch is c1 (1 - x): zero only at x = 1. The middle branch is zero at
x0 = x1 + b1/a1; it is reached below x = 1 (and below x2) exactly when a1 (1 - x1)^(3/4) > 1.
The scan below finds the first x in [0, 1) where the bracket is <= 0 by bisection on the
printed piecewise bracket itself (not on the closed form x0), and prints the closed form beside
it. Stdlib only: /usr/bin/python3 reference/analytic/rathbone_kt_zero_crossing.py
"""
import math


def coth(z):
    return 1.0 / math.tanh(z)


def mu_eq77(y_m):
    """Eq. 77 with sec. 3.5's cap of 1.0 (reached below y = 0.186)."""
    return 1.0 if y_m <= 0.0 else min(1.0, 0.36 * coth(0.79 * y_m ** 0.44))


def constants(y, mu, y_hold):
    y = min(y, y_hold)
    x1 = 1.0 if y < 1.0 else max(0.0, -1.85 + 5.20 * mu)
    a1 = 0.9 * coth(0.24 * y ** 1.4)
    b1 = (1.0 - x1) ** 0.25
    c1 = 1.51 * coth(0.14 * y ** 1.99)
    d1 = c1 * (1.0 - x1)
    x2 = (d1 - b1) / (c1 - a1) + x1
    return x1, a1, b1, c1, d1, x2


def bracket(x, y, mu, y_hold):
    x1, a1, b1, c1, d1, x2 = constants(y, mu, y_hold)
    if x < x1:
        return (1.0 - x) ** 0.25
    return b1 - a1 * (x - x1) if x < x2 else d1 - c1 * (x - x1)


def first_zero(y, mu, y_hold, n=20000):
    """First x in [0, 1) with bracket <= 0: a grid of n cells, then bisection to 1e-15."""
    lo = 0.0
    for i in range(1, n):
        x = i / n
        if bracket(x, y, mu, y_hold) <= 0.0:
            hi = x
            while hi - lo > 1e-15:
                mid = 0.5 * (lo + hi)
                if bracket(mid, y, mu, y_hold) <= 0.0:
                    hi = mid
                else:
                    lo = mid
            return hi
        lo = x
    return None


def row(label, y, mu, y_hold):
    x1, a1, b1, c1, d1, x2 = constants(y, mu, y_hold)
    z = first_zero(y, mu, y_hold)
    print("%-26s y %-7.4g mu %.6f x1 %.6f a1 %.6f b1 %.6f c1 %.6f x2 %.6f  x1 + b1/a1 %.12f  "
          "first zero in [0,1): %s" % (label, y, mu, x1, a1, b1, c1, x2, x1 + b1 / a1,
                                       "none" if z is None else "%.12f" % z))


def edge(mu, y_hold, y_lo=1.0, y_hi=7.0):
    """Largest y in [y_lo, y_hi] with a zero below x = 1 (bisection on a1 (1 - x1)^(3/4) - 1)."""
    def g(y):
        x1, a1 = constants(y, mu, y_hold)[:2]
        return a1 * (1.0 - x1) ** 0.75 - 1.0
    if g(y_lo) <= 0.0:
        return None
    if g(y_hi) > 0.0:
        return y_hi
    lo, hi = y_lo, y_hi
    while hi - lo > 1e-12:
        mid = 0.5 * (lo + hi)
        lo, hi = (mid, hi) if g(mid) > 0.0 else (lo, mid)
    return lo


if __name__ == "__main__":
    print("# friction = given (sec. 5.9), mu <= 0.3558 gives x1 = 0 and x0 = tanh(0.24 y^1.4)/0.9")
    for y in (1.0, 1.5, 2.0, 2.5, 3.0, 3.5):
        row("given mu 0.2", y, 0.2, 18.75 * 0.8)
    print("# edge y* (x0 = 1): %.10f" % edge(0.2, 15.0))
    print("# friction = plastic at y_m = y (fixed normal force, loading): no zero on [1, 7]")
    best = min((constants(y, mu_eq77(y), 7.0)[0] + constants(y, mu_eq77(y), 7.0)[2]
                / constants(y, mu_eq77(y), 7.0)[1], y)
               for y in (1.0 + 6.0 * i / 60000 for i in range(60001)))
    print("# min over y in [1, 7] of x1 + b1/a1: %.6f at y = %.4f" % best)
    for y in (1.0, 1.5, 1.6, 2.0, 3.0, 7.0):
        row("plastic y_m = y", y, mu_eq77(y), 7.0)
    print("# bracket at y = 1.6, x = 0.97 (plastic, y_m = y): %.12f" % bracket(0.97, 1.6, mu_eq77(1.6), 7.0))
    print("# friction = plastic after normal unloading (y < y_m, mu = mu(y_m) held, sec. 5.5)")
    for y_m in (3.0, 7.0, 15.0, 100.0):
        mu = mu_eq77(y_m)
        row("plastic y_m = %g" % y_m, 1.5, mu, 7.0)
        print("#   zero below x = 1 for 1 <= y < %.4f" % edge(mu, 7.0, 1.0, min(y_m, 7.0)))
    print("# the FEM's Coulomb mu 0.37 (standing for tau_c) at the loading y")
    for y in (1.0, 1.5, 2.0, 3.0):
        row("mu 0.37", y, 0.37, 7.0)

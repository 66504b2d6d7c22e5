"""lhs_batch.py -- a Latin-hypercube design of 10^4 collisions from Python,
the results as arrays: cwb.batch over a table of samples held in memory.

The design: two equal glass beads (examples/damping_for_restitution.case
with damping.e = 1, i.e. no damping) meeting head-on, with the closing
speed (0.1 to 10 m/s), the radius (0.5 to 5 mm) and Young's modulus (1 to
100 GPa) drawn by Latin-hypercube sampling, each log-uniform: every one of
the n strata of each input holds exactly one sample (McKay, Beckman &
Conover 1979). One call runs them all (in --jobs threads), and every
result comes back as an array, one value per sample.

The check, for every sample: an elastic Hertz impact has closed forms
(Johnson 1985, Contact Mechanics, sec. 11.4): the peak overlap
delta* = (15 m* v^2 / (16 E* sqrt(R*)))^(2/5), the peak force
(4/3) E* sqrt(R*) delta*^(3/2) and the contact time 2 I delta*/v with
I = int_0^1 dx / sqrt(1 - x^(5/2)) = sqrt(pi) Gamma(7/5) / Gamma(9/10)
(= 1.4716), and restitution 1. The collision driver refines its step
until the results change by less than its dt_tol (1e-6 by default), so
each must be within 1e-6 of the closed form.

    python3 examples/lhs_batch.py                 10^4 samples (about 7 s of CPU)
    python3 examples/lhs_batch.py --n 200 --jobs 1  (what make check runs)

numpy is used when present (arrays), plain lists otherwise.
"""
import argparse
import math
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, os.pardir, "python"))  # cwb from the source tree
import cwb  # noqa: E402

CASE = os.path.join(HERE, "damping_for_restitution.case")
NU, DENSITY = 0.20, 2800.0  # the case's glass: [-], [kg/m^3]

# input: (case key, low, high), each sampled log-uniformly
INPUTS = [("driver.v_normal", 0.1, 10.0), ("body1.radius", 0.5e-3, 5e-3),
          ("body1.E", 1e9, 1e11)]


def latin_hypercube(n, dims, rng):
    """n points in [0, 1)^dims, one in each of the n strata of every axis."""
    columns = []
    for _ in range(dims):
        strata = list(range(n))
        rng.shuffle(strata)
        columns.append([(k + rng.random()) / n for k in strata])
    return columns


def hertz_closed_form(v, radius, E):
    """Peak overlap, peak force and contact time of two equal elastic spheres."""
    E_star = E / (2.0 * (1.0 - NU * NU))
    R_star = radius / 2.0
    m_star = 4.0 / 3.0 * math.pi * radius ** 3 * DENSITY / 2.0
    delta = (15.0 * m_star * v * v / (16.0 * E_star * math.sqrt(R_star))) ** 0.4
    integral = math.sqrt(math.pi) * math.gamma(1.4) / math.gamma(0.9)
    return delta, 4.0 / 3.0 * E_star * math.sqrt(R_star) * delta ** 1.5, 2.0 * integral * delta / v


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=10000, help="samples (default 10^4)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="threads")
    ap.add_argument("--seed", type=int, default=2001)
    args = ap.parse_args()

    u = latin_hypercube(args.n, len(INPUTS), random.Random(args.seed))
    samples = {key: [lo * (hi / lo) ** x for x in col] for (key, lo, hi), col in zip(INPUTS, u)}
    cpu, wall = time.process_time(), time.time()
    table = cwb.batch(CASE, samples, set={"damping.e": 1},
                      results=["max_overlap", "max_normal_force", "contact_time",
                               "restitution_normal"], jobs=args.jobs)
    cpu, wall = time.process_time() - cpu, time.time() - wall
    print("lhs_batch: %d samples in %.2f s (%.2f s of CPU, %d threads), %d failed"
          % (table.rows, wall, cpu, args.jobs, len(table.failed)))
    for name in table:
        col = list(table[name])
        print("  %-20s %-4s min %.6g  max %.6g" % (name, table.units[name], min(col), max(col)))

    worst = {name: 0.0 for name in table}
    for i in range(table.rows):
        v, radius, E = (samples[key][i] for key, _, _ in INPUTS)
        delta, force, t_c = hertz_closed_form(v, radius, E)
        expected = {"max_overlap": delta, "max_normal_force": force, "contact_time": t_c,
                    "restitution_normal": 1.0}
        for name, want in expected.items():
            worst[name] = max(worst[name], abs(table[name][i] / want - 1.0))
    print("  largest relative deviation from Hertz's closed forms: " +
          ", ".join("%s %.1e" % kv for kv in worst.items()))
    ok = not table.failed and max(worst.values()) <= 1e-6
    if not ok:
        print("lhs_batch: FAIL: a sample failed or is off the closed form by more than 1e-6")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

"""test_binding.py -- the Python package's Contact (python/cwb/_contact.py) against the CLI.

A Hertz-Mindlin contact of a glass sphere on a rigid wall is driven from
Python through the load path of a `cwb run` history case (written here into a
temporary folder): the normal overlap to 1 um, then the tangential
displacement out to gross sliding, back past zero and out again at constant
overlap. Every row of the CLI's CSV (F_n, F_t, k_n, k_t, contact radius,
stored energies, cumulative slip dissipation, sliding flag) is matched.

Tolerance: none. The CLI writes every number of its CSV as the shortest text
that reads back to the same double (doc/outputs.md), and the evaluation
through the binding is the same arithmetic as the CLI's driver, so every
value must be the same double: any change of a law's result, in any digit,
fails. A sanity check that the comparison can fail: a 1e-15 change of a
force is detected.

Also: a bad parameter's message (the case reader's text), an unknown key,
bodies not made by cwb.sphere/cwb.wall (a dict) and doc/library.md's example,
purity of eval(), a stale trial refused, the law catalogue, and kinematics
the library refuses (an overlap of 1e300 m, a zero normal) raising a
ValueError with the library's message.

    CWB_BIN=build/cwb PYTHONPATH=python python3 tests/python/test_binding.py
"""
import csv
import io
import os
import subprocess
import sys
import tempfile

import cwb

SPHERE = dict(radius=0.005, E=7e10, nu=0.25, density=2500.0)
MU = 0.3
STEPS = 40
NORMAL = [1e-6, 1e-6, 1e-6, 1e-6]          # [m]
TANGENTIAL = [0.0, 6e-7, -6e-7, 6e-7]      # [m]; Mindlin's full slip is near 3e-7 m

CASE = """# written by tests/python/test_binding.py
[contact]
normal     = hertz
tangential = mindlin

[tangential]
mu = {mu!r}

[body1]
shape   = sphere
radius  = {radius!r}
E       = {E!r}
nu      = {nu!r}
density = {density!r}

[body2]
shape = wall

[driver]
type       = history
normal     = {normal}
tangential = {tangential}
steps      = {steps}
"""

FAILURES = []


def check(cond, what):
    if not cond:
        FAILURES.append(what)
        print("FAIL:", what)


def run_cli(tmp):
    path = os.path.join(tmp, "binding.case")
    with open(path, "w") as f:
        f.write(CASE.format(mu=MU, normal=", ".join(repr(x) for x in NORMAL),
                            tangential=", ".join(repr(x) for x in TANGENTIAL), steps=STEPS,
                            **SPHERE))
    out = os.path.join(tmp, "out")
    cli = os.environ.get("CWB_BIN", "build/cwb")
    subprocess.run([cli, "run", path, "--out", out], check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(out, "binding.csv")) as f:
        text = "".join(line for line in f if not line.startswith("#"))
    rows = list(csv.DictReader(io.StringIO(text)))
    return [{k.split("[")[0]: float(v) for k, v in r.items()} for r in rows]


def run_binding():
    """The history driver's path (src/drivers/history.c): segment i goes from
    target i-1 to target i in STEPS equal increments, f = j / STEPS."""
    c = cwb.Contact("hertz", "mindlin", params={"tangential.mu": MU},
                    body1=cwb.sphere(**SPHERE), body2=cwb.wall())
    rows, start, xi, slip = [], (0.0, 0.0), 0.0, 0.0
    for end in zip(NORMAL, TANGENTIAL):
        for j in range(1, STEPS + 1):
            f = float(j) / float(STEPS)
            delta = start[0] + f * (end[0] - start[0])
            target_t = start[1] + f * (end[1] - start[1])
            dx = target_t - xi
            r, trial = c.eval(overlap=delta, dxi_t=(dx, 0.0, 0.0), normal=(0.0, 0.0, 1.0))
            c.commit(trial)
            xi += dx
            slip += r.slip
            rows.append({"delta_n": delta, "F_n": r.force_n, "xi_t": xi, "F_t": r.force_t[0],
                         "k_n": r.stiffness_n, "k_t": r.stiffness_t, "a": r.radius,
                         "E_n": r.energy_n, "E_t": r.energy_t, "D_slip": slip,
                         "sliding": float(r.sliding)})
        start = end
    return rows


def same_double(py, cli):
    """The CLI's text of the value reads back to the binding's double."""
    return py == cli


def test_history_matches_cli():
    with tempfile.TemporaryDirectory() as tmp:
        cli_rows = run_cli(tmp)
    py_rows = run_binding()
    check(len(cli_rows) == len(py_rows) + 1, "row count %d vs %d + 1" % (len(cli_rows),
                                                                     len(py_rows)))
    cli_rows = cli_rows[1:]  # the CLI's row 0 is the undeformed start
    worst, compared = 0.0, 0
    for i, (p, q) in enumerate(zip(py_rows, cli_rows)):
        for key, value in p.items():
            if not same_double(value, q[key]):
                check(False, "row %d %s: binding %.17g, cwb run %.17g" % (i + 1, key, value,
                                                                          q[key]))
            if q[key] != 0.0:
                worst = max(worst, abs(value - q[key]) / abs(q[key]))
            compared += 1
    check(any(r["sliding"] == 1.0 for r in py_rows), "the path never reached gross sliding")
    check(any(r["sliding"] == 0.0 and r["F_t"] != 0.0 for r in py_rows),
          "the path has no partial-slip steps")
    # The comparison can fail: a force changed by 1e-15 relative is seen.
    p = py_rows[len(py_rows) // 2]
    q = cli_rows[len(py_rows) // 2]
    check(not same_double(p["F_t"] * (1 + 1e-15), q["F_t"]), "a 1e-15 change went unseen")
    print("binding vs cwb run: %d values over %d steps are the same doubles "
          "(largest relative difference %.2e)" % (compared, len(py_rows), worst))


def test_errors():
    body = cwb.sphere(**SPHERE)
    try:
        cwb.Contact("hertz", "mindlin", params={"tangential.mu": -0.3}, body1=body,
                    body2=cwb.wall())
        check(False, "mu = -0.3 was accepted")
    except cwb.Error as e:
        check("[tangential] mu = -0.3" in str(e) and "allowed" in str(e),
              "message for mu = -0.3: %s" % e)
        print("bad parameter:", e)
    try:
        cwb.Contact("hertz", "mindlin", params={"tangential.muu": 0.3}, body1=body,
                    body2=cwb.wall())
        check(False, "an unknown key was accepted")
    except cwb.Error as e:
        check("unknown key 'muu'" in str(e) and "mu" in str(e), "unknown key: %s" % e)
    try:
        cwb.Contact("hertz", "mindlin", params={"tangential.mu": MU},
                    body1=cwb.sphere(-0.005, 7e10, 0.25, 2500),
                    body2=cwb.wall())
        check(False, "a negative radius was accepted")
    except cwb.Error as e:
        check("[body1] radius = -0.005" in str(e), "negative radius: %s" % e)
    try:
        cwb.Contact("hertzz", body1=body, body2=cwb.wall())
        check(False, "an unknown law was accepted")
    except cwb.Error as e:
        check("'hertzz' is not a normal law" in str(e), "unknown law: %s" % e)


def test_bodies():
    """body1 and body2 must be made by cwb.sphere, cwb.disc or cwb.wall: a
    dict (a natural guess) raised ctypes' "TypeError: byref() argument must
    be a ctypes instance, not 'dict'". Now cwb.Error names the makers. And
    doc/library.md's Python example gives its C example's numbers: Hertz's
    (4/3) E* sqrt(R) delta^1.5 (Johnson 1985, eq. 4.22) for F_n, and the
    C example's 0.59422 N for F_t (the same library call)."""
    guesses = [{"shape": "sphere", "radius": 0.005, "E": 7e10, "nu": 0.25, "density": 2500},
               "wall", None]
    for guess in guesses:
        for body1, body2 in ((guess, cwb.wall()), (cwb.sphere(**SPHERE), guess)):
            try:
                cwb.Contact("hertz", "mindlin", params={"tangential.mu": MU}, body1=body1,
                            body2=body2)
                check(False, "body %r was accepted" % (guess,))
            except cwb.Error as e:
                which = "body1" if body2 is not guess else "body2"
                check(which in str(e) and "cwb.sphere(radius, E, nu, density)" in str(e) and
                      "cwb.wall(" in str(e), "body %r: %s" % (guess, e))
    try:
        cwb.sphere("5 mm", 7e10, 0.25, 2500)
        check(False, "a radius of '5 mm' was accepted")
    except cwb.Error as e:
        check("must be numbers" in str(e) and "'5 mm'" in str(e), "radius '5 mm': %s" % e)
    c = cwb.Contact("hertz", "mindlin", params={"tangential.mu": 0.3},
                    body1=cwb.sphere(0.005, 7e10, 0.25, 2500), body2=cwb.wall())
    r = c.step(overlap=1e-6, normal=(0, 0, 1), dxi_t=(1e-7, 0, 0))
    f_hertz = 4.0 / 3.0 * 7e10 / (1 - 0.25 ** 2) * 0.005 ** 0.5 * 1e-6 ** 1.5
    check(abs(r.force_n - f_hertz) <= 1e-12 * f_hertz, "library.md F_n %r vs %r" % (r.force_n,
                                                                                   f_hertz))
    check(round(r.force_n, 5) == 7.03964 and round(r.force_t[0], 5) == 0.59422 and
          r.force_t[1:] == (0.0, 0.0), "library.md's numbers: %r, %r" % (r.force_n, r.force_t))


def test_param_values_as_run_spells_them():
    """params= spells a value as cwb.run(set=...) does: a bool as the switch's
    yes/no (it was 'True', refused as not one of no|yes), a numpy float as
    the shortest decimal (numpy 2 reprs np.float64(0.3) as 'np.float64(0.3)')."""
    body = cwb.sphere(**SPHERE)
    c = cwb.Contact("rathbone", params={"normal.sigma_y": 50e6, "normal.allow_extrapolation": True},
                    body1=body, body2=cwb.wall())
    del c
    try:
        import numpy as np
    except ImportError:
        return
    c = cwb.Contact("hertz", "mindlin", params={"tangential.mu": np.float64(MU)}, body1=body,
                    body2=cwb.wall())
    del c


def refused(what, allowed, **kin):
    """c.eval(**kin) on a fresh contact raises cwb.Error, a ValueError, whose
    message names the argument and its value (what) and what is allowed."""
    c = cwb.Contact("hertz", "mindlin", params={"tangential.mu": MU},
                    body1=cwb.sphere(**SPHERE), body2=cwb.wall())
    try:
        r, _ = c.eval(**kin)
        check(False, "%r was accepted: F_n = %r" % (kin, r.force_n))
    except ValueError as e:
        check(isinstance(e, cwb.Error), "%r: not a cwb.Error: %r" % (kin, e))
        check(what in str(e) and allowed in str(e),
              "%r: '%s' and '%s' not in: %s" % (kin, what, allowed, e))
        print("refused:", e)


def test_bad_kinematics():
    """What the library refuses the binding refuses, with the library's words
    (include/cwb/cwb_api.h, cwb_api_kin): an overlap where the centres would
    meet (1e300 m gave an infinite force), a normal that is not a unit vector
    (a zero one was evaluated), non-finite numbers, dt < 0; and a vector
    without 3 components (the binding's own check: ctypes filled the missing
    ones with 0)."""
    refused("overlap = 1e+300 m", "allowed (-inf, 0.005) m", overlap=1e300)
    refused("overlap = nan m", "finite", overlap=float("nan"))
    refused("normal = (0, 0, 0)", "unit vector", overlap=1e-6, normal=(0.0, 0.0, 0.0))
    refused("normal = (0.6, 0, 0.6)", "unit vector", overlap=1e-6, normal=(0.6, 0.0, 0.6))
    refused("dt = -1e-09 s", "allowed [0, inf) s", overlap=1e-6, dt=-1e-9)
    refused("dxi_t = (inf, 0, 0) m", "finite", overlap=1e-6, dxi_t=(float("inf"), 0.0, 0.0))
    refused("normal = (0.0, 1.0)", "3 components", overlap=1e-6, normal=(0.0, 1.0))
    refused("v_t = (1.0, 2.0, 3.0, 4.0)", "3 components", overlap=1e-6,
            v_t=(1.0, 2.0, 3.0, 4.0))
    # just inside: Hertz at 0.9 R (R* = R on a rigid wall) is finite, and
    # equals the closed form (Johnson 1985, eq. 4.22) to 1e-12
    c = cwb.Contact("hertz", body1=cwb.sphere(**SPHERE), body2=cwb.wall())
    d = 0.9 * SPHERE["radius"]
    f = 4.0 / 3.0 * SPHERE["E"] / (1 - SPHERE["nu"] ** 2) * SPHERE["radius"] ** 0.5 * d ** 1.5
    r = c.step(overlap=d)
    check(abs(r.force_n - f) <= 1e-12 * f, "Hertz at 0.9 R: %r vs %r" % (r.force_n, f))
    check(cwb.adhesive("jkr") and not cwb.adhesive("hertz"), "cwb.adhesive")


def test_contract():
    c = cwb.Contact("hertz", "mindlin", params={"tangential.mu": MU},
                    body1=cwb.sphere(**SPHERE), body2=cwb.wall())
    c.step(overlap=1e-6)
    a, ta = c.eval(overlap=1e-6, dxi_t=(1e-7, 0, 0))
    b, tb = c.eval(overlap=1e-6, dxi_t=(1e-7, 0, 0))
    check(a.force_t == b.force_t, "eval is not pure: %r vs %r" % (a.force_t, b.force_t))
    c.commit(ta)
    try:
        c.commit(tb)  # evaluated from the state before the commit
        check(False, "a stale trial was committed")
    except cwb.Error:
        pass
    c.reset()
    r = c.step(overlap=1e-6)
    check(r.force_t == (0.0, 0.0, 0.0), "reset kept tangential history: %r" % (r.force_t,))
    # Hertz: F_n = (4/3) E* sqrt(R*) delta^(3/2), E* = E / (1 - nu^2) on a
    # rigid wall, R* = R (Johnson 1985, Contact Mechanics, eq. 4.22).
    e_star = SPHERE["E"] / (1 - SPHERE["nu"] ** 2)
    f_hertz = 4.0 / 3.0 * e_star * SPHERE["radius"] ** 0.5 * 1e-6 ** 1.5
    check(abs(r.force_n - f_hertz) <= 1e-12 * f_hertz, "Hertz %r vs %r" % (r.force_n, f_hertz))
    check("hertz" in cwb.laws("normal") and "mindlin" in cwb.laws("tangential"), "catalogue")
    mu = [p for p in cwb.params("tangential", "mindlin") if p["name"] == "mu"]
    check(len(mu) == 1 and mu[0]["unit"] == "-", "mindlin's mu in the catalogue: %r" % mu)
    # a key read under one choice only says which (the linear law's kt)
    kt = {p["name"]: p["read_only_with"] for p in cwb.params("tangential", "linear")}
    check(kt["kt"] == "stiffness = direct" and kt["mu"] is None, "read_only_with: %r" % kt)


if __name__ == "__main__":
    test_history_matches_cli()
    test_errors()
    test_bodies()
    test_param_values_as_run_spells_them()
    test_contract()
    test_bad_kinematics()
    if FAILURES:
        print("test_binding: %d failures" % len(FAILURES))
        sys.exit(1)
    print("test_binding: OK (cwb %s, %s)" % (cwb.version(), cwb.library_path))

"""test_run.py -- the package's run, sweep, batch and fit (python/cwb/_run.py)
against the command (CWB_BIN) run on the same inputs in another process.

The reference of every number is the command's output for the same case:
the package must give the command's numbers bit for bit. `cwb batch`
writes its results with 17 significant digits (%.17g reads back to the
same double), so a run and a batch are compared bit for bit; `cwb run
--json`, a sweep's CSV and `cwb fit --json` print 12 digits, so there the
package's value printed with 12 digits must be the command's text.
Messages of refused input must be the command's stderr without "cwb: ".

Also: a case from text; progress and stop; an exception raised in a
progress callback; a batch split over threads equal to one call; runs from
several threads equal to the same runs one after another; series as lists
when numpy cannot be imported; a choice's default as its word.

    CWB_BIN=build/cwb PYTHONPATH=python python3 tests/python/test_run.py
"""
import concurrent.futures
import json
import math
import os
import struct
import subprocess
import sys
import tempfile

import cwb

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
GLASS = os.path.join(ROOT, "cases", "chung_ooi_1_glass.case")
FAILURES = []


def check(cond, what):
    if not cond:
        FAILURES.append(what)
        print("FAIL:", what)


def cli(*args, tmp):
    """cwb ARGS from folder tmp: (exit status, stdout, stderr)."""
    p = subprocess.run([os.environ["CWB_BIN"]] + list(args), cwd=tmp, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True)
    return p.returncode, p.stdout, p.stderr


def bits(x):
    return struct.pack("<d", x)


def same(a, b):
    return bits(a) == bits(b) or (math.isnan(a) and math.isnan(b))


def printed(cell):
    """A number as the command printed it (doc/outputs.md: the shortest text
    that reads back to the same double; an undefined value is an empty CSV
    cell or a JSON null; -0 is printed 0) as a float, NaN when undefined."""
    if isinstance(cell, float):
        return cell
    return math.nan if cell in (None, "", "null") else float(cell)


def as_printed(x, cell):
    """Whether the library's x is the value the command printed as cell:
    bit for bit, save the sign of a zero, which the command does not print."""
    y = printed(cell)
    return same(x, y) or (x == 0.0 and y == 0.0)


def batch_rows(path):
    """A `cwb batch` output: its header's result names, and its rows as
    {name: float} (NaN for an empty cell)."""
    with open(path) as f:
        lines = [line.rstrip("\n") for line in f if not line.startswith("#")]
    names = [h.split("[")[0] for h in lines[0].split(",")]
    rows = []
    for line in lines[1:]:
        cells = line.split(",")
        rows.append({n: float(c) if c not in ("", "ok", "failed") else math.nan
                     for n, c in zip(names, cells)})
    return names, rows


def test_run_and_batch(tmp):
    """cwb.run and cwb.batch at 20 and 5.2 m/s against `cwb batch`, and
    cwb.run against `cwb run --json`, bit for bit."""
    table = os.path.join(tmp, "t.csv")
    with open(table, "w") as f:
        f.write("driver.v_normal\n20\n5.2\n")
    rc, _, err = cli("batch", GLASS, "--samples", table, "--out", "o.csv", tmp=tmp)
    check(rc == 0, "cwb batch: %s" % err)
    names, rows = batch_rows(os.path.join(tmp, "o.csv"))
    batch = cwb.batch(GLASS, {"driver.v_normal": [20, 5.2]})
    for i, v in enumerate([20, 5.2]):
        run = cwb.run(GLASS, set={"driver.v_normal": v})
        compared = 0
        for name, x in run.items():
            if name in rows[i]:
                compared += 1
                check(as_printed(x, rows[i][name]), "v = %r: %s = %r (cwb.run), %r (cwb batch)"
                      % (v, name, x, rows[i][name]))
                check(as_printed(batch[name][i], rows[i][name]), "v = %r: %s = %r (cwb.batch), %r"
                      % (v, name, batch[name][i], rows[i][name]))
        check(compared > 20, "v = %r: only %d results compared" % (v, compared))
    rc, out, err = cli("run", GLASS, "--json", "--no-plot", "--out", tmp, tmp=tmp)
    js = json.loads(out, parse_float=str, parse_int=str)  # the numbers as printed
    run = cwb.run(GLASS)
    for name, x in run.items():
        want = js[name]
        check(as_printed(x, want), "%s = %r (cwb.run), %s (cwb run --json)" % (name, x, want))
        check(run.units[name] == js["units"][name], "unit of %s" % name)
    check(run.verdict == js.get("verdict"), "verdict %r, JSON %r" % (run.verdict, js.get("verdict")))
    check(len(run.series["F_n"]) > 100 and run.series_units["F_n"] == "N", "series F_n")
    print("run and batch: %d scalars as the command's" % len(run))


def test_text_case():
    """A case from text: the file's numbers, and messages naming the name."""
    with open(GLASS) as f:
        text = f.read()
    a = cwb.run(text, name=GLASS)  # its references read from cases/
    b = cwb.run(GLASS)
    check(all(same(a[k], b[k]) for k in b), "a case from text differs from its file")
    try:
        cwb.run("[contact]\nnormal = hertz\n[body1]\nradius = -1\n", name="mine.case")
        check(False, "a negative radius was accepted")
    except cwb.Error as e:
        check(str(e).startswith("mine.case:4: "), "message: %s" % e)


def test_refusals(tmp):
    """cwb.Error with the command's message, for a --set and a case line."""
    for key, value in [("driver.v_normal", -3), ("damping.e", 0.5), ("body1.radius", "abc")]:
        try:
            cwb.run(GLASS, set={key: value})
            check(False, "%s = %r accepted" % (key, value))
        except cwb.Error as e:
            rc, _, err = cli("run", GLASS, "--set", "%s=%s" % (key, value), "--no-plot", "--out",
                             tmp, tmp=tmp)
            check(rc == 2 and err == "cwb: %s\n" % e, "API: %s; command: %s" % (e, err))
    bad = os.path.join(tmp, "bad.case")
    with open(GLASS) as f:
        text = f.read().replace("density = 2800", "density = -2800")
    with open(bad, "w") as f:
        f.write(text)
    try:
        cwb.run(bad)
        check(False, "density -2800 accepted")
    except cwb.Error as e:
        line = text[:text.index("density = -2800")].count("\n") + 1
        check(str(e).startswith("%s:%d: " % (bad, line)), "FILE:LINE message: %s" % e)
        print("refused:", e)


def test_sweep(tmp):
    """cwb.sweep: the command's CSV cell for cell; progress and stop."""
    vary = "driver.v_normal=1:30:4"
    rc, _, err = cli("sweep", GLASS, "--vary", vary, "--no-plot", "--out", tmp, tmp=tmp)
    check(rc == 0, "cwb sweep: %s" % err)
    with open(os.path.join(tmp, "chung_ooi_1_glass_sweep.csv")) as f:
        lines = [line.rstrip("\n") for line in f if not line.startswith("#")]
    calls = []
    t = cwb.sweep(GLASS, vary=("driver.v_normal", 1, 30, 4),
                  progress=lambda done, total: calls.append((done, total)))
    check(calls == [(0, 4), (1, 4), (2, 4), (3, 4)], "progress calls %r" % calls)
    header = [h.split("[")[0] for h in lines[0].split(",")]
    check(header == list(t), "columns %r, CSV %r" % (list(t), header))
    for i, line in enumerate(lines[1:]):
        for name, cell in zip(header, line.split(",")):
            check(as_printed(t[name][i], cell),
                  "row %d: %s = %r, CSV %s" % (i, name, t[name][i], cell))
    try:
        cwb.sweep(GLASS, vary=vary, progress=lambda done, total: done == 2)
        check(False, "a stop was not honoured")
    except cwb.Cancelled as e:
        check("stopped by the caller" in str(e), "cancel message: %s" % e)

    def boom(done, total):
        raise KeyError("from the callback")
    try:
        cwb.sweep(GLASS, vary=vary, progress=boom)
        check(False, "the callback's exception was lost")
    except KeyError:
        pass


def test_batch_threads():
    """A batch over 2 threads: the rows of one call, bit for bit; a bad
    sample named by its index in the whole table."""
    speeds = [0.5 + 0.25 * i for i in range(12)]
    one = cwb.batch(GLASS, {"driver.v_normal": speeds})
    two = cwb.batch(GLASS, {"driver.v_normal": speeds}, jobs=2)
    check(list(one) == list(two), "columns differ with jobs=2")
    for name in one:
        check(all(same(a, b) for a, b in zip(one[name], two[name])),
              "%s differs with jobs=2" % name)
    speeds[9] = -1.0
    for jobs in (1, 3):
        try:
            cwb.batch(GLASS, {"driver.v_normal": speeds}, jobs=jobs)
            check(False, "v_normal = -1 accepted")
        except cwb.Error as e:
            check(str(e).startswith("samples:9: driver.v_normal=-1.0: "),
                  "jobs %d: %s" % (jobs, e))


def test_batch_and_sweep_dt_reuse(tmp):
    """dt_reuse=True is `--dt-reuse --jobs 1`: on a Thornton table each
    sample's step, estimate, steps_total and restitution bit for bit as
    `cwb batch --dt-reuse`, fewer steps in all than without; a sweep with
    it, the command's `--dt-reuse` sweep."""
    case = os.path.join(ROOT, "cases", "thornton_restitution.case")
    speeds = [2.8, 2.9, 3.0, 3.1, 3.2]
    table = os.path.join(tmp, "r.csv")
    with open(table, "w") as f:
        f.write("driver.v_normal\n" + "".join("%r\n" % v for v in speeds))
    results = "dt,dt_error_estimate,steps_total,restitution_normal"
    rc, _, err = cli("batch", case, "--samples", table, "--out", "r_out.csv", "--jobs", "1",
                     "--dt-reuse", "--results", results, tmp=tmp)
    check(rc == 0, "cwb batch --dt-reuse: %s" % err)
    names, rows = batch_rows(os.path.join(tmp, "r_out.csv"))
    reuse = cwb.batch(case, {"driver.v_normal": speeds}, results=results, dt_reuse=True)
    alone = cwb.batch(case, {"driver.v_normal": speeds}, results=results)
    for i in range(len(speeds)):
        for name in results.split(","):
            check(as_printed(reuse[name][i], rows[i][name]), "v = %r: %s = %r (dt_reuse), %r"
                  % (speeds[i], name, reuse[name][i], rows[i][name]))
    check(sum(reuse["steps_total"]) < 0.9 * sum(alone["steps_total"]),
          "steps_total %r with the reuse, %r without" % (sum(reuse["steps_total"]),
                                                         sum(alone["steps_total"])))
    vary = "driver.v_normal=2.8:3.2:5"
    rc, _, err = cli("sweep", case, "--vary", vary, "--dt-reuse", "--no-plot", "--out", tmp,
                     tmp=tmp)
    check(rc == 0, "cwb sweep --dt-reuse: %s" % err)
    swept = cwb.sweep(case, vary=vary, dt_reuse=True)
    with open(os.path.join(tmp, "thornton_restitution_sweep.csv")) as f:
        lines = [l for l in f.read().splitlines() if not l.startswith("#")]
    head = [c.split("[")[0] for c in lines[0].split(",")]
    col = head.index("restitution_normal")
    for i, line in enumerate(lines[1:]):
        check(as_printed(swept["restitution_normal"][i], line.split(",")[col]),
              "sweep row %d: %r against %s" % (i, swept["restitution_normal"][i],
                                               line.split(",")[col]))


def test_fit(tmp):
    """cwb.fit: the command's value (bit for bit), nothing written."""
    fitcase = os.path.join(ROOT, "examples", "damping_for_restitution.fit")
    rc, out, err = cli("fit", fitcase, "--json", "--no-plot", "--out", tmp, tmp=tmp)
    js = json.loads(out, parse_float=str, parse_int=str)
    before = set(os.listdir(tmp))
    f = cwb.fit(fitcase)
    check(f.names == ["damping.e"], "parameters %r" % f.names)
    want = js["parameters"]["damping.e"]["value"]
    check(as_printed(f.params["damping.e"], want), "e = %r, command %s" % (f.params, want))
    check(math.isnan(f.stderr["damping.e"]), "one point, one key: no standard error")
    check(set(os.listdir(tmp)) == before, "cwb.fit wrote a file")


def test_threads():
    """Runs of four cases in four threads at once, against the same runs
    one after another: every scalar bit for bit."""
    cases = ["chung_ooi_1_glass", "linear_spring_impact", "seed004_fig3b", "seed000_fig12"]
    paths = [os.path.join(ROOT, "cases", c + ".case") for c in cases] * 2
    alone = [cwb.run(p) for p in paths]
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(cwb.run, paths))
    for p, a, b in zip(paths, alone, together):
        check(all(same(a[k], b[k]) for k in a), "%s differs in a thread" % p)


def test_without_numpy():
    """Where numpy cannot be imported, series are lists of the same floats."""
    code = ("import sys; sys.modules['numpy'] = None; import cwb; "
            "r = cwb.run(%r); s = r.series['F_n']; "
            "print(type(s).__name__, repr(r['restitution_normal']), repr(s[10]))" % GLASS)
    out = subprocess.run([sys.executable, "-c", code], stdout=subprocess.PIPE,
                         universal_newlines=True, check=True).stdout.split()
    r = cwb.run(GLASS)
    check(out == ["list", repr(r["restitution_normal"]), repr(float(r.series["F_n"][10]))],
          "without numpy: %r" % out)
    try:
        import numpy
        check(isinstance(r.series["F_n"], numpy.ndarray), "numpy is there: not an array")
    except ImportError:
        check(isinstance(r.series["F_n"], list), "no numpy: not a list")


def test_catalogue():
    """A choice's default is its word; a required key has none."""
    p = {x["name"]: x for x in cwb.params("damping", "tsuji")}
    check(p["tangential"]["default"] == "yes" and p["no_tension"]["default"] == "no",
          "choice defaults %r" % p)
    check(p["e"]["default"] is None and p["e"]["required"], "required e %r" % p["e"])


if __name__ == "__main__":
    with tempfile.TemporaryDirectory(prefix="cwb-test-python-") as tmp:
        test_run_and_batch(tmp)
        test_text_case()
        test_refusals(tmp)
        test_sweep(tmp)
        test_batch_threads()
        test_batch_and_sweep_dt_reuse(tmp)
        test_fit(tmp)
        test_threads()
        test_without_numpy()
        test_catalogue()
    if FAILURES:
        print("test_run: %d failures" % len(FAILURES))
        sys.exit(1)
    print("test_run: OK (cwb %s, %s)" % (cwb.version(), cwb.library_path))

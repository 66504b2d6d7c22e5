#!/usr/bin/python3
"""Second coding of the sliding dynamics with hysteresis of Balevicius, R. &
Mroz, Z., "A finite sliding model of two identical spheres under displacement
and force control - part II: dynamic analysis", Acta Mechanica (2014; cwb's
bibliography key balevicius_mroz_part2, seed 003), sec. 2.2-2.3, for the
cases of Figs. 1, 3, 4, 5 (cases/seed003_fig1*.case, fig3_*, fig4*,
fig5_reversals.case).

Model (derived from the paper's text, not from cwb's code): the upper
sphere's centre is carried without rotation along a line at height
y_c = 2R - h0 or along an eccentric circle (k~ = e~/R~, R~ = y_c/(1 - k~)),
s its arc length; d the centre distance, h = 2R - d, N = kn h^1.5;
c_n = n.tau and c_t = t.tau the projections of the contact normal and
tangent on the path tangent (line: s/d, y_c/d; circle: k~ sin phi / D,
(1 - k~ cos phi)/D, D = (1 + k~^2 - 2 k~ cos phi)^0.5, phi = s/R~);
    m s'' = T* = N c_n + T c_t,   N* = N c_t - T c_n,
T the friction in the contact tangent: Coulomb -sg mu N while sliding;
after a reversal of the motion at s_A towards sg (a stop, or an imposed
reversal of the speed, Fig. 5) the unloading / reloading branch of eq. 2
    T = T_A - (T_A - T_B) (|s - s_A| / du)^p,
or of the incremental eq. 3 integrated in s from the friction just before
the reversal, T = T_before - sg |T_A - T_B| (|s - s_A| / du)^p,
with T_A = sg mu N(s_A) (the friction at the onset; the extraction prints
-sign(v(t+dt)) mu N(s_A), the opposite sign, under which eq. 2 would be
Coulomb and eq. 3 not eq. 2's derivative), T_B = -sg mu N(s_A + sg du),
du(s_A) = (2 - nu) mu / (2 (1 - nu)) h(s_A) (1/2 + (y_c^2 + 4 s_A^2)^0.5/(4R))
as printed; Coulomb again past |s - s_A| = du and wherever the branch
would pass -sg mu N(s) (friction never exceeds mu N against the motion).
With slip neglected (Fig. 4c) static friction holds a stopped sphere when
|c_n| <= mu c_t. The eq. 2/3 loops after a stop shrink by about p per half
cycle in force and close in finite time; the run is at rest when two
turning points lie within SETTLE du of each other.
v_crit (the paper's eq. 21, line) is taken here by quadrature:
v_crit^2 = (2/m) mu int N y_c/d ds over the chord (the normal work cancels).

Integrator and why it is independent: cwb integrates with fixed-step RK4,
the sign of the speed held through each step and events located by Brent
on an RK4 sub-step, in C. Here: Python with SciPy's adaptive DOP853
(Dormand-Prince 8(5,3)), the stop, exit, branch end and Coulomb cap located
by solve_ivp's event root-finding on the dense output, every branch
integrated in the offset x = s - s_A (full relative precision in the tiny
late loops), tolerances set per segment from the loop's amplitude; v_crit
by adaptive quadrature instead of the elliptic integrals. Shared with cwb:
the paper's equations and the reading of their misprints (T_A's sign, the
eq. 1d sin -> cos), which were derived from the text, not copied.

Tolerance of each CSV (make_reference): 2 (convergence + resolution) of the
compared column, at least 1e-6. Convergence: the case run at RTOL_COARSE and
RTOL_FINE, largest difference over max |column|. Resolution: what a run
exact at its rows would still show, cwb_compare interpolating the rows the
sliding driver writes (every h = min(dt, t/1000) times a whole number of
steps, Steffen's cubic) at this CSV's instants; computed from this curve
alone. Right after a reversal T moves as (t - t_A)^(2p), which rows cannot
follow (0.6 % of max |T| within one 0.01 s row, Fig. 1): the CSV has no rows
within SKIP_ROWS run rows after a branch starts.

Usage: seed003_sliding.py [OUTDIR]   (default: the script's folder)
"""
import copy
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../tools"))
from made_line import made_line  # noqa: E402  when, where and how a table was made

try:
    import numpy as np
    from scipy.integrate import quad, solve_ivp
except ImportError:
    sys.exit("seed003_sliding.py: needs Debian's python3-numpy and python3-scipy for "
             "/usr/bin/python3 (sh tools/ensure-deps.sh python3-numpy python3-scipy)")

RTOL_FINE = 1e-12
RTOL_COARSE = 1e-9
SETTLE = 1e-12  # turning points closer than this times du: at rest
MAX_REVERSALS = 400

COLUMNS = [("t", "s"), ("s", "m"), ("x", "m"), ("y", "m"), ("v", "m/s"), ("F_n", "N"),
           ("T", "N"), ("N_tool", "N"), ("W_friction", "J"), ("E_kin", "J"),
           ("T_friction", "N")]


class Sliding:
    """The imposed path, the contact force on it and the friction law."""

    def __init__(self, path, R, kn, mu, m, h0, kt, nu, form, p):
        self.path, self.R, self.kn, self.mu, self.m, self.h0 = path, R, kn, mu, m, h0
        self.kt, self.nu, self.form, self.p = kt, nu, form, p
        self.yc = 2 * R - h0
        if path == "line":
            self.su = math.sqrt(4 * R * h0 - h0 * h0)
        else:
            self.Rt = self.yc / (1 - kt)
            self.e = kt * self.Rt
            cphi = (1 + kt * kt - 4 * R * R / self.Rt ** 2) / (2 * kt)
            self.su = self.Rt * math.acos(cphi)

    def geometry(self, s):
        """d, c_n, c_t and the centre (x, y) at arc length s."""
        if self.path == "line":
            d = math.hypot(s, self.yc)
            return d, s / d, self.yc / d, s, self.yc
        phi = s / self.Rt
        D = math.sqrt(1 + self.kt ** 2 - 2 * self.kt * math.cos(phi))
        return (self.Rt * D, self.kt * math.sin(phi) / D, (1 - self.kt * math.cos(phi)) / D,
                self.Rt * math.sin(phi), self.Rt * math.cos(phi) - self.e)

    def normal(self, s):
        h = 2 * self.R - self.geometry(s)[0]
        return self.kn * h ** 1.5 if h > 0 else 0.0

    def ultimate_slip(self, sA):
        h = max(2 * self.R - self.geometry(sA)[0], 0.0)
        return ((2 - self.nu) * self.mu / (2 * (1 - self.nu)) * h *
                (0.5 + math.sqrt(self.yc ** 2 + 4 * sA * sA) / (4 * self.R)))


def vcrit_line(R, kn, mu, m, h0):
    """The line's critical speed by quadrature (the paper's eq. 21)."""
    g = Sliding("line", R, kn, mu, m, h0, 0, 0.3, "coulomb", 1 / 3)
    w, _ = quad(lambda s: mu * g.normal(s) * g.yc / math.hypot(s, g.yc), -g.su, g.su,
                epsabs=0, epsrel=1e-13, limit=200)
    return math.sqrt(2 * w / m)


class Branch:
    """An unloading / reloading branch started at a reversal (eqs. 2, 3)."""

    def __init__(self, g, sA, sg, T_before):
        self.sA, self.sg, self.du = sA, sg, g.ultimate_slip(sA)
        self.TA = sg * g.mu * g.normal(sA)
        self.TB = -sg * g.mu * g.normal(sA + sg * self.du)
        self.T0 = T_before if g.form == "eq3" else self.TA
        self.active = g.form != "coulomb" and self.du > 0

    def raw(self, g, off):
        """The branch at the offset off = s - s_A (kept apart from s)."""
        x = abs(off) / self.du
        if g.form == "eq2":
            return self.TA - (self.TA - self.TB) * x ** g.p
        return self.T0 - self.sg * abs(self.TA - self.TB) * x ** g.p


def friction(g, br, s, sg, off=None):
    """Friction at s moving towards sg; off = s - s_A when known exactly."""
    Tc = -sg * g.mu * g.normal(s)
    if br is None or not br.active or sg != br.sg:
        return Tc
    off = s - br.sA if off is None else off
    if abs(off) >= br.du:
        return Tc
    T = br.raw(g, off)
    return max(T, Tc) if sg > 0 else min(T, Tc)


def forces(g, br, s, sg, off=None):
    d, cn, ct, x, y = g.geometry(s)
    N = g.normal(s)
    Tf = friction(g, br, s, sg, off)
    return N, Tf, N * cn + Tf * ct, N * ct - Tf * cn, ct, x, y


class Segment:
    """A stretch of smooth motion: dense output in the offset from s_ref."""

    def __init__(self, t0, t1, sol, s_ref, sg, br, a_ref=0.0, fixed=None):
        self.t0, self.t1, self.sol, self.s_ref, self.sg, self.br = t0, t1, sol, s_ref, sg, br
        self.a_ref = a_ref  # s_ref - s_A of the branch
        self.fixed = fixed  # (s, W) at rest: no motion
        self.end = None  # what ends it: stop, exit, mark, branch, t_end

    def state(self, t):
        """s, v, W and the offset s - s_A at t."""
        if self.fixed is not None:
            return self.fixed[0], 0.0, self.fixed[1], self.fixed[2]
        y = self.sol(t - self.t0)
        return self.s_ref + y[0], y[1], y[2], self.a_ref + y[0]


def integrate(g, v0, t_end, reversal_times, rtol):
    """The whole run: a list of Segments and a summary."""
    s, v, W, t, sg, br = -math.copysign(g.su, v0), v0, 0.0, 0.0, math.copysign(1, v0), None
    marks = sorted(reversal_times)
    segs, summary = [], {"reversals": 0, "caps": 0, "outcome": None, "stops": []}
    s_last_turn = None
    while True:
        t_mark = min([x for x in marks if x > t] + [t_end])
        s_ref = s
        a_ref = 0.0 if br is None else s_ref - br.sA  # exactly 0 at a branch's start

        def rhs(tau, y):
            N, Tf, T, _, ct, _, _ = forces(g, br, s_ref + y[0], sg, a_ref + y[0])
            return [y[1], T / g.m, Tf * ct * y[1]]

        def ev_stop(tau, y):
            return sg * y[1]
        ev_stop.terminal, ev_stop.direction = True, -1

        def ev_exit(tau, y):
            return sg * (s_ref + y[0]) - g.su
        ev_exit.terminal, ev_exit.direction = True, 1
        events = [ev_stop, ev_exit]
        on_branch = br is not None and br.active and br.sg == sg
        if on_branch:
            def ev_end(tau, y):
                return sg * (a_ref + y[0]) - br.du
            ev_end.terminal, ev_end.direction = True, 1

            def ev_cap(tau, y):
                if abs(a_ref + y[0]) >= br.du:
                    return 1.0
                return sg * (br.raw(g, a_ref + y[0]) + sg * g.mu * g.normal(s_ref + y[0]))
            ev_cap.terminal, ev_cap.direction = True, -1
            events += [ev_end, ev_cap]
        # tolerances from this stretch's scale: the late loops are tiny
        N, Tf, T, _, ct, _, _ = forces(g, br, s, sg)
        if on_branch and v == 0.0:
            W_swing = abs(br.TA - br.TB) * ct
            X = br.du * min(1.0, ((1 + g.p) * abs(T) / max(W_swing, 1e-300)) ** (1 / g.p))
        else:
            X = g.su
        X = max(X, 1e-300)
        V = max(abs(v), math.sqrt(2 * abs(T) * X / g.m), 1e-300)
        atol = [rtol * X, rtol * V, rtol * max(abs(W), 0.5 * g.m * V * V)]
        span = t_mark - t
        sol = solve_ivp(rhs, (0.0, span), [0.0, v, W], method="DOP853", rtol=rtol, atol=atol,
                        events=events, dense_output=True, max_step=max(span, 1e-300) / 8)
        if sol.status < 0:
            raise RuntimeError("solve_ivp failed: " + sol.message)
        tau = sol.t[-1]
        y = sol.y[:, -1]
        segs.append(Segment(t, t + tau, sol.sol, s_ref, sg, br, a_ref))
        t, s, v, W = t + tau, s_ref + y[0], y[1], y[2]
        hit = [i for i, e in enumerate(sol.t_events) if len(e)]
        segs[-1].end = ("stop", "exit", "branch", "branch")[hit[0]] if hit else \
            ("t_end" if t >= t_end else "mark")
        if not hit:  # reached the mark
            if t >= t_end:
                summary["outcome"] = "t_end"
                break
            # imposed reversal (Fig. 5): the speed flips, a branch starts
            Tf = friction(g, br, s, sg)
            v, sg = -v, -sg
            br = Branch(g, s, sg, Tf)
            summary["reversals"] += 1
            s_last_turn = s
            continue
        i = hit[0]
        if i == 1:  # exit
            s = sg * g.su
            summary["outcome"] = "passed" if sg * v0 > 0 else "back"
            break
        if i in (2, 3):  # past du, or the branch reaches mu N: Coulomb again
            br = copy.copy(br)  # the stored segments keep the branch they ran on
            br.active = False
            summary["caps"] += i == 3
            continue
        # a stop
        v = 0.0
        summary["stops"].append((t, s))
        d, cn, ct, _, _ = g.geometry(s)
        if g.form == "coulomb":
            if abs(cn) <= g.mu * ct:
                summary["outcome"] = "rest"
                break
            sg = -sg
            br = None
            summary["reversals"] += 1
            continue
        du = g.ultimate_slip(s)
        if (s_last_turn is not None and abs(y[0]) <= SETTLE * du) or \
                summary["reversals"] >= MAX_REVERSALS:
            summary["outcome"] = "rest"
            break
        Tf = friction(g, br, s, sg)
        sg = -sg
        br = Branch(g, s, sg, Tf)
        summary["reversals"] += 1
        s_last_turn = s
    summary.update(t=t, s=s, v=v, W=W, br=br, sg=sg, off=y[0] + a_ref)
    return segs, summary


def row(g, seg, t):
    s, v, W, off = seg.state(t)
    br, sg = seg.br, seg.sg
    N, Tf, T, Nt, ct, x, y = forces(g, br, s, sg, off)
    if seg.fixed is not None:  # at rest: static friction balances T*
        d, cn, ct, x, y = g.geometry(s)
        if g.form == "coulomb":
            Tf = -N * cn / ct
        T, Nt = N * cn + Tf * ct, N * ct - Tf * cn
    return [t, s, x, y, v, N, T, Nt, W, 0.5 * g.m * v * v, Tf]


def evaluate(g, segs, rest, t):
    """The run's row at time t: at an event, the state just before it (the
    row the run writes there); the rest after the last event."""
    for seg in segs:
        if seg.t0 <= t <= seg.t1:
            return row(g, seg, t)
    return row(g, rest, t) if rest is not None else None


def steffen(x, y, xq):
    """Steffen's (1990) monotone cubic, as GSL's gsl_interp_steffen (which
    cwb's comparison uses on the run's rows): the run's interpolation error."""
    x, y = np.asarray(x), np.asarray(y)
    h = np.diff(x)
    d = np.diff(y) / h
    yp = np.empty_like(y)
    yp[0], yp[-1] = d[0], d[-1]
    pm = (d[:-1] * h[1:] + d[1:] * h[:-1]) / (h[:-1] + h[1:])
    yp[1:-1] = (np.sign(d[:-1]) + np.sign(d[1:])) * np.minimum(
        np.minimum(abs(d[:-1]), abs(d[1:])), 0.5 * abs(pm))
    i = np.clip(np.searchsorted(x, xq) - 1, 0, len(x) - 2)
    dx = xq - x[i]
    a = (yp[i] + yp[i + 1] - 2 * d[i]) / h[i] ** 2
    b = (3 * d[i] - 2 * yp[i] - yp[i + 1]) / h[i]
    return y[i] + dx * (yp[i] + dx * (b + dx * a))


# The shipped cases: the paper's kn = 1 N/m^1.5, R = 1 m, mu = 0.6 and the
# cases' chosen m = 1 kg, h0 = 0.1 m, nu = 0.3 (body1.nu), dt and t_end.
COMMON = dict(R=1.0, kn=1.0, mu=0.6, m=1.0, h0=0.1, nu=0.3)
P3 = 0.333333333333333  # the cases' p = 1/3 as written
# name: (path, k~, v0/v_crit, friction, p (None: not given), t_end (None: to
#        exit or rest), reversal times, case dt, compared column, cases)
DT_LOOPS = 0.0005  # the cases' RK4 step where the sphere stops or is reversed
CASES = {
    "fig1_v08": ("line", None, 0.8, "eq3", P3, 40, [], DT_LOOPS, "s,v,T",
                 "seed003_fig1a (s), fig1b (v), fig1c (T), fig1d (T against t)"),
    "fig1_v105": ("line", None, 1.05, "eq3", P3, 40, [], 0.01, "T", "seed003_fig1_v105"),
    "fig1_v15": ("line", None, 1.5, "eq3", P3, 40, [], 0.01, "T", "seed003_fig1_v15"),
    "fig1_v30": ("line", None, 3.0, "eq3", P3, 40, [], 0.01, "T", "seed003_fig1_v30"),
    "fig4a_hysteresis": ("line", None, 0.7, "eq2", P3, 40, [], DT_LOOPS, "T",
                         "seed003_fig4a_hysteresis"),
    "fig4b_hysteresis": ("line", None, 0.7, "eq3", P3, 40, [], DT_LOOPS, "T",
                         "seed003_fig4b_hysteresis"),
    "fig4c_hysteresis": ("line", None, 0.7, "coulomb", None, 40, [], DT_LOOPS, "T",
                         "seed003_fig4c_hysteresis"),
    "fig4d_p2": ("line", None, 0.7, "eq3", 0.5, 40, [], DT_LOOPS, "T_friction",
                 "seed003_fig4d_p2"),
    "fig4d_p3": ("line", None, 0.7, "eq3", P3, 40, [], DT_LOOPS, "T_friction",
                 "seed003_fig4d_p3"),
    "fig4d_p4": ("line", None, 0.7, "eq3", 0.25, 40, [], DT_LOOPS, "T_friction",
                 "seed003_fig4d_p4"),
    "fig5_reversals": ("line", None, 1.05, "eq3", None, None, [4.0, 5.0], DT_LOOPS, "T",
                       "seed003_fig5_reversals"),
}
for _v, _tag in ((1.0, "10"), (1.5, "15"), (3.0, "30")):
    for _path, _kt, _ptag in (("line", None, "line"), ("circle", 0.8, "k08"),
                              ("circle", 0.3, "k03")):
        _name = "fig3_v%s_%s" % (_tag, _ptag)
        CASES[_name] = (_path, _kt, -_v, "eq3", P3, 40, [], DT_LOOPS if _v == 1.0 else 0.01,
                        "T", "seed003_" + _name)

OUT_COLS = ["t", "s", "v", "T", "N_tool", "T_friction"]
COMPARED = ["s", "v", "T", "N_tool", "T_friction"]
ROWS = 1000  # the sliding driver's default rows


def solve_case(name, rtol):
    path, kt, ratio, form, p, t_end, revs, dt, ycol, cases = CASES[name]
    g = Sliding(path, COMMON["R"], COMMON["kn"], COMMON["mu"], COMMON["m"], COMMON["h0"],
                kt or 0.0, COMMON["nu"], form, p if p is not None else 1 / 3)
    v0 = ratio * vcrit_line(COMMON["R"], COMMON["kn"], COMMON["mu"], COMMON["m"], COMMON["h0"])
    segs, summ = integrate(g, v0, t_end if t_end else math.inf, revs, rtol)
    rest = None
    if summ["outcome"] == "rest" and form != "coulomb":
        rest = Segment(summ["t"], math.inf, None, 0, summ["sg"], summ["br"],
                       fixed=(summ["s"], summ["W"], summ["off"]))
    return g, v0, segs, summ, rest


def column_table(g, segs, rest, ts):
    rows = [evaluate(g, segs, rest, t) for t in ts]
    idx = {c: i for i, (c, _) in enumerate(COLUMNS)}
    return {c: np.array([r[idx[c]] for r in rows]) for c in idx}


def run_grid(segs, t_run, dt, phase):
    """Rows as the sliding driver writes them: its step h = min(dt,
    t_run/ROWS), a row every `every` steps of a count that runs on through
    the events, the steps restarted at each stop and imposed reversal, a row
    at each; phase (0 to 1) stands for the unknown count at an event."""
    h = min(dt, t_run / ROWS)
    every = max(1, math.floor(t_run / h / ROWS))
    starts = [0.0] + [seg.t1 for seg in segs if seg.end in ("stop", "mark") and seg.t1 < t_run]
    grid = list(starts) + [t_run]
    for i, t0 in enumerate(starts):
        t1 = starts[i + 1] if i + 1 < len(starts) else t_run
        first = 0 if i == 0 else int(round(phase * (every - 1)))
        k = np.arange(first, (t1 - t0) / h + 1, every)
        grid += list(t0 + k * h)
    grid = np.unique(np.array(grid))
    return grid[grid <= t_run], h * every


def reference_times(segs, t_run, dref):
    """Rows of the reference: a grid dref apart and every segment's end (the
    state just before the event, as the run writes it)."""
    ts = [0.0]
    for seg in segs:
        if seg.t0 >= t_run:
            break
        k0 = math.floor(seg.t0 / dref) + 1
        ts += [k * dref for k in range(k0, math.ceil(min(seg.t1, t_run) / dref))
               if seg.t0 < k * dref < min(seg.t1, t_run)]
        ts.append(min(seg.t1, t_run))
    out = []
    for t in ts:  # ascending, no repeats
        if not out or t > out[-1]:
            out.append(t)
    return np.array(out)


def up1(x):
    """x rounded up to one significant digit."""
    e = math.floor(math.log10(x))
    m = math.ceil(x / 10 ** e - 1e-9)
    return m * 10.0 ** e


SKIP_ROWS = 2  # run rows after a reversal left out of the reference (see below)


def branch_starts(segs):
    """Instants at which a branch starts (the stops that turn back, the
    imposed reversals)."""
    return [seg.t0 for seg in segs
            if seg.br is not None and seg.t0 > 0 and seg.a_ref == 0.0 and seg.fixed is None]


def without_starts(ts, starts, drow):
    keep = np.ones(len(ts), bool)
    for ta in starts:
        keep &= ~((ts > ta) & (ts < ta + SKIP_ROWS * drow + 1e-12))
    return keep


def matched_times(ts, segs, segs_other, t_end_other):
    """ts for the other run: a row at an event (a segment's end) goes to the
    other run's same event, so that a jump (eq. 2) is compared on its side."""
    ends = {seg.t1: k for k, seg in enumerate(segs)}
    out = []
    for t in ts:
        k = ends.get(t)
        out.append(segs_other[k].t1 if k is not None and k < len(segs_other) else t)
    return np.minimum(np.array(out), t_end_other)


def make_reference(name, outdir, dref=0.04, quiet=False):
    path, kt, ratio, form, p, t_end, revs, dt, ycol, cases = CASES[name]
    g, v0, segs, summ, rest = solve_case(name, RTOL_FINE)
    gc, _, segs_c, summ_c, rest_c = solve_case(name, RTOL_COARSE)
    t_run = summ["t"]
    drow = run_grid(segs, t_run, dt, 0.0)[1]
    starts = branch_starts(segs)
    ts_all = reference_times(segs, t_run, dref)
    keep = without_starts(ts_all, starts, drow)
    ts = ts_all[keep]
    fine = column_table(g, segs, rest, ts)
    coarse = column_table(gc, segs_c, rest_c, matched_times(ts, segs, segs_c, summ_c["t"]))
    every = column_table(g, segs, rest, ts_all)
    conv = {}
    resol = {c: 0.0 for c in COMPARED}
    resol_all = dict(resol)
    for c in COMPARED:
        conv[c] = np.max(np.abs(coarse[c] - fine[c])) / max(np.max(np.abs(fine[c])), 1e-300)
    for phase in (0.0, 0.25, 0.5, 0.75, 1.0):
        grid = run_grid(segs, t_run, dt, phase)[0]
        on_grid = column_table(g, segs, rest, grid)
        for c in COMPARED:
            scale = max(np.max(np.abs(fine[c])), 1e-300)
            resol[c] = max(resol[c], np.max(np.abs(steffen(grid, on_grid[c], ts) - fine[c]))
                           / scale)
            resol_all[c] = max(resol_all[c], np.max(
                np.abs(steffen(grid, on_grid[c], ts_all) - every[c])) / scale)
    ycols = ycol.split(",")
    tol = up1(max(1e-6, max(2 * (conv[c] + resol[c]) for c in ycols)))
    info = dict(g=g, v0=v0, segs=segs, summ=summ, summ_c=summ_c, ts=ts, fine=fine, conv=conv,
                resol=resol, resol_all=resol_all, tol=tol, drow=drow, starts=starts)
    if not quiet:
        print("%-18s %-7s %3d rev  t_run %.9g  conv %s  resol %s  tol %g" % (
            name, summ["outcome"], summ["reversals"], t_run,
            " ".join("%s=%.1e" % (c, conv[c]) for c in COMPARED),
            " ".join("%s=%.1e" % (c, resol[c]) for c in COMPARED), tol))
    write_csv(name, outdir, info)
    return info


FIGURE = {"fig1": "Fig. 1 (line path, rightward)", "fig3": "Fig. 3 (T* against t, leftward)",
          "fig4": "Fig. 4 (hysteresis at the stop)", "fig5": "Fig. 5 (imposed reversals)"}


def stands_for(name):
    path, kt, ratio, form, p, t_end, revs, dt, ycol, cases = CASES[name]
    items = ["body1.radius = %g" % COMMON["R"], "body1.nu = %g" % COMMON["nu"],
             "driver.path = " + path]
    if kt is not None:
        items.append("driver.k_tilde = %g" % kt)
    items += ["driver.h0 = %g" % COMMON["h0"], "driver.kn = %g" % COMMON["kn"],
              "driver.mass = %g" % COMMON["m"], "driver.mu = %g" % COMMON["mu"],
              "driver.friction = " + form]
    if form != "coulomb":
        items.append("driver.p = %.15g" % (p if p is not None else 1 / 3))
    items.append("driver.v0_over_vcrit = %g" % ratio)
    if revs:
        items.append("driver.reversal_times = " + ", ".join("%g" % x for x in revs))
    return "; ".join(items)


def outcome_text(info):
    summ, g = info["summ"], info["g"]
    o = summ["outcome"]
    if o == "passed":
        txt = "passes: leaves contact at t = %.10g s with v = %.10g m/s" % (summ["t"], summ["v"])
    elif o == "back":
        txt = "leaves through its entry at t = %.10g s" % summ["t"]
    elif o == "t_end":
        txt = "still in contact at t_end = %.10g s (s = %.10g m)" % (summ["t"], summ["s"])
    else:
        txt = "at rest from t = %.10g s at s = %.10g m" % (summ["t"], summ["s"])
    if summ["stops"]:
        t1, s1 = summ["stops"][0]
        txt += "; first stop t = %.10g s, s = %.10g m" % (t1, s1)
    txt += "; %d reversals" % summ["reversals"]
    if g.form != "coulomb":
        txt += ", %d branches capped at mu N" % summ["caps"]
    if o == "rest" and g.form != "coulomb":
        last = evaluate(g, info["segs"], None, summ["t"])
        txt += "; T* left at rest %.3g N (loops closed to %g du)" % (last[6], SETTLE)
    if o == "rest" and g.form == "coulomb":
        txt += " (static friction holds: |c_n| <= mu c_t; T* = 0 after, not tabulated)"
    return txt


def write_csv(name, outdir, info):
    path, kt, ratio, form, p, t_end, revs, dt, ycol, cases = CASES[name]
    g, conv, resol = info["g"], info["conv"], info["resol"]
    fig = FIGURE[name[:4]]
    vc = vcrit_line(COMMON["R"], COMMON["kn"], COMMON["mu"], COMMON["m"], COMMON["h0"])
    pth = "line y_c = %g m" % g.yc if path == "line" else \
        "eccentric circle k~ = %g (R~ = %.10g m, e~ = %.10g m)" % (kt, g.Rt, g.e)
    fr = {"coulomb": "Coulomb, slip neglected (Fig. 4c)",
          "eq2": "non-incremental eq. 2 at reversals, p = %.15g" % g.p,
          "eq3": "incremental eq. 3 at reversals, p = %.15g" % g.p}
    lines = [
        "Balevicius & Mroz (2014) Part II %s: %s, the sliding dynamics with hysteresis coded "
        "again by reference/analytic/seed003_sliding.py" % (fig, name),
        "for: cases/%s.case" % cases if cases.startswith("seed003_") and " " not in cases
        else "for: cases/" + cases,
        "model: m s'' = T* = N c_n + T c_t, N* = N c_t - T c_n, N = kn h^1.5; friction: %s; "
        "T_A = +sg mu N(s_A) (the extraction's sign corrected), du as printed after eq. 2"
        % fr[form],
        "inputs: R = 1 m, kn = 1 N/m^1.5, mu = 0.6, m = 1 kg, h0 = 0.1 m, nu = 0.3; %s "
        "(s_u = %.12g m); v0 = %g v_crit = %.12g m/s, v_crit (line, eq. 21) = %.12g m/s by "
        "quadrature%s%s" % (pth, g.su, ratio, info["v0"], vc,
                            "; speed reversed at t = " + ", ".join("%g" % x for x in revs) + " s"
                            if revs else "", "; t_end = %g s" % t_end if t_end else ""),
        "integrator: SciPy solve_ivp DOP853, rtol %g, atol scaled to each stretch; stops, exit, "
        "branch end and mu N cap located as events; branches in the offset s - s_A" % RTOL_FINE,
        "outcome: " + outcome_text(info),
        "convergence: rtol %g against %g, max |difference| / max |column|: %s" % (
            RTOL_COARSE, RTOL_FINE, ", ".join("%s %.2g" % (c, conv[c]) for c in COMPARED)),
        "resolution: the run's rows (every %.6g s, cwb_compare's Steffen interpolation) against "
        "this curve, computed here from this curve alone: %s; no rows within %d run rows after "
        "each of the %d reversals, where T rises as (t - t_A)^(2p) and the rows cannot follow "
        "(with them: %s %.2g)" % (info["drow"], ", ".join("%s %.2g" % (c, resol[c])
                                                          for c in COMPARED),
                                  SKIP_ROWS, len(info["starts"]), "T",
                                  info["resol_all"]["T"]),
        "stands for: " + stands_for(name),
        "tolerance: %g of max |column| (compared: %s): 2 (convergence + resolution) above, at "
        "least 1e-6 (the run's fixed RK4 step is not refined to round-off)" % (
            info["tol"], ycol.replace(",", ", ")),
        "independence: second-coding the paper's equations coded again from its text in Python "
        "(SciPy DOP853, located events, quadrature v_crit) apart from cwb's C (fixed-step RK4)",
    ]
    f = info["fine"]
    out = os.path.join(outdir, "seed003_%s.csv" % name)
    tmp = out + ".tmp"
    with open(tmp, "w") as fh:
        for ln in lines:
            fh.write("# " + ln + "\n")
        fh.write(made_line())  # last in the '#' block: a title's readers take its first lines
        units = dict(COLUMNS)
        fh.write(",".join("%s[%s]" % (c, units[c]) for c in OUT_COLS) + "\n")
        for i in range(len(info["ts"])):
            fh.write(",".join("%.10g" % (f[c][i] + 0.0) for c in OUT_COLS) + "\n")  # + 0.0: no -0
    os.replace(tmp, out)


def main(outdir):
    for name in CASES:
        make_reference(name, outdir)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

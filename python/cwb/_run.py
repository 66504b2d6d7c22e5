"""Whole runs through libcwb: run, sweep, batch and fit, in memory.

Each call is the command's (`cwb run`, `cwb sweep`, `cwb batch`, `cwb
fit`): the same code gives the same numbers bit for bit, with the same
checks and messages; nothing is printed and no file is written. Series and
columns are numpy arrays when numpy can be imported, lists of floats
otherwise.
"""
import collections.abc
import concurrent.futures
import ctypes
import math
import numbers
import re
import threading

from ._lib import (OK, PROGRESS, Cancelled, Error, Options, _raise, b, lib, message_buffer,
                   texts)

try:
    import numpy as _np
except ImportError:  # plain lists
    _np = None


def _array(ptr, n):
    if _np is not None:
        return _np.ctypeslib.as_array(ptr, shape=(n,)).copy() if n else _np.empty(0)
    return ptr[:n]


def _concat(parts):
    if _np is not None:
        return _np.concatenate(parts) if parts else _np.empty(0)
    return [x for part in parts for x in part]


def _text(value):
    """A value as a case file holds it: a float as the shortest text that
    reads back to the same double (repr), an integer in full, True/False as
    yes/no (the words of cwb's switches), anything else as str."""
    if isinstance(value, bool) or (_np is not None and isinstance(value, _np.bool_)):
        return "yes" if value else "no"
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        return repr(float(value))
    return str(value)


def _sets(set):
    """Overrides: a mapping {"section.key": value} or "section.key=value" texts."""
    if set is None:
        return []
    if isinstance(set, str):
        return [set]
    if isinstance(set, collections.abc.Mapping):
        return ["%s=%s" % (k, _text(v)) for k, v in set.items()]
    return [str(x) for x in set]


class _Progress:
    """The caller's progress(done, total) as libcwb's callback: True from
    it stops the call; an exception in it stops the call and is raised."""

    def __init__(self, fn, shared=None):
        self.fn, self.shared, self.error = fn, shared, None
        # no function: a NULL pointer
        self.c = PROGRESS(self._call) if fn is not None or shared is not None else PROGRESS()

    def _call(self, user, done, total):
        try:
            if self.shared is not None:
                return 1 if self.shared.step(self, done, total) else 0
            return 1 if self.fn(done, total) else 0
        except BaseException as e:  # raised again once the call has returned
            self.error = e
            return 1


def _check(rc, msg, progress=None):
    if progress is not None and progress.error is not None:
        raise progress.error
    if rc != OK:
        _raise(rc, msg)


class _Handle:
    """A cwb_api_result, freed when done."""

    def __init__(self):
        self.p = ctypes.c_void_p()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.p:
            lib.cwb_api_result_free(self.p)
            self.p = ctypes.c_void_p()


def _read_scalars(p):
    names, units, values = [], {}, {}
    for i in range(lib.cwb_api_result_scalar_count(p)):
        name = lib.cwb_api_result_scalar_name(p, i).decode()
        names.append(name)
        values[name] = lib.cwb_api_result_scalar(p, i)
        units[name] = lib.cwb_api_result_scalar_unit(p, i).decode()
    return values, units


def _read_table(p):
    rows = lib.cwb_api_result_rows(p)
    columns, units = {}, {}
    for j in range(lib.cwb_api_result_column_count(p)):
        name = lib.cwb_api_result_column_name(p, j).decode()
        if name in columns:  # a sweep's result named as its varied key: the key's
            continue
        columns[name] = _array(lib.cwb_api_result_column(p, j), rows)
        units[name] = lib.cwb_api_result_column_unit(p, j).decode()
    return rows, columns, units


def _read_common(p):
    warnings = [lib.cwb_api_result_warning(p, i).decode()
                for i in range(lib.cwb_api_result_warning_count(p))]
    verdict = lib.cwb_api_result_verdict(p).decode() or None
    return warnings, verdict


class RunResult(collections.abc.Mapping):
    """One run: a mapping of the named scalars (result["restitution_normal"]),
    with

      units         {name: unit}, "-" for a dimensionless one
      series        {column: array}, the run's table (the command's CSV)
      series_units  {column: unit}
      warnings      [text], what the command prints as warnings
      verdict       the comparison with the case's reference against its
                    tolerance ("PASS", "FAIL", ...), None when none
    A scalar that is not a number (JSON's null) is NaN."""

    def __init__(self, p):
        self.scalars, self.units = _read_scalars(p)
        _, self.series, self.series_units = _read_table(p)
        self.warnings, self.verdict = _read_common(p)

    def __getitem__(self, name):
        return self.scalars[name]

    def __iter__(self):
        return iter(self.scalars)

    def __len__(self):
        return len(self.scalars)

    def __repr__(self):
        shown = ", ".join("%s=%.6g" % (k, v) for k, v in list(self.scalars.items())[:4])
        return "RunResult(%s, ... %d scalars, %d series)" % (shown, len(self.scalars),
                                                             len(self.series))


def run(case, set=None, name=None):
    """Run a case file: `cwb run CASE --set ...` in memory.

    case  the path of a case file, or the text of one (a str holding a
          newline); name then stands for its path: messages name it, its
          relative paths are read from its folder (default "case.case": the
          working directory)
    set   overrides, {"section.key": value} or ["section.key=value", ...];
          each checked as the case file's keys are

    Returns a RunResult (a mapping of the named scalars). Raises cwb.Error
    for input the command refuses (the message names FILE:LINE), cwb.Failed
    when the run fails.
    """
    sets = _sets(set)
    msg = message_buffer()
    with _Handle() as h:
        if isinstance(case, str) and "\n" in case:
            rc = lib.cwb_api_run_text(b(name or "case.case"), b(case), texts(sets), len(sets),
                                      ctypes.byref(h.p), msg, len(msg))
        else:
            rc = lib.cwb_api_run(b(case), texts(sets), len(sets), ctypes.byref(h.p), msg, len(msg))
        _check(rc, msg)
        return RunResult(h.p)


class Table(collections.abc.Mapping):
    """The rows of a sweep (one per value) or a batch (one per sample): a
    mapping of column name to array (table["restitution_normal"]), with

      units     {column: unit}
      status    [int] per row: 0 when it ran, else cwb's status of its failure
      messages  [str] per row: why it failed ("" when it ran)
      scalars   {name: value}: a sweep's counts and deviations from its
                references (ref_max_rel_error_Y ...)
      warnings  [text]
      verdict   the sweep's comparison with its references, None when none
    A row that failed holds NaN."""

    def __init__(self, p, rows=None):
        self.rows, self.columns, self.units = _read_table(p)
        n = self.rows if rows is None else rows
        self.status = [lib.cwb_api_result_row_status(p, i) for i in range(n)]
        self.messages = [lib.cwb_api_result_row_message(p, i).decode() for i in range(n)]
        self.scalars, _ = _read_scalars(p)
        self.warnings, self.verdict = _read_common(p)

    def __getitem__(self, name):
        return self.columns[name]

    def __iter__(self):
        return iter(self.columns)

    def __len__(self):
        return len(self.columns)

    @property
    def failed(self):
        """The indices of the rows that failed."""
        return [i for i, s in enumerate(self.status) if s != OK]

    def __repr__(self):
        return "Table(%d rows, columns %s, %d failed)" % (self.rows, ", ".join(self.columns),
                                                          len(self.failed))


def _vary(vary):
    if vary is None or isinstance(vary, str):
        return vary
    key, lo, hi, n, *scale = vary
    return "%s=%s:%s:%d%s" % (key, _text(lo), _text(hi), n, ":" + scale[0] if scale else "")


def sweep(case, vary=None, set=None, progress=None, dt_reuse=False):
    """Run a case once per value of one key: `cwb sweep CASE --vary ...`.

    vary      "section.key=FROM:TO:N[:log]" or (key, from, to, n[, "log"]);
              None: the case's [sweep] section
    set       overrides applied to every value (see run)
    progress  progress(done, total) called before each value; return True
              to stop (cwb.Cancelled is raised)
    dt_reuse  dt = auto from the neighbouring value (`--dt-reuse`): each
              checked at the step the last fully refined one accepted

    Returns a Table: the varied key, then every result some value defines,
    one row per value, as the command's NAME_sweep.csv (a result named as
    the varied key, impact_angle_deg of an angle sweep, is the key's
    column: the value set).
    """
    sets, msg, prog = _sets(set), message_buffer(), _Progress(progress)
    with _Handle() as h:
        opt = Options(dt_reuse=1 if dt_reuse else 0)
        rc = lib.cwb_api_sweep_with(b(case), texts(sets), len(sets), b(_vary(vary)),
                                    ctypes.byref(opt), prog.c, None, ctypes.byref(h.p), msg,
                                    len(msg))
        _check(rc, msg, prog)
        return Table(h.p)


def _samples(samples):
    """The table of samples as (keys, rows of texts) from a mapping of
    key to a sequence of values, or a sequence of mappings key to value."""
    if isinstance(samples, collections.abc.Mapping):
        keys = list(samples)
        columns = [list(samples[k]) for k in keys]
        n = len(columns[0]) if columns else 0
        for k, col in zip(keys, columns):
            if len(col) != n:
                raise Error("samples: column %s has %d values, %s has %d" % (k, len(col), keys[0],
                                                                            n))
        return keys, [[_text(col[i]) for col in columns] for i in range(n)]
    rows = list(samples)
    keys = list(rows[0]) if rows else []
    out = []
    for i, row in enumerate(rows):
        if list(row) != keys:
            raise Error("samples:%d: keys %s, sample 0 has %s" % (i, ", ".join(row),
                                                                 ", ".join(keys)))
        out.append([_text(row[k]) for k in keys])
    return keys, out


class _SharedProgress:
    """Progress of a batch split among threads: one count, one caller's
    function (called by one thread at a time), one stop for all."""

    def __init__(self, fn, total):
        self.fn, self.total, self.lock, self.stop = fn, total, threading.Lock(), False
        self.done = {}

    def step(self, part, done, total):
        with self.lock:
            self.done[id(part)] = done
            if not self.stop and self.fn is not None:
                try:
                    self.stop = bool(self.fn(sum(self.done.values()), self.total))
                except BaseException:
                    self.stop = True
                    raise
            return self.stop


_SAMPLE_AT = re.compile(r"^samples:(\d+):")


def _batch_part(case, sets, keys, rows, results, prog, first, dt_reuse=False):
    """One batch call over rows (the samples from index first on)."""
    values = [v for row in rows for v in row]
    msg = message_buffer()
    opt = Options(dt_reuse=1 if dt_reuse else 0)
    with _Handle() as h:
        rc = lib.cwb_api_batch_with(b(case), texts(sets), len(sets), texts(keys), len(keys),
                                    texts(values), len(rows), b(results), ctypes.byref(opt),
                                    prog.c, None, ctypes.byref(h.p), msg, len(msg))
        if prog.error is None and rc != OK and first:  # the table's index, not the part's
            text = _SAMPLE_AT.sub(lambda m: "samples:%d:" % (int(m.group(1)) + first),
                                  msg.value.decode(errors="replace"))
            _raise(rc, text)
        _check(rc, msg, prog)
        return Table(h.p, len(rows))


def batch(case, samples, set=None, results=None, progress=None, jobs=1, dt_reuse=False):
    """Run a case once per sample: `cwb batch CASE --samples TABLE.csv` with
    the table in memory.

    samples   {"section.key": [values]} (equal lengths) or
              [{"section.key": value, ...}, ...]; every sample is checked
              before anything runs (a refusal names "samples:K: ...", K the
              sample's index from 0)
    set       overrides applied before each sample's values
    results   result names to keep ("restitution_normal,contact_time" or a
              list); None: every scalar the first sample reports
    progress  progress(done, total) before each sample; True stops
    jobs      threads running parts of the table at once (libcwb runs
              different calls in different threads; the rows are the same
              whatever jobs, but with dt_reuse)
    dt_reuse  dt = auto from the neighbouring sample (`cwb batch
              --dt-reuse`): a sample checked at the step the last fully
              refined one of its part accepted; each part has its own

    Returns a Table: one column per result (with its unit), one row per
    sample, in the table's order; .inputs holds the samples' values.
    """
    keys, rows = _samples(samples)
    sets = _sets(set)
    if results is not None and not isinstance(results, str):
        results = ",".join(results)
    jobs = max(1, min(int(jobs), len(rows) or 1))
    if jobs == 1:
        prog = _Progress(progress)
        table = _batch_part(case, sets, keys, rows, results, prog, 0, dt_reuse)
    else:
        table = _batch_threads(case, sets, keys, rows, results, progress, jobs, dt_reuse)
    table.inputs = {k: [row[j] for row in rows] for j, k in enumerate(keys)}
    return table


def _batch_threads(case, sets, keys, rows, results, progress, jobs, dt_reuse=False):
    if results is None:  # every part keeps the results of the table's sample 0
        first = _batch_part(case, sets, keys, rows[:1], None, _Progress(None), 0)
        results = ",".join(first.columns)
    shared = _SharedProgress(progress, len(rows))
    bounds = [len(rows) * k // jobs for k in range(jobs + 1)]
    parts = [(bounds[k], bounds[k + 1], _Progress(None, shared)) for k in range(jobs)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_batch_part, case, sets, keys, rows[a:z], results, prog, a,
                               dt_reuse) for a, z, prog in parts]
        concurrent.futures.wait(futures, return_when=concurrent.futures.FIRST_EXCEPTION)
        if any(f.done() and f.exception() for f in futures):
            shared.stop = True  # the other parts stop before their next sample
        errors = [f.exception() for f in futures]
    # the first error of the table that is not the stop it caused in the others
    raised = [e for e in errors if e is not None]
    if raised:
        raise next((e for e in raised if not isinstance(e, Cancelled)), raised[0])
    done = [f.result() for f in futures]
    table = done[0]
    for name in table.columns:
        table.columns[name] = _concat([t.columns[name] for t in done])
    table.rows = len(rows)
    table.status = [s for t in done for s in t.status]
    table.messages = [m for t in done for m in t.messages]
    table.warnings = [w for t in done for w in t.warnings]
    return table


class FitResult:
    """A fit: the fitted values, their standard errors and covariance.

      names       [key], the fitted parameters in the fit's order
      params      {key: value}
      stderr      {key: standard error} (NaN when undefined: as many points
                  as keys)
      covariance  names x names (numpy array, or lists): the models that fit
                  case keys (run, scalar) give it whole, the others the
                  variances on the diagonal and NaN elsewhere
      r_squared   R^2 of the fit (NaN when undefined)
      scalars     every number the fit reports, by name
      table       {column: array}: the points, the fitted curve, the residual
      table_units {column: unit}
      warnings    [text]
    """

    def __init__(self, p):
        n = lib.cwb_api_result_param_count(p)
        self.names = [lib.cwb_api_result_param_name(p, i).decode() for i in range(n)]
        self.params = {k: lib.cwb_api_result_param_value(p, i) for i, k in enumerate(self.names)}
        self.stderr = {k: lib.cwb_api_result_param_stderr(p, i) for i, k in enumerate(self.names)}
        cov = [[lib.cwb_api_result_covariance(p, i, j) for j in range(n)] for i in range(n)]
        self.covariance = _np.array(cov).reshape(n, n) if _np is not None else cov
        self.scalars, _ = _read_scalars(p)
        self.r_squared = self.scalars.get("r_squared", math.nan)
        _, self.table, self.table_units = _read_table(p)
        self.warnings, _ = _read_common(p)

    def __repr__(self):
        shown = ", ".join("%s=%.10g+-%.3g" % (k, self.params[k], self.stderr[k])
                          for k in self.names)
        return "FitResult(%s, R^2=%.6g)" % (shown, self.r_squared)


def fit(fitcase, out=None, progress=None):
    """Fit a fit-case: `cwb fit FITCASE` in memory.

    out       a folder for the command's table (NAME_fit.csv; no plot), or
              None to write nothing
    progress  progress(runs, 0) before each run of the case; True stops

    Returns a FitResult.
    """
    msg, prog = message_buffer(), _Progress(progress)
    with _Handle() as h:
        rc = lib.cwb_api_fit(b(fitcase), b(out), prog.c, None, ctypes.byref(h.p), msg, len(msg))
        _check(rc, msg, prog)
        return FitResult(h.p)


__all__ = ["run", "sweep", "batch", "fit", "RunResult", "Table", "FitResult"]

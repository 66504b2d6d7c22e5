"""json_contract.py FILE COMMAND -- one `cwb COMMAND --json` answer against
the contract of doc/outputs.md, with Python's json module (a parser cwb does
not share). Exit status 0 when it holds, 1 with the first breach on stderr.

Every answer: one JSON object, no NaN or Infinity, no key twice in an
object; "schema" cwb/1, "command", "cwb" and "commit"; "warnings" (texts)
and "undefined". A failure's answer adds "error" (the message) and "exit"
(1, 2 or 3) and nothing else is required of it. Every null is listed in the "undefined" of the object
holding it (a null inside an array by the array's key) and every name
listed there holds a null: exactly the nulls. Results carry units: a run's
every numeric key, a sweep's and a batch's every row column, a fit's every
parameter (with its standard error; its fits with a square covariance).
"""
import json
import sys


class Breach(Exception):
    pass


def ensure(ok, what):
    if not ok:
        raise Breach(what)


def no_constant(name):
    raise Breach("non-standard constant " + name)


def no_duplicates(pairs):
    keys = [k for k, _ in pairs]
    dup = {k for k in keys if keys.count(k) > 1}
    ensure(not dup, "a key twice in one object: %s" % sorted(dup))
    return dict(pairs)


def holds_null(v):
    return v is None or (isinstance(v, list) and any(holds_null(e) for e in v))


def check_undefined(v, where, top=False):
    """Each object lists exactly its null-holding keys in "undefined"."""
    if isinstance(v, list):
        for i, e in enumerate(v):
            check_undefined(e, "%s[%d]" % (where, i))
        return
    if not isinstance(v, dict):
        return
    nulls = sorted(k for k, e in v.items() if k != "undefined" and holds_null(e))
    ensure(not top or "undefined" in v, "%s: no \"undefined\"" % where)
    listed = v.get("undefined", [])
    ensure(isinstance(listed, list) and all(isinstance(k, str) for k in listed),
           "%s: \"undefined\" is not a list of names" % where)
    ensure(len(set(listed)) == len(listed), "%s: a name twice in \"undefined\"" % where)
    ensure(sorted(listed) == nulls, "%s: \"undefined\" lists %s, the nulls are %s"
           % (where, sorted(listed), nulls))
    for k, e in v.items():
        if k != "undefined":
            check_undefined(e, "%s.%s" % (where, k))


def numeric_keys(d, skip=()):
    return {k for k, v in d.items()
            if k not in skip and (v is None or (isinstance(v, (int, float))
                                                and not isinstance(v, bool)))}


def check_units(d, command):
    if command == "run":
        units = d["units"]
        ensure(numeric_keys(d) == set(units), "run: results %s, units %s"
               % (sorted(numeric_keys(d) ^ set(units)), "differ"))
    elif command in ("sweep", "batch"):
        units = d["units"]
        ensure(isinstance(d["rows"], list) and d["rows"], "%s: no rows" % command)
        for i, row in enumerate(d["rows"]):
            keys = numeric_keys(row, skip=("sample",))
            ensure(keys <= set(units), "%s row %d: no unit for %s"
                   % (command, i, sorted(keys - set(units))))
            ensure(row["status"] in ("ok", "failed"), "%s row %d: status" % (command, i))
        if command == "sweep":
            ensure(set(units) == numeric_keys(d["rows"][0]), "sweep: units and columns differ")
    elif command == "fit":
        params = d["parameters"]
        ensure(params, "fit: no parameters")
        for name, p in params.items():
            ensure(set(p) >= {"value", "stderr", "unit"}, "fit: %s lacks value/stderr/unit" % name)
            ensure(isinstance(p["unit"], str) and p["unit"], "fit: %s has no unit" % name)
        for i, f in enumerate(d["fits"]):
            n = len(f["parameters"])
            ensure(all(q in params for q in f["parameters"]), "fit: fits[%d] names" % i)
            ensure(len(f["covariance"]) == n and all(len(r) == n for r in f["covariance"]),
                   "fit: fits[%d]: covariance not %d x %d" % (i, n, n))
            ensure("r_squared" in f and "points" in f, "fit: fits[%d]: r_squared, points" % i)
        ensure(len(d["fits"]) != 1 or "r_squared" in d, "fit: one fit and no r_squared")
    elif command == "describe":
        for item in d.get("items", []):
            for p in item.get("parameters", []):
                ensure(isinstance(p["unit"], str) and p["unit"], "describe: %s has no unit"
                       % p.get("name"))
        ensure("items" in d or "topics" in d, "describe: no items nor topics")
    elif command == "laws":
        ensure(isinstance(d["laws"], dict) and d["laws"], "laws: no laws")
    elif command == "cite":
        ensure(d["works"] and all({"key", "citation"} <= set(w) for w in d["works"]),
               "cite: works")
    elif command == "verify":
        ensure(set(d["counts"]) >= {"cases", "pass", "fail", "errors"}, "verify: counts")
        ensure(len(d["cases"]) == d["counts"]["cases"], "verify: cases and counts differ")


def check(path, command):
    with open(path) as f:
        d = json.load(f, parse_constant=no_constant, object_pairs_hook=no_duplicates)
    ensure(isinstance(d, dict), "not one object")
    ensure(d.get("schema") == "cwb/1", "schema %r" % d.get("schema"))
    ensure(d.get("command") == command, "command %r" % d.get("command"))
    ensure(isinstance(d.get("cwb"), str) and isinstance(d.get("commit"), str), "cwb, commit")
    ensure(isinstance(d.get("warnings"), list)
           and all(isinstance(w, str) for w in d["warnings"]), "warnings")
    if "error" in d:
        # a failure's answer: the message on stderr and the exit status
        ensure(isinstance(d["error"], str) and d["error"], "error")
        ensure(d.get("exit") in (1, 2, 3), "exit %r" % d.get("exit"))
        check_undefined(d, command, top=True)
        return
    if command in ("run", "sweep", "batch", "fit", "verify"):
        ensure(isinstance(d.get("output_dir"), str), "output_dir")
    check_undefined(d, command, top=True)
    check_units(d, command)


if __name__ == "__main__":
    try:
        check(sys.argv[1], sys.argv[2])
    except (Breach, KeyError, ValueError, TypeError) as e:
        sys.stderr.write("%s %s: %s: %s\n" % (sys.argv[2], sys.argv[1], type(e).__name__, e))
        sys.exit(1)

#!/usr/bin/python3
"""Write doc/figure-index.md, the status of every item of cwb's sources, from data.

usage: tools/figure-index.py TABLE.tsv REPORT.json OUT.md   (from the repository root)

TABLE.tsv is doc/figure-index.tsv (its header says what the columns hold); REPORT.json is the
machine output of `cwb verify` (make docs writes build/verify-docs/report.json), from which each
listed case's verdict and deviation is taken. The page is written to a temporary name and renamed.
Stops with exit status 2 and a message naming the row when the table contradicts itself or the
cases: an unknown source or status, a case that is not in cases/, a row without cases and without
a status, a row whose cases have no verdict and no status, "reproduced" with neither a PASS case
nor a test named in its evidence, a case of a source that no row lists.
An item whose cases draw a published curve or a measurement (a comparison drawn beside the judged
one, "not judged") that misses that reference's own tolerance is not "reproduced", whatever its
verdicts or its status column say: it is "partial", and the page lists those comparisons in its
evidence (the published curve is the figure; a PASS against a closed form that covers part of it
does not make the figure reproduced).
tests/test_references.c runs it on cwb verify's output and compares the page with the committed
one (make docs rewrites it).
"""
import json
import os
import sys

SOURCES = {  # key: heading (the prefix of its case names is the key + "_", seeds: "seed00N_")
    "seed000": "Seed 000: A semianalytical Hertzian frictional contact model in 2D (2020)",
    "seed001": "Seed 001: MUSEN documentation, Hertz-Mindlin with rolling friction",
    "seed002": "Seed 002: Woo DEM documentation, the linear (Cundall) law",
    "seed003": "Seed 003: Balevičius & Mróz, finite sliding of two spheres, part II",
    "seed004": "Seed 004: Rathbone, PhD thesis (elastic-plastic normal and tangential laws)",
    "chung_ooi": "Chung & Ooi (2011): benchmark tests for DEM codes",
}
# The reference classes that stand for the figure itself (the published curve, the experiment it
# shows): a comparison with one of them over its tolerance keeps the item from "reproduced".
FIGURE_CLASSES = ("published", "measured")
STATUSES = ("reproduced", "model comparison", "partial", "not reproduced", "out of scope")
MEANING = {
    "reproduced": "a shipped case, an independent reference and a PASS verdict (or, for numbers "
    "that are not a curve, a test that asserts them), and no published curve or measurement its "
    "cases draw is missed by more than that reference's own tolerance",
    "model comparison": "a shipped case draws the item against another model or an FEM and "
    "prints the deviation; no verdict (the deviation is the result)",
    "partial": "part of the item is reproduced (some angles, loads or constants), or it is "
    "drawn without an independent reference, or its cases pass but a published curve or "
    "measurement they draw is missed by more than its own tolerance (listed in the evidence)",
    "not reproduced": "tried and not recovered, or no run of its inputs exists: the evidence says "
    "which",
    "out of scope": "schematics, photographs, input tables and many-particle simulations: "
    "nothing a single-contact workbench reproduces",
}


class TableError(Exception):
    pass


def read_table(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for no, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#") or line.startswith("source\t"):
                continue
            cells = line.split("\t")
            if len(cells) != 5:
                raise TableError("%s:%d: %d columns, 5 expected (source, item, cases, status, "
                                 "evidence)" % (path, no, len(cells)))
            source, item, cases, status, evidence = (c.strip() for c in cells)
            if source not in SOURCES:
                raise TableError("%s:%d: source = %s: one of %s" % (path, no, source,
                                                                   ", ".join(SOURCES)))
            if status and status not in STATUSES:
                raise TableError("%s:%d: status = %s: empty or one of %s" %
                                 (path, no, status, ", ".join(STATUSES)))
            names = cases.split()
            for name in names:
                if not (os.path.exists("cases/%s.case" % name) or
                        os.path.exists("cases/%s.fit" % name)):
                    raise TableError("%s:%d: case %s: no cases/%s.case or .fit" %
                                     (path, no, name, name))
            if not names and not status:
                raise TableError("%s:%d: %s: no cases and no status" % (path, no, item))
            rows.append({"no": no, "source": source, "item": item, "cases": names,
                         "status": status, "evidence": evidence})
    return rows


def read_verdicts(path):
    with open(path, encoding="utf-8") as f:
        report = json.load(f)
    found = {}
    for case in report["cases"]:
        dev = case["deviations"][0] if case["deviations"] else {}
        found[case["name"]] = {"verdict": case["verdict"], "plot": case["plot"],
                               "max_rel": dev.get("max_rel"), "tolerance": dev.get("tolerance"),
                               "deviations": case["deviations"]}
    return found


def missed_figures(row, verdicts):
    """The comparisons of the row's cases with a published curve or a measurement whose deviation
    exceeds that reference's own tolerance: (case, deviation) pairs."""
    missed = []
    for name in row["cases"]:
        for dev in verdicts.get(name, {}).get("deviations", []):
            tol, dmax = dev.get("tolerance"), dev.get("max_rel")
            if (dev.get("independence") in FIGURE_CLASSES and tol is not None and
                    dmax is not None and dmax > tol):
                missed.append((name, dev))
    return missed


def missed_text(missed):
    """The evidence the page adds for them: each deviation against its tolerance."""
    parts = ["%s %s vs %s: max %s > tolerance %s" % (
        name, dev["y"], os.path.splitext(os.path.basename(dev["reference"]))[0],
        short(dev["max_rel"]), short(dev["tolerance"])) for name, dev in missed]
    return ("Over their own tolerance (published or measured, drawn, not judged): " +
            "; ".join(parts) + ".")


def status_of(row, verdicts, path):
    status = verdict_status(row, verdicts, path)
    if status == "reproduced" and row["missed"]:
        return "partial"  # the figure's own curve is missed: the PASS covers part of it
    return status


def verdict_status(row, verdicts, path):
    judged = [verdicts[c]["verdict"] for c in row["cases"] if c in verdicts]
    for c in row["cases"]:
        if c in verdicts and judged and verdicts[c]["verdict"] not in ("PASS", "FAIL",
                                                                       "model comparison"):
            raise TableError("%s:%d: case %s: verdict '%s' (cwb verify must compare every "
                             "shipped case)" % (path, row["no"], c, verdicts[c]["verdict"]))
    if row["status"]:
        if (row["status"] == "reproduced" and "PASS" not in judged and
                "tests/" not in row["evidence"]):
            raise TableError("%s:%d: %s: 'reproduced' needs a PASS case or a test in its evidence"
                             % (path, row["no"], row["item"]))
        return row["status"]
    if not judged:
        raise TableError("%s:%d: %s: none of its cases has a verdict: give a status" %
                         (path, row["no"], row["item"]))
    if "FAIL" in judged:
        return "not reproduced"
    if all(v == "PASS" for v in judged):
        return "reproduced"
    if all(v == "model comparison" for v in judged):
        return "model comparison"
    return "partial"


def check_complete(rows, verdicts, path):
    listed = {c for row in rows for c in row["cases"]}
    missing = sorted(name for name in verdicts
                     if (name.startswith("seed00") or name.startswith("chung_ooi_")) and
                     name not in listed)
    if missing:
        raise TableError("%s: cases of the sources that no row lists: %s" %
                         (path, " ".join(missing)))


def short(x):
    return "%.3g" % x if x is not None else "?"


def case_cell(names, verdicts):
    parts = []
    for name in names:
        v = verdicts.get(name)
        if v is None:
            parts.append("[%s](../cases/%s) (no verdict)" % (
                name, name + (".case" if os.path.exists("cases/%s.case" % name) else ".fit")))
        elif v["verdict"] == "PASS":
            parts.append("[%s](../plots/%s.png) PASS %s ≤ %s" % (
                name, v["plot"], short(v["max_rel"]), short(v["tolerance"])))
        else:
            parts.append("[%s](../plots/%s.png) %s %s" % (name, v["plot"], v["verdict"],
                                                          short(v["max_rel"])))
    return "<br>".join(parts)


def cell(text):
    return text.replace("|", "\\|")


def write_page(out, rows, verdicts):
    counts = {s: {t: 0 for t in STATUSES} for s in SOURCES}
    for row in rows:
        counts[row["source"]][row["computed"]] += 1
    lines = [
        "# The figures index: every item of the sources and its status",
        "",
        "Written by `tools/figure-index.py` from [figure-index.tsv](figure-index.tsv) (one row "
        "per figure, table or stated number) and the verdicts of `cwb verify` (`make docs`); "
        "edit the table, not this page. A case's verdict and largest deviation (relative to max "
        "\\|ref\\|) are [figures.md](figures.md)'s; what was measured besides is in "
        "[verification-cases.md](verification-cases.md).",
        "",
        "Status:",
        "",
    ]
    lines += ["- **%s**: %s" % (s, MEANING[s]) for s in STATUSES]
    lines += ["", "| source | " + " | ".join(STATUSES) + " | items |",
              "|---|" + "---|" * (len(STATUSES) + 1)]
    for s in SOURCES:
        n = [counts[s][t] for t in STATUSES]
        lines.append("| %s | %s | %d |" % (s, " | ".join(str(k) for k in n), sum(n)))
    total = [sum(counts[s][t] for s in SOURCES) for t in STATUSES]
    lines.append("| all | %s | %d |" % (" | ".join(str(k) for k in total), sum(total)))
    for s, heading in SOURCES.items():
        lines += ["", "## " + heading, "", "| item | status | cases (verdict, deviation) | "
                  "evidence |", "|---|---|---|---|"]
        for row in (r for r in rows if r["source"] == s):
            evidence = row["evidence"]
            if row["missed"]:
                evidence = evidence.rstrip(". ")
                evidence += (". " if evidence else "") + missed_text(row["missed"])
            lines.append("| %s | %s | %s | %s |" % (cell(row["item"]), row["computed"],
                                                    case_cell(row["cases"], verdicts),
                                                    cell(evidence)))
    tmp = out + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(tmp, out)


def main(argv):
    if len(argv) != 4:
        sys.stderr.write("usage: tools/figure-index.py TABLE.tsv REPORT.json OUT.md\n")
        return 2
    table, report, out = argv[1:]
    try:
        rows = read_table(table)
        verdicts = read_verdicts(report)
        for row in rows:
            row["missed"] = missed_figures(row, verdicts)
            row["computed"] = status_of(row, verdicts, table)
        check_complete(rows, verdicts, table)
    except TableError as e:
        sys.stderr.write("figure-index: %s\n" % e)
        return 2
    except (OSError, ValueError, KeyError) as e:
        sys.stderr.write("figure-index: %s\n" % e)
        return 2
    write_page(out, rows, verdicts)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

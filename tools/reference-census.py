#!/usr/bin/env python3
"""Write the census of the reference CSVs into doc/verification-cases.md.

Every CSV under reference/ says how independent of cwb it is in a
"# independence: CLASS reason" line (src/io/compare.c reads the class up to
the first blank, ';' or ','; the census wants the blank, so that a class is
spelt one way: "closed-form;" is refused). How many there are of each class is
data, so `make docs` writes the census from those lines, between the page's
two census markers, instead of a hand counting them (the hand count said 163
when there were 354). A CSV with no such line, or with a class compare.c
does not know, stops the census: it names the file.

usage: reference-census.py REFERENCE_DIR PAGE
"""
import os
import re
import sys
import textwrap

# compare.c's independence_words, in the order the census lists them, with
# the words the census counts them in (singular, plural)
CLASSES = [
    ("closed-form", "closed form", "closed forms"),
    ("quadrature", "quadrature", "quadratures"),
    ("fem", "FEM table", "FEM tables (gmsh + CalculiX; GetFEM for some shear studies)"),
    ("published", "published curve", "published curves"),
    ("measured", "measurement", "measurements"),
    ("second-coding", "**second coding**", "**second codings**"),
]
BEGIN = "<!-- reference census: written by tools/reference-census.py (make docs) -->"
END = "<!-- end of the reference census -->"
FIELD = re.compile(r"^#\s*independence:\s*(\S*)")


def independence(path):
    """The class of the CSV at path, or None when it states none."""
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if not line.startswith("#"):
                return None  # the header row: the provenance lines are over
            m = FIELD.match(line)
            if m:
                return m.group(1)
    return None


def census(root):
    """{class: [paths]} of every CSV under root, sorted; exits naming a CSV
    without a known class."""
    known = {c[0] for c in CLASSES}
    found, bad = {c[0]: [] for c in CLASSES}, []
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files):
            if not name.endswith(".csv"):
                continue
            path = os.path.join(folder, name)
            word = independence(path)
            if word in known:
                found[word].append(path)
            else:
                bad.append("%s: %s" % (path, "no '# independence:' line" if word is None
                                       else "independence '%s' is not a class" % word))
    if bad:
        sys.exit("reference-census: " + "\n  ".join(bad))
    return found


def count_words(n, singular, plural):
    return "%d %s" % (n, singular if n == 1 else plural)


def second_codings(paths, root):
    """The second codings by folder: `reference/analytic/`: a, b; ..."""
    by_folder = {}
    for p in paths:
        by_folder.setdefault(os.path.dirname(p), []).append(os.path.basename(p)[:-4])
    return "; ".join("`%s/`: %s" % (d, ", ".join(names)) for d, names in sorted(by_folder.items()))


def text(found, root):
    total = sum(len(v) for v in found.values())
    parts = [count_words(len(found[c]), s, p) for c, s, p in CLASSES]
    listed = ", ".join(parts[:-1]) + " and " + parts[-1]
    para = ("Of the %d reference CSVs under `%s/` (counted by `make docs` from their "
            "`# independence:` lines): %s — re-codings of the equations cwb implements, or another "
            "code stepping the same scheme (%s)."
            % (total, root, listed, second_codings(found["second-coding"], root)))
    return textwrap.fill(para, width=100, break_long_words=False, break_on_hyphens=False) + "\n"


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    root, page = argv[1].rstrip("/"), argv[2]
    new_text = text(census(root), root)
    page_text = open(page, encoding="utf-8").read()
    start, end = page_text.find(BEGIN), page_text.find(END)
    if start < 0 or end < start:
        sys.exit("reference-census: %s: no census markers (%s ... %s)" % (page, BEGIN, END))
    new = page_text[:start + len(BEGIN)] + "\n" + new_text + page_text[end:]
    if new != page_text:
        open(page, "w", encoding="utf-8").write(new)
    print("reference-census: %s: %s" % (page, new_text.splitlines()[0]))


if __name__ == "__main__":
    main(sys.argv)

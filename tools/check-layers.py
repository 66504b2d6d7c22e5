#!/usr/bin/env python3
"""check-layers.py -- hold the objects of cwb to the layers of src/README.md.

    python3 tools/check-layers.py README OBJECT...

README is src/README.md: its table of layers says, per folder, which
folders its code may call (column "may call") and whose headers it may
include (column "may include"; the folders it may call, and the ones named
here for a type alone). Each OBJECT is build/obj/LAYER/...o (the layer is
the folder under obj/). Two things are checked:

  - symbols: every undefined symbol of an object (nm -u) that another object
    defines is an edge from the user's layer to the definer's; it must be
    allowed by "may call";
  - includes: every #include "X" of a source of src/LAYER/ names a header of
    some folder of src/ (or include/cwb/, the api's): it must be that layer's
    own or one "may include" allows.

Prints each edge that is not allowed, with the symbols or headers that make
it, and exits 1; prints a one-line summary and exits 0 when all are.
"""
import os
import re
import subprocess
import sys


def layer_table(readme):
    """{layer: (may_call set, may_include set)} from the README's table."""
    rows, head = {}, None
    with open(readme, encoding="utf-8") as f:
        for line in f:
            if not line.startswith("|"):
                continue
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if head is None:
                head = [c.lower() for c in cells]
                continue
            if set(cells[0]) <= set("-: "):
                continue
            name = re.findall(r"`([a-z]+)/`", cells[0])
            if not name:
                continue
            row = dict(zip(head, cells))
            call = set(re.findall(r"`([a-z]+)/`", row.get("may call", "")))
            inc = set(re.findall(r"`([a-z]+)/`", row.get("may include", ""))) | call
            rows[name[0]] = (call, inc)
    if not rows:
        sys.exit("check-layers: no table of layers in %s" % readme)
    return rows


def layer_of(obj):
    parts = os.path.normpath(obj).split(os.sep)
    return parts[parts.index("obj") + 1] if "obj" in parts else None


def symbols(obj):
    out = subprocess.run(["nm", obj], capture_output=True, text=True, check=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        f = line.split()
        if len(f) == 2 and f[0] == "U":
            undefined.add(f[1])
        elif len(f) == 3 and f[1] in "TDRBCGSVW":
            defined.add(f[2])
    return defined, undefined


def symbol_edges(objs):
    defs, uses = {}, {}
    for o in objs:
        d, u = symbols(o)
        uses[o] = u
        for s in d:
            defs.setdefault(s, o)
    edges = {}
    for o, u in uses.items():
        for s in u:
            if s in defs and layer_of(defs[s]) != layer_of(o):
                key = (layer_of(o), layer_of(defs[s]))
                edges.setdefault(key, set()).add("%s -> %s: %s" % (
                    os.path.basename(o), os.path.basename(defs[s]), s))
    return edges


def include_edges(src, layers):
    home = {}  # header name -> layer
    for layer in layers:
        for name in os.listdir(os.path.join(src, layer)):
            if name.endswith(".h"):
                home[name] = layer
    for name in os.listdir(os.path.join(os.path.dirname(src), "include", "cwb")):
        home.setdefault(name, "api")
    edges = {}
    for layer in layers:
        for root, _, files in os.walk(os.path.join(src, layer)):
            for name in files:
                if not name.endswith((".c", ".cc", ".h")):
                    continue
                path = os.path.join(root, name)
                with open(path, encoding="utf-8") as f:
                    for no, line in enumerate(f, 1):
                        m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
                        if not m:
                            continue
                        to = home.get(os.path.basename(m.group(1)))
                        if to and to != layer:
                            edges.setdefault((layer, to), set()).add(
                                "%s:%d: %s" % (path, no, m.group(1)))
    return edges


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    readme, objs = argv[1], argv[2:]
    table = layer_table(readme)
    src = os.path.dirname(readme)
    missing = sorted({layer_of(o) for o in objs} - set(table))
    bad = ["layer %s/ has objects but no row in %s" % (m, readme) for m in missing]
    calls = symbol_edges(objs)
    for (a, b), why in sorted(calls.items()):
        if a in table and b not in table[a][0]:
            bad.append("%s/ calls %s/, which %s does not allow:\n    %s" % (
                a, b, readme, "\n    ".join(sorted(why)[:8])))
    incs = include_edges(src, sorted(table))
    for (a, b), why in sorted(incs.items()):
        if b not in table[a][1]:
            bad.append("%s/ includes a header of %s/, which %s does not allow:\n    %s" % (
                a, b, readme, "\n    ".join(sorted(why)[:8])))
    if bad:
        print("check-layers: FAIL\n" + "\n".join(bad))
        return 1
    print("check-layers: %d objects, %d layer edges by symbol and %d by header, all allowed by %s"
          % (len(objs), len(calls), len(incs), readme))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

"""test_readme_tour.py -- README.md's "A five-minute tour", run as a reader runs it.

The tour's commands are run in a new empty folder (not the repository),
with CWB_BIN's folder on PATH and R the repository, as the tour's first
lines set them. What the README shows a command printing -- the output
block after it, or the comment lines under it -- is held to what the
command prints now: every number shown must be one of the numbers printed,
to the digits shown (0.7911704233 matches 0.79117042331, -6.3e-4 matches
-0.00063197572). The README's text is a copy of cwb's output, so this is a
check of the page, not of cwb: a change that moves a printed number must
move the page with it. Not run: `cwb verify` (its counts line is written
from the verification run by `make docs`, tools/verify-counts.py).

    CWB_BIN=build/cwb python3 tests/python/test_readme_tour.py
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
NUMBER = re.compile(r"(?<![\w.])[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?(?![\w.])")
FAILURES = []


def tour_blocks(readme):
    """The tour's fenced blocks in order, each as (language, lines)."""
    text = open(readme, encoding="utf-8").read()
    tour = text.split("## A five-minute tour", 1)[1].split("\n## ", 1)[0]
    return [(lang, body.splitlines())
            for lang, body in re.findall(r"```(\w*)\n(.*?)```", tour, re.S)]


def steps(blocks):
    """(command, shown output lines) pairs: a command's own comment lines
    below it and a plain block right after its block are what it prints."""
    out = []
    for lang, lines in blocks:
        if lang != "sh":
            if out:
                out[-1][1].extend(lines)
            continue
        pending = ""
        for line in lines:
            if line.startswith("#"):
                if out:
                    out[-1][1].append(line[1:])
                continue
            pending += line
            if pending.endswith("\\"):
                pending = pending[:-1] + " "
                continue
            out.append((pending, []))
            pending = ""
    return out


def digits_match(shown, printed):
    """printed, rounded to shown's significant digits, is shown."""
    mantissa = re.split(r"[eE]", shown.lstrip("+-"))[0].replace(".", "").lstrip("0")
    sig = max(len(mantissa), 1)
    try:
        return float(f"{float(printed):.{sig}g}") == float(shown)
    except ValueError:
        return False


def run(command, cwd, env):
    command = command.split("  #", 1)[0].strip()
    args = [a.replace("$R", ROOT) for a in shlex.split(command)]
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    return done.returncode, done.stdout + done.stderr


def main():
    cwb = os.path.abspath(os.environ.get("CWB_BIN", os.path.join(ROOT, "build", "cwb")))
    env = dict(os.environ, PATH=os.path.dirname(cwb) + os.pathsep + os.environ.get("PATH", ""),
               R=ROOT)
    checked = 0
    with tempfile.TemporaryDirectory() as folder:
        for command, shown in steps(tour_blocks(os.path.join(ROOT, "README.md"))):
            first = command.split()[0]
            if first in ("export", "cd"):  # the test's folder and PATH stand for these
                continue
            if first != "cwb":
                FAILURES.append(f"not a cwb command in the tour: {command}")
                continue
            rc, printed = run(command, folder, env)
            expect_fail = any("FAIL:" in s for s in shown)
            if rc != 0 and not expect_fail:
                FAILURES.append(f"{command}: exit {rc}\n{printed}")
                continue
            numbers = NUMBER.findall(printed)
            for line in shown:
                for n in NUMBER.findall(line):
                    checked += 1
                    if not any(digits_match(n, p) for p in numbers):
                        FAILURES.append(f"{command}\n  README shows {n} in '{line.strip()}', "
                                        f"not printed")
    for f in FAILURES:
        print("FAIL:", f)
    print(f"test_readme_tour: {checked} numbers shown in the tour, {len(FAILURES)} failures")
    return 1 if FAILURES or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())

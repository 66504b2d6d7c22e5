"""The one line a reference table states of when, where and how it was made.

doc/case-files.md, "When, where and how a reference was made":

  # made: YYYY-MM-DD HH:MM UTC on HOST (CPU MODEL, N cores), cwb COMMIT, command: COMMAND

the same line as cwb's (cwb_made_line, src/io/record.c) and the shell writers'
(tools/made-line.sh): the date now in UTC (SOURCE_DATE_EPOCH's when set), the
host (uname), the CPU's model as /proc/cpuinfo names it, the cores online, the
commit of this checkout (git describe --always, "-dirty" when a file other than
the tables and raw solver output under reference/ differs from it; "unknown"
outside a checkout of its own) and the command (by default this process's).

A writer under reference/ imports it with
  sys.path.insert(0, os.path.join(ROOT, "tools")); from made_line import made_line
and writes made_line() as the last line of its table's opening '#' block (before the
column names: a table's title, which plots and reports read, is the lines that open it
and may go on over several), or calls stamp_made_line(path) on the finished table
before renaming it into place.
"""
import os
import shlex
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CPU_KEYS = ("model name", "cpu model", "Hardware", "Processor")


def _one_line(text):
    return " ".join(text.split())


def cpu_model():
    found = {}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                key, sep, value = line.partition(":")
                key = key.strip()
                if sep and key in CPU_KEYS and key not in found and value.strip():
                    found[key] = _one_line(value)
    except OSError:
        pass
    return next((found[k] for k in CPU_KEYS if k in found), "unknown CPU")


def _git(*args):
    return subprocess.run(["git", "-C", ROOT] + list(args), capture_output=True, text=True,
                          check=False)


def commit():
    try:
        top = _git("rev-parse", "--show-toplevel")
        if top.returncode != 0 or os.path.realpath(top.stdout.strip()) != os.path.realpath(ROOT):
            return "unknown"
        described = _git("describe", "--always")
        if described.returncode != 0:
            return "unknown"
        status = _git("status", "--porcelain", "--untracked-files=no", "--", ".",
                      ":(exclude)reference/*.csv", ":(exclude)reference/fem/raw")
        return described.stdout.strip() + ("-dirty" if status.stdout.strip() else "")
    except OSError:
        return "unknown"


def made_line(command=None):
    """The line, newline included; command: the command that made the table
    (None: this process's, python and its arguments)."""
    # SOURCE_DATE_EPOCH of 1 to 12 ASCII digits names the time, anything else means now
    # (as cwb's utc_text, src/io/record.c, and tools/made-line.sh)
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    digits = epoch.isascii() and epoch.isdigit() and 1 <= len(epoch) <= 12
    now = int(epoch) if digits else time.time()
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(now))
    host = _one_line(os.uname().nodename).replace(" ", "_")
    for c in "(),":
        host = host.replace(c, "_")
    try:
        cores = os.sysconf("SC_NPROCESSORS_ONLN")
    except (ValueError, OSError):
        cores = 0
    if command is None:
        command = shlex.join([sys.executable] + sys.argv)
    return "# made: %s on %s (%s, %d core%s), cwb %s, command: %s\n" % (
        when, host or "unknown-host", cpu_model(), cores, "" if cores == 1 else "s", commit(),
        _one_line(command))


def stamp_made_line(path, command=None):
    """Give the table at path, written by this process, its made line as the last line of its
    opening '#' block (just before the column names: the readers of a table's title take the
    lines that open it, and a title may go on over several), unless the block has one already."""
    with open(path) as f:
        lines = f.readlines()
    end = 0
    for line in lines:
        if not line.startswith("#"):
            break
        if line.startswith("# made: "):
            return
        end += 1
    lines.insert(end, made_line(command))
    with open(path, "w") as f:
        f.writelines(lines)


if __name__ == "__main__":
    sys.stdout.write(made_line())

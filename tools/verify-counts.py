#!/usr/bin/env python3
"""Write cwb verify's counts into the pages that quote them.

README.md's tour and doc/outputs.md print the line `cwb verify` ends with
("PASS 101, FAIL 0, model comparisons 69, no verdict 0, errors 0 (170
cases)"). They are data, so `make docs` writes them from the verification
run's report.json instead of a hand copying them.

usage: verify-counts.py REPORT_JSON PAGE...
"""
import json
import re
import sys

from page_numbers import write_into_pages

COUNTS = re.compile(r"PASS \d+, FAIL \d+, model comparisons \d+, no verdict \d+, "
                    r"errors \d+ \(\d+ cases\)")


def counts_line(report):
    c = json.load(open(report, encoding="utf-8"))["counts"]
    return (f"PASS {c['pass']:.0f}, FAIL {c['fail']:.0f}, model comparisons "
            f"{c['model_comparison']:.0f}, no verdict {c['no_verdict']:.0f}, errors "
            f"{c['errors']:.0f} ({c['cases']:.0f} cases)")


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    write_into_pages("verify-counts", COUNTS, counts_line(argv[1]), argv[2:])


if __name__ == "__main__":
    main(sys.argv)

#!/usr/bin/env python3
"""Write the number of cwb's laws into the pages that quote it.

README.md says cwb drives histories "through any of its N laws". N is data:
the laws `cwb laws --json` lists, every kind's `none` left out (no force is
not a law). `make docs` pipes that JSON here instead of a hand counting.

usage: cwb laws --json | law-count.py PAGE...
"""
import json
import re
import sys

from page_numbers import write_into_pages

PHRASE = re.compile(r"any of its \d+ laws")


def law_count(laws_json):
    kinds = json.load(laws_json)["laws"]
    return sum(1 for laws in kinds.values() for law in laws if law["name"] != "none")


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__.strip().splitlines()[-1])
    write_into_pages("law-count", PHRASE, f"any of its {law_count(sys.stdin)} laws", argv[1:])


if __name__ == "__main__":
    main(sys.argv)

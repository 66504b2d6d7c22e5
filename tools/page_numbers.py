"""Write a number that is data into the pages that quote it.

Shared by tools/law-count.py and tools/verify-counts.py: each finds its
phrase (a regular expression) in every page and puts the text it made from
the data in its place, so no page carries a hand-copied count.
"""
import os
import sys


def write_into_pages(tool, pattern, text, pages):
    """Replace pattern by text in each page; stop naming the page that lacks it."""
    for page in pages:
        old = open(page, encoding="utf-8").read()
        new, n = pattern.subn(text, old)
        if n == 0:
            sys.exit(f"{tool}: {page}: no '{pattern.pattern}' to write")
        if new != old:  # a temporary name, then renamed: a failure never truncates a page
            with open(page + ".tmp", "w", encoding="utf-8") as f:
                f.write(new)
            os.replace(page + ".tmp", page)
        print(f"{tool}: {page}: {text}")

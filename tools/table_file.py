"""Write a reference table to a temporary name and rename it into place.

A writer that fails half-way (an exception, a full disk) then leaves the
committed table as it was, never a truncated one:

    from table_file import replacing
    with replacing(path) as f:
        f.write(...)

PATH.tmp is written and, when the block ends without an exception, renamed
over PATH (os.replace, atomic on one file system); otherwise it is removed.
"""
import contextlib
import os


@contextlib.contextmanager
def replacing(path):
    tmp = path + ".tmp"
    try:
        with open(tmp, "w") as f:
            yield f
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(tmp)
        raise

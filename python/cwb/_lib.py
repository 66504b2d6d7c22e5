"""The libcwb this package drives (ctypes), where it is found, and the
exceptions that carry its messages."""
import ctypes
import ctypes.util
import os

_MSG = 1024  # bytes of a message (CWB_MSG in src/core/cwb.h)

# Status codes of include/cwb/cwb_api.h.
OK, EFAIL, EINPUT, ECANCEL = 0, 1, 2, 4


class Error(ValueError):
    """Input cwb refuses: a case, a key, a value, a law, a body, a table of
    samples or a fit-case. The message is the command's, naming the file
    and line ("cases/x.case:12: [damping] e = 1.5 [-] is out of range:
    allowed (0, 1] -")."""

    status = EINPUT


class Failed(RuntimeError):
    """A computation that failed: a law that did not converge, a run whose
    bodies never separate, a sweep whose every value failed."""

    status = EFAIL


class Cancelled(Exception):
    """The call was stopped by its progress callback (it returned True)."""

    status = ECANCEL


def _raise(rc, msg):
    text = msg.value.decode(errors="replace") if hasattr(msg, "value") else str(msg)
    raise {EINPUT: Error, ECANCEL: Cancelled}.get(rc, Failed)(text)


def _here():
    return os.path.dirname(os.path.abspath(__file__))


def _candidates():
    """Where libcwb.so.0 may be, in order: $CWB_LIBRARY; beside this file
    (a wheel from `pip install .` carries its own copy); the build/ folder
    of the source tree this package sits in (python/cwb/ after `make`);
    LIBDIR when `make install` put the package in LIBDIR/pythonX.Y/
    dist-packages/cwb/."""
    here = _here()
    path = os.environ.get("CWB_LIBRARY")
    if path:
        yield path
    yield os.path.join(here, "libcwb.so.0")
    root = os.path.dirname(os.path.dirname(here))
    if os.path.isdir(os.path.join(root, "src", "api")):  # the source tree
        yield os.path.join(root, "build", "libcwb.so.0")
    packages = os.path.dirname(here)
    if os.path.basename(packages) in ("dist-packages", "site-packages"):
        yield os.path.join(os.path.dirname(os.path.dirname(packages)), "libcwb.so.0")


def _find_library():
    explicit = os.environ.get("CWB_LIBRARY")
    for path in _candidates():
        if os.path.exists(path) or path == explicit:
            return os.path.normpath(path)
    found = ctypes.util.find_library("cwb")
    if found:
        return found
    raise OSError("cwb: libcwb.so.0 not found: run `make` in the source tree (build/libcwb.so.0), "
                  "`pip install .`, or `make install`; or set CWB_LIBRARY to its path")


P, D, S, I = ctypes.c_void_p, ctypes.c_double, ctypes.c_size_t, ctypes.c_int
cp, ccp = ctypes.c_char_p, ctypes.POINTER(ctypes.c_char_p)

# int (*)(void *user, size_t done, size_t total)
PROGRESS = ctypes.CFUNCTYPE(I, P, S, S)


class Options(ctypes.Structure):
    """cwb_api_options (include/cwb/cwb_api.h)."""
    _fields_ = [("dt_reuse", I)]


OPT = ctypes.POINTER(Options)

_RUN_SIGNATURES = {
    "cwb_api_run": (I, [cp, ccp, S, ctypes.POINTER(P), cp, S]),
    "cwb_api_run_text": (I, [cp, cp, ccp, S, ctypes.POINTER(P), cp, S]),
    "cwb_api_sweep": (I, [cp, ccp, S, cp, PROGRESS, P, ctypes.POINTER(P), cp, S]),
    "cwb_api_sweep_with": (I, [cp, ccp, S, cp, OPT, PROGRESS, P, ctypes.POINTER(P), cp, S]),
    "cwb_api_batch_with": (I, [cp, ccp, S, ccp, S, ccp, S, cp, OPT, PROGRESS, P, ctypes.POINTER(P),
                               cp, S]),
    "cwb_api_fit": (I, [cp, cp, PROGRESS, P, ctypes.POINTER(P), cp, S]),
    "cwb_api_result_free": (None, [P]),
    "cwb_api_result_scalar_count": (S, [P]),
    "cwb_api_result_scalar_name": (cp, [P, S]),
    "cwb_api_result_scalar_unit": (cp, [P, S]),
    "cwb_api_result_scalar": (D, [P, S]),
    "cwb_api_result_get": (D, [P, cp]),
    "cwb_api_result_rows": (S, [P]),
    "cwb_api_result_column_count": (S, [P]),
    "cwb_api_result_column_name": (cp, [P, S]),
    "cwb_api_result_column_unit": (cp, [P, S]),
    "cwb_api_result_column": (ctypes.POINTER(D), [P, S]),
    "cwb_api_result_row_status": (I, [P, S]),
    "cwb_api_result_row_message": (cp, [P, S]),
    "cwb_api_result_warning_count": (S, [P]),
    "cwb_api_result_warning": (cp, [P, S]),
    "cwb_api_result_verdict": (cp, [P]),
    "cwb_api_result_param_count": (S, [P]),
    "cwb_api_result_param_name": (cp, [P, S]),
    "cwb_api_result_param_value": (D, [P, S]),
    "cwb_api_result_param_stderr": (D, [P, S]),
    "cwb_api_result_covariance": (D, [P, S, S]),
}


def _declare(lib, signatures):
    for name, (res, args) in signatures.items():
        try:
            fn = getattr(lib, name)
        except AttributeError:
            raise OSError("cwb: %s has no %s: it is older than this package (rebuild with `make`, "
                          "or set CWB_LIBRARY)" % (library_path, name)) from None
        fn.restype, fn.argtypes = res, args


library_path = _find_library()
lib = ctypes.CDLL(library_path)
_declare(lib, _RUN_SIGNATURES)


def b(text):
    """str (or a path) as bytes for C; None stays None."""
    return None if text is None else os.fsencode(text) if isinstance(text, os.PathLike) \
        else str(text).encode()


def texts(items):
    """A C array of char* from a sequence of str (None when empty)."""
    items = [b(x) for x in items]
    return (ctypes.c_char_p * len(items))(*items) if items else None


def message_buffer():
    return ctypes.create_string_buffer(_MSG)

"""Contacts for per-step use: cwb's contact laws through libcwb
(include/cwb/cwb_api.h), evaluated and committed by the caller's own loop.

    import cwb
    c = cwb.Contact("hertz", "mindlin", params={"tangential.mu": 0.3},
                    body1=cwb.sphere(radius=0.005, E=7e10, nu=0.25, density=2500),
                    body2=cwb.wall())
    r = c.step(overlap=1e-6)                    # evaluate and commit
    r, trial = c.eval(overlap=1e-6, dxi_t=(1e-7, 0, 0))   # pure
    c.commit(trial)                             # the only change of history
    print(r.force_n, r.force_t)

The law contract of include/cwb/cwb_api.h holds: eval() never changes the
contact; commit() makes the trial of an eval() the committed history; a
trial from another contact, or from before a commit or reset, is refused.
Bad parameters raise cwb.Error with the case reader's message.
"""
import ctypes

from ._lib import Error, lib as _lib, _MSG
from ._run import _text  # one spelling of a value for params= and set=

NORMAL, TANGENTIAL, DAMPING, ROLLING = 0, 1, 2, 3
_KINDS = {"normal": NORMAL, "tangential": TANGENTIAL, "damping": DAMPING, "rolling": ROLLING}
SPHERE, DISC, WALL = 0, 1, 2

Vec3 = ctypes.c_double * 3


class _Body(ctypes.Structure):
    _fields_ = [("shape", ctypes.c_int), ("radius", ctypes.c_double), ("E", ctypes.c_double),
                ("nu", ctypes.c_double), ("density", ctypes.c_double)]


class _Kin(ctypes.Structure):
    _fields_ = [("overlap", ctypes.c_double), ("overlap_rate", ctypes.c_double),
                ("normal", Vec3), ("dxi_t", Vec3), ("v_t", Vec3), ("omega1", Vec3),
                ("omega2", Vec3), ("dt", ctypes.c_double)]


_OUT_SCALARS = ["force_n", "damping_n"]
_OUT_VECTORS = ["force_t", "damping_t", "torque1", "torque2"]
_OUT_TAIL = ["stiffness_n", "stiffness_t", "radius", "energy_n", "energy_t", "work_n", "work_t",
             "dissipated_n", "dissipated_t", "slip", "stiffness_energy"]


class _Out(ctypes.Structure):
    _fields_ = ([(n, ctypes.c_double) for n in _OUT_SCALARS] + [(n, Vec3) for n in _OUT_VECTORS] +
                [(n, ctypes.c_double) for n in _OUT_TAIL] +
                [("sliding", ctypes.c_int), ("branch", ctypes.c_int), ("flags", ctypes.c_uint)])


class _ParamInfo(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("unit", ctypes.c_char_p), ("help", ctypes.c_char_p),
                ("range", ctypes.c_char * 128), ("default", ctypes.c_double),
                ("required", ctypes.c_int), ("is_choice", ctypes.c_int)]


def _declare():
    P, D, S = ctypes.c_void_p, ctypes.c_double, ctypes.c_size_t
    cp, ccp = ctypes.c_char_p, ctypes.POINTER(ctypes.c_char_p)
    sig = {
        "cwb_api_contact_new": (P, [cp, cp, cp, cp, ccp, ccp, S, ctypes.POINTER(_Body),
                                    ctypes.POINTER(_Body), cp, S]),
        "cwb_api_contact_free": (None, [P]),
        "cwb_api_trial_new": (P, []),
        "cwb_api_trial_free": (None, [P]),
        "cwb_api_contact_eval": (ctypes.c_int, [P, ctypes.POINTER(_Kin), ctypes.POINTER(_Out), P,
                                                cp, S]),
        "cwb_api_contact_commit": (ctypes.c_int, [P, P]),
        "cwb_api_contact_reset": (None, [P]),
        "cwb_api_contact_pair": (None, [P] + [ctypes.POINTER(D)] * 4),
        "cwb_api_law_count": (S, [ctypes.c_int]),
        "cwb_api_law_name": (cp, [ctypes.c_int, S]),
        "cwb_api_law_summary": (cp, [ctypes.c_int, cp]),
        "cwb_api_law_adhesive": (ctypes.c_int, [ctypes.c_int, cp]),
        "cwb_api_param_count": (S, [ctypes.c_int, cp]),
        "cwb_api_param_info_at": (ctypes.c_int, [ctypes.c_int, cp, S,
                                                 ctypes.POINTER(_ParamInfo)]),
        "cwb_api_param_read_when": (ctypes.c_int, [ctypes.c_int, cp, S, ctypes.c_char_p, S]),
        "cwb_api_version": (cp, []),
    }
    for name, (res, args) in sig.items():
        fn = getattr(_lib, name)
        fn.restype, fn.argtypes = res, args


_declare()


def _b(text):
    return None if text is None else str(text).encode()


_BODIES = ("cwb.sphere(radius, E, nu, density), cwb.disc(radius, E, nu, density) or "
           "cwb.wall(E=0, nu=0)")


def _body(maker, shape, radius, E, nu, density):
    """The C struct of a body; a value that is not a number raises cwb.Error
    (ctypes would raise a bare TypeError). Its range is checked by the
    library when the contact is made, with the case reader's words."""
    try:
        return _Body(shape, radius, E, nu, density)
    except TypeError:
        raise Error("cwb.%s: radius [m], E [Pa], nu [-] and density [kg/m^3] must be numbers, "
                    "got %r, %r, %r, %r" % (maker, radius, E, nu, density)) from None


def sphere(radius, E, nu, density):
    """A sphere: radius [m], Young's modulus E [Pa], Poisson's ratio nu [-],
    density [kg/m^3]."""
    return _body("sphere", SPHERE, radius, E, nu, density)


def disc(radius, E, nu, density):
    """A disc (2D, per unit thickness): radius [m], E [Pa], nu [-], density [kg/m^3]."""
    return _body("disc", DISC, radius, E, nu, density)


def wall(E=0.0, nu=0.0):
    """A wall: rigid when E = 0, elastic (E [Pa], nu [-]) otherwise."""
    return _body("wall", WALL, 0.0, E, nu, 0.0)


def _check_body(name, body):
    """body1 and body2 are made by cwb.sphere, cwb.disc or cwb.wall: a dict or
    a shape word raised ctypes' "byref() argument must be a ctypes instance"."""
    if body is None:
        raise Error("cwb: a contact needs %s: %s" % (name, _BODIES))
    if not isinstance(body, _Body):
        raise Error("cwb: %s = %r: a body is made by %s, e.g. body1=cwb.sphere(0.005, 7e10, "
                    "0.25, 2500), body2=cwb.wall()" % (name, body, _BODIES))


class Result:
    """One evaluation: scalars as floats, vectors as 3-tuples (cwb_api.h)."""

    def __init__(self, out):
        for name, _ in _Out._fields_:
            value = getattr(out, name)
            setattr(self, name, tuple(value) if name in _OUT_VECTORS else value)

    def __repr__(self):
        return "Result(force_n=%r, force_t=%r)" % (self.force_n, self.force_t)


class _Trial:
    def __init__(self):
        self._p = _lib.cwb_api_trial_new()
        if not self._p:
            raise MemoryError("cwb: no memory for a trial")

    def __del__(self):
        if getattr(self, "_p", None):
            _lib.cwb_api_trial_free(self._p)
            self._p = None


class Contact:
    """A contact of four named laws between body1 and body2.

    params maps "section.key" (section: normal, tangential, damping,
    rolling) to a value (number or word), e.g. {"tangential.mu": 0.3}.
    body1 and body2 are made by cwb.sphere(radius, E, nu, density),
    cwb.disc(...) or cwb.wall(); anything else raises cwb.Error."""

    def __init__(self, normal, tangential=None, damping=None, rolling=None, params=None,
                 body1=None, body2=None):
        _check_body("body1", body1)
        _check_body("body2", body2)
        params = dict(params or {})
        keys = (ctypes.c_char_p * max(1, len(params)))(*[_b(k) for k in params])
        values = (ctypes.c_char_p * max(1, len(params)))(*[_b(_text(v)) for v in params.values()])
        msg = ctypes.create_string_buffer(_MSG)
        self._p = _lib.cwb_api_contact_new(_b(normal), _b(tangential), _b(damping), _b(rolling),
                                           keys, values, len(params), ctypes.byref(body1),
                                           ctypes.byref(body2), msg, _MSG)
        if not self._p:
            raise Error(msg.value.decode())

    def __del__(self):
        if getattr(self, "_p", None):
            _lib.cwb_api_contact_free(self._p)
            self._p = None

    @staticmethod
    def _kin(overlap, overlap_rate, normal, dxi_t, v_t, omega1, omega2, dt):
        """The kinematics as the C struct. Their values are checked by the
        library (cwb_api_contact_eval: the overlap's range, a unit normal,
        finite numbers, dt >= 0); only the vectors' length is checked here,
        where ctypes would fill missing components with 0."""
        vectors = {"normal": normal, "dxi_t": dxi_t, "v_t": v_t, "omega1": omega1,
                   "omega2": omega2}
        for name, value in vectors.items():
            if len(value) != 3:
                raise Error("cwb: %s = %s: must have 3 components (x, y, z)"
                            % (name, "(%s)" % ", ".join(repr(x) for x in value)))
        return _Kin(overlap, overlap_rate, Vec3(*normal), Vec3(*dxi_t), Vec3(*v_t),
                    Vec3(*omega1), Vec3(*omega2), dt)

    def eval(self, overlap, dxi_t=(0.0, 0.0, 0.0), normal=(0.0, 0.0, 1.0), overlap_rate=0.0,
             v_t=(0.0, 0.0, 0.0), omega1=(0.0, 0.0, 0.0), omega2=(0.0, 0.0, 0.0), dt=0.0):
        """Evaluate all four laws from the committed history (pure).
        dxi_t is the tangential displacement since the last commit.
        Returns (Result, trial); pass the trial to commit() to accept it.
        Raises cwb.Error (a ValueError) with the library's message for
        kinematics it refuses (an overlap at or beyond R1 + R2, a normal that
        is not a unit vector, a non-finite number, dt < 0) and for a law that
        fails or returns a non-finite number."""
        k = self._kin(overlap, overlap_rate, normal, dxi_t, v_t, omega1, omega2, dt)
        out, trial = _Out(), _Trial()
        msg = ctypes.create_string_buffer(_MSG)
        rc = _lib.cwb_api_contact_eval(self._p, ctypes.byref(k), ctypes.byref(out), trial._p,
                                       msg, _MSG)
        if rc != 0:
            raise Error(msg.value.decode())
        return Result(out), trial

    def commit(self, trial):
        """Accept the step trial was evaluated for (the only change of history)."""
        if _lib.cwb_api_contact_commit(self._p, trial._p) != 0:
            raise Error("cwb: this trial was not evaluated from this contact's committed state")

    def step(self, overlap, **kin):
        """eval() and commit() in one call; returns the Result."""
        result, trial = self.eval(overlap, **kin)
        self.commit(trial)
        return result

    def reset(self):
        """Forget all history (the contact broke)."""
        _lib.cwb_api_contact_reset(self._p)

    @property
    def pair(self):
        """Effective properties: dict with E_star, G_star [Pa], R_star [m], m_star [kg]."""
        v = [ctypes.c_double() for _ in range(4)]
        _lib.cwb_api_contact_pair(self._p, *[ctypes.byref(x) for x in v])
        return dict(zip(["E_star", "G_star", "R_star", "m_star"], [x.value for x in v]))


def _kind(kind):
    return _KINDS[kind] if isinstance(kind, str) else int(kind)


def laws(kind):
    """Names of the laws of one kind ("normal", "tangential", "damping", "rolling")."""
    k = _kind(kind)
    return [_lib.cwb_api_law_name(k, i).decode() for i in range(_lib.cwb_api_law_count(k))]


def adhesive(law):
    """True when the normal law may return an attractive force (force_n < 0):
    the adhesive laws (cwb_api_law_adhesive in include/cwb/cwb_api.h)."""
    return bool(_lib.cwb_api_law_adhesive(NORMAL, _b(law)))


def _read_when(k, law, i):
    buf = ctypes.create_string_buffer(256)
    _lib.cwb_api_param_read_when(k, _b(law), i, buf, len(buf))
    return buf.value.decode() or None


def params(kind, law):
    """The parameters of a law: a list of dicts (name, unit, range, help,
    default, required, choice, read_only_with). The default is what a case
    file would hold: a number, the word of a choice ("yes", "exact"), None
    for a required key. read_only_with is the condition under which the key
    is read ("stiffness = direct"; "a tangential law in [contact]"), or None
    when always: given under another choice, or with no law of the kind it
    names, the contact is refused. "a rate of the motion" is a driver's
    condition (the history driver at segment_time = 0 gives none), which a
    contact alone does not check."""
    k, out = _kind(kind), []
    for i in range(_lib.cwb_api_param_count(k, _b(law))):
        info = _ParamInfo()
        _lib.cwb_api_param_info_at(k, _b(law), i, ctypes.byref(info))
        words = info.range.decode().split("|")
        default = (None if info.required else
                   words[int(info.default)] if info.is_choice and 0 <= info.default < len(words)
                   else info.default)
        out.append({"name": info.name.decode(), "unit": info.unit.decode(),
                    "range": info.range.decode(), "help": info.help.decode(),
                    "default": default, "required": bool(info.required),
                    "choice": bool(info.is_choice), "read_only_with": _read_when(k, law, i)})
    return out


def version():
    return _lib.cwb_api_version().decode()

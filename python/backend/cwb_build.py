"""cwb_build -- the PEP 517 build backend of the Python package cwb
(pyproject.toml), with nothing but the standard library.

Why not setuptools: pip builds a package in an isolated environment and
installs the backend's requirements into it from an index; with
`requires = []` there is nothing to fetch, so `pip install .` works without
a network (Debian's pip 23 and venv, no setuptools or wheel download).

build_wheel runs `make lib` in the source tree (libcwb.so, as the C build
makes it) and writes a wheel of python/cwb/ with a copy of the library
beside the package (cwb/libcwb.so.0, which the package loads first). The
wheel is tagged for this platform (py3-none-PLATFORM): it carries a
compiled library, linked against this system's GSL. build_editable
(pip install -e .) puts python/ on the path instead; the package then
loads the tree's build/libcwb.so.0. build_sdist packs the files git tracks.
"""
import base64
import hashlib
import io
import os
import re
import subprocess
import sysconfig
import tarfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NAME = "cwb"


def _version():
    with open(os.path.join(ROOT, "src", "core", "cwb.h")) as f:
        m = re.search(r'#define CWB_VERSION "([^"]+)"', f.read())
    if not m:
        raise RuntimeError("cwb_build: no CWB_VERSION in src/core/cwb.h")
    return m.group(1)


def _project():
    """[project] of pyproject.toml: tomllib where Python has it (3.11), else
    the few one-line keys this file uses."""
    path = os.path.join(ROOT, "pyproject.toml")
    try:
        import tomllib
        with open(path, "rb") as f:
            return tomllib.load(f)["project"]
    except ImportError:
        project, section = {}, None
        with open(path) as f:
            for line in f:
                s = re.match(r"^\[(.+)\]", line)
                section = s.group(1) if s else section
                kv = re.match(r'^(\w[\w-]*)\s*=\s*"([^"]*)"', line)
                if section == "project" and kv:
                    project[kv.group(1)] = kv.group(2)
        return project


def _metadata():
    p = _project()
    lines = ["Metadata-Version: 2.1", "Name: " + NAME, "Version: " + _version(),
             "Summary: " + p.get("description", ""),
             "Requires-Python: " + p.get("requires-python", ">=3.7"),
             "Provides-Extra: numpy", 'Requires-Dist: numpy; extra == "numpy"']
    readme = p.get("readme")
    body = ""
    if readme:
        lines.append("Description-Content-Type: text/markdown")
        with open(os.path.join(ROOT, readme), encoding="utf-8") as f:
            body = f.read()
    return "\n".join(lines) + "\n\n" + body


def _tag():
    platform = re.sub(r"[^A-Za-z0-9]", "_", sysconfig.get_platform())
    return "py3-none-" + platform


def _make_library():
    """libcwb.so of this tree, made (or brought up to date) by make."""
    make = os.environ.get("MAKE", "make")
    subprocess.run([make, "-C", ROOT, "lib"], check=True, stdout=subprocess.DEVNULL)
    path = os.path.realpath(os.path.join(ROOT, "build", "libcwb.so.0"))
    if not os.path.isfile(path):
        raise RuntimeError("cwb_build: make lib did not make build/libcwb.so.0")
    return path


class _Wheel:
    """A wheel written entry by entry, its RECORD last (PEP 427)."""

    def __init__(self, path):
        self.zip = zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED)
        self.record = []

    def add(self, name, data, mode=0o644):
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.external_attr = (0o100000 | mode) << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        self.zip.writestr(info, data)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        self.record.append("%s,sha256=%s,%d" % (name, digest, len(data)))

    def close(self, dist_info):
        self.record.append(dist_info + "/RECORD,,")
        self.add_plain(dist_info + "/RECORD", "\n".join(self.record) + "\n")
        self.zip.close()

    def add_plain(self, name, text):
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.external_attr = 0o100644 << 16
        self.zip.writestr(info, text)


def _dist_info(wheel):
    dist_info = "%s-%s.dist-info" % (NAME, _version())
    wheel.add(dist_info + "/METADATA", _metadata().encode())
    wheel.add(dist_info + "/WHEEL", ("Wheel-Version: 1.0\nGenerator: cwb_build\n"
                                     "Root-Is-Purelib: false\nTag: %s\n" % _tag()).encode())
    wheel.add(dist_info + "/top_level.txt", (NAME + "\n").encode())
    return dist_info


def _wheel_name():
    return "%s-%s-%s.whl" % (NAME, _version(), _tag())


def _package_files():
    src = os.path.join(ROOT, "python", NAME)
    for name in sorted(os.listdir(src)):
        if name.endswith(".py"):
            with open(os.path.join(src, name), "rb") as f:
                yield "%s/%s" % (NAME, name), f.read()


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    library = _make_library()
    name = _wheel_name()
    wheel = _Wheel(os.path.join(wheel_directory, name))
    for arc, data in _package_files():
        wheel.add(arc, data)
    with open(library, "rb") as f:
        wheel.add(NAME + "/libcwb.so.0", f.read(), 0o755)
    wheel.close(_dist_info(wheel))
    return name


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    _make_library()
    name = _wheel_name()
    wheel = _Wheel(os.path.join(wheel_directory, name))
    wheel.add("__editable__.%s.pth" % NAME, (os.path.join(ROOT, "python") + "\n").encode())
    wheel.close(_dist_info(wheel))
    return name


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def _tracked_files():
    try:
        out = subprocess.run(["git", "-C", ROOT, "ls-files", "-z"], check=True,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
        return sorted(p for p in out.decode().split("\0") if p)
    except (OSError, subprocess.CalledProcessError):
        raise RuntimeError("cwb_build: an sdist is made from a git checkout (git ls-files)")


def build_sdist(sdist_directory, config_settings=None):
    base = "%s-%s" % (NAME, _version())
    name = base + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz", format=tarfile.PAX_FORMAT) as t:
        for rel in _tracked_files():
            path = os.path.join(ROOT, rel)
            if os.path.isfile(path):
                t.add(path, arcname=base + "/" + rel, recursive=False)
        info = tarfile.TarInfo(base + "/PKG-INFO")
        data = _metadata().encode()
        info.size, info.mode = len(data), 0o644
        t.addfile(info, io.BytesIO(data))
    return name

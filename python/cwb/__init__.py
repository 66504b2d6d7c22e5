"""cwb -- the contact workbench from Python, through libcwb (ctypes).

Whole runs, as the command runs them, with results in memory:

    import cwb
    r = cwb.run("cases/chung_ooi_1_glass.case", set={"driver.v_normal": 5.0})
    r["restitution_normal"], r.units["contact_time"], r.series["F_n"]
    t = cwb.sweep("cases/chung_ooi_4_al_oxide.case")         # its [sweep]
    b = cwb.batch("examples/glass_bead_impact.case",
                  {"driver.v_normal": [0.5, 1.0, 2.0]})      # rows of results
    f = cwb.fit("examples/damping_for_restitution.fit")     # params, stderr, covariance

and contacts for a DEM loop of your own, step by step:

    c = cwb.Contact("hertz", "mindlin", params={"tangential.mu": 0.3},
                    body1=cwb.sphere(radius=0.005, E=7e10, nu=0.25, density=2500),
                    body2=cwb.wall())
    out = c.step(overlap=1e-6)

The numbers are the command's bit for bit (the same code runs), the
checks and messages too: input cwb refuses raises cwb.Error (a ValueError)
whose message names the file and line, a computation that fails raises
cwb.Failed, a progress callback that returns True raises cwb.Cancelled.
Series and columns are numpy arrays when numpy is installed, lists of
floats otherwise. Calls may run in several threads at once (libcwb
releases the interpreter's lock while it computes).

The library is found (cwb.library_path) from $CWB_LIBRARY, else beside this
package (pip install .), else the build/ folder of the source tree it sits
in (after make), else LIBDIR after make install, else the linker's path.
doc/library.md describes the C API and this package.
"""
from ._lib import Cancelled, Error, Failed, library_path
from ._contact import (DAMPING, DISC, NORMAL, ROLLING, SPHERE, TANGENTIAL, WALL, Contact, Result,
                       adhesive, disc, laws, params, sphere, version, wall)
from ._run import FitResult, RunResult, Table, batch, fit, run, sweep

__version__ = version()

__all__ = ["run", "sweep", "batch", "fit", "RunResult", "Table", "FitResult",
           "Error", "Failed", "Cancelled", "Contact", "Result", "sphere", "disc", "wall", "laws",
           "params", "adhesive", "version", "library_path",
           "NORMAL", "TANGENTIAL", "DAMPING", "ROLLING", "SPHERE", "DISC", "WALL"]

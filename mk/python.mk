# python.mk -- the Python package cwb (python/cwb/, pyproject.toml) in
# `make check`:
#
#   make python-check   the package from the source tree against the command
#                       (tests/python/test_run.py, test_binding.py), the
#                       Python examples (examples/*.py: the Kharaz
#                       calibration with scipy against cwb fit, a Latin
#                       hypercube of 200 samples -- the 10^4 of its default
#                       are for a person, not for check --, a matplotlib
#                       figure), and `pip install .` into a fresh virtual
#                       environment without a package index
#                       (tests/python/check_pip.sh)
#
# What the package needs from Debian: python3, python3-venv and python3-pip
# (the pip test); the examples also use python3-numpy, python3-scipy and
# python3-matplotlib and say so and skip their part where one is missing.
# `make deps` installs them all; python-check installs them when it runs as
# root, else it tells what is missing.
PY_DEB_PKGS     = python3 python3-venv python3-pip
PY_DEB_OPTIONAL = python3-numpy python3-scipy python3-matplotlib
PY_CHECK_DIR    = $(abspath $(BUILD))/python-check
PY_ENV          = env -u CWB_LIBRARY PYTHONDONTWRITEBYTECODE=1 CWB_BIN=$(abspath $(BUILD)/cwb) \
                  PYTHONPATH=$(abspath python)

.PHONY: python-check deps-python

deps-python:
	@sh tools/ensure-deps.sh $(PY_DEB_PKGS) $(PY_DEB_OPTIONAL)

ifneq (,$(findstring -fsanitize,$(CFLAGS)))
python-check:
	@echo "python-check: skipped in a sanitizer build (run by the plain make check)"
else
python-check: $(BUILD)/cwb $(BUILD)/libcwb.so
	@sh tools/ensure-deps.sh $(PY_DEB_PKGS)
	@sh tools/ensure-deps.sh $(PY_DEB_OPTIONAL) || \
	    echo "python-check: the examples skip what needs the packages above"
	@rm -rf '$(PY_CHECK_DIR)' && mkdir -p '$(PY_CHECK_DIR)'
	cd '$(PY_CHECK_DIR)' && $(PY_ENV) $(PYTHON) $(abspath tests/python/test_run.py)
	cd '$(PY_CHECK_DIR)' && $(PY_ENV) $(PYTHON) $(abspath tests/python/test_binding.py) >/dev/null
	cd '$(PY_CHECK_DIR)' && $(PY_ENV) $(PYTHON) $(abspath tests/python/test_readme_tour.py)
	cd '$(PY_CHECK_DIR)' && $(PY_ENV) $(PYTHON) $(abspath examples/calibrate_kharaz.py)
	cd '$(PY_CHECK_DIR)' && $(PY_ENV) $(PYTHON) $(abspath examples/lhs_batch.py) --n 200 --jobs 2
	cd '$(PY_CHECK_DIR)' && $(PY_ENV) $(PYTHON) $(abspath examples/plot_sweep.py) \
	    --out '$(PY_CHECK_DIR)/kharaz_et.png'
	PYTHON="$(PYTHON)" sh tests/python/check_pip.sh '$(PY_CHECK_DIR)' '$(abspath .)'
endif

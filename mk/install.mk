# install.mk -- libcwb for other programs: shared and static library, the
# public header, pkg-config file, the CLI and its man page (when one is
# generated), the Python package, and the test that builds the examples
# against an install.
#
# Linking: `cc prog.c $(pkg-config --cflags --libs cwb)` is enough to build
# and to run: cwb.pc's Libs carry -Wl,-rpath,LIBDIR, so the program finds
# libcwb.so.0 where it was installed without LD_LIBRARY_PATH. A static link
# takes `pkg-config --static --libs cwb` with `-l:libcwb.a` for `-lcwb` (GSL
# and the C library: the number formatter's one C++ file, src/core/shortest.cc,
# needs nothing of the C++ runtime). The CLI needs no libcwb.so at all: it is
# linked with libcwb.a, and statically where the C library's and GSL's
# archives are there (the Makefile's CLI_STATIC), so it needs no rpath.
#
#   make install   [PREFIX=/usr/local] [DESTDIR=] [LIBDIR=$(PREFIX)/lib]
#   make uninstall (same variables)
#   make api-check install into build/api-check/, build examples/*.c and
#                  examples/*.cpp with pkg-config, run them and the Python
#                  binding's tests against the CLI, and check that unsafe
#                  install paths are refused (part of `make check`)

PREFIX  ?= /usr/local
DESTDIR ?=
BINDIR  ?= $(PREFIX)/bin
LIBDIR  ?= $(PREFIX)/lib
INCDIR  ?= $(PREFIX)/include
MANDIR  ?= $(PREFIX)/share/man
PCDIR   ?= $(LIBDIR)/pkgconfig
CXX     ?= c++
# Debian's python3 first (the binding needs nothing but the standard library).
PYTHON  ?= $(firstword $(wildcard /usr/bin/python3) $(shell command -v python3 2>/dev/null) python3)

# Every install path goes onto the recipes' shell command lines and into
# cwb.pc, so each must be an absolute path of letters, digits and / . _ + @ -
# (DESTDIR may be empty). Anything else (a space, a quote, a shell
# metacharacter, a relative path) is refused when `make install` or
# `make uninstall` starts, before any recipe runs: a PREFIX with a space made
# `install -d` create stray folders in the source tree, a quote ended the
# recipe's quoting and the rest of the value ran as shell. PREFIX and
# DESTDIR are checked as typed too: a $ in them would be expanded by make.
CWB_INSTALL_VARS = PREFIX DESTDIR BINDIR LIBDIR INCDIR MANDIR PCDIR PYDIR
cwb_empty :=
cwb_space := $(cwb_empty) $(cwb_empty)
cwb_tab   := $(cwb_empty)	$(cwb_empty)
cwb_path_chars := a b c d e f g h i j k l m n o p q r s t u v w x y z \
                  A B C D E F G H I J K L M N O P Q R S T U V W X Y Z \
                  0 1 2 3 4 5 6 7 8 9 / . _ + @ -
# $(call cwb_strip_chars,TEXT,CHARS): TEXT without any of CHARS.
cwb_strip_chars = $(if $(2),$(call cwb_strip_chars,$(subst $(firstword $(2)),,$(1)),$(wordlist 2,$(words $(2)),$(2))),$(1))
# $(call cwb_path_bad,TEXT,EMPTY_OK): non-empty when TEXT is no safe absolute path.
cwb_path_bad = $(if $(1),$(if $(filter /%,$(1)),,relative)$(call cwb_strip_chars,$(subst $(cwb_tab),!,$(subst $(cwb_space),!,$(1))),$(cwb_path_chars)),$(if $(2),,empty))
cwb_check_path = $(if $(call cwb_path_bad,$(2),$(3)),$(error install path $(1) = '$(2)': must be an absolute path of letters, digits and / . _ + @ - (no spaces, quotes or shell metacharacters$(if $(3),; or empty)); nothing was installed))

CWB_SOVERSION := $(shell sed -n 's/^\#define CWB_VERSION "\(.*\)"/\1/p' src/core/cwb.h)
CWB_SOMAJOR   := $(firstword $(subst ., ,$(CWB_SOVERSION)))
SHLIB          = $(BUILD)/libcwb.so.$(CWB_SOVERSION)
PUBLIC_HEADERS = include/cwb/cwb_api.h
# The Python package goes where that python3 looks for a PREFIX's modules
# (Debian: /usr/local/lib/python3.X/dist-packages/cwb/, which loads
# LIBDIR/libcwb.so.0); none without python3. (pip install . is the other
# way, with the library inside the package: pyproject.toml.)
PY_VERSION    := $(shell $(PYTHON) -c 'import sys; print("python%d.%d" % sys.version_info[:2])' 2>/dev/null)
PYDIR         ?= $(if $(PY_VERSION),$(LIBDIR)/$(PY_VERSION)/dist-packages)
# cwb.pc's Libs: GSL's own flags (-lm once), so a static link works too.
GSL_LIBS      := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
PC_LIBS        = $(strip $(GSL_LIBS) $(if $(filter -lm,$(GSL_LIBS)),,-lm))
PY_PACKAGE     = $(notdir $(wildcard python/cwb/*.py))
MAN_PAGES      = $(wildcard $(BUILD)/man/*.1)

ifneq (,$(filter install uninstall,$(MAKECMDGOALS)))
$(call cwb_check_path,PREFIX,$(value PREFIX),)
$(call cwb_check_path,DESTDIR,$(value DESTDIR),empty_ok)
$(foreach v,$(filter-out PREFIX DESTDIR,$(CWB_INSTALL_VARS)),$(call cwb_check_path,$(v),$($(v)),$(if $(filter PYDIR,$(v)),empty_ok)))
endif

# Only the cwb_api_* symbols are exported (src/api/cwb_api.map); it needs
# GSL and the C library only.
SHLIB_LIBS     = $(PKG_LIBS)
$(SHLIB): $(LIB_OBJ) src/api/cwb_api.map
	$(CC) -shared -Wl,-soname,libcwb.so.$(CWB_SOMAJOR) -Wl,--version-script=src/api/cwb_api.map \
	    $(CFLAGS) $(LDFLAGS) -o $@ $(LIB_OBJ) $(SHLIB_LIBS)

$(BUILD)/libcwb.so: $(SHLIB)
	ln -sf $(notdir $(SHLIB)) $(BUILD)/libcwb.so.$(CWB_SOMAJOR)
	ln -sf libcwb.so.$(CWB_SOMAJOR) $@

lib: $(BUILD)/libcwb.a $(BUILD)/libcwb.so

# Every path quoted (the check above already refused quotes in them).
install: $(BUILD)/cwb $(BUILD)/libcwb.a $(SHLIB) $(BUILD)/man/cwb.1
	install -d '$(DESTDIR)$(BINDIR)' '$(DESTDIR)$(LIBDIR)' '$(DESTDIR)$(INCDIR)/cwb' '$(DESTDIR)$(PCDIR)'
	install -m 755 '$(BUILD)/cwb' '$(DESTDIR)$(BINDIR)/cwb'
	install -m 644 '$(BUILD)/libcwb.a' '$(DESTDIR)$(LIBDIR)/libcwb.a'
	install -m 755 '$(SHLIB)' '$(DESTDIR)$(LIBDIR)/$(notdir $(SHLIB))'
	ln -sf '$(notdir $(SHLIB))' '$(DESTDIR)$(LIBDIR)/libcwb.so.$(CWB_SOMAJOR)'
	ln -sf 'libcwb.so.$(CWB_SOMAJOR)' '$(DESTDIR)$(LIBDIR)/libcwb.so'
	install -m 644 $(foreach h,$(PUBLIC_HEADERS),'$(h)') '$(DESTDIR)$(INCDIR)/cwb/'
	printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$(LIBDIR)' 'includedir=$(INCDIR)' '' \
	    'Name: cwb' 'Description: cwb contact laws and runs for DEM codes and calibration (include <cwb/cwb_api.h>)' \
	    'Version: $(CWB_SOVERSION)' 'Cflags: -I$${includedir}' \
	    'Libs: -L$${libdir} -Wl,-rpath,$${libdir} -lcwb $(PC_LIBS)' > '$(DESTDIR)$(PCDIR)/cwb.pc'
	$(if $(PYDIR),install -d '$(DESTDIR)$(PYDIR)/cwb' && \
	    install -m 644 $(foreach f,$(PY_PACKAGE),'python/cwb/$(f)') '$(DESTDIR)$(PYDIR)/cwb/')
	$(if $(MAN_PAGES),install -d '$(DESTDIR)$(MANDIR)/man1' && \
	    install -m 644 $(foreach m,$(MAN_PAGES),'$(m)') '$(DESTDIR)$(MANDIR)/man1/')

uninstall:
	rm -f '$(DESTDIR)$(BINDIR)/cwb' '$(DESTDIR)$(LIBDIR)/libcwb.a' '$(DESTDIR)$(LIBDIR)/libcwb.so' \
	    '$(DESTDIR)$(LIBDIR)/libcwb.so.$(CWB_SOMAJOR)' '$(DESTDIR)$(LIBDIR)/$(notdir $(SHLIB))' \
	    '$(DESTDIR)$(PCDIR)/cwb.pc' \
	    $(foreach h,$(notdir $(PUBLIC_HEADERS)),'$(DESTDIR)$(INCDIR)/cwb/$(h)') \
	    $(foreach m,$(notdir $(MAN_PAGES)),'$(DESTDIR)$(MANDIR)/man1/$(m)') \
	    $(if $(PYDIR),'$(DESTDIR)$(PYDIR)/cwb.py' $(foreach f,$(PY_PACKAGE),'$(DESTDIR)$(PYDIR)/cwb/$(f)'))
	$(if $(PYDIR),rm -rf '$(DESTDIR)$(PYDIR)/cwb/__pycache__')
	-rmdir '$(DESTDIR)$(INCDIR)/cwb' 2>/dev/null
	$(if $(PYDIR),-rmdir '$(DESTDIR)$(PYDIR)/cwb' 2>/dev/null)

# The examples and the Python binding against a real install. A sanitizer
# build's library cannot be loaded by plain programs or by python3, so there
# the test says so and leaves it to the plain `make check`.
API_DIR = $(abspath $(BUILD))/api-check
ifneq (,$(findstring -fsanitize,$(CFLAGS)))
api-check:
	@echo "api-check: skipped in a sanitizer build (run by the plain make check)"
else
api-check: $(BUILD)/cwb $(BUILD)/libcwb.a $(SHLIB)
	rm -rf '$(API_DIR)'
	$(MAKE) --no-print-directory install PREFIX='$(API_DIR)/prefix' DESTDIR= >/dev/null
	$(MAKE) --no-print-directory install PREFIX=/usr/local DESTDIR='$(API_DIR)/stage' >/dev/null
	CC="$(CC)" CXX="$(CXX)" PYTHON="$(PYTHON)" sh tests/api/check_install.sh \
	    '$(API_DIR)' '$(abspath $(BUILD)/cwb)' '$(abspath .)'
	$(MAKE) --no-print-directory uninstall PREFIX=/usr/local DESTDIR='$(API_DIR)/stage' >/dev/null
	@left=$$(find '$(API_DIR)/stage' ! -type d); [ -z "$$left" ] || \
	    { echo "api-check: FAIL: make uninstall left $$left"; exit 1; }
	@echo "api-check: make uninstall removed every installed file"
	MAKE="$(MAKE)" MAKE_ARGS="BUILD=$(BUILD)" sh tests/api/check_prefix.sh '$(abspath .)'
endif

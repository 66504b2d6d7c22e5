# cwb -- the contact workbench.
#
#   make            build build/cwb and build/libcwb.so (which python/cwb loads)
#   make demo       build, run the showcase cases, write CSV/.gp/PNG to plots/ (V=1: verbose)
#   make docs       doc/reference/ and doc/figures.md, from the tables and a verification run
#                   (and its counts where README.md and doc/outputs.md quote them)
#   make report     cwb verify's HTML report with plots, rendered by headless chromium
#   make check      build and run the Check test suites (and api-check, python-check,
#                   layer-check, format-check)
#   make python-check  the Python package against the command, its examples, pip install .
#   make install    libcwb (static + shared), cwb_api.h, cwb.pc, the CLI (PREFIX, DESTDIR; mk/install.mk)
#   make sanitize   the test suites under AddressSanitizer + UBSan
#   make tsan       the thread suite under ThreadSanitizer
#   make valgrind   the test suites under valgrind (CK_FORK=no)
#   make bench      benchmarks (bench/; never part of check)
#   make bench-lammps  CPU per collision against LAMMPS at equal accuracy (bench/)
#   make bench-lammps-instr  LAMMPS' loop in instructions per pair and step (bench/)
#   make bench-lammps-ratio  cwb per collision / LAMMPS' loop in instructions, the goal's ratio
#   make bench-verlet  integrator = verlet against RK4 at equal accuracy (bench/)
#   make bench-dt-auto  dt = auto's error on every shipped collision case (bench/)
#   make bench-batch-instr  dt = auto in a batch against fixed steps, in instructions (bench/)
#   make bench-dt-reuse  batch --dt-reuse's error per sample against step / 64 (bench/)
#   make bench-fem  time the FEM grid of seed 000 Fig. 8 and the eq. 33 fit
#   make peer       the same oblique collision in LAMMPS and cwb (tests/peer/)
#   make peer-matrix  doc/peer-matrix.md: cwb peer for every shared law in LAMMPS, LIGGGHTS, Yade
#   make peer-data  regenerate tests/data/peer/ (the peer outputs the tests read)
#   make reference-analytic   regenerate reference/analytic/*.csv
#   make reference  regenerate reference/fem/ with gmsh and CalculiX (installs them)
#   make format     clang-format the sources (format-check: that nothing would change)
#   make layer-check the objects' calls and the sources' includes against src/README.md
#   make fuzz       AFL++ on the case, fit, study, reference-CSV and gmsh-mesh readers
#                   (FUZZ_SECONDS each; FUZZ_TARGETS=msh for one)
#   make deps       install the Debian packages the build and the Python tests need
#
# Targets that need Debian packages install them when they are missing
# (as root) or stop with the exact command to run.

CC      ?= cc
CFLAGS  ?= -O2 -g
WARN     = -std=c11 -Wall -Wextra -pedantic -Wshadow -Wstrict-prototypes \
           -Werror=implicit-function-declaration
# include/cwb/ holds what `make install` ships (cwb_api.h); each layer's
# own headers sit beside its sources (src/README.md: the layers).
LAYERS   = core laws contact io drivers commands fit fem api embed cli
PRIV_INC = $(addprefix src/,$(LAYERS))
CPPFLAGS += -D_XOPEN_SOURCE=700 -Iinclude/cwb $(addprefix -I,$(PRIV_INC))
PKGS     = gsl
DEB_PKGS = build-essential pkg-config libgsl-dev libdragonbox-dev check gnuplot-nox

BUILD   ?= build
LIB_SRC  = $(filter-out src/cli/%,$(wildcard src/*/*.c src/*/*/*.c))
# The one C++ file (src/core/shortest.cc: the shortest digits of a double,
# by Debian's header-only libdragonbox-dev, C++17), compiled by $(CXX) with
# $(CFLAGS); it needs nothing of the C++ runtime, so nothing links libstdc++.
LIB_CXX  = $(wildcard src/*/*.cc)
HEADERS  = $(wildcard include/cwb/*.h src/*/*.h)
LIB_OBJ  = $(patsubst src/%.c,$(BUILD)/obj/%.o,$(LIB_SRC)) $(patsubst src/%.cc,$(BUILD)/obj/%.o,$(LIB_CXX))
TEST_SRC = $(wildcard tests/*.c)
TEST_OBJ = $(patsubst tests/%.c,$(BUILD)/tobj/%.o,$(TEST_SRC))
DEPS_OK  = $(BUILD)/.deps-ok

PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lm
# Debian installs Dragonbox's header under its version (/usr/include/dragonbox-1.1.3/).
DRAGONBOX_INC = $(addprefix -I,$(lastword $(sort $(wildcard /usr/include/dragonbox-*))))
CHECK_LIBS = $(shell pkg-config --libs check 2>/dev/null)

.PHONY: FORCE docs report man man-check install uninstall api-check lib all check demo figures peer \
        peer-matrix peer-data sanitize tsan valgrind bench clean format deps reference-analytic \
        format-check layer-check \
        reference bench-fem bench-lammps bench-lammps-instr bench-lammps-ratio bench-verlet bench-dt-auto bench-batch-instr bench-dt-reuse fuzz

all: $(BUILD)/cwb $(BUILD)/libcwb.so

# --- Debian packages ------------------------------------------------------
$(DEPS_OK):
	@mkdir -p $(BUILD)
	@sh tools/ensure-deps.sh $(DEB_PKGS)
	@touch $@

deps: $(DEPS_OK) deps-python

# --- build ------------------------------------------------------------------
$(BUILD)/obj/%.o: src/%.c $(HEADERS) | $(DEPS_OK)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(WARN) $(CFLAGS) -fPIC $(PKG_CFLAGS) -c $< -o $@

$(BUILD)/obj/%.o: src/%.cc $(HEADERS) | $(DEPS_OK)
	@mkdir -p $(dir $@)
	$(CXX) $(CPPFLAGS) -std=c++17 -Wall -Wextra -pedantic -Wshadow $(CFLAGS) -fPIC \
	    -fno-exceptions -fno-rtti $(DRAGONBOX_INC) -c $< -o $@

# The git commit every output records (src/core/version.c, doc/outputs.md):
# `git describe --always --dirty` of this tree, or "unknown" when the tree
# is no git checkout of its own (unpacked inside another repository, it
# would name that one's commit). Only version.o sees it, rebuilt when the
# stamp changes, so a commit does not rebuild everything.
CWB_COMMIT := $(shell [ "$$(git rev-parse --show-toplevel 2>/dev/null)" = "$(realpath .)" ] && \
                git describe --always --dirty 2>/dev/null || echo unknown)
$(BUILD)/commit.stamp: FORCE
	@mkdir -p $(BUILD)
	@[ "$$(cat $@ 2>/dev/null)" = '$(CWB_COMMIT)' ] || echo '$(CWB_COMMIT)' > $@
$(BUILD)/obj/core/version.o: $(BUILD)/commit.stamp
$(BUILD)/obj/core/version.o: CPPFLAGS += -DCWB_COMMIT='"$(CWB_COMMIT)"'
FORCE:

# Built anew each time: `ar r` would keep members of files since moved or removed.
$(BUILD)/libcwb.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

# The command is linked statically when the C library's and GSL's archives
# are there (libc6-dev, libgsl-dev): it then maps no shared library at
# start, which on the development machine took a process start from 5.0 to
# 3.6 ms of CPU (`perf stat -r 50 build/cwb version`), a fixed cost every
# `cwb batch` and `cwb run` pays. CLI_STATIC=no links it dynamically;
# sanitizer builds do (ASan needs the shared C library).
CLI_STATIC ?= yes
CLI_LINK = $(if $(and $(filter yes,$(CLI_STATIC)),$(if $(findstring -fsanitize,$(CFLAGS) $(LDFLAGS)),,1), \
             $(wildcard $(shell $(CC) -print-file-name=libgsl.a)), \
             $(wildcard $(shell $(CC) -print-file-name=libc.a))),-static)

CLI_OBJ = $(patsubst src/%.c,$(BUILD)/obj/%.o,$(wildcard src/cli/*.c))
$(BUILD)/cwb: $(CLI_OBJ) $(BUILD)/libcwb.a
	$(CC) $(CFLAGS) $(LDFLAGS) $(CLI_LINK) -o $@ $^ $(PKG_LIBS)

# The tests start threads (tests/test_threads.c); the library itself needs none.
$(BUILD)/tobj/%.o: tests/%.c $(HEADERS) $(wildcard tests/*.h) | $(DEPS_OK)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) -Itests $(WARN) $(CFLAGS) -pthread $(PKG_CFLAGS) \
	    $(shell pkg-config --cflags check 2>/dev/null) -c $< -o $@

$(BUILD)/cwb_tests: $(TEST_OBJ) $(BUILD)/libcwb.a
	$(CC) $(CFLAGS) $(LDFLAGS) -pthread -o $@ $^ $(CHECK_LIBS) $(PKG_LIBS)

# --- tests ------------------------------------------------------------------
# The fuzz harnesses built with the plain compiler and run once on a seed,
# so a change to the readers cannot break `make fuzz` unnoticed.
FUZZ_SEED_case  = cases/chung_ooi_1_glass.case
FUZZ_SEED_fit   = cases/seed000_fig14_w.fit
FUZZ_SEED_study = reference/fem/studies/seed000_fig7a.study
FUZZ_SEED_csv   = reference/analytic/linear_impact.csv
FUZZ_SEED_msh   = tests/data/fem/halfround_coarse.msh
FUZZ_SMOKE = $(foreach t,case fit study csv msh,$(BUILD)/fuzz/smoke_$(t).ok)

$(BUILD)/fuzz/smoke_%.ok: fuzz/fuzz_%.c fuzz/fuzz_main.c $(BUILD)/libcwb.a
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) -Ifuzz $(WARN) $(CFLAGS) $(PKG_CFLAGS) -o $(BUILD)/fuzz/smoke_$* \
	    fuzz/fuzz_main.c $< $(BUILD)/libcwb.a $(PKG_LIBS)
	$(BUILD)/fuzz/smoke_$* $(FUZZ_SEED_$*) 2>&1 | grep -q '^status 0$$'
	@touch $@

# Tests are budgeted in CPU seconds (tests/check_main.c), never in wall-clock
# time; TEST_CPU_SCALE multiplies every budget (the sanitizer build is ~10x
# slower).
TEST_CPU_SCALE ?= 1
# The benchmark harness is built (never run) so that a change it no longer
# compiles with shows here.
check: $(BUILD)/cwb $(BUILD)/cwb_tests $(FUZZ_SMOKE) api-check man-check python-check \
       layer-check format-check $(BUILD)/bench_laws
	CWB_BIN=$(abspath $(BUILD)/cwb) CWB_TEST_CPU_SCALE=$(TEST_CPU_SCALE) $(BUILD)/cwb_tests


sanitize:
	$(MAKE) BUILD=build/sanitize CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer" \
	    LDFLAGS="-fsanitize=address,undefined" TEST_CPU_SCALE=10 check

# The thread suite (tests/test_threads.c: every law made and stepped from
# several threads at once) under ThreadSanitizer, which fails on any data
# race it sees (exit 66). CK_FORK=no: Check runs the test in this process.
TSAN_BUILD = build/tsan
tsan:
	$(MAKE) BUILD=$(TSAN_BUILD) CFLAGS="-O1 -g -fsanitize=thread -fno-omit-frame-pointer" \
	    LDFLAGS="-fsanitize=thread" CLI_STATIC=no $(TSAN_BUILD)/cwb_tests
	CK_FORK=no CK_RUN_SUITE=threads TSAN_OPTIONS="halt_on_error=1 exitcode=66" \
	    $(TSAN_BUILD)/cwb_tests

valgrind: $(BUILD)/cwb $(BUILD)/cwb_tests
	CK_FORK=no CWB_BIN=$(abspath $(BUILD)/cwb) valgrind --error-exitcode=1 \
	    --leak-check=full $(BUILD)/cwb_tests

# The man page cwb(1), generated from the program's own help.
$(BUILD)/man/cwb.1: $(BUILD)/cwb doc/mkman.sh
	@mkdir -p $(dir $@)
	sh doc/mkman.sh $(BUILD)/cwb $@

man: $(BUILD)/man/cwb.1

# Every command `cwb help` lists has its section in the man page.
man-check: $(BUILD)/man/cwb.1
	@for c in $$($(BUILD)/cwb help | awk '/^  cwb [a-z]/ {print $$2}'); do \
	    [ "$$c" = version ] || grep -q "^\.SS $$c\$$" $< || \
	    { echo "man-check: FAIL: no section for $$c in $<"; exit 1; }; done
	@echo "man-check: every command of cwb help has its section in $<"

# --- showcase -----------------------------------------------------------------
DEMO_CASES = cases/chung_ooi_1_glass.case cases/chung_ooi_1_limestone.case \
             cases/chung_ooi_2_al_alloy.case cases/chung_ooi_2_mg_alloy.case \
             cases/linear_spring_impact.case cases/history_hertz_force_control.case \
             cases/history_linear_friction_cycle.case \
             cases/seed004_fig5_md.case cases/seed004_fig5_mindlin.case cases/seed004_fig5_lth.case \
             cases/seed004_mbf_cycle.case cases/seed004_mbf_oblique_unload.case \
             cases/seed004_md_oblique_unload.case \
             cases/thornton_cycles.case cases/seed004_fig3a.case cases/seed004_fig3b.case \
             cases/seed004_fig4a.case cases/seed004_fig4b.case \
             $(SEED004_PLASTIC_FIGS) $(SEED004_TANGENTIAL_FIGS) \
             $(foreach l,$(RESTITUTION_LAWS),cases/seed004_cycles_$(l).case) \
             $(SEED000_FIGS) $(SEED003_FIGS) $(BEYOND_FIGS) $(BEYOND_ROLLING_FIGS)
BEYOND_FIGS = cases/beyond_jkr_cycle.case cases/beyond_dmt_cycle.case cases/beyond_thornton_ning_cycle.case \
              cases/beyond_jkr_pull_off.case
BEYOND_ROLLING_FIGS = $(foreach c,rolling_epsd_cycle twisting_cycle twisting_lubkin rolling_epsd_rest,cases/beyond_$(c).case)

# Seed 000 (2D law): model curves; overlaid runs first.
SEED000_FIGS = $(foreach c,fig9 fig11 fig12 fig14 fig14_constant_w fig13 appendix_c fig15a \
                 fig15b_no_slip fig15b ratio,cases/seed000_$(c).case)

# Seed 003 (sliding of two spheres): overlays run after the cases they draw.
SEED003_FIGS = $(foreach c,fig6_line_velocity fig4a_hysteresis fig4b_hysteresis fig4c_hysteresis \
                 fig4d_p2 fig4d_p3 fig4d_p4 fig5_reversals fig13_an_on fig13_an_off \
                 fig14_t105 fig14_t200 fig14_t150 \
                 fig1_v105 fig1_v15 fig1_v30 fig1a fig1b fig1c fig1d \
                 fig3_v10_line fig3_v10_k08 fig3_v10_k03 fig3_v15_line fig3_v15_k08 fig3_v15_k03 \
                 fig3_v30_line fig3_v30_k08 fig3_v30_k03 \
                 fig9_k03 fig9_k08 fig9_k03_exact fig9_k08_exact,cases/seed003_$(c).case)
SEED003_SWEEPS = $(foreach c,fig7_restitution fig8_contact_time fig10_k08 fig10_k03 fig11_k08 \
                   fig11_k03 fig15_contact_time,cases/seed003_$(c).case)

# Fit-cases (`cwb fit`): equivalent stiffnesses, a constant w for the
# simplified law, the refit of eq. 33 on the FEM grid (Fig. 8) and the
# Fig. 7 panels (FEM points with the paper's and the refitted eq. 33).
FIT_CASES = $(foreach f,fig15_kn fig15_kt fig15_kn_fem fig15_kt_fem fig14_w fig8_eq33 fig8_eq33_range fig7a fig7b fig7c fig7d fig7e, \
              cases/seed000_$(f).fit)
# Rathbone thesis: calibration of a law to restitution targets.
FIT_CASES += cases/seed004_restitution_fit_thornton.fit cases/seed004_restitution_calibrate_thornton.fit
# Rathbone thesis ch. 4-5: its fitted constants refitted to cwb's FEM
# (reference/fem/seed004_*.csv), and the other laws' constants fitted to it.
FIT_CASES += $(foreach f,fig22_pressure fig23_reduced_radius eq53_D_trend fig24_c_trend eq58_z_trend \
               fig25_unloading fig32_c_extended eq64_plastic_radius fig41_contact_radius \
               eq76_turning_point fig26_thornton_py fig34_thornton_py fig35_tomas_lambda \
               fig27_brake_p0 fig27_vu_quoc_fit pellet_fit_rathbone pellet_fit_thornton \
               pellet_fit_jackson_green fig31_centre_yield pellet_eq111_yield \
               pellet_eq112_modulus fig42_friction fig45_stiffness fig42_friction_getfem \
               fig45_stiffness_getfem fig45_force_curve_getfem fig42_friction_getfem_H10 \
               fig45_force_curve_getfem_H10 eq53_D_trend_20 fig32_c_extended_table4, \
               cases/seed004_$(f).fit)

# Seed 004 Figs. 26-35, law against law; a figure's comparison laws run
# before the case that draws them (its [output] overlay).
SEED004_PLASTIC_FIGS = $(foreach c,fig10 fig26_thornton fig26_thornton_fit fig26 \
                         fig27_brake fig27_jackson_green fig27 fig28_jackson_green fig28 \
                         fig29a fig29b fig30 fig33_e26000 fig33 fig34_thornton_1 fig34_thornton_2 fig34 \
                         fig35_tomas fig35,cases/seed004_$(c).case)

# Seed 004 Figs. 36-54 (ch. 5, tangential): the law side, law against law;
# a figure's comparison runs come before the case that draws them.
SEED004_TANGENTIAL_FIGS = $(foreach c,fig36 fig36_fem_a35 fig36_fem_a45 fig36_fem_a68 \
                           fig37_fem_a15 fig38_fem_a15 fig39_fem_a15 fig37_fem_a35 fig37_fem_a45 fig37_fem_a65 fig38_fem_a35 fig38_fem_a45 \
                           fig38_fem_a65 fig39_fem_a35 fig39_fem_a45 fig39_fem_a65 fig37_a15 fig37_a35 fig37_a45 fig37_a65 fig38_a15 fig38_a35 \
                           fig38_a45 fig38_a65 fig39_a15 fig39_a35 fig39_a45 fig39_a65 \
                           fig40_a15 fig40_a45 fig40_fem_a30 fig41_hertz fig41 fig41_fem fig43_y3 fig43_y7 fig43_y15 \
                           fig46_y1 fig46_y3 fig46_y7 fig46_y15 fig47_y3 fig47_y7 fig47_y15 \
                           fig44 fig49_a15 fig49_a30 fig49_a45 fig49_fem_a30 fig49_fem_a30_normal \
                           fig49_fem_a30_xi fig50_a15 fig50_a30 fig50_a45 \
                           fig51_v025 fig51_v05 fig51_v1 fig52_mindlin_deresiewicz \
                           fig52_mindlin fig52_lth fig52 fig53 fig54_mu01 fig54_mu02 \
                           oblique_two_spheres,cases/seed004_$(c).case)

# Restitution against impact velocity for every elastic-plastic law; rathbone
# last (it draws the others).
RESTITUTION_LAWS = thornton tomas stronge storakers vu_quoc brake jackson_green \
                   rathbone2015 rathbone

SWEEP_CASES = cases/chung_ooi_3_al_oxide.case cases/chung_ooi_3_cast_iron.case \
              cases/chung_ooi_4_al_oxide.case cases/chung_ooi_4_al_alloy.case \
              cases/chung_ooi_5_nu030.case cases/chung_ooi_5_nu040.case \
              cases/chung_ooi_6_al_alloy.case cases/chung_ooi_6_nylon.case \
              cases/chung_ooi_7_al_alloy.case cases/chung_ooi_8_al_alloy.case \
              cases/thornton_restitution.case cases/seed004_restitution_thornton_calibrated.case \
              $(foreach l,$(RESTITUTION_LAWS),cases/seed004_restitution_$(l).case) \
              $(SEED003_SWEEPS) cases/beyond_jkr_restitution.case \
              cases/beyond_thornton_ning_restitution.case
SWEEP_CASES += cases/beyond_twisting_slip_impulse.case cases/seed001_rolling_friction.case \
               cases/verlet_hertz_glass.case

# Quiet: one line per group, every case's output in build/demo.log;
# make demo V=1 shows it all.
DEMO_LOG = $(BUILD)/demo.log
demo: $(BUILD)/cwb
	@mkdir -p plots && : > $(DEMO_LOG)
	@sh tools/demo.sh $(BUILD)/cwb run "$(V)" $(DEMO_LOG) $(DEMO_CASES)
	@sh tools/demo.sh $(BUILD)/cwb sweep "$(V)" $(DEMO_LOG) $(SWEEP_CASES)
	@sh tools/demo.sh $(BUILD)/cwb fit "$(V)" $(DEMO_LOG) $(FIT_CASES)
	@cd plots && for g in seed004_fig46 seed004_fig48 seed004_table7 seed004_fig18 seed004_fig20 seed004_fig11; do \
	    gnuplot $$g.gp >> ../$(DEMO_LOG) 2>&1 || \
	    { echo "demo: gnuplot plots/$$g.gp failed (see $(DEMO_LOG))" >&2; exit 1; }; done
	@echo "demo: CSV, gnuplot scripts and PNGs are in plots/; cwb verify --out DIR judges them all"

figures: demo

# The verification report with every plot (cwb verify), looked at in a real
# browser: Debian's chromium renders index.html headless to a screenshot,
# which fails the target if the page does not render.
REPORT = $(BUILD)/report
report: $(BUILD)/cwb
	@sh tools/ensure-deps.sh chromium
	$(BUILD)/cwb verify --jobs 2 --out $(REPORT) || true
	chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
	    --disable-background-networking --disable-component-update --disable-sync \
	    --user-data-dir=$(abspath $(REPORT))/.chromium --window-size=1280,3000 \
	    --screenshot=$(abspath $(REPORT))/screenshot.png file://$(abspath $(REPORT))/index.html \
	    2>$(REPORT)/chromium.log
	@test -s $(REPORT)/screenshot.png && \
	    echo "report: $(REPORT)/index.html, as chromium renders it: $(REPORT)/screenshot.png"

# The pages of doc/ that mirror data, written from it (tests/test_docs.c and
# tests/test_references.c fail when they are stale): the reference pages and
# README.md's count of laws from the tables the readers use, the verdicts
# page from a verification run of every shipped case that names a reference
# (its plots are make demo's), and the figures index from
# doc/figure-index.tsv and that run's JSON.
docs: $(BUILD)/cwb
	$(BUILD)/cwb docs doc/reference
	$(BUILD)/cwb laws --json | $(PYTHON) tools/law-count.py README.md
	$(BUILD)/cwb verify --no-plot --jobs 2 --plots ../plots --out $(BUILD)/verify-docs; \
	    status=$$?; cp $(BUILD)/verify-docs/report.md doc/figures.md; \
	    echo "docs: wrote doc/reference/ and doc/figures.md (cwb verify exit status $$status)"
	$(PYTHON) tools/figure-index.py doc/figure-index.tsv $(BUILD)/verify-docs/report.json \
	    doc/figure-index.md
	@echo "docs: wrote doc/figure-index.md"
	$(PYTHON) tools/verify-counts.py $(BUILD)/verify-docs/report.json README.md doc/outputs.md
	$(PYTHON) tools/reference-census.py reference doc/verification-cases.md

# --- references and benchmarks ------------------------------------------------
$(BUILD)/ref_hertz_impact: reference/analytic/ref_hertz_impact.c | $(DEPS_OK)
	@mkdir -p $(BUILD)
	$(CC) $(CPPFLAGS) $(WARN) $(CFLAGS) $(PKG_CFLAGS) -o $@ $< $(PKG_LIBS)

$(BUILD)/seed003_closed_forms: reference/analytic/seed003_closed_forms.c $(BUILD)/libcwb.a
	$(CC) $(CPPFLAGS) $(WARN) $(CFLAGS) $(PKG_CFLAGS) -o $@ $< $(BUILD)/libcwb.a $(PKG_LIBS)

# the adhesion and Lubkin references are written by python3 scripts (generate.sh)
reference-analytic: $(BUILD)/ref_hertz_impact $(BUILD)/seed003_closed_forms
	@sh tools/ensure-deps.sh python3
	sh reference/analytic/generate.sh $(BUILD)/ref_hertz_impact
	$(BUILD)/seed003_closed_forms

# FEM references (gmsh + CalculiX from Debian): one study file per CSV; then
# the tables derived from several studies (Debian's python3 with numpy), and
# GetFEM's friction check (python3-getfem).
FEM_DEB_PKGS = gmsh calculix-ccx python3-numpy python3-scipy python3-getfem
FEM_STUDIES  = $(sort $(wildcard reference/fem/studies/*.study))
FEM_SCRIPTS  = $(sort $(wildcard reference/fem/studies/*.py))

reference: $(BUILD)/cwb
	@sh tools/ensure-deps.sh $(FEM_DEB_PKGS)
	@for s in $(FEM_STUDIES); do \
	    echo "== reference $$s"; $(BUILD)/cwb reference $$s || exit $$?; done
	@for s in $(FEM_SCRIPTS); do \
	    echo "== reference $$s"; /usr/bin/python3 $$s || exit $$?; done

$(BUILD)/bench_laws: bench/bench_laws.c $(BUILD)/libcwb.a
	$(CC) $(CPPFLAGS) $(WARN) $(CFLAGS) $(PKG_CFLAGS) -o $@ $^ $(PKG_LIBS)

bench: $(BUILD)/bench_laws $(BUILD)/cwb
	$(BUILD)/bench_laws
	$(BUILD)/bench_laws --goals
	sh bench/demo_memory.sh $(BUILD)/cwb
	sh bench/bench_sweep.sh $(BUILD)/cwb
	sh bench/bench_restitution.sh $(BUILD)/cwb
	sh bench/bench_batch.sh $(BUILD)/cwb
	sh bench/bench_format.sh $(BUILD)/cwb
	sh bench/bench_lammps_ratio.sh $(BUILD)/bench_laws

bench-dt-auto: $(BUILD)/cwb
	sh bench/bench_dt_auto.sh $(BUILD)/cwb

bench-dt-reuse: $(BUILD)/cwb
	sh bench/bench_dt_reuse.sh $(BUILD)/cwb

bench-batch-instr: $(BUILD)/cwb
	sh bench/bench_batch_instr.sh $(BUILD)/cwb

bench-lammps: $(BUILD)/cwb $(BUILD)/bench_laws
	sh bench/bench_lammps.sh $(BUILD)/cwb $(BUILD)/bench_laws

bench-lammps-instr:
	sh bench/bench_lammps_instr.sh

bench-lammps-ratio: $(BUILD)/bench_laws
	sh bench/bench_lammps_ratio.sh $(BUILD)/bench_laws

bench-verlet: $(BUILD)/bench_laws
	sh bench/bench_verlet.sh $(BUILD)/bench_laws
	sh bench/bench_verlet.sh $(BUILD)/bench_laws --verlet-tc

bench-fem: $(BUILD)/cwb
	@sh tools/ensure-deps.sh $(FEM_DEB_PKGS)
	sh bench/bench_fem.sh $(BUILD)/cwb

# LAMMPS side by side (needs Debian's lammps; skipped with a message without it)
peer: $(BUILD)/cwb
	sh tests/peer/lammps_oblique.sh $(BUILD)/cwb
	sh tests/peer/lammps_rolling.sh $(BUILD)/cwb

# cwb peer in the three peer codes (Debian's lammps, liggghts, yade; never
# part of check): the cross-code matrix, and the committed peer outputs.
PEER_DEB_PKGS = lammps liggghts yade
peer-matrix: $(BUILD)/cwb
	@sh tools/ensure-deps.sh $(PEER_DEB_PKGS)
	sh tools/peer-matrix.sh $(BUILD)/cwb doc/peer-matrix.md

peer-data: $(BUILD)/cwb
	@sh tools/ensure-deps.sh $(PEER_DEB_PKGS)
	sh tools/peer-data.sh $(BUILD)/cwb tests/data/peer

# The layers of src/README.md, held on what the build made: each object's
# undefined symbols against the objects that define them, each source's
# #include "..." against the folder holding the header (tools/check-layers.py
# reads the allowed edges from the table in src/README.md).
layer-check: $(LIB_OBJ) $(CLI_OBJ)
	@$(PYTHON) tools/check-layers.py src/README.md $(LIB_OBJ) $(CLI_OBJ)

# The committed .clang-format, applied (format) or checked (format-check:
# fails naming every line clang-format would change). Debian's clang-format
# (14 on bookworm): another major version may lay some lines out otherwise.
FORMAT_SRC = $(wildcard src/*/*.c src/*/*.cc src/*/*.h src/*/*/*.c include/cwb/*.h tests/*.c tests/*.h \
               bench/*.c fuzz/*.c fuzz/*.h reference/analytic/*.c)
format:
	@sh tools/ensure-deps.sh clang-format
	clang-format -i $(FORMAT_SRC)

format-check:
	@sh tools/ensure-deps.sh clang-format
	@clang-format --dry-run -Werror $(FORMAT_SRC) && \
	    echo "format-check: $(words $(FORMAT_SRC)) files as .clang-format lays them out"

clean:
	rm -rf build cwb-out

# --- fuzzing --------------------------------------------------------------------
# AFL++ on the input readers (fuzz/fuzz_*.c: case files, fit-cases, FEM
# studies, reference CSVs, gmsh meshes), one campaign of FUZZ_SECONDS each, one after
# another, under ASan + UBSan; output in build/fuzz/. Fails when any target
# found a crash or a leak (after running them all).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS  = $(patsubst fuzz/fuzz_%.c,%,$(filter-out fuzz/fuzz_main.c,$(wildcard fuzz/fuzz_*.c)))

fuzz:
	@sh tools/ensure-deps.sh afl++
	@status=0; for t in $(FUZZ_TARGETS); do \
	    sh fuzz/run.sh $$t $(FUZZ_SECONDS) || status=1; done; exit $$status

# --- libcwb for other programs (mk/install.mk) ----------------------------------
include mk/install.mk
# --- the Python package (mk/python.mk) --------------------------------------------
include mk/python.mk

# Build (included by the top-level Makefile after mk/config.mk): parameter files, the C
# library, rinv_sim, the unit tests, the lockstep binary (verilate), the venv, lint, waves,
# Debian packages, clean, and make help.

PHONY_EXTRA := deps gtkw
.PHONY: $(PHONY_EXTRA) help params verilate sim lint lint-yosys venv wave clean check-params unit \
        regs check-regs

# make help: every target a user calls, one line each (the test make_help_lists_targets keeps
# it complete against the .PHONY lists; internal targets are marked there)
help:
	@printf '%s\n' \
	 'Build and run (ARCH=v1|v2 picks the contract; v2 builds go to build-rtlv2-modelv2/)' \
	 '  make verilate     ./tb_dir: RTL + C model in lockstep (Verilator, DPI-C); ./tb_dir +help' \
	 '                    CONFIG=fpga: ./tb_dir_fpga; PROFILE=fast: ./tb_dir_fast (no SVA, no FST)' \
	 '                    PARAMS=FILE.toml: the RTL at a sweep point over CONFIG, checked first;' \
	 '                    build/points/CONFIG-HASH/tb_dir[_fast] (docs/DSE.md; sim/dse.py confirm)' \
	 '  make sim          build/rinv_sim: the C model alone, same harness and RESULT line' \
	 '  make all          verilate and sim' \
	 '  make unit         the C unit-test binaries (build/test_tb, build/test_model, build/test_fe)' \
	 '  make host         build/rinv_host: the host tool of the board (docs/FPGA.md §4)' \
	 '  make params       regenerate the parameter files from params/rinv.toml' \
	 '  make check-params fail if a generated parameter file is stale' \
	 '  make regs         regenerate the register map files from regs/rinv.rdl (venv: SystemRDL)' \
	 '  make check-regs   fail if a generated register map file is stale' \
	 'Check' \
	 '  make test         every test; ends with "N passed, M failed" (installs the venv, gtkwave)' \
	 '  make lint         verilator -Wall and Icarus lint of the RTL' \
	 '  make lint-yosys   Yosys parse and elaboration of the RTL' \
	 '  make regress      SEEDS x CYCLES random lockstep runs with resets (tools/regress_seed.sh)' \
	 '  make fuzz         trace parser and model, ASan/UBSan, FUZZ_SECONDS (libFuzzer or gcc)' \
	 '  make mutate       plant each RTL mutant of tools/mutate.py, expect the tests to kill it' \
	 '  make coverage     Verilator coverage build, FSM state/transition goals (COV_RUNS=N smoke)' \
	 '  make icarus-test  directed SystemVerilog testbench under Icarus' \
	 '  make vdirected    the same testbench under Verilator' \
	 '  make formal       SymbiYosys proofs of formal/: one line per property, broken variants' \
	 '  make formal-quick the prove, cover and broken-variant tasks (no bmc task)' \
	 '  make cocotb       cocotb suite of the register port on Icarus and Verilator (tests/cocotb/)' \
	 'Measure' \
	 '  make sweep        the result table (sim/sweep.py -> sim/results/): model and lockstep rows' \
	 '  make results      sweep, then plots' \
	 '  make plots        docs/plots and the tables of docs/RESULTS.md from the last sweep' \
	 '  make sens         run count vs tcp_mshrs x waves_per_cu (sim/sens.py): CSV, plot, table' \
	 '  make bench        CPU time of the model and of lockstep (docs/RESULTS.md)' \
	 'Look' \
	 '  make wave         open the newest .fst in GTKWave (FST=file, CONFIG=gem5|fpga)' \
	 '  make gtkw         regenerate the GTKWave save files of sim/' \
	 'FPGA (ULX3S, ECP5-85F; FPGA_MHZ sets the PLL and the timing target)' \
	 '  make fpga         bitstream + report; fails with no bitstream if timing is not met' \
	 '  make fpga-ooc     per-block out-of-context place and route and Fmax (OOC_BLOCKS=...)' \
	 '  make fpga-sim     the board top in Verilator, driven by rinv_host over TCP' \
	 '  make flash        load build/fpga/ulx3s.bit into the ULX3S (openFPGALoader, cable ft231X)' \
	 'Setup' \
	 '  make venv         .venv with the pinned Python tools (tools/requirements.txt)' \
	 '  make deps         Debian packages of make test (gtkwave, clang, Slurm), with apt-get' \
	 '  make clean        remove $(BUILD) and the tb_dir* binaries of this ARCH' \
	 'Internal (called by the targets above): regress-run coverage-build coverage-check'

params:
	$(PYTHON) tools/gen_params.py

check-params:
	$(PYTHON) tools/gen_params.py --check

# The register map (docs/REGISTERS.md): regs/rinv.rdl compiled by systemrdl-compiler (the venv)
# into common/rinv_regs.h, rtl/rinv_regs_pkg.sv and the tables of docs/REGISTERS.md. The outputs
# are committed, so the builds never need the venv; test regs_up_to_date checks them.
regs: $(VENV)/stamp
	$(VENV)/bin/python tools/gen_regs.py

check-regs: $(VENV)/stamp
	$(VENV)/bin/python tools/gen_regs.py --check

$(BUILD)/params.stamp: params/rinv.toml tools/gen_params.py
	@mkdir -p $(BUILD)
	$(PYTHON) tools/gen_params.py
	@touch $@

$(BUILD)/obj/%.o: %.c $(BUILD)/params.stamp
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

-include $(LIB_OBJS:.o=.d)

$(BUILD)/libtb.a: $(LIB_OBJS)
	@rm -f $@
	ar rcs $@ $^

sim: $(BUILD)/rinv_sim

$(BUILD)/rinv_sim: tb/rinv_sim.c $(BUILD)/libtb.a
	$(CC) $(CFLAGS) $< $(BUILD)/libtb.a -lm -o $@

TB_TEST_SRCS := tests/tb/test_tb.c tests/tb/test_pagetable.c tests/tb/test_upstream.c \
                tests/tb/test_trace_more.c tests/tb/test_xcu.c tests/tb/test_ticks.c
TB_TEST_HDRS := tests/tb/test_pagetable.h tests/tb/test_upstream.h tests/tb/test_trace_more.h \
                tests/tb/test_xcu.h tests/tb/test_ticks.h
$(BUILD)/test_tb: $(TB_TEST_SRCS) $(TB_TEST_HDRS) $(BUILD)/libtb.a
	$(CC) $(CFLAGS) $(TB_TEST_SRCS) $(BUILD)/libtb.a -lm -o $@

# MODEL_TEST (mk/config.mk): the unit-test sources of this ARCH's model, one file (v2) or
# several (v1), all compiled into one binary; MODEL_TEST_HDRS: their headers (prerequisites)
$(BUILD)/test_model: $(MODEL_TEST) $(MODEL_TEST_HDRS) $(BUILD)/libtb.a
	$(CC) $(CFLAGS) $(MODEL_TEST) $(BUILD)/libtb.a -lm -o $@

ifeq ($(MODEL_ARCH),v2)
# the GPU front end's blocks alone (gpu_coal, gpu_tcp, gpu_tcc_arb on a TCC stub), cycle
# numbers derived from docs/ARCHITECTURE_v3_gpu_frontend.md
$(BUILD)/test_fe: tests/cmodel/v2/test_fe.c tests/cmodel/v2/test_fe_cases.inc $(BUILD)/libtb.a
	$(CC) $(CFLAGS) tests/cmodel/v2/test_fe.c $(BUILD)/libtb.a -lm -o $@

unit: $(BUILD)/test_fe
endif
unit: $(BUILD)/test_tb $(BUILD)/test_model

# VOPT: extra Verilator options, e.g. VOPT='-MAKEFLAGS "OPT_FAST=-O0 OPT_SLOW=-O0"' for a
# quick-to-compile, slower binary (make mutate builds its mutants that way).
VOPT   ?=
# VOPT_CXX: the C++ optimisation of the Verilated model: -O2 (Verilator's default, -Os, runs
# the lockstep binary about 20 % slower: docs/RESULTS.md "Simulation speed")
VOPT_CXX ?= -MAKEFLAGS "OPT_FAST=-O2 OPT_GLOBAL=-O2"
VFLAGS := --binary --timing -j $(JOBS) --top-module tb_dir -I$(RTL_DIR) -Irtl -Itb \
          -LDFLAGS -lm $(VDEFS) $(VOPT_CXX)
# per profile: checked = assertions + FST tracing; fast = neither (TB_NO_TRACE: no $dumpvars)
VFLAGS_checked := --trace-fst --assert
VFLAGS_fast    := -DTB_NO_TRACE
VDEFS_gem5     :=
VDEFS_fpga     := +define+TB_CONFIG_FPGA

# make verilate PARAMS=FILE.toml [CONFIG=gem5|fpga] [PROFILE=checked|fast] (docs/DSE.md,
# "Lockstep at a sweep point"): the RTL elaborated at FILE's values over CONFIG. FILE is
# checked first, when make reads this file, with the rules of rinv_cfg_check
# (tools/gen_params.py --point-id: an error names the key, file, line and legal range, and
# nothing is built). The point is named $(CONFIG)-HASH (SHA-256 of CONFIG and every value of
# the point: the same values, the same binary) and built in its own directory
# $(BUILD)/points/$(PT_ID): tools/gen_params.py --point writes the SystemVerilog package
# rinv_point_pkg (TB_POINT in tb/tb_dir.sv) and the C table tb_point (tb/tb_point.h) linked
# into the binary, which runs with the point as its configuration: PT_DIR/tb_dir, or
# PT_DIR/tb_dir_fast (PROFILE=fast).
ifneq ($(PARAMS),)
PT_ID   := $(shell $(PYTHON) tools/gen_params.py --point-id $(CONFIG) '$(PARAMS)')
$(if $(PT_ID),,$(error make verilate PARAMS=$(PARAMS): not a legal point (above); nothing built))
PT_DIR  := $(BUILD)/points/$(PT_ID)
PT_SEL  := $(PT_DIR)/tb_dir$(if $(filter fast,$(PROFILE)),_fast)
# the generated sources in PT_DIR/gen, Verilator's directories in PT_DIR/obj: Verilator's
# makefile (verilated.mk) puts the parent of its -Mdir on VPATH, and PT_DIR holds the finished
# tb_dir, which make would find there and call up to date after the rule removed the old one
PT_GEN  := $(PT_DIR)/gen
PT_ARGS := +define+TB_POINT $(abspath $(PT_GEN)/rinv_point_pkg.sv) \
           $(abspath $(PT_GEN)/rinv_point.o)
PT_OTHER := $(TB_BIN)$(if $(filter fpga,$(CONFIG)),_fpga)

endif

# make verilate PARAMS=FILE.toml: the lockstep binary of one sweep point instead
ifeq ($(PARAMS),)
verilate: $(TB_SEL)
else
verilate: $(PT_SEL)
	@echo "make verilate: $(PT_SEL): lockstep binary of $(PARAMS) over $(CONFIG) (point $(PT_ID))"
endif

# $(call tb_rule,BINARY,CONFIG,PROFILE,OTHER-CONFIG BINARY[,VERILATOR-ARGS,PREREQUISITES,DIR]):
# the rule of one lockstep binary, built in DIR, by default $(BUILD)/verilator[-fpga][-fast].
# The old binary is removed first: Verilator's own make does not see libtb.a change, and would
# otherwise keep a binary linked with the previous harness. The fast profile's mismatch
# waveform comes from the checked binary of its config (BINARY without _fast).
tb_vdir = $(or $(3),$(BUILD)/verilator$(if $(filter fpga,$(1)),-fpga)$(if \
          $(filter fast,$(2)),-fast))
define tb_rule
$(1): $$(RTL_SRCS) $$(TB_SV) $$(SVA_SRCS) tb/tb_dpi.svh $$(BUILD)/libtb.a $(6)
	rm -f $(call tb_vdir,$(2),$(3),$(7))/tb_dir
	mkdir -p $(call tb_vdir,$(2),$(3),$(7))
	$$(VERILATOR) $$(VFLAGS) $$(VFLAGS_$(3)) $$(VDEFS_$(2)) -Mdir $(call tb_vdir,$(2),$(3),$(7)) \
	  '+define+TB_OTHER_BIN="$(4)"' \
	  $(if $(filter fast,$(3)),'+define+TB_WAVE_BIN="$(abspath $(patsubst %_fast,%,$(1)))"') \
	  $$(VOPT) $(5) $$(RTL_SRCS) $$(TB_SV) $$(SVA_SRCS) $$(abspath $$(BUILD)/libtb.a) -o tb_dir
	cp $(call tb_vdir,$(2),$(3),$(7))/tb_dir $$@.tmp && mv -f $$@.tmp $$@
endef
$(eval $(call tb_rule,$(TB_BIN),gem5,checked,$(TB_BIN_FPGA)))
$(eval $(call tb_rule,$(TB_BIN_FPGA),fpga,checked,$(TB_BIN)))
$(eval $(call tb_rule,$(TB_BIN_FAST),gem5,fast,$(TB_BIN_FPGA_FAST)))
$(eval $(call tb_rule,$(TB_BIN_FPGA_FAST),fpga,fast,$(TB_BIN_FAST)))

ifneq ($(PARAMS),)
$(PT_GEN)/point.stamp: $(PARAMS) params/rinv.toml tools/gen_params.py $(BUILD)/params.stamp
	$(PYTHON) tools/gen_params.py --point $(CONFIG) '$(PARAMS)' $(PT_GEN)
	@touch $@

# gen_params.py rewrites an output only when its text changed, so a new file with the same
# values (or a touched one) rebuilds nothing: make sees the outputs' own times
$(PT_GEN)/rinv_point.c $(PT_GEN)/rinv_point_pkg.sv: $(PT_GEN)/point.stamp ;

$(PT_GEN)/rinv_point.o: $(PT_GEN)/rinv_point.c tb/tb_point.h
	$(CC) $(CFLAGS) -c $< -o $@

PT_PREREQ := $(PT_GEN)/rinv_point.o $(PT_GEN)/rinv_point_pkg.sv
$(eval $(call tb_rule,$(PT_DIR)/tb_dir,$(CONFIG),checked,$(PT_OTHER),$(PT_ARGS),\
  $(PT_PREREQ),$(PT_DIR)/obj/verilator))
$(eval $(call tb_rule,$(PT_DIR)/tb_dir_fast,$(CONFIG),fast,$(PT_OTHER)_fast,$(PT_ARGS),\
  $(PT_PREREQ),$(PT_DIR)/obj/verilator-fast))
endif

# Python tools (Yosys for the parse check and the FPGA flow, plotting) in a local venv.
$(VENV)/stamp: tools/requirements.txt
	@echo "make: creating the Python venv $(VENV) with tools/requirements.txt (pip, PyPI)"
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q --disable-pip-version-check -r tools/requirements.txt
	@touch $@

venv: $(VENV)/stamp

# Lint: Verilator -Wall with both configurations, Icarus elaboration (fpga sizes, for speed),
# Yosys parse + elaboration with the fpga configuration.
lint: $(BUILD)/params.stamp
	$(VERILATOR) --lint-only -Wall $(LINT_VLT) $(RTL_SRCS) --top-module rinv_top
	$(VERILATOR) --lint-only -Wall $(LINT_VLT) $(RTL_SRCS) --top-module rinv_top \
	  $$($(PYTHON) tools/cfg_flags.py fpga verilator $(RTL_ARCH))
	iverilog -g2012 -o $(BUILD)/rinv_top.vvp -s rinv_top \
	  $$($(PYTHON) tools/cfg_flags.py fpga iverilog $(RTL_ARCH)) $(RTL_SRCS) 2>&1 | grep -v 'sorry: Case unique' ; \
	  test $${PIPESTATUS[0]} -eq 0
	@echo "lint: verilator and iverilog clean"

lint-yosys: $(BUILD)/params.stamp $(VENV)/stamp
	$(YOSYS) -q -l $(BUILD)/yosys_parse.log -p "read_verilog -sv $(RTL_SRCS); \
	  $$($(PYTHON) tools/cfg_flags.py fpga yosys $(RTL_ARCH)); hierarchy -check -top rinv_top; proc; check -assert"
	@echo "lint-yosys: parse, hierarchy, proc and check clean"

# make wave [FST=file.fst] [CONFIG=gem5|fpga]: open a waveform (default: the newest .fst) in
# GTKWave with the save file of that configuration (signals grouped by block, FSM names).
# Fails with a clear message (exit 1) when GTKWave is missing, no .fst exists or there is no
# display; it never installs anything (that is `make deps`).
wave:
	@command -v gtkwave >/dev/null || { echo "make wave: gtkwave is not installed:" \
	  "run 'make deps' (installs the Debian package gtkwave)" >&2; exit 1; }
	@f="$(FST)"; [ -n "$$f" ] || f=$$(ls -t *.fst $(BUILD)/*.fst $(BUILD)/tests/*.fst 2>/dev/null | head -1); \
	if [ -z "$$f" ]; then echo "make wave: no .fst found: run ./tb_dir +wave=run.fst first" >&2; exit 1; fi; \
	if [ ! -f "$$f" ]; then echo "make wave: FST=$$f: no such file" >&2; exit 1; fi; \
	if [ -z "$${DISPLAY:-}$${WAYLAND_DISPLAY:-}" ]; then echo "make wave: no display (DISPLAY is" \
	  "not set): GTKWave needs one; open $$f with sim/rinv_$(CONFIG).gtkw on a machine that has one" >&2; \
	  exit 1; fi; \
	mkdir -p $(BUILD); echo "gtkwave $$f sim/rinv_$(CONFIG).gtkw"; \
	gtkwave "$$f" sim/rinv_$(CONFIG).gtkw 2>&1 | tee $(BUILD)/gtkwave.log; \
	if grep -q "Could not initialize GTK" $(BUILD)/gtkwave.log; then \
	  echo "make wave: GTKWave could not open the display '$${DISPLAY:-$${WAYLAND_DISPLAY:-}}'" >&2; exit 1; fi

# make deps: the Debian packages that `make test` and `make wave` need, installed only here,
# and said before installing: gtkwave (GTKWave and its fst2vcd), and clang + libclang-rt-dev
# (libFuzzer and the sanitizer runtimes for make fuzz) unless tests/fuzz/find_libfuzzer.sh
# finds a clang that links and runs -fsanitize=fuzzer; ccache (optional: Verilator's compile
# cache, mk/config.mk OBJCACHE); and, through dse-deps (mk/dse.mk), Slurm and MUNGE for make
# dse-test. Needs root (apt-get).
DEB_DEPS   := gtkwave
FUZZ_DEB_DEPS := clang libclang-rt-dev
deps:
	@if command -v gtkwave >/dev/null && command -v fst2vcd >/dev/null; then \
	  echo "make deps: Debian packages present: $(DEB_DEPS)"; else \
	  echo "make deps: installing the Debian package(s) $(DEB_DEPS) with apt-get (GTKWave, fst2vcd)"; \
	  apt-get update -qq && apt-get install -y -qq $(DEB_DEPS) >/dev/null || \
	  { echo "make deps: apt-get install $(DEB_DEPS) failed (root needed)" >&2; exit 1; }; fi
	@if cc=$$(bash tests/fuzz/find_libfuzzer.sh $(BUILD)/fuzz 2>/dev/null); then \
	  echo "make deps: libFuzzer present ($$cc)"; else \
	  echo "make deps: installing the Debian packages $(FUZZ_DEB_DEPS) with apt-get (libFuzzer)"; \
	  apt-get update -qq && apt-get install -y -qq $(FUZZ_DEB_DEPS) >/dev/null || \
	  { echo "make deps: apt-get install $(FUZZ_DEB_DEPS) failed (root needed)" >&2; exit 1; }; fi
	@if command -v ccache >/dev/null; then echo "make deps: ccache present"; else \
	  echo "make deps: installing the Debian package ccache with apt-get (Verilator compile cache)"; \
	  apt-get update -qq && apt-get install -y -qq ccache >/dev/null || \
	  echo "make deps: apt-get install ccache failed: Verilator builds run without a cache" >&2; fi

gtkw: $(BUILD)/params.stamp
	$(PYTHON) tools/gen_gtkw.py

clean:
	rm -rf $(BUILD) $(TB_BIN) $(TB_BIN_FPGA) $(TB_BIN_FAST) $(TB_BIN_FPGA_FAST) obj_dir

# Tests (included by the top-level Makefile after mk/config.mk): make test, constrained-random
# regression, fuzzing, mutation testing, coverage, directed tests under Icarus and Verilator.

.PHONY: test
test: deps venv $(TB_BIN) $(TB_BIN_FPGA) sim unit
	TB_BIN=$(TB_BIN) BUILD=$(BUILD) bash tests/run_tests.sh

# Constrained-random regression (docs/VERIFICATION.md): SEEDS seeds from SEED0, each one
# independent target writing $(BUILD)/regress/seed_K.log (tools/regress_seed.sh derives
# config, mode, walk, stall and reorder from the seed), run with make -j; then a summary line.
#   make regress SEEDS=200 CYCLES=100000 [REGRESS_BIN=$(BUILD)/rinv_sim] [REGRESS_CFG=fpga] [JOBS=2]
# (REGRESS_CFG: mixed = every 4th seed gem5, the others fpga; or fpga / gem5 only). A lockstep
# binary holds one configuration: the fpga seeds run REGRESS_BIN_FPGA, the fpga binary of
# REGRESS_BIN's profile (tb_dir_fpga, tb_dir_fpga_fast), or REGRESS_BIN itself for rinv_sim.
SEEDS       ?= 20
SEED0       ?= 1
CYCLES      ?= 100000
REGRESS_BIN ?= $(TB_BIN)
regress_is = $(filter $(abspath $(1)),$(abspath $(REGRESS_BIN)))
REGRESS_BIN_FPGA ?= $(or $(if $(call regress_is,$(TB_BIN)),$(TB_BIN_FPGA)), \
                    $(if $(call regress_is,$(TB_BIN_FAST)),$(TB_BIN_FPGA_FAST)),$(REGRESS_BIN))
REGRESS_CFG ?= mixed
$(if $(filter mixed fpga gem5,$(REGRESS_CFG)),,$(error REGRESS_CFG=$(REGRESS_CFG): must be mixed, \
  fpga or gem5))
REGRESS_DIR ?= $(BUILD)/regress
REGRESS_SEEDS = $(shell seq $(SEED0) $$(($(SEED0) + $(SEEDS) - 1)))
.PHONY: regress regress-run
regress: $(if $(filter fpga,$(REGRESS_CFG)),,$(REGRESS_BIN)) \
         $(if $(filter gem5,$(REGRESS_CFG)),,$(REGRESS_BIN_FPGA))
	@mkdir -p $(REGRESS_DIR) && rm -f $(foreach k,$(REGRESS_SEEDS),$(REGRESS_DIR)/seed_$(k).log)
	@$(MAKE) --no-print-directory -j$(JOBS) regress-run
	@$(PYTHON) tools/regress_summary.py $(REGRESS_DIR) $(CYCLES) $(REGRESS_SEEDS)

regress-run: $(foreach k,$(REGRESS_SEEDS),$(REGRESS_DIR)/seed_$(k).log)

$(REGRESS_DIR)/seed_%.log:
	@bash tools/regress_seed.sh $* $(CYCLES) $(abspath $(REGRESS_BIN)) $@ $(REGRESS_CFG) \
	  $(abspath $(REGRESS_BIN_FPGA))

# Fuzzing (docs/VERIFICATION.md §8): the trace parser/writer and model stepping under ASan +
# UBSan for FUZZ_SECONDS. tests/fuzz/run_fuzz.sh picks the engine: libFuzzer (coverage-guided,
# $(BUILD)/fuzz_trace_lf, corpus $(BUILD)/fuzz/corpus seeded from tests/traces/, crash inputs
# $(BUILD)/fuzz/crash-*) when a clang links -fsanitize=fuzzer (tests/fuzz/find_libfuzzer.sh),
# else tests/fuzz/fuzz_trace.c's own mutational driver built with gcc ($(BUILD)/fuzz_trace,
# current input $(BUILD)/fuzz/cur.trace). FUZZ_ENGINE=auto|libfuzzer|gcc, FUZZ_MAX_LEN (bytes,
# libFuzzer). FUZZ_PLANT=1: a build with a planted crash (tests/cases_fuzz.sh).
FUZZ_SECONDS ?= 60
FUZZ_ENGINE  ?= auto
FUZZ_MAX_LEN ?= 4096
FUZZ_PLANT   ?=
FUZZ_LFCC    ?= clang
FUZZ_SRCS  := $(filter-out tb/tb_dpi.c,$(LIB_SRCS))
FUZZ_SFX   := $(if $(FUZZ_PLANT),_plant$(FUZZ_PLANT))
FUZZ_FLAGS  = $(CSTD) $(CWARN) -O1 -g -fno-sanitize-recover=all -Icmodel -Icommon -Itb -Isw \
              $(if $(FUZZ_PLANT),-DFUZZ_PLANT=$(FUZZ_PLANT))
.PHONY: fuzz
$(BUILD)/fuzz_trace$(FUZZ_SFX): tests/fuzz/fuzz_trace.c $(FUZZ_SRCS) $(BUILD)/params.stamp
	$(CC) $(FUZZ_FLAGS) -fsanitize=address,undefined tests/fuzz/fuzz_trace.c $(FUZZ_SRCS) -lm -o $@

# (clang: -Wno-unknown-warning-option for the gcc-only pragma -Wclobbered in tb/coro.c)
$(BUILD)/fuzz_trace_lf$(FUZZ_SFX): tests/fuzz/fuzz_trace.c $(FUZZ_SRCS) $(BUILD)/params.stamp
	$(FUZZ_LFCC) $(FUZZ_FLAGS) -Wno-unknown-warning-option -fsanitize=fuzzer,address,undefined \
	  -DFUZZ_NO_MAIN tests/fuzz/fuzz_trace.c $(FUZZ_SRCS) -lm -o $@

fuzz: $(BUILD)/params.stamp
	@BUILD=$(BUILD) FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_ENGINE=$(FUZZ_ENGINE) \
	  FUZZ_MAX_LEN=$(FUZZ_MAX_LEN) FUZZ_PLANT=$(FUZZ_PLANT) MAKE="$(MAKE)" \
	  bash tests/fuzz/run_fuzz.sh

# Mutation testing (docs/VERIFICATION.md): each mutant of tools/mutate.py is built in
# build-mut/<k>/ and run on a short lockstep kill-suite; table + score into VERIFICATION.md.
#   make mutate [MUT_JOBS=2] [MUT_ONLY=1,2,3] [MUT_ARCH=v2|v1]   (v2: rtl/v2/ list, the default;
#   v1: the first round's list, built with ARCH=v1; not part of make test; list check: --check)
MUT_JOBS   ?= 2
MUT_ARCH   ?= v2
.PHONY: mutate
mutate:
	MUT_ARCH=$(MUT_ARCH) MUT_JOBS=$(MUT_JOBS) MUT_ONLY=$(MUT_ONLY) $(PYTHON) tools/mutate.py

# ---- Coverage (make coverage; docs/VERIFICATION.md §11) --------------------------------------
#   make coverage [BUILD=build-cov] [JOBS=1]   coverage build of the lockstep testbench in
#   $(BUILD)/cov/ (Verilator --coverage: line + branch + toggle + user `cover property`), runs
#   tools/cov/runs.txt on it, merges ($(BUILD)/cov/merged.dat) and writes $(BUILD)/cov/report.txt.
#   Fails if any FSM state, declared transition or overflow-policy point is unreached (goals:
#   tools/fsm_cov.py --arch $(RTL_ARCH), which also generates the cover module from the RTL FSMs:
#   rtl/sva/rinv_cov.sv for v1, rtl/v2/cov/rinv_cov.sv for v2 (not in rtl/v2/sva/, whose files
#   are all compiled into the normal build)).
COV_DIR       := $(BUILD)/cov
COV_BIN       := $(COV_DIR)/tb_dir_cov
ifeq ($(RTL_ARCH),v2)
COV_SV        := rtl/v2/cov/rinv_cov.sv
COV_ARCHFLAGS := -I$(RTL_DIR) $(VDEFS)
else
COV_SV        := rtl/sva/rinv_cov.sv
COV_ARCHFLAGS :=
endif
COV_VLT       := tools/cov/coverage.vlt
COV_WRITE_O   := $(COV_DIR)/cov_write.o
COV_MAX_WIDTH ?= 256
# TB_BOTH_CONFIGS: the coverage binary holds both configurations (tb/tb_dir.sv), +config picks
# one per run, so tools/cov/runs.txt merges the gem5 and fpga runs of one model
COV_VFLAGS    := --binary --timing --assert --coverage --coverage-max-width $(COV_MAX_WIDTH) \
                 -j $(JOBS) --top-module tb_dir $(COV_ARCHFLAGS) -Irtl -Itb \
                 -Mdir $(COV_DIR)/verilator -LDFLAGS -lm +define+TB_BOTH_CONFIGS
.PHONY: coverage coverage-build coverage-check

coverage-check:
	$(PYTHON) tools/fsm_cov.py --arch $(RTL_ARCH) --check

coverage-build: $(COV_BIN)

$(COV_WRITE_O): tools/cov/cov_write.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(COV_BIN): $(RTL_SRCS) $(TB_SV) $(SVA_SRCS) $(COV_SV) $(COV_VLT) $(COV_WRITE_O) tb/tb_dpi.svh \
            $(BUILD)/libtb.a
	$(PYTHON) tools/fsm_cov.py --arch $(RTL_ARCH) --check
	@mkdir -p $(COV_DIR)
	rm -f $(COV_DIR)/verilator/tb_dir_cov
	$(VERILATOR) $(COV_VFLAGS) $(COV_VLT) $(RTL_SRCS) $(TB_SV) $(SVA_SRCS) $(COV_SV) \
	  $(abspath $(BUILD)/libtb.a) $(abspath $(COV_WRITE_O)) -o tb_dir_cov
	cp $(COV_DIR)/verilator/tb_dir_cov $@.tmp && mv -f $@.tmp $@

# COV_RUNS=N: a smoke run of the first N runs (goals reported, not enforced); default all.
COV_RUNS      ?= all
coverage: $(COV_BIN)
	$(PYTHON) tools/fsm_cov.py --arch $(RTL_ARCH) --check
	bash tools/cov/run_cov.sh $(abspath $(COV_BIN)) $(abspath $(COV_DIR)) $(JOBS) $(COV_RUNS) \
	  $(RTL_ARCH)

# ---- Directed RTL-only tests on two simulators (docs/VERIFICATION.md, "Directed tests") -----
#   make icarus-test   tests/icarus/tb_rinv_directed.sv + rinv_top (fpga config) under Icarus
#   make vdirected     the same testbench under Verilator --binary --timing
# The testbench `include`s ICARUS_INC inside its module (found with -Itests/icarus); they are
# prerequisites, never sources of their own.
# No C model, no DPI; one process per test (tests/icarus/run.sh), ends "N passed, M failed".
ICARUS_TB   := tests/icarus/tb_rinv_directed.sv
ICARUS_INC  := tests/icarus/tb_rinv_tasks.svh tests/icarus/tb_rinv_tests.svh
ICARUS_VVP  := $(BUILD)/icarus/tb_rinv_directed.vvp
VDIR_BIN    := $(BUILD)/vdirected/tb_rinv_directed
TEST_TIMEOUT ?= 60
.PHONY: icarus-test vdirected

$(ICARUS_VVP): $(RTL_SRCS) $(ICARUS_TB) $(ICARUS_INC) $(BUILD)/params.stamp
	@mkdir -p $(dir $@)
	iverilog -g2012 $(addprefix -D,$(SIM_DEFS)) -Itests/icarus -o $@ -s tb_rinv_directed \
	  $(RTL_SRCS) $(ICARUS_TB) 2>&1 | \
	  grep -v 'sorry: Case unique\|sorry: constant selects in always_\*' ; test $${PIPESTATUS[0]} -eq 0

icarus-test: $(ICARUS_VVP)
	TEST_TIMEOUT=$(TEST_TIMEOUT) bash tests/icarus/run.sh vvp -n $(ICARUS_VVP)

$(VDIR_BIN): $(RTL_SRCS) $(ICARUS_TB) $(ICARUS_INC) $(BUILD)/params.stamp
	@mkdir -p $(dir $@)
	$(VERILATOR) --binary --timing -Wno-WIDTH -j $(JOBS) $(VDIR_OPT) \
	  --top-module tb_rinv_directed -Irtl \
	  $(VDEFS) -Itests/icarus -Mdir $(dir $@) $(RTL_SRCS) $(ICARUS_TB) -o tb_rinv_directed

vdirected: $(VDIR_BIN)
	TEST_TIMEOUT=$(TEST_TIMEOUT) bash tests/icarus/run.sh $(VDIR_BIN)

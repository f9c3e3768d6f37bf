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
CFLAGS     := $(CSTD) $(CWARN) $(COPT) -Icmodel -Itb -Isw
VERILATOR  ?= verilator
PYTHON     ?= python3
JOBS       ?= 2

GEN_FILES := rtl/rinv_pkg.sv tb/rinv_io_pkg.sv cmodel/rinv_params.h cmodel/rinv_params.c \
             cmodel/rinv_io.h cmodel/rinv_io.c sim/params.json

# RTL: packages first (generated rinv_pkg, then any other *_pkg.sv), then modules.
RTL_PKGS   := rtl/rinv_pkg.sv $(filter-out rtl/rinv_pkg.sv,$(sort $(wildcard rtl/*_pkg.sv)))
RTL_MODS   := $(filter-out $(RTL_PKGS),$(sort $(wildcard rtl/*.sv)))
RTL_SRCS   := $(RTL_PKGS) $(RTL_MODS)
TB_SV      := tb/rinv_io_pkg.sv tb/tb_dir.sv

MODEL_SRCS := $(sort $(wildcard cmodel/*.c))
SW_SRCS    := $(sort $(wildcard sw/*.c))
TB_C_SRCS  := $(filter-out tb/rinv_sim.c,$(sort $(wildcard tb/*.c)))
LIB_SRCS   := $(MODEL_SRCS) $(SW_SRCS) $(TB_C_SRCS)
LIB_OBJS   := $(patsubst %.c,$(BUILD)/obj/%.o,$(LIB_SRCS))

.PHONY: all params verilate sim test lint wave clean check-params

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

VFLAGS := --binary --timing --trace-fst -j $(JOBS) -Wno-fatal -Wno-lint -Wno-style \
          --top-module tb_dir -Irtl -Itb -Mdir $(BUILD)/verilator \
          -CFLAGS "-O1 -Wno-unused" -LDFLAGS "-lm" --x-assign unique --x-initial unique

verilate: tb_dir

tb_dir: $(RTL_SRCS) $(TB_SV) tb/tb_dpi.svh $(BUILD)/libtb.a
	$(VERILATOR) $(VFLAGS) $(RTL_SRCS) $(TB_SV) $(abspath $(BUILD)/libtb.a) -o tb_dir
	cp $(BUILD)/verilator/tb_dir $@

lint: $(BUILD)/params.stamp
	$(VERILATOR) --lint-only -Wall -Irtl rtl/lint/verilator_waiver.vlt $(RTL_SRCS) \
	  --top-module rinv_top
	iverilog -g2012 -o $(BUILD)/rinv_top.vvp -s rinv_top $(RTL_SRCS)
	@if command -v yosys >/dev/null; then \
	  yosys -q -p "read_verilog -sv $(RTL_SRCS); hierarchy -check -top rinv_top; proc" \
	    && echo "yosys: parse ok"; \
	else echo "yosys: not installed, skipped (apt-get install yosys)"; fi

test: verilate sim
	bash tests/run_tests.sh

wave:
	@f=$$(ls -t *.fst $(BUILD)/*.fst 2>/dev/null | head -1); \
	if [ -z "$$f" ]; then echo "no .fst found: run ./tb_dir +wave=run.fst first"; exit 1; fi; \
	echo "opening $$f"; gtkwave "$$f" sim/rinv.gtkw

clean:
	rm -rf $(BUILD) tb_dir

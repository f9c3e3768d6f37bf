#!/usr/bin/env bash
# Builds and runs the directed testbenches of the GPU front-end blocks
# (ARCHITECTURE_v3_gpu_frontend.md §4-§6.1: gpu_coalescer, gpu_tcc_arb, gpu_tcp) with Icarus,
# each in the gem5 and the fpga configuration (-DFPGA), and the three together on the worked
# example §12 (tb_gpu_fe_s12, gem5) and on random one-CU traffic checked against a reference
# memory (tb_gpu_fe_rand, both configurations), with the blocks' assertions on
# (-DRINV_VERIF). A test counts as failed if its testbench prints FAIL, or if any assertion
# ($error: a line starting with ERROR) fires during the run, or if the run does not finish.
# Ends with exactly one line "N passed, M failed"; exit status 1 if M > 0.
#   tests/icarus/fe/run.sh            (from the repository root)
# Env: BUILD (default build/fe_icarus), TEST_TIMEOUT (seconds per run, default 600),
#      ONLY=TESTBENCH runs that testbench alone (tools/mutate.py's kill-suite),
#      SIM=verilator also builds and runs them with Verilator (--binary --timing; C++ at -O0:
#      the runs take seconds, an optimised build minutes, mk/config.mk VDIR_OPT).
set -u
cd "$(dirname "$0")/../../.."
B=${BUILD:-build/fe_icarus}
TMO=${TEST_TIMEOUT:-600}
mkdir -p "$B"
PASSED=0
FAILED=0

PKG=rtl/rinv_pkg.sv
declare -A SRCS=(
  [tb_gpu_coalescer]="rtl/v2/rinv_sram.sv rtl/v2/gpu_coalescer.sv"
  [tb_gpu_tcc_arb]="rtl/v2/gpu_tcc_arb.sv"
  [tb_gpu_tcp]="rtl/v2/rinv_sram.sv rtl/v2/rinv_fifo.sv rtl/v2/cache_array.sv rtl/v2/gpu_tcp.sv"
  [tb_gpu_fe_s12]="rtl/v2/rinv_sram.sv rtl/v2/rinv_fifo.sv rtl/v2/cache_array.sv
                   rtl/v2/gpu_coalescer.sv rtl/v2/gpu_tcp.sv rtl/v2/gpu_tcc_arb.sv"
  [tb_gpu_fe_rand]="rtl/v2/rinv_sram.sv rtl/v2/rinv_fifo.sv rtl/v2/cache_array.sv
                    rtl/v2/gpu_coalescer.sv rtl/v2/gpu_tcp.sv rtl/v2/gpu_tcc_arb.sv"
)

run_one() {  # name, label, command...
  local name=$1 label=$2
  shift 2
  local out rc np nf ne
  out=$(timeout "$TMO" nice -n 10 "$@" 2>&1)
  rc=$?
  np=$(echo "$out" | grep -c '^PASS ')
  nf=$(echo "$out" | grep -c '^FAIL ')
  ne=$(echo "$out" | grep -c '^ERROR\|%Error')
  echo "$out" | grep -E "^(PASS|FAIL) " | sed -E "s#^(PASS|FAIL) #\1 $label #"
  if [ "$ne" -gt 0 ]; then
    echo "$out" | grep -A1 '^ERROR\|%Error' | head -6
    echo "FAIL $label assertions: $ne assertion messages"
    nf=$((nf + 1))
  fi
  if [ $rc -ne 0 ] && [ "$nf" -eq 0 ]; then
    echo "FAIL $label (exit status $rc, no FAIL line)"
    nf=$((nf + 1))
  fi
  if ! echo "$out" | grep -qE '^[0-9]+ passed, [0-9]+ failed$'; then
    echo "FAIL $label (no summary line)"
    nf=$((nf + 1))
  fi
  PASSED=$((PASSED + np))
  FAILED=$((FAILED + nf))
}

# tb_gpu_fe_s12: the three blocks together on §12's worked example (gem5 values only);
# tb_gpu_fe_rand: the three together, random traffic of one CU against a reference memory
only() { [ -z "${ONLY:-}" ] || [ "$ONLY" = "$1" ]; }
for tb in tb_gpu_coalescer tb_gpu_tcc_arb tb_gpu_tcp tb_gpu_fe_s12 tb_gpu_fe_rand; do
  only "$tb" || continue
  cfgs="gem5 fpga"
  [ "$tb" = tb_gpu_fe_s12 ] && cfgs="gem5"
  for cfg in $cfgs; do
    def=""
    [ "$cfg" = fpga ] && def="-DFPGA"
    label="$tb/$cfg/icarus"
    # shellcheck disable=SC2086
    if ! nice -n 10 iverilog -g2012 -DRINV_VERIF $def -o "$B/$tb.$cfg.vvp" -s "$tb" \
        $PKG ${SRCS[$tb]} "tests/icarus/fe/$tb.sv" >"$B/$tb.$cfg.build.log" 2>&1; then
      echo "FAIL $label (build: $B/$tb.$cfg.build.log)"
      FAILED=$((FAILED + 1))
      continue
    fi
    run_one "$tb" "$label" vvp -n "$B/$tb.$cfg.vvp"
    if [ "${SIM:-}" = verilator ]; then
      label="$tb/$cfg/verilator"
      od="$B/v_${tb}_$cfg"
      # shellcheck disable=SC2086
      if ! nice -n 10 verilator --binary --timing -Wno-fatal -Wno-lint -Wno-style \
          -j 2 -MAKEFLAGS 'OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0' \
          -DRINV_VERIF $def --top-module "$tb" -Mdir "$od" -o "$tb" \
          $PKG ${SRCS[$tb]} "tests/icarus/fe/$tb.sv" >"$B/$tb.$cfg.vbuild.log" 2>&1; then
        echo "FAIL $label (build: $B/$tb.$cfg.vbuild.log)"
        FAILED=$((FAILED + 1))
        continue
      fi
      run_one "$tb" "$label" "$od/$tb"
    fi
  done
done

# tb_gpu_side_s12: §12 through the integrated GPU side controller (gpu_side_cc), gem5 sizes;
# tb_gpu_side_kinv: §6.2 rule 4, the GPU takes the lock while a CU's load is in flight (the
# full system cannot: tools/mutate.py mutant 65). Both with the bound checks of
# rtl/v2/sva/gpu_side_sva.sv. Verilator only: Icarus 11 needs more than 10 minutes for the
# gem5 arrays (256 MSHRs x 4).
SIDE_SRCS="rtl/rinv_regs_pkg.sv rtl/v2/rinv_sram.sv rtl/v2/rinv_fifo.sv rtl/v2/cache_array.sv
           rtl/cc_regs.sv rtl/v2/cc_walker.sv rtl/v2/cc_lookup_cmp.sv rtl/v2/cc_datapath.sv
           rtl/v2/cc_resp_line.sv rtl/v2/cc_recorder.sv rtl/v2/gpu_coalescer.sv rtl/v2/gpu_tcp.sv
           rtl/v2/gpu_tcc_arb.sv rtl/v2/gpu_frontend.sv rtl/v2/gpu_side_cc.sv
           rtl/v2/sva/gpu_side_sva.sv"
if [ "${SIM:-}" = verilator ]; then
  for tb in tb_gpu_side_s12 tb_gpu_side_kinv; do
    only "$tb" || continue
    od="$B/v_${tb}_gem5"
    # shellcheck disable=SC2086
    if nice -n 10 verilator --binary --timing --assert -Wno-fatal -Wno-lint -Wno-style \
            -j 2 -MAKEFLAGS 'OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0' -DRINV_VERIF \
        -Itests/icarus/fe --top-module "$tb" -Mdir "$od" -o "$tb" $PKG $SIDE_SRCS \
        "tests/icarus/fe/$tb.sv" \
        >"$B/$tb.gem5.vbuild.log" 2>&1; then
      run_one "$tb" "$tb/gem5/verilator" "$od/$tb"
    else
      echo "FAIL $tb/gem5/verilator (build: $B/$tb.gem5.vbuild.log)"
      FAILED=$((FAILED + 1))
    fi
  done
fi

if [ $((PASSED + FAILED)) -eq 0 ]; then
  echo "FAIL no testbench ran (ONLY=${ONLY:-}, SIM=${SIM:-icarus})"
  FAILED=1
fi
echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]

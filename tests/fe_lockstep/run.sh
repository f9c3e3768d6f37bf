#!/usr/bin/env bash
# Block-level lockstep of the GPU front end (v3 §4-§6.1): RTL (Verilator) vs C model, cycle
# by cycle, several seeds in the gem5 and the fpga configuration (v3 §10).
#   tests/fe_lockstep/run.sh                (from anywhere)
# Env: BUILD (default build/fe_lockstep), CFGS (default "gem5 fpga"; "mini" is an extra
#      corner point: wave_size 8, coal_tokens 2, coal_lines 1, tcp_mshrs 1),
#      SEEDS (default "1 2 3 4 5"), CYCLES (default 20000),
#      MODES (default "0 1 2 3"), EXTRA (extra plusargs for every run), NOBUILD=1 (reuse the
#      binaries), SELFTEST=1 also runs the corruption self-checks (must report a MISMATCH).
# Ends with "N passed, M failed"; exit status 1 if M > 0.
set -u
cd "$(dirname "$0")/../.."
B=${BUILD:-build/fe_lockstep}
SEEDS=${SEEDS:-"1 2 3 4 5"}
CYCLES=${CYCLES:-20000}
# stimulus modes (fe_lockstep.c g_mode): 0 mixed, 1 dense (no gaps, long instructions over
# many lines), 2 quiet (no stalls, no tcp_hold, grant whenever idle, fixed §6.3 TCC latency,
# port_resp_ready = 1), 3 mixed with a random address driven while port_req_valid = 0
MODES=${MODES:-"0 1 2 3"}
EXTRA=${EXTRA:-}
VINC=$(verilator --getenv VERILATOR_ROOT)/include
mkdir -p "$B"
RTL="rtl/rinv_pkg.sv rtl/v2/rinv_sram.sv rtl/v2/rinv_fifo.sv rtl/v2/cache_array.sv
     rtl/v2/gpu_coalescer.sv rtl/v2/gpu_tcp.sv rtl/v2/gpu_tcc_arb.sv"
build() {  # cfg (gem5|fpga)
  local cfg=$1 d=$B/$1 def=""
  [ "$cfg" = fpga ] && def="+define+FPGA"
  [ "$cfg" = mini ] && def="+define+MINI"
  mkdir -p "$d"
  for f in tests/fe_lockstep/fe_lockstep.c cmodel/v2/gpu_coal.c cmodel/v2/gpu_tcp.c \
           cmodel/v2/gpu_tcc_arb.c cmodel/v2/sram.c cmodel/v2/cache_array.c; do
    nice -n 10 gcc -std=c11 -D_DEFAULT_SOURCE -O2 -Wall -Wextra -Icmodel/v2 -Icmodel -Icommon \
      -I"$VINC" -I"$VINC/vltstd" -c "$f" -o "$d/$(basename "$f" .c).o" || return 1
  done
  rm -f "$d/libfels.a"
  ar rcs "$d/libfels.a" "$d"/*.o || return 1
  rm -f "$d/obj/tb_fe_lockstep"
  nice -n 10 verilator --binary --timing -j 1 --top-module tb_fe_lockstep -Irtl -Irtl/v2 \
    -Wno-fatal -Wno-lint -Wno-style --assert +define+RINV_VERIF $def -Mdir "$d/obj" \
    -MAKEFLAGS "OPT_FAST=-O1 OPT_SLOW=-O0 OPT_GLOBAL=-O1" \
    $RTL tests/fe_lockstep/tb_fe_lockstep.sv "$(pwd)/$d/libfels.a" -o tb_fe_lockstep \
    > "$d/build.log" 2>&1 || { tail -30 "$d/build.log"; return 1; }
}
PASSED=0
FAILED=0
for cfg in ${CFGS:-gem5 fpga}; do
  if [ "${NOBUILD:-0}" != 1 ]; then
    build "$cfg" || { echo "FAIL build $cfg"; FAILED=$((FAILED + 1)); continue; }
  fi
  for m in $MODES; do
  for s in $SEEDS; do
    base=1024; [ $((s % 2)) -eq 0 ] && base=0   # even seeds use lines 0..19 (line 0: Q1)
    tag="$cfg mode $m seed $s base $base"
    out=$(nice -n 10 "$B/$cfg/obj/tb_fe_lockstep" +seed=$s +cycles=$CYCLES +mode=$m \
          +base=$base $EXTRA 2>&1)
    rc=$?
    echo "$out" | grep -E 'MISMATCH|cycles,|^stats|ERROR|Error' | sed "s/^/  [$tag] /"
    if [ $rc -eq 0 ] && echo "$out" | grep -q '^PASS$'; then
      echo "PASS $tag"; PASSED=$((PASSED + 1))
    else
      echo "$out" | grep -E '^  (model|stim|TCC)' | sed "s/^/  [$tag] /"
      echo "FAIL $tag"; FAILED=$((FAILED + 1))
    fi
  done
  done
  if [ "${SELFTEST:-0}" = 1 ]; then
    for k in 1 2 3; do  # the harness must catch a deliberately corrupted model output
      out=$(nice -n 10 "$B/$cfg/obj/tb_fe_lockstep" +seed=1 +cycles=$CYCLES +corrupt=$k \
            +corrupt_cyc=500 $EXTRA 2>&1)
      rc=$?
      if [ $rc -ne 0 ] && echo "$out" | grep -q '^MISMATCH'; then
        echo "PASS $cfg selftest corrupt=$k: $(echo "$out" | grep -m1 '^MISMATCH')"
        PASSED=$((PASSED + 1))
      else
        echo "FAIL $cfg selftest corrupt=$k: not detected"; FAILED=$((FAILED + 1))
      fi
    done
  fi
done
echo "$PASSED passed, $FAILED failed"
[ $FAILED -eq 0 ]

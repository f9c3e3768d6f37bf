#!/usr/bin/env bash
# Runs one trace file on the Verilated board top with the host tool (docs/FPGA.md §4, §5):
#   1. session `trace TRACE`: replay segments (with their byte strobes), driver sequences and
#      register records; every segment's load sum must equal the host's reference memory, and
#      at least one segment must actually be checked;
#   2. session `load TRACE` on a fresh board: a file with acquire/release/register records
#      must be rejected with a FILE:LINE: error (skipped if TRACE has only ld/st records);
#   3. if RINV_SIM is given, the C model alone on the same trace (+config=fpga) must report
#      no mismatch, stale read or error.
# usage: run_host_trace.sh SIM HOST OUTDIR TRACE [RINV_SIM]
set -u
SIM=$1; HOST=$2; OUT=$3; TRACE=$4; MODEL=${5:-}
mkdir -p "$OUT"

# session NAME: starts the board, runs $OUT/NAME.cmd, leaves $OUT/NAME.log; returns the
# host's exit status (the simulation's status must be 0).
session() {
  local name=$1
  rm -f "$OUT/$name.port"
  "$SIM" +uart_port=0 +port_file="$OUT/$name.port" +max_cycles=20000000 +accept_timeout=60 \
    >"$OUT/$name.sim.log" 2>&1 &
  local pid=$!
  for _ in $(seq 1 600); do
    [ -s "$OUT/$name.port" ] && break
    kill -0 $pid 2>/dev/null || break
    sleep 0.1
  done
  if [ ! -s "$OUT/$name.port" ]; then
    echo "host-trace: the board simulation did not start (see $OUT/$name.sim.log)"
    kill $pid 2>/dev/null; wait $pid 2>/dev/null
    exit 1
  fi
  timeout 600 "$HOST" -t 127.0.0.1:"$(cat "$OUT/$name.port")" "$OUT/$name.cmd" \
    >"$OUT/$name.log" 2>&1
  local rc=$?
  wait $pid
  local sim_rc=$?
  if [ $sim_rc -ne 0 ]; then
    cat "$OUT/$name.log"; tail -n 2 "$OUT/$name.sim.log"
    echo "host-trace: FAIL (simulation exit $sim_rc in session $name)"
    exit 1
  fi
  return $rc
}

printf 'ping\ntrace %s\ncounters\nquit\n' "$TRACE" > "$OUT/trace.cmd"
session trace
rc=$?
cat "$OUT/trace.log"
checked=$(grep -c '== reference: ok' "$OUT/trace.log")
if [ $rc -ne 0 ] || [ "$checked" -eq 0 ]; then
  echo "host-trace: FAIL (host exit $rc, $checked load sums checked)"
  exit 1
fi

if grep -Eq '^[[:space:]]*(cpu|gpu)[[:space:]]+(acquire|release|wr|rd)' "$TRACE"; then
  printf 'load %s\nquit\n' "$TRACE" > "$OUT/load.cmd"
  session load
  rc=$?
  if [ $rc -eq 0 ] || ! grep -q "^$TRACE:[0-9]*: error: " "$OUT/load.log"; then
    cat "$OUT/load.log"
    echo "host-trace: FAIL (load of a file with sync/register records was not rejected)"
    exit 1
  fi
  grep -m 1 "^$TRACE:[0-9]*: error: " "$OUT/load.log"
fi

if [ -n "$MODEL" ]; then
  "$MODEL" +workload="$TRACE" +config=fpga +quiet >"$OUT/model.log" 2>&1
  mrc=$?
  grep '^RESULT ' "$OUT/model.log" | tail -n 1
  if [ $mrc -ne 0 ]; then
    echo "host-trace: FAIL (C model exit $mrc on $TRACE)"
    exit 1
  fi
fi
echo "host-trace: PASS ($TRACE, $checked load sums checked against the reference)"

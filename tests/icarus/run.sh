#!/usr/bin/env bash
# Runs the directed tests of tests/icarus/tb_rinv_directed.sv one process per test, each
# under a wall-clock limit (a simulator that hangs in a zero-delay loop cannot stop itself),
# and ends with exactly one line "N passed, M failed".
#   tests/icarus/run.sh SIM_CMD...      e.g.  run.sh vvp -n build/icarus/tb_rinv_directed.vvp
#                                             run.sh build/vdirected/tb_rinv_directed
# Env: TEST_TIMEOUT (seconds per test, default 300; the Makefile passes 60), TESTS (space-separated subset).
set -u
[ $# -ge 1 ] || { echo "usage: $0 SIM_CMD..." >&2; exit 2; }
TMO=${TEST_TIMEOUT:-300}
ALL="reset_values bad_accesses lock_rules inv_line inv_run inv_merge inv_merge_set
     partial_strobe hist_overflow_fifo merge_overflow max_range_auto_run"
TESTS=${TESTS:-$ALL}
PASSED=0
FAILED=0
T0=$(date +%s)

for t in $TESTS; do
  s=$(date +%s.%N)
  out=$(timeout "$TMO" "$@" +test="$t" 2>&1)
  rc=$?
  el=$(printf '%.1f' "$(echo "$(date +%s.%N) - $s" | bc)")
  echo "$out" | grep -vE '^[0-9]+ passed, [0-9]+ failed$|^rinv_top directed tests|^- .*Verilog .finish' | \
    sed -E "s/^(PASS|FAIL) ($t .*)\)$/\1 \2, ${el} s)/"
  if [ $rc -eq 0 ] && echo "$out" | grep -qx '1 passed, 0 failed'; then
    PASSED=$((PASSED + 1))
  else
    FAILED=$((FAILED + 1))
    if [ $rc -eq 124 ]; then
      echo "FAIL $t (no progress: killed after ${TMO}s; simulation time stopped or too slow)"
    elif ! echo "$out" | grep -q "^FAIL $t"; then
      echo "FAIL $t (exit status $rc, no result line)"
    fi
  fi
done

# The checks can fail: invert one expectation (+break=K) of a fast test, it must FAIL.
out=$(timeout "$TMO" "$@" +test=reset_values +break=7 2>&1)
if echo "$out" | grep -q '^FAIL reset_values (1 of ' && echo "$out" | grep -qx '0 passed, 1 failed'; then
  PASSED=$((PASSED + 1)); echo "PASS break_check_detected (+break=7 makes reset_values FAIL)"
else
  FAILED=$((FAILED + 1)); echo "FAIL break_check_detected"; echo "$out" | tail -5
fi

echo "total $(( $(date +%s) - T0 ))s"
echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]

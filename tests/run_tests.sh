#!/usr/bin/env bash
# Runs every test of the project and ends with one line "N passed, M failed".
# Sub-suites that print their own "a passed, b failed" line are counted test by test.
# Usage: tests/run_tests.sh [-k PATTERN] [--quick]   (--lane2: the second lane alone, below)
set -u
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=$ROOT/${BUILD:-build}/tests
mkdir -p "$OUT"
PATTERN=""
QUICK=0
LANE2_ONLY=0
while [ $# -gt 0 ]; do
  case "$1" in
    -k) PATTERN=$2; shift 2 ;;
    --quick) QUICK=1; shift ;;
    --lane2) LANE2_ONLY=1; shift ;;
    *) echo "run_tests.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done

PASSED=0
FAILED=0
FAILED_NAMES=()

selected() { [ -z "$PATTERN" ] || [[ "$1" == *"$PATTERN"* ]]; }

record() {  # record NAME STATUS(0=pass) LOG
  if [ "$2" -eq 0 ]; then
    PASSED=$((PASSED + 1)); echo "PASS $1"
  else
    FAILED=$((FAILED + 1)); FAILED_NAMES+=("$1"); echo "FAIL $1 (log: ${3#$ROOT/})"
    # the first failure line (MISMATCH / STALE / COHERENCE / LOST / ERROR), then the tail
    grep -m1 -E '^(MISMATCH|STALE|COHERENCE|LOST|ERROR)' "$3" | sed 's/^/    | first: /'
    tail -n 15 "$3" | sed 's/^/    | /'
  fi
}

# run_suite NAME CMD...: a program with its own "a passed, b failed" summary line.
run_suite() {
  local name=$1; shift
  selected "$name" || return 0
  local log=$OUT/$name.log
  RINV_MISMATCH_DIR=$OUT/$name.wave "$@" >"$log" 2>&1
  suite_result "$name" $? "$log"
}

# suite_result NAME STATUS LOG: counts a finished suite from its summary line.
suite_result() {
  local name=$1 rc=$2 log=$3
  local line
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -1)
  if [ -n "$line" ]; then
    local p f
    p=$(echo "$line" | sed -E 's/^([0-9]+) passed.*/\1/')
    f=$(echo "$line" | sed -E 's/^[0-9]+ passed, ([0-9]+) failed.*/\1/')
    PASSED=$((PASSED + p)); FAILED=$((FAILED + f))
    echo "SUITE $name: $line"
    if [ "$f" -ne 0 ] || [ $rc -ne 0 ]; then
      grep -E '^FAIL' "$log" | sed 's/^/    | /'
      FAILED_NAMES+=("$name")
      if [ "$f" -eq 0 ]; then FAILED=$((FAILED + 1)); echo "    | exit status $rc"; fi
    fi
  else
    record "$name" 1 "$log"
  fi
}

# run_test NAME CMD...: passes iff CMD exits 0.
run_test() {
  local name=$1; shift
  selected "$name" || return 0
  local log=$OUT/$name.log
  # a failing lockstep run writes its waveform window into the test's own directory
  RINV_MISMATCH_DIR=$OUT/$name.wave "$@" >"$log" 2>&1
  record "$name" $? "$log"
}

# Two lanes on the machine's two cores (most tests use one): tests/cases_lane2.sh holds tests
# that share nothing with the others but the CPU (most README commands, in a fresh copy of their
# own; the first lane runs the rest, tests/cases_readme_side.sh); a second run_tests.sh (--lane2)
# runs them beside the others from the start, in its own session (an interrupt stops all of
# it), and its verdicts are counted here at the end. TEST_LANES=1 runs them last, in line.
if [ "$LANE2_ONLY" = 1 ]; then
  source tests/cases_lane2.sh
else
  BG_PID=""
  bg_stop() { [ -z "$BG_PID" ] || kill -TERM -- "-$BG_PID" 2>/dev/null; }
  if [ "${TEST_LANES:-2}" != 1 ]; then
    setsid bash tests/run_tests.sh --lane2 ${PATTERN:+-k "$PATTERN"} >"$OUT/lane2.log" 2>&1 &
    BG_PID=$!
    trap 'bg_stop; exit 130' INT TERM
    trap bg_stop EXIT
    echo "lane 2: tests/cases_lane2.sh started beside the others (log ${OUT#$ROOT/}/lane2.log)"
  fi
  source tests/cases.sh
  source tests/cases_eco.sh
  source tests/cases_fuzz.sh
  source tests/cases_dse.sh
  source tests/cases_readme_side.sh
  if [ -z "$BG_PID" ]; then
    source tests/cases_lane2.sh
  else
    wait "$BG_PID"
    rc=$?
    BG_PID=""
    echo "--- lane 2 (tests/cases_lane2.sh, run beside the tests above) ---"
    grep -E '^(PASS|FAIL|SUITE) |^    \| ' "$OUT/lane2.log"
    suite_result lane2 $rc "$OUT/lane2.log"
  fi
fi

echo
if [ ${#FAILED_NAMES[@]} -gt 0 ]; then echo "failed: ${FAILED_NAMES[*]}"; fi
echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]

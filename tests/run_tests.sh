#!/usr/bin/env bash
# Runs every test of the project and ends with one line "N passed, M failed".
# Sub-suites that print their own "a passed, b failed" line are counted test by test.
# Usage: tests/run_tests.sh [-k PATTERN] [--quick]
set -u
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=$ROOT/${BUILD:-build}/tests
mkdir -p "$OUT"
PATTERN=""
QUICK=0
while [ $# -gt 0 ]; do
  case "$1" in
    -k) PATTERN=$2; shift 2 ;;
    --quick) QUICK=1; shift ;;
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
  local rc=$?
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

source tests/cases.sh
source tests/cases_eco.sh
source tests/cases_fuzz.sh
source tests/cases_dse.sh

echo
if [ ${#FAILED_NAMES[@]} -gt 0 ]; then echo "failed: ${FAILED_NAMES[*]}"; fi
echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]

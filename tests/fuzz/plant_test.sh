#!/usr/bin/env bash
# The fuzzer can fail: make fuzz FUZZ_PLANT=1 (a build whose target aborts on a parsed trace
# holding a tab) with FUZZ_ENGINE=ENGINE must fail within SECONDS, print "N passed, M failed"
# with M > 0 and a "reproduce: BIN INPUT" line, and BIN INPUT must crash with the planted
# message. Usage: plant_test.sh libfuzzer|gcc [SECONDS]
set -u
engine=$1
secs=${2:-60}
B=${BUILD:-build}
out=$B/fuzz/plant_$engine.out
mkdir -p "$B/fuzz"
make -s --no-print-directory fuzz FUZZ_ENGINE="$engine" FUZZ_PLANT=1 FUZZ_SECONDS="$secs" \
  >"$out" 2>&1
rc=$?
grep -v '^warning: ' "$out" | tail -n 12 | sed 's/^/  | /'
bad() { echo "plant_test $engine: $*"; echo "0 passed, 1 failed"; exit 1; }
[ $rc -ne 0 ] || bad "make fuzz did not fail on the planted crash in $secs s"
want=libFuzzer
[ "$engine" = gcc ] && want="gcc driver"
grep -q "engine: $want" "$out" || bad "not the $engine engine"
grep -qE '^0 passed, 1 failed' "$out" || bad "no '0 passed, 1 failed' line"
repro=$(sed -nE 's/.*reproduce: ([^ ]+ [^ ]+)$/\1/p' "$out" | tail -1)
[ -n "$repro" ] || bad "no 'reproduce: BIN INPUT' line"
# shellcheck disable=SC2086
$repro >"$out.repro" 2>&1 && bad "the reproduction '$repro' did not crash"
grep -q 'planted crash' "$out.repro" || bad "the reproduction '$repro' crashed without the plant"
echo "plant_test $engine: found, reported and reproduced ($repro)"
echo "1 passed, 0 failed"

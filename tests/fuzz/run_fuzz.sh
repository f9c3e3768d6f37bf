#!/usr/bin/env bash
# make fuzz: picks the engine, builds its binary (through make) and runs it for FUZZ_SECONDS;
# ends with "1 passed, 0 failed" or, with the failing input and how to reproduce it,
# "0 passed, 1 failed" (exit 1).
#   FUZZ_ENGINE=auto (default): libFuzzer if tests/fuzz/find_libfuzzer.sh finds a clang that
#     links and runs -fsanitize=fuzzer,address,undefined, else the gcc driver of fuzz_trace.c;
#   FUZZ_ENGINE=libfuzzer|gcc: that engine or fail.
#   FUZZ_PLANT=1: the build with a planted crash (tests/cases_fuzz.sh), own directory.
# Environment (set by mk/test.mk): BUILD FUZZ_SECONDS FUZZ_ENGINE FUZZ_PLANT FUZZ_MAX_LEN MAKE
set -u
B=${BUILD:-build}
secs=${FUZZ_SECONDS:-60}
engine=${FUZZ_ENGINE:-auto}
plant=${FUZZ_PLANT:-}
maxlen=${FUZZ_MAX_LEN:-4096}
mk=${MAKE:-make}
sfx=${plant:+_plant$plant}
dir=$B/fuzz${plant:+/plant$plant}
mkdir -p "$dir"

fail() { echo "make fuzz: $*" >&2; echo "0 passed, 1 failed"; exit 1; }

cc=""
case $engine in
  auto|libfuzzer)
    if cc=$(bash tests/fuzz/find_libfuzzer.sh "$B/fuzz" 2>"$B/fuzz/find_libfuzzer.txt"); then
      :
    else
      why=$(cat "$B/fuzz/find_libfuzzer.txt")
      [ "$engine" = auto ] || fail "FUZZ_ENGINE=libfuzzer: $why (make deps installs it)"
      echo "make fuzz: engine: gcc driver with ASan/UBSan, because $why (make deps installs" \
        "clang and libclang-rt-dev)"
    fi ;;
  gcc) echo "make fuzz: engine: gcc driver with ASan/UBSan (FUZZ_ENGINE=gcc)" ;;
  *) fail "FUZZ_ENGINE=$engine: auto, libfuzzer or gcc" ;;
esac

if [ -n "$cc" ]; then
  bin=$B/fuzz_trace_lf$sfx
  echo "make fuzz: engine: libFuzzer, coverage-guided ($cc -fsanitize=fuzzer,address,undefined)"
  "$mk" -s --no-print-directory "$bin" FUZZ_LFCC="$cc" FUZZ_PLANT="$plant" ||
    fail "building $bin failed"
  corpus=$dir/corpus
  [ -z "$plant" ] || rm -rf "$corpus"  # a planted-crash run starts from the seeds alone
  mkdir -p "$corpus"
  cp -n tests/traces/*.trace "$corpus/"  # the seeds; libFuzzer adds what grows coverage
  n0=$(ls "$corpus" | wc -l)
  log=$dir/libfuzzer.log
  stamp=$dir/.run_start
  touch "$stamp"  # crash inputs of this run are newer (older ones are kept)
  echo "make fuzz: $bin -max_total_time=$secs -max_len=$maxlen -dict=tests/fuzz/trace.dict" \
    "$corpus ($n0 corpus files);" \
    "log $log"
  FUZZ_CUR=$dir/cur_lf.trace ASAN_OPTIONS=detect_leaks=1 "$bin" -max_total_time="$secs" \
    -max_len="$maxlen" -timeout=20 -rss_limit_mb=2048 -dict=tests/fuzz/trace.dict \
    -print_final_stats=1 \
    -artifact_prefix="$dir/" "$corpus" >"$log" 2>&1
  rc=$?
  art=$(find "$dir" -maxdepth 1 -newer "$stamp" \( -name 'crash-*' -o -name 'leak-*' -o \
    -name 'timeout-*' -o -name 'oom-*' \) | head -1)
  if [ $rc -ne 0 ] || [ -n "$art" ]; then
    grep -m1 -E 'ERROR|planted|round trip|runtime error|SUMMARY' "$log" | sed 's/^/  | /'
    tail -n 25 "$log" | sed 's/^/  | /'
    [ -n "$art" ] || fail "libFuzzer exit status $rc and no crash input (log $log)"
    fail "libFuzzer found a failing input: $art; reproduce: $bin $art"
  fi
  done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1)
  execs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$log")
  eps=$(sed -nE 's/^stat::average_exec_per_sec: *([0-9]+).*/\1/p' "$log")
  cov=$(echo "$done_line" | sed -nE 's/.* cov: ([0-9]+).*/\1/p')
  ft=$(echo "$done_line" | sed -nE 's/.* ft: ([0-9]+).*/\1/p')
  n1=$(ls "$corpus" | wc -l)
  echo "fuzz_trace_lf: ${execs:-?} inputs in $secs s (${eps:-?} exec/s), cov ${cov:-?}" \
    "(covered edges), ft ${ft:-?} (features), corpus $n0 -> $n1 files; no crash, no failed oracle"
  echo "1 passed, 0 failed"
  exit 0
fi

bin=$B/fuzz_trace$sfx
"$mk" -s --no-print-directory "$bin" FUZZ_PLANT="$plant" || fail "building $bin failed"
cur=$dir/cur.trace
ASAN_OPTIONS=detect_leaks=1 "$bin" "$secs" "$cur" tests/traces/*.trace
rc=$?
if [ $rc -ne 0 ]; then
  cp -f "$cur" "$dir/crash-gcc.trace"
  fail "the gcc driver failed (exit status $rc) on the input $dir/crash-gcc.trace;" \
    "reproduce: $bin $dir/crash-gcc.trace"
fi
exit 0

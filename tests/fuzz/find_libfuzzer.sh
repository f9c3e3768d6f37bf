#!/usr/bin/env bash
# Prints the first C compiler that builds AND runs a libFuzzer target with ASan + UBSan
# (clang -fsanitize=fuzzer,address,undefined), or prints nothing and exits 1, saying why on
# stderr. A try-compile, not `which clang`: Debian's clang-NN links -fsanitize=fuzzer only with
# the libclang-rt-NN-dev runtime (make deps installs clang and libclang-rt-dev).
# Usage: find_libfuzzer.sh DIR   (scratch directory for the probe)   FUZZ_CLANG=cc: try only cc
set -u
dir=${1:-/tmp}
mkdir -p "$dir"
src=$dir/lfprobe.c
bin=$dir/lfprobe
cat >"$src" <<'C'
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return size > 1 && data[0] == 'x' ? 0 : 0;
}
C
if [ -n "${FUZZ_CLANG:-}" ]; then
  cands=("$FUZZ_CLANG")
else
  cands=(clang clang-19 clang-18 clang-17 clang-16 clang-15 clang-14 clang-13)
fi
why=""
for cc in "${cands[@]}"; do
  command -v "$cc" >/dev/null 2>&1 || continue
  if ! err=$("$cc" -std=c11 -fsanitize=fuzzer,address,undefined "$src" -o "$bin" 2>&1); then
    why="$why; $cc -fsanitize=fuzzer,address,undefined does not link ($(echo "$err" |
      grep -m1 -oE 'cannot find [^ ]+|error: .*' | head -c 160))"
    continue
  fi
  if ! "$bin" -runs=2 >/dev/null 2>&1; then
    why="$why; the $cc libFuzzer probe does not run"
    continue
  fi
  rm -f "$src" "$bin"
  echo "$cc"
  exit 0
done
rm -f "$src" "$bin"
[ -n "$why" ] || why="; no clang found (tried ${cands[*]})"
echo "no working libFuzzer toolchain${why}" >&2
exit 1

#!/usr/bin/env bash
# make coverage: run tools/cov/runs.txt (and tests/traces/cov_*.trace, see below) on the
# coverage binary, each run writing its own coverage file, merge them with verilator_coverage
# and write the report (tools/fsm_cov.py --report). Exit status non-zero if a run fails or a
# coverage goal (FSM state, declared transition, overflow-policy point) is unreached.
# usage: tools/cov/run_cov.sh COV_BIN COV_DIR [JOBS] [RUNS] [ARCH]
#   ARCH: the RTL architecture of COV_BIN, v1 or v2 (default v2): the report uses its goals
#   (tools/fsm_cov.py --arch ARCH). A runs.txt line starting "v1:" or "v2:" runs only for it.
#   RUNS: "all" (default), or N = a smoke run of the first N runs only (make coverage COV_RUNS=N):
#   every run must still pass and the report is written, but unreached goals are expected then
#   and do not fail it (the README-commands test uses this; the real check is RUNS=all).
set -u
bin=$1; dir=$2; jobs=${3:-1}; nruns=${4:-all}; arch=${5:-v2}
case "$arch" in v1|v2) ;; *) echo "run_cov.sh: ARCH=$arch: must be v1 or v2" >&2; exit 2 ;; esac
case "$nruns" in all) ;; ''|*[!0-9]*|0) echo "run_cov.sh: COV_RUNS=$nruns: must be 'all' or a" \
  "positive number of runs" >&2; exit 2 ;; esac
cd "$(dirname "$0")/../.."
runs=$dir/runs
rm -rf "$runs" && mkdir -p "$runs"
list=$runs/list.txt
grep -v '^[[:space:]]*#' tools/cov/runs.txt | grep -v '^[[:space:]]*$' |
  sed -e "s/^$arch:/:/" -e '/^v[12]:/d' -e 's/^://' > "$list"
# Directed coverage traces: a first line "# cov: PLUSARGS" gives the run's plusargs.
for t in tests/traces/cov_*.trace; do
  [ -e "$t" ] || continue
  extra=$(sed -n '1s/^# cov:[[:space:]]*//p' "$t")
  echo "$(basename "$t" .trace) +workload=$t $extra" >> "$list"
done
if [ "$nruns" != all ]; then
  head -n "$nruns" "$list" > "$list.smoke" && mv -f "$list.smoke" "$list"
  echo "coverage: COV_RUNS=$nruns: smoke run of the first $nruns runs; goals are reported, not enforced"
fi
one() {  # one NAME ARGS...: run, check the RESULT contract, keep the log and coverage file
  local name=$1; shift
  local t0=$SECONDS
  RINV_COV_FILE=$runs/$name.dat python3 tests/check_result.py -- "$bin" "$@" +quiet +no_rerun \
    > "$runs/$name.log" 2>&1
  local rc=$?
  if [ $rc -eq 0 ] && [ -s "$runs/$name.dat" ]; then
    echo "cov run ok   $name ($((SECONDS - t0)) s)"
  else
    echo "cov run FAIL $name (log: $runs/$name.log)"; tail -5 "$runs/$name.log" | sed 's/^/    | /'
    return 1
  fi
}
export -f one
export bin runs
start=$SECONDS
fails=0
if [ "$jobs" -gt 1 ]; then
  xargs -P "$jobs" -L 1 bash -c 'one "$@"' _ < "$list" || fails=1
else
  while read -r line; do
    # shellcheck disable=SC2086
    one $line < /dev/null || fails=1
  done < "$list"
fi
n=$(wc -l < "$list")
echo "coverage: $n runs in $((SECONDS - start)) s"
verilator_coverage --write "$dir/merged.dat" "$runs"/*.dat || exit 1
python3 tools/fsm_cov.py --arch "$arch" --report "$dir/merged.dat" --out "$dir/report.txt"
rc=$?
if [ $fails -ne 0 ]; then echo "coverage: FAIL: some runs failed (see above)"; exit 1; fi
if [ "$nruns" != all ]; then
  [ -s "$dir/report.txt" ] || { echo "coverage: FAIL: no report written"; exit 1; }
  echo "coverage: smoke run passed (report: $dir/report.txt; goals not enforced with COV_RUNS=$nruns)"
  exit 0
fi
exit $rc

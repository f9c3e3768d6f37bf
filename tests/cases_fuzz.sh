# Fuzzing (make fuzz, docs/VERIFICATION.md §8), plot and sensitivity-sweep tests, sourced by
# tests/run_tests.sh.
# The fuzzer can fail: each engine finds a planted crash (tests/fuzz/plant_test.sh), reports it
# with "0 passed, 1 failed" and a reproduction line, and the reproduction crashes again.
# (make fuzz itself runs in readme_commands, for 20 s.)
run_suite fuzz_planted_crash_libfuzzer bash tests/fuzz/plant_test.sh libfuzzer 60
run_suite fuzz_planted_crash_gcc bash tests/fuzz/plant_test.sh gcc 60
# Without a working libFuzzer (FUZZ_CLANG names no compiler) make fuzz says why and falls back
# to the gcc driver, which still runs and passes.
run_test fuzz_fallback_to_gcc bash -c 'make -s fuzz FUZZ_SECONDS=5 FUZZ_CLANG=no-such-clang \
  >"$0" 2>&1; rc=$?; tail -n 3 "$0"; [ $rc -eq 0 ] &&
  grep -q "^make fuzz: engine: gcc driver .*because no working libFuzzer toolchain" "$0" &&
  grep -q "^1 passed, 0 failed" "$0"' "$OUT/fuzz_fallback_to_gcc.out"

# Plots (docs/RESULTS.md "Plots"): every PNG and SVG of docs/plots/ and the generated tables of
# docs/RESULTS.md equal a fresh sim/plot.py run on sim/results/model.csv (the SVGs are
# deterministic), nothing else is in docs/plots/, and RESULTS.md links every SVG.
run_test plots_svg_up_to_date .venv/bin/python sim/plot.py --check

# Sensitivity sweep (docs/RESULTS.md "Sensitivity of the run count to the front end"; make
# sens): sim/sens.py --quick runs square n=20000 on the model over 7 tcp_mshrs x 3 waves_per_cu;
# its CSV must have the 21 grid points, each with 0 stale reads, mismatches and errors, probes,
# and a largest MSHR use within the tcp_mshrs it ran with. The committed sensitivity plot and
# table must match sim/results/sens.csv (plot.py --check), and the same check must call them
# stale against the quick CSV (it compares the sensitivity data, not just the files' presence).
run_test sens_quick bash -c "
  set -e; rm -rf $OUT/sens_quick
  python3 sim/sens.py --quick --sim $SIM --jobs 2 --out $OUT/sens_quick
  python3 -c \"
import csv, sys
rows = list(csv.DictReader(open('$OUT/sens_quick/sens.csv')))
grid = {(r['workload'], r['n'], r['tcp_mshrs'], r['waves_per_cu']) for r in rows}
want = {('square', '20000', str(m), str(w)) for m in (1, 2, 4, 8, 16, 64, 256) for w in (1, 4, 16)}
bad = [r for r in rows if any(r[k] != '0' for k in ('stale_reads', 'mismatches', 'errors'))
       or not 0 < int(r['tcp_mshr_max']) <= int(r['tcp_mshrs']) or not int(r['probes']) > 0]
print(len(rows), 'rows,', len(grid), 'grid points,', len(bad), 'failed runs')
sys.exit(0 if len(rows) == 21 and grid == want and not bad else 1)\"
  .venv/bin/python sim/plot.py --check | tail -1
  ! .venv/bin/python sim/plot.py --check --sens-csv $OUT/sens_quick/sens.csv \
    > $OUT/sens_quick/stale.txt
  grep 'sensitivity.svg: differs' $OUT/sens_quick/stale.txt
  grep 'GENERATED SENSITIVITY.*stale' $OUT/sens_quick/stale.txt"
# sim/sens.py fails loudly: a planted stale read, a non-zero exit and a missing RESULT line
# each make it exit 1 naming the run, and it writes no CSV (tests/sens_fails.sh)
run_test sens_fails_on_bad_run bash tests/sens_fails.sh $SIM $OUT/sens_fails

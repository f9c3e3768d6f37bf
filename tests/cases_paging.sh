# Physical pages, +paging= (issue 11 item 3; docs/TRACE.md §6): sourced at the end of
# tests/cases.sh (which defines CHK, TB, TB_FPGA, SIM, OUT, BUILD).

# the page table's unit tests (tests/tb/test_pagetable.c, part of build/test_tb): every
# policy bijective with the page offset kept and the MMIO window untranslated; first-touch
# frames in touch order; random reproducible by seed, different across seeds, one page per frame
run_test paging_unit bash -c "
  set -e; $BUILD/test_tb > $OUT/paging_unit.txt || true
  grep '^[A-Z]* pagetable_' $OUT/paging_unit.txt
  [ \$(grep -c '^PASS pagetable_' $OUT/paging_unit.txt) -ge 9 ]
  ! grep -q '^FAIL pagetable_' $OUT/paging_unit.txt"
# the default is identity: the run without +paging equals, field for field, the run with
# +paging=identity; a run on random frames of the same program differs from it
run_test paging_default_identity bash -c "
  set -e
  $CHK --cond \"paging == 'identity'\" --save $OUT/pdi_default.json \
    -- $SIM +workload=square +n=2000 +mode=merge +quiet
  $CHK --save $OUT/pdi_identity.json \
    -- $SIM +workload=square +n=2000 +mode=merge +paging=identity +quiet
  $CHK --cond \"paging == 'random'\" --save $OUT/pdi_rand.json \
    -- $SIM +workload=square +n=2000 +mode=merge +paging=random +seed=1 +quiet
  python3 -c \"
import json, sys
d, i, f = (json.load(open('$OUT/pdi_' + n + '.json')) for n in ('default', 'identity', 'rand'))
print('probes: default', d['probes'], 'identity', i['probes'], 'random', f['probes'])
sys.exit(0 if d == i and dict(f, paging='identity') != d else 1)\""
# lockstep on physical pages: RTL and model see the same physical addresses; 0 mismatches,
# 0 stale reads, the coherence and write-back checks on physical lines
run_test paging_first_touch_lockstep_fpga $CHK --cond "paging == 'first-touch'" \
  --cond 'releases > 20' --cond 'loads_checked > 500' \
  -- $TB_FPGA +workload=random +seed=3 +n=4000 +config=fpga +mode=merge +walk=auto +stall=15 \
  +paging=first-touch +quiet
run_test paging_random_lockstep_fpga $CHK --cond "paging == 'random'" --cond 'inv_hits > 0' \
  --cond 'probes > 2' -- $TB_FPGA +workload=square +n=3000 +warm=1 +config=fpga +mode=merge \
  +walk=auto +stall=10 +seed=7 +paging=random +quiet
# a bad policy is refused before anything runs, naming the choices
run_test fail_plusarg_paging $CHK --expect-reject --expect-status 2 \
  --expect-output "bad value 'contiguous' for plusarg '\\+paging' \\(identity\\|first-touch\\|random\\)" \
  -- $SIM +workload=square +paging=contiguous
# +dump_trace holds the physical addresses that ran (header names the policy); replayed with
# the default identity it reproduces the run
run_test paging_dump_replay bash -c "
  set -e
  $CHK --save $OUT/pg_gen.json --cond \"paging == 'random'\" -- $SIM +workload=square +n=3000 \
    +mode=merge +seed=11 +paging=random +dump_trace=$OUT/pg.trace +quiet
  grep -q '^# .*physical addresses of +paging=random: replay with +paging=identity' $OUT/pg.trace
  ! grep -qE ' (ld|st) 0x1000[0-9a-f]{4}' $OUT/pg.trace
  $CHK --save $OUT/pg_rep.json --cond \"paging == 'identity'\" -- $SIM +workload=$OUT/pg.trace \
    +mode=merge +seed=11 +quiet
  python3 -c \"
import json,sys
a=json.load(open('$OUT/pg_gen.json')); b=json.load(open('$OUT/pg_rep.json'))
k=['cycles','probes','probe_lines','over_inv_lines','inv_cycles','hist_entries','hist_overflows',
   'loads_checked','tag_lookups','eager_rdblkm','eager_rdblk','owner_probes']
d={x:(a[x],b[x]) for x in k if a[x]!=b[x]}; print(d or 'identical'); sys.exit(1 if d else 0)\""

#!/usr/bin/env bash
# One seed of the constrained-random regression (make regress): derives the run's options
# from the seed, runs it, and writes the log. Always exits 0; the log's last line is
# "EXIT <status>" and tools/regress_summary.py judges it.
# usage: tools/regress_seed.sh SEED CYCLES BIN LOG [CFG [BIN_FPGA]]
#   CFG: mixed (default), fpga, gem5; BIN_FPGA: the binary of the fpga seeds (default BIN: the
#   model alone holds both configurations, a lockstep binary one: tb_dir_fpga for tb_dir's)
set -u
k=$1; cycles=$2; bin=$3; log=$4; want=${5:-mixed}; bin_fpga=${6:-$3}
# A bare name (tb_dir) is the file in this directory, never a program looked up on PATH.
case "$bin" in */*) ;; *) bin=./$bin ;; esac
case "$bin_fpga" in */*) ;; *) bin_fpga=./$bin_fpga ;; esac
modes=(line run merge); walks=(addr set auto)
# operations per seed: about 10-12 cycles per operation on fpga and on gem5 with walk addr/auto;
# a gem5 set walk costs up to 4096 cycles per probe
# (the random MODE changes keep gem5 set walks rare; a gem5 seed starts in walk auto)
walk=${walks[$(((k / 3) % 3))]}
if [ "$want" = fpga ] || { [ "$want" = mixed ] && [ $((k % 4)) -ne 0 ]; }; then
  cfg=fpga; n=$((cycles / 9 + 50)); bin=$bin_fpga
else cfg=gem5; n=$((cycles / 12 + 50)); [ "$walk" = set ] && walk=auto; fi
stall=$((k * 7 % 31))
# every tenth seed stalls every channel 95 % of the time (the +stall limit): a program about
# 7x smaller runs at least as many cycles on fpga, 5x on gem5 (its operations cost fewer
# stalled cycles each: with 7x, 2 of the 50 gem5 seeds of 2026-11-26 ran 88,870 and 99,736 of
# 100,000 cycles)
if [ $((k % 10)) -eq 9 ]; then
  stall=95
  if [ "$cfg" = gem5 ]; then n=$((n / 5 + 30)); else n=$((n / 7 + 30)); fi
fi
args=(+workload=random +seed=$k +n=$n +config=$cfg +mode=${modes[$((k % 3))]}
      +walk=$walk +stall=$stall +reorder=$((k % 2)) +quiet +no_rerun)
# every fifth seed is reset once in the middle of the run (docs/VERIFICATION.md §5)
[ $((k % 5)) -eq 2 ] && args+=(+reset_at=$((k * 7919 % (cycles / 2) + 1000)))
mkdir -p "$(dirname "$log")"
{
  echo "CMD $bin ${args[*]}"
  start=$(date +%s.%N)
  "$bin" "${args[@]}"
  rc=$?
  echo "WALL $(echo "$(date +%s.%N) - $start" | bc)"
  echo "EXIT $rc"
} >"$log.tmp" 2>&1
mv -f "$log.tmp" "$log"
exit 0

# Issue 14, "No failure looks like success": test cases sourced at the end of tests/cases.sh
# (which defines CHK, TB, SIM, T, OUT, BUILD). Each failure must look like one: a message
# naming what and where, exit status 2 and no RESULT for rejected input (before anything
# runs), a non-zero status for a failed run; a legal but suspicious run warns on stderr.
# docs/VERIFICATION.md §5 ("Faults and bad input") lists them.

# --- +wave to a path that cannot be written: rejected before the run ------------------------
run_test fail_wave_unwritable $CHK --expect-reject --expect-status 2 \
  --expect-output '^error: \+wave=/nonexistent/dir/x\.fst: cannot create the waveform file: No such file or directory$' \
  -- $TB +workload=square +n=50 +wave=/nonexistent/dir/x.fst +quiet
run_test fail_wave_is_directory $CHK --expect-reject --expect-status 2 \
  --expect-output "^error: \\+wave=$OUT: cannot create the waveform file: Is a directory\$" \
  -- $TB +workload=square +n=50 +wave=$OUT +quiet
# the probe file of a good path is removed again when the run is then rejected for
# another reason (a malformed trace), and a good path still gets its waveform
run_test wave_probe_removed bash -c "
  set -e
  rm -f $OUT/probe.fst $OUT/probe_ok.fst
  $CHK --expect-reject --expect-status 2 --expect-output 'bad_port.trace:3: error' \
    -- $TB +workload=$T/bad_port.trace +wave=$OUT/probe.fst
  test ! -e $OUT/probe.fst
  $CHK -- $TB +workload=square +n=50 +wave=$OUT/probe_ok.fst +quiet
  test -s $OUT/probe_ok.fst"

# --- numeric plusargs: every one bounded, the message names it and its legal range --------
run_test fail_plusarg_n_huge_random $CHK --expect-reject --expect-status 2 \
  --expect-output '^error: \+n=4294967295: must be 1\.\.16777216 ' \
  -- $TB +workload=random +n=4294967295
run_test fail_plusarg_n_random_limit $CHK --expect-reject --expect-status 2 \
  --expect-output '^error: \+n=10000001: must be 1\.\.10000000 for workload random' \
  -- $SIM +workload=random +n=10000001
run_test fail_plusarg_n_mt_limit $CHK --expect-reject --expect-status 2 \
  --expect-output '^error: \+n=4097: must be 1\.\.4096 for workload matrixtranspose$' \
  -- $SIM +workload=matrixtranspose +n=4097
run_test fail_plusarg_n_zero $CHK --expect-reject --expect-status 2 \
  --expect-output '^error: \+n=0: must be 1\.\.16777216' -- $SIM +n=0
# value -> expected "must be ..." text; rinv_sim parses exactly as tb_dir (one parser)
for c in "seed=-1|0\.\.18446744073709551615" "seed=18446744073709551616|0\.\.18446744073709551615" \
         "max_cycles=1000000000001|0\.\.1000000000000" "wave_to=abc|0\.\.1000000000000" \
         "reset_at=0|1\.\.1000000000000" "reset_at=wb+1000000001|K must be 0\.\.1000000000" \
         "inject=mismatch:0|1\.\.1000000000000" "reorder=2|0\.\.1" "iters=1001|1\.\.1000" \
         "waves_per_cu=65|1\.\.64" "gap=3|0\.\.16777216, a multiple of 4" \
         "n=010|; a leading zero" "stall=1k|0\.\.95 .*; not an integer" "iters=-1|; a '-' sign" \
         "seed=0x1_0000_0000_0000_0000|0\.\.18446744073709551615"; do
  a=${c%%|*}; rx=${c#*|}; nm=${a//[^a-z0-9_]/_}
  run_test "fail_plusarg_bound_$nm" $CHK --expect-reject --expect-status 2 \
    --expect-output "^error: \\+${a//+/\\+}: .*${rx}" -- $SIM +workload=square +n=8 +$a
done

# every form of common/parse_num.h reaches the run: the same RESULT as plain decimal
run_test plusarg_number_forms bash -c "
  a=\$($SIM +workload=square +n=2_000 +seed=0b1 +stall=0o12 +quiet) || exit 1
  b=\$($SIM +workload=square +n=2000 +seed=1 +stall=10 +quiet); echo \"\$a\"; [ \"\$a\" = \"\$b\" ]"

# --- +stall: 0..95 (at 100 nothing moves and the watchdog fired 200,000 cycles later) ------
run_test fail_plusarg_stall_100 $CHK --expect-reject --expect-status 2 \
  --expect-output '^error: \+stall=100: must be 0\.\.95 ' -- $TB +workload=square +n=50 +stall=100
run_test fail_plusarg_stall_96 $CHK --expect-reject --expect-status 2 \
  --expect-output '^error: \+stall=96: must be 0\.\.95 ' -- $SIM +stall=96
run_test stall_95_completes $CHK --cond 'stall == 95' --cond 'loads_checked == 64' \
  -- $TB +workload=square +n=32 +stall=95 +seed=3 +prog=v1 +quiet

# --- acquire/release pairing of a trace ------------------------------------------------------
# a release without an acquire of its side: the run fails, naming FILE:LINE of the release
run_test fail_trace_release_no_acquire $CHK --expect-fail --expect-status 1 \
  --expect-output 'fail_release_no_acquire\.trace:6: driver: cpu release failed: unexpected SLVERR at register 0x40006000 \(cpu does not hold the lock' \
  -- $TB +workload=$T/fail_release_no_acquire.trace +quiet
# an acquire never released: a warning on stderr naming file and line; the run passes
run_test warn_trace_acquire_unreleased bash -c "
  set -e
  $TB +workload=$T/warn_acquire_unreleased.trace +quiet >$OUT/unrel.out 2>$OUT/unrel.err
  cat $OUT/unrel.err
  grep -qx 'warning: $T/warn_acquire_unreleased.trace: gpu acquire at line 9 never released' $OUT/unrel.err
  test \$(grep -c warning $OUT/unrel.err) -eq 1   # not the CPU: it released by hand
  $CHK -- $TB +workload=$T/warn_acquire_unreleased.trace +quiet"
# paired traces (also by hand, regs_*) warn about nothing
run_test warn_none_for_paired_traces bash -c "
  for t in handover: scattered: strobes: regs_lock: regs_map: regs_busy:+mode=line \
           cov_max_range:+config=fpga; do
    $SIM +workload=$T/\${t%%:*}.trace \${t#*:} +quiet >/dev/null 2>$OUT/paired.err || exit 1
    if grep warning $OUT/paired.err; then echo \"\$t: unexpected warning\"; exit 1; fi
  done"

# --- progress line on stderr (+progress=S; none with +quiet; stdout unchanged) ---------------
run_test progress_line_stderr bash -c "
  set -e
  $TB +workload=square +n=3000 +progress=0.2 >$OUT/pg.out 2>$OUT/pg.err
  cat $OUT/pg.err
  grep -Eq '^tb: cycle [0-9]+, [0-9]+\.[0-9]k cycles/s, [0-9]+% of program\$' $OUT/pg.err
  ! grep -v '^tb: cycle' $OUT/pg.err || exit 1   # nothing else on stderr
  $TB +workload=square +n=3000 +progress=0 >$OUT/pg0.out 2>$OUT/pg0.err
  test ! -s $OUT/pg0.err
  cmp $OUT/pg.out $OUT/pg0.out   # stdout (and its RESULT line) does not change"
run_test progress_quiet_none bash -c "
  set -e
  $TB +workload=square +n=3000 +progress=0.2 +quiet >$OUT/pq.out 2>$OUT/pq.err
  test ! -s $OUT/pq.err
  test \$(grep -c '^RESULT ' $OUT/pq.out) -eq 1
  ! grep -q 'tb: cycle' $OUT/pq.out"
run_test fail_plusarg_progress $CHK --expect-reject --expect-status 2 \
  --expect-output '^error: \+progress=0\.01: must be 0 \(off\) or 0\.1\.\.3600 ' -- $SIM +progress=0.01

# --- host tool (sw/rinv_host.c): right errno, no silent 60 s wait, named device -----------
# only 127.0.0.1; -T keeps every case short
run_test host_build make -s host
run_test host_no_listener bash -c "
  port=\$(python3 -c 'import socket; s=socket.socket(); s.bind((\"127.0.0.1\", 0)); print(s.getsockname()[1])')
  out=\$(echo ping | $BUILD/rinv_host -t 127.0.0.1:\$port -T 600 2>&1); rc=\$?
  echo \"\$out\"; echo \"exit \$rc\"
  test \$rc -eq 2 && echo \"\$out\" | grep -q \"cannot connect to 127.0.0.1:\$port: Connection refused\" &&
  ! echo \"\$out\" | grep -q Success"
run_test host_silent_board bash -c "
  rm -f $OUT/silent.port
  python3 -c '
import socket, sys, time
s = socket.socket(); s.bind((\"127.0.0.1\", 0)); s.listen(1)
print(s.getsockname()[1], flush=True)
c, _ = s.accept(); c.recv(16); time.sleep(3)' > $OUT/silent.port &
  srv=\$!
  for i in \$(seq 100); do grep -q '^[0-9][0-9]*\$' $OUT/silent.port 2>/dev/null && break; sleep 0.1; done
  port=\$(cat $OUT/silent.port)
  test -n \"\$port\" || { echo 'the test server did not start'; kill \$srv; exit 1; }
  start=\$(date +%s%N)
  out=\$(echo ping | $BUILD/rinv_host -t 127.0.0.1:\$port -T 800 2>&1); rc=\$?
  ms=\$(( (\$(date +%s%N) - start) / 1000000 ))
  kill \$srv 2>/dev/null; wait \$srv 2>/dev/null
  echo \"\$out\"; echo \"exit \$rc after \$ms ms\"
  test \$rc -ne 0 && test \$ms -lt 5000 &&
  echo \"\$out\" | grep -q \"^rinv_host: no answer from 127.0.0.1:\$port yet (is the board attached and programmed?)\" &&
  echo \"\$out\" | grep -q \"^rinv_host: no answer from 127.0.0.1:\$port after [0-9]* ms: timeout\""
run_test host_bad_device $CHK --expect-reject --expect-status 2 \
  --expect-output '^rinv_host: cannot open /nonexistent/ttyUSB9: No such file or directory$' \
  -- $BUILD/rinv_host -d /nonexistent/ttyUSB9 -T 100 /dev/null
run_test host_not_a_tty $CHK --expect-reject --expect-status 2 \
  --expect-output '^rinv_host: /dev/null is not a serial port \(tcgetattr: Inappropriate ioctl for device\)$' \
  -- $BUILD/rinv_host -d /dev/null /dev/null
run_test host_missing_script $CHK --expect-reject --expect-status 2 \
  --expect-output '^rinv_host: cannot open script /nonexistent/x\.cmd: No such file or directory$' \
  -- $BUILD/rinv_host -t 127.0.0.1:1 /nonexistent/x.cmd
run_test host_bad_timeout $CHK --expect-reject --expect-status 2 \
  --expect-output '^rinv_host: -T 0: must be 1\.\.3600000 \(milliseconds\)$' \
  -- $BUILD/rinv_host -t 127.0.0.1:1 -T 0
# a malformed -t (no port) printed "cannot open 127.0.0.1: Success" (stale errno)
run_test host_bad_tcp_spec $CHK --expect-reject --expect-status 2 \
  --expect-output '^rinv_host: -t 127\.0\.0\.1: expected HOST:PORT$' \
  -- $BUILD/rinv_host -t 127.0.0.1 /dev/null

# The second lane of make test (tests/run_tests.sh): tests that share nothing with the others
# but the machine (their own work directories, no file another test reads or writes; the one
# daemon, make dse-test's private Slurm, takes a lock), run beside tests/cases.sh and the rest
# from the start, each in turn. Sourced with run_test, run_suite and OUT defined;
# TEST_LANES=1 runs them last, in line.

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

# --- every command of README.md and docs/*.md, run as written in a fresh copy (issue 15) ---
# tests/readme_commands.py: its table says how each command runs (as written; a documented
# override where the size would take too long; must-fail for display/board); a docs command
# without an entry fails. Counted command by command.
run_suite readme_commands python3 tests/readme_commands.py

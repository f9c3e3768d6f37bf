# The second lane of make test (tests/run_tests.sh): tests that share nothing with the others
# but the machine (their own work directories, no file another test reads or writes; the one
# daemon, make dse-test's private Slurm, takes a lock), run beside tests/cases.sh and the rest
# from the start. Sourced with run_test, run_suite and OUT defined; TEST_LANES=1 runs them
# last, in line. Today one test: the README commands take about as long as all the others
# together on a 2-core machine (measured 2026-11-29, docs/VERIFICATION.md §1).

# --- every command of README.md and docs/*.md, run as written in a fresh copy (issue 15) ---
# tests/readme_commands.py: its table says how each command runs (as written; a documented
# override where the size would take too long; must-fail for display/board); a docs command
# without an entry fails. Counted command by command. The entries marked side=True run in the
# first lane (tests/cases_readme_side.sh).
run_suite readme_commands python3 tests/readme_commands.py --group main

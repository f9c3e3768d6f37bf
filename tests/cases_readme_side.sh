# The first lane's share of the README commands (tests/run_tests.sh, after tests/cases_dse.sh):
# the entries of tests/readme_commands.py marked side=True (make icarus-test, make vdirected,
# make mutate: each needs nothing another command makes), run as written in a fresh copy of
# their own while the second lane runs the others (--group main, tests/cases_lane2.sh), so that
# the two lanes end together. Sourced with run_suite and OUT defined.
run_suite readme_commands_side python3 tests/readme_commands.py --group side \
  --work "$OUT/readme_side"

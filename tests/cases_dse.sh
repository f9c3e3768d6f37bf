# Design-space exploration (docs/DSE.md), sourced by tests/run_tests.sh after tests/cases.sh
# (uses CHK, SIM, TB, OUT): run-time parameters of the C model (+p., +params), their refusal in
# lockstep, sweep specs, a local sweep, resume after a kill, and the Slurm backend.
PY=.venv/bin/python; [ -x $PY ] || PY=python3
# +p.: a bad value, an unknown name, a rule broken through another key, not a number
run_test dse_p_bad_value $CHK --expect-reject --expect-status 2 --expect-output \
  '^error: \+p\.walk_lanes=3: walk_lanes = 3: must be 1, 2 or 4 \(docs/ARCHITECTURE_v2\.md' \
  -- $SIM +p.walk_lanes=3
KEYS='\(parameters: cpu_l1_sets .* tick_resp_gpu\)'  # every settable key, in toml order
run_test dse_p_unknown $CHK --expect-reject --expect-status 2 --expect-output \
  "^error: \+p\.rt_size=8: unknown parameter 'rt_size' $KEYS" -- $SIM +p.rt_size=8
RE='^error: rt_scan = 16: must be a power of 2 <= rt_cap / 2 \(configuration gem5.s value'
run_test dse_p_other_key $CHK --expect-reject --expect-status 2 --expect-output \
  "$RE.* with \+p\.rt_cap=8\$" -- $SIM +p.rt_cap=8
run_test dse_p_not_number $CHK --expect-reject --expect-status 2 --expect-output \
  '^error: \+p\.rt_cap=1k: the value must be an integer 0\.\.4294967295' -- $SIM +p.rt_cap=1k
run_test dse_p_runs $CHK --cond 'config == "fpga+p"' --cond 'probes == 2' \
  -- $SIM +config=fpga +p.rt_cap=32 +p.walk_lanes=2 +workload=square +n=2000 +mode=merge \
  +prog=v1 +quiet
# +params=FILE: each error names the file, the line, the key and the legal range
run_test dse_params_file_errors bash -c '
  set -u; d='"$OUT"'/dse_params; mkdir -p $d; fails=0
  chk() {  # chk FILE-TEXT EXPECTED-REGEX
    printf "$1" > $d/p.toml
    out=$('"$SIM"' +quiet +params=$d/p.toml 2>&1); rc=$?
    if [ $rc -ne 2 ] || ! grep -qE "$2" <<<"$out" || grep -q "^RESULT" <<<"$out"; then
      echo "FAIL: [$1] exit $rc: $out"; fails=$((fails + 1)); else echo "ok: $out"; fi
  }
  chk "# c\nrt_cap = 32\nrt_scan = 3\n" \
    "^error: .*/p\.toml:3: rt_scan = 3: must be a power of 2 <= rt_cap / 2"
  chk "rt_cap = \"64\"\n" "^error: .*/p\.toml:1: expected an integer"
  chk "rt_cap = 32\nrt_cap = 16\n" \
    "^error: .*/p\.toml:2: rt_cap set twice \(first at .*/p\.toml:1\)"
  chk "[config.fpga]\nrt_cap = 32\n" \
    "^error: .*/p\.toml:2: key rt_cap in table \[config\.fpga\].*\[config\.gem5\]"
  chk "rt_cap = -4\n" "^error: .*/p\.toml:1: must be a non-negative integer"
  chk "rt_cap = 010\n" "^error: .*/p\.toml:1: leading zeros are not TOML"
  chk "rt_cap = 1__0\n" "^error: .*/p\.toml:1: malformed integer: .[_]. only between two digits"
  chk "rt_cap = 0x1_0000_0000_0000_0000\n" "^error: .*/p\.toml:1: integer out of range"
  chk "gpu_l1_lat = 9\n" "^error: .*/p\.toml:1: gpu_l1_lat = 9: must be 1\.\.8"
  chk "wlak_lanes = 2\n" "^error: .*/p\.toml:1: unknown parameter .wlak_lanes."
  out=$('"$SIM"' +quiet +params=$d/none.toml 2>&1)
  grep -qE "^error: .*/none\.toml: cannot open" <<<"$out" ||
    { echo "FAIL: $out"; fails=$((fails + 1)); }
  [ $fails -eq 0 ]'
# a file (TOML integers: hex, `_`, a [config.NAME] table) and the same values as +p. run alike
run_test dse_params_file_equals_p bash -c '
  set -eu; d='"$OUT"'/dse_params; mkdir -p $d
  printf "# c\n[config.fpga]\nrt_cap = 0x20  # 32\nrt_scan = 0b100\nhist_cap = 1_024\n" > $d/f.toml
  a=$('"$SIM"' +config=fpga +params=$d/f.toml +workload=stencil +n=64 +mode=merge +quiet)
  b=$('"$SIM"' +config=fpga +p.rt_cap=32 +p.rt_scan=4 +p.hist_cap=1024 +workload=stencil \
      +n=64 +mode=merge +quiet)
  c=$('"$SIM"' +config=fpga +workload=stencil +n=64 +mode=merge +quiet)
  echo "$a"; echo "$c"; [ "$a" = "$b" ]
  [ "${a/fpga+p/fpga}" != "$c" ]  # the values reached the model: not only the name differs
  '"$SIM"' +p.rt_cap=010 2>&1 | grep "^error: +p.rt_cap=010: the value must be"'
# every parameter reaches the model: fpga + a file of all gem5 values runs exactly as gem5
run_test dse_params_all_keys $PY tests/dse_check.py same $SIM $OUT/dse_same
# the C check (generated from tools/gen_params.py's rule table) and the Python one agree
run_test dse_rules_c_python $PY tests/dse_check.py rules $SIM
# lockstep: the RTL is elaborated at the named configurations, a changed value is refused
run_test dse_tb_dir_refuses $CHK --expect-reject --expect-status 2 --expect-output \
  '^error: \+p\.rt_cap=32: [./]*tb_dir runs the RTL elaborated at configuration gem5 \(rt_cap = 64\)' \
  -- $TB +p.rt_cap=32 +p.rt_scan=8 +workload=square +n=200 +quiet
run_test dse_tb_dir_same_ok $CHK --cond 'config == "gem5"' --cond 'lockstep' \
  -- $TB +p.rt_cap=64 +workload=square +n=200 +mode=merge +quiet
# the fpga binary without +config: +p. is checked against fpga (its values pass, gem5's do not)
run_test dse_tb_dir_fpga_params $CHK --cond 'config == "fpga"' --cond 'lockstep' \
  -- ${TB}_fpga +p.rt_cap=8 +workload=square +n=200 +mode=merge +quiet
run_test dse_tb_dir_fpga_refuses $CHK --expect-reject --expect-status 2 --expect-output \
  '^error: \+p\.rt_cap=64: [./]*tb_dir_fpga runs the RTL elaborated at configuration fpga \(rt_cap = 8\)' \
  -- ${TB}_fpga +p.rt_cap=64 +workload=square +n=200 +quiet
# +p.mem_lat (the harness's memory, not an RTL parameter) may differ in lockstep
run_test dse_tb_dir_mem_lat $CHK --cond 'config == "fpga+p"' --cond 'lockstep' \
  -- ${TB}_fpga +p.mem_lat=9 +workload=square +n=200 +mode=merge +quiet
# make verilate PARAMS=FILE: the RTL elaborated at one sweep point. A small point over fpga
# (rt_cap 8 -> 4 with rt_scan 4 -> 2, cpu_l2_sets 128 -> 64): one fpga-sized Verilator build.
# dse_point_build makes it (as a user does) and runs it; the tests after it use its binary.
PT_FILE=$OUT/dse_point/small.toml
mkdir -p $OUT/dse_point
printf '# a small point over fpga (tests/cases_dse.sh)\nrt_cap = 4\nrt_scan = 2\ncpu_l2_sets = 64\n' \
  > $PT_FILE
PT_BIN=$BUILD/points/$(python3 tools/gen_params.py --point-id fpga $PT_FILE)/tb_dir
run_test dse_point_build $PY tests/dse_check.py point $SIM $PT_FILE $TB_FPGA
# a point whose inputs changed is rebuilt (Verilator's makefile once found the point's old
# tb_dir on its VPATH, called it up to date, and the copy of the new one failed)
run_test dse_point_rebuild bash -c '
  set -e; pt='"$PT_BIN"'; sleep 1; touch $(dirname $pt)/gen/rinv_point.o
  make -s verilate CONFIG=fpga PARAMS='"$PT_FILE"'
  [ $pt -nt $(dirname $pt)/gen/rinv_point.o ]'
PT_VALUES='\(over fpga: cpu_l2_sets = 64, rt_cap = 4, rt_scan = 2\)'
run_test dse_point_refuses_p $CHK --expect-reject --expect-status 2 --expect-output \
  "^error: \+p\.rt_cap=8: \S*/tb_dir runs the RTL elaborated at the point fpga-[0-9a-f]{12} $PT_VALUES \(rt_cap = 4\)" \
  -- $PT_BIN +p.rt_cap=8 +workload=square +n=200 +quiet
run_test dse_point_refuses_config $CHK --expect-reject --expect-status 2 --expect-output \
  "^error: \+config=fpga: this binary \(\S*/tb_dir\) holds only the point fpga-[0-9a-f]{12} $PT_VALUES; the fpga configuration is in \./tb_dir_fpga \(make verilate CONFIG=fpga\)" \
  -- $PT_BIN +config=fpga +workload=square +n=200 +quiet
# its own values (the file, a +p.) are accepted, and mem_lat may differ
run_test dse_point_same_ok $CHK --cond 'config == "fpga+p"' --cond 'lockstep' \
  -- $PT_BIN +params=$PT_FILE +p.rt_cap=4 +p.mem_lat=9 +workload=square +n=200 +mode=merge +quiet
# an illegal point stops make before Verilator runs, naming the file, line, key and range
run_test dse_point_illegal bash -c '
  set -u; f='"$OUT"'/dse_point/bad.toml
  printf "# rt_cap 8 and rt_scan 3\nrt_scan = 3\n" > $f
  out=$(make verilate CONFIG=fpga PARAMS=$f 2>&1); rc=$?; echo "exit $rc: $out"
  [ $rc -ne 0 ] && ! grep -q "^verilator" <<<"$out" &&
    grep -qE "^error: $f:2: rt_scan = 3: must be a power of 2 <= rt_cap / 2 \(docs/ARCHITECTURE_v2\.md" <<<"$out" &&
    grep -q "make verilate PARAMS=$f: not a legal point (above); nothing built" <<<"$out"'
# dse.py confirm: a sweep row again in lockstep, at its point; an altered row fails naming the field
run_test dse_confirm $PY tests/dse_check.py confirm $SIM $OUT/dse_confirm
# sweep specs: errors name the spec and the key; exit 2, nothing run
run_test dse_spec_errors bash -c '
  set -u; d='"$OUT"'/dse_spec; mkdir -p $d; fails=0
  chk() {  # chk SPEC-TEXT EXPECTED-REGEX
    printf "$1" > $d/s.toml
    out=$('"$PY"' sim/dse.py run $d/s.toml --out $d/o 2>&1); rc=$?
    if [ $rc -ne 2 ] || ! grep -qE "$2" <<<"$out" || [ -e $d/o ]; then
      echo "FAIL: [$1] exit $rc: $out"; fails=$((fails + 1)); else echo "ok: $out"; fi
  }
  chk "[sweep]\n[params]\nrt_size = [8]\n" \
    "^error: .*/s\.toml: \[params\] unknown parameter .rt_size."
  chk "[sweep]\n[params]\nrt_cap = 8\n" \
    "^error: .*/s\.toml: \[params\] rt_cap = 8: must be a non-empty list"
  chk "[sweep]\nmodes = [\"lines\"]\n" \
    "^error: .*/s\.toml: \[sweep\] modes: .lines.: must be one of line, run, merge"
  chk "[sweep]\nsampling = \"random\"\n" \
    "^error: .*/s\.toml: \[sweep\] sampling = .random. needs samples"
  chk "[sweep]\nbase = \"asic\"\n" \
    "^error: .*/s\.toml: \[sweep\] base = .asic.: must be one of gem5, fpga"
  chk "[sweep]\nplusargs = [\"+p.rt_cap=8\"]\n" \
    "^error: .*/s\.toml: \[sweep\] plusargs: .\+p\.rt_cap=8.: must be"
  chk "[sweep]\n[params]\nwalk_lanes = [3]\n" \
    "^error: .*/s\.toml: no legal point \(1 skipped; first: walk_lanes = 3: must be 1, 2 or 4\)"
  chk "[sweep]\nillegal = \"error\"\n[params]\nrt_cap = [64, 8]\n" \
    "^error: .*/s\.toml: point \{.rt_cap.: 8\} is illegal: rt_scan = 16"
  chk "[sweep\n" "^error: .*/s\.toml: not valid TOML"
  [ $fails -eq 0 ]'
# random sampling: `samples` of the legal combinations, the same ones for the same seed
run_test dse_random_sampling bash -c '
  set -eu; d='"$OUT"'/dse_random; mkdir -p $d
  spec() { printf "[sweep]\nbase = \"fpga\"\nsampling = \"random\"\nsamples = 5\nseed = $1\n%s\n" \
    "workloads = [\"square:200\", \"stencil:16\"]" > $d/s$1.toml
    printf "[params]\nrt_cap = [4, 8, 16, 32]\nwalk_lanes = [1, 2, 3, 4]\n%s\n" \
      "rt_scan = [2]" >> $d/s$1.toml; }
  spec 3; spec 4
  '"$PY"' sim/dse.py list $d/s3.toml > $d/a 2>$d/a.err; '"$PY"' sim/dse.py list $d/s3.toml > $d/b
  '"$PY"' sim/dse.py list $d/s4.toml > $d/c
  cat $d/a $d/a.err; cmp $d/a $d/b; ! cmp -s $d/a $d/c
  [ $(wc -l < $d/a) -eq 10 ] && grep -q "^10 points (4 illegal combinations skipped)" $d/a.err
  ! grep -q "walk_lanes=3" $d/a'
# make dse with its defaults: the smoke sweep, its CSV (every parameter a column) and its plot
run_test dse_local_sweep bash -c '
  set -eu; rm -rf '"${BUILD:-build}"'/dse/smoke; make -s dse
  f='"${BUILD:-build}"'/dse/smoke/results.csv
  '"$PY"' -c "
import csv, json, sys
rows = list(csv.DictReader(open(\"$f\")))
keys = [k for k in json.load(open(\"sim/params.json\"))[\"config\"][\"fpga\"] if k != \"id\"]
assert len(rows) == 12, len(rows)
assert all(k in rows[0] for k in keys), \"a parameter column is missing\"
assert {r[\"rt_cap\"] for r in rows} == {\"4\", \"8\", \"16\"}
assert all(r[\"result.mismatches\"] == \"0\" and r[\"result.cycles\"] for r in rows)
print(len(rows), \"rows,\", len(rows[0]), \"columns\")"
  for e in png svg; do test -s '"${BUILD:-build}"'/dse/smoke/plots/capacity.$e; done
  ! grep -q "<dc:date>" '"${BUILD:-build}"'/dse/smoke/plots/capacity.svg'
run_test dse_resume_after_kill $PY tests/dse_check.py resume $SIM $OUT/dse_resume
# the Slurm backend on a private cluster (root and Debian slurm: make dse-deps) equals the local one
run_test dse_slurm make -s dse-test

#!/usr/bin/env bash
# Test regs_up_to_date (tests/cases.sh): the files generated from regs/rinv.rdl by
# tools/gen_regs.py (common/rinv_regs.h, rtl/rinv_regs_pkg.sv, tests/cocotb/rinv_regs.py, the
# tables of docs/REGISTERS.md) are up to date, and the check does catch a stale one:
#   1. gen_regs.py --check on the work tree passes;
#   2. in a scratch copy of the outputs, each output edited by hand is reported stale (exit 1,
#      named), and regenerating the copy makes the check pass again;
#   3. an edited copy of the RDL (a register moved) makes the tree's outputs stale.
# Runs the compiler from the project venv (.venv, make venv; make test creates it first).
set -u
cd "$(dirname "$0")/.."
PY=.venv/bin/python
[ -x "$PY" ] || PY=python3
fail=0
bad() { echo "FAIL: $*"; fail=1; }
OUTS="common/rinv_regs.h rtl/rinv_regs_pkg.sv tests/cocotb/rinv_regs.py docs/REGISTERS.md"
GEN=tools/gen_regs.py

"$PY" -c 'import systemrdl' 2>/dev/null || {
  echo "FAIL: systemrdl-compiler is not importable by $PY (run make venv)"; exit 1; }

# 1. the tree
"$PY" $GEN --check || bad "generated register files are stale: run make regs"

# 2. a hand edit of each output is caught
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
copy() { local o; for o in $OUTS; do mkdir -p "$tmp/$(dirname "$o")"; cp "$o" "$tmp/$o"; done; }
copy
"$PY" $GEN --check --root "$tmp" >/dev/null 2>&1 || bad "the untouched copy is reported stale"
for f in $OUTS; do
  copy
  # the first MODE of each (a generated name: the C macro, the SV localparam, the Python
  # constant, the table row)
  sed -i '0,/MODE/s/MODE/MODF/' "$tmp/$f"
  cmp -s "$f" "$tmp/$f" && bad "$f: the edit did not change the copy"
  if "$PY" $GEN --check --root "$tmp" >/dev/null 2>"$tmp/err"; then
    bad "$f edited: the check passed"
  elif ! grep -q "$f" "$tmp/err"; then
    bad "$f edited: the check failed without naming it: $(cat "$tmp/err")"
  else
    echo "ok: $f edited by hand -> stale: $(cat "$tmp/err")"
  fi
  "$PY" $GEN --root "$tmp" >/dev/null || bad "regenerating the copy failed"
  "$PY" $GEN --check --root "$tmp" >/dev/null 2>&1 || bad "$f: stale after regenerating"
done

# 3. an RDL edit without regenerating is caught
sed 's/} MODE @ 0x1000;/} MODE @ 0x1004;/' regs/rinv.rdl > "$tmp/moved.rdl"
cmp -s regs/rinv.rdl "$tmp/moved.rdl" && bad "the RDL edit did not apply"
if "$PY" $GEN --check --rdl "$tmp/moved.rdl" >/dev/null 2>"$tmp/err"; then
  bad "RDL with MODE moved: the tree's outputs were reported up to date"
else
  echo "ok: RDL edited (MODE moved) -> stale: $(cat "$tmp/err")"
fi

[ $fail -eq 0 ] && echo "regs_up_to_date: ok"
exit $fail

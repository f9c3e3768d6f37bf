#!/usr/bin/env python3
"""Run a simulation command and check its output contract.

usage: check_result.py [options] -- CMD [ARGS...]
  --expect-fail          the run must exit non-zero (a failing run still prints its RESULT)
  --expect-reject        bad input: exit non-zero and print no RESULT line at all
  --expect-status N      the exit status must be exactly N (e.g. 2 for rejected input)
  --expect-output REGEX  the combined output must match REGEX (re.search, multiline)
  --cond EXPR            a Python expression over the RESULT fields that must be true,
                         e.g. --cond 'probes < 100' (repeatable)
  --save FILE            write the RESULT JSON object to FILE
A normal run must exit 0, print exactly one line starting with 'RESULT ' followed by a JSON
object holding every field of SPEC §8, with mismatches, stale_reads and errors all 0.
"""
import argparse
import json
import re
import subprocess
import sys

REQUIRED = ("workload n mode config cycles releases probes probe_lines inv_hits over_inv_lines "
            "tag_lookups inv_cycles hist_entries hist_overflows loads_checked stale_reads "
            "mismatches errors inv_ticks inv_ticks_seq inv_ticks_pipe eager_inv_ticks").split()


FIRST = re.compile(r"^(MISMATCH at cycle|STALE READ|COHERENCE ERROR|LOST WRITE|ERROR at cycle|"
                   r"%Error|.*[Aa]ssertion failed)")


def first_failure(lines):
    """The first failure line and the dump that follows it (the last transactions of a
    MISMATCH), at most 60 lines: kept in the log even when the run goes on long after it."""
    for i, ln in enumerate(lines):
        if FIRST.match(ln):
            block = [ln]
            for nxt in lines[i + 1:i + 60]:
                if not nxt.strip():
                    break
                block.append(nxt)
            return block
    return []


def fail(msg, out=""):
    if out:
        lines = out.splitlines()
        head = first_failure(lines)
        if head and head[0] not in lines[-25:]:
            print("--- first failure ---")
            print("\n".join(head))
            print("--- last lines ---")
        print("\n".join(lines[-25:]))
    print(f"check_result: FAIL: {msg}")
    sys.exit(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--expect-fail", action="store_true")
    ap.add_argument("--expect-reject", action="store_true")
    ap.add_argument("--expect-output", action="append", default=[])
    ap.add_argument("--expect-status", type=int)
    ap.add_argument("--cond", action="append", default=[])
    ap.add_argument("--save")
    ap.add_argument("--timeout", type=int, default=1800)
    ap.add_argument("cmd", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.cmd[1:] if a.cmd and a.cmd[0] == "--" else a.cmd
    if not cmd:
        fail("no command given")
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       timeout=a.timeout)
    out = p.stdout
    print(f"$ {' '.join(cmd)}\n(exit {p.returncode})")
    if a.expect_status is not None and p.returncode != a.expect_status:
        fail(f"exit status {p.returncode}, expected {a.expect_status}", out)
    for rx in a.expect_output:
        if not re.search(rx, out, re.MULTILINE):
            fail(f"output does not match /{rx}/", out)
    results = [ln for ln in out.splitlines() if ln.startswith("RESULT ")]
    if a.expect_fail or a.expect_reject:
        if p.returncode == 0:
            fail("command succeeded but was expected to fail", out)
        if a.expect_reject and results:
            fail("rejected input must not produce a RESULT line", out)
        if a.expect_fail and len(results) > 1:
            fail("more than one RESULT line", out)
        print("check_result: ok (failed as expected)")
        return
    if p.returncode != 0:
        fail(f"exit status {p.returncode}", out)
    if len(results) != 1:
        fail(f"expected exactly one RESULT line, got {len(results)}", out)
    try:
        r = json.loads(results[0][len("RESULT "):])
    except json.JSONDecodeError as e:
        fail(f"RESULT is not JSON: {e}", out)
    missing = [k for k in REQUIRED if k not in r]
    if missing:
        fail(f"RESULT lacks fields {missing}", out)
    for k in ("mismatches", "stale_reads", "errors"):
        if r[k] != 0:
            fail(f"{k} = {r[k]}", out)
    for c in a.cond:
        if not eval(c, {}, dict(r)):  # noqa: S307 - test conditions written by us
            fail(f"condition failed: {c}  (RESULT {json.dumps(r)})", out)
    if a.save:
        with open(a.save, "w") as f:
            json.dump(r, f)
    print("RESULT " + json.dumps(r))
    print("check_result: ok")


if __name__ == "__main__":
    main()

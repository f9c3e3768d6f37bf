#!/usr/bin/env python3
"""Summary of the cocotb runs: one PASS/FAIL line per test and simulator from each simulator's
JUnit file (written by cocotb), then "N passed, M failed"; exit 1 when a test failed, a file is
missing (the build or the simulator failed: see its log beside it) or a run has no test.

usage: summary.py SIM=results.xml [SIM=results.xml ...]
"""
import os
import re
import sys
import xml.etree.ElementTree as ET


def reasons(log):
    """{test: first AssertionError/exception line} from a cocotb log (JUnit has only the seed)."""
    out, test = {}, None
    if not os.path.isfile(log):
        return out
    for line in open(log, errors="replace"):
        m = re.search(r"cocotb\.regression\s+running (\w+) \(", line)
        if m:
            test = m.group(1)
            continue
        m = re.search(r"\b(\w+(Error|Exception)): (.*)", line)
        if test and test not in out and m and "pytest not found" not in line:
            out[test] = f"{m.group(1)}: {m.group(3).strip()}"
    return out


def main(args):
    if not args or any("=" not in a for a in args):
        sys.exit(__doc__)
    passed = failed = 0
    for arg in args:
        sim, path = arg.split("=", 1)
        log = os.path.splitext(path)[0] + ".log"
        if not os.path.isfile(path):
            print(f"FAIL {sim}: no results file {path} (build or run failed: {log})")
            failed += 1
            continue
        why = reasons(log)
        cases = ET.parse(path).getroot().iter("testcase")
        n = 0
        for tc in cases:
            n += 1
            name = f"{sim}.{tc.get('name')}"
            bad = tc.find("failure") if tc.find("failure") is not None else tc.find("error")
            if bad is not None:
                failed += 1
                msg = why.get(tc.get("name")) or (bad.get("message") or "failed").strip()
                print(f"FAIL {name}: {msg} (log: {log})")
            elif tc.find("skipped") is not None:
                failed += 1
                print(f"FAIL {name}: skipped")
            else:
                passed += 1
                print(f"PASS {name} ({float(tc.get('time', 0)):.2f} s)")
        if n == 0:
            failed += 1
            print(f"FAIL {sim}: {path} holds no test (log: {log})")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

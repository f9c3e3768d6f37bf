#!/usr/bin/env python3
"""Summary of a make regress run: reads DIR/seed_*.log (tools/regress_seed.sh).
usage: regress_summary.py DIR MIN_CYCLES [SEED...]
Prints one line per failing seed (with the command that reproduces it) and the summary line
  "regress: P/N seeds passed, C cycles total (min M), L loads checked, R mid-run resets,
   X mismatches, S stale reads, E errors"
Exit 0 only if every seed passed (exit 0, RESULT with mismatches = stale_reads = errors = 0,
not truncated, cycles >= MIN_CYCLES)."""
import json
import os
import sys


def main():
    d, min_cycles = sys.argv[1], int(sys.argv[2])
    seeds = [int(s) for s in sys.argv[3:]]
    tot = dict(cycles=0, loads_checked=0, mismatches=0, stale_reads=0, errors=0,
               coherence_checked=0, releases=0, probes=0, resets=0, reset_lost_lines=0)
    passed, fails, mincyc, lockstep = 0, [], None, set()
    corners, corner_seeds = {}, {}
    for k in seeds:
        path = os.path.join(d, f"seed_{k}.log")
        try:
            text = open(path).read()
        except OSError:
            fails.append((k, "no log", ""))
            continue
        cmd = next((l[4:] for l in text.splitlines() if l.startswith("CMD ")), "?")
        rc = next((int(l[5:]) for l in text.splitlines() if l.startswith("EXIT ")), None)
        res = [l for l in text.splitlines() if l.startswith("RESULT ")]
        if len(res) != 1:
            fails.append((k, f"no RESULT (exit {rc})", cmd))
            continue
        r = json.loads(res[0][7:])
        lockstep.add(r.get("lockstep"))
        for key in tot:
            tot[key] += r.get(key, 0)
        for name, cnt in r.get("corners", {}).items():
            corners[name] = corners.get(name, 0) + cnt
            corner_seeds[name] = corner_seeds.get(name, 0) + (1 if cnt else 0)
        mincyc = r["cycles"] if mincyc is None else min(mincyc, r["cycles"])
        why = []
        if rc != 0:
            why.append(f"exit {rc}")
        for key in ("mismatches", "stale_reads", "errors"):
            if r[key]:
                why.append(f"{key}={r[key]}")
        if r.get("truncated"):
            why.append("truncated")
        if r["cycles"] < min_cycles:
            why.append(f"cycles {r['cycles']} < {min_cycles}")
        if why:
            fails.append((k, ", ".join(why), cmd))
        else:
            passed += 1
    for k, why, cmd in fails:
        print(f"FAIL seed {k}: {why}\n  reproduce: {cmd}")
    if corners:
        # corner events (tb/corners.h): total count and the number of seeds that reached each
        rows = [f"  {n:32s} {corners[n]:>10d} in {corner_seeds[n]:>4d} seeds" for n in corners]
        table = "\n".join(rows)
        with open(os.path.join(d, "corners.txt"), "w") as f:
            f.write(table + "\n")
        missed = [n for n in corners if corners[n] == 0]
        print("corner events (count, seeds reaching it):\n" + table)
        print("corner events not reached: " + (", ".join(missed) if missed else "none"))
    kind = "lockstep" if lockstep == {True} else "model-alone" if lockstep == {False} else "mixed"
    print(f"regress: {passed}/{len(seeds)} seeds passed ({kind}), {tot['cycles']} cycles total "
          f"(min {mincyc}), {tot['releases']} releases, {tot['probes']} probes, "
          f"{tot['loads_checked']} loads checked, {tot['coherence_checked']} lines "
          f"coherence-checked, {tot['resets']} mid-run resets ({tot['reset_lost_lines']} lines "
          f"lost unwritten data), {tot['mismatches']} mismatches, {tot['stale_reads']} stale reads, "
          f"{tot['errors']} errors")
    sys.exit(0 if passed == len(seeds) and seeds else 1)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The seed-chosen corner runs of tests/corner_seeds.txt: print them, or search new seeds.
The same loader reads tests/lockstep_runs.txt (--table): the named lockstep runs that
tests/cases.sh and the mutation kill-suite (tools/mutate.py) share.

usage: corner_seeds.py list [--arch v2] [--table FILE]
       corner_seeds.py args NAME [--arch v2]     the plusargs (without +quiet)
       corner_seeds.py conds NAME [--arch v2]    '--cond' and EXPR, one per line (bash mapfile)
       corner_seeds.py search NAME [--arch v2] [--seeds 1-300] [--stalls S,S,...]
                       [--bin build/rinv_sim]
  search runs the model alone (--bin) over the seeds (and stalls: default the row's own) and
  prints the first row that reaches every condition, ready to paste into the table. A corner
  reached by the model is reached in lockstep too (the RTL agrees cycle by cycle), which the
  test that uses the row then checks.
tests/cases.sh and tools/mutate.py read the tables through load(); an unknown name, a
malformed row, a duplicate name or a missing arch row is an error naming the table line.
(args, conds and search take --table too.)
"""
import argparse
import json
import os
import re
import subprocess
import sys
from typing import NamedTuple

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = os.path.join(ROOT, "tests", "corner_seeds.txt")
RUNS_TABLE = os.path.join(ROOT, "tests", "lockstep_runs.txt")


class Run(NamedTuple):
    name: str
    binary: str       # "sim" (model alone) or "tb" (lockstep)
    conds: list       # check_result.py --cond expressions
    args: str         # plusargs without +quiet


def load(arch="v2", path=TABLE):
    """name -> Run for one arch (a row of that arch wins over an `any` row)."""
    runs, exact, seen = {}, set(), set()
    with open(path) as f:
        for no, raw in enumerate(f, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            cols = [c.strip() for c in line.split(" | ")]
            if len(cols) != 5 or cols[1] not in ("v1", "v2", "any") \
                    or cols[2] not in ("sim", "tb") or not cols[4].startswith("+"):
                sys.exit(f"{path}:{no}: expected 'name | v1/v2/any | sim/tb | conds | "
                         f"+plusargs', got: {line}")
            name, row_arch, binary, conds, args = cols
            if not conds.strip(" ;") or (conds == "-" and os.path.samefile(path, TABLE)):
                sys.exit(f"{path}:{no}: row '{name}' has no condition (write '-' for a run "
                         "checked by check_result alone; a corner run must check that it "
                         "reaches its corner)")
            if (name, row_arch) in seen:
                sys.exit(f"{path}:{no}: a second '{name}' row for arch {row_arch}")
            seen.add((name, row_arch))
            if row_arch not in (arch, "any") or name in exact:
                continue
            runs[name] = Run(name, binary, [] if conds == "-" else
                             [c.strip() for c in conds.split(";") if c.strip()], args)
            if row_arch == arch:
                exact.add(name)
    return runs


def get(name, arch, path=TABLE):
    runs = load(arch, path)
    if name not in runs:
        sys.exit(f"corner_seeds: no run '{name}' for arch {arch} in {path} "
                 f"(known: {', '.join(sorted(runs))})")
    return runs[name]


def result_of(cmd):
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    for line in out.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[7:])
    return None


def search(run, binary, seeds, stalls):
    for stall in stalls:
        for seed in seeds:
            args = re.sub(r"\+seed=\d+", f"+seed={seed}", run.args)
            if stall is not None:
                args = re.sub(r"\+stall=\d+", f"+stall={stall}", args)
            r = result_of([binary] + args.split() + ["+quiet"])
            if r and all(eval(c, {}, dict(r)) for c in run.conds):  # noqa: S307 - our table
                return args
    return None


def main():
    ap = argparse.ArgumentParser(usage=__doc__)
    ap.add_argument("cmd", choices=("list", "args", "conds", "search"))
    ap.add_argument("name", nargs="?")
    ap.add_argument("--arch", default="v2", choices=("v1", "v2"))
    ap.add_argument("--seeds", default="1-300")
    ap.add_argument("--stalls", default="")
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "rinv_sim"))
    ap.add_argument("--table", default=TABLE)
    a = ap.parse_args()
    if a.cmd == "list":
        for r in load(a.arch, a.table).values():
            print(f"{r.name}: {r.binary} {r.args}  [{'; '.join(r.conds)}]")
        return
    if not a.name:
        sys.exit("corner_seeds: NAME is required")
    run = get(a.name, a.arch, a.table)
    if a.cmd == "args":
        print(run.args)
    elif a.cmd == "conds":
        for c in run.conds:
            print("--cond")
            print(c)
    else:
        lo, _, hi = a.seeds.partition("-")
        seeds = range(int(lo), int(hi or lo) + 1)
        stalls = [int(s) for s in a.stalls.split(",")] if a.stalls else [None]
        if not os.access(a.bin, os.X_OK):
            sys.exit(f"corner_seeds: {a.bin} is not an executable (make sim)")
        found = search(run, a.bin, seeds, stalls)
        if not found:
            sys.exit(f"corner_seeds: {run.name}: no seed in {a.seeds} (stalls "
                     f"{a.stalls or 'as in the table'}) reaches {'; '.join(run.conds)}")
        print(f"{run.name} | {a.arch} | {run.binary} | {'; '.join(run.conds)} | {found}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Simulation speed: the same workload (the issue's: square, n=20000, merge, default gem5
configuration; the first-round program, +prog=v1) on tb_dir in lockstep (RTL + checker
model: the checked build, assertions and tracing compiled in), on tb_dir_fast in lockstep
(the fast build: neither), on tb_dir_fast +no_model (RTL alone) and on rinv_sim (C model
alone). Reports simulated cycles per CPU second of the whole process (user + sys, best of
--reps runs; the wall clock is shown beside it, but these machines are shared, so the figures
use CPU time) and writes them into the BENCH markers
of docs/RESULTS.md. Usage:
  python3 sim/bench.py [--sim build/rinv_sim] [--tb ./tb_dir] [--tb-fast ./tb_dir_fast]
                       [--reps 3] [--md docs/RESULTS.md]
"""
import argparse
import json
import os
import re
import resource
import subprocess
import time

from simbin import resolve

# +prog=v1: the program every earlier figure of docs/RESULTS.md "Simulation speed" ran (the
# default was v1 until 2026-11-27), so the speed stays comparable across sessions
WORKLOAD = ["+workload=square", "+n=20000", "+mode=merge", "+prog=v1", "+quiet"]


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def measure(cmd, reps):
    walls, cpus, cycles = [], [], None
    for _ in range(reps):
        t0, c0 = time.perf_counter(), child_cpu()
        p = subprocess.run(cmd, capture_output=True, text=True)
        walls.append(time.perf_counter() - t0)
        cpus.append(child_cpu() - c0)
        res = [json.loads(l[7:]) for l in p.stdout.splitlines() if l.startswith("RESULT ")]
        if p.returncode != 0 or not res:
            raise SystemExit(f"bench run failed: {' '.join(cmd)}\n{p.stdout[-1000:]}")
        cycles = res[0]["cycles"]
    w, c = min(walls), min(cpus)
    return cycles, w, c, cycles / max(c, 1e-6)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sim", default="build/rinv_sim")
    ap.add_argument("--tb", default="./tb_dir")
    ap.add_argument("--tb-fast", default="./tb_dir_fast")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--md", default="")
    a = ap.parse_args()
    a.sim = resolve(a.sim, "make sim")
    a.tb = resolve(a.tb, "make verilate")
    a.tb_fast = resolve(a.tb_fast, "make verilate PROFILE=fast")
    rows = [("lockstep, checked build (tb_dir: RTL + checker model)", [a.tb] + WORKLOAD),
            ("lockstep, fast build (tb_dir_fast: no assertions, no tracing)",
             [a.tb_fast] + WORKLOAD),
            ("RTL alone (tb_dir_fast +no_model)", [a.tb_fast, "+no_model"] + WORKLOAD),
            ("C model alone (rinv_sim)", [a.sim] + WORKLOAD)]
    res = []
    for name, cmd in rows:
        c, w, cpu, cps = measure(cmd, a.reps)
        shown = " ".join([os.path.relpath(cmd[0])] + cmd[1:])
        res.append((name, shown, c, w, cpu, cps))
        print(f"{name:40s} {c:>9d} cycles {cpu:8.3f} s CPU {w:8.3f} s wall "
              f"{cps:12,.0f} cycles/CPU-s", flush=True)
    ls, ls_fast, rtl, mod = (r[5] for r in res)
    lines = [f"Workload `{' '.join(WORKLOAD[:-1])}` (default configuration, gem5), best of "
             f"{a.reps} runs each (user + sys CPU time of the whole process, including program "
             f"generation; wall clock for reference; the machine was shared with other jobs):",
             "",
             "| backend | command | cycles | CPU s | wall s | cycles per CPU-s |",
             "|---|---|---|---|---|---|"]
    for name, cmd, c, w, cpu, cps in res:
        lines.append(f"| {name} | `{cmd}` | {c:,} | {cpu:.3f} | {w:.3f} | {cps:,.0f} |")
    lines += ["", f"- model alone vs lockstep (checked build): **{mod / ls:.1f}x** faster",
              f"- model alone vs RTL alone: **{mod / rtl:.1f}x** faster",
              f"- fast build vs checked build, lockstep: {ls_fast / ls:.2f}x (assertions and "
              f"trace hooks)",
              f"- RTL alone vs lockstep (fast build): {rtl / ls_fast:.2f}x (the cost of the "
              f"checker model and the per-cycle comparison)", ""]
    text = "\n".join(lines)
    print(text)
    if a.md:
        md = open(a.md).read()
        md = re.sub(r"(<!-- BEGIN BENCH -->\n).*?(<!-- END BENCH -->)",
                    lambda m: m.group(1) + text + m.group(2), md, flags=re.S)
        open(a.md, "w").write(md)
        print("updated", a.md)


if __name__ == "__main__":
    main()

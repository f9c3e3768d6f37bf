#!/usr/bin/env python3
"""Sweep runner: every size of SPEC section 10 for every mode, on the standalone C model
(fast) and, for the sizes listed in LOCKSTEP_MAX, on the RTL in lockstep (tb_dir).

Writes sim/results/model.csv and sim/results/lockstep.csv (one row per workload, n, mode),
with a progress display on stderr. Usage:
  python3 sim/sweep.py [--sim build/rinv_sim] [--tb ./tb_dir] [--jobs 2] [--no-lockstep]
                       [--only square] [--out sim/results]
"""
import argparse
import concurrent.futures as cf
import csv
import json
import os
import subprocess
import sys
import time

from simbin import resolve

SIZES = {
    "square": [200, 2000, 20000, 40000, 100000, 200000, 300000],
    "2dshfl": [4, 8, 16, 20, 30, 40, 50],
    "matrixtranspose": [16, 32, 64, 128, 256, 384, 512],
}
# Largest size run in lockstep (RTL + model) per workload: the RTL runs at a few ten
# thousand cycles per second, so only these stay within minutes.
LOCKSTEP_MAX = {"square": 20000, "2dshfl": 50, "matrixtranspose": 128}
MODES = ["line", "run", "merge"]
FIELDS = ["workload", "n", "mode", "backend", "cycles", "releases", "probes", "probe_lines",
          "inv_hits", "over_inv_lines", "tag_lookups", "inv_cycles", "hist_entries",
          "hist_overflows", "eager_probes", "eager_rdblkm", "eager_wt", "eager_rdblk",
          "owner_probes", "owner_transfers", "loads_checked", "stale_reads", "mismatches",
          "errors", "loads_xcu", "gpu_insts", "gpu_lane_ops", "gpu_line_reqs", "tcp_hits",
          "tcc_arb_waits", "gpu_probe_waits", "tcp_kinv", "eager_to_cpu", "eager_to_gpu",
          # gem5 ticks (docs/ARCHITECTURE_v3_gpu_frontend.md §15)
          "inv_ticks", "inv_ticks_seq", "inv_ticks_pipe", "eager_inv_ticks", "wall_s"]


def run_result(cmd):
    """Runs one simulator command: (the last RESULT line's dict, exit status, wall seconds).
    RuntimeError naming the command if it printed no RESULT line (also used by sim/sens.py)."""
    t0 = time.time()
    p = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.time() - t0
    res = None
    for line in p.stdout.splitlines():
        if line.startswith("RESULT "):
            res = json.loads(line[7:])
    if res is None:
        raise RuntimeError(f"no RESULT from {' '.join(cmd)} (exit {p.returncode}):\n"
                           + p.stdout[-2000:] + p.stderr[-2000:])
    return res, p.returncode, wall


def run_one(binary, backend, wl, n, mode, extra):
    cmd = [binary, f"+workload={wl}", f"+n={n}", f"+mode={mode}", "+quiet"] + extra
    res, rc, wall = run_result(cmd)
    row = {k: res.get(k, "") for k in FIELDS}
    row.update(workload=wl, n=n, mode=mode, backend=backend, wall_s=f"{wall:.2f}")
    row["_rc"] = rc
    return row


def sweep(binary, backend, jobs, sizes, extra, out_csv):
    tasks = [(wl, n, m) for wl in sizes for n in sizes[wl] for m in MODES]
    # biggest first so that the pool stays busy
    cost = {"square": 1.0, "2dshfl": 1.0, "matrixtranspose": 1.2}
    tasks.sort(key=lambda t: -(t[1] if t[0] == "square" else t[1] * t[1]) * cost[t[0]])
    rows, failed = [], 0
    t0 = time.time()
    with cf.ThreadPoolExecutor(max_workers=jobs) as ex:
        futs = {ex.submit(run_one, binary, backend, wl, n, m, extra): (wl, n, m)
                for wl, n, m in tasks}
        for k, f in enumerate(cf.as_completed(futs), 1):
            wl, n, m = futs[f]
            try:
                r = f.result()
            except RuntimeError as e:
                print(f"\n{e}", file=sys.stderr)
                failed += 1
                continue
            bad = r["_rc"] != 0
            failed += bad
            rows.append(r)
            print(f"[{backend} {k:3d}/{len(tasks)}] {wl:15s} n={n:<6d} {m:5s} "
                  f"probes={r['probes']:<6} eager={r['eager_probes']:<6} "
                  f"cycles={r['cycles']:<9} {r['wall_s']:>6}s "
                  f"{'FAIL' if bad else 'ok'}  (elapsed {time.time() - t0:.0f}s)",
                  file=sys.stderr, flush=True)
    order = {wl: i for i, wl in enumerate(SIZES)}
    rows.sort(key=lambda r: (order[r["workload"]], r["n"], MODES.index(r["mode"])))
    with open(out_csv, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS, extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
    print(f"{backend}: {len(rows)} runs, {failed} failed -> {out_csv}", file=sys.stderr)
    return rows, failed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sim", default="build/rinv_sim")
    ap.add_argument("--tb", default="./tb_dir")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--no-lockstep", action="store_true")
    ap.add_argument("--only", default="", help="comma-separated workloads")
    ap.add_argument("--out", default="sim/results")
    ap.add_argument("--plusargs", default="",
                    help="extra plusargs for every run, space-separated (e.g. '+prog=upstream')")
    a = ap.parse_args()
    extra = a.plusargs.split()
    bad = [x for x in extra if not x.startswith("+")]
    if bad:
        sys.exit(f"sweep.py: --plusargs: '{bad[0]}' is not a plusarg (+name or +name=value)")
    a.sim = resolve(a.sim, "make sim")
    if not getattr(a, "no_lockstep", False):
        a.tb = resolve(a.tb, "make verilate")
    os.makedirs(a.out, exist_ok=True)
    only = [w for w in a.only.split(",") if w]
    sizes = {w: s for w, s in SIZES.items() if not only or w in only}
    _, f1 = sweep(a.sim, "model", a.jobs, sizes, extra, os.path.join(a.out, "model.csv"))
    f2 = 0
    if not a.no_lockstep:
        ls = {w: [n for n in s if n <= LOCKSTEP_MAX[w]] for w, s in sizes.items()}
        print("lockstep (RTL + model) sizes: " +
              ", ".join(f"{w} n<={LOCKSTEP_MAX[w]}" for w in ls), file=sys.stderr)
        rows, f2 = sweep(a.tb, "lockstep", a.jobs, ls, extra,
                         os.path.join(a.out, "lockstep.csv"))
        # the standalone model must give the same statistics as the lockstep run
        model = {(r["workload"], str(r["n"]), r["mode"]): r
                 for r in csv.DictReader(open(os.path.join(a.out, "model.csv")))}
        keys = ["cycles", "probes", "probe_lines", "inv_hits", "inv_cycles", "hist_entries",
                "eager_probes", "owner_probes", "inv_ticks_seq", "inv_ticks_pipe",
                "eager_inv_ticks"]
        for r in rows:
            m = model.get((r["workload"], str(r["n"]), r["mode"]))
            d = [k for k in keys if m is None or str(m[k]) != str(r[k])]
            if d:
                f2 += 1
                print(f"DIFF model vs lockstep {r['workload']} n={r['n']} {r['mode']}: {d}",
                      file=sys.stderr)
    sys.exit(1 if f1 or f2 else 0)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Sensitivity sweep of the run count to the GPU front end (docs/RESULTS.md "Sensitivity of the
run count to the front end"; issue 11, item 6).

Runs the standalone model (build/rinv_sim, +mode=run, configuration gem5, the default
+prog=upstream) over the grid +p.tcp_mshrs=M (M in 1 2 4 8 16 64 256) x +waves_per_cu=W (W in
1 4 16) for every row (square n=20000, square n=200000, matrixtranspose n=128, 2dshfl n=50)
and writes OUT/sens.csv, one line per run. Fails (exit 1, naming each failed run's command) if
a run exits non-zero, prints no RESULT line, or has stale_reads, mismatches or errors != 0;
then no CSV is written, so a failed sweep never replaces the committed results. sim/plot.py
draws docs/plots/sensitivity.svg and the generated table of docs/RESULTS.md from the CSV (make
sens runs both). Usage:
  python3 sim/sens.py [--sim build/rinv_sim] [--jobs 2] [--out sim/results] [--quick]
--quick runs only the square n=20000 row (21 runs; test sens_quick).
"""
import argparse
import concurrent.futures as cf
import csv
import os
import sys
import time

from simbin import resolve
from sweep import run_result

# (workload, n) of each row, in table order; the thesis' proposed count of each is
# sim/plot.py's THESIS[workload][n][1] (SPEC section 10)
ROWS = [("square", 20000), ("square", 200000), ("matrixtranspose", 128), ("2dshfl", 50)]
MSHRS = [1, 2, 4, 8, 16, 64, 256]
WAVES = [1, 4, 16]
# every run: the model's run mode on the default program (+prog=upstream, the HIP samples as
# upstream), no progress line, only the RESULT line
COMMON = ["+mode=run", "+progress=0", "+quiet"]
# the CSV's columns: the grid point, then RESULT fields by their RESULT names
GRID = ["workload", "n", "tcp_mshrs", "waves_per_cu"]
RESULT_FIELDS = ["probes", "probe_lines", "tcp_mshr_max", "inv_ticks_seq", "inv_ticks_pipe",
                 "eager_inv_ticks", "cycles", "stale_reads", "mismatches", "errors"]
FIELDS = GRID + RESULT_FIELDS
# a run fails if any of these is not 0
MUST_BE_ZERO = ["stale_reads", "mismatches", "errors"]


def command(sim, wl, n, mshrs, waves):
    return [sim, f"+workload={wl}", f"+n={n}", f"+p.tcp_mshrs={mshrs}",
            f"+waves_per_cu={waves}"] + COMMON


def run_point(sim, wl, n, mshrs, waves):
    """One grid point: (CSV row, list of problems; empty = the run passed)."""
    cmd = command(sim, wl, n, mshrs, waves)
    try:
        res, rc, wall = run_result(cmd)
    except RuntimeError as e:
        return None, [str(e)]
    probs = [] if rc == 0 else [f"exit status {rc}"]
    missing = [k for k in RESULT_FIELDS if k not in res]
    if missing:
        probs.append(f"RESULT has no field {', '.join(missing)}")
    probs += [f"{k} = {res[k]}" for k in MUST_BE_ZERO if res.get(k, 0) != 0]
    if isinstance(res.get("tcp_mshr_max"), int) and res["tcp_mshr_max"] > mshrs:
        probs.append(f"tcp_mshr_max = {res['tcp_mshr_max']} > +p.tcp_mshrs={mshrs} "
                     "(the parameter was not applied)")
    row = dict(zip(GRID, (wl, n, mshrs, waves)))
    row.update({k: res.get(k, "") for k in RESULT_FIELDS})
    row["_wall"] = wall
    return row, probs


def grid(quick):
    rows = ROWS[:1] if quick else ROWS
    return [(wl, n, m, w) for wl, n in rows for m in MSHRS for w in WAVES]


def sweep(sim, jobs, points):
    """Runs every point; (rows in grid order, [(command, problems)] of the failed runs)."""
    rows, failed = {}, []
    t0 = time.time()
    # biggest first (square n=200000 is ten times square n=20000) so that the pool stays busy
    order = sorted(points, key=lambda p: -p[1] if p[0] == "square" else -p[1] * p[1])
    with cf.ThreadPoolExecutor(max_workers=jobs) as ex:
        futs = {ex.submit(run_point, sim, *p): p for p in order}
        for k, f in enumerate(cf.as_completed(futs), 1):
            p = futs[f]
            row, probs = f.result()
            if probs:
                failed.append((" ".join(command(sim, *p)), probs))
            if row is not None:
                rows[p] = row
            wl, n, m, w = p
            got = f"probes={row['probes']:<6} {row['_wall']:6.2f}s" if row else "no RESULT"
            print(f"[sens {k:3d}/{len(points)}] {wl:15s} n={n:<6d} tcp_mshrs={m:<3d} "
                  f"waves_per_cu={w:<2d} {got} {'FAIL' if probs else 'ok'} "
                  f"(elapsed {time.time() - t0:.0f}s)", file=sys.stderr, flush=True)
    failed.sort()
    return [rows[p] for p in points if p in rows], failed


def write_csv(path, rows):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS, extrasaction="ignore", lineterminator="\n")
        w.writeheader()
        w.writerows(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sim", default="build/rinv_sim", help="the model binary (make sim)")
    ap.add_argument("--jobs", type=int, default=2, help="runs in parallel")
    ap.add_argument("--out", default="sim/results", help="directory of sens.csv")
    ap.add_argument("--quick", action="store_true",
                    help="only the square n=20000 row (21 runs)")
    a = ap.parse_args()
    if a.jobs < 1:
        sys.exit(f"sens.py: --jobs {a.jobs}: needs at least 1")
    sim = resolve(a.sim, "make sim")
    points = grid(a.quick)
    rows, failed = sweep(sim, a.jobs, points)
    if failed:
        for cmd, probs in failed:
            print(f"FAILED RUN: {cmd}: {'; '.join(probs)}", file=sys.stderr)
        print(f"sens: {len(failed)} of {len(points)} runs failed; no CSV written",
              file=sys.stderr)
        sys.exit(1)
    os.makedirs(a.out, exist_ok=True)
    out = os.path.join(a.out, "sens.csv")
    write_csv(out, rows)
    print(f"sens: {len(rows)} runs, 0 failed -> {out}", file=sys.stderr)


if __name__ == "__main__":
    main()

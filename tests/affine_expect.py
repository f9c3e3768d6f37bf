#!/usr/bin/env python3
"""Closed-form cross-check of the affine-kernel generator (docs/TRACE.md section 5).

Runs BINARY +workload=aos_update|stencil with the given layout in mode merge with a probe
log and in mode line, and compares, per releasing side, the lines written and the maximal
runs of written lines (the merge-mode probes, no table overflow) with the closed forms
below, and hist_entries with their sum. Usage:
  affine_expect.py BINARY OUTDIR WORKLOAD N LAYOUT FIELDS ESIZE
"""
import csv
import json
import subprocess
import sys

LINE = 64
ALIGN = 4096


def stride_lines(n, s):
    """Lines holding elements at byte offsets i*s, i < n (line-aligned base, e <= s)."""
    return (n - 1) * s // LINE + 1 if s <= LINE else n


def stride_runs(n, s):
    """Maximal runs of consecutive lines among them."""
    if s <= LINE:
        return 1
    if s < 2 * LINE:  # line steps are 1 or 2; the steps of 2 start a new run
        return (n - 1) * s // LINE - n + 2
    return n


def record_size(layout, fields, e):
    rec = fields * e
    if layout == "aosa":
        rec = 1 << (rec - 1).bit_length()
    return rec


def expected(wl, n, layout, fields, e):
    """{side: (lines, runs)} written by the CPU (side cpu) and by the kernel (side gpu)."""
    if wl == "aos_update":
        # CPU writes fields 0 and 1 of every element; the kernel writes field 0.
        if layout == "soa":
            per = -(-n * e // LINE)
            adjacent = (n * e) % ALIGN == 0
            return {"cpu": (2 * per, 1 if adjacent else 2), "gpu": (per, 1)}
        s = record_size(layout, fields, e)
        if s <= LINE:
            cpu = (((n - 1) * s + 2 * e - 1) // LINE + 1, 1)
        else:  # s a multiple of 32 and 2e <= 32: fields 0 and 1 share a line
            cpu = (n, stride_runs(n, s))
        return {"cpu": cpu, "gpu": (stride_lines(n, s), stride_runs(n, s))}
    # stencil, SoA: CPU writes all of field 0 (W*W elements); the kernel writes field 1 at
    # idx = y*W + x, 1 <= x, y <= W-2: every line between the first and the last (the
    # two-element gaps between rows never cover a whole line).
    assert layout == "soa"
    w = n
    cpu_lines = -(-w * w * e // LINE)
    first, last = (w + 1) * e // LINE, ((w - 2) * w + w - 2) * e // LINE
    return {"cpu": (cpu_lines, 1), "gpu": (last - first + 1, 1)}


def run(binary, args):
    p = subprocess.run([binary] + args + ["+quiet"], capture_output=True, text=True)
    res = [json.loads(l[7:]) for l in p.stdout.splitlines() if l.startswith("RESULT ")]
    if p.returncode != 0 or len(res) != 1:
        sys.exit(f"run failed: {binary} {' '.join(args)}\n{p.stdout[-1500:]}{p.stderr[-1500:]}")
    return res[0]


def main():
    binary, out, wl, n, layout, fields, e = sys.argv[1:8]
    n, fields, e = int(n), int(fields), int(e)
    common = [f"+workload={wl}", f"+n={n}", f"+layout={layout}", f"+fields={fields}",
              f"+esize={e}"]
    log = f"{out}/affine_{wl}_{layout}_{n}.csv"
    merge = run(binary, common + ["+mode=merge", f"+probe_log={log}"])
    line = run(binary, common + ["+mode=line"])
    exp = expected(wl, n, layout, fields, e)
    got = {"cpu": [0, 0], "gpu": [0, 0]}
    for r in csv.DictReader(open(log)):
        got[r["src"]][0] += int(r["n_lines"])
        got[r["src"]][1] += 1
    got = {k: tuple(v) for k, v in got.items()}
    tot_lines = exp["cpu"][0] + exp["gpu"][0]
    print(f"expected (lines, runs) {exp}; merge-mode probe log {got}; hist_entries "
          f"{merge['hist_entries']} (expected {tot_lines}); line-mode probes {line['probes']}; "
          f"hist_overflows {merge['hist_overflows']}, over_inv_lines {merge['over_inv_lines']}")
    ok = (got == exp and merge["hist_entries"] == tot_lines and line["probes"] == tot_lines
          and merge["probes"] == exp["cpu"][1] + exp["gpu"][1]
          and merge["over_inv_lines"] == 0 and merge["hist_overflows"] == 0)
    print("OK" if ok else "MISMATCH with the closed form")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()

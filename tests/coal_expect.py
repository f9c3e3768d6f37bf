#!/usr/bin/env python3
"""Independent check of the GPU front end's coalescing counts (docs/ARCHITECTURE_v3_gpu_frontend.md
§4.2, §11) from the program alone, without the design's timing.

  coal_expect.py BINARY [PLUSARG ...]

Runs BINARY with the plusargs and +dump_trace, reads the dumped program back, and works out,
per GPU port in file order, what the coalescer must count whatever the timing:
  gpu_lane_ops   every GPU ld/st record;
  gpu_insts      every GPU record without `more` (the last lane op of an instruction);
  gpu_line_reqs  per instruction piece, the number of distinct lines of its lane ops;
  coal_splits    pieces closed without the instruction's last lane op, because the line
                 table filled (coal_lines lines) or the piece reached wave_size lane ops.
coal_lines and wave_size are read from sim/params.json for the binary's configuration
(+config=, default gem5) unless given as +p.coal_lines= / +p.wave_size=. Prints the four
pairs and exits 1 when any differs or the run itself failed (no RESULT, or a non-zero exit).
"""
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def expected(path, coal_lines, wave_size):
    exp = {"gpu_lane_ops": 0, "gpu_insts": 0, "gpu_line_reqs": 0, "coal_splits": 0}
    piece = {}  # port -> [list of distinct lines, lane ops]
    with open(path) as f:
        for raw in f:
            w = raw.split("#", 1)[0].split()
            if len(w) < 3 or not w[0].startswith("gpu.") or w[1] not in ("ld", "st"):
                continue
            port = w[0]
            line = int(w[2], 0) >> 6
            last = w[-1] != "more"
            exp["gpu_lane_ops"] += 1
            exp["gpu_insts"] += last
            lines, nlane = piece.get(port, ([], 0))
            if line not in lines:
                lines.append(line)
            nlane += 1
            # a piece closes at its last lane op, at wave_size lane ops, or when its line
            # table is full (coal_lines lines); a close without the last lane op is a split
            if last or nlane == wave_size or len(lines) == coal_lines:
                exp["gpu_line_reqs"] += len(lines)
                exp["coal_splits"] += (not last)
                lines, nlane = [], 0
            piece[port] = (lines, nlane)
    return exp


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary, args = sys.argv[1], sys.argv[2:]
    cfg = "gem5"
    over = {}
    for a in args:
        m = re.match(r"\+config=(\w+)$", a)
        if m:
            cfg = m.group(1)
        m = re.match(r"\+p\.(coal_lines|wave_size)=(\d+)$", a)
        if m:
            over[m.group(1)] = int(m.group(2))
    with open(os.path.join(ROOT, "sim", "params.json")) as f:
        params = json.load(f)
    c = params["config"][cfg]
    coal_lines = over.get("coal_lines", c["coal_lines"])
    wave_size = over.get("wave_size", c["wave_size"])
    with tempfile.TemporaryDirectory() as d:
        tr = os.path.join(d, "prog.trace")
        p = subprocess.run([binary] + args + [f"+dump_trace={tr}", "+quiet"],
                           capture_output=True, text=True)
        res = None
        for line in p.stdout.splitlines():
            if line.startswith("RESULT "):
                res = json.loads(line[7:])
        if res is None or p.returncode != 0:
            print(p.stdout[-3000:], p.stderr[-2000:])
            sys.exit(f"coal_expect: {binary} failed (exit {p.returncode})")
        exp = expected(tr, coal_lines, wave_size)
    bad = 0
    for k, v in exp.items():
        ok = res.get(k) == v
        bad += not ok
        print(f"{'ok ' if ok else 'BAD'} {k}: design {res.get(k)}, from the program {v}")
    lpi = exp["gpu_line_reqs"] / exp["gpu_insts"] if exp["gpu_insts"] else 0.0
    print(f"lines per instruction {lpi:.3f} (coal_lines {coal_lines}, wave_size {wave_size})")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()

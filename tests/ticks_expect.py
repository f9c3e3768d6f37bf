#!/usr/bin/env python3
"""Independent check of the tick statistics (docs/ARCHITECTURE_v3_gpu_frontend.md §15) from
the probe log, the contract's formulas and the parameters of sim/params.json.

  ticks_expect.py BINARY OUTDIR [--all-probe] [PLUSARG ...]

Runs BINARY +mode=run and +mode=line (square n=2000 unless the plusargs say otherwise) with
+probe_log, and recomputes from the CSV rows (one per probe, written at its ack, with the
probe's `cycle` and its `ack_cycle`) and RESULT's eager_to_cpu / eager_to_gpu:
  inv_ticks_seq   = sum of msg(t) + n tags(t) period(t)   (n = 2^26: sets(t) period(t))
  inv_ticks_pipe  = sum of msg(t) + (ack - max(acc, previous ack of side t)) period(t)
  eager_inv_ticks = eager_to_cpu msg(0) + eager_to_gpu msg(1)
and wants RESULT's figures. Then: +walk=seq runs the same probes, cycles and log as
+walk=addr, says walk "seq" and reports inv_ticks = inv_ticks_seq (+walk=addr:
inv_ticks = inv_ticks_pipe); +p.tick_resp_cpu=0 lowers eager_inv_ticks by
eager_to_cpu x 120 x 500 exactly as the formula says. Without plusargs it also runs the
default demonstration: its RESULT totals are the sums of its modes. --all-probe: the run
and line logs must hold an all-probe (n = 2^26, a history overflow), charged as the set walk
sets(t) period(t). Exits 1 on any difference.
"""
import csv
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FAILS = []


def check(what, got, want):
    ok = got == want
    print(f"{'ok  ' if ok else 'FAIL'} {what}: got {got}, want {want}")
    if not ok:
        FAILS.append(what)


def run(binary, args):
    p = subprocess.run([binary] + args + ["+quiet"], capture_output=True, text=True)
    res = [ln for ln in p.stdout.splitlines() if ln.startswith("RESULT ")]
    if p.returncode != 0 or len(res) != 1:
        print(p.stdout[-3000:], p.stderr[-2000:])
        sys.exit(f"FAIL: {binary} {' '.join(args)}: exit {p.returncode}, {len(res)} RESULT lines")
    return json.loads(res[0][len("RESULT "):])


def params(args):
    """The configuration's values from sim/params.json with the +p. overrides of args."""
    cfgs = json.load(open(os.path.join(ROOT, "sim", "params.json")))
    common = cfgs["common"]
    name = next((a.split("=", 1)[1] for a in args if a.startswith("+config=")), "gem5")
    c = dict(cfgs["config"][name])
    for a in args:
        if a.startswith("+p."):
            k, v = a[3:].split("=", 1)
            c[k] = int(v, 0)
    return c, common


def formulas(c, common):
    """msg(t), tags(t) and period(t) of §15."""
    period = (c["tick_ruby"], c["tick_gpu"])
    net = (c["tick_dir_probe"] + 2 * c["tick_net_hops"] * c["tick_link"]) * c["tick_ruby"]
    msg = (net + c["tick_resp_cpu"] * c["tick_ruby"], net + c["tick_resp_gpu"] * c["tick_gpu"])
    tags = (c["cpu_l2_lat"] + common["n_cpu_l1"] * c["cpu_l1_lat"],
            c["gpu_l2_lat"] + common["n_gpu_l1"] * c["gpu_l1_lat"])
    # the all-probe (n = 2^26) is charged as a walk over every set of the side's arrays
    sets = (c["cpu_l2_sets"] * c["cpu_l2_lat"] + common["n_cpu_l1"] * c["cpu_l1_sets"]
            * c["cpu_l1_lat"], c["gpu_l2_sets"] * c["gpu_l2_lat"] + common["n_gpu_l1"]
            * c["gpu_l1_sets"] * c["gpu_l1_lat"])
    return msg, tags, period, sets, 1 << common["line_w"]


def expect(rows, r, c, common):
    msg, tags, period, sets, all_n = formulas(c, common)
    seq = pipe = overlaps = 0
    prev = [0, 0]
    for row in rows:  # file order = ack order; per side the acks come in probe order
        t = 0 if row["dst"] == "cpu" else 1
        acc, ack, n = int(row["cycle"]), int(row["ack_cycle"]), int(row["n_lines"])
        overlaps += acc < prev[t]
        seq += msg[t] + (sets[t] if n == all_n else n * tags[t]) * period[t]
        pipe += msg[t] + (ack - max(acc, prev[t])) * period[t]
        prev[t] = ack
    eager = r["eager_to_cpu"] * msg[0] + r["eager_to_gpu"] * msg[1]
    alls = sum(int(row["n_lines"]) == all_n for row in rows)
    return seq, pipe, eager, overlaps, alls


def one(binary, out, tag, args):
    log = os.path.join(out, f"ticks_{tag}.csv")
    r = run(binary, args + [f"+probe_log={log}"])
    with open(log) as f:
        rows = list(csv.DictReader(f))
    c, common = params(args)
    seq, pipe, eager, overlaps, alls = expect(rows, r, c, common)
    print(f"{tag}: {len(rows)} probes ({alls} all-probes), {overlaps} accepted before the "
          "previous ack of their side")
    check(f"{tag}: probe log rows = probes", len(rows), r["probes"])
    check(f"{tag}: inv_ticks_seq", r["inv_ticks_seq"], seq)
    check(f"{tag}: inv_ticks_pipe", r["inv_ticks_pipe"], pipe)
    check(f"{tag}: eager_inv_ticks", r["eager_inv_ticks"], eager)
    want_inv = r["inv_ticks_seq"] if r["walk"] == "seq" else r["inv_ticks_pipe"]
    check(f"{tag}: inv_ticks (walk {r['walk']})", r["inv_ticks"], want_inv)
    with open(log) as f:
        text = f.read()
    return r, text, overlaps, alls


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    binary, out, extra = sys.argv[1], sys.argv[2], sys.argv[3:]
    want_all = "--all-probe" in extra  # the run must send an all-probe (a history overflow)
    extra = [a for a in extra if a != "--all-probe"]
    os.makedirs(out, exist_ok=True)
    base = ["+workload=square", "+n=2000"] if not any(
        a.startswith("+workload=") for a in extra) else []
    base += extra
    r_run, log_run, ov_run, all_run = one(binary, out, "run", base + ["+mode=run"])
    _, _, ov_line, all_line = one(binary, out, "line", base + ["+mode=line"])
    if want_all:
        check("--all-probe: the run and line logs hold an all-probe (n = 2^26)",
              all_run > 0 and all_line > 0, True)
    if ov_run + ov_line == 0:  # the v1 design (ARCH=v1) keeps one probe in flight
        print("note: no probe was accepted before the previous ack of its side: the max() of "
              "pipe(t) was not exercised (tests/tb/test_ticks.c covers it)")
    # +walk=seq: the addr walk, charged sequentially
    r_seq, log_seq, _, _ = one(binary, out, "run_seq", base + ["+mode=run", "+walk=seq"])
    check("walk=seq: RESULT walk", r_seq["walk"], "seq")
    check("walk=addr: RESULT walk", r_run["walk"], "addr")
    for k in ("cycles", "probes", "probe_lines", "inv_hits", "inv_cycles", "tag_lookups",
              "inv_ticks_seq", "inv_ticks_pipe", "eager_inv_ticks"):
        check(f"walk=seq vs addr: {k}", r_seq[k], r_run[k])
    check(f"walk=seq vs addr: probe log ({log_run.count(chr(10))} lines) identical",
          log_seq == log_run, True)
    check("walk=seq: inv_ticks = inv_ticks_seq", r_seq["inv_ticks"], r_seq["inv_ticks_seq"])
    check("walk=addr: inv_ticks = inv_ticks_pipe", r_run["inv_ticks"], r_run["inv_ticks_pipe"])
    # +p.tick_resp_cpu=0: every eager CPU probe loses tick_resp_cpu x tick_ruby ticks
    r0, _, _, _ = one(binary, out, "run_resp0", base + ["+mode=run", "+p.tick_resp_cpu=0"])
    c, _ = params(base)
    check("+p.tick_resp_cpu=0: eager_inv_ticks drop",
          r_run["eager_inv_ticks"] - r0["eager_inv_ticks"],
          r_run["eager_to_cpu"] * c["tick_resp_cpu"] * c["tick_ruby"])
    check("+p.tick_resp_cpu=0: eager_to_cpu > 0 (the drop is not vacuous)",
          r_run["eager_to_cpu"] > 0, True)
    check("+p.tick_resp_cpu=0: same cycles", r0["cycles"], r_run["cycles"])
    if not extra:
        # the default demonstration (no plusarg at all): RESULT's totals sum its modes
        p = subprocess.run([binary], capture_output=True, text=True)
        res = [ln for ln in p.stdout.splitlines() if ln.startswith("RESULT ")]
        demo = json.loads(res[0][len("RESULT "):]) if len(res) == 1 else {"modes": []}
        check("demo: three modes", len(demo["modes"]), 3)
        for k in ("inv_ticks", "inv_ticks_seq", "inv_ticks_pipe", "eager_inv_ticks"):
            check(f"demo: total {k} = the sum of its modes", demo.get(k),
                  sum(m[k] for m in demo["modes"]))
        check("demo: the ticks line is printed",
              "gem5 ticks / eager_inv_ticks (v3 §15): seq line" in p.stdout, True)
    if FAILS:
        print(f"{len(FAILS)} checks failed: {', '.join(FAILS)}")
        return 1
    print("all tick checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())

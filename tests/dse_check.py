#!/usr/bin/env python3
"""Checks of the design-space exploration (tests/cases_dse.sh, docs/DSE.md).

  dse_check.py rules SIM        the C check (rinv_sim +p.) and the Python one (sim/dse.py,
                                tools/gen_params.py cfg_rules) accept and reject the same
                                configurations: 60 seeded random ones around gem5 and fpga
  dse_check.py same SIM DIR     +config=fpga +params=FILE holding every gem5 value gives
                                +config=gem5's RESULT (every key reaches the model)
  dse_check.py resume SIM DIR   a sweep killed (SIGKILL) after a few points continues where it
                                stopped and its CSV equals an uninterrupted run's
  dse_check.py point SIM FILE TB_FPGA   make verilate CONFIG=fpga PARAMS=FILE builds the
                                lockstep binary of a small point; a random run on it has 0
                                mismatches, equals the model's run with +params=FILE and differs
                                from TB_FPGA's (the RTL really is at the point)
  dse_check.py confirm SIM DIR  dse.py confirm of a one-point sweep passes, and fails naming
                                the field once the CSV row is altered
Each prints what it checked and exits 1 on a difference."""
import csv
import json
import os
import re
import random
import shutil
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "sim"))
import dse  # noqa: E402


def result(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    res = [ln[7:] for ln in p.stdout.splitlines() if ln.startswith("RESULT ")]
    return p.returncode, (json.loads(res[0]) if res else None), p.stderr


def rules(sim):
    P = dse.load_params()
    rng = random.Random(12)
    choices = {"walk_lanes": [1, 2, 3, 4, 8], "rt_cap": [1, 2, 4, 6, 8, 16, 64, 70000],
               "rt_scan": [1, 2, 3, 4, 16, 32], "cpu_l1_sets": [1, 2, 8, 96, 512],
               "gpu_l2_ways": [1, 3, 16, 32, 512], "gpu_l1_lat": [0, 1, 8, 9],
               "probe_inflight": [0, 1, 8, 9], "rec_cap": [1, 2, 16, 65536],
               "tag_oreg": [0, 1, 2], "max_range": [0, 1, 256, 1 << 27], "hist_cap": [0, 512]}
    bad = seen_ok = seen_bad = 0
    for i in range(60):
        base = rng.choice(["gem5", "fpga"])
        over = {k: rng.choice(v) for k, v in rng.sample(sorted(choices.items()), 2)}
        cfg = dict(P["config"][base], **over)
        why = dse.legal(cfg, P["common"])
        cmd = [sim, f"+config={base}", "+workload=square", "+n=8", "+quiet"]
        cmd += [f"+p.{k}={v}" for k, v in over.items()]
        rc, res, err = result(cmd)
        c_ok = rc == 0 and res is not None
        if c_ok != (why is None):
            bad += 1
            print(f"DIFFER {' '.join(cmd[1:])}: python {why or 'legal'}, C exit {rc} {err.strip()}")
        elif why:
            seen_bad += 1
            key = why.split(" ")[0]
            if key not in err or "must be" not in err:
                bad += 1
                print(f"MESSAGE {' '.join(cmd[1:])}: python '{why}', C '{err.strip()}'")
        else:
            seen_ok += 1
    print(f"{seen_ok} legal and {seen_bad} illegal configurations agree, {bad} differ")
    return bad == 0 and seen_ok > 5 and seen_bad > 5


def same(sim, d):
    P = dse.load_params()
    os.makedirs(d, exist_ok=True)
    f = os.path.join(d, "gem5_values.toml")
    with open(f, "w") as fh:
        fh.write("# every gem5 value, laid over +config=fpga\n[config.fpga]\n")
        fh.writelines(f"{k} = {v}\n" for k, v in P["config"]["gem5"].items() if k != "id")
    ok = True
    for wl in (["+workload=square", "+n=2000", "+mode=merge"],
               ["+workload=aos_update", "+n=512", "+mode=run"]):
        _, a, _ = result([sim, "+config=gem5", "+quiet"] + wl)
        rc, b, err = result([sim, "+config=fpga", f"+params={f}", "+quiet"] + wl)
        if a is None or b is None:
            print(f"no RESULT: {err}")
            return False
        diff = {k for k in a if a[k] != b.get(k)}
        print(f"{' '.join(wl)}: gem5 cycles {a['cycles']}, fpga+gem5 file cycles {b['cycles']}, "
              f"fields differing: {sorted(diff)} (config names: {a['config']} {b['config']})")
        ok &= diff == {"config"} and b["config"] == "fpga+p"
    return ok


SPEC = """# tests/dse_check.py resume: runs long enough (~0.2 s each) to be killed in the middle
[sweep]
base = "fpga"
workloads = ["random:3000"]
modes = ["run", "merge"]
seeds = [1, 2]
[params]
rt_cap = [4, 8, 16, 32]
rt_scan = [2]
"""


def resume(sim, d):
    shutil.rmtree(d, ignore_errors=True)  # an earlier run's points would all be cached
    os.makedirs(d)
    spec = os.path.join(d, "resume.toml")
    with open(spec, "w") as f:
        f.write(SPEC)
    a, b = os.path.join(d, "killed"), os.path.join(d, "whole")
    base = [sys.executable, os.path.join(ROOT, "sim", "dse.py"), "run", spec, "--sim", sim,
            "--jobs", "2"]
    p = subprocess.Popen(base + ["--out", a], stderr=subprocess.DEVNULL)
    pdir = os.path.join(a, "points")
    t0 = time.time()
    while time.time() - t0 < 60:
        n = len(os.listdir(pdir)) if os.path.isdir(pdir) else 0
        if n >= 3 or p.poll() is not None:
            break
        time.sleep(0.02)
    p.send_signal(signal.SIGKILL)
    p.wait()
    kept = len([f for f in os.listdir(pdir) if f.endswith(".json")])
    partial = [f for f in os.listdir(pdir) if not f.endswith(".json")]
    print(f"killed after {kept} of 16 points (temporary files left: {len(partial)})")
    if os.path.exists(os.path.join(a, "results.csv")) or not 0 < kept < 16:
        print("the kill did not land in the middle of the sweep")
        return False
    r = subprocess.run(base + ["--out", a], capture_output=True, text=True)
    print(r.stderr.strip().splitlines()[-2] if r.stderr.strip() else "(no output)")
    cached = f"({kept} cached)" in r.stderr or f"({kept + len(partial)} cached)" in r.stderr
    w = subprocess.run(base + ["--out", b], capture_output=True, text=True)
    with open(os.path.join(a, "results.csv")) as f1, open(os.path.join(b, "results.csv")) as f2:
        equal = f1.read() == f2.read()
    print(f"resumed run reused the {kept} finished points: {cached}; CSV equal to an "
          f"uninterrupted run's: {equal}")
    return r.returncode == 0 and w.returncode == 0 and cached and equal


RANDOM = ["+workload=random", "+seed=3", "+n=4000", "+mode=merge", "+walk=auto", "+stall=15",
          "+quiet"]


def make_point(path):
    """make verilate CONFIG=fpga PARAMS=path as a user types it: (binary or None, seconds)."""
    t0 = time.time()
    p = subprocess.run(["make", "-s", "verilate", "CONFIG=fpga", f"PARAMS={path}"], cwd=ROOT,
                       capture_output=True, text=True)
    dt = time.time() - t0
    m = re.search(r"^make verilate: (\S+/points/fpga-[0-9a-f]{12}/tb_dir): lockstep binary",
                  p.stdout, re.M)
    if p.returncode != 0 or not m:
        print(f"make verilate PARAMS={path}: exit {p.returncode}\n"
              f"{(p.stdout + p.stderr)[-2000:]}")
        return None, dt
    print(m.group(0), f"({dt:.0f} s)")
    return os.path.join(ROOT, m.group(1)), dt


def point(sim, path, tb_fpga):
    binary, _ = make_point(path)
    if not binary:
        return False
    runs = {}
    for name, cmd in (("point", [binary] + RANDOM), ("fpga", [tb_fpga] + RANDOM),
                      ("model", [sim, "+config=fpga", f"+params={path}"] + RANDOM)):
        rc, r, err = result(cmd)
        if rc != 0 or r is None:
            print(f"{' '.join(cmd)}: exit {rc}\n{err[-1500:]}")
            return False
        runs[name] = r
        print(f"{name}: cycles {r['cycles']}, over_inv_lines {r['over_inv_lines']}, "
              f"range_table_full {r['corners']['range_table_full']}, mismatches "
              f"{r['mismatches']}, config {r['config']}, lockstep {r['lockstep']}")
    pt, fp, mo = runs["point"], runs["fpga"], runs["model"]
    same = sorted(k for k in set(pt) | set(mo) if pt.get(k) != mo.get(k))
    print(f"point binary vs model +params: fields differing {same}")
    return (pt["mismatches"] == 0 and pt["lockstep"] is True and pt["config"] == "fpga+p"
            and same == ["lockstep"] and pt["over_inv_lines"] != fp["over_inv_lines"]
            and pt["corners"]["range_table_full"] != fp["corners"]["range_table_full"])


CONFIRM_SPEC = """# tests/dse_check.py confirm: one point, the values of the small point
[sweep]
base = "fpga"
workloads = ["random:1500"]
seeds = [3]
plusargs = ["+stall=15", "+walk=auto"]
[params]
rt_cap = [4]
rt_scan = [2]
cpu_l2_sets = [64]
"""


def confirm(sim, d):
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    spec = os.path.join(d, "one.toml")
    with open(spec, "w") as f:
        f.write(CONFIRM_SPEC)
    dse_py = [sys.executable, os.path.join(ROOT, "sim", "dse.py")]
    out = os.path.join(d, "out")
    r = subprocess.run(dse_py + ["run", spec, "--sim", sim, "--out", out], capture_output=True,
                       text=True)
    with open(os.path.join(out, "results.csv")) as f:
        rows = list(csv.DictReader(f))
    key = rows[0]["key"]
    c = subprocess.run(dse_py + ["confirm", spec, "--key", key, "--out", out],
                       capture_output=True, text=True)
    print(f"sweep: exit {r.returncode}, {len(rows)} row; confirm: exit {c.returncode}\n"
          f"{c.stdout.strip()}\n{c.stderr.strip()[-1500:]}")
    rows[0]["result.cycles"] = str(int(rows[0]["result.cycles"]) + 1)  # a sweep that was wrong
    with open(os.path.join(out, "results.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]), lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    bad = subprocess.run(dse_py + ["confirm", spec, "--key", key, "--out", out],
                         capture_output=True, text=True)
    print(f"altered row: exit {bad.returncode}\n{bad.stderr.strip()[-600:]}")
    return (r.returncode == 0 and c.returncode == 0 and bad.returncode == 1
            and re.search(r"differs from .* in 1 fields:\n  result\.cycles: sweep \(C model\) "
                          r"\d+, lockstep \d+", bad.stderr) is not None)


def main():
    what, sim = sys.argv[1], os.path.abspath(sys.argv[2])
    ok = {"rules": lambda: rules(sim), "same": lambda: same(sim, sys.argv[3]),
          "resume": lambda: resume(sim, sys.argv[3]),
          "point": lambda: point(sim, sys.argv[3], os.path.abspath(sys.argv[4])),
          "confirm": lambda: confirm(sim, sys.argv[3])}[what]()
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

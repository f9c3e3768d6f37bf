#!/usr/bin/env python3
"""Design-space exploration of the C model (docs/DSE.md).

A sweep spec (TOML, sim/dse/*.toml) names a base configuration of params/rinv.toml, lists of
values for any of its parameters (grid or seeded random sampling), workloads, history modes
and seeds. Every point runs `build/rinv_sim +config=BASE +p.NAME=VALUE ... +quiet` once; its
RESULT line becomes one CSV row with every parameter as a column.

  dse.py run SPEC [--out DIR] [--jobs N] [--backend local|slurm] [--tasks N] [--sim BIN]
  dse.py merge SPEC [--out DIR]      collect the Slurm shards (and local points) into the CSV
  dse.py task SPEC --task I --ntasks N [--out DIR] [--sim BIN]   one Slurm array task
  dse.py list SPEC                   the points, one line each, nothing run
  dse.py confirm SPEC --key KEY [--out DIR] [--profile checked|fast] [--tb BIN]
                                     one finished point again in lockstep, at its parameters

Local runs keep one file per finished point (DIR/points/KEY.json, written atomically), so a
killed run continues where it stopped. A Slurm array task writes one file, DIR/shards/
task_I.jsonl, atomically when its share of the points is done. The CSV (DIR/results.csv) is
written last, atomically, in spec order, and holds no wall-clock value, so the local and the
Slurm backends give the same bytes. Bad specs stop with "error: SPEC: ..." and exit 2.

`confirm` writes the point's parameters to DIR/confirm/KEY.toml, builds the lockstep binary
of that point (`make verilate CONFIG=BASE PARAMS=DIR/confirm/KEY.toml`, or uses --tb), runs
the row's workload on it and compares every field of its RESULT line with the row of
DIR/results.csv (all but `lockstep`): exit 0 when they are all equal, 1 naming each difference.
"""
import argparse
import concurrent.futures as cf
import csv
import hashlib
import io
import itertools
import json
import os
import random
import shlex
import signal
import subprocess
import sys
import time
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import gen_params  # noqa: E402  (the legal-range rule table, one source with the C check)

MODES = ("line", "run", "merge")
# plusargs a spec's `plusargs` may not hold: the sweep sets these itself
OWNED = ("+config=", "+p.", "+params=", "+workload=", "+n=", "+mode=", "+seed=", "+quiet")
SPEC_KEYS = {"base", "sampling", "samples", "seed", "workloads", "modes", "seeds", "plusargs",
             "illegal", "plots"}


class SpecError(Exception):
    pass


def load_params():
    with open(os.path.join(ROOT, "sim", "params.json")) as f:
        return json.load(f)


def legal(cfg, common):
    """None if cfg obeys docs/ARCHITECTURE_v2.md §3.1 (gen_params.cfg_rules), else the rule."""
    env = dict(common, **cfg, pow2=gen_params.pow2)
    for key, cond, rng in gen_params.cfg_rules():
        if not eval(cond, {"__builtins__": {}}, env):
            return f"{key} = {cfg[key]}: must be {rng}"
    return None


def load_spec(path):
    """The spec as a dict with its points (list of dicts), or SpecError naming what is wrong."""
    try:
        with open(path, "rb") as f:
            d = tomllib.load(f)
    except OSError as e:
        raise SpecError(f"cannot read: {e.strerror}")
    except tomllib.TOMLDecodeError as e:
        raise SpecError(f"not valid TOML: {e}")
    for k in d:
        if k not in ("sweep", "params"):
            raise SpecError(f"unknown table [{k}] (a spec has [sweep] and [params])")
    sw, pv = d.get("sweep"), d.get("params", {})
    if not isinstance(sw, dict):
        raise SpecError("missing [sweep] table")
    for k in sw:
        if k not in SPEC_KEYS:
            raise SpecError(f"[sweep] unknown key '{k}' (keys: {', '.join(sorted(SPEC_KEYS))})")
    P = load_params()
    base = sw.get("base", "gem5")
    if base not in P["config"]:
        raise SpecError(f"[sweep] base = {base!r}: must be one of {', '.join(P['config'])}")
    keys = [k for k in P["config"][base] if k != "id"]
    for k, v in pv.items():
        if k not in keys:
            raise SpecError(f"[params] unknown parameter '{k}' (parameters of params/rinv.toml: "
                            f"{' '.join(keys)})")
        if (not isinstance(v, list) or not v
                or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 2**32
                           for x in v)):
            raise SpecError(f"[params] {k} = {v!r}: must be a non-empty list of integers "
                            "0..2^32-1")
    wls = []
    for w in sw.get("workloads", ["square:2000"]):
        name, _, n = str(w).partition(":")
        if not name or (n and not n.isdigit()):
            raise SpecError(f"[sweep] workloads: {w!r}: must be NAME or NAME:N")
        wls.append((name, int(n) if n else 0))
    modes = sw.get("modes", ["merge"])
    for m in modes:
        if m not in MODES:
            raise SpecError(f"[sweep] modes: {m!r}: must be one of {', '.join(MODES)}")
    seeds = sw.get("seeds", [1])
    if not seeds or not all(isinstance(s, int) and s >= 0 for s in seeds):
        raise SpecError(f"[sweep] seeds = {seeds!r}: must be a non-empty list of integers >= 0")
    plus = sw.get("plusargs", [])
    for a in plus:
        if not isinstance(a, str) or not a.startswith("+") or a.startswith(OWNED):
            raise SpecError(f"[sweep] plusargs: {a!r}: must be a plusarg the sweep does not set "
                            f"itself ({', '.join(OWNED)})")
    sampling = sw.get("sampling", "grid")
    illegal = sw.get("illegal", "skip")
    if sampling not in ("grid", "random"):
        raise SpecError(f"[sweep] sampling = {sampling!r}: must be grid or random")
    if illegal not in ("skip", "error"):
        raise SpecError(f"[sweep] illegal = {illegal!r}: must be skip or error")
    names = list(pv)
    cfgs, skipped = [], []
    for c in itertools.product(*(pv[k] for k in names)):
        cfg = dict(P["config"][base])
        cfg.update(zip(names, c))
        why = legal(cfg, P["common"])
        if why:
            if illegal == "error":
                raise SpecError(f"point {dict(zip(names, c))} is illegal: {why}")
            skipped.append(why)
            continue
        cfgs.append(cfg)
    if sampling == "random":  # `samples` of the legal combinations, drawn with `seed`
        n = sw.get("samples")
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise SpecError("[sweep] sampling = 'random' needs samples = N (N >= 1)")
        seed = sw.get("seed", 1)
        if not isinstance(seed, int):
            raise SpecError(f"[sweep] seed = {seed!r}: must be an integer")
        cfgs = random.Random(seed).sample(cfgs, min(n, len(cfgs)))
    pts = []
    for cfg, (wl, n), m, s in itertools.product(cfgs, wls, modes, seeds):
        pt = {"base": base, "workload": wl, "n": n, "mode": m, "seed": s,
              "plusargs": " ".join(plus), "params": {k: cfg[k] for k in keys}}
        # a testbench-only key (gen_params.TB_ONLY, the tick statistics) at the base's value is
        # left out of the point's key, so the keys from before those parameters stay the same
        hashed = dict(pt, params={k: v for k, v in pt["params"].items()
                                  if k not in gen_params.TB_ONLY or v != P["config"][base][k]})
        pt["key"] = hashlib.sha1(json.dumps(hashed, sort_keys=True).encode()).hexdigest()[:16]
        pts.append(pt)
    if not pts:
        raise SpecError(f"no legal point ({len(skipped)} skipped; first: "
                        f"{skipped[0] if skipped else '-'})")
    return {"path": path, "keys": keys, "points": pts, "skipped": skipped, "varied": names,
            "plots": sw.get("plots", []), "base": base}


def sim_cmd(sim, pt):
    cmd = [sim, f"+config={pt['base']}", f"+workload={pt['workload']}", f"+mode={pt['mode']}",
           f"+seed={pt['seed']}", "+quiet"]
    if pt["n"]:
        cmd.append(f"+n={pt['n']}")
    base = load_params_cached()["config"][pt["base"]]
    cmd += [f"+p.{k}={v}" for k, v in pt["params"].items() if base[k] != v]
    return cmd + pt["plusargs"].split()


_P = None


def load_params_cached():
    global _P
    if _P is None:
        _P = load_params()
    return _P


def run_point(sim, pt):
    """(point, RESULT dict) or (point, error text)."""
    cmd = sim_cmd(sim, pt)
    p = subprocess.run(cmd, capture_output=True, text=True)
    res = [ln[7:] for ln in p.stdout.splitlines() if ln.startswith("RESULT ")]
    if p.returncode != 0 or len(res) != 1:
        return pt, (f"{shlex.join(cmd)}: exit {p.returncode}, {len(res)} RESULT lines\n"
                    + (p.stderr + p.stdout)[-1500:])
    r = json.loads(res[0])
    for k in ("mismatches", "stale_reads", "errors"):
        if r.get(k):
            return pt, f"{shlex.join(cmd)}: {k} = {r[k]}"
    return pt, r


def write_atomic(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def flat(r):
    out = {}
    for k, v in r.items():
        if isinstance(v, dict):
            out.update({f"{k}.{kk}": vv for kk, vv in v.items()})
        else:
            out[k] = v
    return out


def csv_text(spec, results):
    """The CSV of every point of spec (results: key -> RESULT dict), in spec order."""
    rows, rfields = [], []
    for pt in spec["points"]:
        r = flat(results[pt["key"]])
        for k in r:
            if k not in rfields:
                rfields.append(k)
        row = {"key": pt["key"], "base": pt["base"], "plusargs": pt["plusargs"]}
        row.update(pt["params"])
        row.update({f"result.{k}": v for k, v in r.items()})
        rows.append(row)
    head = ["key", "base"] + spec["keys"] + ["plusargs"] + [f"result.{k}" for k in rfields]
    f = io.StringIO()
    w = csv.DictWriter(f, fieldnames=head, lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    return f.getvalue()


def read_results(out):
    """Every finished point under out: local points/ files and Slurm shards/ files."""
    res = {}
    pdir, sdir = os.path.join(out, "points"), os.path.join(out, "shards")
    if os.path.isdir(pdir):
        for fn in sorted(os.listdir(pdir)):
            if fn.endswith(".json"):
                with open(os.path.join(pdir, fn)) as f:
                    res[fn[:-5]] = json.load(f)
    if os.path.isdir(sdir):
        for fn in sorted(os.listdir(sdir)):
            if fn.endswith(".jsonl"):
                with open(os.path.join(sdir, fn)) as f:
                    for ln in f:
                        d = json.loads(ln)
                        res[d["key"]] = d["result"]
    return res


def write_csv(spec, out, results):
    missing = [p for p in spec["points"] if p["key"] not in results]
    if missing:
        raise SystemExit(f"error: {len(missing)} of {len(spec['points'])} points have no result "
                         f"under {out} (first: {missing[0]['key']} {missing[0]['workload']} "
                         f"{missing[0]['mode']}); run the sweep again to finish it")
    path = os.path.join(out, "results.csv")
    write_atomic(path, csv_text(spec, results))
    return path


class Progress:
    def __init__(self, total, cached):
        self.total, self.done, self.t0 = total, cached, time.time()
        self.cached, self.tty, self.last = cached, sys.stderr.isatty(), 0.0

    def step(self, final=False):
        now = time.time()
        if not final and (self.done >= self.total
                          or (not self.tty and now - self.last < 5)):
            return
        self.last = now
        new = self.done - self.cached
        rate = new / max(now - self.t0, 1e-6)
        eta = (self.total - self.done) / rate if rate > 0 else 0
        w = 30
        bar = "#" * (w * self.done // max(self.total, 1))
        line = (f"[dse] [{bar:<{w}}] {self.done}/{self.total} ({self.cached} cached) "
                f"{rate:.1f} points/s, eta {eta:.0f}s")
        print(("\r" if self.tty else "") + line, end="\n" if final or not self.tty else "",
              file=sys.stderr, flush=True)


def run_local(spec, out, sim, jobs):
    pdir = os.path.join(out, "points")
    if os.path.isdir(pdir):  # temporary files of a killed run: never renamed, never complete
        for fn in os.listdir(pdir):
            if ".json.tmp" in fn:
                os.remove(os.path.join(pdir, fn))
    have = read_results(out)
    todo = [p for p in spec["points"] if p["key"] not in have]
    prog = Progress(len(spec["points"]), len(spec["points"]) - len(todo))
    failed = []
    with cf.ThreadPoolExecutor(max_workers=jobs) as ex:
        futs = [ex.submit(run_point, sim, p) for p in todo]
        try:
            for f in cf.as_completed(futs):
                pt, r = f.result()
                if isinstance(r, str):
                    failed.append(r)
                    print(f"\nerror: {r}", file=sys.stderr)
                else:
                    write_atomic(os.path.join(pdir, pt["key"] + ".json"), json.dumps(r) + "\n")
                    have[pt["key"]] = r
                prog.done += 1
                prog.step()
        except KeyboardInterrupt:
            for f in futs:
                f.cancel()
            raise
    prog.step(final=True)
    if failed:
        raise SystemExit(f"error: {len(failed)} points failed (first above); the others are "
                         f"kept under {pdir}")
    return write_csv(spec, out, have)


def shard(spec, task, ntasks):
    return spec["points"][task::ntasks]


def run_task(spec, out, sim, task, ntasks):
    path = os.path.join(out, "shards", f"task_{task:04d}.jsonl")
    if os.path.exists(path):
        print(f"[dse] task {task}: {path} exists, nothing to do", file=sys.stderr)
        return
    lines = []
    for pt in shard(spec, task, ntasks):
        _, r = run_point(sim, pt)
        if isinstance(r, str):
            raise SystemExit(f"error: task {task}: {r}")
        lines.append(json.dumps({"key": pt["key"], "result": r}) + "\n")
    write_atomic(path, "".join(lines))
    print(f"[dse] task {task}: {len(lines)} points -> {path}", file=sys.stderr)


def run_slurm(spec, out, sim, ntasks, args):
    """Submit the sweep as one job array (task I runs points I, I+N, ...), wait, merge."""
    from dse_slurm import submit_and_wait
    ntasks = max(1, min(ntasks, len(spec["points"])))
    task_cmd = [sys.executable, os.path.abspath(__file__), "task", os.path.abspath(spec["path"]),
                "--out", os.path.abspath(out), "--sim", sim, "--ntasks", str(ntasks)]
    submit_and_wait(task_cmd, ntasks, os.path.abspath(out), args.no_wait)
    if args.no_wait:
        return None
    return write_csv(spec, out, read_results(out))


CONFIRM_SKIP = ("result.lockstep",)  # the only field a lockstep run may differ in


def confirm(spec, out, a):
    """dse.py confirm: the point a.key of the sweep in lockstep, compared with its CSV row."""
    pts = [p for p in spec["points"] if p["key"] == a.key]
    if not pts:
        print(f"error: {spec['path']}: no point with key {a.key!r} (dse.py list shows them)",
              file=sys.stderr)
        return 2
    pt = pts[0]
    path = os.path.join(out, "results.csv")
    try:
        with open(path) as f:
            rows = [r for r in csv.DictReader(f) if r["key"] == a.key]
    except OSError as e:
        print(f"error: {path}: {e.strerror}: run the sweep first", file=sys.stderr)
        return 2
    if not rows:
        print(f"error: {path}: no row with key {a.key}: run the sweep first", file=sys.stderr)
        return 2
    base = load_params_cached()["config"][pt["base"]]
    pfile = os.path.join(out, "confirm", f"{a.key}.toml")
    lines = [f"# point {a.key} of {spec['path']} over {pt['base']} (sim/dse.py confirm)"]
    lines += [f"{k} = {v}" for k, v in pt["params"].items() if base[k] != v]
    write_atomic(pfile, "\n".join(lines) + "\n")
    tb = a.tb
    if not tb:
        cmd = ["make", "-s", "verilate", f"CONFIG={pt['base']}", f"PARAMS={os.path.abspath(pfile)}",
               f"PROFILE={a.profile}"]
        print(f"[dse] confirm {a.key}: {shlex.join(cmd)}", file=sys.stderr)
        p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        got = [ln.split(": ")[1] for ln in p.stdout.splitlines()
               if ln.startswith("make verilate: ")]
        if p.returncode != 0 or len(got) != 1:
            print(f"error: {shlex.join(cmd)}: exit {p.returncode}\n"
                  + (p.stdout + p.stderr)[-3000:], file=sys.stderr)
            return 1
        tb = os.path.join(ROOT, got[0])
    cmd = [os.path.abspath(tb)] + [x for x in sim_cmd("", pt)[1:]
                                   if not x.startswith(("+config=", "+p."))]
    p = subprocess.run(cmd, capture_output=True, text=True)
    res = [ln[7:] for ln in p.stdout.splitlines() if ln.startswith("RESULT ")]
    if p.returncode != 0 or len(res) != 1:
        print(f"error: {shlex.join(cmd)}: exit {p.returncode}, {len(res)} RESULT lines\n"
              + (p.stderr + p.stdout)[-3000:], file=sys.stderr)
        return 1
    got = {f"result.{k}": str(v) for k, v in flat(json.loads(res[0])).items()}
    want = {k: v for k, v in rows[0].items() if k.startswith("result.")}
    keys = [k for k in sorted(set(want) | set(got)) if k not in CONFIRM_SKIP]
    diff = [f"  {k}: sweep (C model) {want.get(k, '-')}, lockstep {got.get(k, '-')}"
            for k in keys if want.get(k) != got.get(k)]
    if diff:
        print(f"error: point {a.key}: the lockstep run differs from {path} in {len(diff)} "
              f"fields:\n" + "\n".join(diff) + f"\n  ({shlex.join(cmd)})", file=sys.stderr)
        return 1
    print(f"[dse] confirm {a.key}: lockstep equals the sweep row ({len(keys)} fields, "
          f"{got['result.cycles']} cycles, 0 mismatches): {shlex.join(cmd)}")
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cmd", choices=("run", "merge", "task", "list", "confirm"))
    ap.add_argument("spec")
    ap.add_argument("--out", help="result directory (default build/dse/SPEC-NAME)")
    ap.add_argument("--sim", default=os.path.join(ROOT, "build", "rinv_sim"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--backend", choices=("local", "slurm"), default="local")
    ap.add_argument("--tasks", type=int, default=4, help="Slurm array size")
    ap.add_argument("--task", type=int, help="this array task's index (task)")
    ap.add_argument("--ntasks", type=int, help="array size (task)")
    ap.add_argument("--no-wait", action="store_true", help="slurm: submit and return")
    ap.add_argument("--plots", action="store_true", help="run: also draw the spec's plots")
    ap.add_argument("--key", help="confirm: the point (the CSV's key column)")
    ap.add_argument("--profile", choices=("checked", "fast"), default="checked",
                    help="confirm: the lockstep build profile")
    ap.add_argument("--tb", help="confirm: a lockstep binary already built at the point")
    a = ap.parse_args(argv)
    try:
        spec = load_spec(a.spec)
    except SpecError as e:
        print(f"error: {a.spec}: {e}", file=sys.stderr)
        return 2
    out = a.out or os.path.join(ROOT, "build", "dse",
                                os.path.splitext(os.path.basename(a.spec))[0])
    if a.cmd == "list":
        for p in spec["points"]:
            print(p["key"], shlex.join(sim_cmd(a.sim, p)[1:]))
        print(f"{len(spec['points'])} points ({len(spec['skipped'])} illegal combinations "
              "skipped)", file=sys.stderr)
        return 0
    if a.cmd == "confirm":
        return confirm(spec, out, a)
    if a.cmd != "merge" and not (os.path.isfile(a.sim) and os.access(a.sim, os.X_OK)):
        print(f"error: simulator {a.sim} not found: build it with `make sim`", file=sys.stderr)
        return 2
    sim = os.path.abspath(a.sim)
    if a.cmd == "task":
        task = a.task if a.task is not None else int(os.environ.get("SLURM_ARRAY_TASK_ID", -1))
        if a.ntasks is None or not 0 <= task < a.ntasks:
            print("error: task needs --ntasks N and --task I (or SLURM_ARRAY_TASK_ID) in 0..N-1",
                  file=sys.stderr)
            return 2
        run_task(spec, out, sim, task, a.ntasks)
        return 0
    t0 = time.time()
    print(f"[dse] {a.spec}: {len(spec['points'])} points ({len(spec['skipped'])} illegal "
          f"combinations skipped), backend {a.backend if a.cmd == 'run' else 'merge'}, "
          f"out {os.path.relpath(out)}", file=sys.stderr)
    if a.cmd == "merge":
        path = write_csv(spec, out, read_results(out))
    elif a.backend == "local":
        path = run_local(spec, out, sim, max(1, a.jobs))
    else:
        path = run_slurm(spec, out, sim, a.tasks, a)
    if path:
        print(f"[dse] {len(spec['points'])} points -> {os.path.relpath(path)} "
              f"({time.time() - t0:.1f}s)", file=sys.stderr)
        if a.plots and spec["plots"]:
            from dse_plot import plot_all
            for f in plot_all(path, spec["plots"], os.path.join(out, "plots")):
                print(f"[dse] plot {os.path.relpath(f)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    sys.exit(main())

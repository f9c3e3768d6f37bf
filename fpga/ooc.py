#!/usr/bin/env python3
"""make fpga-ooc: a per-block timing check of rinv_top on the ECP5-85F, out of context.

usage: ooc.py [--seeds N,N,...] OUT_DIR MHZ YOSYS NEXTPNR CHPARAM_CMD SRC... [-- BLOCK...]

1. Yosys synthesises rinv_top in the fpga configuration (CHPARAM_CMD, from
   tools/cfg_flags.py) with synth_ecp5 -noflatten, so every block keeps its own netlist
   (OUT_DIR/all.json, cell counts per module in OUT_DIR/synth_stat.txt).
   With BLOCK names (and not 'rinv_top'), only their subtrees are synthesised: rinv_top is
   elaborated without synthesis (OUT_DIR/elab.il) to find each block's parameterised module,
   and each topmost named block is synthesised alone (OUT_DIR/sub_BLOCK.json): the same
   per-module netlist as in all.json (-noflatten), in a fraction of the time.
2. For each block (a module instantiated under rinv_top, one netlist per distinct parameter
   set; BLOCK names a module such as range_table to check only those, 'rinv_top' is the whole
   core), Yosys cuts that module out with everything below it, and nextpnr-ecp5 places and
   routes it with --out-of-context (no I/O buffers, no global clock network: the block's ports
   stay inside the fabric) at MHZ. With --seeds (make fpga-ooc OOC_SEEDS='1 2 3'), each block
   is placed and routed once per nextpnr seed: one placement cannot tell a 5-10 MHz gain from
   placement noise, the range of several can.
3. A table of LUT4, FF, DP16KD, LUT-RAM and the achieved Fmax per block is printed and kept
   in OUT_DIR/report.txt; the exit status is 1 when a block misses MHZ. With several seeds
   the Fmax column is the worst seed's (a block meets MHZ only if every seed does), followed
   by every seed's figure; the critical path shown is the worst seed's.

Out-of-context figures are optimistic for paths that leave a block (its ports are free), and
exact for paths inside it: they say which block limits the clock, in minutes, where the whole
board build (make fpga) takes much longer.
"""
import json
import os
import re
import subprocess
import sys


def run(cmd, log):
    with open(log, "w") as f:
        r = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT)
    return r.returncode


def base_name(mod):
    # Yosys names a parameterised copy "$paramod$<hash>\name" or "$paramod\name\P=..."
    m = re.match(r"^\$paramod(?:\$[0-9a-f]+)?\\([A-Za-z_][A-Za-z0-9_]*)", mod)
    return m.group(1) if m else mod


def blocks(design, top):
    """(path, module) of every instance under top whose type is a module of the design,
    depth first; each module once (its first instance)."""
    mods = design["modules"]
    seen, out = set(), []

    def walk(mod, path):
        for cname, cell in sorted(mods[mod].get("cells", {}).items()):
            t = cell["type"]
            if t in mods and t not in seen:
                seen.add(t)
                p = f"{path}/{cname}" if path else cname
                out.append((p, t))
                walk(t, p)

    out.append(("", top))
    seen.add(top)
    walk(top, "")
    return out


def parse_seeds(text):
    """'1,2,3' (or spaces) -> [1, 2, 3]; None on a malformed list."""
    items = [t for t in re.split(r"[,\s]+", text.strip()) if t]
    if not items or not all(re.fullmatch(r"[0-9]{1,9}", t) for t in items):
        return None
    seeds = [int(t) for t in items]
    return seeds if len(set(seeds)) == len(seeds) else None


def place_route(nextpnr, bj, mhz, seed, out, tag):
    """nextpnr --out-of-context on one block netlist: (rc, fmax or None, report dict)."""
    sfx = "" if seed is None else f".s{seed}"
    rep = os.path.join(out, tag + sfx + ".nextpnr.json")
    if os.path.exists(rep):
        os.remove(rep)
    cmd = [nextpnr, "--85k", "--package", "CABGA381", "--out-of-context", "--json", bj,
           "--freq", f"{mhz:g}", "--timing-allow-fail", "--threads", "1", "--report", rep]
    if seed is not None:
        cmd += ["--seed", str(seed)]
    rc = run(cmd, os.path.join(out, tag + sfx + ".nextpnr.log"))
    r = json.load(open(rep)) if rc == 0 and os.path.exists(rep) else {}
    fm = [f.get("achieved", 0.0) for f in r.get("fmax", {}).values()]
    return rc, (min(fm) if fm else None), r


def synth(out, yosys, script, srcs, netlist, what, verb="synthesising"):
    """Runs the Yosys script that writes netlist unless netlist is newer than every source and
    was written by the same script (kept in netlist's .key file). False when Yosys fails."""
    keyf = os.path.splitext(netlist)[0] + ".key"
    fresh = (os.path.exists(netlist) and os.path.exists(keyf) and
             open(keyf).read() == script and
             all(os.path.getmtime(f) < os.path.getmtime(netlist) for f in srcs))
    if fresh:
        print(f"fpga-ooc: {what} netlist up to date: {netlist}")
        return True
    print(f"fpga-ooc: {verb} {what} (fpga configuration) -> {netlist}")
    if os.path.exists(keyf):
        os.remove(keyf)
    log = os.path.splitext(netlist)[0] + ".synth.log"
    if run([yosys, "-q", "-p", script], log) != 0:
        print(f"fpga-ooc: Yosys failed, see {log}", file=sys.stderr)
        return False
    open(keyf, "w").write(script)
    return True


def rtlil_modules(path):
    """{module: {"cells": {instance: {"type": module type}}}} of an RTLIL file (names as the
    JSON backend writes them: a public name without its leading backslash)."""
    def name(n):
        return n[1:] if n.startswith("\\") else n
    mods, cur = {}, None
    for line in open(path):
        w = line.split()
        if len(w) >= 2 and w[0] == "module":
            cur = mods.setdefault(name(w[1]), {"cells": {}})
        elif len(w) >= 3 and w[0] == "cell" and cur is not None:
            cur["cells"][name(w[2])] = {"type": name(w[1])}
    return mods


def pick_blocks(blist, want):
    """The blocks of blist named in want: (blocks, None), or (None, error) when a name is no
    block of rinv_top."""
    names = {base_name(m) for _, m in blist}
    unknown = [w for w in want if w != "rinv_top" and w not in names]
    if unknown:
        return None, (f"fpga-ooc: OOC_BLOCKS names no block of rinv_top: {' '.join(unknown)} "
                      f"(blocks: {' '.join(sorted(names))})")
    return [(p, m) for p, m in blist if base_name(m) in want], None


def synth_blocks(out, yosys, read, srcs, want):
    """The named blocks only: rinv_top is elaborated (no synthesis) to find each block's
    parameterised module, then each topmost named block is synthesised with its subtree alone
    (synth_ecp5 -noflatten on that module: the same per-module netlist as in the whole core).
    Returns (exit status, block list, {module: netlist}); status 2 names an unknown block."""
    elab = os.path.join(out, "elab.il")
    if not synth(out, yosys, f"{read}; hierarchy -top rinv_top; write_rtlil {elab}", srcs,
                 elab, "rinv_top", verb="elaborating (no synthesis)"):
        return 1, None, None
    blist, err = pick_blocks(blocks({"modules": rtlil_modules(elab)}, "rinv_top"), want)
    if err:
        print(err, file=sys.stderr)
        return 2, None, None
    # a block inside another named block comes with that block's netlist
    roots = [(p, m) for p, m in blist
             if not any(p.startswith(q + "/") for q, _ in blist if q)]
    netlist_of = {}
    for p, m in roots:
        # one file per module: a block named once per parameter set gets a number
        same = [mm for _, mm in roots if base_name(mm) == base_name(m)]
        n = "" if len(same) == 1 else f".{same.index(m) + 1}"
        bj = os.path.join(out, f"sub_{base_name(m)}{n}.json")
        script = (f"{read}; hierarchy -top rinv_top; hierarchy -top {m}; "
                  f"synth_ecp5 -top {m} -noflatten -json {bj}")
        if not synth(out, yosys, script, srcs, bj, base_name(m) + " alone, -noflatten"):
            return 1, None, None
        for q, mm in blist:
            if q == p or q.startswith(p + "/"):
                netlist_of[mm] = bj
    return 0, blist, netlist_of


def main(argv):
    seeds = [None]
    if len(argv) > 2 and argv[1] == "--seeds":
        seeds = parse_seeds(argv[2])
        if seeds is None:
            print(f"fpga-ooc: OOC_SEEDS '{argv[2]}' is not a list of distinct nextpnr seeds "
                  "(non-negative integers, e.g. OOC_SEEDS='1 2 3')", file=sys.stderr)
            return 2
        argv = argv[:1] + argv[3:]
    if len(argv) < 7:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    out, mhz, yosys, nextpnr, chparam = argv[1], float(argv[2]), argv[3], argv[4], argv[5]
    rest = argv[6:]
    want = []
    if "--" in rest:
        i = rest.index("--")
        rest, want = rest[:i], rest[i + 1:]
    srcs = rest
    os.makedirs(out, exist_ok=True)
    read = f"read_verilog -sv {' '.join(srcs)}; {chparam}"
    if want and "rinv_top" not in want:
        # only the named blocks' subtrees are synthesised (minutes instead of the whole core)
        rc, blist, netlist_of = synth_blocks(out, yosys, read, srcs, want)
        if rc:
            return rc
    else:
        allj = os.path.join(out, "all.json")
        script = (f"{read}; synth_ecp5 -top rinv_top -noflatten -json {allj}; "
                  f"tee -q -o {os.path.join(out, 'synth_stat.txt')} stat")
        if not synth(out, yosys, script, srcs, allj, "rinv_top, -noflatten"):
            return 1
        blist = blocks(json.load(open(allj)), "rinv_top")
        if want:
            blist, err = pick_blocks(blist, want)
            if err:
                print(err, file=sys.stderr)
                return 2
        netlist_of = {m: allj for _, m in blist}
    # per-block files of an earlier run (another block list) would be mistaken for this one's
    for f in os.listdir(out):
        if re.match(r"^\d\d_", f):
            os.remove(os.path.join(out, f))
    rows, bad = [], 0
    for i, (path, mod) in enumerate(blist):
        name = base_name(mod)
        tag = f"{i:02d}_{name}"
        bj = os.path.join(out, tag + ".json")
        cut = (f"read_json {netlist_of[mod]}; hierarchy -top {mod}; flatten; "
               f"write_json {bj}")
        if run([yosys, "-q", "-p", cut], os.path.join(out, tag + ".cut.log")) != 0:
            print(f"fpga-ooc: cutting {name} failed, see {out}/{tag}.cut.log", file=sys.stderr)
            return 1
        what = "" if seeds == [None] else f", seeds {' '.join(map(str, seeds))}"
        print(f"fpga-ooc: {name} ({path or 'top'}): nextpnr --out-of-context at {mhz:g} MHz"
              f"{what}")
        runs = [place_route(nextpnr, bj, mhz, sd, out, tag) for sd in seeds]
        # the worst seed decides: a failed run, else the lowest Fmax
        rc, fmax, r = min(runs, key=lambda x: (x[0] == 0, -1.0 if x[1] is None else x[1]))
        spread = ("" if seeds == [None] else
                  "seeds " + " ".join(f"{sd}:" + ("fail" if x[0] else
                                                  "-" if x[1] is None else f"{x[1]:.1f}")
                                      for sd, x in zip(seeds, runs)) + " ")
        util = r.get("utilization", {})

        def u(k):
            return util.get(k, {}).get("used", 0)
        crit = ""
        for cp in r.get("critical_paths", [])[:1]:
            segs = cp.get("path", [])
            if segs:
                # the registers (or RAM ports) at both ends, shortened to their signal stem
                ends = [segs[0].get("from", {}).get("cell", "?"),
                        segs[-1].get("to", {}).get("cell", "?")]
                crit = " -> ".join(re.sub(r"_(TRELLIS|LUT4|PFUMX|L6MUX21|CCU2C|DP16KD).*$", "",
                                          e)[:40] for e in ends) + f" ({len(segs)} segs)"
        ok = rc == 0 and (fmax is None or fmax >= mhz)
        bad += 0 if ok else 1
        rows.append((name, path or "(top)", u("TRELLIS_COMB"), u("TRELLIS_FF"),
                     u("TRELLIS_RAMW"), u("DP16KD"),
                     "P&R failed" if rc else ("no clocked path" if fmax is None
                                              else f"{fmax:7.1f} MHz"),
                     "ok" if ok else "MISSED", spread + crit))
    lines = [f"out-of-context timing per block, target {mhz:g} MHz (ECP5-85F, speed 6)",
             f"{'block':14s} {'instance':28s} {'LUT4':>7s} {'FF':>6s} {'RAMW':>5s} "
             f"{'DP16KD':>6s} {'Fmax':>12s}"]
    for r in rows:
        lines.append(f"{r[0]:14s} {r[1]:28s} {r[2]:7d} {r[3]:6d} {r[4]:5d} {r[5]:6d} "
                     f"{r[6]:>12s}  {r[7]:6s} {r[8]}")
    lines.append(f"{len(rows) - bad} of {len(rows)} blocks meet {mhz:g} MHz")
    txt = "\n".join(lines) + "\n"
    open(os.path.join(out, "report.txt"), "w").write(txt)
    print(txt, end="")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

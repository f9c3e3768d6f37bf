#!/usr/bin/env python3
"""Summarise an ECP5 build of the ULX3S top (make fpga): LUTs, FFs, block RAM, LUT RAM and
the achieved Fmax, from nextpnr's --report JSON and Yosys' stat output.

usage: report.py BUILD_FPGA_DIR TARGET_MHZ

The critical path's two ends are named with their RTL source (file:line of the always block
the flip-flop comes from), looked up in Yosys' netlist (BUILD_FPGA_DIR/ulx3s.json, cell
attribute "src"): the flattened netlist's cell names (led_TRELLIS_FF_Q_2_DI_...) do not say
which block a path is in.
"""
import json
import os
import re
import sys


def log_critical_path(log):
    """(source cell, sink cell, sink pin, logic ns, routing ns) of the last critical-path report
    of a clock in a nextpnr log (the one after routing), or None."""
    blocks = log.split("Info: Critical path report for clock ")
    if len(blocks) < 2:
        return None
    blk = blocks[-1].split("Info: Critical path report for cross-domain")[0]
    srcs = re.findall(r"^Info:\s+\S+\s+[0-9.]+\s+[0-9.]+ Source (\S+)$", blk, re.M)
    tot = re.search(r"Info: ([0-9.]+) ns logic, ([0-9.]+) ns routing", blk)
    if not srcs or not tot:
        return None
    first, last = srcs[0].rsplit(".", 1)[0], srcs[-1]
    cell, pin = last.rsplit(".", 1)
    return first, cell, pin, float(tot.group(1)), float(tot.group(2))


def rtl_source(netlist, cell):
    """The project file:line a netlist cell comes from (its Yosys src attribute without the
    technology library's part), or '?'."""
    for mod in netlist.get("modules", {}).values():
        c = mod.get("cells", {}).get(cell)
        if c is not None:
            parts = [x for x in c.get("attributes", {}).get("src", "").split("|")
                     if x and not x.startswith("/")]
            return ", ".join(parts) if parts else "?"
    return "?"


def print_critical_path(out, first, last, pin, detail):
    npath = os.path.join(out, "ulx3s.json")
    netlist = json.load(open(npath)) if os.path.exists(npath) else {}
    def short(name):
        # block RAM and I/O cells keep their hierarchical name; LUT/FF names grow long
        return name if len(name) <= 90 else name[:90] + "..."

    print(f"  critical path{detail}:")
    print(f"    from {rtl_source(netlist, first)}  ({short(first)})")
    print(f"    to   {rtl_source(netlist, last)}, pin {pin}  ({short(last)})")


def main():
    out, target = sys.argv[1], float(sys.argv[2])
    jpath = os.path.join(out, "nextpnr.json")
    rep = json.load(open(jpath)) if os.path.exists(jpath) else {}
    util = rep.get("utilization", {})
    log_fmax = {}
    if not util and os.path.exists(os.path.join(out, "nextpnr.log")):
        # No JSON report (make fpga removes it when nextpnr fails): the utilisation and, when
        # routing finished but timing failed, the routed Fmax from the log
        log = open(os.path.join(out, "nextpnr.log")).read()
        for m in re.finditer(r"Info:\s+(\w+):\s+(\d+)/\s*(\d+)", log):
            util[m.group(1)] = {"used": int(m.group(2)), "available": int(m.group(3))}
        routed = "Info: Routing complete." in log
        if routed:
            # the last report per clock is the one after routing
            for m in re.finditer(r"Max frequency for clock '([^']+)': ([0-9.]+) MHz "
                                 r"\((?:PASS|FAIL) at ([0-9.]+) MHz\)", log):
                log_fmax[m.group(1)] = {"achieved": float(m.group(2)),
                                        "constraint": float(m.group(3))}
        if routed and log_fmax:
            print("ROUTED, TIMING NOT MET (see nextpnr.log), no bitstream; utilisation after "
                  "packing, Fmax after routing:")
        else:
            print("PLACE AND ROUTE DID NOT COMPLETE (see nextpnr.log); figures before placement:")
    print("ULX3S (LFE5U-85F, CABGA381) build report: ulx3s_top, rinv_top in the fpga configuration")
    print(f"target clock: {target:.1f} MHz (25 MHz oscillator x PLL)")
    names = [("TRELLIS_COMB", "LUT4 (logic + LUT RAM cells)"), ("TRELLIS_FF", "flip-flops"),
             ("TRELLIS_RAMW", "LUT RAM write ports"), ("DP16KD", "block RAM (DP16KD, 18 Kbit)"),
             ("MULT18X18D", "multipliers"), ("EHXPLLL", "PLLs"), ("TRELLIS_IO", "I/O")]
    for key, what in names:
        if key in util:
            u = util[key]
            pct = 100.0 * u["used"] / max(1, u["available"])
            print(f"  {what:32s} {u['used']:7d} / {u['available']:7d}  ({pct:5.1f} %)")
    stat = os.path.join(out, "synth_stat.txt")
    if os.path.exists(stat):
        txt = open(stat).read()
        for cell in ("LUT4", "TRELLIS_FF", "TRELLIS_DPR16X4", "DP16KD", "CCU2C", "PFUMX",
                     "L6MUX21"):
            m = re.findall(r"^\s+(?:\d+\s+)?" + cell + r"\s+(\d+)\s*$|^\s+(\d+)\s+" + cell
                           + r"\s*$", txt, re.M)
            if m:
                v = [a or b for a, b in m][-1]
                print(f"  yosys {cell:26s} {int(v):7d}")
    fmax = rep.get("fmax", {}) or log_fmax
    ok = True
    for clk, f in fmax.items():
        ach, con = f.get("achieved", 0.0), f.get("constraint", target)
        ok = ok and ach >= con
        print(f"  Fmax {clk}: achieved {ach:.2f} MHz, constraint {con:.2f} MHz "
              f"({'met' if ach >= con else 'NOT met'})")
    paths = rep.get("critical_paths", [])
    for p in paths[:1]:
        segs = p.get("path", [])
        if segs:
            first, last = segs[0], segs[-1]
            print_critical_path(out, first.get("from", {}).get("cell", "?"),
                                last.get("to", {}).get("cell", "?"),
                                last.get("to", {}).get("port", "?"), f" ({len(segs)} segments)")
    if not paths and log_fmax:
        cp = log_critical_path(open(os.path.join(out, "nextpnr.log")).read())
        if cp:
            print_critical_path(out, cp[0], cp[1], cp[2],
                                f" ({cp[3]:.2f} ns logic, {cp[4]:.2f} ns routing)")
    goal = "reached" if any(f.get("achieved", 0) >= 100.0 for f in fmax.values()) else "not reached"
    print(f"  100 MHz goal: {goal}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Print parameter overrides of rinv_top for one named configuration, for a given tool.

usage: cfg_flags.py CONFIG iverilog|verilator|yosys [v1|v2]
  (v1, the default, leaves out the parameters only the v2 RTL has: V2_ONLY)
  iverilog:  -Prinv_top.CpuL1Sets=16 ...      verilator: -GCpuL1Sets=16 ...
  yosys:     chparam -set CpuL1Sets 16 ... rinv_top
Values come from sim/params.json (generated from params/rinv.toml).
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
V2_ONLY = {"walk_lanes", "probe_inflight", "rt_scan", "tag_oreg", "wave_size", "coal_tokens",
           "coal_lines", "tcp_mshrs"}


def camel(name):
    return "".join(p.capitalize() for p in name.split("_"))


def main():
    if len(sys.argv) not in (3, 4) or sys.argv[2] not in ("iverilog", "verilator", "yosys") \
            or (len(sys.argv) == 4 and sys.argv[3] not in ("v1", "v2")):
        sys.exit(__doc__)
    params = json.load(open(os.path.join(ROOT, "sim", "params.json")))
    cfgs = params["config"]
    # the keys only the testbench reads (gen_params.py NOT_RTL: id, mem_lat, tick_*)
    skip = set(params["tb_only"]) | (V2_ONLY if len(sys.argv) == 3 or sys.argv[3] == "v1"
                                     else set())
    if sys.argv[1] not in cfgs:
        sys.exit(f"cfg_flags: unknown config '{sys.argv[1]}' (known: {', '.join(cfgs)})")
    vals = {camel(k): v for k, v in cfgs[sys.argv[1]].items() if k not in skip}
    tool = sys.argv[2]
    if tool == "iverilog":
        print(" ".join(f"-Prinv_top.{k}={v}" for k, v in vals.items()))
    elif tool == "verilator":
        print(" ".join(f"-G{k}={v}" for k, v in vals.items()))
    else:
        print("chparam " + " ".join(f"-set {k} {v}" for k, v in vals.items()) + " rinv_top")


if __name__ == "__main__":
    main()

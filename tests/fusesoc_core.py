#!/usr/bin/env python3
"""Checks that rinv.core (the FuseSoC core) follows the sources it packages:
  - fileset rtl lists rtl/v2/rinv.f, in its order (packages first);
  - fileset sva lists the bound assertions of the v2 Verilator build (mk/config.mk SVA_SRCS:
    rtl/sva/rinv_port_sva.sv and rtl/v2/sva/*.sv), fileset lint_waivers rtl/v2/lint/*.vlt;
  - every vlogparam default is the fpga configuration (tools/cfg_flags.py fpga verilator v2),
    and the lint and synth targets set all of them;
  - the file names exist.
Prints each problem and exits 1 if there is one. Needs PyYAML (the venv: FuseSoC's).
usage: tests/fusesoc_core.py [CORE]   (default rinv.core)
"""
import glob
import os
import subprocess
import sys

import yaml

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


def names(fileset):
    out = []
    for f in fileset.get("files", []):
        out.append(next(iter(f)) if isinstance(f, dict) else f)
    return out


def main():
    core = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "rinv.core")
    text = open(core).read()
    if not text.startswith("CAPI=2:"):
        print(f"{core}: the first line must be 'CAPI=2:'")
        return 1
    c = yaml.safe_load(text)
    probs = []
    fs = c.get("filesets", {})
    rinv_f = [l.strip() for l in open(os.path.join(ROOT, "rtl/v2/rinv.f"))
              if l.strip() and not l.strip().startswith("#")]
    if names(fs.get("rtl", {})) != rinv_f:
        probs.append(f"fileset rtl is not rtl/v2/rinv.f in order:\n  core: "
                     f"{names(fs.get('rtl', {}))}\n  rinv.f: {rinv_f}")
    sva = ["rtl/sva/rinv_port_sva.sv"] + sorted(
        os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "rtl/v2/sva/*.sv")))
    got = [n for n in names(fs.get("sva", {})) if n.endswith(".sv")]
    if got != sva:
        probs.append(f"fileset sva {got} != {sva}")
    vlt = sorted(os.path.relpath(p, ROOT)
                 for p in glob.glob(os.path.join(ROOT, "rtl/v2/lint/*.vlt")))
    if names(fs.get("lint_waivers", {})) != vlt:
        probs.append(f"fileset lint_waivers {names(fs.get('lint_waivers', {}))} != {vlt}")
    for name, f in fs.items():
        for n in names(f):
            if not os.path.isfile(os.path.join(ROOT, n)):
                probs.append(f"fileset {name}: {n} does not exist")
    flags = subprocess.run([sys.executable, os.path.join(ROOT, "tools/cfg_flags.py"), "fpga",
                            "verilator", "v2"], check=True, capture_output=True,
                           text=True).stdout.split()
    fpga = {k[2:]: int(v) for k, v in (f.split("=") for f in flags)}
    params = {k: v for k, v in c.get("parameters", {}).items()
              if v.get("paramtype") == "vlogparam"}
    got = {k: v.get("default") for k, v in params.items()}
    if got != fpga:
        probs.append(f"vlogparam defaults are not the fpga configuration:\n  core: {got}\n"
                     f"  cfg_flags: {fpga}")
    for t in ("lint", "synth"):
        tp = {p.split("=")[0] for p in c.get("targets", {}).get(t, {}).get("parameters", [])}
        if not set(fpga) <= tp:
            probs.append(f"target {t} does not set {sorted(set(fpga) - tp)}")
    for t in ("lint", "sim", "synth"):
        if t not in c.get("targets", {}):
            probs.append(f"no target {t}")
    for p in probs:
        print(p)
    print(f"rinv.core: {len(rinv_f)} rtl files, {len(sva)} sva files, {len(fpga)} parameters: "
          + ("OK" if not probs else f"{len(probs)} problem(s)"))
    return 1 if probs else 0


if __name__ == "__main__":
    sys.exit(main())

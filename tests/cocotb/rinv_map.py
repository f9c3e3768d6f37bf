"""The register map of docs/REGISTERS.md, read at test time from common/rinv_regs.h (generated
by tools/gen_regs.py from regs/rinv.rdl): no address is copied by hand into the tests."""
import os
import re

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
HEADER = os.path.join(ROOT, "common", "rinv_regs.h")


def load(path=HEADER):
    """Every `#define RINV_NAME value` of the header, as {NAME: int} (prefix RINV_ dropped)."""
    defs = {}
    with open(path) as f:
        for line in f:
            m = re.match(r"#define RINV_(\w+) (0x[0-9A-Fa-f]+|\d+)u\b", line)
            if m:
                defs[m.group(1)] = int(m.group(2), 0)
    if not defs:
        raise RuntimeError(f"{path}: no RINV_ register definitions found")
    return defs


class Map:
    """Absolute addresses, field masks and reset values by register name."""

    def __init__(self, path=HEADER):
        d = self.d = load(path)
        self.dir_base = d["DIR_BASE"]
        self.cc_base = [d["CPU_CC_BASE"], d["GPU_CC_BASE"]]
        self.dir_window = d["DIR_WINDOW"]
        self.cc_window = d["CC_WINDOW"]
        self.dir_regs = {k[len("DIR_"):-len("_OFFSET")]: self.dir_base + v
                         for k, v in d.items() if k.startswith("DIR_")
                         and k.endswith("_OFFSET") and k != "DIR_CNT_OFFSET"}
        self.cc_regs = {k[len("CC_"):-len("_OFFSET")]: v
                        for k, v in d.items() if k.startswith("CC_") and k.endswith("_OFFSET")}

    def dir(self, name):
        return self.dir_regs[name]

    def cc(self, side, name):
        return self.cc_base[side] + self.cc_regs[name]

    def field(self, reg, fld, value):
        """Field FLD of register REG (e.g. 'DIR_STATUS', 'INV_BUSY') extracted from VALUE."""
        return (value & self.d[f"{reg}_{fld}_MASK"]) >> self.d[f"{reg}_{fld}_SHIFT"]

    def reset(self, name):
        return self.d.get(f"{name}_RESET")

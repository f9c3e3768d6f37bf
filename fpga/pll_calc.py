#!/usr/bin/env python3
"""Divider settings of the ECP5 EHXPLLL for a core clock of FPGA_MHZ from the ULX3S's 25 MHz
oscillator (fpga/pll.sv, docs/FPGA.md §2).

usage: pll_calc.py MHZ        -> prints "CLKI_DIV CLKFB_DIV CLKOP_DIV ACHIEVED_MHZ"
       pll_calc.py --table    -> every integer MHz from 4 to 400 that is exact, one per line

With the feedback taken from CLKOP (FEEDBK_PATH = "CLKOP"):
    f_pfd  = 25 / CLKI_DIV                    3.125 .. 400 MHz
    f_out  = f_pfd * CLKFB_DIV                3.125 .. 400 MHz
    f_vco  = f_out * CLKOP_DIV                400 .. 800 MHz
with CLKI_DIV, CLKOP_DIV in 1..128 and CLKFB_DIV in 1..80 (Lattice TN1263, ECP5 sysCLOCK PLL
usage guide, and the same limits as Project Trellis' ecppll). Among the exact settings the one
with the VCO nearest 600 MHz and the highest f_pfd (least jitter) is chosen. A frequency that
no setting gives exactly is an error that names the nearest ones: make fpga never builds for a
clock other than the one asked for, since nextpnr's target is the same FPGA_MHZ.
"""
import sys

F_IN = 25.0
PFD = (3.125, 400.0)
OUT = (3.125, 400.0)
VCO = (400.0, 800.0)


def settings():
    for clki in range(1, 129):
        pfd = F_IN / clki
        if not PFD[0] <= pfd <= PFD[1]:
            continue
        for fb in range(1, 81):
            out = pfd * fb
            if not OUT[0] <= out <= OUT[1]:
                continue
            for op in range(1, 129):
                vco = out * op
                if VCO[0] <= vco <= VCO[1]:
                    yield clki, fb, op, out, vco


def best(mhz):
    exact = [s for s in settings() if abs(s[3] - mhz) <= 1e-4 * mhz]  # 0.01 %: 33.333
    if exact:
        return min(exact, key=lambda s: (abs(s[4] - 600.0), s[0]))
    return None


def main(argv):
    if len(argv) == 2 and argv[1] == "--table":
        for m in range(4, 401):
            if best(float(m)):
                print(m)
        return 0
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    try:
        mhz = float(argv[1])
    except ValueError:
        print(f"pll_calc.py: FPGA_MHZ='{argv[1]}' is not a number (MHz)", file=sys.stderr)
        return 2
    s = best(mhz)
    if s is None:
        outs = sorted({round(x[3], 6) for x in settings()}, key=lambda f: abs(f - mhz))[:4]
        near = ", ".join(f"{f:g}" for f in sorted(outs))
        print(f"pll_calc.py: FPGA_MHZ={argv[1]}: the ECP5 PLL cannot make exactly {mhz:g} MHz "
              f"from 25 MHz (nearest: {near} MHz)", file=sys.stderr)
        return 1
    clki, fb, op, out, _ = s
    print(f"{clki} {fb} {op} {out:g}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""Writes a trace for the overflow tests (tests/cases.sh): the GPU caches a few lines, then
the CPU stores to N distinct lines STRIDE lines apart in one epoch (so no two are adjacent
when STRIDE > 1) and releases; the GPU acquires and reads back lines it had cached (stale
copies must be gone) and others. Every GPU load is checked by the reference memory.

usage: gen_overflow_trace.py N STRIDE > FILE"""
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    n, stride = int(sys.argv[1]), int(sys.argv[2])
    base = 0x30000000
    line = lambda i: base + 64 * stride * i
    out = [f"# generated: tests/gen_overflow_trace.py {n} {stride}"]
    out.append("gpu acquire")
    for i in range(0, n, max(1, n // 8)):
        out.append(f"gpu.{i % 4} ld 0x{line(i):08x}")
    out.append("gpu release")
    out.append("cpu acquire")
    for i in range(n):
        out.append(f"cpu.{i % 2} st 0x{line(i):08x} 0x{0xC0DE0000 + i:08x}")
    out.append("cpu release")
    out.append("gpu acquire")
    for i in range(0, n, max(1, n // 16)):
        out.append(f"gpu.{i % 4} ld 0x{line(i):08x}")
    out.append(f"gpu.0 ld 0x{line(n - 1):08x}")
    out.append("gpu release")
    print("\n".join(out))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Plots mirroring thesis figures 4.3-4.8 and the generated tables of docs/RESULTS.md,
from the sweep CSV (sim/results/model.csv). Usage:
  python3 sim/plot.py [--csv sim/results/model.csv] [--plots docs/plots] [--md docs/RESULTS.md]
The tables replace the text between the GENERATED markers of the markdown file."""
import argparse
import csv
import os
import re

# SPEC section 10 (thesis tables 4.3-4.8): n -> (Default probes, proposed probes,
# Default ticks, proposed ticks)
THESIS = {
    "square": {200: (67, 21, 2140500, 1119500), 2000: (581, 149, 19285500, 8843500),
               20000: (5301, 1153, 182420500, 77751000), 40000: (10572, 2189, 364226000, 154594000),
               100000: (28627, 4384, 1083574500, 391520000), 200000: (61612, 6242, 2497267000, 780212500),
               300000: (94774, 5111, 3914588000, 1169410000)},
    "2dshfl": {4: (29, 21, 653500, 633500), 8: (90, 66, 1963000, 1829000), 16: (137, 83, 3044500, 2683000),
               20: (183, 76, 4046500, 3534500), 30: (359, 142, 7654500, 6885500),
               40: (540, 158, 11306000, 10351000), 50: (791, 229, 16451500, 15046500)},
    "matrixtranspose": {16: (117, 58, 3342500, 2062500), 32: (220, 28, 8286000, 3049500),
                        64: (944, 137, 34456000, 13186000), 128: (3886, 583, 140079000, 54585000),
                        256: (15433, 2287, 558335500, 216071500), 384: (35715, 4144, 1276668500, 501253500),
                        512: (73762, 6502, 2479544000, 1073722500)},
}
FIG = {"square": ("4.3", "4.4", "square N"), "2dshfl": ("4.5", "4.6", "2dshfl W"),
       "matrixtranspose": ("4.7", "4.8", "MatrixTranspose W")}


def load(path):
    d = {}
    for r in csv.DictReader(open(path)):
        d[(r["workload"], int(r["n"]), r["mode"])] = {k: (int(v) if v.isdigit() else v)
                                                      for k, v in r.items()}
    return d


def tables(d):
    out = []
    for wl, (fp, ft, label) in FIG.items():
        out.append(f"\n### {label}: probes (thesis table/figure {fp}) and invalidation time "
                   f"(table/figure {ft})\n")
        out.append("| n | thesis Default | thesis proposed | prop/Def | our eager | line | run | "
                   "merge | run/eager | merge/eager | merge <= proposed | over-inv lines (merge) | "
                   "owner-bit probes | owner transfers |")
        out.append("|" + "---|" * 14)
        for n, (dp, pp, dt, pt) in THESIS[wl].items():
            rs = {m: d.get((wl, n, m)) for m in ("line", "run", "merge")}
            if any(v is None for v in rs.values()):
                out.append(f"| {n} | {dp} | {pp} | {pp / dp:.3f} | (not run) |" + " |" * 9)
                continue
            e = rs["line"]["eager_probes"]
            out.append(
                f"| {n} | {dp:,} | {pp:,} | {pp / dp:.3f} | {e:,} | {rs['line']['probes']:,} | "
                f"{rs['run']['probes']:,} | {rs['merge']['probes']:,} | "
                f"{rs['run']['probes'] / e:.3f} | {rs['merge']['probes'] / e:.4f} | "
                f"{'yes' if rs['merge']['probes'] <= pp else '**NO**'} | "
                f"{rs['merge']['over_inv_lines']} | {rs['line']['owner_probes']:,} | "
                f"{rs['line']['owner_transfers']:,} |")
        out.append("")
        out.append("| n | thesis Default ticks | thesis proposed ticks | prop/Def | line inv_cycles | "
                   "run inv_cycles | merge inv_cycles | run/line | merge/line | eager parts "
                   "(RdBlkM / WT / RdBlk) |")
        out.append("|" + "---|" * 10)
        for n, (dp, pp, dt, pt) in THESIS[wl].items():
            rs = {m: d.get((wl, n, m)) for m in ("line", "run", "merge")}
            if any(v is None for v in rs.values()):
                continue
            li, ru, me = (rs[m]["inv_cycles"] for m in ("line", "run", "merge"))
            r0 = rs["line"]
            out.append(f"| {n} | {dt:,} | {pt:,} | {pt / dt:.3f} | {li:,} | {ru:,} | {me:,} | "
                       f"{ru / li:.3f} | {me / li:.3f} | {r0['eager_rdblkm']:,} / "
                       f"{r0['eager_wt']:,} / {r0['eager_rdblk']:,} |")
    return "\n".join(out) + "\n"


def plots(d, outdir):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    os.makedirs(outdir, exist_ok=True)
    files = []
    for wl, (fp, ft, label) in FIG.items():
        ns = [n for n in THESIS[wl] if all((wl, n, m) in d for m in ("line", "run", "merge"))]
        if not ns:
            continue
        x = range(len(ns))
        fig, ax = plt.subplots(figsize=(7, 4))
        series = [("thesis Default", [THESIS[wl][n][0] for n in ns], "k--o"),
                  ("thesis proposed", [THESIS[wl][n][1] for n in ns], "k-s"),
                  ("our eager", [d[(wl, n, "line")]["eager_probes"] for n in ns], "C3-o"),
                  ("line", [d[(wl, n, "line")]["probes"] for n in ns], "C0-^"),
                  ("run", [d[(wl, n, "run")]["probes"] for n in ns], "C1-v"),
                  ("merge", [d[(wl, n, "merge")]["probes"] for n in ns], "C2-D")]
        for name, ys, st in series:
            ax.plot(list(x), ys, st, label=name)
        ax.set_yscale("log")
        ax.set_xticks(list(x), [str(n) for n in ns])
        ax.set_xlabel(label)
        ax.set_ylabel("probes")
        ax.set_title(f"Probes, {wl} (cf. thesis figure {fp})")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
        f = os.path.join(outdir, f"fig{fp.replace('.', '_')}_{wl}_probes.png")
        fig.tight_layout()
        fig.savefig(f, dpi=110)
        plt.close(fig)
        files.append(f)
        fig, ax = plt.subplots(figsize=(7, 4))
        ax.plot(list(x), [THESIS[wl][n][3] / THESIS[wl][n][2] for n in ns], "k-s",
                label="thesis proposed / Default ticks")
        ax.plot(list(x), [d[(wl, n, "run")]["inv_cycles"] / d[(wl, n, "line")]["inv_cycles"]
                          for n in ns], "C1-v", label="our run / line inv_cycles")
        ax.plot(list(x), [d[(wl, n, "merge")]["inv_cycles"] / d[(wl, n, "line")]["inv_cycles"]
                          for n in ns], "C2-D", label="our merge / line inv_cycles")
        ax.set_xticks(list(x), [str(n) for n in ns])
        ax.set_xlabel(label)
        ax.set_ylabel("time ratio (lower = better)")
        ax.set_ylim(0, 1.05)
        ax.set_title(f"Invalidation time ratio, {wl} (cf. thesis figure {ft})")
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=8)
        f = os.path.join(outdir, f"fig{ft.replace('.', '_')}_{wl}_time.png")
        fig.tight_layout()
        fig.savefig(f, dpi=110)
        plt.close(fig)
        files.append(f)
    return files


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--csv", default="sim/results/model.csv")
    ap.add_argument("--plots", default="docs/plots")
    ap.add_argument("--md", default="docs/RESULTS.md")
    ap.add_argument("--no-plots", action="store_true")
    a = ap.parse_args()
    d = load(a.csv)
    text = tables(d)
    md = open(a.md).read()
    md = re.sub(r"(<!-- BEGIN GENERATED TABLES -->\n).*?(<!-- END GENERATED TABLES -->)",
                lambda m: m.group(1) + text + m.group(2), md, flags=re.S)
    open(a.md, "w").write(md)
    if not a.no_plots:
        for f in plots(d, a.plots):
            print("wrote", f)
    print("updated", a.md)


if __name__ == "__main__":
    main()

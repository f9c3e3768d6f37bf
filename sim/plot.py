#!/usr/bin/env python3
"""Plots mirroring thesis figures 4.3-4.8 and the generated tables of docs/RESULTS.md,
from the sweep CSV (sim/results/model.csv). Usage:
  python3 sim/plot.py [--csv sim/results/model.csv] [--plots docs/plots] [--md docs/RESULTS.md]
The tables replace the text between the GENERATED markers of the markdown file. Every plot is
written as PNG and SVG (deterministic: the same CSV gives the same bytes).
  python3 sim/plot.py --check   regenerates into a temporary directory and fails (exit 1) if a
  PNG or SVG of --plots or the tables of --md differ from it, are missing, or if --md does not
  link every SVG (test plots_svg_up_to_date).
With --sens-csv (default sim/results/sens.csv, written by sim/sens.py; make sens) present it also
draws sensitivity.png/.svg and the table between the GENERATED SENSITIVITY markers."""
import argparse
import csv
import os
import re
import sys
import tempfile

import sens

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


def tick(r, k):
    """A tick field of a row (docs/ARCHITECTURE_v3_gpu_frontend.md §15), or None when the CSV
    predates them (a sweep before the tick fields: the cells say "-")."""
    v = r.get(k) if r else None
    return v if isinstance(v, int) else None


def tick_ratio(r, k):
    """run inv_ticks_seq or inv_ticks_pipe / eager_inv_ticks of one row, or None."""
    a, e = tick(r, k), tick(r, "eager_inv_ticks")
    return a / e if a is not None and e else None


def fmt_ratio(x, digits=3):
    return "-" if x is None else f"{x:.{digits}f}"


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
        out.append("| n | thesis Default ticks | thesis proposed ticks | prop/Def | "
                   "run inv_ticks_seq / eager_inv_ticks | run inv_ticks_pipe / eager_inv_ticks | "
                   "line inv_cycles | run inv_cycles | merge inv_cycles | run/line | merge/line | "
                   "eager parts (RdBlkM / WT / RdBlk) |")
        out.append("|" + "---|" * 12)
        for n, (dp, pp, dt, pt) in THESIS[wl].items():
            rs = {m: d.get((wl, n, m)) for m in ("line", "run", "merge")}
            if any(v is None for v in rs.values()):
                continue
            li, ru, me = (rs[m]["inv_cycles"] for m in ("line", "run", "merge"))
            r0 = rs["line"]
            out.append(f"| {n} | {dt:,} | {pt:,} | {pt / dt:.3f} | "
                       f"{fmt_ratio(tick_ratio(rs['run'], 'inv_ticks_seq'))} | "
                       f"{fmt_ratio(tick_ratio(rs['run'], 'inv_ticks_pipe'))} | "
                       f"{li:,} | {ru:,} | {me:,} | "
                       f"{ru / li:.3f} | {me / li:.3f} | {r0['eager_rdblkm']:,} / "
                       f"{r0['eager_wt']:,} / {r0['eager_rdblk']:,} |")
    out += fidelity(d)
    return "\n".join(out) + "\n"


def fidelity(d):
    """Issue 11's fidelity table: per row eager/Default, run/proposed and the shape
    (run / eager) / (proposed / Default), with the rows inside the targets counted (shape
    within 1.5x, run within 2x of the thesis' proposed); and the tick shape (run
    inv_ticks_seq / eager_inv_ticks) / (thesis proposed ticks / thesis Default ticks), counted
    within 1.5x (docs/ARCHITECTURE_v3_gpu_frontend.md §15)."""
    out = ["\n### Fidelity to the thesis (issue 11): ratios per row\n",
           "shape = (run / eager) / (thesis proposed / thesis Default); eager from the `line` "
           "run (the same in every mode). In range: shape in [1/1.5, 1.5], run/proposed in "
           "[0.5, 2]. tick shape = (run inv_ticks_seq / eager_inv_ticks) / (thesis proposed "
           "ticks / thesis Default ticks), in range in [1/1.5, 1.5].\n",
           "| program | n | eager / Default | run / proposed | shape | shape in 1.5x | "
           "run in 2x | tick shape (seq) | tick shape in 1.5x |", "|" + "---|" * 9]
    rows = shape_ok = run_ok = tick_rows = tick_ok = 0
    for wl, (fp, ft, label) in FIG.items():
        for n, (dp, pp, dt, pt) in THESIS[wl].items():
            rl, rr = d.get((wl, n, "line")), d.get((wl, n, "run"))
            if rl is None or rr is None or not rl["eager_probes"]:
                continue
            e, r = rl["eager_probes"], rr["probes"]
            shape = (r / e) / (pp / dp)
            s_in, r_in = 1 / 1.5 <= shape <= 1.5, 0.5 <= r / pp <= 2
            rows += 1
            shape_ok += s_in
            run_ok += r_in
            tr = tick_ratio(rr, "inv_ticks_seq")
            ts = tr / (pt / dt) if tr is not None else None
            t_in = ts is not None and 1 / 1.5 <= ts <= 1.5
            tick_rows += ts is not None
            tick_ok += t_in
            out.append(f"| {label.split()[0]} | {n} | {e / dp:.2f} | {r / pp:.2f} | {shape:.2f} | "
                       f"{'yes' if s_in else 'no'} | {'yes' if r_in else 'no'} | "
                       f"{fmt_ratio(ts, 2)} | {'-' if ts is None else 'yes' if t_in else 'no'} |")
    out.append("")
    out.append(f"Shape within 1.5x on **{shape_ok} of {rows}** rows; run within 2x of the "
               f"thesis' proposed on **{run_ok} of {rows}** (issue 11's target: 15 of 21 each).")
    if tick_rows:
        out.append(f"Tick shape (seq) within 1.5x of the thesis' proposed / Default ticks on "
                   f"**{tick_ok} of {tick_rows}** rows.")
    else:
        out.append("Tick shape: the sweep CSV has no tick fields yet (`-`; `make sweep` "
                   "writes them).")
    return out


# --- sensitivity of the run count to the front end (sim/sens.py, sim/results/sens.csv) ------
SENS_LABEL = {"square": "square N = {}", "matrixtranspose": "MT W = {}", "2dshfl": "2dshfl W = {}"}
SENS_BEGIN, SENS_END = "<!-- BEGIN GENERATED SENSITIVITY -->", "<!-- END GENERATED SENSITIVITY -->"
SENS_WAVES = 4  # waves_per_cu's default: the column of the main table


def load_sens(path):
    """(workload, n, tcp_mshrs, waves_per_cu) -> row of sim/sens.py's CSV; None if no file."""
    if not os.path.exists(path):
        return None
    d = {}
    for r in csv.DictReader(open(path)):
        r = {k: (int(v) if v.isdigit() else v) for k, v in r.items()}
        d[(r["workload"], r["n"], r["tcp_mshrs"], r["waves_per_cu"])] = r
    return d


def sens_rows(s):
    """The rows of sens.ROWS that the CSV has (all of them, or square 20000 after --quick)."""
    return [(wl, n) for wl, n in sens.ROWS if (wl, n, sens.MSHRS[0], SENS_WAVES) in s]


def sens_cell(s, key, f=lambda r: f"{r['probes']:,}"):
    return f(s[key]) if key in s else "-"


def sens_table(s, path):
    """The generated markdown of docs/RESULTS.md's section "Sensitivity of the run count"."""
    if s is None:
        return f"\n(no {path}: run `make sens`)\n"
    rows = sens_rows(s)
    head = " | ".join(SENS_LABEL[wl].format(n) for wl, n in rows)
    mname = {m: f"{m} (default, gem5)" if m == sens.MSHRS[-1] else str(m) for m in sens.MSHRS}
    sq = rows[0]
    out = [f"\nRun-mode probes, `waves_per_cu` = {SENS_WAVES} (the default):\n",
           f"| `tcp_mshrs` | {head} | largest MSHR use ({SENS_LABEL[sq[0]].format(sq[1])}) |",
           "|" + "---|" * (len(rows) + 2)]
    for m in sens.MSHRS:
        cells = [sens_cell(s, (wl, n, m, SENS_WAVES)) for wl, n in rows]
        use = sens_cell(s, sq + (m, SENS_WAVES), lambda r: str(r["tcp_mshr_max"]))
        out.append(f"| {mname[m]} | " + " | ".join(cells) + f" | {use} |")
    out.append("| thesis proposed | " + " | ".join(f"{THESIS[wl][n][1]:,}" for wl, n in rows)
               + " | |")
    waves = " / ".join(str(w) for w in sens.WAVES)
    out += ["", f"Run-mode probes, `waves_per_cu` = {waves} in each cell:\n",
            f"| `tcp_mshrs` | {head} |", "|" + "---|" * (len(rows) + 1)]
    for m in sens.MSHRS:
        cells = [" / ".join(sens_cell(s, (wl, n, m, w)) for w in sens.WAVES) for wl, n in rows]
        out.append(f"| {mname[m]} | " + " | ".join(cells) + " |")
    out += ["", f"Run-mode `inv_ticks_seq` / `eager_inv_ticks`, `waves_per_cu` = {SENS_WAVES} "
            "(gem5 ticks, docs/ARCHITECTURE_v3_gpu_frontend.md §15):\n",
            f"| `tcp_mshrs` | {head} |", "|" + "---|" * (len(rows) + 1)]
    for m in sens.MSHRS:
        cells = [sens_cell(s, (wl, n, m, SENS_WAVES),
                           lambda r: fmt_ratio(tick_ratio(r, "inv_ticks_seq"))) for wl, n in rows]
        out.append(f"| {mname[m]} | " + " | ".join(cells) + " |")
    out += ["", sens_summary(s, rows)]
    return "\n".join(out) + "\n"


def sens_summary(s, rows):
    """The runs, their checks, and per row the largest change of the count that waves_per_cu
    makes against the default."""
    bad = sum(any(r[k] != 0 for k in sens.MUST_BE_ZERO) for r in s.values())
    parts = []
    for wl, n in rows:
        worst = (0.0, None)
        for m in sens.MSHRS:
            base = s.get((wl, n, m, SENS_WAVES))
            for w in sens.WAVES:
                r = s.get((wl, n, m, w))
                if base and r and base["probes"]:
                    ch = (r["probes"] - base["probes"]) / base["probes"]
                    if abs(ch) > abs(worst[0]):
                        worst = (ch, f"{base['probes']:,} -> {r['probes']:,} at `tcp_mshrs` = "
                                     f"{m}, `waves_per_cu` = {w}")
        parts.append(f"{SENS_LABEL[wl].format(n)}: "
                     + (f"{100 * worst[0]:+.1f} % ({worst[1]})" if worst[1] else "none"))
    return (f"{len(s)} runs (`make sens`, sim/results/sens.csv); runs with stale reads, "
            f"mismatches or errors: {bad}. Largest change of the count by `waves_per_cu` "
            f"against {SENS_WAVES}, per row: " + "; ".join(parts) + ".")


def sens_plot(s, outdir, plt):
    """sensitivity.png/.svg: probes (log) against tcp_mshrs (log2), a panel per row, a line
    per waves_per_cu, the thesis' proposed count dashed; [] without a sensitivity CSV."""
    if s is None:
        return []
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter
    rows = sens_rows(s)
    cols = 2 if len(rows) > 1 else 1
    nr = (len(rows) + cols - 1) // cols
    fig, axs = plt.subplots(nr, cols, figsize=(5.2 * cols, 3.6 * nr), squeeze=False)
    for ax, (wl, n) in zip(axs.flat, rows):
        pp = THESIS[wl][n][1]
        ys = [pp]
        for k, w in enumerate(sens.WAVES):
            ms = [m for m in sens.MSHRS if (wl, n, m, w) in s]
            y = [s[(wl, n, m, w)]["probes"] for m in ms]
            ys += y
            # hollow markers of decreasing size: equal counts stay visible one inside the other
            ax.plot(ms, y, f"C{k}-" + "os^"[k % 3], ms=9 - 2.5 * k, mfc="none", mew=1.3,
                    label=f"waves_per_cu = {w}")
        ax.axhline(pp, color="k", ls="--", lw=1, label=f"thesis proposed ({pp:,})")
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        # at least a factor 2.5 each way, with plain 1-2-5 tick labels
        ax.set_ylim(min(ys) / 1.6, max(ys) * 1.6)
        ax.yaxis.set_major_locator(LogLocator(base=10, subs=(1, 2, 5)))
        ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:,.0f}"))
        ax.yaxis.set_minor_formatter(NullFormatter())
        ax.set_xticks(sens.MSHRS, [str(m) for m in sens.MSHRS])
        ax.set_xlabel("tcp_mshrs (line requests in flight per TCP)", fontsize=8)
        ax.set_ylabel("run-mode probes", fontsize=8)
        ax.set_title(SENS_LABEL[wl].format(n), fontsize=10)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7)
    for ax in list(axs.flat)[len(rows):]:
        ax.set_visible(False)
    fig.suptitle("Sensitivity of the run count to the GPU front end (model, +mode=run, gem5)",
                 fontsize=10)
    fig.tight_layout()
    files = save(fig, outdir, "sensitivity")
    plt.close(fig)
    return files


# x axes: the workload's size parameter and what it means in memory (4-byte elements; square:
# two arrays of N elements, the transposes: two W x W matrices); the byte size is per array.
XLABEL = {"square": "N (4-byte elements per array; bytes per array below)",
          "2dshfl": "W (W x W matrix of 4-byte elements; bytes per matrix below)",
          "matrixtranspose": "W (W x W matrix of 4-byte elements; bytes per matrix below)"}


def fmt_bytes(b):
    if b < 1024:
        return f"{b} B"
    for unit, k in (("MiB", 1024 ** 2), ("KiB", 1024)):
        if b >= k:
            v = b / k
            return f"{v:.1f} {unit}" if v < 10 and v != int(v) else f"{v:.0f} {unit}"
    return f"{b} B"


def xticks(wl, ns):
    if wl == "square":
        return [f"{n:,}\n{fmt_bytes(4 * n)}" for n in ns]
    return [f"{n}x{n}\n{fmt_bytes(4 * n * n)}" for n in ns]


def save(fig, outdir, stem):
    """PNG and SVG of one figure; the SVG is deterministic (fixed hash salt, no date)."""
    files = []
    for ext, kw in (("png", {"dpi": 110}), ("svg", {"metadata": {"Date": None}})):
        f = os.path.join(outdir, f"{stem}.{ext}")
        fig.savefig(f, **kw)
        files.append(f)
    return files


def plots(d, outdir, s=None):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    matplotlib.rcParams["svg.hashsalt"] = "rinv-plots"  # stable ids: re-running changes nothing
    os.makedirs(outdir, exist_ok=True)
    files = []
    for wl, (fp, ft, label) in FIG.items():
        ns = [n for n in THESIS[wl] if all((wl, n, m) in d for m in ("line", "run", "merge"))]
        if not ns:
            continue
        x = list(range(len(ns)))
        ticks = xticks(wl, ns)
        # probes: one unit (probe messages) for the thesis' counts and ours, one axis
        fig, ax = plt.subplots(figsize=(7.5, 4.3))
        series = [("thesis Default", [THESIS[wl][n][0] for n in ns], "k--o"),
                  ("thesis proposed", [THESIS[wl][n][1] for n in ns], "k-s"),
                  ("our eager", [d[(wl, n, "line")]["eager_probes"] for n in ns], "C3-o"),
                  ("line", [d[(wl, n, "line")]["probes"] for n in ns], "C0-^"),
                  ("run", [d[(wl, n, "run")]["probes"] for n in ns], "C1-v"),
                  ("merge", [d[(wl, n, "merge")]["probes"] for n in ns], "C2-D")]
        for name, ys, st in series:
            ax.plot(x, ys, st, label=name)
        ax.set_yscale("log")
        ax.set_xticks(x, ticks, fontsize=8)
        ax.set_xlabel(f"{label.split()[0]} {XLABEL[wl]}")
        ax.set_ylabel("probes (count, thesis and ours)")
        ax.set_title(f"Probes, {wl} (cf. thesis figure {fp})")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
        fig.tight_layout()
        files += save(fig, outdir, f"fig{fp.replace('.', '_')}_{wl}_probes")
        plt.close(fig)
        # time: the thesis' gem5 ticks and our cycles are different units and baselines, so
        # two panels, each with its own y axis
        fig, (axt, axo) = plt.subplots(1, 2, figsize=(11, 4.3))
        axt.plot(x, [THESIS[wl][n][2] for n in ns], "k--o", label="thesis Default")
        axt.plot(x, [THESIS[wl][n][3] for n in ns], "k-s", label="thesis proposed")
        axt.set_ylabel("thesis: gem5 ticks of probe handling")
        axt.set_title(f"Thesis (gem5 ticks), {wl}")
        for m, st in (("line", "C0-^"), ("run", "C1-v"), ("merge", "C2-D")):
            axo.plot(x, [d[(wl, n, m)]["inv_cycles"] for n in ns], st, label=f"our {m}")
        axo.set_ylabel("ours: inv_cycles (design clock cycles)")
        axo.set_title(f"Ours (cycles, INV_START to done), {wl}")
        for ax in (axt, axo):
            ax.set_yscale("log")
            ax.set_xticks(x, ticks, fontsize=8)
            ax.set_xlabel(f"{label.split()[0]} {XLABEL[wl]}", fontsize=8)
            ax.grid(True, which="both", alpha=0.3)
            ax.legend(fontsize=8)
        fig.suptitle(f"Invalidation time, {wl} (cf. thesis figure {ft}); "
                     "separate axes: ticks and cycles are not the same unit", fontsize=10)
        fig.tight_layout()
        files += save(fig, outdir, f"fig{ft.replace('.', '_')}_{wl}_time")
        plt.close(fig)
    return files + sens_plot(s, outdir, plt)


def region(begin, end):
    return re.escape(begin) + r"\n(.*?)" + re.escape(end)


def check(a, d, text, s, stext):
    """Stale or missing plot files or tables: a list of messages (empty = up to date)."""
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        fresh = plots(d, tmp, s)
        for f in fresh:
            name = os.path.basename(f)
            mine = os.path.join(a.plots, name)
            how = "make sens" if name.startswith("sensitivity.") else "make plots"
            if not os.path.exists(mine):
                bad.append(f"{mine}: missing (run {how})")
            elif open(mine, "rb").read() != open(f, "rb").read():
                bad.append(f"{mine}: differs from a fresh run (run {how})")
        names = {os.path.basename(f) for f in fresh}
    for name in sorted(os.listdir(a.plots)):
        # subdirectories belong to other writers (docs/plots/dse/: sim/dse_plot.py)
        if os.path.isdir(os.path.join(a.plots, name)):
            continue
        if name not in names:
            bad.append(f"{os.path.join(a.plots, name)}: not written by sim/plot.py")
    md = open(a.md).read()
    for (begin, end), want, how in ((TABLES, text, "make plots"), ((SENS_BEGIN, SENS_END),
                                                                    stext, "make sens")):
        m = re.search(region(begin, end), md, flags=re.S)
        if not m:
            bad.append(f"{a.md}: no region {begin} ... {end}")
        elif m.group(1) != want:
            bad.append(f"{a.md}: generated text between {begin} and {end} stale (run {how})")
    for name in sorted(names):
        if name.endswith(".svg") and f"plots/{name}" not in md:
            bad.append(f"{a.md}: no link to plots/{name}")
    if not any(n.endswith(".svg") for n in names):
        bad.append("no SVG written")
    return bad


TABLES = ("<!-- BEGIN GENERATED TABLES -->", "<!-- END GENERATED TABLES -->")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--csv", default="sim/results/model.csv")
    ap.add_argument("--sens-csv", default="sim/results/sens.csv",
                    help="sim/sens.py's CSV (make sens); skipped if the file does not exist")
    ap.add_argument("--plots", default="docs/plots")
    ap.add_argument("--md", default="docs/RESULTS.md")
    ap.add_argument("--no-plots", action="store_true")
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    d = load(a.csv)
    text = tables(d)
    s = load_sens(a.sens_csv)
    stext = sens_table(s, a.sens_csv)
    if a.check:
        bad = check(a, d, text, s, stext)
        for b in bad:
            print("STALE", b)
        n = len(os.listdir(a.plots))
        print(f"plot check: {n} files in {a.plots}, {len(bad)} stale or missing")
        sys.exit(1 if bad else 0)
    md = open(a.md).read()
    for (begin, end), new in ((TABLES, text), ((SENS_BEGIN, SENS_END), stext)):
        md, k = re.subn(region(begin, end), lambda m: f"{begin}\n{new}{end}", md, flags=re.S)
        if k != 1:
            sys.exit(f"plot.py: {a.md}: needs exactly one region {begin} ... {end}, found {k}")
    open(a.md, "w").write(md)
    if not a.no_plots:
        for f in plots(d, a.plots, s):
            print("wrote", f)
    print("updated", a.md)


if __name__ == "__main__":
    main()

"""Plots of a sim/dse.py results.csv (docs/DSE.md): PNG and SVG, the SVG deterministic (fixed
svg.hashsalt, no date), for a paper. Kinds (a spec's [sweep] plots = [...]):
  capacity   probes and over-invalidated lines vs range-table capacity (rt_cap)
  lanes      invalidation cycles vs walk_lanes
  max_range  probes vs max_range
  pareto     state bits (area proxy, state_bits()) vs probes, the Pareto front marked
One line per workload (and per value of every other parameter that varies in the sweep)."""
import csv
import json
import os
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KINDS = ("capacity", "lanes", "max_range", "pareto")
LABEL = {"rt_cap": "range-table capacity (entries per side)",
         "walk_lanes": "walk lanes (lines checked per walk cycle)",
         "max_range": "max_range (largest probe, lines)",
         "probes": "probes (count)", "over_inv_lines": "over-invalidated lines (lines)",
         "inv_cycles": "invalidation cycles (clock cycles)",
         "state_bits": "state bits (area proxy, kbit)"}


def state_bits(row, common):
    """Area proxy: the bits of state the mechanism adds, both sides. Per side: range table
    rt_cap x (line_w + nlines_w) (first line, count), history FIFO hist_cap x line_w, the
    cache controller's write recorder rec_cap x line_w, probes in flight probe_inflight x
    (line_w + nlines_w). The caches' own tags and data are not counted (they exist anyway)."""
    lw, nw = common["line_w"], common["nlines_w"]
    per_side = (int(row["rt_cap"]) * (lw + nw) + int(row["hist_cap"]) * lw
                + int(row["rec_cap"]) * lw + int(row["probe_inflight"]) * (lw + nw))
    return 2 * per_side


def _setup():
    plt.rcParams.update({"svg.hashsalt": "rinv-dse", "font.size": 9, "figure.dpi": 110,
                         "axes.grid": True, "grid.alpha": 0.3})


def _save(fig, out, name):
    os.makedirs(out, exist_ok=True)
    paths = []
    for ext, md in (("png", {"Software": None}), ("svg", {"Date": None})):
        p = os.path.join(out, f"{name}.{ext}")
        fig.savefig(p + ".tmp", format=ext, metadata=md, bbox_inches="tight")
        os.replace(p + ".tmp", p)
        paths.append(p)
    plt.close(fig)
    return paths


def _load(path):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    if not rows:
        raise SystemExit(f"error: {path}: no rows")
    with open(os.path.join(ROOT, "sim", "params.json")) as f:
        P = json.load(f)
    keys = [k for k in P["config"]["gem5"] if k != "id"]
    varied = [k for k in keys if len({r[k] for r in rows}) > 1]
    return rows, keys, varied, P


def _slice(rows, x, varied, P):
    """The rows with every varied parameter but x at one value: the base configuration's
    value when the sweep has it, else the middle of the swept values. Returns (rows, text)."""
    fixed = {}
    for k in varied:
        if k == x:
            continue
        vals = sorted({int(r[k]) for r in rows})
        b = P["config"][rows[0]["base"]][k]
        fixed[k] = b if b in vals else vals[len(vals) // 2]
    keep = [r for r in rows if all(int(r[k]) == v for k, v in fixed.items())]
    return keep, ", ".join(f"{k}={v}" for k, v in fixed.items())


def _series(rows, x, y, varied):
    """{label: [(x, mean y over seeds)]}: one series per workload and mode."""
    groups = defaultdict(lambda: defaultdict(list))
    for r in rows:
        lab = [f"{r['result.workload']} n={r['result.n']}", r["result.mode"]]
        groups[", ".join(lab)][int(r[x])].append(float(r[f"result.{y}"]))
    return {g: sorted((xv, sum(v) / len(v)) for xv, v in d.items())
            for g, d in sorted(groups.items())}


def _lines(rows, varied, P, x, ys, title, out, name):
    if x not in varied:
        raise SystemExit(f"error: plot {name}: {x} does not vary in this sweep")
    rows, fixed = _slice(rows, x, varied, P)
    if fixed:
        title += f"\n({rows[0]['base']} configuration, {fixed})"
    else:
        title += f"\n({rows[0]['base']} configuration)"
    fig, axs = plt.subplots(1, len(ys), figsize=(4.2 * len(ys), 3.4), squeeze=False,
                            layout="constrained")
    for ax, y in zip(axs[0], ys):
        for lab, pts in _series(rows, x, y, varied).items():
            ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", ms=3, label=lab)
        ax.set_xscale("log", base=2)
        ax.set_xticks(sorted({int(r[x]) for r in rows}))
        ax.get_xaxis().set_major_formatter(matplotlib.ticker.ScalarFormatter())
        ax.set_xlabel(LABEL[x])
        ax.set_ylabel(LABEL[y])
    axs[0][-1].legend(fontsize=6, loc="best")
    fig.suptitle(title)
    return _save(fig, out, name)


def _front(pts):
    """The points (bits, cost) no other point beats in both (sorted by bits)."""
    front, best = [], None
    for b, c in sorted(pts):
        if best is None or c < best:
            front.append((b, c))
            best = c
    return front


def _pareto(rows, keys, common, out):
    """Per configuration: state bits vs probes (and vs over-invalidated lines), each summed
    over the configuration's workloads, modes and seeds; the Pareto front of each pair."""
    cfgs = defaultdict(lambda: [0, 0, 0])
    for r in rows:
        c = cfgs[tuple(r[k] for k in keys)]
        c[0] = state_bits(r, common)
        c[1] += int(r["result.probes"])
        c[2] += int(r["result.over_inv_lines"])
    fig, axs = plt.subplots(1, 2, figsize=(8.4, 3.4), layout="constrained")
    for ax, i, what in ((axs[0], 1, "probes"), (axs[1], 2, "over-invalidated lines")):
        pts = [(v[0], v[i]) for v in cfgs.values()]
        front = _front(pts)
        ax.scatter([b / 1000 for b, _ in pts], [c for _, c in pts], s=10, alpha=0.5,
                   label=f"{len(pts)} configurations")
        ax.step([b / 1000 for b, _ in front], [c for _, c in front], where="post", color="C3",
                marker="o", ms=4, label=f"Pareto front ({len(front)})")
        ax.set_xlabel(LABEL["state_bits"])
        unit = "count" if i == 1 else "lines"
        ax.set_ylabel(f"{what} ({unit})\nsummed over the workloads")
        ax.legend(fontsize=7)
    fig.suptitle(f"area proxy vs invalidation work ({rows[0]['base']} base configuration)")
    return _save(fig, out, "pareto")


def plot_all(csv_path, kinds, out):
    for k in kinds:
        if k not in KINDS:
            raise SystemExit(f"error: unknown plot kind {k!r} (kinds: {', '.join(KINDS)})")
    _setup()
    rows, keys, varied, P = _load(csv_path)
    paths = []
    for k in kinds:
        if k == "capacity":
            paths += _lines(rows, varied, P, "rt_cap", ["probes", "over_inv_lines"],
                            "range-table capacity", out, "capacity")
        elif k == "lanes":
            paths += _lines(rows, varied, P, "walk_lanes", ["inv_cycles"],
                            "walk lanes vs invalidation time", out, "lanes")
        elif k == "max_range":
            paths += _lines(rows, varied, P, "max_range", ["probes"], "largest probe", out,
                            "max_range")
        else:
            paths += _pareto(rows, keys, P["common"], out)
    return paths

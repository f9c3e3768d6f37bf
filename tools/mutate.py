#!/usr/bin/env python3
"""Mutation testing of the RTL against the lockstep testbench (make mutate).

Each mutant is a copy of the tree in build-mut/<k>/ with one small, realistic edit of one
RTL file; its lockstep binary is built there (make verilate) and a short kill-suite of
existing lockstep runs (tests/cases.sh) is run on it. A mutant is killed when any run of
the suite fails (mismatch, stale read, coherence error, assertion, failed condition,
timeout); it survived when all runs pass. The real rtl/ files are never modified.

  python3 tools/mutate.py --check      validate the list only (each snippet occurs once)
  python3 tools/mutate.py              build + run every mutant, print the table and score,
                                       write the table into docs/VERIFICATION.md
  env: MUT_JOBS (default 2) mutants in parallel; MUT_ONLY=1,2,5 a subset (1-based ids);
       MUT_TIMEOUT per run in seconds (default 300); MUT_NO_DOC=1 to not touch the doc.
  python3 tools/mutate.py --table LOG...   table + score from the "mutant k: ..." lines of
                                       several partial runs (MUT_ONLY subsets as separate jobs)
"""
from __future__ import annotations

import concurrent.futures as cf
import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUT_DIR = ROOT / "build-mut"
DOC = ROOT / "docs" / "VERIFICATION.md"
BEGIN, END = "<!-- BEGIN MUTATION -->", "<!-- END MUTATION -->"
COPY = ["rtl", "tb", "common", "cmodel", "sw", "tests", "tools", "params", "sim", "Makefile",
        "mk"]


@dataclass(frozen=True)
class Mutation:
    file: str
    orig: str
    repl: str
    desc: str


MUTATIONS = [
    Mutation("rtl/side_cc.sv",
             "in_range = ({1'b0, l} >= {1'b0, f}) && ({1'b0, l} < e);",
             "in_range = ({1'b0, l} >= {1'b0, f}) && ({1'b0, l} <= e);",
             "set walk: range end comparison off by one (line first+n also matched)"),
    Mutation("rtl/side_cc.sv",
             "walk_last = psw_q ? (walk_q + 27'd1 == 27'(SMax))",
             "walk_last = psw_q ? (walk_q + 27'd2 == 27'(SMax))",
             "set walk ends one set early (last set never invalidated)"),
    Mutation("rtl/side_cc.sv",
             "ack_valid_o       = 1'b0;",
             "ack_valid_o       = 1'b1;",
             "ack valid forced high outside StAck"),
    Mutation("rtl/dir_ctrl.sv",
             "{1'b0, fh} != {1'b0, pf_q} + pn_q",
             "{1'b0, fh} < {1'b0, pf_q} + pn_q",
             "probe generator run adjacency: `<` instead of `!=` (non-adjacent higher line joins the run)"),
    Mutation("rtl/dir_ctrl.sv",
             "pn_q == 27'(MaxRange)))",
             "pn_q == 27'(MaxRange - 1)))",
             "probe generator splits runs at MaxRange-1 instead of MaxRange"),
    Mutation("rtl/side_cc.sv",
             "if (!psw_q && l2_hit_any && l2_dirty[l2_hit_way]) begin",
             "if (!psw_q && l2_hit_any && l2_dirty[l2_hit_way] && 1'b0) begin",
             "address-walk probe hit on a dirty L2 line skips the write-back"),
    Mutation("rtl/side_cc.sv",
             "fill_ready_o = !stall_fill_i;",
             "fill_ready_o = 1'b1;",
             "fill ready not gated by the stall (ready while the fill is not taken)"),
    Mutation("rtl/side_cc.sv",
             "assign wr_rr_en    = fill && !has_inval;",
             "assign wr_rr_en    = fill;",
             "L1 victim pointer advances also when an invalid way was filled"),
    Mutation("rtl/side_cc.sv",
             "end else if (32'(rec_cnt) == RecCap) begin",
             "end else if (32'(rec_cnt) == RecCap && !port_any) begin",
             "StIdle priority: core request before the early recorder drain (recorder overflows)"),
    Mutation("rtl/range_table.sv",
             "if (k == 0 || gap_k < best_gap) begin",
             "if (k == 0 || gap_k <= best_gap) begin",
             "range table smallest-gap merge: ties go to the highest gap instead of the lowest"),
    Mutation("rtl/range_table.sv",
             "if (take_end > {1'b0, l_q[0]}) begin",
             "if (take_end >= {1'b0, l_q[0]}) begin",
             "range table take: entry 0 removed one line too early"),
    Mutation("rtl/dir_ctrl.sv",
             "if (probe_hs) begin",
             "if (ack_hs) begin",
             "PROBES/PROBE_LINES counted at the ack instead of the probe handshake"),
    Mutation("rtl/dir_ctrl.sv",
             "hist_done_d[s] = 1'b1;",
             "hist_done_d[s] = 1'b0;",
             "hist_done pulse missing after the last history beat"),
    Mutation("rtl/dir_ctrl.sv",
             "else rb_err_o = (owner_q != req_id) || inv_busy_q",
             "else rb_err_o = (owner_q == 2'd0) || inv_busy_q",
             "lock release accepted from a requester that does not own the lock"),
    Mutation("rtl/side_cc.sv",
             "assign st_be    = 64'(req_q.wstrb) << {req_word, 2'b00};",
             "assign st_be    = 64'(4'hf) << {req_word, 2'b00};",
             "byte strobe ignored on stores (whole word written and marked dirty)"),
    Mutation("rtl/dir_ctrl.sv",
             "assign m_grant = (elig == 2'b11) ? !m_last_q : elig[1];",
             "assign m_grant = (elig == 2'b11) ? m_last_q : elig[1];",
             "memory arbiter tie-break: side granted last wins again"),
    Mutation("rtl/hist_fifo.sv",
             "assign push_ok_o = push_i && (32'(cnt_after) < Depth);",
             "assign push_ok_o = push_i && (32'(cnt_after) <= Depth);",
             "history FIFO full check off by one (one entry more than its capacity)"),
    Mutation("rtl/axil_regbus.sv",
             "(do_wr && axi_wstrb_i != 4'hf)",
             "(do_wr && axi_wstrb_i == 4'h0)",
             "register write with a partial strobe accepted"),
    Mutation("rtl/side_cc.sv",
             "l2_wr_dmask    = l2_dmask[l2_hit_way] | st_be;",
             "l2_wr_dmask    = st_be;",
             "a store hit forgets the line's earlier dirty bytes"),
    Mutation("rtl/dir_ctrl.sv",
             "if (pr_all_q) st_over_inv_d = st_over_inv_d + ack_hits_i[tgt];",
             "if (1'b0) st_over_inv_d = st_over_inv_d + ack_hits_i[tgt];",
             "invalidate-all fallback: over-invalidated hits not counted"),
    # issue 14: the classes that the stimulus used to miss
    Mutation("rtl/dir_ctrl.sv",
             "st_hist_entries_d = st_hist_entries_q + 32'(beat_data[0])",
             "st_hist_entries_d = (st_hist_entries_q >= 32'd4095) ? st_hist_entries_q : "
             "st_hist_entries_q + 32'(beat_data[0])",
             "statistics counter saturates early (hist_entries stops at 4095)"),
    Mutation("rtl/side_cc.sv",
             "end else if (psw_q && l2_dm_any) begin",
             "end else if (psw_q && l2_dm_any && 1'b0) begin",
             "set-walk probe hit on a dirty L2 line skips the write-back (dirty data dropped)"),
    Mutation("rtl/dir_ctrl.sv",
             "m_last_q  <= 1'b1;",
             "m_last_q  <= 1'b0;",
             "memory arbiter's reset tie-break inverted (GPU wins the first tie after reset)"),
    Mutation("rtl/dir_ctrl.sv",
             "32'(beat_data[0]) + 32'(beat_data[1]);",
             "32'(|beat_data);",
             "both sides' history beats in one cycle counted once"),
    Mutation("rtl/dir_ctrl.sv",
             "(w == WalkSet) ? 1'b1 : (n > smax);",
             "(w == WalkSet) ? 1'b1 : (n >= smax);",
             "walk auto threshold off by one (a probe of exactly SMAX lines takes the set walk)"),
]

VOPT_FAST_BUILD = "-MAKEFLAGS OPT_FAST=-O0 -MAKEFLAGS OPT_SLOW=-O0 -MAKEFLAGS OPT_GLOBAL=-O0"

T = "tests/traces"
# Kill-suite: (name, check_result.py arguments before --, tb plusargs). Taken from tests/cases.sh.
SUITE = [
    ("handover_line", [], f"+workload={T}/handover.trace +mode=line +stall=20 +seed=11 +quiet"),
    ("handover_run", [], f"+workload={T}/handover.trace +mode=run +stall=20 +seed=11 +quiet"),
    ("handover_merge", [], f"+workload={T}/handover.trace +mode=merge +stall=20 +seed=11 +quiet"),
    ("scattered_run", ["--cond", "probes == 6"], f"+workload={T}/scattered.trace +mode=run +quiet"),
    ("scattered_merge", ["--cond", "probes == 1"], f"+workload={T}/scattered.trace +mode=merge +quiet"),
    ("strided_merge_fpga", ["--cond", "hist_overflows == 12", "--cond", "over_inv_lines == 12",
                            "--cond", "probes == 8"],
     f"+config=fpga +workload={T}/strided.trace +mode=merge +quiet"),
    ("regs_map", ["--cond", "reg_errors == 42"], f"+workload={T}/regs_map.trace +mode=run +walk=addr +quiet"),
    ("regs_values", ["--cond", "reg_errors == 29"],
     f"+workload={T}/regs_values.trace +mode=run +walk=addr +quiet"),
    ("regs_lock", ["--cond", "reg_errors == 13", "--cond", "releases == 3"],
     f"+workload={T}/regs_lock.trace +mode=run +walk=addr +quiet"),
    ("regs_busy", ["--cond", "reg_errors == 12", "--cond", "probes >= 16"],
     f"+workload={T}/regs_busy.trace +mode=line +walk=addr +quiet"),
    ("square200", [], "+workload=square +n=200 +quiet"),
    ("strobes_merge", ["--cond", "loads_checked == 11"],
     f"+workload={T}/strobes.trace +mode=merge +stall=25 +seed=12 +quiet"),
    ("max_range_split", ["--cond", "probes == 4", "--cond", "probe_lines == 600"],
     f"+workload={T}/cov_max_range.trace +config=fpga +mode=run +walk=addr +stall=5 +seed=44 +quiet"),
    ("merge_take_257", ["--cond", "probes == 2", "--cond", "probe_lines == 257"],
     f"+workload={T}/merge_take_257.trace +config=fpga +mode=merge +stall=10 +seed=45 +quiet"),
    ("fifo_overflow", ["--cond", "hist_overflows > 0"],
     f"+workload={T}/cov_fifo_overflow.trace +config=fpga +mode=line +walk=auto +stall=5 +seed=43 +quiet"),
    ("reset_at_hist", ["--cond", "resets == 1"], "+workload=random +seed=21 +n=3000 +config=fpga "
     "+mode=merge +stall=20 +reset_at=hist+1 +quiet"),
    ("fpga_mt32_merge_set", [], "+config=fpga +workload=matrixtranspose +n=32 +mode=merge +walk=set "
                                "+stall=25 +seed=9 +quiet"),
    ("fpga_square600_run_auto", [], "+config=fpga +workload=square +n=600 +mode=run +walk=auto "
                                    "+stall=25 +seed=26 +quiet"),
    ("random_fpga_s3", ["--cond", "releases > 20"], "+workload=random +seed=3 +n=4000 +config=fpga "
                                                    "+mode=merge +walk=auto +stall=15 +quiet"),
    ("random_fpga_s9", [], "+workload=random +seed=9 +n=1500 +config=fpga +mode=line +walk=set "
                           "+stall=40 +quiet"),
    ("random_gem5_s5", [], "+workload=random +seed=5 +n=1000 +config=gem5 +mode=run +walk=auto "
                           "+stall=10 +reorder=1 +quiet"),
    # corner events the random generator reaches (tb/corners.h), one seed each
    ("random_tie_at_first_grant", ["--cond", 'corners["mem_arb_tie_at_first_grant"] == 1'],
     "+workload=random +seed=11 +n=300 +config=fpga +stall=15 +quiet"),
    ("random_beats_both_taken", ["--cond", 'corners["hist_beats_both_taken"] > 0'],
     "+workload=random +seed=10 +n=2000 +config=fpga +stall=10 +walk=auto +quiet"),
    ("random_auto_threshold", ["--cond", 'corners["auto_walk_at_threshold"] > 0'],
     "+workload=random +seed=36 +n=3000 +config=fpga +stall=5 +quiet"),
    ("dirty_probe_set", ["--cond", 'corners["dirty_wb_set_walk"] > 0'],
     f"+workload={T}/cov_dirty_probe_set.trace +config=fpga +mode=run +walk=set +stall=10 "
     "+seed=42 +quiet"),
    ("hist_entries_4100", ["--cond", "hist_entries == 4100"],
     f"+workload={T}/hist_entries_4100.trace +config=fpga +mode=run +quiet"),
]


def occurrences(m: Mutation, root: Path) -> int:
    return (root / m.file).read_text().count(m.orig)


def check(root: Path = ROOT) -> int:
    bad = 0
    for k, m in enumerate(MUTATIONS, 1):
        n = occurrences(m, root)
        ok = n == 1 and m.orig != m.repl
        print(f"{'ok ' if ok else 'BAD'} {k:2d} {m.file}: {m.desc}" + ("" if ok else f" (found {n}x)"))
        bad += not ok
    if len(MUTATIONS) < 12:
        print(f"BAD only {len(MUTATIONS)} mutations (need >= 12)")
        bad += 1
    print(f"{len(MUTATIONS) - bad}/{len(MUTATIONS)} mutations valid")
    return 1 if bad else 0


def prepare(k: int, m: Mutation) -> Path:
    d = MUT_DIR / str(k)
    if d.exists():
        shutil.rmtree(d)
    d.mkdir(parents=True)
    for name in COPY:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, d / name, symlinks=True,
                            ignore=shutil.ignore_patterns("__pycache__", "results"))
        else:
            shutil.copy2(src, d / name)
    f = d / m.file
    text = f.read_text()
    n = text.count(m.orig)
    if n != 1:
        raise SystemExit(f"mutant {k}: snippet found {n}x in {m.file}: {m.orig!r}")
    f.write_text(text.replace(m.orig, m.repl))
    return d


def fail_hint(out: str, rc: int) -> str:
    """One short reason from a failing run's output (RESULT counters or the checker's line)."""
    lines = [ln.strip() for ln in out.splitlines() if ln.strip()]
    if any(ln.startswith("TIMEOUT") for ln in lines):
        return "timeout (hang)"
    res = next((ln for ln in reversed(lines) if ln.startswith("RESULT ")), None)
    parts = []
    if res:
        try:
            r = json.loads(res[len("RESULT "):])
            parts = [f"{k}={r[k]}" for k in ("mismatches", "stale_reads", "errors")
                     if r.get(k)]
            if r.get("truncated"):
                parts.append(f"stopped at cycle {r.get('cycles')}")
        except (ValueError, KeyError):
            pass
    if any("assert" in ln.lower() for ln in lines):
        parts.append("assertion")
    fail = next((ln for ln in reversed(lines) if ln.startswith("check_result: FAIL")), None)
    if not parts and fail:
        parts.append(fail[len("check_result: FAIL: "):])
    return ", ".join(parts)[:120] or f"exit status {rc}"


def run_mutant(k: int, m: Mutation, timeout: int) -> dict:
    t0 = time.time()
    d = prepare(k, m)
    log = d / "mutate.log"
    res = {"k": k, "m": m, "status": "", "why": ""}
    with open(log, "w") as lf:
        # -O0: a mutant binary runs a short suite once, so compile time dominates
        # ARCH=v1: the mutants are of the v1 RTL (rtl/*.sv); its lockstep binary in ./tb_dir
        b = subprocess.run(["make", "-C", str(d), "verilate", "ARCH=v1", "BUILD=build",
                            "TB_BIN=tb_dir", "JOBS=1", "VOPT=" + VOPT_FAST_BUILD],
                           stdout=lf,
                           stderr=subprocess.STDOUT)
        if b.returncode != 0:
            res.update(status="build-error", why="make verilate failed (see mutate.log)")
            return res
        res["build_s"] = time.time() - t0
        for name, conds, args in SUITE:
            cmd = [sys.executable, "tests/check_result.py", *conds, "--", "./tb_dir", *args.split(),
                   "+no_rerun"]
            lf.write(f"\n=== {name}: {' '.join(cmd)}\n")
            lf.flush()
            try:
                r = subprocess.run(cmd, cwd=d, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   text=True, timeout=timeout)
                out, rc = r.stdout, r.returncode
            except subprocess.TimeoutExpired:
                out, rc = f"TIMEOUT after {timeout}s\n", -1
            lf.write(out)
            if rc != 0:
                res.update(status="killed", why=f"{name}: {fail_hint(out, rc)}")
                break
        else:
            res.update(status="survived", why=f"all {len(SUITE)} runs pass")
    res["secs"] = time.time() - t0
    return res


def table(results: list[dict]) -> str:
    rows = ["| # | file | mutation | result | first failing run / note |",
            "|---|------|----------|--------|--------------------------|"]
    for r in sorted(results, key=lambda r: r["k"]):
        why = r["why"].replace("|", "\\|")
        rows.append(f"| {r['k']} | {r['m'].file} | {r['m'].desc} | {r['status']} | {why} |")
    return "\n".join(rows)


def score(results: list[dict]) -> str:
    tot = len(results)
    killed = sum(r["status"] == "killed" for r in results)
    return f"{killed}/{tot} ({100.0 * killed / tot if tot else 0:.0f}%)"


def write_doc(results: list[dict], ids: list[int]) -> None:
    text = DOC.read_text()  # re-read right before editing
    subset = "all mutants" if len(ids) == len(MUTATIONS) else "mutants " + ",".join(map(str, ids))
    block = (f"{BEGIN}\nLast run ({time.strftime('%Y-%m-%d')}, {subset} of {len(MUTATIONS)}, "
             f"kill-suite of {len(SUITE)} lockstep runs): score **{score(results)}** killed.\n\n"
             f"{table(results)}\n{END}")
    if BEGIN in text and END in text:
        a = text.index(BEGIN)
        b = text.index(END) + len(END)
        text = text[:a] + block + text[b:]
    else:
        text = text.rstrip("\n") + "\n\n## 10. Mutation testing: `make mutate`\n\n" + block + "\n"
    DOC.write_text(text)


def from_logs(paths: list[str]) -> int:
    """--table LOG...: the table and score from the result lines of several (partial) runs,
    e.g. MUT_ONLY subsets run as separate jobs; the last line for a mutant wins."""
    import re
    pat = re.compile(r"^mutant +(\d+): (\S+) +\(\d+s\) ?(.*)$")
    by_k = {}
    for p in paths:
        for line in Path(p).read_text().splitlines():
            mt = pat.match(line)
            if mt:
                k = int(mt.group(1))
                by_k[k] = {"k": k, "m": MUTATIONS[k - 1], "status": mt.group(2), "why": mt.group(3)}
    results = list(by_k.values())
    print(table(results))
    print(f"\nmutation score: {score(results)}")
    write_doc(results, sorted(by_k))
    return 0


def main(argv: list[str]) -> int:
    if "--check" in argv:
        return check()
    if argv[:1] == ["--table"]:
        return from_logs(argv[1:])
    if check() != 0:
        return 1
    only = os.environ.get("MUT_ONLY", "").strip()
    ids = [int(x) for x in only.split(",") if x.strip()] if only else list(range(1, len(MUTATIONS) + 1))
    for k in ids:
        if not 1 <= k <= len(MUTATIONS):
            raise SystemExit(f"MUT_ONLY: no mutant {k}")
    jobs = int(os.environ.get("MUT_JOBS", "2"))
    timeout = int(os.environ.get("MUT_TIMEOUT", "300"))
    print(f"running {len(ids)} mutants, {jobs} in parallel, kill-suite of {len(SUITE)} runs", flush=True)
    results = []
    with cf.ThreadPoolExecutor(max_workers=jobs) as ex:
        futs = {ex.submit(run_mutant, k, MUTATIONS[k - 1], timeout): k for k in ids}
        for f in cf.as_completed(futs):
            r = f.result()
            results.append(r)
            print(f"mutant {r['k']:2d}: {r['status']:9s} ({r.get('secs', 0):.0f}s) {r['why']}", flush=True)
    print()
    print(table(results))
    print(f"\nmutation score: {score(results)}")
    if os.environ.get("MUT_NO_DOC") != "1":
        write_doc(results, ids)
        print(f"table written to {DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

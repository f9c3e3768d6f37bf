#!/usr/bin/env python3
"""FSM and overflow-policy functional coverage (make coverage, docs/VERIFICATION.md §11).

One place for the coverage goals:
  * FSMs are extracted from the RTL (rtl/rinv.f): every `typedef enum ... {St..} x_e;` with a
    `x_e foo_q, foo_d;` state pair is an FSM; its states are the enum members, its declared
    transitions are the `foo_d = StX;` assignments inside the items of `case (foo_q)` (item
    label -> StX), plus the assignments made after the case under `if (flag)` where `flag`
    is set inside case items (`finish = 1'b1` in GGen/GWaitAck -> GIdle) or is listed in
    OVERRIDES below with the states it can fire in (cross-checked: an override in the RTL
    that is neither is an error, as is an OVERRIDES entry that no longer exists).
    `default:` items are not goals (every FSM's enum is fully decoded, state_q only ever
    loads an enum member). A new `state_d = StX;` in the RTL becomes a coverage goal.
  * Overflow policies (pol_*, required like the FSM goals) and a few informational functional
    points (fn_*: hist_fifo, range_table insert cases, max_range splits) are the explicit table
    FUNC below (expressions in the bound module's scope).
The script generates rtl/sva/rinv_cov.sv (cover modules + bind statements, compiled only into
the coverage build) and, from merged Verilator coverage data, the report.

Two architectures (--arch, default v2). The text above describes v1 (rtl/rinv.f,
docs/ARCHITECTURE.md, tables FSM_IDS / OVERRIDES / WAIVERS / FUNC, output rtl/sva/rinv_cov.sv,
unchanged). v2 reads rtl/v2/rinv.f and docs/ARCHITECTURE_v2.md, has its own tables (FSM_IDS_V2,
OVERRIDES_V2, WAIVERS_V2, FUNC_V2) and writes rtl/v2/cov/rinv_cov.sv (not rtl/v2/sva/, whose
files all go into the normal build). The extractor also handles 1-bit enums (`typedef enum
logic {GIdle, GRun}`), FSMs coded as `if (x_q == StA) begin ... end` in an always_comb (the
block is the item of StA), and case items shared by several states that tell them apart with
one-line `if (x_q == StX) ... else ...` (each assignment gets its own source state).

usage: fsm_cov.py [--arch v1|v2]  regenerate the architecture's cover module
       fsm_cov.py --check         fail if the cover module is out of date
       fsm_cov.py --list          print the goals
       fsm_cov.py --report MERGED.dat [--out REPORT.txt]
                                  line/branch/toggle per RTL file + FSM/policy table;
                                  exit 1 if an FSM state, declared transition or
                                  overflow-policy point (not waived) is unreached
"""
import argparse
import collections
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rtl_enums as rtl_enums_lib  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Per architecture (--arch, default v2): generated file, RTL file list, contract. v2's file is
# not under rtl/v2/sva/ (every file there is compiled into the normal build).
ARCH_PATHS = {
    "v1": ("rtl/sva/rinv_cov.sv", "rtl/rinv.f", "docs/ARCHITECTURE.md"),
    "v2": ("rtl/v2/cov/rinv_cov.sv", "rtl/v2/rinv.f", "docs/ARCHITECTURE_v2.md"),
}
# Further contract files whose FSM states count as described (v2: the GPU front end's
# coalescer, TCP and GPU owner FSM are specified in the v3 front-end contract).
ARCH_EXTRA = {"v1": (), "v2": ("docs/ARCHITECTURE_v3_gpu_frontend.md",)}
ARCH = "v2"
OUT_SV = os.path.join(ROOT, "rtl", "sva", "rinv_cov.sv")
RTL_F = os.path.join(ROOT, "rtl", "rinv.f")
ARCH_MD = os.path.join(ROOT, "docs", "ARCHITECTURE.md")

# Short FSM ids for cover names (module, state register base) -> id. Modules with a `Side`
# parameter get one goal set per side (id + _cpu / _gpu); others are summed over instances.
FSM_IDS = {
    ("axil_regbus", "state"): "regbus",
    ("dir_ctrl", "m_state"): "memarb",
    ("dir_ctrl", "g_state"): "probegen",
    ("side_cc", "state"): "cc",
}
PER_SIDE_MODULES = {"side_cc"}  # parameter Side: 0 CPU, 1 GPU (v1; v2: none, see set_arch)
SIDES = ("cpu", "gpu")

# State-register assignments after the case, guarded by a signal that is not set inside the
# case items: (module, state base, guard) -> (source states, reason).
OVERRIDES = {
    ("dir_ctrl", "g_state", "wr_inv_start"): (
        ["GIdle"],
        "INV_START is accepted only while !inv_busy (ARCHITECTURE.md §6), and inv_busy is 1 "
        "in every state but GIdle (§5.3: set with -> GGen, cleared with finish -> GIdle)"),
}

# Goals that are unreachable by the contract (cover name -> reason). Every entry must name a
# goal that exists; it is reported but does not fail make coverage.
WAIVERS = {}
FSM_IDS_V1, OVERRIDES_V1, WAIVERS_V1 = FSM_IDS, OVERRIDES, WAIVERS

# Functional / overflow-policy points: (module, name, expression in the module's scope,
# description). "{s}" -> 0/1 and "{side}" -> cpu/gpu expand one point per side.
FUNC = [
    # Recorder overflow (§4.2 StIdle rule 3): a full recorder is drained early, one entry.
    ("side_cc", "pol_rec_early_drain_{side}",
     "state_q == {StIdle} && state_d == {StHistLookup} && !xfer_q",
     "recorder full: early drain of one entry (StIdle -> StHistLookup without xfer)"),
    ("side_cc", "pol_rec_full_{side}", "32'(rec_cnt) == RecCap",
     "recorder occupancy reached rec_cap"),
    # History FIFO overflow (§5.2) and its fallback (§5.3): invalidate-all probe.
    ("dir_ctrl", "pol_fifo_drop_{side}", "fifo_push[{s}] && !fifo_push_ok[{s}]",
     "history FIFO full: beat not stored, ovf set"),
    ("dir_ctrl", "pol_all_probe_{side}",
     "g_state_q == {GGen} && ovf_q[{s}] && src_q == 1'b{s}",
     "release by this side with ovf: invalidate-all probe instead of the FIFO"),
    ("dir_ctrl", "pol_all_probe_ack_{side}",
     "g_state_q == {GWaitAck} && pr_all_q && ack_hs && src_q == 1'b{s}",
     "ack of the invalidate-all probe: over_inv += hits, finish"),
    # Range-table overflow (§5.2 merge rule 4): smallest-gap merge.
    ("dir_ctrl", "pol_rt_forced_merge_{side}", "rt_ovf[{s}]",
     "range table full: smallest-gap merge (over-invalidation)"),
    # Probe splits at CFG.max_range (§5.3).
    ("dir_ctrl", "fn_run_split_max_range",
     "g_state_q == {GGen} && mode_q == ModeRun && !ovf_q[src_q] && !fe && "
     "pn_q == 27'(MaxRange) && {1'b0, fh} == {1'b0, pf_q} + pn_q",
     "run mode: pending run reached max_range, adjacent head starts the next probe"),
    ("dir_ctrl", "fn_merge_split_max_range",
     "g_state_q == {GGen} && mode_q == ModeMerge && rt_cnt[src_q] != '0 && "
     "({1'b0, rt_l0[src_q]} - {1'b0, rt_f0[src_q]} + 27'd1) > 27'(MaxRange)",
     "merge mode: entry 0 longer than max_range, probe clipped"),
    ("dir_ctrl", "fn_merge_take_partial",
     "rt_take != '0 && mrg_n != ({1'b0, rt_l0[src_q]} - {1'b0, rt_f0[src_q]} + 27'd1)",
     "merge mode: probe takes only part of entry 0 (entry shrinks)"),
    # Range-table insert cases (§5.2 merge rules 1-4), summed over both sides.
    ("range_table", "fn_rt_contained", "ins_i && any_cont", "insert: already contained"),
    ("range_table", "fn_rt_extend_up", "ins_i && !any_cont && any_hi && !hi_merge",
     "insert: X == l_i + 1, extend up"),
    ("range_table", "fn_rt_bridge", "ins_i && !any_cont && hi_merge",
     "insert: extend up and merge with the next entry"),
    ("range_table", "fn_rt_extend_down", "ins_i && !any_cont && !any_hi && any_lo",
     "insert: X == f_j - 1, extend down"),
    ("range_table", "fn_rt_new", "ins_i && !any_cont && !any_hi && !any_lo && 32'(c1) != Cap",
     "insert: new [X, X] entry"),
    # History FIFO, summed over both sides.
    ("hist_fifo", "fn_fifo_push_pop", "push_i && pop_i && !flush_i",
     "push and pop in the same cycle"),
    ("hist_fifo", "fn_fifo_flush", "flush_i && cnt_q != '0", "flush of a non-empty FIFO"),
    ("hist_fifo", "fn_fifo_wrap", "push_ok_o && 32'(tail_q) == Depth - 1",
     "tail pointer wraps"),
]
FUNC_V1 = FUNC

HEADER = """\
// GENERATED by tools/fsm_cov.py from the RTL FSMs (rtl/rinv.f) and its FUNC table: do not edit;
// run `python3 tools/fsm_cov.py` (checked by test fsm_cov_up_to_date).
//
// Functional coverage for `make coverage` (docs/VERIFICATION.md §11): one `cover property` per
// FSM state (cycle in the state), per declared transition (state_q == A && state_d == B at
// an edge) and per overflow-policy / functional point, bound into the RTL modules. Compiled
// only into the coverage build ($(BUILD)/cov, Verilator --coverage --assert); the normal
// tb_dir, lint, Icarus, Yosys and the FPGA flow never see this file.
"""
HEADER_V1 = HEADER


HEADER_V2 = """\
// GENERATED by tools/fsm_cov.py --arch v2 from the v2 RTL FSMs (rtl/v2/rinv.f) and its FUNC_V2
// table: do not edit; run `python3 tools/fsm_cov.py --arch v2` (checked by test
// fsm_cov_up_to_date).
//
// Functional coverage for `make coverage` (docs/VERIFICATION.md §11): one `cover property` per
// FSM state (cycle in the state), per declared transition (state_q == A && state_d == B at
// an edge) and per overflow-policy / functional point, bound into the RTL modules. Compiled
// only into the coverage build ($(BUILD)/cov, Verilator --coverage --assert); it lives in
// rtl/v2/cov/, not rtl/v2/sva/, so the normal tb_dir, lint, Icarus, Yosys and the FPGA flow
// never see it.
"""

# ---- v2 tables (RTL rtl/v2/rinv.f, contract docs/ARCHITECTURE_v2.md) -------------------------
# v2: side_cc is the CPU side's controller only; the GPU side's is gpu_side_cc (v3 §6.2), so
# neither is per side. Coalescer and TCP: four instances each, goals summed over the CUs.
FSM_IDS_V2 = {
    ("side_cc", "state"): "cc_cpu",
    ("gpu_side_cc", "state"): "cc_gpu",
    ("gpu_coalescer", "ist"): "coal",
    ("gpu_tcp", "tst"): "tcp",
    ("range_table", "state"): "rt",      # one per side, no Side parameter: summed over sides
    ("dir_memarb", "m_state"): "memarb",
    ("dir_probegen", "g_state"): "probegen",
    ("axil_regbus", "state"): "regbus",
}

OVERRIDES_V2 = {
    ("dir_probegen", "g_state", "wr_inv_start"): (
        ["GIdle"],
        "INV_START is committed only while !inv_busy (ARCHITECTURE_v2.md §7.5 / v1 §6: "
        "inv_start_ok), and inv_busy is 1 exactly in GRun (§7.4: set with -> GRun, cleared "
        "with finish -> GIdle)"),
}

WAIVERS_V2 = {}

# FIFO policies and the range table's merge are per side in dir_ctrl (drop[s], rt_merge[s]:
# dir_hist / range_table / rinv_fifo have no Side parameter, their own points are summed).
FUNC_V2 = [
    # Recorder overflow (§6.2 StIdle rule 3): a full recorder is drained early, one entry.
    ("side_cc", "pol_rec_early_drain_cpu",
     "state_q == {StIdle} && state_d == {StHistRd} && !xfer_q",
     "recorder full: early drain of one entry (StIdle -> StHistRd without xfer)"),
    ("side_cc", "pol_rec_full_cpu", "32'(rec_cnt) == RecCap",
     "recorder occupancy reached rec_cap"),
    ("gpu_side_cc", "pol_rec_early_drain_gpu",
     "state_q == {StIdle} && state_d == {StHistRd} && !xfer_q",
     "recorder full: early drain of one entry (StIdle -> StHistRd without xfer)"),
    ("gpu_side_cc", "pol_rec_full_gpu", "32'(rec_cnt) == RecCap",
     "recorder occupancy reached rec_cap"),
    # History FIFO overflow (§7.2) and its fallback (§7.4 formation 2): invalidate-all probe.
    ("dir_ctrl", "pol_fifo_drop_{side}", "drop[{s}]",
     "history FIFO full: beat not stored, ovf set"),
    ("dir_probegen", "pol_all_probe_{side}",
     "g_state_q == {GRun} && !aw_q && fifo_mode && ovf_q[{s}] && src_q == 1'b{s} && "
     "!p_valid_q && oc_q == '0",
     "release by this side with ovf: invalidate-all probe formed, FIFO flushed"),
    ("dir_probegen", "pol_all_probe_ack_{side}",
     "g_state_q == {GRun} && aw_q && ack_hs && src_q == 1'b{s}",
     "ack of the invalidate-all probe: over_inv += hits, finish"),
    # Range-table overflow (§7.3 RGap / RMerge): smallest-gap merge.
    ("dir_ctrl", "pol_rt_forced_merge_{side}", "rt_merge[{s}]",
     "range table full: smallest-gap merge (over-invalidation)"),
    # Probe splits at CFG.max_range (§7.4 formation 3 and 4), probes in flight (PIF).
    ("dir_probegen", "fn_run_split_max_range",
     "g_state_q == {GRun} && !aw_q && mode_q == 2'd1 && !ovf_q[src_q] && fhv && "
     "pn_q == 27'(MaxRange) && {1'b0, fh} == pe_q",
     "run mode: pending run reached max_range, adjacent head starts the next probe"),
    ("dir_probegen", "fn_merge_split_max_range",
     "g_state_q == {GRun} && mode_q == ModeMerge && rt_take[src_q] && !mrg_all",
     "merge mode: entry 0 longer than max_range, probe clipped (entry 0 advances)"),
    ("dir_probegen", "fn_probes_in_flight_gt1", "32'(oc_q) > 1",
     "more than one probe in flight (oc > 1)"),
    ("dir_probegen", "fn_probes_in_flight_pif", "32'(oc_q) == Pif",
     "PIF probes in flight (oc == PIF): the next probe waits"),
    # Range-table insert cases (§7.3 RApply rules 1-4) and takes, summed over both sides.
    ("range_table", "fn_rt_contained", "state_q == {RApply} && cont_q",
     "insert: already contained"),
    ("range_table", "fn_rt_extend_up", "state_q == {RApply} && !cont_q && hiv_q && !lov_q",
     "insert: X == l_i + 1, extend up"),
    ("range_table", "fn_rt_bridge", "state_q == {RApply} && !cont_q && hiv_q && lov_q",
     "insert: extend up and merge with the next entry"),
    ("range_table", "fn_rt_extend_down", "state_q == {RApply} && !cont_q && !hiv_q && lov_q",
     "insert: X == f_j - 1, extend down"),
    ("range_table", "fn_rt_new",
     "state_q == {RApply} && !cont_q && !hiv_q && !lov_q && 32'(cnt_q) != Cap",
     "insert: new [X, X] entry (no merge needed)"),
    # Takes (§7.3, round 5: requested in RIdle, applied at the edge leaving RTake).
    ("range_table", "fn_rt_take_remove", "state_q == {RTake} && tall_q",
     "take applied in RTake: entry 0 removed, entries shift down"),
    ("range_table", "fn_rt_take_advance", "state_q == {RTake} && !tall_q",
     "take applied in RTake: f0 advances by max_range"),
    ("range_table", "fn_rt_take_with_beat", "take_req && ins_i",
     "take request and beat in the same RIdle cycle (RIdle -> RTake -> RScan)"),
    # History FIFOs (rinv_fifo with DropOk = 1; the recorders have DropOk = 0), summed.
    ("rinv_fifo", "fn_fifo_push_pop", "DropOk && push_ok_o && pop_i && !flush_i",
     "history FIFO: push and pop in the same cycle"),
    ("rinv_fifo", "fn_fifo_flush", "DropOk && flush_i && count_o != '0",
     "history FIFO: flush of a non-empty FIFO"),
    ("rinv_fifo", "fn_fifo_wrap", "DropOk && push_ok_o && 32'(wr_ptr_q) == Depth - 1",
     "history FIFO: write pointer wraps"),
    ("rinv_fifo", "fn_rec_wrap", "!DropOk && push_ok_o && 32'(wr_ptr_q) == Depth - 1",
     "recorder: write pointer wraps"),
    # Walker (§6.5), summed over both sides: lanes, set walk, freeze / hold, nxt, ack queue.
    ("cc_walker", "fn_walk_partial_lanes", "is_v && front_adv && !is_g.sw && is_g.lanes != '1",
     "address-walk group issued with a partial lane mask (first / last group)"),
    ("cc_walker", "fn_walk_multi_lane",
     "is_v && front_adv && !is_g.sw && $countones(is_g.lanes) > 1",
     "address-walk group issued on more than one lane"),
    ("cc_walker", "fn_walk_set_group", "is_v && front_adv && is_g.sw", "set-walk group issued"),
    ("cc_walker", "fn_walk_freeze", "fz", "freeze: dirty L2 hit in AC, write-back"),
    ("cc_walker", "fn_walk_hold", "hz", "hold: RD group conflicts with CM / AC"),
    ("cc_walker", "fn_walk_nxt_buffered", "nxt_q.valid", "a second probe waits in nxt"),
    ("cc_walker", "fn_walk_acks_gt1", "32'(aqn_q) > 1", "more than one ack queued"),
]


def set_arch(arch):
    """Select the architecture's paths and tables (module globals used below)."""
    global ARCH, OUT_SV, RTL_F, ARCH_MD, FSM_IDS, OVERRIDES, WAIVERS, FUNC, HEADER
    global PER_SIDE_MODULES
    ARCH = arch
    OUT_SV, RTL_F, ARCH_MD = (os.path.join(ROOT, x) for x in ARCH_PATHS[arch])
    PER_SIDE_MODULES = {"side_cc"} if arch == "v1" else set()
    if arch == "v2":
        FSM_IDS, OVERRIDES, WAIVERS, FUNC, HEADER = (FSM_IDS_V2, OVERRIDES_V2, WAIVERS_V2,
                                                     FUNC_V2, HEADER_V2)
    else:
        FSM_IDS, OVERRIDES, WAIVERS, FUNC, HEADER = (FSM_IDS_V1, OVERRIDES_V1, WAIVERS_V1,
                                                     FUNC_V1, HEADER_V1)


def match_block(text, start, open_re, close_re):
    """Index just after the close that matches the open at/after start (nesting aware)."""
    tok = re.compile(r"\b(%s|%s)\b" % (open_re, close_re))
    depth = 0
    for m in tok.finditer(text, start):
        if re.fullmatch(open_re, m.group(1)):
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                return m.end()
    raise ValueError("unbalanced block")


class Fsm:
    def __init__(self, module, base, enum_name, width, states, path):
        self.module, self.base, self.enum_name = module, base, enum_name
        self.width, self.states, self.path = width, states, path
        self.trans = collections.OrderedDict()  # (a, b) -> how ("case" / "flag X" / ...)

    def enc(self, st):
        return "%d'd%d" % (self.width, self.states.index(st))


def extract():
    fsms = []
    errors = []
    for path in rtl_enums_lib.rtl_files(ROOT, os.path.relpath(RTL_F, ROOT)):
        src = rtl_enums_lib.strip_comments(open(path).read())
        rel = os.path.relpath(path, ROOT)
        for mm in re.finditer(r"\bmodule\s+(\w+)(.*?)\bendmodule\b", src, re.S):
            module, body = mm.group(1), mm.group(2)
            enums = {}
            # `logic [N:0]` or a 1-bit `logic` (no range: typedef enum logic {GIdle, GRun})
            for name, width, members, errs in rtl_enums_lib.parse_enums(body):
                errors += [f"{rel}: {e}" for e in errs]
                enums[name] = (width, members)
            for dm in re.finditer(r"\b(\w+_e)\s+(\w+)_q\s*,\s*(\w+)_d\s*;", body):
                if dm.group(1) not in enums or dm.group(2) != dm.group(3):
                    continue
                width, members = enums[dm.group(1)]
                f = Fsm(module, dm.group(2), dm.group(1), width, members, rel)
                scan_fsm(f, body, errors)
                fsms.append(f)
    used = {(f.module, f.base) for f in fsms}
    for key in FSM_IDS:
        if key not in used:
            errors.append(f"FSM_IDS entry {key} does not name an FSM in the RTL")
    for f in fsms:
        if (f.module, f.base) not in FSM_IDS:
            errors.append(f"{f.path}: new FSM {f.module}.{f.base}_q: add it to FSM_IDS")
    # Contract cross-check: every state name is described in the architecture's contract.
    docs = [os.path.relpath(ARCH_MD, ROOT)] + list(ARCH_EXTRA[ARCH])
    arch = "\n".join(open(os.path.join(ROOT, d)).read() for d in docs)
    for f in fsms:
        for st in f.states:
            if not re.search(r"\b%s\b" % st, arch):
                errors.append(f"{f.path}: state {st} of {f.module}.{f.base} not in "
                              + " or ".join(docs))
    return fsms, errors


# A combinational block: always_comb, or always @* / always @(*) (Icarus workarounds in v2).
COMB_RE = r"\balways_comb\b|\balways\s*@\s*(?:\(\s*\*\s*\)|\*)"


def scan_fsm(f, body, errors):
    q, d = f.base + "_q", f.base + "_d"
    assign_re = re.compile(r"\b%s\s*=\s*(\w+)\s*;" % re.escape(d))
    label_re = re.compile(r"^\s*(\w+(?:\s*,\s*\w+)*)\s*:(?!:)(.*)$")
    blocks = []  # (always_comb start, end, [(case start, case end)])
    flags_by_state = collections.defaultdict(set)
    for cm in re.finditer(r"\b(?:unique\s+|priority\s+)?case\s*\(\s*%s\s*\)" % re.escape(q), body):
        cend = match_block(body, cm.start() + cm.group(0).find("case"), r"case", r"endcase")
        text = body[cm.end():cend]
        cur = None
        chain = []  # states tested so far by an if / else-if chain in a shared item
        for line in text.split("\n"):
            lm = label_re.match(line)
            if lm:
                labels = [x.strip() for x in lm.group(1).split(",")]
                if all(x in f.states or x == "default" for x in labels):
                    cur = labels
                    chain = []
                    line = lm.group(2)
            if cur is None:
                continue
            src = cur
            if len(cur) > 1:
                # An item shared by several states (`StL2Rd, StHistRd:`) that tells them apart
                # by `if (state_q == StX) ... else ...` on one line each: the assignment's
                # source is StX, or after `else` the shared states not yet tested.
                sm = re.search(r"\b%s\s*==\s*(\w+)\b" % re.escape(q), line)
                is_else = re.match(r"\s*(?:end\s+)?else\b", line)
                if sm and sm.group(1) in cur:
                    chain = (chain if is_else else []) + [sm.group(1)]
                    src = [sm.group(1)]
                elif is_else and chain:
                    src = [a for a in cur if a not in chain]
                elif re.match(r"\s*if\b", line):
                    chain = []
            for am in assign_re.finditer(line):
                tgt = am.group(1)
                if tgt == q:
                    continue
                if tgt not in f.states:
                    errors.append(f"{f.path}: {d} = {tgt}: not a state of {f.enum_name}")
                    continue
                for a in src:
                    if a != "default":
                        f.trans.setdefault((a, tgt), "case")
            for fm in re.finditer(r"\b(\w+)\s*=\s*1'b1\s*;", line):
                for a in src:
                    if a != "default":
                        flags_by_state[fm.group(1)].add(a)
        # The always_comb (or always @*) that holds this case: assignments after the case.
        ab = [m.start() for m in re.finditer(COMB_RE, body[:cm.start()])]
        if ab:
            bstart = body.find("begin", ab[-1])
            bend = match_block(body, bstart, r"begin", r"end")
            blocks.append((cm.start(), cend, bend))
    # FSMs coded as `if (x_q == StA) begin ... end` in an always_comb instead of a case (v2
    # dir_probegen: `if (g_state_q == GRun) begin`): the block is an item labelled StA.
    for im in re.finditer(r"\bif\s*\(\s*%s\s*==\s*(\w+)\s*\)\s*begin\b" % re.escape(q), body):
        st = im.group(1)
        if st not in f.states:
            continue
        ab = [m.start() for m in re.finditer(COMB_RE, body[:im.start()])]
        if not ab:
            continue
        bstart = body.find("begin", ab[-1])
        bend = match_block(body, bstart, r"begin", r"end")
        if bend < im.start():
            continue  # not inside an always_comb
        iend = match_block(body, im.end() - len("begin"), r"begin", r"end")
        text = body[im.end():iend]
        for am in assign_re.finditer(text):
            tgt = am.group(1)
            if tgt not in f.states:
                errors.append(f"{f.path}: {d} = {tgt}: not a state of {f.enum_name}")
                continue
            f.trans.setdefault((st, tgt), "if block")
        for fm in re.finditer(r"\b(\w+)\s*=\s*1'b1\s*;", text):
            flags_by_state[fm.group(1)].add(st)
        blocks.append((im.start(), iend, bend))
    seen_over = set()
    for cstart, cend, bend in blocks:
        tail = body[cend:bend]
        if not assign_re.search(tail):
            continue
        for im in re.finditer(r"\bif\s*\(\s*(\w+)\s*\)\s*(begin\b.*?\bend\b|[^;]*;)", tail, re.S):
            guard, stmt = im.group(1), im.group(2)
            for am in assign_re.finditer(stmt):
                tgt = am.group(1)
                key = (f.module, f.base, guard)
                if guard in flags_by_state:
                    for a in sorted(flags_by_state[guard], key=f.states.index):
                        f.trans.setdefault((a, tgt), f"case sets {guard}")
                elif key in OVERRIDES:
                    seen_over.add(key)
                    for a in OVERRIDES[key][0]:
                        f.trans.setdefault((a, tgt), f"override {guard} (table)")
                else:
                    errors.append(f"{f.path}: {d} = {tgt} under `if ({guard})` after the case: "
                                  "guard not set in case items; add it to OVERRIDES with its "
                                  "source states")
        n_tail = len(assign_re.findall(tail))
        n_if = sum(len(assign_re.findall(im.group(2))) for im in
                   re.finditer(r"\bif\s*\(\s*(\w+)\s*\)\s*(begin\b.*?\bend\b|[^;]*;)", tail, re.S))
        if n_tail != n_if:
            errors.append(f"{f.path}: {d} assigned after the case outside a simple `if (flag)`")
    for key in OVERRIDES:
        if key[0] == f.module and key[1] == f.base and key not in seen_over:
            errors.append(f"OVERRIDES entry {key} not found in the RTL")


def fsm_ids(f):
    base = FSM_IDS[(f.module, f.base)]
    if f.module in PER_SIDE_MODULES:
        return [base + "_" + s for s in SIDES]
    return [base]


def goals(fsms):
    """List of dicts: name, group, kind (state/trans/policy/func), text."""
    out = []
    for f in fsms:
        for fid in fsm_ids(f):
            grp = f"{f.module}.{f.base}" + (f"[{fid.rsplit('_', 1)[1]}]" if f.module in
                                              PER_SIDE_MODULES else "")
            for st in f.states:
                out.append(dict(name=f"cv_{fid}_s_{st}", group=grp, kind="state", text=st))
            for (a, b), how in f.trans.items():
                out.append(dict(name=f"cv_{fid}_t_{a}_{b}", group=grp, kind="trans",
                                text=f"{a} -> {b}", how=how))
    for module, name, expr, desc in FUNC:
        kind = "policy" if name.startswith("pol_") else "func"
        names = [(name.format(side=s, s=i), i) for i, s in enumerate(SIDES)] \
            if "{side}" in name else [(name, None)]
        for n, _ in names:
            out.append(dict(name=f"cv_{n}", group=module, kind=kind, text=desc))
    return out


def gen_sv(fsms):
    by_mod = collections.OrderedDict()
    for f in fsms:
        by_mod.setdefault(f.module, []).append(f)
    for module, *_ in FUNC:
        by_mod.setdefault(module, [])
    lines = [HEADER]
    binds = []
    for module, mfsms in by_mod.items():
        state_names = {}
        for f in mfsms:
            for st in f.states:
                state_names[st] = f.enc(st)
        funcs = [x for x in FUNC if x[0] == module]
        ports = ["input logic clk_i", "input logic rst_ni"]
        conns = [".clk_i(clk_i)", ".rst_ni(rst_ni)"]
        for f in mfsms:
            for sfx in ("q", "d"):
                ports.append(f"input logic [{f.width - 1}:0] {f.base}_{sfx}")
                conns.append(f".{f.base}_{sfx}({f.base}_{sfx})")
        func_sigs = []
        for _, name, expr, desc in funcs:
            per = "{side}" in name
            for i, s in (enumerate(SIDES) if per else [(None, None)]):
                n = name.format(side=s) if per else name
                e = expr
                for st, enc in state_names.items():
                    e = e.replace("{%s}" % st, enc)
                if per:
                    e = e.replace("{s}", str(i))
                if re.search(r"\{[A-Z]\w*\}", e):
                    raise SystemExit(f"fsm_cov.py: unknown state in FUNC expression: {e}")
                ps = per and module in PER_SIDE_MODULES
                # Per-side modules: one port, the cover of the instance's own side.
                port = "p_" + (name.replace("_{side}", "") if ps else n)
                if not ps or i == 0:
                    ports.append(f"input logic {port}")
                    conns.append(f".{port}({e})")
                func_sigs.append((n, port, desc, ps, i))
        per_side = module in PER_SIDE_MODULES
        params = " #(parameter int Side = 0)" if per_side else ""
        lines.append(f"module {module}_cov{params} (")
        lines.append(",\n".join("  " + p for p in ports))
        lines.append(");")
        prop = "cover property (@(posedge clk_i) disable iff (!rst_ni) {});"

        def emit(fid, indent, side_idx):
            for f in mfsms:
                my = fid(f)
                lines.append(f"{indent}// {f.module}.{f.base}_q ({f.enum_name}, {f.path})")
                for st in f.states:
                    lines.append(f"{indent}cv_{my}_s_{st}: " +
                                 prop.format(f"({f.base}_q == {f.enc(st)})"))
                for (a, b), how in f.trans.items():
                    lines.append(f"{indent}cv_{my}_t_{a}_{b}: " + prop.format(
                        f"({f.base}_q == {f.enc(a)} && {f.base}_d == {f.enc(b)})") +
                        f"  // {how}")
            for n, port, desc, ps, i in func_sigs:
                if ps and i != side_idx:
                    continue
                lines.append(f"{indent}cv_{n}: " + prop.format(f"({port})") + f"  // {desc}")

        if per_side:
            for i, s in enumerate(SIDES):
                kw = "if" if i == 0 else "end else if"
                lines.append(f"  {kw} (Side == {i}) begin : g_{s}")
                emit(lambda f, s=s: FSM_IDS[(f.module, f.base)] + "_" + s, "    ", i)
            lines.append("  end")
            # Unused side-specific ports of the other side are fine (inputs).
        else:
            emit(lambda f: FSM_IDS[(f.module, f.base)], "  ", None)
        lines.append(f"endmodule : {module}_cov\n")
        pstr = " #(.Side(Side))" if per_side else ""
        binds.append(f"bind {module} {module}_cov{pstr} u_cov (\n  " +
                     ",\n  ".join(conns) + "\n);")
    lines.append("// ---- bind into every instance ----")
    lines.extend(binds)
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------
# Report from merged coverage data.
def read_dat(path):
    pts = []
    rx = re.compile(r"^C '(.*)' (\d+)$")
    with open(path, encoding="latin-1") as fh:
        for ln in fh:
            m = rx.match(ln.rstrip("\n"))
            if not m:
                continue
            kv = {}
            for field in m.group(1).split("\x01")[1:]:
                k, _, v = field.partition("\x02")
                kv[k] = v
            kv["count"] = int(m.group(2))
            pts.append(kv)
    return pts


def short(xs, n=12):
    return ", ".join(xs[:n]) + (f", ... ({len(xs) - n} more)" if len(xs) > n else "")


def report(dat, out_path, fsms):
    pts = read_dat(dat)
    gl = goals(fsms)
    names = {g["name"] for g in gl}
    bad_w = [w for w in WAIVERS if w not in names]
    # User coverage: sum over parameterisations / instances by cover name.
    user = collections.Counter()
    for p in pts:
        if p.get("page", "").startswith("v_user/"):
            user[p["o"].replace("___05F", "_")] += p["count"]
    missing_pts = [g["name"] for g in gl if g["name"] not in user]
    # Line / branch / toggle per RTL source file; a source point (file, line, column, what)
    # counts as covered if any parameterisation of the module covered it.
    per = collections.defaultdict(lambda: collections.defaultdict(dict))
    for p in pts:
        page = p.get("page", "")
        typ = page.split("/")[0]
        f = p.get("f", "")
        if typ not in ("v_line", "v_branch", "v_toggle"):
            continue
        if not f.startswith("rtl/") or f.startswith(("rtl/sva/", "rtl/v2/sva/", "rtl/v2/cov/")):
            continue
        key = (p.get("l"), p.get("n"), p.get("o")) if typ != "v_toggle" else \
            (page.split("/")[1].split("__")[0], p.get("o"))
        d = per[f][typ]
        d[key] = d.get(key, 0) + p["count"]
    L = []
    L.append("Coverage report (make coverage): " + os.path.relpath(dat, ROOT))
    L.append("")
    L.append("Code coverage per RTL file (Verilator --coverage, rtl/*.sv only; a point counts "
             "as covered if its count")
    L.append("is >= 1 in any configuration (gem5/fpga) or instance. Toggle: only signals of at "
             "most --coverage-max-width")
    L.append("= 256 bits in total: every cache data array, the 512-bit data buses and gem5's "
             "tag/valid/dmask arrays and")
    L.append("range tables are wider and not toggle-covered; line: Verilator's block/branch "
             "counters, default: items included):")
    L.append(f"  {'file':28s} {'line':>16s} {'branch':>16s} {'toggle':>18s}")
    tot = {t: [0, 0] for t in ("v_line", "v_branch", "v_toggle")}

    def cell(t, d):
        n = len(d)
        c = sum(1 for v in d.values() if v > 0)
        tot[t][0] += c
        tot[t][1] += n
        return f"{c}/{n} {100.0 * c / n:5.1f}%" if n else "-"
    for f in sorted(per):
        L.append(f"  {f:28s} {cell('v_line', per[f]['v_line']):>16s} "
                 f"{cell('v_branch', per[f]['v_branch']):>16s} "
                 f"{cell('v_toggle', per[f]['v_toggle']):>18s}")

    def tcell(t):
        c, n = tot[t]
        return f"{c}/{n} {100.0 * c / n:5.1f}%" if n else "-"
    L.append(f"  {'TOTAL':28s} {tcell('v_line'):>16s} {tcell('v_branch'):>16s} "
             f"{tcell('v_toggle'):>18s}")
    L.append("")
    L.append("FSM coverage (states: cycles in the state; transitions: state_q == A && "
             "state_d == B at an edge;")
    L.append("declared transitions extracted from the RTL by tools/fsm_cov.py; both "
             "configurations merged):")
    L.append(f"  {'FSM':28s} {'states':>8s} {'transitions':>12s}  unreached")
    fails = []
    groups = collections.OrderedDict()
    for g in gl:
        groups.setdefault((g["kind"] in ("state", "trans"), g["group"]), []).append(g)
    for (is_fsm, grp), gs in groups.items():
        if not is_fsm:
            continue
        st = [g for g in gs if g["kind"] == "state"]
        tr = [g for g in gs if g["kind"] == "trans"]
        un = [g for g in gs if user.get(g["name"], 0) == 0]
        sh = sum(1 for g in st if user.get(g["name"], 0) > 0)
        th = sum(1 for g in tr if user.get(g["name"], 0) > 0)
        L.append(f"  {grp:28s} {sh:>3d}/{len(st):<4d} {th:>5d}/{len(tr):<6d}  " +
                 (short([g["text"] + (" (waived)" if g["name"] in WAIVERS else "")
                         for g in un]) or "-"))
    L.append("")
    L.append("Overflow policies (pol_*, required) and functional points (fn_*, informational);")
    L.append("count = cycles in which the condition held:")
    for (is_fsm, grp), gs in groups.items():
        if is_fsm:
            continue
        for g in gs:
            c = user.get(g["name"], 0)
            L.append(f"  {g['name'][3:]:30s} {c:>9d}  {g['text']}" +
                     (" (waived)" if g["name"] in WAIVERS and c == 0 else ""))
    allg = [g for g in gl]
    hit = [g for g in allg if user.get(g["name"], 0) > 0]
    # Required: every FSM state, declared transition and overflow-policy point. The other
    # functional points (fn_*) are reported but informational.
    for g in allg:
        if user.get(g["name"], 0) == 0 and g["name"] not in WAIVERS and g["kind"] != "func":
            fails.append(g)
    info = [g for g in allg if g["kind"] == "func" and user.get(g["name"], 0) == 0]
    L.append("")
    n_st = [g for g in allg if g["kind"] == "state"]
    n_tr = [g for g in allg if g["kind"] == "trans"]
    n_po = [g for g in allg if g["kind"] in ("policy", "func")]

    def frac(xs):
        return f"{sum(1 for g in xs if user.get(g['name'], 0) > 0)}/{len(xs)}"
    n_pol = [g for g in n_po if g["kind"] == "policy"]
    n_fn = [g for g in n_po if g["kind"] == "func"]
    L.append(f"Summary: FSM states {frac(n_st)}, transitions {frac(n_tr)}, overflow-policy "
             f"points {frac(n_pol)} (required); functional points {frac(n_fn)} "
             f"(informational); {len(hit)}/{len(allg)} points reached, {len(WAIVERS)} waived")
    if info:
        L.append("Informational points not reached: " + short([g["name"][3:] for g in info]))
    if WAIVERS:
        L.append("Waivers:")
        for w, why in WAIVERS.items():
            L.append(f"  {w}: {why}")
    if missing_pts:
        L.append("ERROR: cover points absent from the coverage data (stale build?): " +
                 ", ".join(missing_pts[:10]))
    if bad_w:
        L.append("ERROR: waivers naming no goal: " + ", ".join(bad_w))
    if fails:
        L.append(f"FAIL: {len(fails)} unreached goals: " + short([g["name"][3:] for g in fails]))
    else:
        L.append("PASS: every FSM state, declared transition and overflow-policy point reached")
    text = "\n".join(L) + "\n"
    if out_path:
        with open(out_path, "w") as fh:
            fh.write(text)
    sys.stdout.write(text)
    return 1 if (fails or missing_pts or bad_w) else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arch", choices=sorted(ARCH_PATHS), default="v2",
                    help="RTL architecture whose goals are used (default v2)")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--report")
    ap.add_argument("--out")
    a = ap.parse_args()
    set_arch(a.arch)
    fsms, errors = extract()
    if errors:
        for e in errors:
            print("fsm_cov.py: error: " + e, file=sys.stderr)
        return 1
    if a.report:
        return report(a.report, a.out, fsms)
    if a.list:
        for g in goals(fsms):
            print(f"{g['group']:24s} {g['kind']:7s} {g['name']:45s} {g['text']}"
                  + (f"   [{g['how']}]" if g.get("how", "case") != "case" else ""))
        return 0
    sv = gen_sv(fsms)
    rel = os.path.relpath(OUT_SV, ROOT)
    if a.check:
        cur = open(OUT_SV).read() if os.path.exists(OUT_SV) else ""
        if cur != sv:
            print(f"fsm_cov.py: {rel} is out of date: run python3 tools/fsm_cov.py "
                  f"--arch {a.arch}")
            return 1
        n = len(goals(fsms))
        print(f"fsm_cov.py: {rel} up to date ({n} goals)")
        return 0
    os.makedirs(os.path.dirname(OUT_SV), exist_ok=True)
    with open(OUT_SV, "w") as fh:
        fh.write(sv)
    print(f"fsm_cov.py: wrote {os.path.relpath(OUT_SV, ROOT)} ({len(goals(fsms))} goals)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Mutation testing of the RTL against the lockstep testbench (make mutate).

Each mutant is a copy of the tree in build-mut/<k>/ with one small, realistic edit of one
RTL file; its lockstep binary is built there (make verilate) and a short kill-suite of
existing lockstep runs (tests/cases.sh) is run on it. A mutant is killed when any run of
the suite fails (mismatch, stale read, coherence error, assertion, failed condition,
timeout); it survived when all runs pass. The real rtl/ files are never modified.

Two lists: MUTATIONS_V2 (the default: rtl/v2/*.sv, built with the default ARCH=v2) and
MUTATIONS_V1 (the first round's RTL rtl/*.sv, built with ARCH=v1), chosen by MUT_ARCH.

  python3 tools/mutate.py --check      validate both lists (each snippet occurs once)
  python3 tools/mutate.py              build + run every mutant, print the table and score,
                                       write the table into docs/VERIFICATION.md
  env: MUT_ARCH=v2 (default) or v1: which list (and which ARCH its mutants are built with);
       MUT_JOBS (default 2) mutants in parallel; MUT_ONLY=1,2,5 a subset (1-based ids);
       MUT_TIMEOUT per run in seconds (default 300); MUT_NO_DOC=1 to not touch the doc;
       MUT_NO_BASELINE=1 to skip the baseline (the suite on the unmutated tree, run first:
       a failing baseline stops the run, since it would "kill" every mutant).
  python3 tools/mutate.py --baseline-model [SIM]   the kill-suite on the C model alone
                                       (default build/rinv_sim): its conditions still hold
  python3 tools/mutate.py --table LOG...   table + score from the "mutant k: ..." lines of
                                       several partial runs (MUT_ONLY subsets as separate jobs;
                                       same MUT_ARCH as the runs)
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
# the doc's result block of each list (v2: the default list's; v1: its last result, kept)
MARKS = {"v2": ("<!-- BEGIN MUTATION -->", "<!-- END MUTATION -->"),
         "v1": ("<!-- BEGIN MUTATION v1 -->", "<!-- END MUTATION v1 -->")}
COPY = ["rtl", "tb", "common", "cmodel", "sw", "tests", "tools", "params", "sim", "Makefile",
        "mk"]


@dataclass(frozen=True)
class Mutation:
    file: str
    orig: str
    repl: str
    desc: str


# v1 list: the first round's RTL (rtl/*.sv), built with ARCH=v1 (MUT_ARCH=v1)
MUTATIONS_V1 = [
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

# v2 list: rtl/v2/*.sv (the default build, docs/ARCHITECTURE_v2.md), built with the default
# ARCH. Not mutated: rtl/v2/rinv_fifo.sv, rtl/v2/rinv_sram.sv (being rewritten). Configs:
# gem5 has 2 walk lanes (banks), fpga 1, so lane/bank mutants are for the gem5 runs.
W, RT = "rtl/v2/cc_walker.sv", "rtl/v2/range_table.sv"
PG, DR = "rtl/v2/dir_probegen.sv", "rtl/v2/dir_regs.sv"
CO, TP = "rtl/v2/gpu_coalescer.sv", "rtl/v2/gpu_tcp.sv"
TA, GS = "rtl/v2/gpu_tcc_arb.sv", "rtl/v2/gpu_side_cc.sv"
MUTATIONS_V2 = [
    # ---- walker lanes / banks, last group, write-back stall, statistics (cc_walker.sv)
    Mutation(W, "mf[l] = (l >= int'(32'(f) % Lanes));",
             "mf[l] = (l > int'(32'(f) % Lanes));",
             "walker lane mask of the first group: `>` instead of `>=` (the bank of the "
             "probe's first line is not looked up)"),
    Mutation(W, "p.left   = 27'(RSet);",
             "p.left   = 27'(RSet - 1);",
             "set walk: group count one short (the last row of every array is never walked)"),
    Mutation(W, "assign fz = acv_q && (wb_q || (dv != '0));",
             "assign fz = acv_q && wb_q;",
             "dirty write-back does not stall the pipeline in its detect cycle (the AC group "
             "moves on)"),
    Mutation(W, "wb_wdata_o = d2_rd[32'(wb_lane_q)*512 +: 512];",
             "wb_wdata_o = d2_rd[511:0];",
             "write-back data taken from bank 0 whatever the dirty line's bank"),
    Mutation(W, "l2_d_raddr_o = DAW2'(32'(ac_q.grp[RowW2-1:0]) * L2Ways + 32'(det_way));",
             "l2_d_raddr_o = DAW2'(32'(ac_q.grp[RowW2-1:0]) * L2Ways + 32'(wb_way_q));",
             "write-back data read at the previous write-back's way (registered way) instead "
             "of the detected one"),
    Mutation(W, "(cmv_q && conflict(rd_g, cm_q)) || (acv_q && conflict(rd_g, ac_q)));",
             "(acv_q && conflict(rd_g, ac_q)));",
             "read-after-write hazard ignores the group in CM (RD reads a row CM's group has "
             "yet to invalidate)"),
    Mutation(W, "ac_ev.lookups = 16'($countones(ac_q.lanes) * (1 + NL1));",
             "ac_ev.lookups = 16'(Lanes * (1 + NL1));",
             "TAG_LOOKUPS statistic counts the masked-off lanes of a partial address-walk group"),
    Mutation(W, "hits_d = hits_q + 32'(sm_q.count);",
             "hits_d = 32'(sm_q.count);",
             "ack hit accumulator does not accumulate (ack carries the last group's hits only)"),
    Mutation(W, "st_walk_i ? (!stall_probe_i && !nxt_q.valid) : 1'b0;",
             "st_walk_i ? !stall_probe_i : 1'b0;",
             "probe_ready ignores a full next-probe register (a probe overwrites the queued one)"),
    # ---- probes in flight and acks (dir_ctrl.sv)
    Mutation(PG, "if (p_valid_q && 32'(oc_q) < Pif) begin",
             "if (p_valid_q && 32'(oc_q) <= Pif) begin",
             "probes in flight: limit compare `<=` (probe_inflight + 1 probes outstanding)"),
    Mutation(PG, "oc_d       = oc_q + OcW'(phs) - OcW'(ack_hs);",
             "oc_d       = oc_q + OcW'(phs);",
             "in-flight probe count never decremented by an ack"),
    Mutation(DR, "st_ev[2] = ack_hs ? ack_hits_i[tgt] : 32'd0;",
             "st_ev[2] = ack_valid_i[tgt] ? ack_hits_i[tgt] : 32'd0;",
             "INV_HITS adds an ack's hits while the ack waits (ack_valid instead of the "
             "handshake)"),
    # ---- range table: multi-cycle scan, gap compare, merge, capacity (range_table.sv)
    Mutation(RT, "if (32'(c_q) == R - 1) begin\n          c_d     = '0;\n"
                 "          state_d = RApply;",
             "if (32'(c_q) == R - 2) begin\n          c_d     = '0;\n"
             "          state_d = RApply;",
             "insert scan ends one chunk early (the last Scan entries are not examined)"),
    Mutation(RT, "lt_best[i] = wd[i] <= bg_q;",
             "lt_best[i] = wd[i] < bg_q;",
             "smallest-gap compare across chunks: d < best instead of d <= best (gap one "
             "smaller than the running best not taken)"),
    Mutation(RT, "if (j > i) pc[i*Scan + j] = wd[j] < wd[i];",
             "if (j > i) pc[i*Scan + j] = wd[j] <= wd[i];",
             "smallest gap within a chunk: a tie goes to the higher entry"),
    Mutation(RT, "if (i >= 1 && bk_q == IdxW'(i - 1)) l_at_bk1 = l_q[i];",
             "if (i >= 1 && bk_q == IdxW'(i - 1)) l_at_bk1 = f_q[i];",
             "merge: merged entry ends at the next entry's first line instead of its last"),
    Mutation(RT, "if (cnt_q == CntW'(Cap)) begin",
             "if (cnt_q == CntW'(Cap - 1)) begin",
             "capacity check off by one (merges on reaching Cap entries, not Cap + 1)"),
    Mutation(RT, "whi[i] = wv[i] && ({1'b0, wl[i]} == xm1);",
             "whi[i] = wv[i] && ({1'b0, wl[i]} == x27);",
             "insert: extension of the entry below misses the +1 (adjacent line inserted as a "
             "new entry)"),
    # ---- history structure (dir_hist.sv)
    Mutation("rtl/v2/dir_hist.sv",
             "assign hist_ready_o = !stall_i && (!merge_i || rt_idle_o);",
             "assign hist_ready_o = !stall_i;",
             "hist_ready not held while the range table scans (beats taken and lost)"),
    # ---- memory arbiter (dir_memarb.sv)
    Mutation("rtl/v2/dir_memarb.sv",
             "assign elig    = cc_req_valid_i & ~stall_req_i;",
             "assign elig    = cc_req_valid_i;",
             "memory arbiter ignores the request stall (grants a stalled side)"),
    Mutation("rtl/v2/dir_memarb.sv",
             "assign m_grant = (elig == 2'b11) ? !m_last_q : elig[1];",
             "assign m_grant = (elig == 2'b11) ? m_last_q : elig[1];",
             "memory arbiter tie-break: side granted last wins again"),
    # ---- statistics (dir_stats.sv)
    Mutation("rtl/v2/dir_stats.sv", "clr_q <= clr_i;", "clr_q <= '0;",
             "registered clear lost (INV_CYCLES_LAST never cleared at INV_START)"),
    Mutation("rtl/v2/dir_stats.sv", "inc_q <= '0;", "inc_q <= '1;",
             "increment register's reset value not zero (counters start at 0xffffffff)"),
    # ---- tag compare (cc_lookup_cmp.sv)
    Mutation("rtl/v2/cc_lookup_cmp.sv",
             "if (l2w_i[w*SW2 + 2] && (l2w_i[w*SW2 + 3 +: TagW2] == tag2_o)) begin",
             "if (l2w_i[w*SW2 + 3 +: TagW2] == tag2_o) begin",
             "L2 hit ignores the valid bit (an invalidated line keeps its tag and hits)"),
    Mutation("rtl/v2/cc_lookup_cmp.sv",
             "assign row2_o = RowW2'((32'(x_o) / Lanes) % Rows2);",
             "assign row2_o = RowW2'(32'(x_o) % Rows2);",
             "L2 row not divided by the bank count (row from the line, bank bit counted twice)"),
    # ---- SRAM read / write enables, registered reads (cache_array.sv, cc_datapath.sv)
    Mutation("rtl/v2/cache_array.sv",
             "        .re_i        (d_re_i[b]),\n        .raddr_i     (d_raddr_i),\n"
             "        .rdata_o     (m_rdata_o[b]),",
             "        .re_i        (t_re_i[b]),\n        .raddr_i     (d_raddr_i),\n"
             "        .rdata_o     (m_rdata_o[b]),",
             "dmask cell read with the tagst read enable instead of the data read enable "
             "(write-back mask of another way/row)"),
    Mutation("rtl/v2/cache_array.sv",
             ".wbe_i       (d_wbe_i),",
             ".wbe_i       ('1),",
             "data cell byte enables ignored (a store writes its word over the whole line)"),
    Mutation("rtl/v2/cc_datapath.sv",
             "l2_d_re    = walk_i ? w2_d_re    : l2_d_re_i;",
             "l2_d_re    = l2_d_re_i;",
             "walker's L2 data read enable not muxed in (write-back sends stale cell data)"),
    Mutation("rtl/v2/cc_datapath.sv",
             "(t1w_en_i && (32'(t1w_port_i) == k)) ?",
             "t1w_en_i ?",
             "L1 tagst write enable not decoded by port (a fill validates the line in every L1)"),
    # ---- owner FSM read enables, back-pressure, last detection (side_cc.sv)
    Mutation("rtl/v2/side_cc.sv",
             "l2_t_re[bnk] = 1'b1;",
             "l2_t_re[bnk] = (state_q == StL2Rd);",
             "history lookup (StHistRd) issues no L2 tagst read (compares stale read data)"),
    Mutation("rtl/v2/side_cc.sv",
             "fill_ready_o = !stall_fill_i;",
             "fill_ready_o = 1'b1;",
             "fill ready not gated by the stall (ready while the fill is not taken)"),
    Mutation("rtl/v2/side_cc.sv",
             "end else if (rec_gt1) begin",
             "end else if (rec_nz) begin",
             "history transfer: last-entry detection off by one (looks up an empty recorder)"),
    # ---- second batch (33-40): further classes of the same blocks
    Mutation(W, "ml[l] = (32'(l) <= 32'(lastl) % Lanes);",
             "ml[l] = (32'(l) + 32'd1 <= 32'(lastl) % Lanes);",
             "walker lane mask of the last group: l + 1 <= instead of l <= (the bank of the "
             "probe's last line is not looked up)"),
    Mutation(W, "cur_d.lk1     = !cur_q.sw || (32'(cur_q.grp) + 32'd1 < Rows1);",
             "cur_d.lk1     = !cur_q.sw || (32'(cur_q.grp) + 32'd1 <= Rows1);",
             "set walk looks up the L1s one row past their last row (row index wraps)"),
    Mutation(W, "(twv_q == '0) && !cmv_q && !acv_q &&",
             "(twv_q == '0) && !cmv_q &&",
             "walk reported done while a group is still in AC (its invalidation is dropped)"),
    Mutation(PG, "if (ack_hs && aw_q) finish = 1'b1;",
             "if (ack_valid_i[tgt] && aw_q) finish = 1'b1;",
             "invalidate-all finishes on the ack's valid, not its handshake (ack left queued)"),
    Mutation("rtl/v2/dir_memarb.sv",
             "if (fill_ready_i[m_last_q]) m_state_d = MIdle;",
             "m_state_d = MIdle;",
             "memory arbiter drops the fill when the side is not ready (no back-pressure)"),
    Mutation("rtl/v2/dir_hist.sv",
             "assign push         = beat_data_o && !merge_i;",
             "assign push         = beat_data_o;",
             "merge mode also pushes the beats into the history FIFO"),
    Mutation("rtl/v2/side_cc.sv",
             ".l2w_i         (l2_t_rdata[bnk]),",
             ".l2w_i         (l2_t_rdata[0]),",
             "lookup compares the L2 tagst words of bank 0 whatever the line's bank"),
    Mutation("rtl/v2/side_cc.sv",
             "l2_m_wdata   = (w2[1] ? l2_m_rdata[bnk] : 64'd0) | st_be;",
             "l2_m_wdata   = l2_m_rdata[bnk] | st_be;",
             "store hit on a clean line keeps the stale dmask of its earlier dirty life"),
    # ---- round 5: the registered take (range_table.sv RTake)
    Mutation(RT, "tn_d   = take_n_i;",
             "tn_d   = hd_q + 27'd1;",
             "registered take latches l0 - f0 + 1 (from hd) instead of the request's n: an "
             "entry 0 longer than max_range is advanced past its end in RTake"),
    # ---- round 5, tag_oreg = 1 (fpga): the walker stage TO (cc_walker.sv)
    Mutation(W, "assign hz_to = tov_q && conflict(rd_g, to_q);",
             "assign hz_to = 1'b0;",
             "tag_oreg: read-after-write hazard ignores the group in TO (RD reads a row TO's "
             "group has yet to invalidate; fpga configuration only)"),
    # ---- round 6 (RTL-only timing registers that stand in for compares)
    Mutation(RT, "ev_d  = {ev_q[Cap-1:0], 1'b1};",
             "ev_d  = ev_q;",
             "count thermometer ev not grown by a new entry (RScan does not see the table's "
             "last entry)"),
    Mutation(PG, "pnmax_d = pn_m1;",
             "pnmax_d = 1'b0;",
             "run-length flag pn == max_range never set by an extension (a run grows past "
             "max_range)"),
    Mutation("rtl/v2/cc_recorder.sv", "nz_d   = gt1_q;", "nz_d   = nz_q;",
             "recorder non-empty flag not cleared by the pop of its last entry (the owner FSM "
             "transfers or drains an empty recorder)"),
    Mutation("rtl/v2/side_cc.sv", "hist_mode_q <= (state_d == StHistRd)",
             "hist_mode_q <= (state_q == StHistRd)",
             "registered hist_mode decoded from the current state for StHistRd (one cycle "
             "late: the history lookup's first read uses the request's line)"),
    # ---- GPU front end (docs/ARCHITECTURE_v3_gpu_frontend.md; added 2026-11-27)
    Mutation(CO, "if ((32'(k) < 32'(t_nl)) && (lt_line_q[j * CoalLines + k] == x)) begin",
             "if (lt_line_q[j * CoalLines + k] == x) begin",
             "coalescer line match ignores the slot's line count (a lane op joins a stale "
             "line-table entry left by the slot's previous instruction, §4.2)"),
    Mutation(CO, "assign ltw_mask = (ltw_hit_q ? lt_mask_m[ltw_addr_q] : '0) | ltw_be_q;",
             "assign ltw_mask = ltw_be_q;",
             "store byte mask not merged over the lanes (a line's write-through carries only "
             "its last lane's bytes, D2)"),
    Mutation(CO, "assign t_close = port_req_last_i || t_wsz",
             "assign t_close = t_wsz",
             "instruction end ignores port_req_last (instructions run together until "
             "wave_size lane ops or a full line table, §4.2)"),
    Mutation(CO, "(t_free || t_coll) && !tcp_wr && !init_i;", "(t_free || t_coll) && !init_i;",
             "collect ignores the TCP's cdata write (a store lane op taken in a cycle the TCP "
             "writes cdata loses its bytes, §4.2)"),
    Mutation(CO, "if (st_q[j] == SWait && ndone_q[j] == nl_q[j]) st_d[j] = SResp;",
             "if (st_q[j] == SWait && ndone_q[j] != '0) st_d[j] = SResp;",
             "a slot responds once its first line completes, not its last (§4.3)"),
    Mutation(CO, "end else if (!sb_rd && !sc_keep) begin", "end else if (!sb_rd) begin",
             "store issue reads cdata while a held load response still needs the cell's "
             "rdata (sc_keep ignored, §4.4)"),
    Mutation(CO, "t_close = port_req_last_i || t_wsz || t_lfull;",
             "t_close = port_req_last_i || t_wsz;",
             "the lane op that fills the line table does not close the slot (the next new "
             "line overflows the table, §4.2 since 2026-11-29; fpga coal_lines 8)"),
    Mutation(CO, "sc_word_d = sb_word;", "sc_word_d = sc_word_q;",
             "scatter keeps the previous response's word select (§4.4)"),
    Mutation(TP, "t_wdata_o           = {(Lanes * Ways){tag, 1'b0}};",
             "t_wdata_o           = {(Lanes * Ways){tag, 1'b1}};",
             "a store hit leaves the TCP line valid (stale copy after the write-through, D8)"),
    Mutation(TP, "if (m_line_q[i] == lreq_line_i) alias_hit = 1'b1;",
             "if (m_line_q[i] == lreq_line_i) alias_hit = 1'b0;",
             "no alias wait: a line request passes an MSHR holding its line (D6)"),
    Mutation(TP, "assign mc_full       = (32'(mc_q) == TcpMshrs);",
             "assign mc_full       = (32'(mc_q) == TcpMshrs + 1);",
             "MSHR full one request late (a request with every MSHR busy takes MSHR 0, D7; "
             "fpga tcp_mshrs 4)"),
    Mutation(TP, "vict_d   = hasinv_c ? inv_c : rrw;", "vict_d   = rrw;",
             "TCP fill victim ignores an invalid way (evicts a valid line while a way is "
             "free, §5.3)"),
    Mutation(TP, "if (tw[w*SW] && (tw[w*SW + 1 +: TagW] == tag)) begin",
             "if (tw[w*SW + 1 +: TagW] == tag) begin",
             "TCP tag compare ignores the valid bit (an invalidated line hits, D8 / D12)"),
    Mutation(TP, "t_idle && !tcp_hold_i && !tresp_valid_i", "t_idle && !tresp_valid_i",
             "TCP takes line requests while the owner holds the TCP arrays (tcp_hold, §5.2)"),
    Mutation(TP, "cd_wdata_o  = d_rdata_i[bnk];", "cd_wdata_o  = d_rdata_i[0];",
             "TCP load hit answers with bank 0's data whatever the line's bank (gem5: 2 "
             "banks)"),
    Mutation(TA, "for (int p = 0; p < NCu; p++) begin",
             "for (int p = NCu - 1; p >= 0; p--) begin",
             "TCC order queue takes same-edge arrivals in descending CU order (D9, §8: "
             "ascending)"),
    Mutation(TA, "rd_d  = grant_o ? wrap_add(rd_q, 1) : rd_q;",
             "rd_d  = req_o ? wrap_add(rd_q, 1) : rd_q;",
             "TCC order queue advances on a request the owner did not grant (§6.1)"),
    Mutation(GS, "if (32'(init_q) == Rows1 - 1) state_d = StIdle;",
             "if (32'(init_q) == Rows1 - 2) state_d = StIdle;",
             "GPU acquire's TCP invalidation skips the last row (StTcpInv, D12)"),
    Mutation(GS, "end else if (kinv_q && fe_idle) begin", "end else if (kinv_q) begin",
             "TCP invalidation starts before the front end has drained (rule 4, §6.2)"),
    Mutation(GS, "assign tcp_hold = kinv_q || st_init", "assign tcp_hold = st_init",
             "TCPs not held while an acquire's TCP invalidation is pending (§5.2)"),
    # ---- coalescer write stages (WS, LS; added 2026-11-28)
    Mutation(CO, "? lt_mask_m[ltw_addr_q] : '0) | ltw_be_q;",
             "? lt_mask_m[lt_waddr] : '0) | ltw_be_q;",
             "line table's write stage merges a hit into the row of this cycle's lane op, not "
             "the staged row (the staged store lane's bytes merged into the wrong mask)"),
    Mutation(CO, "if (ltw_wm_q) lt_mask_m[ltw_addr_q] <= ltw_mask;",
             "if (ltw_wl_q) lt_mask_m[ltw_addr_q] <= ltw_mask;",
             "line-table mask copy written for a new row only (a mask merged into a hit row "
             "is lost)"),
    Mutation(CO, "cdw_we_q <= cd_we;", "cdw_we_q <= cd_we_i;",
             "cdata write stage enabled by the TCP's writes only (a store lane's bytes never "
             "reach cdata)"),
    # ---- coalescer: clane write stage, line-table rows written in every cycle (2026-11-29)
    Mutation(CO, "if ((32'(tail_q) == j) && (32'(t_nl) == k)) lt_line_q",
             "if ((32'(tail_q) == j) && (32'(t_nl) >= k)) lt_line_q",
             "line-table rows written in every cycle: every row up to nl takes the lane op's "
             "line (valid rows overwritten), not row nl alone"),
    Mutation(CO, "clw_addr_q <= cl_waddr;", "clw_addr_q <= cl_raddr;",
             "clane write stage writes the scatter's read address (a lane's {k, word} row "
             "lost)"),
    # ---- coalescer: Moore ready, a full line table closes its slot (2026-11-29, §4.2)
    Mutation(CO, "split   = req_hs && !port_req_last_i && (t_wsz || t_lfull);",
             "split   = req_hs && !port_req_last_i && t_wsz;",
             "a slot closed by its full line table is not counted in coal_splits (only "
             "wave_size closes are, §4.2; fpga coal_lines 8)"),
]

VOPT_FAST_BUILD = "-MAKEFLAGS OPT_FAST=-O0 -MAKEFLAGS OPT_SLOW=-O0 -MAKEFLAGS OPT_GLOBAL=-O0"


def table_runs(arch: str, table: str, prefix: str = "") -> list[tuple[str, list[str], str]]:
    """The lockstep rows of one run table (tests/lockstep_runs.txt or tests/corner_seeds.txt,
    both read by tests/cases.sh too) for one arch, as suite entries."""
    sys.path.insert(0, str(ROOT / "tools"))
    import corner_seeds  # noqa: PLC0415 - tools/ is not a package
    return [(prefix + r.name, [x for c in r.conds for x in ("--cond", c)], r.args + " +quiet")
            for r in corner_seeds.load(arch, str(ROOT / "tests" / table)).values()
            if r.binary == "tb"]


# Kill-suite: (name, check_result.py arguments before --, tb plusargs): the rows of
# tests/lockstep_runs.txt, then the corner events the random generator reaches (tb/corners.h),
# one seed each: the lockstep rows of tests/corner_seeds.txt. Both tables are read by
# tests/cases.sh too, so a run or condition changed for `make test` changes here.
SUITE_V1 = (table_runs("v1", "lockstep_runs.txt")
            + table_runs("v1", "corner_seeds.txt", "random_"))


# v2 kill-suite: the table's v2 rows (with the GPU front end's coal_split_fpga), then the
# corner rows of the v2 timing (tests/corner_seeds.txt: which seed reaches a corner depends on
# the cycle each side's request reaches the arbiter)
# Then the directed block tests that reach what the full system cannot (tests/icarus/fe/run.sh
# with ONLY=TESTBENCH, Verilator, bound SVA): BLOCK + the testbench's name. tb_gpu_side_kinv:
# the GPU takes the lock while a CU's load misses in its TCP (mutant 65; the harness's GPU
# takes the lock only in acquire / register records, barriers for the GPU ports).
BLOCK = "block:"
SUITE_V2 = (table_runs("v2", "lockstep_runs.txt")
            + table_runs("v2", "corner_seeds.txt", "random_")
            + [(BLOCK + "tb_gpu_side_kinv", [], "")])

# MUT_ARCH: list, kill-suite and the make arguments of its mutant builds (the binaries are
# ./tb_dir and ./tb_dir_fpga in the mutant's copy either way; v2 is the default ARCH, its BUILD
# is build/)
ARCHES = {
    "v2": (MUTATIONS_V2, SUITE_V2, ["BUILD=build", "TB_BIN=tb_dir"]),
    "v1": (MUTATIONS_V1, SUITE_V1, ["ARCH=v1", "BUILD=build", "TB_BIN=tb_dir"]),
}
MUT_ARCH = os.environ.get("MUT_ARCH", "v2").strip() or "v2"
if MUT_ARCH not in ARCHES:
    raise SystemExit(f"MUT_ARCH={MUT_ARCH}: must be v2 or v1")
MUTATIONS, SUITE, MAKE_ARGS = ARCHES[MUT_ARCH]


def occurrences(m: Mutation, root: Path) -> int:
    return (root / m.file).read_text().count(m.orig)


def check_list(arch: str, muts: list[Mutation], root: Path = ROOT) -> int:
    bad = 0
    for k, m in enumerate(muts, 1):
        n = occurrences(m, root)
        ok = n == 1 and m.orig != m.repl
        print(f"{'ok ' if ok else 'BAD'} {arch} {k:2d} {m.file}: {m.desc}" +
              ("" if ok else f" (found {n}x)"))
        bad += not ok
    if len(muts) < 12:
        print(f"BAD {arch}: only {len(muts)} mutations (need >= 12)")
        bad += 1
    print(f"{arch}: {len(muts) - bad}/{len(muts)} mutations valid")
    return bad


def check(root: Path = ROOT, arches: tuple[str, ...] = ("v2", "v1")) -> int:
    """Every snippet of the lists of `arches` occurs exactly once in its file."""
    bad = sum(check_list(a, ARCHES[a][0], root) for a in arches)
    return 1 if bad else 0


def prepare(k: int, m: Mutation | None) -> Path:
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
    if m is None:  # the baseline: the unmutated tree
        return d
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


def check_cmd(conds: list[str], binary: str, args: str, *extra: str) -> list[str]:
    """One kill-suite run: the binary under tests/check_result.py with the run's conditions
    (the mutants' lockstep runs and the model baseline build it the same way)."""
    return [sys.executable, "tests/check_result.py", *conds, "--", binary, *args.split(), *extra]


def run_mutant(k: int, m: Mutation | None, timeout: int) -> dict:
    t0 = time.time()
    d = prepare(k, m)
    log = d / "mutate.log"
    res = {"k": k, "m": m, "status": "", "why": ""}
    with open(log, "w") as lf:
        # -O0: a mutant binary runs a short suite once, so compile time dominates
        # MAKE_ARGS: v2 (default ARCH) or ARCH=v1; the lockstep binaries in ./tb_dir (gem5) and
        # ./tb_dir_fpga (make verilate CONFIG=fpga), the latter built when a run first needs it
        built = set()

        def build(config: str) -> bool:
            if config not in built:
                b = subprocess.run(["make", "-C", str(d), "verilate", *MAKE_ARGS, "JOBS=1",
                                    f"CONFIG={config}", "VOPT=" + VOPT_FAST_BUILD],
                                   stdout=lf, stderr=subprocess.STDOUT)
                if b.returncode != 0:
                    return False
                built.add(config)
            return True

        if not build("gem5"):
            res.update(status="build-error", why="make verilate failed (see mutate.log)")
            return res
        res["build_s"] = time.time() - t0
        for name, conds, args in SUITE:
            config = "fpga" if "+config=fpga" in args.split() else "gem5"
            if name.startswith(BLOCK):
                cmd, env = ["bash", "tests/icarus/fe/run.sh"], {
                    **os.environ, "SIM": "verilator", "ONLY": name[len(BLOCK):],
                    "BUILD": "build/fe_block"}
            elif not build(config):
                res.update(status="build-error",
                           why=f"make verilate CONFIG={config} failed (see mutate.log)")
                return res
            else:
                tb = "./tb_dir_fpga" if config == "fpga" else "./tb_dir"
                cmd, env = check_cmd(conds, tb, args, "+no_rerun"), None
            lf.write(f"\n=== {name}: {' '.join(cmd)}\n")
            lf.flush()
            try:
                r = subprocess.run(cmd, cwd=d, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   text=True, timeout=timeout, env=env)
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
    begin, end = MARKS[MUT_ARCH]
    text = DOC.read_text()  # re-read right before editing
    subset = "all mutants" if len(ids) == len(MUTATIONS) else "mutants " + ",".join(map(str, ids))
    what = "v2 list (rtl/v2/)" if MUT_ARCH == "v2" else "v1 list (rtl/, MUT_ARCH=v1)"
    block = (f"{begin}\n{what}: last run ({time.strftime('%Y-%m-%d')}, {subset} of "
             f"{len(MUTATIONS)}, kill-suite of {len(SUITE)} lockstep runs): score "
             f"**{score(results)}** killed.\n\n{table(results)}\n{end}")
    if begin in text and end in text:
        a = text.index(begin)
        b = text.index(end) + len(end)
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


def baseline_model(sim: str) -> int:
    """--baseline-model [SIM]: every run of the kill-suite on the C model alone (default
    build/rinv_sim, both configurations), with the suite's conditions. A condition that the
    unmutated design no longer meets would "kill" every mutant that reaches its run (it
    happened: strobes_merge kept loads_checked == 11 after the GPU front end), so make test
    runs this (test mutate_suite_baseline_model). Lockstep-only failures (mismatches) need
    the RTL: make mutate runs the same suite on the unmutated tree first (baseline)."""
    bad, runs = 0, [r for r in SUITE if not r[0].startswith(BLOCK)]
    for name, conds, args in SUITE:
        if name.startswith(BLOCK):
            print(f"skip {name}: a block test of the RTL (make mutate's baseline runs it)")
            continue
        cmd = check_cmd(conds, sim, args)
        r = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True)
        if r.returncode != 0:
            bad += 1
            print(f"FAIL {name}: {fail_hint(r.stdout, r.returncode)}\n  command: {' '.join(cmd)}")
        else:
            print(f"ok   {name}")
    print(f"baseline ({MUT_ARCH} kill-suite, {sim}): {len(runs) - bad}/{len(runs)} runs pass")
    return 1 if bad else 0


def main(argv: list[str]) -> int:
    if "--check" in argv:
        return check()
    if argv[:1] == ["--table"]:
        return from_logs(argv[1:])
    if argv[:1] == ["--baseline-model"]:
        return baseline_model(argv[1] if len(argv) > 1 else "build/rinv_sim")
    if check(arches=(MUT_ARCH,)) != 0:
        return 1
    only = os.environ.get("MUT_ONLY", "").strip()
    ids = [int(x) for x in only.split(",") if x.strip()] if only else list(range(1, len(MUTATIONS) + 1))
    for k in ids:
        if not 1 <= k <= len(MUTATIONS):
            raise SystemExit(f"MUT_ONLY: no mutant {k}")
    jobs = int(os.environ.get("MUT_JOBS", "2"))
    timeout = int(os.environ.get("MUT_TIMEOUT", "300"))
    if os.environ.get("MUT_NO_BASELINE") != "1":
        # the unmutated tree must pass the whole kill-suite, or every "killed" is suspect
        print(f"baseline: the kill-suite of {len(SUITE)} runs on the unmutated tree "
              f"({MUT_DIR.name}/0)", flush=True)
        b = run_mutant(0, None, timeout)
        if b["status"] != "survived":
            print(f"baseline FAILED ({b['status']}): {b['why']}; log {MUT_DIR.name}/0/mutate.log."
                  " Fix the kill-suite (tools/mutate.py SUITE_V1) before reading any result.")
            return 1
        print(f"baseline: all {len(SUITE)} runs pass ({b.get('secs', 0):.0f}s)", flush=True)
    print(f"running {len(ids)} {MUT_ARCH} mutants, {jobs} in parallel, kill-suite of "
          f"{len(SUITE)} runs", flush=True)
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

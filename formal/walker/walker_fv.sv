// Formal checker of the range-invalidate walker (ARCHITECTURE_v2.md §6.5) inside its side
// cache controller (side_cc, §6), top of the job formal/walker.sby.
//
// Formal configuration (formal/walker.sby): 1 L1 of L1Sets x L1Ways, L2 of L2Sets x L2Ways,
// Lanes 1, TagLat 1, Pif probes in flight; the full datapath (26-bit lines, 512-bit data,
// 64-bit masks). Data abstraction FV_LINE_BITS: every line the core ports, the probes and
// the watched line name is below 2**FV_LINE_BITS (the all-probe, first = 0, n = 2**26, is
// allowed as well). Environment: the core port, the memory channel (cc_req_ready, fill),
// the history handshakes (hist_ready, hist_go, hist_done), the register bus and ack_ready are
// free (anyseq); stall inputs 0; probes follow the directory's rule (never more than Pif
// unacked, §6.5.6) and n >= 1, first + n <= 2**26 (§7.4).
//
// Watched line L (anyconst) and one watched probe (the checker picks any accepted probe,
// anyseq). Observation of "valid": side_cc's peek port dbg_valid (L valid in the L2 or an L1;
// needs RINV_VERIF). Observation of "dirty": the checker's model of L's dirty bit and byte
// mask in the L2 (set by an accepted core store to L, the store's bytes OR-ed in; cleared by a
// cc_req write of L), which the write-back assertion checks against every write-back of L.
// Properties:
//   wk_inv_at_ack     when the watched probe's ack handshakes and its range [first, first+n)
//                     holds L, L is valid in no array of the side (unless a core request was
//                     accepted since the probe, which may legally bring L back)
//   wk_wb_before_ack  ... and L is not dirty: a dirty L was written back before the ack
//   wk_wb_mask        every cc_req write of L carries exactly the bytes stored to L since it
//                     became dirty (its byte mask), and only a dirty L is written back
//   chan_cc_req_hold, chan_hist_hold, chan_ack_hold, chan_resp_hold (issue 13, §5): cc_req
//                     (valid, we, line, wmask), hist (valid, line, last), ack (valid, hits)
//                     and each core port's response (valid) keep valid and their payload
//                     from a cycle with valid and not ready to the next
//   chan_cc_req_wdata_hold, chan_resp_rdata_hold (define FV_CHAN_DATA, task bmc_chdata):
//                     the same for cc_req's wdata and the responses' rdata
module walker_fv #(
  parameter int NL1    = 1,
  parameter int L1Sets = 2,
  parameter int L1Ways = 1,
  parameter int L2Sets = 2,
  parameter int L2Ways = 1,
  parameter int Pif    = 2,
  parameter int MaxN   = 4,
  parameter int LB     = `FV_LINE_BITS,
  parameter int TagOreg = 0,  // tag_oreg; the side_cc top is run with 0 only (depth budget)
  parameter int RecCap = 2
) (
  input  logic clk_i
);

  logic rst_ni;
  logic init_q = 1'b1;
  always_ff @(posedge clk_i) init_q <= 1'b0;
  assign rst_ni = !init_q;

  // ---- free environment -------------------------------------------------------------------
  (* anyseq *) logic [NL1-1:0]        port_req_valid, port_req_we, port_resp_ready;
  (* anyseq *) logic [NL1-1:0][31:0]  port_req_addr, port_req_wdata;
  (* anyseq *) logic [NL1-1:0][3:0]   port_req_wstrb;
  (* anyseq *) logic                  cc_req_ready, fill_valid, hist_ready, hist_go, hist_done;
  (* anyseq *) rinv_pkg::ldata_t      fill_data;
  (* anyseq *) logic                  probe_valid, probe_setwalk, ack_ready, watch_pick;
  (* anyseq *) rinv_pkg::line_t       probe_first;
  (* anyseq *) rinv_pkg::nlines_t     probe_nlines;
  (* anyseq *) logic                  rb_sel, rb_we, rb_side, rb_commit;
  (* anyseq *) logic [14:0]           rb_off;
  (* anyseq *) logic [31:0]           rb_wdata;
  (* anyconst *) rinv_pkg::line_t     wl;   // the watched line L

  logic [NL1-1:0]        port_req_ready, port_resp_valid;
  logic [NL1-1:0][31:0]  port_resp_rdata;
  logic                  cc_req_valid, cc_req_we, fill_ready, hist_valid, hist_last;
  rinv_pkg::line_t       cc_req_line, hist_line, inv_line;
  rinv_pkg::ldata_t      cc_req_wdata;
  rinv_pkg::lmask_t      cc_req_wmask;
  logic                  probe_ready, ack_valid, dbg_valid, rb_err, hist_en;
  logic [31:0]           ack_hits, rb_rdata, tag_lookups;
  logic [7:0]            inv_count;
  logic [15:0]           rec_count;

  side_cc #(
    .Side   (0),
    .NL1    (NL1),
    .L1Sets (L1Sets),
    .L1Ways (L1Ways),
    .L2Sets (L2Sets),
    .L2Ways (L2Ways),
    .L1Lat  (1),
    .L2Lat  (1),
    .RecCap (RecCap),
    .Lanes  (1),
    .Pif    (Pif),
    .TagOreg (TagOreg)
  ) dut (
    .clk_i             (clk_i),
    .rst_ni            (rst_ni),
    .stall_fill_i      (1'b0),
    .stall_probe_i     (1'b0),
    .port_req_valid_i  (port_req_valid),
    .port_req_we_i     (port_req_we),
    .port_req_addr_i   (port_req_addr),
    .port_req_wdata_i  (port_req_wdata),
    .port_req_wstrb_i  (port_req_wstrb),
    .port_req_ready_o  (port_req_ready),
    .port_resp_valid_o (port_resp_valid),
    .port_resp_rdata_o (port_resp_rdata),
    .port_resp_ready_i (port_resp_ready),
    .cc_req_valid_o    (cc_req_valid),
    .cc_req_we_o       (cc_req_we),
    .cc_req_line_o     (cc_req_line),
    .cc_req_wdata_o    (cc_req_wdata),
    .cc_req_wmask_o    (cc_req_wmask),
    .cc_req_ready_i    (cc_req_ready),
    .fill_valid_i      (fill_valid),
    .fill_data_i       (fill_data),
    .fill_ready_o      (fill_ready),
    .hist_valid_o      (hist_valid),
    .hist_last_o       (hist_last),
    .hist_line_o       (hist_line),
    .hist_ready_i      (hist_ready),
    .hist_go_i         (hist_go),
    .hist_done_i       (hist_done),
    .probe_valid_i     (probe_valid),
    .probe_first_i     (probe_first),
    .probe_nlines_i    (probe_nlines),
    .probe_setwalk_i   (probe_setwalk),
    .probe_ready_o     (probe_ready),
    .ack_valid_o       (ack_valid),
    .ack_hits_o        (ack_hits),
    .ack_ready_i       (ack_ready),
    .inv_count_o       (inv_count),
    .inv_line_o        (inv_line),
    .dbg_line_i        (wl),
    .dbg_valid_o       (dbg_valid),
    .rb_sel_i          (rb_sel),
    .rb_we_i           (rb_we),
    .rb_off_i          (rb_off),
    .rb_wdata_i        (rb_wdata),
    .rb_side_i         (rb_side),
    .rb_commit_i       (rb_commit),
    .rb_err_o          (rb_err),
    .rb_rdata_o        (rb_rdata),
    .hist_en_o         (hist_en),
    .rec_count_o       (rec_count),
    .tag_lookups_o     (tag_lookups)
  );

  // ---- environment assumptions ------------------------------------------------------------
  localparam int OW = $clog2(Pif + 2);
  logic [OW-1:0] out_q;     // probes accepted and not yet acked
  logic          p_hs, a_hs, c_hs, w_hs;
  assign p_hs = probe_valid && probe_ready;
  assign a_hs = ack_valid && ack_ready;
  assign c_hs = |(port_req_valid & port_req_ready);
  assign w_hs = cc_req_valid && cc_req_ready && cc_req_we;


  always_comb begin
    assume (wl < 26'(1 << LB));
    for (int k = 0; k < NL1; k++) assume (port_req_addr[k][31:6] < 26'(1 << LB));
  end

  // ---- model of L's dirty bit and byte mask in the L2 -------------------------------------
  logic             d_q;
  rinv_pkg::lmask_t m_q;
  logic [NL1-1:0]   st_l;    // an accepted store to L on port k
  rinv_pkg::lmask_t st_m;
  always_comb begin
    st_m = '0;
    for (int k = 0; k < NL1; k++) begin
      st_l[k] = port_req_valid[k] && port_req_ready[k] && port_req_we[k] &&
                (port_req_addr[k][31:6] == wl);
      if (st_l[k]) st_m = st_m | (64'(port_req_wstrb[k]) << {port_req_addr[k][5:2], 2'b00});
    end
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      d_q <= 1'b0;
      m_q <= '0;
    end else if (st_l != '0) begin
      d_q <= 1'b1;
      m_q <= m_q | st_m;
    end else if (w_hs && cc_req_line == wl) begin
      d_q <= 1'b0;
      m_q <= '0;
    end
  end

  logic [25:0]      wr_line;
  rinv_pkg::lmask_t wr_mask;
  assign wr_line = cc_req_line;
  assign wr_mask = cc_req_wmask;

  // ---- channel holding (valid/ready contract, §5): every channel side_cc drives keeps valid
  // and its payload stable until ready (bounded with the task's depth) -----------------------
  logic                 ch_past_q, crv_q, crr_q, crwe_q, hv_q, hr_q, hl_q, av_q, ar_q;
  rinv_pkg::line_t      crl_q, hln_q;
  rinv_pkg::ldata_t     crd_q;
  rinv_pkg::lmask_t     crm_q;
  logic [31:0]          ah_q;
  logic [NL1-1:0]       rv_q, rr_q;
  logic [NL1-1:0][31:0] rd_q;
  always_ff @(posedge clk_i) begin
    ch_past_q <= rst_ni;
    crv_q     <= cc_req_valid;
    crr_q     <= cc_req_ready;
    crwe_q    <= cc_req_we;
    crl_q     <= cc_req_line;
    crd_q     <= cc_req_wdata;
    crm_q     <= cc_req_wmask;
    hv_q      <= hist_valid;
    hr_q      <= hist_ready;
    hl_q      <= hist_last;
    hln_q     <= hist_line;
    av_q      <= ack_valid;
    ar_q      <= ack_ready;
    ah_q      <= ack_hits;
    rv_q      <= port_resp_valid;
    rr_q      <= port_resp_ready;
    rd_q      <= port_resp_rdata;
  end
  always_comb begin
    if (rst_ni && ch_past_q) begin
      chan_cc_req_hold: assert (!(crv_q && !crr_q) ||
                                (cc_req_valid && cc_req_we == crwe_q && cc_req_line == crl_q &&
                                 cc_req_wmask == crm_q));
      chan_hist_hold: assert (!(hv_q && !hr_q) ||
                              (hist_valid && hist_line == hln_q && hist_last == hl_q));
      chan_ack_hold: assert (!(av_q && !ar_q) || (ack_valid && ack_hits == ah_q));
      for (int k = 0; k < NL1; k++) begin
        chan_resp_hold: assert (!(rv_q[k] && !rr_q[k]) || port_resp_valid[k]);
      end
`ifdef FV_CHAN_DATA
      // the data payloads (task bmc_chdata): observing them keeps the data arrays in the
      // model, which the other properties let Yosys remove (too slow for depth 24)
      chan_cc_req_wdata_hold: assert (!(crv_q && !crr_q) || cc_req_wdata == crd_q);
      for (int k = 0; k < NL1; k++) begin
        chan_resp_rdata_hold: assert (!(rv_q[k] && !rr_q[k]) || port_resp_rdata[k] == rd_q[k]);
      end
`endif
    end
  end

  // ---- recorder -> directory (issue 13): every recorded line reaches the directory ---------
  // pk_rec_push, pk_rec_line, pk_rec_pop: the recorder's push, the line it records and its
  // pop (side_cc's nets dut.rec_push, dut.u_rec.pdata_i, dut.rec_pop, connected by the .sby
  // script: Yosys has no hierarchical references). A recorded line is the line of a push; it
  // reaches the directory as the data beat (hist_valid, hist_ready, !hist_last) that pops it.
  // The checker watches one push it picks (rec_pick, anyseq) and counts the entries ahead of
  // it by the data beats, which are observed on side_cc's ports:
  //   rec_no_push_full  a push never meets a full recorder (rec_count < RecCap): §6.2 rule 3's
  //                     early drain keeps room, so no recorded line is dropped
  //   rec_pop_is_beat   the recorder pops exactly at a data beat's handshake (§6.4)
  //   rec_watch_inside  the watched line stays in the recorder until its beat (fewer entries
  //                     ahead of it than rec_count)
  //   rec_watch_beat    the data beat that pops it carries its line
  // Together with the hist channel's hold (chan_hist_hold) and the directory's side (dir_hist:
  // an accepted data beat is inserted into the range table or pushed into the history FIFO, or
  // its refused push is flagged as a drop, which sets ovf and is counted, dregs_ev_overflows),
  // every recorded line reaches the directory or the overflow policy is taken and counted.
  logic            pk_rec_push, pk_rec_pop;
  rinv_pkg::line_t pk_rec_line;
  (* anyseq *) logic rec_pick;
  logic            rw_q, rwn_q, d_hs;
  rinv_pkg::line_t rwl_q;
  localparam int RW = $clog2(RecCap + 1);
  logic [RW-1:0]   rwa_q, rcnt;   // entries ahead of the watched line; rec_count
  assign rcnt = rec_count[RW-1:0];
  assign d_hs = hist_valid && hist_ready && !hist_last;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rw_q  <= 1'b0;
      rwn_q <= 1'b0;
      rwl_q <= '0;
      rwa_q <= '0;
    end else if (rw_q) begin
      if (d_hs && rwa_q == '0) rw_q <= 1'b0;
      else if (d_hs) rwa_q <= rwa_q - RW'(1);
    end else if (pk_rec_push && rec_pick) begin
      rw_q  <= 1'b1;
      rwn_q <= (rcnt - RW'(d_hs)) != '0;
      rwl_q <= pk_rec_line;
      rwa_q <= rcnt - RW'(d_hs);
    end
  end
  always_comb begin
    if (rst_ni) begin
      // rec_count never exceeds RecCap (the recorder FIFO's fifo_count_le_cap), so its low
      // RW bits are the count
      rec_no_push_full: assert (!pk_rec_push || 32'(rec_count) < RecCap);
      rec_pop_is_beat: assert (pk_rec_pop == d_hs);
      if (rw_q) begin
        rec_watch_inside: assert (32'(rwa_q) < 32'(rec_count));
        if (d_hs && rwa_q == '0) rec_watch_beat: assert (hist_line == rwl_q);
      end
      rec_cover_watch_beat: cover (rw_q && d_hs && rwa_q == '0);
      // a watched line recorded behind another (its beat is beyond the cover depth 30: two
      // store misses with their fills, then two history lookups)
      rec_cover_watch_behind: cover (rw_q && rwn_q);
    end
  end

  `include "walker_watch.svh"

endmodule : walker_fv

// Channel-holding checker of the directory's probe generator dir_probegen (ARCHITECTURE_v2.md
// §5, §7.4), top of the tasks prove_pg / break_pg of formal/chan.sby. The block with its
// default parameters (HistCap 512, RtCap 8, MaxRange 256, Pif 4). Environment: every input is
// free (anyseq): registers and flags, both sides' history FIFO / range-table views, stalls,
// probe_ready and ack_valid of both sides; reset only in the first cycle. One assumption from
// the contract: SRC (src_i, which picks the target side tgt = !src) does not change while a
// probe is offered and not taken (SRC is written only by an accepted INV_START, accepted only
// while not inv_busy, i.e. between releases, §7.5, §7.6).
// Property (per target side s, one-step rule of the valid/ready contract, §5):
//   chan_probe_hold_s0 / _s1   probe_valid[s] and not probe_ready[s]: next cycle probe_valid[s] again
//                     with the same probe_first[s], probe_nlines[s], probe_setwalk[s]
module chan_probegen_fv (
  input logic clk_i
);

  localparam int HistCap = 512;
  localparam int RtCap   = 8;
  localparam int FCntW   = $clog2(HistCap + 1);
  localparam int RCntW   = $clog2(RtCap + 2);

  logic rst_ni;
  logic init_q = 1'b1;
  always_ff @(posedge clk_i) init_q <= 1'b0;
  assign rst_ni = !init_q;

  (* anyseq *) logic [9:8]            stall;
  (* anyseq *) logic [1:0]            mode, walk, ovf, fifo_hv, rt_idle, rt_all;
  (* anyseq *) logic                  src, inv_busy, wr_inv_start;
  (* anyseq *) logic [1:0][25:0]      fifo_head, rt_f0;
  (* anyseq *) logic [1:0][FCntW-1:0] fifo_cnt;
  (* anyseq *) logic [1:0][RCntW-1:0] rt_cnt;
  (* anyseq *) logic [1:0][26:0]      rt_hd;
  (* anyseq *) logic [1:0]            probe_ready, ack_valid;

  logic [1:0]       fifo_pop, fifo_flush, rt_take, probe_valid, probe_setwalk, ack_ready;
  logic [1:0][25:0] probe_first;
  logic [1:0][26:0] probe_nlines;
  logic [26:0]      take_n, p_n, total_tgt;
  logic             clr_ovf, finish, phs, ack_hs, tgt, p_all, aw;

  dir_probegen #(
    .HistCap (HistCap),
    .RtCap   (RtCap)
  ) dut (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .stall_i         (stall),
    .mode_i          (mode),
    .walk_i          (walk),
    .ovf_i           (ovf),
    .src_i           (src),
    .inv_busy_i      (inv_busy),
    .wr_inv_start_i  (wr_inv_start),
    .fifo_head_i     (fifo_head),
    .fifo_hv_i       (fifo_hv),
    .fifo_cnt_i      (fifo_cnt),
    .fifo_pop_o      (fifo_pop),
    .fifo_flush_o    (fifo_flush),
    .rt_cnt_i        (rt_cnt),
    .rt_idle_i       (rt_idle),
    .rt_f0_i         (rt_f0),
    .rt_hd_i         (rt_hd),
    .rt_all_i        (rt_all),
    .rt_take_o       (rt_take),
    .take_n_o        (take_n),
    .probe_valid_o   (probe_valid),
    .probe_first_o   (probe_first),
    .probe_nlines_o  (probe_nlines),
    .probe_setwalk_o (probe_setwalk),
    .probe_ready_i   (probe_ready),
    .ack_valid_i     (ack_valid),
    .ack_ready_o     (ack_ready),
    .clr_ovf_o       (clr_ovf),
    .finish_o        (finish),
    .phs_o           (phs),
    .ack_hs_o        (ack_hs),
    .tgt_o           (tgt),
    .p_all_o         (p_all),
    .aw_o            (aw),
    .p_n_o           (p_n),
    .total_tgt_o     (total_tgt)
  );

  // values of the previous cycle
  logic             past_q, src_q;
  logic [1:0]       pv_q, pr_q, ps_q;
  logic [1:0][25:0] pf_q;
  logic [1:0][26:0] pn_q;
  always_ff @(posedge clk_i) begin
    past_q <= rst_ni;
    src_q  <= src;
    pv_q   <= probe_valid;
    pr_q   <= probe_ready;
    pf_q   <= probe_first;
    pn_q   <= probe_nlines;
    ps_q   <= probe_setwalk;
  end

  always_comb begin
    // SRC is constant while a probe waits for its ready (the contract's SRC rule, above)
    if (rst_ni && past_q && (pv_q & ~pr_q) != 2'b00) assume (src == src_q);
    if (rst_ni && past_q) begin
      chan_probe_hold_s0: assert (!(pv_q[0] && !pr_q[0]) ||
                                  (probe_valid[0] && probe_first[0] == pf_q[0] &&
                                   probe_nlines[0] == pn_q[0] && probe_setwalk[0] == ps_q[0]));
      chan_probe_hold_s1: assert (!(pv_q[1] && !pr_q[1]) ||
                                  (probe_valid[1] && probe_first[1] == pf_q[1] &&
                                   probe_nlines[1] == pn_q[1] && probe_setwalk[1] == ps_q[1]));
    end
  end

endmodule : chan_probegen_fv

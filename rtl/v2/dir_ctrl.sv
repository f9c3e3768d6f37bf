// Directory (ARCHITECTURE_v2.md §7): the wiring of the memory arbiter (dir_memarb), the
// registers, lock and flags (dir_regs), the two history structures (dir_hist), the probe
// generator (dir_probegen) and the statistics (dir_stats).
module dir_ctrl #(
  parameter int HistCap  = 512,
  parameter int RtCap    = 8,
  parameter int RtScan   = 4,
  parameter int MaxRange = 256,
  parameter int Pif      = 4,
  parameter int SMax0    = 64,
  parameter int SMax1    = 32,
  parameter int Total0   = 192,
  parameter int Total1   = 320
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic [9:0]           stall_i,
  input  logic [1:0]           cc_req_valid_i,
  input  logic [1:0]           cc_req_we_i,
  input  logic [1:0][25:0]     cc_req_line_i,
  input  logic [1:0][511:0]    cc_req_wdata_i,
  input  logic [1:0][63:0]     cc_req_wmask_i,
  output logic [1:0]           cc_req_ready_o,
  output logic                 mem_req_valid_o,
  output logic                 mem_req_we_o,
  output logic [25:0]          mem_req_line_o,
  output logic [511:0]         mem_req_wdata_o,
  output logic [63:0]          mem_req_wmask_o,
  input  logic                 mem_req_ready_i,
  input  logic                 mem_resp_valid_i,
  input  logic [511:0]         mem_resp_rdata_i,
  output logic [1:0]           fill_valid_o,
  output logic [511:0]         fill_data_o,
  input  logic [1:0]           fill_ready_i,
  input  logic [1:0]           hist_valid_i,
  input  logic [1:0]           hist_last_i,
  input  logic [1:0][25:0]     hist_line_i,
  output logic [1:0]           hist_ready_o,
  output logic [1:0]           hist_go_o,
  output logic [1:0]           hist_done_o,
  output logic [1:0]           probe_valid_o,
  output logic [1:0][25:0]     probe_first_o,
  output logic [1:0][26:0]     probe_nlines_o,
  output logic [1:0]           probe_setwalk_o,
  input  logic [1:0]           probe_ready_i,
  input  logic [1:0]           ack_valid_i,
  input  logic [1:0][31:0]     ack_hits_i,
  output logic [1:0]           ack_ready_o,
  input  logic                 rb_sel_i,
  input  logic                 rb_we_i,
  input  logic [14:0]          rb_off_i,
  input  logic [31:0]          rb_wdata_i,
  input  logic                 rb_side_i,
  input  logic                 rb_commit_i,
  input  logic                 rb_reject_i,
  output logic                 rb_err_o,
  output logic [31:0]          rb_rdata_o,
  output logic [1:0]           lock_owner_o,
  output logic                 inv_busy_o,
  output logic                 inv_done_o,
  output logic [1:0][15:0]     hist_count_o,
  output logic [31:0]          stat_probes_o,
  output logic [31:0]          stat_probe_lines_o,
  output logic [31:0]          stat_inv_hits_o,
  output logic [31:0]          stat_over_inv_o,
  output logic [31:0]          stat_hist_entries_o,
  output logic [31:0]          stat_hist_overflows_o,
  output logic [31:0]          stat_inv_cycles_o,
  output logic [31:0]          stat_inv_cycles_last_o,
  output logic [31:0]          stat_releases_o,
  output logic [31:0]          stat_errors_o
);

  localparam int FCntW = $clog2(HistCap + 1);
  localparam int RCntW = $clog2(RtCap + 2);

  localparam logic [1:0] ModeMerge = 2'd2;

  // stall bits of the cache controllers (fill 2+s, probe 6+s): not the directory's
  logic unused_stall;
  assign unused_stall = ^{stall_i[7:6], stall_i[3:2]};

  // ---- memory arbiter ----------------------------------------------------------------------
  dir_memarb u_memarb (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .stall_req_i      (stall_i[1:0]),
    .cc_req_valid_i   (cc_req_valid_i),
    .cc_req_we_i      (cc_req_we_i),
    .cc_req_line_i    (cc_req_line_i),
    .cc_req_wdata_i   (cc_req_wdata_i),
    .cc_req_wmask_i   (cc_req_wmask_i),
    .cc_req_ready_o   (cc_req_ready_o),
    .mem_req_valid_o  (mem_req_valid_o),
    .mem_req_we_o     (mem_req_we_o),
    .mem_req_line_o   (mem_req_line_o),
    .mem_req_wdata_o  (mem_req_wdata_o),
    .mem_req_wmask_o  (mem_req_wmask_o),
    .mem_req_ready_i  (mem_req_ready_i),
    .mem_resp_valid_i (mem_resp_valid_i),
    .mem_resp_rdata_i (mem_resp_rdata_i),
    .fill_valid_o     (fill_valid_o),
    .fill_data_o      (fill_data_o),
    .fill_ready_i     (fill_ready_i)
  );

  // nets between the blocks; the register outputs keep the name of the register they carry
  logic [1:0]  mode_q, walk_q, ovf_q;   // dir_regs
  logic        src_q, inv_busy_q, wr_inv_start;
  logic        p_all_q, aw_q;           // dir_probegen
  logic [26:0] p_n_q, total_tgt;
  logic        tgt, phs, ack_hs, finish, clr_ovf;

  logic [9:0][31:0] st_ev, st_cnt;
  logic [9:0]       st_clr;

  // history structures
  logic [1:0]              beat_data, beat_last, drop, fifo_pop, fifo_flush, fifo_hv;
  logic [1:0][25:0]        fifo_head, rt_f0, rt_gap;
  logic [1:0][FCntW-1:0]   fifo_cnt;
  logic [1:0][RCntW-1:0]   rt_cnt;
  logic [1:0]              rt_take, rt_idle, rt_merge, rt_all;
  logic [1:0][26:0]        rt_hd;
  logic [26:0]             take_n;

  // ---- registers, lock and flags -------------------------------------------------------------
  dir_regs #(
    .HistCap (HistCap),
    .RtCap   (RtCap)
  ) u_regs (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .rb_sel_i       (rb_sel_i),
    .rb_we_i        (rb_we_i),
    .rb_off_i       (rb_off_i),
    .rb_wdata_i     (rb_wdata_i),
    .rb_side_i      (rb_side_i),
    .rb_commit_i    (rb_commit_i),
    .rb_reject_i    (rb_reject_i),
    .rb_err_o       (rb_err_o),
    .rb_rdata_o     (rb_rdata_o),
    .beat_data_i    (beat_data),
    .beat_last_i    (beat_last),
    .drop_i         (drop),
    .fifo_cnt_i     (fifo_cnt),
    .rt_cnt_i       (rt_cnt),
    .rt_idle_i      (rt_idle),
    .rt_merge_i     (rt_merge),
    .rt_gap_i       (rt_gap),
    .hist_count_i   (hist_count_o),
    .clr_ovf_i      (clr_ovf),
    .finish_i       (finish),
    .phs_i          (phs),
    .ack_hs_i       (ack_hs),
    .tgt_i          (tgt),
    .p_all_i        (p_all_q),
    .aw_i           (aw_q),
    .p_n_i          (p_n_q),
    .total_tgt_i    (total_tgt),
    .ack_hits_i     (ack_hits_i),
    .st_cnt_i       (st_cnt),
    .st_ev_o        (st_ev),
    .st_clr_o       (st_clr),
    .wr_inv_start_o (wr_inv_start),
    .mode_o         (mode_q),
    .walk_o         (walk_q),
    .ovf_o          (ovf_q),
    .src_o          (src_q),
    .hist_go_o      (hist_go_o),
    .hist_done_o    (hist_done_o),
    .lock_owner_o   (lock_owner_o),
    .inv_busy_o     (inv_busy_q),
    .inv_done_o     (inv_done_o)
  );

  assign inv_busy_o = inv_busy_q;

  // ---- history structures ----------------------------------------------------------------------
  for (genvar s = 0; s < 2; s++) begin : gen_hist
    dir_hist #(
      .HistCap  (HistCap),
      .RtCap    (RtCap),
      .RtScan   (RtScan),
      .MaxRange (MaxRange)
    ) u_hist (
      .clk_i        (clk_i),
      .rst_ni       (rst_ni),
      .merge_i      (mode_q == ModeMerge),
      .stall_i      (stall_i[4+s]),
      .hist_valid_i (hist_valid_i[s]),
      .hist_last_i  (hist_last_i[s]),
      .hist_line_i  (hist_line_i[s]),
      .hist_ready_o (hist_ready_o[s]),
      .beat_data_o  (beat_data[s]),
      .beat_last_o  (beat_last[s]),
      .drop_o       (drop[s]),
      .pop_i        (fifo_pop[s]),
      .flush_i      (fifo_flush[s]),
      .head_o       (fifo_head[s]),
      .head_valid_o (fifo_hv[s]),
      .fcount_o     (fifo_cnt[s]),
      .take_i       (rt_take[s]),
      .take_n_i     (take_n),
      .rt_idle_o    (rt_idle[s]),
      .f0_o         (rt_f0[s]),
      .hd_o         (rt_hd[s]),
      .head_all_o   (rt_all[s]),
      .rcount_o     (rt_cnt[s]),
      .merge_o      (rt_merge[s]),
      .gap_o        (rt_gap[s]),
      .hist_count_o (hist_count_o[s])
    );
  end

  // ---- probe generator -------------------------------------------------------------------------
  dir_probegen #(
    .HistCap  (HistCap),
    .RtCap    (RtCap),
    .MaxRange (MaxRange),
    .Pif      (Pif),
    .SMax0    (SMax0),
    .SMax1    (SMax1),
    .Total0   (Total0),
    .Total1   (Total1)
  ) u_probegen (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .stall_i         (stall_i[9:8]),
    .mode_i          (mode_q),
    .walk_i          (walk_q),
    .ovf_i           (ovf_q),
    .src_i           (src_q),
    .inv_busy_i      (inv_busy_q),
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
    .probe_valid_o   (probe_valid_o),
    .probe_first_o   (probe_first_o),
    .probe_nlines_o  (probe_nlines_o),
    .probe_setwalk_o (probe_setwalk_o),
    .probe_ready_i   (probe_ready_i),
    .ack_valid_i     (ack_valid_i),
    .ack_ready_o     (ack_ready_o),
    .clr_ovf_o       (clr_ovf),
    .finish_o        (finish),
    .phs_o           (phs),
    .ack_hs_o        (ack_hs),
    .tgt_o           (tgt),
    .p_all_o         (p_all_q),
    .aw_o            (aw_q),
    .p_n_o           (p_n_q),
    .total_tgt_o     (total_tgt)
  );

  // ---- statistics ------------------------------------------------------------------------------
  dir_stats #(
    .N (10)
  ) u_stats (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .ev_i   (st_ev),
    .clr_i  (st_clr),
    .cnt_o  (st_cnt)
  );

  assign stat_probes_o          = st_cnt[0];
  assign stat_probe_lines_o     = st_cnt[1];
  assign stat_inv_hits_o        = st_cnt[2];
  assign stat_over_inv_o        = st_cnt[3];
  assign stat_hist_entries_o    = st_cnt[4];
  assign stat_hist_overflows_o  = st_cnt[5];
  assign stat_inv_cycles_o      = st_cnt[6];
  assign stat_inv_cycles_last_o = st_cnt[7];
  assign stat_releases_o        = st_cnt[8];
  assign stat_errors_o          = st_cnt[9];

endmodule : dir_ctrl

// Directory (ARCHITECTURE_v2.md §7): wires the memory arbiter, the two history structures
// and the statistics, and holds the registers / lock / flags (dir_regs) and the probe
// generator (dir_probegen) as two sections of this module (see README.md).
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
  localparam int OcW   = $clog2(Pif + 1);

  localparam logic [1:0] ModeLine  = 2'd0;
  localparam logic [1:0] ModeRun   = 2'd1;
  localparam logic [1:0] ModeMerge = 2'd2;
  localparam logic [1:0] WalkAddr  = 2'd0;
  localparam logic [1:0] WalkSet   = 2'd1;

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

  // ---- registers, lock and flags (dir_regs) --------------------------------------------------
  logic [1:0]  owner_q, owner_d;
  logic [1:0]  mode_q, mode_d, walk_q, walk_d;
  logic        inv_busy_q, inv_busy_d;
  logic        inv_done_q, inv_done_d;
  logic [1:0]  hist_busy_q, hist_busy_d;
  logic [1:0]  hist_go_q, hist_go_d;
  logic [1:0]  hist_done_q, hist_done_d;
  logic [1:0]  ovf_q, ovf_d;
  logic [1:0]  last_id_q, last_id_d;
  logic        src_q, src_d;

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

  logic [31:0] status, v;
  logic [1:0]  req_id;
  logic        inv_start_ok, hist_rx_ok, hist_nonempty, dir_wr, wr_inv_start;

  assign req_id = rb_side_i ? 2'd2 : 2'd1;
  assign v      = rb_wdata_i;
  assign hist_nonempty = (fifo_cnt[0] != '0) || (fifo_cnt[1] != '0) ||
                         (rt_cnt[0] != '0) || (rt_cnt[1] != '0) || !rt_idle[0] || !rt_idle[1];
  assign status = {22'b0, owner_q, ovf_q[1], ovf_q[0], last_id_q, hist_busy_q[1],
                   hist_busy_q[0], inv_done_q, inv_busy_q};
  assign inv_start_ok = (v == 32'(req_id)) && (owner_q == req_id) && !inv_busy_q &&
                        !hist_busy_q[rb_side_i];
  assign hist_rx_ok   = inv_start_ok;

  always_comb begin
    rb_err_o   = 1'b0;
    rb_rdata_o = '0;
    unique case (rb_off_i)
      rinv_regs_pkg::DIR_LOCK_OFFSET: begin
        rb_rdata_o = 32'(owner_q);
        if (rb_we_i) begin
          if (v > 32'd2)       rb_err_o = 1'b1;
          else if (v != 32'd0) rb_err_o = (v != 32'(req_id));
          else rb_err_o = (owner_q != req_id) || inv_busy_q || hist_busy_q[rb_side_i];
        end
      end
      rinv_regs_pkg::DIR_MODE_OFFSET: begin
        rb_rdata_o = {28'b0, walk_q, mode_q};
        if (rb_we_i) begin
          rb_err_o = (v[31:4] != '0) || (v[1:0] == 2'd3) || (v[3:2] == 2'd3) || inv_busy_q ||
                     (hist_busy_q != 2'b00) || hist_nonempty || (ovf_q != 2'b00);
        end
      end
      rinv_regs_pkg::DIR_STATUS_OFFSET: begin
        rb_rdata_o = status;
        rb_err_o = rb_we_i;
      end
      rinv_regs_pkg::DIR_ERR_COUNT_OFFSET: begin
        rb_rdata_o = st_cnt[9];
        rb_err_o = rb_we_i;
      end
      rinv_regs_pkg::DIR_PROBES_OFFSET: begin
        rb_rdata_o = st_cnt[0];
        rb_err_o = rb_we_i;
      end
      rinv_regs_pkg::DIR_PROBE_LINES_OFFSET: begin
        rb_rdata_o = st_cnt[1];
        rb_err_o = rb_we_i;
      end
      rinv_regs_pkg::DIR_INV_HITS_OFFSET: begin
        rb_rdata_o = st_cnt[2];
        rb_err_o = rb_we_i;
      end
      rinv_regs_pkg::DIR_OVER_INV_OFFSET: begin
        rb_rdata_o = st_cnt[3];
        rb_err_o = rb_we_i;
      end
      rinv_regs_pkg::DIR_HIST_ENTRIES_OFFSET: begin
        rb_rdata_o = st_cnt[4];
        rb_err_o = rb_we_i;
      end
      rinv_regs_pkg::DIR_HIST_OVERFLOWS_OFFSET: begin
        rb_rdata_o = st_cnt[5];
        rb_err_o = rb_we_i;
      end
      rinv_regs_pkg::DIR_INV_CYCLES_OFFSET: begin
        rb_rdata_o = st_cnt[6];
        rb_err_o = rb_we_i;
      end
      rinv_regs_pkg::DIR_INV_CYCLES_LAST_OFFSET: begin
        rb_rdata_o = st_cnt[7];
        rb_err_o = rb_we_i;
      end
      rinv_regs_pkg::DIR_RELEASES_OFFSET: begin
        rb_rdata_o = st_cnt[8];
        rb_err_o = rb_we_i;
      end
      rinv_regs_pkg::DIR_HIST_COUNT_CPU_OFFSET: begin
        rb_rdata_o = 32'(hist_count_o[0]);
        rb_err_o = rb_we_i;
      end
      rinv_regs_pkg::DIR_HIST_COUNT_GPU_OFFSET: begin
        rb_rdata_o = 32'(hist_count_o[1]);
        rb_err_o = rb_we_i;
      end
      rinv_regs_pkg::DIR_INV_START_OFFSET: begin
        rb_rdata_o = status;
        rb_err_o = rb_we_i && !inv_start_ok;
      end
      rinv_regs_pkg::DIR_HIST_RX_OFFSET: begin
        rb_rdata_o = status;
        rb_err_o = rb_we_i && !hist_rx_ok;
      end
      default:  rb_err_o = 1'b1;
    endcase
  end

  assign dir_wr       = rb_sel_i && rb_we_i && rb_commit_i;
  assign wr_inv_start = dir_wr && (rb_off_i == rinv_regs_pkg::DIR_INV_START_OFFSET);

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

  // ---- probe generator (dir_probegen) -----------------------------------------------------------
  typedef enum logic {GIdle, GRun} gstate_e;

  gstate_e     g_state_q, g_state_d;
  logic [25:0] pf_q, pf_d;       // pending run
  logic [26:0] pn_q, pn_d;       // 0 = none
  logic [26:0] pe_q, pe_d;       // = pf_q + pn_q while pn_q != 0: the line that extends the run
  logic        p_valid_q, p_valid_d, p_sw_q, p_sw_d, p_all_q, p_all_d;
  logic [25:0] p_first_q, p_first_d;
  logic [26:0] p_n_q, p_n_d;
  logic [OcW-1:0] oc_q, oc_d;
  logic        aw_q, aw_d;

  logic        tgt, fifo_mode, phs, ack_hs, pfree, finish, brk, clr_ovf;
  logic [25:0] fh;
  logic        fhv;
  logic [FCntW-1:0] fc;
  logic [26:0] smax_tgt, total_tgt, mrg_n;

  assign tgt       = !src_q;
  assign fifo_mode = (mode_q != ModeMerge);
  assign fh        = fifo_head[src_q];
  assign fhv       = fifo_hv[src_q];
  assign fc        = fifo_cnt[src_q];
  assign smax_tgt  = tgt ? 27'(SMax1) : 27'(SMax0);
  assign total_tgt = tgt ? 27'(Total1) : 27'(Total0);
  // the run's next line is kept in a register (pe_q, advanced with pn_q), so the FIFO head
  // (block RAM read data) meets an equality compare, not an adder, before the pop
  assign brk       = (mode_q == ModeLine) || ({1'b0, fh} != pe_q) || (pn_q == 27'(MaxRange));

  // merge: n = min(l0 - f0 + 1, MaxRange) and its set-walk choice n > smax, from the range
  // table's registered hd = l0 - f0 and hd < MaxRange (no subtraction here): hd + 1 and
  // hd >= smax side by side
  logic [26:0] mrg_hd;
  logic        mrg_all, mrg_sw;   // mrg_all: the head entry fits in one probe (hd < MaxRange)
  assign mrg_hd  = rt_hd[src_q];
  assign mrg_all = rt_all[src_q];
  assign mrg_n  = mrg_all ? mrg_hd + 27'd1 : 27'(MaxRange);
  assign mrg_sw = (walk_q == WalkAddr) ? 1'b0 : (walk_q == WalkSet) ? 1'b1 :
                  mrg_all ? (mrg_hd >= smax_tgt) : (27'(MaxRange) > smax_tgt);

  function automatic logic setwalk_of(input logic [1:0] w, input logic [26:0] n,
                                      input logic [26:0] smax);
    setwalk_of = (w == WalkAddr) ? 1'b0 : (w == WalkSet) ? 1'b1 : (n > smax);
  endfunction

  always_comb begin
    probe_valid_o   = '0;
    probe_first_o   = '0;
    probe_nlines_o  = '0;
    probe_setwalk_o = '0;
    ack_ready_o     = '0;
    if (p_valid_q && 32'(oc_q) < Pif) begin
      probe_valid_o[tgt]   = 1'b1;
      probe_first_o[tgt]   = p_first_q;
      probe_nlines_o[tgt]  = p_n_q;
      probe_setwalk_o[tgt] = p_sw_q;
    end
    ack_ready_o[tgt] = inv_busy_q && (oc_q != '0) && !stall_i[8 + 32'(tgt)];
  end

  assign phs    = probe_valid_o[tgt] && probe_ready_i[tgt];
  assign ack_hs = ack_valid_i[tgt] && ack_ready_o[tgt];
  assign pfree  = !p_valid_q || phs;

  always_comb begin
    g_state_d  = g_state_q;
    pf_d       = pf_q;
    pn_d       = pn_q;
    pe_d       = pe_q;
    p_valid_d  = p_valid_q && !phs;
    p_first_d  = p_first_q;
    p_n_d      = p_n_q;
    p_sw_d     = p_sw_q;
    p_all_d    = p_all_q;
    oc_d       = oc_q + OcW'(phs) - OcW'(ack_hs);
    aw_d       = aw_q || (phs && p_all_q);
    fifo_pop   = '0;
    fifo_flush = '0;
    rt_take    = '0;
    take_n     = mrg_n;
    clr_ovf    = 1'b0;
    finish     = 1'b0;
    if (g_state_q == GRun) begin
      if (aw_q) begin
        // all-probe awaiting its ack: nothing is formed
      end else if (fifo_mode && ovf_q[src_q]) begin
        if (!p_valid_q && oc_q == '0) begin
          p_valid_d  = 1'b1;
          p_first_d  = '0;
          p_n_d      = 27'h400_0000;
          p_sw_d     = 1'b1;
          p_all_d    = 1'b1;
          fifo_flush[src_q] = 1'b1;
          clr_ovf    = 1'b1;
          pn_d       = '0;
        end
      end else if (fifo_mode) begin
        if (pn_q != '0 && fc == '0) begin
          if (pfree) begin
            p_valid_d = 1'b1;
            p_first_d = pf_q;
            p_n_d     = pn_q;
            p_sw_d    = setwalk_of(walk_q, pn_q, smax_tgt);
            p_all_d   = 1'b0;
            pn_d      = '0;
          end
        end else if (pn_q != '0 && fhv && brk) begin
          if (pfree) begin
            p_valid_d = 1'b1;
            p_first_d = pf_q;
            p_n_d     = pn_q;
            p_sw_d    = setwalk_of(walk_q, pn_q, smax_tgt);
            p_all_d   = 1'b0;
            fifo_pop[src_q] = 1'b1;
            pf_d      = fh;
            pn_d      = 27'd1;
            pe_d      = {1'b0, fh} + 27'd1;
          end
        end else if (fhv && (pn_q == '0 || !brk)) begin
          fifo_pop[src_q] = 1'b1;
          if (pn_q == '0) begin
            pf_d = fh;
            pn_d = 27'd1;
            pe_d = {1'b0, fh} + 27'd1;
          end else begin
            pn_d = pn_q + 27'd1;
            pe_d = pe_q + 27'd1;
          end
        end
      end else begin
        if (rt_idle[src_q] && rt_cnt[src_q] != '0 && pfree) begin
          p_valid_d = 1'b1;
          p_first_d = rt_f0[src_q];
          p_n_d     = mrg_n;
          p_sw_d    = mrg_sw;
          p_all_d   = 1'b0;
          rt_take[src_q] = 1'b1;
        end
      end
      // finish: the all-probe's ack, or nothing left
      if (ack_hs && aw_q) finish = 1'b1;
      if (!aw_q && !(fifo_mode && ovf_q[src_q]) &&
          (fifo_mode ? (fc == '0 && pn_q == '0) : (rt_cnt[src_q] == '0 && rt_idle[src_q])) &&
          !p_valid_q && oc_q == '0) begin
        finish = 1'b1;
      end
    end
    if (finish) begin
      aw_d      = 1'b0;
      g_state_d = GIdle;
    end
    if (wr_inv_start) begin
      g_state_d = GRun;
      pn_d      = '0;
      p_valid_d = 1'b0;
      oc_d      = '0;
      aw_d      = 1'b0;
    end
  end

  // ---- flags and statistics events --------------------------------------------------------------
  always_comb begin
    owner_d     = owner_q;
    mode_d      = mode_q;
    walk_d      = walk_q;
    inv_busy_d  = inv_busy_q;
    inv_done_d  = inv_done_q;
    hist_busy_d = hist_busy_q;
    hist_go_d   = '0;
    hist_done_d = '0;
    ovf_d       = ovf_q;
    last_id_d   = last_id_q;
    src_d       = src_q;
    st_ev       = '0;
    st_clr      = '0;

    if (dir_wr) begin
      unique case (rb_off_i)
        rinv_regs_pkg::DIR_LOCK_OFFSET: begin
          if (v == 32'd0) begin
            owner_d    = 2'd0;
            inv_done_d = 1'b0;
          end else if (owner_q == 2'd0) begin
            owner_d = v[1:0];
          end
        end
        rinv_regs_pkg::DIR_MODE_OFFSET: begin
          mode_d = v[1:0];
          walk_d = v[3:2];
        end
        rinv_regs_pkg::DIR_INV_START_OFFSET: begin
          src_d      = rb_side_i;
          inv_busy_d = 1'b1;
          inv_done_d = 1'b0;
          last_id_d  = req_id;
          st_ev[8]   = 32'd1;
          st_clr[7]  = 1'b1;
        end
        rinv_regs_pkg::DIR_HIST_RX_OFFSET: begin
          hist_busy_d[rb_side_i] = 1'b1;
          hist_go_d[rb_side_i]   = 1'b1;
        end
        default: ;
      endcase
    end

    for (int s = 0; s < 2; s++) begin
      if (beat_last[s]) begin
        hist_done_d[s] = 1'b1;
        if (!hist_go_d[s]) hist_busy_d[s] = 1'b0;  // set wins over clear
      end
    end
    // generator before history: the all-probe's clear, then a same-edge drop sets again
    if (clr_ovf) ovf_d[src_q] = 1'b0;
    for (int s = 0; s < 2; s++) if (drop[s]) ovf_d[s] = 1'b1;

    if (finish) begin
      inv_busy_d = 1'b0;
      inv_done_d = 1'b1;
    end

    st_ev[0] = 32'(phs);
    st_ev[1] = phs ? (p_all_q ? 32'(total_tgt) : 32'(p_n_q)) : 32'd0;
    st_ev[2] = ack_hs ? ack_hits_i[tgt] : 32'd0;
    st_ev[3] = ((ack_hs && aw_q) ? ack_hits_i[tgt] : 32'd0) +
               (rt_merge[0] ? 32'(rt_gap[0]) : 32'd0) + (rt_merge[1] ? 32'(rt_gap[1]) : 32'd0);
    st_ev[4] = 32'(beat_data[0]) + 32'(beat_data[1]);
    st_ev[5] = 32'(drop[0]) + 32'(drop[1]) + 32'(rt_merge[0]) + 32'(rt_merge[1]);
    st_ev[6] = 32'(inv_busy_q);
    st_ev[7] = 32'(inv_busy_q);
    st_ev[9] = 32'(rb_reject_i);
  end

  dir_stats #(
    .N (10)
  ) u_stats (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .ev_i   (st_ev),
    .clr_i  (st_clr),
    .cnt_o  (st_cnt)
  );

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      owner_q     <= '0;
      mode_q      <= ModeRun;
      walk_q      <= WalkAddr;
      inv_busy_q  <= 1'b0;
      inv_done_q  <= 1'b0;
      hist_busy_q <= '0;
      hist_go_q   <= '0;
      hist_done_q <= '0;
      ovf_q       <= '0;
      last_id_q   <= '0;
      src_q       <= 1'b0;
      g_state_q   <= GIdle;
      pf_q        <= '0;
      pn_q        <= '0;
      pe_q        <= '0;
      p_valid_q   <= 1'b0;
      p_first_q   <= '0;
      p_n_q       <= '0;
      p_sw_q      <= 1'b0;
      p_all_q     <= 1'b0;
      oc_q        <= '0;
      aw_q        <= 1'b0;
    end else begin
      owner_q     <= owner_d;
      mode_q      <= mode_d;
      walk_q      <= walk_d;
      inv_busy_q  <= inv_busy_d;
      inv_done_q  <= inv_done_d;
      hist_busy_q <= hist_busy_d;
      hist_go_q   <= hist_go_d;
      hist_done_q <= hist_done_d;
      ovf_q       <= ovf_d;
      last_id_q   <= last_id_d;
      src_q       <= src_d;
      g_state_q   <= g_state_d;
      pf_q        <= pf_d;
      pn_q        <= pn_d;
      pe_q        <= pe_d;
      p_valid_q   <= p_valid_d;
      p_first_q   <= p_first_d;
      p_n_q       <= p_n_d;
      p_sw_q      <= p_sw_d;
      p_all_q     <= p_all_d;
      oc_q        <= oc_d;
      aw_q        <= aw_d;
    end
  end

  assign hist_go_o   = hist_go_q;
  assign hist_done_o = hist_done_q;

  assign lock_owner_o           = owner_q;
  assign inv_busy_o             = inv_busy_q;
  assign inv_done_o             = inv_done_q;
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

`ifdef RINV_VERIF
`ifndef SYNTHESIS
  // the registers that stand in for adders agree with them
  always @(posedge clk_i) begin
    if (rst_ni && pn_q != '0 && pe_q != {1'b0, pf_q} + pn_q) begin
      $error("dir_ctrl %m: pe %0d is not pf + pn = %0d", pe_q, {1'b0, pf_q} + pn_q);
    end
    if (rst_ni && rt_cnt[src_q] != '0 && mrg_sw != setwalk_of(walk_q, mrg_n, smax_tgt)) begin
      $error("dir_ctrl %m: merge set-walk choice %0d differs from n > smax", mrg_sw);
    end
  end
`endif
`endif

endmodule : dir_ctrl

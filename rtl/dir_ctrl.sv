// Directory controller (ARCHITECTURE.md §5, §6): memory arbiter, history structures,
// probe generator with ack tracking, lock, MMIO registers of the dir window, statistics.
module dir_ctrl #(
  parameter int HistCap = 512,
  parameter int RtCap   = 8,
  parameter int MaxRange = 256,
  parameter int SMax0   = 64,   // largest set count of the CPU side's arrays
  parameter int SMax1   = 32,   // ... of the GPU side
  parameter int Total0  = 192,  // lines of all CPU arrays (all-probe accounting)
  parameter int Total1  = 320   // lines of all GPU arrays
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic [9:0]           stall_i,
  // cc_req from both sides.
  input  logic [1:0]           cc_req_valid_i,
  input  logic [1:0]           cc_req_we_i,
  input  logic [1:0][25:0]     cc_req_line_i,
  input  logic [1:0][511:0]    cc_req_wdata_i,
  input  logic [1:0][63:0]     cc_req_wmask_i,
  output logic [1:0]           cc_req_ready_o,
  // Memory.
  output logic                 mem_req_valid_o,
  output logic                 mem_req_we_o,
  output logic [25:0]          mem_req_line_o,
  output logic [511:0]         mem_req_wdata_o,
  output logic [63:0]          mem_req_wmask_o,
  input  logic                 mem_req_ready_i,
  input  logic                 mem_resp_valid_i,
  input  logic [511:0]         mem_resp_rdata_i,
  // Fills.
  output logic [1:0]           fill_valid_o,
  output logic [511:0]         fill_data_o,
  input  logic [1:0]           fill_ready_i,
  // History.
  input  logic [1:0]           hist_valid_i,
  input  logic [1:0]           hist_last_i,
  input  logic [1:0][25:0]     hist_line_i,
  output logic [1:0]           hist_ready_o,
  output logic [1:0]           hist_go_o,
  output logic [1:0]           hist_done_o,
  // Probes / acks.
  output logic [1:0]           probe_valid_o,
  output logic [1:0][25:0]     probe_first_o,
  output logic [1:0][26:0]     probe_nlines_o,
  output logic [1:0]           probe_setwalk_o,
  input  logic [1:0]           probe_ready_i,
  input  logic [1:0]           ack_valid_i,
  input  logic [1:0][31:0]     ack_hits_i,
  output logic [1:0]           ack_ready_o,
  // Register bus (dir window).
  input  logic                 rb_sel_i,
  input  logic                 rb_we_i,
  input  logic [14:0]          rb_off_i,
  input  logic [31:0]          rb_wdata_i,
  input  logic                 rb_side_i,
  input  logic                 rb_commit_i,  // accepted write (to any window; gated by sel)
  input  logic                 rb_reject_i,  // rejected access (any window): ERR_COUNT++
  output logic                 rb_err_o,
  output logic [31:0]          rb_rdata_o,
  // Observed state.
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

  localparam int FifoCntW = $clog2(HistCap + 1);
  localparam int RtCntW   = $clog2(RtCap + 1);

  localparam logic [1:0] ModeLine  = 2'd0;
  localparam logic [1:0] ModeRun   = 2'd1;
  localparam logic [1:0] ModeMerge = 2'd2;
  localparam logic [1:0] WalkAddr  = 2'd0;
  localparam logic [1:0] WalkSet   = 2'd1;

  // ======================================================================================
  // Memory arbiter (§5.1)
  // ======================================================================================
  typedef enum logic [1:0] {MIdle, MReq, MWait, MFill} mstate_e;

  mstate_e      m_state_q, m_state_d;
  logic         m_g_q, m_g_d;        // granted side
  logic         m_last_q, m_last_d;  // side granted last (resets to 1: CPU wins first tie)
  logic         m_we_q, m_we_d;
  logic [25:0]  m_line_q, m_line_d;
  logic [511:0] m_wdata_q, m_wdata_d;
  logic [63:0]  m_wmask_q, m_wmask_d;
  logic [511:0] m_rdata_q, m_rdata_d;
  logic [1:0]   elig;
  logic         m_grant;           // side granted in MIdle this cycle

  assign elig = cc_req_valid_i & ~stall_i[1:0];
  // Both eligible: the side not granted last; else the only eligible one.
  assign m_grant = (elig == 2'b11) ? !m_last_q : elig[1];

  always_comb begin
    m_state_d      = m_state_q;
    m_g_d          = m_g_q;
    m_last_d       = m_last_q;
    m_we_d         = m_we_q;
    m_line_d       = m_line_q;
    m_wdata_d      = m_wdata_q;
    m_wmask_d      = m_wmask_q;
    m_rdata_d      = m_rdata_q;
    cc_req_ready_o = '0;
    mem_req_valid_o = 1'b0;
    fill_valid_o   = '0;
    unique case (m_state_q)
      MIdle: begin
        if (elig != 2'b00) begin
          cc_req_ready_o[m_grant] = 1'b1;
          m_g_d     = m_grant;
          m_last_d  = m_grant;
          m_we_d    = cc_req_we_i[m_grant];
          m_line_d  = cc_req_line_i[m_grant];
          m_wdata_d = cc_req_wdata_i[m_grant];
          m_wmask_d = cc_req_wmask_i[m_grant];
          m_state_d = MReq;
        end
      end
      MReq: begin
        mem_req_valid_o = 1'b1;
        if (mem_req_ready_i) begin
          if (m_we_q) m_state_d = MIdle;
          else        m_state_d = MWait;
        end
      end
      MWait: begin
        if (mem_resp_valid_i) begin
          m_rdata_d = mem_resp_rdata_i;
          m_state_d = MFill;
        end
      end
      MFill: begin
        fill_valid_o[m_g_q] = 1'b1;
        if (fill_ready_i[m_g_q]) m_state_d = MIdle;
      end
      default: m_state_d = MIdle;
    endcase
  end

  // Data fields are zero while not valid (the compare ignores them; zero is tidier).
  assign mem_req_we_o    = mem_req_valid_o & m_we_q;
  assign mem_req_line_o  = mem_req_valid_o ? m_line_q : '0;
  assign mem_req_wdata_o = mem_req_valid_o ? m_wdata_q : '0;
  assign mem_req_wmask_o = mem_req_valid_o ? m_wmask_q : '0;
  assign fill_data_o     = m_rdata_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      m_state_q <= MIdle;
      m_g_q     <= 1'b0;
      m_last_q  <= 1'b1;
      m_we_q    <= 1'b0;
      m_line_q  <= '0;
      m_wdata_q <= '0;
      m_wmask_q <= '0;
      m_rdata_q <= '0;
    end else begin
      m_state_q <= m_state_d;
      m_g_q     <= m_g_d;
      m_last_q  <= m_last_d;
      m_we_q    <= m_we_d;
      m_line_q  <= m_line_d;
      m_wdata_q <= m_wdata_d;
      m_wmask_q <= m_wmask_d;
      m_rdata_q <= m_rdata_d;
    end
  end

  // ======================================================================================
  // Registers, lock and flags
  // ======================================================================================
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

  logic [31:0] st_probes_q, st_probe_lines_q, st_inv_hits_q, st_over_inv_q;
  logic [31:0] st_hist_entries_q, st_hist_ovf_q, st_inv_cycles_q, st_inv_cycles_last_q;
  logic [31:0] st_releases_q, st_errors_q;
  logic [31:0] st_probes_d, st_probe_lines_d, st_inv_hits_d, st_over_inv_d;
  logic [31:0] st_hist_entries_d, st_hist_ovf_d, st_inv_cycles_d, st_inv_cycles_last_d;
  logic [31:0] st_releases_d, st_errors_d;

  // History structure state (instances below).
  logic [1:0][FifoCntW-1:0] fifo_cnt;
  logic [1:0][25:0]         fifo_head;
  logic [1:0]               fifo_push, fifo_push_ok, fifo_pop, fifo_flush;
  logic [1:0][RtCntW-1:0]   rt_cnt;
  logic [1:0][25:0]         rt_f0, rt_l0, rt_gap;
  logic [1:0]               rt_ins, rt_take, rt_ovf;
  logic [26:0]              rt_take_n;
  logic                     hist_nonempty;

  logic [31:0] status;
  logic [1:0]  req_id;  // requester id r = s + 1
  logic [31:0] v;
  logic        inv_start_ok, hist_rx_ok, wr_inv_start;

  assign req_id = rb_side_i ? 2'd2 : 2'd1;
  assign v      = rb_wdata_i;
  assign hist_nonempty = (fifo_cnt[0] != '0) || (fifo_cnt[1] != '0) ||
                         (rt_cnt[0] != '0) || (rt_cnt[1] != '0);

  assign status = {22'b0, owner_q, ovf_q[1], ovf_q[0], last_id_q, hist_busy_q[1],
                   hist_busy_q[0], inv_done_q, inv_busy_q};

  // INV_START / HIST_RX acceptance (same conditions).
  assign inv_start_ok = (v == 32'(req_id)) && (owner_q == req_id) && !inv_busy_q &&
                        !hist_busy_q[rb_side_i];
  assign hist_rx_ok   = inv_start_ok;

  // Window decode: error and read data for the current access.
  always_comb begin
    rb_err_o   = 1'b0;
    rb_rdata_o = '0;
    unique case (rb_off_i)
      rinv_regs_pkg::DIR_LOCK_OFFSET: begin
        rb_rdata_o = 32'(owner_q);
        if (rb_we_i) begin
          if (v > 32'd2) rb_err_o = 1'b1;
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
        rb_rdata_o = st_errors_q;
        rb_err_o = rb_we_i;
      end
      rinv_regs_pkg::DIR_PROBES_OFFSET: begin
        rb_rdata_o = st_probes_q;
        rb_err_o = rb_we_i;
      end
      rinv_regs_pkg::DIR_PROBE_LINES_OFFSET: begin
        rb_rdata_o = st_probe_lines_q;
        rb_err_o = rb_we_i;
      end
      rinv_regs_pkg::DIR_INV_HITS_OFFSET: begin
        rb_rdata_o = st_inv_hits_q;
        rb_err_o = rb_we_i;
      end
      rinv_regs_pkg::DIR_OVER_INV_OFFSET: begin
        rb_rdata_o = st_over_inv_q;
        rb_err_o = rb_we_i;
      end
      rinv_regs_pkg::DIR_HIST_ENTRIES_OFFSET: begin
        rb_rdata_o = st_hist_entries_q;
        rb_err_o = rb_we_i;
      end
      rinv_regs_pkg::DIR_HIST_OVERFLOWS_OFFSET: begin
        rb_rdata_o = st_hist_ovf_q;
        rb_err_o = rb_we_i;
      end
      rinv_regs_pkg::DIR_INV_CYCLES_OFFSET: begin
        rb_rdata_o = st_inv_cycles_q;
        rb_err_o = rb_we_i;
      end
      rinv_regs_pkg::DIR_INV_CYCLES_LAST_OFFSET: begin
        rb_rdata_o = st_inv_cycles_last_q;
        rb_err_o = rb_we_i;
      end
      rinv_regs_pkg::DIR_RELEASES_OFFSET: begin
        rb_rdata_o = st_releases_q;
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

  logic dir_wr;
  assign dir_wr       = rb_sel_i && rb_we_i && rb_commit_i;
  assign wr_inv_start = dir_wr && (rb_off_i == rinv_regs_pkg::DIR_INV_START_OFFSET);

  // ======================================================================================
  // History structures (§5.2)
  // ======================================================================================
  logic [1:0] beat, beat_data, beat_last;
  assign hist_ready_o = ~stall_i[5:4];
  assign beat         = hist_valid_i & hist_ready_o;
  assign beat_data    = beat & ~hist_last_i;
  assign beat_last    = beat & hist_last_i;

  for (genvar s = 0; s < 2; s++) begin : gen_hist
    assign fifo_push[s] = beat_data[s] && (mode_q != ModeMerge);
    assign rt_ins[s]    = beat_data[s] && (mode_q == ModeMerge);

    hist_fifo #(
      .Depth (HistCap)
    ) u_fifo (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .flush_i     (fifo_flush[s]),
      .pop_i       (fifo_pop[s]),
      .push_i      (fifo_push[s]),
      .push_line_i (hist_line_i[s]),
      .push_ok_o   (fifo_push_ok[s]),
      .head_o      (fifo_head[s]),
      .count_o     (fifo_cnt[s])
    );

    range_table #(
      .Cap (RtCap)
    ) u_rt (
      .clk_i      (clk_i),
      .rst_ni     (rst_ni),
      .take_i     (rt_take[s]),
      .take_n_i   (rt_take_n),
      .ins_i      (rt_ins[s]),
      .ins_line_i (hist_line_i[s]),
      .ovf_o      (rt_ovf[s]),
      .gap_o      (rt_gap[s]),
      .f0_o       (rt_f0[s]),
      .l0_o       (rt_l0[s]),
      .count_o    (rt_cnt[s])
    );

    assign hist_count_o[s] = (mode_q == ModeMerge) ? 16'(rt_cnt[s]) : 16'(fifo_cnt[s]);
  end

  // ======================================================================================
  // Probe generator (§5.3)
  // ======================================================================================
  typedef enum logic [1:0] {GIdle, GGen, GProbe, GWaitAck} gstate_e;

  gstate_e     g_state_q, g_state_d;
  logic [25:0] pf_q, pf_d;        // pending run
  logic [26:0] pn_q, pn_d;        // 0 = no pending run
  logic [25:0] pr_first_q, pr_first_d;
  logic [26:0] pr_n_q, pr_n_d;
  logic        pr_sw_q, pr_sw_d;
  logic        pr_all_q, pr_all_d;
  logic        tgt;
  logic        finish;
  logic [25:0] fh;                // FIFO head of src
  logic        fe;                // FIFO of src empty
  logic [26:0] mrg_n;

  assign tgt = !src_q;
  assign fh  = fifo_head[src_q];
  assign fe  = (fifo_cnt[src_q] == '0);

  function automatic logic setwalk_of(input logic [1:0] w, input logic [26:0] n,
                                      input logic [26:0] smax);
    setwalk_of = (w == WalkAddr) ? 1'b0 : (w == WalkSet) ? 1'b1 : (n > smax);
  endfunction

  logic [26:0] smax_tgt, total_tgt;
  assign smax_tgt  = tgt ? 27'(SMax1) : 27'(SMax0);
  assign total_tgt = tgt ? 27'(Total1) : 27'(Total0);

  always_comb begin
    mrg_n = {1'b0, rt_l0[src_q]} - {1'b0, rt_f0[src_q]} + 27'd1;
    if (mrg_n > 27'(MaxRange)) mrg_n = 27'(MaxRange);
  end

  always_comb begin
    g_state_d  = g_state_q;
    pf_d       = pf_q;
    pn_d       = pn_q;
    pr_first_d = pr_first_q;
    pr_n_d     = pr_n_q;
    pr_sw_d    = pr_sw_q;
    pr_all_d   = pr_all_q;
    finish     = 1'b0;
    fifo_pop   = '0;
    fifo_flush = '0;
    rt_take    = '0;
    rt_take_n  = pr_n_q;
    probe_valid_o   = '0;
    probe_first_o   = '0;
    probe_nlines_o  = '0;
    probe_setwalk_o = '0;
    ack_ready_o     = '0;
    unique case (g_state_q)
      GIdle: ;
      GGen: begin
        if (ovf_q[src_q]) begin
          pr_first_d = '0;
          pr_n_d     = 27'h400_0000;
          pr_sw_d    = 1'b1;
          pr_all_d   = 1'b1;
          fifo_flush[src_q] = 1'b1;
          pn_d       = '0;
          g_state_d  = GProbe;
        end else if (mode_q != ModeMerge) begin
          if (fe) begin
            if (pn_q != '0) begin
              pr_first_d = pf_q;
              pr_n_d     = pn_q;
              pr_sw_d    = setwalk_of(walk_q, pn_q, smax_tgt);
              pr_all_d   = 1'b0;
              pn_d       = '0;
              g_state_d  = GProbe;
            end else begin
              finish = 1'b1;
            end
          end else if (pn_q != '0 && (mode_q == ModeLine || {1'b0, fh} != {1'b0, pf_q} + pn_q ||
                                      pn_q == 27'(MaxRange))) begin
            pr_first_d = pf_q;
            pr_n_d     = pn_q;
            pr_sw_d    = setwalk_of(walk_q, pn_q, smax_tgt);
            pr_all_d   = 1'b0;
            pn_d       = '0;
            g_state_d  = GProbe;
          end else begin
            fifo_pop[src_q] = 1'b1;
            if (pn_q != '0) begin
              pn_d = pn_q + 27'd1;
            end else begin
              pf_d = fh;
              pn_d = 27'd1;
            end
          end
        end else begin
          if (rt_cnt[src_q] == '0) begin
            finish = 1'b1;
          end else begin
            pr_first_d = rt_f0[src_q];
            pr_n_d     = mrg_n;
            pr_sw_d    = setwalk_of(walk_q, mrg_n, smax_tgt);
            pr_all_d   = 1'b0;
            pn_d       = '0;
            g_state_d  = GProbe;
          end
        end
      end
      GProbe: begin
        probe_valid_o[tgt]   = 1'b1;
        probe_first_o[tgt]   = pr_first_q;
        probe_nlines_o[tgt]  = pr_n_q;
        probe_setwalk_o[tgt] = pr_sw_q;
        if (probe_ready_i[tgt]) begin
          if (mode_q == ModeMerge && !pr_all_q) rt_take[src_q] = 1'b1;
          g_state_d = GWaitAck;
        end
      end
      GWaitAck: begin
        ack_ready_o[tgt] = !stall_i[8 + 32'(tgt)];
        if (ack_valid_i[tgt] && !stall_i[8 + 32'(tgt)]) begin
          if (pr_all_q) finish = 1'b1;
          else          g_state_d = GGen;
        end
      end
      default: g_state_d = GIdle;
    endcase
    if (finish) g_state_d = GIdle;
    if (wr_inv_start) begin
      // Only accepted while !inv_busy, i.e. in GIdle.
      pn_d      = '0;
      g_state_d = GGen;
    end
  end

  logic probe_hs, ack_hs;
  assign probe_hs = (g_state_q == GProbe) && probe_ready_i[tgt];
  assign ack_hs   = (g_state_q == GWaitAck) && ack_valid_i[tgt] && ack_ready_o[tgt];

  // ======================================================================================
  // Flag and statistics next state
  // ======================================================================================
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

    st_probes_d          = st_probes_q;
    st_probe_lines_d     = st_probe_lines_q;
    st_inv_hits_d        = st_inv_hits_q;
    st_over_inv_d        = st_over_inv_q;
    st_hist_entries_d    = st_hist_entries_q;
    st_hist_ovf_d        = st_hist_ovf_q;
    st_inv_cycles_d      = st_inv_cycles_q;
    st_inv_cycles_last_d = st_inv_cycles_last_q;
    st_releases_d        = st_releases_q;
    st_errors_d          = st_errors_q + 32'(rb_reject_i);

    // Register writes.
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
          src_d         = rb_side_i;
          inv_busy_d    = 1'b1;
          inv_done_d    = 1'b0;
          last_id_d     = req_id;
          st_releases_d = st_releases_q + 32'd1;
        end
        rinv_regs_pkg::DIR_HIST_RX_OFFSET: begin
          hist_busy_d[rb_side_i] = 1'b1;
          hist_go_d[rb_side_i]   = 1'b1;
        end
        default: ;
      endcase
    end

    // Invalidation cycle counters (state before the edge).
    if (inv_busy_q) begin
      st_inv_cycles_d      = st_inv_cycles_q + 32'd1;
      st_inv_cycles_last_d = st_inv_cycles_last_q + 32'd1;
    end
    if (wr_inv_start) st_inv_cycles_last_d = '0;

    // History beats.
    st_hist_entries_d = st_hist_entries_q + 32'(beat_data[0]) + 32'(beat_data[1]);
    for (int s = 0; s < 2; s++) begin
      if (beat_last[s]) begin
        hist_busy_d[s] = 1'b0;
        hist_done_d[s] = 1'b1;
      end
    end
    // Generator before history (see hist_fifo): the all-probe clears ovf, a drop sets it.
    if (fifo_flush[src_q]) ovf_d[src_q] = 1'b0;
    for (int s = 0; s < 2; s++) begin
      if (fifo_push[s] && !fifo_push_ok[s]) begin
        ovf_d[s]      = 1'b1;
      end
    end
    st_hist_ovf_d = st_hist_ovf_q
                  + 32'(fifo_push[0] && !fifo_push_ok[0]) + 32'(fifo_push[1] && !fifo_push_ok[1])
                  + 32'(rt_ovf[0]) + 32'(rt_ovf[1]);
    st_over_inv_d = st_over_inv_q + 32'(rt_gap[0]) + 32'(rt_gap[1]);

    // Probes and acks.
    if (probe_hs) begin
      st_probes_d      = st_probes_q + 32'd1;
      st_probe_lines_d = st_probe_lines_q + (pr_all_q ? 32'(total_tgt) : 32'(pr_n_q));
    end
    if (ack_hs) begin
      st_inv_hits_d = st_inv_hits_q + ack_hits_i[tgt];
      if (pr_all_q) st_over_inv_d = st_over_inv_d + ack_hits_i[tgt];
    end
    if (finish) begin
      inv_busy_d = 1'b0;
      inv_done_d = 1'b1;
    end
  end

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
      pr_first_q  <= '0;
      pr_n_q      <= '0;
      pr_sw_q     <= 1'b0;
      pr_all_q    <= 1'b0;
      st_probes_q          <= '0;
      st_probe_lines_q     <= '0;
      st_inv_hits_q        <= '0;
      st_over_inv_q        <= '0;
      st_hist_entries_q    <= '0;
      st_hist_ovf_q        <= '0;
      st_inv_cycles_q      <= '0;
      st_inv_cycles_last_q <= '0;
      st_releases_q        <= '0;
      st_errors_q          <= '0;
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
      pr_first_q  <= pr_first_d;
      pr_n_q      <= pr_n_d;
      pr_sw_q     <= pr_sw_d;
      pr_all_q    <= pr_all_d;
      st_probes_q          <= st_probes_d;
      st_probe_lines_q     <= st_probe_lines_d;
      st_inv_hits_q        <= st_inv_hits_d;
      st_over_inv_q        <= st_over_inv_d;
      st_hist_entries_q    <= st_hist_entries_d;
      st_hist_ovf_q        <= st_hist_ovf_d;
      st_inv_cycles_q      <= st_inv_cycles_d;
      st_inv_cycles_last_q <= st_inv_cycles_last_d;
      st_releases_q        <= st_releases_d;
      st_errors_q          <= st_errors_d;
    end
  end

  assign hist_go_o   = hist_go_q;
  assign hist_done_o = hist_done_q;

  assign lock_owner_o           = owner_q;
  assign inv_busy_o             = inv_busy_q;
  assign inv_done_o             = inv_done_q;
  assign stat_probes_o          = st_probes_q;
  assign stat_probe_lines_o     = st_probe_lines_q;
  assign stat_inv_hits_o        = st_inv_hits_q;
  assign stat_over_inv_o        = st_over_inv_q;
  assign stat_hist_entries_o    = st_hist_entries_q;
  assign stat_hist_overflows_o  = st_hist_ovf_q;
  assign stat_inv_cycles_o      = st_inv_cycles_q;
  assign stat_inv_cycles_last_o = st_inv_cycles_last_q;
  assign stat_releases_o        = st_releases_q;
  assign stat_errors_o          = st_errors_q;

endmodule : dir_ctrl

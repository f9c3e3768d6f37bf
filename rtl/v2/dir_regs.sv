// Directory registers, lock and flags (ARCHITECTURE_v2.md §7.5, §8): the register decode of
// the directory window (read data, error answer), the lock owner, MODE / walk, the flags
// (inv_busy, inv_done, hist_busy, ovf, last_id, the release's source side), the hist_go /
// hist_done pulses, and the statistics events fed to dir_stats.
module dir_regs #(
  parameter int  HistCap = 512,
  parameter int  RtCap   = 8,
  localparam int FCntW   = $clog2(HistCap + 1),
  localparam int RCntW   = $clog2(RtCap + 2)
) (
  input  logic                            clk_i,
  input  logic                            rst_ni,
  // register bus
  input  logic                            rb_sel_i,
  input  logic                            rb_we_i,
  input  logic [14:0]                     rb_off_i,
  input  logic [31:0]                     rb_wdata_i,
  input  logic                            rb_side_i,
  input  logic                            rb_commit_i,
  input  logic                            rb_reject_i,
  output logic                            rb_err_o,
  output logic [31:0]                     rb_rdata_o,
  // history structures (dir_hist, one per side)
  input  logic [1:0]                      beat_data_i,
  input  logic [1:0]                      beat_last_i,
  input  logic [1:0]                      drop_i,
  input  logic [1:0][FCntW-1:0]           fifo_cnt_i,
  input  logic [1:0][RCntW-1:0]           rt_cnt_i,
  input  logic [1:0]                      rt_idle_i,
  input  logic [1:0]                      rt_merge_i,
  input  logic [1:0][25:0]                rt_gap_i,
  input  logic [1:0][15:0]                hist_count_i,
  // probe generator (dir_probegen)
  input  logic                            clr_ovf_i,
  input  logic                            finish_i,
  input  logic                            phs_i,
  input  logic                            ack_hs_i,
  input  logic                            tgt_i,
  input  logic                            p_all_i,
  input  logic                            aw_i,
  input  logic [26:0]                     p_n_i,
  input  logic [26:0]                     total_tgt_i,
  input  logic [1:0][31:0]                ack_hits_i,
  // statistics (dir_stats)
  input  logic [9:0][31:0]                st_cnt_i,
  output logic [9:0][31:0]                st_ev_o,
  output logic [9:0]                      st_clr_o,
  // registers and flags
  output logic                            wr_inv_start_o,
  output logic [1:0]                      mode_o,
  output logic [1:0]                      walk_o,
  output logic [1:0]                      ovf_o,
  output logic                            src_o,
  output logic [1:0]                      hist_go_o,
  output logic [1:0]                      hist_done_o,
  output logic [1:0]                      lock_owner_o,
  output logic                            inv_busy_o,
  output logic                            inv_done_o
);

  localparam logic [1:0] ModeRun   = 2'd1;
  localparam logic [1:0] WalkAddr  = 2'd0;

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

  // the inputs under the names the statements below use (dir_ctrl's nets before the split)
  logic [1:0]              beat_data, beat_last, drop, rt_idle, rt_merge;
  logic [1:0][25:0]        rt_gap;
  logic [1:0][FCntW-1:0]   fifo_cnt;
  logic [1:0][RCntW-1:0]   rt_cnt;
  logic                    clr_ovf, finish, phs, ack_hs, tgt;
  logic                    p_all_q, aw_q;       // registers of dir_probegen
  logic [26:0]             p_n_q, total_tgt;
  assign beat_data = beat_data_i;
  assign beat_last = beat_last_i;
  assign drop      = drop_i;
  assign fifo_cnt  = fifo_cnt_i;
  assign rt_cnt    = rt_cnt_i;
  assign rt_idle   = rt_idle_i;
  assign rt_merge  = rt_merge_i;
  assign rt_gap    = rt_gap_i;
  assign clr_ovf   = clr_ovf_i;
  assign finish    = finish_i;
  assign phs       = phs_i;
  assign ack_hs    = ack_hs_i;
  assign tgt       = tgt_i;
  assign p_all_q   = p_all_i;
  assign aw_q      = aw_i;
  assign p_n_q     = p_n_i;
  assign total_tgt = total_tgt_i;
  assign st_cnt    = st_cnt_i;

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
`ifdef RINV_FORMAL_BREAK_DREGS
          // broken variant (formal/dregs.sby, task break): a taken lock released by the non-owner
          if (v == 32'd0 && owner_q != 2'd0 && !inv_busy_q && !hist_busy_q[rb_side_i])
            rb_err_o = 1'b0;
`endif
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
        rb_rdata_o = 32'(hist_count_i[0]);
        rb_err_o = rb_we_i;
      end
      rinv_regs_pkg::DIR_HIST_COUNT_GPU_OFFSET: begin
        rb_rdata_o = 32'(hist_count_i[1]);
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
    end
  end

  assign hist_go_o   = hist_go_q;
  assign hist_done_o = hist_done_q;

  assign lock_owner_o   = owner_q;
  assign inv_busy_o     = inv_busy_q;
  assign inv_done_o     = inv_done_q;
  assign mode_o         = mode_q;
  assign walk_o         = walk_q;
  assign ovf_o          = ovf_q;
  assign src_o          = src_q;
  assign wr_inv_start_o = wr_inv_start;
  assign st_ev_o        = st_ev;
  assign st_clr_o       = st_clr;

endmodule : dir_regs

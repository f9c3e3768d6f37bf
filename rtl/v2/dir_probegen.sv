// Probe generator (ARCHITECTURE_v2.md §7.4, FSM GIdle / GRun): forms the probes of a release
// from the source side's history FIFO (line / run mode: pending run, invalidate-all probe on
// overflow) or range table (merge mode), holds the probe register P, counts the probes in
// flight (oc <= Pif) and waits for the all-probe's ack (aw); finish ends the release.
module dir_probegen #(
  parameter int  HistCap  = 512,
  parameter int  RtCap    = 8,
  parameter int  MaxRange = 256,
  parameter int  Pif      = 4,
  parameter int  SMax0    = 64,
  parameter int  SMax1    = 32,
  parameter int  Total0   = 192,
  parameter int  Total1   = 320,
  localparam int FCntW    = $clog2(HistCap + 1),
  localparam int RCntW    = $clog2(RtCap + 2)
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic [9:8]            stall_i,        // stall[8+s]: the ack channel of side s
  // registers and flags (dir_regs)
  input  logic [1:0]            mode_i,
  input  logic [1:0]            walk_i,
  input  logic [1:0]            ovf_i,
  input  logic                  src_i,
  input  logic                  inv_busy_i,
  input  logic                  wr_inv_start_i,
  // history structures (dir_hist, one per side)
  input  logic [1:0][25:0]      fifo_head_i,
  input  logic [1:0]            fifo_hv_i,
  input  logic [1:0][FCntW-1:0] fifo_cnt_i,
  output logic [1:0]            fifo_pop_o,
  output logic [1:0]            fifo_flush_o,
  input  logic [1:0][RCntW-1:0] rt_cnt_i,
  input  logic [1:0]            rt_idle_i,
  input  logic [1:0][25:0]      rt_f0_i,
  input  logic [1:0][26:0]      rt_hd_i,
  input  logic [1:0]            rt_all_i,
  output logic [1:0]            rt_take_o,      // take request (the table applies it in RTake)
  output logic [26:0]           take_n_o,       // its n, latched by the table in RIdle
  // probe / ack channels
  output logic [1:0]            probe_valid_o,
  output logic [1:0][25:0]      probe_first_o,
  output logic [1:0][26:0]      probe_nlines_o,
  output logic [1:0]            probe_setwalk_o,
  input  logic [1:0]            probe_ready_i,
  input  logic [1:0]            ack_valid_i,
  output logic [1:0]            ack_ready_o,
  // flag updates and statistics events (dir_regs)
  output logic                  clr_ovf_o,
  output logic                  finish_o,
  output logic                  phs_o,
  output logic                  ack_hs_o,
  output logic                  tgt_o,
  output logic                  p_all_o,
  output logic                  aw_o,
  output logic [26:0]           p_n_o,
  output logic [26:0]           total_tgt_o
);

  localparam int OcW   = $clog2(Pif + 1);

  localparam logic [1:0] ModeLine  = 2'd0;
  localparam logic [1:0] ModeMerge = 2'd2;
  localparam logic [1:0] WalkAddr  = 2'd0;
  localparam logic [1:0] WalkSet   = 2'd1;

  // the inputs under the names the statements below use (dir_ctrl's nets before the split)
  logic [1:0]              mode_q, walk_q, ovf_q;     // registers of dir_regs
  logic                    src_q, inv_busy_q, wr_inv_start;
  logic [1:0]              fifo_pop, fifo_flush, fifo_hv;
  logic [1:0][25:0]        fifo_head, rt_f0;
  logic [1:0][FCntW-1:0]   fifo_cnt;
  logic [1:0][RCntW-1:0]   rt_cnt;
  logic [1:0]              rt_take, rt_idle, rt_all;
  logic [1:0][26:0]        rt_hd;
  logic [26:0]             take_n;
  assign mode_q       = mode_i;
  assign walk_q       = walk_i;
  assign ovf_q        = ovf_i;
  assign src_q        = src_i;
  assign inv_busy_q   = inv_busy_i;
  assign wr_inv_start = wr_inv_start_i;
  assign fifo_head    = fifo_head_i;
  assign fifo_hv      = fifo_hv_i;
  assign fifo_cnt     = fifo_cnt_i;
  assign rt_cnt       = rt_cnt_i;
  assign rt_idle      = rt_idle_i;
  assign rt_f0        = rt_f0_i;
  assign rt_hd        = rt_hd_i;
  assign rt_all       = rt_all_i;

  typedef enum logic {GIdle, GRun} gstate_e;

  gstate_e     g_state_q, g_state_d;
  logic [25:0] pf_q, pf_d;       // pending run
  logic [26:0] pn_q, pn_d;       // 0 = none
  logic [26:0] pe_q, pe_d;       // = pf_q + pn_q while pn_q != 0: the line that extends the run
  // pn_q != 0 and pn_q == MaxRange, kept in registers beside pn_q (set with every pn_d, from
  // constants and a compare of pn_q itself): the pop's decision starts at register bits
  logic        pnz_q, pnz_d, pnmax_q, pnmax_d;
  logic        pn_m1;            // pn_q + 1 == MaxRange
  logic        p_valid_q, p_valid_d, p_sw_q, p_sw_d, p_all_q, p_all_d;
  logic [25:0] p_first_q, p_first_d;
  logic [26:0] p_n_q, p_n_d;
  logic [OcW-1:0] oc_q, oc_d;
  logic        aw_q, aw_d;

  logic [1:0]  pop_s, brk_s, pfree_s, one_s, run_s;   // per side, gen_pop
  logic        pnz, pn_max, line_mode, go;
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
  // (per side in gen_pop below, then selected: src after the compare, not before it)
  assign brk       = brk_s[src_q];

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

`ifdef RINV_FORMAL_BREAK_CHAN
  // broken variant only (formal/chan.sby, task break_pg): a toggle
  logic brk_chan_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) brk_chan_q <= 1'b0;
    else         brk_chan_q <= !brk_chan_q;
  end
`endif

  always_comb begin
    probe_valid_o   = '0;
    probe_first_o   = '0;
    probe_nlines_o  = '0;
    probe_setwalk_o = '0;
    ack_ready_o     = '0;
    if (p_valid_q && 32'(oc_q) < Pif) begin
      probe_valid_o[tgt]   = 1'b1;
`ifdef RINV_FORMAL_BREAK_CHAN
      // broken variant (formal/chan.sby, task break_pg): the offered probe's valid drops in
      // every other cycle, whether or not it was taken
      if (brk_chan_q) probe_valid_o[tgt] = 1'b0;
`endif
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
    pnz_d      = pnz_q;
    pnmax_d    = pnmax_q;
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
          pnz_d      = 1'b0;
          pnmax_d    = 1'b0;
        end
      end else if (fifo_mode) begin
        if (pnz_q && fc == '0) begin
          if (pfree) begin
            p_valid_d = 1'b1;
            p_first_d = pf_q;
            p_n_d     = pn_q;
            p_sw_d    = setwalk_of(walk_q, pn_q, smax_tgt);
            p_all_d   = 1'b0;
            pn_d      = '0;
            pnz_d     = 1'b0;
            pnmax_d   = 1'b0;
          end
        end else if (pnz_q && fhv && brk) begin
          if (pfree) begin
            p_valid_d = 1'b1;
            p_first_d = pf_q;
            p_n_d     = pn_q;
            p_sw_d    = setwalk_of(walk_q, pn_q, smax_tgt);
            p_all_d   = 1'b0;
            fifo_pop[src_q] = 1'b1;
            pf_d      = fh;
            pn_d      = 27'd1;
            pnz_d     = 1'b1;
            pnmax_d   = (MaxRange == 1);
            pe_d      = {1'b0, fh} + 27'd1;
          end
        end else if (fhv && (!pnz_q || !brk)) begin
          fifo_pop[src_q] = 1'b1;
          if (!pnz_q) begin
            pf_d    = fh;
            pn_d    = 27'd1;
            pnz_d   = 1'b1;
            pnmax_d = (MaxRange == 1);
            pe_d    = {1'b0, fh} + 27'd1;
          end else begin
            pn_d    = pn_q + 27'd1;
            pnz_d   = 1'b1;
            pnmax_d = pn_m1;
            pe_d    = pe_q + 27'd1;
          end
        end
      end else begin
        // merge: a take request (§7.4 case 4). The table only latches it at this edge (n and
        // the state) and applies it at the edge leaving RTake, where it is not idle: no probe
        // is formed in that cycle, and finish below sees the busy table
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
          (fifo_mode ? (fc == '0 && !pnz_q) : (rt_cnt[src_q] == '0 && rt_idle[src_q])) &&
          !p_valid_q && oc_q == '0) begin
        finish = 1'b1;
      end
    end
    if (finish) begin
      aw_d      = 1'b0;
      g_state_d = GIdle;
    end
    // INV_START is accepted only while not inv_busy, i.e. in GIdle, where the pending run,
    // the probe register, the probes in flight and the all-probe flag are already clear
    // (finish needs them clear; checked under RINV_VERIF below): the accepted write only
    // starts the FSM. Clearing them here as well put the register bus's decode and reject
    // rule in front of the clock enables of ~50 flip-flops (the board's critical path,
    // docs/FPGA.md, 2026-11-26 fifth session)
    if (wr_inv_start) g_state_d = GRun;
  end

  // The pop of each side decided as if that side were the source (its own head, valid and
  // count; no select by src in front of the head's 27-bit compare), then gated by src: the
  // same value as fifo_pop above (checked under RINV_VERIF), with src and the compare side by
  // side instead of in series (fpga-ooc round 5: src -> formation -> pop -> the FIFO's head
  // queue was the directory's critical path)
  assign pnz       = pnz_q;
  assign pn_max    = pnmax_q;
  assign pn_m1     = (pn_q == 27'(MaxRange - 1));
  assign line_mode = (mode_q == ModeLine);
  assign go        = (g_state_q == GRun) && !aw_q && fifo_mode;
  for (genvar s = 0; s < 2; s++) begin : gen_pop
    assign brk_s[s]   = line_mode || ({1'b0, fifo_head[s]} != pe_q) || pn_max;
    // pfree with tgt = !s: !p_valid || (probe_valid[tgt] && probe_ready[tgt])
    assign pfree_s[s] = !p_valid_q || ((oc_q < OcW'(Pif)) && probe_ready_i[1-s]);
    // the pending run is emitted with this pop (case 2) / the head joins or starts the run
    assign one_s[s]   = pnz && fifo_hv[s] && brk_s[s];
    assign run_s[s]   = fifo_hv[s] && (!pnz || !brk_s[s]);
    assign pop_s[s]   = go && !ovf_q[s] && !(pnz && fifo_cnt[s] == '0) &&
                        (one_s[s] ? pfree_s[s] : run_s[s]);
  end
  assign fifo_pop_o[0] = pop_s[0] && !src_q;
  assign fifo_pop_o[1] = pop_s[1] && src_q;
  logic unused_pop;               // the formation's own pop: only the RINV_VERIF check reads it
  assign unused_pop = ^fifo_pop;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      g_state_q   <= GIdle;
      pf_q        <= '0;
      pn_q        <= '0;
      pnz_q       <= 1'b0;
      pnmax_q     <= 1'b0;
      pe_q        <= '0;
      p_valid_q   <= 1'b0;
      p_first_q   <= '0;
      p_n_q       <= '0;
      p_sw_q      <= 1'b0;
      p_all_q     <= 1'b0;
      oc_q        <= '0;
      aw_q        <= 1'b0;
    end else begin
      g_state_q   <= g_state_d;
      pf_q        <= pf_d;
      pn_q        <= pn_d;
      pnz_q       <= pnz_d;
      pnmax_q     <= pnmax_d;
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

  assign fifo_flush_o = fifo_flush;
  assign rt_take_o    = rt_take;
  assign take_n_o     = take_n;
  assign clr_ovf_o    = clr_ovf;
  assign finish_o     = finish;
  assign phs_o        = phs;
  assign ack_hs_o     = ack_hs;
  assign tgt_o        = tgt;
  assign p_all_o      = p_all_q;
  assign aw_o         = aw_q;
  assign p_n_o        = p_n_q;
  assign total_tgt_o  = total_tgt;

`ifdef RINV_VERIF
`ifndef SYNTHESIS
  // the registers that stand in for adders agree with them
  always @(posedge clk_i) begin
    if (rst_ni && (pnz_q != (pn_q != '0) || pnmax_q != (pn_q == 27'(MaxRange)))) begin
      $error("dir_probegen %m: flags nz %0d / max %0d do not fit pn %0d", pnz_q, pnmax_q, pn_q);
    end
    if (rst_ni && fifo_pop_o != fifo_pop) begin
      $error("dir_probegen %m: pop %b differs from the formation's %b", fifo_pop_o, fifo_pop);
    end
    if (rst_ni && pn_q != '0 && pe_q != {1'b0, pf_q} + pn_q) begin
      $error("dir_probegen %m: pe %0d is not pf + pn = %0d", pe_q, {1'b0, pf_q} + pn_q);
    end
    if (rst_ni && g_state_q == GIdle &&
        (pnz_q || p_valid_q || oc_q != '0 || aw_q)) begin
      $error("dir_probegen %m: GIdle with pn %0d, p_valid %0d, oc %0d, aw %0d", pn_q,
             p_valid_q, oc_q, aw_q);
    end
    if (rst_ni && wr_inv_start && g_state_q != GIdle) begin
      $error("dir_probegen %m: INV_START accepted in GRun");
    end
    if (rst_ni && rt_cnt[src_q] != '0 && mrg_sw != setwalk_of(walk_q, mrg_n, smax_tgt)) begin
      $error("dir_probegen %m: merge set-walk choice %0d differs from n > smax", mrg_sw);
    end
  end
`endif
`endif

endmodule : dir_probegen

// TCP lookup and MSHRs of one CU p (ARCHITECTURE_v3_gpu_frontend.md §5; D6-D8b): takes the
// coalescer's line requests (lreq), looks each up in the CU's TCP array (the GPU side_cc's L1
// array a = 1 + p, which stays in cc_datapath, §3) one at a time, answers load hits from the
// TCP, sends load misses and write-throughs to the TCC through its outbound queue tq (a
// rinv_fifo, v2 §4.2) with an MSHR each, and installs the TCC's load fills.
//
// Array ports: the TCP drives its array's cells as the lookup client does in cc_datapath (the
// shapes of cache_array's ports): tagst / rr reads in the first cycle of TRd and TFRd (bank
// b(X), row row(X)); the data read of a load hit in TAc; the tagst write {tag, valid = 0} of a
// store hit in TAc (D8); the fill in TFAc (tagst {tag, 1} at the victim, the whole data line,
// rr when it advances). The walker owns the tag ports in StInit / StWalk / StTcpInv, when this
// block is idle (tcp_hold_i, §7); the multiplexer is the integration's (cc_datapath).
// The TCP's words come back through t_rdata_i / r_rdata_i / d_rdata_i (registered reads; with
// TagOreg = 1 the tagst and rr cells' output register adds the cycle TRd's O covers).
//
// The coalescer's side: cd_* writes a line into cdata (TDt, TFAc: tcp_wr), done_* pulses
// done(slot, k) (TDt, TFAc, a store ack in TIdle).
//
// Parameters (§10, v2 §3), gem5 / fpga: Sets (gpu_l1_sets) 16 / 4, Ways (gpu_l1_ways) 16 / 4,
// Lanes (walk_lanes) 2 / 1, L1Lat (gpu_l1_lat) 4 / 1, TagOreg 0 / 1, TcpMshrs 256 / 4,
// CoalTokens 4 / 2, CoalLines 64 / 8 (the widths of slot and k).
// Every output is a function of state, stall_* / tcp_hold_i and the other blocks' Moore
// outputs (lreq_*, tresp_valid_i; §8 item 7). The statistics are per-cycle events (ev_*);
// mc_o is this TCP's MSHR count (tcp_mshr_max is the owner's maximum of it).
module gpu_tcp #(
  parameter int  Sets       = 16,
  parameter int  Ways       = 16,
  parameter int  Lanes      = 2,
  parameter int  L1Lat      = 4,
  parameter int  TagOreg    = 0,
  parameter int  TcpMshrs   = 256,
  parameter int  CoalTokens = 4,
  parameter int  CoalLines  = 64,
  localparam int Rows  = Sets / Lanes,
  localparam int RowW  = (Rows > 1) ? $clog2(Rows) : 1,
  localparam int SetW  = $clog2(Sets),
  localparam int TagW  = 26 - SetW,
  localparam int SW    = TagW + 1,                        // tagst word {tag, valid}
  localparam int WayW  = (Ways > 1) ? $clog2(Ways) : 1,
  localparam int WaySh = $clog2(Ways),                    // Ways is a power of 2
  localparam int DAW   = (Rows * Ways > 1) ? $clog2(Rows * Ways) : 1,
  localparam int LaneW = (Lanes > 1) ? $clog2(Lanes) : 1,
  localparam int IW    = (TcpMshrs > 1) ? $clog2(TcpMshrs) : 1,
  localparam int McW   = $clog2(TcpMshrs + 1),
  localparam int SlotW = (CoalTokens > 1) ? $clog2(CoalTokens) : 1,
  localparam int KW    = (CoalLines > 1) ? $clog2(CoalLines) : 1,
  localparam int TqW   = rinv_pkg::LineW + 1 + rinv_pkg::LineBytes + 8 * rinv_pkg::LineBytes + IW
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  input  logic                     tcp_hold_i,     // side_cc: kinv_pend, StInit/StWalk/StTcpInv,
                                                   // or a probe waiting (§5.2)
  input  logic                     stall_lreq_i,   // stall[10]
  input  logic                     stall_tresp_i,  // stall[11]
  // line requests from the coalescer (§4.3)
  input  logic                     lreq_valid_i,
  input  rinv_pkg::line_t          lreq_line_i,
  input  logic                     lreq_we_i,
  input  rinv_pkg::lmask_t         lreq_mask_i,
  input  rinv_pkg::ldata_t         lreq_data_i,
  input  logic [SlotW-1:0]         lreq_slot_i,
  input  logic [KW-1:0]            lreq_k_i,
  output logic                     lreq_ready_o,
  // cdata writes and done(slot, k) to the coalescer
  output logic                     cd_we_o,
  output logic [SlotW-1:0]         cd_slot_o,
  output logic [KW-1:0]            cd_k_o,
  output rinv_pkg::ldata_t         cd_wdata_o,
  output logic                     done_o,
  output logic [SlotW-1:0]         done_slot_o,
  output logic [KW-1:0]            done_k_o,
  // outbound queue tq[p] (head read and popped by the GPU side_cc at a grant, §6.1)
  output logic                     tq_push_o,      // to gpu_tcc_arb
  output logic                     tq_head_valid_o,
  output rinv_pkg::line_t          tq_line_o,
  output logic                     tq_we_o,
  output rinv_pkg::lmask_t         tq_mask_o,
  output rinv_pkg::ldata_t         tq_data_o,
  output logic [IW-1:0]            tq_i_o,
  input  logic                     tq_pop_i,
  // responses of the TCC (StTResp, §6.3)
  input  logic                     tresp_valid_i,
  input  logic                     tresp_we_i,
  input  logic [IW-1:0]            tresp_i_i,
  input  rinv_pkg::ldata_t         tresp_data_i,
  output logic                     tresp_ready_o,
  // the TCP array's cells (cache_array ports of array a = 1 + p; no t_oe: the walker's)
  output logic [Lanes-1:0]                 t_re_o,
  output logic [RowW-1:0]                  t_raddr_o,
  input  logic [Lanes-1:0][Ways-1:0][SW-1:0] t_rdata_i,
  output logic [Lanes-1:0][Ways-1:0]       t_we_o,
  output logic [RowW-1:0]                  t_waddr_o,
  output logic [Lanes-1:0][Ways-1:0][SW-1:0] t_wdata_o,
  output logic [Lanes-1:0]                 r_re_o,
  output logic [RowW-1:0]                  r_addr_o,       // rr read and write row
  input  logic [Lanes-1:0][WayW-1:0]       r_rdata_i,
  output logic [Lanes-1:0]                 r_we_o,
  output logic [WayW-1:0]                  r_wdata_o,
  output logic [Lanes-1:0]                 d_re_o,
  output logic [DAW-1:0]                   d_raddr_o,
  input  logic [Lanes-1:0][rinv_pkg::LineBytes*8-1:0] d_rdata_i,
  output logic [Lanes-1:0]                 d_we_o,
  output logic [DAW-1:0]                   d_waddr_o,
  output rinv_pkg::lmask_t                 d_wbe_o,
  output rinv_pkg::ldata_t                 d_wdata_o,
  // status and statistics
  output logic                     tidle_o,        // tst == TIdle
  output logic                     idle_o,         // tst == TIdle && mc == 0 (fe_idle term)
  output logic                     idle_next_o,    // idle_o at the next edge (fe_idle_q's input)
  output logic [McW-1:0]           mc_o,
  output logic [McW-1:0]           mc_next_o,      // mc at the next edge (tcp_mshr_max, §14.6)
  output logic                     ev_hit_o,       // tcp_hits
  output logic                     ev_alias_wait_o,
  output logic                     ev_mshr_full_o,
  output logic                     ev_hold_wait_o
);

  localparam bit CfgOk = (TcpMshrs >= 1) && (L1Lat >= 1) && (L1Lat <= 8) &&
                         ((TagOreg == 0) || (TagOreg == 1)) && (Sets >= Lanes) &&
                         ((Sets & (Sets - 1)) == 0) && ((Ways & (Ways - 1)) == 0);
`ifndef __ICARUS__
  if (!CfgOk) begin : g_bad_cfg
    $error("gpu_tcp: TcpMshrs >= 1, L1Lat 1..8, TagOreg 0/1, Sets / Ways powers of 2 (v3 §10)");
  end
`else
  // Icarus 11 has no elaboration-time $error: the same rules stop the run at time 0.
  initial begin
    if (!CfgOk) $fatal(1, "gpu_tcp: TcpMshrs >= 1, L1Lat 1..8, TagOreg 0/1, Sets/Ways pow2");
  end
`endif

  localparam int RdN = L1Lat + TagOreg;   // TRd / TFRd last L1_LAT + O cycles

  typedef enum logic [2:0] {TIdle, TRd, TCm, TAc, TDt, TFRd, TFCm, TFAc} tcp_st_e;

  tcp_st_e            tst_q, tst_d;
  logic [3:0]         cnt_q, cnt_d;
  // request latch, response latch, the looked-up line
  rinv_pkg::line_t    rq_line_q, rq_line_d;
  logic               rq_we_q, rq_we_d;
  rinv_pkg::lmask_t   rq_mask_q;             // store payload: 0 for a load (rq_* below)
  rinv_pkg::ldata_t   rq_data_q;
  logic [SlotW-1:0]   rq_slot_q, rq_slot_d;
  logic [KW-1:0]      rq_k_q, rq_k_d;
  rinv_pkg::ldata_t   rline_q, rline_d;
  logic [IW-1:0]      ri_q, ri_d;
  rinv_pkg::line_t    cx_q, cx_d;            // X: the request's or the fill's line
  // compare registers (TCm -> TAc / TFAc)
  logic               hit_q, hit_d, hasinv_q, hasinv_d;
  logic [WayW-1:0]    hway_q, hway_d, vict_q, vict_d, rr_q, rr_d;
  // MSHRs: valid bits (set at allocation, cleared at a response) and the payload, written
  // at allocation only (m_alloc, one MSHR per cycle; not copied whole)
  logic [TcpMshrs-1:0]                       m_v_q, m_v_d, m_we_q;
  logic [TcpMshrs-1:0][rinv_pkg::LineW-1:0]  m_line_q;
  logic [TcpMshrs-1:0][SlotW-1:0]            m_slot_q;
  logic [TcpMshrs-1:0][KW-1:0]               m_k_q;
  logic                                      m_alloc;
  logic [McW-1:0]                            mc_q, mc_d;

  // ---- line decode ------------------------------------------------------------------------
  logic [LaneW-1:0] bnk;
  logic [RowW-1:0]  row;
  logic [TagW-1:0]  tag;
  assign bnk = LaneW'(32'(cx_q) % Lanes);
  assign row = RowW'((32'(cx_q) / Lanes) % Rows);
  assign tag = TagW'(cx_q >> SetW);

  // ---- compare (TCm, TFCm) on the registered words of bank b -------------------------------
  logic [Ways*SW-1:0]      tw;   // flat (Icarus 11: one variable index at most)
  logic [WayW-1:0]         rrw;
  logic                    hit_c, hasinv_c;
  logic [WayW-1:0]         hway_c, inv_c;
  assign tw  = t_rdata_i[bnk];
  assign rrw = r_rdata_i[bnk];
  // always @* under Icarus (as in gpu_side_cc): Icarus 11.0's always_comb blocks of the front
  // end re-trigger each other at zero delay and the simulation time stops
`ifdef __ICARUS__
  always @* begin
`else
  always_comb begin
`endif
    hit_c    = 1'b0;
    hway_c   = '0;
    hasinv_c = 1'b0;
    inv_c    = '0;
    for (int w = Ways - 1; w >= 0; w--) begin
      if (tw[w*SW] && (tw[w*SW + 1 +: TagW] == tag)) begin
        hit_c  = 1'b1;
        hway_c = WayW'(w);
      end
      if (!tw[w*SW]) begin
        hasinv_c = 1'b1;
        inv_c    = WayW'(w);
      end
    end
  end

  // ---- MSHR lookups: alias (D6) and the lowest free index ---------------------------------
  logic          alias_hit, has_free;
  logic [IW-1:0] free_i;
`ifdef __ICARUS__
  always @* begin
`else
  always_comb begin
`endif
    // no valid MSHR (mc = 0): no alias; the line compare only for a valid MSHR
    alias_hit = 1'b0;
    if (mc_q != '0) begin
      for (int i = 0; i < TcpMshrs; i++) begin
        if (m_v_q[i]) begin
          if (m_line_q[i] == lreq_line_i) alias_hit = 1'b1;
        end
      end
    end
  end
`ifdef __ICARUS__
  always @* begin
`else
  always_comb begin
`endif
    // the lowest free MSHR, used in TAc only (allocation; 0 in the other states)
    has_free = 1'b0;
    free_i   = '0;
    if (tst_q == TAc) begin
      for (int i = TcpMshrs - 1; i >= 0; i--) begin
        if (!m_v_q[i]) begin
          has_free = 1'b1;
          free_i   = IW'(i);
        end
      end
    end
  end

  // ---- ready equations (§5.2) -------------------------------------------------------------
  logic t_idle, tresp_hs, lreq_hs, mc_full;
  assign t_idle        = (tst_q == TIdle);
  assign mc_full       = (32'(mc_q) == TcpMshrs);
  assign tresp_ready_o = t_idle && !stall_tresp_i;
  assign lreq_ready_o  = t_idle && !tcp_hold_i && !tresp_valid_i && !mc_full && !alias_hit &&
                         !stall_lreq_i;
  assign tresp_hs      = tresp_valid_i && tresp_ready_o;
  assign lreq_hs       = lreq_valid_i && lreq_ready_o;

  // ---- outbound queue tq ------------------------------------------------------------------
  logic             tq_push;
  logic [TqW-1:0]   tq_pdata, tq_head;
  logic [$clog2(TcpMshrs+1)-1:0] unused_tq_count;
  logic             unused_tq_push_ok;

  rinv_fifo #(
    .Depth  (TcpMshrs),
    .Width  (TqW),
    .DropOk (1'b0)
  ) u_tq (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .push_i       (tq_push),
    .pdata_i      (tq_pdata),
    .pop_i        (tq_pop_i),
    .flush_i      (1'b0),
    .push_ok_o    (unused_tq_push_ok),
    .head_o       (tq_head),
    .head_valid_o (tq_head_valid_o),
    .count_o      (unused_tq_count)
  );
  assign {tq_line_o, tq_we_o, tq_mask_o, tq_data_o, tq_i_o} = tq_head;
  assign tq_push_o = tq_push;

  function automatic logic [WayW-1:0] rr_next(input logic [WayW-1:0] r);
    rr_next = (32'(r) == Ways - 1) ? '0 : r + 1'b1;
  endfunction

  // ---- FSM (§5.3) ---------------------------------------------------------------------------
`ifdef __ICARUS__
  always @* begin
`else
  always_comb begin
`endif
    tst_d     = tst_q;
    cnt_d     = cnt_q;
    rq_line_d = rq_line_q;
    rq_we_d   = rq_we_q;
    rq_slot_d = rq_slot_q;
    rq_k_d    = rq_k_q;
    rline_d   = rline_q;
    ri_d      = ri_q;
    cx_d      = cx_q;
    hit_d     = hit_q;
    hasinv_d  = hasinv_q;
    hway_d    = hway_q;
    vict_d    = vict_q;
    rr_d      = rr_q;
    m_v_d     = m_v_q;
    m_alloc   = 1'b0;
    mc_d      = mc_q;

    tq_push   = 1'b0;
    // tq's push data: not gated (read at a push only); a load's mask and data are 0 already
    tq_pdata  = {rq_line_q, rq_we_q, rq_mask_q, rq_data_q, free_i};
    cd_we_o   = 1'b0;
    cd_slot_o = '0;
    cd_k_o    = '0;
    cd_wdata_o = '0;
    done_o    = 1'b0;
    done_slot_o = '0;
    done_k_o  = '0;
    ev_hit_o  = 1'b0;

    t_re_o    = '0;
    t_raddr_o = row;
    t_we_o    = '0;
    t_waddr_o = row;
    t_wdata_o = '0;
    r_re_o    = '0;
    r_addr_o  = row;
    r_we_o    = '0;
    r_wdata_o = rr_next(rr_q);
    d_re_o    = '0;
    d_raddr_o = DAW'((32'(row) << WaySh) + 32'(hway_q));
    d_we_o    = '0;
    d_waddr_o = DAW'((32'(row) << WaySh) + 32'(vict_q));
    d_wbe_o   = '1;
    d_wdata_o = rline_q;

    unique case (tst_q)
      TIdle: begin
        if (tresp_hs) begin
          if (tresp_we_i) begin
            // write-through ack: free the MSHR, done(slot, k), stay
            m_v_d[tresp_i_i] = 1'b0;
            mc_d             = mc_q - 1'b1;
            done_o           = 1'b1;
            done_slot_o      = m_slot_q[tresp_i_i];
            done_k_o         = m_k_q[tresp_i_i];
          end else begin
            rline_d = tresp_data_i;
            ri_d    = tresp_i_i;
            cx_d    = m_line_q[tresp_i_i];
            cnt_d   = 4'(RdN - 1);
            tst_d   = TFRd;
          end
        end else if (lreq_hs) begin
          rq_line_d = lreq_line_i;
          rq_we_d   = lreq_we_i;
          rq_slot_d = lreq_slot_i;
          rq_k_d    = lreq_k_i;
          cx_d      = lreq_line_i;
          cnt_d     = 4'(RdN - 1);
          tst_d     = TRd;
        end
      end

      TRd, TFRd: begin
        if (32'(cnt_q) == RdN - 1) begin
          t_re_o[bnk] = 1'b1;
          r_re_o[bnk] = 1'b1;
        end
        if (cnt_q != '0)       cnt_d = cnt_q - 1'b1;
        else if (tst_q == TRd) tst_d = TCm;
        else                   tst_d = TFCm;
      end

      TCm, TFCm: begin
        hit_d    = hit_c;
        hway_d   = hway_c;
        hasinv_d = hasinv_c;
        vict_d   = hasinv_c ? inv_c : rrw;
        rr_d     = rrw;
        if (tst_q == TCm) tst_d = TAc;
        else              tst_d = TFAc;
      end

      TAc: begin
        if (!rq_we_q && hit_q) begin
          d_re_o[bnk] = 1'b1;
          ev_hit_o    = 1'b1;
          tst_d       = TDt;
        end else begin
          if (rq_we_q && hit_q) begin
            // a store leaves the TCP line invalid (D8): {tag, valid = 0}
            t_we_o              = (Lanes * Ways)'(1) << ((32'(bnk) << WaySh) + 32'(hway_q));
            t_wdata_o           = {(Lanes * Ways){tag, 1'b0}};
          end
          // MSHR free_i: valid, its payload written by the allocation port (m_alloc, below)
          m_v_d[free_i]    = 1'b1;
          m_alloc          = 1'b1;
          mc_d             = mc_q + 1'b1;
          tq_push          = 1'b1;
          tst_d            = TIdle;
        end
      end

      TDt: begin
        cd_we_o     = 1'b1;
        cd_slot_o   = rq_slot_q;
        cd_k_o      = rq_k_q;
        cd_wdata_o  = d_rdata_i[bnk];
        done_o      = 1'b1;
        done_slot_o = rq_slot_q;
        done_k_o    = rq_k_q;
        tst_d       = TIdle;
      end

      TFAc: begin
        // install at the victim: lowest invalid way, else rr (and rr advances)
        t_we_o              = (Lanes * Ways)'(1) << ((32'(bnk) << WaySh) + 32'(vict_q));
        t_wdata_o           = {(Lanes * Ways){tag, 1'b1}};
        d_we_o[bnk]         = 1'b1;
        if (!hasinv_q) r_we_o[bnk] = 1'b1;
        cd_we_o     = 1'b1;
        cd_slot_o   = m_slot_q[ri_q];
        cd_k_o      = m_k_q[ri_q];
        cd_wdata_o  = rline_q;
        done_o      = 1'b1;
        done_slot_o = m_slot_q[ri_q];
        done_k_o    = m_k_q[ri_q];
        m_v_d[ri_q] = 1'b0;
        mc_d        = mc_q - 1'b1;
        tst_d       = TIdle;
      end

      default: tst_d = TIdle;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      tst_q     <= TIdle;
      cnt_q     <= '0;
      rq_line_q <= '0;
      rq_we_q   <= 1'b0;
      rq_slot_q <= '0;
      rq_k_q    <= '0;
      rline_q   <= '0;
      ri_q      <= '0;
      cx_q      <= '0;
      hit_q     <= 1'b0;
      hasinv_q  <= 1'b0;
      hway_q    <= '0;
      vict_q    <= '0;
      rr_q      <= '0;
      m_v_q     <= '0;
      mc_q      <= '0;
    end else begin
      tst_q     <= tst_d;
      cnt_q     <= cnt_d;
      rq_line_q <= rq_line_d;
      rq_we_q   <= rq_we_d;
      rq_slot_q <= rq_slot_d;
      rq_k_q    <= rq_k_d;
      rline_q   <= rline_d;
      ri_q      <= ri_d;
      cx_q      <= cx_d;
      hit_q     <= hit_d;
      hasinv_q  <= hasinv_d;
      hway_q    <= hway_d;
      vict_q    <= vict_d;
      rr_q      <= rr_d;
      m_v_q     <= m_v_d;
      mc_q      <= mc_d;
    end
  end

  // store payload, latched at the lreq handshake (TIdle -> TRd) as 0 for a load: a
  // synchronous clear of the flip-flop (its LSR) instead of a gate per bit in front of tq.
  // No reset: read in TAc only, after a handshake latched it.
  always_ff @(posedge clk_i) begin
    if (lreq_hs) begin
      rq_mask_q <= lreq_we_i ? lreq_mask_i : '0;
      rq_data_q <= lreq_we_i ? lreq_data_i : '0;
    end
  end

  // MSHR payload: written at allocation (TAc), at MSHR free_i; one compare per MSHR: a
  // variable index scaled by the 26-bit line width is a MULT18X18D in Yosys (cf. docs/FPGA.md)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      m_we_q   <= '0;
      m_line_q <= '0;
      m_slot_q <= '0;
      m_k_q    <= '0;
    end else if (m_alloc) begin
      for (int i = 0; i < TcpMshrs; i++) begin
        if (32'(free_i) == i) begin
          m_we_q[i]   <= rq_we_q;
          m_line_q[i] <= rq_line_q;
          m_slot_q[i] <= rq_slot_q;
          m_k_q[i]    <= rq_k_q;
        end
      end
    end
  end

  // ---- status and statistics ---------------------------------------------------------------
  assign tidle_o         = t_idle;
  assign idle_o          = t_idle && (mc_q == '0);
  assign idle_next_o     = (tst_d == TIdle) && (mc_d == '0);
  assign mc_o            = mc_q;
  assign mc_next_o       = mc_d;
  assign ev_alias_wait_o = lreq_valid_i && t_idle && alias_hit;
  assign ev_mshr_full_o  = lreq_valid_i && t_idle && mc_full;
  assign ev_hold_wait_o  = lreq_valid_i && t_idle && tcp_hold_i;

  logic unused_sig;
  assign unused_sig = ^{unused_tq_count, unused_tq_push_ok, m_we_q, has_free};  // asserts only

`ifdef RINV_VERIF
`ifndef SYNTHESIS
  // mc counts the valid MSHRs; TAc finds a free MSHR and room in tq; responses name a valid
  // MSHR of the right kind; a fill never finds its line valid already (D6)
  always @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni) begin
      if (32'(mc_q) != $countones(m_v_q)) $error("gpu_tcp %m: mc %0d != valid MSHRs", mc_q);
      if (tst_q == TAc && !(!rq_we_q && hit_q) && (!has_free || !unused_tq_push_ok)) begin
        $error("gpu_tcp %m: TAc without a free MSHR or tq room");
      end
      if (tresp_hs && (!m_v_q[tresp_i_i] || m_we_q[tresp_i_i] != tresp_we_i)) begin
        $error("gpu_tcp %m: TCC response for MSHR %0d (valid %0d we %0d), tresp_we %0d",
               tresp_i_i, m_v_q[tresp_i_i], m_we_q[tresp_i_i], tresp_we_i);
      end
      if (tst_q == TFAc && hit_q) $error("gpu_tcp %m: fill of line %h found it valid", cx_q);
      if (tq_pop_i && !tq_head_valid_o) $error("gpu_tcp %m: tq pop without a head");
    end
  end
`endif
`endif

endmodule : gpu_tcp

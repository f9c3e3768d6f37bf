// GPU memory front end (ARCHITECTURE_v3_gpu_frontend.md §3-§6.1): the wiring of one
// gpu_coalescer and one gpu_tcp per CU (ports 2..5 of rinv_top, CU p = port - 2) and the TCC
// arbiter gpu_tcc_arb, with the front end's statistics counters (§11: every new stat_* except
// gpu_probe_waits and tcp_kinv, which are the owner FSM's, gpu_side_cc).
//
// The TCP arrays stay in the GPU side's cc_datapath (array a = 1 + p): the TCPs' cell ports
// leave this block (t_*, r_*, d_* per CU) and their read data come back; gpu_side_cc gives the
// ports to the walker in StInit / StWalk / StTcpInv (§3).
//
// TCC side: the arbiter grants under grant_en_i (StIdle, rule 5 may act, §14.8); g_* is the
// head of tq[h] (latched by gpu_side_cc at the grant edge, when ord is popped; tq[h] is popped
// one edge later, below).
// tresp_* is the TCC's response (StTResp, §6.3), one valid per CU.
//
// stat_o: the 32-bit wrapping counters, each adding this cycle's events at this edge (§11):
// [0] gpu_insts, [1] gpu_lane_ops, [2] gpu_line_reqs, [3] coal_splits, [4] tcp_hits,
// [5] tcp_alias_waits, [6] tcp_mshr_full, [7] tcp_hold_waits, [8] tcp_mshr_max (a maximum of
// the next mc, §14.6), [9] tcc_arb_waits.
module gpu_frontend #(
  parameter int  NCu        = rinv_pkg::NGpuL1,
  parameter int  WaveSize   = 64,
  parameter int  CoalTokens = 4,
  parameter int  CoalLines  = 64,
  parameter int  TcpMshrs   = 256,
  parameter int  L1Sets     = 16,
  parameter int  L1Ways     = 16,
  parameter int  Lanes      = 2,
  parameter int  L1Lat      = 4,
  parameter int  TagOreg    = 0,
  localparam int Rows  = L1Sets / Lanes,
  localparam int RowW  = (Rows > 1) ? $clog2(Rows) : 1,
  localparam int SW    = 26 - $clog2(L1Sets) + 1,
  localparam int WayW  = (L1Ways > 1) ? $clog2(L1Ways) : 1,
  localparam int DAW   = (Rows * L1Ways > 1) ? $clog2(Rows * L1Ways) : 1,
  localparam int IW    = (TcpMshrs > 1) ? $clog2(TcpMshrs) : 1,
  localparam int CuW   = (NCu > 1) ? $clog2(NCu) : 1
) (
  input  logic                                clk_i,
  input  logic                                rst_ni,
  input  logic                                init_i,         // owner in StInit (§14.3)
  input  logic                                tcp_hold_i,     // §5.2
  input  logic                                stall_lreq_i,   // stall[10]
  input  logic                                stall_tresp_i,  // stall[11]
  // GPU ports (lane ops, §2)
  input  logic [NCu-1:0]                      port_req_valid_i,
  input  logic [NCu-1:0]                      port_req_we_i,
  input  logic [NCu-1:0][rinv_pkg::AddrW-1:0] port_req_addr_i,
  input  logic [NCu-1:0][31:0]                port_req_wdata_i,
  input  logic [NCu-1:0][3:0]                 port_req_wstrb_i,
  input  logic [NCu-1:0]                      port_req_last_i,
  output logic [NCu-1:0]                      port_req_ready_o,
  output logic [NCu-1:0]                      port_resp_valid_o,
  output logic [NCu-1:0][31:0]                port_resp_rdata_o,
  input  logic [NCu-1:0]                      port_resp_ready_i,
  // TCC side (§6.1, §6.3)
  input  logic                                grant_en_i,
  output logic                                req_o,          // grant_o = req_o && grant_en_i
  output logic                                grant_o,
  output logic [CuW-1:0]                      grant_cu_o,
  output logic [CuW-1:0]                      head_cu_o,      // the CU whose tq head g_* show
  output rinv_pkg::line_t                     g_line_o,
  output logic                                g_we_o,
  output rinv_pkg::lmask_t                    g_mask_o,
  output rinv_pkg::ldata_t                    g_data_o,
  output logic [IW-1:0]                       g_i_o,
  input  logic [NCu-1:0]                      tresp_valid_i,
  input  logic                                tresp_we_i,
  input  logic [IW-1:0]                       tresp_i_i,
  input  rinv_pkg::ldata_t                    tresp_data_i,
  output logic [NCu-1:0]                      tresp_ready_o,
  // the TCP arrays' cells (cache_array ports of array 1 + p)
  output logic [NCu-1:0][Lanes-1:0]                          t_re_o,
  output logic [NCu-1:0][RowW-1:0]                           t_raddr_o,
  input  logic [NCu-1:0][Lanes-1:0][L1Ways-1:0][SW-1:0]      t_rdata_i,
  output logic [NCu-1:0][Lanes-1:0][L1Ways-1:0]              t_we_o,
  output logic [NCu-1:0][RowW-1:0]                           t_waddr_o,
  output logic [NCu-1:0][Lanes-1:0][L1Ways-1:0][SW-1:0]      t_wdata_o,
  output logic [NCu-1:0][Lanes-1:0]                          r_re_o,
  output logic [NCu-1:0][RowW-1:0]                           r_addr_o,
  input  logic [NCu-1:0][Lanes-1:0][WayW-1:0]                r_rdata_i,
  output logic [NCu-1:0][Lanes-1:0]                          r_we_o,
  output logic [NCu-1:0][WayW-1:0]                           r_wdata_o,
  output logic [NCu-1:0][Lanes-1:0]                          d_re_o,
  output logic [NCu-1:0][DAW-1:0]                            d_raddr_o,
  input  logic [NCu-1:0][Lanes-1:0][rinv_pkg::LineBytes*8-1:0] d_rdata_i,
  output logic [NCu-1:0][Lanes-1:0]                          d_we_o,
  output logic [NCu-1:0][DAW-1:0]                            d_waddr_o,
  output logic [NCu-1:0][rinv_pkg::LineBytes-1:0]            d_wbe_o,
  output logic [NCu-1:0][rinv_pkg::LineBytes*8-1:0]          d_wdata_o,
  // status, compared channels (§11), statistics
  output logic                                fe_idle_o,      // §6.2
  output logic [NCu-1:0]                      tidle_o,        // tst[p] == TIdle
  output logic [NCu-1:0]                      lreq_valid_o,
  output logic [NCu-1:0]                      lreq_ready_o,
  output logic [NCu-1:0][rinv_pkg::LineW-1:0] lreq_line_o,
  output logic [9:0][31:0]                    stat_o
);

  localparam int SlotW = (CoalTokens > 1) ? $clog2(CoalTokens) : 1;
  localparam int KW    = (CoalLines > 1) ? $clog2(CoalLines) : 1;
  localparam int McW   = $clog2(TcpMshrs + 1);
  localparam int CntW  = $clog2(NCu * TcpMshrs + 1);

  // coalescer -> TCP
  logic [NCu-1:0]                    lq_we;
  logic [NCu-1:0][rinv_pkg::LineBytes-1:0] lq_mask;   // Icarus 11: no typedef arrays
  logic [NCu-1:0][rinv_pkg::LineBytes*8-1:0] lq_data;
  logic [NCu-1:0][SlotW-1:0]         lq_slot;
  logic [NCu-1:0][KW-1:0]            lq_k;
  // TCP -> coalescer
  logic [NCu-1:0]                    cd_we, done;
  logic [NCu-1:0][SlotW-1:0]         cd_slot, done_slot;
  logic [NCu-1:0][KW-1:0]            cd_k, done_k;
  logic [NCu-1:0][rinv_pkg::LineBytes*8-1:0] cd_wdata;
  // TCP outbound queues
  logic [NCu-1:0]                    tq_push, tq_hv, tq_we, tq_pop, tq_pop_q;
  logic [NCu-1:0][rinv_pkg::LineW-1:0] tq_line;
  logic [NCu-1:0][rinv_pkg::LineBytes-1:0] tq_mask;
  logic [NCu-1:0][rinv_pkg::LineBytes*8-1:0] tq_data;
  logic [NCu-1:0][IW-1:0]            tq_i;
  // events
  logic [NCu-1:0]                    ev_inst, ev_lane, ev_lreq, ev_split, ev_hit, ev_alias;
  logic [NCu-1:0]                    ev_full, ev_hold, tcp_idle, tcp_idle_next;
  logic [NCu-1:0][McW-1:0]           mc, mc_next;
  logic                              unused_fe;
  logic [CntW-1:0]                   arb_count, arb_waits;
  logic [CuW-1:0]                    head_cu;
  assign unused_fe = ^{arb_count, mc, done_k, tcp_idle};  // tcp_idle: the check

  for (genvar p = 0; p < NCu; p++) begin : gen_cu
    gpu_coalescer #(
      .WaveSize   (WaveSize),
      .CoalTokens (CoalTokens),
      .CoalLines  (CoalLines)
    ) u_coal (
      .clk_i             (clk_i),
      .rst_ni            (rst_ni),
      .init_i            (init_i),
      .port_req_valid_i  (port_req_valid_i[p]),
      .port_req_we_i     (port_req_we_i[p]),
      .port_req_addr_i   (port_req_addr_i[p]),
      .port_req_wdata_i  (port_req_wdata_i[p]),
      .port_req_wstrb_i  (port_req_wstrb_i[p]),
      .port_req_last_i   (port_req_last_i[p]),
      .port_req_ready_o  (port_req_ready_o[p]),
      .port_resp_valid_o (port_resp_valid_o[p]),
      .port_resp_rdata_o (port_resp_rdata_o[p]),
      .port_resp_ready_i (port_resp_ready_i[p]),
      .lreq_valid_o      (lreq_valid_o[p]),
      .lreq_line_o       (lreq_line_o[p]),
      .lreq_we_o         (lq_we[p]),
      .lreq_mask_o       (lq_mask[p]),
      .lreq_data_o       (lq_data[p]),
      .lreq_slot_o       (lq_slot[p]),
      .lreq_k_o          (lq_k[p]),
      .lreq_ready_i      (lreq_ready_o[p]),
      .cd_we_i           (cd_we[p]),
      .cd_slot_i         (cd_slot[p]),
      .cd_k_i            (cd_k[p]),
      .cd_wdata_i        (cd_wdata[p]),
      .done_i            (done[p]),
      .done_slot_i       (done_slot[p]),
      .ev_inst_o         (ev_inst[p]),
      .ev_lane_op_o      (ev_lane[p]),
      .ev_line_req_o     (ev_lreq[p]),
      .ev_split_o        (ev_split[p])
    );

    gpu_tcp #(
      .Sets       (L1Sets),
      .Ways       (L1Ways),
      .Lanes      (Lanes),
      .L1Lat      (L1Lat),
      .TagOreg    (TagOreg),
      .TcpMshrs   (TcpMshrs),
      .CoalTokens (CoalTokens),
      .CoalLines  (CoalLines)
    ) u_tcp (
      .clk_i           (clk_i),
      .rst_ni          (rst_ni),
      .tcp_hold_i      (tcp_hold_i),
      .stall_lreq_i    (stall_lreq_i),
      .stall_tresp_i   (stall_tresp_i),
      .lreq_valid_i    (lreq_valid_o[p]),
      .lreq_line_i     (lreq_line_o[p]),
      .lreq_we_i       (lq_we[p]),
      .lreq_mask_i     (lq_mask[p]),
      .lreq_data_i     (lq_data[p]),
      .lreq_slot_i     (lq_slot[p]),
      .lreq_k_i        (lq_k[p]),
      .lreq_ready_o    (lreq_ready_o[p]),
      .cd_we_o         (cd_we[p]),
      .cd_slot_o       (cd_slot[p]),
      .cd_k_o          (cd_k[p]),
      .cd_wdata_o      (cd_wdata[p]),
      .done_o          (done[p]),
      .done_slot_o     (done_slot[p]),
      .done_k_o        (done_k[p]),
      .tq_push_o       (tq_push[p]),
      .tq_head_valid_o (tq_hv[p]),
      .tq_line_o       (tq_line[p]),
      .tq_we_o         (tq_we[p]),
      .tq_mask_o       (tq_mask[p]),
      .tq_data_o       (tq_data[p]),
      .tq_i_o          (tq_i[p]),
      .tq_pop_i        (tq_pop_q[p]),
      .tresp_valid_i   (tresp_valid_i[p]),
      .tresp_we_i      (tresp_we_i),
      .tresp_i_i       (tresp_i_i),
      .tresp_data_i    (tresp_data_i),
      .tresp_ready_o   (tresp_ready_o[p]),
      .t_re_o          (t_re_o[p]),
      .t_raddr_o       (t_raddr_o[p]),
      .t_rdata_i       (t_rdata_i[p]),
      .t_we_o          (t_we_o[p]),
      .t_waddr_o       (t_waddr_o[p]),
      .t_wdata_o       (t_wdata_o[p]),
      .r_re_o          (r_re_o[p]),
      .r_addr_o        (r_addr_o[p]),
      .r_rdata_i       (r_rdata_i[p]),
      .r_we_o          (r_we_o[p]),
      .r_wdata_o       (r_wdata_o[p]),
      .d_re_o          (d_re_o[p]),
      .d_raddr_o       (d_raddr_o[p]),
      .d_rdata_i       (d_rdata_i[p]),
      .d_we_o          (d_we_o[p]),
      .d_waddr_o       (d_waddr_o[p]),
      .d_wbe_o         (d_wbe_o[p]),
      .d_wdata_o       (d_wdata_o[p]),
      .tidle_o         (tidle_o[p]),
      .idle_o          (tcp_idle[p]),
      .idle_next_o     (tcp_idle_next[p]),
      .mc_o            (mc[p]),
      .mc_next_o       (mc_next[p]),
      .ev_hit_o        (ev_hit[p]),
      .ev_alias_wait_o (ev_alias[p]),
      .ev_mshr_full_o  (ev_full[p]),
      .ev_hold_wait_o  (ev_hold[p])
    );
  end

  gpu_tcc_arb #(
    .NCu      (NCu),
    .TcpMshrs (TcpMshrs)
  ) u_arb (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .push_i       (tq_push),
    .head_valid_i (tq_hv),
    .grant_en_i   (grant_en_i),
    .req_o        (req_o),
    .grant_o      (grant_o),
    .grant_cu_o   (grant_cu_o),
    .head_cu_o    (head_cu),
    .pop_o        (tq_pop),
    .count_o      (arb_count),
    .waits_o      (arb_waits)
  );

  // fe_idle (§6.2) from a register loaded with the TCPs' next idle terms: the same value as
  // &tcp_idle in every cycle (each TCP's tst_q and mc_q load tst_d and mc_d at every edge and
  // reset to TIdle and 0), but a flip-flop the placer can put beside its readers, the walker's
  // probe_ready and the owner FSM (fpga-ooc: the wire from the TCPs' mc_q to the walker was the
  // first of the GPU side's critical path's three crossings of the die).
  logic fe_idle_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) fe_idle_q <= 1'b1;
    else         fe_idle_q <= &tcp_idle_next;
  end
  assign fe_idle_o = fe_idle_q;

  // tq[h] is popped one edge after its grant (ord at the grant edge, in gpu_tcc_arb). No one
  // sees the difference: after a grant the owner FSM leaves StIdle (StL2Rd), so grant_en_i is 0
  // in the next cycle and the stale head is neither granted nor read; the popped entry's MSHR
  // stays valid until its TCC response, so tq never needs that slot for a push; and tq's refill
  // of its head is done before the FSM can be back in StIdle (lockstep checks the grant every
  // cycle). So the grant does not reach the tq cells' read enables in its own cycle (fpga-ooc:
  // grant_en -> grant -> pop -> the cell's read enable was the GPU side's critical path).
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) tq_pop_q <= '0;
    else         tq_pop_q <= tq_pop;
  end
  assign head_cu_o = head_cu;

`ifdef RINV_VERIF
`ifndef SYNTHESIS
  always @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni && fe_idle_q != &tcp_idle) begin
      $error("gpu_frontend %m: fe_idle_q %0d != &tcp_idle %0d", fe_idle_q, &tcp_idle);
    end
    if (rst_ni && tq_pop_q != '0 && grant_en_i) begin
      $error("gpu_frontend %m: grant_en while tq pop %b is pending", tq_pop_q);
    end
  end
`endif
`endif

  // always @* under Icarus (as in gpu_side_cc): Icarus 11.0's always_comb blocks of the front
  // end re-trigger each other at zero delay and the simulation time stops
  // the head of tq[h], h the CU at ord's head whether granted or not (the TCC's request latch
  // takes it at a grant edge, when h = grant_cu): selected by h, not grant_cu, so that these
  // wires do not wait for the integration's grant_en
`ifdef __ICARUS__
  always @* begin
`else
  always_comb begin
`endif
    g_line_o = '0;
    g_we_o   = 1'b0;
    g_mask_o = '0;
    g_data_o = '0;
    g_i_o    = '0;
    for (int p = 0; p < NCu; p++) begin
      if (head_cu == CuW'(p)) begin
        g_line_o = tq_line[p];
        g_we_o   = tq_we[p];
        g_mask_o = tq_mask[p];
        g_data_o = tq_data[p];
        g_i_o    = tq_i[p];
      end
    end
  end

  // ---- statistics (§11): this cycle's events summed into one increment (§8 item 6) ---------
  // Each event vector is counted in EvW bits and the largest mc_next found in McW bits first,
  // so every counter has one 32-bit adder (or compare) after a short count, not NCu chained
  // 32-bit adders (fpga-ooc: that chain, behind the TCC grant, was gpu_side_cc's critical
  // path, 25.2 ns). The same sums as adding the events one CU at a time.
  localparam int EvW = $clog2(NCu + 1);
  logic [9:0][31:0] stat_q, stat_d;
  logic [7:0][EvW-1:0] ev_n;   // events of this cycle, per counter 0..7
  logic [McW-1:0]      mc_mx;  // the largest mc_next over the CUs
`ifdef __ICARUS__
  always @* begin
`else
  always_comb begin
`endif
    ev_n  = '0;
    mc_mx = '0;
    for (int p = 0; p < NCu; p++) begin
      ev_n[0] = ev_n[0] + EvW'(ev_inst[p]);
      ev_n[1] = ev_n[1] + EvW'(ev_lane[p]);
      ev_n[2] = ev_n[2] + EvW'(ev_lreq[p]);
      ev_n[3] = ev_n[3] + EvW'(ev_split[p]);
      ev_n[4] = ev_n[4] + EvW'(ev_hit[p]);
      ev_n[5] = ev_n[5] + EvW'(ev_alias[p]);
      ev_n[6] = ev_n[6] + EvW'(ev_full[p]);
      ev_n[7] = ev_n[7] + EvW'(ev_hold[p]);
      if (mc_next[p] > mc_mx) mc_mx = mc_next[p];
    end
    for (int k = 0; k < 8; k++) stat_d[k] = stat_q[k] + 32'(ev_n[k]);
    stat_d[8] = (32'(mc_mx) > stat_q[8]) ? 32'(mc_mx) : stat_q[8];
    stat_d[9] = stat_q[9] + 32'(arb_waits);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) stat_q <= '0;
    else         stat_q <= stat_d;
  end
  assign stat_o = stat_q;

endmodule : gpu_frontend

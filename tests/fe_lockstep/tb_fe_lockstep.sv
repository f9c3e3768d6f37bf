// Block-level lockstep top (Verilator --binary --timing): the four-CU GPU front end of
// ARCHITECTURE_v3_gpu_frontend.md in RTL (4 x gpu_coalescer, 4 x gpu_tcp each with its TCP
// cache_array, 1 x gpu_tcc_arb). Inputs come from fe_lockstep.c (random stimulus and the one
// TCC stand-in, shared with the C model); the RTL's outputs go back to it every cycle, where
// the C model blocks run the same cycle and are compared.
// Defines: FPGA selects the fpga parameters (v3 §10), MINI an extra corner point, else gem5.
// Plusargs: +seed=N +cycles=N +corrupt=KIND(1 port_req_ready, 2 resp_rdata, 3 stat)
//   +corrupt_cyc=N +qual_req_ready +base=LINE (first line used; 20 lines) +mode=0|1|2
`timescale 1ns/1ps
module tb_fe_lockstep;
`ifdef MINI
  localparam int Sets = 4, Ways = 2, Lanes = 2, L1Lat = 2, TagOreg = 1, M = 1;
  localparam int CT = 2, CL = 1, WS = 8, IsFpga = 2;
`elsif FPGA
  localparam int Sets = 4, Ways = 4, Lanes = 1, L1Lat = 1, TagOreg = 1, M = 4;
  localparam int CT = 2, CL = 8, WS = 64, IsFpga = 1;
`else
  localparam int Sets = 16, Ways = 16, Lanes = 2, L1Lat = 4, TagOreg = 0, M = 256;
  localparam int CT = 4, CL = 64, WS = 64, IsFpga = 0;
`endif
  localparam int SlotW = (CT > 1) ? $clog2(CT) : 1;
  localparam int KW = (CL > 1) ? $clog2(CL) : 1;
  localparam int Rows = Sets / Lanes;
  localparam int RowW = (Rows > 1) ? $clog2(Rows) : 1;
  localparam int TagW = 26 - $clog2(Sets);
  localparam int SW = TagW + 1;
  localparam int WayW = (Ways > 1) ? $clog2(Ways) : 1;
  localparam int DAW = (Rows * Ways > 1) ? $clog2(Rows * Ways) : 1;
  localparam int IW = (M > 1) ? $clog2(M) : 1;
  localparam int McW = $clog2(M + 1);
  localparam int CntW = $clog2(4 * M + 1);

  import "DPI-C" function int fe_init(input int fpga, input int seed, input int ncycles,
                                      input int corrupt_kind, input int corrupt_cyc,
                                      input int qual, input int base, input int mode);
  import "DPI-C" function void fe_in_glob(output bit gen, output bit st_l, output bit st_t,
                                          output bit hold);
  import "DPI-C" function void fe_in_cu(input int cu, output bit pv, output bit pwe,
                                        output int paddr, output int pwdata, output int pstrb,
                                        output bit plast, output bit rrdy, output bit trv,
                                        output bit trwe, output int tresp_idx,
                                        output bit [511:0] trdata);
  import "DPI-C" function void fe_out_cu(input int cu, input bit req_ready,
    input bit resp_valid, input int resp_rdata, input bit lreq_valid, input int lreq_line,
    input bit lreq_we, input longint lreq_mask, input bit [511:0] lreq_data,
    input int lreq_slot, input int lreq_k, input bit lreq_ready, input bit cd_we,
    input int cd_slot, input int cd_k, input bit [511:0] cd_wdata, input bit done,
    input int done_slot, input int done_k, input bit tq_push, input bit tq_hv,
    input int tq_line, input bit tq_we, input longint tq_mask, input bit [511:0] tq_data,
    input int tq_i, input bit tresp_ready, input bit idle, input int mc, input int ev_coal,
    input int ev_tcp);
  import "DPI-C" function void fe_out_glob(input bit grant, input int gcu, input int count,
                                           input int waits);
  import "DPI-C" function int fe_step();
  import "DPI-C" function int fe_final();

  logic clk = 1'b0, rst_n = 1'b0;
  always #5 clk = ~clk;
  logic hold, st_l, st_t, gen;

  // per-CU signals
  // inputs driven by the bench: packed (a whole-variable write wakes the logic reading it)
  logic [3:0]        pv, pwe, plast, rrdy, trv, trwe;
  logic [3:0][31:0]  paddr, pwdata;
  logic [3:0][3:0]   pstrb;
  logic [3:0][511:0] trdata;
  logic [3:0][IW-1:0] tr_i;
  logic        prdy [4], rv [4];
  logic [31:0] rdata [4];
  logic         lv [4], lwe [4], lrdy [4], cdwe [4], dn [4];
  logic [25:0]  lline [4];
  logic [63:0]  lmask [4];
  logic [511:0] ldata [4], cdwdata [4];
  logic [SlotW-1:0] lslot [4], cdslot [4], dnslot [4];
  logic [KW-1:0]    lk [4], cdk [4], dnk [4];
  logic         ev_inst [4], ev_lane [4], ev_lreq [4], ev_split [4];
  logic         tqpush [4], tqhv [4], tqwe [4], trrdy [4];
  logic [25:0]  tqline [4];
  logic [63:0]  tqmask [4];
  logic [511:0] tqdata [4];
  logic [IW-1:0] tqi [4];
  logic         tidle [4], idle [4], ev_hit [4], ev_alias [4], ev_full [4], ev_hold [4];
  logic [McW-1:0] mc [4];
  logic [3:0]   pops, push_v, hv_v;
  logic         greq, grant;
  logic [1:0]   gcu;
  logic [CntW-1:0] ocount, owaits;

  for (genvar g = 0; g < 4; g++) begin : g_cu
    logic [Lanes-1:0]                   t_re, r_re, r_we, d_re, d_we;
    logic [Lanes-1:0][Ways-1:0]         t_we;
    logic [RowW-1:0]                    t_raddr, t_waddr, r_addr;
    logic [Lanes-1:0][Ways-1:0][SW-1:0] t_rdata, t_wdata;
    logic [Lanes-1:0][WayW-1:0]         r_rdata;
    logic [WayW-1:0]                    r_wdata;
    logic [DAW-1:0]                     d_raddr, d_waddr;
    logic [Lanes-1:0][511:0]            d_rdata;
    logic [63:0]                        d_wbe;
    logic [511:0]                       d_wdata;
    logic [Lanes-1:0][63:0]             unused_m;
    logic                               unused_dbg;

    gpu_coalescer #(.WaveSize (WS), .CoalTokens (CT), .CoalLines (CL)) u_coal (
      .clk_i (clk), .rst_ni (rst_n),
      .port_req_valid_i (pv[g]), .port_req_we_i (pwe[g]), .port_req_addr_i (paddr[g]),
      .port_req_wdata_i (pwdata[g]), .port_req_wstrb_i (pstrb[g]),
      .port_req_last_i (plast[g]), .port_req_ready_o (prdy[g]), .port_resp_valid_o (rv[g]),
      .port_resp_rdata_o (rdata[g]), .port_resp_ready_i (rrdy[g]),
      .lreq_valid_o (lv[g]), .lreq_line_o (lline[g]), .lreq_we_o (lwe[g]),
      .lreq_mask_o (lmask[g]), .lreq_data_o (ldata[g]), .lreq_slot_o (lslot[g]),
      .lreq_k_o (lk[g]), .lreq_ready_i (lrdy[g]),
      .cd_we_i (cdwe[g]), .cd_slot_i (cdslot[g]), .cd_k_i (cdk[g]), .cd_wdata_i (cdwdata[g]),
      .done_i (dn[g]), .done_slot_i (dnslot[g]),
      .ev_inst_o (ev_inst[g]), .ev_lane_op_o (ev_lane[g]), .ev_line_req_o (ev_lreq[g]),
      .ev_split_o (ev_split[g])
    );

    gpu_tcp #(
      .Sets (Sets), .Ways (Ways), .Lanes (Lanes), .L1Lat (L1Lat), .TagOreg (TagOreg),
      .TcpMshrs (M), .CoalTokens (CT), .CoalLines (CL)
    ) u_tcp (
      .clk_i (clk), .rst_ni (rst_n), .tcp_hold_i (hold), .stall_lreq_i (st_l),
      .stall_tresp_i (st_t),
      .lreq_valid_i (lv[g]), .lreq_line_i (lline[g]), .lreq_we_i (lwe[g]),
      .lreq_mask_i (lmask[g]), .lreq_data_i (ldata[g]), .lreq_slot_i (lslot[g]),
      .lreq_k_i (lk[g]), .lreq_ready_o (lrdy[g]),
      .cd_we_o (cdwe[g]), .cd_slot_o (cdslot[g]), .cd_k_o (cdk[g]), .cd_wdata_o (cdwdata[g]),
      .done_o (dn[g]), .done_slot_o (dnslot[g]), .done_k_o (dnk[g]),
      .tq_push_o (tqpush[g]), .tq_head_valid_o (tqhv[g]), .tq_line_o (tqline[g]),
      .tq_we_o (tqwe[g]), .tq_mask_o (tqmask[g]), .tq_data_o (tqdata[g]), .tq_i_o (tqi[g]),
      .tq_pop_i (pops[g]),
      .tresp_valid_i (trv[g]), .tresp_we_i (trwe[g]), .tresp_i_i (tr_i[g]),
      .tresp_data_i (trdata[g]), .tresp_ready_o (trrdy[g]),
      .t_re_o (t_re), .t_raddr_o (t_raddr), .t_rdata_i (t_rdata), .t_we_o (t_we),
      .t_waddr_o (t_waddr), .t_wdata_o (t_wdata), .r_re_o (r_re), .r_addr_o (r_addr),
      .r_rdata_i (r_rdata), .r_we_o (r_we), .r_wdata_o (r_wdata), .d_re_o (d_re),
      .d_raddr_o (d_raddr), .d_rdata_i (d_rdata), .d_we_o (d_we), .d_waddr_o (d_waddr),
      .d_wbe_o (d_wbe), .d_wdata_o (d_wdata),
      .tidle_o (tidle[g]), .idle_o (idle[g]), .mc_o (mc[g]), .ev_hit_o (ev_hit[g]),
      .ev_alias_wait_o (ev_alias[g]), .ev_mshr_full_o (ev_full[g]),
      .ev_hold_wait_o (ev_hold[g])
    );

    cache_array #(
      .Sets (Sets), .Ways (Ways), .Lanes (Lanes), .IsL2 (1'b0), .TagOreg (TagOreg)
    ) u_arr (
      .clk_i (clk), .t_oe_i (1'b1), .t_re_i (t_re), .t_raddr_i (t_raddr),
      .t_rdata_o (t_rdata), .t_we_i (t_we), .t_waddr_i (t_waddr), .t_wdata_i (t_wdata),
      .r_re_i (r_re), .r_raddr_i (r_addr), .r_rdata_o (r_rdata), .r_we_i (r_we),
      .r_waddr_i (r_addr), .r_wdata_i (r_wdata), .d_re_i (d_re), .d_raddr_i (d_raddr),
      .d_rdata_o (d_rdata), .m_rdata_o (unused_m), .d_we_i (d_we), .d_waddr_i (d_waddr),
      .d_wbe_i (d_wbe), .d_wdata_i (d_wdata), .m_we_i (Lanes'(0)), .m_wdata_i (64'd0),
      .dbg_line_i (26'd0), .dbg_hit_o (unused_dbg)
    );
    assign push_v[g] = tqpush[g];
    assign hv_v[g] = tqhv[g];
  end

  gpu_tcc_arb #(.NCu (4), .TcpMshrs (M)) u_arb (
    .clk_i (clk), .rst_ni (rst_n), .push_i (push_v), .head_valid_i (hv_v),
    .grant_en_i (gen), .req_o (greq), .grant_o (grant), .grant_cu_o (gcu), .pop_o (pops),
    .count_o (ocount), .waits_o (owaits), .head_cu_o ()
  );

  bit run = 1'b0;
  int seed, ncycles, ckind, ccyc, qual, rc, base, mode;
  bit b_pv, b_pwe, b_plast, b_rrdy, b_trv, b_trwe, b_gen, b_stl, b_stt, b_hold;
  int i_addr, i_wdata, i_strb, i_tri;
  bit [511:0] b_trdata;

  initial begin
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    if (!$value$plusargs("cycles=%d", ncycles)) ncycles = 20000;
    if (!$value$plusargs("corrupt=%d", ckind)) ckind = 0;
    if (!$value$plusargs("corrupt_cyc=%d", ccyc)) ccyc = 1000;
    qual = $test$plusargs("qual_req_ready") ? 1 : 0;
    if (!$value$plusargs("base=%d", base)) base = 1024;
    if (!$value$plusargs("mode=%d", mode)) mode = 0;
    if (fe_init(IsFpga, seed, ncycles, ckind, ccyc, qual, base, mode) != 0) $fatal(1, "fe_init failed");
    hold = 0; st_l = 0; st_t = 0; gen = 0;
    for (int c = 0; c < 4; c++) begin
      pv[c] = 0; pwe[c] = 0; paddr[c] = 0; pwdata[c] = 0; pstrb[c] = 0; plast[c] = 0;
      rrdy[c] = 0; trv[c] = 0; trwe[c] = 0; tr_i[c] = '0; trdata[c] = '0;
    end
    // reset (the TCP arrays' cells are not reset: Verilator's zero initial values stand for
    // StInit's clear, as the model's cache_array starts all-zero)
    repeat (4) @(posedge clk);
    #1 rst_n = 1'b1;
    run = 1'b1;
  end

  // Inputs of the next cycle at the falling edge; outputs sampled and compared at the rising
  // edge (before the flip-flops' nonblocking updates: the values of the ending cycle).
  // (Driving from the initial block with #delays left the instance ports stale with
  // this simulator version (5.006), hence this two-process form.)
  always @(negedge clk) begin
    if (run) begin
      fe_in_glob(b_gen, b_stl, b_stt, b_hold);
      gen = b_gen; st_l = b_stl; st_t = b_stt; hold = b_hold;
      for (int c = 0; c < 4; c++) begin
        fe_in_cu(c, b_pv, b_pwe, i_addr, i_wdata, i_strb, b_plast, b_rrdy, b_trv, b_trwe, i_tri,
                 b_trdata);
        pv[c] = b_pv; pwe[c] = b_pwe; paddr[c] = i_addr; pwdata[c] = i_wdata;
        pstrb[c] = 4'(i_strb); plast[c] = b_plast; rrdy[c] = b_rrdy; trv[c] = b_trv;
        trwe[c] = b_trwe; tr_i[c] = IW'(i_tri); trdata[c] = b_trdata;
      end
    end
  end

  always @(posedge clk) begin
    if (run) begin
      if ($test$plusargs("dbg"))
        $display("dbg t=%0t pv %b prdy0 %b ev_lane0 %b", $time, pv, prdy[0], ev_lane[0]);
      for (int c = 0; c < 4; c++) begin
        fe_out_cu(c, prdy[c], rv[c], rdata[c], lv[c], 32'(lline[c]), lwe[c], lmask[c],
                  ldata[c], 32'(lslot[c]), 32'(lk[c]), lrdy[c], cdwe[c], 32'(cdslot[c]),
                  32'(cdk[c]), cdwdata[c], dn[c], 32'(dnslot[c]), 32'(dnk[c]), tqpush[c],
                  tqhv[c], 32'(tqline[c]), tqwe[c], tqmask[c], tqdata[c], 32'(tqi[c]),
                  trrdy[c], idle[c], 32'(mc[c]),
                  {28'd0, ev_split[c], ev_lreq[c], ev_lane[c], ev_inst[c]},
                  {28'd0, ev_hold[c], ev_full[c], ev_alias[c], ev_hit[c]});
      end
      fe_out_glob(grant, 32'(gcu), 32'(ocount), 32'(owaits));
      rc = fe_step();
      if (rc != 0) begin
        rc = fe_final();
        if (rc != 0) $fatal(1, "fe_lockstep: FAIL");
        $finish;
      end
    end
  end
endmodule : tb_fe_lockstep

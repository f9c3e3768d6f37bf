// The worked example of ARCHITECTURE_v3_gpu_frontend.md §12 end to end (gem5: L1_LAT 4,
// L2_LAT 2, O 0, W 2) through the three blocks together: gpu_coalescer -> gpu_tcp (with its
// TCP array, a cache_array) -> gpu_tcc_arb, and a behavioural TCC in the testbench standing
// for the GPU side_cc of §6.2-§6.3 (not built yet): it grants in StIdle, answers a hit in
// StTResp from g + L2_LAT + O + 4 and returns to StIdle at the handshake's edge. X misses in
// TCP 0 and hits in the TCC, Y is in TCP 0 (installed before cycle 0), Z is a store hit in the
// TCC. Every expected cycle below is a row of §12's table.
`timescale 1ns/1ps
module tb_gpu_fe_s12;
  localparam int Sets = 16, Ways = 16, Lanes = 2, L1Lat = 4, L2Lat = 2, TagOreg = 0, M = 256;
  localparam int CT = 4, CL = 64, WS = 64;
  localparam int Rows = Sets / Lanes;
  localparam int RowW = $clog2(Rows);
  localparam int TagW = 26 - $clog2(Sets);
  localparam int SW = TagW + 1;
  localparam int WayW = $clog2(Ways);
  localparam int DAW = $clog2(Rows * Ways);
  localparam int IW = $clog2(M);
  localparam int McW = $clog2(M + 1);

  logic clk = 1'b0, rst_n = 1'b0;
  always #5 clk = ~clk;

  // port 2 (CU 0)
  logic        pv, pwe, plast, prdy, rv, rrdy;
  logic [31:0] paddr, pwdata, rdata;
  logic [3:0]  pstrb;
  // coalescer <-> TCP
  logic         lv, lwe, lrdy, cdwe, dn;
  logic [25:0]  lline;
  logic [63:0]  lmask;
  logic [511:0] ldata, cdwdata;
  logic [1:0]   lslot, cdslot, dnslot;
  logic [5:0]   lk, cdk, dnk;
  logic         ev_inst, ev_lane, ev_lreq, ev_split;
  // TCP <-> TCC / arbiter
  logic         tqpush, tqhv, tqwe, trv, trwe, trrdy;
  logic [25:0]  tqline;
  logic [63:0]  tqmask;
  logic [511:0] tqdata, trdata;
  logic [IW-1:0] tqi, tr_i;
  logic         tidle, idle, ev_hit, ev_alias, ev_full, ev_hold;
  logic [McW-1:0] mc;
  logic [3:0]   pops;
  logic         gen, greq, grant;
  logic [1:0]   gcu;
  logic [$clog2(4 * M + 1)-1:0] ocount, owaits;
  // TCP array
  logic [Lanes-1:0]                   t_re, r_re, r_we_d, d_re, d_we_d, r_we, d_we;
  logic [Lanes-1:0][Ways-1:0]         t_we_d, t_we;
  logic [RowW-1:0]                    t_raddr, t_waddr_d, t_waddr, r_addr_d, r_addr;
  logic [Lanes-1:0][Ways-1:0][SW-1:0] t_rdata, t_wdata_d, t_wdata;
  logic [Lanes-1:0][WayW-1:0]         r_rdata;
  logic [WayW-1:0]                    r_wdata_d, r_wdata;
  logic [DAW-1:0]                     d_raddr, d_waddr_d, d_waddr;
  logic [Lanes-1:0][511:0]            d_rdata;
  logic [63:0]                        d_wbe_d, d_wbe;
  logic [511:0]                       d_wdata_d, d_wdata;
  logic [Lanes-1:0][63:0]             unused_m;
  logic                               unused_dbg;
  // testbench writes to the array before cycle 0 (StInit's clear, then Y installed)
  logic                               tb_arr;
  logic [Lanes-1:0][Ways-1:0]         tb_t_we;
  logic [RowW-1:0]                    tb_row;
  logic [SW-1:0]                      tb_word;
  logic [Lanes-1:0]                   tb_d_we, tb_r_we;
  logic [DAW-1:0]                     tb_daddr;
  logic [511:0]                       tb_ddata;

  gpu_coalescer #(.WaveSize (WS), .CoalTokens (CT), .CoalLines (CL)) u_coal (
    .clk_i (clk), .rst_ni (rst_n), .init_i (1'b0),
    .port_req_valid_i (pv), .port_req_we_i (pwe), .port_req_addr_i (paddr),
    .port_req_wdata_i (pwdata), .port_req_wstrb_i (pstrb), .port_req_last_i (plast),
    .port_req_ready_o (prdy), .port_resp_valid_o (rv), .port_resp_rdata_o (rdata),
    .port_resp_ready_i (rrdy),
    .lreq_valid_o (lv), .lreq_line_o (lline), .lreq_we_o (lwe), .lreq_mask_o (lmask),
    .lreq_data_o (ldata), .lreq_slot_o (lslot), .lreq_k_o (lk), .lreq_ready_i (lrdy),
    .cd_we_i (cdwe), .cd_slot_i (cdslot), .cd_k_i (cdk), .cd_wdata_i (cdwdata),
    .done_i (dn), .done_slot_i (dnslot),
    .ev_inst_o (ev_inst), .ev_lane_op_o (ev_lane), .ev_line_req_o (ev_lreq),
    .ev_split_o (ev_split)
  );

  gpu_tcp #(
    .Sets (Sets), .Ways (Ways), .Lanes (Lanes), .L1Lat (L1Lat), .TagOreg (TagOreg),
    .TcpMshrs (M), .CoalTokens (CT), .CoalLines (CL)
  ) u_tcp (
    .clk_i (clk), .rst_ni (rst_n), .tcp_hold_i (1'b0), .stall_lreq_i (1'b0),
    .stall_tresp_i (1'b0),
    .lreq_valid_i (lv), .lreq_line_i (lline), .lreq_we_i (lwe), .lreq_mask_i (lmask),
    .lreq_data_i (ldata), .lreq_slot_i (lslot), .lreq_k_i (lk), .lreq_ready_o (lrdy),
    .cd_we_o (cdwe), .cd_slot_o (cdslot), .cd_k_o (cdk), .cd_wdata_o (cdwdata),
    .done_o (dn), .done_slot_o (dnslot), .done_k_o (dnk),
    .tq_push_o (tqpush), .tq_head_valid_o (tqhv), .tq_line_o (tqline), .tq_we_o (tqwe),
    .tq_mask_o (tqmask), .tq_data_o (tqdata), .tq_i_o (tqi), .tq_pop_i (pops[0]),
    .tresp_valid_i (trv), .tresp_we_i (trwe), .tresp_i_i (tr_i), .tresp_data_i (trdata),
    .tresp_ready_o (trrdy),
    .t_re_o (t_re), .t_raddr_o (t_raddr), .t_rdata_i (t_rdata), .t_we_o (t_we_d),
    .t_waddr_o (t_waddr_d), .t_wdata_o (t_wdata_d), .r_re_o (r_re), .r_addr_o (r_addr_d),
    .r_rdata_i (r_rdata), .r_we_o (r_we_d), .r_wdata_o (r_wdata_d), .d_re_o (d_re),
    .d_raddr_o (d_raddr), .d_rdata_i (d_rdata), .d_we_o (d_we_d), .d_waddr_o (d_waddr_d),
    .d_wbe_o (d_wbe_d), .d_wdata_o (d_wdata_d),
    .tidle_o (tidle), .idle_o (idle), .mc_o (mc), .ev_hit_o (ev_hit),
    .ev_alias_wait_o (ev_alias), .ev_mshr_full_o (ev_full), .ev_hold_wait_o (ev_hold)
  );

  gpu_tcc_arb #(.NCu (4), .TcpMshrs (M)) u_arb (
    .clk_i (clk), .rst_ni (rst_n), .push_i ({3'b000, tqpush}), .head_valid_i ({3'b000, tqhv}),
    .grant_en_i (gen), .req_o (greq), .grant_o (grant), .grant_cu_o (gcu), .pop_o (pops),
    .count_o (ocount), .waits_o (owaits), .head_cu_o ()
  );

  assign t_we    = tb_arr ? tb_t_we : t_we_d;
  assign t_waddr = tb_arr ? tb_row : t_waddr_d;
  assign t_wdata = tb_arr ? {(Lanes * Ways){tb_word}} : t_wdata_d;
  assign r_we    = tb_arr ? tb_r_we : r_we_d;
  assign r_addr  = tb_arr ? tb_row : r_addr_d;
  assign r_wdata = tb_arr ? '0 : r_wdata_d;
  assign d_we    = tb_arr ? tb_d_we : d_we_d;
  assign d_waddr = tb_arr ? tb_daddr : d_waddr_d;
  assign d_wbe   = tb_arr ? '1 : d_wbe_d;
  assign d_wdata = tb_arr ? tb_ddata : d_wdata_d;

  cache_array #(
    .Sets (Sets), .Ways (Ways), .Lanes (Lanes), .IsL2 (1'b0), .TagOreg (TagOreg)
  ) u_arr (
    .clk_i (clk), .t_oe_i (1'b1), .t_re_i (t_re), .t_raddr_i (t_raddr), .t_rdata_o (t_rdata),
    .t_we_i (t_we), .t_waddr_i (t_waddr), .t_wdata_i (t_wdata), .r_re_i (r_re),
    .r_raddr_i (r_addr), .r_rdata_o (r_rdata), .r_we_i (r_we), .r_waddr_i (r_addr),
    .r_wdata_i (r_wdata), .d_re_i (d_re), .d_raddr_i (d_raddr), .d_rdata_o (d_rdata),
    .m_rdata_o (unused_m), .d_we_i (d_we), .d_waddr_i (d_waddr), .d_wbe_i (d_wbe),
    .d_wdata_i (d_wdata), .m_we_i (Lanes'(0)), .m_wdata_i (64'd0), .dbg_line_i (26'd0),
    .dbg_hit_o (unused_dbg)
  );

  localparam logic [25:0] LX = 26'h0001001, LY = 26'h0001002, LZ = 26'h0002005;

  function automatic logic [511:0] linedata(input logic [25:0] l);
    for (int w = 0; w < 16; w++) linedata[32*w +: 32] = {l[19:0], w[3:0], 8'h3C};
  endfunction

  // behavioural TCC (§6.2 rule 5, §6.3 hit path)
  int           tcc_st;   // 0 StIdle, 1 lookup, 2 StTResp
  int           tcc_at;
  logic [25:0]  tcc_line;
  logic         tcc_we;
  logic [IW-1:0] tcc_i;

  int cyc, errs, lane, n_lhs, n_push, n_grant, n_trhs, n_cd, n_dn;
  int lhs [8], push_c [8], grant_c [8], trhs_c [8], cd_c [8], dn_c [8];
  int resp_c [80];
  int c_inst, c_lane, c_lreq, c_hit, c_waits;
  logic rdy81;
  string first_err;

  task automatic err(input string s);
    if (errs == 0) first_err = s;
    errs++;
  endtask

  task automatic step;
    logic [31:0] expw;
    logic [511:0] ld;
    // port: lane ops from cycle 0, one per cycle (64 loads, 16 stores)
    if (lane < 80) begin
      pv = 1'b1;
      if (lane < 64) begin
        pwe = 1'b0; paddr = {(lane < 32) ? LX : LY, 4'(lane % 16), 2'b00}; pwdata = '0;
        pstrb = '0; plast = (lane == 63);
      end else begin
        pwe = 1'b1; paddr = {LZ, 4'(lane - 64), 2'b00}; pwdata = 32'hBEEF_0000 + lane;
        pstrb = 4'hF; plast = (lane == 79);
      end
    end else begin
      pv = 1'b0; pwe = 1'b0; paddr = '0; pwdata = '0; pstrb = '0; plast = 1'b0;
    end
    rrdy = 1'b1;
    // TCC
    gen = (tcc_st == 0);
    trv = (tcc_st == 2); trwe = tcc_we; tr_i = tcc_i;
    trdata = (tcc_st == 2 && !tcc_we) ? linedata(tcc_line) : '0;
    #4;
    if (cyc == 81) rdy81 = prdy;
    if (pv && prdy) lane++;
    if (lv && lrdy) begin lhs[n_lhs] = cyc; n_lhs++; end
    if (tqpush) begin push_c[n_push] = cyc; n_push++; end
    if (cdwe) begin cd_c[n_cd] = cyc; n_cd++; end
    if (dn) begin dn_c[n_dn] = cyc; n_dn++; end
    if (rv && rrdy) begin
      if (c_lane >= 0) begin
        int r;
        r = 0;
        for (int i = 0; i < 80; i++) if (resp_c[i] < 0 && r == 0) begin
          resp_c[i] = cyc; r = 1;
          ld = linedata((i < 32) ? LX : LY);
          expw = (i < 64) ? ld[32 * (i % 16) +: 32] : 32'h0;
          if (rdata !== expw) err($sformatf("response %0d: %h, exp %h", i, rdata, expw));
        end
      end
    end
    c_inst += ev_inst; c_lane += ev_lane; c_lreq += ev_lreq; c_hit += ev_hit;
    c_waits += 32'(owaits);
    // TCC transitions at the edge
    if (tcc_st == 2 && trrdy) begin
      trhs_c[n_trhs] = cyc; n_trhs++; tcc_st = 0;
    end else if (tcc_st == 1 && cyc + 1 >= tcc_at) begin
      tcc_st = 2;
    end
    if (grant) begin
      grant_c[n_grant] = cyc; n_grant++;
      tcc_line = tqline; tcc_we = tqwe; tcc_i = tqi;
      if (tqwe && tqmask !== '1) err("Z's write-through mask is not 64 bytes");
      tcc_at = cyc + L2Lat + TagOreg + 4;   // StTResp from g + L2_LAT + O + 4
      tcc_st = 1;
    end
    @(posedge clk); #1;
    cyc++;
  endtask

  initial begin
    errs = 0; lane = 0; n_lhs = 0; n_push = 0; n_grant = 0; n_trhs = 0; n_cd = 0; n_dn = 0;
    c_inst = 0; c_lane = 0; c_lreq = 0; c_hit = 0; c_waits = 0; tcc_st = 0;
    for (int i = 0; i < 80; i++) resp_c[i] = -1;
    pv = 0; pwe = 0; paddr = 0; pwdata = 0; pstrb = 0; plast = 0; rrdy = 1; gen = 0; trv = 0;
    trwe = 0; tr_i = '0; trdata = '0;
    // StInit's clear of the TCP array, then Y installed in way 0 of its set
    tb_arr = 1'b1; tb_t_we = '1; tb_r_we = '1; tb_d_we = '0; tb_word = '0; tb_daddr = '0;
    tb_ddata = '0;
    for (int r = 0; r < Rows; r++) begin tb_row = RowW'(r); @(posedge clk); end
    #1;
    tb_t_we = '0; tb_r_we = '0;
    tb_t_we[32'(LY) % Lanes][0] = 1'b1;
    tb_row   = RowW'((32'(LY) / Lanes) % Rows);
    tb_word  = {TagW'(LY >> $clog2(Sets)), 1'b1};
    tb_d_we  = '0;
    tb_d_we[32'(LY) % Lanes] = 1'b1;
    tb_daddr = DAW'(32'(tb_row) * Ways);
    tb_ddata = linedata(LY);
    @(posedge clk); #1;
    tb_arr = 1'b0;
    rst_n = 1'b1;
    cyc = 0;
    while (cyc < 200) step();
    // §12's rows
    if (n_lhs != 3 || lhs[0] != 67 || lhs[1] != 74 || lhs[2] != 89)
      err($sformatf("lreq handshakes %0d: %0d %0d %0d, exp 67 74 89", n_lhs, lhs[0], lhs[1],
                    lhs[2]));
    if (n_push != 2 || push_c[0] != 73 || push_c[1] != 95)
      err($sformatf("tq pushes %0d %0d, exp 73 95", push_c[0], push_c[1]));
    if (n_grant != 2 || grant_c[0] != 75 || grant_c[1] != 97)
      err($sformatf("grants %0d %0d, exp 75 97", grant_c[0], grant_c[1]));
    if (n_trhs != 2 || trhs_c[0] != 82 || trhs_c[1] != 103)
      err($sformatf("tresp handshakes %0d %0d, exp 82 103", trhs_c[0], trhs_c[1]));
    if (n_cd != 2 || cd_c[0] != 81 || cd_c[1] != 88)
      err($sformatf("cdata writes %0d %0d, exp 81 88", cd_c[0], cd_c[1]));
    if (n_dn != 3 || dn_c[0] != 81 || dn_c[1] != 88 || dn_c[2] != 103)
      err($sformatf("dones %0d %0d %0d, exp 81 88 103", dn_c[0], dn_c[1], dn_c[2]));
    if (rdy81 !== 1'b0) err("port_req_ready not 0 in cycle 81 (tcp_wr)");
    if (resp_c[0] != 92 || resp_c[63] != 155 || resp_c[64] != 158 || resp_c[79] != 173)
      err($sformatf("responses %0d %0d %0d %0d, exp 92 155 158 173", resp_c[0], resp_c[63],
                    resp_c[64], resp_c[79]));
    for (int i = 1; i < 64; i++) if (resp_c[i] != 92 + i) err("load responses not 1 per cycle");
    if (c_inst != 2 || c_lane != 80 || c_lreq != 3 || c_hit != 1 || c_waits != 2)
      err($sformatf("totals insts %0d lane_ops %0d line_reqs %0d tcp_hits %0d arb_waits %0d,%s",
                    c_inst, c_lane, c_lreq, c_hit, c_waits, " exp 2 80 3 1 2"));
    if (!idle || ocount != '0) err("front end not idle at the end");
    if (errs == 0) $display("PASS worked_example_s12_end_to_end");
    else $display("FAIL worked_example_s12_end_to_end: %s (%0d errors)", first_err, errs);
    $display("%0d passed, %0d failed", errs == 0, errs != 0);
    if (errs != 0) $fatal(1, "tb_gpu_fe_s12: failure");
    $finish;
  end
endmodule : tb_gpu_fe_s12

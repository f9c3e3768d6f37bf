// The worked example of ARCHITECTURE_v3_gpu_frontend.md §12 through the integrated GPU side
// controller (gpu_side_cc: front end, TCC lookup of §6.3, StTResp), gem5 values (L1_LAT 4,
// L2_LAT 2, O 0, W 2). A behavioural memory answers the directory channel (cc_req / fill).
// Preamble (before cycle 0): CU 1 loads X and Z (both into the TCC, clean; into TCP 1 only),
// CU 0 loads Y (TCC and TCP 0). Then from a quiet cycle 0, CU 0 (port 2) runs §12's two
// instructions; checked: the lreq handshakes (67, 74, 89), the TCC grants (75, 97), the
// tresp handshakes (82, 103), the port responses (92..155, 158..173, data) and the totals
// (gpu_insts 2, gpu_lane_ops 80, gpu_line_reqs 3, tcp_hits 1, tcc_arb_waits 2).
`timescale 1ns/1ps
module tb_gpu_side_s12;
  localparam int L1Sets = 16, L1Ways = 16, L2Sets = rinv_pkg::Gem5GpuL2Sets;
  localparam int L2Ways = rinv_pkg::Gem5GpuL2Ways;

  logic clk = 1'b0, rst_n = 1'b0;
  always #5 clk = ~clk;

  logic [3:0]         pv, pwe, plast, prdy, rv, rrdy;
  logic [3:0][31:0]   paddr, pwdata, rdata;
  logic [3:0][3:0]    pstrb;
  logic               ccv, ccwe, fillv, fillr;
  logic [25:0]        ccline;
  logic [511:0]       ccwdata, filld;
  logic [63:0]        ccwmask;
  logic [3:0]         lv, lr, tv, tr;
  logic [3:0][25:0]   lline;
  logic               grant;
  logic [1:0]         gcu;
  logic [9:0][31:0]   st;
  logic [31:0]        pw, kc;
  logic               u_hv, u_hl, u_pr, u_av, u_dv, u_err, u_he;
  logic [25:0]        u_hline, u_iline;
  logic [31:0]        u_ah, u_rd, u_tl;
  logic [7:0]         u_ic;
  logic [15:0]        u_rc;

  gpu_side_cc #(
    .L1Sets (L1Sets), .L1Ways (L1Ways), .L2Sets (L2Sets), .L2Ways (L2Ways), .L1Lat (4),
    .L2Lat (2), .RecCap (16), .Lanes (2), .Pif (4), .TagOreg (0), .WaveSize (64),
    .CoalTokens (4), .CoalLines (64), .TcpMshrs (256)
  ) dut (
    .clk_i (clk), .rst_ni (rst_n), .stall_fill_i (1'b0), .stall_probe_i (1'b0),
    .stall_lreq_i (1'b0), .stall_tresp_i (1'b0), .lock_owner_i (2'd0),
    .port_req_valid_i (pv), .port_req_we_i (pwe), .port_req_addr_i (paddr),
    .port_req_wdata_i (pwdata), .port_req_wstrb_i (pstrb), .port_req_last_i (plast),
    .port_req_ready_o (prdy), .port_resp_valid_o (rv), .port_resp_rdata_o (rdata),
    .port_resp_ready_i (rrdy),
    .cc_req_valid_o (ccv), .cc_req_we_o (ccwe), .cc_req_line_o (ccline),
    .cc_req_wdata_o (ccwdata), .cc_req_wmask_o (ccwmask), .cc_req_ready_i (1'b1),
    .fill_valid_i (fillv), .fill_data_i (filld), .fill_ready_o (fillr),
    .hist_valid_o (u_hv), .hist_last_o (u_hl), .hist_line_o (u_hline), .hist_ready_i (1'b0),
    .hist_go_i (1'b0), .hist_done_i (1'b0), .probe_valid_i (1'b0), .probe_first_i (26'd0),
    .probe_nlines_i (27'd0), .probe_setwalk_i (1'b0), .probe_ready_o (u_pr),
    .ack_valid_o (u_av), .ack_hits_o (u_ah), .ack_ready_i (1'b1), .inv_count_o (u_ic),
    .inv_line_o (u_iline), .dbg_line_i (26'd0), .dbg_valid_o (u_dv), .rb_sel_i (1'b0),
    .rb_we_i (1'b0), .rb_off_i (15'd0), .rb_wdata_i (32'd0), .rb_side_i (1'b0),
    .rb_commit_i (1'b0), .rb_err_o (u_err), .rb_rdata_o (u_rd), .hist_en_o (u_he),
    .rec_count_o (u_rc), .tag_lookups_o (u_tl),
    .gpu_lreq_valid_o (lv), .gpu_lreq_ready_o (lr), .gpu_lreq_line_o (lline),
    .gpu_tresp_valid_o (tv), .gpu_tresp_ready_o (tr), .tcc_grant_o (grant),
    .tcc_grant_cu_o (gcu), .stat_fe_o (st), .stat_gpu_probe_waits_o (pw),
    .stat_tcp_kinv_o (kc)
  );

  localparam logic [25:0] LX = 26'h0001001, LY = 26'h0001002, LZ = 26'h0002005;

  function automatic logic [511:0] linedata(input logic [25:0] l);
    for (int w = 0; w < 16; w++) linedata[32*w +: 32] = {l[19:0], w[3:0], 8'h3C};
  endfunction

  // behavioural memory: a fill 4 cycles after a read request, held until fill_ready
  int          mem_at;
  logic [25:0] mem_line;
  always @(posedge clk) begin
    if (ccv && !ccwe) begin
      mem_at   <= 4;
      mem_line <= ccline;
    end else if (fillv && fillr) begin
      mem_at <= -1;
    end else if (mem_at > 0) begin
      mem_at <= mem_at - 1;
    end
  end
  assign fillv = (mem_at == 0);
  assign filld = fillv ? linedata(mem_line) : '0;

  int cyc, errs, lane, n_lhs, n_grant, n_trhs, nresp;
  int lhs [8], grant_c [8], trhs_c [8];
  int resp_c [80];
  logic [9:0][31:0] st0;
  string first_err;

  task automatic err(input string s);
    if (errs == 0) first_err = s;
    errs++;
  endtask

  task automatic idle_ports;
    pv = '0; pwe = '0; plast = '0; paddr = '0; pwdata = '0; pstrb = '0; rrdy = '1;
  endtask

  // one single-lane load on CU c, waiting for its response
  task automatic load1(input int c, input logic [25:0] l);
    logic hs;
    idle_ports();
    pv[c] = 1'b1; paddr[c] = {l, 4'd0, 2'b00}; plast[c] = 1'b1;
    hs = 1'b0;
    while (!hs) begin #4; hs = prdy[c]; @(posedge clk); #1; end
    idle_ports();
    hs = 1'b0;
    while (!hs) begin #4; hs = rv[c]; @(posedge clk); #1; end
  endtask

  task automatic step;
    logic [511:0] ld;
    logic [31:0]  expw;
    idle_ports();
    if (lane < 80) begin
      pv[0] = 1'b1;
      if (lane < 64) begin
        paddr[0] = {(lane < 32) ? LX : LY, 4'(lane % 16), 2'b00};
        plast[0] = (lane == 63);
      end else begin
        pwe[0] = 1'b1; paddr[0] = {LZ, 4'(lane - 64), 2'b00};
        pwdata[0] = 32'hBEEF_0000 + lane; pstrb[0] = 4'hF; plast[0] = (lane == 79);
      end
    end
    #4;
    if (pv[0] && prdy[0]) lane++;
    if (lv[0] && lr[0]) begin lhs[n_lhs] = cyc; n_lhs++; end
    if (grant) begin grant_c[n_grant] = cyc; n_grant++; end
    if (tv[0] && tr[0]) begin trhs_c[n_trhs] = cyc; n_trhs++; end
    if (rv[0] && nresp < 80) begin
      resp_c[nresp] = cyc;
      ld = linedata((nresp < 32) ? LX : LY);
      expw = (nresp < 64) ? ld[32 * (nresp % 16) +: 32] : 32'h0;
      if (rdata[0] !== expw) err($sformatf("response %0d: %h, exp %h", nresp, rdata[0], expw));
      nresp++;
    end
    @(posedge clk); #1;
    cyc++;
  endtask

  initial begin
    errs = 0; nresp = 0; lane = 0; n_lhs = 0; n_grant = 0; n_trhs = 0; mem_at = -1;
    for (int i = 0; i < 80; i++) resp_c[i] = -1;
    idle_ports();
    repeat (3) @(posedge clk);
    #1 rst_n = 1'b1;
    load1(1, LX);
    load1(1, LZ);
    load1(0, LY);
    repeat (20) @(posedge clk);
    #1;
    st0 = st;
    cyc = 0;
    while (cyc < 200) step();
    if (n_lhs != 3 || lhs[0] != 67 || lhs[1] != 74 || lhs[2] != 89)
      err($sformatf("lreq handshakes %0d: %0d %0d %0d, exp 67 74 89", n_lhs, lhs[0], lhs[1],
                    lhs[2]));
    if (n_grant != 2 || grant_c[0] != 75 || grant_c[1] != 97)
      err($sformatf("grants %0d: %0d %0d, exp 75 97", n_grant, grant_c[0], grant_c[1]));
    if (n_trhs != 2 || trhs_c[0] != 82 || trhs_c[1] != 103)
      err($sformatf("tresp handshakes %0d: %0d %0d, exp 82 103", n_trhs, trhs_c[0], trhs_c[1]));
    if (resp_c[0] != 92 || resp_c[63] != 155 || resp_c[64] != 158 || resp_c[79] != 173)
      err($sformatf("responses %0d %0d %0d %0d, exp 92 155 158 173", resp_c[0], resp_c[63],
                    resp_c[64], resp_c[79]));
    if (st[0] - st0[0] != 2 || st[1] - st0[1] != 80 || st[2] - st0[2] != 3 ||
        st[4] - st0[4] != 1 || st[9] - st0[9] != 2)
      err($sformatf("totals insts %0d lane_ops %0d line_reqs %0d tcp_hits %0d waits %0d",
                    st[0] - st0[0], st[1] - st0[1], st[2] - st0[2], st[4] - st0[4],
                    st[9] - st0[9]));
    if (errs == 0) $display("PASS gpu_side_cc_worked_example_s12");
    else $display("FAIL gpu_side_cc_worked_example_s12: %s (%0d errors)", first_err, errs);
    $display("%0d passed, %0d failed", errs == 0, errs != 0);
    if (errs != 0) $fatal(1, "tb_gpu_side_s12: failure");
    $finish;
  end
endmodule : tb_gpu_side_s12

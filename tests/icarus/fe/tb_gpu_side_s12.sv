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
  `include "gpu_side_env.svh"

  localparam logic [25:0] LX = 26'h0001001, LY = 26'h0001002, LZ = 26'h0002005;

  assign lo = 2'd0;   // the lock stays with nobody

  int cyc, lane, n_lhs, n_grant, n_trhs, nresp;
  int lhs [8], grant_c [8], trhs_c [8];
  int resp_c [80];
  logic [9:0][31:0] st0;

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

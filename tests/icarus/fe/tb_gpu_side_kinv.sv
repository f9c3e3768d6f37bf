// ARCHITECTURE_v3_gpu_frontend.md §6.2 rule 4 through the integrated GPU side controller
// (gpu_side_cc), gem5 values: the GPU gets the lock (lock_owner 2) while a CU's load misses in
// TCP 0 (in the cycle of its line request's handshake: fe_idle = 0). kinv_pend must hold the
// TCPs until the front end drains and only then clear them (StTcpInv), so:
// - the in-flight load completes with the right data;
// - exactly one TCP invalidation is counted (stat_tcp_kinv), after the TCC's answer to TCP 0;
// - the same line loaded again by the same CU misses in its TCP (tcp_hits unchanged, one more
//   line request): a clear that started before the fill landed would leave the line valid.
// The bound checks of rtl/v2/sva/gpu_side_sva.sv (built in) also catch an early StTcpInv.
// The full system cannot reach this: its GPU takes the lock only in acquire / register
// records, which are barriers for the GPU ports (tools/mutate.py mutant 65).
`timescale 1ns/1ps
module tb_gpu_side_kinv;
  `include "gpu_side_env.svh"

  localparam logic [25:0] LX = 26'h0001001;

  int cyc = 0, tresp_cyc = -1, kinv_cyc = -1, n_lhs = 0;   // written by the monitor only
  logic [9:0][31:0] st0;
  logic [31:0] kc0;

  // counts line-request handshakes, the cycle of the TCC's answer to TCP 0 and of the first
  // TCP invalidation (sampled mid-cycle: the inputs change 1 ns after the rising edge)
  always @(negedge clk) begin
    cyc <= cyc + 1;
    if (lv[0] && lr[0]) n_lhs <= n_lhs + 1;
    if (tv[0] && tr[0]) tresp_cyc <= cyc;
    if (kinv_cyc < 0 && kc != kc0) kinv_cyc <= cyc;
  end

  // one single-lane load of word 3 of line l on CU 0; with grab, the GPU gets the lock in the
  // cycle of the load's line-request handshake (TCP 0 waits for the TCC)
  task automatic load0(input logic [25:0] l, input logic grab);
    logic         hs;
    int           t;
    logic [511:0] ld;
    ld = linedata(l);
    idle_ports();
    pv[0] = 1'b1; paddr[0] = {l, 4'd3, 2'b00}; plast[0] = 1'b1;
    hs = 1'b0;
    while (!hs) begin #4; hs = prdy[0]; @(posedge clk); #1; end
    idle_ports();
    hs = 1'b0;
    t = 0;
    while (!hs && t < 500) begin
      #4;
      if (grab && lv[0] && lr[0]) lo = 2'd2;
      hs = rv[0];
      if (hs) begin
        if (rdata[0] !== ld[32*3 +: 32])
          err($sformatf("load of %h: %h, exp %h", l, rdata[0], ld[32*3 +: 32]));
      end
      @(posedge clk); #1;
      t++;
    end
    if (!hs) err($sformatf("load of %h: no response in 500 cycles", l));
  endtask

  initial begin
    errs = 0; mem_at = -1; lo = 2'd0;
    idle_ports();
    repeat (3) @(posedge clk);
    #1 rst_n = 1'b1;
    repeat (300) @(posedge clk);   // the init walks
    #1;
    st0 = st;
    kc0 = kc;
    load0(LX, 1'b1);
    repeat (100) @(posedge clk);
    #1;
    if (kc - kc0 != 1) err($sformatf("%0d TCP invalidations, exp 1", kc - kc0));
    else if (tresp_cyc < 0 || kinv_cyc <= tresp_cyc)
      err($sformatf("TCP invalidation at cycle %0d, before the TCC answered TCP 0 (%0d)",
                    kinv_cyc, tresp_cyc));
    if (n_lhs != 1) err($sformatf("%0d line requests for the first load, exp 1", n_lhs));
    load0(LX, 1'b0);
    if (st[4] != st0[4])
      err($sformatf("the line loaded before the TCP invalidation hit in TCP 0 (%0d hits)",
                    st[4] - st0[4]));
    if (n_lhs != 2) err($sformatf("%0d line requests, exp 2 (the second load misses)", n_lhs));
    if (errs == 0) $display("PASS gpu_side_cc_kinv_after_drain");
    else $display("FAIL gpu_side_cc_kinv_after_drain: %s (%0d errors)", first_err, errs);
    $display("%0d passed, %0d failed", errs == 0, errs != 0);
    if (errs != 0) $fatal(1, "tb_gpu_side_kinv: failure");
    $finish;
  end
endmodule : tb_gpu_side_kinv

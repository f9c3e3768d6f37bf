// Random traffic of one CU through the three blocks together (gpu_coalescer -> gpu_tcp with
// its TCP array -> gpu_tcc_arb) and a behavioural blocking TCC holding the memory (a
// write-through merges its masked bytes; a load reads the line). Reference (v3 §9): one GPU
// port's own stream is checked in acceptance order: a load lane answers the bytes the
// reference memory holds at its handshake, stores update it at theirs (own-CU order is kept
// by D6 and in-order issue). Random instruction lengths and lines (splits in the fpga
// configuration), port back-pressure, TCC latency, tcp_hold pulses and stalls.
// Build: -DFPGA selects the fpga parameters, else gem5.
`timescale 1ns/1ps
module tb_gpu_fe_rand;
`ifdef FPGA
  localparam int Sets = 4, Ways = 4, Lanes = 1, L1Lat = 1, L2Lat = 1, TagOreg = 1, M = 4;
  localparam int CT = 2, CL = 8, WS = 64;
`else
  localparam int Sets = 16, Ways = 16, Lanes = 2, L1Lat = 4, L2Lat = 2, TagOreg = 0, M = 256;
  localparam int CT = 4, CL = 64, WS = 64;
`endif
  localparam int SlotW = (CT > 1) ? $clog2(CT) : 1;
  localparam int KW = (CL > 1) ? $clog2(CL) : 1;
  localparam int Rows = Sets / Lanes;
  localparam int RowW = $clog2(Rows);
  localparam int TagW = 26 - $clog2(Sets);
  localparam int SW = TagW + 1;
  localparam int WayW = $clog2(Ways);
  localparam int DAW = $clog2(Rows * Ways);
  localparam int IW = $clog2(M);
  localparam int McW = $clog2(M + 1);

  logic clk = 1'b0, rst_n = 1'b0;
  logic hold = 1'b0, st_l = 1'b0, st_t = 1'b0;
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
  logic [SlotW-1:0] lslot, cdslot, dnslot;
  logic [KW-1:0]    lk, cdk, dnk;
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
    .clk_i (clk), .rst_ni (rst_n), .tcp_hold_i (hold), .stall_lreq_i (st_l),
    .stall_tresp_i (st_t),
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

  localparam int NL = 24;                          // lines used: BASE + 0..NL-1
  localparam logic [25:0] BASE = 26'h0000400;
  localparam int NOPS = 6000;

  function automatic logic [25:0] lin(input int i);
    lin = BASE + 26'(i);
  endfunction

  logic [7:0] refmem [NL * 64];                    // reference, updated at handshakes
  logic [7:0] tccmem [NL * 64];                    // the TCC's memory

  // stimulus
  logic        op_we [NOPS];
  logic [31:0] op_addr [NOPS], op_wdata [NOPS];
  logic [3:0]  op_wstrb [NOPS];
  logic        op_last [NOPS];
  int          n_ops, drv;
  logic [31:0] exp_q [NOPS];
  int          n_exp, n_resp;

  // behavioural TCC (blocking, one request at a time)
  int            tcc_st, tcc_at;
  logic [25:0]   tcc_line;
  logic          tcc_we;
  logic [63:0]   tcc_mask;
  logic [511:0]  tcc_data;
  logic [IW-1:0] tcc_i;

  int cyc, errs, c_inst, c_lreq, c_split, c_hit, c_alias, c_full, c_hold;
  string first_err;

  task automatic err(input string s);
    if (errs == 0) first_err = s;
    errs++;
  endtask

  function automatic logic [511:0] tccline(input logic [25:0] l);
    for (int b = 0; b < 64; b++) tccline[8*b +: 8] = tccmem[32'(l - BASE) * 64 + b];
  endfunction

  task automatic step;
    int a;
    logic [31:0] w;
    if (drv < n_ops) begin
      pv = 1'b1; pwe = op_we[drv]; paddr = op_addr[drv]; pwdata = op_wdata[drv];
      pstrb = op_wstrb[drv]; plast = op_last[drv];
    end else begin
      pv = 1'b0; pwe = 1'b0; paddr = '0; pwdata = '0; pstrb = '0; plast = 1'b0;
    end
    rrdy = ($urandom % 4 != 0);
    hold = ($urandom % 64 == 0) ? ~hold : hold;
    st_l = ($urandom % 8 == 0); st_t = ($urandom % 8 == 0);
    gen = (tcc_st == 0);
    trv = (tcc_st == 2); trwe = tcc_we; tr_i = tcc_i;
    trdata = (tcc_st == 2 && !tcc_we) ? tccline(tcc_line) : '0;
    #4;
    if (pv && prdy) begin
      a = 32'(paddr[31:6] - BASE) * 64 + 4 * paddr[5:2];
      if (pwe) begin
        for (int b = 0; b < 4; b++) if (pstrb[b]) refmem[a + b] = pwdata[8*b +: 8];
        exp_q[n_exp] = 0;
      end else begin
        for (int b = 0; b < 4; b++) w[8*b +: 8] = refmem[a + b];
        exp_q[n_exp] = w;
      end
      n_exp++;
      drv++;
    end
    if (rv && rrdy) begin
      if (n_resp >= n_exp) err("response without a lane op");
      else if (rdata !== exp_q[n_resp])
        err($sformatf("response %0d: %h, exp %h (cycle %0d)", n_resp, rdata, exp_q[n_resp],
                      cyc));
      n_resp++;
    end
    c_inst += ev_inst; c_lreq += ev_lreq; c_split += ev_split; c_hit += ev_hit;
    c_alias += ev_alias; c_full += ev_full; c_hold += ev_hold;
    if (tcc_st == 2 && trrdy) begin
      tcc_st = 0;
    end else if (tcc_st == 1 && cyc + 1 >= tcc_at) begin
      if (tcc_we) begin                      // the merge (StL2Dt / fill edge), then StTResp
        for (int b = 0; b < 64; b++)
          if (tcc_mask[b]) tccmem[32'(tcc_line - BASE) * 64 + b] = tcc_data[8*b +: 8];
      end
      tcc_st = 2;
    end
    if (grant) begin
      tcc_line = tqline; tcc_we = tqwe; tcc_i = tqi; tcc_mask = tqmask; tcc_data = tqdata;
      tcc_at = cyc + L2Lat + TagOreg + 4 + ($urandom % 6);
      tcc_st = 1;
    end
    @(posedge clk); #1;
    cyc++;
  endtask

  initial begin
    errs = 0; drv = 0; n_ops = 0; n_exp = 0; n_resp = 0; tcc_st = 0;
    c_inst = 0; c_lreq = 0; c_split = 0; c_hit = 0; c_alias = 0; c_full = 0; c_hold = 0;
    for (int i = 0; i < NL * 64; i++) begin
      refmem[i] = 8'(i * 7 + 3); tccmem[i] = 8'(i * 7 + 3);
    end
    // random instructions: 1..64 lanes over a few lines each
    while (n_ops < NOPS - 64) begin
      int nl, nlines, l0;
      logic we;
      we = ($urandom % 3 == 0);
      nl = 1 + $urandom % WS;
      nlines = 1 + $urandom % ((($urandom % 4) == 0) ? NL : 3);
      l0 = $urandom % NL;
      for (int l = 0; l < nl; l++) begin
        op_we[n_ops] = we;
        op_addr[n_ops] = {lin((l0 + $urandom % nlines) % NL), 4'($urandom), 2'b00};
        op_wdata[n_ops] = $urandom; op_wstrb[n_ops] = 4'($urandom);
        op_last[n_ops] = (l == nl - 1);
        n_ops++;
      end
    end
    pv = 0; pwe = 0; paddr = 0; pwdata = 0; pstrb = 0; plast = 0; rrdy = 1; gen = 0; trv = 0;
    trwe = 0; tr_i = '0; trdata = '0;
    // StInit's clear of the TCP array
    tb_arr = 1'b1; tb_t_we = '1; tb_r_we = '1; tb_d_we = '0; tb_word = '0; tb_daddr = '0;
    tb_ddata = '0;
    for (int r = 0; r < Rows; r++) begin tb_row = RowW'(r); @(posedge clk); end
    #1 tb_arr = 1'b0;
    rst_n = 1'b1;
    cyc = 0;
    while (n_resp < n_ops && cyc < 400000) step();
    hold = 1'b0;
    repeat (20) step();
    if (n_resp != n_ops) err($sformatf("%0d of %0d responses", n_resp, n_ops));
    if (!idle || ocount != '0) err("front end not idle at the end");
    // coverage of the rules the run was meant to reach
    if (c_hit == 0 || c_alias == 0 || c_hold == 0) err("coverage: no hit, alias or hold wait");
    if (CL < WS && c_split == 0) err("coverage: no split");
    if (M < 8 && c_full == 0) err("coverage: MSHRs never full");
    $display("  (%0d lane ops, %0d insts, %0d line reqs, %0d splits, %0d tcp hits,", n_ops,
             c_inst, c_lreq, c_split, c_hit);
    $display("   %0d alias, %0d mshr-full, %0d hold waits, %0d cycles)", c_alias, c_full,
             c_hold, cyc);
    if (errs == 0) $display("PASS random_one_cu_reference");
    else $display("FAIL random_one_cu_reference: %s (%0d errors)", first_err, errs);
    $display("%0d passed, %0d failed", errs == 0, errs != 0);
    if (errs != 0) $fatal(1, "tb_gpu_fe_rand: failure");
    $finish;
  end
endmodule : tb_gpu_fe_rand

// Directed self-checking testbench of gpu_tcp (ARCHITECTURE_v3_gpu_frontend.md §5, §12) with
// its TCP array as a real cache_array (the cell the TCP drives in cc_datapath; the testbench
// clears its valid bits first, as StInit does). The testbench plays the coalescer (lreq,
// cdata writes and dones received) and the TCC (tq pops at a grant, tresp). Expected values
// from the contract: the latencies of §5.3 (TAc at t + L1_LAT + O + 2, TDt at + 3, TFAc at
// f + L1_LAT + O + 2) and the cycles of §12's TCP column; loads answer the line (hit or fill),
// a store writes through with its mask and data and leaves the line invalid (D8); MSHRs are
// bounded (tcp_mshr_full counted), a request to a line an MSHR holds waits (D6,
// tcp_alias_waits counted) and then hits the filled line; the victim is the lowest invalid
// way, else rr; tresp before lreq; tcp_hold and stall[10] / stall[11] hold the readies.
// Build: -DFPGA selects the fpga parameters (4 x 4, 1 lane, L1_LAT 1, O 1, 4 MSHRs), else gem5
// (16 x 16, 2 lanes, L1_LAT 4, O 0, 256 MSHRs).
`timescale 1ns/1ps
module tb_gpu_tcp;
`ifdef FPGA
  localparam int Sets = 4, Ways = 4, Lanes = 1, L1Lat = 1, TagOreg = 1, M = 4, CT = 2, CL = 8;
`else
  localparam int Sets = 16, Ways = 16, Lanes = 2, L1Lat = 4, TagOreg = 0, M = 256, CT = 4,
                 CL = 64;
`endif
  localparam int RdN = L1Lat + TagOreg;
  localparam int Rows = Sets / Lanes;
  localparam int RowW = (Rows > 1) ? $clog2(Rows) : 1;
  localparam int TagW = 26 - $clog2(Sets);
  localparam int SW = TagW + 1;
  localparam int WayW = (Ways > 1) ? $clog2(Ways) : 1;
  localparam int DAW = (Rows * Ways > 1) ? $clog2(Rows * Ways) : 1;
  localparam int IW = (M > 1) ? $clog2(M) : 1;
  localparam int McW = $clog2(M + 1);
  localparam int SlotW = (CT > 1) ? $clog2(CT) : 1;
  localparam int KW = (CL > 1) ? $clog2(CL) : 1;
  localparam int NQ = 4096;

  logic clk = 1'b0, rst_n = 1'b0;
  always #5 clk = ~clk;

  logic             tcp_hold, stall_lreq, stall_tresp;
  logic             lreq_valid, lreq_we, lreq_ready;
  logic [25:0]      lreq_line;
  logic [63:0]      lreq_mask;
  logic [511:0]     lreq_data;
  logic [SlotW-1:0] lreq_slot;
  logic [KW-1:0]    lreq_k;
  logic             cd_we, done;
  logic [SlotW-1:0] cd_slot, done_slot;
  logic [KW-1:0]    cd_k, done_k;
  logic [511:0]     cd_wdata;
  logic             tq_push, tq_hv, tq_we, tq_pop;
  logic [25:0]      tq_line;
  logic [63:0]      tq_mask;
  logic [511:0]     tq_data;
  logic [IW-1:0]    tq_i;
  logic             tresp_valid, tresp_we, tresp_ready;
  logic [IW-1:0]    tresp_i;
  logic [511:0]     tresp_data;
  logic             tidle, idle, ev_hit, ev_alias, ev_full, ev_hold;
  logic [McW-1:0]   mc;
  // array ports: DUT side and after the testbench's init multiplexer
  logic [Lanes-1:0]                   t_re, t_we_d, r_re, r_we, d_re, d_we, r_we_d;
  logic [Lanes-1:0][Ways-1:0]         t_we_dut, t_we;
  logic [RowW-1:0]                    t_raddr, t_waddr_dut, t_waddr, r_addr_dut, r_addr;
  logic [Lanes-1:0][Ways-1:0][SW-1:0] t_rdata, t_wdata_dut, t_wdata;
  logic [Lanes-1:0][WayW-1:0]         r_rdata;
  logic [WayW-1:0]                    r_wdata_dut, r_wdata;
  logic [DAW-1:0]                     d_raddr, d_waddr;
  logic [Lanes-1:0][511:0]            d_rdata;
  logic [63:0]                        d_wbe;
  logic [511:0]                       d_wdata;
  logic [Lanes-1:0][63:0]             unused_m;
  logic                               unused_dbg;
  logic                               init_mode;
  logic [RowW-1:0]                    init_row;

  gpu_tcp #(
    .Sets (Sets), .Ways (Ways), .Lanes (Lanes), .L1Lat (L1Lat), .TagOreg (TagOreg),
    .TcpMshrs (M), .CoalTokens (CT), .CoalLines (CL)
  ) dut (
    .clk_i (clk), .rst_ni (rst_n), .tcp_hold_i (tcp_hold), .stall_lreq_i (stall_lreq),
    .stall_tresp_i (stall_tresp),
    .lreq_valid_i (lreq_valid), .lreq_line_i (lreq_line), .lreq_we_i (lreq_we),
    .lreq_mask_i (lreq_mask), .lreq_data_i (lreq_data), .lreq_slot_i (lreq_slot),
    .lreq_k_i (lreq_k), .lreq_ready_o (lreq_ready),
    .cd_we_o (cd_we), .cd_slot_o (cd_slot), .cd_k_o (cd_k), .cd_wdata_o (cd_wdata),
    .done_o (done), .done_slot_o (done_slot), .done_k_o (done_k),
    .tq_push_o (tq_push), .tq_head_valid_o (tq_hv), .tq_line_o (tq_line), .tq_we_o (tq_we),
    .tq_mask_o (tq_mask), .tq_data_o (tq_data), .tq_i_o (tq_i), .tq_pop_i (tq_pop),
    .tresp_valid_i (tresp_valid), .tresp_we_i (tresp_we), .tresp_i_i (tresp_i),
    .tresp_data_i (tresp_data), .tresp_ready_o (tresp_ready),
    .t_re_o (t_re), .t_raddr_o (t_raddr), .t_rdata_i (t_rdata), .t_we_o (t_we_dut),
    .t_waddr_o (t_waddr_dut), .t_wdata_o (t_wdata_dut), .r_re_o (r_re), .r_addr_o (r_addr_dut),
    .r_rdata_i (r_rdata), .r_we_o (r_we_d), .r_wdata_o (r_wdata_dut), .d_re_o (d_re),
    .d_raddr_o (d_raddr), .d_rdata_i (d_rdata), .d_we_o (d_we), .d_waddr_o (d_waddr),
    .d_wbe_o (d_wbe), .d_wdata_o (d_wdata),
    .tidle_o (tidle), .idle_o (idle), .mc_o (mc), .ev_hit_o (ev_hit),
    .ev_alias_wait_o (ev_alias), .ev_mshr_full_o (ev_full), .ev_hold_wait_o (ev_hold)
  );

  // StInit's role: clear every tagst and rr row (the walker's mux is the integration's)
  assign t_we    = init_mode ? '1 : t_we_dut;
  assign t_waddr = init_mode ? init_row : t_waddr_dut;
  assign t_wdata = init_mode ? '0 : t_wdata_dut;
  assign r_we    = init_mode ? '1 : r_we_d;
  assign r_addr  = init_mode ? init_row : r_addr_dut;
  assign r_wdata = init_mode ? '0 : r_wdata_dut;
  assign t_we_d  = '0;

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

  // ---- testbench state ---------------------------------------------------------------------
  // line requests to drive (the coalescer)
  logic [25:0]  q_line [NQ];
  logic         q_we [NQ];
  logic [63:0]  q_mask [NQ];
  logic [511:0] q_data [NQ];
  int           q_slot [NQ], q_k [NQ];
  int           n_q, q_i, hs_cyc [NQ], done_cyc [NQ], cdw_cyc [NQ];
  bit           q_done [NQ];
  // expected tq entries: pushes in order (index into q)
  int           push_cyc [NQ], n_push, pop_i;
  int           push_q [NQ];
  // TCC: auto grants a valid tq head when idle, answers after tcc_lat cycles
  bit           tcc_auto, tcc_busy;
  int           tcc_lat, tcc_at, tcc_q;
  logic [IW-1:0] tcc_i;
  logic         tcc_we;
  logic [25:0]  tcc_line;
  int           tresp_hs_cyc [NQ], n_tresp;
  // scripted TCC actions: grant (pop) and tresp start cycles, -1 none
  int           cyc, errs, n_pass, n_fail;
  int           c_hit, c_alias, c_full, c_hold, mc_max;
  bit           rnd_stall, drv_en;
  string        first_err;

  function automatic logic [511:0] linedata(input logic [25:0] l);
    for (int w = 0; w < 16; w++) linedata[32*w +: 32] = {l[21:0], w[3:0], 6'h2B};
  endfunction

  task automatic err(input string s);
    if (errs == 0) first_err = s;
    errs++;
  endtask

  task automatic add_req(input logic [25:0] l, input logic we, input logic [63:0] m,
                         input logic [511:0] d);
    q_line[n_q] = l; q_we[n_q] = we; q_mask[n_q] = we ? m : '0; q_data[n_q] = we ? d : '0;
    q_slot[n_q] = (n_q / CL) % CT; q_k[n_q] = n_q % CL; q_done[n_q] = 1'b0;
    hs_cyc[n_q] = -1; done_cyc[n_q] = -1; cdw_cyc[n_q] = -1;
    n_q++;
  endtask

  // the outstanding request with this (slot, k)
  function automatic int find_q(input int s, input int k);
    find_q = -1;
    for (int i = 0; i < q_i; i++) if (!q_done[i] && q_slot[i] == s && q_k[i] == k) find_q = i;
  endfunction

  task automatic step;
    int qi;
    // coalescer side
    if (drv_en && q_i < n_q) begin
      lreq_valid = 1'b1; lreq_line = q_line[q_i]; lreq_we = q_we[q_i];
      lreq_mask = q_mask[q_i]; lreq_data = q_data[q_i];
      lreq_slot = SlotW'(q_slot[q_i]); lreq_k = KW'(q_k[q_i]);
    end else begin
      lreq_valid = 1'b0; lreq_line = '0; lreq_we = 1'b0; lreq_mask = '0; lreq_data = '0;
      lreq_slot = '0; lreq_k = '0;
    end
    if (rnd_stall) begin
      stall_lreq = ($urandom % 4 == 0); stall_tresp = ($urandom % 4 == 0);
    end
    // TCC side: grant (pop) when idle, respond after tcc_lat
    tq_pop = 1'b0;
    tresp_valid = 1'b0; tresp_we = 1'b0; tresp_i = '0; tresp_data = '0;
    if (tcc_busy && cyc >= tcc_at) begin
      tresp_valid = 1'b1; tresp_we = tcc_we; tresp_i = tcc_i;
      tresp_data = tcc_we ? '0 : linedata(tcc_line);
    end
    if (tcc_auto && !tcc_busy && tq_hv) tq_pop = 1'b1;
    #4;
    // sample
    c_hit += ev_hit; c_alias += ev_alias; c_full += ev_full; c_hold += ev_hold;
    // v2 §2: data fields a state does not define are 0
    if (!cd_we && {cd_slot, cd_k, cd_wdata} !== '0) err("cdata fields not 0 without a write");
    if (!done && {done_slot, done_k} !== '0) err("done fields not 0 without done");
    if (32'(mc) > mc_max) mc_max = 32'(mc);
    if (lreq_valid && lreq_ready) begin
      hs_cyc[q_i] = cyc;
      q_i++;
    end
    if (tq_push) begin
      push_cyc[n_push] = cyc;
      n_push++;
    end
    if (tq_pop) begin
      // the popped entry: the oldest pushed; compare with its request
      qi = -1;
      for (int i = 0; i < q_i; i++) if (!q_done[i] && q_line[i] == tq_line && qi < 0 &&
                                        q_we[i] == tq_we && hs_cyc[i] >= 0) qi = i;
      if (qi < 0) err($sformatf("tq entry %h we %0d matches no request", tq_line, tq_we));
      else if (tq_mask !== q_mask[qi] || tq_data !== q_data[qi])
        err($sformatf("tq entry %h: mask / data differ from the request", tq_line));
      push_q[pop_i] = qi; pop_i++;
      tcc_busy = 1'b1; tcc_at = cyc + tcc_lat; tcc_i = tq_i; tcc_we = tq_we;
      tcc_line = tq_line; tcc_q = qi;
    end
    if (tresp_valid && tresp_ready) begin
      tresp_hs_cyc[n_tresp] = cyc; n_tresp++;
      tcc_busy = 1'b0;
    end
    if (cd_we) begin
      qi = find_q(cd_slot, cd_k);
      if (qi < 0) err($sformatf("cdata write to (%0d, %0d) of no request", cd_slot, cd_k));
      else begin
        if (q_we[qi]) err("cdata write for a store");
        if (cd_wdata !== linedata(q_line[qi]))
          err($sformatf("cdata write of line %h: wrong data (cycle %0d)", q_line[qi], cyc));
        cdw_cyc[qi] = cyc;
      end
    end
    if (done) begin
      qi = find_q(done_slot, done_k);
      if (qi < 0) err($sformatf("done (%0d, %0d) of no request, cycle %0d", done_slot, done_k,
                                cyc));
      else begin
        if (!q_we[qi] && !cd_we) err("load done without its cdata write");
        if (cd_we && (cd_slot != done_slot || cd_k != done_k)) err("cdata / done differ");
        done_cyc[qi] = cyc; q_done[qi] = 1'b1;
      end
    end
    @(posedge clk); #1;
    cyc++;
  endtask

  task automatic start_test;
    rst_n = 1'b0;
    n_q = 0; q_i = 0; n_push = 0; pop_i = 0; n_tresp = 0; errs = 0; first_err = "";
    c_hit = 0; c_alias = 0; c_full = 0; c_hold = 0; mc_max = 0;
    tcc_auto = 1'b1; tcc_busy = 1'b0; tcc_lat = 3; rnd_stall = 1'b0; drv_en = 1'b1;
    tcp_hold = 1'b0; stall_lreq = 1'b0; stall_tresp = 1'b0;
    lreq_valid = 0; tq_pop = 0; tresp_valid = 0;
    // clear the array's valid bits (StInit)
    init_mode = 1'b1;
    for (int r = 0; r < Rows; r++) begin init_row = RowW'(r); @(posedge clk); end
    #1 init_mode = 1'b0;
    rst_n = 1'b1;
    cyc = 0;
  endtask

  function automatic int n_open;
    n_open = 0;
    for (int i = 0; i < n_q; i++) if (!q_done[i]) n_open++;
  endfunction

  task automatic run_done(input int limit);
    int n;
    n = 0;
    while (n < limit && n_open() != 0) begin step(); n++; end
    if (n_open() != 0) err($sformatf("%0d requests not done", n_open()));
  endtask

  task automatic end_test(input string name);
    if (errs == 0) begin
      $display("PASS %s", name); n_pass++;
    end else begin
      $display("FAIL %s: %s (%0d errors)", name, first_err, errs); n_fail++;
    end
  endtask

  // ---- tests --------------------------------------------------------------------------------
  // lines of one bank / row: set s, tag t -> line t * Sets + s
  function automatic logic [25:0] ln(input int t, input int s);
    ln = 26'(t * Sets + s);
  endfunction

  // §12's TCP column: Y hits (installed by a first load), X misses, Z (a store) misses.
  // With a = the X handshake: push at a + RdN + 2; Y handshake at a + RdN + 3, TDt at
  // a + 2 RdN + 6; the TCC answers X from that cycle (ready 0 in TDt): handshake + 1, TFAc at
  // + RdN + 2 with the X line in cdata; Z's handshake the cycle after; its push RdN + 2 later
  // with MSHR 0 again; its ack gives done(1, 0) in the handshake cycle. (gem5: a = 67 gives
  // 73, 74, 81, 82, 88, 89, 95 as §12.)
  task automatic t_worked_example;
    int a, tdt, f, tfac, zhs, base;
    logic [25:0] lx, ly, lz;
    start_test();
    lx = ln(5, 2); ly = ln(5, 3); lz = ln(9, 1);
    // install Y first (a load miss and its fill)
    add_req(ly, 1'b0, '0, '0);
    tcc_lat = 2;
    run_done(200);
    repeat (3) step();
    if (c_hit != 0) err("Y hit before it was installed");
    base = n_q;
    n_push = 0; n_tresp = 0;
    // the example: X (slot 0 k 1 here: any), Y, then Z once X is done
    add_req(lx, 1'b0, '0, '0);
    add_req(ly, 1'b0, '0, '0);
    tcc_auto = 1'b0;
    // step until X's handshake
    while (hs_cyc[base] < 0 && cyc < 1000) step();
    a = hs_cyc[base];
    tdt = a + 2 * RdN + 6;
    while (cyc < tdt - 1) step();
    if (push_cyc[0] != a + RdN + 2) err($sformatf("X pushed in %0d, exp %0d", push_cyc[0],
                                                  a + RdN + 2));
    if (hs_cyc[base + 1] != a + RdN + 3) err($sformatf("Y handshake in %0d, exp %0d",
                                                       hs_cyc[base + 1], a + RdN + 3));
    // the TCC grants X in tdt - 1 and answers from tdt, while the TCP is in TDt (ready 0)
    tcc_auto = 1'b1; tcc_lat = 0;
    step();                                  // tdt - 1: grant (pop)
    step();                                  // tdt: Y's TDt; tresp valid, not ready
    if (cdw_cyc[base + 1] != tdt || done_cyc[base + 1] != tdt)
      err($sformatf("Y TDt in %0d, exp %0d", cdw_cyc[base + 1], tdt));
    if (c_hit != 1) err($sformatf("tcp_hits %0d, exp 1", c_hit));
    // Z arrives now (slot 1 k 0 in the example; here the next (slot, k))
    add_req(lz, 1'b1, '1, {16{32'hC0DE_5A5A}});
    zhs = -1;
    for (int n = 0; n < 40; n++) step();
    f = tresp_hs_cyc[0];
    tfac = f + RdN + 2;
    if (f != tdt + 1) err($sformatf("X's tresp handshake in %0d, exp %0d", f, tdt + 1));
    if (cdw_cyc[base] != tfac || done_cyc[base] != tfac)
      err($sformatf("X TFAc in %0d, exp %0d", cdw_cyc[base], tfac));
    zhs = hs_cyc[base + 2];
    if (zhs != tfac + 1) err($sformatf("Z handshake in %0d, exp %0d", zhs, tfac + 1));
    if (push_cyc[1] != zhs + RdN + 2) err($sformatf("Z pushed in %0d, exp %0d", push_cyc[1],
                                                    zhs + RdN + 2));
    if (!q_done[base + 2] || done_cyc[base + 2] != tresp_hs_cyc[1])
      err("Z's done is not in its ack's handshake cycle");
    if (c_hit != 1) err($sformatf("tcp_hits %0d, exp 1", c_hit));
    if (!idle) err("TCP not idle at the end");
    end_test("worked_example_s12_tcp");
  endtask

  // D7: at most M MSHRs; the next request waits, tcp_mshr_full counts its TIdle cycles
  task automatic t_mshr_limit;
    int a, b, exp_full;
    start_test();
    tcc_auto = 1'b0;
    for (int i = 0; i <= M; i++) add_req(26'(1000 + i), 1'b0, '0, '0);
    while (n_push < M && cyc < 100000) step();
    a = cyc;                                 // cycle after the M-th TAc: TIdle, mc = M
    repeat (10) step();
    if (q_i != M) err($sformatf("%0d requests taken, exp %0d", q_i, M));
    if (lreq_ready || 32'(mc) != M) err("ready with every MSHR in use");
    // answer the first: TIdle handshake in b, TFAc b + RdN + 2, the request taken after it
    tcc_auto = 1'b1; tcc_lat = 0;
    while (n_tresp == 0 && cyc < 100000) step();
    tcc_auto = 1'b0;                         // only this one (a tresp goes before an lreq)
    b = tresp_hs_cyc[0];
    while (q_i == M && cyc < 100000) step();
    if (hs_cyc[M] != b + RdN + 3) err($sformatf("request %0d taken in %0d, exp %0d", M,
                                                hs_cyc[M], b + RdN + 3));
    exp_full = b - a + 1;
    if (c_full != exp_full) err($sformatf("tcp_mshr_full %0d, exp %0d", c_full, exp_full));
    if (mc_max != M) err($sformatf("mshr max %0d, exp %0d", mc_max, M));
    tcc_auto = 1'b1;
    run_done(100000);
    end_test("mshr_limit_counted");
  endtask

  // D6: a request to a line an MSHR holds waits (counted) until the MSHR frees, then looks up:
  // after a load fill it hits; after a store (write-through, line left invalid) it misses
  task automatic t_alias;
    int a, f, n_alias;
    start_test();
    tcc_auto = 1'b0;
    add_req(ln(3, 1), 1'b0, '0, '0);         // B: miss
    add_req(ln(3, 1), 1'b0, '0, '0);         // B again: alias
    while (n_push < 1) step();
    a = cyc;
    repeat (7) step();
    tcc_auto = 1'b1; tcc_lat = 0;
    while (n_tresp == 0) step();
    f = tresp_hs_cyc[0];
    run_done(500);
    n_alias = f - a + 1;
    if (c_alias != n_alias) err($sformatf("tcp_alias_waits %0d, exp %0d", c_alias, n_alias));
    if (hs_cyc[1] != f + RdN + 3) err($sformatf("alias request taken in %0d, exp %0d",
                                                hs_cyc[1], f + RdN + 3));
    if (c_hit != 1 || n_push != 1) err($sformatf("second request: hits %0d pushes %0d, exp 1 1",
                                                 c_hit, n_push));
    // a store to a line, a load of it behind: waits for the ack, then misses (D8)
    add_req(ln(4, 1), 1'b1, 64'h0F, {16{32'h1234_5678}});
    add_req(ln(4, 1), 1'b0, '0, '0);
    run_done(500);
    if (c_hit != 1 || n_push != 3) err($sformatf("store, load: hits %0d pushes %0d, exp 1 3",
                                                 c_hit, n_push));
    if (c_alias <= n_alias) err("the load behind the store did not wait");
    end_test("alias_wait_counted");
  endtask

  // D8 and the victim rule: a store to a valid line invalidates it; Ways + 1 lines of one set:
  // the first Ways take the invalid ways, the next evicts way rr (= 0: line 0); then line 0
  // misses and line 1 hits
  task automatic t_store_inval_victims;
    int h0;
    start_test();
    add_req(ln(1, 2), 1'b0, '0, '0);         // miss, fill
    add_req(ln(1, 2), 1'b0, '0, '0);         // hit
    add_req(ln(1, 2), 1'b1, 64'hF0, {16{32'hAAAA_5555}});   // store hit: invalidate
    add_req(ln(1, 2), 1'b0, '0, '0);         // miss
    run_done(2000);
    if (c_hit != 1 || n_push != 3) err($sformatf("store-hit: hits %0d pushes %0d, exp 1 3",
                                                 c_hit, n_push));
    h0 = c_hit;
    // set 3: Ways + 1 distinct lines, then line 1 (still there) and line 0 (evicted)
    for (int t = 0; t <= Ways; t++) add_req(ln(10 + t, 3), 1'b0, '0, '0);
    add_req(ln(11, 3), 1'b0, '0, '0);        // way 1: hit
    add_req(ln(10, 3), 1'b0, '0, '0);        // evicted (way 0): miss
    run_done(20000);
    if (c_hit != h0 + 1) err($sformatf("victims: hits %0d, exp %0d", c_hit - h0, 1));
    if (n_push != 3 + Ways + 2) err($sformatf("victims: pushes %0d, exp %0d", n_push,
                                              3 + Ways + 2));
    end_test("store_invalidates_and_victims");
  endtask

  // tresp before lreq; tcp_hold and stall[10] hold lreq_ready (hold counted); stall[11]
  // holds tresp_ready
  task automatic t_hold_stall_priority;
    int c0;
    start_test();
    tcc_auto = 1'b0;
    add_req(ln(2, 0), 1'b0, '0, '0);
    while (n_push < 1) step();
    add_req(ln(2, 1), 1'b0, '0, '0);         // waits behind the hold
    tcp_hold = 1'b1;
    c0 = cyc;
    repeat (6) step();
    if (q_i != 1) err("request taken under tcp_hold");
    if (c_hold != 6) err($sformatf("tcp_hold_waits %0d, exp 6", c_hold));
    tcp_hold = 1'b0; stall_lreq = 1'b1; stall_tresp = 1'b1;
    tcc_auto = 1'b1; tcc_lat = 0;
    repeat (5) step();
    if (q_i != 1 || n_tresp != 0) err("handshake under stall[10] / stall[11]");
    if (lreq_ready || tresp_ready) err("readies not held by the stalls");
    stall_tresp = 1'b0; stall_lreq = 1'b0;
    step();                                  // tresp and lreq both valid: tresp first
    if (n_tresp != 1 || q_i != 1) err("tresp not served before lreq");
    run_done(500);
    end_test("hold_stall_tresp_first");
  endtask

  // random mixed requests on few lines, random stalls, TCC latency: every load gets its line,
  // every store its ack; the cells' and the block's assertions watch the rest
  task automatic t_random;
    start_test();
    rnd_stall = 1'b1; tcc_lat = 4;
    for (int i = 0; i < 400; i++) begin
      logic we;
      we = ($urandom % 3 == 0);
      add_req(ln($urandom % 6, $urandom % 4), we, {$urandom, $urandom},
              {16{$urandom}});
    end
    run_done(100000);
    if (!idle) err("not idle at the end");
    end_test("random_requests");
  endtask

  // reset in the middle: TCP idle, MSHRs free, tq empty, readies back (§8 item 8)
  task automatic t_reset;
    start_test();
    tcc_auto = 1'b0;
    for (int i = 0; i < 3; i++) add_req(ln(7, i), 1'b0, '0, '0);
    while (n_push < 2) step();
    step();
    rst_n = 1'b0; #1;
    if (!idle || mc !== '0 || tq_hv || !tresp_ready || !lreq_ready)
      err("state after reset: idle, mc 0, tq empty, readies 1 expected");
    rst_n = 1'b1;
    end_test("reset_mid_lookup");
  endtask

  initial begin
    n_pass = 0; n_fail = 0;
    t_worked_example();
    t_mshr_limit();
    t_alias();
    t_store_inval_victims();
    t_hold_stall_priority();
    t_random();
    t_reset();
    $display("%0d passed, %0d failed", n_pass, n_fail);
    if (n_fail != 0) $fatal(1, "tb_gpu_tcp: failures");
    $finish;
  end

  initial begin
    #200_000_000;
    $display("FAIL timeout");
    $display("%0d passed, %0d failed", n_pass, n_fail + 1);
    $fatal(1, "timeout");
  end
endmodule : tb_gpu_tcp

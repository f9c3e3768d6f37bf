// Directed self-checking testbench of gpu_coalescer (ARCHITECTURE_v3_gpu_frontend.md §4, §12).
// The testbench plays the CU port and the TCP (lreq_ready, cdata writes, done pulses). Every
// expected value comes from the contract text: the line requests of an instruction are its
// distinct lines in first-lane order with the OR of the lanes' byte enables and the merged
// store bytes (D2, D3, §4.2-§4.3), the lane op that fills the line table (CL lines) or the
// wave_size-th lane op closes its slot, a close without `last` is a split (§4.2, 2026-11-29),
// port_req_ready is Moore (§8 item 7: neither valid nor the lane op's fields change it),
// responses come in lane order with the word of the line the TCP wrote (§4.4), and the cycle
// numbers of the worked example §12 (scripted TCP of its table).
// Build: -DFPGA selects the fpga parameters (CoalTokens 2, CoalLines 8), else gem5 (4, 64).
`timescale 1ns/1ps
module tb_gpu_coalescer;
`ifdef FPGA
  localparam int CT = 2;
  localparam int CL = 8;
`else
  localparam int CT = 4;
  localparam int CL = 64;
`endif
  localparam int WS = 64;
  localparam int SlotW = (CT > 1) ? $clog2(CT) : 1;
  localparam int KW = (CL > 1) ? $clog2(CL) : 1;
  localparam int NOPS = 1024;

  logic clk = 1'b0, rst_n = 1'b0;
  always #5 clk = ~clk;

  logic                    port_req_valid, port_req_we, port_req_last, port_req_ready;
  logic [31:0]             port_req_addr, port_req_wdata;
  logic [3:0]              port_req_wstrb;
  logic                    port_resp_valid, port_resp_ready;
  logic [31:0]             port_resp_rdata;
  logic                    lreq_valid, lreq_we, lreq_ready;
  logic [25:0]             lreq_line;
  logic [63:0]             lreq_mask;
  logic [511:0]            lreq_data;
  logic [SlotW-1:0]        lreq_slot;
  logic [KW-1:0]           lreq_k;
  logic                    cd_we, done;
  logic [SlotW-1:0]        cd_slot, done_slot;
  logic [KW-1:0]           cd_k;
  logic [511:0]            cd_wdata;
  logic                    ev_inst, ev_lane, ev_lreq, ev_split;

  gpu_coalescer #(
    .WaveSize   (WS),
    .CoalTokens (CT),
    .CoalLines  (CL)
  ) dut (
    .clk_i             (clk),
    .rst_ni            (rst_n),
    .init_i            (1'b0),
    .port_req_valid_i  (port_req_valid),
    .port_req_we_i     (port_req_we),
    .port_req_addr_i   (port_req_addr),
    .port_req_wdata_i  (port_req_wdata),
    .port_req_wstrb_i  (port_req_wstrb),
    .port_req_last_i   (port_req_last),
    .port_req_ready_o  (port_req_ready),
    .port_resp_valid_o (port_resp_valid),
    .port_resp_rdata_o (port_resp_rdata),
    .port_resp_ready_i (port_resp_ready),
    .lreq_valid_o      (lreq_valid),
    .lreq_line_o       (lreq_line),
    .lreq_we_o         (lreq_we),
    .lreq_mask_o       (lreq_mask),
    .lreq_data_o       (lreq_data),
    .lreq_slot_o       (lreq_slot),
    .lreq_k_o          (lreq_k),
    .lreq_ready_i      (lreq_ready),
    .cd_we_i           (cd_we),
    .cd_slot_i         (cd_slot),
    .cd_k_i            (cd_k),
    .cd_wdata_i        (cd_wdata),
    .done_i            (done),
    .done_slot_i       (done_slot),
    .ev_inst_o         (ev_inst),
    .ev_lane_op_o      (ev_lane),
    .ev_line_req_o     (ev_lreq),
    .ev_split_o        (ev_split)
  );

  // ---- stimulus and expectations --------------------------------------------------------------
  logic        op_we [NOPS];
  logic [31:0] op_addr [NOPS], op_wdata [NOPS];
  logic [3:0]  op_wstrb [NOPS];
  logic        op_last [NOPS];
  int          n_ops, drv_i;
  logic [31:0] exp_resp [NOPS];
  int          rs_i;
  // expected line requests
  logic [25:0]  el_line [NOPS];
  logic         el_we [NOPS];
  logic [63:0]  el_mask [NOPS];
  logic [511:0] el_data [NOPS];
  int           el_slot [NOPS], el_k [NOPS];
  int           n_el, lr_i, exp_splits, exp_insts;
  // cycle stamps
  int           lreq_cyc [NOPS], resp_cyc [NOPS], first_lreq_valid_cyc;
  // TCP model: pending line requests
  int           pd_slot [NOPS], pd_k [NOPS], pd_cyc [NOPS];
  logic         pd_we [NOPS];
  logic [25:0]  pd_line [NOPS];
  int           n_pd;
  // controls
  int           cyc;
  bit           drv_en, tcp_auto, rnd_lreq, rnd_resp, rnd_pick;
  int           rsp_delay;
  bit           lreq_rdy_fix;
  // scripted TCP (worked example): ready per cycle and cdata / done events
  bit           scripted;
  // counters and errors
  int           c_inst, c_lane, c_lreq, c_split, c_wr_block, c_yield, errs, n_pass, n_fail;
  logic         rdy_log [NOPS];
  string        first_err;

  function automatic logic [511:0] linedata(input logic [25:0] l);
    for (int w = 0; w < 16; w++) linedata[32*w +: 32] = {l[19:0], w[3:0], 8'hA5};
  endfunction

  task automatic err(input string s);
    if (errs == 0) first_err = s;
    errs++;
  endtask

  task automatic add_op(input logic we, input logic [31:0] a, input logic [31:0] d,
                        input logic [3:0] s, input logic last);
    op_we[n_ops] = we; op_addr[n_ops] = a; op_wdata[n_ops] = d; op_wstrb[n_ops] = s;
    op_last[n_ops] = last;
    n_ops++;
  endtask

  // The expected line requests from the contract (§4.2): per instruction, pieces of at most CL
  // distinct lines and WS lanes; a piece closes at the lane op of its CL-th line, its WS-th
  // lane op or the instruction's last (a close without last is a split), and takes the slot
  // after the previous piece's. A lane op after a split starts a new piece even if its line is
  // one of the closed piece's (that line is requested by both pieces).
  task automatic build_expected;
    int piece, p_lanes, p_first, i, j, found;
    logic p_we;
    logic [511:0] ld;
    piece = 0; n_el = 0; exp_splits = 0; exp_insts = 0; p_lanes = 0; p_first = 0; p_we = 0;
    for (i = 0; i < n_ops; i++) begin
      if (p_lanes == 0) begin p_first = n_el; p_we = op_we[i]; end
      found = -1;
      for (j = p_first; j < n_el; j++) if (el_line[j] == op_addr[i][31:6]) found = j;
      if (found < 0) begin
        found = n_el;
        el_line[n_el] = op_addr[i][31:6]; el_we[n_el] = p_we; el_mask[n_el] = '0;
        el_data[n_el] = '0; el_slot[n_el] = piece % CT; el_k[n_el] = n_el - p_first;
        n_el++;
      end
      if (p_we) begin
        for (int b = 0; b < 4; b++) begin
          if (op_wstrb[i][b]) begin
            el_mask[found][op_addr[i][5:2]*4 + b] = 1'b1;
            el_data[found][(op_addr[i][5:2]*4 + b)*8 +: 8] = op_wdata[i][8*b +: 8];
          end
        end
        exp_resp[i] = 0;
      end else begin
        ld = linedata(op_addr[i][31:6]);
        exp_resp[i] = ld[32*op_addr[i][5:2] +: 32];
      end
      p_lanes++;
      if (op_last[i]) exp_insts++;
      if (op_last[i] || p_lanes == WS || n_el - p_first == CL) begin
        if (!op_last[i]) exp_splits++;
        piece++; p_lanes = 0;
      end
    end
  endtask

  function automatic bit masked_eq(input logic [511:0] a, input logic [511:0] b,
                                   input logic [63:0] m);
    masked_eq = 1'b1;
    for (int i = 0; i < 64; i++) if (m[i] && a[8*i +: 8] !== b[8*i +: 8]) masked_eq = 1'b0;
  endfunction

  // scripted TCP of §12: lreq_ready and the cdata / done events per cycle
  function automatic bit script_ready(input int c);
    script_ready = (c <= 67) || (c == 74) || (c == 89) || (c >= 96);
  endfunction

  int rsp_pick;  // pending index answered this cycle, -1 none

  // one cycle: drive inputs (just after the edge), settle, sample, then the edge
  task automatic step;
    logic        m_rdy, m_v, m_we, m_last;
    logic [31:0] m_addr, m_wdata;
    logic [3:0]  m_wstrb;
    // port
    if (drv_en && drv_i < n_ops) begin
      port_req_valid = 1'b1; port_req_we = op_we[drv_i]; port_req_addr = op_addr[drv_i];
      port_req_wdata = op_wdata[drv_i]; port_req_wstrb = op_wstrb[drv_i];
      port_req_last = op_last[drv_i];
    end else begin
      port_req_valid = 1'b0; port_req_we = 1'b0; port_req_addr = '0; port_req_wdata = '0;
      port_req_wstrb = '0; port_req_last = 1'b0;
    end
    port_resp_ready = rnd_resp ? 1'($urandom % 2) : 1'b1;
    // TCP
    cd_we = 1'b0; cd_slot = '0; cd_k = '0; cd_wdata = '0; done = 1'b0; done_slot = '0;
    rsp_pick = -1;
    if (scripted) begin
      lreq_ready = script_ready(cyc);
      if (cyc == 81 || cyc == 88 || cyc == 103) begin
        for (int i = 0; i < n_pd; i++) begin
          if ((cyc == 81 && pd_k[i] == 1 && pd_slot[i] == 0) ||
              (cyc == 88 && pd_k[i] == 0 && pd_slot[i] == 0) ||
              (cyc == 103 && pd_slot[i] == 1)) rsp_pick = i;
        end
        if (rsp_pick < 0) err($sformatf("scripted TCP: nothing pending at cycle %0d", cyc));
      end
    end else begin
      lreq_ready = rnd_lreq ? 1'($urandom % 2) : lreq_rdy_fix;
      if (tcp_auto) begin
        for (int i = n_pd - 1; i >= 0; i--) begin
          if (cyc - pd_cyc[i] >= rsp_delay && (rsp_pick < 0 || !rnd_pick || $urandom % 2))
            rsp_pick = i;
        end
      end
    end
    if (rsp_pick >= 0) begin
      done = 1'b1; done_slot = SlotW'(pd_slot[rsp_pick]);
      if (!pd_we[rsp_pick]) begin
        cd_we = 1'b1; cd_slot = SlotW'(pd_slot[rsp_pick]); cd_k = KW'(pd_k[rsp_pick]);
        cd_wdata = linedata(pd_line[rsp_pick]);
      end
    end
    #4;
    // §4.2 / §8 item 7: port_req_ready is a function of state (and tcp_wr): the port's own
    // inputs of the cycle (valid, the lane op's line and fields) do not change it
    m_rdy = port_req_ready; m_v = port_req_valid; m_we = port_req_we; m_last = port_req_last;
    m_addr = port_req_addr; m_wdata = port_req_wdata; m_wstrb = port_req_wstrb;
    port_req_valid = !m_v; port_req_we = !m_we; port_req_last = !m_last;
    port_req_addr = ~m_addr; port_req_wdata = ~m_wdata; port_req_wstrb = ~m_wstrb;
    #1;
    if (port_req_ready !== m_rdy)
      err($sformatf("port_req_ready changed with the port's inputs (Mealy), cycle %0d", cyc));
    port_req_valid = m_v; port_req_we = m_we; port_req_last = m_last;
    port_req_addr = m_addr; port_req_wdata = m_wdata; port_req_wstrb = m_wstrb;
    #1;
    // sample this cycle's handshakes
    if (lreq_valid && first_lreq_valid_cyc < 0) first_lreq_valid_cyc = cyc;
    if (cyc < NOPS) rdy_log[cyc] = port_req_ready;
    if (cd_we && port_req_valid) c_wr_block++;
    if (cd_we && port_req_ready) err($sformatf("port_req_ready = 1 with tcp_wr, cycle %0d", cyc));
    // v2 §2: data fields a state does not define are 0
    if (!port_resp_valid && port_resp_rdata !== '0) err("port_resp_rdata not 0 while not valid");
    if (!lreq_valid && {lreq_line, lreq_we, lreq_mask, lreq_data, lreq_slot, lreq_k} !== '0)
      err("lreq fields not 0 while not valid");
    if (port_req_valid && port_req_ready) drv_i++;
    if (lreq_valid && lreq_ready) begin
      if (lr_i >= n_el) begin
        err($sformatf("unexpected line request %h at cycle %0d", lreq_line, cyc));
      end else begin
        if (lreq_line !== el_line[lr_i] || lreq_we !== el_we[lr_i] ||
            lreq_mask !== el_mask[lr_i] || 32'(lreq_slot) != el_slot[lr_i] ||
            32'(lreq_k) != el_k[lr_i])
          err($sformatf("lreq %0d: line %h we %0d mask %h slot %0d k %0d, exp %h %0d %h %0d %0d",
                        lr_i, lreq_line, lreq_we, lreq_mask, lreq_slot, lreq_k, el_line[lr_i],
                        el_we[lr_i], el_mask[lr_i], el_slot[lr_i], el_k[lr_i]));
        if (el_we[lr_i] ? !masked_eq(lreq_data, el_data[lr_i], el_mask[lr_i])
                        : (lreq_data !== '0))
          err($sformatf("lreq %0d: data differs in the mask's bytes", lr_i));
        lreq_cyc[lr_i] = cyc;
        lr_i++;
      end
      pd_slot[n_pd] = lreq_slot; pd_k[n_pd] = lreq_k; pd_we[n_pd] = lreq_we;
      pd_line[n_pd] = lreq_line; pd_cyc[n_pd] = cyc; n_pd++;
    end
    if (rsp_pick >= 0) begin
      for (int i = rsp_pick; i < n_pd - 1; i++) begin
        pd_slot[i] = pd_slot[i+1]; pd_k[i] = pd_k[i+1]; pd_we[i] = pd_we[i+1];
        pd_line[i] = pd_line[i+1]; pd_cyc[i] = pd_cyc[i+1];
      end
      n_pd--;
    end
    if (port_resp_valid && port_resp_ready) begin
      if (rs_i >= n_ops) err($sformatf("unexpected response at cycle %0d", cyc));
      else begin
        if (port_resp_rdata !== exp_resp[rs_i])
          err($sformatf("response %0d: got %h exp %h (cycle %0d)", rs_i, port_resp_rdata,
                        exp_resp[rs_i], cyc));
        resp_cyc[rs_i] = cyc;
        rs_i++;
      end
    end
    c_inst += ev_inst; c_lane += ev_lane; c_lreq += ev_lreq; c_split += ev_split;
    // coverage (white box): the issue of a store slot yields cdata's read port to the scatter
    if (dut.ist_q == 2'd1 && dut.we_q[dut.ip_q] && (dut.sb_rd || dut.sc_keep)) c_yield++;
    @(posedge clk); #1;
    cyc++;
  endtask

  task automatic start_test;
    rst_n = 1'b0;
    n_ops = 0; drv_i = 0; rs_i = 0; n_el = 0; lr_i = 0; n_pd = 0; errs = 0; first_err = "";
    c_inst = 0; c_lane = 0; c_lreq = 0; c_split = 0; c_wr_block = 0; c_yield = 0;
    first_lreq_valid_cyc = -1;
    drv_en = 1'b1; tcp_auto = 1'b1; rnd_lreq = 1'b0; rnd_resp = 1'b0; rnd_pick = 1'b0;
    rsp_delay = 3; lreq_rdy_fix = 1'b1; scripted = 1'b0;
    port_req_valid = 0; port_req_we = 0; port_req_addr = 0; port_req_wdata = 0;
    port_req_wstrb = 0; port_req_last = 0; port_resp_ready = 1; lreq_ready = 0;
    cd_we = 0; cd_slot = 0; cd_k = 0; cd_wdata = 0; done = 0; done_slot = 0;
    repeat (2) @(posedge clk);
    #1 rst_n = 1'b1;
    cyc = 0;
  endtask

  // run until every response is in (or a limit), then check the totals
  task automatic run_all(input int limit);
    int n;
    n = 0;
    while (rs_i < n_ops && n < limit) begin step(); n++; end
    repeat (5) step();
    if (rs_i != n_ops) err($sformatf("only %0d of %0d responses", rs_i, n_ops));
    if (lr_i != n_el) err($sformatf("only %0d of %0d line requests", lr_i, n_el));
  endtask

  task automatic check_totals;
    if (c_lane != n_ops) err($sformatf("gpu_lane_ops %0d, exp %0d", c_lane, n_ops));
    if (c_inst != exp_insts) err($sformatf("gpu_insts %0d, exp %0d", c_inst, exp_insts));
    if (c_lreq != n_el) err($sformatf("gpu_line_reqs %0d, exp %0d", c_lreq, n_el));
    if (c_split != exp_splits) err($sformatf("coal_splits %0d, exp %0d", c_split, exp_splits));
  endtask

  task automatic end_test(input string name);
    if (errs == 0) begin
      $display("PASS %s", name); n_pass++;
    end else begin
      $display("FAIL %s: %s (%0d errors)", name, first_err, errs); n_fail++;
    end
  endtask

  // ---- tests --------------------------------------------------------------------------------
  localparam logic [25:0] LX = 26'h0001000, LY = 26'h0001001, LZ = 26'h0002004;

  // §12 with its TCP scripted as in the table: lreq handshakes at 67 / 74 / 89, ready 0 in 81
  // (tcp_wr), slot 0 answers from 92 (lane 63 at 155), the store's lanes at 158..173.
  task automatic t_worked_example;
    start_test();
    for (int l = 0; l < 64; l++)
      add_op(1'b0, {(l < 32) ? LX : LY, 6'(4 * (l % 16))}, 32'h0, 4'h0, l == 63);
    for (int l = 0; l < 16; l++)
      add_op(1'b1, {LZ, 6'(4 * l)}, 32'hC0DE_0000 + l, 4'hF, l == 15);
    build_expected();
    scripted = 1'b1;
    while (cyc < 200) step();
    // cycle 81: the TCP writes cdata (TDt): port_req_ready = 0 (§12); 80: 1 (slot 2 free;
    // with CT = 2 slot 0, the tail again, is still SWait: 0)
    if (rdy_log[80] !== (CT > 2) || rdy_log[81] !== 1'b0)
      err($sformatf("port_req_ready %0d in 80, %0d in 81, exp 1, 0", rdy_log[80], rdy_log[81]));
    if (first_lreq_valid_cyc != 67) err($sformatf("first lreq_valid in %0d, exp 67",
                                                   first_lreq_valid_cyc));
    if (lreq_cyc[0] != 67 || lreq_cyc[1] != 74 || lreq_cyc[2] != 89)
      err($sformatf("lreq handshakes in %0d %0d %0d, exp 67 74 89", lreq_cyc[0], lreq_cyc[1],
                    lreq_cyc[2]));
    if (el_mask[2] != '1) err("Z's mask is not all 64 bytes");
    if (rs_i != 80) err($sformatf("%0d responses, exp 80", rs_i));
    else begin
      if (resp_cyc[0] != 92 || resp_cyc[63] != 155 || resp_cyc[64] != 158 || resp_cyc[79] != 173)
        err($sformatf("responses in %0d %0d %0d %0d, exp 92 155 158 173", resp_cyc[0],
                      resp_cyc[63], resp_cyc[64], resp_cyc[79]));
    end
    check_totals();
    if (c_inst != 2 || c_lane != 80 || c_lreq != 3) err("totals of §12 differ");
    end_test("worked_example_s12");
  endtask

  // port_req_ready is 0 in the cycle of a TCP cdata write (TDt / TFAc), checked inside step()
  // for every test; here explicitly: §12 cycle 81
  task automatic t_tcp_wr_holds;
    start_test();
    // one load instruction (2 lines), then a store instruction whose lanes are driven all along
    add_op(1'b0, {LX, 6'd0}, 0, 0, 1'b0);
    add_op(1'b0, {LY, 6'd4}, 0, 0, 1'b1);
    for (int l = 0; l < 40; l++) add_op(1'b1, {LZ, 6'(4 * (l % 16))}, l, 4'h1, l == 39);
    build_expected();
    rsp_delay = 5;
    run_all(400);
    if (c_wr_block == 0) err("no TCP cdata write met a waiting lane op");
    check_totals();
    end_test("tcp_wr_holds_collect");
  endtask

  // D2 / D3: one request per line in first-lane order, mask = OR of the lanes' byte enables,
  // later lanes' bytes win; issue 3 cycles apart with the TCP always ready
  task automatic t_or_masks;
    start_test();
    add_op(1'b1, {26'h10, 6'd0},  32'h1111_1111, 4'h1, 0);   // A w0 b0
    add_op(1'b1, {26'h20, 6'd12}, 32'h2222_2222, 4'h2, 0);   // B w3 b1
    add_op(1'b1, {26'h10, 6'd0},  32'h3333_3333, 4'h4, 0);   // A w0 b2
    add_op(1'b1, {26'h30, 6'd60}, 32'h4444_4444, 4'hF, 0);   // C w15
    add_op(1'b1, {26'h20, 6'd12}, 32'h5555_5555, 4'hA, 0);   // B w3 b1, b3 (b1 rewritten)
    add_op(1'b1, {26'h10, 6'd4},  32'h6666_6666, 4'h3, 0);   // A w1 b0, b1
    add_op(1'b1, {26'h10, 6'd0},  32'h7777_7777, 4'h0, 1);   // A w0 nothing
    build_expected();
    if (n_el != 3 || el_mask[0] != 64'h35 || el_mask[1] != 64'hA000 ||
        el_mask[2] != 64'hF000_0000_0000_0000) err("testbench expectation broken");
    run_all(200);
    // the slot is SIss at the edge of cycle 6 -> lreqs at 10, 13, 16 (§4.3)
    if (lreq_cyc[0] != 10 || lreq_cyc[1] != 13 || lreq_cyc[2] != 16)
      err($sformatf("lreq cycles %0d %0d %0d, exp 10 13 16", lreq_cyc[0], lreq_cyc[1],
                    lreq_cyc[2]));
    check_totals();
    end_test("coalesce_first_lane_order_or_mask");
  endtask

  // D4: CT instructions in flight; the next lane op waits for a free slot
  task automatic t_tokens;
    int acc_at_60;
    start_test();
    for (int j = 0; j < CT + 2; j++) begin
      add_op(1'b0, {26'h100 + 26'(2 * j), 6'd0}, 0, 0, 0);
      add_op(1'b0, {26'h101 + 26'(2 * j), 6'd8}, 0, 0, 1);
    end
    build_expected();
    lreq_rdy_fix = 1'b0;
    repeat (60) step();
    acc_at_60 = drv_i;
    if (acc_at_60 != 2 * CT) err($sformatf("%0d lane ops taken with the TCP held, exp %0d",
                                           acc_at_60, 2 * CT));
    if (!port_req_valid || port_req_ready) err("next lane op not held by the full slots");
    if (!lreq_valid || lreq_line !== 26'h100 || lreq_slot !== '0) err("lreq not held at slot 0");
    lreq_rdy_fix = 1'b1;
    run_all(400);
    check_totals();
    end_test("tokens_in_flight_limit");
  endtask

  // §4.4: responses in the order of the port's lane ops, whatever the line order, the order of
  // the TCP's dones and the port's back-pressure; load and store instructions mixed
  task automatic t_lane_order_random;
    start_test();
    for (int ins = 0; ins < 12; ins++) begin
      int nl;
      logic we;
      we = ins % 3 == 1;
      nl = 1 + $urandom % WS;
      for (int l = 0; l < nl; l++) begin
        add_op(we, {26'h400 + 26'($urandom % 6), 4'($urandom), 2'b00}, $urandom,
               4'($urandom), l == nl - 1);
      end
    end
    build_expected();
    rnd_resp = 1'b1; rnd_lreq = 1'b1; rnd_pick = 1'b1; rsp_delay = 2;
    run_all(20000);
    check_totals();
    if (c_yield == 0) err("coverage: the issue never yielded cdata's read port (§4.3 IRd)");
    end_test("responses_in_lane_order_random");
  endtask

  // §4.2: a full line table splits (CL + 2 distinct lines, if they fit in one instruction),
  // WS lanes without `last` close the slot (counted); the pieces take consecutive slots
  task automatic t_split;
    start_test();
    if (CL + 2 <= WS) begin
      for (int l = 0; l < CL + 2; l++) add_op(1'b0, {26'h800 + 26'(l), 6'd4}, 0, 0, l == CL + 1);
      for (int l = 0; l < CL + 2; l++)
        add_op(1'b1, {26'h900 + 26'(l), 6'd8}, l, 4'h3, l == CL + 1);
    end
    for (int l = 0; l < WS + 3; l++)
      add_op(1'b0, {26'hA00 + 26'(l % 4), 6'(4 * (l % 16))}, 0, 0, l == WS + 2);
    build_expected();
    if (exp_splits != ((CL + 2 <= WS) ? 3 : 1)) err("testbench split count broken");
    rnd_resp = 1'b1;
    run_all(4000);
    check_totals();
    end_test("split_full_table_and_wave_size");
  endtask

  // §4.2 (2026-11-29): the lane op that fills the line table closes the slot. A: CL distinct
  // lines then three lane ops on two of them (not last until the third): a split at the CL-th
  // line, the three start the next piece, which requests those two lines again. A': the same
  // as stores (the second piece's line-0 request carries only its own bytes). B: CL distinct
  // lines, the CL-th with last: no split. C: WS distinct lines without last, then one lane op
  // with last: gem5 (CL == WS) one close at lane WS, one split; fpga WS / CL closes at CL lines
  // each, all splits. The ready never waits for the next lane op's line (Moore, step()).
  task automatic t_table_close;
    int n_a, n_b, n_c, s_a, s_c;
    start_test();
    for (int l = 0; l < CL; l++) add_op(1'b0, {26'hB00 + 26'(l), 6'(4 * (l % 16))}, 0, 0, 0);
    add_op(1'b0, {26'hB00, 6'd8}, 0, 0, 0);
    add_op(1'b0, {26'hB01, 6'd12}, 0, 0, 0);
    add_op(1'b0, {26'hB00, 6'd16}, 0, 0, 1);
    for (int l = 0; l < CL; l++)
      add_op(1'b1, {26'hC00 + 26'(l), 6'(4 * (l % 16))}, 32'hAB00 + l, 4'h3, 0);
    add_op(1'b1, {26'hC00, 6'd0}, 32'h1234_5678, 4'hC, 0);
    add_op(1'b1, {26'hC00, 6'd4}, 32'h9ABC_DEF0, 4'hF, 1);
    for (int l = 0; l < CL; l++)
      add_op(1'b0, {26'hD00 + 26'(l), 6'(4 * (l % 16))}, 0, 0, l == CL - 1);
    for (int l = 0; l < WS; l++) add_op(1'b0, {26'hE00 + 26'(l), 6'd0}, 0, 0, 0);
    add_op(1'b0, {26'hE00, 6'd4}, 0, 0, 1);
    build_expected();
    // the same counts by hand from the text: A CL + 2 line requests, A' CL + 1, B CL, C WS + 1;
    // splits A 1, A' 1, B 0, C WS / CL
    n_a = CL + 2; n_b = CL; n_c = WS + 1; s_a = 1; s_c = WS / CL;
    if (n_el != 2 * n_a - 1 + n_b + n_c || exp_splits != 2 * s_a + s_c)
      err($sformatf("testbench expectation broken: %0d line requests, %0d splits", n_el,
                    exp_splits));
    if (el_k[CL] != 0 || el_line[CL] != 26'hB00 || el_line[CL + 1] != 26'hB01 ||
        el_mask[2 * CL + 2] != 64'h00FC)
      err("testbench expectation of the pieces after a split broken");
    rnd_resp = 1'b1; rnd_lreq = 1'b1; rnd_pick = 1'b1;
    run_all(8000);
    check_totals();
    end_test("table_full_closes_slot");
  endtask

  // reset in the middle: the slots return to SFree, the port is ready again
  task automatic t_reset;
    start_test();
    for (int l = 0; l < 10; l++) add_op(1'b0, {26'h55, 6'(4 * l)}, 0, 0, l == 9);
    build_expected();
    lreq_rdy_fix = 1'b0;
    repeat (20) step();
    rst_n = 1'b0; #1;
    if (port_resp_valid || lreq_valid || !port_req_ready)
      err("outputs after reset: resp_valid, lreq_valid 0 and port ready 1 expected");
    if (dut.st_q != '0 || dut.tail_q != '0 || dut.head_q != '0 || dut.ip_q != '0)
      err("slot state not reset");
    rst_n = 1'b1;
    end_test("reset_mid_instruction");
  endtask

  initial begin
    n_pass = 0; n_fail = 0;
    t_worked_example();
    t_or_masks();
    t_tokens();
    t_lane_order_random();
    t_split();
    t_table_close();
    t_tcp_wr_holds();
    t_reset();
    $display("%0d passed, %0d failed", n_pass, n_fail);
    if (n_fail != 0) $fatal(1, "tb_gpu_coalescer: failures");
    $finish;
  end

  initial begin
    #50_000_000;
    $display("FAIL timeout");
    $display("%0d passed, %0d failed", n_pass, n_fail + 1);
    $fatal(1, "timeout");
  end
endmodule : tb_gpu_coalescer

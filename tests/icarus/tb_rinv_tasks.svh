// Included inside module tb_rinv_directed (tests/icarus/tb_rinv_directed.sv), after its
// signals, memory, probe monitor and bookkeeping, which these tasks use; not compiled alone.
// The checker (chk), test start/end, the AXI4-Lite master and register checks, the core-port
// load/store tasks, the debug peek, the software sequences and the probe check.

  task automatic chk(input string what, input logic [31:0] got, input logic [31:0] exp);
    logic [31:0] e;
    e = exp;
    n_checks = n_checks + 1;
    if (break_at == n_checks) e = ~exp;   // deliberate break (+break=K)
    if (got !== e) begin
      n_fail = n_fail + 1;
      $display("  x %s: check %0d (%s): expected 0x%0h, got 0x%0h", cur_test, n_checks, what,
               e, got);
    end else if (verbose) begin
      $display("  . %s: check %0d (%s) = 0x%0h", cur_test, n_checks, what, got);
    end
  endtask

  task automatic begin_test(input string name);
    cur_test = name;
    n_checks = 0;
    n_fail = 0;
    exp_err = 0;
    mem_errors = 0;
    mem_init();
    @(posedge clk); #1;                    // staged inputs: applied at the next falling edge
    s_rst_n = 1'b0;
    s_port_req_valid = '0;
    s_awvalid = 1'b0;
    s_wvalid = 1'b0;
    s_arvalid = 1'b0;
    s_mem_stall = 1'b0;
    s_stall = '0;
    repeat (4) @(negedge clk);
    @(posedge clk); #1;
    s_rst_n = 1'b1;
    @(negedge clk);
    np = 0;
    cyc = 0;
  endtask

  task automatic end_test;
    chk("behavioural memory protocol errors", mem_errors, 0);
    if (n_fail == 0) begin
      tests_passed = tests_passed + 1;
      $display("PASS %s (%0d checks, %0d cycles)", cur_test, n_checks, cyc);
    end else begin
      tests_failed = tests_failed + 1;
      $display("FAIL %s (%0d of %0d checks failed)", cur_test, n_fail, n_checks);
    end
  endtask

  // ---- AXI4-Lite master (ARCHITECTURE.md §3.2); bready/rready are always 1 ----------------
  task automatic axi_wr(input logic side, input logic [31:0] addr, input logic [31:0] data,
                        input logic [3:0] strb, output logic [1:0] resp);
    @(posedge clk); #1;
    s_awvalid = 1'b1; s_awaddr = addr; s_awuser = side;
    s_wvalid = 1'b1;  s_wdata = data;  s_wstrb = strb;
    @(negedge clk); #1;
    while (!(awready && wready)) begin @(negedge clk); #1; end
    @(posedge clk); #1;                    // handshake at this edge
    s_awvalid = 1'b0; s_wvalid = 1'b0;
    @(negedge clk); #1;
    while (!bvalid) begin @(negedge clk); #1; end
    resp = bresp;                          // B handshake at the next edge (bready = 1)
  endtask

  task automatic axi_rd(input logic side, input logic [31:0] addr, output logic [31:0] data,
                        output logic [1:0] resp);
    @(posedge clk); #1;
    s_arvalid = 1'b1; s_araddr = addr; s_aruser = side;
    @(negedge clk); #1;
    while (!arready) begin @(negedge clk); #1; end
    @(posedge clk); #1;
    s_arvalid = 1'b0;
    @(negedge clk); #1;
    while (!rvalid) begin @(negedge clk); #1; end
    data = rdata;
    resp = rresp;
  endtask

  // write, check the response
  task automatic wr(input string what, input logic side, input logic [31:0] addr,
                    input logic [31:0] data, input logic [1:0] exp_resp);
    logic [1:0] r;
    axi_wr(side, addr, data, 4'b1111, r);
    chk({what, ": bresp"}, r, exp_resp);
  endtask

  // read, check response and value (a rejected read returns 0, ARCHITECTURE.md §2)
  task automatic rd(input string what, input logic side, input logic [31:0] addr,
                    input logic [31:0] exp_val, input logic [1:0] exp_resp);
    logic [31:0] d;
    logic [1:0] r;
    axi_rd(side, addr, d, r);
    chk({what, ": rresp"}, r, exp_resp);
    chk({what, ": rdata"}, d, exp_val);
  endtask

  task automatic rd_val(input logic side, input logic [31:0] addr, output logic [31:0] d);
    logic [1:0] r;
    axi_rd(side, addr, d, r);
    if (r !== OKAY) chk("register read unexpectedly rejected", r, OKAY);
  endtask

  task automatic cnt_chk(input string what, input int k, input logic [31:0] exp_val);
    rd(what, CPU, A_CNT + 4 * k, exp_val, OKAY);
  endtask

  // one rejected access: SLVERR, and ERR_COUNT goes up by exactly one (exp_err: expected count)
  task automatic bad_wr(input string what, input logic side, input logic [31:0] addr,
                        input logic [31:0] data, input logic [3:0] strb);
    logic [1:0] r;
    axi_wr(side, addr, data, strb, r);
    chk({what, ": SLVERR"}, r, SLVERR);
    exp_err = exp_err + 1;
    rd({what, ": ERR_COUNT"}, CPU, A_ERR, exp_err, OKAY);
  endtask

  task automatic bad_rd(input string what, input logic side, input logic [31:0] addr);
    rd(what, side, addr, 32'h0, SLVERR);
    exp_err = exp_err + 1;
    rd({what, ": ERR_COUNT"}, CPU, A_ERR, exp_err, OKAY);
  endtask

  // ---- core ports (ARCHITECTURE.md §3.1): one request, wait for its response --------------
  task automatic port_op(input int p, input logic we, input logic [31:0] addr,
                         input logic [31:0] data, input logic [3:0] strb,
                         output logic [31:0] resp_data);
    @(posedge clk); #1;
    s_port_req_valid[p] = 1'b1;
    s_port_req_we[p] = we;
    s_port_req_addr[p] = addr;
    s_port_req_wdata[p] = data;
    s_port_req_wstrb[p] = strb;
    @(negedge clk); #1;
    while (!port_req_ready[p]) begin @(negedge clk); #1; end
    @(posedge clk); #1;                   // request handshake at this edge
    s_port_req_valid[p] = 1'b0;
    s_port_req_we[p] = 1'b0;
    s_port_req_wstrb[p] = 4'b0;
    s_port_req_wdata[p] = '0;
    @(negedge clk); #1;
    while (!port_resp_valid[p]) begin @(negedge clk); #1; end
    resp_data = port_resp_rdata[p];       // response handshake at the next edge (ready = 1)
  endtask

  task automatic load(input int p, input int line, input int w, output logic [31:0] d);
    port_op(p, 1'b0, (line << 6) | (w << 2), 32'h0, 4'h0, d);
  endtask

  task automatic load_chk(input string what, input int p, input int line, input int w,
                          input logic [31:0] exp_val);
    logic [31:0] d;
    load(p, line, w, d);
    chk(what, d, exp_val);
  endtask

  task automatic store(input int p, input int line, input int w, input logic [31:0] data,
                       input logic [3:0] strb);
    logic [31:0] d;
    port_op(p, 1'b1, (line << 6) | (w << 2), data, strb, d);
    if (d !== 32'h0) chk("store response carries 0", d, 32'h0);
  endtask

  // debug peek (§3.4): is `line` valid in any array of side s. The peek is combinational;
  // it is sampled one (idle) cycle after dbg_line changes, which every simulator has settled.
  task automatic dbg_chk(input string what, input logic s, input int line, input logic exp_v);
    @(posedge clk); #1;
    s_dbg_line[s] = line[25:0];
    @(negedge clk);
    @(negedge clk);
    #1;
    chk(what, dbg_valid[s], exp_v);
  endtask

  // ---- software sequences (REGISTERS.md "Software sequences", ARCHITECTURE.md §7) -----------
  task automatic poll_clear(input logic side, input logic [31:0] mask);
    logic [31:0] d;
    int n;
    n = 0;
    d = mask;
    while ((d & mask) != 0 && n < 100000) begin
      rd_val(side, A_STATUS, d);
      n = n + 1;
    end
    if ((d & mask) != 0) chk("STATUS bit never cleared", d & mask, 0);
  endtask

  task automatic sw_acquire(input logic s);
    logic [31:0] d;
    logic [1:0] r;
    d = 0;
    while (d !== {30'b0, s, !s}) begin
      axi_wr(s, A_LOCK, {30'b0, s, !s}, 4'hf, r);
      if (r !== OKAY) chk("acquire: LOCK write", r, OKAY);
      rd_val(s, A_LOCK, d);
    end
    wr("acquire: HIST_EN = 1", s, s ? A_CC_GPU : A_CC_CPU, 1, OKAY);
  endtask

  task automatic sw_release(input logic s);
    wr("release: HIST_EN = 0", s, s ? A_CC_GPU : A_CC_CPU, 0, OKAY);
    wr("release: HIST_RX", s, A_HIST_RX, {30'b0, s, !s}, OKAY);
    poll_clear(s, s ? 32'h8 : 32'h4);
    wr("release: INV_START", s, A_INV_START, {30'b0, s, !s}, OKAY);
    poll_clear(s, 32'h1);
    wr("release: LOCK = 0", s, A_LOCK, 0, OKAY);
  endtask

  task automatic set_mode(input int mode, input int walk);
    wr("MODE write", CPU, A_MODE, (walk << 2) | mode, OKAY);
  endtask

  // expected probe k (from the probe monitor)
  task automatic probe_chk(input int k, input int first, input int n, input logic sw);
    string s;
    s = $sformatf("probe %0d", k);
    chk({s, " target GPU"}, pr_tgt[k], 1'b1);
    chk({s, " first"}, pr_first[k], first);
    chk({s, " nlines"}, pr_n[k], n);
    chk({s, " setwalk"}, pr_sw[k], sw);
  endtask

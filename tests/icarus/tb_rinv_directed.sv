// Directed, self-checking tests of rinv_top alone (no C model, no DPI), fpga configuration.
// Runs under Icarus 11 (`iverilog -g2012`, `vvp`) and Verilator (`--binary --timing`):
//   make icarus-test            make vdirected            (docs/VERIFICATION.md, "Directed tests")
// Plusargs: +test=NAME (one test only), +break=K (invert the expectation of check K of every
// selected test: that test must then FAIL), +verbose (print every check).
// Every expectation below is written from docs/REGISTERS.md and docs/ARCHITECTURE.md.
// Output: one "PASS name (n checks)" / "FAIL name (k of n checks failed)" line per test,
// detail lines "  x name: ..." for failing checks, then exactly "N passed, M failed".
// Deliberately plain SystemVerilog (tasks, logic, always blocks) for Icarus 11.
module tb_rinv_directed;

  // ---- configuration: the fpga parameters of the generated package -----------------------
  localparam int CpuL1Sets = rinv_pkg::FpgaCpuL1Sets;
  localparam int CpuL1Ways = rinv_pkg::FpgaCpuL1Ways;
  localparam int CpuL2Sets = rinv_pkg::FpgaCpuL2Sets;
  localparam int CpuL2Ways = rinv_pkg::FpgaCpuL2Ways;
  localparam int GpuL1Sets = rinv_pkg::FpgaGpuL1Sets;
  localparam int GpuL1Ways = rinv_pkg::FpgaGpuL1Ways;
  localparam int GpuL2Sets = rinv_pkg::FpgaGpuL2Sets;
  localparam int GpuL2Ways = rinv_pkg::FpgaGpuL2Ways;
  localparam int HistCap   = rinv_pkg::FpgaHistCap;
  localparam int RtCap     = rinv_pkg::FpgaRtCap;
  localparam int MaxRange  = rinv_pkg::FpgaMaxRange;
  localparam int MemLat    = rinv_pkg::FpgaMemLat;
  localparam int NGpu      = rinv_pkg::NGpuL1;
  // ARCHITECTURE.md §4.2 / §5.3: SMAX and TOTAL_LINES of the GPU (the probe target here)
  localparam int GpuSMax   = (GpuL1Sets > GpuL2Sets) ? GpuL1Sets : GpuL2Sets;
  localparam int GpuTotal  = GpuL2Sets * GpuL2Ways + NGpu * GpuL1Sets * GpuL1Ways;
  localparam int GpuSetWalkLookups = GpuL2Sets + NGpu * GpuL1Sets;  // one full set walk
  localparam int GpuAddrLookups    = 1 + NGpu;                      // one address-walk step

  localparam int MemLines = 4096;   // behavioural memory: lines 0 .. MemLines-1
  localparam int Timeout  = 200000; // cycles per test

  // ---- register map (REGISTERS.md) --------------------------------------------------------
  localparam logic [31:0] A_LOCK = 32'h4000_0000, A_MODE = 32'h4000_1000,
                          A_STATUS = 32'h4000_2000, A_ERR = 32'h4000_3000,
                          A_CNT = 32'h4000_4000, A_INV_START = 32'h4000_5000,
                          A_HIST_RX = 32'h4000_6000, A_CC_CPU = 32'h4000_8000,
                          A_CC_GPU = 32'h4001_0000;
  localparam int K_PROBES = 0, K_PROBE_LINES = 1, K_INV_HITS = 2, K_OVER_INV = 3,
                 K_HIST_ENTRIES = 4, K_HIST_OVF = 5, K_INV_CYC = 6, K_INV_CYC_LAST = 7,
                 K_RELEASES = 8, K_HCNT_CPU = 9, K_HCNT_GPU = 10;
  localparam logic [1:0] OKAY = 2'b00, SLVERR = 2'b10;
  localparam logic CPU = 1'b0, GPU = 1'b1;
  localparam int M_LINE = 0, M_RUN = 1, M_MERGE = 2, W_ADDR = 0, W_SET = 1, W_AUTO = 2;

  // ---- DUT --------------------------------------------------------------------------------
  logic clk = 1'b0;
  logic rst_n = 1'b0;
  logic [9:0]       stall = '0;
  logic [5:0]       port_req_valid = '0, port_req_we = '0;
  logic [5:0][31:0] port_req_addr = '0, port_req_wdata = '0;
  logic [5:0][3:0]  port_req_wstrb = '0;
  logic [5:0]       port_resp_ready = 6'h3f;   // the cores always take responses
  logic             awvalid = 1'b0, awuser = 1'b0, wvalid = 1'b0, arvalid = 1'b0, aruser = 1'b0;
  logic [31:0]      awaddr = '0, wdata = '0, araddr = '0;
  logic [3:0]       wstrb = '0;
  logic             bready = 1'b1, rready = 1'b1;
  logic             mem_req_ready, mem_resp_valid;
  logic [511:0]     mem_resp_rdata;
  logic [1:0][25:0] dbg_line = '0;

  logic [5:0]       port_req_ready, port_resp_valid;
  logic [5:0][31:0] port_resp_rdata;
  logic             awready, wready, bvalid, arready, rvalid;
  logic [1:0]       bresp, rresp;
  logic [31:0]      rdata;
  logic             mem_req_valid, mem_req_we;
  logic [25:0]      mem_req_line;
  logic [511:0]     mem_req_wdata;
  logic [63:0]      mem_req_wmask;
  logic [1:0]       cc_req_valid, cc_req_ready, cc_req_we, fill_valid, fill_ready;
  logic [1:0][25:0] cc_req_line;
  logic [1:0][63:0] cc_req_wmask;
  logic [1:0]       hist_valid, hist_ready, hist_last, hist_go, hist_done;
  logic [1:0][25:0] hist_line;
  logic [1:0]       probe_valid, probe_ready, probe_setwalk, ack_valid, ack_ready;
  logic [1:0][25:0] probe_first, inv_line;
  logic [1:0][26:0] probe_nlines;
  logic [1:0][31:0] ack_hits, stat_tag_lookups;
  logic [1:0][7:0]  inv_count;
  logic [1:0]       dbg_valid, lock_owner, hist_en;
  logic             inv_busy, inv_done;
  logic [1:0][15:0] rec_count, hist_count;
  logic [31:0]      st_probes, st_probe_lines, st_inv_hits, st_over_inv, st_hist_entries,
                    st_hist_ovf, st_inv_cycles, st_inv_cycles_last, st_releases, st_errors;

  rinv_top #(
    .CpuL1Sets(CpuL1Sets), .CpuL1Ways(CpuL1Ways), .CpuL2Sets(CpuL2Sets), .CpuL2Ways(CpuL2Ways),
    .GpuL1Sets(GpuL1Sets), .GpuL1Ways(GpuL1Ways), .GpuL2Sets(GpuL2Sets), .GpuL2Ways(GpuL2Ways),
    .CpuL1Lat(rinv_pkg::FpgaCpuL1Lat), .CpuL2Lat(rinv_pkg::FpgaCpuL2Lat),
    .GpuL1Lat(rinv_pkg::FpgaGpuL1Lat), .GpuL2Lat(rinv_pkg::FpgaGpuL2Lat),
    .RecCap(rinv_pkg::FpgaRecCap), .HistCap(HistCap), .RtCap(RtCap), .MaxRange(MaxRange)
  ) dut (
    .clk_i(clk), .rst_ni(rst_n),
    .stall_i(stall),
    .port_req_valid_i(port_req_valid), .port_req_we_i(port_req_we),
    .port_req_addr_i(port_req_addr), .port_req_wdata_i(port_req_wdata),
    .port_req_wstrb_i(port_req_wstrb), .port_resp_ready_i(port_resp_ready),
    .axi_awvalid_i(awvalid), .axi_awaddr_i(awaddr), .axi_awuser_i(awuser),
    .axi_wvalid_i(wvalid), .axi_wdata_i(wdata), .axi_wstrb_i(wstrb), .axi_bready_i(bready),
    .axi_arvalid_i(arvalid), .axi_araddr_i(araddr), .axi_aruser_i(aruser),
    .axi_rready_i(rready),
    .mem_req_ready_i(mem_req_ready), .mem_resp_valid_i(mem_resp_valid),
    .mem_resp_rdata_i(mem_resp_rdata), .dbg_line_i(dbg_line),
    .port_req_ready_o(port_req_ready), .port_resp_valid_o(port_resp_valid),
    .port_resp_rdata_o(port_resp_rdata),
    .axi_awready_o(awready), .axi_wready_o(wready), .axi_bvalid_o(bvalid),
    .axi_bresp_o(bresp), .axi_arready_o(arready), .axi_rvalid_o(rvalid),
    .axi_rdata_o(rdata), .axi_rresp_o(rresp),
    .mem_req_valid_o(mem_req_valid), .mem_req_we_o(mem_req_we),
    .mem_req_line_o(mem_req_line), .mem_req_wdata_o(mem_req_wdata),
    .mem_req_wmask_o(mem_req_wmask),
    .cc_req_valid_o(cc_req_valid), .cc_req_ready_o(cc_req_ready), .cc_req_we_o(cc_req_we),
    .cc_req_line_o(cc_req_line), .cc_req_wmask_o(cc_req_wmask),
    .fill_valid_o(fill_valid), .fill_ready_o(fill_ready),
    .hist_valid_o(hist_valid), .hist_ready_o(hist_ready), .hist_last_o(hist_last),
    .hist_line_o(hist_line), .hist_go_o(hist_go), .hist_done_o(hist_done),
    .probe_valid_o(probe_valid), .probe_ready_o(probe_ready), .probe_first_o(probe_first),
    .probe_nlines_o(probe_nlines), .probe_setwalk_o(probe_setwalk),
    .ack_valid_o(ack_valid), .ack_ready_o(ack_ready), .ack_hits_o(ack_hits),
    .inv_count_o(inv_count), .inv_line_o(inv_line), .dbg_valid_o(dbg_valid),
    .lock_owner_o(lock_owner), .inv_busy_o(inv_busy), .inv_done_o(inv_done),
    .hist_en_o(hist_en), .rec_count_o(rec_count), .hist_count_o(hist_count),
    .stat_probes_o(st_probes), .stat_probe_lines_o(st_probe_lines),
    .stat_inv_hits_o(st_inv_hits), .stat_over_inv_o(st_over_inv),
    .stat_hist_entries_o(st_hist_entries), .stat_hist_overflows_o(st_hist_ovf),
    .stat_inv_cycles_o(st_inv_cycles), .stat_inv_cycles_last_o(st_inv_cycles_last),
    .stat_releases_o(st_releases), .stat_errors_o(st_errors),
    .stat_tag_lookups_o(stat_tag_lookups)
  );

  always #5 clk = ~clk;   // 10 time units per cycle; inputs change at falling edges only

  // ---- behavioural line memory (ARCHITECTURE.md §3.3) ---------------------------------------
  // Writes apply their masked bytes at the handshake edge. A read handshaked in cycle t is
  // answered with mem_resp_valid = 1 in cycle t + MemLat only, with the content as of cycle t.
  // Checks: at most one request outstanding, no line outside the model.
  logic [511:0] mem [0:MemLines-1];
  logic         mem_stall = 1'b0;      // tests may hold mem_req_ready low
  logic         rd_pend = 1'b0;
  int           rd_cnt = 0;
  logic [511:0] rd_data = '0;
  int           mem_errors = 0;
  int           mem_writes = 0, mem_reads = 0;

  assign mem_req_ready  = !mem_stall;
  assign mem_resp_valid = rd_pend && (rd_cnt == 0);
  assign mem_resp_rdata = mem_resp_valid ? rd_data : '0;

  always @(posedge clk) begin : memory
    logic [511:0] merged;
    if (!rst_n) begin
      rd_pend <= 1'b0;
      rd_cnt <= 0;
    end else begin
      if (rd_pend) begin
        if (rd_cnt == 0) rd_pend <= 1'b0;
        else rd_cnt <= rd_cnt - 1;
      end
      if (mem_req_valid && mem_req_ready) begin
        if (rd_pend) begin
          mem_errors = mem_errors + 1;
          $display("  memory: request while a read is outstanding (line 0x%0h)", mem_req_line);
        end
        if (mem_req_line >= MemLines) begin
          mem_errors = mem_errors + 1;
          $display("  memory: line 0x%0h outside the behavioural memory", mem_req_line);
        end else if (mem_req_we) begin
          merged = mem[mem_req_line];
          for (int b = 0; b < 64; b++)
            if (mem_req_wmask[b]) merged[8*b +: 8] = mem_req_wdata[8*b +: 8];
          mem[mem_req_line] <= merged;
          mem_writes = mem_writes + 1;
        end else begin
          rd_pend <= 1'b1;
          rd_cnt <= MemLat - 1;
          rd_data <= mem[mem_req_line];
          mem_reads = mem_reads + 1;
        end
      end
    end
  end

  // initial content: word w of line L
  function automatic logic [31:0] pat(input int line, input int w);
    pat = 32'hC000_0000 | ((line & 32'hF_FFFF) << 4) | (w & 15);
  endfunction

  task automatic mem_init;
    logic [511:0] v;
    for (int l = 0; l < MemLines; l++) begin
      for (int w = 0; w < 16; w++) v[32*w +: 32] = pat(l, w);
      mem[l] = v;
    end
  endtask

  function automatic logic [31:0] mem_word(input int line, input int w);
    logic [511:0] v;
    v = mem[line];
    mem_word = v[32*w +: 32];
  endfunction

  task automatic mem_poke(input int line, input int w, input logic [31:0] val);
    logic [511:0] v;
    v = mem[line];
    v[32*w +: 32] = val;
    mem[line] = v;
  endtask

  // ---- probe monitor: every probe handshake to either side ----------------------------------
  int          np = 0;
  logic [25:0] pr_first [0:63];
  logic [26:0] pr_n [0:63];
  logic        pr_sw [0:63];
  logic        pr_tgt [0:63];
  always @(posedge clk) begin
    if (rst_n) begin
      for (int s = 0; s < 2; s++) begin
        if (probe_valid[s] && probe_ready[s]) begin
          if (np < 64) begin
            pr_first[np] = probe_first[s];
            pr_n[np] = probe_nlines[s];
            pr_sw[np] = probe_setwalk[s];
            pr_tgt[np] = s[0];
          end
          np = np + 1;
        end
      end
    end
  end

  // ---- test bookkeeping ---------------------------------------------------------------------
  string cur_test = "";
  int    n_checks = 0, n_fail = 0, break_at = 0;
  int    tests_passed = 0, tests_failed = 0;
  int    exp_err = 0;
  bit    verbose = 1'b0;
  int    cyc = 0;

  always @(posedge clk) begin
    cyc = cyc + 1;
    if (cyc > Timeout) begin
      $display("  x %s: timeout after %0d cycles", cur_test, Timeout);
      $display("FAIL %s (timeout)", cur_test);
      tests_failed = tests_failed + 1;
      $display("%0d passed, %0d failed", tests_passed, tests_failed);
      $finish;
    end
  end

  // +trace: print the internal channel handshakes (debugging aid)
  bit trace = 1'b0;
  always @(negedge clk) begin
    if (trace && rst_n) begin
      #2;
      $display("  [%0d] preq v%b r%b rsp v%b | cc v%b r%b we%b | mem v%b r%b we%b l%0h rv%b | fill v%b r%b | hist v%b r%b | go%b done%b",
               cyc, port_req_valid, port_req_ready, port_resp_valid, cc_req_valid, cc_req_ready,
               cc_req_we, mem_req_valid, mem_req_ready, mem_req_we, mem_req_line,
               mem_resp_valid, fill_valid, fill_ready, hist_valid, hist_ready, hist_go, hist_done);
    end
  end

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
    @(negedge clk);
    rst_n = 1'b0;
    port_req_valid = '0;
    awvalid = 1'b0;
    wvalid = 1'b0;
    arvalid = 1'b0;
    mem_stall = 1'b0;
    stall = '0;
    repeat (4) @(negedge clk);
    rst_n = 1'b1;
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
    @(negedge clk);
    awvalid = 1'b1; awaddr = addr; awuser = side;
    wvalid = 1'b1;  wdata = data;  wstrb = strb;
    #1;
    while (!(awready && wready)) begin @(negedge clk); #1; end
    @(negedge clk);                        // handshake at the edge in between
    awvalid = 1'b0; wvalid = 1'b0;
    #1;
    while (!bvalid) begin @(negedge clk); #1; end
    resp = bresp;                          // B handshake at the next edge (bready = 1)
  endtask

  task automatic axi_rd(input logic side, input logic [31:0] addr, output logic [31:0] data,
                        output logic [1:0] resp);
    @(negedge clk);
    arvalid = 1'b1; araddr = addr; aruser = side;
    #1;
    while (!arready) begin @(negedge clk); #1; end
    @(negedge clk);
    arvalid = 1'b0;
    #1;
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
    @(negedge clk);
    port_req_valid[p] = 1'b1;
    port_req_we[p] = we;
    port_req_addr[p] = addr;
    port_req_wdata[p] = data;
    port_req_wstrb[p] = strb;
    #1;
    while (!port_req_ready[p]) begin @(negedge clk); #1; end
    @(negedge clk);                       // request handshake at the edge in between
    port_req_valid[p] = 1'b0;
    port_req_we[p] = 1'b0;
    port_req_wstrb[p] = 4'b0;
    port_req_wdata[p] = '0;
    #1;
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
    @(negedge clk);
    dbg_line[s] = line[25:0];
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

  // =========================================================================================
  // Test 1: reset values of every register (REGISTERS.md tables), observed outputs after reset.
  // There are no ID/parameter registers in the map; their would-be places are unmapped.
  task automatic t_reset_values;
    begin_test("reset_values");
    chk("lock_owner output", lock_owner, 0);
    chk("inv_busy output", inv_busy, 0);
    chk("hist_en outputs", hist_en, 0);
    rd("LOCK", CPU, A_LOCK, 0, OKAY);
    rd("MODE (run, addr)", CPU, A_MODE, 32'h1, OKAY);
    rd("MODE by GPU", GPU, A_MODE, 32'h1, OKAY);
    rd("STATUS", CPU, A_STATUS, 0, OKAY);
    rd("ERR_COUNT", CPU, A_ERR, 0, OKAY);
    for (int k = 0; k <= 10; k++) rd($sformatf("counter k=%0d", k), CPU, A_CNT + 4 * k, 0, OKAY);
    rd("INV_START reads STATUS", CPU, A_INV_START, 0, OKAY);
    rd("HIST_RX reads STATUS", GPU, A_HIST_RX, 0, OKAY);
    for (int s = 0; s < 2; s++) begin : cc_regs
      logic [31:0] b;
      b = s ? A_CC_GPU : A_CC_CPU;
      rd($sformatf("side %0d HIST_EN", s), s[0], b + 0, 0, OKAY);
      rd($sformatf("side %0d REC_COUNT", s), s[0], b + 4, 0, OKAY);
      rd($sformatf("side %0d TAG_LOOKUPS", s), !s[0], b + 8, 0, OKAY);
    end
    rd("ERR_COUNT still 0 after legal reads", GPU, A_ERR, 0, OKAY);
    end_test();
  endtask

  // Test 2: every row of REGISTERS.md "Bad accesses": SLVERR, ERR_COUNT + 1, nothing changed.
  task automatic t_bad_accesses;
    begin_test("bad_accesses");
    // unmapped
    bad_rd("rd dir hole 0x40007000", CPU, 32'h4000_7000);
    bad_wr("wr dir hole 0x40007000", GPU, 32'h4000_7000, 1, 4'hf);
    bad_rd("rd dir offset +4", CPU, 32'h4000_0004);
    bad_rd("rd counter k=11", CPU, A_CNT + 44);
    bad_rd("rd cc CPU +0xC", CPU, A_CC_CPU + 12);
    bad_rd("rd cc GPU +0xC", GPU, A_CC_GPU + 12);
    bad_rd("rd 0x40018000", CPU, 32'h4001_8000);
    bad_wr("wr 0x40018000", CPU, 32'h4001_8000, 1, 4'hf);
    bad_rd("rd 0x40020000", GPU, 32'h4002_0000);
    bad_rd("rd 0x3FFFFFFC (below MMIO)", CPU, 32'h3FFF_FFFC);
    bad_rd("rd 0xFFFFFFFC", CPU, 32'hFFFF_FFFC);
    // misaligned
    bad_wr("wr misaligned 0x40000002", CPU, 32'h4000_0002, 1, 4'hf);
    bad_rd("rd misaligned 0x40001001", CPU, 32'h4000_1001);
    bad_rd("rd misaligned 0x40002003", GPU, 32'h4000_2003);
    // partial strobes
    bad_wr("LOCK=1 wstrb 0001", CPU, A_LOCK, 1, 4'b0001);
    bad_wr("LOCK=1 wstrb 0111", CPU, A_LOCK, 1, 4'b0111);
    bad_wr("MODE=2 wstrb 0000", CPU, A_MODE, 2, 4'b0000);
    bad_wr("HIST_EN=1 wstrb 1110", CPU, A_CC_CPU, 1, 4'b1110);
    // read-only registers
    bad_wr("wr STATUS", CPU, A_STATUS, 0, 4'hf);
    bad_wr("wr ERR_COUNT", CPU, A_ERR, 0, 4'hf);
    bad_wr("wr PROBES", CPU, A_CNT, 0, 4'hf);
    bad_wr("wr HIST_COUNT_GPU", GPU, A_CNT + 40, 0, 4'hf);
    bad_wr("wr REC_COUNT", CPU, A_CC_CPU + 4, 0, 4'hf);
    bad_wr("wr TAG_LOOKUPS", GPU, A_CC_GPU + 8, 0, 4'hf);
    // values outside the legal set
    bad_wr("LOCK = 3", CPU, A_LOCK, 3, 4'hf);
    bad_wr("LOCK = ~0", GPU, A_LOCK, 32'hFFFF_FFFF, 4'hf);
    bad_wr("MODE = 0x3 (mode 3)", CPU, A_MODE, 3, 4'hf);
    bad_wr("MODE = 0xC (walk 3)", CPU, A_MODE, 32'hC, 4'hf);
    bad_wr("MODE = 0x10 (bit 4)", CPU, A_MODE, 32'h10, 4'hf);
    bad_wr("HIST_EN = 2", CPU, A_CC_CPU, 2, 4'hf);
    bad_wr("INV_START = 0", CPU, A_INV_START, 0, 4'hf);
    bad_wr("HIST_RX = 3", CPU, A_HIST_RX, 3, 4'hf);
    // ids that are not the requester's
    bad_wr("GPU writes LOCK = 1", GPU, A_LOCK, 1, 4'hf);
    bad_wr("CPU writes LOCK = 2", CPU, A_LOCK, 2, 4'hf);
    // release by a non-owner (nobody owns)
    bad_wr("CPU LOCK = 0 while free", CPU, A_LOCK, 0, 4'hf);
    // INV_START / HIST_RX while nobody owns the lock
    bad_wr("INV_START = 1, lock free", CPU, A_INV_START, 1, 4'hf);
    bad_wr("HIST_RX = 2, lock free", GPU, A_HIST_RX, 2, 4'hf);
    // HIST_EN written by the other side
    bad_wr("GPU writes CPU HIST_EN", GPU, A_CC_CPU, 1, 4'hf);
    bad_wr("CPU writes GPU HIST_EN", CPU, A_CC_GPU, 1, 4'hf);
    bad_wr("GPU writes CPU HIST_EN = 0", GPU, A_CC_CPU, 0, 4'hf);
    // nothing changed so far
    rd("LOCK unchanged", CPU, A_LOCK, 0, OKAY);
    rd("MODE unchanged", CPU, A_MODE, 1, OKAY);
    rd("STATUS unchanged", CPU, A_STATUS, 0, OKAY);
    rd("CPU HIST_EN unchanged", CPU, A_CC_CPU, 0, OKAY);
    rd("GPU HIST_EN unchanged", GPU, A_CC_GPU, 0, OKAY);
    // with the CPU owning the lock
    wr("CPU acquires", CPU, A_LOCK, 1, OKAY);
    bad_wr("GPU releases CPU's lock", GPU, A_LOCK, 0, 4'hf);
    bad_wr("GPU INV_START = 2, CPU owns", GPU, A_INV_START, 2, 4'hf);
    bad_wr("GPU HIST_RX = 2, CPU owns", GPU, A_HIST_RX, 2, 4'hf);
    bad_wr("CPU INV_START = 2 (not its id)", CPU, A_INV_START, 2, 4'hf);
    bad_wr("CPU HIST_RX = 2 (not its id)", CPU, A_HIST_RX, 2, 4'hf);
    bad_wr("LOCK=0 by owner, wstrb 1100", CPU, A_LOCK, 0, 4'b1100);
    rd("LOCK still CPU", GPU, A_LOCK, 1, OKAY);
    rd("STATUS: owner 1 only", CPU, A_STATUS, 32'h100, OKAY);
    cnt_chk("RELEASES 0", K_RELEASES, 0);
    chk("hist_go never pulsed", hist_go, 0);
    chk("hist_en outputs 0", hist_en, 0);
    chk("stat_errors output", st_errors, exp_err);
    rd("ERR_COUNT total (46 rejections)", GPU, A_ERR, 46, OKAY);
    end_test();
  endtask

  // Test 3: lock rules and busy rejections (REGISTERS.md LOCK / INV_START / HIST_RX / MODE).
  task automatic t_lock_rules;
    logic [31:0] d;
    begin_test("lock_rules");
    set_mode(M_LINE, W_ADDR);
    wr("CPU LOCK = 1", CPU, A_LOCK, 1, OKAY);
    rd("LOCK = 1", CPU, A_LOCK, 1, OKAY);
    rd("STATUS owner", GPU, A_STATUS, 32'h100, OKAY);
    wr("GPU LOCK = 2 while CPU owns: OKAY", GPU, A_LOCK, 2, OKAY);
    rd("LOCK still 1 (read by GPU)", GPU, A_LOCK, 1, OKAY);
    wr("CPU LOCK = 1 again: OKAY", CPU, A_LOCK, 1, OKAY);
    rd("ERR_COUNT 0 (failed acquire is no error)", CPU, A_ERR, 0, OKAY);
    bad_wr("GPU LOCK = 0 (not owner)", GPU, A_LOCK, 0, 4'hf);
    rd("LOCK still 1", CPU, A_LOCK, 1, OKAY);
    // 12 dirty, non-adjacent lines recorded
    wr("CPU HIST_EN = 1", CPU, A_CC_CPU, 1, OKAY);
    chk("hist_en output", hist_en, 2'b01);
    for (int i = 0; i < 12; i++) store(i & 1, 32'h40 + 2 * i, 0, 32'hA000_0000 + i, 4'hf);
    rd("REC_COUNT 12", CPU, A_CC_CPU + 4, 12, OKAY);
    wr("CPU HIST_EN = 0", CPU, A_CC_CPU, 0, OKAY);
    wr("HIST_RX = 1", CPU, A_HIST_RX, 1, OKAY);
    rd("STATUS: hist_busy CPU", CPU, A_STATUS, 32'h104, OKAY);
    bad_wr("LOCK = 0 while the transfer is busy", CPU, A_LOCK, 0, 4'hf);
    bad_wr("INV_START while the transfer is busy", CPU, A_INV_START, 1, 4'hf);
    bad_wr("HIST_RX while the transfer is busy", CPU, A_HIST_RX, 1, 4'hf);
    bad_wr("MODE while the transfer is busy", CPU, A_MODE, 1, 4'hf);
    poll_clear(CPU, 32'h4);
    rd("REC_COUNT 0 after the transfer", CPU, A_CC_CPU + 4, 0, OKAY);
    cnt_chk("HIST_ENTRIES 12", K_HIST_ENTRIES, 12);
    cnt_chk("HIST_COUNT_CPU 12", K_HCNT_CPU, 12);
    bad_wr("MODE while the history is non-empty", GPU, A_MODE, 1, 4'hf);
    for (int i = 0; i < 12; i++)
      chk($sformatf("line 0x%0h written back at HIST_RX", 32'h40 + 2 * i),
          mem_word(32'h40 + 2 * i, 0), 32'hA000_0000 + i);
    wr("INV_START = 1", CPU, A_INV_START, 1, OKAY);
    rd("STATUS: inv_busy, last id 1", CPU, A_STATUS, 32'h111, OKAY);
    bad_wr("LOCK = 0 while the invalidation is busy", CPU, A_LOCK, 0, 4'hf);
    bad_wr("INV_START while busy", CPU, A_INV_START, 1, 4'hf);
    bad_wr("HIST_RX while busy", CPU, A_HIST_RX, 1, 4'hf);
    bad_wr("MODE while busy", CPU, A_MODE, 1, 4'hf);
    chk("lock_owner output during the invalidation", lock_owner, 1);
    poll_clear(CPU, 32'h1);
    rd("STATUS: inv_done, last id 1, owner 1", GPU, A_STATUS, 32'h112, OKAY);
    cnt_chk("PROBES 12 (line mode)", K_PROBES, 12);
    cnt_chk("HIST_COUNT_CPU 0", K_HCNT_CPU, 0);
    wr("LOCK = 0 by the owner", CPU, A_LOCK, 0, OKAY);
    rd("STATUS after release: inv_done cleared", CPU, A_STATUS, 32'h10, OKAY);
    bad_wr("CPU LOCK = 0 again (free)", CPU, A_LOCK, 0, 4'hf);
    wr("GPU LOCK = 2", GPU, A_LOCK, 2, OKAY);
    rd("LOCK = 2", CPU, A_LOCK, 2, OKAY);
    wr("CPU LOCK = 1 while GPU owns: OKAY", CPU, A_LOCK, 1, OKAY);
    rd("LOCK still 2", CPU, A_LOCK, 2, OKAY);
    bad_wr("CPU releases GPU's lock", CPU, A_LOCK, 0, 4'hf);
    bad_wr("CPU INV_START = 1 while GPU owns", CPU, A_INV_START, 1, 4'hf);
    wr("MODE = merge|set accepted (all idle, empty)", GPU, A_MODE, 32'h6, OKAY);
    rd("MODE read back", CPU, A_MODE, 32'h6, OKAY);
    wr("GPU LOCK = 0", GPU, A_LOCK, 0, OKAY);
    rd("LOCK free", GPU, A_LOCK, 0, OKAY);
    cnt_chk("RELEASES 1", K_RELEASES, 1);
    rd("ERR_COUNT total (13 rejections)", CPU, A_ERR, 13, OKAY);
    end_test();
  endtask

  // Tests 4-7: CPU store epoch -> CPU release -> GPU acquire (ARCHITECTURE.md §4.2, §5.2, §5.3).
  // GPU holds stale copies of 8 lines (TCP0 L1 + TCC each); the CPU writes 7 of them in the
  // order 0x102, 0x100, 0x101, 0x103, 0x108, 0x109, 0x10C (0x100 twice, second time byte 1).
  //   line : 7 probes of 1 line          run : (102,1) (100,2) (103,1) (108,2) (10C,1)
  //   merge: table [100,103] [108,109] [10C,10C] -> 3 probes
  task automatic t_release_inv(input string name, input int mode, input int walk);
    int order [0:6];
    int nprobes;
    int expf [0:6];
    int expn [0:6];
    logic exp_sw;
    int lookups;
    begin_test(name);
    order[0] = 'h102; order[1] = 'h100; order[2] = 'h101; order[3] = 'h103;
    order[4] = 'h108; order[5] = 'h109; order[6] = 'h10C;
    set_mode(mode, walk);
    // GPU epoch: loads (stale copies), empty release
    sw_acquire(GPU);
    for (int i = 0; i < 7; i++)
      load_chk($sformatf("GPU first load line 0x%0h", order[i]), 2, order[i], 0, pat(order[i], 0));
    load_chk("GPU load of unrelated line 0x110", 2, 'h110, 0, pat('h110, 0));
    sw_release(GPU);
    cnt_chk("empty GPU release: no probe", K_PROBES, 0);
    dbg_chk("GPU holds 0x100 before", GPU, 'h100, 1);
    // CPU epoch
    sw_acquire(CPU);
    for (int i = 0; i < 7; i++) store(i % 2, order[i], 0, 32'h5A00_0000 | order[i], 4'hf);
    store(1, 'h100, 0, 32'h0000_EE00, 4'b0010);
    rd("REC_COUNT 7 (once per line per epoch)", CPU, A_CC_CPU + 4, 7, OKAY);
    sw_release(CPU);
    // expected probes
    if (mode == M_LINE) begin
      nprobes = 7;
      for (int i = 0; i < 7; i++) begin expf[i] = order[i]; expn[i] = 1; end
    end else if (mode == M_RUN) begin
      nprobes = 5;
      expf[0] = 'h102; expn[0] = 1; expf[1] = 'h100; expn[1] = 2; expf[2] = 'h103; expn[2] = 1;
      expf[3] = 'h108; expn[3] = 2; expf[4] = 'h10C; expn[4] = 1;
    end else begin
      nprobes = 3;
      expf[0] = 'h100; expn[0] = 4; expf[1] = 'h108; expn[1] = 2; expf[2] = 'h10C; expn[2] = 1;
    end
    chk("probe handshakes seen", np, nprobes);
    lookups = 0;
    for (int k = 0; k < nprobes && k < np; k++) begin
      exp_sw = (walk == W_SET) ? 1'b1 : (walk == W_AUTO) ? (expn[k] > GpuSMax) : 1'b0;
      probe_chk(k, expf[k], expn[k], exp_sw);
      lookups = lookups + (exp_sw ? GpuSetWalkLookups : expn[k] * GpuAddrLookups);
    end
    cnt_chk("PROBES", K_PROBES, nprobes);
    cnt_chk("PROBE_LINES", K_PROBE_LINES, 7);
    cnt_chk("INV_HITS (7 lines x TCC + TCP0)", K_INV_HITS, 14);
    cnt_chk("OVER_INV", K_OVER_INV, 0);
    cnt_chk("HIST_ENTRIES", K_HIST_ENTRIES, 7);
    cnt_chk("HIST_OVERFLOWS", K_HIST_OVF, 0);
    cnt_chk("RELEASES", K_RELEASES, 2);
    cnt_chk("HIST_COUNT_CPU", K_HCNT_CPU, 0);
    cnt_chk("HIST_COUNT_GPU", K_HCNT_GPU, 0);
    rd("GPU TAG_LOOKUPS", CPU, A_CC_GPU + 8, lookups, OKAY);
    rd("CPU TAG_LOOKUPS", CPU, A_CC_CPU + 8, 0, OKAY);
    begin : inv_cycles
      logic [31:0] c, cl;
      rd_val(CPU, A_CNT + 4 * K_INV_CYC, c);
      rd_val(CPU, A_CNT + 4 * K_INV_CYC_LAST, cl);
      chk("INV_CYCLES_LAST > 0", cl > 0, 1);
      chk("INV_CYCLES >= INV_CYCLES_LAST", c >= cl, 1);
    end
    chk("write-back of 0x100 (merged bytes)", mem_word('h100, 0), 32'h5A00_EE00);
    chk("write-back of 0x10C", mem_word('h10C, 0), 32'h5A00_010C);
    chk("word 1 of 0x100 untouched in memory", mem_word('h100, 1), pat('h100, 1));
    for (int i = 0; i < 7; i++)
      dbg_chk($sformatf("GPU line 0x%0h invalidated", order[i]), GPU, order[i], 0);
    dbg_chk("unrelated GPU line 0x110 kept", GPU, 'h110, 1);
    dbg_chk("CPU keeps its (now clean) line 0x100", CPU, 'h100, 1);
    // GPU epoch: loads see the CPU's values through memory
    sw_acquire(GPU);
    load_chk("GPU load 0x100 word 0 (TCP1)", 3, 'h100, 0, 32'h5A00_EE00);
    load_chk("GPU load 0x100 word 0 (TCP0)", 2, 'h100, 0, 32'h5A00_EE00);
    for (int i = 0; i < 7; i++)
      if (order[i] != 'h100)
        load_chk($sformatf("GPU load 0x%0h", order[i]), 2 + (i % 4), order[i], 0,
                 32'h5A00_0000 | order[i]);
    load_chk("GPU load 0x101 word 1 (unwritten word)", 4, 'h101, 1, pat('h101, 1));
    load_chk("GPU load 0x110 (kept copy)", 2, 'h110, 0, pat('h110, 0));
    sw_release(GPU);
    end_test();
  endtask

  // Test 8: partial-strobe stores merge bytes (§3.1, §4.2), write-back uses the dirty mask.
  task automatic t_partial_strobe;
    logic [31:0] p2, exp2, p15, exp15;
    begin_test("partial_strobe");
    p2 = pat('h300, 2);
    p15 = pat('h301, 5);
    exp15 = {p15[31:16], 8'h34, p15[7:0]};
    sw_acquire(CPU);
    load_chk("CPU port 0 load 0x300 w2", 0, 'h300, 2, p2);
    store(0, 'h300, 2, 32'hAABB_CCDD, 4'b0101);
    exp2 = {p2[31:24], 8'hBB, p2[15:8], 8'hDD};
    load_chk("port 0 (L1 write-updated) after strobe 0101", 0, 'h300, 2, exp2);
    load_chk("port 1 (from L2) after strobe 0101", 1, 'h300, 2, exp2);
    store(1, 'h300, 2, 32'h7700_0000, 4'b1000);
    exp2 = {8'h77, 8'hBB, p2[15:8], 8'hDD};
    load_chk("port 0 after strobe 1000 on port 1", 0, 'h300, 2, exp2);
    load_chk("port 1 after strobe 1000", 1, 'h300, 2, exp2);
    load_chk("other word of the line unchanged", 1, 'h300, 3, pat('h300, 3));
    store(0, 'h301, 5, 32'h0012_3400, 4'b0010);   // miss: fill, then merge
    load_chk("store miss with strobe 0010 merged into the fill", 1, 'h301, 5, exp15);
    store(1, 'h302, 7, 32'h0000_0000, 4'b0000);   // no byte enabled
    load_chk("strobe 0000 changes nothing", 0, 'h302, 7, pat('h302, 7));
    // behind the cache: non-dirty bytes of memory change; the write-back must keep them
    mem_poke('h300, 3, 32'hDEAD_BEEF);
    mem_poke('h300, 2, {p2[31:16], 8'h5C, p2[7:0]});
    sw_release(CPU);
    chk("memory 0x300 w2: dirty bytes 3,2,0 written, byte 1 kept", mem_word('h300, 2),
        {8'h77, 8'hBB, 8'h5C, 8'hDD});
    chk("memory 0x300 w3: not dirty, kept", mem_word('h300, 3), 32'hDEAD_BEEF);
    chk("memory 0x301 w5", mem_word('h301, 5), exp15);
    chk("memory 0x301 w4 untouched", mem_word('h301, 4), pat('h301, 4));
    chk("memory 0x302 w7 untouched", mem_word('h302, 7), pat('h302, 7));
    cnt_chk("HIST_ENTRIES: 0x300, 0x301, 0x302", K_HIST_ENTRIES, 3);
    // GPU side: partial store to a missing line, read from another TCP
    sw_acquire(GPU);
    store(4, 'h300, 2, 32'h0000_0099, 4'b0001);
    load_chk("GPU TCP3 load after TCP2 strobe 0001", 5, 'h300, 2, {8'h77, 8'hBB, 8'h5C, 8'h99});
    load_chk("GPU TCP2 load", 4, 'h300, 2, {8'h77, 8'hBB, 8'h5C, 8'h99});
    sw_release(GPU);
    chk("memory 0x300 w2 after the GPU release", mem_word('h300, 2), {8'h77, 8'hBB, 8'h5C, 8'h99});
    sw_acquire(CPU);
    load_chk("CPU port 0 sees the GPU byte (its copy was invalidated)", 0, 'h300, 2,
             {8'h77, 8'hBB, 8'h5C, 8'h99});
    sw_release(CPU);
    end_test();
  endtask

  // Test 9: FIFO overflow (run mode): HistCap + 8 lines -> ovf, fallback to one all-probe
  // (first 0, n 2^26, set walk), probe_lines = TOTAL_LINES[GPU], over_inv = its hits (§5.2/§5.3).
  task automatic t_hist_overflow;
    int n;
    begin_test("hist_overflow_fifo");
    n = HistCap + 8;
    set_mode(M_RUN, W_ADDR);
    sw_acquire(GPU);
    load_chk("GPU load 0x400", 2, 'h400, 0, pat('h400, 0));
    load_chk("GPU load 0x401", 3, 'h401, 0, pat('h401, 0));
    load_chk("GPU load unrelated 0xF00", 2, 'hF00, 0, pat('hF00, 0));
    sw_release(GPU);
    sw_acquire(CPU);
    for (int i = 0; i < n; i++) store(i % 2, 'h400 + i, 0, 32'h0B00_0000 + i, 4'hf);
    wr("HIST_EN = 0", CPU, A_CC_CPU, 0, OKAY);
    wr("HIST_RX = 1", CPU, A_HIST_RX, 1, OKAY);
    poll_clear(CPU, 32'h4);
    rd("STATUS: ovf CPU, owner 1, last id 2", CPU, A_STATUS, 32'h160, OKAY);
    cnt_chk("HIST_ENTRIES = HistCap + 8", K_HIST_ENTRIES, n);
    cnt_chk("HIST_OVERFLOWS = 8", K_HIST_OVF, 8);
    cnt_chk("HIST_COUNT_CPU = HistCap (full)", K_HCNT_CPU, HistCap);
    bad_wr("MODE rejected while ovf/non-empty", CPU, A_MODE, 0, 4'hf);
    wr("INV_START = 1", CPU, A_INV_START, 1, OKAY);
    poll_clear(CPU, 32'h1);
    chk("one probe", np, 1);
    chk("probe first 0", pr_first[0], 0);
    chk("probe n = 2^26", pr_n[0], 27'h400_0000);
    chk("probe setwalk", pr_sw[0], 1);
    rd("STATUS: ovf cleared, inv_done", CPU, A_STATUS, 32'h112, OKAY);
    cnt_chk("PROBES 1", K_PROBES, 1);
    cnt_chk("PROBE_LINES = TOTAL_LINES[GPU]", K_PROBE_LINES, GpuTotal);
    cnt_chk("INV_HITS (3 lines x 2)", K_INV_HITS, 6);
    cnt_chk("OVER_INV = hits of the all-probe", K_OVER_INV, 6);
    cnt_chk("HIST_COUNT_CPU emptied", K_HCNT_CPU, 0);
    rd("GPU TAG_LOOKUPS (one set walk)", CPU, A_CC_GPU + 8, GpuSetWalkLookups, OKAY);
    dbg_chk("unrelated 0xF00 invalidated too", GPU, 'hF00, 0);
    dbg_chk("0x401 invalidated", GPU, 'h401, 0);
    wr("LOCK = 0", CPU, A_LOCK, 0, OKAY);
    // the GPU reads new values; next CPU epoch is back to range probes (fallback once)
    sw_acquire(GPU);
    load_chk("GPU load 0x400", 2, 'h400, 0, 32'h0B00_0000);
    load_chk("GPU load last line", 3, 'h400 + n - 1, 0, 32'h0B00_0000 + n - 1);
    load_chk("GPU load 0x700", 2, 'h700, 0, pat('h700, 0));
    load_chk("GPU load 0x702", 2, 'h702, 0, pat('h702, 0));
    sw_release(GPU);
    sw_acquire(CPU);
    store(0, 'h700, 0, 32'h0C00_0700, 4'hf);
    store(1, 'h701, 0, 32'h0C00_0701, 4'hf);
    sw_release(CPU);
    chk("second epoch: one more probe", np, 2);
    chk("second epoch probe first", pr_first[1], 'h700);
    chk("second epoch probe n", pr_n[1], 2);
    cnt_chk("PROBE_LINES", K_PROBE_LINES, GpuTotal + 2);
    dbg_chk("0x702 kept", GPU, 'h702, 1);
    dbg_chk("0x700 invalidated", GPU, 'h700, 0);
    rd("STATUS: no ovf", CPU, A_STATUS, 32'h10, OKAY);
    end_test();
  endtask

  // Test 10: range-table overflow (merge): RtCap + 1 ranges; the smallest gap (1 line, the
  // last one) is merged: over_inv += 1, hist_overflows 1, no ovf flag, 0x271 over-invalidated.
  task automatic t_merge_overflow;
    int last;
    begin_test("merge_overflow");
    set_mode(M_MERGE, W_ADDR);
    last = 'h200 + 16 * (RtCap - 1);
    sw_acquire(GPU);
    load_chk("GPU load 0x200", 2, 'h200, 0, pat('h200, 0));
    load_chk("GPU load gap line", 3, last + 1, 0, pat(last + 1, 0));
    load_chk("GPU load last line", 4, last + 2, 0, pat(last + 2, 0));
    load_chk("GPU load 0x205 (no range)", 5, 'h205, 0, pat('h205, 0));
    sw_release(GPU);
    sw_acquire(CPU);
    for (int i = 0; i < RtCap; i++) store(i % 2, 'h200 + 16 * i, 0, 32'h0D00_0000 + i, 4'hf);
    store(0, last + 2, 0, 32'h0D00_00FF, 4'hf);
    wr("HIST_EN = 0", CPU, A_CC_CPU, 0, OKAY);
    wr("HIST_RX = 1", CPU, A_HIST_RX, 1, OKAY);
    poll_clear(CPU, 32'h4);
    rd("STATUS: no ovf flag in merge mode", CPU, A_STATUS, 32'h120, OKAY);
    cnt_chk("HIST_COUNT_CPU = RtCap", K_HCNT_CPU, RtCap);
    cnt_chk("HIST_OVERFLOWS 1 (forced merge)", K_HIST_OVF, 1);
    cnt_chk("OVER_INV 1 (gap line)", K_OVER_INV, 1);
    wr("INV_START = 1", CPU, A_INV_START, 1, OKAY);
    poll_clear(CPU, 32'h1);
    wr("LOCK = 0", CPU, A_LOCK, 0, OKAY);
    chk("RtCap probes", np, RtCap);
    for (int k = 0; k < RtCap - 1 && k < np; k++) probe_chk(k, 'h200 + 16 * k, 1, 0);
    if (np >= RtCap) probe_chk(RtCap - 1, last, 3, 0);
    cnt_chk("PROBE_LINES", K_PROBE_LINES, RtCap + 2);
    cnt_chk("INV_HITS (3 lines x 2)", K_INV_HITS, 6);
    cnt_chk("OVER_INV still 1 (range probes add none)", K_OVER_INV, 1);
    dbg_chk("gap line invalidated", GPU, last + 1, 0);
    dbg_chk("0x205 kept", GPU, 'h205, 1);
    sw_acquire(GPU);
    load_chk("GPU load last line", 3, last + 2, 0, 32'h0D00_00FF);
    load_chk("GPU load gap line (memory value)", 2, last + 1, 0, pat(last + 1, 0));
    sw_release(GPU);
    end_test();
  endtask

  // Test 11: max_range split and walk=auto: MaxRange + 4 consecutive lines in run mode ->
  // (F, MaxRange) with set walk (n > SMAX), then (F + MaxRange, 4) with address walk.
  task automatic t_max_range_auto(input string name, input int mode);
    int f, n;
    begin_test(name);
    f = 'h800;
    n = MaxRange + 4;
    set_mode(mode, W_AUTO);
    sw_acquire(GPU);
    load_chk("GPU load first", 2, f, 0, pat(f, 0));
    load_chk("GPU load F+MaxRange-1", 2, f + MaxRange - 1, 0, pat(f + MaxRange - 1, 0));
    load_chk("GPU load F+MaxRange", 3, f + MaxRange, 0, pat(f + MaxRange, 0));
    load_chk("GPU load last", 3, f + n - 1, 0, pat(f + n - 1, 0));
    load_chk("GPU load after last", 4, f + n, 0, pat(f + n, 0));
    sw_release(GPU);
    sw_acquire(CPU);
    for (int i = 0; i < n; i++) store(i % 2, f + i, 0, 32'h0E00_0000 + i, 4'hf);
    sw_release(CPU);
    chk("two probes", np, 2);
    if (np >= 2) begin
      probe_chk(0, f, MaxRange, MaxRange > GpuSMax);
      probe_chk(1, f + MaxRange, 4, 4 > GpuSMax);
    end
    cnt_chk("PROBE_LINES", K_PROBE_LINES, n);
    cnt_chk("INV_HITS (4 lines x 2)", K_INV_HITS, 8);
    rd("GPU TAG_LOOKUPS (set walk + 4 address steps)", CPU, A_CC_GPU + 8,
       GpuSetWalkLookups + 4 * GpuAddrLookups, OKAY);
    dbg_chk("line after the range kept", GPU, f + n, 1);
    dbg_chk("last line invalidated", GPU, f + n - 1, 0);
    sw_acquire(GPU);
    load_chk("GPU load F+MaxRange", 2, f + MaxRange, 0, 32'h0E00_0000 + MaxRange);
    sw_release(GPU);
    end_test();
  endtask

  // =========================================================================================
  string only;
  bit    all;
  initial begin
    if (!$value$plusargs("break=%d", break_at)) break_at = 0;
    verbose = $test$plusargs("verbose");
    trace = $test$plusargs("trace");
    all = !$value$plusargs("test=%s", only);
    $display("rinv_top directed tests, fpga configuration (GPU SMAX %0d, TOTAL_LINES %0d)",
             GpuSMax, GpuTotal);
    if (all || only == "reset_values") t_reset_values();
    if (all || only == "bad_accesses") t_bad_accesses();
    if (all || only == "lock_rules") t_lock_rules();
    if (all || only == "inv_line") t_release_inv("inv_line", M_LINE, W_ADDR);
    if (all || only == "inv_run") t_release_inv("inv_run", M_RUN, W_ADDR);
    if (all || only == "inv_merge") t_release_inv("inv_merge", M_MERGE, W_ADDR);
    if (all || only == "inv_merge_set") t_release_inv("inv_merge_set", M_MERGE, W_SET);
    if (all || only == "partial_strobe") t_partial_strobe();
    if (all || only == "hist_overflow_fifo") t_hist_overflow();
    if (all || only == "merge_overflow") t_merge_overflow();
    if (all || only == "max_range_auto_run") t_max_range_auto("max_range_auto_run", M_RUN);
    if (tests_passed + tests_failed == 0) begin
      $display("FAIL no test named '%s'", only);
      tests_failed = 1;
    end
    $display("%0d passed, %0d failed", tests_passed, tests_failed);
    $finish;
  end

endmodule

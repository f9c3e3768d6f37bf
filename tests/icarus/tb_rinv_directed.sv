// Directed, self-checking tests of rinv_top alone (no C model, no DPI), fpga configuration.
// Runs under Icarus 11 (`iverilog -g2012`, `vvp`) and Verilator (`--binary --timing`):
//   make icarus-test            make vdirected            (docs/VERIFICATION.md, "Directed tests")
// Plusargs: +test=NAME (one test only), +break=K (invert the expectation of check K of every
// selected test: that test must then FAIL), +verbose (print every check).
// Every expectation below is written from docs/REGISTERS.md and docs/ARCHITECTURE.md.
// Output: one "PASS name (n checks)" / "FAIL name (k of n checks failed)" line per test,
// detail lines "  x name: ..." for failing checks, then exactly "N passed, M failed".
// Deliberately plain SystemVerilog (tasks, logic, always blocks) for Icarus 11.
// This file: configuration, DUT, behavioural memory, probe monitor, bookkeeping, the test
// list. Included inside the module (the make rules pass -I tests/icarus):
//   tb_rinv_tasks.svh  checker, test start/end, AXI4-Lite, core-port and debug-peek tasks,
//                      the software sequences
//   tb_rinv_tests.svh  the tests (one task each)
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
`ifdef RINV_V2
  logic [rinv_pkg::NStall-1:0] stall = '0;
`else
  logic [9:0]       stall = '0;
`endif
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

`ifdef RINV_V2
  logic [3:0]        fe_lreq_valid, fe_lreq_ready, fe_tresp_valid, fe_tresp_ready;
  logic [3:0][25:0]  fe_lreq_line;
  logic              fe_grant;
  logic [1:0]        fe_grant_cu;
  logic [11:0][31:0] fe_st;
`endif

  rinv_top #(
    .CpuL1Sets(CpuL1Sets), .CpuL1Ways(CpuL1Ways), .CpuL2Sets(CpuL2Sets), .CpuL2Ways(CpuL2Ways),
    .GpuL1Sets(GpuL1Sets), .GpuL1Ways(GpuL1Ways), .GpuL2Sets(GpuL2Sets), .GpuL2Ways(GpuL2Ways),
    .CpuL1Lat(rinv_pkg::FpgaCpuL1Lat), .CpuL2Lat(rinv_pkg::FpgaCpuL2Lat),
    .GpuL1Lat(rinv_pkg::FpgaGpuL1Lat), .GpuL2Lat(rinv_pkg::FpgaGpuL2Lat),
    .RecCap(rinv_pkg::FpgaRecCap), .HistCap(HistCap), .RtCap(RtCap), .MaxRange(MaxRange)
`ifdef RINV_V2
    , .WalkLanes(rinv_pkg::FpgaWalkLanes), .ProbeInflight(rinv_pkg::FpgaProbeInflight),
    .RtScan(rinv_pkg::FpgaRtScan), .TagOreg(rinv_pkg::FpgaTagOreg),
    .WaveSize(rinv_pkg::FpgaWaveSize), .CoalTokens(rinv_pkg::FpgaCoalTokens),
    .CoalLines(rinv_pkg::FpgaCoalLines), .TcpMshrs(rinv_pkg::FpgaTcpMshrs)
`endif
  ) dut (
    .clk_i(clk), .rst_ni(rst_n),
    .stall_i(stall),
    .port_req_valid_i(port_req_valid), .port_req_we_i(port_req_we),
    .port_req_addr_i(port_req_addr), .port_req_wdata_i(port_req_wdata),
    .port_req_wstrb_i(port_req_wstrb), .port_resp_ready_i(port_resp_ready),
`ifdef RINV_V2
    .port_req_last_i(6'h3f),  // every lane op is its own instruction (v3 §2)
`endif
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
`ifdef RINV_V2
    // the GPU front end's outputs (v3 §11): not checked here (the lockstep compares them)
    , .gpu_lreq_valid_o(fe_lreq_valid), .gpu_lreq_ready_o(fe_lreq_ready),
    .gpu_lreq_line_o(fe_lreq_line), .gpu_tresp_valid_o(fe_tresp_valid),
    .gpu_tresp_ready_o(fe_tresp_ready), .tcc_grant_o(fe_grant), .tcc_grant_cu_o(fe_grant_cu),
    .stat_gpu_insts_o(fe_st[0]), .stat_gpu_lane_ops_o(fe_st[1]),
    .stat_gpu_line_reqs_o(fe_st[2]), .stat_coal_splits_o(fe_st[3]),
    .stat_tcp_hits_o(fe_st[4]), .stat_tcp_alias_waits_o(fe_st[5]),
    .stat_tcp_mshr_full_o(fe_st[6]), .stat_tcp_hold_waits_o(fe_st[7]),
    .stat_tcp_mshr_max_o(fe_st[8]), .stat_tcc_arb_waits_o(fe_st[9]),
    .stat_gpu_probe_waits_o(fe_st[10]), .stat_tcp_kinv_o(fe_st[11])
`endif
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

  // ---- input driver: the tasks stage the DUT inputs (s_*) between edges (after a rising edge)
  // and this static process applies them at the next falling edge. Every input is thus written
  // by one clocked process and is stable from the falling edge to the sampling rising edge.
  // (Verilator 5.006 --timing does not schedule combinational logic whose only inputs are
  // variables written by the tasks' timing-controlled code: such logic kept its time-0 value.)
`ifdef RINV_V2
  logic [rinv_pkg::NStall-1:0] s_stall = '0;
`else
  logic [9:0]       s_stall = '0;
`endif
  logic             s_rst_n = 1'b0, s_mem_stall = 1'b0;
  logic [5:0]       s_port_req_valid = '0, s_port_req_we = '0;
  logic [5:0][31:0] s_port_req_addr = '0, s_port_req_wdata = '0;
  logic [5:0][3:0]  s_port_req_wstrb = '0;
  logic             s_awvalid = 1'b0, s_awuser = 1'b0, s_wvalid = 1'b0, s_arvalid = 1'b0;
  logic             s_aruser = 1'b0;
  logic [31:0]      s_awaddr = '0, s_wdata = '0, s_araddr = '0;
  logic [3:0]       s_wstrb = '0;
  logic [1:0][25:0] s_dbg_line = '0;

  always @(negedge clk) begin : driver
    rst_n          <= s_rst_n;
    stall          <= s_stall;
    mem_stall      <= s_mem_stall;
    port_req_valid <= s_port_req_valid;
    port_req_we    <= s_port_req_we;
    port_req_addr  <= s_port_req_addr;
    port_req_wdata <= s_port_req_wdata;
    port_req_wstrb <= s_port_req_wstrb;
    awvalid <= s_awvalid; awaddr <= s_awaddr; awuser <= s_awuser;
    wvalid  <= s_wvalid;  wdata  <= s_wdata;  wstrb  <= s_wstrb;
    arvalid <= s_arvalid; araddr <= s_araddr; aruser <= s_aruser;
    dbg_line <= s_dbg_line;
  end

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
      $write("  [%0d] preq v%b r%b rsp v%b | cc v%b r%b we%b | ", cyc, port_req_valid,
             port_req_ready, port_resp_valid, cc_req_valid, cc_req_ready, cc_req_we);
      $display("mem v%b r%b we%b l%0h rv%b | fill v%b r%b | hist v%b r%b | go%b done%b",
               mem_req_valid, mem_req_ready, mem_req_we, mem_req_line, mem_resp_valid,
               fill_valid, fill_ready, hist_valid, hist_ready, hist_go, hist_done);
    end
  end

  // ---- checker, drivers and software sequences; the tests ---------------------------------
  `include "tb_rinv_tasks.svh"
  `include "tb_rinv_tests.svh"

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

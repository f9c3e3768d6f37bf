// ULX3S board top (docs/FPGA.md): rinv_top in its fpga configuration, the UART <->
// AXI4-Lite bridge on the FTDI USB UART, a block-RAM line memory, the trace-replay engine
// and status LEDs.
//
// Bridge address map: bit 31 clear -> rinv_top's AXI4-Lite slave (0x4000_0000 window,
// docs/REGISTERS.md); bit 31 set -> trace-replay registers (0x8000_0000, trace_replay.sv).
// LEDs: 0 CPU owns the lock, 1 GPU owns it, 2 invalidation busy (stretched), 3 replay busy
// (stretched), 4 inv_done, 5 CPU HIST_EN, 6 GPU HIST_EN, 7 heartbeat.
// Reset: power-on, PLL not locked, or FIRE1 (btn[1]) pressed.
module ulx3s_top #(
  parameter bit UsePll      = 1'b1,
  parameter int ClkiDiv     = 1,        // core clock = 25 MHz / ClkiDiv * FbDiv (pll.sv,
  parameter int FbDiv       = 2,        //   dividers from fpga/pll_calc.py; default 50 MHz)
  parameter int OpDiv       = 12,
  parameter int Baud        = 115200,
  parameter int ClksPerBit  = 0,        // 0: derived from the clock and Baud
  parameter int MemLineIdxW = 11,       // 2048 lines = 128 KiB of line memory
  parameter int TraceDepth  = 1024,
  parameter int StretchW    = 22,       // LED pulse stretch: 2^StretchW cycles
  localparam int ClkHz      = UsePll ? 25_000_000 / ClkiDiv * FbDiv : 25_000_000,
  localparam int Cpb        = (ClksPerBit != 0) ? ClksPerBit : (ClkHz + Baud / 2) / Baud
) (
  input  logic       clk_25mhz,
  input  logic [6:0] btn,
  output logic [7:0] led,
  input  logic       ftdi_txd,   // FTDI TXD: host -> FPGA
  output logic       ftdi_rxd,   // FTDI RXD: FPGA -> host
  output logic       wifi_gpio0
);

  // ---- clock and reset -------------------------------------------------------------------
  logic       clk, locked, rst_n;
  logic [7:0] por_q;
  logic [1:0] rst_sync_q = 2'b00;

  pll #(
    .UsePll  (UsePll),
    .ClkiDiv (ClkiDiv),
    .FbDiv   (FbDiv),
    .OpDiv   (OpDiv)
  ) u_pll (
    .clk_i    (clk_25mhz),
    .clk_o    (clk),
    .locked_o (locked)
  );

  initial por_q = '0;
  always_ff @(posedge clk) begin
    if (!locked || btn[1]) begin
      por_q <= '0;
    end else if (!por_q[7]) begin
      por_q <= por_q + 1'b1;
    end
  end

  always_ff @(posedge clk) begin
    rst_sync_q <= por_q[7] ? {rst_sync_q[0], 1'b1} : 2'b00;
  end
  assign rst_n      = rst_sync_q[1];
  assign wifi_gpio0 = 1'b1;

  // ---- UART bridge -----------------------------------------------------------------------
  logic        m_awvalid, m_awready, m_awuser, m_wvalid, m_wready, m_bvalid, m_bready;
  logic        m_arvalid, m_arready, m_aruser, m_rvalid, m_rready, bridge_cmd;
  logic [31:0] m_awaddr, m_wdata, m_araddr, m_rdata;
  logic [3:0]  m_wstrb;
  logic [1:0]  m_bresp, m_rresp;

  uart_axil_bridge #(
    .ClksPerBit (Cpb)
  ) u_bridge (
    .clk_i       (clk),
    .rst_ni      (rst_n),
    .rx_i        (ftdi_txd),
    .tx_o        (ftdi_rxd),
    .m_awvalid_o (m_awvalid),
    .m_awaddr_o  (m_awaddr),
    .m_awuser_o  (m_awuser),
    .m_awready_i (m_awready),
    .m_wvalid_o  (m_wvalid),
    .m_wdata_o   (m_wdata),
    .m_wstrb_o   (m_wstrb),
    .m_wready_i  (m_wready),
    .m_bvalid_i  (m_bvalid),
    .m_bresp_i   (m_bresp),
    .m_bready_o  (m_bready),
    .m_arvalid_o (m_arvalid),
    .m_araddr_o  (m_araddr),
    .m_aruser_o  (m_aruser),
    .m_arready_i (m_arready),
    .m_rvalid_i  (m_rvalid),
    .m_rdata_i   (m_rdata),
    .m_rresp_i   (m_rresp),
    .m_rready_o  (m_rready),
    .cmd_o       (bridge_cmd)
  );

  // ---- address decode (the bridge holds its address for a whole transaction) ---------------
  logic        sel_w, sel_r;  // 1: trace-replay window
  logic        c_awready, c_wready, c_bvalid, c_arready, c_rvalid;
  logic [1:0]  c_bresp, c_rresp;
  logic [31:0] c_rdata;
  logic        t_awready, t_wready, t_bvalid, t_arready, t_rvalid;
  logic [1:0]  t_bresp, t_rresp;
  logic [31:0] t_rdata;

  assign sel_w     = m_awaddr[31];
  assign sel_r     = m_araddr[31];
  assign m_awready = sel_w ? t_awready : c_awready;
  assign m_wready  = sel_w ? t_wready : c_wready;
  assign m_bvalid  = sel_w ? t_bvalid : c_bvalid;
  assign m_bresp   = sel_w ? t_bresp : c_bresp;
  assign m_arready = sel_r ? t_arready : c_arready;
  assign m_rvalid  = sel_r ? t_rvalid : c_rvalid;
  assign m_rdata   = sel_r ? t_rdata : c_rdata;
  assign m_rresp   = sel_r ? t_rresp : c_rresp;

  // ---- trace replay ----------------------------------------------------------------------
  logic [5:0]       preq_valid, preq_we, preq_ready, presp_valid, presp_ready;
  logic [5:0][31:0] preq_addr, preq_wdata, presp_rdata;
  logic [5:0][3:0]  preq_wstrb;
  logic             replay_busy;

  trace_replay #(
    .Depth (TraceDepth)
  ) u_replay (
    .clk_i             (clk),
    .rst_ni            (rst_n),
    .s_awvalid_i       (m_awvalid && sel_w),
    .s_awaddr_i        (m_awaddr),
    .s_awready_o       (t_awready),
    .s_wvalid_i        (m_wvalid && sel_w),
    .s_wdata_i         (m_wdata),
    .s_wready_o        (t_wready),
    .s_bvalid_o        (t_bvalid),
    .s_bresp_o         (t_bresp),
    .s_bready_i        (m_bready && sel_w),
    .s_arvalid_i       (m_arvalid && sel_r),
    .s_araddr_i        (m_araddr),
    .s_arready_o       (t_arready),
    .s_rvalid_o        (t_rvalid),
    .s_rdata_o         (t_rdata),
    .s_rresp_o         (t_rresp),
    .s_rready_i        (m_rready && sel_r),
    .port_req_valid_o  (preq_valid),
    .port_req_we_o     (preq_we),
    .port_req_addr_o   (preq_addr),
    .port_req_wdata_o  (preq_wdata),
    .port_req_wstrb_o  (preq_wstrb),
    .port_req_ready_i  (preq_ready),
    .port_resp_valid_i (presp_valid),
    .port_resp_rdata_i (presp_rdata),
    .port_resp_ready_o (presp_ready),
    .busy_o            (replay_busy)
  );

  // ---- memory ------------------------------------------------------------------------------
  logic         mem_req_valid, mem_req_we, mem_req_ready, mem_resp_valid;
  logic [25:0]  mem_req_line;
  logic [511:0] mem_req_wdata, mem_resp_rdata;
  logic [63:0]  mem_req_wmask;

  mem_bram #(
    .MemLat   (rinv_pkg::FpgaMemLat),
    .LineIdxW (MemLineIdxW)
  ) u_mem (
    .clk_i        (clk),
    .rst_ni       (rst_n),
    .req_valid_i  (mem_req_valid),
    .req_we_i     (mem_req_we),
    .req_line_i   (mem_req_line),
    .req_wdata_i  (mem_req_wdata),
    .req_wmask_i  (mem_req_wmask),
    .req_ready_o  (mem_req_ready),
    .resp_valid_o (mem_resp_valid),
    .resp_rdata_o (mem_resp_rdata)
  );

  // ---- the subsystem (fpga configuration) -----------------------------------------------------
  logic [1:0]       cc_req_valid, cc_req_ready, cc_req_we, fill_valid, fill_ready;
  logic [1:0]       hist_valid, hist_ready, hist_last, hist_go, hist_done;
  logic [1:0]       probe_valid, probe_ready, probe_setwalk, ack_valid, ack_ready;
  logic [1:0]       dbg_valid, lock_owner, hist_en;
  logic [1:0][25:0] cc_req_line, hist_line, probe_first, inv_line;
  logic [1:0][63:0] cc_req_wmask;
  logic [1:0][26:0] probe_nlines;
  logic [1:0][31:0] ack_hits, stat_tag_lookups;
  logic [1:0][7:0]  inv_count;
  logic [1:0][15:0] rec_count, hist_count;
  logic             inv_busy, inv_done;
  logic [31:0]      stat_probes, stat_probe_lines, stat_inv_hits, stat_over_inv;
  logic [31:0]      stat_hist_entries, stat_hist_overflows, stat_inv_cycles;
  logic [31:0]      stat_inv_cycles_last, stat_releases, stat_errors;

`ifdef RINV_V2
  // GPU front end outputs (v3 §11), not observed here
  logic [3:0]                          fe_lreq_valid, fe_lreq_ready, fe_tresp_valid, fe_tresp_ready;
  logic [3:0][rinv_pkg::LineW-1:0]     fe_lreq_line;
  logic                                fe_grant;
  logic [1:0]                          fe_grant_cu;
  logic [11:0][31:0]                   fe_stat;
  logic                                unused_fe;
  assign unused_fe = ^{fe_lreq_valid, fe_lreq_ready, fe_tresp_valid, fe_tresp_ready,
                       fe_lreq_line, fe_grant, fe_grant_cu, fe_stat};
`endif

  rinv_top #(
    .CpuL1Sets (rinv_pkg::FpgaCpuL1Sets),
    .CpuL1Ways (rinv_pkg::FpgaCpuL1Ways),
    .CpuL2Sets (rinv_pkg::FpgaCpuL2Sets),
    .CpuL2Ways (rinv_pkg::FpgaCpuL2Ways),
    .GpuL1Sets (rinv_pkg::FpgaGpuL1Sets),
    .GpuL1Ways (rinv_pkg::FpgaGpuL1Ways),
    .GpuL2Sets (rinv_pkg::FpgaGpuL2Sets),
    .GpuL2Ways (rinv_pkg::FpgaGpuL2Ways),
    .CpuL1Lat  (rinv_pkg::FpgaCpuL1Lat),
    .CpuL2Lat  (rinv_pkg::FpgaCpuL2Lat),
    .GpuL1Lat  (rinv_pkg::FpgaGpuL1Lat),
    .GpuL2Lat  (rinv_pkg::FpgaGpuL2Lat),
    .RecCap    (rinv_pkg::FpgaRecCap),
    .HistCap   (rinv_pkg::FpgaHistCap),
    .RtCap     (rinv_pkg::FpgaRtCap),
`ifdef RINV_V2
    // v2 (the default build, SYN_DEFS in mk/config.mk): the walk lanes, the probes in flight
    // and the range-table scan width of the fpga configuration; left at their defaults these
    // would be gem5's (RtScan 16 > RtCap 8: an illegal table that never finishes an insert)
    .WalkLanes     (rinv_pkg::FpgaWalkLanes),
    .ProbeInflight (rinv_pkg::FpgaProbeInflight),
    .RtScan        (rinv_pkg::FpgaRtScan),
    .TagOreg       (rinv_pkg::FpgaTagOreg),
    // GPU front end (ARCHITECTURE_v3_gpu_frontend.md §10)
    .WaveSize      (rinv_pkg::FpgaWaveSize),
    .CoalTokens    (rinv_pkg::FpgaCoalTokens),
    .CoalLines     (rinv_pkg::FpgaCoalLines),
    .TcpMshrs      (rinv_pkg::FpgaTcpMshrs),
`endif
    .MaxRange  (rinv_pkg::FpgaMaxRange)
  ) u_rinv (
    .clk_i                  (clk),
    .rst_ni                 (rst_n),
    .stall_i                ('0),
    .port_req_valid_i       (preq_valid),
    .port_req_we_i          (preq_we),
    .port_req_addr_i        (preq_addr),
    .port_req_wdata_i       (preq_wdata),
    .port_req_wstrb_i       (preq_wstrb),
`ifdef RINV_V2
    // trace_replay drives one lane op per instruction: every op is the last of its own (v3 §2)
    .port_req_last_i        ({6{1'b1}}),
`endif
    .port_resp_ready_i      (presp_ready),
    .axi_awvalid_i          (m_awvalid && !sel_w),
    .axi_awaddr_i           (m_awaddr),
    .axi_awuser_i           (m_awuser),
    .axi_wvalid_i           (m_wvalid && !sel_w),
    .axi_wdata_i            (m_wdata),
    .axi_wstrb_i            (m_wstrb),
    .axi_bready_i           (m_bready && !sel_w),
    .axi_arvalid_i          (m_arvalid && !sel_r),
    .axi_araddr_i           (m_araddr),
    .axi_aruser_i           (m_aruser),
    .axi_rready_i           (m_rready && !sel_r),
    .mem_req_ready_i        (mem_req_ready),
    .mem_resp_valid_i       (mem_resp_valid),
    .mem_resp_rdata_i       (mem_resp_rdata),
    .dbg_line_i             ('0),
    .port_req_ready_o       (preq_ready),
    .port_resp_valid_o      (presp_valid),
    .port_resp_rdata_o      (presp_rdata),
    .axi_awready_o          (c_awready),
    .axi_wready_o           (c_wready),
    .axi_bvalid_o           (c_bvalid),
    .axi_bresp_o            (c_bresp),
    .axi_arready_o          (c_arready),
    .axi_rvalid_o           (c_rvalid),
    .axi_rdata_o            (c_rdata),
    .axi_rresp_o            (c_rresp),
    .mem_req_valid_o        (mem_req_valid),
    .mem_req_we_o           (mem_req_we),
    .mem_req_line_o         (mem_req_line),
    .mem_req_wdata_o        (mem_req_wdata),
    .mem_req_wmask_o        (mem_req_wmask),
    .cc_req_valid_o         (cc_req_valid),
    .cc_req_ready_o         (cc_req_ready),
    .cc_req_we_o            (cc_req_we),
    .cc_req_line_o          (cc_req_line),
    .cc_req_wmask_o         (cc_req_wmask),
    .fill_valid_o           (fill_valid),
    .fill_ready_o           (fill_ready),
    .hist_valid_o           (hist_valid),
    .hist_ready_o           (hist_ready),
    .hist_last_o            (hist_last),
    .hist_line_o            (hist_line),
    .hist_go_o              (hist_go),
    .hist_done_o            (hist_done),
    .probe_valid_o          (probe_valid),
    .probe_ready_o          (probe_ready),
    .probe_first_o          (probe_first),
    .probe_nlines_o         (probe_nlines),
    .probe_setwalk_o        (probe_setwalk),
    .ack_valid_o            (ack_valid),
    .ack_ready_o            (ack_ready),
    .ack_hits_o             (ack_hits),
    .inv_count_o            (inv_count),
    .inv_line_o             (inv_line),
    .dbg_valid_o            (dbg_valid),
    .lock_owner_o           (lock_owner),
    .inv_busy_o             (inv_busy),
    .inv_done_o             (inv_done),
    .hist_en_o              (hist_en),
    .rec_count_o            (rec_count),
    .hist_count_o           (hist_count),
    .stat_probes_o          (stat_probes),
    .stat_probe_lines_o     (stat_probe_lines),
    .stat_inv_hits_o        (stat_inv_hits),
    .stat_over_inv_o        (stat_over_inv),
    .stat_hist_entries_o    (stat_hist_entries),
    .stat_hist_overflows_o  (stat_hist_overflows),
    .stat_inv_cycles_o      (stat_inv_cycles),
    .stat_inv_cycles_last_o (stat_inv_cycles_last),
    .stat_releases_o        (stat_releases),
    .stat_errors_o          (stat_errors),
    .stat_tag_lookups_o     (stat_tag_lookups)
`ifdef RINV_V2
    // GPU front end (v3 §11): channels and statistics the board does not read
    , .gpu_lreq_valid_o     (fe_lreq_valid),
    .gpu_lreq_ready_o       (fe_lreq_ready),
    .gpu_lreq_line_o        (fe_lreq_line),
    .gpu_tresp_valid_o      (fe_tresp_valid),
    .gpu_tresp_ready_o      (fe_tresp_ready),
    .tcc_grant_o            (fe_grant),
    .tcc_grant_cu_o         (fe_grant_cu),
    .stat_gpu_insts_o       (fe_stat[0]),
    .stat_gpu_lane_ops_o    (fe_stat[1]),
    .stat_gpu_line_reqs_o   (fe_stat[2]),
    .stat_coal_splits_o     (fe_stat[3]),
    .stat_tcp_hits_o        (fe_stat[4]),
    .stat_tcp_alias_waits_o (fe_stat[5]),
    .stat_tcp_mshr_full_o   (fe_stat[6]),
    .stat_tcp_hold_waits_o  (fe_stat[7]),
    .stat_tcp_mshr_max_o    (fe_stat[8]),
    .stat_tcc_arb_waits_o   (fe_stat[9]),
    .stat_gpu_probe_waits_o (fe_stat[10]),
    .stat_tcp_kinv_o        (fe_stat[11])
`endif
  );

  // Observation outputs the board does not use (read through the registers instead).
  logic unused_obs;
  assign unused_obs = ^{cc_req_valid, cc_req_ready, cc_req_we, fill_valid, fill_ready,
                        hist_valid, hist_ready, hist_last, hist_go, hist_done, probe_valid,
                        probe_ready, probe_setwalk, ack_valid, ack_ready, dbg_valid,
                        cc_req_line, hist_line, probe_first, inv_line, cc_req_wmask,
                        probe_nlines, ack_hits, stat_tag_lookups, inv_count, rec_count,
                        hist_count, stat_probes, stat_probe_lines, stat_inv_hits,
                        stat_over_inv, stat_hist_entries, stat_hist_overflows,
                        stat_inv_cycles, stat_inv_cycles_last, stat_releases, stat_errors,
                        btn[6:2], btn[0]};

  // ---- LEDs ----------------------------------------------------------------------------------
  logic [StretchW-1:0] inv_str_q, rep_str_q, beat_q;

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      inv_str_q <= '0;
      rep_str_q <= '0;
      beat_q    <= '0;
    end else begin
      beat_q    <= beat_q + 1'b1;
      inv_str_q <= inv_busy ? '1 : (inv_str_q != '0 ? inv_str_q - 1'b1 : '0);
      rep_str_q <= (replay_busy || bridge_cmd) ? '1 :
                   (rep_str_q != '0 ? rep_str_q - 1'b1 : '0);
    end
  end

  assign led = {beat_q[StretchW-1], hist_en[1], hist_en[0], inv_done, rep_str_q != '0,
                inv_str_q != '0, lock_owner == 2'd2, lock_owner == 2'd1};

endmodule : ulx3s_top

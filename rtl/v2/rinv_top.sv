// Top of the range-invalidation subsystem (ARCHITECTURE_v2.md §1, §2, §5).
// Ports are exactly the fields of rinv_in_t / rinv_out_t (tb/rinv_io_pkg.sv).
module rinv_top #(
  parameter int CpuL1Sets = rinv_pkg::Gem5CpuL1Sets,
  parameter int CpuL1Ways = rinv_pkg::Gem5CpuL1Ways,
  parameter int CpuL2Sets = rinv_pkg::Gem5CpuL2Sets,
  parameter int CpuL2Ways = rinv_pkg::Gem5CpuL2Ways,
  parameter int GpuL1Sets = rinv_pkg::Gem5GpuL1Sets,
  parameter int GpuL1Ways = rinv_pkg::Gem5GpuL1Ways,
  parameter int GpuL2Sets = rinv_pkg::Gem5GpuL2Sets,
  parameter int GpuL2Ways = rinv_pkg::Gem5GpuL2Ways,
  parameter int CpuL1Lat  = rinv_pkg::Gem5CpuL1Lat,
  parameter int CpuL2Lat  = rinv_pkg::Gem5CpuL2Lat,
  parameter int GpuL1Lat  = rinv_pkg::Gem5GpuL1Lat,
  parameter int GpuL2Lat  = rinv_pkg::Gem5GpuL2Lat,
  parameter int RecCap    = rinv_pkg::Gem5RecCap,
  parameter int HistCap   = rinv_pkg::Gem5HistCap,
  parameter int RtCap     = rinv_pkg::Gem5RtCap,
  parameter int MaxRange  = rinv_pkg::Gem5MaxRange,
  parameter int WalkLanes     = rinv_pkg::Gem5WalkLanes,
  parameter int ProbeInflight = rinv_pkg::Gem5ProbeInflight,
  parameter int RtScan        = rinv_pkg::Gem5RtScan,
  // tag_oreg (§3.1, round 5): output register after every tagst / rr cell (0 or 1)
  parameter int TagOreg       = rinv_pkg::Gem5TagOreg,
  // GPU front end (ARCHITECTURE_v3_gpu_frontend.md §10)
  parameter int WaveSize      = rinv_pkg::Gem5WaveSize,
  parameter int CoalTokens    = rinv_pkg::Gem5CoalTokens,
  parameter int CoalLines     = rinv_pkg::Gem5CoalLines,
  parameter int TcpMshrs      = rinv_pkg::Gem5TcpMshrs
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  // ---- rinv_in_t ----
  input  logic [rinv_pkg::NStall-1:0]     stall_i,
  input  logic [5:0]                      port_req_valid_i,
  input  logic [5:0]                      port_req_we_i,
  input  logic [5:0][rinv_pkg::AddrW-1:0] port_req_addr_i,
  input  logic [5:0][31:0]                port_req_wdata_i,
  input  logic [5:0][3:0]                 port_req_wstrb_i,
  input  logic [5:0]                      port_req_last_i,    // GPU ports only (v3 §2)
  input  logic [5:0]                      port_resp_ready_i,
  input  logic                            axi_awvalid_i,
  input  logic [31:0]                     axi_awaddr_i,
  input  logic                            axi_awuser_i,
  input  logic                            axi_wvalid_i,
  input  logic [31:0]                     axi_wdata_i,
  input  logic [3:0]                      axi_wstrb_i,
  input  logic                            axi_bready_i,
  input  logic                            axi_arvalid_i,
  input  logic [31:0]                     axi_araddr_i,
  input  logic                            axi_aruser_i,
  input  logic                            axi_rready_i,
  input  logic                            mem_req_ready_i,
  input  logic                            mem_resp_valid_i,
  input  rinv_pkg::ldata_t                mem_resp_rdata_i,
  input  logic [1:0][rinv_pkg::LineW-1:0] dbg_line_i,
  // ---- rinv_out_t ----
  output logic [5:0]                          port_req_ready_o,
  output logic [5:0]                          port_resp_valid_o,
  output logic [5:0][31:0]                    port_resp_rdata_o,
  output logic                                axi_awready_o,
  output logic                                axi_wready_o,
  output logic                                axi_bvalid_o,
  output logic [1:0]                          axi_bresp_o,
  output logic                                axi_arready_o,
  output logic                                axi_rvalid_o,
  output logic [31:0]                         axi_rdata_o,
  output logic [1:0]                          axi_rresp_o,
  output logic                                mem_req_valid_o,
  output logic                                mem_req_we_o,
  output rinv_pkg::line_t                     mem_req_line_o,
  output rinv_pkg::ldata_t                    mem_req_wdata_o,
  output rinv_pkg::lmask_t                    mem_req_wmask_o,
  output logic [1:0]                          cc_req_valid_o,
  output logic [1:0]                          cc_req_ready_o,
  output logic [1:0]                          cc_req_we_o,
  output logic [1:0][rinv_pkg::LineW-1:0]     cc_req_line_o,
  output logic [1:0][rinv_pkg::LineBytes-1:0] cc_req_wmask_o,
  output logic [1:0]                          fill_valid_o,
  output logic [1:0]                          fill_ready_o,
  output logic [1:0]                          hist_valid_o,
  output logic [1:0]                          hist_ready_o,
  output logic [1:0]                          hist_last_o,
  output logic [1:0][rinv_pkg::LineW-1:0]     hist_line_o,
  output logic [1:0]                          hist_go_o,
  output logic [1:0]                          hist_done_o,
  output logic [1:0]                          probe_valid_o,
  output logic [1:0]                          probe_ready_o,
  output logic [1:0][rinv_pkg::LineW-1:0]     probe_first_o,
  output logic [1:0][rinv_pkg::NlinesW-1:0]   probe_nlines_o,
  output logic [1:0]                          probe_setwalk_o,
  output logic [1:0]                          ack_valid_o,
  output logic [1:0]                          ack_ready_o,
  output logic [1:0][31:0]                    ack_hits_o,
  output logic [1:0][7:0]                     inv_count_o,
  output logic [1:0][rinv_pkg::LineW-1:0]     inv_line_o,
  output logic [1:0]                          dbg_valid_o,
  output logic [1:0]                          lock_owner_o,
  output logic                                inv_busy_o,
  output logic                                inv_done_o,
  output logic [1:0]                          hist_en_o,
  output logic [1:0][15:0]                    rec_count_o,
  output logic [1:0][15:0]                    hist_count_o,
  output logic [31:0]                         stat_probes_o,
  output logic [31:0]                         stat_probe_lines_o,
  output logic [31:0]                         stat_inv_hits_o,
  output logic [31:0]                         stat_over_inv_o,
  output logic [31:0]                         stat_hist_entries_o,
  output logic [31:0]                         stat_hist_overflows_o,
  output logic [31:0]                         stat_inv_cycles_o,
  output logic [31:0]                         stat_inv_cycles_last_o,
  output logic [31:0]                         stat_releases_o,
  output logic [31:0]                         stat_errors_o,
  output logic [1:0][31:0]                    stat_tag_lookups_o,
  output logic [3:0]                          gpu_lreq_valid_o,
  output logic [3:0]                          gpu_lreq_ready_o,
  output logic [3:0][rinv_pkg::LineW-1:0]     gpu_lreq_line_o,
  output logic [3:0]                          gpu_tresp_valid_o,
  output logic [3:0]                          gpu_tresp_ready_o,
  output logic                                tcc_grant_o,
  output logic [1:0]                          tcc_grant_cu_o,
  output logic [31:0]                         stat_gpu_insts_o,
  output logic [31:0]                         stat_gpu_lane_ops_o,
  output logic [31:0]                         stat_gpu_line_reqs_o,
  output logic [31:0]                         stat_coal_splits_o,
  output logic [31:0]                         stat_tcp_hits_o,
  output logic [31:0]                         stat_tcp_alias_waits_o,
  output logic [31:0]                         stat_tcp_mshr_full_o,
  output logic [31:0]                         stat_tcp_hold_waits_o,
  output logic [31:0]                         stat_tcp_mshr_max_o,
  output logic [31:0]                         stat_tcc_arb_waits_o,
  output logic [31:0]                         stat_gpu_probe_waits_o,
  output logic [31:0]                         stat_tcp_kinv_o
);

  localparam int NCpu = rinv_pkg::NCpuL1;
  localparam int NGpu = rinv_pkg::NGpuL1;

  // Per-side constants the directory needs (§5.3): SMAX and TOTAL_LINES of each side.
  localparam int SMax0  = (CpuL1Sets > CpuL2Sets) ? CpuL1Sets : CpuL2Sets;
  localparam int SMax1  = (GpuL1Sets > GpuL2Sets) ? GpuL1Sets : GpuL2Sets;
  localparam int Total0 = CpuL2Sets * CpuL2Ways + NCpu * CpuL1Sets * CpuL1Ways;
  localparam int Total1 = GpuL2Sets * GpuL2Ways + NGpu * GpuL1Sets * GpuL1Ways;

  // ---- legal configurations (ARCHITECTURE_v2.md §3.1), checked at elaboration --------------
  // The same rules as tools/gen_params.py, for an instantiation that does not come from
  // params/rinv.toml (a board top, a FuseSoC user): an illegal set stops Verilator, Yosys and
  // Icarus with the rule it breaks, instead of elaborating a design that hangs (as RtScan 16
  // with RtCap 8 once did). Yosys does not format %d: the messages name the parameters.
  localparam bit CfgPow2 =
      (CpuL1Sets > 0) && ((CpuL1Sets & (CpuL1Sets - 1)) == 0) &&
      (CpuL2Sets > 0) && ((CpuL2Sets & (CpuL2Sets - 1)) == 0) &&
      (GpuL1Sets > 0) && ((GpuL1Sets & (GpuL1Sets - 1)) == 0) &&
      (GpuL2Sets > 0) && ((GpuL2Sets & (GpuL2Sets - 1)) == 0) &&
      (CpuL1Ways > 0) && ((CpuL1Ways & (CpuL1Ways - 1)) == 0) &&
      (CpuL2Ways > 0) && ((CpuL2Ways & (CpuL2Ways - 1)) == 0) &&
      (GpuL1Ways > 0) && ((GpuL1Ways & (GpuL1Ways - 1)) == 0) &&
      (GpuL2Ways > 0) && ((GpuL2Ways & (GpuL2Ways - 1)) == 0);
  localparam bit CfgLat = (CpuL1Lat >= 1) && (CpuL1Lat <= 8) && (CpuL2Lat >= 1) &&
      (CpuL2Lat <= 8) && (GpuL1Lat >= 1) && (GpuL1Lat <= 8) && (GpuL2Lat >= 1) && (GpuL2Lat <= 8);
  localparam bit CfgLanes = ((WalkLanes == 1) || (WalkLanes == 2) || (WalkLanes == 4)) &&
      (WalkLanes <= CpuL1Sets) && (WalkLanes <= CpuL2Sets) && (WalkLanes <= GpuL1Sets) &&
      (WalkLanes <= GpuL2Sets) && (WalkLanes * (CpuL2Ways + NCpu * CpuL1Ways) <= 255) &&
      (WalkLanes * (GpuL2Ways + NGpu * GpuL1Ways) <= 255);
  localparam bit CfgRt = (RtScan > 0) && ((RtScan & (RtScan - 1)) == 0) &&
      (RtScan <= RtCap / 2) && (RtCap >= 2) && (RtCap % RtScan == 0);
  localparam bit CfgOther = (ProbeInflight >= 1) && (ProbeInflight <= 8) && (RecCap >= 2) &&
      ((TagOreg == 0) || (TagOreg == 1));
  // v3 §10: coal_tokens 1, 2, 4 or 8; coal_lines 1..wave_size, a power of 2; tcp_mshrs >= 1
  localparam bit CfgFe = ((CoalTokens == 1) || (CoalTokens == 2) || (CoalTokens == 4) ||
      (CoalTokens == 8)) && (CoalLines >= 1) && (CoalLines <= WaveSize) &&
      ((CoalLines & (CoalLines - 1)) == 0) && (TcpMshrs >= 1) && (WaveSize >= 1) &&
      (WaveSize <= 64);
`ifndef __ICARUS__
  if (!CfgPow2) begin : g_bad_pow2
    $error("rinv_top: every *Sets and *Ways parameter must be a power of 2 (§3.1)");
  end
  if (!CfgLat) begin : g_bad_lat
    $error("rinv_top: CpuL1Lat, CpuL2Lat, GpuL1Lat, GpuL2Lat must be 1..8 (§3.1)");
  end
  if (!CfgLanes) begin : g_bad_lanes
    $error("rinv_top: WalkLanes must be 1, 2 or 4, <= every *Sets, x a side's ways <= 255");
  end
  if (!CfgRt) begin : g_bad_rt
    $error("rinv_top: RtScan must be a power of 2 <= RtCap / 2, RtCap a multiple of it");
  end
  if (!CfgOther) begin : g_bad_other
    $error("rinv_top: ProbeInflight must be 1..8, RecCap >= 2, TagOreg 0 or 1 (§3.1)");
  end
  if (!CfgFe) begin : g_bad_fe
    $error("rinv_top: CoalTokens 1/2/4/8, CoalLines a power of 2 <= WaveSize, TcpMshrs >= 1");
  end
`else
  // Icarus 11 has no elaboration-time $error: the same rules stop the run at time 0.
  initial begin
    if (!CfgPow2) $fatal(1, "rinv_top: every *Sets and *Ways parameter must be a power of 2");
    if (!CfgLat) $fatal(1, "rinv_top: CpuL1Lat, CpuL2Lat, GpuL1Lat, GpuL2Lat must be 1..8");
    if (!CfgLanes) $fatal(1, "rinv_top: WalkLanes must be 1, 2 or 4, <= *Sets, x ways <= 255");
    if (!CfgRt) $fatal(1, "rinv_top: RtScan must be a power of 2 <= RtCap / 2, RtCap a multiple");
    if (!CfgOther) $fatal(1, "rinv_top: ProbeInflight must be 1..8, RecCap >= 2, TagOreg 0 or 1");
    if (!CfgFe) $fatal(1, "rinv_top: CoalTokens 1/2/4/8, CoalLines pow2 <= WaveSize, TcpMshrs>=1");
  end
`endif

  // ---- verification-only behaviour (§2) ---------------------------------------------------
  // Without RINV_VERIF the stall bits are ignored, inv_count / inv_line read 0 and the cells'
  // peek backdoor reads 0 (so dbg_valid = 0).
  logic [rinv_pkg::NStall-1:0]     stall;
  logic [1:0][7:0]                 inv_count;
  logic [1:0][rinv_pkg::LineW-1:0] inv_line;
`ifdef RINV_VERIF
  assign stall       = stall_i;
  assign inv_count_o = inv_count;
  assign inv_line_o  = inv_line;
`else
  logic unused_verif;
  assign unused_verif = ^{stall_i, inv_count, inv_line};
  assign stall       = '0;
  assign inv_count_o = '0;
  assign inv_line_o  = '0;
`endif

  // ---- register bus ---------------------------------------------------------------------
  logic [2:0]       rb_sel;
  logic             rb_we, rb_side, rb_commit, rb_reject;
  logic [14:0]      rb_off;
  logic [31:0]      rb_wdata;
  logic [2:0]       win_err;
  logic [2:0][31:0] win_rdata;

  axil_regbus u_regbus (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .axi_awvalid_i (axi_awvalid_i),
    .axi_awaddr_i  (axi_awaddr_i),
    .axi_awuser_i  (axi_awuser_i),
    .axi_wvalid_i  (axi_wvalid_i),
    .axi_wdata_i   (axi_wdata_i),
    .axi_wstrb_i   (axi_wstrb_i),
    .axi_bready_i  (axi_bready_i),
    .axi_arvalid_i (axi_arvalid_i),
    .axi_araddr_i  (axi_araddr_i),
    .axi_aruser_i  (axi_aruser_i),
    .axi_rready_i  (axi_rready_i),
    .axi_awready_o (axi_awready_o),
    .axi_wready_o  (axi_wready_o),
    .axi_bvalid_o  (axi_bvalid_o),
    .axi_bresp_o   (axi_bresp_o),
    .axi_arready_o (axi_arready_o),
    .axi_rvalid_o  (axi_rvalid_o),
    .axi_rdata_o   (axi_rdata_o),
    .axi_rresp_o   (axi_rresp_o),
    .rb_sel_o      (rb_sel),
    .rb_we_o       (rb_we),
    .rb_off_o      (rb_off),
    .rb_wdata_o    (rb_wdata),
    .rb_side_o     (rb_side),
    .rb_commit_o   (rb_commit),
    .rb_reject_o   (rb_reject),
    .win_err_i     (win_err),
    .win_rdata_i   (win_rdata)
  );

  // ---- channels between the cache controllers and the directory ------------------------
  logic [1:0][rinv_pkg::LineBytes*8-1:0] cc_req_wdata;
  rinv_pkg::ldata_t                      fill_data;
  logic [1:0][31:0]                      tag_lookups;

  dir_ctrl #(
    .HistCap  (HistCap),
    .RtCap    (RtCap),
    .RtScan   (RtScan),
    .MaxRange (MaxRange),
    .Pif      (ProbeInflight),
    .SMax0    (SMax0),
    .SMax1    (SMax1),
    .Total0   (Total0),
    .Total1   (Total1)
  ) u_dir (
    .clk_i                  (clk_i),
    .rst_ni                 (rst_ni),
    .stall_i                (stall[9:0]),
    .cc_req_valid_i         (cc_req_valid_o),
    .cc_req_we_i            (cc_req_we_o),
    .cc_req_line_i          (cc_req_line_o),
    .cc_req_wdata_i         (cc_req_wdata),
    .cc_req_wmask_i         (cc_req_wmask_o),
    .cc_req_ready_o         (cc_req_ready_o),
    .mem_req_valid_o        (mem_req_valid_o),
    .mem_req_we_o           (mem_req_we_o),
    .mem_req_line_o         (mem_req_line_o),
    .mem_req_wdata_o        (mem_req_wdata_o),
    .mem_req_wmask_o        (mem_req_wmask_o),
    .mem_req_ready_i        (mem_req_ready_i),
    .mem_resp_valid_i       (mem_resp_valid_i),
    .mem_resp_rdata_i       (mem_resp_rdata_i),
    .fill_valid_o           (fill_valid_o),
    .fill_data_o            (fill_data),
    .fill_ready_i           (fill_ready_o),
    .hist_valid_i           (hist_valid_o),
    .hist_last_i            (hist_last_o),
    .hist_line_i            (hist_line_o),
    .hist_ready_o           (hist_ready_o),
    .hist_go_o              (hist_go_o),
    .hist_done_o            (hist_done_o),
    .probe_valid_o          (probe_valid_o),
    .probe_first_o          (probe_first_o),
    .probe_nlines_o         (probe_nlines_o),
    .probe_setwalk_o        (probe_setwalk_o),
    .probe_ready_i          (probe_ready_o),
    .ack_valid_i            (ack_valid_o),
    .ack_hits_i             (ack_hits_o),
    .ack_ready_o            (ack_ready_o),
    .rb_sel_i               (rb_sel[0]),
    .rb_we_i                (rb_we),
    .rb_off_i               (rb_off),
    .rb_wdata_i             (rb_wdata),
    .rb_side_i              (rb_side),
    .rb_commit_i            (rb_commit),
    .rb_reject_i            (rb_reject),
    .rb_err_o               (win_err[0]),
    .rb_rdata_o             (win_rdata[0]),
    .lock_owner_o           (lock_owner_o),
    .inv_busy_o             (inv_busy_o),
    .inv_done_o             (inv_done_o),
    .hist_count_o           (hist_count_o),
    .stat_probes_o          (stat_probes_o),
    .stat_probe_lines_o     (stat_probe_lines_o),
    .stat_inv_hits_o        (stat_inv_hits_o),
    .stat_over_inv_o        (stat_over_inv_o),
    .stat_hist_entries_o    (stat_hist_entries_o),
    .stat_hist_overflows_o  (stat_hist_overflows_o),
    .stat_inv_cycles_o      (stat_inv_cycles_o),
    .stat_inv_cycles_last_o (stat_inv_cycles_last_o),
    .stat_releases_o        (stat_releases_o),
    .stat_errors_o          (stat_errors_o)
  );

  // ---- CPU cache controller (ports 0..1) ------------------------------------------------
  side_cc #(
    .Side   (0),
    .NL1    (NCpu),
    .L1Sets (CpuL1Sets),
    .L1Ways (CpuL1Ways),
    .L2Sets (CpuL2Sets),
    .L2Ways (CpuL2Ways),
    .L1Lat  (CpuL1Lat),
    .L2Lat  (CpuL2Lat),
    .RecCap (RecCap),
    .Lanes  (WalkLanes),
    .Pif    (ProbeInflight),
    .TagOreg (TagOreg)
  ) u_cpu_cc (
    .clk_i             (clk_i),
    .rst_ni            (rst_ni),
    .stall_fill_i      (stall[2]),
    .stall_probe_i     (stall[6]),
    .port_req_valid_i  (port_req_valid_i[1:0]),
    .port_req_we_i     (port_req_we_i[1:0]),
    .port_req_addr_i   (port_req_addr_i[1:0]),
    .port_req_wdata_i  (port_req_wdata_i[1:0]),
    .port_req_wstrb_i  (port_req_wstrb_i[1:0]),
    .port_req_ready_o  (port_req_ready_o[1:0]),
    .port_resp_valid_o (port_resp_valid_o[1:0]),
    .port_resp_rdata_o (port_resp_rdata_o[1:0]),
    .port_resp_ready_i (port_resp_ready_i[1:0]),
    .cc_req_valid_o    (cc_req_valid_o[0]),
    .cc_req_we_o       (cc_req_we_o[0]),
    .cc_req_line_o     (cc_req_line_o[0]),
    .cc_req_wdata_o    (cc_req_wdata[0]),
    .cc_req_wmask_o    (cc_req_wmask_o[0]),
    .cc_req_ready_i    (cc_req_ready_o[0]),
    .fill_valid_i      (fill_valid_o[0]),
    .fill_data_i       (fill_data),
    .fill_ready_o      (fill_ready_o[0]),
    .hist_valid_o      (hist_valid_o[0]),
    .hist_last_o       (hist_last_o[0]),
    .hist_line_o       (hist_line_o[0]),
    .hist_ready_i      (hist_ready_o[0]),
    .hist_go_i         (hist_go_o[0]),
    .hist_done_i       (hist_done_o[0]),
    .probe_valid_i     (probe_valid_o[0]),
    .probe_first_i     (probe_first_o[0]),
    .probe_nlines_i    (probe_nlines_o[0]),
    .probe_setwalk_i   (probe_setwalk_o[0]),
    .probe_ready_o     (probe_ready_o[0]),
    .ack_valid_o       (ack_valid_o[0]),
    .ack_hits_o        (ack_hits_o[0]),
    .ack_ready_i       (ack_ready_o[0]),
    .inv_count_o       (inv_count[0]),
    .inv_line_o        (inv_line[0]),
    .dbg_line_i        (dbg_line_i[0]),
    .dbg_valid_o       (dbg_valid_o[0]),
    .rb_sel_i          (rb_sel[1]),
    .rb_we_i           (rb_we),
    .rb_off_i          (rb_off),
    .rb_wdata_i        (rb_wdata),
    .rb_side_i         (rb_side),
    .rb_commit_i       (rb_commit),
    .rb_err_o          (win_err[1]),
    .rb_rdata_o        (win_rdata[1]),
    .hist_en_o         (hist_en_o[0]),
    .rec_count_o       (rec_count_o[0]),
    .tag_lookups_o     (tag_lookups[0])
  );

  logic [9:0][31:0] stat_fe;

  // ---- GPU cache controller (ports 2..5: the v3 front end and the TCC) --------------------
  gpu_side_cc #(
    .NL1        (NGpu),
    .L1Sets     (GpuL1Sets),
    .L1Ways     (GpuL1Ways),
    .L2Sets     (GpuL2Sets),
    .L2Ways     (GpuL2Ways),
    .L1Lat      (GpuL1Lat),
    .L2Lat      (GpuL2Lat),
    .RecCap     (RecCap),
    .Lanes      (WalkLanes),
    .Pif        (ProbeInflight),
    .TagOreg    (TagOreg),
    .WaveSize   (WaveSize),
    .CoalTokens (CoalTokens),
    .CoalLines  (CoalLines),
    .TcpMshrs   (TcpMshrs)
  ) u_gpu_cc (
    .clk_i             (clk_i),
    .rst_ni            (rst_ni),
    .stall_fill_i      (stall[3]),
    .stall_probe_i     (stall[7]),
    .stall_lreq_i      (stall[10]),
    .stall_tresp_i     (stall[11]),
    .lock_owner_i      (lock_owner_o),
    .port_req_valid_i  (port_req_valid_i[5:2]),
    .port_req_we_i     (port_req_we_i[5:2]),
    .port_req_addr_i   (port_req_addr_i[5:2]),
    .port_req_wdata_i  (port_req_wdata_i[5:2]),
    .port_req_wstrb_i  (port_req_wstrb_i[5:2]),
    .port_req_last_i   (port_req_last_i[5:2]),
    .port_req_ready_o  (port_req_ready_o[5:2]),
    .port_resp_valid_o (port_resp_valid_o[5:2]),
    .port_resp_rdata_o (port_resp_rdata_o[5:2]),
    .port_resp_ready_i (port_resp_ready_i[5:2]),
    .cc_req_valid_o    (cc_req_valid_o[1]),
    .cc_req_we_o       (cc_req_we_o[1]),
    .cc_req_line_o     (cc_req_line_o[1]),
    .cc_req_wdata_o    (cc_req_wdata[1]),
    .cc_req_wmask_o    (cc_req_wmask_o[1]),
    .cc_req_ready_i    (cc_req_ready_o[1]),
    .fill_valid_i      (fill_valid_o[1]),
    .fill_data_i       (fill_data),
    .fill_ready_o      (fill_ready_o[1]),
    .hist_valid_o      (hist_valid_o[1]),
    .hist_last_o       (hist_last_o[1]),
    .hist_line_o       (hist_line_o[1]),
    .hist_ready_i      (hist_ready_o[1]),
    .hist_go_i         (hist_go_o[1]),
    .hist_done_i       (hist_done_o[1]),
    .probe_valid_i     (probe_valid_o[1]),
    .probe_first_i     (probe_first_o[1]),
    .probe_nlines_i    (probe_nlines_o[1]),
    .probe_setwalk_i   (probe_setwalk_o[1]),
    .probe_ready_o     (probe_ready_o[1]),
    .ack_valid_o       (ack_valid_o[1]),
    .ack_hits_o        (ack_hits_o[1]),
    .ack_ready_i       (ack_ready_o[1]),
    .inv_count_o       (inv_count[1]),
    .inv_line_o        (inv_line[1]),
    .dbg_line_i        (dbg_line_i[1]),
    .dbg_valid_o       (dbg_valid_o[1]),
    .rb_sel_i          (rb_sel[2]),
    .rb_we_i           (rb_we),
    .rb_off_i          (rb_off),
    .rb_wdata_i        (rb_wdata),
    .rb_side_i         (rb_side),
    .rb_commit_i       (rb_commit),
    .rb_err_o          (win_err[2]),
    .rb_rdata_o        (win_rdata[2]),
    .hist_en_o         (hist_en_o[1]),
    .rec_count_o       (rec_count_o[1]),
    .tag_lookups_o     (tag_lookups[1]),
    .gpu_lreq_valid_o       (gpu_lreq_valid_o),
    .gpu_lreq_ready_o       (gpu_lreq_ready_o),
    .gpu_lreq_line_o        (gpu_lreq_line_o),
    .gpu_tresp_valid_o      (gpu_tresp_valid_o),
    .gpu_tresp_ready_o      (gpu_tresp_ready_o),
    .tcc_grant_o            (tcc_grant_o),
    .tcc_grant_cu_o         (tcc_grant_cu_o),
    .stat_fe_o              (stat_fe),
    .stat_gpu_probe_waits_o (stat_gpu_probe_waits_o),
    .stat_tcp_kinv_o        (stat_tcp_kinv_o)
  );

  assign stat_tag_lookups_o = tag_lookups;
  // gpu_frontend's counters (gpu_frontend.sv: the order of stat_o)
  assign stat_gpu_insts_o       = stat_fe[0];
  assign stat_gpu_lane_ops_o    = stat_fe[1];
  assign stat_gpu_line_reqs_o   = stat_fe[2];
  assign stat_coal_splits_o     = stat_fe[3];
  assign stat_tcp_hits_o        = stat_fe[4];
  assign stat_tcp_alias_waits_o = stat_fe[5];
  assign stat_tcp_mshr_full_o   = stat_fe[6];
  assign stat_tcp_hold_waits_o  = stat_fe[7];
  assign stat_tcp_mshr_max_o    = stat_fe[8];
  assign stat_tcc_arb_waits_o   = stat_fe[9];
  // CPU ports answer one op at a time: port_req_last is ignored there (v3 §2)
  logic unused_last;
  assign unused_last = ^port_req_last_i[1:0];

endmodule : rinv_top

// Bus-client wrapper of rinv_top for cocotb (and any other AXI4-Lite test bench): the register
// port under cocotbext-axi's signal names (s_axil_*), one `side` input that drives AWUSER and
// ARUSER (0 = CPU, 1 = GPU; docs/REGISTERS.md), and every cache port tied idle: no core
// request, responses always accepted, memory always ready and never answering, no stall.
// A test harness, not part of the IP: it is not in rtl/v2/rinv.f (tests/cocotb/Makefile,
// mk/eco.mk and rinv.core list it). The parameters are rinv_top's, passed through.
module rinv_axil_wrap #(
  parameter int CpuL1Sets     = rinv_pkg::Gem5CpuL1Sets,
  parameter int CpuL1Ways     = rinv_pkg::Gem5CpuL1Ways,
  parameter int CpuL2Sets     = rinv_pkg::Gem5CpuL2Sets,
  parameter int CpuL2Ways     = rinv_pkg::Gem5CpuL2Ways,
  parameter int GpuL1Sets     = rinv_pkg::Gem5GpuL1Sets,
  parameter int GpuL1Ways     = rinv_pkg::Gem5GpuL1Ways,
  parameter int GpuL2Sets     = rinv_pkg::Gem5GpuL2Sets,
  parameter int GpuL2Ways     = rinv_pkg::Gem5GpuL2Ways,
  parameter int CpuL1Lat      = rinv_pkg::Gem5CpuL1Lat,
  parameter int CpuL2Lat      = rinv_pkg::Gem5CpuL2Lat,
  parameter int GpuL1Lat      = rinv_pkg::Gem5GpuL1Lat,
  parameter int GpuL2Lat      = rinv_pkg::Gem5GpuL2Lat,
  parameter int RecCap        = rinv_pkg::Gem5RecCap,
  parameter int HistCap       = rinv_pkg::Gem5HistCap,
  parameter int RtCap         = rinv_pkg::Gem5RtCap,
  parameter int MaxRange      = rinv_pkg::Gem5MaxRange,
  parameter int WalkLanes     = rinv_pkg::Gem5WalkLanes,
  parameter int ProbeInflight = rinv_pkg::Gem5ProbeInflight,
  parameter int RtScan        = rinv_pkg::Gem5RtScan,
  parameter int TagOreg       = rinv_pkg::Gem5TagOreg,
  parameter int WaveSize      = rinv_pkg::Gem5WaveSize,
  parameter int CoalTokens    = rinv_pkg::Gem5CoalTokens,
  parameter int CoalLines     = rinv_pkg::Gem5CoalLines,
  parameter int TcpMshrs      = rinv_pkg::Gem5TcpMshrs
) (
  input  logic        clk,
  input  logic        rst_n,
  input  logic        side,
  input  logic [31:0] s_axil_awaddr,
  input  logic [2:0]  s_axil_awprot,
  input  logic        s_axil_awvalid,
  output logic        s_axil_awready,
  input  logic [31:0] s_axil_wdata,
  input  logic [3:0]  s_axil_wstrb,
  input  logic        s_axil_wvalid,
  output logic        s_axil_wready,
  output logic [1:0]  s_axil_bresp,
  output logic        s_axil_bvalid,
  input  logic        s_axil_bready,
  input  logic [31:0] s_axil_araddr,
  input  logic [2:0]  s_axil_arprot,
  input  logic        s_axil_arvalid,
  output logic        s_axil_arready,
  output logic [31:0] s_axil_rdata,
  output logic [1:0]  s_axil_rresp,
  output logic        s_axil_rvalid,
  input  logic        s_axil_rready
);

  // The register port has no protection attribute: AxPROT is accepted and ignored.
  logic unused_prot;
  assign unused_prot = ^{s_axil_awprot, s_axil_arprot};

  // ---- outputs of the cache, memory and statistics ports: left unobserved ---------------
  logic [5:0]                          port_req_ready, port_resp_valid;
  logic [5:0][31:0]                    port_resp_rdata;
  logic                                mem_req_valid, mem_req_we;
  rinv_pkg::line_t                     mem_req_line;
  rinv_pkg::ldata_t                    mem_req_wdata;
  rinv_pkg::lmask_t                    mem_req_wmask;
  logic [1:0]                          cc_req_valid, cc_req_ready, cc_req_we;
  logic [1:0][rinv_pkg::LineW-1:0]     cc_req_line;
  logic [1:0][rinv_pkg::LineBytes-1:0] cc_req_wmask;
  logic [1:0]                          fill_valid, fill_ready;
  logic [1:0]                          hist_valid, hist_ready, hist_last;
  logic [1:0][rinv_pkg::LineW-1:0]     hist_line;
  logic [1:0]                          hist_go, hist_done;
  logic [1:0]                          probe_valid, probe_ready, probe_setwalk;
  logic [1:0][rinv_pkg::LineW-1:0]     probe_first;
  logic [1:0][rinv_pkg::NlinesW-1:0]   probe_nlines;
  logic [1:0]                          ack_valid, ack_ready;
  logic [1:0][31:0]                    ack_hits;
  logic [1:0][7:0]                     inv_count;
  logic [1:0][rinv_pkg::LineW-1:0]     inv_line;
  logic [1:0]                          dbg_valid, lock_owner, hist_en;
  logic                                inv_busy, inv_done;
  logic [1:0][15:0]                    rec_count, hist_count;
  logic [9:0][31:0]                    stat;
  logic [1:0][31:0]                    stat_tag_lookups;

  // GPU front end outputs (v3 §11), not observed here
  logic [3:0]                          fe_lreq_valid, fe_lreq_ready, fe_tresp_valid, fe_tresp_ready;
  logic [3:0][rinv_pkg::LineW-1:0]     fe_lreq_line;
  logic                                fe_grant;
  logic [1:0]                          fe_grant_cu;
  logic [11:0][31:0]                   fe_stat;
  logic                                unused_fe;
  assign unused_fe = ^{fe_lreq_valid, fe_lreq_ready, fe_tresp_valid, fe_tresp_ready,
                       fe_lreq_line, fe_grant, fe_grant_cu, fe_stat};

  logic unused_outputs;
  assign unused_outputs = ^{port_req_ready, port_resp_valid, port_resp_rdata, mem_req_valid,
                            mem_req_we, mem_req_line, mem_req_wdata, mem_req_wmask,
                            cc_req_valid, cc_req_ready, cc_req_we, cc_req_line, cc_req_wmask,
                            fill_valid, fill_ready, hist_valid, hist_ready, hist_last,
                            hist_line, hist_go, hist_done, probe_valid, probe_ready,
                            probe_setwalk, probe_first, probe_nlines, ack_valid, ack_ready,
                            ack_hits, inv_count, inv_line, dbg_valid, lock_owner, hist_en,
                            inv_busy, inv_done, rec_count, hist_count, stat,
                            stat_tag_lookups};

  rinv_top #(
    .CpuL1Sets     (CpuL1Sets),
    .CpuL1Ways     (CpuL1Ways),
    .CpuL2Sets     (CpuL2Sets),
    .CpuL2Ways     (CpuL2Ways),
    .GpuL1Sets     (GpuL1Sets),
    .GpuL1Ways     (GpuL1Ways),
    .GpuL2Sets     (GpuL2Sets),
    .GpuL2Ways     (GpuL2Ways),
    .CpuL1Lat      (CpuL1Lat),
    .CpuL2Lat      (CpuL2Lat),
    .GpuL1Lat      (GpuL1Lat),
    .GpuL2Lat      (GpuL2Lat),
    .RecCap        (RecCap),
    .HistCap       (HistCap),
    .RtCap         (RtCap),
    .MaxRange      (MaxRange),
    .WalkLanes     (WalkLanes),
    .ProbeInflight (ProbeInflight),
    .RtScan        (RtScan),
    .TagOreg       (TagOreg),
    .WaveSize      (WaveSize),
    .CoalTokens    (CoalTokens),
    .CoalLines     (CoalLines),
    .TcpMshrs      (TcpMshrs)
  ) u_top (
    .clk_i                  (clk),
    .rst_ni                 (rst_n),
    // cache and memory ports tied idle
    .stall_i                ('0),
    .port_req_valid_i       ('0),
    .port_req_we_i          ('0),
    .port_req_addr_i        ('0),
    .port_req_wdata_i       ('0),
    .port_req_wstrb_i       ('0),
    .port_req_last_i        ({6{1'b1}}),
    .port_resp_ready_i      ('1),
    .mem_req_ready_i        (1'b1),
    .mem_resp_valid_i       (1'b0),
    .mem_resp_rdata_i       ('0),
    .dbg_line_i             ('0),
    // the register port
    .axi_awvalid_i          (s_axil_awvalid),
    .axi_awaddr_i           (s_axil_awaddr),
    .axi_awuser_i           (side),
    .axi_wvalid_i           (s_axil_wvalid),
    .axi_wdata_i            (s_axil_wdata),
    .axi_wstrb_i            (s_axil_wstrb),
    .axi_bready_i           (s_axil_bready),
    .axi_arvalid_i          (s_axil_arvalid),
    .axi_araddr_i           (s_axil_araddr),
    .axi_aruser_i           (side),
    .axi_rready_i           (s_axil_rready),
    .axi_awready_o          (s_axil_awready),
    .axi_wready_o           (s_axil_wready),
    .axi_bvalid_o           (s_axil_bvalid),
    .axi_bresp_o            (s_axil_bresp),
    .axi_arready_o          (s_axil_arready),
    .axi_rvalid_o           (s_axil_rvalid),
    .axi_rdata_o            (s_axil_rdata),
    .axi_rresp_o            (s_axil_rresp),
    // everything else: unobserved
    .port_req_ready_o       (port_req_ready),
    .port_resp_valid_o      (port_resp_valid),
    .port_resp_rdata_o      (port_resp_rdata),
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
    .stat_probes_o          (stat[0]),
    .stat_probe_lines_o     (stat[1]),
    .stat_inv_hits_o        (stat[2]),
    .stat_over_inv_o        (stat[3]),
    .stat_hist_entries_o    (stat[4]),
    .stat_hist_overflows_o  (stat[5]),
    .stat_inv_cycles_o      (stat[6]),
    .stat_inv_cycles_last_o (stat[7]),
    .stat_releases_o        (stat[8]),
    .stat_errors_o          (stat[9]),
    .stat_tag_lookups_o     (stat_tag_lookups),
    // GPU front end (v3 §11): not observed by the bus client
    .gpu_lreq_valid_o       (fe_lreq_valid),
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
  );

endmodule

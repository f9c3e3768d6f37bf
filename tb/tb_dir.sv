// Top of the lockstep testbench, built with Verilator (docs/VERIFICATION.md).
//
// One rinv_top instance per binary, with the parameter set of one configuration of
// params/rinv.toml: gem5 by default (make verilate: ./tb_dir), fpga when built with
// +define+TB_CONFIG_FPGA (make verilate CONFIG=fpga: ./tb_dir_fpga). The instance is named after
// its configuration (u_gem5 / u_fpga), as the GTKWave save files of sim/ expect. A +config
// naming the other configuration is refused by tb_init (tb/tb_dpi.c) with the binary to use.
// With +define+TB_POINT (make verilate PARAMS=FILE, docs/DSE.md) the instance of the base
// configuration takes the parameter set of one sweep point instead: the package rinv_point_pkg
// that tools/gen_params.py --point generates from FILE (its Point* constants).
// The coverage build (make coverage) defines TB_BOTH_CONFIGS: both instances, +config selects
// one at runtime, the other is held in reset with zero inputs.
//
// Each cycle the C harness (tb/harness.c through tb/tb_dpi.c) supplies the input vector;
// after a combinational settle the outputs go back to the harness, which steps the C model
// with the same inputs and compares; then the clock rises. Two time steps per cycle: inputs
// (with the falling clock edge, which no logic uses) + settle, then the rising edge.
//
// Waveforms: +wave=FILE.fst dumps FST for the whole run, or from cycle +wave_from=C; the
// run stops after cycle +wave_to=C (Verilator 5.006 has no $dumpoff). The fast build (make
// verilate PROFILE=fast, TB_NO_TRACE: no tracing, no assertions) has no waveform: on a
// mismatch it re-runs the traced binary TB_WAVE_BIN for the waveform window.
module tb_dir;
  import rinv_io_pkg::*;

`include "tb_dpi.svh"

  // Port list of rinv_top: every rinv_in_t field F -> F_i, every rinv_out_t field -> F_o.
`define RINV_TOP_PORTS(IN, OUT) \
    .clk_i(clk), \
    `RINV_TOP_V2_IN(IN) \
    .port_req_valid_i(IN.port_req_valid), \
    .port_req_we_i(IN.port_req_we), \
    .port_req_addr_i(IN.port_req_addr), \
    .port_req_wdata_i(IN.port_req_wdata), \
    .port_req_wstrb_i(IN.port_req_wstrb), \
    .port_resp_ready_i(IN.port_resp_ready), \
    .axi_awvalid_i(IN.axi_awvalid), \
    .axi_awaddr_i(IN.axi_awaddr), \
    .axi_awuser_i(IN.axi_awuser), \
    .axi_wvalid_i(IN.axi_wvalid), \
    .axi_wdata_i(IN.axi_wdata), \
    .axi_wstrb_i(IN.axi_wstrb), \
    .axi_bready_i(IN.axi_bready), \
    .axi_arvalid_i(IN.axi_arvalid), \
    .axi_araddr_i(IN.axi_araddr), \
    .axi_aruser_i(IN.axi_aruser), \
    .axi_rready_i(IN.axi_rready), \
    .mem_req_ready_i(IN.mem_req_ready), \
    .mem_resp_valid_i(IN.mem_resp_valid), \
    .mem_resp_rdata_i(IN.mem_resp_rdata), \
    .dbg_line_i(IN.dbg_line), \
    .port_req_ready_o(OUT.port_req_ready), \
    .port_resp_valid_o(OUT.port_resp_valid), \
    .port_resp_rdata_o(OUT.port_resp_rdata), \
    .axi_awready_o(OUT.axi_awready), \
    .axi_wready_o(OUT.axi_wready), \
    .axi_bvalid_o(OUT.axi_bvalid), \
    .axi_bresp_o(OUT.axi_bresp), \
    .axi_arready_o(OUT.axi_arready), \
    .axi_rvalid_o(OUT.axi_rvalid), \
    .axi_rdata_o(OUT.axi_rdata), \
    .axi_rresp_o(OUT.axi_rresp), \
    .mem_req_valid_o(OUT.mem_req_valid), \
    .mem_req_we_o(OUT.mem_req_we), \
    .mem_req_line_o(OUT.mem_req_line), \
    .mem_req_wdata_o(OUT.mem_req_wdata), \
    .mem_req_wmask_o(OUT.mem_req_wmask), \
    .cc_req_valid_o(OUT.cc_req_valid), \
    .cc_req_ready_o(OUT.cc_req_ready), \
    .cc_req_we_o(OUT.cc_req_we), \
    .cc_req_line_o(OUT.cc_req_line), \
    .cc_req_wmask_o(OUT.cc_req_wmask), \
    .fill_valid_o(OUT.fill_valid), \
    .fill_ready_o(OUT.fill_ready), \
    .hist_valid_o(OUT.hist_valid), \
    .hist_ready_o(OUT.hist_ready), \
    .hist_last_o(OUT.hist_last), \
    .hist_line_o(OUT.hist_line), \
    .hist_go_o(OUT.hist_go), \
    .hist_done_o(OUT.hist_done), \
    .probe_valid_o(OUT.probe_valid), \
    .probe_ready_o(OUT.probe_ready), \
    .probe_first_o(OUT.probe_first), \
    .probe_nlines_o(OUT.probe_nlines), \
    .probe_setwalk_o(OUT.probe_setwalk), \
    .ack_valid_o(OUT.ack_valid), \
    .ack_ready_o(OUT.ack_ready), \
    .ack_hits_o(OUT.ack_hits), \
    .inv_count_o(OUT.inv_count), \
    .inv_line_o(OUT.inv_line), \
    .dbg_valid_o(OUT.dbg_valid), \
    .lock_owner_o(OUT.lock_owner), \
    .inv_busy_o(OUT.inv_busy), \
    .inv_done_o(OUT.inv_done), \
    .hist_en_o(OUT.hist_en), \
    .rec_count_o(OUT.rec_count), \
    .hist_count_o(OUT.hist_count), \
    .stat_probes_o(OUT.stat_probes), \
    .stat_probe_lines_o(OUT.stat_probe_lines), \
    .stat_inv_hits_o(OUT.stat_inv_hits), \
    .stat_over_inv_o(OUT.stat_over_inv), \
    .stat_hist_entries_o(OUT.stat_hist_entries), \
    .stat_hist_overflows_o(OUT.stat_hist_overflows), \
    .stat_inv_cycles_o(OUT.stat_inv_cycles), \
    .stat_inv_cycles_last_o(OUT.stat_inv_cycles_last), \
    .stat_releases_o(OUT.stat_releases), \
    .stat_errors_o(OUT.stat_errors), \
    .stat_tag_lookups_o(OUT.stat_tag_lookups) \
    `RINV_TOP_V2_OUT(OUT)
`ifdef RINV_V2  // v3 front end (ARCHITECTURE_v3_gpu_frontend.md §2, §5.2, §11)
`define RINV_TOP_V2_IN(IN) \
    .stall_i(IN.stall), \
    .port_req_last_i(IN.port_req_last),
`define RINV_TOP_V2_OUT(OUT) \
    , .gpu_lreq_valid_o(OUT.gpu_lreq_valid), .gpu_lreq_ready_o(OUT.gpu_lreq_ready), \
    .gpu_lreq_line_o(OUT.gpu_lreq_line), .gpu_tresp_valid_o(OUT.gpu_tresp_valid), \
    .gpu_tresp_ready_o(OUT.gpu_tresp_ready), .tcc_grant_o(OUT.tcc_grant), \
    .tcc_grant_cu_o(OUT.tcc_grant_cu), .stat_gpu_insts_o(OUT.stat_gpu_insts), \
    .stat_gpu_lane_ops_o(OUT.stat_gpu_lane_ops), .stat_gpu_line_reqs_o(OUT.stat_gpu_line_reqs), \
    .stat_coal_splits_o(OUT.stat_coal_splits), .stat_tcp_hits_o(OUT.stat_tcp_hits), \
    .stat_tcp_alias_waits_o(OUT.stat_tcp_alias_waits), \
    .stat_tcp_mshr_full_o(OUT.stat_tcp_mshr_full), \
    .stat_tcp_hold_waits_o(OUT.stat_tcp_hold_waits), \
    .stat_tcp_mshr_max_o(OUT.stat_tcp_mshr_max), \
    .stat_tcc_arb_waits_o(OUT.stat_tcc_arb_waits), \
    .stat_gpu_probe_waits_o(OUT.stat_gpu_probe_waits), .stat_tcp_kinv_o(OUT.stat_tcp_kinv)
`else  // v1 RTL: 10 stall bits, no front end (its outputs stay 0, port_req_last unused)
`define RINV_TOP_V2_IN(IN) \
    .stall_i(IN.stall[9:0]),
`define RINV_TOP_V2_OUT(OUT)
`endif

  // The parameter list of rinv_top for configuration P of package PKG (rinv_pkg's prefixes
  // Gem5 / Fpga, or rinv_point_pkg's Point).
`define RINV_TOP_PARAMS(PKG, P) \
    .CpuL1Sets(PKG::``P``CpuL1Sets), .CpuL1Ways(PKG::``P``CpuL1Ways), \
    .CpuL2Sets(PKG::``P``CpuL2Sets), .CpuL2Ways(PKG::``P``CpuL2Ways), \
    .GpuL1Sets(PKG::``P``GpuL1Sets), .GpuL1Ways(PKG::``P``GpuL1Ways), \
    .GpuL2Sets(PKG::``P``GpuL2Sets), .GpuL2Ways(PKG::``P``GpuL2Ways), \
    .CpuL1Lat(PKG::``P``CpuL1Lat), .CpuL2Lat(PKG::``P``CpuL2Lat), \
    .GpuL1Lat(PKG::``P``GpuL1Lat), .GpuL2Lat(PKG::``P``GpuL2Lat), \
    .RecCap(PKG::``P``RecCap), .HistCap(PKG::``P``HistCap), \
    .RtCap(PKG::``P``RtCap), .MaxRange(PKG::``P``MaxRange) \
    `RINV_TOP_V2_PARAMS(PKG, P)
`ifdef RINV_V2  // v2 contract parameters (docs/ARCHITECTURE_v2.md §3.1)
`define RINV_TOP_V2_PARAMS(PKG, P) \
    , .WalkLanes(PKG::``P``WalkLanes), .ProbeInflight(PKG::``P``ProbeInflight), \
    .RtScan(PKG::``P``RtScan), .TagOreg(PKG::``P``TagOreg), \
    .WaveSize(PKG::``P``WaveSize), .CoalTokens(PKG::``P``CoalTokens), \
    .CoalLines(PKG::``P``CoalLines), .TcpMshrs(PKG::``P``TcpMshrs)
`else
`define RINV_TOP_V2_PARAMS(PKG, P)
`endif
  // the parameter set of the single-configuration builds: configuration P, or the point
`ifdef TB_POINT
`define TB_TOP_PARAMS(P) `RINV_TOP_PARAMS(rinv_point_pkg, Point)
`else
`define TB_TOP_PARAMS(P) `RINV_TOP_PARAMS(rinv_pkg, P)
`endif

  logic clk = 1'b0;
  logic rst_n = 1'b0;
  rinv_in_t in_s = '0;   // the harness's inputs of this cycle
  rinv_out_t out_s;      // the design's outputs

`ifdef TB_BOTH_CONFIGS
  localparam int TbConfig = -1;  // both: +config selects at runtime
  int unsigned sel = 0;  // 0 gem5, 1 fpga (rinv_pkg::Gem5Id / FpgaId)
  rinv_in_t in_g, in_f;
  rinv_out_t out_g, out_f;
  logic rst_g, rst_f;

  always_comb begin
    in_g = (sel == rinv_pkg::Gem5Id) ? in_s : '0;
    in_f = (sel == rinv_pkg::FpgaId) ? in_s : '0;
    rst_g = (sel == rinv_pkg::Gem5Id) ? rst_n : 1'b0;
    rst_f = (sel == rinv_pkg::FpgaId) ? rst_n : 1'b0;
  end

  rinv_top #(`RINV_TOP_PARAMS(rinv_pkg, Gem5)) u_gem5 (.rst_ni(rst_g),
                                                    `RINV_TOP_PORTS(in_g, out_g));
  rinv_top #(`RINV_TOP_PARAMS(rinv_pkg, Fpga)) u_fpga (.rst_ni(rst_f),
                                                    `RINV_TOP_PORTS(in_f, out_f));
  assign out_s = (sel == rinv_pkg::FpgaId) ? out_f : out_g;
`elsif TB_CONFIG_FPGA
  localparam int TbConfig = rinv_pkg::FpgaId;
  rinv_top #(`TB_TOP_PARAMS(Fpga)) u_fpga (.rst_ni(rst_n), `RINV_TOP_PORTS(in_s, out_s));
`else
  localparam int TbConfig = rinv_pkg::Gem5Id;
  rinv_top #(`TB_TOP_PARAMS(Gem5)) u_gem5 (.rst_ni(rst_n), `RINV_TOP_PORTS(in_s, out_s));
`endif

// set by mk/build.mk: the traced binary of the fast build, the binary of the other config
`ifndef TB_WAVE_BIN
`define TB_WAVE_BIN ""
`endif
`ifndef TB_OTHER_BIN
`define TB_OTHER_BIN ""
`endif
`ifdef TB_POINT
`define TB_POINT_KEY rinv_point_pkg::PointKey
`else
`define TB_POINT_KEY ""
`endif

  chandle h;
  bit [InW-1:0] in_vec;
  bit [OutW-1:0] out_vec;
  bit rst_n_b;
  longint unsigned cyc = 0;  // cycle number, as the harness counts (first cycle = 1)
  string wave_file;
  longint wave_from = -1;
  bit wave_on = 1'b0;
  bit dumping = 1'b0;

  initial begin
    h = tb_init(TbConfig, `TB_WAVE_BIN, `TB_OTHER_BIN, `TB_POINT_KEY);
`ifdef TB_BOTH_CONFIGS
    sel = tb_config(h);
`endif
`ifndef TB_NO_TRACE
    if ($value$plusargs("wave=%s", wave_file)) begin
      wave_on = 1'b1;
      void'($value$plusargs("wave_from=%d", wave_from));
      // +wave_to is enforced by the harness (it ends the run; no $dumpoff in Verilator 5.006)
      $dumpfile(wave_file);
    end
`endif
    forever begin
      cyc = cyc + 1;
`ifndef TB_NO_TRACE
      if (wave_on && !dumping && longint'(cyc) >= wave_from) begin
        $dumpvars(0, tb_dir);
        dumping = 1'b1;
      end
`endif
      if (tb_drive(h, in_vec, rst_n_b) != 0) break;
      clk = 1'b0;  // (no logic uses the falling edge: it shares the inputs' time step)
      in_s = rinv_in_t'(in_vec);
      rst_n = rst_n_b;
      #5;  // combinational settle
      out_vec = OutW'(out_s);
      tb_observe(h, out_vec);
      clk = 1'b1;
      #5;
    end
    void'(tb_finish(h));
`ifndef TB_NO_TRACE
    if (dumping) $dumpflush;
`endif
    $finish;  // a failing rc is turned into exit status 1 by tb_dpi.c
  end
endmodule

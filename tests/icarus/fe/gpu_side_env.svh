// The integrated GPU side controller (gpu_side_cc) at gem5 values (L1_LAT 4, L2_LAT 2, O 0,
// W 2) with its port signals, and a behavioural memory on its directory channel (cc_req /
// fill: a fill 4 cycles after a read request). Included by the gpu_side_cc testbenches
// (tb_gpu_side_s12, tb_gpu_side_kinv) inside their module; `lo` drives lock_owner_i. Also the
// error count (err: the first message kept) and idle_ports, which releases every port.
  localparam int L1Sets = 16, L1Ways = 16, L2Sets = rinv_pkg::Gem5GpuL2Sets;
  localparam int L2Ways = rinv_pkg::Gem5GpuL2Ways;

  logic clk = 1'b0, rst_n = 1'b0;
  always #5 clk = ~clk;

  logic [3:0]         pv, pwe, plast, prdy, rv, rrdy;
  logic [3:0][31:0]   paddr, pwdata, rdata;
  logic [3:0][3:0]    pstrb;
  logic               ccv, ccwe, fillv, fillr;
  logic [25:0]        ccline;
  logic [511:0]       ccwdata, filld;
  logic [63:0]        ccwmask;
  logic [3:0]         lv, lr, tv, tr;
  logic [3:0][25:0]   lline;
  logic               grant;
  logic [1:0]         lo;
  logic [1:0]         gcu;
  logic [9:0][31:0]   st;
  logic [31:0]        pw, kc;
  logic               u_hv, u_hl, u_pr, u_av, u_dv, u_err, u_he;
  logic [25:0]        u_hline, u_iline;
  logic [31:0]        u_ah, u_rd, u_tl;
  logic [7:0]         u_ic;
  logic [15:0]        u_rc;

  gpu_side_cc #(
    .L1Sets (L1Sets), .L1Ways (L1Ways), .L2Sets (L2Sets), .L2Ways (L2Ways), .L1Lat (4),
    .L2Lat (2), .RecCap (16), .Lanes (2), .Pif (4), .TagOreg (0), .WaveSize (64),
    .CoalTokens (4), .CoalLines (64), .TcpMshrs (256)
  ) dut (
    .clk_i (clk), .rst_ni (rst_n), .stall_fill_i (1'b0), .stall_probe_i (1'b0),
    .stall_lreq_i (1'b0), .stall_tresp_i (1'b0), .lock_owner_i (lo),
    .port_req_valid_i (pv), .port_req_we_i (pwe), .port_req_addr_i (paddr),
    .port_req_wdata_i (pwdata), .port_req_wstrb_i (pstrb), .port_req_last_i (plast),
    .port_req_ready_o (prdy), .port_resp_valid_o (rv), .port_resp_rdata_o (rdata),
    .port_resp_ready_i (rrdy),
    .cc_req_valid_o (ccv), .cc_req_we_o (ccwe), .cc_req_line_o (ccline),
    .cc_req_wdata_o (ccwdata), .cc_req_wmask_o (ccwmask), .cc_req_ready_i (1'b1),
    .fill_valid_i (fillv), .fill_data_i (filld), .fill_ready_o (fillr),
    .hist_valid_o (u_hv), .hist_last_o (u_hl), .hist_line_o (u_hline), .hist_ready_i (1'b0),
    .hist_go_i (1'b0), .hist_done_i (1'b0), .probe_valid_i (1'b0), .probe_first_i (26'd0),
    .probe_nlines_i (27'd0), .probe_setwalk_i (1'b0), .probe_ready_o (u_pr),
    .ack_valid_o (u_av), .ack_hits_o (u_ah), .ack_ready_i (1'b1), .inv_count_o (u_ic),
    .inv_line_o (u_iline), .dbg_line_i (26'd0), .dbg_valid_o (u_dv), .rb_sel_i (1'b0),
    .rb_we_i (1'b0), .rb_off_i (15'd0), .rb_wdata_i (32'd0), .rb_side_i (1'b0),
    .rb_commit_i (1'b0), .rb_err_o (u_err), .rb_rdata_o (u_rd), .hist_en_o (u_he),
    .rec_count_o (u_rc), .tag_lookups_o (u_tl),
    .gpu_lreq_valid_o (lv), .gpu_lreq_ready_o (lr), .gpu_lreq_line_o (lline),
    .gpu_tresp_valid_o (tv), .gpu_tresp_ready_o (tr), .tcc_grant_o (grant),
    .tcc_grant_cu_o (gcu), .stat_fe_o (st), .stat_gpu_probe_waits_o (pw),
    .stat_tcp_kinv_o (kc)
  );

  function automatic logic [511:0] linedata(input logic [25:0] l);
    for (int w = 0; w < 16; w++) linedata[32*w +: 32] = {l[19:0], w[3:0], 8'h3C};
  endfunction

  // behavioural memory: a fill 4 cycles after a read request, held until fill_ready
  int          mem_at;
  logic [25:0] mem_line;
  always @(posedge clk) begin
    if (ccv && !ccwe) begin
      mem_at   <= 4;
      mem_line <= ccline;
    end else if (fillv && fillr) begin
      mem_at <= -1;
    end else if (mem_at > 0) begin
      mem_at <= mem_at - 1;
    end
  end
  assign fillv = (mem_at == 0);
  assign filld = fillv ? linedata(mem_line) : '0;

  int    errs;
  string first_err;

  task automatic err(input string s);
    if (errs == 0) first_err = s;
    errs++;
  endtask

  task automatic idle_ports;
    pv = '0; pwe = '0; plast = '0; paddr = '0; pwdata = '0; pstrb = '0; rrdy = '1;
  endtask

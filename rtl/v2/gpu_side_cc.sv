// Cache controller of the GPU side (ARCHITECTURE_v3_gpu_frontend.md §6.2-§6.4; v2 §6 for what
// is unchanged): the wiring of the GPU front end (gpu_frontend: four coalescers, four TCPs, the
// TCC arbiter), cc_datapath (the TCC = the side's L2, the four TCP arrays = its L1 arrays
// a = 1 + cu, the walker), cc_recorder, cc_regs and cc_lookup_cmp, around the GPU owner FSM.
// The owner FSM has no L1 lookup states and no port arbiter: the TCC takes the line requests
// the arbiter grants (rule 5), StTResp answers the TCP, StTcpInv clears every TCP at a GPU
// acquire (kinv_pend, D12). The CPU side keeps side_cc.
//
// Array ports: the TCPs drive their arrays except in StInit and StTcpInv (the owner clears
// rows with the init commands) and in StWalk (cc_datapath's walker owns the tag ports); a TCP
// is idle in those states (tcp_hold, §5.2, §7). The TCPs' tagst writes take the raw path
// (l1_t_raw_*, §14.11).
module gpu_side_cc #(
  parameter int  NL1        = rinv_pkg::NGpuL1,
  parameter int  L1Sets     = 16,
  parameter int  L1Ways     = 16,
  parameter int  L2Sets     = 256,
  parameter int  L2Ways     = 16,
  parameter int  L1Lat      = 4,
  parameter int  L2Lat      = 2,
  parameter int  RecCap     = 16,
  parameter int  Lanes      = 1,
  parameter int  Pif        = 4,
  parameter int  TagOreg    = 0,
  parameter int  WaveSize   = 64,
  parameter int  CoalTokens = 4,
  parameter int  CoalLines  = 64,
  parameter int  TcpMshrs   = 256
) (
  input  logic                                clk_i,
  input  logic                                rst_ni,
  input  logic                                stall_fill_i,   // stall[3]
  input  logic                                stall_probe_i,  // stall[7]
  input  logic                                stall_lreq_i,   // stall[10]
  input  logic                                stall_tresp_i,  // stall[11]
  input  logic [1:0]                          lock_owner_i,   // the directory's LOCK owner
  input  logic [NL1-1:0]                      port_req_valid_i,
  input  logic [NL1-1:0]                      port_req_we_i,
  input  logic [NL1-1:0][rinv_pkg::AddrW-1:0] port_req_addr_i,
  input  logic [NL1-1:0][31:0]                port_req_wdata_i,
  input  logic [NL1-1:0][3:0]                 port_req_wstrb_i,
  input  logic [NL1-1:0]                      port_req_last_i,
  output logic [NL1-1:0]                      port_req_ready_o,
  output logic [NL1-1:0]                      port_resp_valid_o,
  output logic [NL1-1:0][31:0]                port_resp_rdata_o,
  input  logic [NL1-1:0]                      port_resp_ready_i,
  output logic                                cc_req_valid_o,
  output logic                                cc_req_we_o,
  output rinv_pkg::line_t                     cc_req_line_o,
  output rinv_pkg::ldata_t                    cc_req_wdata_o,
  output rinv_pkg::lmask_t                    cc_req_wmask_o,
  input  logic                                cc_req_ready_i,
  input  logic                                fill_valid_i,
  input  rinv_pkg::ldata_t                    fill_data_i,
  output logic                                fill_ready_o,
  output logic                                hist_valid_o,
  output logic                                hist_last_o,
  output rinv_pkg::line_t                     hist_line_o,
  input  logic                                hist_ready_i,
  input  logic                                hist_go_i,
  input  logic                                hist_done_i,
  input  logic                                probe_valid_i,
  input  rinv_pkg::line_t                     probe_first_i,
  input  rinv_pkg::nlines_t                   probe_nlines_i,
  input  logic                                probe_setwalk_i,
  output logic                                probe_ready_o,
  output logic                                ack_valid_o,
  output logic [31:0]                         ack_hits_o,
  input  logic                                ack_ready_i,
  output logic [7:0]                          inv_count_o,
  output rinv_pkg::line_t                     inv_line_o,
  input  rinv_pkg::line_t                     dbg_line_i,
  output logic                                dbg_valid_o,
  input  logic                                rb_sel_i,
  input  logic                                rb_we_i,
  input  logic [14:0]                         rb_off_i,
  input  logic [31:0]                         rb_wdata_i,
  input  logic                                rb_side_i,
  input  logic                                rb_commit_i,
  output logic                                rb_err_o,
  output logic [31:0]                         rb_rdata_o,
  output logic                                hist_en_o,
  output logic [15:0]                         rec_count_o,
  output logic [31:0]                         tag_lookups_o,
  // front end: compared channels and statistics (v3 §11)
  output logic [NL1-1:0]                      gpu_lreq_valid_o,
  output logic [NL1-1:0]                      gpu_lreq_ready_o,
  output logic [NL1-1:0][rinv_pkg::LineW-1:0] gpu_lreq_line_o,
  output logic [NL1-1:0]                      gpu_tresp_valid_o,
  output logic [NL1-1:0]                      gpu_tresp_ready_o,
  output logic                                tcc_grant_o,
  output logic [1:0]                          tcc_grant_cu_o,
  output logic [9:0][31:0]                    stat_fe_o,        // gpu_frontend's stat_o
  output logic [31:0]                         stat_gpu_probe_waits_o,
  output logic [31:0]                         stat_tcp_kinv_o
);

  // ---- derived parameters -------------------------------------------------------------------
  localparam int Rows1   = L1Sets / Lanes;
  localparam int Rows2   = L2Sets / Lanes;
  localparam int RowW1   = (Rows1 > 1) ? $clog2(Rows1) : 1;
  localparam int RowW2   = (Rows2 > 1) ? $clog2(Rows2) : 1;
  localparam int SetW2   = $clog2(L2Sets);
  localparam int TagW1   = 26 - $clog2(L1Sets);
  localparam int TagW2   = 26 - SetW2;
  localparam int SW1     = TagW1 + 1;
  localparam int SW2     = TagW2 + 3;
  localparam int WayW1   = (L1Ways > 1) ? $clog2(L1Ways) : 1;
  localparam int WayW2   = (L2Ways > 1) ? $clog2(L2Ways) : 1;
  localparam int DAW1    = (Rows1 * L1Ways > 1) ? $clog2(Rows1 * L1Ways) : 1;
  localparam int DAW2    = (Rows2 * L2Ways > 1) ? $clog2(Rows2 * L2Ways) : 1;
  localparam int LaneW   = (Lanes > 1) ? $clog2(Lanes) : 1;
  localparam int InitRows = (Rows1 > Rows2) ? Rows1 : Rows2;
  localparam int InitW   = $clog2(InitRows + 1);
  localparam int RecCntW = $clog2(RecCap + 1);
  localparam int TagLat  = (L1Lat > L2Lat) ? L1Lat : L2Lat;
  localparam int L2RdN   = L2Lat + TagOreg;   // StL2Rd / StHistRd: L2_LAT + O cycles
  localparam int IW      = (TcpMshrs > 1) ? $clog2(TcpMshrs) : 1;
  localparam int CuW     = (NL1 > 1) ? $clog2(NL1) : 1;
  localparam int NSt     = 19;                // the members of state_e

  typedef enum logic [4:0] {
    StInit, StIdle, StL2Rd, StL2Cm, StL2Ac, StL2Dt, StVictimWb, StFillReq, StFillWait,
    StTResp, StHistRd, StHistCm, StHistAc, StHistWb, StHistBeat, StHistEnd, StHistWaitDone,
    StWalk, StTcpInv
  } state_e;

  state_e state_q, state_d;
  logic [3:0]       cnt_q, cnt_d;
  logic [InitW-1:0] init_q, init_d;   // StInit row, and StTcpInv's row i
  typedef struct packed {
    logic [CuW-1:0]   cu;
    logic             we;
    logic [rinv_pkg::LineW-1:0]       line;   // widths, not the typedefs: Icarus 11
    logic [rinv_pkg::LineBytes-1:0]   mask;
    logic [rinv_pkg::LineBytes*8-1:0] data;
    logic [IW-1:0]    i;
  } req_t;
  req_t             req_q, req_d;     // the request latch (§6.2)
  rinv_pkg::line_t  req_line;         // = req_q.line (Icarus 11 cannot part-select a member)
  assign req_line = req_q.line;
  rinv_pkg::ldata_t rline_q;
  logic             xfer_q;
  logic             kinv_q, kinv_d;   // kinv_pend
  logic [1:0]       lo_q;             // lock_owner of the previous cycle
  logic [31:0]      pw_q, pw_d, kc_q, kc_d;   // gpu_probe_waits, tcp_kinv
  logic [L2Ways*SW2-1:0] l2w_q, l2w_d;
  logic [WayW2-1:0]      l2rr_q, l2rr_d, way2_q, way2_d;
  logic [NSt-1:0]        st_oh_q;     // one-hot of state_q
  logic                  hist_mode_q, cm2_q;
  logic                  st_idle, st_walk, st_init, st_tinv;
  assign st_idle = st_oh_q[StIdle];
  assign st_walk = st_oh_q[StWalk];
  assign st_init = st_oh_q[StInit];
  assign st_tinv = st_oh_q[StTcpInv];
  logic                  unused_st;    // st_oh_q: only some states are read
  assign unused_st = ^st_oh_q;

  // ---- arrays --------------------------------------------------------------------------------
  logic [Lanes-1:0]                            l2_t_re, l2_r_re, l2_r_we, l2_d_re, l2_d_we, l2_m_we;
  logic [RowW2-1:0]                            l2_t_raddr, l2_t_waddr, l2_r_waddr;
  logic [Lanes-1:0][L2Ways-1:0][SW2-1:0]       l2_t_rdata;
  logic [Lanes-1:0][WayW2-1:0]                 l2_r_rdata;
  logic [WayW2-1:0]                            l2_r_wdata;
  logic [DAW2-1:0]                             l2_d_raddr, l2_d_waddr;
  logic [Lanes-1:0][rinv_pkg::LineBytes*8-1:0] l2_d_rdata;
  logic [Lanes-1:0][rinv_pkg::LineBytes-1:0]   l2_m_rdata;
  rinv_pkg::lmask_t                            l2_d_wbe, l2_m_wdata;
  rinv_pkg::ldata_t                            l2_d_wdata;

  // the TCPs' cell ports (gpu_frontend) and the ports cc_datapath gets
  logic [NL1-1:0][Lanes-1:0]                 f_t_re, f_r_re, f_r_we, f_d_re, f_d_we;
  logic [NL1-1:0][RowW1-1:0]                 f_t_raddr, f_t_waddr, f_r_addr;
  logic [NL1-1:0][Lanes-1:0][L1Ways-1:0]     f_t_we;
  logic [NL1-1:0][Lanes-1:0][L1Ways-1:0][SW1-1:0] f_t_wdata;
  logic [NL1-1:0][WayW1-1:0]                 f_r_wdata;
  logic [NL1-1:0][DAW1-1:0]                  f_d_raddr, f_d_waddr;
  logic [NL1-1:0][rinv_pkg::LineBytes-1:0]   f_d_wbe;
  logic [NL1-1:0][rinv_pkg::LineBytes*8-1:0] f_d_wdata;
  logic [NL1-1:0][Lanes-1:0]                 l1_t_re, l1_r_re, l1_r_we, l1_d_re, l1_d_we;
  logic [NL1-1:0][RowW1-1:0]                 l1_t_raddr, l1_t_waddr, l1_r_waddr;
  logic [NL1-1:0][WayW1-1:0]                 l1_r_wdata;
  logic [NL1-1:0][Lanes-1:0][L1Ways-1:0]     l1_raw_we;
  logic [NL1*Lanes*L1Ways*SW1-1:0]           l1_t_rd_f;
  logic [NL1*Lanes*WayW1-1:0]                l1_r_rd_f;
  logic [NL1*Lanes*512-1:0]                  l1_d_rd_f;
  logic                                      t2w_en, t2w_all, t1w_all;
  logic [WayW2-1:0]                          t2w_way;
  logic [SW2-1:0]                            t2w_word;
  logic                  walk_done, walk_accept, wb_valid, dbg_hit, sm_valid, fe_idle;
  rinv_pkg::line_t       wb_line;
  rinv_pkg::ldata_t      wb_wdata;
  rinv_pkg::lmask_t      wb_wmask;
  logic [15:0]           sm_lookups;
  logic [LaneW-1:0]      bnk;
  logic                  own_client;   // the TCPs own the L1 ports (not StInit / StTcpInv)
  assign own_client = !st_init && !st_tinv;

  // the owner's init / StTcpInv commands, or the TCPs' ports
  always @* begin
    for (int k = 0; k < NL1; k++) begin
      l1_t_re[k]    = own_client ? f_t_re[k]    : '0;
      l1_t_raddr[k] = f_t_raddr[k];
      l1_t_waddr[k] = own_client ? f_t_waddr[k] : RowW1'(init_q);
      l1_raw_we[k]  = own_client ? f_t_we[k]    : '0;
      l1_r_re[k]    = own_client ? f_r_re[k]    : '0;
      l1_r_we[k]    = own_client ? f_r_we[k]    : '1;
      l1_r_waddr[k] = own_client ? f_r_addr[k]  : RowW1'(init_q);
      l1_r_wdata[k] = own_client ? f_r_wdata[k] : '0;
      l1_d_re[k]    = own_client ? f_d_re[k]    : '0;
      l1_d_we[k]    = own_client ? f_d_we[k]    : '0;
    end
    // StInit clears only the rows an L1 has (InitRows may be the L2's)
    t1w_all = st_tinv || (st_init && (32'(init_q) < Rows1));
    if (st_init && (32'(init_q) >= Rows1)) l1_r_we = '0;
  end

  cc_datapath #(
    .NL1     (NL1),
    .L1Sets  (L1Sets),
    .L1Ways  (L1Ways),
    .L2Sets  (L2Sets),
    .L2Ways  (L2Ways),
    .Lanes   (Lanes),
    .TagLat  (TagLat),
    .Pif     (Pif),
    .TagOreg (TagOreg)
  ) u_dp (
    .clk_i, .rst_ni,
    // probe_ready[1] = !stall[7] && fe_idle in StIdle (§6.2, D14)
    .st_idle_i (st_idle && fe_idle),
    .walk_i    (st_walk),
    .stall_probe_i, .probe_valid_i, .probe_first_i, .probe_nlines_i, .probe_setwalk_i,
    .probe_ready_o, .ack_valid_o, .ack_hits_o, .ack_ready_i, .inv_count_o, .inv_line_o,
    .walk_done_o (walk_done), .walk_accept_o (walk_accept),
    .wb_valid_o (wb_valid), .wb_line_o (wb_line), .wb_wdata_o (wb_wdata),
    .wb_wmask_o (wb_wmask), .wb_ready_i (cc_req_ready_i),
    .sm_valid_o (sm_valid), .sm_lookups_o (sm_lookups),
    .l2_t_re_i (l2_t_re), .l2_r_re_i (l2_r_re), .l2_r_we_i (l2_r_we), .l2_d_re_i (l2_d_re),
    .l2_d_we_i (l2_d_we), .l2_m_we_i (l2_m_we), .l2_t_raddr_i (l2_t_raddr),
    .l2_t_waddr_i (l2_t_waddr), .l2_r_waddr_i (l2_r_waddr), .l2_r_wdata_i (l2_r_wdata),
    .l2_d_raddr_i (l2_d_raddr), .l2_d_waddr_i (l2_d_waddr), .l2_d_wbe_i (l2_d_wbe),
    .l2_m_wdata_i (l2_m_wdata), .l2_d_wdata_i (l2_d_wdata),
    .l1_t_re_i (l1_t_re), .l1_r_re_i (l1_r_re), .l1_r_we_i (l1_r_we), .l1_d_re_i (l1_d_re),
    .l1_d_we_i (l1_d_we), .l1_t_raddr_i (l1_t_raddr), .l1_t_waddr_i (l1_t_waddr),
    .l1_r_waddr_i (l1_r_waddr), .l1_r_wdata_i (l1_r_wdata), .l1_d_raddr_i (f_d_raddr),
    .l1_d_waddr_i (f_d_waddr), .l1_d_wbe_i (f_d_wbe), .l1_d_wdata_i (f_d_wdata),
    .t2w_en_i (t2w_en), .t2w_all_i (t2w_all), .t2w_way_i (t2w_way), .t2w_word_i (t2w_word),
    .t1w_en_i (1'b0), .t1w_all_i (t1w_all), .t1w_port_i ('0), .t1w_way_i ('0),
    .t1w_tag_i ('0), .bnk_i (bnk), .l1_t_raw_we_i (l1_raw_we), .l1_t_raw_wdata_i (f_t_wdata),
    .l2_t_rdata_o (l2_t_rdata), .l2_r_rdata_o (l2_r_rdata), .l2_d_rdata_o (l2_d_rdata),
    .l2_m_rdata_o (l2_m_rdata), .l1_t_rd_f_o (l1_t_rd_f), .l1_r_rd_f_o (l1_r_rd_f),
    .l1_d_rd_f_o (l1_d_rd_f), .dbg_line_i, .dbg_hit_o (dbg_hit)
  );

  // ---- front end ----------------------------------------------------------------------------
  logic                 tcp_hold, grant_en, grant, tcc_req, grant_go;
  logic [CuW-1:0]       grant_cu, head_cu;
  rinv_pkg::line_t      g_line;
  logic                 g_we;
  rinv_pkg::lmask_t     g_mask;
  rinv_pkg::ldata_t     g_data;
  logic [IW-1:0]        g_i;
  logic [NL1-1:0]       tresp_valid, tresp_ready, tidle;
  rinv_pkg::ldata_t     tresp_data;
  // §5.2: kinv_pend, StInit / StWalk / StTcpInv, or a probe the walker could take
  assign tcp_hold = kinv_q || st_init || st_walk || st_tinv || (probe_valid_i && !stall_probe_i);

  gpu_frontend #(
    .NCu        (NL1),
    .WaveSize   (WaveSize),
    .CoalTokens (CoalTokens),
    .CoalLines  (CoalLines),
    .TcpMshrs   (TcpMshrs),
    .L1Sets     (L1Sets),
    .L1Ways     (L1Ways),
    .Lanes      (Lanes),
    .L1Lat      (L1Lat),
    .TagOreg    (TagOreg)
  ) u_fe (
    .clk_i             (clk_i),
    .rst_ni            (rst_ni),
    .init_i            (st_init),
    .tcp_hold_i        (tcp_hold),
    .stall_lreq_i      (stall_lreq_i),
    .stall_tresp_i     (stall_tresp_i),
    .port_req_valid_i  (port_req_valid_i),
    .port_req_we_i     (port_req_we_i),
    .port_req_addr_i   (port_req_addr_i),
    .port_req_wdata_i  (port_req_wdata_i),
    .port_req_wstrb_i  (port_req_wstrb_i),
    .port_req_last_i   (port_req_last_i),
    .port_req_ready_o  (port_req_ready_o),
    .port_resp_valid_o (port_resp_valid_o),
    .port_resp_rdata_o (port_resp_rdata_o),
    .port_resp_ready_i (port_resp_ready_i),
    .grant_en_i        (grant_en),
    .req_o             (tcc_req),
    .grant_o           (grant),
    .grant_cu_o        (grant_cu),
    .head_cu_o         (head_cu),
    .g_line_o          (g_line),
    .g_we_o            (g_we),
    .g_mask_o          (g_mask),
    .g_data_o          (g_data),
    .g_i_o             (g_i),
    .tresp_valid_i     (tresp_valid),
    .tresp_we_i        (req_q.we),
    .tresp_i_i         (req_q.i),
    .tresp_data_i      (tresp_data),
    .tresp_ready_o     (tresp_ready),
    .t_re_o            (f_t_re),
    .t_raddr_o         (f_t_raddr),
    .t_rdata_i         (l1_t_rd_f),
    .t_we_o            (f_t_we),
    .t_waddr_o         (f_t_waddr),
    .t_wdata_o         (f_t_wdata),
    .r_re_o            (f_r_re),
    .r_addr_o          (f_r_addr),
    .r_rdata_i         (l1_r_rd_f),
    .r_we_o            (f_r_we),
    .r_wdata_o         (f_r_wdata),
    .d_re_o            (f_d_re),
    .d_raddr_o         (f_d_raddr),
    .d_rdata_i         (l1_d_rd_f),
    .d_we_o            (f_d_we),
    .d_waddr_o         (f_d_waddr),
    .d_wbe_o           (f_d_wbe),
    .d_wdata_o         (f_d_wdata),
    .fe_idle_o         (fe_idle),
    .tidle_o           (tidle),
    .lreq_valid_o      (gpu_lreq_valid_o),
    .lreq_ready_o      (gpu_lreq_ready_o),
    .lreq_line_o       (gpu_lreq_line_o),
    .stat_o            (stat_fe_o)
  );
  assign gpu_tresp_valid_o = tresp_valid;
  assign gpu_tresp_ready_o = tresp_ready;
  assign tcc_grant_o       = grant;
  assign tcc_grant_cu_o    = 2'(grant_cu);
  // The owner FSM takes a request on its own AND of the arbiter's request and grant_en (the
  // front end's grant_o is the same AND, for the pops): its next state does not wait for
  // grant_en to reach the arbiter in the front end and the grant to come back (fpga-ooc).
  assign grant_go          = tcc_req && grant_en;
`ifdef RINV_VERIF
`ifndef SYNTHESIS
  always @(posedge clk_i) if (rst_ni && grant_go != grant) $error("gpu_side_cc %m: grant_go");
`endif
`endif

  // ---- recorder, registers ------------------------------------------------------------------
  logic               rec_push, rec_pop, rec_hv, rec_full, rec_nz, rec_gt1;
  rinv_pkg::line_t    rec_head;
  logic [RecCntW-1:0] rec_cnt;
  logic               st_wait_done, hist_en;
  assign st_wait_done = (state_q == StHistWaitDone);

  cc_recorder #(
    .RecCap (RecCap)
  ) u_rec (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .push_i         (rec_push),
    .pdata_i        (req_line),
    .pop_i          (rec_pop),
    .head_o         (rec_head),
    .head_valid_o   (rec_hv),
    .count_o        (rec_cnt),
    .full_o         (rec_full),
    .nz_o           (rec_nz),
    .gt1_o          (rec_gt1),
    .hist_go_i      (hist_go_i),
    .hist_done_i    (hist_done_i),
    .st_wait_done_i (st_wait_done),
    .xfer_o         (xfer_q)
  );

  cc_regs #(
    .Side (1)
  ) u_regs (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .rb_sel_i      (rb_sel_i),
    .rb_we_i       (rb_we_i),
    .rb_off_i      (rb_off_i),
    .rb_wdata_i    (rb_wdata_i),
    .rb_side_i     (rb_side_i),
    .rb_commit_i   (rb_commit_i),
    .rb_err_o      (rb_err_o),
    .rb_rdata_o    (rb_rdata_o),
    .rec_count_i   (16'(rec_cnt)),
    .sm_valid_i    (sm_valid),
    .sm_lookups_i  (sm_lookups),
    .hist_en_o     (hist_en),
    .tag_lookups_o (tag_lookups_o)
  );

  // ---- TCC compare (Cm): the latched line X (or the recorder head), hits and victims --------
  rinv_pkg::line_t  x;
  logic [RowW2-1:0] row2, row2r;
  logic [TagW2-1:0] tag2;
  logic             l2_hit, l2_has_inv;
  logic [WayW2-1:0] l2_hit_way, l2_vict;
  rinv_pkg::ldata_t fill_merged;      // fill data with the write-through's wm bytes merged
  logic             unused_cmp;       // u_*: the L1 and word outputs the GPU side does not use
  logic [RowW1-1:0] u_row1;
  logic [TagW1-1:0] u_tag1;
  rinv_pkg::lmask_t u_st_be;
  rinv_pkg::ldata_t u_st_data, u_fill_merged;
  logic [NL1-1:0]   u_l1_hit, u_l1_has_inv;
  logic [NL1-1:0][WayW1-1:0] u_l1_hit_way, u_l1_vict;
  assign unused_cmp = ^{u_row1, u_tag1, u_st_be, u_st_data, u_fill_merged, u_l1_hit,
                        u_l1_has_inv, u_l1_hit_way, u_l1_vict, tidle};

  cc_lookup_cmp #(
    .NL1    (NL1),
    .L1Sets (L1Sets),
    .L1Ways (L1Ways),
    .L2Sets (L2Sets),
    .L2Ways (L2Ways),
    .Lanes  (Lanes)
  ) u_cmp (
    .clk_i, .rst_ni, .cm2_i (cm2_q), .cm1_i (1'b0), .hist_mode_i (hist_mode_q),
    .rec_head_i (rec_head), .req_addr_i ({req_line, 4'b0000}), .req_we_i (req_q.we),
    .req_wdata_i ('0), .req_wstrb_i ('0), .fill_data_i, .l2w_i (l2_t_rdata[bnk]),
    .l2rr_i (l2_r_rdata[bnk]), .l1w_i ('0), .l1rr_i ('0), .x_o (x), .bnk_o (bnk),
    .row1_o (u_row1), .row2_o (row2), .row2r_o (row2r), .tag1_o (u_tag1), .tag2_o (tag2),
    .st_be_o (u_st_be), .st_data_o (u_st_data), .fill_merged_o (u_fill_merged),
    .l2_hit_o (l2_hit), .l2_hit_way_o (l2_hit_way), .l2_vict_o (l2_vict),
    .l2_has_inv_o (l2_has_inv), .l1_hit_o (u_l1_hit), .l1_hit_way_o (u_l1_hit_way),
    .l1_vict_o (u_l1_vict), .l1_has_inv_o (u_l1_has_inv)
  );

  rinv_pkg::lmask_t req_mask;
  rinv_pkg::ldata_t req_data;
  assign req_mask = req_q.mask;
  assign req_data = req_q.data;
  for (genvar b = 0; b < rinv_pkg::LineBytes; b++) begin : gen_merge
    assign fill_merged[b*8 +: 8] = (req_q.we && req_mask[b]) ? req_data[b*8 +: 8] :
                                   fill_data_i[b*8 +: 8];
  end

  // Way selects as a mux over constant part-selects (no multiplier, as side_cc)
  function automatic logic [SW2-1:0] word2(input logic [L2Ways*SW2-1:0] v,
                                           input logic [WayW2-1:0] w);
    word2 = '0;
    for (int i = 0; i < L2Ways; i++) begin
      if (w == WayW2'(i)) word2 = v[i*SW2 +: SW2];
    end
  endfunction

  function automatic logic [WayW2-1:0] rr2_next(input logic [WayW2-1:0] r);
    rr2_next = (32'(r) == L2Ways - 1) ? '0 : r + 1'b1;
  endfunction

  logic [SW2-1:0] w2_way2, w2_hit, w2_vict;
  assign w2_way2 = word2(l2w_q, way2_q);
  assign w2_hit  = word2(l2w_q, l2_hit_way);
  assign w2_vict = word2(l2w_q, l2_vict);

  // ---- owner FSM (v2 §6.2 with v3 §6.2-§6.3) ------------------------------------------------
  logic lo_gpu_new;   // the GPU has just got the lock (kinv_pend set, §6.2)
  assign lo_gpu_new = (lock_owner_i == 2'd2) && (lo_q != 2'd2);

  // always @*: Icarus 11 loops at zero delay between always_comb blocks that feed each other
  always @* begin
    logic [SW2-1:0] w2;
    state_d    = state_q;
    req_d      = req_q;
    cnt_d      = cnt_q;
    init_d     = init_q;
    l2w_d      = l2w_q;
    l2rr_d     = l2rr_q;
    way2_d     = way2_q;
    kinv_d     = kinv_q;
    pw_d       = pw_q;
    kc_d       = kc_q;
    rec_push   = 1'b0;
    rec_pop    = 1'b0;
    grant_en   = 1'b0;
    w2         = '0;

    cc_req_valid_o = 1'b0;
    cc_req_we_o    = 1'b0;
    cc_req_line_o  = '0;
    cc_req_wdata_o = '0;
    cc_req_wmask_o = '0;
    fill_ready_o   = 1'b0;
    hist_valid_o   = 1'b0;
    hist_last_o    = 1'b0;
    hist_line_o    = '0;
    tresp_valid    = '0;
    tresp_data     = '0;

    t2w_en     = (st_oh_q[StL2Dt] && req_q.we) || (st_oh_q[StFillWait] && fill_valid_i &&
                 !stall_fill_i) || ((st_oh_q[StVictimWb] || st_oh_q[StHistWb]) &&
                 cc_req_ready_i) || (st_oh_q[StHistAc] && l2_hit && !w2_hit[1]);
    t2w_all    = 1'b0;
    t2w_way    = st_oh_q[StHistAc] ? l2_hit_way : way2_q;
    t2w_word   = '0;
    l2_t_re    = '0;
    l2_t_raddr = row2;
    l2_t_waddr = row2;
    l2_r_re    = '0;
    l2_r_we    = '0;
    l2_r_waddr = row2r;
    l2_r_wdata = rr2_next(l2rr_q);
    l2_d_re    = '0;
    l2_d_raddr = DAW2'(32'(row2) * L2Ways + 32'(way2_q));
    l2_d_we    = '0;
    l2_d_waddr = DAW2'(32'(row2) * L2Ways + 32'(way2_q));
    l2_d_wbe   = req_mask;
    l2_d_wdata = req_data;
    l2_m_we    = '0;
    l2_m_wdata = '0;

    // gpu_probe_waits (§6.2 rule 1)
    if (st_idle && probe_valid_i && !stall_probe_i && !fe_idle) pw_d = pw_q + 1'b1;

    unique case (state_q)
      StInit: begin
        if (32'(init_q) < Rows2) begin
          t2w_all    = 1'b1;
          l2_t_waddr = RowW2'(init_q);
          l2_r_we    = '1;
          l2_r_waddr = RowW2'(init_q);
          l2_r_wdata = '0;
        end
        init_d = init_q + 1'b1;
        if (32'(init_q) == InitRows - 1) state_d = StIdle;
      end

      StIdle: begin
        if (walk_accept) begin                              // rule 1
          state_d = StWalk;
        end else if (xfer_q) begin                          // rule 2
          if (rec_nz) begin
            if (rec_hv) begin
              cnt_d   = 4'(L2RdN - 1);
              state_d = StHistRd;
            end
          end else begin
            state_d = StHistEnd;
          end
        end else if (rec_full) begin                        // rule 3
          if (rec_hv) begin
            cnt_d   = 4'(L2RdN - 1);
            state_d = StHistRd;
          end
        end else if (kinv_q && fe_idle) begin               // rule 4
          kinv_d  = 1'b0;
          kc_d    = kc_q + 1'b1;
          init_d  = '0;
          state_d = StTcpInv;
        end else begin                                      // rule 5
          grant_en = 1'b1;
          if (grant_go) begin
            req_d.cu   = head_cu;
            req_d.we   = g_we;
            req_d.line = g_line;
            req_d.mask = g_mask;
            req_d.data = g_data;
            req_d.i    = g_i;
            cnt_d      = 4'(L2RdN - 1);
            state_d    = StL2Rd;
          end
        end
      end

      StTcpInv: begin
        // row init_q of every TCP tagst and rr cell to 0 (the L1 commands above)
        init_d = init_q + 1'b1;
        if (32'(init_q) == Rows1 - 1) state_d = StIdle;
      end

      StL2Rd, StHistRd: begin
        if (32'(cnt_q) == L2RdN - 1) begin
          l2_t_re[bnk] = 1'b1;
          if (state_q == StL2Rd) l2_r_re[bnk] = 1'b1;
        end
        if (cnt_q != '0)            cnt_d   = cnt_q - 1'b1;
        else if (state_q == StL2Rd) state_d = StL2Cm;
        else                        state_d = StHistCm;
      end

      StL2Cm, StHistCm: begin
        l2w_d  = l2_t_rdata[bnk];
        l2rr_d = l2_r_rdata[bnk];
        if (state_q == StL2Cm) state_d = StL2Ac;
        else                   state_d = StHistAc;
      end

      StL2Ac: begin
        if (l2_hit) begin
          way2_d       = l2_hit_way;
          l2_d_re[bnk] = 1'b1;
          l2_d_raddr   = DAW2'(32'(row2) * L2Ways + 32'(l2_hit_way));
          state_d      = StL2Dt;
        end else begin
          way2_d = l2_vict;
          if (!l2_has_inv) l2_r_we[bnk] = 1'b1;
          if (w2_vict[2] && w2_vict[1]) begin
            l2_d_re[bnk] = 1'b1;
            l2_d_raddr   = DAW2'(32'(row2) * L2Ways + 32'(l2_vict));
            state_d      = StVictimWb;
          end else begin
            state_d = StFillReq;
          end
        end
      end

      StL2Dt: begin
        if (req_q.we) begin
          // write-through merge: wbe = wm, dmask = (dirty ? dmask_old : 0) | wm (§6.3)
          w2 = w2_way2;
          l2_d_we[bnk] = 1'b1;
          l2_m_we[bnk] = 1'b1;
          l2_m_wdata   = (w2[1] ? l2_m_rdata[bnk] : 64'd0) | req_mask;
          t2w_word = {w2[SW2-1 -: TagW2], 1'b1, 1'b1, w2[0] | hist_en};
          if (hist_en && !w2[0]) rec_push = 1'b1;
        end
        state_d = StTResp;
      end

      StVictimWb: begin
        w2 = w2_way2;
        cc_req_valid_o = 1'b1;
        cc_req_we_o    = 1'b1;
        cc_req_line_o  = 26'({w2[SW2-1 -: TagW2], x[SetW2-1:0]});
        cc_req_wdata_o = l2_d_rdata[bnk];
        cc_req_wmask_o = l2_m_rdata[bnk];
        if (cc_req_ready_i) begin
          t2w_word = {w2[SW2-1 -: TagW2], 3'b000};
          state_d = StFillReq;
        end
      end

      StFillReq: begin
        cc_req_valid_o = 1'b1;
        cc_req_line_o  = x;
        if (cc_req_ready_i) state_d = StFillWait;
      end

      StFillWait: begin
        fill_ready_o = !stall_fill_i;
        if (fill_valid_i && !stall_fill_i) begin
          t2w_word = {tag2, 1'b1, req_q.we, req_q.we && hist_en};
          l2_d_we[bnk] = 1'b1;
          l2_d_wbe     = '1;
          l2_d_wdata   = fill_merged;
          if (req_q.we) begin
            l2_m_we[bnk] = 1'b1;
            l2_m_wdata   = req_mask;
            if (hist_en) rec_push = 1'b1;
          end
          state_d = StTResp;
        end
      end

      StTResp: begin
        tresp_valid[req_q.cu] = 1'b1;
        tresp_data            = req_q.we ? '0 : rline_q;
        if (tresp_ready[req_q.cu]) state_d = StIdle;
      end

      StHistAc: begin
        if (l2_hit) begin
          way2_d = l2_hit_way;
          w2 = w2_hit;
          if (w2[1]) begin
            l2_d_re[bnk] = 1'b1;
            l2_d_raddr   = DAW2'(32'(row2) * L2Ways + 32'(l2_hit_way));
            state_d      = StHistWb;
          end else begin
            t2w_word = {w2[SW2-1 -: TagW2], 3'b100};
            state_d = StHistBeat;
          end
        end else begin
          state_d = StHistBeat;
        end
      end

      StHistWb: begin
        w2 = w2_way2;
        cc_req_valid_o = 1'b1;
        cc_req_we_o    = 1'b1;
        cc_req_line_o  = x;
        cc_req_wdata_o = l2_d_rdata[bnk];
        cc_req_wmask_o = l2_m_rdata[bnk];
        if (cc_req_ready_i) begin
          t2w_word = {w2[SW2-1 -: TagW2], 3'b100};
          state_d = StHistBeat;
        end
      end

      StHistBeat: begin
        hist_valid_o = 1'b1;
        hist_line_o  = x;
        if (hist_ready_i) begin
          rec_pop = 1'b1;
          if (!xfer_q) begin
            state_d = StIdle;
          end else if (rec_gt1) begin
            cnt_d   = 4'(L2RdN - 1);
            state_d = StHistRd;
          end else begin
            state_d = StHistEnd;
          end
        end
      end

      StHistEnd: begin
        hist_valid_o = 1'b1;
        hist_last_o  = 1'b1;
        if (hist_ready_i) state_d = StHistWaitDone;
      end

      StHistWaitDone: begin
        if (hist_done_i) state_d = StIdle;
      end

      StWalk: begin
        cc_req_valid_o = wb_valid;
        cc_req_we_o    = wb_valid;
        cc_req_line_o  = wb_line;
        cc_req_wdata_o = wb_wdata;
        cc_req_wmask_o = wb_wmask;
        if (walk_done) state_d = StIdle;
      end

      default: state_d = StIdle;
    endcase

    // kinv_pend: set at the edge of a cycle in which the GPU has just got the lock; set wins
    // over the clear of rule 4 (v2 §9 item 2)
    if (lo_gpu_new) kinv_d = 1'b1;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q     <= StInit;
      req_q       <= '0;
      cnt_q       <= '0;
      init_q      <= '0;
      l2w_q       <= '0;
      l2rr_q      <= '0;
      way2_q      <= '0;
      kinv_q      <= 1'b0;
      lo_q        <= '0;
      pw_q        <= '0;
      kc_q        <= '0;
      hist_mode_q <= 1'b0;
      cm2_q       <= 1'b0;
      st_oh_q     <= NSt'(1) << StInit;
    end else begin
      state_q     <= state_d;
      req_q       <= req_d;
      cnt_q       <= cnt_d;
      init_q      <= init_d;
      l2w_q       <= l2w_d;
      l2rr_q      <= l2rr_d;
      way2_q      <= way2_d;
      kinv_q      <= kinv_d;
      lo_q        <= lock_owner_i;
      pw_q        <= pw_d;
      kc_q        <= kc_d;
      hist_mode_q <= (state_d == StHistRd) || (state_d == StHistCm) || (state_d == StHistAc) ||
                     (state_d == StHistWb) || (state_d == StHistBeat);
      cm2_q       <= (state_d == StL2Cm) || (state_d == StHistCm);
      st_oh_q     <= NSt'(1) << state_d;
    end
  end

  // the response line (cc_resp_line.sv): written in StL2Dt (TCC data) and at the fill
  logic       rl_en_d;
  logic [1:0] rl_sel_d;
  assign rl_en_d  = (state_q == StL2Ac) || (state_q == StFillReq) ||
                    ((state_q == StFillWait) && !(fill_valid_i && !stall_fill_i));
  assign rl_sel_d = (state_q == StL2Ac) ? 2'd1 : 2'd2;
  cc_resp_line u_rline (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .en_d_i     (rl_en_d),
    .sel_d_i    (rl_sel_d),
    .l1_line_i  ('0),
    .l2_line_i  (l2_d_rdata[bnk]),
    .fill_line_i(fill_data_i),
    .line_o     (rline_q)
  );

  assign dbg_valid_o = !st_init && dbg_hit;
  assign hist_en_o   = hist_en;
  assign rec_count_o = 16'(rec_cnt);
  assign stat_gpu_probe_waits_o = pw_q;
  assign stat_tcp_kinv_o        = kc_q;

endmodule : gpu_side_cc

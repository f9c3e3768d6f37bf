// Cache controller of one side (ARCHITECTURE_v2.md §6): owner FSM with the init walk, the
// lookup states (core ports, fills, victims: cc_lookup folded in, its stages are owner states),
// the history states, and the wiring of cc_datapath (arrays, walker), cc_recorder, cc_portarb,
// cc_regs and cc_lookup_cmp.
module side_cc #(
  parameter int  Side    = 0,
  parameter int  NL1     = 2,
  parameter int  L1Sets  = 16,
  parameter int  L1Ways  = 2,
  parameter int  L2Sets  = 64,
  parameter int  L2Ways  = 4,
  parameter int  L1Lat   = 1,
  parameter int  L2Lat   = 1,
  parameter int  RecCap  = 16,
  parameter int  Lanes   = 1,
  parameter int  Pif     = 4,
  parameter int  TagOreg = 0,   // tag_oreg (§3.1): output register of tagst / rr, O
  localparam int PortW   = (NL1 > 1) ? $clog2(NL1) : 1
) (
  input  logic                                clk_i,
  input  logic                                rst_ni,
  input  logic                                stall_fill_i,   // stall[2+s]
  input  logic                                stall_probe_i,  // stall[6+s]
  input  logic [NL1-1:0]                      port_req_valid_i,
  input  logic [NL1-1:0]                      port_req_we_i,
  input  logic [NL1-1:0][rinv_pkg::AddrW-1:0] port_req_addr_i,
  input  logic [NL1-1:0][31:0]                port_req_wdata_i,
  input  logic [NL1-1:0][3:0]                 port_req_wstrb_i,
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
  output logic [31:0]                         tag_lookups_o
);

  // ---- derived parameters -------------------------------------------------------------------
  localparam int Rows1   = L1Sets / Lanes;
  localparam int Rows2   = L2Sets / Lanes;
  localparam int RowW1   = (Rows1 > 1) ? $clog2(Rows1) : 1;
  localparam int RowW2   = (Rows2 > 1) ? $clog2(Rows2) : 1;
  localparam int SetW1   = $clog2(L1Sets);
  localparam int SetW2   = $clog2(L2Sets);
  localparam int TagW1   = 26 - SetW1;
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
  // Rd states last LAT + O cycles (§6.2-§6.4), the read in the first (cnt = LAT + O - 1)
  localparam int L1RdN   = L1Lat + TagOreg;
  localparam int L2RdN   = L2Lat + TagOreg;

  typedef enum logic [4:0] {
    StInit, StIdle, StL1Rd, StL1Cm, StL1Ac, StL1Dt, StL2Rd, StL2Cm, StL2Ac, StL2Dt,
    StVictimWb, StFillReq, StFillWait, StResp, StHistRd, StHistCm, StHistAc, StHistWb,
    StHistBeat, StHistEnd, StHistWaitDone, StWalk
  } state_e;

  state_e state_q, state_d;
  logic [3:0]       cnt_q, cnt_d;
  logic [InitW-1:0] init_q, init_d;
  typedef struct packed {
    logic [PortW-1:0]           port;
    logic                       we;
    logic [rinv_pkg::AddrW-1:0] addr;
    logic [31:0]                wdata;
    logic [3:0]                 wstrb;
  } req_t;
  req_t             req_q, req_d;   // the request latch
  rinv_pkg::addr_t req_addr;       // = req_q.addr (Icarus 11 cannot part-select a member)
  assign req_addr = req_q.addr;
  // the response's line is registered whole, the word chosen after the register (no 16:1
  // select behind a block RAM's clock-to-out; fpga-ooc). StResp shows the same word.
  rinv_pkg::ldata_t rline_q;
  logic            xfer_q;            // cc_recorder's transfer flag (its register)
  // lookup compare registers (Cm -> Ac, Ac -> Dt)
  // Flat vectors where an index is not a constant (Icarus 11: one variable index at most).
  logic [L2Ways*SW2-1:0]      l2w_q, l2w_d;      // tagst words of bank b
  logic [WayW2-1:0]           l2rr_q, l2rr_d;
  logic [NL1-1:0][WayW1-1:0]  l1rr_q, l1rr_d;
  logic [WayW2-1:0]           way2_q, way2_d;    // L2 hit / victim way
  logic [WayW1-1:0]           way1_q, way1_d;    // own L1 victim way
  logic                       rr1_adv_q, rr1_adv_d;

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

  logic [NL1-1:0][Lanes-1:0]                 l1_t_re, l1_r_re, l1_r_we, l1_d_re, l1_d_we;
  logic [NL1-1:0][RowW1-1:0]                 l1_t_raddr, l1_t_waddr, l1_r_waddr;
  logic [NL1-1:0][WayW1-1:0]                 l1_r_wdata;
  logic [NL1-1:0][DAW1-1:0]                  l1_d_raddr, l1_d_waddr;
  logic [NL1-1:0][rinv_pkg::LineBytes-1:0]   l1_d_wbe;
  logic [NL1-1:0][rinv_pkg::LineBytes*8-1:0] l1_d_wdata;
  // flat read views and tagst write commands of the lookup / init client
  logic [NL1*Lanes*L1Ways*SW1-1:0] l1_t_rd_f;
  logic [NL1*Lanes*WayW1-1:0]      l1_r_rd_f;
  logic [NL1*Lanes*512-1:0]        l1_d_rd_f;
  logic                            t2w_en, t2w_all, t1w_en, t1w_all;
  logic [WayW2-1:0]                t2w_way;
  logic [SW2-1:0]                  t2w_word;
  logic                            walk_done, walk_accept, wb_valid, dbg_hit, sm_valid;
  // st_oh_q: one-hot of state_q, loaded from state_d (its consumers start at a flip-flop);
  // hist_mode_q (a history lookup state) and cm2_q (StL2Cm or StHistCm): ORs of its bits, each
  // registered too so that no OR stands in front of its consumers
  logic [21:0]                     st_oh_q;  // 22 = the members of state_e
  logic                            hist_mode_q, cm2_q;
  logic                            st_idle, st_walk, cm1;  // wires: Icarus 11 mis-elaborates
  assign st_idle = st_oh_q[StIdle];                        // enum indices in port connections
  assign st_walk = st_oh_q[StWalk];
  assign cm1     = st_oh_q[StL1Cm];
  logic                            unused_st;  // st_oh_q: only some states are read
  assign unused_st = ^st_oh_q;
  rinv_pkg::line_t  wb_line;
  rinv_pkg::ldata_t wb_wdata;
  rinv_pkg::lmask_t wb_wmask;
  logic [15:0]      sm_lookups;

  cc_datapath #(
    .NL1    (NL1),
    .L1Sets (L1Sets),
    .L1Ways (L1Ways),
    .L2Sets (L2Sets),
    .L2Ways (L2Ways),
    .Lanes  (Lanes),
    .TagLat (TagLat),
    .Pif    (Pif),
    .TagOreg (TagOreg)
  ) u_dp (
    .clk_i, .rst_ni,
    .st_idle_i (st_idle),
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
    .l1_r_waddr_i (l1_r_waddr), .l1_r_wdata_i (l1_r_wdata), .l1_d_raddr_i (l1_d_raddr),
    .l1_d_waddr_i (l1_d_waddr), .l1_d_wbe_i (l1_d_wbe), .l1_d_wdata_i (l1_d_wdata),
    .t2w_en_i (t2w_en), .t2w_all_i (t2w_all), .t2w_way_i (t2w_way), .t2w_word_i (t2w_word),
    .t1w_en_i (t1w_en), .t1w_all_i (t1w_all), .t1w_port_i (req_q.port), .t1w_way_i (way1_q),
    .t1w_tag_i (tag1), .bnk_i (bnk), .l1_t_raw_we_i ('0), .l1_t_raw_wdata_i ('0),
    .l2_t_rdata_o (l2_t_rdata), .l2_r_rdata_o (l2_r_rdata), .l2_d_rdata_o (l2_d_rdata),
    .l2_m_rdata_o (l2_m_rdata), .l1_t_rd_f_o (l1_t_rd_f), .l1_r_rd_f_o (l1_r_rd_f),
    .l1_d_rd_f_o (l1_d_rd_f), .dbg_line_i, .dbg_hit_o (dbg_hit)
  );

  // ---- recorder -------------------------------------------------------------------------------
  logic               rec_push, rec_pop, rec_hv, rec_full, rec_nz, rec_gt1;  // flags: registers
  rinv_pkg::line_t    rec_head;
  logic [RecCntW-1:0] rec_cnt;
  logic               st_wait_done;   // a wire: Icarus 11 mis-elaborates enum compares in ports
  assign st_wait_done = (state_q == StHistWaitDone);

  cc_recorder #(
    .RecCap (RecCap)
  ) u_rec (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .push_i         (rec_push),
    .pdata_i        (req_addr[31:6]),
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

  // ---- port arbiter, registers, walker ----------------------------------------------------------
  logic             arb_en, arb_grant;
  logic [PortW-1:0] arb_sel;
  logic             hist_en;

  cc_portarb #(
    .NL1 (NL1)
  ) u_arb (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .en_i    (arb_en),
    .valid_i (port_req_valid_i),
    .ready_o (port_req_ready_o),
    .grant_o (arb_grant),
    .sel_o   (arb_sel)
  );

  cc_regs #(
    .Side (Side)
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



  // ---- lookup compare (Cm): line X decode, store bytes, hits and victims ---------------------
  rinv_pkg::line_t  x;
  logic [LaneW-1:0] bnk;
  logic [RowW1-1:0] row1;
  logic [RowW2-1:0] row2, row2r;   // row2r: the request's row (rr cells)
  logic [TagW1-1:0] tag1;
  logic [TagW2-1:0] tag2;
  rinv_pkg::lmask_t st_be;
  rinv_pkg::ldata_t st_data, fill_merged;
  // Compare results, registered in u_cmp at the end of Cm (which also registers l2w_q /
  // l1rr_q): Ac acts on registers only, with the values a compare in Ac would give (X and the
  // words do not change from Cm to Ac), and no compare in front of Ac's data addresses.
  logic              l2_hit, l2_has_inv;
  logic [WayW2-1:0]  l2_hit_way, l2_vict;
  logic [NL1-1:0]              l1_hit, l1_has_inv;
  logic [NL1-1:0][WayW1-1:0]   l1_hit_way, l1_vict;
  logic [NL1-1:0][L1Ways*SW1-1:0]    l1w_bnk;     // L1 tagst words of bank bnk (read data)
  logic [NL1-1:0][WayW1-1:0]         l1rr_bnk;

  cc_lookup_cmp #(
    .NL1    (NL1),
    .L1Sets (L1Sets),
    .L1Ways (L1Ways),
    .L2Sets (L2Sets),
    .L2Ways (L2Ways),
    .Lanes  (Lanes)
  ) u_cmp (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .cm2_i         (cm2_q),
    .cm1_i         (cm1),
    .hist_mode_i   (hist_mode_q),
    .rec_head_i    (rec_head),
    .req_addr_i    (req_addr[31:2]),
    .req_we_i      (req_q.we),
    .req_wdata_i   (req_q.wdata),
    .req_wstrb_i   (req_q.wstrb),
    .fill_data_i   (fill_data_i),
    .l2w_i         (l2_t_rdata[bnk]),
    .l2rr_i        (l2_r_rdata[bnk]),
    .l1w_i         (l1w_bnk),
    .l1rr_i        (l1rr_bnk),
    .x_o           (x),
    .bnk_o         (bnk),
    .row1_o        (row1),
    .row2_o        (row2),
    .row2r_o       (row2r),
    .tag1_o        (tag1),
    .tag2_o        (tag2),
    .st_be_o       (st_be),
    .st_data_o     (st_data),
    .fill_merged_o (fill_merged),
    .l2_hit_o      (l2_hit),
    .l2_hit_way_o  (l2_hit_way),
    .l2_vict_o     (l2_vict),
    .l2_has_inv_o  (l2_has_inv),
    .l1_hit_o      (l1_hit),
    .l1_hit_way_o  (l1_hit_way),
    .l1_vict_o     (l1_vict),
    .l1_has_inv_o  (l1_has_inv)
  );

  function automatic logic [31:0] word_of(input logic [rinv_pkg::LineBytes*8-1:0] d,
                                          input logic [3:0] w);
    word_of = d[{w, 5'b00000} +: 32];
  endfunction

  // Way selects as a mux over constant part-selects: an index times a non-power-of-two width
  // made Yosys build a multiplier and a barrel shifter (a MULT18X18D on the Ac path, 48 MHz).
  function automatic logic [SW2-1:0] word2(input logic [L2Ways*SW2-1:0] v,
                                           input logic [WayW2-1:0] w);
    word2 = '0;
    for (int i = 0; i < L2Ways; i++) begin
      if (w == WayW2'(i)) word2 = v[i*SW2 +: SW2];
    end
  endfunction

  function automatic logic vdirty2(input logic [L2Ways*SW2-1:0] v, input logic [WayW2-1:0] w);
    vdirty2 = 1'b0;
    for (int i = 0; i < L2Ways; i++) begin
      if (w == WayW2'(i)) vdirty2 = v[i*SW2 + 2] && v[i*SW2 + 1];
    end
  endfunction

  // selects for the owner FSM, outside it (a loop in an FSM branch made Yosys infer latches)
  logic [SW2-1:0]  w2_way2, w2_hit;            // tagst word of that L2 way
  logic            vict_dirty;                 // the L2 victim is valid+dirty
  rinv_pkg::ldata_t l1_rd_line;                // own L1's data line, bank bnk
  assign w2_way2 = word2(l2w_q, way2_q);
  assign vict_dirty = vdirty2(l2w_q, l2_vict);
  assign w2_hit  = word2(l2w_q, l2_hit_way);
  // One write-data bus for every L1's data cells (only the requesting port's, or the hit
  // copies of a store, write): the L2 line in StL2Dt, the fill in StFillWait (whole lines),
  // else the store's bytes. Not selected per L1 by the request's port (fpga area: one
  // 512-bit select instead of one per L1).
  rinv_pkg::ldata_t l1_wdata_sh;
  rinv_pkg::lmask_t l1_wbe_sh;
  assign l1_wdata_sh = st_oh_q[StL2Dt] ? l2_d_rdata[bnk] :
                       st_oh_q[StFillWait] ? fill_data_i : st_data;
  assign l1_wbe_sh   = (st_oh_q[StL2Dt] || st_oh_q[StFillWait]) ? '1 : st_be;
  always_comb begin
    l1w_bnk    = '0;
    l1rr_bnk   = '0;
    l1_rd_line = '0;
    for (int k = 0; k < NL1; k++) begin
      for (int l = 0; l < Lanes; l++) begin
        if (bnk == LaneW'(l)) begin
          l1w_bnk[k]  = l1_t_rd_f[(k*Lanes + l)*L1Ways*SW1 +: L1Ways*SW1];
          l1rr_bnk[k] = l1_r_rd_f[(k*Lanes + l)*WayW1 +: WayW1];
          if (req_q.port == PortW'(k)) begin
            l1_rd_line = l1_d_rd_f[(k*Lanes + l)*512 +: 512];
          end
        end
      end
    end
  end

  function automatic logic [WayW2-1:0] rr2_next(input logic [WayW2-1:0] r);
    rr2_next = (32'(r) == L2Ways - 1) ? '0 : r + 1'b1;
  endfunction
  function automatic logic [WayW1-1:0] rr1_next(input logic [WayW1-1:0] r);
    rr1_next = (32'(r) == L1Ways - 1) ? '0 : r + 1'b1;
  endfunction

  // ---- owner FSM -------------------------------------------------------------------------------
  // always @*: Icarus 11 loops at zero delay between always_comb blocks that feed each other.
  always @* begin
    logic [SW2-1:0] w2;
    int k;  // declared here: Yosys infers latches for loop variables of conditional loops
    k           = 0;
    state_d     = state_q;
    req_d       = req_q;
    cnt_d       = cnt_q;
    init_d      = init_q;
    l2w_d       = l2w_q;
    l2rr_d      = l2rr_q;
    l1rr_d      = l1rr_q;
    way2_d      = way2_q;
    way1_d      = way1_q;
    rr1_adv_d   = rr1_adv_q;
    rec_push    = 1'b0;
    rec_pop     = 1'b0;
    arb_en      = 1'b0;
    w2          = '0;

    port_resp_valid_o = '0;
    port_resp_rdata_o = '0;
    cc_req_valid_o    = 1'b0;
    cc_req_we_o       = 1'b0;
    cc_req_line_o     = '0;
    cc_req_wdata_o    = '0;
    cc_req_wmask_o    = '0;
    fill_ready_o      = 1'b0;
    hist_valid_o      = 1'b0;
    hist_last_o       = 1'b0;
    hist_line_o       = '0;

    // array controls of the lookup / init client
    // the L2 tagst write command, flat over the one-hot state flags (not the case below: a
    // shallower path to the DP16KD write enables, fpga-ooc)
    t2w_en     = (st_oh_q[StL2Dt] && req_q.we) || (st_oh_q[StFillWait] && fill_valid_i &&
                 !stall_fill_i) || ((st_oh_q[StVictimWb] || st_oh_q[StHistWb]) &&
                 cc_req_ready_i) || (st_oh_q[StHistAc] && l2_hit && !w2_hit[1]);
    t2w_all    = 1'b0;
    t2w_way    = st_oh_q[StHistAc] ? l2_hit_way : way2_q;
    t2w_word   = '0;
    t1w_en     = 1'b0;
    t1w_all    = 1'b0;
    l2_t_re    = '0;
    l2_t_raddr = row2;
    l2_t_waddr = row2;
    l2_r_re    = '0;
    l2_r_we    = '0;
    l2_r_waddr = row2r;   // also the rr read row (cc_datapath)
    l2_r_wdata = rr2_next(l2rr_q);
    l2_d_re    = '0;
    l2_d_raddr = DAW2'(32'(row2) * L2Ways + 32'(way2_q));
    l2_d_we    = '0;
    l2_d_waddr = DAW2'(32'(row2) * L2Ways + 32'(way2_q));
    l2_d_wbe   = st_be;
    l2_d_wdata = st_data;
    l2_m_we    = '0;
    l2_m_wdata = '0;
    for (k = 0; k < NL1; k++) begin
      l1_t_re[k]    = '0;
      l1_t_raddr[k] = row1;
      l1_t_waddr[k] = row1;
      l1_r_re[k]    = '0;
      l1_r_we[k]    = '0;
      l1_r_waddr[k] = row1;
      l1_r_wdata[k] = rr1_next(l1rr_q[k]);
      l1_d_re[k]    = '0;
      l1_d_raddr[k] = DAW1'(32'(row1) * L1Ways + 32'(l1_hit_way[k]));
      l1_d_we[k]    = '0;
      l1_d_waddr[k] = DAW1'(32'(row1) * L1Ways + 32'(l1_hit_way[k]));
      l1_d_wbe[k]   = l1_wbe_sh;
      l1_d_wdata[k] = l1_wdata_sh;
    end

    // the request latch takes the arbiter's choice in every StIdle cycle (read only after the
    // grant's cycle): its enable is a flip-flop (st_oh_q), not the StIdle decisions (fpga-ooc)
    if (st_idle) begin
      req_d.port  = arb_sel;
      req_d.we    = port_req_we_i[arb_sel];
      req_d.addr  = port_req_addr_i[arb_sel];
      req_d.wdata = port_req_wdata_i[arb_sel];
      req_d.wstrb = port_req_wstrb_i[arb_sel];
    end
    unique case (state_q)
      StInit: begin
        // clear row init_q of every tagst and rr cell of every array that has it
        if (32'(init_q) < Rows2) begin
          t2w_all    = 1'b1;
          l2_t_waddr = RowW2'(init_q);
          l2_r_we    = '1;
          l2_r_waddr = RowW2'(init_q);
          l2_r_wdata = '0;
        end
        if (32'(init_q) < Rows1) begin
          t1w_all = 1'b1;
          for (k = 0; k < NL1; k++) begin
            l1_t_waddr[k] = RowW1'(init_q);
            l1_r_we[k]    = '1;
            l1_r_waddr[k] = RowW1'(init_q);
            l1_r_wdata[k] = '0;
          end
        end
        init_d = init_q + 1'b1;
        if (32'(init_q) == InitRows - 1) state_d = StIdle;
      end

      StIdle: begin
        if (walk_accept) begin
          state_d = StWalk;
        end else if (xfer_q) begin
          if (rec_nz) begin
            if (rec_hv) begin
              cnt_d   = 4'(L2RdN - 1);
              state_d = StHistRd;
            end
          end else begin
            state_d = StHistEnd;
          end
        end else if (rec_full) begin
          if (rec_hv) begin
            cnt_d   = 4'(L2RdN - 1);
            state_d = StHistRd;
          end
        end else begin
          arb_en = 1'b1;
          if (arb_grant) begin
            cnt_d       = 4'(L1RdN - 1);
            state_d     = StL1Rd;
          end
        end
      end

      StL1Rd: begin
        if (32'(cnt_q) == L1RdN - 1) begin
          for (k = 0; k < NL1; k++) begin
            l1_t_re[k] = Lanes'(1) << bnk;
            l1_r_re[k] = Lanes'(1) << bnk;
          end
        end
        if (cnt_q != '0) cnt_d = cnt_q - 1'b1;
        else             state_d = StL1Cm;
      end

      StL1Cm: begin
        l1rr_d = l1rr_bnk;
        state_d = StL1Ac;
      end

      StL1Ac: begin
        if (!req_q.we) begin
          if (l1_hit[req_q.port]) begin
            l1_d_re[req_q.port] = Lanes'(1) << bnk;
            state_d = StL1Dt;
          end else begin
            way1_d    = l1_vict[req_q.port];
            rr1_adv_d = !l1_has_inv[req_q.port];
            cnt_d     = 4'(L2RdN - 1);
            state_d   = StL2Rd;
          end
        end else begin
          // write-update every L1 of the side that holds the line
          for (k = 0; k < NL1; k++) begin
            if (l1_hit[k]) l1_d_we[k] = Lanes'(1) << bnk;
          end
          cnt_d   = 4'(L2RdN - 1);
          state_d = StL2Rd;
        end
      end

      StL1Dt: begin
        state_d = StResp;
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
          if (vict_dirty) begin
            l2_d_re[bnk] = 1'b1;
            l2_d_raddr   = DAW2'(32'(row2) * L2Ways + 32'(l2_vict));
            state_d      = StVictimWb;
          end else begin
            state_d = StFillReq;
          end
        end
      end

      StL2Dt: begin
        if (!req_q.we) begin
          // fill the own L1 from the L2 line
          l1_d_we[req_q.port]               = Lanes'(1) << bnk;
          l1_d_waddr[req_q.port]            = DAW1'(32'(row1) * L1Ways + 32'(way1_q));
          t1w_en                            = 1'b1;
          // tagst {tag_L1(X), valid = 1} at the latched victim
          l1_r_we[req_q.port]               = rr1_adv_q ? (Lanes'(1) << bnk) : '0;
        end else begin
          w2 = w2_way2;
          l2_d_we[bnk] = 1'b1;
          l2_m_we[bnk] = 1'b1;
          l2_m_wdata   = (w2[1] ? l2_m_rdata[bnk] : 64'd0) | st_be;
          t2w_word = {w2[SW2-1 -: TagW2], 1'b1, 1'b1, w2[0] | hist_en};
          if (hist_en && !w2[0]) rec_push = 1'b1;
        end
        state_d = StResp;
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
            l2_m_wdata   = st_be;
            if (hist_en) rec_push = 1'b1;
          end else begin
            l1_d_we[req_q.port]               = Lanes'(1) << bnk;
            l1_d_waddr[req_q.port]            = DAW1'(32'(row1) * L1Ways + 32'(way1_q));
            t1w_en                            = 1'b1;
            // tagst {tag_L1(X), valid = 1} at the latched victim
            l1_r_we[req_q.port]               = rr1_adv_q ? (Lanes'(1) << bnk) : '0;
          end
          state_d = StResp;
        end
      end

      StResp: begin
        port_resp_valid_o[req_q.port] = 1'b1;
        // a store's response carries 0 (its line register is not written)
        port_resp_rdata_o[req_q.port] = req_q.we ? '0 : word_of(rline_q, req_addr[5:2]);
        if (port_resp_ready_i[req_q.port]) state_d = StIdle;
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
  end

  assign dbg_valid_o = (state_q != StInit) && dbg_hit;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q     <= StInit;
      req_q       <= '0;
      cnt_q       <= '0;
      init_q      <= '0;
      l2w_q       <= '0;
      l2rr_q      <= '0;
      l1rr_q      <= '0;
      way2_q      <= '0;
      way1_q      <= '0;
      rr1_adv_q   <= 1'b0;
      hist_mode_q <= 1'b0;
      cm2_q       <= 1'b0;
      st_oh_q     <= 22'(1) << StInit;
    end else begin
      state_q     <= state_d;
      req_q       <= req_d;
      cnt_q       <= cnt_d;
      init_q      <= init_d;
      l2w_q       <= l2w_d;
      l2rr_q      <= l2rr_d;
      l1rr_q      <= l1rr_d;
      way2_q      <= way2_d;
      way1_q      <= way1_d;
      rr1_adv_q   <= rr1_adv_d;
      hist_mode_q <= (state_d == StHistRd) || (state_d == StHistCm) || (state_d == StHistAc) ||
                     (state_d == StHistWb) || (state_d == StHistBeat);
      cm2_q       <= (state_d == StL2Cm) || (state_d == StHistCm);
      st_oh_q     <= 22'(1) << state_d;
    end
  end

  // The response line (cc_resp_line.sv): enable and source select decoded from the current
  // state, the states that lead into StL1Dt / StL2Dt / StFillWait (why: cc_resp_line.sv)
  logic       rl_en_d;
  logic [1:0] rl_sel_d;
  assign rl_en_d  = (state_q == StL1Ac) || (state_q == StL2Ac) || (state_q == StFillReq) ||
                    ((state_q == StFillWait) && !(fill_valid_i && !stall_fill_i));
  assign rl_sel_d = (state_q == StL1Ac) ? 2'd0 : (state_q == StL2Ac) ? 2'd1 : 2'd2;
  cc_resp_line u_rline (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .en_d_i     (rl_en_d),
    .sel_d_i    (rl_sel_d),
    .l1_line_i  (l1_rd_line),
    .l2_line_i  (l2_d_rdata[bnk]),
    .fill_line_i(fill_data_i),
    .line_o     (rline_q)
  );

  assign hist_en_o   = hist_en;
  assign rec_count_o = 16'(rec_cnt);

endmodule : side_cc

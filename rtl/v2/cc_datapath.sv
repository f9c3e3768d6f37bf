// Datapath of one cache controller (ARCHITECTURE_v2.md §6.1, §6.5, §4.3): the L2 and the
// L1 arrays, the range-invalidate walker that owns their tag ports while the owner FSM is in
// StWalk, and the lookup / init client's ports otherwise (its tagst writes arrive as one-way
// commands: t2w_* for the L2 way of bank b, t1w_* for the requester's L1 victim, *_all for
// a whole row at init). side_cc is the owner FSM around it. TagOreg (tag_oreg, §3.1, §4.3):
// the tagst and rr cells have an output register; its enable comes from the walker (0 exactly
// in its fz cycles, whatever the owner state).
module cc_datapath #(
  parameter int  NL1    = 2,
  parameter int  L1Sets = 16,
  parameter int  L1Ways = 2,
  parameter int  L2Sets = 64,
  parameter int  L2Ways = 4,
  parameter int  Lanes  = 1,
  parameter int  TagLat = 1,
  parameter int  Pif    = 4,
  parameter int  TagOreg = 0,
  localparam int Rows1  = L1Sets / Lanes,
  localparam int Rows2  = L2Sets / Lanes,
  localparam int RowW1  = (Rows1 > 1) ? $clog2(Rows1) : 1,
  localparam int RowW2  = (Rows2 > 1) ? $clog2(Rows2) : 1,
  localparam int TagW1  = 26 - $clog2(L1Sets),
  localparam int TagW2  = 26 - $clog2(L2Sets),
  localparam int SW1    = TagW1 + 1,
  localparam int SW2    = TagW2 + 3,
  localparam int WayW1  = (L1Ways > 1) ? $clog2(L1Ways) : 1,
  localparam int WayW2  = (L2Ways > 1) ? $clog2(L2Ways) : 1,
  localparam int DAW1   = (Rows1 * L1Ways > 1) ? $clog2(Rows1 * L1Ways) : 1,
  localparam int DAW2   = (Rows2 * L2Ways > 1) ? $clog2(Rows2 * L2Ways) : 1,
  localparam int LaneW  = (Lanes > 1) ? $clog2(Lanes) : 1,
  localparam int PortW  = (NL1 > 1) ? $clog2(NL1) : 1
) (
  input  logic                                    clk_i,
  input  logic                                    rst_ni,
  input  logic                                    st_idle_i,   // owner FSM in StIdle
  input  logic                                    walk_i,      // owner FSM in StWalk
  // walker: probes, acks, write-backs, events (cc_walker)
  input  logic              stall_probe_i,
  output logic              walk_done_o,
  output logic              walk_accept_o,
  input  logic              probe_valid_i,
  input  rinv_pkg::line_t   probe_first_i,
  input  rinv_pkg::nlines_t probe_nlines_i,
  input  logic              probe_setwalk_i,
  output logic              probe_ready_o,
  output logic              ack_valid_o,
  output logic [31:0]       ack_hits_o,
  input  logic              ack_ready_i,
  output logic              wb_valid_o,
  output rinv_pkg::line_t   wb_line_o,
  output rinv_pkg::ldata_t  wb_wdata_o,
  output rinv_pkg::lmask_t  wb_wmask_o,
  input  logic              wb_ready_i,
  output logic [7:0]        inv_count_o,
  output rinv_pkg::line_t   inv_line_o,
  output logic              sm_valid_o,
  output logic [15:0]       sm_lookups_o,
  // lookup / init client: L2
  input  logic [Lanes-1:0] l2_t_re_i, l2_r_re_i, l2_r_we_i,
  input  logic [Lanes-1:0] l2_d_re_i, l2_d_we_i, l2_m_we_i,
  input  logic [RowW2-1:0] l2_t_raddr_i, l2_t_waddr_i, l2_r_waddr_i,
  input  logic [WayW2-1:0] l2_r_wdata_i,
  input  logic [DAW2-1:0]  l2_d_raddr_i, l2_d_waddr_i,
  input  rinv_pkg::lmask_t l2_d_wbe_i, l2_m_wdata_i,
  input  rinv_pkg::ldata_t l2_d_wdata_i,
  // lookup / init client: L1s
  input  logic [NL1-1:0][Lanes-1:0]                 l1_t_re_i, l1_r_re_i, l1_r_we_i,
  input  logic [NL1-1:0][Lanes-1:0]                 l1_d_re_i, l1_d_we_i,
  input  logic [NL1-1:0][RowW1-1:0]                 l1_t_raddr_i, l1_t_waddr_i, l1_r_waddr_i,
  input  logic [NL1-1:0][WayW1-1:0]                 l1_r_wdata_i,
  input  logic [NL1-1:0][DAW1-1:0]                  l1_d_raddr_i, l1_d_waddr_i,
  input  logic [NL1-1:0][rinv_pkg::LineBytes-1:0]   l1_d_wbe_i,
  input  logic [NL1-1:0][rinv_pkg::LineBytes*8-1:0] l1_d_wdata_i,
  // lookup / init client: tagst write commands
  input  logic                                    t2w_en_i, t2w_all_i,
  input  logic [WayW2-1:0]                        t2w_way_i,
  input  logic [SW2-1:0]                          t2w_word_i,
  input  logic                                    t1w_en_i, t1w_all_i,
  input  logic [PortW-1:0]                        t1w_port_i,  // the requester's L1
  input  logic [WayW1-1:0]                        t1w_way_i,
  input  logic [TagW1-1:0]                        t1w_tag_i,
  input  logic [LaneW-1:0]                        bnk_i,       // bank b of the looked-up line
  // raw L1 tagst writes (the GPU side's TCPs, v3 §14.11: a store hit writes valid = 0), at
  // l1_t_waddr_i; the CPU side ties them to 0
  input  logic [NL1-1:0][Lanes-1:0][L1Ways-1:0]          l1_t_raw_we_i,
  input  logic [NL1-1:0][Lanes-1:0][L1Ways-1:0][SW1-1:0] l1_t_raw_wdata_i,
  // registered reads
  output logic [Lanes-1:0][L2Ways-1:0][SW2-1:0]       l2_t_rdata_o,
  output logic [Lanes-1:0][WayW2-1:0]                 l2_r_rdata_o,
  output logic [Lanes-1:0][rinv_pkg::LineBytes*8-1:0] l2_d_rdata_o,
  output logic [Lanes-1:0][rinv_pkg::LineBytes-1:0]   l2_m_rdata_o,
  output logic [NL1*Lanes*L1Ways*SW1-1:0]             l1_t_rd_f_o,  // flat: Icarus 11
  output logic [NL1*Lanes*WayW1-1:0]                  l1_r_rd_f_o,
  output logic [NL1*Lanes*512-1:0]                    l1_d_rd_f_o,
  input  rinv_pkg::line_t                             dbg_line_i,
  output logic                                        dbg_hit_o
);

  // ---- array ports after the client multiplexer ---------------------------------------------
  logic [Lanes-1:0]                            l2_t_re, l2_r_re, l2_r_we, l2_d_re, l2_d_we, l2_m_we;
  logic [RowW2-1:0]                            l2_t_raddr, l2_t_waddr, l2_r_waddr;
  logic [Lanes-1:0][L2Ways-1:0][SW2-1:0]       l2_t_rdata, l2_t_wdata;
  logic [Lanes-1:0][L2Ways-1:0]                l2_t_we;
  logic [Lanes-1:0][WayW2-1:0]                 l2_r_rdata;
  logic [WayW2-1:0]                            l2_r_wdata;
  logic [DAW2-1:0]                             l2_d_raddr, l2_d_waddr;
  logic [Lanes-1:0][rinv_pkg::LineBytes*8-1:0] l2_d_rdata;
  logic [Lanes-1:0][rinv_pkg::LineBytes-1:0]   l2_m_rdata;
  rinv_pkg::lmask_t                            l2_d_wbe, l2_m_wdata;
  rinv_pkg::ldata_t                            l2_d_wdata;
  logic                                        l2_dbg;

  logic [NL1-1:0][Lanes-1:0]                            l1_t_re, l1_r_re, l1_r_we, l1_d_re, l1_d_we;
  logic [NL1-1:0][RowW1-1:0]                            l1_t_raddr, l1_t_waddr, l1_r_waddr;
  logic [NL1-1:0][Lanes-1:0][L1Ways-1:0][SW1-1:0]       l1_t_rdata, l1_t_wdata;
  logic [NL1-1:0][Lanes-1:0][L1Ways-1:0]                l1_t_we;
  logic [NL1-1:0][Lanes-1:0][WayW1-1:0]                 l1_r_rdata;
  logic [NL1-1:0][WayW1-1:0]                            l1_r_wdata;
  logic [NL1-1:0][DAW1-1:0]                             l1_d_raddr, l1_d_waddr;
  logic [NL1-1:0][Lanes-1:0][rinv_pkg::LineBytes*8-1:0] l1_d_rdata;
  logic [NL1-1:0][rinv_pkg::LineBytes-1:0]              l1_d_wbe;
  logic [NL1-1:0][rinv_pkg::LineBytes*8-1:0]            l1_d_wdata;
  logic [NL1-1:0]                                       l1_dbg;

  logic [Lanes-1:0]                              w2_t_re, w2_d_re;
  logic [RowW2-1:0]                              w2_t_raddr, w2_t_waddr;
  logic [Lanes-1:0][L2Ways-1:0]                  w2_t_we;
  logic [Lanes-1:0][L2Ways-1:0][SW2-1:0]         w2_t_wdata;
  logic [DAW2-1:0]                               w2_d_raddr;
  logic [NL1-1:0][Lanes-1:0]                     w1_t_re;
  logic [NL1-1:0][RowW1-1:0]                     w1_t_raddr, w1_t_waddr;
  logic [NL1-1:0][Lanes-1:0][L1Ways-1:0]         w1_t_we;
  logic [NL1-1:0][Lanes-1:0][L1Ways-1:0][SW1-1:0] w1_t_wdata;
  logic                                          tag_oe;  // output registers of tagst, rr


  // The walker owns the tag ports (and the L2 data read port) in StWalk; the lookup / init
  // client has every port otherwise, its tagst writes expanded from the one-way commands.
  always_comb begin
    l2_t_re    = walk_i ? w2_t_re    : l2_t_re_i;
    l2_t_raddr = walk_i ? w2_t_raddr : l2_t_raddr_i;
    l2_t_waddr = walk_i ? w2_t_waddr : l2_t_waddr_i;
    l2_d_re    = walk_i ? w2_d_re    : l2_d_re_i;
    l2_d_raddr = walk_i ? w2_d_raddr : l2_d_raddr_i;
    l1_t_re    = walk_i ? w1_t_re    : l1_t_re_i;
    l1_t_raddr = walk_i ? w1_t_raddr : l1_t_raddr_i;
    l1_t_waddr = walk_i ? w1_t_waddr : l1_t_waddr_i;
    if (walk_i) begin
      l2_t_we    = w2_t_we;
      l2_t_wdata = w2_t_wdata;
      l1_t_we    = w1_t_we;
      l1_t_wdata = w1_t_wdata;
    end else begin
      l2_t_we    = t2w_all_i ? '1 :
                   t2w_en_i  ? ((Lanes*L2Ways)'(1) << (32'(bnk_i)*L2Ways + 32'(t2w_way_i))) : '0;
      l2_t_wdata = t2w_all_i ? '0 : {(Lanes*L2Ways){t2w_word_i}};
      for (int k = 0; k < NL1; k++) begin
        l1_t_we[k]    = t1w_all_i ? '1 : ((t1w_en_i && (32'(t1w_port_i) == k)) ?
                        ((Lanes*L1Ways)'(1) << (32'(bnk_i)*L1Ways + 32'(t1w_way_i))) : '0) |
                        l1_t_raw_we_i[k];
        l1_t_wdata[k] = t1w_all_i ? '0 : (l1_t_raw_we_i[k] != '0) ? l1_t_raw_wdata_i[k] :
                        {(Lanes*L1Ways){t1w_tag_i, 1'b1}};
      end
    end
  end
  // The rr cells are read at their write row: only the lookup client reads them (StL1Rd /
  // StL2Rd, which write no rr), at the request's row, a register slice; not through the
  // walker's address multiplexer and the history line select (fpga-ooc round 6)
  assign l2_r_re    = l2_r_re_i;
  assign l2_r_we    = l2_r_we_i;
  assign l2_r_waddr = l2_r_waddr_i;
  assign l2_r_wdata = l2_r_wdata_i;
  assign l2_d_we    = l2_d_we_i;
  assign l2_d_waddr = l2_d_waddr_i;
  assign l2_d_wbe   = l2_d_wbe_i;
  assign l2_d_wdata = l2_d_wdata_i;
  assign l2_m_we    = l2_m_we_i;
  assign l2_m_wdata = l2_m_wdata_i;
  assign l1_r_re    = l1_r_re_i;
  assign l1_r_we    = l1_r_we_i;
  assign l1_r_waddr = l1_r_waddr_i;
  assign l1_r_wdata = l1_r_wdata_i;
  assign l1_d_re    = l1_d_re_i;
  assign l1_d_raddr = l1_d_raddr_i;
  assign l1_d_we    = l1_d_we_i;
  assign l1_d_waddr = l1_d_waddr_i;
  assign l1_d_wbe   = l1_d_wbe_i;
  assign l1_d_wdata = l1_d_wdata_i;

  assign l2_t_rdata_o = l2_t_rdata;
  assign l2_r_rdata_o = l2_r_rdata;
  assign l2_d_rdata_o = l2_d_rdata;
  assign l2_m_rdata_o = l2_m_rdata;
  assign l1_t_rd_f_o  = l1_t_rdata;
  assign l1_r_rd_f_o  = l1_r_rdata;
  assign l1_d_rd_f_o  = l1_d_rdata;
  assign dbg_hit_o    = l2_dbg || (l1_dbg != '0);

  cache_array #(
    .Sets  (L2Sets),
    .Ways  (L2Ways),
    .Lanes (Lanes),
    .IsL2  (1'b1),
    .TagOreg (TagOreg)
  ) u_l2 (
    .clk_i      (clk_i),
    .t_oe_i     (tag_oe),
    .t_re_i     (l2_t_re),
    .t_raddr_i  (l2_t_raddr),
    .t_rdata_o  (l2_t_rdata),
    .t_we_i     (l2_t_we),
    .t_waddr_i  (l2_t_waddr),
    .t_wdata_i  (l2_t_wdata),
    .r_re_i     (l2_r_re),
    .r_raddr_i  (l2_r_waddr),
    .r_rdata_o  (l2_r_rdata),
    .r_we_i     (l2_r_we),
    .r_waddr_i  (l2_r_waddr),
    .r_wdata_i  (l2_r_wdata),
    .d_re_i     (l2_d_re),
    .d_raddr_i  (l2_d_raddr),
    .d_rdata_o  (l2_d_rdata),
    .m_rdata_o  (l2_m_rdata),
    .d_we_i     (l2_d_we),
    .d_waddr_i  (l2_d_waddr),
    .d_wbe_i    (l2_d_wbe),
    .d_wdata_i  (l2_d_wdata),
    .m_we_i     (l2_m_we),
    .m_wdata_i  (l2_m_wdata),
    .dbg_line_i (dbg_line_i),
    .dbg_hit_o  (l2_dbg)
  );

  for (genvar k = 0; k < NL1; k++) begin : gen_l1
    logic [Lanes-1:0][rinv_pkg::LineBytes-1:0] unused_m;

    cache_array #(
      .Sets  (L1Sets),
      .Ways  (L1Ways),
      .Lanes (Lanes),
      .IsL2  (1'b0),
      .TagOreg (TagOreg)
    ) u_l1 (
      .clk_i      (clk_i),
      .t_oe_i     (tag_oe),
      .t_re_i     (l1_t_re[k]),
      .t_raddr_i  (l1_t_raddr[k]),
      .t_rdata_o  (l1_t_rdata[k]),
      .t_we_i     (l1_t_we[k]),
      .t_waddr_i  (l1_t_waddr[k]),
      .t_wdata_i  (l1_t_wdata[k]),
      .r_re_i     (l1_r_re[k]),
      .r_raddr_i  (l1_r_waddr[k]),
      .r_rdata_o  (l1_r_rdata[k]),
      .r_we_i     (l1_r_we[k]),
      .r_waddr_i  (l1_r_waddr[k]),
      .r_wdata_i  (l1_r_wdata[k]),
      .d_re_i     (l1_d_re[k]),
      .d_raddr_i  (l1_d_raddr[k]),
      .d_rdata_o  (l1_d_rdata[k]),
      .m_rdata_o  (unused_m),
      .d_we_i     (l1_d_we[k]),
      .d_waddr_i  (l1_d_waddr[k]),
      .d_wbe_i    (l1_d_wbe[k]),
      .d_wdata_i  (l1_d_wdata[k]),
      .m_we_i     ('0),
      .m_wdata_i  ('0),
      .dbg_line_i (dbg_line_i),
      .dbg_hit_o  (l1_dbg[k])
    );
  end


  cc_walker #(
    .NL1    (NL1),
    .L1Sets (L1Sets),
    .L1Ways (L1Ways),
    .L2Sets (L2Sets),
    .L2Ways (L2Ways),
    .Lanes  (Lanes),
    .TagLat (TagLat),
    .Pif    (Pif),
    .TagOreg (TagOreg)
  ) u_walker (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .st_idle_i       (st_idle_i),
    .st_walk_i       (walk_i),
    .stall_probe_i   (stall_probe_i),
    .done_o          (walk_done_o),
    .accept_o        (walk_accept_o),
    .probe_valid_i   (probe_valid_i),
    .probe_first_i   (probe_first_i),
    .probe_nlines_i  (probe_nlines_i),
    .probe_setwalk_i (probe_setwalk_i),
    .probe_ready_o   (probe_ready_o),
    .ack_valid_o     (ack_valid_o),
    .ack_hits_o      (ack_hits_o),
    .ack_ready_i     (ack_ready_i),
    .wb_valid_o      (wb_valid_o),
    .wb_line_o       (wb_line_o),
    .wb_wdata_o      (wb_wdata_o),
    .wb_wmask_o      (wb_wmask_o),
    .wb_ready_i      (wb_ready_i),
    .inv_count_o     (inv_count_o),
    .inv_line_o      (inv_line_o),
    .sm_valid_o      (sm_valid_o),
    .sm_lookups_o    (sm_lookups_o),
    .tag_oe_o        (tag_oe),
    .l2_t_re_o       (w2_t_re),
    .l2_t_raddr_o    (w2_t_raddr),
    .l2_t_rdata_i    (l2_t_rdata),
    .l2_t_we_o       (w2_t_we),
    .l2_t_waddr_o    (w2_t_waddr),
    .l2_t_wdata_o    (w2_t_wdata),
    .l2_d_re_o       (w2_d_re),
    .l2_d_raddr_o    (w2_d_raddr),
    .l2_d_rdata_i    (l2_d_rdata),
    .l2_m_rdata_i    (l2_m_rdata),
    .l1_t_re_o       (w1_t_re),
    .l1_t_raddr_o    (w1_t_raddr),
    .l1_t_rdata_i    (l1_t_rdata),
    .l1_t_we_o       (w1_t_we),
    .l1_t_waddr_o    (w1_t_waddr),
    .l1_t_wdata_o    (w1_t_wdata)
  );

endmodule : cc_datapath

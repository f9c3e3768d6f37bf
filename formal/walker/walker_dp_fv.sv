// Formal checker of the range-invalidate walker (ARCHITECTURE_v2.md §6.5) with the arrays it
// walks (cc_datapath: cc_walker, the L2 and L1 cache_arrays), top of the tasks *_dp of the job
// formal/walker.sby. The checker plays the owner FSM of side_cc (§6): the init walk (clears
// every tagst row), StIdle (the only state besides StWalk that accepts a probe; no array
// write), StWalk (the walker owns the tag ports until done_o) and "busy" (any lookup-client
// state): there the lookup / init client writes the arrays freely, any tagst word
// {tag, valid, dirty, rec} to any L2 row, any L1 tag to any L1 row, any dmask to any L2
// entry, one command of each per cycle. The arrays therefore hold any contents the client's
// write commands can make, not only those the lookup FSM makes (formal/walker/walker_fv.sv
// checks the whole side_cc, to a smaller depth). Client rule kept from side_cc: a tagst write
// that sets dirty writes the dmask of that entry in the same cycle.
//
// Formal configuration: 1 L1 of L1Sets x 1 way, L2 of L2Sets x 1 way, Lanes 1, TagLat 1, Pif;
// data abstraction FV_LINE_BITS (probe ranges, the watched line and every tag the client
// writes name lines below 2**FV_LINE_BITS; the all-probe is allowed too).
// Watched line L (anyconst), a shadow of L's L2 entry (dirty bit and dmask, from the client's
// writes; a write-back of L clears it) and one watched probe, as in walker_fv.sv. Properties:
//   wk_inv_at_ack     when the watched probe's ack handshakes and its range holds L, L is
//                     valid in no array (peek port, RINV_VERIF), unless the client has written
//                     since the probe was accepted
//   wk_wb_before_ack  ... and L is not dirty: it was written back before the ack
//   wk_wb_mask        a write-back of L happens only for a dirty L and carries its dmask
// Under FV_WALKER_IND (tasks prove_dp, prove_dp_o1, break_ind*) walker_inv.svh adds the
// invariants that make them inductive (k-induction, unbounded; docs/VERIFICATION.md §12.2).
module walker_dp_fv #(
  parameter int NL1    = 1,
  parameter int L1Sets = 2,
  parameter int L2Sets = 2,
  parameter int Pif    = 2,
  parameter int MaxN   = 4,
  parameter int LB     = `FV_LINE_BITS,
  parameter int TagOreg = 0,  // tag_oreg; tasks *_o1 of formal/walker.sby set 1 (chparam)
  localparam int RowW1 = (L1Sets > 1) ? $clog2(L1Sets) : 1,
  localparam int RowW2 = (L2Sets > 1) ? $clog2(L2Sets) : 1,
  localparam int TagW1 = 26 - $clog2(L1Sets),
  localparam int TagW2 = 26 - $clog2(L2Sets),
  localparam int SW2   = TagW2 + 3,
  localparam int Init  = (L1Sets > L2Sets) ? L1Sets : L2Sets
) (
  input  logic clk_i
);

  logic rst_ni;
  logic init_q = 1'b1;
  always_ff @(posedge clk_i) init_q <= 1'b0;
  assign rst_ni = !init_q;

  // ---- free environment -------------------------------------------------------------------
  (* anyseq *) logic                  probe_valid, probe_setwalk, ack_ready, watch_pick;
  (* anyseq *) rinv_pkg::line_t       probe_first;
  (* anyseq *) rinv_pkg::nlines_t     probe_nlines;
  (* anyseq *) logic                  wb_ready, go_busy, go_idle;
  (* anyseq *) logic                  t2w_en, l2_m_we, t1w_en;
  (* anyseq *) logic [RowW2-1:0]      t2_row, m_row;
  (* anyseq *) logic [SW2-1:0]        t2w_word;
  (* anyseq *) rinv_pkg::lmask_t      m_wdata;
  (* anyseq *) logic [RowW1-1:0]      t1_row;
  (* anyseq *) logic [TagW1-1:0]      t1w_tag;
  (* anyconst *) rinv_pkg::line_t     wl;   // the watched line L

  // ---- owner FSM of side_cc, reduced (§6): init walk, idle, busy (lookup client), walk ------
  typedef enum logic [1:0] {OInit, OIdle, OBusy, OWalk} own_e;
  own_e own_q;
  logic [$clog2(Init+1)-1:0] icnt_q;
  logic walk_done, walk_accept, st_idle, st_walk, busy, ini;
  assign st_idle = (own_q == OIdle);
  assign st_walk = (own_q == OWalk);
  assign busy    = (own_q == OBusy);
  assign ini     = (own_q == OInit);
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      own_q  <= OInit;
      icnt_q <= '0;
    end else begin
      unique case (own_q)
        OInit: begin
          icnt_q <= icnt_q + 1'b1;
          if (32'(icnt_q) == Init - 1) own_q <= OIdle;
        end
        OIdle: if (walk_accept) own_q <= OWalk; else if (go_busy) own_q <= OBusy;
        OBusy: if (go_idle) own_q <= OIdle;
        default: if (walk_done) own_q <= OIdle;
      endcase
    end
  end

  logic                 c_t2w, c_mw, c_t1w;   // the client's writes of this cycle
  assign c_t2w = busy && t2w_en;
  assign c_mw  = busy && l2_m_we;
  assign c_t1w = busy && t1w_en;

  logic                 ack_valid, probe_ready, wb_valid, sm_valid, dbg_hit;
  logic [31:0]          ack_hits;
  rinv_pkg::line_t      wb_line, inv_line;
  rinv_pkg::ldata_t     wb_wdata;
  rinv_pkg::lmask_t     wb_wmask;
  logic [7:0]           inv_count;
  logic [15:0]          sm_lookups;
  logic [0:0][0:0][SW2-1:0] l2_t_rdata;
  logic [0:0][0:0]      l2_r_rdata;
  logic [0:0][511:0]    l2_d_rdata;
  logic [0:0][63:0]     l2_m_rdata;
  logic [NL1*(TagW1+1)-1:0] l1_t_rd_f;
  logic [NL1-1:0]       l1_r_rd_f;
  logic [NL1*512-1:0]   l1_d_rd_f;

  cc_datapath #(
    .NL1    (NL1),
    .L1Sets (L1Sets),
    .L1Ways (1),
    .L2Sets (L2Sets),
    .L2Ways (1),
    .Lanes  (1),
    .TagLat (1),
    .Pif    (Pif),
    .TagOreg (TagOreg)
  ) dut (
    .clk_i, .rst_ni,
    .st_idle_i (st_idle),
    .walk_i    (st_walk),
    .stall_probe_i (1'b0),
    .walk_done_o (walk_done), .walk_accept_o (walk_accept),
    .probe_valid_i (probe_valid), .probe_first_i (probe_first),
    .probe_nlines_i (probe_nlines), .probe_setwalk_i (probe_setwalk),
    .probe_ready_o (probe_ready), .ack_valid_o (ack_valid), .ack_hits_o (ack_hits),
    .ack_ready_i (ack_ready),
    .wb_valid_o (wb_valid), .wb_line_o (wb_line), .wb_wdata_o (wb_wdata),
    .wb_wmask_o (wb_wmask), .wb_ready_i (wb_ready),
    .inv_count_o (inv_count), .inv_line_o (inv_line),
    .sm_valid_o (sm_valid), .sm_lookups_o (sm_lookups),
    .l2_t_re_i ('0), .l2_r_re_i ('0), .l2_r_we_i ('0), .l2_d_re_i ('0),
    .l2_d_we_i ('0), .l2_m_we_i (c_mw), .l2_t_raddr_i ('0),
    .l2_t_waddr_i (ini ? RowW2'(icnt_q) : t2_row), .l2_r_waddr_i ('0), .l2_r_wdata_i ('0),
    .l2_d_raddr_i ('0), .l2_d_waddr_i (m_row), .l2_d_wbe_i ('0),
    .l2_m_wdata_i (m_wdata), .l2_d_wdata_i ('0),
    .l1_t_re_i ('0), .l1_r_re_i ('0), .l1_r_we_i ('0), .l1_d_re_i ('0),
    .l1_d_we_i ('0), .l1_t_raddr_i ('0), .l1_t_waddr_i (ini ? RowW1'(icnt_q) : t1_row),
    .l1_r_waddr_i ('0), .l1_r_wdata_i ('0), .l1_d_raddr_i ('0),
    .l1_d_waddr_i ('0), .l1_d_wbe_i ('0), .l1_d_wdata_i ('0),
    .t2w_en_i (c_t2w), .t2w_all_i (ini && 32'(icnt_q) < L2Sets), .t2w_way_i ('0),
    .t2w_word_i (t2w_word),
    .t1w_en_i (c_t1w), .t1w_all_i (ini && 32'(icnt_q) < L1Sets), .t1w_port_i ('0),
    .t1w_way_i ('0), .t1w_tag_i (t1w_tag), .bnk_i ('0),
    // the GPU TCPs' raw tag writes (v3 §14.11) stay 0: the client here is a CPU-side one
    .l1_t_raw_we_i ('0), .l1_t_raw_wdata_i ('0),
    .l2_t_rdata_o (l2_t_rdata), .l2_r_rdata_o (l2_r_rdata), .l2_d_rdata_o (l2_d_rdata),
    .l2_m_rdata_o (l2_m_rdata), .l1_t_rd_f_o (l1_t_rd_f), .l1_r_rd_f_o (l1_r_rd_f),
    .l1_d_rd_f_o (l1_d_rd_f), .dbg_line_i (wl), .dbg_hit_o (dbg_hit)
  );

  logic dbg_valid;   // = side_cc's dbg_valid_o (0 during the init walk)
  assign dbg_valid = !ini && dbg_hit;

  // ---- environment assumptions ------------------------------------------------------------
  localparam int OW = $clog2(Pif + 2);
  logic [OW-1:0] out_q;     // probes accepted and not yet acked
  logic          p_hs, a_hs, c_hs, w_hs;
  assign p_hs = probe_valid && probe_ready;
  assign a_hs = ack_valid && ack_ready;
  assign c_hs = c_t2w || c_mw || c_t1w;     // the client wrote an array
  assign w_hs = st_walk && wb_valid && wb_ready;


  always_comb begin
    assume (wl < 26'(1 << LB));
    // tags the client writes name lines below 2**LB
    assume ({t2w_word[SW2-1 -: TagW2], t2_row} < 26'(1 << LB));
    assume ({t1w_tag, t1_row} < 26'(1 << LB));
    // side_cc's rule: a tagst write that sets dirty (valid) writes that entry's dmask too
    if (c_t2w && t2w_word[2] && t2w_word[1]) assume (c_mw && m_row == t2_row);
  end

  // ---- shadow of L's L2 entry (row L mod L2Sets, way 0): dirty bit and dmask ----------------
  logic             d_q;
  rinv_pkg::lmask_t m_q;
  logic [RowW2-1:0] lrow;
  assign lrow = RowW2'(wl % L2Sets);
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      d_q <= 1'b0;
      m_q <= '0;
    end else begin
      if (ini) d_q <= 1'b0;
      else if (c_t2w && t2_row == lrow)
        d_q <= t2w_word[2] && t2w_word[1] && (t2w_word[SW2-1 -: TagW2] == TagW2'(wl >> RowW2));
      else if (w_hs && wb_line == wl) d_q <= 1'b0;
      if (c_mw && m_row == lrow) m_q <= m_wdata;
    end
  end

  logic [25:0]      wr_line;
  rinv_pkg::lmask_t wr_mask;
  assign wr_line = wb_line;
  assign wr_mask = wb_wmask;

  `include "walker_watch.svh"
`ifdef FV_WALKER_IND
  `include "walker_inv.svh"
`endif

endmodule : walker_dp_fv

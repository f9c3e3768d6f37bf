// Range-invalidate walker of one side (ARCHITECTURE_v2.md §6.5).
//
// Probe registers cur / nxt, then the group pipeline IS, TW1..TW(T-1), [TO,] CM, AC, CT, SM.
// RD (the stage that reads the tagst cells) is TW(T-1), or IS when T = 1. TO (TagOreg = 1,
// round 5): the group's words sit in the cells' read registers; at the edge that moves it
// into CM the cells' output registers load them (tag_oe_o = 1). A group checks Lanes lines
// (one per bank) of every array it looks up. AC writes back dirty L2 hits one at a time
// (fz: IS .. AC, TO too, hold, no read, tag_oe_o = 0), then invalidates every hit of the group
// (act). hz holds the front while the RD group would read a (array, row, bank) that TO, CM
// or AC has yet to write. Events of CT/SM drive inv_count / inv_line, the hit accumulator
// and the ack queue.
module cc_walker #(
  parameter int  NL1     = 2,
  parameter int  L1Sets  = 16,
  parameter int  L1Ways  = 2,
  parameter int  L2Sets  = 64,
  parameter int  L2Ways  = 4,
  parameter int  Lanes   = 1,
  parameter int  TagLat  = 1,
  parameter int  Pif     = 4,
  parameter int  TagOreg = 0,   // tag_oreg (§3.1): stage TO between RD and CM
  localparam int LW      = (Lanes > 1) ? $clog2(Lanes) : 0,
  localparam int Rows1   = L1Sets / Lanes,
  localparam int Rows2   = L2Sets / Lanes,
  localparam int RowW1   = (Rows1 > 1) ? $clog2(Rows1) : 1,
  localparam int RowW2   = (Rows2 > 1) ? $clog2(Rows2) : 1,
  localparam int LR1     = $clog2(Rows1),
  localparam int LR2     = $clog2(Rows2),
  localparam int TagW1   = 26 - $clog2(L1Sets),
  localparam int TagW2   = 26 - $clog2(L2Sets),
  localparam int SW1     = TagW1 + 1,
  localparam int SW2     = TagW2 + 3,
  localparam int WayW2   = (L2Ways > 1) ? $clog2(L2Ways) : 1,
  localparam int LaneW   = (Lanes > 1) ? $clog2(Lanes) : 1,
  localparam int DAW2    = (Rows2 * L2Ways > 1) ? $clog2(Rows2 * L2Ways) : 1,
  localparam int SMax    = (L1Sets > L2Sets) ? L1Sets : L2Sets,
  localparam int RSet    = SMax / Lanes
) (
  input  logic                                        clk_i,
  input  logic                                        rst_ni,
  // owner state
  input  logic                                        st_idle_i,
  input  logic                                        st_walk_i,
  input  logic                                        stall_probe_i,
  output logic                                        done_o,     // may leave StWalk (read there)
  output logic                                        accept_o,   // probe handshake
  // probe channel
  input  logic                                        probe_valid_i,
  input  logic [25:0]                                 probe_first_i,
  input  logic [26:0]                                 probe_nlines_i,
  input  logic                                        probe_setwalk_i,
  output logic                                        probe_ready_o,
  // ack channel
  output logic                                        ack_valid_o,
  output logic [31:0]                                 ack_hits_o,
  input  logic                                        ack_ready_i,
  // write-back request (cc_req)
  output logic                                        wb_valid_o,
  output logic [25:0]                                 wb_line_o,
  output logic [511:0]                                wb_wdata_o,
  output logic [63:0]                                 wb_wmask_o,
  input  logic                                        wb_ready_i,
  // observation
  output logic [7:0]                                  inv_count_o,
  output logic [25:0]                                 inv_line_o,
  output logic                                        sm_valid_o,
  output logic [15:0]                                 sm_lookups_o,
  // output register enable of every tagst and rr cell of the side (§4.3): 0 exactly in fz
  output logic                                        tag_oe_o,
  // L2 cells
  output logic [Lanes-1:0]                            l2_t_re_o,
  output logic [RowW2-1:0]                            l2_t_raddr_o,
  input  logic [Lanes-1:0][L2Ways-1:0][SW2-1:0]       l2_t_rdata_i,
  output logic [Lanes-1:0][L2Ways-1:0]                l2_t_we_o,
  output logic [RowW2-1:0]                            l2_t_waddr_o,
  output logic [Lanes-1:0][L2Ways-1:0][SW2-1:0]       l2_t_wdata_o,
  output logic [Lanes-1:0]                            l2_d_re_o,
  output logic [DAW2-1:0]                             l2_d_raddr_o,
  input  logic [Lanes-1:0][511:0]                     l2_d_rdata_i,
  input  logic [Lanes-1:0][63:0]                      l2_m_rdata_i,
  // L1 cells
  output logic [NL1-1:0][Lanes-1:0]                   l1_t_re_o,
  output logic [NL1-1:0][RowW1-1:0]                   l1_t_raddr_o,
  input  logic [NL1-1:0][Lanes-1:0][L1Ways-1:0][SW1-1:0] l1_t_rdata_i,
  output logic [NL1-1:0][Lanes-1:0][L1Ways-1:0]       l1_t_we_o,
  output logic [NL1-1:0][RowW1-1:0]                   l1_t_waddr_o,
  output logic [NL1-1:0][Lanes-1:0][L1Ways-1:0][SW1-1:0] l1_t_wdata_o
);

  localparam int PifW = $clog2(Pif + 1);
  localparam int TwN  = (TagLat > 1) ? TagLat : 2;  // TW1..TW(T-1) at indices 1..T-1

  // ---- group ------------------------------------------------------------------------------
  typedef struct packed {
    logic             sw;     // set walk
    logic [25:0]      grp;    // address walk: line / Lanes; set walk: row j
    logic [Lanes-1:0] lanes;
    logic             last;
    logic             lk1;    // looked up in the L1s / the L2 (look1 / look2 below), carried
    logic             lk2;    //   with the group: no 26-bit compare on the read-enable path
    logic [25:0]      first;  // probe range [first, pend)
    logic [26:0]      pend;
  } grp_t;

  typedef struct packed {
    logic             valid;
    logic             sw;
    logic [25:0]      grp;
    logic [26:0]      left;
    logic             last1;  // left == 1, kept registered: RD's read enables and the front
                              // advance must not wait for a 27-bit compare (fpga-ooc)
    logic             lk1;    // !sw || grp < Rows1, kept registered for the same reason
    logic             lk2;    // !sw || grp < Rows2
    logic             isfirst;
    logic [Lanes-1:0] mfirst;
    logic [Lanes-1:0] mlast;
    logic [25:0]      first;
    logic [26:0]      pend;
  } probe_t;

  function automatic probe_t load(input logic [25:0] f, input logic [26:0] n, input logic sw);
    probe_t p;
    logic [26:0] lastl;
    logic [Lanes-1:0] mf, ml;
    p.valid   = 1'b1;
    p.sw      = sw;
    p.isfirst = 1'b1;
    p.first   = f;
    p.pend    = {1'b0, f} + n;
    lastl     = {1'b0, f} + n - 27'd1;
    if (sw) begin
      p.grp    = '0;
      p.left   = 27'(RSet);
      p.mfirst = '1;
      p.mlast  = '1;
    end else begin
      p.grp  = 26'(f >> LW);
      p.left = (27'(32'(f) % Lanes) + n + 27'(Lanes - 1)) >> LW;
      for (int l = 0; l < Lanes; l++) begin
        mf[l] = (l >= int'(32'(f) % Lanes));
        ml[l] = (32'(l) <= 32'(lastl) % Lanes);
      end
      p.mfirst = mf;
      p.mlast  = ml;
`ifdef RINV_FORMAL_BREAK_WALKER
      // deliberately broken variant (formal/walker.sby, task break_dp): an address walk of more
      // than one group skips its last group (with Lanes = 1: the range's last line)
      if (p.left > 27'd1) p.left = p.left - 27'd1;
`endif
    end
    p.last1 = (p.left == 27'd1);
    p.lk1   = !sw || (32'(p.grp) < Rows1);
    p.lk2   = !sw || (32'(p.grp) < Rows2);
    load = p;
  endfunction

  function automatic logic in_range(input logic [26:0] line, input grp_t g);
    in_range = (line >= {1'b0, g.first}) && (line < g.pend);
  endfunction

  // looked up: address walk all arrays, set walk rows j < rows_a
  function automatic logic look1(input grp_t g);
    look1 = g.lk1;  // = !g.sw || (g.grp < Rows1)
  endfunction
  function automatic logic look2(input grp_t g);
    look2 = g.lk2;  // = !g.sw || (g.grp < Rows2)
  endfunction

  // ---- registers -----------------------------------------------------------------------------
  probe_t cur_q, cur_d, nxt_q, nxt_d;
  grp_t   is_g;
  logic   is_v;
  // front registers TW1..TW(T-1): index k holds TWk (index 0 unused)
  grp_t [TwN-1:0] tw_q, tw_d;
  logic [TwN-1:0] twv_q, twv_d;
  grp_t   rd_g;
  logic   rd_v;
  // TO (TagOreg = 1 only; constant empty otherwise)
  grp_t   to_q, to_d;
  logic   tov_q, tov_d;

  grp_t   cm_q, cm_d;
  logic   cmv_q, cmv_d;

  grp_t   ac_q, ac_d;
  logic   acv_q, acv_d;
  // AC's registered compare results, flat (index (lane * ways + way), L1: (k * Lanes + lane)
  // * ways + way): Icarus 11 takes at most one variable index into a packed array.
  localparam int N2 = Lanes * L2Ways;
  localparam int N1 = NL1 * Lanes * L1Ways;
  logic [N2-1:0]       ac2_hit_q, ac2_hit_d, ac2_dirty_q;
  logic [N2*TagW2-1:0] ac2_tag_q;
  logic [N1-1:0]       ac1_hit_q, ac1_hit_d;
  logic [N1*TagW1-1:0] ac1_tag_q;
  // the act event's hits in priority order (hord below): NE per lane, NH in all
  localparam int NE = L2Ways + NL1 * L1Ways;
  localparam int NH = Lanes * NE;
  localparam int NP = 1 << $clog2(NH);
  // AC's lowest clean hit, one-hot in hord order, registered with the hit vectors (the act's
  // line is selected by a register, not by a carry chain over the hit vector: fpga-ooc, GPU
  // side, ac2_hit_q -> x & -x -> line select -> ct_q.line was the critical path, 66.6 MHz)
  logic [NH-1:0]       hone_q, hone_d;
  // flat views of the cell ports
  logic [N2*SW2-1:0]   t2_rd, t2_wd;
  logic [N1*SW1-1:0]   t1_rd, t1_wd;
  logic [N2-1:0]       t2_we;
  logic [N1-1:0]       t1_we;
  logic [Lanes*512-1:0] d2_rd;
  logic [Lanes*64-1:0]  m2_rd;
  assign t2_rd = l2_t_rdata_i;
  assign t1_rd = l1_t_rdata_i;
  assign d2_rd = l2_d_rdata_i;
  assign m2_rd = l2_m_rdata_i;
  assign l2_t_wdata_o = t2_wd;
  assign l1_t_wdata_o = t1_wd;
  assign l2_t_we_o    = t2_we;
  assign l1_t_we_o    = t1_we;
  logic             wb_q, wb_d;
  int               wb_idx;  // flat L2 index of the write-back entry
  logic [LaneW-1:0] wb_lane_q, wb_lane_d;
  logic [WayW2-1:0] wb_way_q, wb_way_d;

  typedef struct packed {
    logic [7:0]  count;
    logic [25:0] line;
    logic [15:0] lookups;
    logic        last;
  } ev_t;

  ev_t    ct_q, ct_d, sm_q, sm_d;
  logic   ctv_q, ctv_d, smv_q, smv_d;
  logic [31:0] hits_q, hits_d;

  logic [Pif-1:0][31:0] aq_q, aq_d;
  logic [PifW-1:0]      aqn_q, aqn_d;

  // ---- front ------------------------------------------------------------------------------
  always_comb begin
    is_v       = cur_q.valid;
    is_g.sw    = cur_q.sw;
    is_g.grp   = cur_q.grp;
    is_g.last  = cur_q.last1;
    is_g.lk1   = cur_q.lk1;
    is_g.lk2   = cur_q.lk2;
    is_g.first = cur_q.first;
    is_g.pend  = cur_q.pend;
    if (cur_q.sw) begin
      is_g.lanes = '1;
    end else begin
      is_g.lanes = (cur_q.isfirst ? cur_q.mfirst : '1) & (is_g.last ? cur_q.mlast : '1);
    end
  end

  if (TagLat == 1) begin : gen_rd_is
    assign rd_g = is_g;
    assign rd_v = is_v;
  end else begin : gen_rd_tw
    assign rd_g = tw_q[TagLat-1];
    assign rd_v = twv_q[TagLat-1];
  end

  // ---- hazards ------------------------------------------------------------------------------
  function automatic logic conflict(input grp_t a, input grp_t b);
    logic c;
    c = 1'b0;
    if ((a.lanes & b.lanes) != '0) begin
      if (look2(a) && look2(b) && (a.grp[RowW2-1:0] == b.grp[RowW2-1:0])) c = 1'b1;
      if (look1(a) && look1(b) && (a.grp[RowW1-1:0] == b.grp[RowW1-1:0])) c = 1'b1;
    end
    conflict = c;
  endfunction

  logic [N2-1:0] dv;
  logic fz, hz, hz_to, front_adv;

  assign dv = ac2_hit_q & ac2_dirty_q;
  assign wb_idx = 32'(wb_lane_q) * L2Ways + 32'(wb_way_q);
  assign fz = acv_q && (wb_q || (dv != '0));
  // RD against TO (TagOreg = 1; tov_q is 0 otherwise)
`ifdef RINV_FORMAL_BREAK_WALKER_TO
  // deliberately broken variant (formal/walker.sby, task break_dp_o1): TO is not checked
  assign hz_to = 1'b0;
`else
  assign hz_to = tov_q && conflict(rd_g, to_q);
`endif
  assign hz = !fz && rd_v && (hz_to ||
                              (cmv_q && conflict(rd_g, cm_q)) || (acv_q && conflict(rd_g, ac_q)));
  assign front_adv = !fz && !hz;
  // fz stops the output registers: the CM words stay in them, the TO words in the read
  // registers (§6.5.4); every other cycle loads them, in every owner state (§4.3)
  assign tag_oe_o  = !fz;

  // ---- probe acceptance ------------------------------------------------------------------
  logic cur_out;  // cur has no group left after this cycle

  assign probe_ready_o = st_idle_i ? !stall_probe_i :
                         st_walk_i ? (!stall_probe_i && !nxt_q.valid) : 1'b0;
  assign accept_o      = probe_valid_i && probe_ready_o;
  assign cur_out       = !cur_q.valid || (front_adv && cur_q.last1);

  always_comb begin
    cur_d = cur_q;
    nxt_d = nxt_q;
    if (front_adv && cur_q.valid) begin
      cur_d.grp     = cur_q.grp + 26'd1;
      cur_d.left    = cur_q.left - 27'd1;
      cur_d.last1   = (cur_q.left == 27'd2);
      cur_d.lk1     = !cur_q.sw || (32'(cur_q.grp) + 32'd1 < Rows1);
      cur_d.lk2     = !cur_q.sw || (32'(cur_q.grp) + 32'd1 < Rows2);
      cur_d.isfirst = 1'b0;
      if (cur_q.last1) cur_d.valid = 1'b0;
    end
    if (cur_out && nxt_q.valid) begin
      cur_d = nxt_q;
      nxt_d = '0;
    end
    if (accept_o) begin
      if (cur_out) cur_d = load(probe_first_i, probe_nlines_i, probe_setwalk_i);
      else         nxt_d = load(probe_first_i, probe_nlines_i, probe_setwalk_i);
    end
  end

  // ---- front registers and reads -----------------------------------------------------------
  always_comb begin
    tw_d  = tw_q;
    twv_d = twv_q;
    if (front_adv) begin
      for (int k = TagLat - 1; k >= 2; k--) begin
        tw_d[k]  = tw_q[k-1];
        twv_d[k] = twv_q[k-1];
      end
      if (TagLat > 1) begin
        tw_d[1]  = is_g;
        twv_d[1] = is_v;
      end
    end
    tw_d[0]  = '0;
    twv_d[0] = 1'b0;
  end

  // RD reads every way of every bank in its lane mask of every array it looks up.
  always_comb begin
    l2_t_re_o    = '0;
    l2_t_raddr_o = rd_g.grp[RowW2-1:0];
    l1_t_re_o    = '0;
    for (int k = 0; k < NL1; k++) l1_t_raddr_o[k] = rd_g.grp[RowW1-1:0];
    if (rd_v && front_adv) begin
      if (look2(rd_g)) l2_t_re_o = rd_g.lanes;
      if (look1(rd_g)) begin
        for (int k = 0; k < NL1; k++) l1_t_re_o[k] = rd_g.lanes;
      end
    end
  end

  // lowest set bit, one-hot: v & ~(prefix OR shifted by one), the prefix OR in log2 levels of
  // ORs (no carry chain)
  function automatic logic [NH-1:0] lowest(input logic [NH-1:0] v);
    logic [NH-1:0] p;
    p = v;
    for (int d = 1; d < NH; d = d * 2) p = p | (p << d);
    lowest = v & ~(p << 1);
  endfunction

  // ---- CM: compare the registered words --------------------------------------------------------
  // Icarus 11 widens an always_comb sensitivity to whole arrays and loops at zero delay
  // on this block (make icarus-test; docs/VERIFICATION.md, "Directed tests"): there it is
  // always @*. Yosys and Verilator get always_comb.
`ifdef __ICARUS__
  always @* begin
`else
  always_comb begin
`endif
    logic [26:0] line;
    logic [TagW2-1:0] tg2;
    logic [TagW1-1:0] tg1;
    int i2, i1;
    logic [Lanes-1:0] cml;
    logic [NH-1:0] hcl;
    cml         = cm_q.lanes;
    hcl         = '0;
    hone_d      = hone_q;
    line        = '0;
    tg2         = '0;
    tg1         = '0;
    i2          = 0;
    i1          = 0;
    ac2_hit_d   = ac2_hit_q;
    ac1_hit_d   = ac1_hit_q;
    ac_d        = ac_q;
    acv_d       = acv_q;
    cm_d        = cm_q;
    cmv_d       = cmv_q;
    to_d        = to_q;
    tov_d       = tov_q;
    if (!fz) begin
      // CM -> AC
      ac_d  = cm_q;
      acv_d = cmv_q;
      // without a CM word every hit is 0 (as the compares below give) and so is the one-hot:
      // the simulator skips the entries then
      ac2_hit_d = '0;
      ac1_hit_d = '0;
      hone_d    = '0;
      if (cmv_q) begin
        for (int l = 0; l < Lanes; l++) begin
          for (int w = 0; w < L2Ways; w++) begin
            i2  = l * L2Ways + w;
            tg2 = t2_rd[i2*SW2 + 3 +: TagW2];
            // the compare only for a valid word of a valid lane (0 otherwise, as the AND gives)
            if (look2(cm_q) && cml[l] && t2_rd[i2*SW2 + 2]) begin
              line = cm_q.sw ? 27'({tg2, cm_q.grp[RowW2-1:0]}) * 27'(Lanes) + 27'(l)
                             : 27'(cm_q.grp) * 27'(Lanes) + 27'(l);
              ac2_hit_d[i2] = cm_q.sw ? in_range(line, cm_q)
                                      : (tg2 == TagW2'(cm_q.grp >> LR2));
            end
            hcl[l*NE + w] = ac2_hit_d[i2] && !t2_rd[i2*SW2 + 1];
          end
          for (int k = 0; k < NL1; k++) begin
            for (int w = 0; w < L1Ways; w++) begin
              i1  = (k * Lanes + l) * L1Ways + w;
              tg1 = t1_rd[i1*SW1 + 1 +: TagW1];
              if (look1(cm_q) && cml[l] && t1_rd[i1*SW1]) begin
                line = cm_q.sw ? 27'({tg1, cm_q.grp[RowW1-1:0]}) * 27'(Lanes) + 27'(l)
                               : 27'(cm_q.grp) * 27'(Lanes) + 27'(l);
                ac1_hit_d[i1] = cm_q.sw ? in_range(line, cm_q)
                                        : (tg1 == TagW1'(cm_q.grp >> LR1));
              end
              hcl[l*NE + L2Ways + k*L1Ways + w] = ac1_hit_d[i1];
            end
          end
        end
        hone_d = lowest(hcl);
      end
      if (TagOreg != 0) begin
        // TO -> CM, RD -> TO (a bubble while held)
        cm_d  = to_q;
        cmv_d = tov_q;
        to_d  = rd_g;
        tov_d = rd_v && !hz;
      end else begin
        // RD -> CM (a bubble while held)
        cm_d  = rd_g;
        cmv_d = rd_v && !hz;
      end
    end
  end

  // ---- AC: write-back or act -----------------------------------------------------------------
  function automatic logic [25:0] line2(input grp_t g, input logic [TagW2-1:0] tag,
                                        input logic [LaneW-1:0] l);
    line2 = g.sw ? 26'({tag, g.grp[RowW2-1:0]}) * 26'(Lanes) + 26'(l)
                : 26'(g.grp) * 26'(Lanes) + 26'(l);
  endfunction
  function automatic logic [25:0] line1(input grp_t g, input logic [TagW1-1:0] tag,
                                        input logic [LaneW-1:0] l);
    line1 = g.sw ? 26'({tag, g.grp[RowW1-1:0]}) * 26'(Lanes) + 26'(l)
                : 26'(g.grp) * 26'(Lanes) + 26'(l);
  endfunction

  // The act event's count and line from the registered hit vectors. hord lists the hits in
  // priority order: lane 0 first; in a lane the L2 ways, then L1 k, way w, lowest first (the
  // entry whose line inv_line shows). The lines are AND-OR selected by hone_q, its lowest set
  // bit: at the act every dirty L2 hit has been written back and cleared (dv = 0) and no clean
  // hit has changed since CM, so hord is the clean hit vector hone_q was computed from in CM.
  // The count is a balanced adder tree (fpga-ooc: a chain of conditional increments and a
  // priority mux over every hit was the GPU side's critical path, 93 logic levels, 22 MHz).
  logic [NH-1:0]       hord;
  logic [7:0]          act_n;
  logic [25:0]         act_line;

  function automatic logic [7:0] popcount(input logic [NH-1:0] v);
    logic [NP-1:0][7:0] s;
    s = '0;
    for (int i = 0; i < NH; i++) s[i] = 8'(v[i]);
    // in place, level by level: s[i] = s[2i] + s[2i+1] reads only entries not yet written
    for (int w = NP / 2; w >= 1; w = w / 2) begin
      for (int i = 0; i < w; i++) s[i] = s[2*i] + s[2*i+1];
    end
    popcount = s[0];
  endfunction

  // Icarus 11 widens an always_comb sensitivity to whole arrays and loops at zero delay
  // on this block (make icarus-test; docs/VERIFICATION.md, "Directed tests"): there it is
  // always @*. Yosys and Verilator get always_comb.
`ifdef __ICARUS__
  always @* begin
`else
  always_comb begin
`endif
    for (int l = 0; l < Lanes; l++) begin
      for (int w = 0; w < L2Ways; w++) begin
        hord[l*NE + w] = ac2_hit_q[l * L2Ways + w];
      end
      for (int k = 0; k < NL1; k++) begin
        for (int w = 0; w < L1Ways; w++) begin
          hord[l*NE + L2Ways + k*L1Ways + w] = ac1_hit_q[(k * Lanes + l) * L1Ways + w];
        end
      end
    end
    // gated by "any select" / "any hit" (0 without, as the AND-OR and the tree give): the
    // simulator then skips both in the cycles without a hit, the hardware adds one mux level
    act_line = '0;
    act_n    = '0;
    if (hone_q != '0) begin
      for (int l = 0; l < Lanes; l++) begin
        for (int w = 0; w < L2Ways; w++) begin
          act_line = act_line | ({26{hone_q[l*NE + w]}} &
                     line2(ac_q, ac2_tag_q[(l * L2Ways + w)*TagW2 +: TagW2], LaneW'(l)));
        end
        for (int k = 0; k < NL1; k++) begin
          for (int w = 0; w < L1Ways; w++) begin
            act_line = act_line | ({26{hone_q[l*NE + L2Ways + k*L1Ways + w]}} &
                       line1(ac_q, ac1_tag_q[((k * Lanes + l) * L1Ways + w)*TagW1 +: TagW1],
                             LaneW'(l)));
          end
        end
      end
    end
    if (hord != '0) act_n = popcount(hord);
  end

  ev_t ac_ev;
  logic ac_ev_v;
  logic [LaneW-1:0] det_lane;
  logic [WayW2-1:0] det_way;

  always_comb begin
    det_lane = '0;
    det_way  = '0;
    // descending: the last assignment is the lowest lane, then the lowest way
    for (int l = Lanes - 1; l >= 0; l--) begin
      for (int w = L2Ways - 1; w >= 0; w--) begin
        if (dv[l*L2Ways + w]) begin
          det_lane = LaneW'(l);
          det_way  = WayW2'(w);
        end
      end
    end
  end

  // Icarus 11 widens an always_comb sensitivity to whole arrays and loops at zero delay
  // on this block (make icarus-test; docs/VERIFICATION.md, "Directed tests"): there it is
  // always @*. Yosys and Verilator get always_comb.
`ifdef __ICARUS__
  always @* begin
`else
  always_comb begin
`endif
    wb_d         = wb_q;
    wb_lane_d    = wb_lane_q;
    wb_way_d     = wb_way_q;
    ac_ev        = '0;
    ac_ev_v      = 1'b0;
    wb_valid_o   = 1'b0;
    wb_line_o    = '0;
    wb_wdata_o   = '0;
    wb_wmask_o   = '0;
    l2_d_re_o    = '0;
    l2_d_raddr_o = DAW2'(32'(ac_q.grp[RowW2-1:0]) * L2Ways + 32'(det_way));
    t2_we        = '0;
    l2_t_waddr_o = ac_q.grp[RowW2-1:0];
    t1_we        = '0;
    for (int k = 0; k < NL1; k++) l1_t_waddr_o[k] = ac_q.grp[RowW1-1:0];
    for (int i = 0; i < N2; i++) t2_wd[i*SW2 +: SW2] = {ac2_tag_q[i*TagW2 +: TagW2], 3'b000};
    // nested by L1, lane and way (short loops the simulator unrolls into constant selects)
    for (int k = 0; k < NL1; k++) begin
      for (int l = 0; l < Lanes; l++) begin
        for (int w = 0; w < L1Ways; w++) begin
          t1_wd[((k * Lanes + l) * L1Ways + w)*SW1 +: SW1] =
              {ac1_tag_q[((k * Lanes + l) * L1Ways + w)*TagW1 +: TagW1], 1'b0};
        end
      end
    end
    if (acv_q) begin
      if (wb_q) begin
        wb_valid_o = 1'b1;
        wb_line_o  = line2(ac_q, ac2_tag_q[wb_idx*TagW2 +: TagW2], wb_lane_q);
        wb_wdata_o = d2_rd[32'(wb_lane_q)*512 +: 512];
        wb_wmask_o = m2_rd[32'(wb_lane_q)*64 +: 64];
        if (wb_ready_i) begin
          t2_we[wb_idx] = 1'b1;
          wb_d          = 1'b0;
          ac_ev_v       = 1'b1;
          ac_ev.count   = 8'd1;
          ac_ev.line    = wb_line_o;
          ac_ev.lookups = '0;
          ac_ev.last    = 1'b0;
        end
      end else if (dv != '0) begin
        // detect: read data and dmask of the lowest dirty entry
        l2_d_re_o[det_lane] = 1'b1;
        wb_d      = 1'b1;
        wb_lane_d = det_lane;
        wb_way_d  = det_way;
      end else begin
        // act
        t2_we = ac2_hit_q;
        t1_we = ac1_hit_q;
        ac_ev.line  = act_line;
        ac_ev_v     = 1'b1;
        ac_ev.count = act_n;
        ac_ev.last  = ac_q.last;
        if (ac_q.sw) begin
          ac_ev.lookups = 16'(Lanes * (int'(look2(ac_q)) + NL1 * int'(look1(ac_q))));
        end else begin
          ac_ev.lookups = 16'($countones(ac_q.lanes) * (1 + NL1));
        end
      end
    end
  end

  // hit vector after a write-back handshake: that entry is cleared
  logic [N2-1:0] ac2_hit_wb;
  always_comb begin
    ac2_hit_wb = ac2_hit_q;
    if (acv_q && wb_q && wb_ready_i) ac2_hit_wb[wb_idx] = 1'b0;
  end

  // ---- CT, SM, accumulators, ack queue ----------------------------------------------------------
  logic ack_push, ack_pop;

  always_comb begin
    ct_d     = ac_ev;
    ctv_d    = ac_ev_v;
    sm_d     = ct_q;
    smv_d    = ctv_q;
    hits_d   = hits_q;
    ack_push = 1'b0;
    if (smv_q) begin
      hits_d = hits_q + 32'(sm_q.count);
      if (sm_q.last) begin
        ack_push = 1'b1;
        hits_d   = '0;
      end
    end
    ack_pop = ack_valid_o && ack_ready_i;
    aq_d    = aq_q;
    aqn_d   = aqn_q;
    if (ack_pop) begin
      for (int i = 0; i < Pif - 1; i++) aq_d[i] = aq_q[i+1];
      aq_d[Pif-1] = '0;
    end
    if (ack_push) aq_d[32'(aqn_q) - 32'(ack_pop)] = hits_q + 32'(sm_q.count);
    aqn_d = aqn_q + PifW'(ack_push) - PifW'(ack_pop);
  end

  assign ack_valid_o  = (aqn_q != '0);
  assign ack_hits_o   = ack_valid_o ? aq_q[0] : '0;
  assign inv_count_o  = smv_q ? sm_q.count : '0;
  assign inv_line_o   = smv_q ? sm_q.line : '0;
  assign sm_valid_o   = smv_q;
  assign sm_lookups_o = smv_q ? sm_q.lookups : '0;

  // done_o is read only in StWalk, where (nxt empty) accept_o = probe_valid_i && !stall_probe_i:
  // written without probe_ready_o's owner-state decode (fpga-ooc, CPU side with tag_oreg = 1:
  // state_q -> probe_ready -> accept -> done -> state_d was the critical path, 75.8 MHz).
  // TO must be empty too (§6.5.5).
  assign done_o = !cur_q.valid && !nxt_q.valid && (twv_q == '0) && !cmv_q && !acv_q &&
                  !ctv_q && !smv_q && !(probe_valid_i && !stall_probe_i) && !tov_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cur_q       <= '0;
      nxt_q       <= '0;
      tw_q        <= '0;
      twv_q       <= '0;
      to_q        <= '0;
      tov_q       <= 1'b0;
      cm_q        <= '0;
      cmv_q       <= 1'b0;
      ac_q        <= '0;
      acv_q       <= 1'b0;
      ac2_hit_q   <= '0;
      ac1_hit_q   <= '0;
      hone_q      <= '0;
      wb_q        <= 1'b0;
      wb_lane_q   <= '0;
      wb_way_q    <= '0;
      ct_q        <= '0;
      ctv_q       <= 1'b0;
      sm_q        <= '0;
      smv_q       <= 1'b0;
      hits_q      <= '0;
      aq_q        <= '0;
      aqn_q       <= '0;
    end else begin
      cur_q       <= cur_d;
      nxt_q       <= nxt_d;
      tw_q        <= tw_d;
      twv_q       <= twv_d;
      to_q        <= (TagOreg != 0) ? to_d : '0;
      tov_q       <= (TagOreg != 0) && tov_d;
      cm_q        <= cm_d;
      cmv_q       <= cmv_d;
      ac_q        <= ac_d;
      acv_q       <= acv_d;
      ac2_hit_q   <= fz ? ac2_hit_wb : ac2_hit_d;
      ac1_hit_q   <= ac1_hit_d;
      hone_q      <= hone_d;
      wb_q        <= wb_d;
      wb_lane_q   <= wb_lane_d;
      wb_way_q    <= wb_way_d;
      ct_q        <= ct_d;
      ctv_q       <= ctv_d;
      sm_q        <= sm_d;
      smv_q       <= smv_d;
      hits_q      <= hits_d;
      aq_q        <= aq_d;
      aqn_q       <= aqn_d;
    end
  end

  // AC's tags and dirty bits: CM's words, loaded only with a CM word (a clock enable; without
  // one every AC hit is 0 and nothing reads them: act line, write-back line and tag write data
  // are used with an AC hit only)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ac2_dirty_q <= '0;
      ac2_tag_q   <= '0;
      ac1_tag_q   <= '0;
    end else if (!fz && cmv_q) begin
      for (int i = 0; i < N2; i++) begin
        ac2_tag_q[i*TagW2 +: TagW2] <= t2_rd[i*SW2 + 3 +: TagW2];
        ac2_dirty_q[i]              <= t2_rd[i*SW2 + 1];
      end
      for (int i = 0; i < N1; i++) ac1_tag_q[i*TagW1 +: TagW1] <= t1_rd[i*SW1 + 1 +: TagW1];
    end
  end

`ifdef RINV_VERIF
`ifndef SYNTHESIS
  // the registered one-hot is the lowest hit of the act (x & -x of hord)
  always @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni && acv_q && !wb_q && dv == '0 && hone_q != (hord & (~hord + 1'b1))) begin
      $error("cc_walker %m: act one-hot %0h is not the lowest hit of %0h", hone_q, hord);
    end
  end
`endif
`endif

`ifdef RINV_FORMAL
  // the same for formal/walker.sby (documentation, no logic)
  always_comb begin
    if (rst_ni && acv_q && !wb_q && dv == '0) begin
      wk_act_onehot: assert (hone_q == (hord & (~hord + 1'b1)));
    end
  end

  // reachability for formal/walker.sby (cover task; checker only, no logic of the block): the
  // hold hz (RD conflicts with TO, CM or AC, §6.5.4) and a write-back handshake under fz
  // (§6.5.5); with TagOreg = 1 also a hold against TO and a freeze with TO full
  always_comb begin
    if (rst_ni) begin
      wk_cover_hold: cover (hz);
      wk_cover_wb_hs: cover (fz && wb_valid_o && wb_ready_i);
      if (TagOreg != 0) begin
        wk_cover_hold_to: cover (hz && hz_to);
        wk_cover_fz_to: cover (fz && tov_q);
      end
    end
  end
`endif

endmodule : cc_walker

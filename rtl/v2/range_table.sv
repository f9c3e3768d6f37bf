// Merge-mode range table of one side (ARCHITECTURE_v2.md §7.3).
//
// Cap + 1 entries [f, l] in flip-flops, entries 0..cnt-1 sorted, disjoint, non-adjacent.
// FSM RIdle, RTake (the registered take), RScan (R = Cap / Scan cycles, Scan entries per cycle
// into registered accumulators), RApply (v1 insert rules), RGap (R cycles, smallest gap),
// RMerge. A take request of the generator in RIdle only latches its length and goes to RTake;
// the take is applied at the edge leaving RTake (then RScan if a beat came with the request).
module range_table #(
  parameter int  Cap      = 8,
  parameter int  Scan     = 4,
  parameter int  MaxRange = 256,  // the generator's take length cap (dir_ctrl)
  localparam int R    = Cap / Scan,
  localparam int CntW = $clog2(Cap + 2),
  localparam int IdxW = $clog2(Cap + 1),
  localparam int CW   = (R > 1) ? $clog2(R) : 1
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            ins_i,      // beat accepted (only in RIdle)
  input  logic [25:0]     ins_line_i,
  input  logic            take_i,     // generator take request (only in RIdle)
  input  logic [26:0]     take_n_i,   // its n = min(l0 - f0 + 1, MaxRange), latched in RIdle
  output logic            idle_o,
  output logic [25:0]     f0_o,
  output logic [25:0]     l0_o,
  output logic [CntW-1:0] count_o,
  output logic [26:0]     hd_o,       // l0 - f0 (registered)
  output logic            head_all_o, // l0 - f0 < MaxRange: a take removes the head entry
  output logic            merge_o,    // RMerge this cycle
  output logic [25:0]     gap_o       // its gap (over-invalidated lines)
);

  typedef enum logic [2:0] {RIdle, RTake, RScan, RApply, RGap, RMerge} rstate_e;

  rstate_e state_q, state_d;
  logic [Cap:0][25:0] f_q, f_d, l_q, l_d;
  logic [CntW-1:0]    cnt_q, cnt_d;
  // ev_q[i] = i < cnt_q (a thermometer code of the count, kept in registers beside it and
  // shifted with it; checked under RINV_VERIF, proved as an invariant): RScan's window
  // validity is then a register bit, not a compare of the count (fpga-ooc round 5: the
  // count -> a carry chain -> the insert path was the table's critical path, 81.6 MHz)
  logic [Cap:0]       ev_q, ev_d;
  logic [CW-1:0]      c_q, c_d;
  logic [25:0]        x_q, x_d;
  logic               cont_q, cont_d, hiv_q, hiv_d, lov_q, lov_d, bv_q, bv_d;
  logic [IdxW-1:0]    hi_q, hi_d, lo_q, lo_d, pos_q, pos_d, bk_q, bk_d;
  logic [25:0]        bg_q, bg_d;  // smallest gap so far
  // The registered take (§7.3 RTake). Loaded in every RIdle cycle, used only in RTake (so the
  // generator's request, which is decided late from the table's count and the probe register,
  // drives nothing but state_d): tn = the request's n, tall = the take removes entry 0 (l0 - f0
  // < MaxRange, i.e. f0 + n > l0 for that n), tb = a beat was latched with the request (RTake
  // -> RScan). In RTake every entry's next value depends on registers only.
  logic [26:0]        tn_q, tn_d;
  logic               tall_q, tall_d, tb_q, tb_d;

  logic [26:0] x27;
  assign x27 = {1'b0, x_q};

  // A take of n = min(l0 - f0 + 1, MaxRange) lines removes the head entry iff l0 - f0 <
  // MaxRange (head_all), else it advances f0 by n (= MaxRange): the choice is latched in RIdle
  // (tall_q) from this table's own registers, so the generator's length (a subtraction and a
  // compare in dir_ctrl) is not in front of the shift of every entry (fpga-ooc: three carry
  // chains in series, 39 MHz). Same result as f0 + take_n > l0 for that n.
  // hd = l0 - f0 is kept in a register (hd_q), so head_all is a test of register bits, not a
  // subtraction (fpga-ooc: 73 MHz with the subtraction in front of the take's fan-out). Its
  // next value is selected among candidates computed from registers: l1 - f1 for a take that
  // shifts, hd - n for one that advances f0, and for RApply / RMerge the differences listed at
  // hd_d below, so no path runs entry mux -> subtraction.
  // Round 5 (registered take): the generator's take request, decided from the table's count
  // and idle state and the probe register, went to every entry's next value (fpga-ooc: the
  // directory's critical path, 65 MHz); now it only selects state_d, and the take is applied
  // in RTake from tn_q / tall_q.
  logic [26:0] hd_q, hd_d, hd_shift, hd_adv;
  // dg_q[k] = f[k+1] - l[k] (26-bit, = gap + 1 between entries k and k+1), kept in registers
  // for RGap, whose window then starts at a register instead of a subtraction (fpga-ooc: RGap's
  // select was the table's critical path at 69-73 MHz).
  // hd and dg change only in RApply, RMerge and RTake. Their next values are not computed
  // from the next entries (f_d / l_d: the insert's muxes, then a subtraction, was the
  // directory's critical path at 64.6 MHz) but selected among candidates computed from
  // registers only: the unchanged value, the differences shifted by one entry (sh: entries
  // moving down, dg_q[k-1]: moving up), and the differences with the inserted line x
  // (xl[j] = x - l[j], fx[j] = f[j] - x). xl and fx are written out in the branch that uses
  // them (dg_d below): the simulator evaluates those subtractions in RApply only.
  logic [Cap-1:0][25:0] dg_q, dg_d, sh;
  logic        head_all, take_req;
  logic [25:0] f0_adv;
  assign take_req = (state_q == RIdle) && take_i && (cnt_q != '0);
  assign hd_shift = {1'b0, l_q[1]} - {1'b0, f_q[1]};
  assign hd_adv   = hd_q - tn_q;
  // hd < MaxRange: for a power of two, the bits from log2(MaxRange) up are zero (LUTs, not a
  // compare's carry chain)
  localparam bit MaxPow2 = (MaxRange & (MaxRange - 1)) == 0;
  localparam int MaxLog2 = $clog2(MaxRange);
  if (MaxPow2 && MaxLog2 < 27) begin : gen_head_pow2
    assign head_all = (hd_q[26:MaxLog2] == '0);
  end else begin : gen_head_cmp
    assign head_all = hd_q < 27'(MaxRange);
  end
  assign f0_adv   = f_q[0] + tn_q[25:0];   // a take that does not remove entry 0: n < 2**26

  // The window of chunk c_q (entries c_q * Scan + i, and the one after each for RGap), chosen
  // by a mux over constant indices: an index computed as c_q * Scan made Yosys build a
  // multiplier and barrel shifters in front of every compare (fpga-ooc: 42.6 MHz).
  logic [Scan-1:0][25:0]   wf, wl;        // f_q[idx], l_q[idx]
  logic [Scan-1:0]         wv;            // idx < cnt_q
  logic [Scan-1:0][IdxW-1:0] widx;        // idx
  logic [Scan-1:0][IdxW-1:0] widx1;       // idx + 1 (a constant of the chunk, not an adder)
  // RGap's smallest gap of the window. Gaps are compared as d = f[k+1] - l[k] (= gap + 1, so
  // the order is the gap's), every pair at once: c[i][j] (i < j) = d[j] < d[i]. Window entry i
  // is the smallest iff it is strictly smaller than every entry before it and no entry after it
  // is strictly smaller: a tie goes to the lower index (the v1 chain's strict '<'). Each d is
  // compared with the running smallest gap at the same time (d < bg + 1, i.e. d <= bg), so the
  // path is one subtraction and one compare deep (the tree of compares it replaces was four
  // carry chains in series; fpga-ooc 47 MHz).
  logic [Scan-1:0][25:0]   wd, wg;         // d = dg_q[idx], the gap d - 1 (running smallest)
  logic [Scan*Scan-1:0]    pc;             // pc[i*Scan + j], i < j: wd[j] < wd[i] (flat:
                                           // Icarus 11 takes one variable index per select)
  logic [Scan-1:0]         win, lt_best;
  logic                    g_take;         // the window's smallest replaces the running one
  logic [25:0]             g_g;
  logic [IdxW-1:0]         g_k;
  // Icarus 11 widens an always_comb sensitivity to whole arrays and loops at zero delay
  // on this block (make icarus-test; docs/VERIFICATION.md, "Directed tests"): there it is
  // always @*. Yosys and Verilator get always_comb.
`ifdef __ICARUS__
  always @* begin
`else
  always_comb begin
`endif
    // used in RGap only (0 in the other states): the simulator skips the compares there
    pc      = '0;
    wg      = '0;
    lt_best = '0;
    win     = '0;
    g_take  = 1'b0;
    g_g     = '0;
    g_k     = '0;
    if (state_q == RGap) begin
      for (int i = 0; i < Scan; i++) begin
        wg[i]      = wd[i] - 26'd1;          // > 0: entries are sorted, non-adjacent
        lt_best[i] = wd[i] <= bg_q;
      end
      for (int i = 0; i < Scan; i++) begin
        for (int j = 0; j < Scan; j++) if (j > i) pc[i*Scan + j] = wd[j] < wd[i];
      end
      for (int i = 0; i < Scan; i++) begin
        win[i] = 1'b1;
        for (int j = 0; j < Scan; j++) if (j < i && !pc[j*Scan + i]) win[i] = 1'b0;
        for (int j = 0; j < Scan; j++) if (j > i && pc[i*Scan + j]) win[i] = 1'b0;
      end
      g_take = !bv_q;
      g_g    = '0;
      g_k    = '0;
      // win is one-hot: an AND-OR select, not a priority chain
      for (int i = 0; i < Scan; i++) begin
        g_take = g_take || (win[i] && lt_best[i]);
        g_g    = g_g | ({26{win[i]}} & wg[i]);
        g_k    = g_k | ({IdxW{win[i]}} & widx[i]);
      end
    end
  end

  // entries read at a register-held index (a mux over constant indices, as above)
  logic [25:0] l_at_lo, l_at_bk1;   // l_q[lo_q], l_q[bk_q + 1]
  // Icarus 11 widens an always_comb sensitivity to whole arrays and loops at zero delay
  // on this block (make icarus-test; docs/VERIFICATION.md, "Directed tests"): there it is
  // always @*. Yosys and Verilator get always_comb.
`ifdef __ICARUS__
  always @* begin
`else
  always_comb begin
`endif
    l_at_lo  = '0;
    l_at_bk1 = '0;
    // used in RApply (l_at_lo) and RMerge (l_at_bk1) only (0 in the other states)
    if (state_q == RApply || state_q == RMerge) begin
      for (int i = 0; i <= Cap; i++) begin
        if (lo_q == IdxW'(i)) l_at_lo = l_q[i];
        if (i >= 1 && bk_q == IdxW'(i - 1)) l_at_bk1 = l_q[i];
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
    wf   = '0;
    wl   = '0;
    wd   = '0;
    wv   = '0;
    widx = '0;
    widx1 = '0;
    // used in RScan and RGap only (0 in the other states)
    if (state_q == RScan || state_q == RGap) begin
      for (int cc = 0; cc < R; cc++) begin
        if (c_q == CW'(cc)) begin
          for (int i = 0; i < Scan; i++) begin
            wf[i]   = f_q[cc*Scan + i];
            wl[i]   = l_q[cc*Scan + i];
            wd[i]   = dg_q[cc*Scan + i];
            wv[i]   = ev_q[cc*Scan + i];
            widx[i] = IdxW'(cc*Scan + i);
            widx1[i] = IdxW'(cc*Scan + i + 1);
          end
        end
      end
    end
  end

  // RScan's pos = the number of entries with f < x. The valid entries are sorted
  // (rt_inv_sorted_gap), so those with f < x are a prefix of the table: pos is one past the
  // last of them in the window, or unchanged if the window has none. wlt is a thermometer code,
  // its edge is one-hot: an AND-OR select of per-chunk constants, not a chain of Scan
  // increments behind the compares (fpga-ooc: that chain was the directory's critical path at
  // 67.9 MHz).
  // The other classifications of the window are one-hot as well (the entries are disjoint and
  // non-adjacent): x in entry i (wct), l[i] + 1 = x (whi), x + 1 = f[i] (wlo); their indices
  // are AND-OR selects too. x - 1 and x + 1 come from x_q, beside the window's mux, so no adder
  // follows the mux.
  logic [Scan-1:0] wlt, wedge;   // window entry valid with f < x; the last such entry
  logic [IdxW-1:0] wpos;         // one past it
  logic [Scan-1:0] wct, whi, wlo;
  logic [IdxW-1:0] whidx, wloidx;
  logic [26:0]     xm1, xp1;
  assign xm1 = x27 - 27'd1;
  assign xp1 = x27 + 27'd1;
  // Icarus 11 widens an always_comb sensitivity to whole arrays and loops at zero delay
  // on this block (make icarus-test; docs/VERIFICATION.md, "Directed tests"): there it is
  // always @*. Yosys and Verilator get always_comb.
`ifdef __ICARUS__
  always @* begin
`else
  always_comb begin
`endif
    // used in RScan only (0 in the other states, where the window is 0: wv = 0)
    wlt = '0;
    wct = '0;
    whi = '0;
    wlo = '0;
    if (state_q == RScan) begin
      for (int i = 0; i < Scan; i++) begin
        wlt[i] = wv[i] && ({1'b0, wf[i]} < x27);
        wct[i] = wv[i] && ({1'b0, wf[i]} <= x27) && (x27 <= {1'b0, wl[i]});
        whi[i] = wv[i] && ({1'b0, wl[i]} == xm1);
        wlo[i] = wv[i] && ({1'b0, wf[i]} == xp1);
      end
    end
    wedge  = wlt & ~(wlt >> 1);
    wpos   = '0;
    whidx  = '0;
    wloidx = '0;
    for (int i = 0; i < Scan; i++) begin
      wpos   = wpos | ({IdxW{wedge[i]}} & widx1[i]);
      whidx  = whidx | ({IdxW{whi[i]}} & widx[i]);
      wloidx = wloidx | ({IdxW{wlo[i]}} & widx[i]);
    end
  end

  // RApply's case (v1 insert rules), decoded once for the entries, hd and dg. Contained
  // (cont_q): nothing changes. join: l[hi] + 1 = x = f[lo] - 1, entry hi absorbs entry lo
  // (lo = hi + 1: the entries are sorted and non-adjacent) and the entries above move down;
  // hi: l[hi] = x; lo: f[lo] = x; new: [x, x] is inserted at pos, the entries from pos move up.
  logic ap, ap_join, ap_hi, ap_lo, ap_new;
  assign ap      = (state_q == RApply) && !cont_q;
  assign ap_join = ap && hiv_q && lov_q;
  assign ap_hi   = ap && hiv_q && !lov_q;
  assign ap_lo   = ap && !hiv_q && lov_q;
  assign ap_new  = ap && !hiv_q && !lov_q;

  always_comb begin
    state_d = state_q;
    f_d     = f_q;
    l_d     = l_q;
    cnt_d   = cnt_q;
    ev_d    = ev_q;
    c_d     = c_q;
    x_d     = x_q;
    cont_d  = cont_q;
    hiv_d   = hiv_q;
    lov_d   = lov_q;
    hi_d    = hi_q;
    lo_d    = lo_q;
    pos_d   = pos_q;
    bv_d    = bv_q;
    bk_d    = bk_q;
    bg_d    = bg_q;
    tn_d    = tn_q;
    tall_d  = tall_q;
    tb_d    = tb_q;
    merge_o = 1'b0;
    gap_o   = '0;
    unique case (state_q)
      RIdle: begin
        // the take's registers load in every RIdle cycle (used only in RTake, which only a
        // take request enters): the request itself selects the next state, nothing else
        tn_d   = take_n_i;
        tall_d = head_all;
        tb_d   = ins_i;
        if (ins_i) begin
          x_d    = ins_line_i;
          c_d    = '0;
          cont_d = 1'b0;
          hiv_d  = 1'b0;
          lov_d  = 1'b0;
          hi_d   = '0;
          lo_d   = '0;
          pos_d  = '0;
        end
        if (take_req) begin
          state_d = RTake;
        end else if (ins_i) begin
          state_d = RScan;
        end
      end
      RTake: begin
        // the latched take: entry 0 is removed (every entry shifts down) or gives up n lines;
        // then the scan of a beat latched with the request, on the table after the take
        if (tall_q) begin
          for (int i = 0; i < Cap; i++) begin
            f_d[i] = f_q[i+1];
            l_d[i] = l_q[i+1];
          end
          f_d[Cap] = '0;
          l_d[Cap] = '0;
          cnt_d = cnt_q - 1'b1;
          ev_d  = ev_q >> 1;
        end else begin
          f_d[0] = f0_adv;
        end
        if (tb_q) begin
          state_d = RScan;
        end else begin
          state_d = RIdle;
        end
      end
      RScan: begin
        if (|wct) cont_d = 1'b1;
        if (|whi) begin
          hiv_d = 1'b1;
          hi_d  = whidx;
        end
        if (|wlo) begin
          lov_d = 1'b1;
          lo_d  = wloidx;
        end
        if (|wlt) pos_d = wpos;
        if (32'(c_q) == R - 1) begin
          c_d     = '0;
          state_d = RApply;
        end else begin
          c_d = c_q + 1'b1;
        end
      end
      RApply: begin
        // what changes is selected by the case flags ap_* (decoded once, above)
        state_d = RIdle;
        for (int i = 0; i <= Cap; i++) begin
          if ((ap_join || ap_hi) && hi_q == IdxW'(i)) l_d[i] = ap_join ? l_at_lo : x_q;
          if (ap_lo && lo_q == IdxW'(i)) f_d[i] = x_q;
        end
        if (ap_join) begin
          for (int i = 0; i < Cap; i++) begin
            if (i >= 32'(lo_q)) begin
              f_d[i] = f_q[i+1];
              l_d[i] = l_q[i+1];
            end
          end
          f_d[Cap] = '0;
          l_d[Cap] = '0;
          cnt_d = cnt_q - 1'b1;
          ev_d  = ev_q >> 1;
        end
        if (ap_new) begin
          for (int i = 1; i <= Cap; i++) begin
            if (i > 32'(pos_q)) begin
              f_d[i] = f_q[i-1];
              l_d[i] = l_q[i-1];
            end
          end
          for (int i = 0; i <= Cap; i++) begin
            if (pos_q == IdxW'(i)) begin
              f_d[i] = x_q;
              l_d[i] = x_q;
            end
          end
          cnt_d = cnt_q + 1'b1;
          ev_d  = {ev_q[Cap-1:0], 1'b1};
          // the table becomes over-full (cnt + 1 == Cap + 1): a compare of the register with a
          // constant, not an adder in front of a compare
          if (cnt_q == CntW'(Cap)) begin
            c_d     = '0;
            bv_d    = 1'b0;
            bk_d    = '0;
            bg_d    = '0;
            state_d = RGap;
          end
        end
      end
      RGap: begin
        // the window's smallest gap against the chunks before it
        if (g_take) begin
          bv_d = 1'b1;
          bk_d = g_k;
          bg_d = g_g;
        end
        if (32'(c_q) == R - 1) begin
          c_d     = '0;
          state_d = RMerge;
        end else begin
          c_d = c_q + 1'b1;
        end
      end
      RMerge: begin
        merge_o = 1'b1;
`ifdef RINV_FORMAL_BREAK_RTABLE_GAP
        gap_o   = bg_q + 26'd1;   // broken variant (formal/rtable.sby, break_gap): one too many
`else
        gap_o   = bg_q;
`endif
        for (int i = 0; i <= Cap; i++) begin
          if (bk_q == IdxW'(i)) l_d[i] = l_at_bk1;
        end
        for (int i = 0; i < Cap; i++) begin
          if (i > 32'(bk_q)) begin
            f_d[i] = f_q[i+1];
            l_d[i] = l_q[i+1];
          end
        end
        f_d[Cap] = '0;
        l_d[Cap] = '0;
        cnt_d   = CntW'(Cap);
        ev_d    = {1'b0, {Cap{1'b1}}};
        state_d = RIdle;
      end
      default: state_d = RIdle;
    endcase
  end

  logic [26:0] hd_xf0, hd_l0x, hd_l1f0;   // x - f0, l0 - x, l1 - f0
  assign hd_xf0  = {1'b0, x_q} - {1'b0, f_q[0]};
  assign hd_l0x  = {1'b0, l_q[0]} - {1'b0, x_q};
  assign hd_l1f0 = {1'b0, l_q[1]} - {1'b0, f_q[0]};
  // = l_d[0] - f_d[0]: RTake, RApply and RMerge change entry 0 only as listed (lo = hi + 1
  // when both are set: the entries are sorted and non-adjacent)
  always_comb begin
    hd_d = hd_q;
    if (state_q == RTake) hd_d = tall_q ? hd_shift : hd_adv;
    else if ((ap_join && hi_q == '0) || (state_q == RMerge && bk_q == '0)) hd_d = hd_l1f0;
    else if (ap_hi && hi_q == '0) hd_d = hd_xf0;
    else if (ap_lo && lo_q == '0) hd_d = hd_l0x;
    else if (ap_new && pos_q == '0) hd_d = '0;
  end
  // sh[k] = dg_q[k+1]; sh[Cap-1] = 0 - l[Cap] (entry Cap is 0 after a shift down)
  assign sh = {26'd0 - l_q[Cap], dg_q[Cap-1:1]};

  always_comb begin
    dg_d = dg_q;
    if (ap) begin
      for (int k = 0; k < Cap; k++) begin
        if (ap_join && k >= 32'(hi_q)) dg_d[k] = sh[k];          // the entries above move down
        if (ap_hi && k == 32'(hi_q)) dg_d[k] = f_q[k+1] - x_q;          // fx: l[hi] = x
        if (ap_lo && k + 1 == 32'(lo_q)) dg_d[k] = x_q - l_q[k];        // xl: f[lo] = x
        if (ap_new) begin                                        // the entries from pos move up
          if (k + 1 == 32'(pos_q)) dg_d[k] = x_q - l_q[k];               // xl
          else if (k == 32'(pos_q)) dg_d[k] = f_q[k] - x_q;              // fx
          else if (k > 32'(pos_q)) dg_d[k] = dg_q[(k > 0) ? k - 1 : 0];
        end
      end
    end else if (state_q == RMerge) begin
      // entry bk absorbs entry bk + 1, the entries above move down
      for (int k = 0; k < Cap; k++) if (k >= 32'(bk_q)) dg_d[k] = sh[k];
    end else if (state_q == RTake && tall_q) begin
      dg_d = sh;                                                 // entry 0 removed
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= RIdle;
      f_q     <= '0;
      l_q     <= '0;
      cnt_q   <= '0;
      ev_q    <= '0;
      c_q     <= '0;
      x_q     <= '0;
      cont_q  <= 1'b0;
      hiv_q   <= 1'b0;
      lov_q   <= 1'b0;
      hi_q    <= '0;
      lo_q    <= '0;
      pos_q   <= '0;
      bv_q    <= 1'b0;
      bk_q    <= '0;
      bg_q    <= '0;
      tn_q    <= '0;
      tall_q  <= 1'b0;
      tb_q    <= 1'b0;
      hd_q    <= '0;
      dg_q    <= '0;
    end else begin
      state_q <= state_d;
      f_q     <= f_d;
      l_q     <= l_d;
      cnt_q   <= cnt_d;
      ev_q    <= ev_d;
      c_q     <= c_d;
      x_q     <= x_d;
      cont_q  <= cont_d;
      hiv_q   <= hiv_d;
      lov_q   <= lov_d;
      hi_q    <= hi_d;
      lo_q    <= lo_d;
      pos_q   <= pos_d;
      bv_q    <= bv_d;
      bk_q    <= bk_d;
      bg_q    <= bg_d;
      tn_q    <= tn_d;
      tall_q  <= tall_d;
      tb_q    <= tb_d;
      hd_q    <= hd_d;
      dg_q    <= dg_d;
    end
  end

`ifdef RINV_VERIF
`ifndef SYNTHESIS
  always @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni && hd_q != {1'b0, l_q[0]} - {1'b0, f_q[0]}) begin
      $error("range_table %m: hd %0d is not l0 - f0", hd_q);
    end
    for (int i = 0; i <= Cap; i++) begin
      if (rst_ni && ev_q[i] != (i < 32'(cnt_q))) begin
        $error("range_table %m: ev[%0d] %0d is not %0d < cnt %0d", i, ev_q[i], i, cnt_q);
      end
    end
    for (int k = 0; k < Cap; k++) begin
      if (rst_ni && dg_q[k] != f_q[k+1] - l_q[k]) begin
        $error("range_table %m: dg[%0d] %0d is not f[k+1] - l[k]", k, dg_q[k]);
      end
    end
    if (rst_ni && take_i && cnt_q != '0 &&
        take_n_i != (head_all ? hd_q + 27'd1 : 27'(MaxRange))) begin
      $error("range_table %m: take_n %0d is not min(l0 - f0 + 1, MaxRange)", take_n_i);
    end
    if (rst_ni && take_i && (state_q != RIdle || cnt_q == '0)) begin
      $error("range_table %m: take requested outside RIdle or from an empty table");
    end
    // the table does not change between the request and RTake: the latched take still fits
    if (rst_ni && state_q == RTake &&
        (tall_q != head_all || tn_q != (head_all ? hd_q + 27'd1 : 27'(MaxRange)))) begin
      $error("range_table %m: latched take n %0d / remove %0d do not fit the head entry",
             tn_q, tall_q);
    end
  end
`endif
`else
  logic unused_take_n;
  assign unused_take_n = ^take_n_i;
`endif

`ifdef RINV_FORMAL
  // Formal proof (formal/rtable.sby; assertions and checker state only, no logic of the table).
  // Watched line fv_w, an arbitrary constant: once a beat inserts it (ins_i in RIdle), some
  // entry 0..cnt-1 covers it, except while its own insert is in flight (RTake after a request
  // that came with its beat, RScan, RApply), until a take hands it to the generator (at the
  // edge leaving RTake, where the take is applied; a beat of fv_w latched with that take
  // inserts it again). The other assertions are the invariants the k-induction needs: the
  // table is sorted, disjoint and non-adjacent, entries from cnt on are 0, the scan
  // accumulators are exact for the entries scanned so far, and the latched take fits the head.
  (* anyconst *) logic [25:0] fv_w;
  logic            fv_ins_q, fv_taken, fv_cov, fv_inflight, fv_cont, fv_hiv, fv_lov;
  logic            fv_ordered, fv_zero, fv_sorted;
  logic [25:0]     fv_bk_gap;
  logic            fv_dg_ok;   // dg_q[k] == f[k+1] - l[k] for every k
  logic            fv_ev_ok;   // ev_q[i] == (i < cnt) for every i
  always_comb begin
    fv_dg_ok = 1'b1;
    for (int k = 0; k < Cap; k++) if (dg_q[k] != f_q[k+1] - l_q[k]) fv_dg_ok = 1'b0;
    fv_ev_ok = 1'b1;
    for (int i = 0; i <= Cap; i++) if (ev_q[i] != (i < 32'(cnt_q))) fv_ev_ok = 1'b0;
  end
`ifdef FV_LINE_BITS
  logic            fv_small;   // every line register below 2**FV_LINE_BITS
`endif
  // a merge adds exactly the counted gap lines: fv_sum = the number of lines entries 0..cnt-1
  // cover; fv_gl / fv_gf = l[bk] / f[bk + 1], the entries RMerge joins. With the data
  // abstraction (lines below 2**FV_LINE_BITS) at most 2**FV_LINE_BITS lines are covered, so a
  // sum of FV_LINE_BITS + 2 bits is exact (and keeps the induction at the speed of the others)
`ifdef FV_LINE_BITS
  localparam int FvSumW = `FV_LINE_BITS + 2;
`else
  localparam int FvSumW = 32;
`endif
  logic [FvSumW-1:0] fv_sum, fv_sum_exp_q;
  logic [25:0]     fv_gl, fv_gf;
  logic            fv_mrg_q, fv_cov_q, fv_ingap_q;
  logic [26:0]     fv_take_end, fv_w27;
  logic [IdxW:0]   fv_pos;
  logic [Cap:0]    fv_sc;   // entry i scanned: i < cnt and i in a chunk already examined

  assign fv_w27      = {1'b0, fv_w};
  assign fv_take_end = {1'b0, f_q[0]} + tn_q;
  assign fv_taken    = (state_q == RTake) &&
                       ({1'b0, f_q[0]} <= fv_w27) && (fv_w27 < fv_take_end);
  assign fv_inflight = ((state_q == RScan) || (state_q == RApply) ||
                        ((state_q == RTake) && tb_q)) && (x_q == fv_w);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)                                           fv_ins_q <= 1'b0;
    else if ((state_q == RIdle) && ins_i && (ins_line_i == fv_w)) fv_ins_q <= 1'b1;
    else if (fv_taken && !(tb_q && x_q == fv_w))           fv_ins_q <= 1'b0;
  end

  always_comb begin
    fv_cov  = 1'b0;
    fv_cont = 1'b0;
    fv_hiv  = 1'b0;
    fv_lov  = 1'b0;
    fv_pos  = '0;
    fv_ordered = 1'b1;   // f <= l for every entry below cnt
    fv_zero    = 1'b1;   // entries from cnt on are 0
    fv_sorted  = 1'b1;   // l[i] + 1 < f[i+1] below cnt
`ifdef FV_LINE_BITS
    fv_small   = (x_q >> `FV_LINE_BITS) == '0 && (bg_q >> `FV_LINE_BITS) == '0;
`endif
    fv_bk_gap  = '0;     // f[bk + 1] - l[bk] - 1, the gap RGap's best index names
    fv_gl      = '0;
    fv_gf      = '0;
    fv_sum     = '0;
    for (int i = 0; i <= Cap; i++) begin
      if (i < Cap && bk_q == IdxW'(i)) begin
        fv_bk_gap = f_q[i+1] - l_q[i] - 26'd1;
        fv_gl     = l_q[i];
        fv_gf     = f_q[i+1];
      end
      if (i < 32'(cnt_q)) fv_sum = fv_sum + FvSumW'(l_q[i]) - FvSumW'(f_q[i]) + FvSumW'(1);
      fv_sc[i] = (i < 32'(cnt_q)) &&
                 ((state_q == RApply) || ((state_q == RScan) && (i < 32'(c_q) * Scan)));
      if (i < 32'(cnt_q) && f_q[i] <= fv_w && fv_w <= l_q[i]) fv_cov = 1'b1;
      if (fv_sc[i] && {1'b0, f_q[i]} <= x27 && x27 <= {1'b0, l_q[i]}) fv_cont = 1'b1;
      if (fv_sc[i] && {1'b0, l_q[i]} + 27'd1 == x27) fv_hiv = 1'b1;
      if (fv_sc[i] && x27 + 27'd1 == {1'b0, f_q[i]}) fv_lov = 1'b1;
      if (fv_sc[i] && {1'b0, f_q[i]} < x27) fv_pos = fv_pos + 1'b1;
`ifdef FV_LINE_BITS
      if ((f_q[i] >> `FV_LINE_BITS) != '0 || (l_q[i] >> `FV_LINE_BITS) != '0) fv_small = 1'b0;
`endif
      if (i < 32'(cnt_q) && f_q[i] > l_q[i]) fv_ordered = 1'b0;
      if (i >= 32'(cnt_q) && (f_q[i] != '0 || l_q[i] != '0)) fv_zero = 1'b0;
      if (i < Cap && i + 1 < 32'(cnt_q) && !({1'b0, l_q[i]} + 27'd1 < {1'b0, f_q[i+1]})) begin
        fv_sorted = 1'b0;
      end
    end
  end

  // the cycle after RMerge: what the merge did (gap_o is what dir_regs adds to stat_over_inv)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      fv_mrg_q     <= 1'b0;
      fv_sum_exp_q <= '0;
      fv_cov_q     <= 1'b0;
      fv_ingap_q   <= 1'b0;
    end else begin
      fv_mrg_q     <= merge_o;
      fv_sum_exp_q <= fv_sum + FvSumW'(gap_o);
      fv_cov_q     <= fv_cov;
      fv_ingap_q   <= (fv_gl < fv_w) && (fv_w < fv_gf);
    end
  end

  always_comb begin
    if (rst_ni) begin
      // a merge adds exactly the counted gap lines: the covered lines after it number those
      // before plus its gap_o, and they are those before and the lines strictly between the
      // two entries it joins (the watched line fv_w: covered after iff covered before or in
      // that gap), so no line is lost and no line but the gap's is added
      if (fv_mrg_q) begin
        rt_merge_adds_gap: assert (fv_sum == fv_sum_exp_q);
        rt_merge_set: assert (fv_cov == (fv_cov_q || fv_ingap_q));
      end
`ifdef RINV_FORMAL_BREAK_RTABLE
      // broken variant: claims coverage during the watched line's own insert as well
      rt_watched_line_covered: assert (!fv_ins_q || fv_cov);
`else
      rt_watched_line_covered: assert (!fv_ins_q || fv_inflight || fv_cov);
`endif
      rt_occupancy_le_cap: assert (((state_q == RGap) || (state_q == RMerge)) ?
                                   (32'(cnt_q) == Cap + 1) : (32'(cnt_q) <= Cap));
      rt_state_legal: assert (state_q == RIdle || state_q == RTake || state_q == RScan ||
                              state_q == RApply || state_q == RGap || state_q == RMerge);
      rt_inv_chunk: assert ((32'(c_q) < R) &&
                            (state_q == RScan || state_q == RGap || c_q == '0));
      rt_inv_entry_ordered: assert (fv_ordered);
      rt_inv_entry_zero: assert (fv_zero);
      rt_inv_sorted_gap: assert (fv_sorted);
      if (state_q == RScan || state_q == RApply) begin
        rt_inv_acc_cont: assert (cont_q == fv_cont);
        rt_inv_acc_hi: assert (hiv_q == fv_hiv &&
                               (!hiv_q || (32'(hi_q) < 32'(cnt_q) &&
                                           {1'b0, l_q[hi_q]} + 27'd1 == x27)));
        rt_inv_acc_lo: assert (lov_q == fv_lov &&
                               (!lov_q || (32'(lo_q) < 32'(cnt_q) &&
                                           x27 + 27'd1 == {1'b0, f_q[lo_q]})));
        rt_inv_acc_pos: assert ((IdxW+1)'(pos_q) == fv_pos);
      end
      if (state_q == RTake) begin
        // the latched take: requested from a non-empty table whose head has not changed since
        rt_inv_take_len: assert (cnt_q != '0 && tall_q == head_all &&
                                 tn_q == (head_all ? hd_q + 27'd1 : 27'(MaxRange)));
        // a beat latched with the request: its scan starts from cleared accumulators
        rt_inv_take_acc: assert (!tb_q || (!cont_q && !hiv_q && !lov_q && pos_q == '0));
      end
      if (state_q == RGap) begin
        rt_inv_gap_best: assert ((c_q == '0) ? !bv_q : (bv_q && 32'(bk_q) < 32'(c_q) * Scan));
      end
      if (state_q == RMerge) begin
        rt_inv_merge_best: assert (bv_q && 32'(bk_q) < Cap);
      end
`ifdef FV_LINE_BITS
      // the job's data abstraction (lines < 2**FV_LINE_BITS) holds for every register
      rt_inv_line_bits: assert (fv_small);
`endif
      if ((state_q == RGap || state_q == RMerge) && bv_q) begin
        rt_inv_best_gap: assert (bg_q == fv_bk_gap);
      end
      // the register that stands in for the head's subtraction
      rt_inv_head_diff: assert (hd_q == {1'b0, l_q[0]} - {1'b0, f_q[0]});
      rt_inv_gap_diff: assert (fv_dg_ok);
      // the thermometer code that stands in for the count's compares
      rt_inv_count_therm: assert (fv_ev_ok);
    end
  end
`endif

  assign idle_o  = (state_q == RIdle);
  assign f0_o    = f_q[0];
  assign l0_o    = l_q[0];
  assign hd_o       = hd_q;
  assign head_all_o = head_all;
  assign count_o = cnt_q;

endmodule : range_table

// Merge-mode range table of one side (ARCHITECTURE_v2.md §7.3).
//
// Cap + 1 entries [f, l] in flip-flops, entries 0..cnt-1 sorted, disjoint, non-adjacent.
// FSM RIdle, RScan (R = Cap / Scan cycles, Scan entries per cycle into registered
// accumulators), RApply (v1 insert rules), RGap (R cycles, smallest gap), RMerge. A take of
// the generator is applied in RIdle (before a same-cycle beat, whose scan starts next cycle).
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
  input  logic            take_i,     // generator take (only in RIdle)
  input  logic [26:0]     take_n_i,   // = min(l0 - f0 + 1, MaxRange): checked, not used
  output logic            idle_o,
  output logic [25:0]     f0_o,
  output logic [25:0]     l0_o,
  output logic [CntW-1:0] count_o,
  output logic            merge_o,    // RMerge this cycle
  output logic [25:0]     gap_o       // its gap (over-invalidated lines)
);

  typedef enum logic [2:0] {RIdle, RScan, RApply, RGap, RMerge} rstate_e;

  rstate_e state_q, state_d;
  logic [Cap:0][25:0] f_q, f_d, l_q, l_d;
  logic [CntW-1:0]    cnt_q, cnt_d;
  logic [CW-1:0]      c_q, c_d;
  logic [25:0]        x_q, x_d;
  logic               cont_q, cont_d, hiv_q, hiv_d, lov_q, lov_d, bv_q, bv_d;
  logic [IdxW-1:0]    hi_q, hi_d, lo_q, lo_d, pos_q, pos_d, bk_q, bk_d;
  logic [25:0]        bg_q, bg_d;

  logic [26:0] x27;
  assign x27 = {1'b0, x_q};

  // A take of n = min(l0 - f0 + 1, MaxRange) lines removes the head entry iff l0 - f0 <
  // MaxRange, else it advances f0 by MaxRange: both from this table's own registers, so the
  // generator's length (a subtraction and a compare in dir_ctrl) is not in front of the shift
  // of every entry (fpga-ooc: three carry chains in series, 39 MHz). Same result as
  // f0 + take_n > l0 for that n.
  logic [26:0] hd;
  logic        head_all;
  logic [25:0] f0_adv;
  assign hd       = {1'b0, l_q[0]} - {1'b0, f_q[0]};
  assign head_all = hd < 27'(MaxRange);
  assign f0_adv   = f_q[0] + 26'(MaxRange);

  // The window of chunk c_q (entries c_q * Scan + i, and the one after each for RGap), chosen
  // by a mux over constant indices: an index computed as c_q * Scan made Yosys build a
  // multiplier and barrel shifters in front of every compare (fpga-ooc: 42.6 MHz).
  logic [Scan-1:0][25:0]   wf, wl, wfn;   // f_q[idx], l_q[idx], f_q[idx + 1]
  logic [Scan-1:0]         wv;            // idx < cnt_q
  logic [Scan-1:0][IdxW-1:0] widx;        // idx
  // RGap's smallest gap of the window, as a tree (depth log2 Scan) instead of a chain of Scan
  // compares; a tie goes to the lower index, as the chain's strict '<' did. Node k of a heap
  // layout over P leaves (P = Scan rounded up to a power of two, padding leaves invalid).
  localparam int P = (Scan > 1) ? (1 << $clog2(Scan)) : 1;
  logic [2*P-1:0]           tv;
  logic [2*P-1:0][25:0]     tg;
  logic [2*P-1:0][IdxW-1:0] tk;
  always_comb begin
    tv = '0;
    tg = '0;
    tk = '0;
    for (int i = 0; i < Scan; i++) begin
      tv[P + i] = 1'b1;
      tg[P + i] = wfn[i] - wl[i] - 26'd1;  // > 0: entries are sorted, non-adjacent
      tk[P + i] = widx[i];
    end
    for (int k = P - 1; k >= 1; k--) begin
      if (tv[2*k] && (!tv[2*k+1] || !(tg[2*k+1] < tg[2*k]))) begin
        tv[k] = 1'b1;
        tg[k] = tg[2*k];
        tk[k] = tk[2*k];
      end else begin
        tv[k] = tv[2*k+1];
        tg[k] = tg[2*k+1];
        tk[k] = tk[2*k+1];
      end
    end
  end

  // entries read at a register-held index (a mux over constant indices, as above)
  logic [25:0] l_at_lo, l_at_bk1;   // l_q[lo_q], l_q[bk_q + 1]
  always_comb begin
    l_at_lo  = '0;
    l_at_bk1 = '0;
    for (int i = 0; i <= Cap; i++) begin
      if (lo_q == IdxW'(i)) l_at_lo = l_q[i];
      if (i >= 1 && bk_q == IdxW'(i - 1)) l_at_bk1 = l_q[i];
    end
  end

  always_comb begin
    wf   = '0;
    wl   = '0;
    wfn  = '0;
    wv   = '0;
    widx = '0;
    for (int cc = 0; cc < R; cc++) begin
      if (c_q == CW'(cc)) begin
        for (int i = 0; i < Scan; i++) begin
          wf[i]   = f_q[cc*Scan + i];
          wl[i]   = l_q[cc*Scan + i];
          wfn[i]  = f_q[cc*Scan + i + 1];
          wv[i]   = (cc*Scan + i) < 32'(cnt_q);
          widx[i] = IdxW'(cc*Scan + i);
        end
      end
    end
  end

  always_comb begin
    state_d = state_q;
    f_d     = f_q;
    l_d     = l_q;
    cnt_d   = cnt_q;
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
    merge_o = 1'b0;
    gap_o   = '0;
    unique case (state_q)
      RIdle: begin
        if (take_i && cnt_q != '0) begin
          if (head_all) begin
            for (int i = 0; i < Cap; i++) begin
              f_d[i] = f_q[i+1];
              l_d[i] = l_q[i+1];
            end
            f_d[Cap] = '0;
            l_d[Cap] = '0;
            cnt_d = cnt_q - 1'b1;
          end else begin
            f_d[0] = f0_adv;
          end
        end
        if (ins_i) begin
          x_d     = ins_line_i;
          c_d     = '0;
          cont_d  = 1'b0;
          hiv_d   = 1'b0;
          lov_d   = 1'b0;
          hi_d    = '0;
          lo_d    = '0;
          pos_d   = '0;
          state_d = RScan;
        end
      end
      RScan: begin
        for (int i = 0; i < Scan; i++) begin
          if (wv[i]) begin
            if ({1'b0, wf[i]} <= x27 && x27 <= {1'b0, wl[i]}) cont_d = 1'b1;
            if ({1'b0, wl[i]} + 27'd1 == x27) begin
              hiv_d = 1'b1;
              hi_d  = widx[i];
            end
            if (x27 + 27'd1 == {1'b0, wf[i]}) begin
              lov_d = 1'b1;
              lo_d  = widx[i];
            end
            if ({1'b0, wf[i]} < x27) pos_d = pos_d + 1'b1;
          end
        end
        if (32'(c_q) == R - 1) begin
          c_d     = '0;
          state_d = RApply;
        end else begin
          c_d = c_q + 1'b1;
        end
      end
      RApply: begin
        state_d = RIdle;
        if (cont_q) begin
          // contained: nothing
        end else if (hiv_q) begin
          for (int i = 0; i <= Cap; i++) begin
            if (hi_q == IdxW'(i)) l_d[i] = lov_q ? l_at_lo : x_q;
          end
          if (lov_q) begin
            for (int i = 0; i < Cap; i++) begin
              if (i >= 32'(lo_q)) begin
                f_d[i] = f_q[i+1];
                l_d[i] = l_q[i+1];
              end
            end
            f_d[Cap] = '0;
            l_d[Cap] = '0;
            cnt_d = cnt_q - 1'b1;
          end
        end else if (lov_q) begin
          for (int i = 0; i <= Cap; i++) begin
            if (lo_q == IdxW'(i)) f_d[i] = x_q;
          end
        end else begin
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
          if (32'(cnt_q) + 1 == Cap + 1) begin
            c_d     = '0;
            bv_d    = 1'b0;
            bk_d    = '0;
            bg_d    = '0;
            state_d = RGap;
          end
        end
      end
      RGap: begin
        // the window's smallest gap (tv[1], tg[1], tk[1]) against the chunks before it
        if (!bv_q || tg[1] < bg_q) begin
          bv_d = 1'b1;
          bk_d = tk[1];
          bg_d = tg[1];
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
        gap_o   = bg_q;
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
        state_d = RIdle;
      end
      default: state_d = RIdle;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= RIdle;
      f_q     <= '0;
      l_q     <= '0;
      cnt_q   <= '0;
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
    end else begin
      state_q <= state_d;
      f_q     <= f_d;
      l_q     <= l_d;
      cnt_q   <= cnt_d;
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
    end
  end

`ifdef RINV_VERIF
`ifndef SYNTHESIS
  always @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni && take_i && cnt_q != '0 &&
        take_n_i != (head_all ? hd + 27'd1 : 27'(MaxRange))) begin
      $error("range_table %m: take_n %0d is not min(l0 - f0 + 1, MaxRange)", take_n_i);
    end
  end
`endif
`else
  logic unused_take_n;
  assign unused_take_n = ^take_n_i;
`endif

  assign idle_o  = (state_q == RIdle);
  assign f0_o    = f_q[0];
  assign l0_o    = l_q[0];
  assign count_o = cnt_q;

endmodule : range_table

// Merge-mode range table of one side (ARCHITECTURE_v2.md §7.3).
//
// Cap + 1 entries [f, l] in flip-flops, entries 0..cnt-1 sorted, disjoint, non-adjacent.
// FSM RIdle, RScan (R = Cap / Scan cycles, Scan entries per cycle into registered
// accumulators), RApply (v1 insert rules), RGap (R cycles, smallest gap), RMerge. A take of
// the generator is applied in RIdle (before a same-cycle beat, whose scan starts next cycle).
module range_table #(
  parameter int  Cap  = 8,
  parameter int  Scan = 4,
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
  input  logic [26:0]     take_n_i,
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

  always_comb begin
    int idx;
    logic [25:0] gap;
    logic [26:0] tend;
    idx     = 0;
    gap     = '0;
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
    tend    = {1'b0, f_q[0]} + take_n_i;
    unique case (state_q)
      RIdle: begin
        if (take_i && cnt_q != '0) begin
          if (tend > {1'b0, l_q[0]}) begin
            for (int i = 0; i < Cap; i++) begin
              f_d[i] = f_q[i+1];
              l_d[i] = l_q[i+1];
            end
            f_d[Cap] = '0;
            l_d[Cap] = '0;
            cnt_d = cnt_q - 1'b1;
          end else begin
            f_d[0] = tend[25:0];
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
          idx = 32'(c_q) * Scan + i;
          if (idx < 32'(cnt_q)) begin
            if ({1'b0, f_q[idx]} <= x27 && x27 <= {1'b0, l_q[idx]}) cont_d = 1'b1;
            if ({1'b0, l_q[idx]} + 27'd1 == x27) begin
              hiv_d = 1'b1;
              hi_d  = IdxW'(idx);
            end
            if (x27 + 27'd1 == {1'b0, f_q[idx]}) begin
              lov_d = 1'b1;
              lo_d  = IdxW'(idx);
            end
            if ({1'b0, f_q[idx]} < x27) pos_d = pos_d + 1'b1;
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
          l_d[hi_q] = x_q;
          if (lov_q) begin
            l_d[hi_q] = l_q[lo_q];
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
          f_d[lo_q] = x_q;
        end else begin
          for (int i = 1; i <= Cap; i++) begin
            if (i > 32'(pos_q)) begin
              f_d[i] = f_q[i-1];
              l_d[i] = l_q[i-1];
            end
          end
          f_d[pos_q] = x_q;
          l_d[pos_q] = x_q;
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
        for (int i = 0; i < Scan; i++) begin
          idx = 32'(c_q) * Scan + i;
          gap = f_q[idx+1] - l_q[idx] - 26'd1;  // > 0: entries are sorted, non-adjacent
          if (!bv_d || gap < bg_d) begin
            bv_d = 1'b1;
            bk_d = IdxW'(idx);
            bg_d = gap;
          end
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
        l_d[bk_q] = l_q[bk_q + 1'b1];
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

  assign idle_o  = (state_q == RIdle);
  assign f0_o    = f_q[0];
  assign l0_o    = l_q[0];
  assign count_o = cnt_q;

endmodule : range_table

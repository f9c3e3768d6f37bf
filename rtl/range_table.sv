// Directory range table of one side (mode merge, ARCHITECTURE.md §5.2/§5.3).
//
// Sorted, disjoint, non-adjacent inclusive ranges [f, l], Cap entries, merge on insert;
// when an insert would exceed Cap, the two neighbours with the smallest gap merge (ties:
// lowest k) and the gap is reported for stat_over_inv.
// Same-cycle ordering (contract is silent): the generator's take from entry 0 is applied
// first, then the insert of the history beat.
// All arithmetic on line numbers is 27-bit without wrap (a line never extends a range
// across 2^26-1 -> 0).
module range_table #(
  parameter int Cap = 8,
  localparam int CntW = $clog2(Cap + 1)
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            take_i,     // generator: entry 0 gives up take_n_i lines
  input  logic [26:0]     take_n_i,
  input  logic            ins_i,      // history beat: insert ins_line_i
  input  logic [25:0]     ins_line_i,
  output logic            ovf_o,      // this insert caused a smallest-gap merge
  output logic [25:0]     gap_o,      // lines over-invalidated by that merge
  output logic [25:0]     f0_o,       // entry 0 (valid when count_o != 0)
  output logic [25:0]     l0_o,
  output logic [CntW-1:0] count_o
);

  logic [Cap-1:0][25:0] f_q, l_q, f_d, l_d;
  logic [CntW-1:0]      cnt_q, cnt_d;

  // After the generator's take.
  logic [Cap-1:0][25:0] f1, l1;
  logic [CntW-1:0]      c1;
  // Candidate list with the new single-line range inserted (Cap + 1 entries).
  logic [Cap:0][25:0]   nf, nl;

  logic [26:0]     x, take_end;
  logic            any_cont, any_hi, any_lo;
  logic [CntW-1:0] hi_i, lo_j, pos;
  logic            hi_merge;
  logic [25:0]     best_gap, gap_k;
  logic [CntW-1:0] best_k;

  assign x = {1'b0, ins_line_i};

  always_comb begin
    // ---- 1. generator take from entry 0 ----
    f1 = f_q;
    l1 = l_q;
    c1 = cnt_q;
    take_end = {1'b0, f_q[0]} + take_n_i;
    if (take_i && cnt_q != '0) begin
      if (take_end > {1'b0, l_q[0]}) begin
        // Entry 0 is used up: remove it.
        for (int i = 0; i < int'(Cap) - 1; i++) begin
          f1[i] = f_q[i+1];
          l1[i] = l_q[i+1];
        end
        f1[Cap-1] = '0;
        l1[Cap-1] = '0;
        c1 = cnt_q - 1'b1;
      end else begin
        f1[0] = take_end[25:0];
      end
    end

    // ---- 2. classify the insert ----
    any_cont = 1'b0;
    any_hi   = 1'b0;
    any_lo   = 1'b0;
    hi_i     = '0;
    lo_j     = '0;
    pos      = '0;
    for (int i = 0; i < int'(Cap); i++) begin
      if (CntW'(i) < c1) begin
        if ({1'b0, f1[i]} <= x && x <= {1'b0, l1[i]}) any_cont = 1'b1;
        if ({1'b0, l1[i]} + 27'd1 == x) begin
          any_hi = 1'b1;
          hi_i   = CntW'(i);
        end
        if (x + 27'd1 == {1'b0, f1[i]}) begin
          any_lo = 1'b1;
          lo_j   = CntW'(i);
        end
        if ({1'b0, f1[i]} < x) pos = pos + 1'b1;
      end
    end
    // Extending entry i upwards closes the gap to entry i+1 when that one starts at x+1.
    hi_merge = any_hi && any_lo && (lo_j == hi_i + 1'b1);

    // ---- 3. list with [x, x] inserted at pos ----
    nf[0] = (pos == '0) ? ins_line_i : f1[0];
    nl[0] = (pos == '0) ? ins_line_i : l1[0];
    for (int k = 1; k < int'(Cap); k++) begin
      if (CntW'(k) < pos) begin
        nf[k] = f1[k];
        nl[k] = l1[k];
      end else if (CntW'(k) == pos) begin
        nf[k] = ins_line_i;
        nl[k] = ins_line_i;
      end else begin
        nf[k] = f1[k-1];
        nl[k] = l1[k-1];
      end
    end
    nf[Cap] = (pos == CntW'(Cap)) ? ins_line_i : f1[Cap-1];
    nl[Cap] = (pos == CntW'(Cap)) ? ins_line_i : l1[Cap-1];

    // Smallest gap among the Cap gaps of the Cap + 1 entries (ties: lowest k).
    best_gap = '1;
    best_k   = '0;
    for (int k = 0; k < int'(Cap); k++) begin
      gap_k = nf[k+1] - nl[k] - 26'd1;
      if (k == 0 || gap_k < best_gap) begin
        best_gap = gap_k;
        best_k   = CntW'(k);
      end
    end

    // ---- 4. apply ----
    f_d   = f1;
    l_d   = l1;
    cnt_d = c1;
    ovf_o = 1'b0;
    gap_o = '0;
    if (ins_i) begin
      if (any_cont) begin
        // Case 1: already covered.
      end else if (any_hi) begin
        // Case 2: extend entry hi_i upwards, possibly merging with hi_i + 1.
        l_d[hi_i] = ins_line_i;
        if (hi_merge) begin
          l_d[hi_i] = l1[lo_j];
          for (int m = 0; m < int'(Cap) - 1; m++) begin
            if (CntW'(m) >= lo_j) begin
              f_d[m] = f1[m+1];
              l_d[m] = l1[m+1];
            end
          end
          f_d[Cap-1] = '0;
          l_d[Cap-1] = '0;
          cnt_d = c1 - 1'b1;
        end
      end else if (any_lo) begin
        // Case 3: extend entry lo_j downwards.
        f_d[lo_j] = ins_line_i;
      end else if (c1 != CntW'(Cap)) begin
        // Case 4, room left.
        for (int k = 0; k < int'(Cap); k++) begin
          f_d[k] = nf[k];
          l_d[k] = nl[k];
        end
        cnt_d = c1 + 1'b1;
      end else begin
        // Case 4, full: merge the smallest gap; its lines are over-invalidated later.
        for (int m = 0; m < int'(Cap); m++) begin
          if (CntW'(m) < best_k) begin
            f_d[m] = nf[m];
            l_d[m] = nl[m];
          end else if (CntW'(m) == best_k) begin
            f_d[m] = nf[m];
            l_d[m] = nl[m+1];
          end else begin
            f_d[m] = nf[m+1];
            l_d[m] = nl[m+1];
          end
        end
        ovf_o = 1'b1;
        gap_o = best_gap;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      f_q   <= '0;
      l_q   <= '0;
      cnt_q <= '0;
    end else begin
      f_q   <= f_d;
      l_q   <= l_d;
      cnt_q <= cnt_d;
    end
  end

  assign f0_o    = f_q[0];
  assign l0_o    = l_q[0];
  assign count_o = cnt_q;

endmodule : range_table

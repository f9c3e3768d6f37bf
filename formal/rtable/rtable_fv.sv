// Formal checker of range_table (ARCHITECTURE_v2.md §7.3), top of the job formal/rtable.sby.
//
// Formal configuration: Cap (rt_cap) = 4, Scan (rt_scan) = 2 (R = 2 chunks), MaxRange = 4;
// lines keep their 26 bits. The environment is dir_hist's and dir_probegen's in merge mode:
// a beat is accepted when hist_valid && hist_ready with hist_ready = !stall && idle (§7.2),
// and only that handshake inserts (ins_i); a take is requested only in RIdle from a non-empty
// table with take_n = min(l0 - f0 + 1, MaxRange) (§7.4), latched there and applied at the edge
// leaving RTake (§7.3). Everything else is free: any sequence of lines, stalls, takes (also in
// the cycle of a beat), inserts that force a smallest-gap merge. The coverage of the watched
// line, the occupancy bound and the table invariants are asserted in range_table under
// RINV_FORMAL (Yosys has neither bind nor hierarchical references); here: the handshake.
module rtable_fv #(
  parameter int Cap      = 4,
  parameter int Scan     = 2,
  parameter int MaxRange = 4,
  localparam int CntW    = $clog2(Cap + 2)
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        stall_i,
  input  logic        hist_valid_i,
  input  logic [25:0] hist_line_i,
  input  logic        take_req_i
);

  logic            idle, merge, hist_ready, beat, take;
  logic [25:0]     f0, l0, gap;
  logic [CntW-1:0] count;
  logic [26:0]     take_n, hd;

  assign hist_ready = !stall_i && idle;           // dir_hist, merge mode
  assign beat       = hist_valid_i && hist_ready;
  assign hd         = {1'b0, l0} - {1'b0, f0};
  assign take       = take_req_i && idle && (count != '0);
  assign take_n     = (hd < 27'(MaxRange)) ? hd + 27'd1 : 27'(MaxRange);

  range_table #(
    .Cap      (Cap),
    .Scan     (Scan),
    .MaxRange (MaxRange)
  ) dut (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .ins_i      (beat),
    .ins_line_i (hist_line_i),
    .take_i     (take),
    .take_n_i   (take_n),
    .idle_o     (idle),
    .f0_o       (f0),
    .l0_o       (l0),
    .count_o    (count),
    .merge_o    (merge),
    .gap_o      (gap)
  );

  logic init_q = 1'b1;
  always_ff @(posedge clk_i) init_q <= 1'b0;
  always_comb if (init_q) assume (!rst_ni);
`ifdef FV_LINE_BITS
  // the data abstraction of the job: lines below 2**FV_LINE_BITS (see formal/rtable.sby)
  always_comb assume (hist_line_i < 26'(1 << `FV_LINE_BITS));
`endif

  // no beat is lost: a beat is accepted only when the table latches it (RIdle), and a busy
  // table refuses it (hist_ready = 0) until it is back in RIdle
  always_comb begin
    if (rst_ni && !init_q) begin
      rt_beat_only_idle: assert (!beat || idle);
      rt_ready_iff_idle: assert (stall_i || (hist_ready == idle));
      rt_count_out_le_cap: assert (32'(count) <= Cap + 1);
      rt_merge_gap_pos: assert (!merge || gap != '0);
    end
  end

  // every merge gives up at least one line of gap (entries are non-adjacent); the gap
  // is 0 outside RMerge
  always_comb if (rst_ni && !init_q) rt_gap_zero_idle: assert (merge || gap == '0);

  // reachability (cover task): a smallest-gap merge of a full table, a take that removes the
  // head entry, and a take requested in the cycle of a beat (RIdle -> RTake -> RScan), so the
  // proof is not vacuous about them
  always_comb begin
    if (rst_ni && !init_q) begin
      rt_cover_merge: cover (merge);
      rt_cover_take_all: cover (take && (hd < 27'(MaxRange)) && (count == CntW'(Cap)));
      rt_cover_take_beat: cover (take && beat && (count > CntW'(1)));
    end
  end

endmodule : rtable_fv

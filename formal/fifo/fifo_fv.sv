// Formal checker of rinv_fifo (ARCHITECTURE_v2.md §4.2), top of the job formal/fifo.sby.
//
// Formal configuration: Depth = 4, Width = 4, DropOk = 1 (the directory's history FIFO: a push
// when full is allowed and must be flagged by push_ok_o = 0). All inputs are free except the
// contract's one assumption: pop only when the head is valid. The block's own invariants
// (pointers, mcnt, no read-during-write) and the unbounded data-order proof (elements of cell
// word 0, through the RINV_VERIF peek port) are asserted inside rinv_fifo under RINV_FORMAL.
module fifo_fv #(
  parameter int Depth = 4,
  parameter int Width = 4,
  localparam int CntW = $clog2(Depth + 1)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             push_i,
  input  logic [Width-1:0] pdata_i,
  input  logic             pop_i,
  input  logic             flush_i,
  input  logic             watch_i     // free: start watching the element pushed now
);

  logic             push_ok;
  logic [Width-1:0] head;
  logic             head_valid;
  logic [CntW-1:0]  count;

  rinv_fifo #(
    .Depth  (Depth),
    .Width  (Width),
    .DropOk (1'b1)
  ) dut (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .push_i       (push_i),
    .pdata_i      (pdata_i),
    .pop_i        (pop_i),
    .flush_i      (flush_i),
    .push_ok_o    (push_ok),
    .head_o       (head),
    .head_valid_o (head_valid),
    .count_o      (count)
  );

  // reset in the first cycle, then free
  logic init_q = 1'b1;
  always_ff @(posedge clk_i) init_q <= 1'b0;
  always_comb if (init_q) assume (!rst_ni);

  // contract: pop only with a valid head
  always_comb if (rst_ni) assume (!pop_i || head_valid);

  // reference count: pushes accepted minus pops, a flush keeps only its own cycle's push
  logic [CntW:0] mcount_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)      mcount_q <= '0;
    else if (flush_i) mcount_q <= (CntW+1)'(push_ok);
    else              mcount_q <= mcount_q + (CntW+1)'(push_ok) - (CntW+1)'(pop_i);
  end

  // watched element: the element pushed in a cycle chosen by watch_i; ahead_q = elements in
  // front of it. It must reach the head with its data, after exactly ahead_q pops.
  logic             w_q;
  logic [Width-1:0] wdata_q;
  logic [CntW-1:0]  ahead_q;
  logic             wstart;
  assign wstart = watch_i && push_ok && !w_q && !flush_i;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      w_q     <= 1'b0;
      wdata_q <= '0;
      ahead_q <= '0;
    end else if (flush_i) begin
      w_q <= 1'b0;
    end else if (wstart) begin
      w_q     <= 1'b1;
      wdata_q <= pdata_i;
      ahead_q <= count - CntW'(pop_i);
    end else if (w_q && pop_i) begin
      if (ahead_q == '0) w_q <= 1'b0;  // the watched element left
      else               ahead_q <= ahead_q - 1'b1;
    end
  end

`ifdef RINV_FORMAL_BREAK_FIFO
  // broken variant: claims one more element than the FIFO holds (must fail)
  logic [CntW:0] mcount_chk;
  assign mcount_chk = mcount_q + 1'b1;
`else
  logic [CntW:0] mcount_chk;
  assign mcount_chk = mcount_q;
`endif

  always_comb begin
    if (rst_ni && !init_q) begin
      fifo_count_le_cap: assert (32'(count) <= Depth);
      fifo_head_valid_count: assert (!head_valid || count != '0);
      fifo_count_exact: assert ((CntW+1)'(count) == mcount_chk);
      // no silent drop: a push is refused only when full, and then flagged (push_ok_o = 0)
      fifo_drop_only_full: assert (!push_i || push_ok || 32'(count) == Depth);
      fifo_push_ok_only_push: assert (!push_ok || push_i);
      // in order: the watched element is the head exactly when ahead_q elements have left
      fifo_watch_ahead_lt_count: assert (!w_q || ahead_q < count);
`ifndef FV_PROVE
      // needs the cell's contents, which Yosys cannot name from here (no hierarchical
      // references): bounded only (the bmc task), see docs/VERIFICATION.md
      fifo_order_data: assert (!(w_q && ahead_q == '0 && head_valid) || head == wdata_q);
`endif
    end
  end

  // liveness in bounded form: a non-empty FIFO shows a valid head two cycles later at most
  logic nonempty_q, nonempty_q2;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      nonempty_q  <= 1'b0;
      nonempty_q2 <= 1'b0;
    end else begin
      nonempty_q  <= (count != '0) && !flush_i && !pop_i;
      nonempty_q2 <= nonempty_q && !flush_i && !pop_i;
    end
  end
  always_comb if (rst_ni && !init_q) fifo_head_shows: assert (!nonempty_q2 || head_valid);

  // reachability (cover task): a refused push of a full FIFO, and the watched element at the
  // head of a full FIFO
  always_comb begin
    if (rst_ni && !init_q) begin
      fifo_cover_drop: cover (push_i && !push_ok);
      fifo_cover_watch_head: cover (w_q && ahead_q == '0 && head_valid && wdata_q != '0 &&
                                    mcount_q == (CntW+1)'(Depth));
    end
  end

endmodule : fifo_fv

// Recorder of one side (ARCHITECTURE_v2.md §6.4): the write-history FIFO (rinv_fifo, rec_cap
// lines, no drop) that the owner FSM pushes on a store's first dirtying of an L2 line and pops
// per history beat, and the transfer flag xfer: set by hist_go (whatever the state), cleared
// when the owner FSM leaves StHistWaitDone on hist_done. The owner FSM's count compares are
// registered flags (full: count == RecCap, nz: count != 0, gt1: count > 1), updated from push
// and pop: the FIFO has no flush and drops no push (a push into a full FIFO is an assertion
// failure), so count changes by push - pop (fpga-ooc, CPU side: the count adder ->
// compare -> arbiter enable -> state_d was the critical path, 77.0 MHz).
module cc_recorder #(
  parameter int  RecCap  = 16,
  localparam int RecCntW = $clog2(RecCap + 1)
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic                push_i,
  input  rinv_pkg::line_t     pdata_i,
  input  logic                pop_i,
  output rinv_pkg::line_t     head_o,
  output logic                head_valid_o,
  output logic [RecCntW-1:0]  count_o,
  output logic                full_o,           // count_o == RecCap, registered
  output logic                nz_o,             // count_o != 0, registered
  output logic                gt1_o,            // count_o > 1, registered
  input  logic                hist_go_i,
  input  logic                hist_done_i,
  input  logic                st_wait_done_i,   // owner FSM in StHistWaitDone
  output logic                xfer_o
);

  logic xfer_q, xfer_d;
  logic unused_rec_ok;
  logic full_q, full_d, nz_q, nz_d, gt1_q, gt1_d, up, dn;
  logic push;
`ifdef RINV_FORMAL_BREAK_REC
  // broken variant (formal/walker.sby, task break_rec): a store that records its line while a
  // transfer is running (hist_go came during its lookup) is silently dropped
  assign push = push_i && !xfer_q;
`else
  assign push = push_i;
`endif

  rinv_fifo #(
    .Depth  (RecCap),
    .Width  (26),
    .DropOk (1'b0)
  ) u_fifo (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .push_i       (push),
    .pdata_i      (pdata_i),
    .pop_i        (pop_i),
    .flush_i      (1'b0),
    .push_ok_o    (unused_rec_ok),
    .head_o       (head_o),
    .head_valid_o (head_valid_o),
    .count_o      (count_o)
  );

  // count' = count + up - dn; the flags of count + 1 / count - 1 are taken from the registered
  // flags and compares of count_o (a register path), selected by the late push / pop
  assign up = push && !full_q;     // = the FIFO's push_ok
  assign dn = pop_i;
  always_comb begin
    full_d = full_q;
    nz_d   = nz_q;
    gt1_d  = gt1_q;
    if (up && !dn) begin
      full_d = (32'(count_o) == RecCap - 1);
      nz_d   = 1'b1;
      gt1_d  = nz_q;
    end else if (dn && !up) begin
      full_d = 1'b0;
      nz_d   = gt1_q;
      gt1_d  = (32'(count_o) > 2);
    end
  end

  // xfer: set by hist_go (whatever the state), cleared when leaving StHistWaitDone.
  always_comb begin
    xfer_d = xfer_q;
    if (st_wait_done_i && hist_done_i) xfer_d = 1'b0;
    if (hist_go_i) xfer_d = 1'b1;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      xfer_q      <= 1'b0;
      full_q      <= 1'b0;
      nz_q        <= 1'b0;
      gt1_q       <= 1'b0;
    end else begin
      xfer_q      <= xfer_d;
      full_q      <= full_d;
      nz_q        <= nz_d;
      gt1_q       <= gt1_d;
    end
  end

  assign xfer_o = xfer_q;
  assign full_o = full_q;
  assign nz_o   = nz_q;
  assign gt1_o  = gt1_q;

`ifdef RINV_VERIF
`ifndef SYNTHESIS
  // the registered flags agree with the count compares they stand in for
  always @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni && (full_q != (32'(count_o) == RecCap) || nz_q != (count_o != '0) ||
                   gt1_q != (count_o > RecCntW'(1)))) begin
      $error("cc_recorder %m: flags full %0d nz %0d gt1 %0d do not fit count %0d", full_q,
             nz_q, gt1_q, count_o);
    end
  end
`endif
`endif
`ifdef RINV_FORMAL
  // the same for the formal proofs (formal/walker.sby, side_cc top)
  always_comb begin
    if (rst_ni) begin
      rec_flag_full: assert (full_q == (32'(count_o) == RecCap));
      rec_flag_nz: assert (nz_q == (count_o != '0));
      rec_flag_gt1: assert (gt1_q == (count_o > RecCntW'(1)));
    end
  end
`endif

endmodule : cc_recorder

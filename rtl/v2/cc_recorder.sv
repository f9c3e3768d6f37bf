// Recorder of one side (ARCHITECTURE_v2.md §6.4): the write-history FIFO (rinv_fifo, rec_cap
// lines, no drop) that the owner FSM pushes on a store's first dirtying of an L2 line and pops
// per history beat, and the transfer flag xfer: set by hist_go (whatever the state), cleared
// when the owner FSM leaves StHistWaitDone on hist_done.
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
  input  logic                hist_go_i,
  input  logic                hist_done_i,
  input  logic                st_wait_done_i,   // owner FSM in StHistWaitDone
  output logic                xfer_o
);

  logic xfer_q, xfer_d;
  logic unused_rec_ok;

  rinv_fifo #(
    .Depth  (RecCap),
    .Width  (26),
    .DropOk (1'b0)
  ) u_fifo (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .push_i       (push_i),
    .pdata_i      (pdata_i),
    .pop_i        (pop_i),
    .flush_i      (1'b0),
    .push_ok_o    (unused_rec_ok),
    .head_o       (head_o),
    .head_valid_o (head_valid_o),
    .count_o      (count_o)
  );

  // xfer: set by hist_go (whatever the state), cleared when leaving StHistWaitDone.
  always_comb begin
    xfer_d = xfer_q;
    if (st_wait_done_i && hist_done_i) xfer_d = 1'b0;
    if (hist_go_i) xfer_d = 1'b1;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      xfer_q      <= 1'b0;
    end else begin
      xfer_q      <= xfer_d;
    end
  end

  assign xfer_o = xfer_q;

endmodule : cc_recorder

// First-word-fall-through FIFO on one rinv_sram (ARCHITECTURE_v2.md §4.2).
//
// The head is the cell's registered output plus the flag hv. mcnt counts words in the cell
// not yet read into the head; count = mcnt + hv. Fullness for a push is judged before the
// edge. With DropOk = 0 a push into a full FIFO is an assertion failure; with DropOk = 1 it
// is dropped (push_ok_o = 0, the caller counts the overflow).
module rinv_fifo #(
  parameter int Depth  = 16,
  parameter int Width  = 26,
  parameter bit DropOk = 1'b0,
  localparam int PtrW  = (Depth > 1) ? $clog2(Depth) : 1,
  localparam int CntW  = $clog2(Depth + 1)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             push_i,
  input  logic [Width-1:0] pdata_i,
  input  logic             pop_i,
  input  logic             flush_i,
  output logic             push_ok_o,
  output logic [Width-1:0] head_o,
  output logic             head_valid_o,
  output logic [CntW-1:0]  count_o
);

  logic [PtrW-1:0] rd_ptr_q, rd_ptr_d, wr_ptr_q, wr_ptr_d;
  logic [CntW-1:0] mcnt_q, mcnt_d;
  logic            hv_q, hv_d;
  logic            re;

  function automatic logic [PtrW-1:0] inc(input logic [PtrW-1:0] p);
    inc = (32'(p) == Depth - 1) ? '0 : p + 1'b1;
  endfunction

  assign count_o   = mcnt_q + CntW'(hv_q);
  assign push_ok_o = push_i && (32'(count_o) < Depth);
  assign re        = !flush_i && (mcnt_q != '0) && (!hv_q || pop_i);

  always_comb begin
    rd_ptr_d = rd_ptr_q;
    wr_ptr_d = wr_ptr_q;
    if (flush_i) begin
      hv_d     = 1'b0;
      rd_ptr_d = wr_ptr_q;
      mcnt_d   = CntW'(push_ok_o);
    end else begin
      hv_d   = re || (hv_q && !pop_i);
      if (re) rd_ptr_d = inc(rd_ptr_q);
      mcnt_d = mcnt_q - CntW'(re) + CntW'(push_ok_o);
    end
    if (push_ok_o) wr_ptr_d = inc(wr_ptr_q);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rd_ptr_q <= '0;
      wr_ptr_q <= '0;
      mcnt_q   <= '0;
      hv_q     <= 1'b0;
    end else begin
      rd_ptr_q <= rd_ptr_d;
      wr_ptr_q <= wr_ptr_d;
      mcnt_q   <= mcnt_d;
      hv_q     <= hv_d;
    end
  end

  logic [Width-1:0] unused_peek;

  rinv_sram #(
    .Depth (Depth),
    .Width (Width),
    .BeW   (Width),
    .Style ("auto")
  ) u_cell (
    .clk_i       (clk_i),
    .re_i        (re),
    .raddr_i     (rd_ptr_q),
    .rdata_o     (head_o),
    .we_i        (push_ok_o),
    .waddr_i     (wr_ptr_q),
    .wbe_i       (1'b1),
    .wdata_i     (pdata_i),
    .peek_addr_i ('0),
    .peek_data_o (unused_peek)
  );

  assign head_valid_o = hv_q;

`ifdef RINV_VERIF
`ifndef SYNTHESIS
  always @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni) begin
      if (pop_i && !hv_q) $error("rinv_fifo %m: pop while the head is not valid");
      if (32'(count_o) > Depth) $error("rinv_fifo %m: count above capacity");
      if (hv_q && count_o == '0) $error("rinv_fifo %m: head valid with count 0");
      if (!DropOk && push_i && !push_ok_o) $error("rinv_fifo %m: push while full");
    end
  end
`endif
`endif

endmodule : rinv_fifo

// Directory address-history FIFO of one side (modes line/run, ARCHITECTURE.md §5.2).
//
// Same-cycle ordering (contract is silent, see rtl/README.md): the probe generator's
// action (pop or flush) is applied first, then the history beat's push, so the "full"
// test of a push sees the FIFO after this cycle's pop/flush.
module hist_fifo #(
  parameter int Depth = 512,
  localparam int PtrW = (Depth > 1) ? $clog2(Depth) : 1,
  localparam int CntW = $clog2(Depth + 1)
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            flush_i,     // drop every entry (all-probe)
  input  logic            pop_i,       // pop the head (ignored when flushing)
  input  logic            push_i,      // a line arrives
  input  logic [25:0]     push_line_i,
  output logic            push_ok_o,   // push_i and there was room (else: overflow)
  output logic [25:0]     head_o,
  output logic [CntW-1:0] count_o
);

  logic [25:0]     mem_q [Depth];
  logic [PtrW-1:0] head_q, tail_q, head_d;
  logic [CntW-1:0] cnt_q, cnt_after;

  function automatic logic [PtrW-1:0] inc(input logic [PtrW-1:0] p);
    inc = (32'(p) == Depth - 1) ? '0 : p + 1'b1;
  endfunction

  // always @*, not always_comb: as the recorder of side_cc, Icarus 11 otherwise loops at zero
  // delay with the owner FSM (docs/VERIFICATION.md, Icarus directed tests).
  always @* begin
    if (flush_i) begin
      cnt_after = '0;
      head_d    = tail_q;
    end else if (pop_i) begin
      cnt_after = cnt_q - 1'b1;
      head_d    = inc(head_q);
    end else begin
      cnt_after = cnt_q;
      head_d    = head_q;
    end
  end

  assign push_ok_o = push_i && (32'(cnt_after) < Depth);
  assign head_o    = mem_q[head_q];
  assign count_o   = cnt_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      head_q <= '0;
      tail_q <= '0;
      cnt_q  <= '0;
    end else begin
      head_q <= head_d;
      if (push_ok_o) tail_q <= inc(tail_q);
      cnt_q <= cnt_after + CntW'(push_ok_o);
    end
  end

  // Storage needs no reset: only entries between head and tail are ever read.
  always_ff @(posedge clk_i) begin
    if (push_ok_o) mem_q[tail_q] <= push_line_i;
  end

endmodule : hist_fifo

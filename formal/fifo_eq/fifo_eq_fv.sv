// Formal equivalence of rinv_fifo's two implementations (ARCHITECTURE_v2.md §4.2), top of the
// job formal/fifo_eq.sby: HeadReg = 0 (the §4.2 equations, proved against a reference count
// and data order by formal/fifo.sby) and HeadReg = 1 (fabric head queue, for block RAM
// cells) see the same inputs and must show the same outputs in every cycle: push_ok, count,
// head_valid, and the head's data whenever it is valid. Depth 8, Width 2, DropOk 1. The only
// assumption is the contract's: pop only when the head is valid.
module fifo_eq_fv #(
  parameter int Depth = 8,
  parameter int Width = 2,
  localparam int CntW = $clog2(Depth + 1)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             push_i,
  input  logic [Width-1:0] pdata_i,
  input  logic             pop_i,
  input  logic             flush_i
);

  logic             ok_a, ok_b, hv_a, hv_b;
  logic [Width-1:0] head_a, head_b;
  logic [CntW-1:0]  cnt_a, cnt_b;

  rinv_fifo #(
    .Depth   (Depth),
    .Width   (Width),
    .DropOk  (1'b1),
    .HeadReg (1'b0)
  ) u_ref (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .push_i       (push_i),
    .pdata_i      (pdata_i),
    .pop_i        (pop_i),
    .flush_i      (flush_i),
    .push_ok_o    (ok_a),
    .head_o       (head_a),
    .head_valid_o (hv_a),
    .count_o      (cnt_a)
  );

  rinv_fifo #(
    .Depth   (Depth),
    .Width   (Width),
    .DropOk  (1'b1),
    .HeadReg (1'b1)
  ) u_pf (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .push_i       (push_i),
    .pdata_i      (pdata_i),
    .pop_i        (pop_i),
    .flush_i      (flush_i),
    .push_ok_o    (ok_b),
    .head_o       (head_b),
    .head_valid_o (hv_b),
    .count_o      (cnt_b)
  );

  // reset in the first cycle, then free
  logic init_q = 1'b1;
  always_ff @(posedge clk_i) init_q <= 1'b0;
  always_comb if (init_q) assume (!rst_ni);

  // contract: pop only with a valid head (of the reference)
  always_comb if (rst_ni) assume (!pop_i || hv_a);

  always_comb begin
    if (rst_ni && !init_q) begin
      fifo_eq_push_ok: assert (ok_a == ok_b);
      fifo_eq_count: assert (cnt_a == cnt_b);
      fifo_eq_head_valid: assert (hv_a == hv_b);
      fifo_eq_head: assert (!hv_a || head_a == head_b);
    end
  end

  // reachability: a full FIFO whose head leaves while a word arrives from the cell
  always_comb begin
    if (rst_ni && !init_q) begin
      fifo_eq_cover_full_pop: cover (32'(cnt_a) == Depth && pop_i && push_i);
    end
  end

endmodule : fifo_eq_fv

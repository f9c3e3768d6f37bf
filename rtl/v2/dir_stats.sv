// Directory statistics with registered adds (ARCHITECTURE_v2.md §7.6): every counter adds
// the increment of cycle t at the edge of cycle t+1 (inc register), so it shows v1's value
// one cycle later. inv_cycles_last is cleared through the registered flag clr.
module dir_stats #(
  parameter int N = 10
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic [N-1:0][31:0] ev_i,    // sum of the events of this cycle, per counter
  input  logic [N-1:0]       clr_i,   // clear (INV_START accepted this cycle)
  output logic [N-1:0][31:0] cnt_o
);

  logic [N-1:0][31:0] inc_q, cnt_q;
  logic [N-1:0]       clr_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      inc_q <= '0;
      clr_q <= '0;
      cnt_q <= '0;
    end else begin
      inc_q <= ev_i;
      clr_q <= clr_i;
      for (int i = 0; i < N; i++) cnt_q[i] <= (clr_q[i] ? 32'd0 : cnt_q[i]) + inc_q[i];
    end
  end

  assign cnt_o = cnt_q;

endmodule : dir_stats

// Response-line register of a cache controller (ARCHITECTURE_v2.md §6.3, StResp).
//
// The owner FSM passes through StL1Dt, StL2Dt or StFillWait on every load; the line register
// is written in every cycle of those states, whatever the request, so the value left when the
// FSM moves to StResp is the load's line (the word is selected after this register). A store's
// response shows 0 (side_cc, StResp). The enable and the source select are registers
// (en_d_i, sel_d_i: side_cc decodes them from its current state, the states that lead into
// StL1Dt, StL2Dt and StFillWait), so the 512 enables and data selects start at a flip-flop,
// not at the owner FSM's next-state logic (fpga-ooc: the GPU side's critical path, 71.8 MHz,
// routing 10.9 of 13.9 ns; then 62.4 MHz through state_d). StL1Dt is entered only from
// StL1Ac, StL2Dt only from StL2Ac, StFillWait only from StFillReq; writing also after an
// StL1Ac / StL2Ac that leads elsewhere, and in StFillReq, is harmless: the last write before
// StResp is always the load's (StL1Dt, StL2Dt or the fill handshake), and the writes stop
// at the fill handshake, so StResp holds the line.
module cc_resp_line (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             en_d_i,      // next cycle writes the line
  input  logic [1:0]       sel_d_i,     // its source: 0 own L1, 1 L2, 2 fill
  input  rinv_pkg::ldata_t l1_line_i,
  input  rinv_pkg::ldata_t l2_line_i,
  input  rinv_pkg::ldata_t fill_line_i,
  output rinv_pkg::ldata_t line_o
);

  logic             en_q;
  logic [1:0]       sel_q;
  rinv_pkg::ldata_t line_q, line_d;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      en_q  <= 1'b0;
      sel_q <= '0;
    end else begin
      en_q  <= en_d_i;
      sel_q <= sel_d_i;
    end
  end

  always_comb begin
    unique case (sel_q)
      2'd0:    line_d = l1_line_i;
      2'd1:    line_d = l2_line_i;
      default: line_d = fill_line_i;
    endcase
  end

  // no reset: read only in StResp of a load, after one of the writes
  always_ff @(posedge clk_i) begin
    if (en_q) line_q <= line_d;
  end

  assign line_o = line_q;

endmodule : cc_resp_line

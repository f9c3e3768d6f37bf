// Core-port arbiter of one side (ARCHITECTURE_v2.md §6.2 rule 4, §9 item 10).
// Chooses the first valid port at or after rrp (cyclically); port_req_ready is Mealy and
// raised only for that port while the owner FSM grants (en_i). rrp = chosen + 1 at the edge.
module cc_portarb #(
  parameter int  NL1   = 2,
  localparam int PortW = (NL1 > 1) ? $clog2(NL1) : 1
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             en_i,       // StIdle and rules 1..3 do not apply
  input  logic [NL1-1:0]   valid_i,
  output logic [NL1-1:0]   ready_o,
  output logic             grant_o,
  output logic [PortW-1:0] sel_o
);

  logic [PortW-1:0] rrp_q, rrp_d;
  logic             any;
  int unsigned      idx;

  // always @*, not always_comb (both blocks): Icarus 11 otherwise loops at zero delay with
  // the owner FSM of side_cc (docs/VERIFICATION.md, Icarus directed tests).
  always @* begin
    any   = 1'b0;
    sel_o = '0;
    idx   = 0;
    // descending scan: the last hit is the first valid port at or after rrp
    for (int unsigned i = NL1; i > 0; i--) begin
      idx = 32'(rrp_q) + i - 1;
      if (idx >= NL1) idx = idx - NL1;
      if (valid_i[idx]) begin
        any   = 1'b1;
        sel_o = PortW'(idx);
      end
    end
  end

  assign grant_o = en_i && any;

  always @* begin
    ready_o = '0;
    rrp_d   = rrp_q;
    if (grant_o) begin
      ready_o[sel_o] = 1'b1;
      rrp_d = (32'(sel_o) == NL1 - 1) ? '0 : sel_o + 1'b1;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) rrp_q <= '0;
    else         rrp_q <= rrp_d;
  end

endmodule : cc_portarb

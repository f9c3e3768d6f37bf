// TCC arbiter of the GPU side (ARCHITECTURE_v3_gpu_frontend.md §6.1, D9): the order queue
// `ord` of CU indices, which keeps the four TCPs' outbound queues tq[p] (in gpu_tcp) in one
// global arrival order.
//
// At an edge where TCPs push their tq (§5.3, TAc), their indices are appended in ascending CU
// order (§8 item 1). The head h of ord names the CU whose tq head is the oldest request. The
// GPU side_cc grants in StIdle under its rule 5 (grant_en_i: StIdle and none of rules 1-4
// acts in this cycle) when ord is not empty and tq[h]'s head is valid; at the grant edge ord
// and tq[h] are popped (pop_o). If the head's entry is not yet valid (pushed one cycle ago,
// v2 §4.2) nothing is granted: no younger request passes. Pushes and a pop of one edge both
// apply. Every tq entry holds an MSHR, so ord (capacity NCu x TcpMshrs) cannot overflow.
//
// Statistics: waits_o = count(ord) minus 1 if a grant happens, this cycle (tcc_arb_waits adds
// it at this edge, §6.1, §11). grant_o / grant_cu_o are the compared tcc_grant /
// tcc_grant_cu (§11); grant_cu_o is 0 when grant_o is 0 (v2 §2: undefined fields are 0).
//
// Parameters (§10), gem5 / fpga: TcpMshrs 256 / 4; NCu = rinv_pkg::NGpuL1 (4). Legal:
// TcpMshrs >= 1.
module gpu_tcc_arb #(
  parameter int  NCu      = rinv_pkg::NGpuL1,
  parameter int  TcpMshrs = 256,
  localparam int Cap      = NCu * TcpMshrs,
  localparam int CuW      = (NCu > 1) ? $clog2(NCu) : 1,
  localparam int PtrW     = (Cap > 1) ? $clog2(Cap) : 1,
  localparam int CntW     = $clog2(Cap + 1)
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic [NCu-1:0]  push_i,        // TCP p pushes tq[p] at this edge
  input  logic [NCu-1:0]  head_valid_i,  // tq[p].head_valid
  input  logic            grant_en_i,    // side_cc: StIdle, rule 5 may act
  output logic            req_o,         // ord not empty and tq[h]'s head valid
  output logic            grant_o,       // tcc_grant: side_cc latches tq[h]'s head, cu = h
  output logic [CuW-1:0]  grant_cu_o,    // tcc_grant_cu (qualified by grant_o)
  output logic [CuW-1:0]  head_cu_o,     // h, unqualified (the integration's tq head select)
  output logic [NCu-1:0]  pop_o,         // pop tq[h] at this edge
  output logic [CntW-1:0] count_o,       // entries of ord
  output logic [CntW-1:0] waits_o        // tcc_arb_waits increment of this cycle
);

  localparam bit CfgOk = (TcpMshrs >= 1) && (NCu >= 1);
`ifndef __ICARUS__
  if (!CfgOk) begin : g_bad_cfg
    $error("gpu_tcc_arb: TcpMshrs must be >= 1 (v3 §10)");
  end
`else
  // Icarus 11 has no elaboration-time $error: the same rule stops the run at time 0.
  initial begin
    if (!CfgOk) $fatal(1, "gpu_tcc_arb: TcpMshrs must be >= 1 (v3 §10)");
  end
`endif

  logic [Cap-1:0][CuW-1:0] ord_q, ord_d;
  logic [PtrW-1:0]         rd_q, rd_d, wr_q, wr_d;
  logic [CntW-1:0]         cnt_q, cnt_d;
  logic [CuW-1:0]          h;
  logic                    nonempty;
  // The head h = ord[rd] and "ord not empty" as registers, loaded from the next state (the
  // fe_idle_q pattern of gpu_frontend): equal to ord_q[rd_q] and cnt_q != 0 in every cycle,
  // so req_o starts at a flip-flop instead of behind the count compare and the Cap:1 mux
  // (fpga-ooc of the GPU side ended its critical path cnt_q -> h -> req_o -> the owner FSM)
  logic [CuW-1:0]          h_q, h_d;
  logic                    ne_q, ne_d;

  // p + n modulo Cap, for p < Cap and n <= NCu <= Cap (TcpMshrs >= 1): one subtraction
  function automatic logic [PtrW-1:0] wrap_add(input logic [PtrW-1:0] p, input int n);
    int s;
    s = 32'(p) + n;
    if (s >= Cap) s = s - Cap;
    wrap_add = PtrW'(s);
  endfunction

  assign nonempty = ne_q;
  assign h        = h_q;
  assign req_o    = nonempty && head_valid_i[h];
  assign grant_o  = req_o && grant_en_i;
  assign grant_cu_o = grant_o ? h : '0;
  assign head_cu_o  = h;
  assign count_o  = cnt_q;
  assign waits_o  = cnt_q - CntW'(grant_o);

  // always @* under Icarus (as in gpu_side_cc): Icarus 11.0's always_comb blocks of the front
  // end re-trigger each other at zero delay and the simulation time stops
`ifdef __ICARUS__
  always @* begin
`else
  always_comb begin
`endif
    pop_o = '0;
    if (grant_o) pop_o[h] = 1'b1;
  end

`ifdef __ICARUS__
  always @* begin
`else
  always_comb begin
`endif
    int n;
    n     = 0;
    ord_d = ord_q;
    for (int p = 0; p < NCu; p++) begin
      if (push_i[p]) begin
        ord_d[wrap_add(wr_q, n)] = CuW'(p);
        n = n + 1;
      end
    end
    wr_d  = wrap_add(wr_q, n);
    rd_d  = grant_o ? wrap_add(rd_q, 1) : rd_q;
    cnt_d = cnt_q + CntW'(n) - CntW'(grant_o);
    h_d   = ord_d[rd_d];
    ne_d  = (cnt_d != '0);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int e = 0; e < Cap; e++) ord_q[e] <= '0;
      rd_q  <= '0;
      wr_q  <= '0;
      cnt_q <= '0;
      h_q   <= '0;
      ne_q  <= 1'b0;
    end else begin
      ord_q <= ord_d;
      rd_q  <= rd_d;
      wr_q  <= wr_d;
      cnt_q <= cnt_d;
      h_q   <= h_d;
      ne_q  <= ne_d;
    end
  end

`ifdef RINV_VERIF
`ifndef SYNTHESIS
  // ord never overflows (every entry holds an MSHR); a grant pops a valid tq head
  always @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni) begin
      if (32'(cnt_q) + 32'($countones(push_i)) > Cap) begin
        $error("gpu_tcc_arb %m: order queue overflow (count %0d, pushes %b)", cnt_q, push_i);
      end
      if (grant_o && !head_valid_i[h]) $error("gpu_tcc_arb %m: grant of an invalid tq head");
      if (h_q != ord_q[rd_q] || ne_q != (cnt_q != '0)) begin
        $error("gpu_tcc_arb %m: registered head %0d/%0b differs from ord[rd] %0d / count %0d",
               h_q, ne_q, ord_q[rd_q], cnt_q);
      end
    end
  end
`endif
`endif

endmodule : gpu_tcc_arb

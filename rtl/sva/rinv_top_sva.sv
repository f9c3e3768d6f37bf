// Assertions on the invariants of rinv_top (docs/VERIFICATION.md "Assertions"). Not part of
// the synthesizable RTL: bound into every rinv_top instance by rtl/sva/rinv_bind.sv, compiled
// only into the Verilator testbench (--assert); lint, Icarus and Yosys flows never see them.
//
// Checked (all with disable iff (!rst_ni)):
//  - handshake stability on every channel the design drives (cc_req, fill, hist, probe, ack,
//    mem_req): valid stays high with a stable payload until ready (the external ports, AXI
//    and core, are checked by rtl/sva/rinv_port_sva.sv, shared with v2);
//  - no probe and no ack outside an invalidation (inv_busy);
//  - acks match probes: at most one probe outstanding per target, an ack only for an
//    outstanding probe, none outstanding when the invalidation finishes;
//  - no lost history entry: every accepted history beat is counted in stat_hist_entries, a
//    beat with a line is only sent while the recorder holds an entry, the recorder never
//    exceeds its capacity;
//  - done only after busy; inv_count bounded by the number of ways of the side's arrays.
module rinv_top_sva #(
  parameter int RecCap    = 16,
  parameter int CpuL1Ways = 2,
  parameter int CpuL2Ways = 4,
  parameter int GpuL1Ways = 4,
  parameter int GpuL2Ways = 8
) (
  input logic             clk_i,
  input logic             rst_ni,
  input logic             mem_req_valid_o,
  input logic             mem_req_we_o,
  input logic [25:0]      mem_req_line_o,
  input logic [63:0]      mem_req_wmask_o,
  input logic             mem_req_ready_i,
  input logic [1:0]       cc_req_valid_o,
  input logic [1:0]       cc_req_ready_o,
  input logic [1:0]       cc_req_we_o,
  input logic [1:0][25:0] cc_req_line_o,
  input logic [1:0][63:0] cc_req_wmask_o,
  input logic [1:0]       fill_valid_o,
  input logic [1:0]       fill_ready_o,
  input logic [1:0]       hist_valid_o,
  input logic [1:0]       hist_ready_o,
  input logic [1:0]       hist_last_o,
  input logic [1:0][25:0] hist_line_o,
  input logic [1:0]       probe_valid_o,
  input logic [1:0]       probe_ready_o,
  input logic [1:0][25:0] probe_first_o,
  input logic [1:0][26:0] probe_nlines_o,
  input logic [1:0]       probe_setwalk_o,
  input logic [1:0]       ack_valid_o,
  input logic [1:0]       ack_ready_o,
  input logic [1:0][31:0] ack_hits_o,
  input logic [1:0][7:0]  inv_count_o,
  input logic             inv_busy_o,
  input logic             inv_done_o,
  input logic [1:0][15:0] rec_count_o,
  input logic [31:0]      stat_hist_entries_o
);
  // Largest per-cycle invalidation count of a side: a set-walk step invalidates every match
  // in set j of every array (all ways); an address-walk step at most one entry per array.
  localparam int MaxInvCpu = CpuL2Ways + 2 * CpuL1Ways;
  localparam int MaxInvGpu = GpuL2Ways + 4 * GpuL1Ways;

  // ---- bookkeeping: outstanding probes per target, history beats per cycle ----
  logic [1:0] outst_q;
  logic        past_ok_q;
  logic [31:0] prev_entries_q;
  logic [1:0]  prev_nbeats_q;
  logic [1:0] beats;
  always_comb begin
    for (int s = 0; s < 2; s++) begin
      beats[s] = hist_valid_o[s] && hist_ready_o[s] && !hist_last_o[s];
    end
  end
  logic [1:0] nbeats;
  assign nbeats = {1'b0, beats[0]} + {1'b0, beats[1]};

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      outst_q        <= '0;
      past_ok_q      <= 1'b0;
      prev_entries_q <= '0;
      prev_nbeats_q  <= '0;
    end else begin
      past_ok_q      <= 1'b1;
      prev_entries_q <= stat_hist_entries_o;
      prev_nbeats_q  <= nbeats;
      for (int s = 0; s < 2; s++) begin
        if (probe_valid_o[s] && probe_ready_o[s]) outst_q[s] <= 1'b1;
        else if (ack_valid_o[s] && ack_ready_o[s]) outst_q[s] <= 1'b0;
      end
    end
  end

  // ---- handshake stability (design-driven channels) ----
  for (genvar s = 0; s < 2; s++) begin : g_side
    a_cc_req_stable: assert property (@(posedge clk_i) disable iff (!rst_ni)
      cc_req_valid_o[s] && !cc_req_ready_o[s] |=> cc_req_valid_o[s] &&
      $stable(cc_req_we_o[s]) && $stable(cc_req_line_o[s]) && $stable(cc_req_wmask_o[s]));
    a_fill_stable: assert property (@(posedge clk_i) disable iff (!rst_ni)
      fill_valid_o[s] && !fill_ready_o[s] |=> fill_valid_o[s]);
    a_hist_stable: assert property (@(posedge clk_i) disable iff (!rst_ni)
      hist_valid_o[s] && !hist_ready_o[s] |=> hist_valid_o[s] &&
      $stable(hist_last_o[s]) && $stable(hist_line_o[s]));
    a_probe_stable: assert property (@(posedge clk_i) disable iff (!rst_ni)
      probe_valid_o[s] && !probe_ready_o[s] |=> probe_valid_o[s] &&
      $stable(probe_first_o[s]) && $stable(probe_nlines_o[s]) && $stable(probe_setwalk_o[s]));
    a_ack_stable: assert property (@(posedge clk_i) disable iff (!rst_ni)
      ack_valid_o[s] && !ack_ready_o[s] |=> ack_valid_o[s] && $stable(ack_hits_o[s]));
    // ---- probes and acks only inside an invalidation, acks match probes ----
    a_probe_in_release: assert property (@(posedge clk_i) disable iff (!rst_ni)
      probe_valid_o[s] |-> inv_busy_o);
    a_probe_one_outstanding: assert property (@(posedge clk_i) disable iff (!rst_ni)
      probe_valid_o[s] |-> !outst_q[s]);
    a_ack_for_probe: assert property (@(posedge clk_i) disable iff (!rst_ni)
      ack_valid_o[s] |-> outst_q[s] && inv_busy_o);
    a_probe_nonempty: assert property (@(posedge clk_i) disable iff (!rst_ni)
      probe_valid_o[s] |-> probe_nlines_o[s] != '0);
    a_inv_count_bounded: assert property (@(posedge clk_i) disable iff (!rst_ni)
      32'(inv_count_o[s]) <= (s == 0 ? MaxInvCpu : MaxInvGpu));
    // ---- no lost history entry ----
    a_hist_beat_from_recorder: assert property (@(posedge clk_i) disable iff (!rst_ni)
      hist_valid_o[s] && !hist_last_o[s] |-> rec_count_o[s] != '0);
    a_rec_bounded: assert property (@(posedge clk_i) disable iff (!rst_ni)
      32'(rec_count_o[s]) <= RecCap);
  end

  a_done_no_outstanding: assert property (@(posedge clk_i) disable iff (!rst_ni)
    $rose(inv_done_o) |-> outst_q == 2'b00);
  a_done_not_busy: assert property (@(posedge clk_i) disable iff (!rst_ni)
    inv_done_o |-> !inv_busy_o);
  a_hist_entries_counted: assert property (@(posedge clk_i) disable iff (!rst_ni)
    past_ok_q |-> stat_hist_entries_o == prev_entries_q + 32'(prev_nbeats_q));
  a_mem_req_stable: assert property (@(posedge clk_i) disable iff (!rst_ni)
    mem_req_valid_o && !mem_req_ready_i |=> mem_req_valid_o && $stable(mem_req_we_o) &&
    $stable(mem_req_line_o) && $stable(mem_req_wmask_o));
endmodule

// Bound checks of the v2 RTL (Verilator lockstep build only; rtl/v2/sva/*.sv).
// Channel rules: once valid, a channel stays valid with a stable payload until its handshake
// (cc_req, hist, probe, ack, mem_req); the directory never has more than one memory request.
module rinv_v2_sva (
  input logic             clk_i,
  input logic             rst_ni,
  input logic [1:0]       cc_req_valid_o,
  input logic [1:0]       cc_req_ready_o,
  input logic [1:0]       cc_req_we_o,
  input logic [1:0][25:0] cc_req_line_o,
  input logic [1:0][63:0] cc_req_wmask_o,
  input logic [1:0]       hist_valid_o,
  input logic [1:0]       hist_ready_o,
  input logic [1:0]       hist_last_o,
  input logic [1:0][25:0] hist_line_o,
  input logic [1:0]       probe_valid_o,
  input logic [1:0]       probe_ready_o,
  input logic [1:0][25:0] probe_first_o,
  input logic [1:0][26:0] probe_nlines_o,
  input logic [1:0]       ack_valid_o,
  input logic [1:0]       ack_ready_o,
  input logic [1:0][31:0] ack_hits_o,
  input logic             mem_req_valid_o,
  input logic             mem_req_ready_i,
  input logic [25:0]      mem_req_line_o,
  input logic [7:0]       unused_width_guard
);
  logic             past_ok;
  logic [1:0]       cc_p, hist_p, probe_p, ack_p;
  logic [1:0][90:0] cc_pl;
  logic [1:0][27:0] hist_pl;
  logic [1:0][52:0] probe_pl;
  logic [1:0][31:0] ack_pl;
  logic             mem_p;
  logic [25:0]      mem_pl;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      past_ok <= 1'b0;
      cc_p    <= '0;
      hist_p  <= '0;
      probe_p <= '0;
      ack_p   <= '0;
      mem_p   <= 1'b0;
    end else begin
      past_ok <= 1'b1;
      for (int s = 0; s < 2; s++) begin
        if (past_ok && cc_p[s]) begin
          assert (cc_req_valid_o[s] && cc_pl[s] == {cc_req_we_o[s], cc_req_line_o[s],
                                                    cc_req_wmask_o[s]})
            else $error("sva: cc_req[%0d] dropped or changed before its handshake", s);
        end
        if (past_ok && hist_p[s]) begin
          assert (hist_valid_o[s] && hist_pl[s] == {1'b0, hist_last_o[s], hist_line_o[s]})
            else $error("sva: hist[%0d] dropped or changed before its handshake", s);
        end
        if (past_ok && probe_p[s]) begin
          assert (probe_valid_o[s] && probe_pl[s] == {probe_first_o[s], probe_nlines_o[s]})
            else $error("sva: probe[%0d] dropped or changed before its handshake", s);
        end
        if (past_ok && ack_p[s]) begin
          assert (ack_valid_o[s] && ack_pl[s] == ack_hits_o[s])
            else $error("sva: ack[%0d] dropped or changed before its handshake", s);
        end
        cc_p[s]     <= cc_req_valid_o[s] && !cc_req_ready_o[s];
        cc_pl[s]    <= {cc_req_we_o[s], cc_req_line_o[s], cc_req_wmask_o[s]};
        hist_p[s]   <= hist_valid_o[s] && !hist_ready_o[s];
        hist_pl[s]  <= {1'b0, hist_last_o[s], hist_line_o[s]};
        probe_p[s]  <= probe_valid_o[s] && !probe_ready_o[s];
        probe_pl[s] <= {probe_first_o[s], probe_nlines_o[s]};
        ack_p[s]    <= ack_valid_o[s] && !ack_ready_o[s];
        ack_pl[s]   <= ack_hits_o[s];
      end
      if (past_ok && mem_p) begin
        assert (mem_req_valid_o && mem_pl == mem_req_line_o)
          else $error("sva: mem_req dropped or changed before its handshake");
      end
      mem_p  <= mem_req_valid_o && !mem_req_ready_i;
      mem_pl <= mem_req_line_o;
    end
  end

  logic unused_sva;
  assign unused_sva = ^unused_width_guard;
endmodule : rinv_v2_sva

bind rinv_top rinv_v2_sva u_v2_sva (
  .clk_i              (clk_i),
  .rst_ni             (rst_ni),
  .cc_req_valid_o     (cc_req_valid_o),
  .cc_req_ready_o     (cc_req_ready_o),
  .cc_req_we_o        (cc_req_we_o),
  .cc_req_line_o      (cc_req_line_o),
  .cc_req_wmask_o     (cc_req_wmask_o),
  .hist_valid_o       (hist_valid_o),
  .hist_ready_o       (hist_ready_o),
  .hist_last_o        (hist_last_o),
  .hist_line_o        (hist_line_o),
  .probe_valid_o      (probe_valid_o),
  .probe_ready_o      (probe_ready_o),
  .probe_first_o      (probe_first_o),
  .probe_nlines_o     (probe_nlines_o),
  .ack_valid_o        (ack_valid_o),
  .ack_ready_o        (ack_ready_o),
  .ack_hits_o         (ack_hits_o),
  .mem_req_valid_o    (mem_req_valid_o),
  .mem_req_ready_i    (mem_req_ready_i),
  .mem_req_line_o     (mem_req_line_o),
  .unused_width_guard (8'd0)
);

// the external-port checks shared with v1 (AXI4-Lite B/R, core ports, AW/W/AR stimulus)
bind rinv_top rinv_port_sva u_port_sva (.*);

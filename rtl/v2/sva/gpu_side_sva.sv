// Bound checks of the GPU side controller (gpu_side_cc; ARCHITECTURE_v3_gpu_frontend.md §5-§7),
// in the lockstep build only, as rinv_v2_sva.sv:
// - no TCP array access (lookup, data, fill, tag write) in StInit, StWalk, StTcpInv (§3, §6.4);
// - a probe is accepted, and StTcpInv entered, only with the front end idle (fe_idle, D14, §6.2);
// - the TCC grants only in StIdle (rule 5), answers one TCP at a time, and only in StTResp;
// - a TCP's line request channel holds its line until its handshake (§4.3 IReq).
module gpu_side_sva (
  input logic             clk_i,
  input logic             rst_ni,
  input logic             st_hold_i,      // StInit, StWalk or StTcpInv
  input logic             st_idle_i,
  input logic             st_tresp_i,
  input logic             tcp_port_act_i, // some TCP drives a port of its array
  input logic             tcp_busy_i,     // some TCP is not in TIdle
  input logic             walk_accept_i,
  input logic             tinv_enter_i,
  input logic             fe_idle_i,
  input logic             grant_i,
  input logic [3:0]       tresp_valid_i,
  input logic [3:0]       lreq_valid_i,
  input logic [3:0]       lreq_ready_i,
  input logic [3:0][25:0] lreq_line_i
);
  logic             past_ok;
  logic [3:0]       lq_p;
  logic [3:0][25:0] lq_pl;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      past_ok <= 1'b0;
      lq_p    <= '0;
      lq_pl   <= '0;
    end else begin
      past_ok <= 1'b1;
      assert (!(st_hold_i && (tcp_port_act_i || tcp_busy_i)))
        else $error("sva: a TCP uses its array in StInit / StWalk / StTcpInv");
      assert (!walk_accept_i || fe_idle_i)
        else $error("sva: GPU probe accepted while the front end holds state (D14)");
      assert (!tinv_enter_i || fe_idle_i)
        else $error("sva: StTcpInv entered while the front end is not idle");
      assert (!grant_i || st_idle_i) else $error("sva: TCC grant outside StIdle");
      assert ($onehot0(tresp_valid_i) && (tresp_valid_i == '0 || st_tresp_i))
        else $error("sva: tresp_valid outside StTResp or to several TCPs");
      for (int p = 0; p < 4; p++) begin
        if (past_ok && lq_p[p]) begin
          assert (lreq_valid_i[p] && lreq_line_i[p] == lq_pl[p])
            else $error("sva: lreq[%0d] dropped or changed before its handshake", p);
        end
        lq_p[p]  <= lreq_valid_i[p] && !lreq_ready_i[p];
        lq_pl[p] <= lreq_line_i[p];
      end
    end
  end
endmodule : gpu_side_sva

bind gpu_side_cc gpu_side_sva u_gpu_side_sva (
  .clk_i          (clk_i),
  .rst_ni         (rst_ni),
  .st_hold_i      (st_init || st_walk || st_tinv),
  .st_idle_i      (st_idle),
  .st_tresp_i     (state_q == StTResp),
  .tcp_port_act_i ((|f_t_re) || (|f_t_we) || (|f_r_re) || (|f_r_we) || (|f_d_re) || (|f_d_we)),
  .tcp_busy_i     (!(&tidle)),
  .walk_accept_i  (walk_accept),
  .tinv_enter_i   (st_idle && state_d == StTcpInv),
  .fe_idle_i      (fe_idle),
  .grant_i        (grant),
  .tresp_valid_i  (tresp_valid),
  .lreq_valid_i   (gpu_lreq_valid_o),
  .lreq_ready_i   (gpu_lreq_ready_o),
  .lreq_line_i    (gpu_lreq_line_o)
);

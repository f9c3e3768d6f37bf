// Assertions on the external ports of rinv_top, shared by v1 and v2 (docs/VERIFICATION.md
// "Assertions"): the AXI4-Lite B and R channels and the core-port responses the design drives
// stay valid with a stable payload until their handshake; the core-port requests and the AXI
// AW/W/AR channels the testbench drives do the same (checks on the stimulus, so a testbench
// bug is caught where it is made). Bound into rinv_top by rtl/sva/rinv_bind.sv (v1) and by
// rtl/v2/sva/rinv_v2_sva.sv (v2); Verilator testbench builds only (--assert).
module rinv_port_sva (
  input logic             clk_i,
  input logic             rst_ni,
  input logic [5:0]       port_req_valid_i,
  input logic [5:0]       port_req_we_i,
  input logic [5:0][31:0] port_req_addr_i,
  input logic [5:0][31:0] port_req_wdata_i,
  input logic [5:0]       port_req_ready_o,
  input logic [5:0]       port_resp_valid_o,
  input logic [5:0][31:0] port_resp_rdata_o,
  input logic [5:0]       port_resp_ready_i,
  input logic             axi_awvalid_i,
  input logic [31:0]      axi_awaddr_i,
  input logic             axi_awready_o,
  input logic             axi_wvalid_i,
  input logic [31:0]      axi_wdata_i,
  input logic             axi_wready_o,
  input logic             axi_bvalid_o,
  input logic [1:0]       axi_bresp_o,
  input logic             axi_bready_i,
  input logic             axi_arvalid_i,
  input logic [31:0]      axi_araddr_i,
  input logic             axi_arready_o,
  input logic             axi_rvalid_o,
  input logic [31:0]      axi_rdata_o,
  input logic [1:0]       axi_rresp_o,
  input logic             axi_rready_i
);
  a_axi_b_stable: assert property (@(posedge clk_i) disable iff (!rst_ni)
    axi_bvalid_o && !axi_bready_i |=> axi_bvalid_o && $stable(axi_bresp_o));
  a_axi_r_stable: assert property (@(posedge clk_i) disable iff (!rst_ni)
    axi_rvalid_o && !axi_rready_i |=> axi_rvalid_o && $stable(axi_rdata_o) &&
    $stable(axi_rresp_o));

  // ---- core ports: responses (design) and requests (testbench-driven inputs) ----
  for (genvar p = 0; p < 6; p++) begin : g_port
    a_resp_stable: assert property (@(posedge clk_i) disable iff (!rst_ni)
      port_resp_valid_o[p] && !port_resp_ready_i[p] |=> port_resp_valid_o[p] &&
      $stable(port_resp_rdata_o[p]));
    a_req_in_stable: assert property (@(posedge clk_i) disable iff (!rst_ni)
      port_req_valid_i[p] && !port_req_ready_o[p] |=> port_req_valid_i[p] &&
      $stable(port_req_we_i[p]) && $stable(port_req_addr_i[p]) && $stable(port_req_wdata_i[p]));
  end
  a_aw_in_stable: assert property (@(posedge clk_i) disable iff (!rst_ni)
    axi_awvalid_i && !axi_awready_o |=> axi_awvalid_i && $stable(axi_awaddr_i));
  a_w_in_stable: assert property (@(posedge clk_i) disable iff (!rst_ni)
    axi_wvalid_i && !axi_wready_o |=> axi_wvalid_i && $stable(axi_wdata_i));
  a_ar_in_stable: assert property (@(posedge clk_i) disable iff (!rst_ni)
    axi_arvalid_i && !axi_arready_o |=> axi_arvalid_i && $stable(axi_araddr_i));
endmodule

// AXI4-Lite slave -> single-cycle register bus (ARCHITECTURE.md §3.2, §6).
//
// One transaction at a time. In StIdle a write (AW and W together) or, failing that, a
// read is presented to the register bus in the same cycle; the owning window answers
// combinationally with its reject flag and read data, which are registered into
// bresp / rdata / rresp. Bus-level rejects (unmapped window, misaligned address, partial
// write strobe) are decided here; register-level rejects come from the windows.
module axil_regbus (
  input  logic             clk_i,
  input  logic             rst_ni,
  // AXI4-Lite slave.
  input  logic             axi_awvalid_i,
  input  logic [31:0]      axi_awaddr_i,
  input  logic             axi_awuser_i,
  input  logic             axi_wvalid_i,
  input  logic [31:0]      axi_wdata_i,
  input  logic [3:0]       axi_wstrb_i,
  input  logic             axi_bready_i,
  input  logic             axi_arvalid_i,
  input  logic [31:0]      axi_araddr_i,
  input  logic             axi_aruser_i,
  input  logic             axi_rready_i,
  output logic             axi_awready_o,
  output logic             axi_wready_o,
  output logic             axi_bvalid_o,
  output logic [1:0]       axi_bresp_o,
  output logic             axi_arready_o,
  output logic             axi_rvalid_o,
  output logic [31:0]      axi_rdata_o,
  output logic [1:0]       axi_rresp_o,
  // Register bus. Windows: 0 dir, 1 CPU cc, 2 GPU cc.
  output logic [2:0]       rb_sel_o,
  output logic             rb_we_o,
  output logic [14:0]      rb_off_o,
  output logic [31:0]      rb_wdata_o,
  output logic             rb_side_o,
  output logic             rb_commit_o,  // accepted write: the selected window applies it
  output logic             rb_reject_o,  // rejected access: ERR_COUNT++
  input  logic [2:0]       win_err_i,
  input  logic [2:0][31:0] win_rdata_i
);

  localparam logic [1:0] RespOkay   = 2'b00;
  localparam logic [1:0] RespSlvErr = 2'b10;

  typedef enum logic [1:0] {StIdle, StWrResp, StRdResp} state_e;

  state_e      state_q, state_d;
  logic [1:0]  bresp_q, bresp_d, rresp_q, rresp_d;
  logic [31:0] rdata_q, rdata_d;

  logic        do_wr, do_rd, access, mapped, err;
  logic [31:0] addr;
  logic [31:0] sel_rdata;
  logic        sel_err;

  assign do_wr  = (state_q == StIdle) && axi_awvalid_i && axi_wvalid_i;
  assign do_rd  = (state_q == StIdle) && !do_wr && axi_arvalid_i;
  assign access = do_wr || do_rd;
  assign addr   = do_wr ? axi_awaddr_i : axi_araddr_i;

  // Windows of 32 KiB (rinv_regs_pkg): 0x4000_0000 dir, 0x4000_8000 CPU cc, 0x4001_0000 GPU cc.
  always_comb begin
    rb_sel_o[0] = access && (addr[31:15] == rinv_regs_pkg::DIR_BASE[31:15]);
    rb_sel_o[1] = access && (addr[31:15] == rinv_regs_pkg::CPU_CC_BASE[31:15]);
    rb_sel_o[2] = access && (addr[31:15] == rinv_regs_pkg::GPU_CC_BASE[31:15]);
  end
  assign mapped     = |rb_sel_o;
  assign rb_we_o    = do_wr;
  assign rb_off_o   = addr[14:0];
  assign rb_wdata_o = axi_wdata_i;
  assign rb_side_o  = do_wr ? axi_awuser_i : axi_aruser_i;

  always_comb begin
    sel_err   = 1'b0;
    sel_rdata = '0;
    for (int i = 0; i < 3; i++) begin
      if (rb_sel_o[i]) begin
        sel_err   = win_err_i[i];
        sel_rdata = win_rdata_i[i];
      end
    end
  end

  assign err = !mapped || (addr[1:0] != 2'b00) || (do_wr && axi_wstrb_i != 4'hf) || sel_err;
  assign rb_commit_o = do_wr && !err;
  assign rb_reject_o = access && err;

  always_comb begin
    state_d = state_q;
    bresp_d = bresp_q;
    rresp_d = rresp_q;
    rdata_d = rdata_q;
    axi_awready_o = 1'b0;
    axi_wready_o  = 1'b0;
    axi_arready_o = 1'b0;
    unique case (state_q)
      StIdle: begin
        if (do_wr) begin
          axi_awready_o = 1'b1;
          axi_wready_o  = 1'b1;
          bresp_d       = err ? RespSlvErr : RespOkay;
          state_d       = StWrResp;
        end else if (do_rd) begin
          axi_arready_o = 1'b1;
          rdata_d       = err ? 32'd0 : sel_rdata;
          rresp_d       = err ? RespSlvErr : RespOkay;
          state_d       = StRdResp;
        end
      end
      StWrResp: if (axi_bready_i) state_d = StIdle;
      StRdResp: if (axi_rready_i) state_d = StIdle;
      default:  state_d = StIdle;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= StIdle;
      bresp_q <= RespOkay;
      rresp_q <= RespOkay;
      rdata_q <= '0;
    end else begin
      state_q <= state_d;
      bresp_q <= bresp_d;
      rresp_q <= rresp_d;
      rdata_q <= rdata_d;
    end
  end

  assign axi_bvalid_o = (state_q == StWrResp);
  assign axi_rvalid_o = (state_q == StRdResp);
  assign axi_bresp_o  = bresp_q;
  assign axi_rdata_o  = rdata_q;
  assign axi_rresp_o  = rresp_q;

endmodule : axil_regbus

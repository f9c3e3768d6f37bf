// UART <-> AXI4-Lite master bridge (docs/FPGA.md §3, the byte protocol).
//
// Host -> board frames (multi-byte fields little-endian):
//   0x01                      PING   -> 0xA0, then the 32-bit word 0x52494E56 ("RINV")
//   0x10|s  addr[4] data[4]   WRITE  -> 0xA0|bresp            (s = AxUSER, 0 CPU, 1 GPU)
//   0x20|s  addr[4]           READ   -> 0xA0|rresp, data[4]   (data 0 on an error)
//   other command byte        -> 0xEE (byte dropped)
// A byte with a bad stop bit aborts the frame and answers 0xEF. A frame not completed
// within TimeoutClks cycles of its previous byte is dropped silently. One command at a
// time: bytes received while a command executes or while its reply is sent are dropped.
module uart_axil_bridge #(
  parameter int ClksPerBit  = 217,
  parameter int TimeoutClks = 1 << 20,
  localparam int ToW = $clog2(TimeoutClks + 1)
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  // UART pins (rx_i: from the host; tx_o: to the host).
  input  logic        rx_i,
  output logic        tx_o,
  // AXI4-Lite master.
  output logic        m_awvalid_o,
  output logic [31:0] m_awaddr_o,
  output logic        m_awuser_o,
  input  logic        m_awready_i,
  output logic        m_wvalid_o,
  output logic [31:0] m_wdata_o,
  output logic [3:0]  m_wstrb_o,
  input  logic        m_wready_i,
  input  logic        m_bvalid_i,
  input  logic [1:0]  m_bresp_i,
  output logic        m_bready_o,
  output logic        m_arvalid_o,
  output logic [31:0] m_araddr_o,
  output logic        m_aruser_o,
  input  logic        m_arready_i,
  input  logic        m_rvalid_i,
  input  logic [31:0] m_rdata_i,
  input  logic [1:0]  m_rresp_i,
  output logic        m_rready_o,
  // Activity (one-cycle pulse per executed command) for a LED.
  output logic        cmd_o
);

  localparam logic [7:0] CmdPing  = 8'h01;
  localparam logic [7:0] RepOk    = 8'hA0;
  localparam logic [7:0] RepBad   = 8'hEE;
  localparam logic [7:0] RepFrame = 8'hEF;
  localparam logic [31:0] BridgeId = 32'h52494E56;

  typedef enum logic [2:0] {StIdle, StArgs, StWr, StWrResp, StRd, StRdResp, StTx} state_e;

  logic       rx_valid, rx_frame_err, tx_valid, tx_ready;
  logic [7:0] rx_data, tx_data;

  uart_rx #(
    .ClksPerBit (ClksPerBit)
  ) u_rx (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .rx_i        (rx_i),
    .valid_o     (rx_valid),
    .data_o      (rx_data),
    .frame_err_o (rx_frame_err)
  );

  uart_tx #(
    .ClksPerBit (ClksPerBit)
  ) u_tx (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (tx_valid),
    .data_i  (tx_data),
    .ready_o (tx_ready),
    .tx_o    (tx_o)
  );

  state_e         state_d, state_q;
  logic [7:0]     cmd_d, cmd_q;
  logic [3:0]     nargs_d, nargs_q;     // argument bytes still expected
  logic [63:0]    args_d, args_q;       // addr (first 4 bytes), data (next 4)
  logic [39:0]    rep_d, rep_q;         // reply bytes, sent LSB first
  logic [2:0]     nrep_d, nrep_q;       // reply bytes left
  logic           aw_done_d, aw_done_q, w_done_d, w_done_q;
  logic [ToW-1:0] to_d, to_q;

  // Arguments arrive LSB first: each byte is shifted in at the top.
  assign m_awaddr_o = args_q[31:0];
  assign m_araddr_o = args_q[31:0];
  assign m_wdata_o  = args_q[63:32];
  assign m_wstrb_o  = 4'hF;
  assign m_awuser_o = cmd_q[0];
  assign m_aruser_o = cmd_q[0];
  assign tx_data    = rep_q[7:0];
  // Handshake outputs depend on state only (kept out of the FSM block: no comb. loops).
  assign m_awvalid_o = (state_q == StWr) && !aw_done_q;
  assign m_wvalid_o  = (state_q == StWr) && !w_done_q;
  assign m_bready_o  = (state_q == StWrResp);
  assign m_arvalid_o = (state_q == StRd);
  assign m_rready_o  = (state_q == StRdResp);
  assign tx_valid    = (state_q == StTx);

  always_comb begin
    state_d     = state_q;
    cmd_d       = cmd_q;
    nargs_d     = nargs_q;
    args_d      = args_q;
    rep_d       = rep_q;
    nrep_d      = nrep_q;
    aw_done_d   = aw_done_q;
    w_done_d    = w_done_q;
    to_d        = to_q;
    cmd_o       = 1'b0;
    unique case (state_q)
      StIdle: begin
        if (rx_frame_err) begin
          rep_d   = {32'h0, RepFrame};
          nrep_d  = 3'd1;
          state_d = StTx;
        end else if (rx_valid) begin
          cmd_d = rx_data;
          to_d  = '0;
          if (rx_data == CmdPing) begin
            rep_d   = {BridgeId, RepOk};
            nrep_d  = 3'd5;
            state_d = StTx;
            cmd_o   = 1'b1;
          end else if (rx_data[7:1] == 7'h08) begin  // 0x10, 0x11
            nargs_d = 4'd8;
            state_d = StArgs;
          end else if (rx_data[7:1] == 7'h10) begin  // 0x20, 0x21
            nargs_d = 4'd4;
            state_d = StArgs;
          end else begin
            rep_d   = {32'h0, RepBad};
            nrep_d  = 3'd1;
            state_d = StTx;
          end
        end
      end
      StArgs: begin
        to_d = to_q + 1'b1;
        if (rx_frame_err) begin
          rep_d   = {32'h0, RepFrame};
          nrep_d  = 3'd1;
          state_d = StTx;
        end else if (rx_valid) begin
          to_d    = '0;
          nargs_d = nargs_q - 1'b1;
          if (cmd_q[5]) begin
            args_d = {32'h0, rx_data, args_q[31:8]};   // read: 4 address bytes
          end else begin
            args_d = {rx_data, args_q[63:8]};          // write: address, then data
          end
          if (nargs_q == 4'd1) begin
            aw_done_d = 1'b0;
            w_done_d  = 1'b0;
            state_d   = cmd_q[5] ? StRd : StWr;
          end
        end else if (to_q == ToW'(TimeoutClks)) begin
          state_d = StIdle;
        end
      end
      StWr: begin
        if (m_awvalid_o && m_awready_i) aw_done_d = 1'b1;
        if (m_wvalid_o && m_wready_i) w_done_d = 1'b1;
        if (aw_done_d && w_done_d) state_d = StWrResp;
      end
      StWrResp: begin
        if (m_bvalid_i) begin
          rep_d   = {32'h0, RepOk | {6'h0, m_bresp_i}};
          nrep_d  = 3'd1;
          state_d = StTx;
          cmd_o   = 1'b1;
        end
      end
      StRd: begin
        if (m_arready_i) state_d = StRdResp;
      end
      StRdResp: begin
        if (m_rvalid_i) begin
          rep_d   = {(m_rresp_i == 2'b00) ? m_rdata_i : 32'h0, RepOk | {6'h0, m_rresp_i}};
          nrep_d  = 3'd5;
          state_d = StTx;
          cmd_o   = 1'b1;
        end
      end
      StTx: begin
        if (tx_ready) begin
          rep_d  = {8'h0, rep_q[39:8]};
          nrep_d = nrep_q - 1'b1;
          if (nrep_q == 3'd1) state_d = StIdle;
        end
      end
      default: state_d = StIdle;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q   <= StIdle;
      cmd_q     <= '0;
      nargs_q   <= '0;
      args_q    <= '0;
      rep_q     <= '0;
      nrep_q    <= '0;
      aw_done_q <= 1'b0;
      w_done_q  <= 1'b0;
      to_q      <= '0;
    end else begin
      state_q   <= state_d;
      cmd_q     <= cmd_d;
      nargs_q   <= nargs_d;
      args_q    <= args_d;
      rep_q     <= rep_d;
      nrep_q    <= nrep_d;
      aw_done_q <= aw_done_d;
      w_done_q  <= w_done_d;
      to_q      <= to_d;
    end
  end

endmodule : uart_axil_bridge

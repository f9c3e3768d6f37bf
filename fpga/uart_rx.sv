// UART receiver, 8N1, LSB first (docs/FPGA.md §3). The line idles high. A start bit is
// confirmed at its middle; each data bit is sampled at its middle; a missing stop bit
// drops the byte (frame error pulse). `rx_i` is synchronised here (two flops).
module uart_rx #(
  parameter int ClksPerBit = 217,  // clock frequency / baud rate (>= 4)
  localparam int CntW = $clog2(ClksPerBit + 1)
) (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       rx_i,
  output logic       valid_o,      // one-cycle pulse with a received byte
  output logic [7:0] data_o,
  output logic       frame_err_o   // one-cycle pulse: stop bit was 0
);

  typedef enum logic [1:0] {StIdle, StStart, StData, StStop} state_e;

  state_e          state_d, state_q;
  logic [CntW-1:0] cnt_d, cnt_q;
  logic [2:0]      bit_d, bit_q;
  logic [7:0]      shift_d, shift_q;
  logic [1:0]      sync_q;
  logic            rx;

  assign rx = sync_q[1];

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sync_q <= 2'b11;
    end else begin
      sync_q <= {sync_q[0], rx_i};
    end
  end

  always_comb begin
    state_d     = state_q;
    cnt_d       = cnt_q;
    bit_d       = bit_q;
    shift_d     = shift_q;
    valid_o     = 1'b0;
    frame_err_o = 1'b0;
    unique case (state_q)
      StIdle: begin
        if (!rx) begin
          state_d = StStart;
          cnt_d   = CntW'(ClksPerBit / 2 - 1);
        end
      end
      StStart: begin
        if (cnt_q != '0) begin
          cnt_d = cnt_q - 1'b1;
        end else if (rx) begin
          state_d = StIdle;  // glitch, not a start bit
        end else begin
          state_d = StData;
          cnt_d   = CntW'(ClksPerBit - 1);
          bit_d   = '0;
        end
      end
      StData: begin
        if (cnt_q != '0) begin
          cnt_d = cnt_q - 1'b1;
        end else begin
          shift_d = {rx, shift_q[7:1]};
          cnt_d   = CntW'(ClksPerBit - 1);
          bit_d   = bit_q + 1'b1;
          if (bit_q == 3'd7) state_d = StStop;
        end
      end
      StStop: begin
        if (cnt_q != '0) begin
          cnt_d = cnt_q - 1'b1;
        end else begin
          state_d     = StIdle;
          valid_o     = rx;
          frame_err_o = !rx;
        end
      end
      default: state_d = StIdle;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= StIdle;
      cnt_q   <= '0;
      bit_q   <= '0;
      shift_q <= '0;
    end else begin
      state_q <= state_d;
      cnt_q   <= cnt_d;
      bit_q   <= bit_d;
      shift_q <= shift_d;
    end
  end

  assign data_o = shift_q;

endmodule : uart_rx

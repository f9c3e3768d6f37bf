// UART transmitter, 8N1, LSB first (docs/FPGA.md §3). `ready_o` is high in StIdle; a byte
// is taken when valid_i && ready_o. The output is registered and idles high.
module uart_tx #(
  parameter int ClksPerBit = 217,  // clock frequency / baud rate (>= 4)
  localparam int CntW = $clog2(ClksPerBit + 1)
) (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       valid_i,
  input  logic [7:0] data_i,
  output logic       ready_o,
  output logic       tx_o
);

  typedef enum logic [1:0] {StIdle, StStart, StData, StStop} state_e;

  state_e          state_d, state_q;
  logic [CntW-1:0] cnt_d, cnt_q;
  logic [2:0]      bit_d, bit_q;
  logic [7:0]      shift_d, shift_q;
  logic            tx_d, tx_q;

  always_comb begin
    state_d = state_q;
    cnt_d   = cnt_q;
    bit_d   = bit_q;
    shift_d = shift_q;
    tx_d    = tx_q;
    ready_o = 1'b0;
    unique case (state_q)
      StIdle: begin
        ready_o = 1'b1;
        tx_d    = 1'b1;
        if (valid_i) begin
          state_d = StStart;
          shift_d = data_i;
          cnt_d   = CntW'(ClksPerBit - 1);
          tx_d    = 1'b0;
        end
      end
      StStart: begin
        if (cnt_q != '0) begin
          cnt_d = cnt_q - 1'b1;
        end else begin
          state_d = StData;
          cnt_d   = CntW'(ClksPerBit - 1);
          bit_d   = '0;
          tx_d    = shift_q[0];
          shift_d = {1'b1, shift_q[7:1]};
        end
      end
      StData: begin
        if (cnt_q != '0) begin
          cnt_d = cnt_q - 1'b1;
        end else begin
          cnt_d = CntW'(ClksPerBit - 1);
          bit_d = bit_q + 1'b1;
          if (bit_q == 3'd7) begin
            state_d = StStop;
            tx_d    = 1'b1;
          end else begin
            tx_d    = shift_q[0];
            shift_d = {1'b1, shift_q[7:1]};
          end
        end
      end
      StStop: begin
        if (cnt_q != '0) begin
          cnt_d = cnt_q - 1'b1;
        end else begin
          state_d = StIdle;
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
      tx_q    <= 1'b1;
    end else begin
      state_q <= state_d;
      cnt_q   <= cnt_d;
      bit_q   <= bit_d;
      shift_q <= shift_d;
      tx_q    <= tx_d;
    end
  end

  assign tx_o = tx_q;

endmodule : uart_tx

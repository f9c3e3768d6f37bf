// Block-RAM line memory behind rinv_top's memory port (ARCHITECTURE.md §3.3).
//
// Always ready. A write's masked bytes are applied at the handshake edge. A read
// handshaked in cycle t answers with mem_resp_valid = 1 in cycle t + MemLat only
// (MemLat >= 1), with the line as of cycle t; rdata holds until the next read. The memory
// holds 2^LineIdxW lines; line addresses alias modulo that size (the upper bits are
// ignored). It is 64 byte lanes of 8 bits, so each lane maps to block RAM with a plain
// write enable. Contents start as 0: the bitstream's block-RAM initial value and
// the simulator's zero initialisation (no initial block: it would be unrolled per entry).
module mem_bram #(
  parameter int MemLat   = 4,
  parameter int LineIdxW = 11,
  localparam int CntW    = $clog2(MemLat + 1)
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         req_valid_i,
  input  logic         req_we_i,
  input  logic [25:0]  req_line_i,
  input  logic [511:0] req_wdata_i,
  input  logic [63:0]  req_wmask_i,
  output logic         req_ready_o,
  output logic         resp_valid_o,
  output logic [511:0] resp_rdata_o
);

  localparam int Lines = 1 << LineIdxW;

  logic [LineIdxW-1:0] idx;
  logic                rd_en;
  logic                busy_d, busy_q;
  logic [CntW-1:0]     cnt_d, cnt_q;

  assign req_ready_o = 1'b1;
  assign idx         = req_line_i[LineIdxW-1:0];

  logic unused_line_hi;
  assign unused_line_hi = ^req_line_i[25:LineIdxW];
  assign rd_en       = req_valid_i && !req_we_i;

  for (genvar b = 0; b < 64; b++) begin : gen_lane
    logic [7:0] lane_q [Lines];
    logic [7:0] rd_q;

    always_ff @(posedge clk_i) begin
      if (req_valid_i && req_we_i && req_wmask_i[b]) lane_q[idx] <= req_wdata_i[8*b +: 8];
      if (rd_en) rd_q <= lane_q[idx];
    end

    assign resp_rdata_o[8*b +: 8] = rd_q;
  end

  // Response timing: valid exactly MemLat cycles after the read handshake.
  always_comb begin
    busy_d       = busy_q;
    cnt_d        = cnt_q;
    resp_valid_o = 1'b0;
    if (busy_q) begin
      if (cnt_q == '0) begin
        resp_valid_o = 1'b1;
        busy_d       = 1'b0;
      end else begin
        cnt_d = cnt_q - 1'b1;
      end
    end
    if (rd_en) begin
      busy_d = 1'b1;
      cnt_d  = CntW'(MemLat - 1);
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      cnt_q  <= '0;
    end else begin
      busy_q <= busy_d;
      cnt_q  <= cnt_d;
    end
  end

endmodule : mem_bram

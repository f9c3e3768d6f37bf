// 1R1W memory cell with registered read (ARCHITECTURE_v2.md §4.1).
//
// rdata_o shows mem[raddr_i] from the cycle after a read (re_i = 1) and holds while re_i = 0.
// Writes apply the enabled BeW-bit slices of waddr_i at the edge. A read and a write of the
// same address in one cycle is forbidden (asserted under RINV_VERIF); no bypass logic is
// built ((* no_rw_check *)). No reset. Style "auto": block RAM iff Depth >= 64 && Width >= 8,
// else LUT RAM; passed to Yosys through ram_style. An ASIC flow swaps this body for a macro
// wrapper with the same ports and timing.
//
// OutReg = 1 (round 5, tag_oreg): a second register follows the read register, enable oe_i;
// rdata_o is then that output register (a read in cycle t with oe_i = 1 in t+1 shows the
// word from t+2; it holds while oe_i = 0). It is written outside the memory's process, after
// the read register, so Yosys infers the array (DP16KD / LUT RAM with its registered read)
// and a fabric register behind it; an ASIC wrapper uses the macro's output-register option.
// No reset. OutReg = 0: oe_i is unused and there is no second register.
module rinv_sram #(
  parameter int    Depth = 16,
  parameter int    Width = 32,
  parameter int    BeW   = Width,
  // "auto", "block" or "distributed" (a packed string: Icarus 11 has no string parameters)
  parameter logic [8*11-1:0] Style = "auto",
  parameter int    OutReg = 0,
  localparam int   AW    = (Depth > 1) ? $clog2(Depth) : 1,
  localparam int   NBe   = Width / BeW
) (
  input  logic             clk_i,
  input  logic             re_i,
  input  logic [AW-1:0]    raddr_i,
  output logic [Width-1:0] rdata_o,
  input  logic             oe_i,      // output register enable (OutReg = 1 only)
  input  logic             we_i,
  input  logic [AW-1:0]    waddr_i,
  input  logic [NBe-1:0]   wbe_i,
  input  logic [Width-1:0] wdata_i,
  // Debug backdoor (RINV_VERIF only; reads 0 otherwise): combinational peek, no effect.
  input  logic [AW-1:0]    peek_addr_i,
  output logic [Width-1:0] peek_data_o
);

  localparam bit IsBlock = (Style == 88'("block")) ||
                           ((Style == 88'("auto")) && (Depth >= 64) && (Width >= 8));

  logic [Width-1:0] rdata_q;

  if (IsBlock) begin : gen_block
    (* no_rw_check, ram_style = "block" *) logic [Width-1:0] mem [Depth];

    always_ff @(posedge clk_i) begin
      if (we_i) begin
        for (int i = 0; i < NBe; i++) begin
          if (wbe_i[i]) mem[waddr_i][i*BeW +: BeW] <= wdata_i[i*BeW +: BeW];
        end
      end
      if (re_i) rdata_q <= mem[raddr_i];
    end
`ifdef RINV_VERIF
    assign peek_data_o = mem[peek_addr_i];
`else
    assign peek_data_o = '0;
`endif
  end else begin : gen_dist
    (* no_rw_check, ram_style = "distributed" *) logic [Width-1:0] mem [Depth];

    always_ff @(posedge clk_i) begin
      if (we_i) begin
        for (int i = 0; i < NBe; i++) begin
          if (wbe_i[i]) mem[waddr_i][i*BeW +: BeW] <= wdata_i[i*BeW +: BeW];
        end
      end
      if (re_i) rdata_q <= mem[raddr_i];
    end
`ifdef RINV_VERIF
    assign peek_data_o = mem[peek_addr_i];
`else
    assign peek_data_o = '0;
`endif
  end

  if (OutReg != 0) begin : gen_oreg
    logic [Width-1:0] rdata_oq;

    always_ff @(posedge clk_i) begin
      if (oe_i) rdata_oq <= rdata_q;
    end

    assign rdata_o = rdata_oq;
  end else begin : gen_no_oreg
    logic unused_oe;
    assign unused_oe = oe_i;
    assign rdata_o   = rdata_q;
  end

`ifndef RINV_VERIF
  logic unused_peek;
  assign unused_peek = ^peek_addr_i;
`endif

`ifdef RINV_VERIF
`ifndef SYNTHESIS
  // Read-during-write of one address is forbidden (§4.1, §10).
  always @(posedge clk_i) begin
    if (re_i && we_i && (raddr_i == waddr_i)) begin
      $error("rinv_sram %m: read and write of address %0d in one cycle", raddr_i);
    end
  end
`endif
`endif

endmodule : rinv_sram

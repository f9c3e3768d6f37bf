// One cache array (an L1 or the L2 of a side) as banks x ways of rinv_sram cells
// (ARCHITECTURE_v2.md §4.3, §6.1).
//
// Line L lives in bank L % Lanes, row (L / Lanes) % Rows, tag L / Sets. Per (bank, way) a
// tagst cell {tag, valid[, dirty, rec]}; per bank an rr cell (none with one way), a data
// cell and (L2) a dmask cell, both addressed row * Ways + way. Every client of one cycle
// addresses one row per cell kind (the walker reads and writes the same row in every bank),
// so the row addresses are shared by the banks and the enables are per bank (and per way
// for tagst writes). All reads are registered (the cell outputs hold while not read).
// TagOreg = 1 (tag_oreg, §4.1, §4.3): the tagst and rr cells have an output register after
// the read register, enable t_oe_i (1 except in the walker's fz cycles); data and dmask not.
module cache_array #(
  parameter int  Sets  = 16,
  parameter int  Ways  = 4,
  parameter int  Lanes = 1,
  parameter bit  IsL2  = 1'b0,
  parameter int  TagOreg = 0,
  localparam int Rows  = Sets / Lanes,
  localparam int RowW  = (Rows > 1) ? $clog2(Rows) : 1,
  localparam int SetW  = $clog2(Sets),
  localparam int TagW  = 26 - SetW,
  localparam int SW    = IsL2 ? TagW + 3 : TagW + 1,  // tagst word {tag, valid[, dirty, rec]}
  localparam int WayW  = (Ways > 1) ? $clog2(Ways) : 1,
  localparam int DAW   = (Rows * Ways > 1) ? $clog2(Rows * Ways) : 1
) (
  input  logic                                clk_i,
  // output register enable of the tagst and rr cells (TagOreg = 1; unused otherwise)
  input  logic                                t_oe_i,
  // tagst: read (per bank enable, shared row), write (per bank and way, shared row)
  input  logic [Lanes-1:0]                    t_re_i,
  input  logic [RowW-1:0]                     t_raddr_i,
  output logic [Lanes-1:0][Ways-1:0][SW-1:0]  t_rdata_o,
  input  logic [Lanes-1:0][Ways-1:0]          t_we_i,
  input  logic [RowW-1:0]                     t_waddr_i,
  input  logic [Lanes-1:0][Ways-1:0][SW-1:0]  t_wdata_i,
  // rr (replacement pointer); its own read row: only the lookup client reads it (fpga-ooc)
  input  logic [Lanes-1:0]                    r_re_i,
  input  logic [RowW-1:0]                     r_raddr_i,
  output logic [Lanes-1:0][WayW-1:0]          r_rdata_o,
  input  logic [Lanes-1:0]                    r_we_i,
  input  logic [RowW-1:0]                     r_waddr_i,
  input  logic [WayW-1:0]                     r_wdata_i,
  // data (and, in the L2, dmask: read together with data, written separately)
  input  logic [Lanes-1:0]                            d_re_i,
  input  logic [DAW-1:0]                              d_raddr_i,
  output logic [Lanes-1:0][rinv_pkg::LineBytes*8-1:0] d_rdata_o,
  output logic [Lanes-1:0][rinv_pkg::LineBytes-1:0]   m_rdata_o,
  input  logic [Lanes-1:0]                            d_we_i,
  input  logic [DAW-1:0]                              d_waddr_i,
  input  rinv_pkg::lmask_t                            d_wbe_i,
  input  rinv_pkg::ldata_t                            d_wdata_i,
  input  logic [Lanes-1:0]                            m_we_i,
  input  rinv_pkg::lmask_t                            m_wdata_i,
  // debug peek (RINV_VERIF): line dbg_line_i valid in this array
  input  rinv_pkg::line_t dbg_line_i,
  output logic            dbg_hit_o
);

  logic [RowW-1:0]              dbg_row;
  logic [TagW-1:0]              dbg_tag;
  logic [Lanes-1:0][Ways-1:0]   dbg_way_hit;

  assign dbg_row = RowW'((32'(dbg_line_i) / Lanes) % Rows);
  assign dbg_tag = TagW'(dbg_line_i >> SetW);

  for (genvar b = 0; b < Lanes; b++) begin : gen_bank
    for (genvar w = 0; w < Ways; w++) begin : gen_way
      logic [SW-1:0] peek;

      rinv_sram #(
        .Depth (Rows),
        .Width (SW),
        .BeW   (SW),
        .Style ("auto"),
        .OutReg(TagOreg)
      ) u_tagst (
        .clk_i       (clk_i),
        .re_i        (t_re_i[b]),
        .raddr_i     (t_raddr_i),
        .rdata_o     (t_rdata_o[b][w]),
        .oe_i        (t_oe_i),
        .we_i        (t_we_i[b][w]),
        .waddr_i     (t_waddr_i),
        .wbe_i       (1'b1),
        .wdata_i     (t_wdata_i[b][w]),
        .peek_addr_i (dbg_row),
        .peek_data_o (peek)
      );

      // {tag, valid, ...}: valid is bit SW-TagW-1 from the top, i.e. below the tag.
      assign dbg_way_hit[b][w] = peek[SW-TagW-1] && (peek[SW-1 -: TagW] == dbg_tag) &&
                                 (32'(dbg_line_i) % Lanes == b);
    end

    if (Ways > 1) begin : gen_rr
      logic [WayW-1:0] unused_rr_peek;

      rinv_sram #(
        .Depth (Rows),
        .Width (WayW),
        .BeW   (WayW),
        .Style ("auto"),
        .OutReg(TagOreg)
      ) u_rr (
        .clk_i       (clk_i),
        .re_i        (r_re_i[b]),
        .raddr_i     (r_raddr_i),
        .rdata_o     (r_rdata_o[b]),
        .oe_i        (t_oe_i),
        .we_i        (r_we_i[b]),
        .waddr_i     (r_waddr_i),
        .wbe_i       (1'b1),
        .wdata_i     (r_wdata_i),
        .peek_addr_i ('0),
        .peek_data_o (unused_rr_peek)
      );
    end else begin : gen_no_rr
      assign r_rdata_o[b] = '0;
    end

    logic [rinv_pkg::LineBytes*8-1:0] unused_d_peek;

    rinv_sram #(
      .Depth (Rows * Ways),
      .Width (512),
      .BeW   (8),
      .Style ("auto")
    ) u_data (
      .clk_i       (clk_i),
      .re_i        (d_re_i[b]),
      .raddr_i     (d_raddr_i),
      .rdata_o     (d_rdata_o[b]),
      .oe_i        (1'b1),
      .we_i        (d_we_i[b]),
      .waddr_i     (d_waddr_i),
      .wbe_i       (d_wbe_i),
      .wdata_i     (d_wdata_i),
      .peek_addr_i ('0),
      .peek_data_o (unused_d_peek)
    );

    if (IsL2) begin : gen_dmask
      logic [rinv_pkg::LineBytes-1:0] unused_m_peek;

      rinv_sram #(
        .Depth (Rows * Ways),
        .Width (64),
        .BeW   (64),
        .Style ("auto")
      ) u_dmask (
        .clk_i       (clk_i),
        .re_i        (d_re_i[b]),
        .raddr_i     (d_raddr_i),
        .rdata_o     (m_rdata_o[b]),
        .oe_i        (1'b1),
        .we_i        (m_we_i[b]),
        .waddr_i     (d_waddr_i),
        .wbe_i       (1'b1),
        .wdata_i     (m_wdata_i),
        .peek_addr_i ('0),
        .peek_data_o (unused_m_peek)
      );
    end else begin : gen_no_dmask
      assign m_rdata_o[b] = '0;
    end
  end

  assign dbg_hit_o = |dbg_way_hit;

  logic unused_in;
  assign unused_in = (^{m_we_i, m_wdata_i} & !IsL2) | (^r_raddr_i & (Ways == 1));

endmodule : cache_array

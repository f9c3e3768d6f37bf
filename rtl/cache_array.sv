// Storage of one cache array (an L1 or the L2 of a side), ARCHITECTURE.md §4.1.
//
// Per set: valid bits, rec bits (L2 only) and the replacement pointer rr.
// Per entry (set, way): tag, 64-byte data, byte dirty mask (L2 only).
// All reads and all writes of one cycle address the same set (rd_set_i): the cache
// controller only ever looks at and updates the set of the line it is working on, so a
// single set index is enough and keeps the per-cycle work independent of the array size.
// Data, tags and dirty masks have no reset (contract: data arrays need none; tags and
// masks of invalid entries are never observed); valid, rec and rr read as 0 after reset.
module cache_array #(
  parameter int Sets = 16,
  parameter int Ways = 4,
  parameter bit          IsL2 = 1'b0,
  localparam int SetW = $clog2(Sets),
  localparam int TagW = 26 - SetW,
  localparam int WayW = (Ways > 1) ? $clog2(Ways) : 1
) (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  // Set addressed this cycle (reads and writes).
  input  logic [SetW-1:0]            set_i,
  output logic [Ways-1:0]            rd_valid_o,
  output logic [Ways-1:0][TagW-1:0]  rd_tag_o,
  output logic [Ways-1:0][63:0]      rd_dmask_o,
  output logic [Ways-1:0]            rd_rec_o,
  output logic [WayW-1:0]            rd_rr_o,
  // Data of one way of that set.
  input  logic [WayW-1:0]            rd_way_i,
  output logic [511:0]               rd_data_o,
  // Debug peek port (independent set index, valid + tags only).
  input  logic [SetW-1:0]            dbg_set_i,
  output logic [Ways-1:0]            dbg_valid_o,
  output logic [Ways-1:0][TagW-1:0]  dbg_tag_o,
  // Writes into set_i.
  input  logic                       wr_valid_en_i,
  input  logic [Ways-1:0]            wr_valid_i,
  input  logic                       wr_rec_en_i,
  input  logic [Ways-1:0]            wr_rec_i,
  input  logic                       wr_rr_en_i,
  input  logic [WayW-1:0]            wr_rr_i,
  input  logic [WayW-1:0]            wr_way_i,
  input  logic                       wr_tag_en_i,
  input  logic [TagW-1:0]            wr_tag_i,
  input  logic                       wr_data_en_i,
  input  logic [63:0]                wr_be_i,
  input  logic [511:0]               wr_data_i,
  input  logic                       wr_dmask_en_i,
  input  logic [63:0]                wr_dmask_i
);

  localparam int Entries = Sets * Ways;
  localparam int IdxW = $clog2(Entries);

  // Per-set state. Verilator 5.006 cannot reset an unpacked array in a loop inside an
  // async-reset always_ff, and a packed copy of all valid bits would cost per-cycle work
  // proportional to the array. So each set has an "initialised" bit (packed, reset to 0);
  // while it is 0 the set reads as all-invalid with rr = 0 and rec = 0, which is exactly
  // the reset state. The first write to a set stores all its per-set fields and sets it.
  logic [Sets-1:0]   init_q;
  logic [Ways-1:0]   valid_q [Sets];
  logic [Ways-1:0]   rec_q   [Sets];
  logic [WayW-1:0]   rr_q    [Sets];
  logic [511:0]      data_q  [Entries];
  // Tags and dirty masks are read for every way of a set at once, so they are stored per
  // way (one memory per way, indexed by set): each memory then has one read address (two
  // for the tags: set_i and the debug peek), which maps to distributed RAM on an FPGA
  // instead of one copy of the whole array per way read.
  logic [Ways-1:0][TagW-1:0] tag_rd, tag_dbg;

  function automatic logic [IdxW-1:0] idx(input logic [SetW-1:0] s, input logic [WayW-1:0] w);
    idx = IdxW'(32'(s) * Ways + 32'(w));
  endfunction

  // ---- reads --------------------------------------------------------------------------
  logic [Ways-1:0] cur_valid, cur_rec;
  logic [WayW-1:0] cur_rr;
  always_comb begin
    cur_valid   = init_q[set_i] ? valid_q[set_i] : '0;
    cur_rec     = init_q[set_i] ? rec_q[set_i]   : '0;
    cur_rr      = init_q[set_i] ? rr_q[set_i]    : '0;
    dbg_valid_o = init_q[dbg_set_i] ? valid_q[dbg_set_i] : '0;
    rd_tag_o    = tag_rd;
    dbg_tag_o   = tag_dbg;
    rd_data_o   = data_q[idx(set_i, rd_way_i)];
  end
  assign rd_valid_o = cur_valid;
  assign rd_rr_o    = cur_rr;

  // ---- per-set state --------------------------------------------------------------------
  logic set_wr;
  assign set_wr = wr_valid_en_i || wr_rr_en_i || (IsL2 && wr_rec_en_i);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      init_q <= '0;
    end else if (set_wr) begin
      init_q[set_i] <= 1'b1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (set_wr) begin
      valid_q[set_i] <= wr_valid_en_i ? wr_valid_i : cur_valid;
      rr_q[set_i]    <= wr_rr_en_i ? wr_rr_i : cur_rr;
      rec_q[set_i]   <= (IsL2 && wr_rec_en_i) ? wr_rec_i : cur_rec;
    end
  end

  // ---- tags and data (no reset) -------------------------------------------------------
  for (genvar w = 0; w < Ways; w++) begin : gen_tag
    logic [TagW-1:0] tag_q [Sets];

    always_ff @(posedge clk_i) begin
      if (wr_tag_en_i && (wr_way_i == WayW'(w))) tag_q[set_i] <= wr_tag_i;
    end

    assign tag_rd[w]  = tag_q[set_i];
    assign tag_dbg[w] = tag_q[dbg_set_i];
  end

  // Byte-enabled write of the data (only the strobed bytes change), written per byte so
  // that synthesis sees byte write enables rather than a read-modify-write.
  always_ff @(posedge clk_i) begin
    if (wr_data_en_i) begin
      for (int unsigned b = 0; b < 64; b++) begin
        if (wr_be_i[b]) data_q[idx(set_i, wr_way_i)][8*b +: 8] <= wr_data_i[8*b +: 8];
      end
    end
  end

  // ---- L2-only state: dirty masks -----------------------------------------------------
  if (IsL2) begin : gen_l2
    for (genvar w = 0; w < Ways; w++) begin : gen_way
      logic [63:0] dmask_q [Sets];

      always_ff @(posedge clk_i) begin
        if (wr_dmask_en_i && (wr_way_i == WayW'(w))) dmask_q[set_i] <= wr_dmask_i;
      end

      assign rd_dmask_o[w] = dmask_q[set_i];
    end

    assign rd_rec_o = cur_rec;
  end else begin : gen_l1
    // L1 lines are never dirty and never recorded.
    logic unused_l2_inputs;
    assign unused_l2_inputs = ^{wr_rec_en_i, wr_rec_i, wr_dmask_en_i, wr_dmask_i};
    assign rd_rec_o   = '0;
    assign rd_dmask_o = '0;
  end

endmodule : cache_array

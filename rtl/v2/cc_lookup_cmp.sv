// Compare stage (Cm) of the lookup pipeline of one side (ARCHITECTURE_v2.md §6.3, §6.1): the
// decode of the looked-up line X (the request's line, or the recorder head in the history
// states: bank, rows, tags) and of a store's bytes, and the compare of the tagst words of the
// L2 and of every L1 (hit, hit way, lowest invalid way, else the rr victim) as the cells'
// registered read ports deliver them in Cm. The compare results are registered at the end of
// Cm (cm2_i: StL2Cm / StHistCm, cm1_i: StL1Cm), so Ac acts on registers. The L1 fields (row1,
// tag1) and row2r (the rr cells' row) are the request's: the L1s and the rr cells are used
// only outside the history states, so they do not pass the history line select (fpga-ooc).
module cc_lookup_cmp #(
  parameter int  NL1    = 2,
  parameter int  L1Sets = 16,
  parameter int  L1Ways = 2,
  parameter int  L2Sets = 64,
  parameter int  L2Ways = 4,
  parameter int  Lanes  = 1,
  localparam int Rows1  = L1Sets / Lanes,
  localparam int Rows2  = L2Sets / Lanes,
  localparam int RowW1  = (Rows1 > 1) ? $clog2(Rows1) : 1,
  localparam int RowW2  = (Rows2 > 1) ? $clog2(Rows2) : 1,
  localparam int SetW1  = $clog2(L1Sets),
  localparam int SetW2  = $clog2(L2Sets),
  localparam int TagW1  = 26 - SetW1,
  localparam int TagW2  = 26 - SetW2,
  localparam int SW1    = TagW1 + 1,
  localparam int SW2    = TagW2 + 3,
  localparam int WayW1  = (L1Ways > 1) ? $clog2(L1Ways) : 1,
  localparam int WayW2  = (L2Ways > 1) ? $clog2(L2Ways) : 1,
  localparam int LaneW  = (Lanes > 1) ? $clog2(Lanes) : 1
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  input  logic                      cm2_i,        // register the L2 compare (a flip-flop)
  input  logic                      cm1_i,        // register the L1 compares (a flip-flop)
  input  logic                      hist_mode_i,  // StHist*: X = the recorder head
  input  rinv_pkg::line_t           rec_head_i,
  input  logic [31:2]               req_addr_i,   // word address of the request
  input  logic                      req_we_i,
  input  rinv_pkg::word_t           req_wdata_i,
  input  logic [3:0]                req_wstrb_i,
  input  rinv_pkg::ldata_t          fill_data_i,
  input  logic [L2Ways*SW2-1:0]     l2w_i,        // tagst words of bank b (cell read data)
  input  logic [WayW2-1:0]          l2rr_i,
  input  logic [NL1*L1Ways*SW1-1:0] l1w_i,
  input  logic [NL1-1:0][WayW1-1:0] l1rr_i,
  output rinv_pkg::line_t           x_o,
  output logic [LaneW-1:0]          bnk_o,
  output logic [RowW1-1:0]          row1_o,
  output logic [RowW2-1:0]          row2_o,
  output logic [RowW2-1:0]          row2r_o,      // the request's L2 row (rr cells)
  output logic [TagW1-1:0]          tag1_o,
  output logic [TagW2-1:0]          tag2_o,
  output rinv_pkg::lmask_t          st_be_o,
  output rinv_pkg::ldata_t          st_data_o,
  output rinv_pkg::ldata_t          fill_merged_o,
  output logic                      l2_hit_o,
  output logic [WayW2-1:0]          l2_hit_way_o,
  output logic [WayW2-1:0]          l2_vict_o,
  output logic                      l2_has_inv_o,
  output logic [NL1-1:0]            l1_hit_o,
  output logic [NL1-1:0][WayW1-1:0] l1_hit_way_o,
  output logic [NL1-1:0][WayW1-1:0] l1_vict_o,
  output logic [NL1-1:0]            l1_has_inv_o
);

  rinv_pkg::ldata_t st_bits;
  rinv_pkg::line_t  xr;             // the request's line
  logic                      l2_hit_c, l2_has_inv_c;
  logic [WayW2-1:0]          l2_hit_way_c, l2_vict_c;
  logic [NL1-1:0]            l1_hit_c, l1_has_inv_c;
  logic [NL1-1:0][WayW1-1:0] l1_hit_way_c, l1_vict_c;

  assign x_o    = hist_mode_i ? rec_head_i : req_addr_i[31:6];
  assign bnk_o  = LaneW'(32'(x_o) % Lanes);
  assign xr     = req_addr_i[31:6];
  assign row2r_o = RowW2'((32'(xr) / Lanes) % Rows2);
  assign row1_o = RowW1'((32'(xr) / Lanes) % Rows1);
  assign row2_o = RowW2'((32'(x_o) / Lanes) % Rows2);
  assign tag1_o = TagW1'(xr >> SetW1);
  assign tag2_o = TagW2'(x_o >> SetW2);
  assign st_be_o   = 64'(req_wstrb_i) << {req_addr_i[5:2], 2'b00};
  assign st_data_o = {16{req_wdata_i}};
  always_comb begin
    for (int b = 0; b < 64; b++) st_bits[8*b +: 8] = {8{st_be_o[b]}};
  end
  assign fill_merged_o = req_we_i ? ((fill_data_i & ~st_bits) | (st_data_o & st_bits))
                                  : fill_data_i;

  always_comb begin
    l2_hit_c     = 1'b0;
    l2_hit_way_c = '0;
    l2_has_inv_c = 1'b0;
    l2_vict_c    = l2rr_i;
    for (int w = L2Ways - 1; w >= 0; w--) begin
      if (l2w_i[w*SW2 + 2] && (l2w_i[w*SW2 + 3 +: TagW2] == tag2_o)) begin
        l2_hit_c     = 1'b1;
        l2_hit_way_c = WayW2'(w);
      end
      if (!l2w_i[w*SW2 + 2]) begin
        l2_has_inv_c = 1'b1;
        l2_vict_c    = WayW2'(w);
      end
    end
    for (int k = 0; k < NL1; k++) begin
      l1_hit_c[k]     = 1'b0;
      l1_hit_way_c[k] = '0;
      l1_has_inv_c[k] = 1'b0;
      l1_vict_c[k]    = l1rr_i[k];
      for (int w = L1Ways - 1; w >= 0; w--) begin
        if (l1w_i[(k*L1Ways + w)*SW1] &&
            (l1w_i[(k*L1Ways + w)*SW1 + 1 +: TagW1] == tag1_o)) begin
          l1_hit_c[k]     = 1'b1;
          l1_hit_way_c[k] = WayW1'(w);
        end
        if (!l1w_i[(k*L1Ways + w)*SW1]) begin
          l1_has_inv_c[k] = 1'b1;
          l1_vict_c[k]    = WayW1'(w);
        end
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      l2_hit_o     <= 1'b0;
      l2_hit_way_o <= '0;
      l2_vict_o    <= '0;
      l2_has_inv_o <= 1'b0;
      l1_hit_o     <= '0;
      l1_hit_way_o <= '0;
      l1_vict_o    <= '0;
      l1_has_inv_o <= '0;
    end else begin
      if (cm2_i) begin
        l2_hit_o     <= l2_hit_c;
        l2_hit_way_o <= l2_hit_way_c;
        l2_vict_o    <= l2_vict_c;
        l2_has_inv_o <= l2_has_inv_c;
      end
      if (cm1_i) begin
        l1_hit_o     <= l1_hit_c;
        l1_hit_way_o <= l1_hit_way_c;
        l1_vict_o    <= l1_vict_c;
        l1_has_inv_o <= l1_has_inv_c;
      end
    end
  end

endmodule : cc_lookup_cmp

// Register window of one cache controller (ARCHITECTURE_v2.md §6.6, §8):
// HIST_EN (RW), REC_COUNT (R), TAG_LOOKUPS (R, added in the walker's SM); offsets from
// rinv_regs_pkg (regs/rinv.rdl, docs/REGISTERS.md).
module cc_regs #(
  parameter int Side = 0
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        rb_sel_i,
  input  logic        rb_we_i,
  input  logic [14:0] rb_off_i,
  input  logic [31:0] rb_wdata_i,
  input  logic        rb_side_i,
  input  logic        rb_commit_i,
  output logic        rb_err_o,
  output logic [31:0] rb_rdata_o,
  input  logic [15:0] rec_count_i,
  input  logic        sm_valid_i,
  input  logic [15:0] sm_lookups_i,
  output logic        hist_en_o,
  output logic [31:0] tag_lookups_o
);

  logic        hist_en_q, hist_en_d;
  logic [31:0] tl_q, tl_d;

  always_comb begin
    rb_err_o   = 1'b0;
    rb_rdata_o = '0;
    hist_en_d  = hist_en_q;
    unique case (rb_off_i)
      rinv_regs_pkg::CC_HIST_EN_OFFSET: begin
        rb_rdata_o = {31'b0, hist_en_q};
        if (rb_we_i && ((rb_wdata_i > 32'd1) || (32'(rb_side_i) != Side))) rb_err_o = 1'b1;
        if (rb_sel_i && rb_we_i && rb_commit_i) hist_en_d = rb_wdata_i[0];
      end
      rinv_regs_pkg::CC_REC_COUNT_OFFSET: begin
        rb_rdata_o = 32'(rec_count_i);
        rb_err_o   = rb_we_i;
      end
      rinv_regs_pkg::CC_TAG_LOOKUPS_OFFSET: begin
        rb_rdata_o = tl_q;
        rb_err_o   = rb_we_i;
      end
      default: rb_err_o = 1'b1;
    endcase
  end

  assign tl_d = tl_q + (sm_valid_i ? 32'(sm_lookups_i) : 32'd0);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      hist_en_q <= 1'b0;
      tl_q      <= '0;
    end else begin
      hist_en_q <= hist_en_d;
      tl_q      <= tl_d;
    end
  end

  assign hist_en_o     = hist_en_q;
  assign tag_lookups_o = tl_q;

endmodule : cc_regs

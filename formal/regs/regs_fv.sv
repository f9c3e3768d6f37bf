// Formal checker of the register path (ARCHITECTURE_v2.md §5.2, §6.6, §8): axil_regbus with
// the CPU cache controller's window cc_regs (window 1, Side 0) behind it; the directory and
// GPU windows (0 and 2) answer with free reject flags and read data. Top of formal/regs.sby.
// Every AXI4-Lite input is free (the master may drop or change an unanswered request).
module regs_fv (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        awvalid_i,
  input  logic [31:0] awaddr_i,
  input  logic        awuser_i,
  input  logic        wvalid_i,
  input  logic [31:0] wdata_i,
  input  logic [3:0]  wstrb_i,
  input  logic        bready_i,
  input  logic        arvalid_i,
  input  logic [31:0] araddr_i,
  input  logic        aruser_i,
  input  logic        rready_i,
  input  logic [15:0] rec_count_i,
  input  logic        sm_valid_i,
  input  logic [15:0] sm_lookups_i,
  input  logic        err0_i,
  input  logic        err2_i,
  input  logic [31:0] rdata0_i,
  input  logic [31:0] rdata2_i
);

  localparam logic [1:0] RespSlvErr = 2'b10;

  logic        awready, wready, bvalid, arready, rvalid;
  logic [1:0]  bresp, rresp;
  logic [31:0] rdata;
  logic [2:0]  rb_sel;
  logic        rb_we, rb_side, rb_commit, rb_reject;
  logic [14:0] rb_off;
  logic [31:0] rb_wdata;
  logic        cc_err;
  logic [31:0] cc_rdata;
  logic        hist_en;
  logic [31:0] tag_lookups;

  axil_regbus u_bus (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .axi_awvalid_i (awvalid_i),
    .axi_awaddr_i  (awaddr_i),
    .axi_awuser_i  (awuser_i),
    .axi_wvalid_i  (wvalid_i),
    .axi_wdata_i   (wdata_i),
    .axi_wstrb_i   (wstrb_i),
    .axi_bready_i  (bready_i),
    .axi_arvalid_i (arvalid_i),
    .axi_araddr_i  (araddr_i),
    .axi_aruser_i  (aruser_i),
    .axi_rready_i  (rready_i),
    .axi_awready_o (awready),
    .axi_wready_o  (wready),
    .axi_bvalid_o  (bvalid),
    .axi_bresp_o   (bresp),
    .axi_arready_o (arready),
    .axi_rvalid_o  (rvalid),
    .axi_rdata_o   (rdata),
    .axi_rresp_o   (rresp),
    .rb_sel_o      (rb_sel),
    .rb_we_o       (rb_we),
    .rb_off_o      (rb_off),
    .rb_wdata_o    (rb_wdata),
    .rb_side_o     (rb_side),
    .rb_commit_o   (rb_commit),
    .rb_reject_o   (rb_reject),
    .win_err_i     ({err2_i, cc_err, err0_i}),
    .win_rdata_i   ({rdata2_i, cc_rdata, rdata0_i})
  );

  cc_regs #(
    .Side (0)
  ) u_cc (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .rb_sel_i      (rb_sel[1]),
    .rb_we_i       (rb_we),
    .rb_off_i      (rb_off),
    .rb_wdata_i    (rb_wdata),
    .rb_side_i     (rb_side),
`ifdef RINV_FORMAL_BREAK_REGS
    // broken variant: the window applies every selected write, rejected or not
    .rb_commit_i   (rb_we),
`else
    .rb_commit_i   (rb_commit),
`endif
    .rb_err_o      (cc_err),
    .rb_rdata_o    (cc_rdata),
    .rec_count_i   (rec_count_i),
    .sm_valid_i    (sm_valid_i),
    .sm_lookups_i  (sm_lookups_i),
    .hist_en_o     (hist_en),
    .tag_lookups_o (tag_lookups)
  );

  logic init_q = 1'b1;
  always_ff @(posedge clk_i) init_q <= 1'b0;
  always_comb if (init_q) assume (!rst_ni);
  // reset only at the start (a later reset legally clears the state and the channels)
  always_comb if (!init_q) assume (rst_ni);

  // values of the previous cycle
  logic        past_q, reject_q, commit_q, hist_en_q, sm_valid_q;
  logic        bvalid_q, bready_q, rvalid_q, rready_q;
  logic [1:0]  bresp_q, rresp_q;
  logic [31:0] rdata_q, tl_q;
  logic [15:0] sm_lookups_q;
  always_ff @(posedge clk_i) begin
    past_q       <= rst_ni;
    reject_q     <= rb_reject;
    commit_q     <= rb_commit && rb_sel[1];
    hist_en_q    <= hist_en;
    sm_valid_q   <= sm_valid_i;
    sm_lookups_q <= sm_lookups_i;
    tl_q         <= tag_lookups;
    bvalid_q     <= bvalid;
    bready_q     <= bready_i;
    bresp_q      <= bresp;
    rvalid_q     <= rvalid;
    rready_q     <= rready_i;
    rresp_q      <= rresp;
    rdata_q      <= rdata;
  end

  always_comb begin
    if (rst_ni && past_q) begin
      // a rejected access changes no register; only a committed CC write changes HIST_EN;
      // TAG_LOOKUPS moves only by the walker's SM counts, whatever the bus does
      regs_reject_no_change: assert (!reject_q || hist_en == hist_en_q);
      regs_change_needs_commit: assert (commit_q || hist_en == hist_en_q);
      regs_tl_only_events: assert (tag_lookups ==
                                   tl_q + (sm_valid_q ? 32'(sm_lookups_q) : 32'd0));
      // AXI4-Lite: a response stays valid with a stable payload until its ready
      axi_b_hold: assert (!(bvalid_q && !bready_q) || (bvalid && bresp == bresp_q));
      axi_r_hold: assert (!(rvalid_q && !rready_q) ||
                          (rvalid && rresp == rresp_q && rdata == rdata_q));
    end
    if (rst_ni) begin
      regs_commit_xor_reject: assert (!(rb_commit && rb_reject));
      regs_commit_is_write: assert (!rb_commit || (rb_we && rb_sel != '0));
      // one transaction at a time: no address accepted while a response is pending
      axi_one_outstanding: assert (!(awready || wready || arready) || (!bvalid && !rvalid));
      axi_aw_w_together: assert (awready == wready);
      axi_not_both_resp: assert (!(bvalid && rvalid));
      axi_accept_needs_valid: assert ((!awready || (awvalid_i && wvalid_i)) &&
                                      (!arready || arvalid_i));
    end
  end

  // the response of an accepted write: SLVERR iff the access was rejected
  logic wr_acc_q, wr_rej_q;
  always_ff @(posedge clk_i) begin
    wr_acc_q <= rst_ni && awready;
    wr_rej_q <= rb_reject;
  end
  always_comb begin
    if (rst_ni && past_q && wr_acc_q) begin
      axi_bresp_matches_reject: assert (bvalid && ((bresp == RespSlvErr) == wr_rej_q));
    end
  end

  // reachability (cover task): a rejected write to the CC window while HIST_EN is 1, and a
  // read response held for a cycle without rready
  always_comb begin
    if (rst_ni && past_q) begin
      regs_cover_reject_write: cover (rb_reject && rb_we && rb_sel[1] && hist_en);
      axi_cover_r_held: cover (rvalid_q && !rready_q && rvalid && rdata != '0);
    end
  end

endmodule : regs_fv

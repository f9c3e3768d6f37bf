// History structure of one side (ARCHITECTURE_v2.md §7.2): the history FIFO (line / run)
// and the range table (merge), hist_ready and the beat decode.
module dir_hist #(
  parameter int  HistCap = 512,
  parameter int  RtCap   = 8,
  parameter int  RtScan  = 4,
  parameter int  MaxRange = 256,
  localparam int FCntW   = $clog2(HistCap + 1),
  localparam int RCntW   = $clog2(RtCap + 2)
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            merge_i,      // MODE.mode == merge
  input  logic            stall_i,      // stall[4+s]
  input  logic            hist_valid_i,
  input  logic            hist_last_i,
  input  rinv_pkg::line_t hist_line_i,
  output logic            hist_ready_o,
  output logic            beat_data_o,  // data beat accepted
  output logic            beat_last_o,  // last beat accepted
  output logic            drop_o,       // FIFO full before the edge: line dropped
  // FIFO towards the generator
  input  logic             pop_i,
  input  logic             flush_i,
  output rinv_pkg::line_t  head_o,
  output logic             head_valid_o,
  output logic [FCntW-1:0] fcount_o,
  // range table towards the generator
  input  logic              take_i,      // take request (applied in RTake, §7.3)
  input  rinv_pkg::nlines_t take_n_i,
  output logic              rt_idle_o,
  output rinv_pkg::line_t   f0_o,
  output rinv_pkg::nlines_t hd_o,        // l0 - f0 (registered)
  output logic              head_all_o,  // l0 - f0 < MaxRange
  output logic [RCntW-1:0]  rcount_o,
  output logic              merge_o,
  output rinv_pkg::line_t   gap_o,
  output logic [15:0]       hist_count_o
);

  logic beat, push, push_ok;

  // merge: ready only in RIdle (not in RTake, RScan, ...); a take request in the same RIdle
  // cycle does not lower it (§7.3), so a beat and a take may be accepted together
  assign hist_ready_o = !stall_i && (!merge_i || rt_idle_o);
  assign beat         = hist_valid_i && hist_ready_o;
  assign beat_data_o  = beat && !hist_last_i;
  assign beat_last_o  = beat && hist_last_i;
  assign push         = beat_data_o && !merge_i;
  assign drop_o       = push && !push_ok;

  rinv_fifo #(
    .Depth  (HistCap),
    .Width  (26),
    .DropOk (1'b1)
  ) u_fifo (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .push_i       (push),
    .pdata_i      (hist_line_i),
    .pop_i        (pop_i),
    .flush_i      (flush_i),
    .push_ok_o    (push_ok),
    .head_o       (head_o),
    .head_valid_o (head_valid_o),
    .count_o      (fcount_o)
  );

  // l0 itself is not needed outside (the generator takes hd = l0 - f0, registered in the
  // table); the port stays for the table's formal checker
  rinv_pkg::line_t rt_l0;
  logic            unused_rt_l0;
  assign unused_rt_l0 = ^rt_l0;

  range_table #(
    .Cap      (RtCap),
    .Scan     (RtScan),
    .MaxRange (MaxRange)
  ) u_rt (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .ins_i      (beat_data_o && merge_i),
    .ins_line_i (hist_line_i),
    .take_i     (take_i),
    .take_n_i   (take_n_i),
    .idle_o     (rt_idle_o),
    .f0_o       (f0_o),
    .l0_o       (rt_l0),
    .hd_o       (hd_o),
    .head_all_o (head_all_o),
    .count_o    (rcount_o),
    .merge_o    (merge_o),
    .gap_o      (gap_o)
  );

  assign hist_count_o = merge_i ? 16'(rcount_o) : 16'(fcount_o);

endmodule : dir_hist

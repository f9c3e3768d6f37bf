// Channel-holding checker of the directory's memory arbiter dir_memarb (ARCHITECTURE_v2.md
// §5, §7.1), top of the tasks prove_mem / break_mem of formal/chan.sby. The block as built
// (no parameters; full 26-bit lines, 512-bit data, 64-bit masks). Environment: every input is
// free (anyseq): both sides' requests and stalls, the memory's mem_req_ready, mem_resp_valid
// and read data (any timing, a stronger environment than the §5.3 memory), the sides'
// fill_ready; reset only in the first cycle.
// Properties (a one-step rule of the valid/ready contract, §5):
//   chan_mem_req_hold   mem_req_valid and not mem_req_ready: next cycle mem_req_valid again
//                       with the same we, line, wdata and wmask
//   chan_fill_hold_s0 / _s1   fill_valid[s] and not fill_ready[s]: next cycle fill_valid[s] again
//                       with the same fill_data (each side s)
module chan_memarb_fv (
  input logic clk_i
);

  logic rst_ni;
  logic init_q = 1'b1;
  always_ff @(posedge clk_i) init_q <= 1'b0;
  assign rst_ni = !init_q;

  (* anyseq *) logic [1:0]                            stall_req, cc_req_valid, cc_req_we;
  (* anyseq *) logic [1:0][rinv_pkg::LineW-1:0]       cc_req_line;
  (* anyseq *) logic [1:0][rinv_pkg::LineBytes*8-1:0] cc_req_wdata;
  (* anyseq *) logic [1:0][rinv_pkg::LineBytes-1:0]   cc_req_wmask;
  (* anyseq *) logic                                  mem_req_ready, mem_resp_valid;
  (* anyseq *) rinv_pkg::ldata_t                      mem_resp_rdata;
  (* anyseq *) logic [1:0]                            fill_ready;

  logic [1:0]       cc_req_ready, fill_valid;
  logic             mem_req_valid, mem_req_we;
  rinv_pkg::line_t  mem_req_line;
  rinv_pkg::ldata_t mem_req_wdata, fill_data;
  rinv_pkg::lmask_t mem_req_wmask;

  dir_memarb dut (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .stall_req_i      (stall_req),
    .cc_req_valid_i   (cc_req_valid),
    .cc_req_we_i      (cc_req_we),
    .cc_req_line_i    (cc_req_line),
    .cc_req_wdata_i   (cc_req_wdata),
    .cc_req_wmask_i   (cc_req_wmask),
    .cc_req_ready_o   (cc_req_ready),
    .mem_req_valid_o  (mem_req_valid),
    .mem_req_we_o     (mem_req_we),
    .mem_req_line_o   (mem_req_line),
    .mem_req_wdata_o  (mem_req_wdata),
    .mem_req_wmask_o  (mem_req_wmask),
    .mem_req_ready_i  (mem_req_ready),
    .mem_resp_valid_i (mem_resp_valid),
    .mem_resp_rdata_i (mem_resp_rdata),
    .fill_valid_o     (fill_valid),
    .fill_data_o      (fill_data),
    .fill_ready_i     (fill_ready)
  );

  // values of the previous cycle
  logic             past_q, mv_q, mr_q, mwe_q;
  rinv_pkg::line_t  ml_q;
  rinv_pkg::ldata_t md_q, fd_q;
  rinv_pkg::lmask_t mm_q;
  logic [1:0]       fv_q, fr_q;
  always_ff @(posedge clk_i) begin
    past_q <= rst_ni;
    mv_q   <= mem_req_valid;
    mr_q   <= mem_req_ready;
    mwe_q  <= mem_req_we;
    ml_q   <= mem_req_line;
    md_q   <= mem_req_wdata;
    mm_q   <= mem_req_wmask;
    fv_q   <= fill_valid;
    fr_q   <= fill_ready;
    fd_q   <= fill_data;
  end

  always_comb begin
    if (rst_ni && past_q) begin
      chan_mem_req_hold: assert (!(mv_q && !mr_q) ||
                                 (mem_req_valid && mem_req_we == mwe_q && mem_req_line == ml_q &&
                                  mem_req_wdata == md_q && mem_req_wmask == mm_q));
      chan_fill_hold_s0: assert (!(fv_q[0] && !fr_q[0]) || (fill_valid[0] && fill_data == fd_q));
      chan_fill_hold_s1: assert (!(fv_q[1] && !fr_q[1]) || (fill_valid[1] && fill_data == fd_q));
    end
  end

endmodule : chan_memarb_fv

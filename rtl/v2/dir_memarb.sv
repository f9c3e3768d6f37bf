// Memory arbiter of the directory (ARCHITECTURE_v2.md §7.1, unchanged from v1):
// MIdle (Mealy cc_req_ready to the granted side), MReq, MWait, MFill.
module dir_memarb (
  input  logic                                  clk_i,
  input  logic                                  rst_ni,
  input  logic [1:0]                            stall_req_i,   // stall[1:0]
  input  logic [1:0]                            cc_req_valid_i,
  input  logic [1:0]                            cc_req_we_i,
  input  logic [1:0][rinv_pkg::LineW-1:0]       cc_req_line_i,
  input  logic [1:0][rinv_pkg::LineBytes*8-1:0] cc_req_wdata_i,
  input  logic [1:0][rinv_pkg::LineBytes-1:0]   cc_req_wmask_i,
  output logic [1:0]                            cc_req_ready_o,
  output logic                                  mem_req_valid_o,
  output logic                                  mem_req_we_o,
  output rinv_pkg::line_t                       mem_req_line_o,
  output rinv_pkg::ldata_t                      mem_req_wdata_o,
  output rinv_pkg::lmask_t                      mem_req_wmask_o,
  input  logic                                  mem_req_ready_i,
  input  logic                                  mem_resp_valid_i,
  input  rinv_pkg::ldata_t                      mem_resp_rdata_i,
  output logic [1:0]                            fill_valid_o,
  output rinv_pkg::ldata_t                      fill_data_o,
  input  logic [1:0]                            fill_ready_i
);

  typedef enum logic [1:0] {MIdle, MReq, MWait, MFill} mstate_e;

  mstate_e      m_state_q, m_state_d;
  // The side granted last: the tie-break (resets to 1, so the CPU wins the first tie) and,
  // from the grant to the end of MFill, the side being served (one register for both).
  logic             m_last_q, m_last_d;
  logic             m_we_q, m_we_d;
  rinv_pkg::line_t  m_line_q, m_line_d;
  rinv_pkg::ldata_t m_wdata_q, m_wdata_d;
  rinv_pkg::lmask_t m_wmask_q, m_wmask_d;
  rinv_pkg::ldata_t m_rdata_q, m_rdata_d;
  logic [1:0]       elig;
  logic             m_grant;

  assign elig    = cc_req_valid_i & ~stall_req_i;
  assign m_grant = (elig == 2'b11) ? !m_last_q : elig[1];

  always_comb begin
    m_state_d       = m_state_q;
    m_last_d        = m_last_q;
    m_we_d          = m_we_q;
    m_line_d        = m_line_q;
    m_wdata_d       = m_wdata_q;
    m_wmask_d       = m_wmask_q;
    m_rdata_d       = m_rdata_q;
    cc_req_ready_o  = '0;
    mem_req_valid_o = 1'b0;
    fill_valid_o    = '0;
    unique case (m_state_q)
      MIdle: begin
        if (elig != 2'b00) begin
          cc_req_ready_o[m_grant] = 1'b1;
          m_last_d  = m_grant;
          m_we_d    = cc_req_we_i[m_grant];
          m_line_d  = cc_req_line_i[m_grant];
          m_wdata_d = cc_req_wdata_i[m_grant];
          m_wmask_d = cc_req_wmask_i[m_grant];
          m_state_d = MReq;
        end
      end
      MReq: begin
        mem_req_valid_o = 1'b1;
        if (mem_req_ready_i) begin
          if (m_we_q) m_state_d = MIdle;
          else        m_state_d = MWait;
        end
`ifdef RINV_FORMAL_BREAK_CHAN
        // broken variant (formal/chan.sby, task break_mem): the request is withdrawn while
        // not ready (valid drops, the next grant may carry another payload)
        else m_state_d = MIdle;
`endif
      end
      MWait: begin
        if (mem_resp_valid_i) begin
          m_rdata_d = mem_resp_rdata_i;
          m_state_d = MFill;
        end
      end
      MFill: begin
        fill_valid_o[m_last_q] = 1'b1;
        if (fill_ready_i[m_last_q]) m_state_d = MIdle;
      end
      default: m_state_d = MIdle;
    endcase
  end

  assign mem_req_we_o    = mem_req_valid_o & m_we_q;
  assign mem_req_line_o  = mem_req_valid_o ? m_line_q : '0;
  assign mem_req_wdata_o = mem_req_valid_o ? m_wdata_q : '0;
  assign mem_req_wmask_o = mem_req_valid_o ? m_wmask_q : '0;
  assign fill_data_o     = m_rdata_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      m_state_q <= MIdle;
      m_last_q  <= 1'b1;
      m_we_q    <= 1'b0;
      m_line_q  <= '0;
      m_wdata_q <= '0;
      m_wmask_q <= '0;
      m_rdata_q <= '0;
    end else begin
      m_state_q <= m_state_d;
      m_last_q  <= m_last_d;
      m_we_q    <= m_we_d;
      m_line_q  <= m_line_d;
      m_wdata_q <= m_wdata_d;
      m_wmask_q <= m_wmask_d;
      m_rdata_q <= m_rdata_d;
    end
  end

endmodule : dir_memarb

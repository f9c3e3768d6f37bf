// Trace-replay engine (docs/FPGA.md §4): a program of word loads/stores held in block RAM
// (loaded over the UART bridge) is driven onto rinv_top's six core ports.
//
// Each port issues its entries in program order, one outstanding request at a time; the
// ports run concurrently: entry i is issued as soon as its port has no request
// outstanding, and entry i+1 waits for entry i to be issued (in-order issue, at most one
// issue per cycle; the entries are prefetched from the RAM into a three-entry queue). Responses are
// always accepted. Control and trace loading go through a small AXI4-Lite slave (board
// window 0x8000_0000). Its registers (ID, CTRL/STATUS, LEN, WIDX, ENT_ADDR, ENT_DATA, ENT_CTRL,
// CYCLES, LOADS, STORES, LD_SUM, DEPTH) are in docs/REGISTERS.md; the offsets come from
// rinv_regs_pkg, generated from regs/rinv.rdl. Offsets other than those, and addresses with
// bits [30:8] set or [1:0] not 0, answer SLVERR.
module trace_replay #(
  parameter int Depth = 1024,
  localparam int IdxW = $clog2(Depth),
  localparam int LenW = $clog2(Depth + 1)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  // AXI4-Lite slave (registers).
  input  logic             s_awvalid_i,
  input  logic [31:0]      s_awaddr_i,
  output logic             s_awready_o,
  input  logic             s_wvalid_i,
  input  logic [31:0]      s_wdata_i,
  output logic             s_wready_o,
  output logic             s_bvalid_o,
  output logic [1:0]       s_bresp_o,
  input  logic             s_bready_i,
  input  logic             s_arvalid_i,
  input  logic [31:0]      s_araddr_i,
  output logic             s_arready_o,
  output logic             s_rvalid_o,
  output logic [31:0]      s_rdata_o,
  output logic [1:0]       s_rresp_o,
  input  logic             s_rready_i,
  // Core ports of rinv_top.
  output logic [5:0]       port_req_valid_o,
  output logic [5:0]       port_req_we_o,
  output logic [5:0][31:0] port_req_addr_o,
  output logic [5:0][31:0] port_req_wdata_o,
  output logic [5:0][3:0]  port_req_wstrb_o,
  input  logic [5:0]       port_req_ready_i,
  input  logic [5:0]       port_resp_valid_i,
  input  logic [5:0][31:0] port_resp_rdata_i,
  output logic [5:0]       port_resp_ready_o,
  output logic             busy_o
);

  localparam logic [31:0] ReplayId = rinv_regs_pkg::RP_ID_RESET;  // "RPLY"

  // ---- trace RAM: {port[2:0], we, wstrb[3:0], addr[31:0], wdata[31:0]} ----------------
  // Read from a register address only (rd_idx_q), enabled by registered state only: the
  // ports' ready never reaches the RAM's address or enable. The RAM's output register (a
  // DP16KD without its output register) goes into a three-entry prefetch queue whose head is
  // a plain register that drives the ports. Before this (2026-11-26) the ports were driven from
  // the RAM output through the port demultiplexer, and ready chose the next read address: the
  // whole board's critical path (20.1 ns, docs/FPGA.md).
  localparam int QDepth = 3;

  logic [71:0]     ram_q [Depth];
  logic [71:0]     ram_dout;
  logic            ram_we, ram_re;
  logic [71:0]     ram_wdata;
  logic [IdxW-1:0] widx_q;
  logic [LenW-1:0] rd_idx_d, rd_idx_q, len_q;

  always_ff @(posedge clk_i) begin
    if (ram_we) ram_q[widx_q] <= ram_wdata;
    if (ram_re) ram_dout <= ram_q[rd_idx_q[IdxW-1:0]];
  end

  // ---- replay FSM --------------------------------------------------------------------
  typedef enum logic {StIdle, StRun} state_e;

  state_e              state_d, state_q;
  logic [QDepth-1:0][71:0] pq_d, pq_q;  // prefetch queue, head at 0
  logic [1:0]          pcnt_d, pcnt_q;  // entries in the queue, 0..QDepth
  logic [1:0]          pslot;           // where the RAM's word goes
  logic                infl_q;          // a RAM read was issued last cycle
  logic [5:0]          out_d, out_q;    // request outstanding per port
  logic [5:0]          isld_d, isld_q;  // the outstanding request is a load
  logic                done_d, done_q;
  logic [31:0]         cycles_d, cycles_q, loads_d, loads_q, stores_d, stores_q, sum_d, sum_q;
  logic                start, clear;
  logic [71:0]         head;
  logic [2:0]          head_port;
  logic                head_v, issue;
  // Load-sum pipeline: the loaded words of a cycle are registered (zero for a port without a
  // load response), and added to sum_q in the next cycle as a balanced tree. Adding the six
  // responses to sum_q in the cycle they arrive was a chain of six 32-bit adders from the
  // caches' response data: the whole board's critical path (v2, 25.7 ns, 2026-11-25). LD_SUM
  // therefore lags the responses by one cycle (the host reads it over the UART, thousands of
  // cycles after the drain).
  logic [5:0][31:0] ldw_d, ldw_q;
  logic [31:0]      ld_add;

  assign head      = pq_q[0];
  assign head_port = head[71:69];
  assign head_v    = (pcnt_q != '0);
  assign ld_add    = ((ldw_q[0] + ldw_q[1]) + (ldw_q[2] + ldw_q[3])) + (ldw_q[4] + ldw_q[5]);
  assign busy_o    = (state_q != StIdle);
  // A read is issued while entries remain and the queue has room for it even if nothing
  // leaves: queued + arriving + this one <= QDepth. Three entries keep one issue per cycle.
  assign ram_re    = (state_q == StRun) && (rd_idx_q != len_q) && (3'(pcnt_q) + 3'(infl_q) <= 3'd2);

  // The head's address and data go to every port; only the head's port sees valid.
  always_comb begin
    for (int unsigned p = 0; p < 6; p++) begin
      port_req_valid_o[p] = head_v && (head_port == 3'(p)) && !out_q[p];
      port_req_we_o[p]    = head[68];
      port_req_wstrb_o[p] = head[67:64];
      port_req_addr_o[p]  = head[63:32];
      port_req_wdata_o[p] = head[31:0];
    end
  end
  assign issue = |(port_req_valid_o & port_req_ready_i);
  assign port_resp_ready_o = '1;

  always_comb begin
    state_d  = state_q;
    rd_idx_d = rd_idx_q + LenW'(ram_re);
    out_d    = out_q;
    isld_d   = isld_q;
    done_d   = done_q;
    cycles_d = cycles_q;
    loads_d  = loads_q;
    stores_d = stores_q;
    sum_d    = sum_q + ld_add;
    ldw_d    = '0;

    // Prefetch queue: the head leaves on issue, the RAM's word arrives behind the rest.
    pq_d   = pq_q;
    pcnt_d = pcnt_q - 2'(issue) + 2'(infl_q);
    if (issue) begin
      for (int unsigned i = 0; i + 1 < QDepth; i++) pq_d[i] = pq_q[i + 1];
    end
    pslot  = pcnt_q - 2'(issue);
    // one compare per slot: an index expression pq_d[pslot] became a multiplier (pslot * 72)
    // and a carry chain in Yosys, the board's critical path (38.4 MHz, 2026-11-26)
    for (int unsigned i = 0; i < QDepth; i++) begin
      if (infl_q && pslot == 2'(i)) pq_d[i] = ram_dout;
    end

    // Responses (any state).
    for (int unsigned p = 0; p < 6; p++) begin
      if (port_resp_valid_i[p] && out_q[p]) begin
        out_d[p] = 1'b0;
        if (isld_q[p]) begin
          loads_d  = loads_d + 1'b1;
          ldw_d[p] = port_resp_rdata_i[p];
        end else begin
          stores_d = stores_d + 1'b1;
        end
      end
    end
    if (issue) begin
      out_d[head_port]  = 1'b1;
      isld_d[head_port] = !head[68];
    end
    if (state_q != StIdle) cycles_d = cycles_q + 1'b1;

    unique case (state_q)
      StIdle: begin
        if (start) begin
          done_d   = 1'b0;
          rd_idx_d = '0;
          cycles_d = '0;
          state_d  = (len_q == '0) ? StIdle : StRun;
          if (len_q == '0) done_d = 1'b1;
        end
      end
      StRun: begin
        // Every entry read, queued and issued, and every response in.
        if (rd_idx_q == len_q && !infl_q && pcnt_d == '0 && out_d == '0) begin
          state_d = StIdle;
          done_d  = 1'b1;
        end
      end
      default: state_d = StIdle;
    endcase

    if (clear) begin
      loads_d  = '0;
      stores_d = '0;
      sum_d    = '0;
      ldw_d    = '0;
      cycles_d = '0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q  <= StIdle;
      rd_idx_q <= '0;
      pq_q     <= '0;
      pcnt_q   <= '0;
      infl_q   <= 1'b0;
      out_q    <= '0;
      isld_q   <= '0;
      done_q   <= 1'b0;
      cycles_q <= '0;
      loads_q  <= '0;
      stores_q <= '0;
      sum_q    <= '0;
      ldw_q    <= '0;
    end else begin
      state_q  <= state_d;
      rd_idx_q <= rd_idx_d;
      pq_q     <= pq_d;
      pcnt_q   <= pcnt_d;
      infl_q   <= ram_re;
      out_q    <= out_d;
      isld_q   <= isld_d;
      done_q   <= done_d;
      cycles_q <= cycles_d;
      loads_q  <= loads_d;
      stores_q <= stores_d;
      sum_q    <= sum_d;
      ldw_q    <= ldw_d;
    end
  end

  // ---- register slave (one transaction at a time, as the bridge issues them) ---------
  typedef enum logic [1:0] {BusIdle, BusWrResp, BusRdResp} bus_e;

  bus_e            bus_d, bus_q;
  logic [1:0]      bresp_d, bresp_q, rresp_d, rresp_q;
  logic [31:0]     rdata_d, rdata_q;
  logic [LenW-1:0] len_d;
  logic [IdxW-1:0] widx_d;
  logic [31:0]     eaddr_d, eaddr_q, edata_d, edata_q;
  logic            wr, rd, bad_w, bad_r;
  logic [7:0]      woff, roff;
  logic [31:0]     rval;

  logic unused_win;  // bit 31 selects this window in the board top
  assign unused_win = s_awaddr_i[31] ^ s_araddr_i[31];
  assign woff = s_awaddr_i[7:0];
  assign roff = s_araddr_i[7:0];
  assign wr   = (bus_q == BusIdle) && s_awvalid_i && s_wvalid_i;
  assign rd   = (bus_q == BusIdle) && !wr && s_arvalid_i;
  assign s_awready_o = wr;
  assign s_wready_o  = wr;
  assign s_arready_o = rd;
  assign s_bvalid_o  = (bus_q == BusWrResp);
  assign s_rvalid_o  = (bus_q == BusRdResp);
  assign s_bresp_o   = bresp_q;
  assign s_rresp_o   = rresp_q;
  assign s_rdata_o   = rdata_q;
  assign ram_wdata   = {s_wdata_i[2:0], s_wdata_i[3], s_wdata_i[7:4], eaddr_q, edata_q};

  always_comb begin
    bus_d   = bus_q;
    bresp_d = bresp_q;
    rresp_d = rresp_q;
    rdata_d = rdata_q;
    len_d   = len_q;
    widx_d  = widx_q;
    eaddr_d = eaddr_q;
    edata_d = edata_q;
    start   = 1'b0;
    clear   = 1'b0;
    ram_we  = 1'b0;
    bad_w   = (s_awaddr_i[30:8] != '0) || (s_awaddr_i[1:0] != 2'b00);
    bad_r   = (s_araddr_i[30:8] != '0) || (s_araddr_i[1:0] != 2'b00);
    rval    = '0;
    unique case (woff)
      rinv_regs_pkg::RP_CTRL_OFFSET: bad_w = bad_w || busy_o;
      rinv_regs_pkg::RP_LEN_OFFSET: bad_w = bad_w || busy_o || (s_wdata_i > 32'(Depth));
      rinv_regs_pkg::RP_WIDX_OFFSET: bad_w = bad_w || (s_wdata_i >= 32'(Depth));
      rinv_regs_pkg::RP_ENT_ADDR_OFFSET, rinv_regs_pkg::RP_ENT_DATA_OFFSET: ;
      rinv_regs_pkg::RP_ENT_CTRL_OFFSET: bad_w = bad_w || busy_o || (s_wdata_i[2:0] > 3'd5);
      default: bad_w = 1'b1;
    endcase
    unique case (roff)
      rinv_regs_pkg::RP_ID_OFFSET: rval = ReplayId;
      rinv_regs_pkg::RP_CTRL_OFFSET: rval = {30'h0, done_q, busy_o};
      rinv_regs_pkg::RP_LEN_OFFSET: rval = 32'(len_q);
      rinv_regs_pkg::RP_WIDX_OFFSET: rval = 32'(widx_q);
      rinv_regs_pkg::RP_ENT_ADDR_OFFSET: rval = eaddr_q;
      rinv_regs_pkg::RP_ENT_DATA_OFFSET: rval = edata_q;
      rinv_regs_pkg::RP_CYCLES_OFFSET: rval = cycles_q;
      rinv_regs_pkg::RP_LOADS_OFFSET: rval = loads_q;
      rinv_regs_pkg::RP_STORES_OFFSET: rval = stores_q;
      rinv_regs_pkg::RP_LD_SUM_OFFSET: rval = sum_q;
      rinv_regs_pkg::RP_DEPTH_OFFSET: rval = 32'(Depth);
      default: bad_r = 1'b1;
    endcase
    unique case (bus_q)
      BusIdle: begin
        if (wr) begin
          bresp_d = bad_w ? 2'b10 : 2'b00;
          bus_d   = BusWrResp;
          if (!bad_w) begin
            unique case (woff)
              rinv_regs_pkg::RP_CTRL_OFFSET: begin
                start = s_wdata_i[0];
                clear = s_wdata_i[1];
              end
              rinv_regs_pkg::RP_LEN_OFFSET: len_d = LenW'(s_wdata_i);
              rinv_regs_pkg::RP_WIDX_OFFSET: widx_d = IdxW'(s_wdata_i);
              rinv_regs_pkg::RP_ENT_ADDR_OFFSET: eaddr_d = s_wdata_i;
              rinv_regs_pkg::RP_ENT_DATA_OFFSET: edata_d = s_wdata_i;
              rinv_regs_pkg::RP_ENT_CTRL_OFFSET: begin
                ram_we = 1'b1;
                widx_d = widx_q + 1'b1;
              end
              default: ;
            endcase
          end
        end else if (rd) begin
          rresp_d = bad_r ? 2'b10 : 2'b00;
          rdata_d = bad_r ? 32'h0 : rval;
          bus_d   = BusRdResp;
        end
      end
      BusWrResp: if (s_bready_i) bus_d = BusIdle;
      BusRdResp: if (s_rready_i) bus_d = BusIdle;
      default: bus_d = BusIdle;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      bus_q   <= BusIdle;
      bresp_q <= '0;
      rresp_q <= '0;
      rdata_q <= '0;
      len_q   <= '0;
      widx_q  <= '0;
      eaddr_q <= '0;
      edata_q <= '0;
    end else begin
      bus_q   <= bus_d;
      bresp_q <= bresp_d;
      rresp_q <= rresp_d;
      rdata_q <= rdata_d;
      len_q   <= len_d;
      widx_q  <= widx_d;
      eaddr_q <= eaddr_d;
      edata_q <= edata_d;
    end
  end

endmodule : trace_replay

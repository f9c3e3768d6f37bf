// GPU coalescer of one CU p (ARCHITECTURE_v3_gpu_frontend.md §4; D2-D5): collects the lane ops
// of a wavefront instruction (one 32-bit word per lane op, one per cycle) into slots, one line
// request per (line, instruction) in first-lane order with the OR of the lanes' byte enables
// and the merged store bytes, issues them to the CU's TCP (gpu_tcp, §5), and answers the lane
// ops in port order from the line data the TCP writes back (scatter pipeline SA / SB / SC).
//
// State (§4.1): CT = CoalTokens slots in a circular queue (tail: collecting, ip: issuing,
// head: responding), each {st, we, nl, nlane, ndone} and a line table lt[j][k] (line, mask):
// lines in flip-flops (compared), line and mask copies in LUT RAM (read); two rinv_sram cells:
// clane (CT x WaveSize words {k, word}) and cdata
// (CT x CoalLines lines, byte enables). cdata's write port is shared by collect and the TCP
// (cd_we_i, the TCP in TDt / TFAc: "tcp_wr", which holds collect), its read port by issue and
// scatter (issue yields to sb_rd / sc_keep).
//
// Parameters (§10), gem5 / fpga: WaveSize 64 / 64, CoalTokens 4 / 2, CoalLines 64 / 8.
// Legal: CoalTokens 1, 2, 4 or 8; CoalLines 1..WaveSize, a power of 2.
//
// No Mealy output (§8 item 7): port_req_ready_o is a function of state and the inputs cd_we_i
// and init_i (a Moore output of the TCP and the GPU side_cc), not of the lane op or the hit
// compare; every other output is a function of state. A slot closes at the handshake that
// fills its line table, so a collecting slot always has a free row (§4.2). The statistics are
// per-cycle event outputs (ev_*): the owner of the stat_* counters (side_cc) sums them over
// the CUs (§11).
module gpu_coalescer #(
  parameter int  WaveSize   = 64,
  parameter int  CoalTokens = 4,
  parameter int  CoalLines  = 64,
  localparam int SlotW  = (CoalTokens > 1) ? $clog2(CoalTokens) : 1,
  localparam int KW     = (CoalLines > 1) ? $clog2(CoalLines) : 1,
  localparam int NlW    = $clog2(CoalLines + 1),
  localparam int LaneW  = $clog2(WaveSize + 1),
  localparam int ClDep  = CoalTokens * WaveSize,
  localparam int CdDep  = CoalTokens * CoalLines,
  localparam int ClAW   = (ClDep > 1) ? $clog2(ClDep) : 1,
  localparam int CdAW   = (CdDep > 1) ? $clog2(CdDep) : 1,
  localparam int KSh    = $clog2(CoalLines)   // CoalLines is a power of 2
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  input  logic                      init_i,             // GPU side_cc in StInit (§14.3)
  // GPU core port p (v3 §2)
  input  logic                      port_req_valid_i,
  input  logic                      port_req_we_i,
  input  rinv_pkg::addr_t           port_req_addr_i,
  input  rinv_pkg::word_t           port_req_wdata_i,
  input  logic [3:0]                port_req_wstrb_i,
  input  logic                      port_req_last_i,
  output logic                      port_req_ready_o,   // Moore (state, cd_we_i, init_i)
  output logic                      port_resp_valid_o,
  output rinv_pkg::word_t           port_resp_rdata_o,
  input  logic                      port_resp_ready_i,
  // line requests to the TCP (lreq, §4.3)
  output logic                      lreq_valid_o,
  output rinv_pkg::line_t           lreq_line_o,
  output logic                      lreq_we_o,
  output rinv_pkg::lmask_t          lreq_mask_o,
  output rinv_pkg::ldata_t          lreq_data_o,
  output logic [SlotW-1:0]          lreq_slot_o,
  output logic [KW-1:0]             lreq_k_o,
  input  logic                      lreq_ready_i,
  // the TCP's cdata writes (TDt, TFAc: whole line) and done(slot, k) pulses (§5.3)
  input  logic                      cd_we_i,
  input  logic [SlotW-1:0]          cd_slot_i,
  input  logic [KW-1:0]             cd_k_i,
  input  rinv_pkg::ldata_t          cd_wdata_i,
  input  logic                      done_i,
  input  logic [SlotW-1:0]          done_slot_i,
  // statistics events of this cycle (§11): added at this edge by the counter owner
  output logic                      ev_inst_o,       // gpu_insts
  output logic                      ev_lane_op_o,    // gpu_lane_ops
  output logic                      ev_line_req_o,   // gpu_line_reqs
  output logic                      ev_split_o       // coal_splits
);

  // ---- elaboration checks (§10 legal values) ------------------------------------------------
  localparam bit CfgCt = (CoalTokens == 1) || (CoalTokens == 2) || (CoalTokens == 4) ||
                         (CoalTokens == 8);
  localparam bit CfgCl = (CoalLines >= 1) && (CoalLines <= WaveSize) &&
                         ((CoalLines & (CoalLines - 1)) == 0);
`ifndef __ICARUS__
  if (!CfgCt) begin : g_bad_ct
    $error("gpu_coalescer: CoalTokens must be 1, 2, 4 or 8 (v3 §10)");
  end
  if (!CfgCl) begin : g_bad_cl
    $error("gpu_coalescer: CoalLines must be a power of 2 in 1..WaveSize (v3 §10)");
  end
`else
  // Icarus 11 has no elaboration-time $error: the same rules stop the run at time 0.
  initial begin
    if (!CfgCt) $fatal(1, "gpu_coalescer: CoalTokens must be 1, 2, 4 or 8 (v3 §10)");
    if (!CfgCl) $fatal(1, "gpu_coalescer: CoalLines must be a power of 2 in 1..WaveSize");
  end
`endif

  typedef enum logic [2:0] {SFree, SColl, SIss, SWait, SResp} slot_st_e;
  typedef enum logic [1:0] {IIdle, IRd, ILd, IReq} iss_st_e;

  // ---- state --------------------------------------------------------------------------------
  logic [CoalTokens-1:0][2:0]          st_q, st_d;        // slot_st_e per slot
  logic [CoalTokens-1:0]               we_q, we_d;
  logic [CoalTokens-1:0][NlW-1:0]      nl_q, nl_d, ndone_q, ndone_d;
  logic [CoalTokens-1:0][LaneW-1:0]    nlane_q, nlane_d;
  // line table lines, flat over (slot, k): entry j*CoalLines + k; written one row per cycle
  // (lt_w*, below), not copied whole; the LUT RAM copies lt_line_m, lt_mask_m are below
  logic [CdDep-1:0][rinv_pkg::LineW-1:0]     lt_line_q;
  logic [SlotW-1:0]                    tail_q, tail_d, ip_q, ip_d, head_q, head_d;
  iss_st_e                             ist_q, ist_d;
  logic [KW-1:0]                       ik_q, ik_d;
  rinv_pkg::ldata_t                    idata_q, idata_d;
  // scatter stages SB, SC (SB's word is the clane cell output, SC's is registered)
  logic                                sb_v_q, sb_v_d, sb_ld_q, sb_ld_d, sb_last_q, sb_last_d;
  logic                                sc_v_q, sc_v_d, sc_ld_q, sc_ld_d, sc_last_q, sc_last_d;
  logic [3:0]                          sc_word_q, sc_word_d;
  logic [LaneW-1:0]                    rl_q, rl_d;

  // ---- cells ----------------------------------------------------------------------------------
  logic             cl_re, cl_we;
  logic [ClAW-1:0]  cl_raddr, cl_waddr;
  logic [KW+3:0]    cl_rdata, cl_wdata, unused_cl_peek;
  // clane write stage, like cdata's: the row {k, wd} is k of the hit compare, so the write of
  // cycle c reaches the cell at the edge of c + 1 (clw_*_q). Invisible: clane is read by the
  // scatter only (head, an SResp slot), never in the cycle after a collect write to that slot.
  logic             clw_we_q;
  logic [ClAW-1:0]  clw_addr_q;
  logic [KW+3:0]    clw_data_q;
  logic             cd_re, cd_we, iss_rd;   // iss_rd: the issue's read (cd_re's part)
  logic [CdAW-1:0]  cd_raddr, cd_waddr;
  rinv_pkg::ldata_t cd_rdata, cd_wdata, unused_cd_peek;
  rinv_pkg::lmask_t cd_wbe;
  // cdata write stage (WS): the write of cycle c (cd_w*) is registered and reaches the cell
  // at the edge of c + 1 (cdw_*_q), so the hit compare -> k -> write address is not in front
  // of the cell's write port. Invisible: no read of that address comes before c + 2 (§4.4
  // "Cell hazards"; the cell asserts a read and write of one address in one cycle).
  logic             cdw_we_q;
  logic [CdAW-1:0]  cdw_addr_q;
  rinv_pkg::ldata_t cdw_data_q;
  rinv_pkg::lmask_t cdw_be_q;

  rinv_sram #(
    .Depth (ClDep),
    .Width (KW + 4),
    .BeW   (KW + 4),
    .Style ("auto")
  ) u_clane (
    .clk_i       (clk_i),
    .re_i        (cl_re),
    .raddr_i     (cl_raddr),
    .rdata_o     (cl_rdata),
    .oe_i        (1'b1),
    .we_i        (clw_we_q),
    .waddr_i     (clw_addr_q),
    .wbe_i       (1'b1),
    .wdata_i     (clw_data_q),
    .peek_addr_i ('0),
    .peek_data_o (unused_cl_peek)
  );

  // block RAM at every size (v3 §10): 16 x 512 on fpga is 16 DP16KD (width-bound) instead of
  // 128 DPR16X4 and a 512-bit fabric read register
  rinv_sram #(
    .Depth (CdDep),
    .Width (rinv_pkg::LineBytes * 8),
    .BeW   (8),
    .Style ("block")
  ) u_cdata (
    .clk_i       (clk_i),
    .re_i        (cd_re),
    .raddr_i     (cd_raddr),
    .rdata_o     (cd_rdata),
    .oe_i        (1'b1),
    .we_i        (cdw_we_q),
    .waddr_i     (cdw_addr_q),
    .wbe_i       (cdw_be_q),
    .wdata_i     (cdw_data_q),
    .peek_addr_i ('0),
    .peek_data_o (unused_cd_peek)
  );

  function automatic logic [SlotW-1:0] inc_slot(input logic [SlotW-1:0] s);
    inc_slot = (32'(s) == CoalTokens - 1) ? '0 : s + 1'b1;
  endfunction
  function automatic logic [CdAW-1:0] cd_addr(input logic [SlotW-1:0] s, input logic [KW-1:0] k);
    cd_addr = CdAW'((32'(s) << KSh) + 32'(k));
  endfunction
  function automatic logic [ClAW-1:0] cl_addr(input logic [SlotW-1:0] s,
                                              input logic [LaneW-1:0] i);
    cl_addr = ClAW'(32'(s) * WaveSize + 32'(i));
  endfunction

  // ---- line table reads. The rows are written one per cycle (lt_w*, below). The tail slot's
  // lines stay in flip-flops (lt_line_q: one compare per row, hitk). The reads of one row, the
  // issue row (ip, ik: line and mask, in IReq only, lreq_* are 0 elsewhere) and the staged
  // row (ltw_addr_q: mask, merged by a hit, ltw_mask below), come from LUT RAM copies with
  // asynchronous reads (DPR16X4 on the ECP5; Yosys gives each read port its copy) instead of
  // mux trees over the flip-flops. No reset: a row is read only after this instruction wrote
  // it (k < nl).
  rinv_pkg::line_t  i_line;
  rinv_pkg::lmask_t i_mask, ltw_mask;
  logic [CdAW-1:0]  i_addr;
  logic             ireq;
  logic [KW-1:0]    hk;

  (* ram_style = "distributed" *) rinv_pkg::line_t  lt_line_m [CdDep];
  (* ram_style = "distributed" *) rinv_pkg::lmask_t lt_mask_m [CdDep];
  // their write stage (LS), like cdata's WS: the row write of cycle c reaches the copies at
  // the edge of c + 1
  logic             ltw_wl_q, ltw_wm_q, ltw_hit_q;
  logic [CdAW-1:0]  ltw_addr_q;
  rinv_pkg::line_t  ltw_line_q;
  rinv_pkg::lmask_t ltw_be_q;

  assign ireq   = (ist_q == IReq);
  assign i_addr = cd_addr(ip_q, ik_q);
  assign i_line = ireq ? lt_line_m[i_addr] : '0;
  assign i_mask = ireq ? lt_mask_m[i_addr] : '0;

  // ---- collect (§4.2): the tail slot, its hit k --------------------------------------------
  rinv_pkg::line_t  x;
  logic [3:0]       wd;
  logic             t_free, t_coll, hitk, tcp_wr, req_hs, split, t_we;
  logic             t_wsz, t_nl_last, t_lfull, t_close;
  logic [KW-1:0]    kk;
  logic [NlW-1:0]   t_nl;
  logic [LaneW-1:0] t_nlane;
  rinv_pkg::lmask_t lane_be;

  assign x       = port_req_addr_i[31:6];
  assign wd      = port_req_addr_i[5:2];
  assign t_free  = (st_q[tail_q] == SFree);
  assign t_coll  = (st_q[tail_q] == SColl);
  assign t_nl    = t_free ? '0 : nl_q[tail_q];      // SFree counts as nl = nlane = 0
  assign t_nlane = t_free ? '0 : nlane_q[tail_q];
  assign t_we    = t_free ? port_req_we_i : we_q[tail_q];   // the slot's kind (§2)
  assign tcp_wr  = cd_we_i;
  assign lane_be = 64'(port_req_wstrb_i) << {wd, 2'b00};
  // from state only: this lane op is the slot's wave_size-th; a new line takes the last row
  assign t_wsz     = (32'(t_nlane) + 1 == WaveSize);
  assign t_nl_last = (32'(t_nl) + 1 == CoalLines);

`ifdef __ICARUS__
  always @* begin
`else
  always_comb begin
`endif
    // the tail slot's rows k < nl (lowest k wins; at most one hits); the hit row's mask is
    // merged in the LS stage (ltw_mask, below)
    hitk   = 1'b0;
    hk     = '0;
    if (t_coll) begin
      for (int j = 0; j < CoalTokens; j++) begin
        if (32'(tail_q) == j) begin
          for (int k = CoalLines - 1; k >= 0; k--) begin
            if ((32'(k) < 32'(t_nl)) && (lt_line_q[j * CoalLines + k] == x)) begin
              hitk   = 1'b1;
              hk     = KW'(k);
            end
          end
        end
      end
    end
  end

  // Moore ready (§4.2, changed 2026-11-29): no hit term. A collecting slot has nl < CoalLines
  // (it closed at the handshake that filled its table), so every lane op fits. req_hs and
  // what follows from it (cd_we, cl_we, nlane) do not wait for the hit compare; only k, the
  // new row (nl++, lt_w*) and the full-table close below do.
  assign port_req_ready_o = (t_free || t_coll) && !tcp_wr && !init_i;
  assign req_hs  = port_req_valid_i && port_req_ready_o;
  assign kk      = hitk ? hk : KW'(t_nl);
  // the handshake closes the slot (-> SIss, tail++) at its last lane op, at wave_size lane ops
  // or when a new line fills the line table (new nl == CoalLines); a close without last is a
  // split (coal_splits, at the same edge)
  assign t_lfull = !hitk && t_nl_last;
  assign t_close = port_req_last_i || t_wsz || t_lfull;
  assign split   = req_hs && !port_req_last_i && (t_wsz || t_lfull);

  // ---- scatter (§4.4) -----------------------------------------------------------------------
  logic       adv, sa_act, sb_rd, sc_keep, resp_hs;
  logic [KW-1:0] sb_k;
  logic [3:0] sb_word;

  assign adv     = !sc_v_q || port_resp_ready_i;
  assign sa_act  = adv && (st_q[head_q] == SResp) && (rl_q < nlane_q[head_q]);
  assign sb_rd   = adv && sb_v_q && sb_ld_q;
  assign sc_keep = sc_v_q && sc_ld_q && !adv;
  assign {sb_k, sb_word} = cl_rdata;
  assign resp_hs = sc_v_q && port_resp_ready_i;

  assign port_resp_valid_o = sc_v_q;
  // 0 while SC is empty too (v2 §2: a field the state does not define is 0; SC.ld may be stale)
  assign port_resp_rdata_o = (sc_v_q && sc_ld_q) ? cd_rdata[{sc_word_q, 5'b00000} +: 32] : '0;

  // ---- line request (IReq): Moore, outside the next-state block (a block that also reads
  // lreq_ready_i would re-drive these and, through the TCP's ready, loop under Icarus) ------
  assign lreq_valid_o = ireq;
  assign lreq_line_o  = ireq ? i_line : '0;
  assign lreq_we_o    = ireq && we_q[ip_q];
  assign lreq_mask_o  = (ireq && we_q[ip_q]) ? i_mask : '0;
  assign lreq_data_o  = idata_q;   // 0 outside IReq (cleared as IReq ends, ILd loads it)
  assign lreq_slot_o  = ireq ? ip_q : '0;
  assign lreq_k_o     = ireq ? ik_q : '0;

  // ---- next state -------------------------------------------------------------------------
`ifdef __ICARUS__
  always @* begin
`else
  always_comb begin
`endif
    st_d      = st_q;
    we_d      = we_q;
    nl_d      = nl_q;
    ndone_d   = ndone_q;
    nlane_d   = nlane_q;
    tail_d    = tail_q;
    ip_d      = ip_q;
    head_d    = head_q;
    ist_d     = ist_q;
    ik_d      = ik_q;
    idata_d   = idata_q;
    sb_v_d    = sb_v_q;
    sb_ld_d   = sb_ld_q;
    sb_last_d = sb_last_q;
    sc_v_d    = sc_v_q;
    sc_ld_d   = sc_ld_q;
    sc_last_d = sc_last_q;
    sc_word_d = sc_word_q;
    rl_d      = rl_q;

    cl_re    = 1'b0;
    cl_raddr = cl_addr(head_q, rl_q);
    cl_we    = 1'b0;
    cl_waddr = cl_addr(tail_q, t_nlane);
    cl_wdata = {kk, wd};
    cd_re    = 1'b0;
    iss_rd   = 1'b0;
    cd_raddr = cd_addr(ip_q, ik_q);
    // cdata write port: the TCP's whole-line write (tcp_wr) or a store lane's bytes
    cd_we    = cd_we_i;
    cd_waddr = cd_we_i ? cd_addr(cd_slot_i, cd_k_i) : cd_addr(tail_q, kk);
    cd_wbe   = cd_we_i ? '1 : lane_be;
    cd_wdata = cd_we_i ? cd_wdata_i : {16{port_req_wdata_i}};

    // collect: a lane-op handshake; it may close the slot
    if (req_hs) begin
      if (t_free) begin
        we_d[tail_q]    = port_req_we_i;
        ndone_d[tail_q] = '0;
        st_d[tail_q]    = SColl;
      end
      if (!hitk) nl_d[tail_q] = t_nl + 1'b1;
      if (t_we) cd_we = 1'b1;
      cl_we = 1'b1;
      nlane_d[tail_q] = t_nlane + 1'b1;
      if (t_close) begin
        st_d[tail_q] = SIss;
        tail_d       = inc_slot(tail_q);
      end
    end

    // done(slot, k) pulses from the TCP count (also while the slot is still SIss)
    if (done_i) ndone_d[done_slot_i] = ndone_d[done_slot_i] + 1'b1;
    // SWait with every line done (values before the edge) -> SResp
    for (int j = 0; j < CoalTokens; j++) begin
      if (st_q[j] == SWait && ndone_q[j] == nl_q[j]) st_d[j] = SResp;
    end

    // issue (§4.3)
    unique case (ist_q)
      IIdle: begin
        if (st_q[ip_q] == SIss) begin
          ik_d  = '0;
          ist_d = IRd;
        end
      end
      IRd: begin
        if (!we_q[ip_q]) begin
          ist_d = ILd;
        end else if (!sb_rd && !sc_keep) begin
          cd_re  = 1'b1;
          iss_rd = 1'b1;
          ist_d = ILd;
        end
      end
      ILd: begin
        idata_d = we_q[ip_q] ? cd_rdata : '0;
        ist_d   = IReq;
      end
      IReq: begin
        if (lreq_ready_i) begin
          idata_d = '0;   // idata is 0 outside IReq: lreq_data_o needs no gate
          if (32'(ik_q) + 1 == 32'(nl_q[ip_q])) begin
            st_d[ip_q] = SWait;
            ip_d       = inc_slot(ip_q);
            ist_d      = IIdle;
          end else begin
            ik_d  = ik_q + 1'b1;
            ist_d = IRd;
          end
        end
      end
      default: ist_d = IIdle;
    endcase

    // scatter (§4.4): SA reads clane, SB reads cdata, SC answers
    if (sa_act) begin
      cl_re     = 1'b1;
      sb_v_d    = 1'b1;
      sb_ld_d   = !we_q[head_q];
      sb_last_d = (32'(rl_q) + 1 == 32'(nlane_q[head_q]));
      rl_d      = rl_q + 1'b1;
    end else if (adv) begin
      sb_v_d = 1'b0;
    end
    if (adv) begin
      if (sb_rd) begin
        cd_re    = 1'b1;
        cd_raddr = cd_addr(head_q, sb_k);
      end
      sc_v_d    = sb_v_q;
      sc_ld_d   = sb_ld_q;
      sc_last_d = sb_last_q;
      sc_word_d = sb_word;
    end
    if (resp_hs && sc_last_q) begin
      st_d[head_q] = SFree;
      head_d       = inc_slot(head_q);
      rl_d         = '0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int j = 0; j < CoalTokens; j++) st_q[j] <= SFree;
      we_q      <= '0;
      nl_q      <= '0;
      ndone_q   <= '0;
      nlane_q   <= '0;
      tail_q    <= '0;
      ip_q      <= '0;
      head_q    <= '0;
      ist_q     <= IIdle;
      ik_q      <= '0;
      idata_q   <= '0;
      sb_v_q    <= 1'b0;
      sb_ld_q   <= 1'b0;
      sb_last_q <= 1'b0;
      sc_v_q    <= 1'b0;
      sc_ld_q   <= 1'b0;
      sc_last_q <= 1'b0;
      sc_word_q <= '0;
      rl_q      <= '0;
    end else begin
      st_q      <= st_d;
      we_q      <= we_d;
      nl_q      <= nl_d;
      ndone_q   <= ndone_d;
      nlane_q   <= nlane_d;
      tail_q    <= tail_d;
      ip_q      <= ip_d;
      head_q    <= head_d;
      ist_q     <= ist_d;
      ik_q      <= ik_d;
      idata_q   <= idata_d;
      sb_v_q    <= sb_v_d;
      sb_ld_q   <= sb_ld_d;
      sb_last_q <= sb_last_d;
      sc_v_q    <= sc_v_d;
      sc_ld_q   <= sc_ld_d;
      sc_last_q <= sc_last_d;
      sc_word_q <= sc_word_d;
      rl_q      <= rl_d;
    end
  end

  // ---- cdata and clane write stages (WS): enables with reset, address and data without -------
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cdw_we_q <= 1'b0;
      clw_we_q <= 1'b0;
    end else begin
      cdw_we_q <= cd_we;
      clw_we_q <= cl_we;
    end
  end

  // loaded in every cycle (no clock enable: it would fan out to ~600 enables, and the address
  // and clane's row come behind the hit compare, kk); read only when cdw_we_q / clw_we_q is set
  always_ff @(posedge clk_i) begin
    cdw_addr_q <= cd_waddr;
    cdw_be_q   <= cd_wbe;
    cdw_data_q <= cd_wdata;
    clw_addr_q <= cl_waddr;
    clw_data_q <= cl_wdata;
  end

  // ---- line table write port: row (tail, kk) of a lane-op handshake. A new row (no hit)
  // takes the line X and mask 0; a store ORs its lane's bytes into the row's mask.
  logic             lt_wl, lt_wm;
  logic [CdAW-1:0]  lt_waddr;
  rinv_pkg::lmask_t lt_wbe;

  assign lt_wl    = req_hs && !hitk;
  assign lt_wm    = req_hs && (!hitk || t_we);
  assign lt_waddr = cd_addr(tail_q, kk);
  assign lt_wbe   = t_we ? lane_be : '0;   // OR-ed into the hit row's mask in the stage

  // lt_line_q: the tail slot's row nl takes X in every cycle, not under lt_wl. A row k >= nl is
  // never compared (k < nl above) nor read, so the write is invisible unless this cycle's
  // handshake adds a new line, which is that row (kk = nl when there is no hit) with that X.
  // The clock enables thus come from flip-flops only (tail_q, st_q, nl_q), not from behind
  // the hit compare (it was the coalescer's critical path: row -> compare -> hitk -> enable).
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int e = 0; e < CdDep; e++) lt_line_q[e] <= '0;
    end else begin
      // one compare per entry (constant indices: no variable index scaled by the entry width);
      // t_nl = CoalLines (a full slot, closed: never a collecting one) selects no row
      for (int j = 0; j < CoalTokens; j++) begin
        for (int k = 0; k < CoalLines; k++) begin
          if ((32'(tail_q) == j) && (32'(t_nl) == k)) lt_line_q[j * CoalLines + k] <= x;
        end
      end
    end
  end

  // the LUT-RAM copies through the LS stage. Invisible: the issue reads a row (i_line, i_mask)
  // in IReq, at c + 4 or later (§4.3); a hit row's mask is merged in the stage (ltw_mask,
  // below). lt_line_q, the hit compare's flip-flops, is written at the edge of c.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ltw_wl_q <= 1'b0;
      ltw_wm_q <= 1'b0;
    end else begin
      ltw_wl_q <= lt_wl;
      ltw_wm_q <= lt_wm;
    end
  end

  // loaded in every cycle, like cdata's WS (lt_wm is the hit compare's result: as a clock
  // enable it was the end of the coalescer's critical path); read only under ltw_wl_q / ltw_wm_q
  always_ff @(posedge clk_i) begin
    ltw_addr_q <= lt_waddr;
    ltw_line_q <= x;
    ltw_hit_q  <= hitk;
    ltw_be_q   <= lt_wbe;
  end

  // the staged row's mask, merged in the stage (c + 1) rather than in the hit's cycle c: the
  // row is read from the copy at the staged address (a flip-flop), which by then holds every
  // earlier write (those of c - 1 reach it at the edge of c), so the hit compare ends at the
  // stage's registers instead of a LUT-RAM read address
  assign ltw_mask = (ltw_hit_q ? lt_mask_m[ltw_addr_q] : '0) | ltw_be_q;

  always_ff @(posedge clk_i) begin
    if (ltw_wl_q) lt_line_m[ltw_addr_q] <= ltw_line_q;
    if (ltw_wm_q) lt_mask_m[ltw_addr_q] <= ltw_mask;
  end

  // ---- statistics events --------------------------------------------------------------------
  assign ev_inst_o     = req_hs && port_req_last_i;
  assign ev_lane_op_o  = req_hs;
  assign ev_line_req_o = lreq_valid_o && lreq_ready_i;
  assign ev_split_o    = split;

  logic unused_in;
  assign unused_in = ^{port_req_addr_i[1:0], unused_cl_peek, unused_cd_peek, iss_rd};

`ifdef RINV_VERIF
`ifndef SYNTHESIS
  // the LS stage's merged mask equals the merge in the lane op's own cycle it replaces: the hit
  // row's mask, a row still in the stage taken from the stage (ltw_ref_q: that merge, staged)
  rinv_pkg::lmask_t ltw_ref_h, ltw_ref_q;
  logic [CdAW-1:0]  ltw_ref_a;
  assign ltw_ref_a = cd_addr(tail_q, hk);
  assign ltw_ref_h = (ltw_wm_q && (ltw_addr_q == ltw_ref_a)) ? ltw_mask : lt_mask_m[ltw_ref_a];
  always @(posedge clk_i) ltw_ref_q <= t_we ? ((hitk ? ltw_ref_h : '0) | lane_be) : '0;

  // the cells' clients never meet on one slot (§4.4 "Cell hazards"); done and the TCP's cdata
  // writes go to a load slot waiting for its lines; ndone never passes nl
  always @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni) begin
      if (cd_we_i && ((st_q[cd_slot_i] != SIss && st_q[cd_slot_i] != SWait) ||
                      we_q[cd_slot_i])) begin
        $error("gpu_coalescer %m: TCP cdata write to slot %0d in state %0d (we %0d)",
               cd_slot_i, st_q[cd_slot_i], we_q[cd_slot_i]);
      end
      if (done_i && ((st_q[done_slot_i] != SIss && st_q[done_slot_i] != SWait) ||
                     ndone_q[done_slot_i] >= nl_q[done_slot_i])) begin
        $error("gpu_coalescer %m: done for slot %0d in state %0d (ndone %0d, nl %0d)",
               done_slot_i, st_q[done_slot_i], ndone_q[done_slot_i], nl_q[done_slot_i]);
      end
      if (cd_we_i && req_hs) $error("gpu_coalescer %m: lane op taken while tcp_wr");
      // §4.2: a collecting slot has a free row (the handshake that fills the table closes it)
      for (int j = 0; j < CoalTokens; j++) begin
        if (st_q[j] == SColl && 32'(nl_q[j]) >= CoalLines) begin
          $error("gpu_coalescer %m: slot %0d collecting with a full line table (nl %0d)", j,
                 nl_q[j]);
        end
      end
      if (iss_rd && sb_rd) $error("gpu_coalescer %m: two cdata reads");
      if (ltw_wm_q && (ltw_mask != ltw_ref_q)) begin
        $error("gpu_coalescer %m: LS stage's mask for row %0d differs from the hit-cycle merge",
               ltw_addr_q);
      end
      if (sa_act && sc_v_q && sc_last_q && resp_hs) begin
        $error("gpu_coalescer %m: SA acts in the cycle the slot is freed");
      end
    end
  end
`endif
`endif

endmodule : gpu_coalescer

// Cache controller of one side (ARCHITECTURE.md §4): N_L1 write-through L1s, one
// write-back L2 with byte dirty masks, the write-history recorder, the history transfer
// towards the directory, the range-invalidate FSM and the HIST_EN register window.
module side_cc #(
  parameter int Side    = 0,  // 0 CPU, 1 GPU (register window ownership)
  parameter int NL1     = 2,
  parameter int L1Sets  = 16,
  parameter int L1Ways  = 2,
  parameter int L2Sets  = 64,
  parameter int L2Ways  = 4,
  parameter int L1Lat   = 1,
  parameter int L2Lat   = 1,
  parameter int RecCap  = 16,
  localparam int PortW  = (NL1 > 1) ? $clog2(NL1) : 1
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  input  logic                      stall_fill_i,   // stall[2+s]
  input  logic                      stall_probe_i,  // stall[6+s]
  // Core ports of this side (local index k = global port - first port of the side).
  input  logic [NL1-1:0]            port_req_valid_i,
  input  logic [NL1-1:0]            port_req_we_i,
  input  logic [NL1-1:0][31:0]      port_req_addr_i,
  input  logic [NL1-1:0][31:0]      port_req_wdata_i,
  input  logic [NL1-1:0][3:0]       port_req_wstrb_i,
  output logic [NL1-1:0]            port_req_ready_o,
  output logic [NL1-1:0]            port_resp_valid_o,
  output logic [NL1-1:0][31:0]      port_resp_rdata_o,
  input  logic [NL1-1:0]            port_resp_ready_i,
  // cc_req towards the directory memory arbiter.
  output logic                      cc_req_valid_o,
  output logic                      cc_req_we_o,
  output logic [25:0]               cc_req_line_o,
  output logic [511:0]              cc_req_wdata_o,
  output logic [63:0]               cc_req_wmask_o,
  input  logic                      cc_req_ready_i,
  // Fill from the directory.
  input  logic                      fill_valid_i,
  input  logic [511:0]              fill_data_i,
  output logic                      fill_ready_o,
  // History transfer.
  output logic                      hist_valid_o,
  output logic                      hist_last_o,
  output logic [25:0]               hist_line_o,
  input  logic                      hist_ready_i,
  input  logic                      hist_go_i,
  input  logic                      hist_done_i,
  // Probes and acks.
  input  logic                      probe_valid_i,
  input  logic [25:0]               probe_first_i,
  input  logic [26:0]               probe_nlines_i,
  input  logic                      probe_setwalk_i,
  output logic                      probe_ready_o,
  output logic                      ack_valid_o,
  output logic [31:0]               ack_hits_o,
  input  logic                      ack_ready_i,
  output logic [7:0]                inv_count_o,
  output logic [25:0]               inv_line_o,
  // Debug peek.
  input  logic [25:0]               dbg_line_i,
  output logic                      dbg_valid_o,
  // Register bus (this side's window).
  input  logic                      rb_sel_i,     // access to this window this cycle
  input  logic                      rb_we_i,
  input  logic [14:0]               rb_off_i,
  input  logic [31:0]               rb_wdata_i,
  input  logic                      rb_side_i,
  input  logic                      rb_commit_i,  // the write is accepted (bus-level)
  output logic                      rb_err_o,     // window-level reject
  output logic [31:0]               rb_rdata_o,
  // Observed state.
  output logic                      hist_en_o,
  output logic [15:0]               rec_count_o,
  output logic [31:0]               tag_lookups_o
);

  // ---- derived parameters ----------------------------------------------------------------
  localparam int L1SetW = $clog2(L1Sets);
  localparam int L1TagW = 26 - L1SetW;
  localparam int L1WayW = (L1Ways > 1) ? $clog2(L1Ways) : 1;
  localparam int L2SetW = $clog2(L2Sets);
  localparam int L2TagW = 26 - L2SetW;
  localparam int L2WayW = (L2Ways > 1) ? $clog2(L2Ways) : 1;
  localparam int TagLat = (L1Lat > L2Lat) ? L1Lat : L2Lat;
  localparam int SMax   = (L1Sets > L2Sets) ? L1Sets : L2Sets;
  localparam int RecCntW = $clog2(RecCap + 1);

  // ---- FSM -------------------------------------------------------------------------------
  typedef enum logic [4:0] {
    StIdle, StL1Lookup, StL2Lookup, StVictimWb, StFillReq, StFillWait, StResp, StInvLat,
    StInvStep, StInvWb, StAck, StHistLookup, StHistWb, StHistBeat, StHistEnd, StHistWaitDone
  } state_e;

  state_e             state_q, state_d;
  logic [7:0]         cnt_q, cnt_d;
  // Request latch.
  typedef struct packed {
    logic [PortW-1:0] port;
    logic             we;
    logic [31:0]      addr;
    logic [31:0]      wdata;
    logic [3:0]       wstrb;
  } req_t;
  req_t               req_q, req_d;
  logic [31:0]        req_addr;  // = req_q.addr (Icarus 11 cannot part-select a member)
  assign req_addr = req_q.addr;
  logic [31:0]        rdata_q, rdata_d;
  // L2 way latched for victim / history write-back / invalidate write-back.
  logic [L2WayW-1:0]  way_q, way_d;
  // Probe latch, walk index, hit count.
  logic [25:0]        pfirst_q, pfirst_d;
  logic [26:0]        pn_q, pn_d;
  logic               psw_q, psw_d;
  logic [26:0]        walk_q, walk_d;
  logic [31:0]        hits_q, hits_d;
  logic [15:0]        tl_add;      // tag lookups of this cycle's step (cc_regs adds them)
  // Recorder and transfer.
  logic               hist_en;     // HIST_EN (cc_regs)
  logic               xfer_q, xfer_d;
  logic [RecCntW-1:0] rec_cnt;
  logic               rec_push, rec_pop;

  // ---- array instances -------------------------------------------------------------------
  logic [L2SetW-1:0]               l2_set;
  logic [L2Ways-1:0]               l2_valid, l2_rec, l2_dbg_valid;
  logic [L2Ways-1:0][L2TagW-1:0]   l2_tag, l2_dbg_tag;
  logic [L2Ways-1:0][63:0]         l2_dmask;
  logic [L2WayW-1:0]               l2_rr, l2_rd_way, l2_wr_way, l2_wr_rr;
  logic [511:0]                    l2_data, l2_wr_data;
  logic                            l2_wr_valid_en, l2_wr_rec_en, l2_wr_rr_en, l2_wr_tag_en;
  logic                            l2_wr_data_en, l2_wr_dmask_en;
  logic [L2Ways-1:0]               l2_wr_valid, l2_wr_rec;
  logic [63:0]                     l2_wr_be, l2_wr_dmask;

  // Per-L1 results exported from gen_l1 (one index per vector keeps Icarus happy).
  logic [NL1-1:0]          l1_hit_any;
  logic [NL1-1:0][511:0]   l1_data;
  logic [NL1-1:0][7:0]     l1_inv_cnt, l1_hit_cnt;
  logic [NL1-1:0]          l1_fm_any, l1_dbg_hit;
  logic [NL1-1:0][25:0]    l1_fm_line;
  // Commands from the FSM to every L1 (gen_l1 turns them into array writes).
  logic                    l1_upd_en;       // store: write-update every L1 holding X
  logic                    l1_fill_en;      // load: install X in the requester's L1
  logic [511:0]            l1_fill_data;
  logic                    l1_inv_step_en;  // invalidate this step's hits / matches
  logic                    l1_inv_hit_en;   // invalidate the hits of lookup line Y
  logic                    l1_in_set;

  // Store data as line-wide byte enables / data (declared before the L1 instances use them).
  logic [3:0]   req_word;
  logic [63:0]  st_be;
  logic [511:0] st_data, st_bits, fill_merged;
  assign req_word = req_addr[5:2];
  assign st_be    = 64'(req_q.wstrb) << {req_word, 2'b00};
  assign st_data  = {16{req_q.wdata}};
  always_comb begin
    for (int b = 0; b < 64; b++) st_bits[8*b +: 8] = {8{st_be[b]}};
  end
  assign fill_merged = req_q.we ? ((fill_data_i & ~st_bits) | (st_data & st_bits)) : fill_data_i;

  cache_array #(
    .Sets (L2Sets),
    .Ways (L2Ways),
    .IsL2 (1'b1)
  ) u_l2 (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .set_i         (l2_set),
    .rd_valid_o    (l2_valid),
    .rd_tag_o      (l2_tag),
    .rd_dmask_o    (l2_dmask),
    .rd_rec_o      (l2_rec),
    .rd_rr_o       (l2_rr),
    .rd_way_i      (l2_rd_way),
    .rd_data_o     (l2_data),
    .dbg_set_i     (dbg_line_i[L2SetW-1:0]),
    .dbg_valid_o   (l2_dbg_valid),
    .dbg_tag_o     (l2_dbg_tag),
    .wr_valid_en_i (l2_wr_valid_en),
    .wr_valid_i    (l2_wr_valid),
    .wr_rec_en_i   (l2_wr_rec_en),
    .wr_rec_i      (l2_wr_rec),
    .wr_rr_en_i    (l2_wr_rr_en),
    .wr_rr_i       (l2_wr_rr),
    .wr_way_i      (l2_wr_way),
    .wr_tag_en_i   (l2_wr_tag_en),
    .wr_tag_i      (req_addr[31 -: L2TagW]),  // only installs write tags: line X
    .wr_data_en_i  (l2_wr_data_en),
    .wr_be_i       (l2_wr_be),
    .wr_data_i     (l2_wr_data),
    .wr_dmask_en_i (l2_wr_dmask_en),
    .wr_dmask_i    (l2_wr_dmask)
  );

  assign l1_in_set = !use_sw || (walk_q < 27'(L1Sets));

  for (genvar k = 0; k < NL1; k++) begin : gen_l1
    logic [L1SetW-1:0]             set;
    logic [L1Ways-1:0]             valid, dbg_valid, hit, match, inv;
    // Flat vectors: Yosys cannot size 2-D packed arrays declared inside generate blocks.
    logic [L1Ways*L1TagW-1:0]      tag, dbg_tag;
    logic [L1Ways*26-1:0]          line;
    logic [L1WayW-1:0]             rr, hit_way, vict_way, fm_way, wr_way;
    logic                          hit_any, has_inval, fm_any, dbg_hit;
    logic [511:0]                  data;
    logic                          fill;
    logic                          wr_valid_en, wr_rr_en, wr_data_en;
    logic [L1Ways-1:0]             wr_valid;
    logic [L1Ways-1:0]             unused_rec;
    logic [L1Ways*64-1:0]          unused_dmask;

    assign set = use_sw ? walk_q[L1SetW-1:0] : lk_line[L1SetW-1:0];

    cache_array #(
      .Sets (L1Sets),
      .Ways (L1Ways),
      .IsL2 (1'b0)
    ) u_l1 (
      .clk_i         (clk_i),
      .rst_ni        (rst_ni),
      .set_i         (set),
      .rd_valid_o    (valid),
      .rd_tag_o      (tag),
      .rd_dmask_o    (unused_dmask),
      .rd_rec_o      (unused_rec),
      .rd_rr_o       (rr),
      .rd_way_i      (hit_way),
      .rd_data_o     (data),
      .dbg_set_i     (dbg_line_i[L1SetW-1:0]),
      .dbg_valid_o   (dbg_valid),
      .dbg_tag_o     (dbg_tag),
      .wr_valid_en_i (wr_valid_en),
      .wr_valid_i    (wr_valid),
      .wr_rec_en_i   (1'b0),
      .wr_rec_i      ({L1Ways{1'b0}}),
      .wr_rr_en_i    (wr_rr_en),
      .wr_rr_i       ((32'(rr) == L1Ways - 1) ? '0 : rr + 1'b1),
      .wr_way_i      (wr_way),
      .wr_tag_en_i   (fill),
      .wr_tag_i      (req_addr[31 -: L1TagW]),  // only fills write tags: line X
      .wr_data_en_i  (wr_data_en),
      .wr_be_i       (fill ? {64{1'b1}} : st_be),
      .wr_data_i     (fill ? l1_fill_data : st_data),
      .wr_dmask_en_i (1'b0),
      .wr_dmask_i    (64'd0)
    );

    always_comb begin
      hit_any   = 1'b0;
      hit_way   = '0;
      vict_way  = rr;
      has_inval = 1'b0;
      fm_any    = 1'b0;
      fm_way    = '0;
      dbg_hit   = 1'b0;
      // Descending loops: the last assignment is the lowest index.
      for (int w = L1Ways - 1; w >= 0; w--) begin
        line[w*26 +: 26] = {tag[w*L1TagW +: L1TagW], set};
        hit[w]   = valid[w] && (tag[w*L1TagW +: L1TagW] == lk_line[25 -: L1TagW]);
        match[w] = l1_in_set && valid[w] && in_range(line[w*26 +: 26], pfirst_q, range_end);
        if (hit[w])    begin hit_any = 1'b1;   hit_way  = L1WayW'(w); end
        if (!valid[w]) begin has_inval = 1'b1; vict_way = L1WayW'(w); end
        if (match[w])  begin fm_any = 1'b1;    fm_way   = L1WayW'(w); end
        if (dbg_valid[w] && dbg_tag[w*L1TagW +: L1TagW] == dbg_line_i[25 -: L1TagW]) dbg_hit = 1'b1;
      end
      inv = psw_q ? match : hit;
    end

    // Array writes from the FSM commands. Fill victim: lowest invalid way, else rr (++).
    assign fill        = l1_fill_en && (req_q.port == PortW'(k));
    assign wr_way      = fill ? vict_way : hit_way;
    assign wr_valid_en = fill || l1_inv_step_en || l1_inv_hit_en;
    assign wr_valid    = fill           ? (valid | (L1Ways'(1) << vict_way)) :
                         l1_inv_step_en ? (valid & ~inv) : (valid & ~hit);
    assign wr_rr_en    = fill && !has_inval;
    assign wr_data_en  = fill || (l1_upd_en && hit_any);

    assign l1_hit_any[k] = hit_any;
    assign l1_data[k]    = data;
    assign l1_inv_cnt[k] = 8'($countones(inv));
    assign l1_hit_cnt[k] = 8'($countones(hit));
    assign l1_fm_any[k]  = fm_any;
    assign l1_fm_line[k] = line[32'(fm_way)*26 +: 26];
    assign l1_dbg_hit[k] = dbg_hit;
  end

  // ---- recorder FIFO (the directory's FIFO cell; the FSM never pushes into a full one) -----
  logic [25:0] rec_head_line;

  hist_fifo #(
    .Depth(RecCap)
  ) u_rec (
    .clk_i,
    .rst_ni,
    .flush_i    (1'b0),
    .pop_i      (rec_pop),
    .push_i     (rec_push),
    .push_line_i(req_addr[31:6]),
    .push_ok_o  (),
    .head_o     (rec_head_line),
    .count_o    (rec_cnt)
  );

  // ---- lookups ---------------------------------------------------------------------------
  logic [25:0] req_line, inv_y, lk_line;
  logic        in_inv, use_sw;
  logic [26:0] range_end;  // first + n, 27-bit, no wrap
  assign req_line  = req_addr[31:6];
  assign inv_y     = pfirst_q + walk_q[25:0];
  assign in_inv    = (state_q == StInvStep) || (state_q == StInvWb);
  assign use_sw    = in_inv && psw_q;
  assign range_end = {1'b0, pfirst_q} + pn_q;

  always_comb begin
    unique case (state_q)
      StInvLat, StInvStep, StInvWb:           lk_line = inv_y;
      StHistLookup, StHistWb, StHistBeat:     lk_line = rec_head_line;
      default:                                lk_line = req_line;
    endcase
  end

  function automatic logic in_range(input logic [25:0] l, input logic [25:0] f,
                                    input logic [26:0] e);
    in_range = ({1'b0, l} >= {1'b0, f}) && ({1'b0, l} < e);
  endfunction

  // L2: hits of lk_line and set-walk matches of set j.
  logic                    l2_in_set;
  logic [L2Ways-1:0]       l2_hit, l2_match, l2_dirty, l2_inv;
  logic                    l2_hit_any;
  logic [L2WayW-1:0]       l2_hit_way, l2_vict_way, l2_dm_way, l2_fm_way;
  logic                    l2_has_inval, l2_dm_any, l2_fm_any;
  logic [L2Ways-1:0][25:0] l2_line;  // line held by each way of the addressed set

  assign l2_set    = use_sw ? walk_q[L2SetW-1:0] : lk_line[L2SetW-1:0];
  assign l2_in_set = !use_sw || (walk_q < 27'(L2Sets));

  always_comb begin
    l2_hit_any   = 1'b0;
    l2_hit_way   = '0;
    l2_vict_way  = l2_rr;
    l2_has_inval = 1'b0;
    l2_dm_any    = 1'b0;
    l2_dm_way    = '0;
    l2_fm_any    = 1'b0;
    l2_fm_way    = '0;
    for (int w = L2Ways - 1; w >= 0; w--) begin
      l2_line[w]  = {l2_tag[w], l2_set};
      l2_dirty[w] = |l2_dmask[w];
      l2_hit[w]   = l2_valid[w] && (l2_tag[w] == lk_line[25 -: L2TagW]);
      l2_match[w] = l2_in_set && l2_valid[w] && in_range(l2_line[w], pfirst_q, range_end);
      // Descending loop: the last assignment is the lowest index.
      if (l2_hit[w])                    begin l2_hit_any = 1'b1;   l2_hit_way  = L2WayW'(w); end
      if (!l2_valid[w])                 begin l2_has_inval = 1'b1; l2_vict_way = L2WayW'(w); end
      if (l2_match[w] && l2_dirty[w])   begin l2_dm_any = 1'b1;    l2_dm_way   = L2WayW'(w); end
      if (l2_match[w])                  begin l2_fm_any = 1'b1;    l2_fm_way   = L2WayW'(w); end
    end
    l2_inv = psw_q ? l2_match : l2_hit;
  end

  // Invalidation step summary: count, first matching line, tag lookups.
  logic [7:0]  step_count, l1_hit_count;
  logic [25:0] step_line;
  logic [15:0] step_lookups;
  // always @*, not always_comb, here and in the FSM process: Icarus 11 otherwise loops at zero
  // delay between the two blocks (docs/VERIFICATION.md, Icarus directed tests).
  always @* begin
    step_count   = 8'($countones(l2_inv));
    l1_hit_count = '0;
    for (int k = 0; k < NL1; k++) begin
      step_count   = step_count + l1_inv_cnt[k];
      l1_hit_count = l1_hit_count + l1_hit_cnt[k];
    end
    // First match in (array, way) order: L2 first, then L1 0, 1, ...
    step_line = '0;
    for (int k = NL1 - 1; k >= 0; k--) begin
      if (l1_fm_any[k]) step_line = l1_fm_line[k];
    end
    if (l2_fm_any) step_line = l2_line[l2_fm_way];
    if (!psw_q) step_line = inv_y;
    if (psw_q) begin
      step_lookups = 16'(walk_q < 27'(L2Sets)) + 16'(NL1) * 16'(walk_q < 27'(L1Sets));
    end else begin
      step_lookups = 16'(1 + NL1);
    end
  end

  function automatic logic [31:0] word_of(input logic [511:0] d, input logic [3:0] w);
    word_of = d[{w, 5'b00000} +: 32];
  endfunction

  // Round-robin port choice in StIdle (granted when no probe, transfer or early drain acts).
  logic             port_any, port_en;
  logic [PortW-1:0] port_sel;
  assign port_any = |port_req_valid_i;
  assign port_en  = (state_q == StIdle) && !(probe_valid_i && !stall_probe_i) && !xfer_q &&
                    (32'(rec_cnt) != RecCap);

  cc_portarb #(
    .NL1(NL1)
  ) u_parb (
    .clk_i,
    .rst_ni,
    .en_i    (port_en),
    .valid_i (port_req_valid_i),
    .ready_o (port_req_ready_o),
    .grant_o (),
    .sel_o   (port_sel)
  );

  // ---- FSM combinational process ---------------------------------------------------------
  logic walk_last;
  assign walk_last = psw_q ? (walk_q + 27'd1 == 27'(SMax)) : (walk_q + 27'd1 == pn_q);

  // always @*: see the step summary above (Icarus 11).
  always @* begin
    state_d     = state_q;
    req_d       = req_q;
    cnt_d       = cnt_q;
    rdata_d     = rdata_q;
    way_d       = way_q;
    pfirst_d    = pfirst_q;
    pn_d        = pn_q;
    psw_d       = psw_q;
    walk_d      = walk_q;
    hits_d      = hits_q;
    tl_add      = '0;
    rec_push    = 1'b0;
    rec_pop     = 1'b0;

    port_resp_valid_o = '0;
    port_resp_rdata_o = '0;
    cc_req_valid_o    = 1'b0;
    cc_req_we_o       = 1'b0;
    cc_req_line_o     = '0;
    cc_req_wdata_o    = '0;
    cc_req_wmask_o    = '0;
    fill_ready_o      = 1'b0;
    hist_valid_o      = 1'b0;
    hist_last_o       = 1'b0;
    hist_line_o       = '0;
    probe_ready_o     = 1'b0;
    ack_valid_o       = 1'b0;
    ack_hits_o        = '0;
    inv_count_o       = '0;
    inv_line_o        = '0;

    // Array controls.
    l2_rd_way      = l2_hit_way;
    l2_wr_way      = l2_hit_way;
    l2_wr_valid_en = 1'b0;
    l2_wr_valid    = l2_valid;
    l2_wr_rec_en   = 1'b0;
    l2_wr_rec      = l2_rec;
    l2_wr_rr_en    = 1'b0;
    l2_wr_rr       = (32'(l2_rr) == L2Ways - 1) ? '0 : l2_rr + 1'b1;  // (rr + 1) % ways
    l2_wr_tag_en   = 1'b0;
    l2_wr_data_en  = 1'b0;
    l2_wr_be       = st_be;
    l2_wr_data     = st_data;
    l2_wr_dmask_en = 1'b0;
    l2_wr_dmask    = '0;
    l1_upd_en      = 1'b0;
    l1_fill_en     = 1'b0;
    l1_fill_data   = l2_data;
    l1_inv_step_en = 1'b0;
    l1_inv_hit_en  = 1'b0;

    unique case (state_q)
      StIdle: begin
        probe_ready_o = !stall_probe_i;
        if (probe_valid_i && !stall_probe_i) begin
          pfirst_d = probe_first_i;
          pn_d     = probe_nlines_i;
          psw_d    = probe_setwalk_i;
          hits_d   = '0;
          cnt_d    = 8'(TagLat - 1);
          state_d  = StInvLat;
        end else if (xfer_q) begin
          if (rec_cnt != '0) begin
            cnt_d   = 8'(L2Lat - 1);
            state_d = StHistLookup;
          end else begin
            state_d = StHistEnd;
          end
        end else if (32'(rec_cnt) == RecCap) begin
          // Early drain of one recorder entry so the next store has room to record.
          cnt_d   = 8'(L2Lat - 1);
          state_d = StHistLookup;
        end else if (port_any) begin
          req_d.port  = port_sel;
          req_d.we    = port_req_we_i[port_sel];
          req_d.addr  = port_req_addr_i[port_sel];
          req_d.wdata = port_req_wdata_i[port_sel];
          req_d.wstrb = port_req_wstrb_i[port_sel];
          rdata_d     = '0;
          cnt_d       = 8'(L1Lat - 1);
          state_d     = StL1Lookup;
        end
      end

      StL1Lookup: begin
        if (cnt_q != '0) begin
          cnt_d = cnt_q - 1'b1;
        end else if (!req_q.we) begin
          if (l1_hit_any[req_q.port]) begin
            rdata_d = word_of(l1_data[req_q.port], req_word);
            state_d = StResp;
          end else begin
            cnt_d   = 8'(L2Lat - 1);
            state_d = StL2Lookup;
          end
        end else begin
          // Write-update every L1 of the side that holds the line.
          l1_upd_en = 1'b1;
          cnt_d   = 8'(L2Lat - 1);
          state_d = StL2Lookup;
        end
      end

      StL2Lookup: begin
        if (cnt_q != '0) begin
          cnt_d = cnt_q - 1'b1;
        end else if (l2_hit_any) begin
          if (!req_q.we) begin
            rdata_d = word_of(l2_data, req_word);
            // Fill the requester's L1 from the L2 line.
            l1_fill_en   = 1'b1;
            l1_fill_data = l2_data;
          end else begin
            l2_wr_data_en  = 1'b1;
            l2_wr_dmask_en = 1'b1;
            l2_wr_dmask    = l2_dmask[l2_hit_way] | st_be;
            if (hist_en && !l2_rec[l2_hit_way]) begin
              l2_wr_rec_en = 1'b1;
              l2_wr_rec    = l2_rec | (L2Ways'(1) << l2_hit_way);
              rec_push     = 1'b1;
            end
          end
          state_d = StResp;
        end else begin
          // Miss: the victim is chosen now and not revisited.
          way_d       = l2_vict_way;
          l2_wr_rr_en = !l2_has_inval;
          if (l2_valid[l2_vict_way] && l2_dirty[l2_vict_way]) state_d = StVictimWb;
          else                                                 state_d = StFillReq;
        end
      end

      StVictimWb: begin
        l2_rd_way      = way_q;
        cc_req_valid_o = 1'b1;
        cc_req_we_o    = 1'b1;
        cc_req_line_o  = l2_line[way_q];
        cc_req_wdata_o = l2_data;
        cc_req_wmask_o = l2_dmask[way_q];
        if (cc_req_ready_i) begin
          l2_wr_valid_en = 1'b1;
          l2_wr_valid    = l2_valid & ~(L2Ways'(1) << way_q);
          state_d        = StFillReq;
        end
      end

      StFillReq: begin
        cc_req_valid_o = 1'b1;
        cc_req_line_o  = req_line;
        if (cc_req_ready_i) state_d = StFillWait;
      end

      StFillWait: begin
        fill_ready_o = !stall_fill_i;
        if (fill_valid_i && !stall_fill_i) begin
          // Install X in the victim way, then act as an L2 hit.
          l2_wr_way      = way_q;
          l2_wr_valid_en = 1'b1;
          l2_wr_valid    = l2_valid | (L2Ways'(1) << way_q);
          l2_wr_tag_en   = 1'b1;
          l2_wr_data_en  = 1'b1;
          l2_wr_be       = '1;
          l2_wr_data     = fill_merged;
          l2_wr_dmask_en = 1'b1;
          l2_wr_dmask    = req_q.we ? st_be : '0;
          l2_wr_rec_en   = 1'b1;
          l2_wr_rec      = l2_rec & ~(L2Ways'(1) << way_q);
          if (req_q.we && hist_en) begin
            l2_wr_rec = l2_rec | (L2Ways'(1) << way_q);
            rec_push  = 1'b1;
          end
          if (!req_q.we) begin
            rdata_d = word_of(fill_data_i, req_word);
            l1_fill_en   = 1'b1;
            l1_fill_data = fill_data_i;
          end
          state_d = StResp;
        end
      end

      StResp: begin
        port_resp_valid_o[req_q.port] = 1'b1;
        port_resp_rdata_o[req_q.port] = rdata_q;
        if (port_resp_ready_i[req_q.port]) state_d = StIdle;
      end

      StInvLat: begin
        if (cnt_q != '0) begin
          cnt_d = cnt_q - 1'b1;
        end else begin
          walk_d  = '0;
          state_d = StInvStep;
        end
      end

      StInvStep: begin
        if (!psw_q && l2_hit_any && l2_dirty[l2_hit_way]) begin
          way_d   = l2_hit_way;
          state_d = StInvWb;
        end else if (psw_q && l2_dm_any) begin
          way_d   = l2_dm_way;
          state_d = StInvWb;
        end else begin
          l2_wr_valid_en = 1'b1;
          l2_wr_valid    = l2_valid & ~l2_inv;
          l1_inv_step_en = 1'b1;
          hits_d      = hits_q + 32'(step_count);
          tl_add      = step_lookups;
          inv_count_o = step_count;
          inv_line_o  = step_line;
          if (walk_last) state_d = StAck;
          else           walk_d  = walk_q + 27'd1;
        end
      end

      StInvWb: begin
        l2_rd_way      = way_q;
        cc_req_valid_o = 1'b1;
        cc_req_we_o    = 1'b1;
        cc_req_line_o  = psw_q ? l2_line[way_q] : inv_y;
        cc_req_wdata_o = l2_data;
        cc_req_wmask_o = l2_dmask[way_q];
        if (cc_req_ready_i) begin
          l2_wr_valid_en = 1'b1;
          l2_wr_valid    = l2_valid & ~(L2Ways'(1) << way_q);
          if (psw_q) begin
            // Only this way; the same set is re-evaluated next cycle.
            hits_d      = hits_q + 32'd1;
            inv_count_o = 8'd1;
            inv_line_o  = l2_line[way_q];
            state_d     = StInvStep;
          end else begin
            l1_inv_hit_en = 1'b1;
            hits_d      = hits_q + 32'd1 + 32'(l1_hit_count);
            tl_add      = 16'(1 + NL1);
            inv_count_o = 8'd1 + l1_hit_count;
            inv_line_o  = inv_y;
            if (walk_last) begin
              state_d = StAck;
            end else begin
              walk_d  = walk_q + 27'd1;
              state_d = StInvStep;
            end
          end
        end
      end

      StAck: begin
        ack_valid_o = 1'b1;
        ack_hits_o  = hits_q;
        if (ack_ready_i) state_d = StIdle;
      end

      StHistLookup: begin
        if (cnt_q != '0) begin
          cnt_d = cnt_q - 1'b1;
        end else if (l2_hit_any) begin
          way_d        = l2_hit_way;
          l2_wr_rec_en = 1'b1;
          l2_wr_rec    = l2_rec & ~(L2Ways'(1) << l2_hit_way);
          if (l2_dirty[l2_hit_way]) state_d = StHistWb;
          else                      state_d = StHistBeat;
        end else begin
          state_d = StHistBeat;
        end
      end

      StHistWb: begin
        // Release write-back: the line stays valid and becomes clean.
        l2_rd_way      = way_q;
        cc_req_valid_o = 1'b1;
        cc_req_we_o    = 1'b1;
        cc_req_line_o  = rec_head_line;
        cc_req_wdata_o = l2_data;
        cc_req_wmask_o = l2_dmask[way_q];
        if (cc_req_ready_i) begin
          l2_wr_way      = way_q;
          l2_wr_dmask_en = 1'b1;
          l2_wr_dmask    = '0;
          state_d        = StHistBeat;
        end
      end

      StHistBeat: begin
        hist_valid_o = 1'b1;
        hist_line_o  = rec_head_line;
        if (hist_ready_i) begin
          rec_pop = 1'b1;
          if (!xfer_q) begin
            state_d = StIdle;
          end else if (rec_cnt > RecCntW'(1)) begin
            cnt_d   = 8'(L2Lat - 1);
            state_d = StHistLookup;
          end else begin
            state_d = StHistEnd;
          end
        end
      end

      StHistEnd: begin
        hist_valid_o = 1'b1;
        hist_last_o  = 1'b1;
        if (hist_ready_i) state_d = StHistWaitDone;
      end

      StHistWaitDone: begin
        if (hist_done_i) state_d = StIdle;
      end

      default: state_d = StIdle;
    endcase
  end

  // xfer: set by hist_go (whatever the state), cleared when leaving StHistWaitDone.
  always_comb begin
    xfer_d = xfer_q;
    if (state_q == StHistWaitDone && hist_done_i) xfer_d = 1'b0;
    if (hist_go_i) xfer_d = 1'b1;
  end

  // ---- register window: HIST_EN, REC_COUNT, TAG_LOOKUPS ------------------------------------
  cc_regs #(
    .Side(Side)
  ) u_regs (
    .clk_i,
    .rst_ni,
    .rb_sel_i,
    .rb_we_i,
    .rb_off_i,
    .rb_wdata_i,
    .rb_side_i,
    .rb_commit_i,
    .rb_err_o,
    .rb_rdata_o,
    .rec_count_i  (16'(rec_cnt)),
    .sm_valid_i   (1'b1),
    .sm_lookups_i (tl_add),
    .hist_en_o    (hist_en),
    .tag_lookups_o
  );

  // ---- debug peek -------------------------------------------------------------------------
  always_comb begin
    dbg_valid_o = 1'b0;
    for (int w = 0; w < L2Ways; w++) begin
      if (l2_dbg_valid[w] && l2_dbg_tag[w] == dbg_line_i[25 -: L2TagW]) dbg_valid_o = 1'b1;
    end
    if (l1_dbg_hit != '0) dbg_valid_o = 1'b1;
  end

  // ---- state registers --------------------------------------------------------------------
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q     <= StIdle;
      req_q       <= '0;
      cnt_q       <= '0;
      rdata_q     <= '0;
      way_q       <= '0;
      pfirst_q    <= '0;
      pn_q        <= '0;
      psw_q       <= 1'b0;
      walk_q      <= '0;
      hits_q      <= '0;
      xfer_q      <= 1'b0;
    end else begin
      state_q     <= state_d;
      req_q       <= req_d;
      cnt_q       <= cnt_d;
      rdata_q     <= rdata_d;
      way_q       <= way_d;
      pfirst_q    <= pfirst_d;
      pn_q        <= pn_d;
      psw_q       <= psw_d;
      walk_q      <= walk_d;
      hits_q      <= hits_d;
      xfer_q      <= xfer_d;
    end
  end
  assign hist_en_o     = hist_en;
  assign rec_count_o   = 16'(rec_cnt);

endmodule : side_cc

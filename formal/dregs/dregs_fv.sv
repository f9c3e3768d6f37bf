// Formal checker of the directory registers, lock and flags dir_regs (ARCHITECTURE_v2.md §7.5,
// §7.6, §8, §9.2; ARCHITECTURE.md §5.2, §5.3, §6), top of formal/dregs.sby. The properties are
// written from the contract, not from dir_regs' code: the reject rule of every register
// (exp_err), the next state of the block after one cycle with no accepted write (idle_nx: the
// history beats, drops, the generator's clear and finish) and after an accepted write of each
// register (acc_nx), the lock, the set-wins-over-clear order, the read data and the events.
//
// Environment (what dir_ctrl and axil_regbus drive): one register access per cycle, as
// axil_regbus presents it: rb_sel = an access to the dir window, rb_we = a write access (to any
// window), commit = a write without any reject (window flag, misaligned address, partial
// strobe), reject = an access with one; any other window's flag and any strobe are free.
// The history and generator inputs are free, except that the generator's finish and ovf clear
// happen only while inv_busy (dir_probegen is in GRun exactly while inv_busy: entered by the
// accepted INV_START, left by finish; not proved here). Every STATUS bit is observed in every
// cycle through pk_status, the value a STATUS read returns in this cycle (the net dut.status,
// connected by the .sby script: Yosys has no hierarchical references, and dir_regs has no
// port for hist_busy or the last id); a STATUS read on the bus is checked to return it.
module dregs_fv #(
  parameter int  HistCap = 512,
  parameter int  RtCap   = 8,
  localparam int FCntW   = $clog2(HistCap + 1),
  localparam int RCntW   = $clog2(RtCap + 2)
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // the AXI4-Lite access of this cycle, as axil_regbus decodes it
  input  logic                  acc_i,        // an access is presented
  input  logic                  dirwin_i,     // ... to the dir window (else another / none)
  input  logic                  we_i,         // ... a write
  input  logic [14:0]           off_i,
  input  logic [31:0]           wdata_i,
  input  logic                  side_i,
  input  logic                  strb_err_i,   // a write with wstrb != 4'b1111
  input  logic                  other_err_i,  // the other window's flag (or unmapped)
  // history structures and probe generator
  input  logic [1:0]            beat_data_i,
  input  logic [1:0]            beat_last_i,
  input  logic [1:0]            drop_i,
  input  logic [1:0][FCntW-1:0] fifo_cnt_i,
  input  logic [1:0][RCntW-1:0] rt_cnt_i,
  input  logic [1:0]            rt_idle_i,
  input  logic [1:0]            rt_merge_i,
  input  logic [1:0][25:0]      rt_gap_i,
  input  logic [1:0][15:0]      hist_count_i,
  input  logic                  clr_ovf_i,
  input  logic                  finish_i,
  input  logic                  phs_i,
  input  logic                  ack_hs_i,
  input  logic                  tgt_i,
  input  logic                  p_all_i,
  input  logic                  aw_i,
  input  logic [26:0]           p_n_i,
  input  logic [26:0]           total_tgt_i,
  input  logic [1:0][31:0]      ack_hits_i,
  input  logic [9:0][31:0]      st_cnt_i
);

  // register offsets (ARCHITECTURE_v2.md §8), written out here rather than taken from the RTL
  localparam logic [14:0] OffLock    = 15'h0000;
  localparam logic [14:0] OffMode    = 15'h1000;
  localparam logic [14:0] OffStatus  = 15'h2000;
  localparam logic [14:0] OffErr     = 15'h3000;
  localparam logic [14:0] OffCnt     = 15'h4000;
  localparam logic [14:0] OffStart   = 15'h5000;
  localparam logic [14:0] OffHistRx  = 15'h6000;

  // ---- the bus (axil_regbus: commit = do_wr && !err, reject = access && err) -----------------
  logic        sel, we, commit, reject, bus_err;
  logic        rb_err;
  logic [31:0] rb_rdata;
  assign sel     = acc_i && dirwin_i;
  assign we      = acc_i && we_i;
  assign bus_err = (sel ? rb_err : other_err_i) || (off_i[1:0] != 2'b00) || (we && strb_err_i);
  assign commit  = we && !bus_err;
  assign reject  = acc_i && bus_err;

  logic [9:0][31:0] st_ev;
  logic [9:0]       st_clr;
  logic             wr_inv_start, src, inv_busy, inv_done;
  logic [1:0]       mode, walk, ovf, hist_go, hist_done, owner;

  dir_regs #(
    .HistCap (HistCap),
    .RtCap   (RtCap)
  ) dut (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .rb_sel_i       (sel),
    .rb_we_i        (we),
    .rb_off_i       (off_i),
    .rb_wdata_i     (wdata_i),
    .rb_side_i      (side_i),
    .rb_commit_i    (commit),
    .rb_reject_i    (reject),
    .rb_err_o       (rb_err),
    .rb_rdata_o     (rb_rdata),
    .beat_data_i    (beat_data_i),
    .beat_last_i    (beat_last_i),
    .drop_i         (drop_i),
    .fifo_cnt_i     (fifo_cnt_i),
    .rt_cnt_i       (rt_cnt_i),
    .rt_idle_i      (rt_idle_i),
    .rt_merge_i     (rt_merge_i),
    .rt_gap_i       (rt_gap_i),
    .hist_count_i   (hist_count_i),
    .clr_ovf_i      (clr_ovf_i),
    .finish_i       (finish_i),
    .phs_i          (phs_i),
    .ack_hs_i       (ack_hs_i),
    .tgt_i          (tgt_i),
    .p_all_i        (p_all_i),
    .aw_i           (aw_i),
    .p_n_i          (p_n_i),
    .total_tgt_i    (total_tgt_i),
    .ack_hits_i     (ack_hits_i),
    .st_cnt_i       (st_cnt_i),
    .st_ev_o        (st_ev),
    .st_clr_o       (st_clr),
    .wr_inv_start_o (wr_inv_start),
    .mode_o         (mode),
    .walk_o         (walk),
    .ovf_o          (ovf),
    .src_o          (src),
    .hist_go_o      (hist_go),
    .hist_done_o    (hist_done),
    .lock_owner_o   (owner),
    .inv_busy_o     (inv_busy),
    .inv_done_o     (inv_done)
  );

  // the STATUS value of this cycle (dut.status; connected by the .sby script)
  logic [31:0] pk_status;
  logic [1:0]  hist_busy, last_id;
  assign hist_busy = pk_status[3:2];
  assign last_id   = pk_status[5:4];

  logic init_q = 1'b1;
  always_ff @(posedge clk_i) init_q <= 1'b0;
  always_comb if (init_q) assume (!rst_ni);
  always_comb if (!init_q) assume (rst_ni);
  // dir_probegen runs (GRun) only while inv_busy: finish and the ovf clear only then
  always_comb if (rst_ni) assume (!(finish_i || clr_ovf_i) || inv_busy);

  // ---- the contract ----------------------------------------------------------------------------
  // state of the block as the contract names it (STATUS, MODE, src, the pulses)
  typedef struct packed {
    logic [1:0] owner;
    logic [1:0] mode;
    logic [1:0] walk;
    logic       inv_busy;
    logic       inv_done;
    logic [1:0] hist_busy;
    logic [1:0] hist_go;
    logic [1:0] hist_done;
    logic [1:0] ovf;
    logic [1:0] last_id;
    logic       src;
  } st_t;

  st_t cs, idle_nx, acc_nx, reset_st;
  // fields in the order of st_t: owner, mode, walk, inv_busy, inv_done, hist_busy, hist_go,
  // hist_done, ovf, last_id, src
  assign cs = {owner, mode, walk, inv_busy, inv_done, hist_busy, hist_go, hist_done, ovf,
               last_id, src};
  // reset (§8: mode = run, walk = addr; lock free, no release or history transfer, no ovf)
  assign reset_st = {2'd0, 2'd1, 2'd0, 1'b0, 1'b0, 2'b00, 2'b00, 2'b00, 2'b00, 2'd0, 1'b0};

  logic [1:0]  r;          // requester id s + 1
  logic [31:0] v;
  logic        k_lock, k_mode, k_ro, k_start, k_hrx, mapped, nonempty, exp_err;
  logic        start_ok;
  assign r = side_i ? 2'd2 : 2'd1;
  assign v = wdata_i;
  assign k_lock  = (off_i == OffLock);
  assign k_mode  = (off_i == OffMode);
  assign k_start = (off_i == OffStart);
  assign k_hrx   = (off_i == OffHistRx);
  // read-only: STATUS, ERR_COUNT, the counters k = 0..10 (0x4000 + 4k); k > 10 unmapped
  assign k_ro    = (off_i == OffStatus) || (off_i == OffErr) ||
                   (off_i >= OffCnt && off_i <= OffCnt + 15'd40 && off_i[1:0] == 2'b00);
  assign mapped  = k_lock || k_mode || k_ro || k_start || k_hrx;
  // any history structure non-empty: a FIFO count, a table count, a table FSM not in RIdle
  assign nonempty = (fifo_cnt_i[0] != '0) || (fifo_cnt_i[1] != '0) || (rt_cnt_i[0] != '0) ||
                    (rt_cnt_i[1] != '0) || !rt_idle_i[0] || !rt_idle_i[1];
  // INV_START and HIST_RX: v in {1,2}, v == r, owner = r, not inv_busy, not hist_busy[s]
  assign start_ok = (v == 32'd1 || v == 32'd2) && (v == 32'(r)) && (owner == r) && !inv_busy &&
                    !hist_busy[side_i];

  // the §8 reject rule of the dir window (register level)
  always_comb begin
    exp_err = 1'b0;
    if (!mapped) exp_err = 1'b1;
    else if (we) begin
      if (k_ro) exp_err = 1'b1;
      else if (k_lock) begin
        if (v > 32'd2) exp_err = 1'b1;
        else if (v != 32'd0) exp_err = (v != 32'(r));
        else exp_err = (owner != r) || inv_busy || hist_busy[side_i];
      end else if (k_mode) begin
        exp_err = (v[31:4] != '0) || (v[1:0] == 2'd3) || (v[3:2] == 2'd3) || inv_busy ||
                  (hist_busy != 2'b00) || nonempty || (ovf != 2'b00);
      end else exp_err = !start_ok;   // INV_START, HIST_RX
    end
  end

  // next state with no accepted write: beats (ARCHITECTURE.md §5.2), the generator's clear of
  // ovf[src] and finish (§5.3), drops; set wins over clear for ovf (§9.2)
  always_comb begin
    idle_nx = cs;
    idle_nx.hist_go   = 2'b00;
    idle_nx.hist_done = beat_last_i;
    for (int s = 0; s < 2; s++) begin
      if (beat_last_i[s]) idle_nx.hist_busy[s] = 1'b0;
      if (clr_ovf_i && (32'(src) == s)) idle_nx.ovf[s] = 1'b0;
      if (drop_i[s]) idle_nx.ovf[s] = 1'b1;
    end
    if (finish_i) begin
      idle_nx.inv_busy = 1'b0;
      idle_nx.inv_done = 1'b1;
    end
  end

  // next state after an accepted write of the register at off_i (§8 table)
  always_comb begin
    acc_nx = idle_nx;
    if (k_lock) begin
      if (v == 32'd0) begin
        acc_nx.owner    = 2'd0;
        acc_nx.inv_done = 1'b0;
      end else if (owner == 2'd0) acc_nx.owner = v[1:0];
    end
    if (k_mode) begin
      acc_nx.mode = v[1:0];
      acc_nx.walk = v[3:2];
    end
    if (k_start) begin
      acc_nx.src      = side_i;
      acc_nx.inv_busy = 1'b1;
      acc_nx.inv_done = 1'b0;
      acc_nx.last_id  = r;
    end
    if (k_hrx) begin
      acc_nx.hist_busy[side_i] = 1'b1;    // set wins over a same-side last beat (§9.2)
      acc_nx.hist_go[side_i]   = 1'b1;
    end
  end

  logic acc_wr, rej_dir;
  assign acc_wr  = sel && commit;    // an accepted write of the dir window
  assign rej_dir = sel && reject;

  // ---- values of the previous cycle ----------------------------------------------------------
  logic        past_q, rst_q, acc_wr_q, rej_dir_q, k_lock_q, k_mode_q, k_start_q, k_hrx_q;
  logic        side_q, inv_busy_q, lock0_ok_q;
  logic [1:0]  owner_q, r_q, hist_busy_q, beat_last_q, drop_q, src_dq;
  logic        clr_ovf_q;
  logic [31:0] v_q;
  st_t         idle_nx_q, acc_nx_q;
  always_ff @(posedge clk_i) begin
    past_q      <= 1'b1;
    rst_q       <= rst_ni;
    acc_wr_q    <= acc_wr;
    rej_dir_q   <= rej_dir;
    k_lock_q    <= k_lock;
    k_mode_q    <= k_mode;
    k_start_q   <= k_start;
    k_hrx_q     <= k_hrx;
    side_q      <= side_i;
    r_q         <= r;
    v_q         <= v;
    owner_q     <= owner;
    inv_busy_q  <= inv_busy;
    hist_busy_q <= hist_busy;
    beat_last_q <= beat_last_i;
    drop_q      <= drop_i;
    clr_ovf_q   <= clr_ovf_i;
    src_dq      <= src ? 2'b10 : 2'b01;
    idle_nx_q   <= idle_nx;
    acc_nx_q    <= acc_nx;
  end
  initial past_q = 1'b0;

  logic chk, chk1;
  assign chk  = rst_ni && past_q && rst_q;     // a previous cycle out of reset
  assign chk1 = rst_ni && past_q && !rst_q;    // the first cycle after reset

  always_comb begin
    if (rst_ni) begin
      // the reject rule (§8) of every dir register, for reads and writes
      dregs_err_rule: assert (!sel || rb_err == exp_err);
      // the lock owner is 0 (free), 1 (CPU) or 2 (GPU)
      dregs_owner_legal: assert (owner <= 2'd2);
      // a LOCK = 0 write from a non-owner, or while inv_busy or that side's hist_busy, is
      // rejected
      dregs_lock_release_rejected: assert (!(sel && we && k_lock && v == 32'd0 &&
                                             (owner != r || inv_busy || hist_busy[side_i])) ||
                                           rb_err);
      // INV_START / HIST_RX accepted only under the §8 conditions; MODE only under its rules
      dregs_start_accept_cond: assert (!(sel && commit && k_start) || start_ok);
      dregs_hist_rx_accept_cond: assert (!(sel && commit && k_hrx) || start_ok);
      dregs_mode_accept_cond: assert (!(sel && commit && k_mode) ||
                                      (v[31:4] == '0 && v[1:0] != 2'd3 && v[3:2] != 2'd3 &&
                                       !inv_busy && hist_busy == 2'b00 && !nonempty &&
                                       ovf == 2'b00));
      // statistics events of the register bus (§7.6): ERR_COUNT per rejected access (any
      // window), releases and the inv_cycles_last clear per accepted INV_START; inv_cycles and
      // inv_cycles_last count the inv_busy cycles (ARCHITECTURE.md §5.3)
      dregs_ev_err: assert (st_ev[9] == 32'(reject));
      dregs_ev_release: assert (st_ev[8] == 32'(acc_wr && k_start) &&
                                st_clr == {2'b00, acc_wr && k_start, 7'b0});
      dregs_ev_inv_cycles: assert (st_ev[6] == 32'(inv_busy) && st_ev[7] == 32'(inv_busy));
      dregs_wr_inv_start: assert (wr_inv_start == (acc_wr && k_start));
      // statistics events of the history structures and the generator (§7.2-§7.4, §7.6): a
      // data beat counts one history entry; a refused FIFO push (drop) and a smallest-gap
      // merge each count one overflow; over_inv adds each side's merge gap (the lines the
      // merge added, rt_merge_adds_gap in formal/rtable) and an all-probe ack's hits;
      // inv_hits adds every ack's hits; a probe handshake counts one probe and its lines
      // (the all-probe: the target's TOTAL_LINES)
      dregs_ev_hist_entries: assert (st_ev[4] == 32'(beat_data_i[0]) + 32'(beat_data_i[1]));
      dregs_ev_overflows: assert (st_ev[5] == 32'(drop_i[0]) + 32'(drop_i[1]) +
                                              32'(rt_merge_i[0]) + 32'(rt_merge_i[1]));
      dregs_ev_over_inv: assert (st_ev[3] == ((ack_hs_i && aw_i) ? ack_hits_i[tgt_i] : 32'd0) +
                                             (rt_merge_i[0] ? 32'(rt_gap_i[0]) : 32'd0) +
                                             (rt_merge_i[1] ? 32'(rt_gap_i[1]) : 32'd0));
      dregs_ev_inv_hits: assert (st_ev[2] == (ack_hs_i ? ack_hits_i[tgt_i] : 32'd0));
      dregs_ev_probes: assert (st_ev[0] == 32'(phs_i) &&
                               st_ev[1] == (phs_i ? (p_all_i ? 32'(total_tgt_i) : 32'(p_n_i))
                                                  : 32'd0));
      // STATUS layout (§8): [0] inv_busy [1] inv_done [3:2] hist_busy [5:4] last id [7:6] ovf
      // [9:8] owner; the ports carry the same flags
      dregs_status_fields: assert (pk_status[0] == inv_busy && pk_status[1] == inv_done &&
                                   pk_status[7:6] == ovf && pk_status[9:8] == owner &&
                                   pk_status[31:10] == '0);
      // read data of every mapped register (reads return the value before the edge; the
      // counters lagged by dir_stats, hist_count unlagged; INV_START / HIST_RX read STATUS)
      if (sel && !we && mapped) begin
        dregs_rdata: assert (
          (k_lock   && rb_rdata == {30'b0, owner}) ||
          (k_mode   && rb_rdata == {28'b0, walk, mode}) ||
          ((off_i == OffStatus || k_start || k_hrx) && rb_rdata == pk_status) ||
          (off_i == OffErr && rb_rdata == st_cnt_i[9]) ||
          (off_i >= OffCnt && off_i <= OffCnt + 15'd32 &&
           rb_rdata == st_cnt_i[off_i[5:2]]) ||
          (off_i == OffCnt + 15'd36 && rb_rdata == 32'(hist_count_i[0])) ||
          (off_i == OffCnt + 15'd40 && rb_rdata == 32'(hist_count_i[1])));
      end
    end
    if (chk1) begin
      dregs_reset_values: assert (cs == reset_st);
    end
    if (chk) begin
      // no accepted write (a read, a rejected access, another window, no access): the state
      // is what the history and the generator alone make of it
      dregs_no_commit_no_change: assert (acc_wr_q || cs == idle_nx_q);
      // a rejected dir access changes nothing (its only effect is the ERR_COUNT event)
      dregs_reject_no_change: assert (!rej_dir_q || cs == idle_nx_q);
      // an accepted write changes only what its register's rule says
      dregs_lock_effect: assert (!(acc_wr_q && k_lock_q) || cs == acc_nx_q);
      dregs_mode_effect: assert (!(acc_wr_q && k_mode_q) || cs == acc_nx_q);
      dregs_inv_start_effect: assert (!(acc_wr_q && k_start_q) || cs == acc_nx_q);
      dregs_hist_rx_effect: assert (!(acc_wr_q && k_hrx_q) || cs == acc_nx_q);
      dregs_other_write_no_change: assert (!(acc_wr_q && !k_lock_q && !k_mode_q && !k_start_q &&
                                             !k_hrx_q) || cs == idle_nx_q);
      // the lock, port by port: only the owner releases it (not while inv_busy or its
      // hist_busy); a free lock is taken only by LOCK = r; an owned lock never changes hands
      dregs_lock_release_owner: assert (!(owner_q != 2'd0 && owner == 2'd0) ||
                                        (acc_wr_q && k_lock_q && v_q == 32'd0 && r_q == owner_q &&
                                         !inv_busy_q && !hist_busy_q[side_q]));
      dregs_lock_take: assert (!(owner_q == 2'd0 && owner != 2'd0) ||
                               (acc_wr_q && k_lock_q && v_q == 32'(r_q) && owner == r_q));
      dregs_lock_no_steal: assert (!(owner_q != 2'd0 && owner != 2'd0) || owner == owner_q);
      // hist_go: a one-cycle pulse in the cycle after an accepted HIST_RX of that side
      dregs_hist_go_pulse: assert (hist_go == ((acc_wr_q && k_hrx_q) ?
                                               (side_q ? 2'b10 : 2'b01) : 2'b00));
      // hist_done: a one-cycle pulse in the cycle after a last = 1 beat of that side
      dregs_hist_done_pulse: assert (hist_done == beat_last_q);
      // set wins over clear (§9.2): an accepted HIST_RX and a same-side last beat leave
      // hist_busy set; an all-probe's clear and a same-edge drop leave ovf set
      dregs_hist_busy_set_wins: assert (!(acc_wr_q && k_hrx_q &&
                                          beat_last_q[side_q]) || hist_busy[side_q]);
      dregs_ovf_set_wins: assert (!(clr_ovf_q && |(drop_q & src_dq)) || |(ovf & src_dq));
    end
  end

  // ---- reachability (cover task) -------------------------------------------------------------
  logic taken_q;      // the lock was taken at some point
  always_ff @(posedge clk_i) begin
    if (!rst_ni) taken_q <= 1'b0;
    else if (owner != 2'd0) taken_q <= 1'b1;
  end
  always_comb begin
    if (chk) begin
      dregs_cover_lock_released: cover (taken_q && owner_q != 2'd0 && owner == 2'd0);
      dregs_cover_hist_go: cover (hist_go != 2'b00);
      dregs_cover_hist_busy_set_wins: cover (acc_wr_q && k_hrx_q && beat_last_q[side_q]);
      dregs_cover_ovf_set_wins: cover (clr_ovf_q && |(drop_q & src_dq));
      dregs_cover_inv_done: cover (inv_done && owner != 2'd0);
    end
    if (rst_ni) begin
      dregs_cover_inv_start: cover (acc_wr && k_start);
      dregs_cover_hist_rx: cover (acc_wr && k_hrx);
      dregs_cover_mode: cover (acc_wr && k_mode && v[3:0] == 4'h6);
      // rejected accesses, one per kind of rule
      dregs_cover_rej_unmapped: cover (rej_dir && !we && !mapped);
      dregs_cover_rej_read_only: cover (rej_dir && we && k_ro);
      dregs_cover_rej_strobe: cover (rej_dir && !rb_err && we && strb_err_i);
      dregs_cover_rej_lock_value: cover (rej_dir && we && k_lock && v > 32'd2);
      dregs_cover_rej_lock_other_id: cover (rej_dir && we && k_lock && v != 32'd0 && v <= 32'd2);
      dregs_cover_rej_release_nonowner: cover (rej_dir && we && k_lock && v == 32'd0 &&
                                               owner != 2'd0 && owner != r);
      dregs_cover_rej_release_inv_busy: cover (rej_dir && we && k_lock && v == 32'd0 &&
                                               owner == r && inv_busy);
      dregs_cover_rej_release_hist_busy: cover (rej_dir && we && k_lock && v == 32'd0 &&
                                                owner == r && !inv_busy && hist_busy[side_i]);
      dregs_cover_rej_mode_value: cover (rej_dir && we && k_mode && v[1:0] == 2'd3);
      dregs_cover_rej_mode_nonempty: cover (rej_dir && we && k_mode && v[31:0] == 32'd2 &&
                                            !inv_busy && hist_busy == 2'b00 && ovf == 2'b00);
      dregs_cover_rej_mode_ovf: cover (rej_dir && we && k_mode && v[31:0] == 32'd2 && ovf != 0);
      dregs_cover_rej_start_nonowner: cover (rej_dir && we && k_start && v == 32'(r) &&
                                             owner != r);
      dregs_cover_rej_start_inv_busy: cover (rej_dir && we && k_start && v == 32'(r) &&
                                             owner == r && inv_busy);
      dregs_cover_rej_start_hist_busy: cover (rej_dir && we && k_start && v == 32'(r) &&
                                              owner == r && !inv_busy && hist_busy[side_i]);
      dregs_cover_rej_hist_rx: cover (rej_dir && we && k_hrx && v == 32'(r) && owner == r &&
                                      hist_busy[side_i]);
      dregs_cover_rej_hist_rx_value: cover (rej_dir && we && k_hrx && v != 32'(r) && owner == r);
    end
  end

endmodule : dregs_fv

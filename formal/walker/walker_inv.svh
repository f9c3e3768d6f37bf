// Inductive invariants of the walker on the datapath top (formal/walker.sby, tasks prove_dp*,
// break_ind, break_ind_o1; included by walker_dp_fv.sv under FV_WALKER_IND). With
// them wk_inv_at_ack, wk_wb_before_ack and wk_wb_mask close by k-induction (they are
// 1-inductive; the job uses k = 3; docs/VERIFICATION.md §12.2).
// Only for the formal configuration of walker_dp_fv: NL1 1, 1 way, Lanes 1, TagLat 1, Pif 2 (the
// defaults of walker_dp_fv), L1Sets = L2Sets = 2 or 4 (tasks *_r4: 4), TagOreg 0 or 1 (tasks
// *o1: the stage TO, the cells' read registers behind their output registers). The
// .sby gives these tasks the data abstraction FV_LINE_BITS = 8, MaxN = 256: L, the client's tags
// and the probes' ranges below line 256, n <= 256, or the all-probe.
//
// The .sby script connects the pk_* wires of this file to the flattened walker's registers and
// to the words of the arrays (`connect -nomap -set`, after `memory_map`): open-source Yosys has
// no hierarchical references. The checker only reads them. Ghost registers (w*_q, vis_q) follow
// the walker's stages by the same enables (fz, hz); they are the checker's, not the walker's.
//
// The argument (three parts, each an invariant below; W = the watched probe, L the watched line):
//   (a) address generator: while W is in flight, its range holds L and L's group of W has not
//       acted, that group is still ahead: W in nxt or cur with grp <= L (L's row for a set
//       walk), or W's group of L in TO, CM or AC (wk_i_gen; every W register carries W's range,
//       wk_i_r*, and is well formed: grp + left = pend, wk_i_cur). The ack of W leaves only
//       after its last event left SM (ghost stage tags w*_q, the ack count wk_i_cnt /
//       wk_i_ahead / wk_i_wq), so at W's ack L's group of W has acted (vis_q).
//   (b) act: a group of L's row in TO has L's row's words in the cells' read registers
//       (wk_i_to), in CM in what the walker compares (wk_i_cm): no write to that row since the
//       read (hz: TO, CM, AC never hold one row, wk_i_nc*); in AC its hits are exactly "valid
//       and in the group" of those words (wk_i_ac), so the act invalidates L in every array. It
//       acts only with no dirty hit left (fz): a dirty L is written back first, with the dmask
//       the read register holds (wk_i_wbm, wk_i_m), which clears d_q (wk_i_d: d_q is exactly
//       "L valid and dirty in the L2").
//   (c) after L's act nothing makes L valid or dirty again until W's ack (wk_i_vis): the walker
//       writes only valid = 0 words, the client writes only outside StWalk (and then sets
//       core_q, the properties' exception), nothing is in the walker outside StWalk (wk_i_own)
//       and the init walk has no probe (wk_i_ini).

  localparam int RW = RowW2;   // row bits (L1Sets = L2Sets)

  // ---- views (the walker's packed types, Lanes 1) -------------------------------------------
  typedef struct packed {
    logic        sw;
    logic [25:0] grp;
    logic        lanes;
    logic        last;
    logic        lk1;
    logic        lk2;
    logic [25:0] first;
    logic [26:0] pend;
  } fg_t;
  typedef struct packed {
    logic        valid;
    logic        sw;
    logic [25:0] grp;
    logic [26:0] left;
    logic        last1;
    logic        lk1;
    logic        lk2;
    logic        isfirst;
    logic        mfirst;
    logic        mlast;
    logic [25:0] first;
    logic [26:0] pend;
  } fp_t;
  typedef struct packed {
    logic [7:0]  count;
    logic [25:0] line;
    logic [15:0] lookups;
    logic        last;
  } fe_t;

  fp_t              pk_cur, pk_nxt;
  fg_t              pk_to, pk_cm, pk_ac;
  fe_t              pk_ct, pk_sm;
  logic             pk_tov, pk_cmv, pk_acv, pk_ctv, pk_smv, pk_wb, pk_fz, pk_hz, pk_wbl, pk_wbw;
  logic             pk_a2h, pk_a2d, pk_a1h;
  logic [TagW2-1:0] pk_a2t;
  logic [TagW1-1:0] pk_a1t;
  logic [1:0]       pk_hone;
  logic [1:0]       pk_aqn;
  // the words of rows 0..3 (rows 2, 3 only with 4 sets; unconnected and unused with 2)
  logic [SW2-1:0]   pk_t2_0, pk_t2_1, pk_t2_2, pk_t2_3;   // L2 tagst words
  logic [TagW1:0]   pk_t1_0, pk_t1_1, pk_t1_2, pk_t1_3;   // L1 tagst words
  rinv_pkg::lmask_t pk_k_0, pk_k_1, pk_k_2, pk_k_3;       // L2 dmask words
  logic [SW2-1:0]   pk_r2;                     // read registers of the L2 / L1 tagst cell
  logic [TagW1:0]   pk_r1;                     //   (TagOreg 1: behind them the output registers)

  // L's row (both arrays have 2 or 4 rows), its words, and what they say about L
  logic [SW2-1:0]   t2l;
  logic [TagW1:0]   t1l;
  rinv_pkg::lmask_t kl;
  logic             l2v, l2d, l1v, hold2, hold1;
  logic [TagW2-1:0] l2t, tagl2;
  logic [TagW1-1:0] l1t, tagl1;
  // (multiplexers, not a concatenation: a pk_* wire must stay an input of a cell, or Yosys's
  // opt_clean may merge it into another name before the script's connect drives it)
  logic [RW-1:0]         lr;   // L's row
  assign lr    = wl[RW-1:0];
  if (RW == 1) begin : gen_rows2
    assign t2l = lr[0] ? pk_t2_1 : pk_t2_0;
    assign t1l = lr[0] ? pk_t1_1 : pk_t1_0;
    assign kl  = lr[0] ? pk_k_1 : pk_k_0;
  end else begin : gen_rows4
    assign t2l = (lr == 0) ? pk_t2_0 : (lr == 1) ? pk_t2_1 : (lr == 2) ? pk_t2_2 : pk_t2_3;
    assign t1l = (lr == 0) ? pk_t1_0 : (lr == 1) ? pk_t1_1 : (lr == 2) ? pk_t1_2 : pk_t1_3;
    assign kl  = (lr == 0) ? pk_k_0 : (lr == 1) ? pk_k_1 : (lr == 2) ? pk_k_2 : pk_k_3;
  end
  assign l2t   = t2l[SW2-1 -: TagW2];
  assign l2v   = t2l[2];
  assign l2d   = t2l[1];
  assign l1t   = t1l[TagW1 -: TagW1];
  assign l1v   = t1l[0];
  assign tagl2 = TagW2'(wl >> RW);
  assign tagl1 = TagW1'(wl >> RW);
  assign hold2 = l2v && (l2t == tagl2);
  assign hold1 = l1v && (l1t == tagl1);

  function automatic logic inr(input logic [26:0] line, input logic [25:0] f,
                               input logic [26:0] p);
    inr = (line >= {1'b0, f}) && (line < p);
  endfunction
  // a word's tag is in group g (the walker's CM compare, Lanes 1)
  function automatic logic mt(input fg_t g, input logic [TagW2-1:0] tg);
    mt = g.sw ? inr({1'b0, tg, g.grp[RW-1:0]}, g.first, g.pend) : (tg == TagW2'(g.grp >> RW));
  endfunction
  // group g covers L
  function automatic logic covl(input fg_t g, input logic [25:0] l);
    covl = g.sw ? (g.grp[RW-1:0] == l[RW-1:0] && inr({1'b0, l}, g.first, g.pend))
                : (g.grp == l);
  endfunction
  // probe p (in cur / nxt) has L's group still to issue (its range holds L)
  function automatic logic pendl(input fp_t p, input logic [25:0] l);
    pendl = p.sw ? (26'(l[RW-1:0]) >= p.grp) : (l >= p.grp);
  endfunction
  // a probe register is well formed (load() and the front's step keep it so)
  function automatic logic okp(input fp_t p);
    okp = p.lk1 && p.lk2 && p.mfirst && p.mlast && (p.left != '0) &&
          (p.last1 == (p.left == 27'd1)) && (p.pend <= 27'(1 << 26)) &&
          (p.sw ? (p.grp < 26'(L2Sets) && 28'(p.grp) + 28'(p.left) == 28'(L2Sets))
                : (p.first <= p.grp && 28'(p.grp) + 28'(p.left) == 28'(p.pend)));
  endfunction
  function automatic logic okg(input fg_t g);
    okg = g.lanes && g.lk1 && g.lk2 &&
          (g.sw ? (g.grp < 26'(L2Sets)) : (g.first <= g.grp && {1'b0, g.grp} < g.pend));
  endfunction

  // ---- the walker's cycle, as its registers show it ------------------------------------------
  logic front_adv, cur_out, act, ev_v, pipe;
  assign front_adv = !pk_fz && !pk_hz;
  assign cur_out   = !pk_cur.valid || (front_adv && pk_cur.last1);
  assign act       = pk_acv && !pk_wb && !(pk_a2h && pk_a2d);
  assign ev_v      = act || (pk_acv && pk_wb && wb_ready);
  assign pipe      = pk_cur.valid || pk_nxt.valid || pk_tov || pk_cmv || pk_acv || pk_ctv ||
                     pk_smv;

  // ---- ghost: which stages hold W, W's ack in the queue, L's group of W has acted ---------------
  logic wnxt_q, wcur_q, wto_q, wcm_q, wac_q, wct_q, wsm_q, wq_q, vis_q, pickw;
  assign pickw = p_hs && watch_pick && !wv_q;
  always_ff @(posedge clk_i) begin
    logic wc, wn;
    if (!rst_ni) begin
      {wnxt_q, wcur_q, wto_q, wcm_q, wac_q, wct_q, wsm_q, wq_q, vis_q} <= '0;
    end else begin
      wc = wcur_q;
      wn = wnxt_q;
      if (front_adv && pk_cur.valid && pk_cur.last1) wc = 1'b0;
      if (cur_out && pk_nxt.valid) begin
        wc = wnxt_q;
        wn = 1'b0;
      end
      if (p_hs) begin
        if (cur_out) wc = pickw;
        else         wn = pickw;
      end
      wcur_q <= wc;
      wnxt_q <= wn;
      if (!pk_fz) begin
        if (TagOreg != 0) begin
          wto_q <= wcur_q && pk_cur.valid && !pk_hz;
          wcm_q <= wto_q;
        end else begin
          wcm_q <= wcur_q && pk_cur.valid && !pk_hz;
        end
        wac_q <= wcm_q;
      end
      wct_q <= ev_v && wac_q;
      wsm_q <= pk_ctv && wct_q;
      if (w_ack) wq_q <= 1'b0;
      else if (pk_smv && pk_sm.last && wsm_q) wq_q <= 1'b1;
      if (w_ack) vis_q <= 1'b0;
      else if (act && wac_q && covl(pk_ac, wl)) vis_q <= 1'b1;
    end
  end

  // stages youngest first: nxt, cur, TO, CM, AC, CT, SM; valid, W's, last (cur / nxt: a whole
  // probe)
  logic [6:0] sv, sw, sl;
  int         older;
  assign sv = {pk_smv, pk_ctv, pk_acv, pk_cmv, pk_tov, pk_cur.valid, pk_nxt.valid};
  assign sw = {wsm_q, wct_q, wac_q, wcm_q, wto_q, wcur_q, wnxt_q};
  assign sl = {pk_sm.last, pk_ct.last, pk_ac.last, pk_cm.last, pk_to.last, 2'b11};
  always_comb begin
    older = 0;
    for (int s = 1; s < 7; s++) begin
      if (sv[s] && sl[s] && !sw[s] && (sw & ((7'd1 << s) - 7'd1)) != '0) older = older + 1;
    end
  end

  // W's stages: each valid; contiguous; W's last group (or act event) has no younger stage of W;
  // the youngest stage of W past the front holds its last group (or event)
  logic bad_w;
  always_comb begin
    bad_w = 1'b0;
    for (int i = 0; i < 7; i++) begin
      if (sw[i] && !sv[i]) bad_w = 1'b1;
      if (i >= 2 && sw[i] && !sl[i] && (sw & ((7'd1 << i) - 7'd1)) == '0) bad_w = 1'b1;
      for (int j = i + 1; j < 7; j++) begin
        if (sw[i] && sw[j] && sl[j] && j >= 2) bad_w = 1'b1;
        for (int k = j + 1; k < 7; k++) begin
          if (sw[i] && sw[k] && sv[j] && !sw[j]) bad_w = 1'b1;
        end
      end
    end
  end

  // ---- the invariants -----------------------------------------------------------------------
  always_comb begin
    if (rst_ni) begin
      // owner: init walk (clears L's row), nothing in the walker outside StWalk
      if (ini) begin
        wk_i_ini: assert (32'(icnt_q) < Init && !wv_q && out_q == '0 && !pipe &&
                          pk_aqn == '0 && !d_q);
        if (32'(lr) < 32'(icnt_q)) wk_i_ini0: assert (t2l == '0 && t1l == '0);
      end
      if (pipe) wk_i_own: assert (st_walk);
      // probes: the count, the registers
      wk_i_cnt: assert (32'(out_q) == 32'(pk_aqn) + 32'(pk_nxt.valid) + 32'(pk_cur.valid) +
                        32'(pk_tov && pk_to.last) + 32'(pk_cmv && pk_cm.last) +
                        32'(pk_acv && pk_ac.last) + 32'(pk_ctv && pk_ct.last) +
                        32'(pk_smv && pk_sm.last));
      if (pk_nxt.valid) wk_i_nxt: assert (pk_cur.valid && okp(pk_nxt));
      if (pk_cur.valid) wk_i_cur: assert (okp(pk_cur));
      if (pk_tov) wk_i_tog: assert (TagOreg != 0 && okg(pk_to));
      if (pk_cmv) wk_i_cmg: assert (okg(pk_cm));
      if (pk_acv) wk_i_acg: assert (okg(pk_ac));
      wk_i_wbx: assert (!pk_wbl && !pk_wbw && (!pk_wb || (pk_acv && pk_a2h && pk_a2d)));
      // AC's one-hot: the lowest of {L1 hit, clean L2 hit} (bit 0: the L2 way)
      if (pk_acv) wk_i_hone: assert (pk_hone == ((pk_a2h && !pk_a2d) ? 2'b01 :
                                                 pk_a1h ? 2'b10 : 2'b00));
      // (b) hazards: TO, CM and AC never hold one row; the words of L's row (TO: in the cells'
      // read registers; CM: in what the walker reads, the output registers with TagOreg 1)
      if (pk_cmv && pk_acv) wk_i_nc: assert (pk_cm.grp[RW-1:0] != pk_ac.grp[RW-1:0]);
      if (pk_tov && pk_cmv) wk_i_nc_tc: assert (pk_to.grp[RW-1:0] != pk_cm.grp[RW-1:0]);
      if (pk_tov && pk_acv) wk_i_nc_ta: assert (pk_to.grp[RW-1:0] != pk_ac.grp[RW-1:0]);
      if (pk_tov && pk_to.grp[RW-1:0] == lr) wk_i_to: assert (pk_r2 == t2l && pk_r1 == t1l);
      if (pk_cmv && pk_cm.grp[RW-1:0] == lr) begin
        wk_i_cm: assert (l2_t_rdata[0][0] == t2l && l1_t_rd_f == t1l);
      end
      if (pk_acv && pk_ac.grp[RW-1:0] == lr) begin
        wk_i_ac: assert (pk_a2t == l2t && pk_a1t == l1t && pk_a2h == (l2v && mt(pk_ac, l2t)) &&
                         (!pk_a2h || pk_a2d == l2d) && pk_a1h == (l1v && mt(pk_ac, l1t)));
        if (pk_wb) wk_i_wbm: assert (l2_m_rdata[0] == kl);
      end
      if (!ini) begin
        wk_i_d: assert (d_q == (hold2 && l2d));
        if (d_q) wk_i_m: assert (kl == m_q);
      end
      // (a) W: where it is, its ack's place, its range, L's group still ahead
      if (!wv_q) wk_i_nw: assert (sw == '0 && !wq_q && !vis_q);
      else       wk_i_w: assert ((sw != '0) != wq_q);
      if (wq_q) wk_i_wq: assert (32'(ahead_q) < 32'(pk_aqn));
      if (sw != '0) wk_i_ahead: assert (32'(ahead_q) == 32'(pk_aqn) + older);
      if (wnxt_q) wk_i_wnxt: assert (sw == 7'd1);
      wk_i_wst: assert (!bad_w);
      if (wnxt_q) wk_i_rn: assert (inr({1'b0, wl}, pk_nxt.first, pk_nxt.pend) == cov_q);
      if (wcur_q) wk_i_rc: assert (inr({1'b0, wl}, pk_cur.first, pk_cur.pend) == cov_q);
      if (wto_q) wk_i_rt: assert (inr({1'b0, wl}, pk_to.first, pk_to.pend) == cov_q);
      if (wcm_q) wk_i_rm: assert (inr({1'b0, wl}, pk_cm.first, pk_cm.pend) == cov_q);
      if (wac_q) wk_i_ra: assert (inr({1'b0, wl}, pk_ac.first, pk_ac.pend) == cov_q);
      if (wv_q && cov_q && !vis_q) begin
        wk_i_gen: assert ((wnxt_q && pendl(pk_nxt, wl)) || (wcur_q && pendl(pk_cur, wl)) ||
                          (wto_q && covl(pk_to, wl)) || (wcm_q && covl(pk_cm, wl)) ||
                          (wac_q && covl(pk_ac, wl)));
      end
      // (c) after L's act: L valid in no array and not dirty until W's ack
      if (wv_q && vis_q && !core_q) wk_i_vis: assert (!hold2 && !hold1 && !d_q);
    end
  end

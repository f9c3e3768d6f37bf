// Shared by formal/walker/walker_fv.sv and walker_dp_fv.sv (included inside the module): the
// probes' unacked count and the directory's rules for them, the watched probe, the walker
// properties and the covers. The including checker declares wl (the
// watched line), watch_pick, out_q / OW (unacked probes), the handshakes p_hs (probe), a_hs
// (ack), c_hs (what makes the ack's check void) and w_hs (a write of a line, wr_line /
// wr_mask), the probe ports, dbg_valid (L valid in an array) and the dirty model d_q / m_q.

  // ---- probes: the unacked count and the directory's rules --------------------------------
  always_ff @(posedge clk_i) begin
    if (!rst_ni) out_q <= '0;
    else         out_q <= out_q + OW'(p_hs) - OW'(a_hs);
  end
  always_comb begin
    // the directory's rules: at most Pif unacked probes, n >= 1, first + n <= 2**26; lines
    // below 2**LB with n <= MaxN, or the all-probe
    if (32'(out_q) >= Pif) assume (!probe_valid);
    assume ((probe_first < 26'(1 << LB) && probe_nlines >= 27'd1 &&
             probe_nlines <= 27'(MaxN)) ||
            (probe_first == '0 && probe_nlines == 27'(1 << 26)));
  end

  // ---- the watched probe --------------------------------------------------------------------
  logic          wv_q;      // a watched probe is in flight (accepted, ack not yet taken)
  logic [OW-1:0] ahead_q;   // acks still to leave before the watched probe's
  logic          cov_q;     // its range holds L
  logic          core_q;    // c_hs since it was accepted (a core request; in
                            // walker_dp_fv: a client write of an array)
  logic          wasv_q;    // L was valid when it was accepted (for the cover)
  logic          wasd_q;    // L was dirty when it was accepted (for the cover)
  logic          w_ack;     // the watched probe's ack handshakes in this cycle
  logic [26:0]   pend;
  assign pend  = {1'b0, probe_first} + probe_nlines;
  assign w_ack = wv_q && a_hs && (ahead_q == '0);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      wv_q    <= 1'b0;
      ahead_q <= '0;
      cov_q   <= 1'b0;
      core_q  <= 1'b0;
      wasv_q  <= 1'b0;
      wasd_q  <= 1'b0;
    end else if (!wv_q) begin
      if (p_hs && watch_pick) begin
        wv_q    <= 1'b1;
        ahead_q <= out_q - OW'(a_hs);   // the acks of the probes accepted before it
        cov_q   <= (probe_first <= wl) && ({1'b0, wl} < pend);
        core_q  <= c_hs;
        wasv_q  <= dbg_valid;
        wasd_q  <= d_q;
      end
    end else begin
      if (w_ack) wv_q <= 1'b0;
      if (a_hs && ahead_q != '0) ahead_q <= ahead_q - 1'b1;
      if (c_hs) core_q <= 1'b1;
    end
  end

  // ---- properties -----------------------------------------------------------------------------
  always_comb begin
    if (rst_ni) begin
      if (w_ack && cov_q && !core_q) begin
        wk_inv_at_ack: assert (!dbg_valid);
        wk_wb_before_ack: assert (!d_q);
      end
      if (w_hs && wr_line == wl) wk_wb_mask: assert (d_q && wr_mask == m_q);
      // no ack without its probe: the count of unacked probes stays in 0..Pif (no wrap)
      wk_out_le_pif: assert (32'(out_q) <= Pif);
    end
  end

  // reachability (cover task): an ack of a probe that invalidated a valid L, of one that wrote
  // back a dirty L, and of one that wrote back a dirty L while another probe was in flight
  always_comb begin
    if (rst_ni) begin
      wk_cover_inv: cover (w_ack && cov_q && !core_q && wasv_q);
      wk_cover_wb: cover (w_ack && cov_q && !core_q && wasd_q);
      wk_cover_wb_two: cover (w_ack && cov_q && !core_q && wasd_q && out_q == OW'(2));
    end
  end

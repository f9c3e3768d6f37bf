/* §12.3, §12.4, §12.6 (included by test_examples.h). */
#ifndef TEST_EXAMPLES2_V2_H
#define TEST_EXAMPLES2_V2_H

/* §12.3: 5-line address walk, W = 2, one dirty hit */
static int test_ex12_3(test_ctx_t *tc) {
  tb_t *t = tb_new("gem5");
  tb_init_walk(t);
  cc_t *cpu = rinv_model_dbg_cc(t->m, 0);
  uint8_t data[64];
  for (unsigned i = 0; i < 64; i++) data[i] = (uint8_t)(0x40 + i);
  cc_poke_line(cpu, CPU_L2, 0x101, 0, TS_VALID, NULL, 0);
  cc_poke_line(cpu, CPU_L2, 0x103, 5, TS_VALID | TS_DIRTY, data, 0xF0ull);
  cc_poke_line(cpu, CPU_L1(1), 0x103, 0, TS_VALID, NULL, 0);
  cc_poke_line(cpu, CPU_L1(0), 0x104, 0, TS_VALID, NULL, 0);
  static const uint32_t lines[] = {0x101, 0x102, 0x103, 0x104, 0x105};
  uint64_t tl0 = t->out.stat_tag_lookups[0];
  uint64_t acc = gpu_write_release(t, lines, 5, MODE_VAL(1, 0));
  CHECK(acc != ~0ull, "setup");
  uint64_t c0 = find_probe(t, 0, acc, 50);
  CHECK(c0 != ~0ull && at(t, c0)->probe_first[0] == 0x101 && at(t, c0)->probe_nlines[0] == 5,
        "probe (0x101, 5)");
  static const uint32_t cnt[14] = {0, 0, 0, 0, 0, 1, 0, 1, 1, 1, 0, 0, 0, 0};
  static const uint32_t lin[14] = {0, 0, 0, 0, 0, 0x101, 0, 0x103, 0x103, 0x104, 0, 0, 0, 0};
  for (unsigned c = 0; c < 14; c++) {
    const rinv_out_t *o = at(t, c0 + c);
    CHECK(o->inv_count[0] == cnt[c] && o->inv_line[0] == lin[c], "cycle %u: inv_count %u inv_line 0x%x", c,
          o->inv_count[0], o->inv_line[0]);
    CHECK(o->cc_req_valid[0] == (c == 5), "cycle %u: cc_req_valid %u", c, o->cc_req_valid[0]);
    CHECK(o->ack_valid[0] == (c == 10), "cycle %u: ack_valid %u", c, o->ack_valid[0]);
    CHECK(o->mem_req_valid == (c == 6), "cycle %u: mem_req_valid %u", c, o->mem_req_valid);
  }
  const rinv_out_t *o5 = at(t, c0 + 5);
  CHECK(o5->cc_req_ready[0] && o5->cc_req_we[0] && o5->cc_req_line[0] == 0x103 && o5->cc_req_wmask[0] == 0xF0ull,
        "write-back request of 0x103");
  CHECK(at(t, c0 + 6)->mem_req_we && at(t, c0 + 6)->mem_req_line == 0x103 &&
        at(t, c0 + 6)->mem_req_wdata[1] == 0x47464544u, "memory write of 0x103");
  CHECK(at(t, c0 + 10)->ack_hits[0] == 4, "ack hits %u, want 4", at(t, c0 + 10)->ack_hits[0]);
  CHECK(at(t, c0 + 12)->stat_tag_lookups[0] - tl0 == 15, "tag_lookups += %u, want 15",
        (unsigned)(at(t, c0 + 12)->stat_tag_lookups[0] - tl0));
  tb_free(t);
  return 1;
}

/* §12.4: set walk (fpga, W = 1); n = 256 (max_range) instead of the example's 300 (a probe
 * longer than max_range cannot be formed). RSET and the cycles after j = 4 follow the CPU
 * array sizes of the configuration in params/rinv.toml (the example assumes L2 128 x 4:
 * ack in cycle 137, 144 lookups; with L2 16 x 4: cycle 25, 32 lookups). The table is
 * written for O = 0 (§12 intro); with O = 1 (the fpga value) every walker stage from CM on
 * and every output that follows is one cycle later (the freeze starts one cycle later). */
static int ex12_4(test_ctx_t *tc, int oreg) {
  tb_t *t = tb_new_o("fpga", oreg);
  const unsigned s = (unsigned)oreg; /* the shift of every event */
  tb_init_walk(t);
  cc_t *cpu = rinv_model_dbg_cc(t->m, 0);
  uint8_t data[64] = {0};
  cc_poke_line(cpu, CPU_L2, 0x2002, 1, TS_VALID | TS_DIRTY, data, 0x1ull);
  cc_poke_line(cpu, CPU_L2, 0x2082, 3, TS_VALID | TS_DIRTY, data, 0x2ull);
  cc_poke_line(cpu, CPU_L1(0), 0x2002, 0, TS_VALID, NULL, 0);
  uint32_t lines[256];
  for (unsigned i = 0; i < 256; i++) lines[i] = 0x2000 + i;
  uint64_t tl0 = t->out.stat_tag_lookups[0];
  uint64_t acc = gpu_write_release(t, lines, 256, MODE_VAL(1, 1));
  CHECK(acc != ~0ull, "setup");
  uint64_t c0 = find_probe(t, 0, acc, 400);
  CHECK(c0 != ~0ull, "no probe");
  const rinv_cfg_t *g = &t->cfg;
  uint32_t rset = (g->cpu_l2_sets > g->cpu_l1_sets ? g->cpu_l2_sets : g->cpu_l1_sets) / g->walk_lanes;
  uint32_t ackc = rset + 9u + s, look = 8u * 3u + (rset - 8u);
  CHECK(at(t, c0)->probe_first[0] == 0x2000 && at(t, c0)->probe_nlines[0] == 256 &&
        at(t, c0)->probe_setwalk[0] == 1, "probe (0x%x, %u, %u), want (0x2000, 256, set)",
        at(t, c0)->probe_first[0], at(t, c0)->probe_nlines[0], at(t, c0)->probe_setwalk[0]);
  for (unsigned c = 0; c <= ackc + 3u; c++) {
    const rinv_out_t *o = at(t, c0 + c);
    uint32_t wc = (c == 8 + s || c == 10 + s || c == 11 + s) ? 1u : 0u;
    uint32_t wl = c == 10 + s ? 0x2082u : wc ? 0x2002u : 0u;
    CHECK(o->inv_count[0] == wc && o->inv_line[0] == wl, "O=%u cycle %u: inv_count %u inv_line 0x%x", s,
          c, o->inv_count[0], o->inv_line[0]);
    CHECK(o->cc_req_valid[0] == (c == 6 + s || c == 8 + s), "O=%u cycle %u: cc_req_valid %u", s, c,
          o->cc_req_valid[0]);
    CHECK(o->ack_valid[0] == (c == ackc), "O=%u cycle %u: ack_valid", s, c);
  }
  CHECK(at(t, c0 + 6 + s)->cc_req_line[0] == 0x2002 && at(t, c0 + 6 + s)->cc_req_ready[0], "WB 0x2002");
  CHECK(at(t, c0 + 8 + s)->cc_req_line[0] == 0x2082 && at(t, c0 + 8 + s)->cc_req_ready[0], "WB 0x2082");
  CHECK(at(t, c0 + ackc)->ack_hits[0] == 3, "ack hits %u", at(t, c0 + ackc)->ack_hits[0]);
  CHECK(at(t, c0 + ackc + 1u)->stat_tag_lookups[0] - tl0 == look, "tag_lookups += %u, want %u",
        (unsigned)(at(t, c0 + ackc + 1u)->stat_tag_lookups[0] - tl0), look);
  tb_free(t);
  return 1;
}

static int test_ex12_4(test_ctx_t *tc) { return ex12_4(tc, 0) && ex12_4(tc, 1); }

/* §12.6: probes in flight in line mode (gem5, PIF = 4) */
static int test_ex12_6(test_ctx_t *tc) {
  tb_t *t = tb_new("gem5");
  tb_init_walk(t);
  cc_t *cpu = rinv_model_dbg_cc(t->m, 0);
  static const uint32_t lines[] = {0x10, 0x20, 0x30, 0x40, 0x50};
  for (unsigned i = 0; i < 5; i++) cc_poke_line(cpu, CPU_L2, lines[i], 0, TS_VALID, NULL, 0);
  uint64_t a = gpu_write_release(t, lines, 5, MODE_VAL(0, 0));
  CHECK(a != ~0ull, "setup");
  unsigned np = 0;
  static const unsigned phs[5] = {3, 4, 5, 6, 10}, ack[5] = {9, 10, 11, 12, 16}, sm[5] = {8, 9, 10, 11, 15};
  for (unsigned c = 0; c <= 20; c++) {
    const rinv_out_t *o = at(t, a + c);
    int p = o->probe_valid[0] && o->probe_ready[0];
    int want_p = 0, want_a = 0, want_i = 0;
    for (unsigned k = 0; k < 5; k++) {
      want_p |= c == phs[k];
      want_a |= c == ack[k];
      want_i |= c == sm[k];
    }
    CHECK(p == want_p, "cycle %u: probe handshake %d", c, p);
    if (p) CHECK(o->probe_first[0] == lines[np++], "cycle %u: probe order", c);
    CHECK((o->ack_valid[0] && o->ack_ready[0]) == want_a, "cycle %u: ack handshake", c);
    CHECK(o->inv_count[0] == (uint32_t)want_i, "cycle %u: inv_count %u", c, o->inv_count[0]);
    CHECK(o->probe_valid[0] == (uint32_t)((c >= 3 && c <= 6) || c == 10), "cycle %u: probe_valid %u", c, o->probe_valid[0]);
  }
  CHECK(at(t, a + 17)->inv_busy == 1 && at(t, a + 18)->inv_busy == 0, "inv_busy falls in cycle 18");
  CHECK(at(t, a + 19)->stat_inv_cycles_last == 17, "stat_inv_cycles_last = %u, want 17",
        at(t, a + 19)->stat_inv_cycles_last);
  tb_free(t);
  return 1;
}

/* C20: reset during a walker freeze (12.3 scenario, reset after the detect cycle) and
 * during the init walk: every state element returns to reset, the init walk clears the
 * valid bits, memory keeps what it took. */
static int test_reset_mid_freeze(test_ctx_t *tc) {
  tb_t *t = tb_new("gem5");
  tb_init_walk(t);
  cc_t *cpu = rinv_model_dbg_cc(t->m, 0);
  uint8_t data[64] = {0};
  cc_poke_line(cpu, CPU_L2, 0x101, 0, TS_VALID, NULL, 0);
  cc_poke_line(cpu, CPU_L2, 0x103, 5, TS_VALID | TS_DIRTY, data, 0xF0ull);
  cc_poke_line(cpu, CPU_L1(1), 0x103, 0, TS_VALID, NULL, 0);
  static const uint32_t lines[] = {0x101, 0x102, 0x103, 0x104, 0x105};
  CHECK(reg_write(t, 1, A_MODE, MODE_VAL(1, 0), NULL) == OKAY && !sw_acquire(t, 1), "setup");
  for (unsigned i = 0; i < 5; i++) port_access(t, 2, 1, lines[i] << 6, i, NULL);
  uint64_t acc = 0;
  CHECK(!sw_release_start(t, 1, &acc), "release");
  while (t->cycle < acc + 3 + 5) tb_cycle(t); /* up to the write-back request cycle */
  CHECK(strcmp(cc_state_name(cpu), "StWalk") == 0, "walking at the reset");
  rinv_model_reset(t->m);
  tb_cycle(t);
  const rinv_out_t *o = &t->out;
  CHECK(!o->inv_busy && !o->lock_owner && !o->ack_valid[0] && !o->inv_count[0] && !o->cc_req_valid[0] &&
        !o->probe_valid[0] && !o->probe_ready[0] && !o->stat_probes && !o->hist_en[1] && !o->rec_count[1],
        "outputs after the reset");
  CHECK(strcmp(cc_state_name(cpu), "StInit") == 0, "StInit after reset");
  t->in.dbg_line[0] = 0x103;
  tb_cycle(t);
  CHECK(t->out.dbg_valid[0] == 0, "dbg_valid 0 in StInit");
  /* a second reset in the middle of the init walk restarts it */
  tb_run(t, 100);
  rinv_model_reset(t->m);
  t->in.port_req_valid[0] = 1;
  t->in.port_req_addr[0] = 0x101u << 6;
  uint64_t r = t->cycle, first = ~0ull;
  for (unsigned c = 0; c < 2100 && first == ~0ull; c++) {
    tb_cycle(t);
    if (t->out.port_req_ready[0]) first = t->cycle - 1 - r;
  }
  t->in.port_req_valid[0] = 0;
  tb_cycle(t);
  CHECK(first == 2048, "StIdle %llu cycles after the second reset, want 2048", (unsigned long long)first);
  CHECK(!rinv_model_line_valid(t->m, 0, 0x103) && !rinv_model_line_valid(t->m, 0, 0x101),
        "init walk cleared the lines");
  tb_free(t);
  return 1;
}

/* C20: reset of the directory during RGap (12.5 state) */
static int test_reset_mid_rgap(test_ctx_t *tc) {
  rinv_err_t err = {0, 0, 1};
  dtb_t x;
  memset(&x, 0, sizeof x);
  x.d = dir_new(rinv_cfg_by_name("fpga"), &err);
  dir_reg_write(x.d, REG_MODE, MODE_VAL(2, 0), 0);
  static const uint32_t fill[] = {10, 20, 30, 40, 50, 60, 70, 80, 33};
  for (unsigned i = 0; i < 9; i++) {
    dir_cycle(&x, 1, fill[i]);
    for (unsigned k = 0; k < 3 && i < 8; k++) dir_cycle(&x, 0, 0);
  }
  for (unsigned k = 0; k < 4; k++) dir_cycle(&x, 0, 0); /* RScan, RScan, RApply, RGap */
  dir_cycle(&x, 0, 0);
  CHECK(x.out.hist_count[0] == 9 && !x.hist_ready, "in RGap: count 9, not ready");
  dir_reset(x.d);
  dir_cycle(&x, 0, 0);
  CHECK(x.out.hist_count[0] == 0 && x.hist_ready == 1, "after reset: empty, ready (MODE is run again)");
  CHECK(dir_hist_count_of(x.d, 0) == 0, "count");
  dir_free(x.d);
  return 1;
}

#endif

/* tag_oreg (O, round 5; ARCHITECTURE_v2.md §3.1, §4.1, §4.3, §6.3-§6.5, §11, C21): the
 * output register of the tagst/rr cells, the Rd durations and the walker's TO stage.
 * Included by test_model.c only (after test_examples.h: CPU_L2, CPU_L1, gpu_write_release). */
#ifndef TEST_OREG_V2_H
#define TEST_OREG_V2_H

#include "cache_array.h"

/* §4.1, §4.3: a tagst cell with OutReg = 1 shows the word read in cycle t from t + 2 (oe = 1
 * in t + 1) and holds while oe = 0; a data cell of the same array (OutReg = 0) from t + 1. */
static int test_oreg_cell(test_ctx_t *tc) {
  rinv_err_t err = {0, 0, 0};
  cache_array_t *a = ca_new("t.L2", 8, 2, 1, 1, 1, &err);
  const uint32_t line = 0x13; /* tag 2, row 3 */
  uint8_t d[64];
  for (unsigned i = 0; i < 64; i++) d[i] = (uint8_t)(0xA0u + i);
  ca_poke(a, line, 1, TS_VALID, d, 0);
  uint32_t row = ca_row(a, line), want = TS_MAKE(ca_tag(a, line), TS_VALID);
  /* cycle t: read tagst (and data) */
  ca_tag_read(a, 0, row, 1);
  ca_data_read(a, 0, row, 1);
  ca_clock(a, 1);
  /* t + 1: the data cell shows its word, the tagst cell not yet (the read register has it) */
  CHECK(ca_data_q(a, 0)[5] == 0xA5u, "data cell (OutReg = 0): word in t + 1");
  CHECK(ca_tag_q(a, 0, 1) == 0, "tagst in t + 1: 0x%x, want the old output register 0", ca_tag_q(a, 0, 1));
  ca_clock(a, 1); /* oe = 1 in t + 1 */
  CHECK(ca_tag_q(a, 0, 1) == want, "tagst in t + 2: 0x%x, want 0x%x", ca_tag_q(a, 0, 1), want);
  CHECK(ca_tag_q(a, 0, 0) == 0, "way 0 invalid");
  /* invalidate the way, read again in u with oe = 0 in u + 1 and u + 2: the output register
   * keeps the old word; the first edge with oe = 1 loads the new one */
  ca_tag_write(a, 0, row, 1, TS_MAKE(ca_tag(a, line), 0u));
  ca_clock(a, 1);
  ca_tag_read(a, 0, row, 1);
  ca_clock(a, 1); /* edge of u (oe = 1: reloads the same old word) */
  ca_clock(a, 0); /* u + 1: oe = 0 */
  CHECK(ca_tag_q(a, 0, 1) == want, "oe = 0: the output register holds 0x%x", ca_tag_q(a, 0, 1));
  ca_clock(a, 0); /* u + 2: oe = 0 */
  CHECK(ca_tag_q(a, 0, 1) == want, "oe = 0 twice: holds");
  ca_clock(a, 1); /* u + 3: oe = 1 */
  CHECK(ca_tag_q(a, 0, 1) == TS_MAKE(ca_tag(a, line), 0u), "oe = 1: loads the read register 0x%x",
        ca_tag_q(a, 0, 1));
  CHECK(err.errors == 0, "no cell error");
  ca_free(a);
  /* the bare cell: re in t, oe in t + 1 -> t + 2; OutReg = 0 -> t + 1 */
  sram_t *s = sram_new_outreg("t.tagst", 4, 4, 1, &err);
  uint32_t v = 0x5A5A5A5Au;
  sram_poke(s, 2, &v);
  sram_read(s, 2);
  sram_clock_oe(s, 1);
  CHECK(sram_rdata_u32(s) == 0, "cell: not in t + 1");
  sram_clock_oe(s, 0);
  CHECK(sram_rdata_u32(s) == 0, "cell: oe = 0 in t + 1 -> not in t + 2");
  sram_clock_oe(s, 1);
  CHECK(sram_rdata_u32(s) == v, "cell: oe = 1 in t + 2 -> in t + 3");
  sram_free(s);
  return 1;
}

/* first cycle c in [from, from + span) with inv_count[s] != 0, or ~0 */
static uint64_t first_inv(const tb_t *t, unsigned s, uint64_t from, unsigned span) {
  for (uint64_t c = from; c < from + span && c < t->cycle; c++) {
    if (at(t, c)->inv_count[s]) return c;
  }
  return ~0ull;
}

/* §6.5.6, §11: a 1-line probe on fpga (T = 1): first inv_count at t + T + O + 4, ack at
 * t + T + O + 5 (G = 1), tag_lookups at the SM edge; leaving StWalk two cycles after SM. */
static int probe_latency(test_ctx_t *tc, int oreg) {
  tb_t *t = tb_new_o("fpga", oreg);
  tb_init_walk(t);
  cc_t *cpu = rinv_model_dbg_cc(t->m, 0);
  const uint32_t T = 1u, O = (uint32_t)oreg, x = 0x1235;
  CHECK(t->cfg.cpu_l1_lat == 1 && t->cfg.cpu_l2_lat == 1, "fpga CPU T = 1");
  cc_poke_line(cpu, CPU_L2, x, 0, TS_VALID, NULL, 0);
  cc_poke_line(cpu, CPU_L1(0), x, 0, TS_VALID, NULL, 0);
  static const uint32_t lines[] = {0x1235};
  uint64_t acc = gpu_write_release(t, lines, 1, MODE_VAL(1, 0));
  CHECK(acc != ~0ull, "setup");
  uint64_t c0 = find_probe(t, 0, acc, 50);
  CHECK(c0 != ~0ull && at(t, c0)->probe_first[0] == x, "probe of 0x%x", x);
  uint64_t e = first_inv(t, 0, c0, 40);
  CHECK(e == c0 + T + O + 4, "O=%u: first inv_count in cycle %lld, want T + O + 4 = %u", O,
        (long long)(e - c0), T + O + 4);
  CHECK(at(t, e)->inv_count[0] == 2 && at(t, e)->inv_line[0] == x, "event (2, 0x%x)", x);
  for (unsigned c = 0; c <= T + O + 8; c++)
    CHECK(at(t, c0 + c)->ack_valid[0] == (c == T + O + 5), "O=%u: ack_valid in cycle %u", O, c);
  CHECK(at(t, c0 + T + O + 5)->stat_tag_lookups[0] == at(t, c0 + T + O + 4)->stat_tag_lookups[0] + 3,
        "tag_lookups +3 at the SM edge");
  tb_free(t);
  return 1;
}

static int test_oreg_probe_latency(test_ctx_t *tc) { return probe_latency(tc, 1) && probe_latency(tc, 0); }

/* §6.5.4: hz against TO. fpga (W = 1, L1D 8 sets): lines 0x10 and 0x18 share L1D row 0; in
 * line mode their probes handshake in consecutive cycles c0, c0 + 1. The second group's RD
 * is held while the first is in TO (O = 1), CM or AC, and reads in the cycle after the
 * first one's AC (c0 + T + O + 3): its SM is in c0 + T + 2O + 7 (O = 0: c0 + 8). */
static int hold_on_to(test_ctx_t *tc, int oreg) {
  tb_t *t = tb_new_o("fpga", oreg);
  tb_init_walk(t);
  cc_t *cpu = rinv_model_dbg_cc(t->m, 0);
  const uint32_t T = 1u, O = (uint32_t)oreg;
  cc_poke_line(cpu, CPU_L1(0), 0x10, 0, TS_VALID, NULL, 0);
  cc_poke_line(cpu, CPU_L1(0), 0x18, 1, TS_VALID, NULL, 0);
  static const uint32_t lines[] = {0x10, 0x18};
  uint64_t acc = gpu_write_release(t, lines, 2, MODE_VAL(0, 0));
  CHECK(acc != ~0ull, "setup");
  uint64_t c0 = find_probe(t, 0, acc, 50);
  CHECK(c0 != ~0ull && at(t, c0)->probe_first[0] == 0x10, "first probe 0x10");
  uint64_t c1 = find_probe(t, 0, c0 + 1, 50);
  CHECK(c1 == c0 + 1 && at(t, c1)->probe_first[0] == 0x18, "second probe (0x18) in c0 + 1, got %lld",
        (long long)(c1 - c0));
  for (unsigned c = 0; c <= 16; c++) {
    const rinv_out_t *o = at(t, c0 + c);
    uint32_t want = c == T + O + 4 ? 0x10u : c == T + 2 * O + 7 ? 0x18u : 0u;
    CHECK(o->inv_count[0] == (want != 0) && o->inv_line[0] == want, "O=%u cycle %u: inv_count %u inv_line 0x%x",
          O, c, o->inv_count[0], o->inv_line[0]);
  }
  CHECK(!rinv_model_line_valid(t->m, 0, 0x10) && !rinv_model_line_valid(t->m, 0, 0x18), "both invalidated");
  tb_free(t);
  return 1;
}

static int test_oreg_hold_on_to(test_ctx_t *tc) { return hold_on_to(tc, 1) && hold_on_to(tc, 0); }

/* §6.3, §11: load latencies on fpga (L1_LAT = L2_LAT = 1): L1 hit 4 + L1_LAT + O, L1 miss
 * and L2 hit 6 + L1_LAT + L2_LAT + 2O, cc_req of a fill 5 + L1_LAT + L2_LAT + 2O; CPU port 0
 * and GPU port 2 (TCP 0). GPU ports through the v3 front end (one-lane instructions, v3
 * §4.3-§6.3): TCP hit 11 + L1_LAT + O, TCP miss and TCC hit 18 + 2 L1_LAT + L2_LAT + 3O,
 * cc_req of a fill 11 + L1_LAT + L2_LAT + 2O. */
static int load_latency(test_ctx_t *tc, int oreg, unsigned p) {
  tb_t *t = tb_new_o("fpga", oreg);
  tb_init_walk(t);
  const rinv_cfg_t *g = &t->cfg;
  unsigned s = p >= 2, q = p ^ 1u; /* q: the other port of the side */
  uint32_t L1 = s ? g->gpu_l1_lat : g->cpu_l1_lat, L2 = s ? g->gpu_l2_lat : g->cpu_l2_lat, O = (uint32_t)oreg;
  uint32_t x = 0x2345, v = 0;
  uint64_t c0 = port_access(t, p, 0, x << 6, 0, &v); /* L2 miss: fill */
  uint32_t wreq = s ? 11 + L1 + L2 + 2 * O : 5 + L1 + L2 + 2 * O;
  for (unsigned c = 1; c <= wreq + 2; c++)
    CHECK(at(t, c0 + c)->cc_req_valid[s] == (c == wreq), "O=%u port %u miss: cc_req_valid in cycle %u", O, p, c);
  uint64_t c1 = port_access(t, p, 0, x << 6, 0, &v); /* L1 hit */
  uint32_t whit = s ? 11 + L1 + O : 4 + L1 + O;
  for (unsigned c = 1; c <= whit + 2; c++)
    CHECK(at(t, c1 + c)->port_resp_valid[p] == (c == whit), "O=%u port %u L1 hit: resp in cycle %u", O, p, c);
  uint64_t c2 = port_access(t, q, 0, x << 6, 0, &v); /* the other L1: miss, L2 hit */
  uint32_t wl2 = s ? 18 + 2 * L1 + L2 + 3 * O : 6 + L1 + L2 + 2 * O;
  for (unsigned c = 1; c <= wl2 + 2; c++)
    CHECK(at(t, c2 + c)->port_resp_valid[q] == (c == wl2), "O=%u port %u L2 hit: resp in cycle %u", O, q, c);
  tb_free(t);
  return 1;
}

static int test_oreg_load_latency(test_ctx_t *tc) {
  return load_latency(tc, 1, 0) && load_latency(tc, 1, 2) && load_latency(tc, 0, 0) && load_latency(tc, 0, 3);
}

/* §6.5.4 with O = 1: during fz oe = 0, so the CM group's words stay in the output registers
 * and the TO group's in the read registers. The §12.4 set walk with clean in-range lines in
 * L2 sets 3 and 4 (0x2003 way 0, 0x2084 way 2): the groups j = 3 (CM) and j = 4 (TO) wait out the
 * freeze of j = 2 and still find their lines. Events as §12.4 (+O), then j = 3 and j = 4. */
static int freeze_keeps_words(test_ctx_t *tc, int oreg) {
  tb_t *t = tb_new_o("fpga", oreg);
  tb_init_walk(t);
  cc_t *cpu = rinv_model_dbg_cc(t->m, 0);
  const unsigned s = (unsigned)oreg;
  uint8_t data[64] = {0};
  cc_poke_line(cpu, CPU_L2, 0x2002, 1, TS_VALID | TS_DIRTY, data, 0x1ull);
  cc_poke_line(cpu, CPU_L2, 0x2082, 3, TS_VALID | TS_DIRTY, data, 0x2ull);
  cc_poke_line(cpu, CPU_L1(0), 0x2002, 0, TS_VALID, NULL, 0);
  cc_poke_line(cpu, CPU_L2, 0x2003, 0, TS_VALID, NULL, 0);
  cc_poke_line(cpu, CPU_L2, 0x2084, 2, TS_VALID, NULL, 0);
  uint32_t lines[256];
  for (unsigned i = 0; i < 256; i++) lines[i] = 0x2000 + i;
  uint64_t acc = gpu_write_release(t, lines, 256, MODE_VAL(1, 1));
  CHECK(acc != ~0ull, "setup");
  uint64_t c0 = find_probe(t, 0, acc, 400);
  CHECK(c0 != ~0ull && at(t, c0)->probe_setwalk[0] == 1, "set-walk probe");
  static const uint32_t ev_c[5] = {8, 10, 11, 12, 13};
  static const uint32_t ev_l[5] = {0x2002, 0x2082, 0x2002, 0x2003, 0x2084};
  for (unsigned c = 0; c <= 16; c++) {
    uint32_t wl = 0;
    for (unsigned k = 0; k < 5; k++) if (c == ev_c[k] + s) wl = ev_l[k];
    const rinv_out_t *o = at(t, c0 + c);
    CHECK(o->inv_count[0] == (wl != 0) && o->inv_line[0] == wl, "O=%u cycle %u: inv_count %u inv_line 0x%x", s,
          c, o->inv_count[0], o->inv_line[0]);
  }
  int hits = -1;
  for (unsigned c = 0; c < 400 && hits < 0; c++)
    if (at(t, c0 + c)->ack_valid[0]) hits = (int)at(t, c0 + c)->ack_hits[0];
  CHECK(hits == 5, "O=%u: ack hits %d, want 5", s, hits);
  CHECK(!rinv_model_line_valid(t->m, 0, 0x2003) && !rinv_model_line_valid(t->m, 0, 0x2084),
        "O=%u: 0x2003 and 0x2084 invalidated", s);
  tb_free(t);
  return 1;
}

static int test_oreg_freeze_keeps_words(test_ctx_t *tc) {
  return freeze_keeps_words(tc, 1) && freeze_keeps_words(tc, 0);
}

#endif

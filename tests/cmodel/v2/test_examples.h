/* Worked examples of ARCHITECTURE_v2.md §12 and the range table (§7.3), cycle-exact.
 * Included by test_model.c only. */
#ifndef TEST_EXAMPLES_V2_H
#define TEST_EXAMPLES_V2_H

#include "dir_regs.h"

/* ---------------------------------------------------------------- range table */

/* one insert through the FSM; returns its cycles until RIdle again */
static unsigned rt_insert_cycles(range_table_t *t, uint32_t x, rt_events_t *acc) {
  rt_events_t ev;
  rt_step(t, 0, 1, x, &ev);
  unsigned n = 0;
  acc->merged = acc->gap = 0;
  while (!rt_idle(t)) {
    rt_step(t, 0, 0, 0, &ev);
    acc->merged += ev.merged;
    acc->gap += ev.gap;
    n++;
  }
  return n;
}

static int rt_equals(const range_table_t *t, const uint32_t *fl, uint32_t n) {
  if (rt_cnt(t) != n) return 0;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t f, l;
    rt_entry(t, i, &f, &l);
    if (f != fl[2 * i] || l != fl[2 * i + 1]) return 0;
  }
  return 1;
}

static int test_range_table_insert(test_ctx_t *tc) {
  range_table_t *t = rt_new(8, 4); /* fpga: R = 2 */
  rt_reset(t);
  rt_events_t ev;
  unsigned n = rt_insert_cycles(t, 10, &ev);
  CHECK(n == 3, "insert occupies R + 1 = 3 cycles after the beat, got %u", n);
  rt_insert_cycles(t, 12, &ev);
  rt_insert_cycles(t, 11, &ev); /* rule 2 with lo: closes the hole */
  static const uint32_t e1[] = {10, 12};
  CHECK(rt_equals(t, e1, 1), "hi + lo merge");
  rt_insert_cycles(t, 9, &ev); /* rule 3 */
  rt_insert_cycles(t, 11, &ev); /* rule 1 */
  rt_insert_cycles(t, 5, &ev); /* rule 4 at pos 0 */
  static const uint32_t e2[] = {5, 5, 9, 12};
  CHECK(rt_equals(t, e2, 2), "rules 1, 3, 4");
  rt_step(t, 1, 1, 20, &ev); /* take of 1 line and a beat in one RIdle cycle: both latched */
  CHECK(rt_equals(t, e2, 2) && !strcmp(rt_state_name(t), "RTake"), "take latched, table unchanged");
  rt_step(t, 0, 0, 0, &ev); /* the edge leaving RTake applies it */
  static const uint32_t e3[] = {9, 12};
  CHECK(rt_equals(t, e3, 1) && !strcmp(rt_state_name(t), "RScan"),
        "take applied leaving RTake, scan after it");
  while (!rt_idle(t)) rt_step(t, 0, 0, 0, &ev);
  static const uint32_t e4[] = {9, 12, 20, 20};
  CHECK(rt_equals(t, e4, 2), "insert after the take");
  rt_step(t, 3, 0, 0, &ev); /* partial take */
  CHECK(rt_equals(t, e4, 2) && !strcmp(rt_state_name(t), "RTake"), "partial take latched");
  rt_step(t, 0, 0, 0, &ev);
  static const uint32_t e5[] = {12, 12, 20, 20};
  CHECK(rt_equals(t, e5, 2) && rt_idle(t), "partial take applied, RTake -> RIdle");
  rt_free(t);
  return 1;
}

/* §12.5 cycle by cycle at the directory boundary (fpga, side 0) */
typedef struct dtb {
  dir_t *d;
  rinv_in_t in;
  rinv_out_t out;
  uint32_t hist_ready;
} dtb_t;

static void dir_cycle(dtb_t *x, int beat, uint32_t line) {
  dir_io_t io;
  uint8_t zero[64] = {0};
  memset(&io, 0, sizeof io);
  io.req_wdata[0] = io.req_wdata[1] = zero;
  io.hist_valid[0] = (uint32_t)beat;
  io.hist_line[0] = line;
  dir_eval_moore(x->d, &io);
  dir_eval_mealy(x->d, &x->in, &io);
  memset(&x->out, 0, sizeof x->out);
  dir_observe(x->d, &x->out);
  x->hist_ready = io.hist_ready[0];
  dir_step(x->d, &x->in, &io);
  dir_clock_stats(x->d);
}

static int test_range_table_merge(test_ctx_t *tc) {
  rinv_err_t err = {0, 0, 1};
  dtb_t x;
  memset(&x, 0, sizeof x);
  x.d = dir_new(rinv_cfg_by_name("fpga"), &err);
  dir_reg_write(x.d, REG_MODE, MODE_VAL(2, 0), 0);
  static const uint32_t fill[] = {10, 20, 21, 30, 40, 50, 51, 52, 60, 70, 80};
  for (unsigned i = 0; i < sizeof fill / sizeof fill[0]; i++) {
    dir_cycle(&x, 1, fill[i]);
    CHECK(x.hist_ready, "setup beat %u not ready", i);
    for (unsigned k = 0; k < 3; k++) dir_cycle(&x, 0, 0);
  }
  for (unsigned k = 0; k < 4; k++) dir_cycle(&x, 0, 0);
  uint32_t ready[10], cnt[10], ent[10], ovi[10], ovf[10];
  for (unsigned c = 0; c < 10; c++) {
    dir_cycle(&x, c == 0, 33);
    ready[c] = x.hist_ready;
    cnt[c] = x.out.hist_count[0];
    ent[c] = x.out.stat_hist_entries;
    ovi[c] = x.out.stat_over_inv;
    ovf[c] = x.out.stat_hist_overflows;
  }
  dir_free(x.d);
  CHECK(ready[0] == 1 && cnt[0] == 8, "cycle 0: ready %u count %u", ready[0], cnt[0]);
  for (unsigned c = 1; c <= 6; c++) CHECK(ready[c] == 0, "cycle %u: hist_ready must be 0", c);
  CHECK(ready[7] == 1, "cycle 7: hist_ready 1");
  for (unsigned c = 0; c <= 3; c++) CHECK(cnt[c] == 8, "cycle %u: hist_count %u, want 8", c, cnt[c]);
  for (unsigned c = 4; c <= 6; c++) CHECK(cnt[c] == 9, "cycle %u: hist_count %u, want 9", c, cnt[c]);
  CHECK(cnt[7] == 8, "cycle 7: hist_count %u, want 8", cnt[7]);
  CHECK(ent[2] == ent[1] + 1 && ent[1] == ent[0], "stat_hist_entries +1 in cycle 2");
  CHECK(ovi[8] == ovi[7] + 2 && ovf[8] == ovf[7] + 1 && ovf[7] == ovf[0] && ovi[7] == ovi[0],
        "stat_over_inv +2, stat_hist_overflows +1 in cycle 8 (got %u->%u, %u->%u)", ovi[7], ovi[8],
        ovf[7], ovf[8]);
  /* contents: v1's result */
  range_table_t *t = rt_new(8, 4);
  rt_reset(t);
  rt_events_t ev;
  for (unsigned i = 0; i < sizeof fill / sizeof fill[0]; i++) rt_insert_cycles(t, fill[i], &ev);
  unsigned n = rt_insert_cycles(t, 33, &ev);
  static const uint32_t want[] = {10, 10, 20, 21, 30, 33, 40, 40, 50, 52, 60, 60, 70, 70, 80, 80};
  int same = rt_equals(t, want, 8);
  rt_free(t);
  CHECK(n == 6, "insert with merge: 2R + 2 = 6 cycles after the beat, got %u", n);
  CHECK(same && ev.merged == 1 && ev.gap == 2, "table after the smallest-gap merge");
  return 1;
}

/* ---------------------------------------------------------------- §12.1 */

static int test_ex12_1_cpu(test_ctx_t *tc) {
  tb_t *t = tb_new("gem5");
  tb_init_walk(t);
  uint32_t x = 0x4321, d[16], v = 0;
  for (unsigned i = 0; i < 16; i++) d[i] = 0xC0DE0000u + i;
  mem_write_line(t->mem, x, d, ~0ull);
  uint64_t c0 = port_access(t, 0, 0, (x << 6) + 8, 0, &v); /* L2 miss */
  const rinv_out_t *o;
  for (unsigned c = 1; c <= 30; c++) {
    o = at(t, c0 + c);
    CHECK(o->cc_req_valid[0] == (c == 7), "miss: cc_req_valid in cycle %u", c);
    CHECK(o->mem_req_valid == (c == 8), "miss: mem_req_valid in cycle %u", c);
    CHECK(o->fill_valid[0] == (c == 29), "miss: fill_valid in cycle %u", c);
    CHECK(o->port_resp_valid[0] == (c == 30), "miss: port_resp_valid in cycle %u", c);
  }
  CHECK(at(t, c0 + 7)->cc_req_ready[0] && at(t, c0 + 7)->cc_req_line[0] == x, "fill request");
  CHECK(v == 0xC0DE0002u, "load value 0x%x", v);
  uint64_t c1 = port_access(t, 0, 0, (x << 6) + 8, 0, &v); /* L1 hit */
  for (unsigned c = 1; c <= 5; c++) CHECK(at(t, c1 + c)->port_resp_valid[0] == (c == 5), "L1 hit: resp in %u", c);
  uint64_t c2 = port_access(t, 1, 0, (x << 6) + 8, 0, &v); /* L1 miss, L2 hit */
  for (unsigned c = 1; c <= 8; c++) {
    CHECK(at(t, c2 + c)->port_resp_valid[1] == (c == 8), "L2 hit: resp in %u", c);
    CHECK(at(t, c2 + c)->cc_req_valid[0] == 0, "L2 hit: no cc_req");
  }
  tb_free(t);
  return 1;
}

static int test_ex12_1_gpu(test_ctx_t *tc) {
  tb_t *t = tb_new("gem5");
  tb_init_walk(t);
  uint32_t x = 0x5678, v = 0;
  /* v3 front end (ARCHITECTURE_v3_gpu_frontend.md §4.3-§6.3), one-lane instructions: lreq
   * handshake in 4, TAc 10 (push), grant 12, StL2Rd 13-14, StL2Cm 15, StL2Ac 16, StFillReq 17;
   * TCP hit: TDt 11 (done), SResp from 13, response 15; TCP miss + TCC hit: StTResp 18, TFAc 24
   * (done), response 28 */
  uint64_t c0 = port_access(t, 2, 0, x << 6, 0, &v); /* TCP 0 miss, TCC miss */
  for (unsigned c = 1; c <= 18; c++) CHECK(at(t, c0 + c)->cc_req_valid[1] == (c == 17), "miss: cc_req in %u", c);
  uint64_t c1 = port_access(t, 2, 0, x << 6, 0, &v); /* TCP hit */
  for (unsigned c = 1; c <= 16; c++) CHECK(at(t, c1 + c)->port_resp_valid[2] == (c == 15), "TCP hit: resp in %u", c);
  uint64_t c2 = port_access(t, 3, 0, x << 6, 0, &v); /* TCP 1 miss, TCC hit */
  for (unsigned c = 1; c <= 29; c++) CHECK(at(t, c2 + c)->port_resp_valid[3] == (c == 28), "TCC hit: resp in %u", c);
  tb_free(t);
  return 1;
}

/* GPU writes lines (run mode unless set), then releases; returns the INV_START accept cycle */
static uint64_t gpu_write_release(tb_t *t, const uint32_t *lines, unsigned n, uint32_t mode) {
  uint64_t acc = ~0ull;
  if (reg_write(t, 1, A_MODE, mode, NULL) != OKAY) return ~0ull;
  if (sw_acquire(t, 1)) return ~0ull;
  for (unsigned i = 0; i < n; i++) port_access(t, 2 + (i & 1u), 1, lines[i] << 6, 0x1000u + i, NULL);
  if (sw_release_start(t, 1, &acc)) return ~0ull;
  tb_run(t, 700);
  return acc;
}

#define CPU_L2 0u
#define CPU_L1(k) (1u + (k))

/* §12.2 */
static int test_ex12_2(test_ctx_t *tc) {
  tb_t *t = tb_new("gem5");
  tb_init_walk(t);
  cc_t *cpu = rinv_model_dbg_cc(t->m, 0);
  cc_poke_line(cpu, CPU_L2, 0x1235, 0, TS_VALID, NULL, 0);
  cc_poke_line(cpu, CPU_L1(0), 0x1235, 0, TS_VALID, NULL, 0);
  static const uint32_t lines[] = {0x1235};
  uint64_t acc = gpu_write_release(t, lines, 1, MODE_VAL(1, 0));
  CHECK(acc != ~0ull, "setup");
  uint64_t c0 = find_probe(t, 0, acc, 50);
  CHECK(c0 == acc + 3, "probe handshake %lld cycles after INV_START, want 3", (long long)(c0 - acc));
  CHECK(at(t, c0)->probe_first[0] == 0x1235 && at(t, c0)->probe_nlines[0] == 1, "probe fields");
  CHECK(at(t, c0 + 1)->probe_ready[0] == 1, "probe_ready in cycle 1 (StWalk, nxt empty)");
  CHECK(at(t, c0 + 2)->stat_probes == at(t, c0 + 1)->stat_probes + 1 &&
        at(t, c0 + 1)->stat_probes == at(t, c0)->stat_probes, "stat_probes +1 in cycle 2");
  for (unsigned c = 0; c <= 9; c++) {
    const rinv_out_t *o = at(t, c0 + c);
    CHECK(o->inv_count[0] == (c == 5 ? 2u : 0u), "inv_count %u in cycle %u", o->inv_count[0], c);
    CHECK(o->inv_line[0] == (c == 5 ? 0x1235u : 0u), "inv_line in cycle %u", c);
    CHECK(o->ack_valid[0] == (c == 6), "ack_valid in cycle %u", c);
  }
  CHECK(at(t, c0 + 6)->ack_hits[0] == 2 && at(t, c0 + 6)->ack_ready[0], "ack hits 2, ready");
  CHECK(at(t, c0 + 6)->stat_tag_lookups[0] == at(t, c0 + 5)->stat_tag_lookups[0] + 3, "tag_lookups +3 in 6");
  CHECK(at(t, c0 + 7)->inv_busy == 1 && at(t, c0 + 8)->inv_busy == 0 && at(t, c0 + 8)->inv_done == 1,
        "inv_busy falls in cycle 8");
  CHECK(at(t, c0 + 8)->stat_inv_hits == at(t, c0 + 7)->stat_inv_hits + 2, "stat_inv_hits +2 in 8");
  tb_free(t);
  return 1;
}

#include "test_examples2.h"

#endif

/* The registered take of the range table (ARCHITECTURE_v2.md §7.3 RTake, §7.4 case 4, §9.1,
 * §11): table level and at the directory boundary. Included by test_model.c only (after
 * test_examples.h: rt_equals, rt_insert_cycles). */
#ifndef TEST_RTAKE_V2_H
#define TEST_RTAKE_V2_H

#include "dir_probegen.h"

static int rt_state_is(const range_table_t *t, const char *name) { return !strcmp(rt_state_name(t), name); }

/* ---------------------------------------------------------------- table level */

/* a take alone: latched at the request edge (table unchanged), applied one edge later */
static int test_rt_take_alone(test_ctx_t *tc) {
  range_table_t *t = rt_new(8, 4);
  rt_reset(t);
  rt_events_t ev;
  rt_insert_cycles(t, 10, &ev);
  rt_insert_cycles(t, 11, &ev);
  rt_insert_cycles(t, 12, &ev);
  rt_insert_cycles(t, 20, &ev);
  static const uint32_t e0[] = {10, 12, 20, 20};
  CHECK(rt_equals(t, e0, 2) && rt_idle(t), "setup");
  rt_step(t, 2, 0, 0, &ev);
  CHECK(rt_equals(t, e0, 2), "table unchanged at the request edge");
  CHECK(rt_state_is(t, "RTake") && !rt_idle(t), "RIdle -> RTake, got %s", rt_state_name(t));
  rt_step(t, 5, 1, 40, &ev); /* not requested / not accepted in RTake: ignored */
  static const uint32_t e1[] = {12, 12, 20, 20};
  CHECK(rt_equals(t, e1, 2), "f[0] += 2 at the edge leaving RTake (only the latched n)");
  CHECK(rt_idle(t), "RTake -> RIdle without a beat, got %s", rt_state_name(t));
  rt_step(t, 0, 0, 0, &ev);
  CHECK(rt_equals(t, e1, 2) && rt_idle(t), "nothing more");
  rt_free(t);
  return 1;
}

/* a take that removes entry 0: cnt-- and shift down one edge after the request */
static int test_rt_take_removes_entry0(test_ctx_t *tc) {
  range_table_t *t = rt_new(8, 4);
  rt_reset(t);
  rt_events_t ev;
  static const uint32_t fill[] = {5, 9, 10, 11, 12, 30};
  for (unsigned i = 0; i < 6; i++) rt_insert_cycles(t, fill[i], &ev);
  static const uint32_t e0[] = {5, 5, 9, 12, 30, 30};
  CHECK(rt_equals(t, e0, 3), "setup");
  rt_step(t, 1, 0, 0, &ev);
  CHECK(rt_equals(t, e0, 3) && rt_cnt(t) == 3 && rt_state_is(t, "RTake"), "request edge: cnt 3, RTake");
  rt_step(t, 0, 0, 0, &ev);
  static const uint32_t e1[] = {9, 12, 30, 30};
  CHECK(rt_equals(t, e1, 2) && rt_idle(t), "entry 0 removed, shift down, cnt 2, RIdle");
  rt_step(t, 4, 0, 0, &ev); /* n = the whole entry: f[0] + n > l[0] */
  rt_step(t, 0, 0, 0, &ev);
  static const uint32_t e2[] = {30, 30};
  CHECK(rt_equals(t, e2, 1), "whole entry taken: removed");
  rt_free(t);
  return 1;
}

/* a take and a beat in one RIdle cycle: RIdle -> RTake -> RScan; the scan sees the table
 * after the take (X = 6 would extend [5,5] on the table before it) */
static int test_rt_take_and_beat(test_ctx_t *tc) {
  range_table_t *t = rt_new(8, 4); /* R = 2 */
  rt_reset(t);
  rt_events_t ev;
  static const uint32_t fill[] = {5, 9, 10, 11, 12};
  for (unsigned i = 0; i < 5; i++) rt_insert_cycles(t, fill[i], &ev);
  rt_step(t, 1, 1, 6, &ev);
  static const uint32_t e0[] = {5, 5, 9, 12};
  CHECK(rt_equals(t, e0, 2) && rt_state_is(t, "RTake"), "request edge: unchanged, RTake");
  static const char *const want[] = {"RScan", "RScan", "RApply", "RIdle"};
  for (unsigned k = 0; k < 4; k++) {
    rt_step(t, 0, 0, 0, &ev);
    CHECK(rt_state_is(t, want[k]), "edge %u after RTake: %s, want %s", k, rt_state_name(t), want[k]);
    if (k == 0) {
      static const uint32_t e1[] = {9, 12};
      CHECK(rt_equals(t, e1, 1), "take applied leaving RTake, before the scan");
    }
  }
  static const uint32_t e2[] = {6, 6, 9, 12};
  CHECK(rt_equals(t, e2, 2), "X = 6 inserted on the table after the take");
  /* X contained in entry 0 before the take, not after: lo rule on the taken entry */
  rt_step(t, 1, 1, 6, &ev); /* removes [6,6]; X = 6 then inserted again before [9,12] */
  while (!rt_idle(t)) rt_step(t, 0, 0, 0, &ev);
  CHECK(rt_equals(t, e2, 2), "take [6,6] + beat 6: [6,6] again");
  rt_step(t, 1, 1, 7, &ev); /* [6,6] gone, 7 then inserted at pos 0 (no hi, no lo) */
  while (!rt_idle(t)) rt_step(t, 0, 0, 0, &ev);
  static const uint32_t e3[] = {7, 7, 9, 12};
  CHECK(rt_equals(t, e3, 2), "take + beat 7");
  rt_step(t, 1, 1, 8, &ev); /* [7,7] gone; 8 has lo = [9,12] -> [8,12] */
  while (!rt_idle(t)) rt_step(t, 0, 0, 0, &ev);
  static const uint32_t e4[] = {8, 12};
  CHECK(rt_equals(t, e4, 1), "take + beat 8 -> [8,12]");
  rt_step(t, 2, 1, 9, &ev); /* partial take [8,12] -> [10,12]; 9 extends it down: [9,12] */
  while (!rt_idle(t)) rt_step(t, 0, 0, 0, &ev);
  static const uint32_t e5[] = {9, 12};
  CHECK(rt_equals(t, e5, 1), "partial take + beat 9 -> [9,12] (scan before the take: contained)");
  rt_free(t);
  return 1;
}

/* ---------------------------------------------------------------- directory level */

typedef struct tk {
  dir_t *d;
  rinv_in_t in;
  rinv_out_t out; /* observed in the cycle (before the edge) */
  dir_io_t io;    /* the cycle's signals */
  const char *st; /* side 0's table state in the cycle */
  uint32_t cnt, f0, l0;
} tk_t;

static void tk_cycle(tk_t *x, int beat, uint32_t line, int probe_ready) {
  static const uint8_t zero[64];
  dir_io_t *io = &x->io;
  memset(io, 0, sizeof *io);
  io->req_wdata[0] = io->req_wdata[1] = zero;
  io->hist_valid[0] = (uint32_t)beat;
  io->hist_line[0] = line;
  io->probe_ready[1] = (uint32_t)probe_ready;
  dir_eval_moore(x->d, io);
  dir_eval_mealy(x->d, &x->in, io);
  memset(&x->out, 0, sizeof x->out);
  dir_observe(x->d, &x->out);
  const range_table_t *t = dir_rt_of(x->d, 0);
  x->st = rt_state_name(t);
  x->cnt = rt_cnt(t);
  x->f0 = x->l0 = 0;
  if (x->cnt) rt_entry(t, 0, &x->f0, &x->l0);
  dir_step(x->d, &x->in, io);
  dir_clock_stats(x->d);
}

/* fpga with max_range 2; side 0's table filled with [10,12] [20,20] (merge), then INV_START
 * from side 0 (target side 1) accepted at the edge before the first cycle of the test */
static int tk_setup(tk_t *x) {
  static rinv_err_t err = {0, 0, 1};
  rinv_cfg_t cfg = *rinv_cfg_by_name("fpga");
  cfg.max_range = 2;
  memset(x, 0, sizeof *x);
  x->d = dir_new(&cfg, &err);
  if (!x->d) return 0;
  dir_reg_write(x->d, REG_MODE, MODE_VAL(2, 0), 0);
  static const uint32_t fill[] = {10, 11, 12, 20};
  for (unsigned i = 0; i < 4; i++) {
    tk_cycle(x, 1, fill[i], 0);
    for (unsigned k = 0; k < 3; k++) tk_cycle(x, 0, 0, 0);
  }
  tk_cycle(x, 0, 0, 0);
  if (strcmp(x->st, "RIdle") || x->cnt != 2) return 0;
  dir_reg_write(x->d, REG_INV_START, 1, 0);
  return 1;
}

/* take alone at the boundary: hist_ready 0 and hist_count unchanged in RTake; the take
 * that removes entry 0 lowers hist_count at the edge leaving RTake */
static int test_dir_take_alone(test_ctx_t *tc) {
  tk_t x;
  CHECK(tk_setup(&x), "setup");
  /* P is never accepted (probe_ready 0): one take only */
  tk_cycle(&x, 0, 0, 0); /* c0: RIdle, take (10, 2) requested */
  CHECK(!strcmp(x.st, "RIdle") && x.io.hist_ready[0] == 1 && x.out.hist_count[0] == 2,
        "c0: RIdle, ready, count 2");
  CHECK(x.io.probe_valid[1] == 0, "c0: P empty");
  tk_cycle(&x, 0, 0, 0); /* c0+1: RTake */
  CHECK(!strcmp(x.st, "RTake"), "c0+1: %s, want RTake", x.st);
  CHECK(x.io.hist_ready[0] == 0, "c0+1: hist_ready 0 in RTake");
  CHECK(x.out.hist_count[0] == 2 && x.f0 == 10 && x.l0 == 12, "c0+1: table unchanged at the request edge");
  CHECK(x.io.probe_valid[1] && x.io.probe_first[1] == 10 && x.io.probe_nlines[1] == 2, "c0+1: probe (10, 2)");
  tk_cycle(&x, 0, 0, 0); /* c0+2: RIdle, taken; P still held: no take */
  CHECK(!strcmp(x.st, "RIdle") && x.io.hist_ready[0] == 1, "c0+2: RIdle, ready");
  CHECK(x.out.hist_count[0] == 2 && x.f0 == 12 && x.l0 == 12, "c0+2: f[0] += 2 leaving RTake");
  tk_cycle(&x, 0, 0, 0);
  CHECK(!strcmp(x.st, "RIdle") && x.f0 == 12 && x.cnt == 2, "P not free: no second take");
  dir_free(x.d);
  return 1;
}

/* the generator requests no take in the RTake cycle although P is free there: takes (and
 * probes) two cycles apart, each on the table after the previous take; hist_count falls at
 * the edge leaving RTake */
static int test_dir_no_take_in_rtake(test_ctx_t *tc) {
  tk_t x;
  CHECK(tk_setup(&x), "setup");
  static const char *const st[7] = {"RIdle", "RTake", "RIdle", "RTake", "RIdle", "RTake", "RIdle"};
  static const uint32_t cnt[7] = {2, 2, 2, 2, 1, 1, 0};
  static const uint32_t pv[7] = {0, 1, 0, 1, 0, 1, 0};
  static const uint32_t pf[7] = {0, 10, 0, 12, 0, 20, 0};
  static const uint32_t pn[7] = {0, 2, 0, 1, 0, 1, 0};
  for (unsigned c = 0; c < 7; c++) {
    tk_cycle(&x, 0, 0, 1);
    CHECK(!strcmp(x.st, st[c]), "c0+%u: %s, want %s", c, x.st, st[c]);
    CHECK(x.out.hist_count[0] == cnt[c], "c0+%u: hist_count %u, want %u", c, x.out.hist_count[0], cnt[c]);
    CHECK(x.io.hist_ready[0] == (c % 2 == 0), "c0+%u: hist_ready %u", c, x.io.hist_ready[0]);
    CHECK(x.io.probe_valid[1] == pv[c] && x.io.probe_first[1] == pf[c] && x.io.probe_nlines[1] == pn[c],
          "c0+%u: probe %u (%u, %u), want %u (%u, %u)", c, x.io.probe_valid[1], x.io.probe_first[1],
          x.io.probe_nlines[1], pv[c], pf[c], pn[c]);
  }
  CHECK(x.out.inv_busy == 1, "3 probes in flight, no ack: busy");
  dir_free(x.d);

  /* the generator alone: table in RTake (not RIdle), cnt > 0, P free -> no take, no finish */
  uint32_t smax[2] = {128, 64}, total[2] = {1024, 1024};
  dir_probegen_t *g = dir_probegen_new(256, 4, smax, total);
  dir_stats_t *sts = dir_stats_new();
  dir_probegen_reset(g);
  dir_probegen_start(g, 0);
  pg_view_t v;
  memset(&v, 0, sizeof v);
  v.merge = 1;
  v.rt_idle = 0;
  v.rt_cnt = 1;
  v.f0 = v.l0 = 7;
  dir_io_t io;
  memset(&io, 0, sizeof io);
  pg_ops_t ops;
  dir_probegen_step(g, &v, &io, sts, &ops);
  dir_probegen_moore(g, &io);
  int no_take = ops.take_n == 0u && io.probe_valid[1] == 0u && dir_probegen_inv_busy(g);
  v.rt_cnt = 0; /* RTake and cnt 0 (the last entry being taken): finish must wait */
  dir_probegen_step(g, &v, &io, sts, &ops);
  int no_finish = dir_probegen_inv_busy(g) == 1u;
  v.rt_idle = 1;
  dir_probegen_step(g, &v, &io, sts, &ops);
  int finish = dir_probegen_inv_busy(g) == 0u && dir_probegen_inv_done(g) == 1u;
  dir_probegen_free(g);
  dir_stats_free(sts);
  CHECK(no_take, "generator: no take requested while the table is in RTake");
  CHECK(no_finish, "generator: no finish while the table is in RTake");
  CHECK(finish, "generator: finish once RIdle with cnt 0");
  return 1;
}

/* a take and a beat in one RIdle cycle at the boundary: the beat is accepted (hist_ready
 * does not depend on the take), its scan starts one cycle later (RIdle -> RTake -> RScan)
 * and works on the table after the take: X = 11 (inside [10,12] before the take) extends
 * the taken entry [12,12] down to [11,12] */
static int test_dir_take_and_beat(test_ctx_t *tc) {
  tk_t x;
  CHECK(tk_setup(&x), "setup");
  static const char *const st[7] = {"RIdle", "RTake", "RScan", "RScan", "RApply", "RIdle", "RIdle"};
  uint32_t ent[7];
  for (unsigned c = 0; c < 7; c++) {
    tk_cycle(&x, c == 0, 11, 0);
    ent[c] = x.out.stat_hist_entries;
    CHECK(!strcmp(x.st, st[c]), "c0+%u: %s, want %s", c, x.st, st[c]);
    CHECK(x.io.hist_ready[0] == (c == 0 || c >= 5), "c0+%u: hist_ready %u", c, x.io.hist_ready[0]);
    if (c == 2) CHECK(x.f0 == 12 && x.l0 == 12 && x.cnt == 2, "c0+2: the scan sees [12,12]");
    if (c == 5) CHECK(x.f0 == 11 && x.l0 == 12 && x.cnt == 2, "c0+5: [11,12] after the insert");
  }
  CHECK(ent[1] == ent[0] && ent[2] == ent[0] + 1, "stat_hist_entries +1 in c0+2 (lag of §7.6)");
  dir_free(x.d);
  return 1;
}

#endif

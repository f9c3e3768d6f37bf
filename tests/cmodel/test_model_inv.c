/* Unit tests of the C golden model (v1): invalidation (line/run/merge probes and their
 * timing, walks), history recording and FIFO overflow, the range table. Part of
 * build/test_model: see test_model.c. */
#include <stdio.h>

#include "hist.h"
#include "model_tb.h"

/* Runs the 10,11,12,20,13 scenario in the given mode; GPU port 2 first caches the lines. */
static int run_inv_scenario(test_ctx_t *tc, uint32_t mode, tb_t **out_tb, uint64_t *inv_accept) {
  tb_t *t = tb_new(rinv_cfg_by_name("gem5"));
  CHECK(t, "alloc");
  *out_tb = t;
  const uint32_t lines[5] = {10, 11, 12, 20, 13};
  uint32_t v;
  for (unsigned i = 0; i < 5; i++) port_load(t, 2, line_addr(lines[i]), &v);
  CHECK(reg_write(t, 0, A_MODE, MODE_VAL(mode, 0)) == OKAY, "MODE write");
  CHECK(sw_acquire(t, 0) == 0, "acquire");
  for (unsigned i = 0; i < 5; i++) port_store(t, 0, line_addr(lines[i]), 0x5000u + i);
  CHECK(sw_hist_transfer(t, 0) == 0, "history transfer");
  t->n_probes = 0;
  CHECK(reg_write_strb(t, 0, A_INV_START, 1, 0xF, inv_accept) == OKAY, "INV_START");
  CHECK(sw_poll_clear(t, 0, 1u) == 0, "invalidation never finished");
  return 1;
}

static int check_probes(test_ctx_t *tc, const tb_t *t, const uint32_t (*want)[2], unsigned n) {
  CHECK(t->n_probes == n, "%u probes, want %u", t->n_probes, n);
  for (unsigned i = 0; i < n; i++) {
    const probe_rec_t *p = &t->probes[i];
    CHECK(p->side == 1 && p->first == want[i][0] && p->n == want[i][1] && p->setwalk == 0,
          "probe %u = side %u (%u,%u) setwalk %u, want side 1 (%u,%u)", i, p->side, p->first, p->n,
          p->setwalk, want[i][0], want[i][1]);
  }
  return 1;
}

static int check_inv_stats(test_ctx_t *tc, tb_t *t, uint32_t probes, uint32_t lines) {
  tb_cycle(t);
  const rinv_out_t *o = &t->out;
  CHECK(o->stat_probes == probes, "stat_probes %u want %u", o->stat_probes, probes);
  CHECK(o->stat_probe_lines == lines, "stat_probe_lines %u want %u", o->stat_probe_lines, lines);
  CHECK(o->stat_inv_hits == 10, "stat_inv_hits %u want 10 (TCC + TCP0 per line)", o->stat_inv_hits);
  CHECK(o->stat_over_inv == 0, "stat_over_inv %u", o->stat_over_inv);
  CHECK(o->stat_hist_entries == 5, "stat_hist_entries %u", o->stat_hist_entries);
  CHECK(o->stat_releases == 1, "stat_releases %u", o->stat_releases);
  CHECK(o->inv_done == 1 && o->inv_busy == 0, "inv_done/inv_busy");
  CHECK(o->hist_count[0] == 0, "history not consumed: %u", o->hist_count[0]);
  const uint32_t lines5[5] = {10, 11, 12, 20, 13};
  for (unsigned i = 0; i < 5; i++) {
    CHECK(!rinv_model_line_valid(t->m, 1, lines5[i]), "line %u still valid on the GPU", lines5[i]);
  }
  /* the debug peek agrees */
  t->in.dbg_line[1] = 12;
  t->in.dbg_line[0] = 12;
  tb_cycle(t);
  CHECK(t->out.dbg_valid[1] == 0 && t->out.dbg_valid[0] == 1, "dbg_valid %u/%u", t->out.dbg_valid[0],
        t->out.dbg_valid[1]);
  return 1;
}

int test_inv_line_mode(test_ctx_t *tc) {
  tb_t *t = NULL;
  uint64_t acc;
  int ok = run_inv_scenario(tc, 0, &t, &acc);
  static const uint32_t want[5][2] = {{10, 1}, {11, 1}, {12, 1}, {20, 1}, {13, 1}};
  if (ok) ok = check_probes(tc, t, want, 5);
  if (ok) ok = check_inv_stats(tc, t, 5, 5);
  /* line mode: INV_START at acc; GGen pops at acc+1, emits at acc+2, probe at acc+3 */
  if (ok && t->probes[0].cycle != acc + 3) {
    snprintf(tc->msg, sizeof tc->msg, "first probe at acc+%llu, want acc+3",
             (unsigned long long)(t->probes[0].cycle - acc));
    ok = 0;
  }
  tb_free(t);
  return ok;
}

int test_inv_run_mode(test_ctx_t *tc) {
  tb_t *t = NULL;
  uint64_t acc;
  int ok = run_inv_scenario(tc, 1, &t, &acc);
  static const uint32_t want[3][2] = {{10, 3}, {20, 1}, {13, 1}};
  if (ok) ok = check_probes(tc, t, want, 3);
  if (ok) ok = check_inv_stats(tc, t, 3, 5);
  if (ok) {
    /* derived schedule: probes at acc+5, +16, +25; finish at acc+32 */
    uint64_t d0 = t->probes[0].cycle - acc, d1 = t->probes[1].cycle - acc, d2 = t->probes[2].cycle - acc;
    if (d0 != 5 || d1 != 16 || d2 != 25) {
      snprintf(tc->msg, sizeof tc->msg, "probe cycles acc+%llu,+%llu,+%llu want +5,+16,+25",
               (unsigned long long)d0, (unsigned long long)d1, (unsigned long long)d2);
      ok = 0;
    } else if (t->out.stat_inv_cycles_last != 32 || t->out.stat_inv_cycles != 32) {
      snprintf(tc->msg, sizeof tc->msg, "inv cycles last %u total %u, want 32",
               t->out.stat_inv_cycles_last, t->out.stat_inv_cycles);
      ok = 0;
    }
  }
  tb_free(t);
  return ok;
}

int test_inv_merge_mode(test_ctx_t *tc) {
  tb_t *t = NULL;
  uint64_t acc;
  int ok = run_inv_scenario(tc, 2, &t, &acc);
  static const uint32_t want[2][2] = {{10, 4}, {20, 1}};
  if (ok) ok = check_probes(tc, t, want, 2);
  if (ok) ok = check_inv_stats(tc, t, 2, 5);
  /* merge: GGen at acc+1 emits entry 0 at once, probe at acc+2 */
  if (ok && t->probes[0].cycle != acc + 2) {
    snprintf(tc->msg, sizeof tc->msg, "first probe at acc+%llu, want acc+2",
             (unsigned long long)(t->probes[0].cycle - acc));
    ok = 0;
  }
  tb_free(t);
  return ok;
}

/* Per-cycle inv_count / inv_line / ack of the run-mode walk on the GPU (TAG_LAT 4). */
int test_inv_walk_cycles(test_ctx_t *tc) {
  tb_t *t = tb_new(rinv_cfg_by_name("gem5"));
  CHECK(t, "alloc");
  uint32_t v;
  for (uint32_t l = 10; l <= 12; l++) port_load(t, 2, line_addr(l), &v);
  CHECK(sw_acquire(t, 0) == 0, "acquire");
  for (uint32_t l = 10; l <= 12; l++) port_store(t, 0, line_addr(l), l);
  CHECK(sw_hist_transfer(t, 0) == 0, "transfer");
  uint64_t acc = 0;
  CHECK(reg_write_strb(t, 0, A_INV_START, 1, 0xF, &acc) == OKAY, "INV_START");
  uint64_t base = t->cycle;
  rinv_out_t o[40];
  for (unsigned i = 0; i < 40; i++) {
    tb_cycle(t);
    o[i] = t->out;
  }
  tb_free(t);
  /* GGen pops 10,11,12 at acc+1..3, emits at acc+4 (FIFO empty), probe acc+5, StInvLat
   * acc+6..9, steps acc+10..12, ack acc+13, finish in GGen at acc+14 (FIFO empty) */
  for (unsigned i = 0; i < 40; i++) {
    uint64_t rel = base + i - acc;
    int step = rel >= 10 && rel <= 12;
    CHECK(o[i].inv_count[1] == (step ? 2u : 0u), "inv_count[1]=%u at acc+%llu", o[i].inv_count[1],
          (unsigned long long)rel);
    if (step) CHECK(o[i].inv_line[1] == 10u + (uint32_t)(rel - 10), "inv_line at acc+%llu", (unsigned long long)rel);
    CHECK(o[i].probe_valid[1] == (rel == 5), "probe_valid[1] at acc+%llu", (unsigned long long)rel);
    CHECK(o[i].ack_valid[1] == (rel == 13), "ack_valid[1] at acc+%llu", (unsigned long long)rel);
    if (rel == 13) CHECK(o[i].ack_hits[1] == 6 && o[i].ack_ready[1] == 1, "ack_hits %u", o[i].ack_hits[1]);
    CHECK(o[i].inv_busy == (rel >= 1 && rel <= 14), "inv_busy=%u at acc+%llu", o[i].inv_busy, (unsigned long long)rel);
    if (rel >= 10 && rel <= 12)
      CHECK(o[i].stat_tag_lookups[1] == 5u * (uint32_t)(rel - 10), "tag_lookups %u", o[i].stat_tag_lookups[1]);
  }
  CHECK(o[39].stat_inv_cycles_last == 14, "inv_cycles_last %u want 14", o[39].stat_inv_cycles_last);
  return 1;
}

int test_rtab_rules(test_ctx_t *tc) {
  rtab_t r;
  CHECK(rtab_init(&r, 2) == 0, "alloc");
  rtab_insert_result_t x;
  rtab_insert(&r, 0);
  rtab_insert(&r, 5);
  x = rtab_insert(&r, 10); /* gaps 4,4: tie -> lowest k merges [0] and [5] */
  int ok = r.count == 2 && r.first[0] == 0 && r.last[0] == 5 && r.first[1] == 10 && r.last[1] == 10 &&
           x.forced_merge && x.gap_lines == 4;
  rtab_insert(&r, 7);                       /* full; gaps [0,5]-[7]=1, [7]-[10]=2 -> merge k=0 */
  int ok2 = r.count == 2 && r.first[0] == 0 && r.last[0] == 7 && r.first[1] == 10;
  x = rtab_insert(&r, 9);                   /* rule 3: extends [10] down */
  int ok3 = !x.forced_merge && r.count == 2 && r.first[1] == 9;
  rtab_insert(&r, 8);                       /* rule 2 + merge with [9,10] */
  int ok4 = r.count == 1 && r.first[0] == 0 && r.last[0] == 10;
  x = rtab_insert(&r, 3);                   /* rule 1: contained */
  int ok5 = !x.forced_merge && r.count == 1;
  rtab_consume_front(&r, 4);
  int ok6 = r.count == 1 && r.first[0] == 4;
  rtab_consume_front(&r, 7);
  int ok7 = r.count == 0;
  rtab_free(&r);
  CHECK(ok, "tie merge");
  CHECK(ok2, "smallest gap merge");
  CHECK(ok3, "rule 3");
  CHECK(ok4, "rule 2 closing a hole");
  CHECK(ok5, "rule 1");
  CHECK(ok6 && ok7, "consume front");
  return 1;
}

/* Merge mode with rt_cap = 2 through the model: 10, 20, 23, 30 -> [10], [20..30] with
 * over_inv 2 + 6 = 8 and 2 forced merges; max_range 4 splits [20..30] into 4+4+3. */
int test_merge_overflow_model(test_ctx_t *tc) {
  rinv_cfg_t cfg = *rinv_cfg_by_name("fpga");
  cfg.rt_cap = 2;
  cfg.max_range = 4;
  tb_t *t = tb_new(&cfg);
  CHECK(t, "alloc");
  CHECK(reg_write(t, 0, A_MODE, MODE_VAL(2, 0)) == OKAY, "MODE merge");
  CHECK(sw_acquire(t, 0) == 0, "acquire");
  const uint32_t lines[4] = {10, 20, 23, 30};
  for (unsigned i = 0; i < 4; i++) port_store(t, 0, line_addr(lines[i]), i);
  CHECK(sw_hist_transfer(t, 0) == 0, "transfer");
  tb_cycle(t);
  CHECK(t->out.hist_count[0] == 2, "hist_count %u want 2", t->out.hist_count[0]);
  CHECK(t->out.stat_over_inv == 8, "stat_over_inv %u want 8", t->out.stat_over_inv);
  CHECK(t->out.stat_hist_overflows == 2, "stat_hist_overflows %u want 2", t->out.stat_hist_overflows);
  CHECK(reg_get(t, A_CNT(9)) == 2 && reg_get(t, A_CNT(3)) == 8 && reg_get(t, A_CNT(5)) == 2,
        "counter registers");
  t->n_probes = 0;
  CHECK(reg_write(t, 0, A_INV_START, 1) == OKAY, "INV_START");
  CHECK(sw_poll_clear(t, 0, 1u) == 0, "not finished");
  static const uint32_t want[4][2] = {{10, 1}, {20, 4}, {24, 4}, {28, 3}};
  int ok = check_probes(tc, t, want, 4);
  tb_cycle(t);
  if (ok && (t->out.stat_probe_lines != 12 || t->out.hist_count[0] != 0)) {
    snprintf(tc->msg, sizeof tc->msg, "probe_lines %u hist_count %u", t->out.stat_probe_lines,
             t->out.hist_count[0]);
    ok = 0;
  }
  tb_free(t);
  return ok;
}

/* max_range also bounds runs in run mode. */
int test_run_max_range(test_ctx_t *tc) {
  rinv_cfg_t cfg = *rinv_cfg_by_name("fpga");
  cfg.max_range = 2;
  tb_t *t = tb_new(&cfg);
  CHECK(t, "alloc");
  CHECK(sw_acquire(t, 0) == 0, "acquire");
  for (uint32_t l = 50; l < 55; l++) port_store(t, 0, line_addr(l), l);
  t->n_probes = 0;
  CHECK(sw_release(t, 0) == 0, "release");
  static const uint32_t want[3][2] = {{50, 2}, {52, 2}, {54, 1}};
  int ok = check_probes(tc, t, want, 3);
  tb_free(t);
  return ok;
}

/* FIFO overflow (hist_cap 2) -> ovf, then one invalidate-all probe that counts the target's
 * total lines and its hits as over-invalidation. */
int test_fifo_overflow_all_probe(test_ctx_t *tc) {
  rinv_cfg_t cfg = *rinv_cfg_by_name("fpga");
  cfg.hist_cap = 2;
  tb_t *t = tb_new(&cfg);
  CHECK(t, "alloc");
  uint32_t v;
  port_load(t, 2, line_addr(100), &v); /* GPU: line 100 in TCC + TCP0, line 7 in TCC + TCP1 */
  port_load(t, 3, line_addr(7), &v);
  CHECK(sw_acquire(t, 0) == 0, "acquire");
  for (uint32_t l = 1; l <= 3; l++) port_store(t, 0, line_addr(l), l);
  CHECK(sw_hist_transfer(t, 0) == 0, "transfer");
  tb_cycle(t);
  CHECK(t->out.hist_count[0] == 2 && t->out.stat_hist_overflows == 1, "hist_count %u overflows %u",
        t->out.hist_count[0], t->out.stat_hist_overflows);
  CHECK((reg_get(t, A_STATUS) >> 6) & 1u, "STATUS ovf CPU not set");
  CHECK(reg_write(t, 0, A_MODE, 0) == SLVERR, "MODE accepted with ovf set");
  t->n_probes = 0;
  CHECK(reg_write(t, 0, A_INV_START, 1) == OKAY, "INV_START");
  CHECK(sw_poll_clear(t, 0, 1u) == 0, "not finished");
  tb_cycle(t);
  CHECK(t->n_probes == 1, "%u probes", t->n_probes);
  const probe_rec_t *p = &t->probes[0];
  CHECK(p->side == 1 && p->first == 0 && p->n == (1u << 26) && p->setwalk == 1, "all-probe fields");
  /* every line of the GPU's arrays: the TCC and the 4 TCPs (sizes from the configuration) */
  uint32_t total = cfg.gpu_l2_sets * cfg.gpu_l2_ways +
                   RINV_N_GPU_L1 * cfg.gpu_l1_sets * cfg.gpu_l1_ways;
  CHECK(t->out.stat_probe_lines == total, "probe_lines %u want %u", t->out.stat_probe_lines, total);
  CHECK(t->out.stat_inv_hits == 4 && t->out.stat_over_inv == 4, "hits %u over_inv %u",
        t->out.stat_inv_hits, t->out.stat_over_inv);
  CHECK(t->out.hist_count[0] == 0 && !((reg_get(t, A_STATUS) >> 6) & 1u), "FIFO/ovf not cleared");
  CHECK(!rinv_model_line_valid(t->m, 1, 100) && !rinv_model_line_valid(t->m, 1, 7), "GPU lines valid");
  /* a set walk looks up every set of every GPU array once */
  uint32_t walk = cfg.gpu_l2_sets + RINV_N_GPU_L1 * cfg.gpu_l1_sets;
  CHECK(t->out.stat_tag_lookups[1] == walk, "tag_lookups %u want %u", t->out.stat_tag_lookups[1],
        walk);
  tb_free(t);
  return 1;
}

/* Walk choice: addr = 5 lookups per line (1 + 4 TCP), set = every set of every GPU array
 * once, auto = addr for n <= SMAX. */
static int walk_lookups(test_ctx_t *tc, uint32_t walk, uint32_t *lookups, uint32_t *setwalk,
                        uint32_t *hits, uint32_t *count_sum) {
  tb_t *t = tb_new(rinv_cfg_by_name("fpga"));
  CHECK(t, "alloc");
  uint32_t v;
  for (uint32_t l = 40; l <= 42; l++) port_load(t, 2, line_addr(l), &v);
  CHECK(reg_write(t, 0, A_MODE, MODE_VAL(1, walk)) == OKAY, "MODE");
  CHECK(sw_acquire(t, 0) == 0, "acquire");
  for (uint32_t l = 40; l <= 42; l++) port_store(t, 0, line_addr(l), l);
  CHECK(sw_hist_transfer(t, 0) == 0, "transfer");
  t->n_probes = 0;
  CHECK(reg_write(t, 0, A_INV_START, 1) == OKAY, "INV_START");
  *count_sum = 0;
  for (unsigned i = 0; i < 200; i++) {
    tb_cycle(t);
    *count_sum += t->out.inv_count[1];
  }
  CHECK(t->out.inv_busy == 0, "not finished");
  CHECK(t->n_probes == 1, "%u probes", t->n_probes);
  *setwalk = t->probes[0].setwalk;
  *lookups = reg_get(t, A_TAG_LOOKUPS(1));
  *hits = t->out.stat_inv_hits;
  tb_free(t);
  return 1;
}

int test_walk_lookups(test_ctx_t *tc) {
  uint32_t la, lsw, lau, sa, ssw, sau, ha, hs, hau, ca, cs, cau;
  if (!walk_lookups(tc, 0, &la, &sa, &ha, &ca)) return 0;
  if (!walk_lookups(tc, 1, &lsw, &ssw, &hs, &cs)) return 0;
  if (!walk_lookups(tc, 2, &lau, &sau, &hau, &cau)) return 0;
  CHECK(sa == 0 && la == 15, "addr walk: setwalk %u lookups %u want 15", sa, la);
  const rinv_cfg_t *cfg = rinv_cfg_by_name("fpga");
  uint32_t walk = cfg->gpu_l2_sets + RINV_N_GPU_L1 * cfg->gpu_l1_sets;
  CHECK(ssw == 1 && lsw == walk, "set walk: setwalk %u lookups %u want %u", ssw, lsw, walk);
  CHECK(cfg->gpu_l2_sets >= 3 && sau == 0 && lau == 15,
        "auto walk (n=3 <= SMAX sets): setwalk %u lookups %u", sau, lau);
  CHECK(ha == 6 && hs == 6 && hau == 6, "hits %u/%u/%u want 6", ha, hs, hau);
  CHECK(ca == 6 && cs == 6 && cau == 6, "sum of inv_count %u/%u/%u want 6", ca, cs, cau);
  return 1;
}

/* A dirty line on the target side is written back (with its byte mask) before it is
 * invalidated, so no data is lost. */
int test_inv_dirty_writeback(test_ctx_t *tc) {
  tb_t *t = tb_new(rinv_cfg_by_name("fpga"));
  CHECK(t, "alloc");
  port_access(t, 2, 1, line_addr(60) + 8, 0xCAFEF00Du, 0xF, NULL); /* GPU dirty, not recorded */
  CHECK(sw_acquire(t, 0) == 0, "acquire");
  port_store(t, 0, line_addr(60) + 16, 0x12345678u);
  CHECK(sw_hist_transfer(t, 0) == 0, "transfer");
  CHECK(reg_write(t, 0, A_INV_START, 1) == OKAY, "INV_START");
  int saw_wb = 0;
  for (unsigned i = 0; i < 100; i++) {
    tb_cycle(t);
    if (t->out.cc_req_valid[1] && t->out.cc_req_we[1]) {
      CHECK(t->out.cc_req_line[1] == 60 && t->out.cc_req_wmask[1] == 0xF00ull, "write-back fields");
      saw_wb = 1;
    }
  }
  CHECK(saw_wb, "no write-back from the GPU");
  CHECK(t->out.stat_inv_hits == 1, "hits %u want 1 (the TCC line)", t->out.stat_inv_hits);
  CHECK(mem_read_word(t->mem, line_addr(60) + 8) == 0xCAFEF00Du, "GPU data lost");
  CHECK(mem_read_word(t->mem, line_addr(60) + 16) == 0x12345678u, "CPU data lost");
  CHECK(!rinv_model_line_valid(t->m, 1, 60), "still valid");
  tb_free(t);
  return 1;
}

/* Recorder full -> early drain of one entry outside a transfer (rec_cap 2). */
int test_early_drain(test_ctx_t *tc) {
  rinv_cfg_t cfg = *rinv_cfg_by_name("fpga");
  cfg.rec_cap = 2;
  tb_t *t = tb_new(&cfg);
  CHECK(t, "alloc");
  CHECK(sw_acquire(t, 0) == 0, "acquire");
  port_store(t, 0, line_addr(1), 1);
  port_store(t, 0, line_addr(2), 2);
  tb_run(t, 20);
  CHECK(t->out.rec_count[0] == 1 && t->out.hist_count[0] == 1 && t->out.stat_hist_entries == 1,
        "rec %u hist %u entries %u", t->out.rec_count[0], t->out.hist_count[0], t->out.stat_hist_entries);
  CHECK(mem_read_word(t->mem, line_addr(1)) == 1, "early drain did not write back");
  CHECK(sw_hist_transfer(t, 0) == 0, "transfer");
  tb_cycle(t);
  CHECK(t->out.hist_count[0] == 2 && t->out.rec_count[0] == 0, "after transfer hist %u", t->out.hist_count[0]);
  tb_free(t);
  return 1;
}

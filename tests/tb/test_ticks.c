/* Unit tests of tb/ticks.c, the probes charged in gem5 ticks
 * (docs/ARCHITECTURE_v3_gpu_frontend.md §15). The expected values are the contract's worked
 * example (gem5 configuration) and hand-derived cases from its formulas. */
#include "test_ticks.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "test_upstream.h" /* test_vresult */
#include "ticks.h"

static void res(unsigned *pass, unsigned *fail, const char *name, int ok, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  test_vresult(pass, fail, name, ok, fmt, ap);
  va_end(ap);
}

/* The §15 table's values and gem5's tag latencies, written out (not read from
 * params/rinv.toml, so a changed default cannot move the expected figures). */
static rinv_cfg_t example_cfg(void) {
  rinv_cfg_t c = *rinv_cfg_by_name("gem5");
  c.tick_ruby = 500;
  c.tick_gpu = 1000;
  c.tick_dir_probe = 30;
  c.tick_net_hops = 3;
  c.tick_link = 1;
  c.tick_resp_cpu = 120;
  c.tick_resp_gpu = 1;
  c.cpu_l1_lat = 1;
  c.cpu_l2_lat = 1;
  c.gpu_l1_lat = 4;
  c.gpu_l2_lat = 2;
  c.cpu_l1_sets = 512;
  c.cpu_l2_sets = 4096;
  c.gpu_l1_sets = 16;
  c.gpu_l2_sets = 256;
  return c;
}

static int steps_ok(ticks_t *t) {
  char err[200];
  int rc = 0;
  rc |= ticks_probe(t, 0, 100, 3, err, sizeof err);
  rc |= ticks_probe(t, 0, 104, 1, err, sizeof err);
  rc |= ticks_ack(t, 0, 110, err, sizeof err);
  rc |= ticks_ack(t, 0, 113, err, sizeof err);
  rc |= ticks_probe(t, 1, 200, 2, err, sizeof err);
  rc |= ticks_ack(t, 1, 230, err, sizeof err);
  if (rc) printf("  %s\n", err);
  return rc == 0;
}

/* §15 "Worked example": seq 217,000, pipe 211,500, eager (5, 2) 428,000 */
static void test_example(unsigned *pass, unsigned *fail, ticks_t *t) {
  res(pass, fail, "ticks_msg", ticks_msg(t, 0) == 78000 && ticks_msg(t, 1) == 19000,
      "msg(0) %llu msg(1) %llu, want 78000 19000", (unsigned long long)ticks_msg(t, 0),
      (unsigned long long)ticks_msg(t, 1));
  int ok = steps_ok(t);
  uint64_t eager = 0;
  int erc = ticks_eager(t, 5, 2, &eager);
  res(pass, fail, "ticks_worked_example",
      ok && ticks_seq(t) == 217000 && ticks_pipe(t) == 211500 && erc == 0 && eager == 428000,
      "seq %llu pipe %llu eager %llu (rc %d), want 217000 211500 428000",
      (unsigned long long)ticks_seq(t), (unsigned long long)ticks_pipe(t),
      (unsigned long long)eager, erc);
}

/* Three overlapping CPU probes, accepted at 10, 12, 13 and acked at 20, 25, 26: the pipe
 * terms are 20-10, 25-max(12,20), 26-max(13,25) = 10 + 5 + 1 = 16 cycles: pipe = 3 msg(0)
 * + 16 x 500 = 234,000 + 8,000 = 242,000 (summing 20-10, 25-12, 26-13 would give 252,000);
 * seq = 3 msg(0) + (2 + 2 + 1) lines x 3 tags x 500 = 241,500. After a
 * reset the previous ack is forgotten: a GPU probe at 5 acked at 7 is 19,000 + 2,000 pipe. */
static void test_overlap(unsigned *pass, unsigned *fail, ticks_t *t) {
  char err[200] = "";
  ticks_reset(t);
  int rc = ticks_probe(t, 0, 10, 2, err, sizeof err);
  rc |= ticks_probe(t, 0, 12, 2, err, sizeof err);
  rc |= ticks_probe(t, 0, 13, 1, err, sizeof err);
  rc |= ticks_ack(t, 0, 20, err, sizeof err);
  rc |= ticks_ack(t, 0, 25, err, sizeof err);
  rc |= ticks_ack(t, 0, 26, err, sizeof err);
  res(pass, fail, "ticks_overlap", rc == 0 && ticks_pipe(t) == 242000 && ticks_seq(t) == 241500,
      "rc %d (%s) pipe %llu seq %llu, want 242000 241500", rc, err,
      (unsigned long long)ticks_pipe(t), (unsigned long long)ticks_seq(t));
  ticks_reset(t);
  rc = ticks_probe(t, 1, 5, 1, err, sizeof err);
  rc |= ticks_ack(t, 1, 7, err, sizeof err);
  res(pass, fail, "ticks_reset", rc == 0 && ticks_pipe(t) == 21000 && ticks_seq(t) == 37000,
      "rc %d pipe %llu seq %llu, want 21000 37000 (19000 + 1 x 18 x 1000)", rc,
      (unsigned long long)ticks_pipe(t), (unsigned long long)ticks_seq(t));
}

/* The all-probe (n = 2^26) is a set walk: CPU sets(0) = 4096 x 1 + 2 x 512 x 1 = 5,120 tag
 * accesses, seq = 78,000 + 5,120 x 500 = 2,638,000; GPU sets(1) = 256 x 2 + 4 x 16 x 4 = 768,
 * seq = 19,000 + 768 x 1000 = 787,000. One line fewer is a range: 78,000 + (2^26 - 1) x 3 x 500
 * = 100,663,372,500. */
static void test_all_probe(unsigned *pass, unsigned *fail, ticks_t *t) {
  char err[200] = "";
  ticks_reset(t);
  int rc = ticks_probe(t, 0, 10, 1u << 26, err, sizeof err);
  rc |= ticks_ack(t, 0, 5140, err, sizeof err);
  uint64_t cpu = ticks_seq(t);
  rc |= ticks_probe(t, 1, 6000, 1u << 26, err, sizeof err);
  rc |= ticks_ack(t, 1, 6800, err, sizeof err);
  uint64_t gpu = ticks_seq(t) - cpu;
  res(pass, fail, "ticks_all_probe_set_walk", rc == 0 && cpu == 2638000 && gpu == 787000 &&
      ticks_pipe(t) == 78000 + 5130u * 500 + 19000 + 800u * 1000,
      "rc %d (%s) cpu %llu gpu %llu pipe %llu, want 2638000 787000 3443000", rc, err,
      (unsigned long long)cpu, (unsigned long long)gpu, (unsigned long long)ticks_pipe(t));
  ticks_reset(t);
  rc = ticks_probe(t, 0, 10, (1u << 26) - 1u, err, sizeof err);
  rc |= ticks_ack(t, 0, 20, err, sizeof err);
  res(pass, fail, "ticks_all_minus_one_is_range", rc == 0 && ticks_seq(t) == 100663372500ull,
      "rc %d seq %llu, want 100663372500", rc, (unsigned long long)ticks_seq(t));
}

/* More probes in flight than the FIFO holds, an ack without a probe, a dropped probe. */
static void test_errors(unsigned *pass, unsigned *fail, ticks_t *t) {
  char err[200] = "";
  ticks_reset(t);
  int rc = 0;
  for (unsigned i = 0; i < TICKS_FIFO_CAP; i++) rc |= ticks_probe(t, 0, i, 1, err, sizeof err);
  int full = ticks_probe(t, 0, 99, 1, err, sizeof err);
  char cap[16];
  snprintf(cap, sizeof cap, "%u", TICKS_FIFO_CAP);
  res(pass, fail, "ticks_fifo_full", rc == 0 && full == -1 && strstr(err, "capacity") &&
      strstr(err, cap), "rc %d full %d err '%s'", rc, full, err);
  ticks_drop(t, 0);
  err[0] = 0;
  int none = ticks_ack(t, 0, 100, err, sizeof err);
  res(pass, fail, "ticks_ack_without_probe", none == -1 && strstr(err, "no probe") &&
      ticks_seq(t) == 0 && ticks_pipe(t) == 0, "rc %d err '%s'", none, err);
}

void test_ticks(unsigned *pass, unsigned *fail) {
  rinv_cfg_t c = example_cfg();
  ticks_t *t = ticks_new(&c);
  if (!t) {
    res(pass, fail, "ticks_new", 0, "out of memory");
    return;
  }
  test_example(pass, fail, t);
  test_overlap(pass, fail, t);
  test_all_probe(pass, fail, t);
  test_errors(pass, fail, t);
  ticks_free(t);
}

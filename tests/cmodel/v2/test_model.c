/* Unit tests of the v2 C golden model (cmodel/v2) against docs/ARCHITECTURE_v2.md: the
 * cells (§4.1, §4.2), the init walk (§6.2), the statistics lag (§7.6), the range table
 * (§7.3), every worked example of §12 and the tag output register (tag_oreg, round 5),
 * cycle-exact. Each test prints PASS/FAIL; the last
 * line is "N passed, M failed"; the exit status is non-zero if any failed.
 * Build: make unit MODEL_ARCH=v2 RTL_ARCH=v1 (-> build-rtlv1-modelv2/test_model [FILTER]). */
#include "test_util.h"

#include "dir_stats.h"
#include "fifo.h"
#include "range_table.h"
#include "sram.h"

/* §4.1: registered read, hold, forbidden read-during-write */
static int test_sram_cell(test_ctx_t *tc) {
  rinv_err_t err = {0, 0, 0};
  sram_t *s = sram_new("t.cell", 8, 4, &err);
  uint32_t v = 0x11111111u, w = 0x22222222u;
  sram_write(s, 3, &v, ~0ull);
  sram_clock(s); /* edge of cycle 0 */
  sram_read(s, 3);
  CHECK(sram_rdata_u32(s) == 0, "rdata before the edge of the read");
  sram_clock(s);
  CHECK(sram_rdata_u32(s) == v, "read of a word written one edge earlier: 0x%x", sram_rdata_u32(s));
  sram_write(s, 3, &w, ~0ull);
  sram_clock(s);
  CHECK(sram_rdata_u32(s) == v, "rdata holds while re = 0");
  uint32_t be = 0x000000FFu;
  sram_write(s, 4, &be, 0x1ull); /* byte enable: byte 0 only */
  sram_clock(s);
  CHECK(sram_peek_u32(s, 4) == 0xFFu, "byte enables");
  CHECK(err.errors == 0, "no error so far");
  sram_read(s, 3);
  sram_write(s, 3, &v, ~0ull);
  sram_clock(s);
  CHECK(err.errors == 1, "read-during-write not reported");
  CHECK(sram_rdata_u32(s) == w, "read-during-write returns the old word");
  sram_read(s, 3);
  sram_write(s, 4, &v, ~0ull);
  sram_clock(s);
  CHECK(err.errors == 1, "different addresses are legal");
  sram_free(s);
  return 1;
}

/* §4.2: the FIFO equations */
static int test_fifo_equations(test_ctx_t *tc) {
  rinv_err_t err = {0, 0, 0};
  fifo_t *f = fifo_new("t.fifo", 4, 0, &err);
  fifo_step(f, 1, 0xA, 0, 0); /* push in cycle p = 0 */
  CHECK(fifo_count(f) == 1 && !fifo_head_valid(f), "cycle 1: count 1, head not valid");
  fifo_step(f, 1, 0xB, 0, 0); /* cycle 1: re (mcnt > 0, !hv) */
  CHECK(fifo_head_valid(f) && fifo_head(f) == 0xA && fifo_count(f) == 2, "cycle 2 = p + 2: head 0xA");
  fifo_step(f, 1, 0xC, 0, 0);
  fifo_step(f, 1, 0xD, 0, 0);
  CHECK(fifo_count(f) == 4, "count 4 = capacity");
  int ok = fifo_step(f, 1, 0xE, 1, 0); /* full before the edge: not taken although popped */
  CHECK(!ok && err.errors == 1, "push when full (no drop) is an invariant error");
  CHECK(fifo_head_valid(f) && fifo_head(f) == 0xB && fifo_count(f) == 3, "after pop: head 0xB in t + 1");
  fifo_step(f, 0, 0, 1, 0);
  CHECK(fifo_head(f) == 0xC && fifo_count(f) == 2, "head 0xC");
  fifo_step(f, 1, 0xF, 0, 1); /* flush with a push */
  CHECK(!fifo_head_valid(f) && fifo_count(f) == 1, "flush keeps the same-edge push only");
  fifo_step(f, 0, 0, 0, 0);
  CHECK(fifo_head_valid(f) && fifo_head(f) == 0xF, "pushed entry after the flush");
  fifo_step(f, 0, 0, 1, 0);
  CHECK(fifo_count(f) == 0 && !fifo_head_valid(f), "empty");
  fifo_step(f, 0, 0, 1, 0);
  CHECK(err.errors == 2, "pop without a valid head is an invariant error");
  fifo_free(f);
  return 1;
}

/* §6.2: StIdle is first reached in cycle INIT_ROWS after reset; readies 0 before */
static int init_len(test_ctx_t *tc, const char *cfg, unsigned port) {
  tb_t *t = tb_new(cfg);
  const rinv_cfg_t *g = &t->cfg;
  uint32_t s1 = port >= 2 ? g->gpu_l1_sets : g->cpu_l1_sets, s2 = port >= 2 ? g->gpu_l2_sets : g->cpu_l2_sets;
  uint64_t want = (s1 > s2 ? s1 : s2) / g->walk_lanes; /* INIT_ROWS */
  t->in.port_req_valid[port] = 1;
  t->in.port_req_addr[port] = 0x1000;
  uint64_t first = ~0ull;
  for (unsigned c = 0; c < 3000 && first == ~0ull; c++) {
    tb_cycle(t);
    if (t->out.port_req_ready[port]) first = c;
    if (c == 0) CHECK(t->out.probe_ready[port >= 2] == 0, "probe_ready in StInit");
  }
  tb_free(t);
  CHECK(strcmp(cfg, "gem5") || want == (port >= 2 ? 128u : 2048u), "gem5 INIT_ROWS");
  CHECK(first == want, "%s port %u: first port_req_ready in cycle %llu, want %llu", cfg, port,
        (unsigned long long)first, (unsigned long long)want);
  return 1;
}

static int test_init_walk(test_ctx_t *tc) {
  /* gem5: CPU 2048, GPU 128 (as §6.2); fpga: from params/rinv.toml */
  return init_len(tc, "gem5", 0) && init_len(tc, "gem5", 2) && init_len(tc, "fpga", 1) &&
         init_len(tc, "fpga", 5);
}

/* §7.6: a rejected access in cycle a shows in ERR_COUNT / stat_errors from a + 2 */
static int test_stats_lag(test_ctx_t *tc) {
  tb_t *t = tb_new("fpga");
  uint64_t a = 0;
  uint32_t r = reg_write(t, 0, 0x40018000u, 1, &a);
  tb_run(t, 3);
  int ok = r == SLVERR && at(t, a)->stat_errors == 0 && at(t, a + 1)->stat_errors == 0 &&
           at(t, a + 2)->stat_errors == 1;
  uint32_t v = 0;
  reg_read(t, 0, A_ERR, &v);
  tb_free(t);
  CHECK(ok, "stat_errors must change at a + 2");
  CHECK(v == 1, "ERR_COUNT reads %u", v);
  return 1;
}

#include "test_examples.h"
#include "test_rtake.h"
#include "test_oreg.h"
#include "test_fe_side.h"

typedef int (*test_fn)(test_ctx_t *);
static const struct {
  const char *name;
  test_fn fn;
} k_tests[] = {
    {"sram_cell", test_sram_cell},
    {"fifo_equations", test_fifo_equations},
    {"init_walk", test_init_walk},
    {"stats_lag", test_stats_lag},
    {"range_table_insert", test_range_table_insert},
    {"range_table_merge_12_5", test_range_table_merge},
    {"rtake_take_alone", test_rt_take_alone},
    {"rtake_removes_entry0", test_rt_take_removes_entry0},
    {"rtake_take_and_beat", test_rt_take_and_beat},
    {"rtake_dir_take_alone", test_dir_take_alone},
    {"rtake_dir_no_take_in_rtake", test_dir_no_take_in_rtake},
    {"rtake_dir_take_and_beat", test_dir_take_and_beat},
    {"ex12_1_cpu_loads", test_ex12_1_cpu},
    {"ex12_1_gpu_loads", test_ex12_1_gpu},
    {"ex12_2_one_line_probe", test_ex12_2},
    {"ex12_3_addr_walk_dirty", test_ex12_3},
    {"ex12_4_set_walk", test_ex12_4},
    {"ex12_6_probes_in_flight", test_ex12_6},
    {"reset_mid_walker_freeze_and_init", test_reset_mid_freeze},
    {"reset_mid_rgap", test_reset_mid_rgap},
    {"oreg_cell", test_oreg_cell},
    {"oreg_probe_latency", test_oreg_probe_latency},
    {"oreg_hold_on_to", test_oreg_hold_on_to},
    {"oreg_freeze_keeps_words", test_oreg_freeze_keeps_words},
    {"oreg_load_latency", test_oreg_load_latency},
    {"fe_ex12_worked_example", test_fe_ex12},
    {"fe_tcp_kinv", test_fe_kinv},
    {"fe_probe_waits_d14", test_fe_probe_waits},
    {"fe_write_through_record", test_fe_write_through},
    {"fe_init_ready", test_fe_init_ready},
    {"fe_random_multilane_stress", test_fe_stress},
};

int main(int argc, char **argv) {
  unsigned pass = 0, fail = 0;
  for (size_t i = 0; i < sizeof k_tests / sizeof k_tests[0]; i++) {
    if (argc > 1 && !strstr(k_tests[i].name, argv[1])) continue;
    test_ctx_t tc;
    tc.msg[0] = 0;
    if (k_tests[i].fn(&tc)) {
      printf("PASS %s\n", k_tests[i].name);
      pass++;
    } else {
      printf("FAIL %s: %s\n", k_tests[i].name, tc.msg);
      fail++;
    }
  }
  printf("%u passed, %u failed\n", pass, fail);
  return fail ? 1 : 0;
}

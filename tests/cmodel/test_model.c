/* Unit tests of the C golden model against hand-derived consequences of
 * docs/ARCHITECTURE.md. Each test prints `PASS name` or `FAIL name: reason`; the last line
 * is `N passed, M failed`, and the exit status is non-zero if any test failed.
 * This file: main() and the test table, reset values, port timing and lookups, history
 * recording and transfer, write-backs, arbitration. The others: test_model_inv.c
 * (invalidation, history overflow, range table), test_model_regs.c (register rejects, AXI,
 * memory model), model_tb.c/.h (the test bench: harness, register and port access, software
 * sequences, CHECK). `make unit` builds build/test_model from all of them (MODEL_TEST in
 * mk/config.mk); by hand, from the repository root, with every model source cmodel/NAME.c
 * and the line map:
 *   gcc -std=c11 -Wall -Wextra -Werror -O2 -Icmodel -Icommon cmodel/NAME.c... common/linemap.c
 *       tests/cmodel/model_tb.c tests/cmodel/test_model*.c -o build/test_model */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "model_tb.h"

static int test_reset_values(test_ctx_t *tc) {
  tb_t *t = tb_new(rinv_cfg_by_name("gem5"));
  CHECK(t, "alloc");
  tb_cycle(t);
  rinv_out_t o = t->out;
  int ok = o.lock_owner == 0 && o.inv_busy == 0 && o.inv_done == 0 && o.stat_errors == 0 &&
           o.hist_ready[0] == 1 && o.hist_ready[1] == 1 && o.probe_ready[0] == 1 &&
           o.probe_ready[1] == 1 && o.cc_req_valid[0] == 0 && o.mem_req_valid == 0 &&
           o.hist_go[0] == 0 && o.hist_en[0] == 0 && o.rec_count[0] == 0;
  uint32_t mode = reg_get(t, A_MODE);
  tb_free(t);
  CHECK(ok, "unexpected reset outputs");
  CHECK(mode == 0x1u, "MODE resets to 0x%x, want 0x1", mode);
  return 1;
}

/* CPU load miss in gem5: accept c, L1 c+1, L2 c+2, FillReq c+3 (granted), MReq c+4
 * (memory handshake), response c+24, MFill c+25, StResp c+26. */
static int test_load_miss_timing(test_ctx_t *tc) {
  tb_t *t = tb_new(rinv_cfg_by_name("gem5"));
  CHECK(t, "alloc");
  uint32_t line = 0x1234, data[16];
  for (unsigned i = 0; i < 16; i++) data[i] = 0xA0000000u + i;
  mem_write_line(t->mem, line, data, ~0ull);

  t->in.port_req_valid[0] = 1;
  t->in.port_req_addr[0] = line_addr(line) + 4 * 5;
  t->in.port_resp_ready[0] = 1;
  rinv_out_t o[32];
  for (unsigned c = 0; c < 32; c++) {
    tb_cycle(t);
    o[c] = t->out;
    t->in.port_req_valid[0] = 0;
  }
  tb_free(t);
  for (unsigned c = 0; c < 32; c++) {
    CHECK(o[c].port_req_ready[0] == (c == 0), "port_req_ready[0]=%u in cycle %u", o[c].port_req_ready[0], c);
    CHECK(o[c].cc_req_valid[0] == (c == 3), "cc_req_valid[0]=%u in cycle %u", o[c].cc_req_valid[0], c);
    CHECK(o[c].cc_req_ready[0] == (c == 3), "cc_req_ready[0]=%u in cycle %u", o[c].cc_req_ready[0], c);
    CHECK(o[c].mem_req_valid == (c == 4), "mem_req_valid=%u in cycle %u", o[c].mem_req_valid, c);
    CHECK(o[c].fill_ready[0] == (c >= 4 && c <= 25), "fill_ready[0]=%u in cycle %u", o[c].fill_ready[0], c);
    CHECK(o[c].fill_valid[0] == (c == 25), "fill_valid[0]=%u in cycle %u", o[c].fill_valid[0], c);
    CHECK(o[c].port_resp_valid[0] == (c == 26), "port_resp_valid[0]=%u in cycle %u", o[c].port_resp_valid[0], c);
  }
  CHECK(o[3].cc_req_line[0] == line && o[3].cc_req_we[0] == 0 && o[3].cc_req_wmask[0] == 0,
        "fill request fields");
  CHECK(o[4].mem_req_line == line && o[4].mem_req_we == 0, "memory request fields");
  CHECK(o[26].port_resp_rdata[0] == 0xA0000005u, "load data 0x%x", o[26].port_resp_rdata[0]);
  return 1;
}

/* Hit latencies: own-L1 hit 2 cycles, L2 hit (other L1) 3 cycles; GPU miss 30 cycles. */
static int test_hit_latencies(test_ctx_t *tc) {
  tb_t *t = tb_new(rinv_cfg_by_name("gem5"));
  CHECK(t, "alloc");
  uint32_t v = 0, a = line_addr(0x777) + 8;
  long l_miss = port_load(t, 0, a, &v);
  long l_l1 = port_load(t, 0, a, &v);
  long l_l2 = port_load(t, 1, a, &v);
  long l_l1b = port_load(t, 1, a, &v);
  long g_miss = port_load(t, 2, line_addr(0x999), &v);
  long g_l1 = port_load(t, 2, line_addr(0x999), &v);
  long g_l2 = port_load(t, 5, line_addr(0x999), &v);
  tb_free(t);
  CHECK(l_miss == 26, "CPU miss latency %ld, want 26", l_miss);
  CHECK(l_l1 == 2, "CPU L1 hit latency %ld, want 2", l_l1);
  CHECK(l_l2 == 3, "CPU L2 hit latency %ld, want 3", l_l2);
  CHECK(l_l1b == 2, "CPU L1 hit after L1 fill %ld, want 2", l_l1b);
  CHECK(g_miss == 30, "GPU miss latency %ld, want 30", g_miss);
  CHECK(g_l1 == 5, "GPU L1 hit latency %ld, want 5", g_l1);
  CHECK(g_l2 == 7, "GPU L2 hit latency %ld, want 7", g_l2);
  return 1;
}

/* A store merges its strobed bytes; a later load sees them; L1 write-update keeps the
 * side's L1s coherent. */
static int test_store_then_load(test_ctx_t *tc) {
  tb_t *t = tb_new(rinv_cfg_by_name("gem5"));
  CHECK(t, "alloc");
  uint32_t line = 0x42, data[16], v0 = 0, v1 = 0, v2 = 0;
  for (unsigned i = 0; i < 16; i++) data[i] = 0x11111111u * (i + 1);
  mem_write_line(t->mem, line, data, ~0ull);
  port_load(t, 1, line_addr(line) + 12, &v0); /* line now in port 1's L1 */
  long ls = port_access(t, 0, 1, line_addr(line) + 12, 0xAABBCCDDu, 0x5, NULL);
  port_load(t, 0, line_addr(line) + 12, &v1);
  port_load(t, 1, line_addr(line) + 12, &v2);
  uint32_t mem_word = mem_read_word(t->mem, line_addr(line) + 12);
  tb_free(t);
  CHECK(v0 == 0x44444444u, "initial load 0x%x", v0);
  CHECK(ls == 3, "store L2-hit latency %ld, want 3", ls);
  CHECK(v1 == 0x44BB44DDu, "load after store (port 0) 0x%x, want 0x44BB44DD", v1);
  CHECK(v2 == 0x44BB44DDu, "load after store (port 1, write-updated L1) 0x%x", v2);
  CHECK(mem_word == 0x44444444u, "memory written before any write-back: 0x%x", mem_word);
  return 1;
}

/* Stores with HIST_EN record each line once; HIST_RX streams beats with the exact timing of
 * §4.2/§5.2 and writes the dirty data back. */
static int test_record_and_transfer(test_ctx_t *tc) {
  tb_t *t = tb_new(rinv_cfg_by_name("gem5"));
  CHECK(t, "alloc");
  CHECK(sw_acquire(t, 0) == 0, "acquire");
  const uint32_t lines[5] = {10, 11, 12, 20, 13};
  for (unsigned i = 0; i < 5; i++) port_store(t, 0, line_addr(lines[i]) + 4, 0x100u + i);
  port_store(t, 1, line_addr(11) + 8, 0x999u); /* same line again: not recorded twice */
  tb_cycle(t);
  CHECK(t->out.rec_count[0] == 5, "rec_count %u, want 5", t->out.rec_count[0]);
  CHECK(reg_get(t, A_REC_COUNT(0)) == 5, "REC_COUNT register");
  CHECK(reg_write(t, 0, A_HIST_EN(0), 0) == OKAY, "HIST_EN=0");
  uint64_t acc = 0;
  CHECK(reg_write_strb(t, 0, A_HIST_RX, 1, 0xF, &acc) == OKAY, "HIST_RX");
  /* reg_write_strb ran 2 cycles past the accept (acc, acc+1 = bvalid). Replay from scratch is
   * not possible, so record the next cycles and compare with the derived schedule:
   * go at acc+1, beats at acc+5,+8,+11,+14,+17, last at acc+18, done at acc+19. */
  rinv_out_t o[40];
  uint64_t base = t->cycle;
  for (unsigned i = 0; i < 40; i++) {
    tb_cycle(t);
    o[i] = t->out;
  }
  CHECK(base == acc + 2, "harness: base %llu acc %llu", (unsigned long long)base, (unsigned long long)acc);
  unsigned nbeats = 0;
  for (unsigned i = 0; i < 40; i++) {
    uint64_t rel = base + i - acc;
    int want_beat = rel == 5 || rel == 8 || rel == 11 || rel == 14 || rel == 17;
    CHECK(o[i].hist_valid[0] == (want_beat || rel == 18), "hist_valid at acc+%llu", (unsigned long long)rel);
    if (want_beat) {
      CHECK(o[i].hist_last[0] == 0 && o[i].hist_line[0] == lines[nbeats],
            "beat %u: last %u line %u", nbeats, o[i].hist_last[0], o[i].hist_line[0]);
      nbeats++;
    }
    if (rel == 18) CHECK(o[i].hist_last[0] == 1 && o[i].hist_line[0] == 0, "last beat fields");
    CHECK(o[i].hist_done[0] == (rel == 19), "hist_done at acc+%llu", (unsigned long long)rel);
    CHECK(o[i].hist_go[0] == 0, "hist_go after acc+1");
    /* the write-back of each line precedes its beat by one cycle */
    CHECK(o[i].cc_req_valid[0] == (rel == 4 || rel == 7 || rel == 10 || rel == 13 || rel == 16),
          "cc_req_valid at acc+%llu", (unsigned long long)rel);
    if (o[i].cc_req_valid[0]) {
      CHECK(o[i].cc_req_we[0] == 1 && o[i].cc_req_wmask[0] != 0, "write-back fields");
    }
    CHECK(o[i].stat_hist_entries == (rel <= 5 ? 0u : rel <= 8 ? 1u : rel <= 11 ? 2u : rel <= 14 ? 3u : rel <= 17 ? 4u : 5u),
          "stat_hist_entries %u at acc+%llu", o[i].stat_hist_entries, (unsigned long long)rel);
  }
  CHECK(o[39].rec_count[0] == 0 && o[39].hist_count[0] == 5, "rec_count %u hist_count %u",
        o[39].rec_count[0], o[39].hist_count[0]);
  /* the release write-back left every value in memory */
  for (unsigned i = 0; i < 5; i++) {
    uint32_t w = mem_read_word(t->mem, line_addr(lines[i]) + 4);
    CHECK(w == 0x100u + i, "memory line %u word 0x%x", lines[i], w);
  }
  CHECK(mem_read_word(t->mem, line_addr(11) + 8) == 0x999u, "second store to line 11");
  uint32_t st = reg_get(t, A_STATUS);
  tb_free(t);
  CHECK((st & (1u << 2)) == 0, "hist_busy CPU still set: STATUS 0x%x", st);
  return 1;
}

/* hist_go is visible exactly in the cycle after the HIST_RX handshake. */
static int test_hist_go_pulse(test_ctx_t *tc) {
  tb_t *t = tb_new(rinv_cfg_by_name("fpga"));
  CHECK(t, "alloc");
  CHECK(sw_acquire(t, 1) == 0, "acquire");
  t->in.axi_awvalid = t->in.axi_wvalid = 1;
  t->in.axi_awaddr = A_HIST_RX;
  t->in.axi_awuser = 1;
  t->in.axi_wdata = 2;
  t->in.axi_wstrb = 0xF;
  tb_cycle(t);
  CHECK(t->out.axi_awready && t->out.axi_wready, "no AW/W handshake");
  CHECK(t->out.hist_go[1] == 0, "hist_go too early");
  t->in.axi_awvalid = t->in.axi_wvalid = 0;
  tb_cycle(t);
  CHECK(t->out.hist_go[1] == 1 && t->out.hist_go[0] == 0, "hist_go not in the next cycle");
  CHECK(t->out.axi_bvalid && t->out.axi_bresp == OKAY, "bresp");
  tb_cycle(t);
  CHECK(t->out.hist_go[1] == 0, "hist_go longer than one cycle");
  /* xfer is set at the edge of acc+1; at acc+2 StIdle rule 2 sees an empty recorder and goes
   * to StHistEnd: last beat at acc+3, hist_done at acc+4. */
  CHECK(t->out.hist_valid[1] == 0, "beat at acc+2");
  tb_cycle(t);
  CHECK(t->out.hist_valid[1] == 1 && t->out.hist_last[1] == 1 && t->out.hist_line[1] == 0,
        "empty transfer: last beat at acc+3");
  CHECK(t->out.hist_done[1] == 0, "hist_done at acc+3");
  tb_cycle(t);
  CHECK(t->out.hist_done[1] == 1 && t->out.hist_valid[1] == 0, "hist_done at acc+4");
  tb_cycle(t);
  CHECK(t->out.hist_done[1] == 0, "hist_done longer than one cycle");
  tb_free(t);
  return 1;
}

/* hist_go sets xfer whatever the state: a HIST_RX accepted while the controller serves a
 * miss still starts the transfer once it is back in StIdle. */
static int test_hist_go_while_busy(test_ctx_t *tc) {
  tb_t *t = tb_new(rinv_cfg_by_name("gem5"));
  CHECK(t, "alloc");
  CHECK(sw_acquire(t, 0) == 0, "acquire");
  port_store(t, 0, line_addr(77), 7);
  CHECK(reg_write(t, 0, A_HIST_EN(0), 0) == OKAY, "HIST_EN=0");
  t->in.port_req_valid[1] = 1; /* load miss: about 26 cycles in the controller */
  t->in.port_req_addr[1] = line_addr(5000);
  t->in.port_resp_ready[1] = 1;
  tb_cycle(t);
  CHECK(t->out.port_req_ready[1], "load not accepted");
  t->in.port_req_valid[1] = 0;
  uint64_t acc = 0;
  CHECK(reg_write_strb(t, 0, A_HIST_RX, 1, 0xF, &acc) == OKAY, "HIST_RX");
  int saw_resp = 0, saw_done = 0;
  uint64_t resp_cycle = 0, beat_cycle = 0;
  for (unsigned i = 0; i < 100; i++) {
    tb_cycle(t);
    if (t->out.port_resp_valid[1]) {
      saw_resp = 1;
      resp_cycle = t->cycle - 1;
    }
    if (t->out.hist_valid[0] && !t->out.hist_last[0] && !beat_cycle) beat_cycle = t->cycle - 1;
    if (t->out.hist_done[0]) saw_done = 1;
  }
  tb_free(t);
  CHECK(saw_resp, "load never answered");
  CHECK(saw_done, "transfer never completed: hist_go was lost while busy");
  /* StResp at r, StIdle at r+1 (rule 2), lookup r+2, write-back r+3, beat r+4 */
  CHECK(beat_cycle == resp_cycle + 4, "beat at resp+%lld, want resp+4",
        (long long)(beat_cycle - resp_cycle));
  return 1;
}

/* Victim write-back: 5 dirty lines in one 4-way CPU L2 set. The stride is the L2's set count
 * (fpga: 128 sets, ARCHITECTURE_v2.md §3.1), so lines 3 + S*k all map to
 * set 3 (set = line mod S); S is a multiple of the L1's 8 sets, so they share an L1 set too. */
static int test_victim_writeback(test_ctx_t *tc) {
  tb_t *t = tb_new(rinv_cfg_by_name("fpga"));
  CHECK(t, "alloc");
  const uint32_t S = rinv_cfg_by_name("fpga")->cpu_l2_sets;
  for (uint32_t k = 0; k < 5; k++) port_store(t, 0, line_addr(3 + S * k), 0x70u + k);
  /* the 5th miss evicts way rr = 0, i.e. line 3 */
  CHECK(mem_read_word(t->mem, line_addr(3)) == 0x70u, "victim not written back");
  CHECK(!rinv_model_line_valid(t->m, 0, 3), "victim still valid");
  CHECK(mem_read_word(t->mem, line_addr(3 + S)) == 0, "non-victim written back");
  port_store(t, 0, line_addr(3 + S * 5), 0x75u); /* next victim: way 1 = line 3 + S */
  CHECK(mem_read_word(t->mem, line_addr(3 + S)) == 0x71u, "round robin victim");
  uint32_t v = 0;
  port_load(t, 1, line_addr(3), &v);
  CHECK(v == 0x70u, "reload of evicted line 0x%x", v);
  tb_free(t);
  return 1;
}

/* Memory arbiter: on a tie the CPU wins first (last resets to 1). */
static int test_arbiter_tie(test_ctx_t *tc) {
  tb_t *t = tb_new(rinv_cfg_by_name("fpga"));
  CHECK(t, "alloc");
  t->in.stall = 0x3; /* hold both cc_req channels */
  t->in.port_req_valid[0] = t->in.port_req_valid[2] = 1;
  t->in.port_req_addr[0] = line_addr(5);
  t->in.port_req_addr[2] = line_addr(9);
  tb_cycle(t);
  t->in.port_req_valid[0] = t->in.port_req_valid[2] = 0;
  tb_run(t, 10);
  CHECK(t->out.cc_req_valid[0] && t->out.cc_req_valid[1], "both sides should be requesting");
  CHECK(!t->out.cc_req_ready[0] && !t->out.cc_req_ready[1], "stalled readies must be 0");
  t->in.stall = 0;
  tb_cycle(t);
  CHECK(t->out.cc_req_ready[0] == 1 && t->out.cc_req_ready[1] == 0, "CPU must win the first tie");
  tb_free(t);
  return 1;
}

/* StIdle priority: an accepted probe beats a port request in the same cycle; a stalled probe
 * does not. */
static int test_idle_priority(test_ctx_t *tc) {
  tb_t *t = tb_new(rinv_cfg_by_name("fpga"));
  CHECK(t, "alloc");
  CHECK(sw_acquire(t, 0) == 0, "acquire");
  port_store(t, 0, line_addr(8), 1);
  CHECK(sw_hist_transfer(t, 0) == 0, "transfer");
  t->in.stall = 1u << 7; /* GPU probe channel */
  CHECK(reg_write(t, 0, A_INV_START, 1) == OKAY, "INV_START");
  tb_run(t, 5);
  CHECK(t->out.probe_valid[1] && !t->out.probe_ready[1], "probe should be stalled");
  t->in.port_req_valid[2] = 1;
  t->in.port_req_addr[2] = line_addr(99);
  tb_cycle(t);
  CHECK(t->out.port_req_ready[2] == 1, "stalled probe must not block the port");
  t->in.port_req_valid[2] = 0;
  t->in.port_resp_ready[2] = 1;
  for (unsigned i = 0; i < 50 && !t->out.port_resp_valid[2]; i++) tb_cycle(t);
  tb_cycle(t);
  t->in.stall = 0;
  t->in.port_req_valid[2] = 1;
  tb_cycle(t);
  CHECK(t->out.probe_ready[1] && t->out.probe_valid[1], "probe handshake expected");
  CHECK(t->out.port_req_ready[2] == 0, "probe must win over the port");
  tb_free(t);
  return 1;
}

/* Not a contract check: idle simulation speed, printed for information. */
static void report_speed(void) {
  tb_t *t = tb_new(rinv_cfg_by_name("gem5"));
  if (!t) return;
  const unsigned n = 2000000;
  clock_t c0 = clock();
  tb_run(t, n);
  double s = (double)(clock() - c0) / CLOCKS_PER_SEC;
  printf("INFO idle speed (gem5, model + mem): %.2f M cycles/s\n", s > 0 ? n / s / 1e6 : 0.0);
  tb_free(t);
}

typedef struct test_entry {
  const char *name;
  int (*fn)(test_ctx_t *);
} test_entry_t;

int main(int argc, char **argv) {
  static const test_entry_t tests[] = {
      {"reset_values", test_reset_values},
      {"load_miss_timing", test_load_miss_timing},
      {"hit_latencies", test_hit_latencies},
      {"store_then_load", test_store_then_load},
      {"record_and_transfer", test_record_and_transfer},
      {"hist_go_pulse", test_hist_go_pulse},
      {"hist_go_while_busy", test_hist_go_while_busy},
      {"inv_line_mode", test_inv_line_mode},
      {"inv_run_mode", test_inv_run_mode},
      {"inv_merge_mode", test_inv_merge_mode},
      {"inv_walk_cycles", test_inv_walk_cycles},
      {"rtab_rules", test_rtab_rules},
      {"merge_overflow_model", test_merge_overflow_model},
      {"run_max_range", test_run_max_range},
      {"fifo_overflow_all_probe", test_fifo_overflow_all_probe},
      {"walk_lookups", test_walk_lookups},
      {"inv_dirty_writeback", test_inv_dirty_writeback},
      {"early_drain", test_early_drain},
      {"victim_writeback", test_victim_writeback},
      {"arbiter_tie", test_arbiter_tie},
      {"idle_priority", test_idle_priority},
      {"register_rejects", test_register_rejects},
      {"axi_protocol", test_axi_protocol},
      {"mem_model", test_mem_model},
      {"two_instances", test_two_instances},
  };
  const char *only = argc > 1 ? argv[1] : NULL;
  unsigned passed = 0, failed = 0;
  for (unsigned i = 0; i < sizeof tests / sizeof tests[0]; i++) {
    if (only && !strstr(tests[i].name, only)) continue;
    test_ctx_t tc;
    strcpy(tc.msg, "failed");
    if (tests[i].fn(&tc)) {
      printf("PASS %s\n", tests[i].name);
      passed++;
    } else {
      printf("FAIL %s: %s\n", tests[i].name, tc.msg);
      failed++;
    }
  }
  if (!only) report_speed();
  printf("%u passed, %u failed\n", passed, failed);
  return failed ? 1 : 0;
}

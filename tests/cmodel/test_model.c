/* Unit tests of the C golden model against hand-derived consequences of
 * docs/ARCHITECTURE.md. Each test prints `PASS name` or `FAIL name: reason`; the last line
 * is `N passed, M failed`, and the exit status is non-zero if any test failed.
 * Build (from the repository root), with every model source cmodel/NAME.c and the line map:
 *   gcc -std=c11 -Wall -Wextra -Werror -O2 -Icmodel -Icommon cmodel/NAME.c... common/linemap.c
 *       tests/cmodel/test_model.c -o build/test_model */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hist.h"
#include "mem.h"
#include "rinv_model.h"

#define TIMEOUT 200000u
#define SLVERR 2u
#define OKAY 0u

/* MMIO addresses */
#define A_LOCK 0x40000000u
#define A_MODE 0x40001000u
#define A_STATUS 0x40002000u
#define A_ERR 0x40003000u
#define A_CNT(k) (0x40004000u + 4u * (k))
#define A_INV_START 0x40005000u
#define A_HIST_RX 0x40006000u
#define A_CC(s) ((s) ? 0x40010000u : 0x40008000u)
#define A_HIST_EN(s) (A_CC(s) + 0x0u)
#define A_REC_COUNT(s) (A_CC(s) + 0x4u)
#define A_TAG_LOOKUPS(s) (A_CC(s) + 0x8u)

#define MODE_VAL(mode, walk) ((uint32_t)(mode) | ((uint32_t)(walk) << 2))

typedef struct test_ctx {
  char msg[512];
} test_ctx_t;

#define CHECK(cond, ...)                                  \
  do {                                                    \
    if (!(cond)) {                                        \
      snprintf(tc->msg, sizeof tc->msg, __VA_ARGS__);     \
      return 0;                                           \
    }                                                     \
  } while (0)

/* ------------------------------------------------------------------ harness */

typedef struct probe_rec {
  uint64_t cycle;
  unsigned side;
  uint32_t first, n, setwalk;
} probe_rec_t;

typedef struct tb {
  rinv_cfg_t cfg;
  rinv_model_t *m;
  mem_t *mem;
  rinv_in_t in;
  rinv_out_t out;
  uint64_t cycle;
  probe_rec_t probes[256];
  unsigned n_probes;
  uint32_t mem_ready; /* value driven on mem_req_ready */
} tb_t;

static tb_t *tb_new(const rinv_cfg_t *cfg) {
  tb_t *t = calloc(1, sizeof *t);
  if (!t) return NULL;
  t->cfg = *cfg;
  t->m = rinv_model_new(cfg);
  t->mem = mem_new(cfg->mem_lat);
  t->mem_ready = 1;
  if (!t->m || !t->mem) {
    free(t);
    return NULL;
  }
  return t;
}

static void tb_free(tb_t *t) {
  if (!t) return;
  rinv_model_free(t->m);
  mem_free(t->mem);
  free(t);
}

/* One clock cycle with the current inputs; memory response from the sparse memory. */
static void tb_cycle(tb_t *t) {
  t->in.mem_req_ready = t->mem_ready;
  mem_drive_in(t->mem, &t->in);
  rinv_model_step(t->m, &t->in, &t->out);
  for (unsigned s = 0; s < 2; s++) {
    if (t->out.probe_valid[s] && t->out.probe_ready[s] && t->n_probes < 256) {
      probe_rec_t *p = &t->probes[t->n_probes++];
      p->cycle = t->cycle;
      p->side = s;
      p->first = t->out.probe_first[s];
      p->n = t->out.probe_nlines[s];
      p->setwalk = t->out.probe_setwalk[s];
    }
  }
  mem_step_out(t->mem, &t->in, &t->out);
  t->cycle++;
}

static void tb_run(tb_t *t, unsigned n) {
  for (unsigned i = 0; i < n; i++) tb_cycle(t);
}

/* AXI write; returns bresp or 0xFF on timeout. *accept_cycle = cycle of AW/W handshake. */
static uint32_t reg_write_strb(tb_t *t, unsigned side, uint32_t addr, uint32_t data, uint32_t strb,
                               uint64_t *accept_cycle) {
  t->in.axi_awvalid = 1;
  t->in.axi_awaddr = addr;
  t->in.axi_awuser = side;
  t->in.axi_wvalid = 1;
  t->in.axi_wdata = data;
  t->in.axi_wstrb = strb;
  unsigned n = 0;
  for (;; n++) {
    if (n > TIMEOUT) return 0xFF;
    uint64_t c = t->cycle;
    tb_cycle(t);
    if (t->out.axi_awready) {
      if (accept_cycle) *accept_cycle = c;
      break;
    }
  }
  t->in.axi_awvalid = t->in.axi_wvalid = 0;
  t->in.axi_bready = 1;
  uint32_t resp = 0xFF;
  for (n = 0; n < TIMEOUT; n++) {
    tb_cycle(t);
    if (t->out.axi_bvalid) {
      resp = t->out.axi_bresp;
      break;
    }
  }
  t->in.axi_bready = 0;
  return resp;
}

static uint32_t reg_write(tb_t *t, unsigned side, uint32_t addr, uint32_t data) {
  return reg_write_strb(t, side, addr, data, 0xF, NULL);
}

/* AXI read; returns rresp (0xFF on timeout) and the data in *value. */
static uint32_t reg_read(tb_t *t, unsigned side, uint32_t addr, uint32_t *value) {
  t->in.axi_arvalid = 1;
  t->in.axi_araddr = addr;
  t->in.axi_aruser = side;
  unsigned n = 0;
  for (;; n++) {
    if (n > TIMEOUT) return 0xFF;
    tb_cycle(t);
    if (t->out.axi_arready) break;
  }
  t->in.axi_arvalid = 0;
  t->in.axi_rready = 1;
  uint32_t resp = 0xFF;
  for (n = 0; n < TIMEOUT; n++) {
    tb_cycle(t);
    if (t->out.axi_rvalid) {
      resp = t->out.axi_rresp;
      *value = t->out.axi_rdata;
      break;
    }
  }
  t->in.axi_rready = 0;
  return resp;
}

static uint32_t reg_get(tb_t *t, uint32_t addr) {
  uint32_t v = 0xDEADBEEF;
  reg_read(t, 0, addr, &v);
  return v;
}

/* One port access. Returns cycles from the request handshake to the response cycle
 * (-1 on timeout); *rdata gets the response data. */
static long port_access(tb_t *t, unsigned p, uint32_t we, uint32_t addr, uint32_t wdata,
                        uint32_t wstrb, uint32_t *rdata) {
  t->in.port_req_valid[p] = 1;
  t->in.port_req_we[p] = we;
  t->in.port_req_addr[p] = addr;
  t->in.port_req_wdata[p] = wdata;
  t->in.port_req_wstrb[p] = wstrb;
  uint64_t accept = 0;
  unsigned n = 0;
  for (;; n++) {
    if (n > TIMEOUT) return -1;
    uint64_t c = t->cycle;
    tb_cycle(t);
    if (t->out.port_req_ready[p]) {
      accept = c;
      break;
    }
  }
  t->in.port_req_valid[p] = 0;
  t->in.port_resp_ready[p] = 1;
  long lat = -1;
  for (n = 0; n < TIMEOUT; n++) {
    uint64_t c = t->cycle;
    tb_cycle(t);
    if (t->out.port_resp_valid[p]) {
      if (rdata) *rdata = t->out.port_resp_rdata[p];
      lat = (long)(c - accept);
      break;
    }
  }
  t->in.port_resp_ready[p] = 0;
  return lat;
}

static long port_load(tb_t *t, unsigned p, uint32_t addr, uint32_t *rdata) {
  return port_access(t, p, 0, addr, 0, 0, rdata);
}

static long port_store(tb_t *t, unsigned p, uint32_t addr, uint32_t data) {
  return port_access(t, p, 1, addr, data, 0xF, NULL);
}

/* Software sequences of ARCHITECTURE.md §7; return 0 on success. */
static int sw_acquire(tb_t *t, unsigned side) {
  uint32_t id = side + 1u, v = 0;
  for (unsigned i = 0; i < 100; i++) {
    if (reg_write(t, side, A_LOCK, id) != OKAY) return -1;
    if (reg_read(t, side, A_LOCK, &v) != OKAY) return -1;
    if (v == id) return reg_write(t, side, A_HIST_EN(side), 1) == OKAY ? 0 : -1;
  }
  return -1;
}

static int sw_poll_clear(tb_t *t, unsigned side, uint32_t mask) {
  uint32_t v = 0;
  for (unsigned i = 0; i < TIMEOUT; i++) {
    if (reg_read(t, side, A_STATUS, &v) != OKAY) return -1;
    if (!(v & mask)) return 0;
  }
  return -1;
}

static int sw_hist_transfer(tb_t *t, unsigned side) {
  if (reg_write(t, side, A_HIST_EN(side), 0) != OKAY) return -1;
  if (reg_write(t, side, A_HIST_RX, side + 1u) != OKAY) return -2;
  return sw_poll_clear(t, side, 1u << (2u + side)) ? -3 : 0;
}

static int sw_release(tb_t *t, unsigned side) {
  int r = sw_hist_transfer(t, side);
  if (r) return r;
  if (reg_write(t, side, A_INV_START, side + 1u) != OKAY) return -4;
  if (sw_poll_clear(t, side, 1u)) return -5;
  return reg_write(t, side, A_LOCK, 0) == OKAY ? 0 : -6;
}

static uint32_t line_addr(uint32_t line) { return line << 6; }

/* ------------------------------------------------------------------ tests */

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

static int test_inv_line_mode(test_ctx_t *tc) {
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

static int test_inv_run_mode(test_ctx_t *tc) {
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

static int test_inv_merge_mode(test_ctx_t *tc) {
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
static int test_inv_walk_cycles(test_ctx_t *tc) {
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

static int test_rtab_rules(test_ctx_t *tc) {
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
static int test_merge_overflow_model(test_ctx_t *tc) {
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
static int test_run_max_range(test_ctx_t *tc) {
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
static int test_fifo_overflow_all_probe(test_ctx_t *tc) {
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

static int test_walk_lookups(test_ctx_t *tc) {
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
static int test_inv_dirty_writeback(test_ctx_t *tc) {
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
static int test_early_drain(test_ctx_t *tc) {
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

/* Victim write-back: 5 dirty lines in one 4-way CPU L2 set (fpga: 64 sets). */
static int test_victim_writeback(test_ctx_t *tc) {
  tb_t *t = tb_new(rinv_cfg_by_name("fpga"));
  CHECK(t, "alloc");
  for (uint32_t k = 0; k < 5; k++) port_store(t, 0, line_addr(3 + 64 * k), 0x70u + k);
  /* the 5th miss evicts way rr = 0, i.e. line 3 */
  CHECK(mem_read_word(t->mem, line_addr(3)) == 0x70u, "victim not written back");
  CHECK(!rinv_model_line_valid(t->m, 0, 3), "victim still valid");
  CHECK(mem_read_word(t->mem, line_addr(3 + 64)) == 0, "non-victim written back");
  port_store(t, 0, line_addr(3 + 64 * 5), 0x75u); /* next victim: way 1 = line 67 */
  CHECK(mem_read_word(t->mem, line_addr(3 + 64)) == 0x71u, "round robin victim");
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

typedef struct reject_case {
  const char *what;
  int is_write;
  unsigned side;
  uint32_t addr, value, strb;
} reject_case_t;

static int expect_reject(test_ctx_t *tc, tb_t *t, const reject_case_t *c) {
  tb_cycle(t);
  uint32_t err0 = t->out.stat_errors, owner0 = t->out.lock_owner;
  uint32_t hen0 = t->out.hist_en[0] | (t->out.hist_en[1] << 1), busy0 = t->out.inv_busy;
  uint32_t resp, v = 0;
  if (c->is_write) resp = reg_write_strb(t, c->side, c->addr, c->value, c->strb, NULL);
  else resp = reg_read(t, c->side, c->addr, &v);
  tb_cycle(t);
  CHECK(resp == SLVERR, "%s: resp %u, want SLVERR", c->what, resp);
  CHECK(t->out.stat_errors == err0 + 1, "%s: stat_errors %u -> %u", c->what, err0, t->out.stat_errors);
  CHECK(t->out.lock_owner == owner0 && (t->out.hist_en[0] | (t->out.hist_en[1] << 1)) == hen0 &&
            t->out.inv_busy == busy0,
        "%s: state changed", c->what);
  return 1;
}

static int test_register_rejects(test_ctx_t *tc) {
  tb_t *t = tb_new(rinv_cfg_by_name("fpga"));
  CHECK(t, "alloc");
  static const reject_case_t idle_cases[] = {
      {"read unmapped dir hole", 0, 0, 0x40007000u, 0, 0},
      {"read dir offset 0x0004", 0, 0, 0x40000004u, 0, 0},
      {"read counter k=11", 0, 0, 0x4000402Cu, 0, 0},
      {"read 0x4001_8000", 0, 0, 0x40018000u, 0, 0},
      {"read outside MMIO", 0, 1, 0x40020000u, 0, 0},
      {"read cacheable address", 0, 0, 0x00001000u, 0, 0},
      {"read cc offset 0xC", 0, 0, 0x4000800Cu, 0, 0},
      {"write unmapped 0x4001_8000", 1, 0, 0x40018000u, 1, 0xF},
      {"write unmapped dir 0x7000", 1, 0, 0x40007000u, 1, 0xF},
      {"misaligned read", 0, 0, 0x40000001u, 0, 0},
      {"misaligned write", 1, 0, 0x40000002u, 1, 0xF},
      {"partial strobe LOCK", 1, 0, A_LOCK, 1, 0x1},
      {"partial strobe HIST_EN", 1, 0, A_HIST_EN(0), 1, 0x7},
      {"zero strobe MODE", 1, 0, A_MODE, 1, 0x0},
      {"write STATUS", 1, 0, A_STATUS, 0, 0xF},
      {"write ERR_COUNT", 1, 0, A_ERR, 0, 0xF},
      {"write counter", 1, 0, A_CNT(0), 0, 0xF},
      {"write REC_COUNT", 1, 0, A_REC_COUNT(0), 0, 0xF},
      {"write TAG_LOOKUPS", 1, 1, A_TAG_LOOKUPS(1), 0, 0xF},
      {"LOCK = 3", 1, 0, A_LOCK, 3, 0xF},
      {"GPU writes LOCK = 1", 1, 1, A_LOCK, 1, 0xF},
      {"LOCK = 0 when free", 1, 0, A_LOCK, 0, 0xF},
      {"MODE mode field 3", 1, 0, A_MODE, 0x3, 0xF},
      {"MODE walk field 3", 1, 0, A_MODE, 0xC, 0xF},
      {"MODE bit 4", 1, 0, A_MODE, 0x11, 0xF},
      {"HIST_EN = 2", 1, 0, A_HIST_EN(0), 2, 0xF},
      {"GPU writes CPU HIST_EN", 1, 1, A_HIST_EN(0), 1, 0xF},
      {"CPU writes GPU HIST_EN", 1, 0, A_HIST_EN(1), 0, 0xF},
      {"INV_START nobody owns", 1, 0, A_INV_START, 1, 0xF},
      {"HIST_RX nobody owns", 1, 0, A_HIST_RX, 1, 0xF},
  };
  for (unsigned i = 0; i < sizeof idle_cases / sizeof idle_cases[0]; i++) {
    if (!expect_reject(tc, t, &idle_cases[i])) {
      tb_free(t);
      return 0;
    }
  }
  /* CPU owns the lock */
  CHECK(reg_write(t, 0, A_LOCK, 1) == OKAY, "acquire");
  CHECK(reg_write(t, 1, A_LOCK, 2) == OKAY && reg_get(t, A_LOCK) == 1, "held lock: OKAY, unchanged");
  static const reject_case_t owned_cases[] = {
      {"GPU releases CPU lock", 1, 1, A_LOCK, 0, 0xF},
      {"INV_START = 2 by CPU", 1, 0, A_INV_START, 2, 0xF},
      {"INV_START = 3", 1, 0, A_INV_START, 3, 0xF},
      {"HIST_RX = 0", 1, 0, A_HIST_RX, 0, 0xF},
      {"GPU INV_START while CPU owns", 1, 1, A_INV_START, 2, 0xF},
      {"GPU HIST_RX while CPU owns", 1, 1, A_HIST_RX, 2, 0xF},
  };
  for (unsigned i = 0; i < sizeof owned_cases / sizeof owned_cases[0]; i++) {
    if (!expect_reject(tc, t, &owned_cases[i])) {
      tb_free(t);
      return 0;
    }
  }
  /* hist_busy: stall the CPU history channel so the transfer cannot finish */
  CHECK(reg_write(t, 0, A_HIST_EN(0), 1) == OKAY, "HIST_EN");
  port_store(t, 0, line_addr(3), 3);
  t->in.stall = 1u << 4;
  CHECK(reg_write(t, 0, A_HIST_RX, 1) == OKAY, "HIST_RX");
  tb_run(t, 10);
  CHECK(reg_get(t, A_STATUS) & (1u << 2), "hist_busy not set");
  static const reject_case_t hist_busy_cases[] = {
      {"LOCK = 0 while hist_busy", 1, 0, A_LOCK, 0, 0xF},
      {"INV_START while hist_busy", 1, 0, A_INV_START, 1, 0xF},
      {"HIST_RX while hist_busy", 1, 0, A_HIST_RX, 1, 0xF},
      {"MODE while hist_busy", 1, 0, A_MODE, 1, 0xF},
  };
  for (unsigned i = 0; i < sizeof hist_busy_cases / sizeof hist_busy_cases[0]; i++) {
    if (!expect_reject(tc, t, &hist_busy_cases[i])) {
      tb_free(t);
      return 0;
    }
  }
  t->in.stall = 0;
  CHECK(sw_poll_clear(t, 0, 1u << 2) == 0, "transfer never finished");
  static const reject_case_t nonempty = {"MODE with history non-empty", 1, 0, A_MODE, 1, 0xF};
  if (!expect_reject(tc, t, &nonempty)) {
    tb_free(t);
    return 0;
  }
  /* inv_busy: stall the GPU probe channel */
  t->in.stall = 1u << 7;
  CHECK(reg_write(t, 0, A_INV_START, 1) == OKAY, "INV_START");
  static const reject_case_t inv_busy_cases[] = {
      {"LOCK = 0 while inv_busy", 1, 0, A_LOCK, 0, 0xF},
      {"INV_START while inv_busy", 1, 0, A_INV_START, 1, 0xF},
      {"HIST_RX while inv_busy", 1, 0, A_HIST_RX, 1, 0xF},
      {"MODE while inv_busy", 1, 0, A_MODE, 1, 0xF},
  };
  for (unsigned i = 0; i < sizeof inv_busy_cases / sizeof inv_busy_cases[0]; i++) {
    if (!expect_reject(tc, t, &inv_busy_cases[i])) {
      tb_free(t);
      return 0;
    }
  }
  t->in.stall = 0;
  CHECK(sw_poll_clear(t, 0, 1u) == 0, "invalidation never finished");
  uint32_t st = reg_get(t, A_STATUS);
  CHECK((st & 3u) == 2u && ((st >> 4) & 3u) == 1u && ((st >> 8) & 3u) == 1u, "STATUS 0x%x", st);
  CHECK(reg_write(t, 0, A_LOCK, 0) == OKAY, "release");
  st = reg_get(t, A_STATUS);
  CHECK((st & 2u) == 0 && ((st >> 8) & 3u) == 0, "LOCK=0 must clear inv_done and owner: 0x%x", st);
  uint32_t errs = reg_get(t, A_ERR);
  uint32_t want = (uint32_t)(sizeof idle_cases / sizeof idle_cases[0] + sizeof owned_cases / sizeof owned_cases[0] +
                             sizeof hist_busy_cases / sizeof hist_busy_cases[0] + 1 +
                             sizeof inv_busy_cases / sizeof inv_busy_cases[0]);
  tb_free(t);
  CHECK(errs == want, "ERR_COUNT %u want %u", errs, want);
  return 1;
}

/* AXI details: writes win over reads; read data is the value before the edge. */
static int test_axi_protocol(test_ctx_t *tc) {
  tb_t *t = tb_new(rinv_cfg_by_name("fpga"));
  CHECK(t, "alloc");
  t->in.axi_awvalid = t->in.axi_wvalid = t->in.axi_arvalid = 1;
  t->in.axi_awaddr = A_LOCK;
  t->in.axi_wdata = 1;
  t->in.axi_wstrb = 0xF;
  t->in.axi_araddr = A_LOCK;
  tb_cycle(t);
  CHECK(t->out.axi_awready && t->out.axi_wready && !t->out.axi_arready, "write must win");
  t->in.axi_awvalid = t->in.axi_wvalid = 0;
  tb_cycle(t); /* bvalid, bready = 0: hold */
  CHECK(t->out.axi_bvalid && !t->out.axi_arready, "one transaction at a time");
  tb_cycle(t);
  CHECK(t->out.axi_bvalid, "bvalid must hold until bready");
  t->in.axi_bready = 1;
  tb_cycle(t);
  t->in.axi_bready = 0;
  tb_cycle(t); /* idle: read handshake now */
  CHECK(t->out.axi_arready, "read not accepted");
  t->in.axi_arvalid = 0;
  t->in.axi_rready = 1;
  tb_cycle(t);
  CHECK(t->out.axi_rvalid && t->out.axi_rdata == 1 && t->out.axi_rresp == OKAY, "LOCK read %u",
        t->out.axi_rdata);
  t->in.axi_rready = 0;
  /* ERR_COUNT read in the same cycle as... a read samples before its own edge */
  uint32_t v = 0;
  reg_read(t, 0, 0x40000008u, &v); /* rejected: counted at its edge */
  CHECK(reg_read(t, 0, A_ERR, &v) == OKAY && v == 1, "ERR_COUNT %u", v);
  tb_free(t);
  return 1;
}

/* The sparse memory: latency, content as of the handshake, masked writes, scaling. */
static int test_mem_model(test_ctx_t *tc) {
  mem_t *m = mem_new(3);
  CHECK(m, "alloc");
  uint32_t d[16] = {0}, r[16], valid;
  for (unsigned i = 0; i < 16; i++) d[i] = i + 1;
  mem_step(m, 1, 1, 1, 7, d, 0x0Full); /* cycle 0: write word 0 only */
  mem_step(m, 1, 1, 0, 7, d, 0);       /* cycle 1: read */
  uint32_t d2[16];
  for (unsigned i = 0; i < 16; i++) d2[i] = 0xFFu;
  mem_drive(m, &valid, r);
  int v2 = valid;
  mem_step(m, 1, 1, 1, 7, d2, ~0ull); /* cycle 2: overwrite */
  mem_drive(m, &valid, r);
  int v3 = valid;
  mem_step(m, 1, 0, 0, 0, d, 0);
  mem_drive(m, &valid, r); /* cycle 4 = 1 + 3 */
  int v4 = valid;
  uint32_t r0 = r[0], r1 = r[1];
  mem_step(m, 1, 0, 0, 0, d, 0);
  mem_drive(m, &valid, r);
  int v5 = valid;
  int ok_rw = mem_read_word(m, line_addr(7)) == 0xFFu && mem_read_word(m, line_addr(8)) == 0;
  for (uint32_t l = 0; l < 300000; l++) mem_write_line(m, l * 3u, d, 1);
  int ok_big = mem_line_count(m) == 300001u /* + line 7 */ && mem_read_word(m, line_addr(299999u * 3u)) == 1u &&
               mem_read_word(m, line_addr(299999u * 3u + 1u)) == 0u;
  mem_free(m);
  CHECK(!v2 && !v3 && v4 && !v5, "response valid pattern %d%d%d%d", v2, v3, v4, v5);
  CHECK(r0 == 1 && r1 == 0, "read content as of the handshake: 0x%x 0x%x", r0, r1);
  CHECK(ok_rw, "masked write");
  CHECK(ok_big, "300k lines");
  return 1;
}

/* Two instances are independent (no shared state). */
static int test_two_instances(test_ctx_t *tc) {
  tb_t *a = tb_new(rinv_cfg_by_name("fpga"));
  tb_t *b = tb_new(rinv_cfg_by_name("fpga"));
  CHECK(a && b, "alloc");
  reg_write(a, 0, A_LOCK, 1);
  tb_cycle(b);
  int ok = b->out.lock_owner == 0 && reg_get(a, A_LOCK) == 1;
  tb_free(a);
  tb_free(b);
  CHECK(ok, "instances share state");
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

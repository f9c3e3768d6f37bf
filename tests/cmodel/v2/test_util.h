/* Helpers of the v2 model unit tests (included by test_model.c only): a cycle driver with
 * the sparse memory, an output history, AXI register accesses, port accesses, the software
 * sequences of ARCHITECTURE_v2.md §13. */
#ifndef TEST_UTIL_V2_H
#define TEST_UTIL_V2_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem.h"
#include "rinv_model.h"
#include "rinv_model_dbg.h"
#include "../test_common.h"

#define TIMEOUT 400000u
#define HIST_N 8192u

typedef struct tb {
  rinv_cfg_t cfg;
  rinv_model_t *m;
  mem_t *mem;
  rinv_in_t in;
  rinv_out_t out;
  uint64_t cycle;
  rinv_out_t *hist; /* out of cycle c at hist[c % HIST_N] */
} tb_t;

/* the named configuration; tag_oreg >= 0 overrides its tag_oreg (O, §3.1) */
static tb_t *tb_new_o(const char *cfg, int tag_oreg) {
  tb_t *t = calloc(1, sizeof *t);
  if (!t) return NULL;
  t->cfg = *rinv_cfg_by_name(cfg);
  if (tag_oreg >= 0) t->cfg.tag_oreg = (uint32_t)tag_oreg;
  t->m = rinv_model_new(&t->cfg);
  t->mem = mem_new(t->cfg.mem_lat);
  t->hist = calloc(HIST_N, sizeof *t->hist);
  if (!t->m || !t->mem || !t->hist) exit(2);
  return t;
}

static tb_t *tb_new(const char *cfg) { return tb_new_o(cfg, -1); }

static void tb_free(tb_t *t) {
  rinv_model_free(t->m);
  mem_free(t->mem);
  free(t->hist);
  free(t);
}

static void tb_cycle(tb_t *t) {
  t->in.mem_req_ready = 1;
  mem_drive_in(t->mem, &t->in);
  rinv_model_step(t->m, &t->in, &t->out);
  t->hist[t->cycle % HIST_N] = t->out;
  mem_step_out(t->mem, &t->in, &t->out);
  t->cycle++;
}

static void tb_run(tb_t *t, unsigned n) {
  for (unsigned i = 0; i < n; i++) tb_cycle(t);
}

static const rinv_out_t *at(const tb_t *t, uint64_t c) { return &t->hist[c % HIST_N]; }

/* runs until both sides left StInit */
static void tb_init_walk(tb_t *t) {
  for (unsigned i = 0; i < TIMEOUT; i++) {
    cc_t *c0 = rinv_model_dbg_cc(t->m, 0), *c1 = rinv_model_dbg_cc(t->m, 1);
    if (strcmp(cc_state_name(c0), "StInit") && strcmp(cc_state_name(c1), "StInit")) return;
    tb_cycle(t);
  }
}

static uint32_t reg_write(tb_t *t, unsigned side, uint32_t addr, uint32_t data, uint64_t *acc) {
  t->in.axi_awvalid = t->in.axi_wvalid = 1;
  t->in.axi_awaddr = addr;
  t->in.axi_awuser = side;
  t->in.axi_wdata = data;
  t->in.axi_wstrb = 0xF;
  for (unsigned n = 0;; n++) {
    if (n > TIMEOUT) return 0xFF;
    uint64_t c = t->cycle;
    tb_cycle(t);
    if (t->out.axi_awready) {
      if (acc) *acc = c;
      break;
    }
  }
  t->in.axi_awvalid = t->in.axi_wvalid = 0;
  t->in.axi_bready = 1;
  uint32_t resp = 0xFF;
  for (unsigned n = 0; n < TIMEOUT; n++) {
    tb_cycle(t);
    if (t->out.axi_bvalid) {
      resp = t->out.axi_bresp;
      break;
    }
  }
  t->in.axi_bready = 0;
  return resp;
}

static uint32_t reg_read(tb_t *t, unsigned side, uint32_t addr, uint32_t *value) {
  t->in.axi_arvalid = 1;
  t->in.axi_araddr = addr;
  t->in.axi_aruser = side;
  for (unsigned n = 0;; n++) {
    if (n > TIMEOUT) return 0xFF;
    tb_cycle(t);
    if (t->out.axi_arready) break;
  }
  t->in.axi_arvalid = 0;
  t->in.axi_rready = 1;
  uint32_t resp = 0xFF;
  for (unsigned n = 0; n < TIMEOUT; n++) {
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

/* One port access; returns the handshake cycle (or ~0 on timeout). */
static uint64_t port_access(tb_t *t, unsigned p, uint32_t we, uint32_t addr, uint32_t wdata,
                            uint32_t *rdata) {
  t->in.port_req_valid[p] = 1;
  t->in.port_req_we[p] = we;
  t->in.port_req_addr[p] = addr;
  t->in.port_req_wdata[p] = wdata;
  t->in.port_req_wstrb[p] = 0xF;
  t->in.port_req_last[p] = 1; /* one lane op per instruction (v3 §2; CPU ports ignore it) */
  t->in.port_resp_ready[p] = 1;
  uint64_t acc = ~0ull;
  for (unsigned n = 0; n < TIMEOUT; n++) {
    uint64_t c = t->cycle;
    tb_cycle(t);
    if (t->out.port_req_ready[p]) {
      acc = c;
      break;
    }
  }
  t->in.port_req_valid[p] = 0;
  for (unsigned n = 0; n < TIMEOUT; n++) {
    tb_cycle(t);
    if (t->out.port_resp_valid[p]) {
      if (rdata) *rdata = t->out.port_resp_rdata[p];
      break;
    }
  }
  t->in.port_resp_ready[p] = 0;
  return acc;
}

static int sw_acquire(tb_t *t, unsigned side) {
  uint32_t id = side + 1u, v = 0;
  for (unsigned i = 0; i < 100; i++) {
    if (reg_write(t, side, A_LOCK, id, NULL) != OKAY) return -1;
    if (reg_read(t, side, A_LOCK, &v) != OKAY) return -1;
    if (v == id) return reg_write(t, side, A_HIST_EN(side), 1, NULL) == OKAY ? 0 : -1;
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

/* HIST_EN = 0, HIST_RX, wait; then INV_START (its accept cycle in *inv_acc); no wait. */
static int sw_release_start(tb_t *t, unsigned side, uint64_t *inv_acc) {
  if (reg_write(t, side, A_HIST_EN(side), 0, NULL) != OKAY) return -1;
  if (reg_write(t, side, A_HIST_RX, side + 1u, NULL) != OKAY) return -2;
  if (sw_poll_clear(t, side, 1u << (2u + side))) return -3;
  if (reg_write(t, side, A_INV_START, side + 1u, inv_acc) != OKAY) return -4;
  return 0;
}

/* first cycle >= from (up to from + span) where the probe to side s handshakes, or ~0 */
static uint64_t find_probe(const tb_t *t, unsigned s, uint64_t from, unsigned span) {
  for (uint64_t c = from; c < from + span && c < t->cycle; c++) {
    if (at(t, c)->probe_valid[s] && at(t, c)->probe_ready[s]) return c;
  }
  return ~0ull;
}

#endif

/* Unit tests of the C golden model (v1): register reject rules, AXI4-Lite protocol details,
 * the sparse memory model, independent instances. Part of build/test_model: see
 * test_model.c. */
#include <stdio.h>

#include "mem.h"
#include "model_tb.h"

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

int test_register_rejects(test_ctx_t *tc) {
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
int test_axi_protocol(test_ctx_t *tc) {
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
int test_mem_model(test_ctx_t *tc) {
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
int test_two_instances(test_ctx_t *tc) {
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

/* Test bench of the v1 C model's unit tests (tests/cmodel/test_model*.c): one model instance
 * with the sparse memory on its memory port, clocked cycle by cycle; AXI4-Lite register and
 * core-port access helpers, the software sequences of ARCHITECTURE.md §7 (CHECK and the register
 * addresses: test_common.h). Implementation: tests/cmodel/model_tb.c. */
#ifndef MODEL_TB_H
#define MODEL_TB_H

#include <stdint.h>
#include <stdio.h>

#include "mem.h"
#include "rinv_model.h"

#include "test_common.h"

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

tb_t *tb_new(const rinv_cfg_t *cfg);
void tb_free(tb_t *t);
/* One clock cycle with the current inputs; memory response from the sparse memory. */
void tb_cycle(tb_t *t);
void tb_run(tb_t *t, unsigned n);

/* AXI write; returns bresp or 0xFF on timeout. *accept_cycle = cycle of AW/W handshake. */
uint32_t reg_write_strb(tb_t *t, unsigned side, uint32_t addr, uint32_t data, uint32_t strb,
                        uint64_t *accept_cycle);
uint32_t reg_write(tb_t *t, unsigned side, uint32_t addr, uint32_t data);
/* AXI read; returns rresp (0xFF on timeout) and the data in *value. */
uint32_t reg_read(tb_t *t, unsigned side, uint32_t addr, uint32_t *value);
/* CPU-side read of a register's value (0xDEADBEEF if the read never completes). */
uint32_t reg_get(tb_t *t, uint32_t addr);

/* One port access. Returns cycles from the request handshake to the response cycle
 * (-1 on timeout); *rdata gets the response data. */
long port_access(tb_t *t, unsigned p, uint32_t we, uint32_t addr, uint32_t wdata,
                 uint32_t wstrb, uint32_t *rdata);
long port_load(tb_t *t, unsigned p, uint32_t addr, uint32_t *rdata);
long port_store(tb_t *t, unsigned p, uint32_t addr, uint32_t data);

/* Software sequences of ARCHITECTURE.md §7; return 0 on success. */
int sw_acquire(tb_t *t, unsigned side);
int sw_poll_clear(tb_t *t, unsigned side, uint32_t mask);
int sw_hist_transfer(tb_t *t, unsigned side);
int sw_release(tb_t *t, unsigned side);

static inline uint32_t line_addr(uint32_t line) { return line << 6; }

/* ------------------------------------------------------------------ tests */
/* The tests that test_model.c's table calls from the other files. */

/* tests/cmodel/test_model_inv.c: invalidation, history, range table */
int test_inv_line_mode(test_ctx_t *tc);
int test_inv_run_mode(test_ctx_t *tc);
int test_inv_merge_mode(test_ctx_t *tc);
int test_inv_walk_cycles(test_ctx_t *tc);
int test_rtab_rules(test_ctx_t *tc);
int test_merge_overflow_model(test_ctx_t *tc);
int test_run_max_range(test_ctx_t *tc);
int test_fifo_overflow_all_probe(test_ctx_t *tc);
int test_walk_lookups(test_ctx_t *tc);
int test_inv_dirty_writeback(test_ctx_t *tc);
int test_early_drain(test_ctx_t *tc);

/* tests/cmodel/test_model_regs.c: register rejects, AXI, memory model, instances */
int test_register_rejects(test_ctx_t *tc);
int test_axi_protocol(test_ctx_t *tc);
int test_mem_model(test_ctx_t *tc);
int test_two_instances(test_ctx_t *tc);

#endif

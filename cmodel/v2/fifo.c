/* rinv_fifo model: the exact hv/mcnt equations of ARCHITECTURE_v2.md §4.2 and the
 * invariants of the SVA (pop only with hv, count <= capacity, no push when full unless
 * drop_ok). */
#include "fifo.h"

#include <stdio.h>
#include <stdlib.h>

struct fifo {
  char name[48];
  sram_t *cell;
  uint32_t cap, rd_ptr, wr_ptr, mcnt, hv;
  int drop_ok;
  rinv_err_t *err;
};

fifo_t *fifo_new(const char *name, uint32_t capacity, int drop_ok, rinv_err_t *err) {
  fifo_t *f = calloc(1, sizeof *f);
  if (!f) return NULL;
  snprintf(f->name, sizeof f->name, "%s", name);
  char cname[64];
  snprintf(cname, sizeof cname, "%s.cell", name);
  f->cell = sram_new(cname, capacity, 4, err);
  if (!f->cell) {
    free(f);
    return NULL;
  }
  f->cap = capacity;
  f->drop_ok = drop_ok;
  f->err = err;
  return f;
}

void fifo_free(fifo_t *f) {
  if (!f) return;
  sram_free(f->cell);
  free(f);
}

void fifo_reset(fifo_t *f) { f->rd_ptr = f->wr_ptr = f->mcnt = f->hv = 0; }

uint32_t fifo_count(const fifo_t *f) { return f->mcnt + f->hv; }
uint32_t fifo_head_valid(const fifo_t *f) { return f->hv; }
uint32_t fifo_head(const fifo_t *f) { return sram_rdata_u32(f->cell); }
uint32_t fifo_capacity(const fifo_t *f) { return f->cap; }

/* The edge with an access or a read-ahead. Kept out of line: with it inlined, the common
 * cycle's early return below paid this body's register saves on every call. */
static __attribute__((noinline)) int fifo_step_full(fifo_t *f, int push, uint32_t pdata, int pop,
                                                    int flush) {
  uint32_t count = f->mcnt + f->hv;
  if (pop && !f->hv && !flush) rinv_err_report(f->err, "FIFO %s: pop while the head is not valid", f->name);
  if (push && count >= f->cap && !f->drop_ok) {
    rinv_err_report(f->err, "FIFO %s: push while full (%u entries)", f->name, count);
  }
  int push_ok = push && count < f->cap;
  int re = !flush && f->mcnt > 0 && (!f->hv || pop);
  int touched = 0;
  if (re) touched |= sram_read(f->cell, f->rd_ptr);
  if (push_ok) touched |= sram_write(f->cell, f->wr_ptr, &pdata, ~0ull);
  if (touched) sram_clock(f->cell);
  if (flush) {
    f->hv = 0;
    f->rd_ptr = f->wr_ptr;
    f->mcnt = (uint32_t)push_ok;
  } else {
    f->hv = re || (f->hv && !pop);
    if (re) f->rd_ptr = (f->rd_ptr + 1u == f->cap) ? 0u : f->rd_ptr + 1u;
    f->mcnt = f->mcnt - (uint32_t)re + (uint32_t)push_ok;
  }
  if (push_ok) f->wr_ptr = (f->wr_ptr + 1u == f->cap) ? 0u : f->wr_ptr + 1u;
  if (f->mcnt + f->hv > f->cap) rinv_err_report(f->err, "FIFO %s: count above capacity", f->name);
  return push_ok;
}

int fifo_step(fifo_t *f, int push, uint32_t pdata, int pop, int flush) {
  if (push || pop || flush || (!f->hv && f->mcnt != 0u)) {
    return fifo_step_full(f, push, pdata, pop, flush);
  }
  /* no access and no read-ahead (re = 0): the edge changes nothing (the common cycle) */
  if (f->mcnt + f->hv > f->cap) rinv_err_report(f->err, "FIFO %s: count above capacity", f->name);
  return 0;
}

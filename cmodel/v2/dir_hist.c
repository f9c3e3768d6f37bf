/* dir_hist model. */
#include "dir_hist.h"

#include <stdio.h>
#include <stdlib.h>

struct dir_hist {
  unsigned side;
  fifo_t *fifo;
  range_table_t *rt;
};

dir_hist_t *dir_hist_new(unsigned side, uint32_t hist_cap, uint32_t rt_cap, uint32_t rt_scan,
                         rinv_err_t *err) {
  dir_hist_t *h = calloc(1, sizeof *h);
  if (!h) return NULL;
  char n[32];
  snprintf(n, sizeof n, "dir.hist_fifo[%u]", side);
  h->side = side;
  h->fifo = fifo_new(n, hist_cap, 1, err);
  h->rt = rt_new(rt_cap, rt_scan);
  if (!h->fifo || !h->rt) {
    dir_hist_free(h);
    return NULL;
  }
  return h;
}

void dir_hist_free(dir_hist_t *h) {
  if (!h) return;
  fifo_free(h->fifo);
  rt_free(h->rt);
  free(h);
}

void dir_hist_reset(dir_hist_t *h) {
  fifo_reset(h->fifo);
  rt_reset(h->rt);
}

uint32_t dir_hist_ready(const dir_hist_t *h, int merge, uint32_t stall) {
  uint32_t r = !((stall >> (4u + h->side)) & 1u);
  return merge ? r && rt_idle(h->rt) : r;
}

uint32_t dir_hist_count(const dir_hist_t *h, int merge) {
  return merge ? rt_cnt(h->rt) : fifo_count(h->fifo);
}

int dir_hist_nonempty(const dir_hist_t *h) {
  return fifo_count(h->fifo) != 0u || rt_cnt(h->rt) != 0u || !rt_idle(h->rt);
}

const fifo_t *dir_hist_fifo(const dir_hist_t *h) { return h->fifo; }
const range_table_t *dir_hist_rt(const dir_hist_t *h) { return h->rt; }

void dir_hist_step(dir_hist_t *h, int merge, int beat, uint32_t line, int pop, int flush,
                   uint32_t take_n, int *overflow, rt_events_t *ev) {
  *overflow = 0;
  if (merge) {
    rt_step(h->rt, take_n, beat, line, ev);
    if (pop || flush) fifo_step(h->fifo, 0, 0, pop, flush);
    return;
  }
  ev->merged = ev->gap = 0;
  int full = fifo_count(h->fifo) >= fifo_capacity(h->fifo); /* before the edge */
  if (beat && full) *overflow = 1;
  fifo_step(h->fifo, beat && !full, line, pop, flush);
}

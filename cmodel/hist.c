/* Directory history structures: line FIFO (ring buffer) and merge-mode range table. */
#include "hist.h"

#include <stdlib.h>
#include <string.h>

int hist_fifo_init(hist_fifo_t *f, uint32_t cap) {
  f->buf = calloc(cap ? cap : 1u, sizeof *f->buf);
  f->cap = cap;
  f->head = 0;
  f->count = 0;
  return f->buf ? 0 : -1;
}

void hist_fifo_free(hist_fifo_t *f) {
  free(f->buf);
  f->buf = NULL;
}

void hist_fifo_clear(hist_fifo_t *f) {
  f->head = 0;
  f->count = 0;
}

void hist_fifo_push(hist_fifo_t *f, uint32_t line) {
  uint32_t tail = f->head + f->count;
  if (tail >= f->cap) tail -= f->cap;
  f->buf[tail] = line;
  f->count++;
}

uint32_t hist_fifo_head(const hist_fifo_t *f) { return f->buf[f->head]; }

void hist_fifo_pop(hist_fifo_t *f) {
  f->head = (f->head + 1u == f->cap) ? 0u : f->head + 1u;
  f->count--;
}

int rtab_init(rtab_t *t, uint32_t cap) {
  t->first = calloc((size_t)cap + 1u, sizeof *t->first);
  t->last = calloc((size_t)cap + 1u, sizeof *t->last);
  t->cap = cap;
  t->count = 0;
  return (t->first && t->last) ? 0 : -1;
}

void rtab_free(rtab_t *t) {
  free(t->first);
  free(t->last);
  t->first = t->last = NULL;
}

void rtab_clear(rtab_t *t) { t->count = 0; }

static void rtab_remove(rtab_t *t, uint32_t i) {
  uint32_t tail = t->count - i - 1u;
  memmove(&t->first[i], &t->first[i + 1u], tail * sizeof *t->first);
  memmove(&t->last[i], &t->last[i + 1u], tail * sizeof *t->last);
  t->count--;
}

rtab_insert_result_t rtab_insert(rtab_t *t, uint32_t x) {
  rtab_insert_result_t res = {0, 0};
  uint32_t n = t->count;
  /* Rule 1: already covered. */
  for (uint32_t i = 0; i < n; i++) {
    if (t->first[i] <= x && x <= t->last[i]) return res;
  }
  /* Rule 2: extends entry i upwards, possibly closing the hole to entry i+1. */
  for (uint32_t i = 0; i < n; i++) {
    if (x == t->last[i] + 1u) {
      t->last[i] = x;
      if (i + 1u < n && t->first[i + 1u] == x + 1u) {
        t->last[i] = t->last[i + 1u];
        rtab_remove(t, i + 1u);
      }
      return res;
    }
  }
  /* Rule 3: extends entry j downwards. */
  for (uint32_t j = 0; j < n; j++) {
    if (t->first[j] != 0u && x == t->first[j] - 1u) {
      t->first[j] = x;
      return res;
    }
  }
  /* Rule 4: new single-line entry in sorted position. */
  uint32_t pos = 0;
  while (pos < n && t->first[pos] < x) pos++;
  memmove(&t->first[pos + 1u], &t->first[pos], (n - pos) * sizeof *t->first);
  memmove(&t->last[pos + 1u], &t->last[pos], (n - pos) * sizeof *t->last);
  t->first[pos] = x;
  t->last[pos] = x;
  t->count = n + 1u;
  if (n == t->cap && n > 0u) {
    /* Over capacity: merge the pair with the smallest gap (lowest k on ties). */
    uint32_t best_k = 0;
    uint32_t best_gap = t->first[1] - t->last[0] - 1u;
    for (uint32_t k = 1; k < n; k++) {
      uint32_t gap = t->first[k + 1u] - t->last[k] - 1u;
      if (gap < best_gap) {
        best_gap = gap;
        best_k = k;
      }
    }
    t->last[best_k] = t->last[best_k + 1u];
    rtab_remove(t, best_k + 1u);
    res.forced_merge = 1;
    res.gap_lines = best_gap;
  }
  return res;
}

void rtab_consume_front(rtab_t *t, uint32_t n) {
  if (t->count == 0u) return;
  uint64_t nf = (uint64_t)t->first[0] + n;
  if (nf > t->last[0]) {
    rtab_remove(t, 0);
  } else {
    t->first[0] = (uint32_t)nf;
  }
}

/* dir_stats model. */
#include "dir_stats.h"

#include <stdlib.h>
#include <string.h>

struct dir_stats {
  uint32_t c[DS_N], inc[DS_N], acc[DS_N];
  int clr, clr_acc;
  int live; /* an inc, acc or clr may be nonzero: the edge may change something */
};

dir_stats_t *dir_stats_new(void) { return calloc(1, sizeof(dir_stats_t)); }
void dir_stats_free(dir_stats_t *s) { free(s); }
void dir_stats_reset(dir_stats_t *s) { memset(s, 0, sizeof *s); }
void dir_stats_add(dir_stats_t *s, unsigned k, uint32_t v) {
  s->acc[k] += v;
  s->live = 1;
}

void dir_stats_clear_last(dir_stats_t *s) {
  s->clr_acc = 1;
  s->live = 1;
}

void dir_stats_clock(dir_stats_t *s) {
  if (!s->live) return; /* every inc, acc and clr is 0: C <= C + 0 */
  int live = s->clr_acc;
  for (unsigned k = 0; k < DS_N; k++) {
    uint32_t base = (k == DS_INV_CYCLES_LAST && s->clr) ? 0u : s->c[k];
    s->c[k] = base + s->inc[k];
    s->inc[k] = s->acc[k];
    s->acc[k] = 0;
    live |= s->inc[k] != 0u;
  }
  s->clr = s->clr_acc;
  s->clr_acc = 0;
  s->live = live;
}

uint32_t dir_stats_get(const dir_stats_t *s, unsigned k) { return s->c[k]; }
const uint32_t *dir_stats_all(const dir_stats_t *s) { return s->c; }

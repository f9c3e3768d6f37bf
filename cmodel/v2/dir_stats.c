/* dir_stats model. */
#include "dir_stats.h"

#include <stdlib.h>
#include <string.h>

struct dir_stats {
  uint32_t c[DS_N], inc[DS_N], acc[DS_N];
  int clr, clr_acc;
};

dir_stats_t *dir_stats_new(void) { return calloc(1, sizeof(dir_stats_t)); }
void dir_stats_free(dir_stats_t *s) { free(s); }
void dir_stats_reset(dir_stats_t *s) { memset(s, 0, sizeof *s); }
void dir_stats_add(dir_stats_t *s, unsigned k, uint32_t v) { s->acc[k] += v; }
void dir_stats_clear_last(dir_stats_t *s) { s->clr_acc = 1; }

void dir_stats_clock(dir_stats_t *s) {
  for (unsigned k = 0; k < DS_N; k++) {
    uint32_t base = (k == DS_INV_CYCLES_LAST && s->clr) ? 0u : s->c[k];
    s->c[k] = base + s->inc[k];
    s->inc[k] = s->acc[k];
    s->acc[k] = 0;
  }
  s->clr = s->clr_acc;
  s->clr_acc = 0;
}

uint32_t dir_stats_get(const dir_stats_t *s, unsigned k) { return s->c[k]; }

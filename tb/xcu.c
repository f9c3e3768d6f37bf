/* Cross-CU storer sets per byte (tb/xcu.h), on the shared sparse map (common/linemap.h)
 * keyed by word address; an entry belongs to the current epoch only when its stamp matches,
 * so a new epoch costs nothing. */
#include "xcu.h"

#include <stdlib.h>

#include "linemap.h"

typedef struct {
  uint32_t epoch;
  uint16_t mask; /* byte i: bits 4i..4i+3 = the GPU ports that stored it */
} xcu_ent_t;

struct xcu {
  linemap_t *words;
  uint32_t epoch;
};

xcu_t *xcu_new(void) {
  xcu_t *x = calloc(1, sizeof *x);
  if (!x) return NULL;
  x->words = linemap_new(sizeof(xcu_ent_t));
  if (!x->words) {
    free(x);
    return NULL;
  }
  x->epoch = 1;
  return x;
}

void xcu_free(xcu_t *x) {
  if (!x) return;
  linemap_free(x->words);
  free(x);
}

void xcu_new_epoch(xcu_t *x) { x->epoch++; }

int xcu_store(xcu_t *x, uint32_t addr, unsigned wstrb, unsigned g) {
  xcu_ent_t *e = linemap_get(x->words, addr >> 2, 1);
  if (!e) return -1;
  if (e->epoch != x->epoch) {
    e->epoch = x->epoch;
    e->mask = 0;
  }
  unsigned raced = 0;
  for (unsigned b = 0; b < 4; b++) {
    if (!(wstrb >> b & 1u)) continue;
    if (((unsigned)(e->mask >> (4 * b)) & 0xFu) & ~(1u << g)) raced |= 1u << b;
    e->mask = (uint16_t)(e->mask | (1u << (4 * b + g)));
  }
  return (int)raced;
}

int xcu_other(const xcu_t *x, uint32_t addr, unsigned g) {
  const xcu_ent_t *e = linemap_find(x->words, addr >> 2);
  if (!e || e->epoch != x->epoch) return 0;
  uint16_t own = g < 4 ? (uint16_t)(0x1111u << g) : 0u;
  return (e->mask & (uint16_t)~own) != 0;
}

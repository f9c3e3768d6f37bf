/* Cross-CU storer sets per byte (tb/xcu.h): an open-addressing hash table keyed by word
 * address; an entry belongs to the current epoch only when its epoch stamp matches. */
#include "xcu.h"

#include <stdlib.h>

typedef struct {
  uint32_t word; /* addr >> 2, plus 1 (0 = empty slot) */
  uint32_t epoch;
  uint16_t mask; /* byte i: bits 4i..4i+3 = the GPU ports that stored it */
} xcu_ent_t;

struct xcu {
  xcu_ent_t *t;
  size_t cap, used; /* cap a power of 2; used counts slots of any epoch */
  uint32_t epoch;
};

xcu_t *xcu_new(void) {
  xcu_t *x = calloc(1, sizeof *x);
  if (!x) return NULL;
  x->cap = 1024;
  x->t = calloc(x->cap, sizeof *x->t);
  if (!x->t) {
    free(x);
    return NULL;
  }
  x->epoch = 1;
  return x;
}

void xcu_free(xcu_t *x) {
  if (!x) return;
  free(x->t);
  free(x);
}

static size_t hash(uint32_t k, size_t cap) {
  return (size_t)((k * 0x9E3779B1u) >> 7) & (cap - 1);
}

static const xcu_ent_t *find(const xcu_t *x, uint32_t key) {
  for (size_t i = hash(key, x->cap);; i = (i + 1) & (x->cap - 1)) {
    const xcu_ent_t *e = &x->t[i];
    if (e->word == key || e->word == 0) return e;
  }
}

void xcu_new_epoch(xcu_t *x) {
  x->epoch++;
  if (x->used > x->cap / 4) { /* drop the old epochs' entries now and then */
    for (size_t i = 0; i < x->cap; i++) x->t[i].word = 0;
    x->used = 0;
  }
}

static int grow(xcu_t *x) {
  size_t ncap = x->cap * 2;
  xcu_ent_t *nt = calloc(ncap, sizeof *nt);
  if (!nt) return -1;
  for (size_t i = 0; i < x->cap; i++) {
    const xcu_ent_t *e = &x->t[i];
    if (!e->word || e->epoch != x->epoch) continue;
    size_t j = hash(e->word, ncap);
    while (nt[j].word) j = (j + 1) & (ncap - 1);
    nt[j] = *e;
  }
  size_t used = 0;
  for (size_t i = 0; i < ncap; i++) used += nt[i].word != 0;
  free(x->t);
  x->t = nt;
  x->cap = ncap;
  x->used = used;
  return 0;
}

int xcu_store(xcu_t *x, uint32_t addr, unsigned wstrb, unsigned g) {
  if (2 * (x->used + 1) > x->cap && grow(x) != 0) return -1;
  uint32_t key = (addr >> 2) + 1u;
  xcu_ent_t *e = (xcu_ent_t *)find(x, key);
  if (e->word == 0) {
    e->word = key;
    e->epoch = x->epoch;
    e->mask = 0;
    x->used++;
  } else if (e->epoch != x->epoch) {
    e->epoch = x->epoch;
    e->mask = 0;
  }
  unsigned raced = 0;
  for (unsigned b = 0; b < 4; b++) {
    if (!(wstrb >> b & 1u)) continue;
    unsigned m = (unsigned)(e->mask >> (4 * b)) & 0xFu;
    if (m & ~(1u << g)) raced |= 1u << b;
    e->mask = (uint16_t)(e->mask | (1u << (4 * b + g)));
  }
  return (int)raced;
}

int xcu_other(const xcu_t *x, uint32_t addr, unsigned g) {
  const xcu_ent_t *e = find(x, (addr >> 2) + 1u);
  if (e->word == 0 || e->epoch != x->epoch) return 0;
  uint16_t own = g < 4 ? (uint16_t)(0x1111u << g) : 0u;
  return (e->mask & (uint16_t)~own) != 0;
}

/* Reference memory (see refmem.h). */
#include "refmem.h"

#include <stdlib.h>

#include "linemap.h"

typedef struct refline {
  uint8_t data[64];
  uint64_t taint;
} refline_t;

struct refmem {
  linemap_t *lines;
};

refmem_t *refmem_new(void) {
  refmem_t *r = calloc(1, sizeof *r);
  if (!r) return NULL;
  r->lines = linemap_new(sizeof(refline_t));
  if (!r->lines) {
    free(r);
    return NULL;
  }
  return r;
}

void refmem_free(refmem_t *r) {
  if (!r) return;
  linemap_free(r->lines);
  free(r);
}

void refmem_store(refmem_t *r, uint32_t addr, uint32_t data, unsigned wstrb, int tainted) {
  refline_t *l = linemap_get(r->lines, addr >> 6, 1);
  if (!l) abort();
  unsigned off = addr & 0x3cu;
  for (unsigned i = 0; i < 4; i++) {
    if (!((wstrb >> i) & 1u)) continue;
    l->data[off + i] = (uint8_t)(data >> (8u * i));
    if (tainted) l->taint |= 1ull << (off + i);
  }
}

uint32_t refmem_load(refmem_t *r, uint32_t addr, int *tainted) {
  const refline_t *l = linemap_find(r->lines, addr >> 6);
  if (tainted) *tainted = 0;
  if (!l) return 0;
  unsigned off = addr & 0x3cu;
  uint32_t v = 0;
  for (unsigned i = 0; i < 4; i++) v |= (uint32_t)l->data[off + i] << (8u * i);
  if (tainted) *tainted = ((l->taint >> off) & 0xfull) != 0;
  return v;
}

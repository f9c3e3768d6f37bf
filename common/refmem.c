/* Reference memory (see refmem.h). */
#include "refmem.h"

#include <stdlib.h>

#include "linemap.h"

typedef struct refline {
  uint8_t data[64];
  uint64_t taint;
  uint64_t pending; /* newest value not yet written to memory */
  uint64_t by_gpu;  /* newest store of the byte came from the GPU side */
  uint64_t last_cyc; /* cycle the newest store to the line was accepted (completed, for a
                        store in flight: UINT64_MAX until refmem_inflight_end) */
  uint32_t inflight; /* stores to the line accepted and not yet completed */
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

void refmem_store(refmem_t *r, uint32_t addr, uint32_t data, unsigned wstrb, unsigned taint,
                  unsigned side, uint64_t cyc) {
  refline_t *l = linemap_get(r->lines, addr >> 6, 1);
  if (!l) abort();
  unsigned off = addr & 0x3cu;
  for (unsigned i = 0; i < 4; i++) {
    if (!((wstrb >> i) & 1u)) continue;
    uint64_t bit = 1ull << (off + i);
    l->data[off + i] = (uint8_t)(data >> (8u * i));
    l->pending |= bit;
    if ((taint >> i) & 1u) l->taint |= bit;
    if (side) l->by_gpu |= bit;
    else l->by_gpu &= ~bit;
  }
  if (wstrb & 0xfu) l->last_cyc = l->inflight ? UINT64_MAX : cyc;
}

void refmem_inflight_begin(refmem_t *r, uint32_t addr) {
  refline_t *l = linemap_get(r->lines, addr >> 6, 1);
  if (!l) abort();
  l->inflight++;
  l->last_cyc = UINT64_MAX;
}

void refmem_inflight_end(refmem_t *r, uint32_t addr, uint64_t cyc) {
  refline_t *l = linemap_get(r->lines, addr >> 6, 0);
  if (l && l->inflight && --l->inflight == 0) l->last_cyc = cyc;
}

unsigned refmem_inflight(refmem_t *r, uint32_t line) {
  const refline_t *l = linemap_get(r->lines, line, 0);
  return l ? l->inflight : 0;
}

typedef struct pending_ctx {
  refmem_pending_fn cb;
  void *ctx;
} pending_ctx_t;

static void pending_line(void *arg, uint32_t line, void *payload) {
  const pending_ctx_t *c = arg;
  const refline_t *l = payload;
  if (l->pending) c->cb(c->ctx, line, l->pending, l->taint, l->by_gpu, l->last_cyc);
}

void refmem_foreach_pending(refmem_t *r, refmem_pending_fn cb, void *ctx) {
  pending_ctx_t c = {.cb = cb, .ctx = ctx};
  linemap_foreach(r->lines, pending_line, &c);
}

void refmem_forget_pending(refmem_t *r, uint32_t line, uint64_t mask) {
  refline_t *l = linemap_get(r->lines, line, 0);
  if (l) l->pending &= ~mask;
}

uint64_t refmem_pending_untainted(refmem_t *r, uint32_t line) {
  const refline_t *l = linemap_find(r->lines, line);
  return l ? l->pending & ~l->taint : 0;
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

void refmem_writeback(refmem_t *r, uint32_t line, const uint32_t wdata[16], uint64_t wmask) {
  refline_t *l = linemap_get(r->lines, line, 0);
  if (!l) return;
  for (unsigned b = 0; b < 64; b++) {
    if (((wmask & l->pending) >> b) & 1ull &&
        (uint8_t)(wdata[b / 4u] >> (8u * (b % 4u))) == l->data[b]) {
      l->pending &= ~(1ull << b);
    }
  }
}

typedef struct rebase_ctx {
  void *ctx;
  void (*read_line)(void *ctx, uint32_t line, uint32_t words[16]);
  void (*bad)(void *ctx, uint32_t line, unsigned byte, unsigned expected, unsigned got);
  uint64_t discarded;
} rebase_ctx_t;

static void rebase_line(void *arg, uint32_t line, void *payload) {
  rebase_ctx_t *c = arg;
  refline_t *l = payload;
  uint32_t w[16];
  c->read_line(c->ctx, line, w);
  for (unsigned b = 0; b < 64; b++) {
    uint8_t got = (uint8_t)(w[b / 4u] >> (8u * (b % 4u)));
    uint64_t bit = 1ull << b;
    if (!((l->taint | l->pending) & bit) && got != l->data[b]) {
      c->bad(c->ctx, line, b, l->data[b], got);
    }
    l->data[b] = got;
  }
  if (l->pending & ~l->taint) c->discarded++;
  l->taint = l->pending = 0;
  l->inflight = 0;
}

void refmem_rebase(refmem_t *r, void *ctx,
                   void (*read_line)(void *ctx, uint32_t line, uint32_t words[16]),
                   void (*bad)(void *ctx, uint32_t line, unsigned byte, unsigned expected,
                               unsigned got),
                   uint64_t *discarded) {
  rebase_ctx_t c = {.ctx = ctx, .read_line = read_line, .bad = bad, .discarded = 0};
  linemap_foreach(r->lines, rebase_line, &c);
  *discarded = c.discarded;
}

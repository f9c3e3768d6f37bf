/* End-to-end write-back check (see e2e.h). */
#include "e2e.h"

#include <stdlib.h>
#include <string.h>

typedef struct range {
  uint64_t first, end; /* [first, end) in lines */
} range_t;

struct e2e {
  refmem_t *ref;
  int inject_walk;      /* -1, 0 (addr), 1 (set) */
  int injected;         /* the dropped write happened */
  int drop_armed;       /* a write-back of the chosen walk was accepted: drop its memory write */
  uint32_t drop_line;
  /* the release in progress */
  int active;
  unsigned src, release;
  uint64_t start_cyc;
  range_t *probes;
  size_t np, capp;
  unsigned walking[2];  /* probes sent to a side and not yet acked */
  int walk_set[2];      /* setwalk of the last probe sent to the side */
  /* a scheduled check: inv_done seen, waiting for in-flight write-backs */
  int scheduled;
  uint32_t *epoch;
  size_t ne, cape;
  unsigned inflight;    /* cc_req writes accepted, memory write not yet seen */
  uint64_t lines_checked;
};

e2e_t *e2e_new(refmem_t *ref, int inject_walk) {
  e2e_t *e = calloc(1, sizeof *e);
  if (!e) return NULL;
  e->ref = ref;
  e->inject_walk = inject_walk;
  return e;
}

void e2e_free(e2e_t *e) {
  if (!e) return;
  free(e->probes);
  free(e->epoch);
  free(e);
}

void e2e_reset(e2e_t *e) {
  e->active = e->scheduled = 0;
  e->np = e->ne = 0;
  e->inflight = 0;
  e->walking[0] = e->walking[1] = 0;
  e->drop_armed = 0;
}

void e2e_inv_start(e2e_t *e, unsigned src, uint64_t cyc, unsigned release) {
  e->active = 1;
  e->src = src & 1u;
  e->start_cyc = cyc;
  e->release = release;
  e->np = 0;
}

void e2e_probe(e2e_t *e, unsigned tgt, uint32_t first, uint32_t nlines, int setwalk) {
  tgt &= 1u;
  e->walking[tgt]++;
  e->walk_set[tgt] = setwalk != 0;
  if (!e->active || tgt == e->src) return;
  if (e->np == e->capp) {
    size_t cap = e->capp ? 2 * e->capp : 64;
    range_t *p = realloc(e->probes, cap * sizeof *p);
    if (!p) abort();
    e->probes = p;
    e->capp = cap;
  }
  e->probes[e->np++] = (range_t){first, (uint64_t)first + nlines};
}

void e2e_ack(e2e_t *e, unsigned tgt) {
  if (e->walking[tgt & 1u]) e->walking[tgt & 1u]--;
}

int e2e_inv_done(e2e_t *e, const uint32_t *lines, size_t n) {
  if (!e->active) return 0;
  if (n > e->cape) {
    uint32_t *p = realloc(e->epoch, n * sizeof *p);
    if (!p) return -1;
    e->epoch = p;
    e->cape = n;
  }
  if (n) memcpy(e->epoch, lines, n * sizeof *lines);
  e->ne = n;
  e->scheduled = 1;
  e->active = 0;
  return 0;
}

void e2e_cc_write(e2e_t *e, unsigned side, uint32_t line) {
  e->inflight++;
  side &= 1u;
  if (e->inject_walk >= 0 && !e->injected && !e->drop_armed && e->walking[side] &&
      e->walk_set[side] == e->inject_walk) {
    e->drop_armed = 1;
    e->drop_line = line;
  }
}

int e2e_mem_write(e2e_t *e, uint32_t line) {
  if (e->inflight) e->inflight--;
  if (e->drop_armed && line == e->drop_line) {
    e->drop_armed = 0;
    e->injected = 1;
    return 1;
  }
  return 0;
}

typedef struct scan {
  e2e_t *e;
  e2e_bad_fn bad;
  void *ctx;
  uint64_t lost;
  uint32_t *lines; /* lost lines of the scan, forgotten after it (each reported once) */
  uint64_t *masks;
  size_t n, cap;
} scan_t;

static void scan_keep(scan_t *c, uint32_t line, uint64_t mask) {
  if (c->n == c->cap) {
    size_t cap = c->cap ? 2 * c->cap : 16;
    uint32_t *l = realloc(c->lines, cap * sizeof *l);
    if (!l) abort();
    c->lines = l;
    uint64_t *m = realloc(c->masks, cap * sizeof *m);
    if (!m) abort();
    c->masks = m;
    c->cap = cap;
  }
  c->lines[c->n] = line;
  c->masks[c->n++] = mask;
}

static int covered(const e2e_t *e, uint32_t line) {
  for (size_t i = 0; i < e->np; i++) {
    if (line >= e->probes[i].first && line < e->probes[i].end) return 1;
  }
  return 0;
}

static void scan_line(void *arg, uint32_t line, uint64_t pending, uint64_t taint,
                      uint64_t by_gpu, uint64_t last_cyc) {
  scan_t *c = arg;
  e2e_t *e = c->e;
  (void)taint;
  unsigned tgt = 1u - e->src;
  /* bytes whose newest store came from the target side, before INV_START */
  uint64_t mine = tgt ? by_gpu : ~by_gpu;
  uint64_t lost = pending & mine;
  if (!lost || last_cyc >= e->start_cyc || !covered(e, line)) return;
  c->lost += (uint64_t)__builtin_popcountll(lost);
  c->bad(c->ctx, "invalidation", tgt, line, lost, e->release);
  scan_keep(c, line, lost);
}

uint64_t e2e_step(e2e_t *e, e2e_bad_fn bad, void *ctx) {
  if (!e->scheduled || e->inflight) return 0;
  e->scheduled = 0;
  scan_t c = {.e = e, .bad = bad, .ctx = ctx};
  for (size_t i = 0; i < e->ne; i++) {
    uint64_t m = refmem_pending_untainted(e->ref, e->epoch[i]);
    e->lines_checked++;
    if (m) {
      c.lost += (uint64_t)__builtin_popcountll(m);
      bad(ctx, "release", e->src, e->epoch[i], m, e->release);
      scan_keep(&c, e->epoch[i], m);
    }
  }
  if (e->np) refmem_foreach_pending(e->ref, scan_line, &c);
  /* each lost byte is reported once (not again by every later release) */
  for (size_t i = 0; i < c.n; i++) refmem_forget_pending(e->ref, c.lines[i], c.masks[i]);
  free(c.lines);
  free(c.masks);
  return c.lost;
}

uint64_t e2e_lines_checked(const e2e_t *e) { return e->lines_checked; }

int e2e_injected(const e2e_t *e) { return e->injected; }

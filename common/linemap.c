/* Sparse key -> payload map (see linemap.h). */
#include "linemap.h"

#include <stdlib.h>
#include <string.h>

#define POOL_CHUNK 4096u

struct linemap {
  size_t psize;
  uint32_t *keys;
  void **vals;   /* NULL = empty slot */
  size_t cap;    /* power of two */
  size_t count;
  unsigned char **chunks; /* payload pool */
  size_t nchunks, chunk_used;
};

static size_t hash32(uint32_t k) {
  uint64_t h = (uint64_t)k * 0x9E3779B97F4A7C15ull;
  return (size_t)(h >> 29);
}

linemap_t *linemap_new(size_t payload_size) {
  linemap_t *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->psize = payload_size ? payload_size : 1;
  m->cap = 1024;
  m->keys = calloc(m->cap, sizeof *m->keys);
  m->vals = calloc(m->cap, sizeof *m->vals);
  m->chunk_used = POOL_CHUNK;
  if (!m->keys || !m->vals) {
    linemap_free(m);
    return NULL;
  }
  return m;
}

void linemap_free(linemap_t *m) {
  if (!m) return;
  for (size_t i = 0; i < m->nchunks; i++) free(m->chunks[i]);
  free(m->chunks);
  free(m->keys);
  free(m->vals);
  free(m);
}

static void *pool_alloc(linemap_t *m) {
  if (m->chunk_used == POOL_CHUNK) {
    unsigned char **nc = realloc(m->chunks, (m->nchunks + 1) * sizeof *nc);
    if (!nc) return NULL;
    m->chunks = nc;
    m->chunks[m->nchunks] = calloc(POOL_CHUNK, m->psize);
    if (!m->chunks[m->nchunks]) return NULL;
    m->nchunks++;
    m->chunk_used = 0;
  }
  return m->chunks[m->nchunks - 1] + m->psize * m->chunk_used++;
}

static int grow(linemap_t *m) {
  size_t ncap = m->cap * 2;
  uint32_t *nk = calloc(ncap, sizeof *nk);
  void **nv = calloc(ncap, sizeof *nv);
  if (!nk || !nv) {
    free(nk);
    free(nv);
    return -1;
  }
  for (size_t i = 0; i < m->cap; i++) {
    if (!m->vals[i]) continue;
    size_t j = hash32(m->keys[i]) & (ncap - 1);
    while (nv[j]) j = (j + 1) & (ncap - 1);
    nk[j] = m->keys[i];
    nv[j] = m->vals[i];
  }
  free(m->keys);
  free(m->vals);
  m->keys = nk;
  m->vals = nv;
  m->cap = ncap;
  return 0;
}

const void *linemap_find(const linemap_t *m, uint32_t key) {
  for (size_t j = hash32(key) & (m->cap - 1); m->vals[j]; j = (j + 1) & (m->cap - 1)) {
    if (m->keys[j] == key) return m->vals[j];
  }
  return NULL;
}

void *linemap_get(linemap_t *m, uint32_t key, int create) {
  void *found = (void *)linemap_find(m, key);
  if (found || !create) return found;
  size_t j = hash32(key) & (m->cap - 1);
  while (m->vals[j]) j = (j + 1) & (m->cap - 1);
  if ((m->count + 1) * 2 > m->cap) {
    if (grow(m) != 0) return NULL;
    j = hash32(key) & (m->cap - 1);
    while (m->vals[j]) j = (j + 1) & (m->cap - 1);
  }
  void *p = pool_alloc(m);
  if (!p) return NULL;
  m->keys[j] = key;
  m->vals[j] = p;
  m->count++;
  return p;
}

size_t linemap_count(const linemap_t *m) { return m->count; }

void linemap_foreach(linemap_t *m, void (*fn)(void *ctx, uint32_t key, void *payload),
                     void *ctx) {
  for (size_t i = 0; i < m->cap; i++) {
    if (m->vals[i]) fn(ctx, m->keys[i], m->vals[i]);
  }
}

void linemap_clear(linemap_t *m) {
  memset(m->vals, 0, m->cap * sizeof *m->vals);
  for (size_t i = 0; i < m->nchunks; i++) {
    memset(m->chunks[i], 0, POOL_CHUNK * m->psize);
  }
  /* keep the first chunk, release the rest */
  for (size_t i = 1; i < m->nchunks; i++) free(m->chunks[i]);
  m->nchunks = m->nchunks ? 1 : 0;
  m->chunk_used = m->nchunks ? 0 : POOL_CHUNK;
  m->count = 0;
}

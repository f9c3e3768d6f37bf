/* Line sets (see lineset.h). */
#include "lineset.h"

#include <stdlib.h>
#include <string.h>

int lineset_init(lineset_t *s) {
  memset(s, 0, sizeof *s);
  s->map = linemap_new(1);
  return s->map ? 0 : -1;
}

void lineset_free(lineset_t *s) {
  linemap_free(s->map);
  free(s->fifo);
  memset(s, 0, sizeof *s);
}

void lineset_clear(lineset_t *s) {
  linemap_clear(s->map);
  s->n = s->head = s->count = 0;
}

void lineset_add(lineset_t *s, uint32_t line) {
  uint8_t *st = linemap_get(s->map, line, 1);
  if (!st) abort();
  if (*st) return;
  *st = 1;
  s->count++;
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 1024;
    uint32_t *nf = realloc(s->fifo, s->cap * sizeof *nf);
    if (!nf) abort();
    s->fifo = nf;
  }
  s->fifo[s->n++] = line;
}

int lineset_has(lineset_t *s, uint32_t line) {
  uint8_t *st = linemap_get(s->map, line, 0);
  return st && *st;
}

int lineset_remove(lineset_t *s, uint32_t line) {
  uint8_t *st = linemap_get(s->map, line, 0);
  if (!st || !*st) return 0;
  *st = 0;
  s->count--;
  return 1;
}

/* Oldest member (skipping removed entries), or -1. */
int lineset_front(lineset_t *s, uint32_t *line) {
  while (s->head < s->n) {
    uint8_t *st = linemap_get(s->map, s->fifo[s->head], 0);
    if (st && *st) {
      *line = s->fifo[s->head];
      return 0;
    }
    s->head++;
  }
  if (s->head == s->n) s->head = s->n = 0;
  return -1;
}

/* A set of line addresses with insertion order (the post-release coherence check's pending
 * and epoch sets, tb/harness*.c). */
#ifndef COMMON_LINESET_H
#define COMMON_LINESET_H

#include <stddef.h>
#include <stdint.h>

#include "linemap.h"

typedef struct lineset {
  linemap_t *map; /* payload: uint8_t state (1 = member) */
  uint32_t *fifo;
  size_t n, cap, head;
  size_t count;
} lineset_t;

void lineset_add(lineset_t *s, uint32_t line);
void lineset_clear(lineset_t *s);
void lineset_free(lineset_t *s);
int lineset_front(lineset_t *s, uint32_t *line);
int lineset_has(lineset_t *s, uint32_t line);
int lineset_init(lineset_t *s);
int lineset_remove(lineset_t *s, uint32_t line);

#endif

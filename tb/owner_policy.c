/* Seed-002 owner-bit policy (see owner_policy.h). */
#include "owner_policy.h"

#include <stdlib.h>

#include "linemap.h"

/* Owner bits of a block, as in seed 002 table 1. */
enum { OWN_NONE = 0, OWN_CPU = 1, OWN_GPU = 2, OWN_SHARED = 3 };

struct owner_policy {
  linemap_t *map; /* payload: uint8_t owner bits */
  uint64_t probes, transfers;
};

owner_policy_t *owner_policy_new(void) {
  owner_policy_t *o = calloc(1, sizeof *o);
  if (!o) return NULL;
  o->map = linemap_new(1);
  if (!o->map) {
    free(o);
    return NULL;
  }
  return o;
}

void owner_policy_free(owner_policy_t *o) {
  if (!o) return;
  linemap_free(o->map);
  free(o);
}

void owner_policy_reset(owner_policy_t *o) {
  linemap_clear(o->map);
  o->probes = o->transfers = 0;
}

static uint8_t own_private(unsigned side) { return side == 0 ? OWN_CPU : OWN_GPU; }

void owner_policy_access(owner_policy_t *o, unsigned side, int store, uint32_t line) {
  uint8_t *st = linemap_get(o->map, line, 1);
  if (!st) abort();
  uint8_t mine = own_private(side), other = own_private(1u - side);
  if (!store) {
    /* A read of the other side's private (write-back) block: the other side is asked to
     * give it up (one request) and the block moves to the shared L3 (one transfer); it
     * becomes shared. Other reads are local or L3 hits. */
    if (*st == other) {
      o->probes++;
      o->transfers++;
      *st = OWN_SHARED;
    }
    return;
  }
  if (*st == OWN_NONE || *st == mine) {
    /* rules 1/2: new or own private block: write-back, no message */
    *st = mine;
    return;
  }
  if (*st == other) {
    /* rules 5/6: ask the owner side for authorisation; the block becomes shared */
    o->probes++;
  }
  /* rules 3/4: write-through to the unified L3, owner bits -> writer private, reverse sync
   * to the writer's own L1/L2 (no cross-side message) */
  o->transfers++;
  *st = mine;
}

uint64_t owner_policy_probes(const owner_policy_t *o) { return o->probes; }
uint64_t owner_policy_transfers(const owner_policy_t *o) { return o->transfers; }

/* End-to-end write-back check (docs/VERIFICATION.md §5), a check that stands without the
 * C model: after every release, memory must hold
 *  (a) every byte the releaser stored under the lock in the released epoch (the release
 *      write-back of SPEC §3), and
 *  (b) every byte whose newest store came from the target side before INV_START, in every line
 *      a probe of this release covered: a dirty copy that the invalidation removed must have
 *      been written back first (SPEC §3, range-invalidate FSM).
 * It reads the reference memory's "pending" bytes (stored, not yet carried by a memory write).
 * The check runs once the invalidation is done and no accepted write-back is still on its way
 * to memory. It is an observer: the harness reports the design's handshakes to it.
 * Fault injection (+inject=drop_wb_addr|drop_wb_set): the memory write of the first dirty
 * write-back made during an address (set) walk is dropped; the check must then fail. */
#ifndef TB_E2E_H
#define TB_E2E_H

#include <stddef.h>
#include <stdint.h>

#include "refmem.h"

typedef struct e2e e2e_t;

/* A lost byte: kind is "release" (a) or "invalidation" (b); mask = the lost bytes of line. */
typedef void (*e2e_bad_fn)(void *ctx, const char *kind, unsigned side, uint32_t line,
                           uint64_t mask, unsigned release);

/* inject_walk: -1 no injection, 0 drop a write-back of an address walk, 1 of a set walk. */
e2e_t *e2e_new(refmem_t *ref, int inject_walk);
void e2e_free(e2e_t *e);
/* Run start or mid-run reset: forget every scheduled check and in-flight write-back. */
void e2e_reset(e2e_t *e);

void e2e_inv_start(e2e_t *e, unsigned src, uint64_t cyc, unsigned release);
void e2e_probe(e2e_t *e, unsigned tgt, uint32_t first, uint32_t nlines, int setwalk);
void e2e_ack(e2e_t *e, unsigned tgt);
/* inv_done rose: lines = the lines the releaser stored under the lock in the epoch. */
int e2e_inv_done(e2e_t *e, const uint32_t *lines, size_t n);
/* A cc_req write handshake of a side (a write-back on its way to the memory arbiter). */
void e2e_cc_write(e2e_t *e, unsigned side, uint32_t line);
/* A memory write handshake; returns 1 if the injection drops this write. */
int e2e_mem_write(e2e_t *e, uint32_t line);
/* Once per cycle: runs a scheduled check when nothing is in flight. Returns the lost bytes. */
uint64_t e2e_step(e2e_t *e, e2e_bad_fn bad, void *ctx);

/* Released-epoch lines checked so far (part (a)). */
uint64_t e2e_lines_checked(const e2e_t *e);
int e2e_injected(const e2e_t *e);

#endif

/* Functional reference memory for load checking: byte-granular, sparse, unwritten = 0.
 * Each byte also carries a "tainted" flag: it was written by a side that did not hold the
 * lock, so release-consistency gives no guarantee on what a later load sees. */
#ifndef COMMON_REFMEM_H
#define COMMON_REFMEM_H

#include <stdint.h>

typedef struct refmem refmem_t;

refmem_t *refmem_new(void);
void refmem_free(refmem_t *r);
/* Writes the bytes of data selected by wstrb (bit i = byte i, little-endian) at the word
 * addr & ~3. taint (same bit order) marks those of the written bytes tainted (sticky). side (0 CPU, 1 GPU) and cyc
 * (when the store was accepted) are kept per line for the end-to-end check (tb/e2e.h). */
void refmem_store(refmem_t *r, uint32_t addr, uint32_t data, unsigned wstrb, unsigned taint,
                  unsigned side, uint64_t cyc);
/* A store whose effect lands later than its handshake (a GPU store: at its TCC merge, which
 * its response follows; docs/ARCHITECTURE_v3_gpu_frontend.md §9): from begin (after its
 * refmem_store) to the end of the line's last such store, the line's newest-store cycle is
 * UINT64_MAX, so the end-to-end check (b) (tb/e2e.h) does not count its bytes as written
 * before an INV_START; end gives it the completion cycle. A mid-run rebase forgets them. */
void refmem_inflight_begin(refmem_t *r, uint32_t addr);
void refmem_inflight_end(refmem_t *r, uint32_t addr, uint64_t cyc);
/* Stores to line (a line address) begun and not yet ended. */
unsigned refmem_inflight(refmem_t *r, uint32_t line);
/* Reads the word at addr & ~3; *tainted (if not NULL) = 1 if any of its bytes is tainted. */
uint32_t refmem_load(refmem_t *r, uint32_t addr, int *tainted);

/* Write-back tracking (reset outcome, ARCHITECTURE.md §2): a stored byte is "pending" until
 * a memory write carries its newest value. Called for every memory write the design makes
 * (wmask bit i = byte i of the line). */
void refmem_writeback(refmem_t *r, uint32_t line, const uint32_t wdata[16], uint64_t wmask);

/* Every line with pending bytes: cb(ctx, line, pending, taint, by_gpu, last_store_cyc), where
 * by_gpu has bit i set when byte i's newest store came from the GPU side. */
typedef void (*refmem_pending_fn)(void *ctx, uint32_t line, uint64_t pending, uint64_t taint,
                                  uint64_t by_gpu, uint64_t last_store_cyc);
void refmem_foreach_pending(refmem_t *r, refmem_pending_fn cb, void *ctx);
/* Forgets that the bytes in mask of line are pending (a lost write, reported once). */
void refmem_forget_pending(refmem_t *r, uint32_t line, uint64_t mask);
/* Pending bytes of one line that are not tainted (0 if the line was never stored to). */
uint64_t refmem_pending_untainted(refmem_t *r, uint32_t line);

/* After a reset: what the line memory should hold. For every known line, read_line gives
 * memory's content; every byte that is neither tainted nor pending must equal the reference
 * (else bad(ctx, line, byte, expected, got) is called). Lines with pending bytes had their
 * newest data only in a cache, which the reset discards: they are counted in *discarded.
 * Then the reference becomes memory's content (untainted, nothing pending). */
void refmem_rebase(refmem_t *r, void *ctx,
                   void (*read_line)(void *ctx, uint32_t line, uint32_t words[16]),
                   void (*bad)(void *ctx, uint32_t line, unsigned byte, unsigned expected,
                               unsigned got),
                   uint64_t *discarded);

#endif

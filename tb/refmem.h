/* Functional reference memory for load checking: byte-granular, sparse, unwritten = 0.
 * Each byte also carries a "tainted" flag: it was written by a side that did not hold the
 * lock, so release-consistency gives no guarantee on what a later load sees. */
#ifndef TB_REFMEM_H
#define TB_REFMEM_H

#include <stdint.h>

typedef struct refmem refmem_t;

refmem_t *refmem_new(void);
void refmem_free(refmem_t *r);
/* Writes the bytes of data selected by wstrb (bit i = byte i, little-endian) at the word
 * addr & ~3. tainted != 0 marks those bytes tainted (sticky). */
void refmem_store(refmem_t *r, uint32_t addr, uint32_t data, unsigned wstrb, int tainted);
/* Reads the word at addr & ~3; *tainted (if not NULL) = 1 if any of its bytes is tainted. */
uint32_t refmem_load(refmem_t *r, uint32_t addr, int *tainted);

#endif

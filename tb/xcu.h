/* The cross-CU rule of the reference-load check (docs/ARCHITECTURE_v3_gpu_frontend.md §9):
 * the GPU's TCPs are not coherent with each other inside a GPU epoch, and a store is visible
 * to other CUs only after its TCC merge. Per byte, the set of GPU ports that stored it since
 * the GPU's last acquire finished. A GPU load by port p is not checked when a byte of its
 * word was stored in this epoch by another GPU port; a GPU store to a byte another GPU port
 * stored in this epoch taints the byte. */
#ifndef TB_XCU_H
#define TB_XCU_H

#include <stdint.h>

typedef struct xcu xcu_t;

xcu_t *xcu_new(void);
void xcu_free(xcu_t *x);
/* A new GPU epoch: every byte forgets its storers (O(1)). */
void xcu_new_epoch(xcu_t *x);
/* GPU port g (0..3) stores the bytes wstrb (bit i = byte i) of the word at addr & ~3.
 * Returns the bytes of wstrb that another GPU port stored in this epoch (to be tainted).
 * Returns -1 when out of memory. */
int xcu_store(xcu_t *x, uint32_t addr, unsigned wstrb, unsigned g);
/* 1 when a byte of the word at addr & ~3 was stored in this epoch by a GPU port other than
 * g (g = 4: by any GPU port). */
int xcu_other(const xcu_t *x, uint32_t addr, unsigned g);

#endif

/* rinv_fifo (ARCHITECTURE_v2.md §4.2): first-word-fall-through FIFO of 32-bit words on one
 * rinv_sram; the head is the cell's registered read data plus the flag hv. */
#ifndef RINV_V2_FIFO_H
#define RINV_V2_FIFO_H

#include <stdint.h>

#include "sram.h"

typedef struct fifo fifo_t;

/* drop_ok: a push when full is a counted drop (directory), else an invariant violation. */
fifo_t *fifo_new(const char *name, uint32_t capacity, int drop_ok, rinv_err_t *err);
void fifo_free(fifo_t *f);
void fifo_reset(fifo_t *f); /* pointers and flags; the cell keeps its contents */

uint32_t fifo_count(const fifo_t *f);      /* mcnt + hv */
uint32_t fifo_head_valid(const fifo_t *f); /* hv */
uint32_t fifo_head(const fifo_t *f);       /* the cell's rdata */
uint32_t fifo_capacity(const fifo_t *f);

/* The clock edge with this cycle's inputs (values before the edge on the right-hand
 * sides). Returns push_ok. */
int fifo_step(fifo_t *f, int push, uint32_t pdata, int pop, int flush);

#endif

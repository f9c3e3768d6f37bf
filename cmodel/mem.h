/* Sparse line memory of the harness (ARCHITECTURE.md §3.3). Not part of the compared
 * design: the harness owns one and feeds its response to the RTL and the model alike.
 *
 * Per cycle t:
 *   mem_drive()  (or mem_drive_in) -> mem_resp_valid / mem_resp_rdata of cycle t;
 *   ... the design is evaluated, the harness chooses mem_req_ready ...
 *   mem_step()   (or mem_step_out) -> the edge: a write handshaked in t is applied; a read
 *                handshaked in t is answered in cycle t + lat with the content as of t.
 * Unwritten lines read as 0. Any number of reads may be in flight (one per cycle). */
#ifndef RINV_MEM_H
#define RINV_MEM_H

#include <stddef.h>
#include <stdint.h>

#include "rinv_io.h"
#include "rinv_params.h"

#define MEM_LINE_WORDS 16u /* 32-bit words per line; byte i = bits 8i+7:8i */

typedef struct mem mem_t;

/* lat >= 1 (cycles from a read handshake to its response). NULL on failure. */
mem_t *mem_new(uint32_t lat);
void mem_free(mem_t *mem);
/* Forgets every line and every read in flight; the cycle count restarts at 0. */
void mem_reset(mem_t *mem);
/* Drops the reads in flight (the design was reset in the middle); content is kept. */
void mem_abort(mem_t *mem);

/* This cycle's response. */
void mem_drive(const mem_t *mem, uint32_t *resp_valid, uint32_t resp_rdata[MEM_LINE_WORDS]);
/* The edge: the design's request of this cycle and the ready the harness drove. */
void mem_step(mem_t *mem, uint32_t req_ready, uint32_t req_valid, uint32_t we, uint32_t line,
              const uint32_t wdata[MEM_LINE_WORDS], uint64_t wmask);

/* Conveniences on the I/O vectors: set in->mem_resp_*; step from in->mem_req_ready and
 * out->mem_req_*. */
void mem_drive_in(const mem_t *mem, rinv_in_t *in);
void mem_step_out(mem_t *mem, const rinv_in_t *in, const rinv_out_t *out);

/* Direct access for checks and preloading (no timing). */
void mem_read_line(const mem_t *mem, uint32_t line, uint32_t data[MEM_LINE_WORDS]);
void mem_write_line(mem_t *mem, uint32_t line, const uint32_t data[MEM_LINE_WORDS], uint64_t mask);
/* Word at a byte address (addr & ~3). */
uint32_t mem_read_word(const mem_t *mem, uint32_t addr);
/* Number of distinct lines ever written. */
size_t mem_line_count(const mem_t *mem);

#endif

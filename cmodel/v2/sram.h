/* rinv_sram (ARCHITECTURE_v2.md §4.1): 1R1W cell with registered read, byte enables, no
 * reset, forbidden read-during-write. Model timing: sram_read()/sram_write() issue this
 * cycle's accesses; sram_clock() is the edge (rdata <- mem[raddr] as of the start of the
 * cycle, then the write lands). rdata holds while no read is issued. */
#ifndef RINV_V2_SRAM_H
#define RINV_V2_SRAM_H

#include <stdint.h>

/* Shared error context of one model instance (no globals): cycle number for messages,
 * error count, and whether an error ends the process (the default). */
typedef struct rinv_err {
  uint64_t cycle;
  unsigned errors;
  int fatal;
} rinv_err_t;

/* Reports a model invariant violation (prints "error: ..." with the cycle). */
void rinv_err_report(rinv_err_t *err, const char *fmt, ...);

typedef struct sram sram_t;

/* depth words of wbytes bytes each (wbytes <= 64). name is copied (for messages). */
sram_t *sram_new(const char *name, uint32_t depth, uint32_t wbytes, rinv_err_t *err);
void sram_free(sram_t *s);

/* Issue a read of addr in this cycle. Returns 1 if this is the first access this cycle
 * (the caller must then clock the cell at the edge). */
int sram_read(sram_t *s, uint32_t addr);
/* Write the bytes of data selected by be (bit i = byte i; ~0 = whole word) at the edge. */
int sram_write(sram_t *s, uint32_t addr, const void *data, uint64_t be);
/* The clock edge: checks the read-during-write rule, updates rdata, applies the write. */
void sram_clock(sram_t *s);
/* Registered read data (wbytes bytes). */
const uint8_t *sram_rdata(const sram_t *s);
uint32_t sram_rdata_u32(const sram_t *s);
uint64_t sram_rdata_u64(const sram_t *s);
/* Debug backdoor: mem[addr] now (no effect on state). */
const uint8_t *sram_peek(const sram_t *s, uint32_t addr);
uint32_t sram_peek_u32(const sram_t *s, uint32_t addr);
uint32_t sram_depth(const sram_t *s);
/* Backdoor view of a cell of 4-byte words as an array (peek without a call per word). */
const uint32_t *sram_words32(const sram_t *s);



/* Test backdoor: write mem[addr] now (no timing, no checks). */
void sram_poke(sram_t *s, uint32_t addr, const void *data);
#endif

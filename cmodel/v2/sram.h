/* rinv_sram (ARCHITECTURE_v2.md §4.1): 1R1W cell with registered read, byte enables, no
 * reset, forbidden read-during-write, optional output register (OutReg, round 5). Model
 * timing: sram_read()/sram_write() issue this cycle's accesses; sram_clock() /
 * sram_clock_oe() is the edge (with OutReg: oreg <- the read register if oe; then the read
 * register <- mem[raddr] as of the start of the cycle if a read was issued; then the write
 * lands). rdata is the read register (OutReg = 0) or the output register (OutReg = 1); the
 * read register holds while no read is issued, the output register while oe = 0. */
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
/* The same with OutReg = outreg (0 or 1). An OutReg cell must be clocked (sram_clock_oe) at
 * every edge, also without an access: its output register may load at any edge. */
sram_t *sram_new_outreg(const char *name, uint32_t depth, uint32_t wbytes, int outreg,
                        rinv_err_t *err);
void sram_free(sram_t *s);
int sram_outreg(const sram_t *s);

/* Issue a read of addr in this cycle. Returns 1 if this is the first access this cycle
 * (the caller must then clock the cell at the edge). */
int sram_read(sram_t *s, uint32_t addr);
/* sram_read(cells[i], addr) for i < n (one call for the ways of a set); when first is not
 * NULL, the cells for which it returned 1 are stored there in order. Returns their count
 * (0 when first is NULL). */
uint32_t sram_read_each(sram_t *const *cells, uint32_t n, uint32_t addr, sram_t **first);
/* Write the bytes of data selected by be (bit i = byte i; ~0 = whole word) at the edge. */
int sram_write(sram_t *s, uint32_t addr, const void *data, uint64_t be);
/* The clock edge: checks the read-during-write rule, updates rdata, applies the write.
 * For an OutReg cell this is the edge with oe = 1. */
void sram_clock(sram_t *s);
/* The clock edge with the output register's enable oe (ignored when OutReg = 0). */
void sram_clock_oe(sram_t *s, int oe);
/* sram_clock_oe(cells[i], oe) for i < n */
void sram_clock_each(sram_t *const *cells, uint32_t n, int oe);
/* rdata: the registered read data (wbytes bytes); the output register when OutReg = 1. */
const uint8_t *sram_rdata(const sram_t *s);
uint32_t sram_rdata_u32(const sram_t *s);
uint64_t sram_rdata_u64(const sram_t *s);
/* The address of the register rdata reads (the read register, or the output register when
 * OutReg = 1): fixed for the cell's lifetime, so a reader may keep it and load rdata
 * through it without a call. */
const uint8_t *sram_rdata_reg(const sram_t *s);
/* Debug backdoor: mem[addr] now (no effect on state). */
const uint8_t *sram_peek(const sram_t *s, uint32_t addr);
uint32_t sram_peek_u32(const sram_t *s, uint32_t addr);
uint32_t sram_depth(const sram_t *s);
/* Backdoor view of a cell of 4-byte words as an array (peek without a call per word). */
const uint32_t *sram_words32(const sram_t *s);



/* Test backdoor: write mem[addr] now (no timing, no checks). */
void sram_poke(sram_t *s, uint32_t addr, const void *data);
#endif

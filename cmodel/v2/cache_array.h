/* cache_array (ARCHITECTURE_v2.md §4.3, §6.1): one L1 or L2 as W set-interleaved banks x
 * ways of rinv_sram cells: tagst[b][w], rr[b] (ways > 1), data[b], dmask[b] (L2 only).
 * Line L: bank L % W, row (L / W) % rows, tag L / sets. The tagst and rr cells have
 * OutReg = O (tag_oreg, §3.2, §4.3), data and dmask OutReg = 0. The array owns its cells and
 * clocks in ca_clock() (the edge) every cell that saw an access this cycle and, when O = 1,
 * every tagst and rr cell (their output registers load at every edge with oe = 1). */
#ifndef RINV_V2_CACHE_ARRAY_H
#define RINV_V2_CACHE_ARRAY_H

#include <stdint.h>

#include "sram.h"

/* tagst word: {tag, valid[, dirty, rec]} (internal packing). */
#define TS_VALID 1u
#define TS_DIRTY 2u
#define TS_REC 4u
#define TS_TAG(w) ((w) >> 3)
#define TS_MAKE(tag, bits) (((tag) << 3) | (bits))

typedef struct cache_array cache_array_t;

cache_array_t *ca_new(const char *name, uint32_t sets, uint32_t ways, uint32_t lanes, int is_l2,
                      int tag_oreg, rinv_err_t *err);
void ca_free(cache_array_t *a);

uint32_t ca_sets(const cache_array_t *a);
uint32_t ca_ways(const cache_array_t *a);
uint32_t ca_rows(const cache_array_t *a);
uint32_t ca_bank(const cache_array_t *a, uint32_t line);
uint32_t ca_row(const cache_array_t *a, uint32_t line);
uint32_t ca_tag(const cache_array_t *a, uint32_t line);
/* line of (tag, bank, row) */
uint32_t ca_line(const cache_array_t *a, uint32_t tag, uint32_t bank, uint32_t row);

/* tagst (all ways of a bank) and, if with_rr, rr of (bank, row): read issue, the cells'
 * rdata (the output registers when O = 1), write. */
void ca_tag_read(cache_array_t *a, uint32_t bank, uint32_t row, int with_rr);
uint32_t ca_tag_q(const cache_array_t *a, uint32_t bank, uint32_t way);
/* ca_tag_q of every way of bank into words[0 .. ways - 1] (one call for a compare) */
void ca_tag_q_all(const cache_array_t *a, uint32_t bank, uint32_t *words);
uint32_t ca_rr_q(const cache_array_t *a, uint32_t bank);
void ca_tag_write(cache_array_t *a, uint32_t bank, uint32_t row, uint32_t way, uint32_t word);
void ca_rr_write(cache_array_t *a, uint32_t bank, uint32_t row, uint32_t val);
/* data / dmask of (bank, row, way) */
void ca_data_read(cache_array_t *a, uint32_t bank, uint32_t row, uint32_t way);
const uint8_t *ca_data_q(const cache_array_t *a, uint32_t bank);
void ca_data_write(cache_array_t *a, uint32_t bank, uint32_t row, uint32_t way, const uint8_t *d,
                   uint64_t be);
void ca_dmask_read(cache_array_t *a, uint32_t bank, uint32_t row, uint32_t way);
uint64_t ca_dmask_q(const cache_array_t *a, uint32_t bank);
void ca_dmask_write(cache_array_t *a, uint32_t bank, uint32_t row, uint32_t way, uint64_t m);

/* The edge for every cell touched this cycle; oe: the tagst/rr output registers' enable
 * (§4.3: 0 exactly in the walker's fz cycles; no effect when O = 0). A tagst write landing
 * at this edge clears the tag watch (ca_set_tag_watch). */
void ca_clock(cache_array_t *a, int oe);
/* Activity flag: every access (read or write issue) of a cell of a also ORs bit into *word,
 * so an owner can skip ca_clock() for an array without access in the cycle (with O = 0 that
 * edge changes nothing; with O = 1 the array must be clocked at every edge). */
void ca_set_activity(cache_array_t *a, uint32_t *word, uint32_t bit);
/* Tag watch: every change of the tagst contents (a tagst write landing in ca_clock(), a
 * ca_poke()) sets *word to 0, so an owner can keep answers of ca_peek_valid() while *word
 * stays non-zero (cc.c's memo of the debug peek). NULL: none (the default). */
void ca_set_tag_watch(cache_array_t *a, uint32_t *word);
/* Backdoor: is line valid in this array (peek, no effect on state). */
int ca_peek_valid(const cache_array_t *a, uint32_t line);
/* Test backdoor: install line in way with tagst bits, data (NULL: unchanged), dmask (L2). */
void ca_poke(cache_array_t *a, uint32_t line, uint32_t way, uint32_t bits, const uint8_t *data,
             uint64_t dmask);

#endif

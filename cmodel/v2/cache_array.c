/* cache_array model: ARCHITECTURE_v2.md §4.3, §6.1. */
#include "cache_array.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cache_array {
  uint32_t sets, ways, lanes, rows, set_bits, lane_bits, is_l2;
  int oreg;  /* O: the tagst and rr cells have an output register */
  int oacc;  /* O = 1: a tagst/rr cell was accessed this cycle */
  int oread; /* O = 1: a tagst/rr cell was read this cycle */
  int opend; /* O = 1: some tagst/rr read register may differ from its output register */
  sram_t **tagst; /* [bank * ways + way] */
  const uint32_t **tagmem; /* backdoor views of the tagst cells (debug peek) */
  sram_t **rr;    /* [bank], NULL cells when ways == 1 */
  sram_t **data;  /* [bank] */
  sram_t **dmask; /* [bank], L2 only */
  sram_t **touched;
  uint32_t ntouched, maxtouched;
  const uint8_t **tagq; /* [bank * ways + way]: the tagst cells' rdata registers (4 bytes) */
  const uint8_t **rrq;  /* [bank]: the rr cells' rdata registers, NULL when ways == 1 */
  int twrite;           /* a tagst cell was written this cycle (ca_clock: tag watch) */
  uint32_t *act, actbit; /* ca_set_activity */
  uint32_t *tag_watch;   /* ca_set_tag_watch: cleared when the tagst contents change */
};

static uint32_t load32(const uint8_t *p) {
  uint32_t v;
  memcpy(&v, p, 4);
  return v;
}

static unsigned log2u(uint32_t v) {
  unsigned b = 0;
  while ((1u << b) < v) b++;
  return b;
}

/* tagst/rr cells with OutReg are clocked by ca_clock() as a whole, not through the list */
static void touch(cache_array_t *a, sram_t *s, int first) {
  if (a->act) *a->act |= a->actbit;
  if (sram_outreg(s)) a->oacc = 1;
  else if (first) a->touched[a->ntouched++] = s;
}

cache_array_t *ca_new(const char *name, uint32_t sets, uint32_t ways, uint32_t lanes, int is_l2,
                      int tag_oreg, rinv_err_t *err) {
  cache_array_t *a = calloc(1, sizeof *a);
  if (!a) return NULL;
  a->sets = sets;
  a->ways = ways;
  a->lanes = lanes;
  a->rows = sets / lanes;
  a->set_bits = log2u(sets);
  a->lane_bits = log2u(lanes);
  a->is_l2 = (uint32_t)is_l2;
  a->oreg = tag_oreg != 0;
  a->tagst = calloc((size_t)lanes * ways, sizeof *a->tagst);
  a->tagmem = calloc((size_t)lanes * ways, sizeof *a->tagmem);
  a->rr = calloc(lanes, sizeof *a->rr);
  a->data = calloc(lanes, sizeof *a->data);
  a->dmask = calloc(lanes, sizeof *a->dmask);
  a->maxtouched = lanes * (ways + 3u);
  a->touched = calloc(a->maxtouched, sizeof *a->touched);
  a->tagq = calloc((size_t)lanes * ways, sizeof *a->tagq);
  a->rrq = calloc(lanes, sizeof *a->rrq);
  if (!a->tagst || !a->tagmem || !a->rr || !a->data || !a->dmask || !a->touched || !a->tagq ||
      !a->rrq) {
    ca_free(a);
    return NULL;
  }
  char n[64];
  int bad = 0;
  for (uint32_t b = 0; b < lanes; b++) {
    for (uint32_t w = 0; w < ways; w++) {
      snprintf(n, sizeof n, "%s.tagst[b%u][w%u]", name, b, w);
      bad |= !(a->tagst[b * ways + w] = sram_new_outreg(n, a->rows, 4, a->oreg, err));
      if (a->tagst[b * ways + w]) {
        a->tagmem[b * ways + w] = sram_words32(a->tagst[b * ways + w]);
        a->tagq[b * ways + w] = sram_rdata_reg(a->tagst[b * ways + w]);
      }
    }
    if (ways > 1) {
      snprintf(n, sizeof n, "%s.rr[b%u]", name, b);
      bad |= !(a->rr[b] = sram_new_outreg(n, a->rows, 4, a->oreg, err));
      if (a->rr[b]) a->rrq[b] = sram_rdata_reg(a->rr[b]);
    }
    snprintf(n, sizeof n, "%s.data[b%u]", name, b);
    bad |= !(a->data[b] = sram_new(n, a->rows * ways, 64, err));
    if (is_l2) {
      snprintf(n, sizeof n, "%s.dmask[b%u]", name, b);
      bad |= !(a->dmask[b] = sram_new(n, a->rows * ways, 8, err));
    }
  }
  if (bad) {
    ca_free(a);
    return NULL;
  }
  return a;
}

void ca_free(cache_array_t *a) {
  if (!a) return;
  for (uint32_t b = 0; b < a->lanes; b++) {
    if (a->tagst)
      for (uint32_t w = 0; w < a->ways; w++) sram_free(a->tagst[b * a->ways + w]);
    if (a->rr) sram_free(a->rr[b]);
    if (a->data) sram_free(a->data[b]);
    if (a->dmask) sram_free(a->dmask[b]);
  }
  free(a->tagst);
  free(a->tagmem);
  free(a->rr);
  free(a->data);
  free(a->dmask);
  free(a->touched);
  free(a->tagq);
  free(a->rrq);
  free(a);
}

void ca_set_activity(cache_array_t *a, uint32_t *word, uint32_t bit) {
  a->act = word;
  a->actbit = bit;
}

void ca_set_tag_watch(cache_array_t *a, uint32_t *word) { a->tag_watch = word; }

uint32_t ca_sets(const cache_array_t *a) { return a->sets; }
uint32_t ca_ways(const cache_array_t *a) { return a->ways; }
uint32_t ca_rows(const cache_array_t *a) { return a->rows; }
uint32_t ca_bank(const cache_array_t *a, uint32_t line) { return line & (a->lanes - 1u); }
uint32_t ca_row(const cache_array_t *a, uint32_t line) { return (line >> a->lane_bits) & (a->rows - 1u); }
uint32_t ca_tag(const cache_array_t *a, uint32_t line) { return line >> a->set_bits; }
uint32_t ca_line(const cache_array_t *a, uint32_t tag, uint32_t bank, uint32_t row) {
  return (tag << a->set_bits) | (row << a->lane_bits) | bank;
}

void ca_tag_read(cache_array_t *a, uint32_t bank, uint32_t row, int with_rr) {
  /* touch() of every way in one call: an OutReg cell is not listed (oacc), others are listed
   * when first accessed */
  if (a->act) *a->act |= a->actbit;
  if (a->oreg) {
    sram_read_each(&a->tagst[bank * a->ways], a->ways, row, NULL);
    a->oacc = 1;
  } else {
    a->ntouched += sram_read_each(&a->tagst[bank * a->ways], a->ways, row,
                                  &a->touched[a->ntouched]);
  }
  if (with_rr && a->rr[bank]) touch(a, a->rr[bank], sram_read(a->rr[bank], row));
  a->oread = a->oreg;
}

uint32_t ca_tag_q(const cache_array_t *a, uint32_t bank, uint32_t way) {
  return load32(a->tagq[bank * a->ways + way]);
}

void ca_tag_q_all(const cache_array_t *a, uint32_t bank, uint32_t *words) {
  const uint8_t *const *q = &a->tagq[bank * a->ways];
  for (uint32_t w = 0; w < a->ways; w++) words[w] = load32(q[w]);
}

uint32_t ca_rr_q(const cache_array_t *a, uint32_t bank) {
  return a->rrq[bank] ? load32(a->rrq[bank]) : 0u;
}

void ca_tag_write(cache_array_t *a, uint32_t bank, uint32_t row, uint32_t way, uint32_t word) {
  sram_t *s = a->tagst[bank * a->ways + way];
  a->twrite = 1;
  touch(a, s, sram_write(s, row, &word, ~0ull));
}

void ca_rr_write(cache_array_t *a, uint32_t bank, uint32_t row, uint32_t val) {
  if (!a->rr[bank]) return; /* omitted cell (one way) */
  touch(a, a->rr[bank], sram_write(a->rr[bank], row, &val, ~0ull));
}

void ca_data_read(cache_array_t *a, uint32_t bank, uint32_t row, uint32_t way) {
  touch(a, a->data[bank], sram_read(a->data[bank], row * a->ways + way));
}

const uint8_t *ca_data_q(const cache_array_t *a, uint32_t bank) { return sram_rdata(a->data[bank]); }

void ca_data_write(cache_array_t *a, uint32_t bank, uint32_t row, uint32_t way, const uint8_t *d,
                   uint64_t be) {
  touch(a, a->data[bank], sram_write(a->data[bank], row * a->ways + way, d, be));
}

void ca_dmask_read(cache_array_t *a, uint32_t bank, uint32_t row, uint32_t way) {
  touch(a, a->dmask[bank], sram_read(a->dmask[bank], row * a->ways + way));
}

uint64_t ca_dmask_q(const cache_array_t *a, uint32_t bank) { return sram_rdata_u64(a->dmask[bank]); }

void ca_dmask_write(cache_array_t *a, uint32_t bank, uint32_t row, uint32_t way, uint64_t m) {
  touch(a, a->dmask[bank], sram_write(a->dmask[bank], row * a->ways + way, &m, ~0ull));
}

void ca_clock(cache_array_t *a, int oe) {
  if (a->twrite && a->tag_watch) *a->tag_watch = 0; /* the write lands at this edge */
  a->twrite = 0;
  sram_clock_each(a->touched, a->ntouched, 1);
  a->ntouched = 0;
  /* O = 1: every tagst/rr cell sees the edge (the output registers load at every edge with
   * oe = 1); skipped when no cell was accessed and every output register already equals its
   * read register (the edge would change nothing) */
  if (!a->oreg || (!a->oacc && !a->opend)) return;
  for (uint32_t b = 0; b < a->lanes; b++) {
    sram_clock_each(&a->tagst[b * a->ways], a->ways, oe);
    if (a->rr[b]) sram_clock_oe(a->rr[b], oe);
  }
  a->opend = a->oread || (a->opend && !oe);
  a->oacc = a->oread = 0;
}

int ca_peek_valid(const cache_array_t *a, uint32_t line) {
  uint32_t b = ca_bank(a, line), row = ca_row(a, line), tag = ca_tag(a, line);
  uint32_t key = TS_MAKE(tag, TS_VALID);
  const uint32_t **m = &a->tagmem[b * a->ways];
  for (uint32_t w = 0; w < a->ways; w++) {
    if ((m[w][row] & ~(TS_DIRTY | TS_REC)) == key) return 1;
  }
  return 0;
}

void ca_poke(cache_array_t *a, uint32_t line, uint32_t way, uint32_t bits, const uint8_t *data,
             uint64_t dmask) {
  uint32_t b = ca_bank(a, line), row = ca_row(a, line);
  uint32_t w = TS_MAKE(ca_tag(a, line), bits);
  sram_poke(a->tagst[b * a->ways + way], row, &w);
  if (a->tag_watch) *a->tag_watch = 0;
  if (data) sram_poke(a->data[b], row * a->ways + way, data);
  if (a->dmask[b]) sram_poke(a->dmask[b], row * a->ways + way, &dmask);
}

/* cc_regs model: ARCHITECTURE_v2.md §6.6, §8. */
#include "cc_regs.h"

#include <stdlib.h>

#include "rinv_regs.h"

struct cc_regs {
  unsigned side;
  uint32_t hist_en, tag_lookups;
};

cc_regs_t *cc_regs_new(unsigned side) {
  cc_regs_t *r = calloc(1, sizeof *r);
  if (r) r->side = side;
  return r;
}

void cc_regs_free(cc_regs_t *r) { free(r); }
void cc_regs_reset(cc_regs_t *r) { r->hist_en = r->tag_lookups = 0; }
uint32_t cc_regs_hist_en(const cc_regs_t *r) { return r->hist_en; }
uint32_t cc_regs_tag_lookups(const cc_regs_t *r) { return r->tag_lookups; }
void cc_regs_step(cc_regs_t *r, uint32_t lookups_add) { r->tag_lookups += lookups_add; }

int cc_regs_read(const cc_regs_t *r, uint32_t off, uint32_t rec_count, uint32_t *value) {
  switch (off) {
    case RINV_CC_HIST_EN_OFFSET: *value = r->hist_en; return 1;
    case RINV_CC_REC_COUNT_OFFSET: *value = rec_count; return 1;
    case RINV_CC_TAG_LOOKUPS_OFFSET: *value = r->tag_lookups; return 1;
    default: *value = 0; return 0;
  }
}

int cc_regs_write_ok(const cc_regs_t *r, uint32_t off, uint32_t value, unsigned req_side) {
  return off == RINV_CC_HIST_EN_OFFSET && value <= 1u && req_side == r->side;
}

void cc_regs_write(cc_regs_t *r, uint32_t off, uint32_t value) {
  if (off == RINV_CC_HIST_EN_OFFSET) r->hist_en = value & RINV_CC_HIST_EN_EN_MASK;
}

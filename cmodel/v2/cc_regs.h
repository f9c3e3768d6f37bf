/* cc_regs (ARCHITECTURE_v2.md §6.6): HIST_EN, REC_COUNT, TAG_LOOKUPS of one side. */
#ifndef RINV_V2_CC_REGS_H
#define RINV_V2_CC_REGS_H

#include <stdint.h>

typedef struct cc_regs cc_regs_t;

cc_regs_t *cc_regs_new(unsigned side);
void cc_regs_free(cc_regs_t *r);
void cc_regs_reset(cc_regs_t *r);
uint32_t cc_regs_hist_en(const cc_regs_t *r);
uint32_t cc_regs_tag_lookups(const cc_regs_t *r);
/* the edge: tag lookups added by the walker's SM stage this cycle */
void cc_regs_step(cc_regs_t *r, uint32_t lookups_add);
int cc_regs_read(const cc_regs_t *r, uint32_t off, uint32_t rec_count, uint32_t *value);
int cc_regs_write_ok(const cc_regs_t *r, uint32_t off, uint32_t value, unsigned req_side);
void cc_regs_write(cc_regs_t *r, uint32_t off, uint32_t value);

#endif

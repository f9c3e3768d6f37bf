/* dir_regs (ARCHITECTURE_v2.md §7.5, §8): LOCK, MODE, STATUS, INV_START, HIST_RX and the
 * flags hist_busy, hist_go, hist_done, ovf, last INV_START id. */
#ifndef RINV_V2_DIR_REGS_H
#define RINV_V2_DIR_REGS_H

#include <stdint.h>

#include "rinv_regs.h"

/* offsets in the directory window: common/rinv_regs.h, generated from regs/rinv.rdl */
enum { REG_LOCK = RINV_DIR_LOCK_OFFSET, REG_MODE = RINV_DIR_MODE_OFFSET,
       REG_STATUS = RINV_DIR_STATUS_OFFSET, REG_ERR_COUNT = RINV_DIR_ERR_COUNT_OFFSET,
       REG_COUNTERS = RINV_DIR_CNT_OFFSET, REG_INV_START = RINV_DIR_INV_START_OFFSET,
       REG_HIST_RX = RINV_DIR_HIST_RX_OFFSET };
#define DIR_N_COUNTERS RINV_DIR_CNT_COUNT

typedef struct dir_regs {
  uint32_t owner, mode, walk, last_id;
  uint32_t hist_busy[2], hist_go[2], hist_done[2], ovf[2];
} dir_regs_t;

/* What the rules need besides the registers (values before the edge). */
typedef struct dir_regs_view {
  uint32_t inv_busy, inv_done;
  int hist_nonempty[2];
} dir_regs_view_t;

void dir_regs_reset(dir_regs_t *r);
uint32_t dir_regs_status(const dir_regs_t *r, const dir_regs_view_t *v);
int dir_regs_write_ok(const dir_regs_t *r, const dir_regs_view_t *v, uint32_t off, uint32_t val,
                      unsigned side);

#endif

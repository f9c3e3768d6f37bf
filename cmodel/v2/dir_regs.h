/* dir_regs (ARCHITECTURE_v2.md §7.5, §8): LOCK, MODE, STATUS, INV_START, HIST_RX and the
 * flags hist_busy, hist_go, hist_done, ovf, last INV_START id. */
#ifndef RINV_V2_DIR_REGS_H
#define RINV_V2_DIR_REGS_H

#include <stdint.h>

enum { REG_LOCK = 0x0000, REG_MODE = 0x1000, REG_STATUS = 0x2000, REG_ERR_COUNT = 0x3000,
       REG_COUNTERS = 0x4000, REG_INV_START = 0x5000, REG_HIST_RX = 0x6000 };
#define DIR_N_COUNTERS 11u

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

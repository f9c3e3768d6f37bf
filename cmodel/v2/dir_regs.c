/* dir_regs model: the rules of ARCHITECTURE_v2.md §8 (v1 unchanged, MODE also rejected while
 * a range table is not in RIdle). The writes themselves are applied by dir.c. */
#include "dir_regs.h"

#include <string.h>

void dir_regs_reset(dir_regs_t *r) {
  memset(r, 0, sizeof *r);
  r->mode = 1; /* run */
  r->walk = 0; /* addr */
}

uint32_t dir_regs_status(const dir_regs_t *r, const dir_regs_view_t *v) {
  return v->inv_busy | (v->inv_done << 1) | (r->hist_busy[0] << 2) | (r->hist_busy[1] << 3) |
         ((r->last_id & 3u) << 4) | (r->ovf[0] << 6) | (r->ovf[1] << 7) | ((r->owner & 3u) << 8);
}

int dir_regs_write_ok(const dir_regs_t *r, const dir_regs_view_t *v, uint32_t off, uint32_t val,
                      unsigned side) {
  uint32_t id = side + 1u;
  switch (off) {
    case REG_LOCK:
      if (val > 2u) return 0;
      if (val != 0u) return val == id;
      return r->owner == id && !v->inv_busy && !r->hist_busy[side];
    case REG_MODE:
      if (val & ~0xFu) return 0;
      if ((val & 3u) == 3u || ((val >> 2) & 3u) == 3u) return 0;
      if (v->inv_busy || r->hist_busy[0] || r->hist_busy[1]) return 0;
      for (unsigned s = 0; s < 2; s++) {
        if (v->hist_nonempty[s] || r->ovf[s]) return 0;
      }
      return 1;
    case REG_INV_START:
    case REG_HIST_RX:
      return (val == 1u || val == 2u) && val == id && r->owner == id && !v->inv_busy &&
             !r->hist_busy[side];
    default:
      return 0;
  }
}

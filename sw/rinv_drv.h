/* Driver for the range-invalidation subsystem's MMIO registers (docs/ARCHITECTURE.md §6, §7).
 *
 * Plain blocking C over an abstract MMIO transport, so the same code runs inside the
 * simulation harness (coroutines over the AXI4-Lite master) and in a host tool (over the
 * UART bridge). No global state. */
#ifndef RINV_DRV_H
#define RINV_DRV_H

#include <stdint.h>

#include "rinv_regs.h"

/* Sides and their register ids (id = side + 1). */
#define RINV_SIDE_CPU 0u
#define RINV_SIDE_GPU 1u
#define RINV_ID(side) ((uint32_t)(side) + 1u)

/* Directory window: absolute addresses. Offsets, fields and counter indices come from
 * common/rinv_regs.h, generated from regs/rinv.rdl (docs/REGISTERS.md). */
#define RINV_REG_LOCK       (RINV_DIR_BASE + RINV_DIR_LOCK_OFFSET)
#define RINV_REG_MODE       (RINV_DIR_BASE + RINV_DIR_MODE_OFFSET)
#define RINV_REG_STATUS     (RINV_DIR_BASE + RINV_DIR_STATUS_OFFSET)
#define RINV_REG_ERR_COUNT  (RINV_DIR_BASE + RINV_DIR_ERR_COUNT_OFFSET)
#define RINV_REG_CNT_BASE   (RINV_DIR_BASE + RINV_DIR_CNT_OFFSET) /* + 4*k, see RINV_CNT_* */
#define RINV_REG_INV_START  (RINV_DIR_BASE + RINV_DIR_INV_START_OFFSET)
#define RINV_REG_HIST_RX    (RINV_DIR_BASE + RINV_DIR_HIST_RX_OFFSET)

/* Counter indices (register RINV_REG_CNT(k)). */
#define RINV_CNT_PROBES          RINV_DIR_CNT_PROBES_IDX
#define RINV_CNT_PROBE_LINES     RINV_DIR_CNT_PROBE_LINES_IDX
#define RINV_CNT_INV_HITS        RINV_DIR_CNT_INV_HITS_IDX
#define RINV_CNT_OVER_INV        RINV_DIR_CNT_OVER_INV_IDX
#define RINV_CNT_HIST_ENTRIES    RINV_DIR_CNT_HIST_ENTRIES_IDX
#define RINV_CNT_HIST_OVERFLOWS  RINV_DIR_CNT_HIST_OVERFLOWS_IDX
#define RINV_CNT_INV_CYCLES      RINV_DIR_CNT_INV_CYCLES_IDX
#define RINV_CNT_INV_CYCLES_LAST RINV_DIR_CNT_INV_CYCLES_LAST_IDX
#define RINV_CNT_RELEASES        RINV_DIR_CNT_RELEASES_IDX
#define RINV_CNT_HIST_COUNT_CPU  RINV_DIR_CNT_HIST_COUNT_CPU_IDX
#define RINV_CNT_HIST_COUNT_GPU  RINV_DIR_CNT_HIST_COUNT_GPU_IDX
#define RINV_N_CNT               RINV_DIR_CNT_COUNT
#define RINV_REG_CNT(k) (RINV_REG_CNT_BASE + 4u * (uint32_t)(k))

/* Cache-controller windows (one per side). */
#define RINV_CC_BASE(side)  ((side) == RINV_SIDE_CPU ? RINV_CPU_CC_BASE : RINV_GPU_CC_BASE)
#define RINV_CC_HIST_EN     RINV_CC_HIST_EN_OFFSET
#define RINV_CC_REC_COUNT   RINV_CC_REC_COUNT_OFFSET
#define RINV_CC_TAG_LOOKUPS RINV_CC_TAG_LOOKUPS_OFFSET
#define RINV_REG_HIST_EN(side)     (RINV_CC_BASE(side) + RINV_CC_HIST_EN)
#define RINV_REG_REC_COUNT(side)   (RINV_CC_BASE(side) + RINV_CC_REC_COUNT)
#define RINV_REG_TAG_LOOKUPS(side) (RINV_CC_BASE(side) + RINV_CC_TAG_LOOKUPS)

/* STATUS fields. */
#define RINV_ST_INV_BUSY       RINV_DIR_STATUS_INV_BUSY_MASK
#define RINV_ST_INV_DONE       RINV_DIR_STATUS_INV_DONE_MASK
#define RINV_ST_HIST_BUSY(s)   (1u << (RINV_DIR_STATUS_HIST_BUSY_SHIFT + (unsigned)(s)))
#define RINV_ST_LAST_ID(v) \
  (((v) & RINV_DIR_STATUS_LAST_ID_MASK) >> RINV_DIR_STATUS_LAST_ID_SHIFT)
#define RINV_ST_OVF(s)         (1u << (RINV_DIR_STATUS_OVF_SHIFT + (unsigned)(s)))
#define RINV_ST_OWNER(v)       (((v) & RINV_DIR_STATUS_OWNER_MASK) >> RINV_DIR_STATUS_OWNER_SHIFT)

/* MODE fields. */
#define RINV_MODE_LINE  0u
#define RINV_MODE_RUN   1u
#define RINV_MODE_MERGE 2u
#define RINV_WALK_ADDR  0u
#define RINV_WALK_SET   1u
#define RINV_WALK_AUTO  2u
#define RINV_MODE_VALUE(mode, walk) \
  (((uint32_t)(walk) << RINV_DIR_MODE_WALK_SHIFT) | ((uint32_t)(mode) << RINV_DIR_MODE_MODE_SHIFT))

/* Transport result codes (returned by the mmio callbacks and the helpers below). */
#define RINV_OK          0
#define RINV_E_SLVERR    1   /* the slave answered SLVERR */
#define RINV_E_TIMEOUT  (-100) /* a poll loop exceeded max_polls */
/* any other negative value: transport error, passed through */

/* Abstract blocking MMIO transport. side = requesting side (AxUSER). */
typedef struct rinv_mmio {
  void *ctx;
  int (*write)(void *ctx, unsigned side, uint32_t addr, uint32_t data);
  int (*read)(void *ctx, unsigned side, uint32_t addr, uint32_t *data);
  unsigned max_polls; /* 0 = poll forever */
} rinv_mmio_t;

int rinv_reg_write(const rinv_mmio_t *m, unsigned side, uint32_t addr, uint32_t data);
int rinv_reg_read(const rinv_mmio_t *m, unsigned side, uint32_t addr, uint32_t *data);

/* acquire: repeat { LOCK = id; read LOCK } until it reads id; HIST_EN = 1. */
int rinv_acquire(const rinv_mmio_t *m, unsigned side);
/* release: HIST_EN = 0; HIST_RX = id; poll STATUS until !hist_busy[side];
 * INV_START = id; poll STATUS until !inv_busy; LOCK = 0. */
int rinv_release(const rinv_mmio_t *m, unsigned side);
/* MODE = (walk << 2) | mode, written as `side`. */
int rinv_set_mode(const rinv_mmio_t *m, unsigned side, unsigned mode, unsigned walk);
/* Reads STATUS. */
int rinv_status(const rinv_mmio_t *m, unsigned side, uint32_t *status);

/* Names for messages: "ok", "SLVERR", "timeout", "transport error". */
const char *rinv_strerror(int rc);

#endif

/* AXI4-Lite slave `axil_regbus` (ARCHITECTURE_v2.md §5.2, §8; unchanged from v1): one transaction at a time,
 * turned into one single-cycle register access decoded to the directory or a cache
 * controller window.
 *
 * Per cycle: regbus_eval() after every other block's evaluation (it samples register values
 * before the edge), then regbus_step() after dir_step() and cc_step() (register writes take
 * effect at the edge on top of the blocks' own updates). */
#ifndef RINV_REGBUS_H
#define RINV_REGBUS_H

#include <stdint.h>

#include "cc.h"
#include "dir.h"
#include "rinv_io.h"

typedef struct regbus regbus_t;

#define AXI_RESP_OKAY 0u
#define AXI_RESP_SLVERR 2u

/* Which block a register address belongs to. */
typedef enum regbus_window { WIN_NONE, WIN_DIR, WIN_CC0, WIN_CC1 } regbus_window_t;

typedef struct regbus_io {
  /* state-only outputs */
  uint32_t bvalid, bresp, rvalid, rdata, rresp;
  /* Mealy outputs */
  uint32_t awready, wready, arready;
  /* B/R handshakes of this cycle */
  uint32_t b_done, r_done;
  /* the register access of this cycle (if any) */
  int access;  /* 0 none, 1 write, 2 read */
  int accepted;
  regbus_window_t window;
  uint32_t offset, wvalue, side, read_value;
} regbus_io_t;

regbus_t *regbus_new(void);
void regbus_free(regbus_t *rb);
void regbus_reset(regbus_t *rb);

/* Decodes a byte address to its window and offset in it (WIN_NONE if unmapped). */
regbus_window_t regbus_decode(uint32_t addr, uint32_t *offset);

void regbus_eval(const regbus_t *rb, const rinv_in_t *in, const dir_t *dir, cc_t *const cc[2],
                 regbus_io_t *io);
void regbus_step(regbus_t *rb, const regbus_io_t *io, dir_t *dir, cc_t *const cc[2]);

#endif

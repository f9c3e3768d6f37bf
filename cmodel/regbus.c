/* AXI4-Lite register bus: ARCHITECTURE.md §3.2 and the access rules of §6. */
#include "regbus.h"

#include <stdlib.h>

#include "rinv_regs.h"

enum rb_state { RB_IDLE, RB_WR_RESP, RB_RD_RESP };

struct regbus {
  enum rb_state state;
  uint32_t bresp, rdata, rresp; /* registered, stable while valid */
};

regbus_t *regbus_new(void) {
  regbus_t *rb = calloc(1, sizeof *rb);
  if (rb) regbus_reset(rb);
  return rb;
}

void regbus_free(regbus_t *rb) { free(rb); }

void regbus_reset(regbus_t *rb) {
  rb->state = RB_IDLE;
  rb->bresp = rb->rdata = rb->rresp = 0;
}

regbus_window_t regbus_decode(uint32_t addr, uint32_t *offset) {
  *offset = 0;
  if (addr >= RINV_DIR_BASE && addr - RINV_DIR_BASE < RINV_DIR_WINDOW) {
    *offset = addr - RINV_DIR_BASE;
    return WIN_DIR;
  }
  if (addr >= RINV_CPU_CC_BASE && addr - RINV_CPU_CC_BASE < RINV_CC_WINDOW) {
    *offset = addr - RINV_CPU_CC_BASE;
    return WIN_CC0;
  }
  if (addr >= RINV_GPU_CC_BASE && addr - RINV_GPU_CC_BASE < RINV_CC_WINDOW) {
    *offset = addr - RINV_GPU_CC_BASE;
    return WIN_CC1;
  }
  return WIN_NONE;
}

/* Register read: 1 and the value if mapped and aligned. */
static int reg_read(const dir_t *dir, cc_t *const cc[2], regbus_window_t win, uint32_t off,
                    uint32_t addr, uint32_t *value) {
  *value = 0;
  if (addr & 3u) return 0;
  switch (win) {
    case WIN_DIR: return dir_reg_read(dir, off, value);
    case WIN_CC0: return cc_reg_read(cc[0], off, value);
    case WIN_CC1: return cc_reg_read(cc[1], off, value);
    default: return 0;
  }
}

static int reg_write_ok(const dir_t *dir, cc_t *const cc[2], regbus_window_t win, uint32_t off,
                        uint32_t addr, uint32_t strb, uint32_t value, unsigned side) {
  if ((addr & 3u) || (strb & 0xFu) != 0xFu) return 0;
  switch (win) {
    case WIN_DIR: return dir_reg_write_ok(dir, off, value, side);
    case WIN_CC0: return cc_reg_write_ok(cc[0], off, value, side);
    case WIN_CC1: return cc_reg_write_ok(cc[1], off, value, side);
    default: return 0;
  }
}

void regbus_eval(const regbus_t *rb, const rinv_in_t *in, const dir_t *dir, cc_t *const cc[2],
                 regbus_io_t *io) {
  io->bvalid = (rb->state == RB_WR_RESP);
  io->bresp = io->bvalid ? rb->bresp : 0u;
  io->rvalid = (rb->state == RB_RD_RESP);
  io->rdata = io->rvalid ? rb->rdata : 0u;
  io->rresp = io->rvalid ? rb->rresp : 0u;
  io->awready = io->wready = io->arready = 0;
  io->access = 0;
  io->accepted = 0;
  io->window = WIN_NONE;
  io->offset = io->wvalue = io->side = io->read_value = 0;
  io->b_done = io->bvalid && (in->axi_bready & 1u);
  io->r_done = io->rvalid && (in->axi_rready & 1u);
  if (rb->state != RB_IDLE) return;

  if ((in->axi_awvalid & 1u) && (in->axi_wvalid & 1u)) {
    /* Writes win when both are possible. */
    io->awready = io->wready = 1;
    io->access = 1;
    io->side = in->axi_awuser & 1u;
    io->wvalue = in->axi_wdata;
    io->window = regbus_decode(in->axi_awaddr, &io->offset);
    io->accepted = reg_write_ok(dir, cc, io->window, io->offset, in->axi_awaddr, in->axi_wstrb,
                                io->wvalue, io->side);
  } else if (in->axi_arvalid & 1u) {
    io->arready = 1;
    io->access = 2;
    io->side = in->axi_aruser & 1u;
    io->window = regbus_decode(in->axi_araddr, &io->offset);
    io->accepted = reg_read(dir, cc, io->window, io->offset, in->axi_araddr, &io->read_value);
  }
}

void regbus_step(regbus_t *rb, const regbus_io_t *io, dir_t *dir, cc_t *const cc[2]) {
  switch (rb->state) {
    case RB_IDLE:
      if (io->access == 1) {
        if (io->accepted) {
          if (io->window == WIN_DIR) dir_reg_write(dir, io->offset, io->wvalue, io->side);
          else cc_reg_write(cc[io->window == WIN_CC1], io->offset, io->wvalue);
        } else {
          dir_count_error(dir);
        }
        rb->bresp = io->accepted ? AXI_RESP_OKAY : AXI_RESP_SLVERR;
        rb->state = RB_WR_RESP;
      } else if (io->access == 2) {
        if (!io->accepted) dir_count_error(dir);
        rb->rdata = io->accepted ? io->read_value : 0u; /* a rejected read returns 0 */
        rb->rresp = io->accepted ? AXI_RESP_OKAY : AXI_RESP_SLVERR;
        rb->state = RB_RD_RESP;
      }
      break;
    case RB_WR_RESP:
      if (io->b_done) rb->state = RB_IDLE;
      break;
    case RB_RD_RESP:
      if (io->r_done) rb->state = RB_IDLE;
      break;
  }
}

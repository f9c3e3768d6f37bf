/* Driver for the range-invalidation subsystem (see rinv_drv.h). */
#include "rinv_drv.h"

int rinv_reg_write(const rinv_mmio_t *m, unsigned side, uint32_t addr, uint32_t data) {
  return m->write(m->ctx, side, addr, data);
}

int rinv_reg_read(const rinv_mmio_t *m, unsigned side, uint32_t addr, uint32_t *data) {
  return m->read(m->ctx, side, addr, data);
}

int rinv_status(const rinv_mmio_t *m, unsigned side, uint32_t *status) {
  return rinv_reg_read(m, side, RINV_REG_STATUS, status);
}

/* Polls STATUS until (STATUS & mask) == 0. */
static int poll_clear(const rinv_mmio_t *m, unsigned side, uint32_t mask) {
  for (unsigned n = 0; m->max_polls == 0 || n < m->max_polls; n++) {
    uint32_t st = 0;
    int rc = rinv_status(m, side, &st);
    if (rc != RINV_OK) return rc;
    if ((st & mask) == 0) return RINV_OK;
  }
  return RINV_E_TIMEOUT;
}

int rinv_acquire(const rinv_mmio_t *m, unsigned side) {
  const uint32_t id = RINV_ID(side);
  for (unsigned n = 0;; n++) {
    if (m->max_polls != 0 && n >= m->max_polls) return RINV_E_TIMEOUT;
    int rc = rinv_reg_write(m, side, RINV_REG_LOCK, id);
    if (rc != RINV_OK) return rc;
    uint32_t owner = 0;
    rc = rinv_reg_read(m, side, RINV_REG_LOCK, &owner);
    if (rc != RINV_OK) return rc;
    if (owner == id) break;
  }
  return rinv_reg_write(m, side, RINV_REG_HIST_EN(side), 1u);
}

int rinv_release(const rinv_mmio_t *m, unsigned side) {
  const uint32_t id = RINV_ID(side);
  int rc = rinv_reg_write(m, side, RINV_REG_HIST_EN(side), 0u);
  if (rc != RINV_OK) return rc;
  rc = rinv_reg_write(m, side, RINV_REG_HIST_RX, id);
  if (rc != RINV_OK) return rc;
  rc = poll_clear(m, side, RINV_ST_HIST_BUSY(side));
  if (rc != RINV_OK) return rc;
  rc = rinv_reg_write(m, side, RINV_REG_INV_START, id);
  if (rc != RINV_OK) return rc;
  rc = poll_clear(m, side, RINV_ST_INV_BUSY);
  if (rc != RINV_OK) return rc;
  return rinv_reg_write(m, side, RINV_REG_LOCK, 0u);
}

int rinv_set_mode(const rinv_mmio_t *m, unsigned side, unsigned mode, unsigned walk) {
  return rinv_reg_write(m, side, RINV_REG_MODE, RINV_MODE_VALUE(mode, walk));
}

const char *rinv_strerror(int rc) {
  if (rc == RINV_OK) return "ok";
  if (rc == RINV_E_SLVERR) return "SLVERR";
  if (rc == RINV_E_TIMEOUT) return "timeout";
  return "transport error";
}

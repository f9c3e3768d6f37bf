/* dir_memarb model (v1 behaviour, ARCHITECTURE_v2.md §7.1). */
#include "dir_memarb.h"

#include <stdlib.h>
#include <string.h>

enum { M_IDLE, M_REQ, M_WAIT, M_FILL };

struct dir_memarb {
  int st;
  uint32_t grant, last, we, line;
  uint64_t wmask;
  uint8_t wdata[64], rdata[64];
};

dir_memarb_t *dir_memarb_new(void) {
  dir_memarb_t *m = calloc(1, sizeof *m);
  if (m) dir_memarb_reset(m);
  return m;
}

void dir_memarb_free(dir_memarb_t *m) { free(m); }

void dir_memarb_reset(dir_memarb_t *m) {
  memset(m, 0, sizeof *m);
  m->last = 1;
}

void dir_memarb_moore(const dir_memarb_t *m, dir_io_t *io) {
  io->mem_req_valid = m->st == M_REQ;
  io->mem_req_we = io->mem_req_valid ? m->we : 0u;
  io->mem_req_line = io->mem_req_valid ? m->line : 0u;
  io->mem_req_wmask = io->mem_req_valid ? m->wmask : 0u;
  if (!io->mem_req_valid) {
    memset(io->mem_req_wdata, 0, sizeof io->mem_req_wdata);
  } else {
    for (unsigned i = 0; i < 16; i++) {
      const uint8_t *b = &m->wdata[4 * i];
      io->mem_req_wdata[i] = (uint32_t)b[0] | ((uint32_t)b[1] << 8) | ((uint32_t)b[2] << 16) |
                             ((uint32_t)b[3] << 24);
    }
  }
  io->fill_data = m->rdata;
  for (unsigned s = 0; s < 2; s++) io->fill_valid[s] = m->st == M_FILL && m->grant == s;
}

void dir_memarb_mealy(const dir_memarb_t *m, const rinv_in_t *in, dir_io_t *io) {
  io->grant = -1;
  io->req_ready[0] = io->req_ready[1] = 0;
  if (m->st != M_IDLE) return;
  int e0 = io->req_valid[0] && !(in->stall & 1u);
  int e1 = io->req_valid[1] && !((in->stall >> 1) & 1u);
  if (e0 && e1) io->grant = (int)(1u - m->last);
  else if (e0) io->grant = 0;
  else if (e1) io->grant = 1;
  if (io->grant >= 0) io->req_ready[io->grant] = 1;
}

void dir_memarb_step(dir_memarb_t *m, const rinv_in_t *in, const dir_io_t *io) {
  switch (m->st) {
    case M_IDLE:
      if (io->grant >= 0) {
        unsigned g = (unsigned)io->grant;
        m->grant = m->last = g;
        m->we = io->req_we[g];
        m->line = io->req_line[g];
        m->wmask = io->req_wmask[g];
        memcpy(m->wdata, io->req_wdata[g], 64);
        m->st = M_REQ;
      }
      break;
    case M_REQ:
      if (in->mem_req_ready & 1u) m->st = m->we ? M_IDLE : M_WAIT;
      break;
    case M_WAIT:
      if (in->mem_resp_valid & 1u) {
        for (unsigned i = 0; i < 16; i++)
          for (unsigned b = 0; b < 4; b++) m->rdata[4 * i + b] = (uint8_t)(in->mem_resp_rdata[i] >> (8 * b));
        m->st = M_FILL;
      }
      break;
    case M_FILL:
      if (io->fill_ready[m->grant]) m->st = M_IDLE;
      break;
    default:
      break;
  }
}

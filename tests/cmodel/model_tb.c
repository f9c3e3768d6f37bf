/* Test bench of the v1 C model's unit tests: see model_tb.h. */
#include "model_tb.h"

#include <stdlib.h>

#define TIMEOUT 200000u

tb_t *tb_new(const rinv_cfg_t *cfg) {
  tb_t *t = calloc(1, sizeof *t);
  if (!t) return NULL;
  t->cfg = *cfg;
  t->m = rinv_model_new(cfg);
  t->mem = mem_new(cfg->mem_lat);
  t->mem_ready = 1;
  if (!t->m || !t->mem) {
    free(t);
    return NULL;
  }
  return t;
}

void tb_free(tb_t *t) {
  if (!t) return;
  rinv_model_free(t->m);
  mem_free(t->mem);
  free(t);
}

/* One clock cycle with the current inputs; memory response from the sparse memory. */
void tb_cycle(tb_t *t) {
  t->in.mem_req_ready = t->mem_ready;
  mem_drive_in(t->mem, &t->in);
  rinv_model_step(t->m, &t->in, &t->out);
  for (unsigned s = 0; s < 2; s++) {
    if (t->out.probe_valid[s] && t->out.probe_ready[s] && t->n_probes < 256) {
      probe_rec_t *p = &t->probes[t->n_probes++];
      p->cycle = t->cycle;
      p->side = s;
      p->first = t->out.probe_first[s];
      p->n = t->out.probe_nlines[s];
      p->setwalk = t->out.probe_setwalk[s];
    }
  }
  mem_step_out(t->mem, &t->in, &t->out);
  t->cycle++;
}

void tb_run(tb_t *t, unsigned n) {
  for (unsigned i = 0; i < n; i++) tb_cycle(t);
}

/* AXI write; returns bresp or 0xFF on timeout. *accept_cycle = cycle of AW/W handshake. */
uint32_t reg_write_strb(tb_t *t, unsigned side, uint32_t addr, uint32_t data, uint32_t strb,
                        uint64_t *accept_cycle) {
  t->in.axi_awvalid = 1;
  t->in.axi_awaddr = addr;
  t->in.axi_awuser = side;
  t->in.axi_wvalid = 1;
  t->in.axi_wdata = data;
  t->in.axi_wstrb = strb;
  unsigned n = 0;
  for (;; n++) {
    if (n > TIMEOUT) return 0xFF;
    uint64_t c = t->cycle;
    tb_cycle(t);
    if (t->out.axi_awready) {
      if (accept_cycle) *accept_cycle = c;
      break;
    }
  }
  t->in.axi_awvalid = t->in.axi_wvalid = 0;
  t->in.axi_bready = 1;
  uint32_t resp = 0xFF;
  for (n = 0; n < TIMEOUT; n++) {
    tb_cycle(t);
    if (t->out.axi_bvalid) {
      resp = t->out.axi_bresp;
      break;
    }
  }
  t->in.axi_bready = 0;
  return resp;
}

uint32_t reg_write(tb_t *t, unsigned side, uint32_t addr, uint32_t data) {
  return reg_write_strb(t, side, addr, data, 0xF, NULL);
}

/* AXI read; returns rresp (0xFF on timeout) and the data in *value. */
uint32_t reg_read(tb_t *t, unsigned side, uint32_t addr, uint32_t *value) {
  t->in.axi_arvalid = 1;
  t->in.axi_araddr = addr;
  t->in.axi_aruser = side;
  unsigned n = 0;
  for (;; n++) {
    if (n > TIMEOUT) return 0xFF;
    tb_cycle(t);
    if (t->out.axi_arready) break;
  }
  t->in.axi_arvalid = 0;
  t->in.axi_rready = 1;
  uint32_t resp = 0xFF;
  for (n = 0; n < TIMEOUT; n++) {
    tb_cycle(t);
    if (t->out.axi_rvalid) {
      resp = t->out.axi_rresp;
      *value = t->out.axi_rdata;
      break;
    }
  }
  t->in.axi_rready = 0;
  return resp;
}

uint32_t reg_get(tb_t *t, uint32_t addr) {
  uint32_t v = 0xDEADBEEF;
  reg_read(t, 0, addr, &v);
  return v;
}

/* One port access. Returns cycles from the request handshake to the response cycle
 * (-1 on timeout); *rdata gets the response data. */
long port_access(tb_t *t, unsigned p, uint32_t we, uint32_t addr, uint32_t wdata,
                 uint32_t wstrb, uint32_t *rdata) {
  t->in.port_req_valid[p] = 1;
  t->in.port_req_we[p] = we;
  t->in.port_req_addr[p] = addr;
  t->in.port_req_wdata[p] = wdata;
  t->in.port_req_wstrb[p] = wstrb;
  uint64_t accept = 0;
  unsigned n = 0;
  for (;; n++) {
    if (n > TIMEOUT) return -1;
    uint64_t c = t->cycle;
    tb_cycle(t);
    if (t->out.port_req_ready[p]) {
      accept = c;
      break;
    }
  }
  t->in.port_req_valid[p] = 0;
  t->in.port_resp_ready[p] = 1;
  long lat = -1;
  for (n = 0; n < TIMEOUT; n++) {
    uint64_t c = t->cycle;
    tb_cycle(t);
    if (t->out.port_resp_valid[p]) {
      if (rdata) *rdata = t->out.port_resp_rdata[p];
      lat = (long)(c - accept);
      break;
    }
  }
  t->in.port_resp_ready[p] = 0;
  return lat;
}

long port_load(tb_t *t, unsigned p, uint32_t addr, uint32_t *rdata) {
  return port_access(t, p, 0, addr, 0, 0, rdata);
}

long port_store(tb_t *t, unsigned p, uint32_t addr, uint32_t data) {
  return port_access(t, p, 1, addr, data, 0xF, NULL);
}

/* Software sequences of ARCHITECTURE.md §7; return 0 on success. */
int sw_acquire(tb_t *t, unsigned side) {
  uint32_t id = side + 1u, v = 0;
  for (unsigned i = 0; i < 100; i++) {
    if (reg_write(t, side, A_LOCK, id) != OKAY) return -1;
    if (reg_read(t, side, A_LOCK, &v) != OKAY) return -1;
    if (v == id) return reg_write(t, side, A_HIST_EN(side), 1) == OKAY ? 0 : -1;
  }
  return -1;
}

int sw_poll_clear(tb_t *t, unsigned side, uint32_t mask) {
  uint32_t v = 0;
  for (unsigned i = 0; i < TIMEOUT; i++) {
    if (reg_read(t, side, A_STATUS, &v) != OKAY) return -1;
    if (!(v & mask)) return 0;
  }
  return -1;
}

int sw_hist_transfer(tb_t *t, unsigned side) {
  if (reg_write(t, side, A_HIST_EN(side), 0) != OKAY) return -1;
  if (reg_write(t, side, A_HIST_RX, side + 1u) != OKAY) return -2;
  return sw_poll_clear(t, side, 1u << (2u + side)) ? -3 : 0;
}

int sw_release(tb_t *t, unsigned side) {
  int r = sw_hist_transfer(t, side);
  if (r) return r;
  if (reg_write(t, side, A_INV_START, side + 1u) != OKAY) return -4;
  if (sw_poll_clear(t, side, 1u)) return -5;
  return reg_write(t, side, A_LOCK, 0) == OKAY ? 0 : -6;
}

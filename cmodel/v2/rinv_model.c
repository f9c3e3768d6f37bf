/* Top level rinv_top (v2): wires the register bus, the directory and the two cache
 * controllers and evaluates one clock cycle (ARCHITECTURE_v2.md §2 Moore/Mealy: every
 * block's state-only outputs first, then the Mealy ones - dir, cc, regbus - then the
 * edge). */
#include "rinv_model.h"

#include <stdlib.h>
#include <string.h>

#include "cc.h"
#include "dir.h"
#include "regbus.h"
#include "sram.h"

struct rinv_model {
  rinv_cfg_t cfg;
  rinv_err_t err;
  cc_t *cc[2];
  dir_t *dir;
  regbus_t *rb;
  size_t dio_bytes; /* sizeof(dir_io_t) as a run-time value: a memset of a constant size became
                       rep stos, slow to start (a quarter of rinv_model_step's own time);
                       memset with this size is the library's vector stores */
};

rinv_model_t *rinv_model_new(const rinv_cfg_t *cfg) {
  rinv_model_t *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->cfg = *cfg;
  m->err.fatal = 1;
  m->dio_bytes = sizeof(dir_io_t);
  m->cc[0] = cc_new(cfg, 0, &m->err);
  m->cc[1] = cc_new(cfg, 1, &m->err);
  m->dir = dir_new(cfg, &m->err);
  m->rb = regbus_new();
  if (!m->cc[0] || !m->cc[1] || !m->dir || !m->rb) {
    rinv_model_free(m);
    return NULL;
  }
  return m;
}

void rinv_model_free(rinv_model_t *m) {
  if (!m) return;
  cc_free(m->cc[0]);
  cc_free(m->cc[1]);
  dir_free(m->dir);
  regbus_free(m->rb);
  free(m);
}

void rinv_model_reset(rinv_model_t *m) {
  cc_reset(m->cc[0]);
  cc_reset(m->cc[1]);
  dir_reset(m->dir);
  regbus_reset(m->rb);
}

void rinv_model_step(rinv_model_t *m, const rinv_in_t *in, rinv_out_t *out) {
  cc_io_t cio[2];
  dir_io_t dio;
  regbus_io_t rio;
  memset(&dio, 0, m->dio_bytes);

  for (unsigned s = 0; s < 2; s++) {
    cc_eval_moore(m->cc[s], &cio[s]);
    dio.req_valid[s] = cio[s].req_valid;
    dio.req_we[s] = cio[s].req_we;
    dio.req_line[s] = cio[s].req_line;
    dio.req_wmask[s] = cio[s].req_wmask;
    dio.req_wdata[s] = cio[s].req_wdata;
    dio.hist_valid[s] = cio[s].hist_valid;
    dio.hist_last[s] = cio[s].hist_last;
    dio.hist_line[s] = cio[s].hist_line;
    dio.ack_valid[s] = cio[s].ack_valid;
    dio.ack_hits[s] = cio[s].ack_hits;
  }
  dir_eval_moore(m->dir, &dio);
  dir_eval_mealy(m->dir, in, &dio);
  for (unsigned s = 0; s < 2; s++) {
    cc_io_t *c = &cio[s];
    c->probe_valid = dio.probe_valid[s];
    c->probe_first = dio.probe_first[s];
    c->probe_nlines = dio.probe_nlines[s];
    c->probe_setwalk = dio.probe_setwalk[s];
    c->req_ready = dio.req_ready[s];
    c->fill_valid = dio.fill_valid[s];
    c->fill_data = dio.fill_data;
    c->hist_ready = dio.hist_ready[s];
    c->hist_go = dio.hist_go[s];
    c->hist_done = dio.hist_done[s];
    c->ack_ready = dio.ack_ready[s];
    c->lock_owner = dir_lock_owner(m->dir);
    cc_eval_mealy(m->cc[s], in, c);
    dio.probe_ready[s] = c->probe_ready;
    dio.fill_ready[s] = c->fill_ready;
  }
  regbus_eval(m->rb, in, m->dir, m->cc, &rio);

  /* the GPU front end's fields (v3 §11) */
  cc_observe_gpu(m->cc[1], &cio[1], out);
  /* every field of *out is written below (no memset: it was a tenth of the model's time).
   * Ports 0 .. N_CPU_L1 - 1 are the CPU side's local ports, the rest the GPU side's (loops
   * of constant count: with cc_n_l1() as the bound they became three memcpy calls). */
  for (unsigned k = 0; k < RINV_N_CPU_L1; k++) {
    out->port_req_ready[k] = cio[0].port_req_ready[k];
    out->port_resp_valid[k] = cio[0].resp_valid[k];
    out->port_resp_rdata[k] = cio[0].resp_rdata[k];
  }
  for (unsigned k = 0; k < RINV_N_GPU_L1; k++) {
    out->port_req_ready[RINV_N_CPU_L1 + k] = cio[1].port_req_ready[k];
    out->port_resp_valid[RINV_N_CPU_L1 + k] = cio[1].resp_valid[k];
    out->port_resp_rdata[RINV_N_CPU_L1 + k] = cio[1].resp_rdata[k];
  }
  for (unsigned s = 0; s < 2; s++) {
    const cc_io_t *c = &cio[s];
    out->cc_req_valid[s] = c->req_valid;
    out->cc_req_ready[s] = dio.req_ready[s];
    out->cc_req_we[s] = c->req_we;
    out->cc_req_line[s] = c->req_line;
    out->cc_req_wmask[s] = c->req_wmask;
    out->fill_valid[s] = dio.fill_valid[s];
    out->fill_ready[s] = c->fill_ready;
    out->hist_valid[s] = c->hist_valid;
    out->hist_ready[s] = dio.hist_ready[s];
    out->hist_last[s] = c->hist_last;
    out->hist_line[s] = c->hist_line;
    out->hist_go[s] = dio.hist_go[s];
    out->hist_done[s] = dio.hist_done[s];
    out->probe_valid[s] = dio.probe_valid[s];
    out->probe_ready[s] = c->probe_ready;
    out->probe_first[s] = dio.probe_first[s];
    out->probe_nlines[s] = dio.probe_nlines[s];
    out->probe_setwalk[s] = dio.probe_setwalk[s];
    out->ack_valid[s] = c->ack_valid;
    out->ack_ready[s] = dio.ack_ready[s];
    out->ack_hits[s] = c->ack_hits;
    out->inv_count[s] = c->inv_count & 0xFFu;
    out->inv_line[s] = c->inv_count ? c->inv_line : 0u;
    out->dbg_valid[s] = (uint32_t)cc_line_valid(m->cc[s], in->dbg_line[s]);
    out->hist_en[s] = cc_hist_en(m->cc[s]);
    out->rec_count[s] = cc_rec_count(m->cc[s]) & 0xFFFFu;
    out->stat_tag_lookups[s] = cc_tag_lookups(m->cc[s]);
  }
  out->axi_awready = rio.awready;
  out->axi_wready = rio.wready;
  out->axi_bvalid = rio.bvalid;
  out->axi_bresp = rio.bresp;
  out->axi_arready = rio.arready;
  out->axi_rvalid = rio.rvalid;
  out->axi_rdata = rio.rdata;
  out->axi_rresp = rio.rresp;
  out->mem_req_valid = dio.mem_req_valid;
  out->mem_req_we = dio.mem_req_we;
  out->mem_req_line = dio.mem_req_line;
  memcpy(out->mem_req_wdata, dio.mem_req_wdata, sizeof out->mem_req_wdata);
  out->mem_req_wmask = dio.mem_req_wmask;
  dir_observe(m->dir, out);
  out->hist_count[0] &= 0xFFFFu;
  out->hist_count[1] &= 0xFFFFu;

  /* the edge: blocks, then the register access on top, then the statistics registers */
  cc_step(m->cc[0], in, &cio[0]);
  cc_step(m->cc[1], in, &cio[1]);
  dir_step(m->dir, in, &dio);
  regbus_step(m->rb, &rio, m->dir, m->cc);
  dir_clock_stats(m->dir);
  m->err.cycle++;
}

int rinv_model_line_valid(const rinv_model_t *m, unsigned side, uint32_t line) {
  return side < 2u ? cc_line_valid(m->cc[side], line) : 0;
}

const rinv_cfg_t *rinv_model_cfg(const rinv_model_t *m) { return &m->cfg; }

/* test-only accessors (rinv_model_dbg.h) */
#include "rinv_model_dbg.h"
cc_t *rinv_model_dbg_cc(rinv_model_t *m, unsigned side) { return m->cc[side & 1u]; }
dir_t *rinv_model_dbg_dir(rinv_model_t *m) { return m->dir; }
rinv_err_t *rinv_model_dbg_err(rinv_model_t *m) { return &m->err; }

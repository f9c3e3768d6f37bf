/* gpu_fe model: the wiring of ARCHITECTURE_v3_gpu_frontend.md §3 (four coalescers, four
 * TCPs on the GPU side's L1 arrays, the TCC order queue); the blocks are gpu_coal.c,
 * gpu_tcp.c, gpu_tcc_arb.c. */
#include "gpu_fe.h"

#include <stdlib.h>
#include <string.h>

struct gpu_fe {
  gpu_fe_cfg_t cfg;
  gpu_coal_t *coal[GPU_FE_N_CU];
  gpu_tcp_t *tcp[GPU_FE_N_CU];
  cache_array_t *arr[GPU_FE_N_CU];
  gpu_tcc_arb_t *arb;
  uint32_t quiet; /* bit p: coalescer p and TCP p quiet (gpu_coal_quiet, gpu_tcp_quiet) */
  /* the statistics' sums (v3 §11) over the CUs, kept at each edge that steps a CU */
  gpu_coal_stats_t cs;
  gpu_tcp_stats_t ts;
};

#define ALL_CU GPU_FE_ALL_CU

static uint32_t quiet_bit(const gpu_fe_t *fe, unsigned p) {
  return (gpu_coal_quiet(fe->coal[p]) && gpu_tcp_quiet(fe->tcp[p])) ? 1u << p : 0u;
}

static void sum_stats(gpu_fe_t *fe) {
  gpu_coal_stats_t c = {0, 0, 0, 0};
  gpu_tcp_stats_t t = {0, 0, 0, 0, 0};
  for (unsigned p = 0; p < GPU_FE_N_CU; p++) {
    const gpu_coal_stats_t *cs = gpu_coal_stats(fe->coal[p]);
    c.gpu_insts += cs->gpu_insts;
    c.gpu_lane_ops += cs->gpu_lane_ops;
    c.line_reqs += cs->line_reqs;
    c.coal_splits += cs->coal_splits;
    const gpu_tcp_stats_t *ts = gpu_tcp_stats(fe->tcp[p]);
    t.tcp_hits += ts->tcp_hits;
    t.alias_waits += ts->alias_waits;
    t.mshr_full += ts->mshr_full;
    t.hold_waits += ts->hold_waits;
    if (ts->mshr_max > t.mshr_max) t.mshr_max = ts->mshr_max;
  }
  fe->cs = c;
  fe->ts = t;
}

gpu_fe_cfg_t gpu_fe_cfg_of(const rinv_cfg_t *cfg) {
  gpu_fe_cfg_t c;
  c.wave_size = cfg->wave_size;
  c.coal_tokens = cfg->coal_tokens;
  c.coal_lines = cfg->coal_lines;
  c.tcp_mshrs = cfg->tcp_mshrs;
  c.l1_sets = cfg->gpu_l1_sets;
  c.l1_ways = cfg->gpu_l1_ways;
  c.walk_lanes = cfg->walk_lanes;
  c.l1_lat = cfg->gpu_l1_lat;
  c.tag_oreg = cfg->tag_oreg ? 1u : 0u;
  return c;
}

gpu_fe_t *gpu_fe_new(const rinv_cfg_t *cfg, cache_array_t *const *arr, rinv_err_t *err) {
  gpu_fe_t *fe = calloc(1, sizeof *fe);
  if (!fe) return NULL;
  fe->cfg = gpu_fe_cfg_of(cfg);
  int bad = 0;
  for (unsigned p = 0; p < GPU_FE_N_CU; p++) {
    fe->arr[p] = arr[p];
    bad |= !(fe->coal[p] = gpu_coal_new(&fe->cfg, p, err));
    bad |= !(fe->tcp[p] = gpu_tcp_new(&fe->cfg, p, err));
  }
  bad |= !(fe->arb = gpu_tcc_arb_new(&fe->cfg, err));
  if (bad) {
    gpu_fe_free(fe);
    return NULL;
  }
  for (unsigned p = 0; p < GPU_FE_N_CU; p++) fe->quiet |= quiet_bit(fe, p);
  sum_stats(fe);
  return fe;
}

void gpu_fe_free(gpu_fe_t *fe) {
  if (!fe) return;
  for (unsigned p = 0; p < GPU_FE_N_CU; p++) {
    gpu_coal_free(fe->coal[p]);
    gpu_tcp_free(fe->tcp[p]);
  }
  gpu_tcc_arb_free(fe->arb);
  free(fe);
}

void gpu_fe_reset(gpu_fe_t *fe) {
  for (unsigned p = 0; p < GPU_FE_N_CU; p++) {
    gpu_coal_reset(fe->coal[p]);
    gpu_tcp_reset(fe->tcp[p]);
  }
  gpu_tcc_arb_reset(fe->arb);
  fe->quiet = 0;
  for (unsigned p = 0; p < GPU_FE_N_CU; p++) fe->quiet |= quiet_bit(fe, p);
  sum_stats(fe);
}

/* the signals of a skipped (quiet, nothing offered) CU p that are read (gpu_fe_io_t.skip) */
static void skipped_out(gpu_fe_io_t *io, unsigned p, uint32_t rready, uint32_t lready,
                        uint32_t tready) {
  gpu_coal_out_t *co = &io->co[p];
  co->resp_valid = co->resp_rdata = co->lreq_valid = co->lreq_line = 0;
  co->req_ready = rready;
  io->ti[p].tresp_valid = 0;
  io->to[p].lreq_ready = lready;
  io->to[p].tresp_ready = tready;
}

void gpu_fe_eval(const gpu_fe_t *fe, const rinv_in_t *in, const gpu_fe_ctl_t *ctl,
                 gpu_fe_io_t *io) {
  uint32_t hv[GPU_FE_N_CU] = {0}, idle = 1, offered = 0;
  /* a quiet CU with nothing offered (no lane op on its port, no response for it) is not
   * evaluated: its outputs are those below, which the full evaluation gives in that state
   * (coalescer: every slot SFree, IIdle, scatter empty; TCP: TIdle, no MSHR, tq empty) */
  for (unsigned p = 0; p < GPU_FE_N_CU; p++) {
    offered |= (in->port_req_valid[RINV_N_CPU_L1 + p] & 1u) << p;
  }
  if (ctl->tresp_valid && ctl->tresp_cu < GPU_FE_N_CU) offered |= 1u << ctl->tresp_cu;
  uint32_t skip = fe->quiet & ~offered;
  io->skip = skip;
  uint32_t lready = !ctl->tcp_hold && !((in->stall >> 10) & 1u);
  uint32_t tready = !((in->stall >> 11) & 1u), rready = !ctl->init;
  if (skip == ALL_CU) { /* the whole front end quiet (most cycles): no loop over the CUs */
    io->q_rready = rready; /* for every CU (gpu_fe_io_t.q_rready) */
    io->q_lready = lready;
    io->q_tready = tready;
    gpu_tcc_arb_eval(fe->arb, hv, &io->ao);
    io->fe_idle = 1;
    return;
  }
  /* the four Moore evaluations first: copying a coalescer's fields right after it wrote them
   * stalled on store forwarding (a sixth of the model's time) */
  uint32_t blocked = 0;
  for (unsigned p = 0; p < GPU_FE_N_CU; p++) {
    if ((skip >> p) & 1u) continue;
    if (!(ctl->tresp_valid && ctl->tresp_cu == p) && gpu_tcp_blocked(fe->tcp[p]) &&
        gpu_coal_blocked(fe->coal[p])) {
      blocked |= 1u << p;
    }
    gpu_coal_moore(fe->coal[p], &io->co[p]);
  }
  io->blocked = blocked;
  for (unsigned p = 0; p < GPU_FE_N_CU; p++) {
    if ((skip >> p) & 1u) {
      skipped_out(io, p, rready, lready, tready);
      continue;
    }
    const gpu_coal_out_t *co = &io->co[p];
    gpu_tcp_in_t *ti = &io->ti[p];
    ti->lreq_valid = co->lreq_valid;
    ti->lreq_line = co->lreq_line;
    ti->lreq_we = co->lreq_we;
    ti->lreq_slot = co->lreq_slot;
    ti->lreq_k = co->lreq_k;
    ti->lreq_mask = co->lreq_mask;
    ti->lreq_data = co->lreq_data;
    uint32_t tv = ctl->tresp_valid && ctl->tresp_cu == p;
    ti->tresp_valid = tv;
    ti->tresp_we = tv ? ctl->tresp_we : 0u;
    ti->tresp_i = tv ? ctl->tresp_i : 0u;
    ti->tresp_data = ctl->tresp_data;
    ti->tq_pop = 0; /* decided after the eval (rule 5), set by gpu_fe_step */
    ti->tcp_hold = ctl->tcp_hold;
    ti->stall = in->stall;
    uint32_t b = gpu_tcp_bank(fe->tcp[p]);
    /* the tag words are used by the compare states only (TCm, TFCm); elsewhere the
     * copy is skipped (speed), the pointer stays valid */
    uint32_t tst = gpu_tcp_state(fe->tcp[p]);
    if (tst == GPU_TCP_TCM || tst == GPU_TCP_TFCM) ca_tag_q_all(fe->arr[p], b, io->words[p]);
    ti->tag_q = io->words[p];
    ti->rr_q = ca_rr_q(fe->arr[p], b);
    ti->data_q = ca_data_q(fe->arr[p], b);
    gpu_tcp_eval(fe->tcp[p], ti, &io->to[p]);
    hv[p] = io->to[p].tq_head_valid;
    idle &= io->to[p].idle;
  }
  gpu_tcc_arb_eval(fe->arb, hv, &io->ao);
  io->fe_idle = idle;
  for (unsigned p = 0; p < GPU_FE_N_CU; p++) {
    if ((skip >> p) & 1u) continue;
    if ((blocked >> p) & 1u) {
      io->co[p].req_ready = 0;
      continue;
    }
    unsigned g = RINV_N_CPU_L1 + p;
    const gpu_tcp_out_t *to = &io->to[p];
    gpu_coal_in_t *ci = &io->ci[p];
    ci->req_valid = in->port_req_valid[g] & 1u;
    ci->req_we = in->port_req_we[g] & 1u;
    ci->req_addr = in->port_req_addr[g];
    ci->req_wdata = in->port_req_wdata[g];
    ci->req_wstrb = in->port_req_wstrb[g];
    ci->req_last = in->port_req_last[g] & 1u;
    ci->resp_ready = in->port_resp_ready[g] & 1u;
    ci->lreq_ready = to->lreq_ready;
    ci->done_valid = to->done_valid;
    ci->done_slot = to->done_slot;
    ci->done_k = to->done_k;
    ci->cwr_valid = to->cwr_valid;
    ci->cwr_slot = to->cwr_slot;
    ci->cwr_k = to->cwr_k;
    ci->cwr_data = to->cwr_data;
    ci->init = ctl->init;
    gpu_coal_mealy(fe->coal[p], ci, &io->co[p]);
  }
}

void gpu_fe_step(gpu_fe_t *fe, const gpu_fe_io_t *io, uint32_t grant) {
  uint32_t pushm = 0;
  if (io->skip == ALL_CU) {
    gpu_tcc_arb_step(fe->arb, 0, grant);
    return;
  }
  uint32_t stepped = 0;
  for (unsigned p = 0; p < GPU_FE_N_CU; p++) {
    /* a quiet CU with nothing offered: its edge changes nothing (no access, no counter) */
    if ((io->skip >> p) & 1u) continue;
    uint32_t pop = grant && io->ao.cu == p, blk = (io->blocked >> p) & 1u;
    /* a blocked CU: no array access, the coalescer's edge changes nothing, the TCP's only
     * when popped (no push in TIdle) */
    if (blk && !pop) continue;
    stepped = 1;
    if (!blk) {
      const gpu_tcp_arr_t *a = &io->to[p].arr;
      cache_array_t *arr = fe->arr[p];
      if (a->tag_rd) ca_tag_read(arr, a->bank, a->row, 1);
      if (a->data_rd) ca_data_read(arr, a->bank, a->row, a->data_rd_way);
      if (a->tag_wr) ca_tag_write(arr, a->bank, a->row, a->tag_wr_way, a->tag_wr_word);
      if (a->rr_wr) ca_rr_write(arr, a->bank, a->row, a->rr_wr_val);
      if (a->data_wr) {
        ca_data_write(arr, a->bank, a->row, a->data_wr_way, a->data_wr_line, ~0ull);
      }
      gpu_coal_step(fe->coal[p], &io->ci[p], &io->co[p]);
    }
    gpu_tcp_in_t ti = io->ti[p];
    ti.tq_pop = pop;
    gpu_tcp_step(fe->tcp[p], &ti, &io->to[p]);
    pushm |= io->to[p].tq_push << p;
    fe->quiet = (fe->quiet & ~(1u << p)) | quiet_bit(fe, p);
  }
  gpu_tcc_arb_step(fe->arb, pushm, grant);
  if (stepped) sum_stats(fe);
}

void gpu_fe_observe(const gpu_fe_t *fe, const gpu_fe_io_t *io, rinv_out_t *out) {
  if (io->skip == ALL_CU) { /* what skipped_out would have written for every CU */
    for (unsigned p = 0; p < GPU_FE_N_CU; p++) {
      out->gpu_lreq_valid[p] = 0;
      out->gpu_lreq_ready[p] = io->q_lready;
      out->gpu_lreq_line[p] = 0;
      out->gpu_tresp_valid[p] = 0;
      out->gpu_tresp_ready[p] = io->q_tready;
    }
  }
  for (unsigned p = 0; p < GPU_FE_N_CU && io->skip != ALL_CU; p++) {
    const gpu_coal_out_t *co = &io->co[p];
    out->gpu_lreq_valid[p] = co->lreq_valid;
    out->gpu_lreq_ready[p] = io->to[p].lreq_ready;
    out->gpu_lreq_line[p] = co->lreq_valid ? co->lreq_line : 0u;
    out->gpu_tresp_valid[p] = io->ti[p].tresp_valid;
    out->gpu_tresp_ready[p] = io->to[p].tresp_ready;
  }
  out->stat_gpu_insts = fe->cs.gpu_insts;
  out->stat_gpu_lane_ops = fe->cs.gpu_lane_ops;
  out->stat_gpu_line_reqs = fe->cs.line_reqs;
  out->stat_coal_splits = fe->cs.coal_splits;
  out->stat_tcp_hits = fe->ts.tcp_hits;
  out->stat_tcp_alias_waits = fe->ts.alias_waits;
  out->stat_tcp_mshr_full = fe->ts.mshr_full;
  out->stat_tcp_hold_waits = fe->ts.hold_waits;
  out->stat_tcp_mshr_max = fe->ts.mshr_max;
  out->stat_tcc_arb_waits = gpu_tcc_arb_waits(fe->arb);
}

const gpu_coal_t *gpu_fe_coal(const gpu_fe_t *fe, unsigned cu) { return fe->coal[cu]; }
const gpu_tcp_t *gpu_fe_tcp(const gpu_fe_t *fe, unsigned cu) { return fe->tcp[cu]; }
const gpu_tcc_arb_t *gpu_fe_arb(const gpu_fe_t *fe) { return fe->arb; }

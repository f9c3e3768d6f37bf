/* side_cc model: owner FSM of ARCHITECTURE_v2.md §6.2 and the wiring of its blocks; on the GPU
 * side the owner FSM of ARCHITECTURE_v3_gpu_frontend.md §6.2 (no L1 lookup, no port arbiter:
 * the front end gpu_fe, StTcpInv, kinv_pend / lo_q, StTResp, rule 5's grant). */
#include "cc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cc_lookup.h"
#include "cc_portarb.h"
#include "cc_recorder.h"
#include "cc_regs.h"
#include "cc_walker.h"
#include "gpu_fe.h"

enum owner { O_INIT, O_IDLE, O_LOOKUP, O_HIST, O_WALK, O_TCPINV };

struct cc {
  cc_ctx_t ctx;
  enum owner owner;
  uint32_t init_i, xfer;
  cc_portarb_t *arb;
  cc_lookup_t *lk;
  cc_recorder_t *rec;
  cc_walker_t *wk;
  cc_regs_t *regs;
  /* GPU side only (v3 §6.2) */
  gpu_fe_t *fe;
  uint32_t kinv_pend, lo_q, tinv_i, tcp_rows;
  uint32_t probe_waits, tcp_kinv; /* statistics, 32-bit wrapping */
  uint8_t zero_line[64];
  /* Memo of the debug peek: the testbench asks cc_line_valid() about the same line in most
   * cycles (its oldest pending line), and the answer depends on the tagst contents only.
   * ok != 0: valid is the arrays' answer for line. Every array clears ok itself whenever
   * its tagst contents change (ca_set_tag_watch: a landed tagst write, a poke), so no write
   * path of the arrays can leave a stale answer; cc_new and cc_reset clear it too. Not model
   * state: nothing but cc_line_valid() reads it. */
  struct {
    uint32_t ok, line;
    int valid;
  } peek;
};

static unsigned log2u(uint32_t v) {
  unsigned b = 0;
  while ((1u << b) < v) b++;
  return b;
}

cc_t *cc_new(const rinv_cfg_t *cfg, unsigned side, rinv_err_t *err) {
  cc_t *cc = calloc(1, sizeof *cc);
  if (!cc) return NULL;
  cc_ctx_t *x = &cc->ctx;
  x->side = side;
  x->n_l1 = side ? RINV_N_GPU_L1 : RINV_N_CPU_L1;
  x->n_arr = 1u + x->n_l1;
  uint32_t l1s = side ? cfg->gpu_l1_sets : cfg->cpu_l1_sets;
  uint32_t l1w = side ? cfg->gpu_l1_ways : cfg->cpu_l1_ways;
  uint32_t l2s = side ? cfg->gpu_l2_sets : cfg->cpu_l2_sets;
  uint32_t l2w = side ? cfg->gpu_l2_ways : cfg->cpu_l2_ways;
  x->l1_lat = side ? cfg->gpu_l1_lat : cfg->cpu_l1_lat;
  x->l2_lat = side ? cfg->gpu_l2_lat : cfg->cpu_l2_lat;
  x->tag_lat = x->l1_lat > x->l2_lat ? x->l1_lat : x->l2_lat;
  x->oreg = cfg->tag_oreg ? 1u : 0u;
  x->lanes = cfg->walk_lanes;
  x->lane_bits = log2u(cfg->walk_lanes);
  x->smax = l1s > l2s ? l1s : l2s;
  x->rset = x->smax / x->lanes;
  x->init_rows = x->rset; /* max rows over the arrays */
  x->total_lines = l2s * l2w + x->n_l1 * l1s * l1w;
  x->rec_cap = cfg->rec_cap;
  x->err = err;
  const char *sn = side ? "gpu" : "cpu";
  char n[32];
  snprintf(n, sizeof n, "%s.%s", sn, side ? "TCC" : "L2");
  int bad = !(x->arr[0] = ca_new(n, l2s, l2w, x->lanes, 1, (int)x->oreg, err));
  for (unsigned k = 0; k < x->n_l1; k++) {
    snprintf(n, sizeof n, "%s.%s%u", sn, side ? "TCP" : "L1D", k);
    bad |= !(x->arr[1 + k] = ca_new(n, l1s, l1w, x->lanes, 0, (int)x->oreg, err));
  }
  for (unsigned a = 0; a < x->n_arr; a++) {
    if (!x->arr[a]) continue;
    ca_set_activity(x->arr[a], &x->arr_act, 1u << a);
    ca_set_tag_watch(x->arr[a], &cc->peek.ok);
  }
  cc->arb = cc_portarb_new(x->n_l1);
  cc->lk = cc_lookup_new(x);
  cc->rec = cc_recorder_new(x);
  cc->wk = cc_walker_new(x, cfg->probe_inflight);
  cc->regs = cc_regs_new(side);
  if (side && !bad) {
    cc->fe = gpu_fe_new(cfg, &x->arr[1], err);
    bad |= !cc->fe;
    cc->tcp_rows = ca_rows(x->arr[1]);
  }
  if (bad || !cc->arb || !cc->lk || !cc->rec || !cc->wk || !cc->regs) {
    cc_free(cc);
    return NULL;
  }
  cc_reset(cc);
  return cc;
}

void cc_free(cc_t *cc) {
  if (!cc) return;
  for (unsigned a = 0; a < cc->ctx.n_arr; a++) ca_free(cc->ctx.arr[a]);
  cc_portarb_free(cc->arb);
  cc_lookup_free(cc->lk);
  cc_recorder_free(cc->rec);
  cc_walker_free(cc->wk);
  cc_regs_free(cc->regs);
  gpu_fe_free(cc->fe);
  free(cc);
}

void cc_reset(cc_t *cc) {
  cc->owner = O_INIT;
  cc->init_i = 0;
  cc->xfer = 0;
  cc_portarb_reset(cc->arb);
  cc_lookup_reset(cc->lk);
  cc_recorder_reset(cc->rec);
  cc_walker_reset(cc->wk);
  cc_regs_reset(cc->regs);
  if (cc->fe) gpu_fe_reset(cc->fe);
  cc->kinv_pend = cc->lo_q = cc->tinv_i = 0;
  cc->probe_waits = cc->tcp_kinv = 0;
  cc->peek.ok = 0;
  /* cells keep their contents; accesses issued in an unfinished cycle are dropped by the
   * reset only if they were never clocked, which cannot happen (every step clocks) */
}

void cc_eval_moore(const cc_t *cc, cc_io_t *io) {
  io->req_valid = io->req_we = io->req_line = 0;
  io->req_wmask = 0;
  io->req_wdata = cc->zero_line;
  io->hist_valid = io->hist_last = io->hist_line = 0;
  io->ack_valid = io->ack_hits = 0;
  io->inv_count = io->inv_line = 0;
  memset(io->resp_valid, 0, sizeof io->resp_valid);
  memset(io->resp_rdata, 0, sizeof io->resp_rdata);
  io->tresp_valid = io->tresp_cu = io->tresp_we = io->tresp_i = 0;
  io->tresp_data = cc->zero_line;
  if (cc->owner == O_LOOKUP) cc_lookup_moore(cc->lk, io);
  else if (cc->owner == O_HIST) cc_recorder_moore(cc->rec, io);
  cc_walker_moore(cc->wk, io, cc->owner == O_WALK);
}

/* The GPU side's readies and rule 5's grant (v3 §5.2, §6.2, §14 items 3 and 8). */
static void gpu_eval_mealy(const cc_t *cc, const rinv_in_t *in, cc_io_t *io) {
  uint32_t s7 = (in->stall >> 7) & 1u;
  enum owner o = cc->owner;
  gpu_fe_ctl_t ctl;
  ctl.tcp_hold = cc->kinv_pend || o == O_INIT || o == O_WALK || o == O_TCPINV ||
                 (io->probe_valid && !s7);
  ctl.init = o == O_INIT;
  ctl.tresp_valid = io->tresp_valid;
  ctl.tresp_cu = io->tresp_cu;
  ctl.tresp_we = io->tresp_we;
  ctl.tresp_i = io->tresp_i;
  ctl.tresp_data = io->tresp_data;
  io->tcp_hold = ctl.tcp_hold;
  gpu_fe_eval(cc->fe, in, &ctl, &io->fe);
  uint32_t fe_idle = io->fe.fe_idle;
  if (io->fe.skip == GPU_FE_ALL_CU) { /* no co[k] written (gpu_fe_io_t.q_rready) */
    for (unsigned k = 0; k < GPU_FE_N_CU; k++) {
      io->port_req_ready[k] = io->fe.q_rready;
      io->resp_valid[k] = io->resp_rdata[k] = 0;
    }
  } else {
    for (unsigned k = 0; k < GPU_FE_N_CU; k++) {
      io->port_req_ready[k] = io->fe.co[k].req_ready;
      io->resp_valid[k] = io->fe.co[k].resp_valid;
      io->resp_rdata[k] = io->fe.co[k].resp_rdata;
    }
  }
  io->granted_port = -1;
  io->probe_ready = io->fill_ready = 0;
  io->tcc_grant = io->tcc_grant_cu = io->probe_wait = 0;
  switch (o) {
    case O_IDLE: {
      io->probe_ready = !s7 && fe_idle;
      io->probe_wait = io->probe_valid && !s7 && !fe_idle;
      uint32_t rc = cc_recorder_count(cc->rec);
      /* rules 1-4 act (rules 2, 3 also when they wait): no grant (§14 item 8) */
      int acts = (io->probe_valid && io->probe_ready) || cc->xfer || rc == cc->ctx.rec_cap ||
                 (cc->kinv_pend && fe_idle);
      if (!acts && io->fe.ao.req) {
        io->tcc_grant = 1;
        io->tcc_grant_cu = io->fe.ao.cu;
      }
      break;
    }
    case O_WALK:
      io->probe_ready = !s7 && !cc_walker_nxt_valid(cc->wk);
      break;
    case O_LOOKUP:
      io->fill_ready = cc_lookup_fill_ready(cc->lk, in->stall);
      break;
    default:
      break;
  }
}

void cc_eval_mealy(const cc_t *cc, const rinv_in_t *in, cc_io_t *io) {
  if (cc->fe) {
    gpu_eval_mealy(cc, in, io);
    return;
  }
  memset(io->port_req_ready, 0, sizeof io->port_req_ready);
  io->granted_port = -1;
  io->probe_ready = io->fill_ready = 0;
  uint32_t stall = in->stall;
  uint32_t pstall = (stall >> (6u + cc->ctx.side)) & 1u;
  switch (cc->owner) {
    case O_IDLE: {
      io->probe_ready = !pstall;
      uint32_t rc = cc_recorder_count(cc->rec);
      int busy = (io->probe_valid && io->probe_ready) || cc->xfer || rc == cc->ctx.rec_cap;
      if (!busy) {
        unsigned base = cc->ctx.side ? RINV_N_CPU_L1 : 0u;
        uint32_t valid = 0;
        for (unsigned k = 0; k < cc->ctx.n_l1; k++) valid |= (in->port_req_valid[base + k] & 1u) << k;
        int p = cc_portarb_choose(cc->arb, valid);
        if (p >= 0) {
          io->port_req_ready[p] = 1;
          io->granted_port = p;
        }
      }
      break;
    }
    case O_WALK:
      io->probe_ready = !pstall && !cc_walker_nxt_valid(cc->wk);
      break;
    case O_LOOKUP:
      io->fill_ready = cc_lookup_fill_ready(cc->lk, stall);
      break;
    default:
      break;
  }
}

/* StTcpInv (v3 §6.2): row i of every tagst and rr cell of the TCP arrays to 0 */
static void tcp_inv_row(cc_t *cc) {
  uint32_t i = cc->tinv_i;
  for (unsigned a = 1; a < cc->ctx.n_arr; a++) {
    cache_array_t *arr = cc->ctx.arr[a];
    for (uint32_t b = 0; b < cc->ctx.lanes; b++) {
      for (uint32_t w = 0; w < ca_ways(arr); w++) ca_tag_write(arr, b, i, w, 0u);
      ca_rr_write(arr, b, i, 0u);
    }
  }
}

static void init_row(cc_t *cc) {
  uint32_t i = cc->init_i;
  for (unsigned a = 0; a < cc->ctx.n_arr; a++) {
    cache_array_t *arr = cc->ctx.arr[a];
    if (i >= ca_rows(arr)) continue;
    for (uint32_t b = 0; b < cc->ctx.lanes; b++) {
      for (uint32_t w = 0; w < ca_ways(arr); w++) ca_tag_write(arr, b, i, w, 0u);
      ca_rr_write(arr, b, i, 0u);
    }
  }
}

void cc_step(cc_t *cc, const rinv_in_t *in, const cc_io_t *io) {
  int accept = io->probe_valid && io->probe_ready;
  unsigned base = cc->ctx.side ? RINV_N_CPU_L1 : 0u;
  int walk_empty = cc->owner == O_WALK && cc_walker_empty(cc->wk); /* used in O_WALK only */
  /* §4.3: the tagst/rr output registers' oe is 0 exactly in the walker's fz cycles */
  int oe = !cc_walker_fz(cc->wk);
  uint32_t lookups = cc_walker_step(cc->wk, io, cc->owner == O_WALK, accept);
  cc_regs_step(cc->regs, lookups);
  switch (cc->owner) {
    case O_INIT:
      init_row(cc);
      if (++cc->init_i == cc->ctx.init_rows) cc->owner = O_IDLE;
      break;
    case O_IDLE: {
      uint32_t rc = cc_recorder_count(cc->rec);
      if (accept) {
        cc->owner = O_WALK;
      } else if (cc->xfer) {
        if (rc > 0u) {
          if (cc_recorder_head_valid(cc->rec)) {
            cc_recorder_start(cc->rec, 0);
            cc->owner = O_HIST;
          }
        } else {
          cc_recorder_start(cc->rec, 1);
          cc->owner = O_HIST;
        }
      } else if (rc == cc->ctx.rec_cap) {
        if (cc_recorder_head_valid(cc->rec)) {
          cc_recorder_start(cc->rec, 0);
          cc->owner = O_HIST;
        }
      } else if (cc->fe && cc->kinv_pend && io->fe.fe_idle) { /* rule 4 */
        cc->kinv_pend = 0;
        cc->tcp_kinv++;
        cc->tinv_i = 0;
        cc->owner = O_TCPINV;
      } else if (cc->fe && io->tcc_grant) { /* rule 5 */
        const gpu_tcp_out_t *h = &io->fe.to[io->tcc_grant_cu];
        cc_lookup_start_tcc(cc->lk, io->tcc_grant_cu, h->tq_we, h->tq_line, h->tq_mask,
                            h->tq_data, h->tq_i);
        cc->owner = O_LOOKUP;
      } else if (io->granted_port >= 0) {
        unsigned p = (unsigned)io->granted_port, g = base + p;
        cc_lookup_start(cc->lk, p, in->port_req_we[g], in->port_req_addr[g], in->port_req_wdata[g],
                        in->port_req_wstrb[g]);
        cc_portarb_step(cc->arb, io->granted_port);
        cc->owner = O_LOOKUP;
      }
      break;
    }
    case O_LOOKUP: {
      uint32_t pr = 0;
      if (cc->fe) { /* StTResp: the TCP's tresp_ready */
        if (io->tresp_valid) pr = io->fe.to[io->tresp_cu].tresp_ready;
      } else { /* the response port is the latched one; look it up through the outputs */
        for (unsigned k = 0; k < cc->ctx.n_l1; k++) {
          if (io->resp_valid[k]) pr = in->port_resp_ready[base + k] & 1u;
        }
      }
      if (cc_lookup_step(cc->lk, io, pr, cc_regs_hist_en(cc->regs), cc->rec)) cc->owner = O_IDLE;
      break;
    }
    case O_HIST: {
      int r = cc_recorder_step(cc->rec, io, cc->xfer);
      if (r) cc->owner = O_IDLE;
      if (r == 2) cc->xfer = 0;
      break;
    }
    case O_WALK:
      if (!accept && walk_empty) cc->owner = O_IDLE;
      break;
    case O_TCPINV:
      tcp_inv_row(cc);
      if (++cc->tinv_i == cc->tcp_rows) cc->owner = O_IDLE;
      break;
  }
  if (cc->fe) {
    /* the front end's edge after the owner's (rule 5 copied the tq head's data, a pointer
     * to tq's cell output, which this edge's pop re-reads), before the arrays' edge */
    gpu_fe_step(cc->fe, &io->fe, io->tcc_grant);
    cc->probe_waits += io->probe_wait;
    /* v3 §6.2: the GPU has just got the lock; set wins over rule 4's clear */
    if (io->lock_owner == 2u && cc->lo_q != 2u) cc->kinv_pend = 1;
    cc->lo_q = io->lock_owner;
  }
  if (io->hist_go) cc->xfer = 1; /* set wins over the clear */
  cc_recorder_clock(cc->rec);
  /* an array without access this cycle needs no edge unless it has output registers */
  uint32_t act = cc->ctx.oreg ? ~0u : cc->ctx.arr_act;
  cc->ctx.arr_act = 0;
  act &= (1u << cc->ctx.n_arr) - 1u; /* n_arr <= CC_MAX_ARR, small */
  for (; act; act &= act - 1u) { /* ascending a, the set bits only */
    ca_clock(cc->ctx.arr[__builtin_ctz(act)], oe); /* a tagst write clears peek.ok */
  }
}

int cc_reg_read(const cc_t *cc, uint32_t off, uint32_t *value) {
  return cc_regs_read(cc->regs, off, cc_recorder_count(cc->rec), value);
}

int cc_reg_write_ok(const cc_t *cc, uint32_t off, uint32_t value, unsigned req_side) {
  return cc_regs_write_ok(cc->regs, off, value, req_side);
}

void cc_reg_write(cc_t *cc, uint32_t off, uint32_t value) { cc_regs_write(cc->regs, off, value); }

int cc_line_valid(cc_t *cc, uint32_t line) {
  if (cc->owner == O_INIT) return 0;
  line &= LINE_MASK26;
  if (cc->peek.ok && cc->peek.line == line) return cc->peek.valid;
  int valid = 0;
  for (unsigned a = 0; a < cc->ctx.n_arr && !valid; a++) {
    valid = ca_peek_valid(cc->ctx.arr[a], line);
  }
  cc->peek.ok = 1;
  cc->peek.line = line;
  cc->peek.valid = valid;
  return valid;
}

uint32_t cc_rec_count(const cc_t *cc) { return cc_recorder_count(cc->rec); }
uint32_t cc_hist_en(const cc_t *cc) { return cc_regs_hist_en(cc->regs); }
uint32_t cc_tag_lookups(const cc_t *cc) { return cc_regs_tag_lookups(cc->regs); }
unsigned cc_n_l1(const cc_t *cc) { return cc->ctx.n_l1; }
uint32_t cc_max_sets(const cc_t *cc) { return cc->ctx.smax; }
uint32_t cc_total_lines(const cc_t *cc) { return cc->ctx.total_lines; }

const char *cc_state_name(const cc_t *cc) {
  switch (cc->owner) {
    case O_INIT: return "StInit";
    case O_IDLE: return "StIdle";
    case O_LOOKUP: return cc_lookup_state_name(cc->lk);
    case O_HIST: return cc_recorder_state_name(cc->rec);
    case O_TCPINV: return "StTcpInv";
    default: return "StWalk";
  }
}

void cc_poke_line(cc_t *cc, unsigned arr, uint32_t line, uint32_t way, uint32_t bits,
                  const uint8_t *data, uint64_t dmask) {
  ca_poke(cc->ctx.arr[arr], line, way, bits, data, dmask); /* clears peek.ok */
}

void cc_observe_gpu(const cc_t *cc, const cc_io_t *io, rinv_out_t *out) {
  if (!cc->fe) return;
  gpu_fe_observe(cc->fe, &io->fe, out);
  out->tcc_grant = io->tcc_grant;
  out->tcc_grant_cu = io->tcc_grant_cu;
  out->stat_gpu_probe_waits = cc->probe_waits;
  out->stat_tcp_kinv = cc->tcp_kinv;
}

const gpu_fe_t *cc_gpu_fe(const cc_t *cc) { return cc->fe; }
uint32_t cc_kinv_pend(const cc_t *cc) { return cc->kinv_pend; }

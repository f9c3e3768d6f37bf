/* Block-level lockstep of the GPU front end (ARCHITECTURE_v3_gpu_frontend.md §4-§6.1):
 * the RTL blocks (tb_fe_lockstep.sv: 4 x gpu_coalescer, 4 x gpu_tcp + cache_array,
 * gpu_tcc_arb) against the C model blocks (gpu_coal, gpu_tcp + cache_array, gpu_tcc_arb),
 * cycle by cycle, on one random stimulus generated here.
 *
 * Per cycle (SV calls, in this order):
 *   fe_in_glob / fe_in_cu(cu)  : the inputs of this cycle (stimulus + the ONE TCC stand-in),
 *                                a function of state after the previous edge; SV drives them
 *                                into the RTL, the model gets the same values.
 *   fe_out_cu(cu) / fe_out_glob: the RTL's outputs of this cycle (settled).
 *   fe_step()                  : runs the model's cycle (I1 call order of
 *                                cmodel/v2/FE_CONTRACT_QUESTIONS.md), compares, then
 *                                advances the stimulus and the TCC stand-in from the RTL's
 *                                handshakes. Returns 0 to go on, 1 to stop (mismatch or end).
 * C11. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "svdpi.h"

#include "cache_array.h"
#include "gpu_coal.h"
#include "gpu_tcc_arb.h"
#include "gpu_tcp.h"

#define NCU GPU_FE_N_CU
#define MAXLANES 64

/* ---------------- random ---------------- */
static uint64_t g_rng;
static uint32_t rnd(void) {
  g_rng ^= g_rng << 13;
  g_rng ^= g_rng >> 7;
  g_rng ^= g_rng << 17;
  return (uint32_t)(g_rng >> 16);
}
static uint32_t rndn(uint32_t n) { return n ? rnd() % n : 0u; }

/* ---------------- configuration ---------------- */
static gpu_fe_cfg_t g_cfg;
static uint32_t g_l2_lat;
static uint64_t g_ncycles;
static int g_corrupt_kind; /* 0 none, 1 model port_req_ready[0], 2 model resp_rdata, 3 stat */
static uint64_t g_corrupt_cyc;
static int g_corrupted;
static int g_qual_req_ready; /* compare port_req_ready only when port_req_valid (option) */

#define NL 20u
static uint32_t BASE = 0x400u; /* +base=N */
static int g_mode; /* +mode: 0 mixed, 1 dense (no gaps, long, many lines), 2 quiet (no stalls/hold/withheld grants, fixed TCC latency) */

/* ---------------- stimulus (per CU) ---------------- */
typedef struct lop {
  uint32_t we, addr, wdata, wstrb, last;
} lop_t;
typedef struct port {
  lop_t ins[MAXLANES];
  uint32_t n, i;     /* lane ops of the current instruction, next one */
  uint32_t drive;    /* driving ins[i] this cycle */
  uint32_t rrdy;     /* port_resp_ready this cycle */
  uint32_t bp_len;   /* back-pressure burst remaining */
  uint32_t junk;     /* address driven with valid = 0 (mode 3) */
} port_t;
static port_t g_port[NCU];
static uint32_t g_stall, g_hold, g_gen;

static void gen_inst(port_t *p) {
  uint32_t we = rndn(3) == 0;
  uint32_t n = (rndn(2) && g_mode != 1 ? 1u + rndn(8) : 1u + rndn(g_cfg.wave_size));
  uint32_t nlines = 1u + (rndn(4) == 0 || g_mode == 1 ? rndn(NL) : rndn(3));
  uint32_t l0 = rndn(NL);
  for (uint32_t l = 0; l < n; l++) {
    lop_t *o = &p->ins[l];
    uint32_t line = BASE + (l0 + rndn(nlines)) % NL;
    o->we = (g_mode == 4 && l > 0) ? rndn(2) : we; /* mode 4: a differing we (§2) */
    o->addr = (line << 6) | (rndn(16) << 2);
    o->wdata = rnd() ^ (rnd() << 16);
    o->wstrb = rndn(4) ? rndn(16) : 0xFu;
    o->last = l == n - 1u;
  }
  p->n = n;
  p->i = 0;
}

/* ---------------- TCC stand-in (one, fed to both sides) ---------------- */
static int tcc_st; /* 0 idle, 1 busy, 2 StTResp */
static uint32_t tcc_cu, tcc_we, tcc_i, tcc_cnt;
static uint8_t tcc_rline[64];
static uint8_t tcc_mem[NL][64];
static const uint8_t zero64[64];

/* ---------------- the model ---------------- */
static rinv_err_t g_err;
static gpu_coal_t *m_coal[NCU];
static gpu_tcp_t *m_tcp[NCU];
static cache_array_t *m_arr[NCU];
static gpu_tcc_arb_t *m_arb;

/* ---------------- RTL outputs of this cycle ---------------- */
typedef struct rtl_cu {
  uint32_t req_ready, resp_valid, resp_rdata;
  uint32_t lreq_valid, lreq_line, lreq_we, lreq_slot, lreq_k, lreq_ready;
  uint64_t lreq_mask;
  uint8_t lreq_data[64];
  uint32_t cd_we, cd_slot, cd_k, done, done_slot, done_k;
  uint8_t cd_wdata[64];
  uint32_t tq_push, tq_hv, tq_line, tq_we, tq_i;
  uint64_t tq_mask;
  uint8_t tq_data[64];
  uint32_t tresp_ready, idle, mc;
  uint32_t ev_inst, ev_lane, ev_lreq, ev_split, ev_hit, ev_alias, ev_full, ev_hold;
} rtl_cu_t;
static rtl_cu_t r_cu[NCU];
static uint32_t r_grant, r_gcu, r_count, r_waits;

/* RTL statistics, summed here from the per-cycle events (§11, §8 item 6) */
static uint32_t rs_insts, rs_lane_ops, rs_line_reqs, rs_splits, rs_hits, rs_alias, rs_full,
    rs_hold, rs_mshr_max, rs_arb_waits;

static uint64_t g_cyc;
static uint64_t g_ncmp;
static uint32_t g_mism;
static uint64_t g_resps, g_lreqs, g_grants;

/* ---------------- DPI: init ---------------- */
int fe_init(int fpga, int seed, int ncycles, int corrupt_kind, int corrupt_cyc, int qual,
            int base, int mode) {
  BASE = (uint32_t)base;
  g_mode = mode;
  /* fpga: 0 gem5, 1 fpga (v3 §10), 2 "mini" (an extra, legal corner point: wave_size 8,
   * coal_tokens 2, coal_lines 1, tcp_mshrs 1, TCP 4 sets x 2 ways, W 2, L1_LAT 2, O 1,
   * L2_LAT 1; must match tb_fe_lockstep.sv's MINI parameters) */
  if (fpga == 2) {
    gpu_fe_cfg_t m = {8u, 2u, 1u, 1u, 4u, 2u, 2u, 2u, 1u};
    g_cfg = m;
  } else {
    g_cfg = fpga ? gpu_fe_cfg_fpga() : gpu_fe_cfg_gem5();
  }
  g_l2_lat = fpga ? 1u : 2u;
  if (gpu_fe_cfg_check(&g_cfg)) return 1;
  g_rng = 0x9E3779B97F4A7C15ull ^ ((uint64_t)(uint32_t)seed * 0x100000001B3ull);
  if (!g_rng) g_rng = 1;
  for (int k = 0; k < 8; k++) (void)rnd();
  g_ncycles = (uint64_t)(uint32_t)ncycles;
  g_corrupt_kind = corrupt_kind;
  g_corrupt_cyc = (uint64_t)(uint32_t)corrupt_cyc;
  g_qual_req_ready = qual;
  g_err.cycle = 0;
  g_err.errors = 0;
  g_err.fatal = 0;
  for (unsigned p = 0; p < NCU; p++) {
    char n[32];
    m_coal[p] = gpu_coal_new(&g_cfg, p, &g_err);
    m_tcp[p] = gpu_tcp_new(&g_cfg, p, &g_err);
    snprintf(n, sizeof n, "gpu.TCP%u", p);
    m_arr[p] = ca_new(n, g_cfg.l1_sets, g_cfg.l1_ways, g_cfg.walk_lanes, 0, (int)g_cfg.tag_oreg,
                      &g_err);
    if (!m_coal[p] || !m_tcp[p] || !m_arr[p]) return 1;
    gen_inst(&g_port[p]);
  }
  m_arb = gpu_tcc_arb_new(&g_cfg, &g_err);
  if (!m_arb) return 1;
  for (uint32_t l = 0; l < NL; l++)
    for (uint32_t b = 0; b < 64; b++) tcc_mem[l][b] = (uint8_t)(l * 64 + b) * 7u + 3u;
  printf("fe_lockstep: config %s seed %d cycles %d corrupt %d@%d base 0x%x mode %d\n",
         fpga == 2 ? "mini" : fpga ? "fpga" : "gem5", seed, ncycles, corrupt_kind, corrupt_cyc, base, mode);
  return 0;
}

/* ---------------- DPI: inputs of this cycle ---------------- */
static void new_cycle_inputs(void) {
  g_stall = 0;
  if (rndn(8) == 0) g_stall |= 1u << 10;
  if (rndn(8) == 0) g_stall |= 1u << 11;
  if (rndn(64) == 0) g_hold ^= 1u;
  if (g_hold && rndn(16) == 0) g_hold = 0; /* keep hold pulses short */
  g_gen = tcc_st == 0 && rndn(8) != 0;     /* idle, and no higher-priority rule this cycle */
  if (g_mode == 2) {
    g_stall = 0;
    g_hold = 0;
    g_gen = tcc_st == 0;
  }
  for (unsigned p = 0; p < NCU; p++) {
    port_t *q = &g_port[p];
    /* once driven, a lane op stays driven until its handshake */
    if (!q->drive) q->drive = (g_mode == 1 || g_mode == 2) ? 1u : rndn(5) != 0;
    if (q->bp_len) {
      q->bp_len--;
      q->rrdy = 0;
    } else if (g_mode == 2) {
      q->rrdy = 1;
    } else if (rndn(200) == 0) {
      q->bp_len = 5u + rndn(60);
      q->rrdy = 0;
    } else {
      q->rrdy = rndn(4) != 0;
    }
  }
}

void fe_in_glob(svBit *gen, svBit *st_l, svBit *st_t, svBit *hold) {
  new_cycle_inputs();
  *gen = (svBit)g_gen;
  *st_l = (svBit)((g_stall >> 10) & 1u);
  *st_t = (svBit)((g_stall >> 11) & 1u);
  *hold = (svBit)g_hold;
}

static void tresp_of(unsigned p, uint32_t *v, uint32_t *we, uint32_t *i, const uint8_t **d) {
  *v = tcc_st == 2 && tcc_cu == p;
  *we = *v ? tcc_we : 0u;
  *i = *v ? tcc_i : 0u;
  *d = (*v && !tcc_we) ? tcc_rline : zero64;
}

void fe_in_cu(int cu, svBit *pv, svBit *pwe, int *paddr, int *pwdata, int *pstrb, svBit *plast,
              svBit *rrdy, svBit *trv, svBit *trwe, int *tresp_idx, svBitVecVal *trdata) {
  port_t *q = &g_port[cu];
  const lop_t *o = &q->ins[q->i];
  *pv = (svBit)q->drive;
  *pwe = (svBit)(q->drive ? o->we : 0u);
  /* mode 3: a random address (a line of the range) while valid = 0 (Q2 of the model's notes) */
  q->junk = (BASE + rndn(NL)) << 6;
  *paddr = (int)(q->drive ? o->addr : (g_mode == 3 ? q->junk : 0u));
  *pwdata = (int)(q->drive ? o->wdata : 0u);
  *pstrb = (int)(q->drive ? o->wstrb : 0u);
  *plast = (svBit)(q->drive ? o->last : 0u);
  *rrdy = (svBit)q->rrdy;
  uint32_t v, we, i;
  const uint8_t *d;
  tresp_of((unsigned)cu, &v, &we, &i, &d);
  *trv = (svBit)v;
  *trwe = (svBit)we;
  *tresp_idx = (int)i;
  memcpy(trdata, d, 64);
}

/* ---------------- DPI: RTL outputs of this cycle ---------------- */
void fe_out_cu(int cu, svBit req_ready, svBit resp_valid, int resp_rdata, svBit lreq_valid,
               int lreq_line, svBit lreq_we, long long lreq_mask, const svBitVecVal *lreq_data,
               int lreq_slot, int lreq_k, svBit lreq_ready, svBit cd_we, int cd_slot, int cd_k,
               const svBitVecVal *cd_wdata, svBit done, int done_slot, int done_k,
               svBit tq_push, svBit tq_hv, int tq_line, svBit tq_we, long long tq_mask,
               const svBitVecVal *tq_data, int tq_i, svBit tresp_ready, svBit idle, int mc,
               int ev_coal, int ev_tcp) {
  rtl_cu_t *r = &r_cu[cu];
  r->req_ready = req_ready;
  r->resp_valid = resp_valid;
  r->resp_rdata = (uint32_t)resp_rdata;
  r->lreq_valid = lreq_valid;
  r->lreq_line = (uint32_t)lreq_line;
  r->lreq_we = lreq_we;
  r->lreq_mask = (uint64_t)lreq_mask;
  memcpy(r->lreq_data, lreq_data, 64);
  r->lreq_slot = (uint32_t)lreq_slot;
  r->lreq_k = (uint32_t)lreq_k;
  r->lreq_ready = lreq_ready;
  r->cd_we = cd_we;
  r->cd_slot = (uint32_t)cd_slot;
  r->cd_k = (uint32_t)cd_k;
  memcpy(r->cd_wdata, cd_wdata, 64);
  r->done = done;
  r->done_slot = (uint32_t)done_slot;
  r->done_k = (uint32_t)done_k;
  r->tq_push = tq_push;
  r->tq_hv = tq_hv;
  r->tq_line = (uint32_t)tq_line;
  r->tq_we = tq_we;
  r->tq_mask = (uint64_t)tq_mask;
  memcpy(r->tq_data, tq_data, 64);
  r->tq_i = (uint32_t)tq_i;
  r->tresp_ready = tresp_ready;
  r->idle = idle;
  r->mc = (uint32_t)mc;
  if (getenv("FE_DEBUG"))
    printf("dbg cyc %llu cu %d: pv? prdy %d ev_coal %d ev_tcp %d\n", (unsigned long long)g_cyc, cu,
           req_ready, ev_coal, ev_tcp);
  r->ev_inst = (uint32_t)ev_coal & 1u;
  r->ev_lane = ((uint32_t)ev_coal >> 1) & 1u;
  r->ev_lreq = ((uint32_t)ev_coal >> 2) & 1u;
  r->ev_split = ((uint32_t)ev_coal >> 3) & 1u;
  r->ev_hit = (uint32_t)ev_tcp & 1u;
  r->ev_alias = ((uint32_t)ev_tcp >> 1) & 1u;
  r->ev_full = ((uint32_t)ev_tcp >> 2) & 1u;
  r->ev_hold = ((uint32_t)ev_tcp >> 3) & 1u;
}

void fe_out_glob(svBit grant, int gcu, int count, int waits) {
  r_grant = grant;
  r_gcu = (uint32_t)gcu;
  r_count = (uint32_t)count;
  r_waits = (uint32_t)waits;
}

/* ---------------- compare ---------------- */
static int cmp(const char *sig, int cu, uint64_t rtl, uint64_t mod) {
  g_ncmp++;
  if (rtl == mod) return 0;
  if (!g_mism) {
    if (cu >= 0)
      printf("MISMATCH cycle %llu: %s[%d]: RTL 0x%llx, model 0x%llx\n", (unsigned long long)g_cyc,
             sig, cu, (unsigned long long)rtl, (unsigned long long)mod);
    else
      printf("MISMATCH cycle %llu: %s: RTL 0x%llx, model 0x%llx\n", (unsigned long long)g_cyc,
             sig, (unsigned long long)rtl, (unsigned long long)mod);
  }
  g_mism++;
  return 1;
}

/* byte-wise compare of two lines under a mask; returns the first differing byte or -1 */
static int line_diff(const uint8_t *a, const uint8_t *b, uint64_t mask) {
  for (int i = 0; i < 64; i++)
    if (((mask >> i) & 1u) && a[i] != b[i]) return i;
  return -1;
}
static int cmp_line(const char *sig, int cu, const uint8_t *rtl, const uint8_t *mod,
                    uint64_t mask) {
  int b = line_diff(rtl, mod, mask);
  if (b < 0) {
    g_ncmp++;
    return 0;
  }
  char s[64];
  snprintf(s, sizeof s, "%s.byte%d", sig, b);
  return cmp(s, cu, rtl[b], mod[b]);
}

static void dump_state(void) {
  for (unsigned p = 0; p < NCU; p++) {
    printf("  model CU%u: tst %s mc %u tq %u | ist %s tail %u ip %u head %u slots", p,
           gpu_tcp_state_name(gpu_tcp_state(m_tcp[p])), gpu_tcp_mc(m_tcp[p]),
           gpu_tcp_tq_count(m_tcp[p]), gpu_coal_ist_name(gpu_coal_ist(m_coal[p])),
           gpu_coal_tail(m_coal[p]), gpu_coal_ip(m_coal[p]), gpu_coal_head(m_coal[p]));
    for (uint32_t j = 0; j < g_cfg.coal_tokens; j++)
      printf(" %s(nl %u nlane %u nd %u)", gpu_coal_slot_state_name(gpu_coal_slot_state(m_coal[p], j)),
             gpu_coal_slot_nl(m_coal[p], j), gpu_coal_slot_nlane(m_coal[p], j),
             gpu_coal_slot_ndone(m_coal[p], j));
    printf("\n  stim CU%u: drive %u we %u addr 0x%x last %u rrdy %u\n", p, g_port[p].drive,
           g_port[p].ins[g_port[p].i].we, g_port[p].ins[g_port[p].i].addr,
           g_port[p].ins[g_port[p].i].last, g_port[p].rrdy);
  }
  printf("  TCC stand-in: st %d cu %u we %u; gen %u stall 0x%x hold %u; ord %u\n", tcc_st, tcc_cu,
         tcc_we, g_gen, g_stall, g_hold, gpu_tcc_arb_count(m_arb));
}

/* ---------------- DPI: the model's cycle, compare, advance ---------------- */
int fe_step(void) {
  gpu_coal_out_t co[NCU];
  gpu_tcp_in_t ti[NCU];
  gpu_tcp_out_t to[NCU];
  gpu_coal_in_t ci[NCU];
  uint32_t words[NCU][128];
  uint32_t hv[NCU];
  /* I1: coal Moore -> TCC Moore (stand-in) -> tcp eval -> arb eval -> grant -> coal Mealy */
  for (unsigned p = 0; p < NCU; p++) gpu_coal_moore(m_coal[p], &co[p]);
  for (unsigned p = 0; p < NCU; p++) {
    gpu_tcp_in_t *i = &ti[p];
    memset(i, 0, sizeof *i);
    i->lreq_valid = co[p].lreq_valid;
    i->lreq_line = co[p].lreq_line;
    i->lreq_we = co[p].lreq_we;
    i->lreq_slot = co[p].lreq_slot;
    i->lreq_k = co[p].lreq_k;
    i->lreq_mask = co[p].lreq_mask;
    i->lreq_data = co[p].lreq_data;
    tresp_of(p, &i->tresp_valid, &i->tresp_we, &i->tresp_i, &i->tresp_data);
    i->tcp_hold = g_hold;
    i->stall = g_stall;
    uint32_t b = gpu_tcp_bank(m_tcp[p]);
    ca_tag_q_all(m_arr[p], b, words[p]);
    i->tag_q = words[p];
    i->rr_q = ca_rr_q(m_arr[p], b);
    i->data_q = ca_data_q(m_arr[p], b);
    gpu_tcp_eval(m_tcp[p], i, &to[p]);
    hv[p] = to[p].tq_head_valid;
  }
  gpu_tcc_arb_out_t ao;
  gpu_tcc_arb_eval(m_arb, hv, &ao);
  uint32_t m_grant = g_gen && ao.req;
  for (unsigned p = 0; p < NCU; p++) {
    gpu_coal_in_t *i = &ci[p];
    const port_t *q = &g_port[p];
    const lop_t *o = &q->ins[q->i];
    memset(i, 0, sizeof *i);
    i->req_valid = q->drive;
    if (!q->drive && g_mode == 3) i->req_addr = q->junk;
    if (q->drive) {
      i->req_we = o->we;
      i->req_addr = o->addr;
      i->req_wdata = o->wdata;
      i->req_wstrb = o->wstrb;
      i->req_last = o->last;
    }
    i->resp_ready = q->rrdy;
    i->lreq_ready = to[p].lreq_ready;
    i->done_valid = to[p].done_valid;
    i->done_slot = to[p].done_slot;
    i->done_k = to[p].done_k;
    i->cwr_valid = to[p].cwr_valid;
    i->cwr_slot = to[p].cwr_slot;
    i->cwr_k = to[p].cwr_k;
    i->cwr_data = to[p].cwr_data;
    gpu_coal_mealy(m_coal[p], i, &co[p]);
  }

  /* harness self-check: corrupt one model output before the compare */
  if (g_corrupt_kind && !g_corrupted && g_cyc >= g_corrupt_cyc) {
    if (g_corrupt_kind == 1) {
      co[0].req_ready ^= 1u;
      g_corrupted = 1;
    } else if (g_corrupt_kind == 2 && co[0].resp_valid) {
      co[0].resp_rdata ^= 0x100u;
      g_corrupted = 1;
    }
  }

  /* ---- compare (v3 §11 and the internal channels between the blocks) ---- */
  for (unsigned p = 0; p < NCU; p++) {
    const rtl_cu_t *r = &r_cu[p];
    int c = (int)p;
    if (!g_qual_req_ready || ci[p].req_valid) cmp("port_req_ready", c, r->req_ready, co[p].req_ready);
    cmp("port_resp_valid", c, r->resp_valid, co[p].resp_valid);
    if (r->resp_valid && co[p].resp_valid)
      cmp("port_resp_rdata", c, r->resp_rdata, co[p].resp_rdata);
    cmp("gpu_lreq_valid", c, r->lreq_valid, co[p].lreq_valid);
    cmp("gpu_lreq_ready", c, r->lreq_ready, to[p].lreq_ready);
    if (r->lreq_valid && co[p].lreq_valid) {
      cmp("gpu_lreq_line", c, r->lreq_line, co[p].lreq_line);
      cmp("lreq_we", c, r->lreq_we, co[p].lreq_we);
      cmp("lreq_slot", c, r->lreq_slot, co[p].lreq_slot);
      cmp("lreq_k", c, r->lreq_k, co[p].lreq_k);
      if (co[p].lreq_we) {
        cmp("lreq_mask", c, r->lreq_mask, co[p].lreq_mask);
        cmp_line("lreq_data", c, r->lreq_data, co[p].lreq_data, co[p].lreq_mask);
      }
    }
    cmp("tcp_cdata_we", c, r->cd_we, to[p].cwr_valid);
    if (r->cd_we && to[p].cwr_valid) {
      cmp("tcp_cdata_slot", c, r->cd_slot, to[p].cwr_slot);
      cmp("tcp_cdata_k", c, r->cd_k, to[p].cwr_k);
      cmp_line("tcp_cdata_wdata", c, r->cd_wdata, to[p].cwr_data, ~0ull);
    }
    cmp("tcp_done", c, r->done, to[p].done_valid);
    if (r->done && to[p].done_valid) {
      cmp("tcp_done_slot", c, r->done_slot, to[p].done_slot);
      cmp("tcp_done_k", c, r->done_k, to[p].done_k);
    }
    cmp("tq_push", c, r->tq_push, to[p].tq_push);
    cmp("tq_head_valid", c, r->tq_hv, to[p].tq_head_valid);
    cmp("gpu_tresp_ready", c, r->tresp_ready, to[p].tresp_ready);
    cmp("tcp_idle", c, r->idle, to[p].idle);
    cmp("tcp_mc", c, r->mc, gpu_tcp_mc(m_tcp[p]));
  }
  cmp("tcc_grant", -1, r_grant, m_grant);
  if (r_grant && m_grant) {
    cmp("tcc_grant_cu", -1, r_gcu, ao.cu);
    const rtl_cu_t *r = &r_cu[r_gcu];
    const gpu_tcp_out_t *h = &to[ao.cu];
    cmp("tq_head.line", (int)r_gcu, r->tq_line, h->tq_line);
    cmp("tq_head.we", (int)r_gcu, r->tq_we, h->tq_we);
    cmp("tq_head.i", (int)r_gcu, r->tq_i, h->tq_i);
    if (h->tq_we) {
      cmp("tq_head.mask", (int)r_gcu, r->tq_mask, h->tq_mask);
      cmp_line("tq_head.data", (int)r_gcu, r->tq_data, h->tq_data, h->tq_mask);
    }
  }
  cmp("ord_count", -1, r_count, gpu_tcc_arb_count(m_arb));

  /* ---- model edge ---- */
  for (unsigned p = 0; p < NCU; p++) {
    const gpu_tcp_arr_t *a = &to[p].arr;
    if (a->tag_rd) ca_tag_read(m_arr[p], a->bank, a->row, 1);
    if (a->data_rd) ca_data_read(m_arr[p], a->bank, a->row, a->data_rd_way);
    if (a->tag_wr) ca_tag_write(m_arr[p], a->bank, a->row, a->tag_wr_way, a->tag_wr_word);
    if (a->rr_wr) ca_rr_write(m_arr[p], a->bank, a->row, a->rr_wr_val);
    if (a->data_wr) ca_data_write(m_arr[p], a->bank, a->row, a->data_wr_way, a->data_wr_line, ~0ull);
  }
  uint32_t pushm = 0;
  for (unsigned p = 0; p < NCU; p++) {
    gpu_coal_step(m_coal[p], &ci[p], &co[p]);
    ti[p].tq_pop = m_grant && ao.cu == p;
    gpu_tcp_step(m_tcp[p], &ti[p], &to[p]);
    pushm |= to[p].tq_push << p;
    ca_clock(m_arr[p], 1);
  }
  gpu_tcc_arb_step(m_arb, pushm, m_grant);

  /* ---- RTL statistics: sum this cycle's events (the counter owner's job, §11) ---- */
  for (unsigned p = 0; p < NCU; p++) {
    const rtl_cu_t *r = &r_cu[p];
    rs_insts += r->ev_inst;
    rs_lane_ops += r->ev_lane;
    rs_line_reqs += r->ev_lreq;
    rs_splits += r->ev_split;
    rs_hits += r->ev_hit;
    rs_alias += r->ev_alias;
    rs_full += r->ev_full;
    rs_hold += r->ev_hold;
  }
  rs_arb_waits += r_waits;
  /* tcp_mshr_max: running max of the RTL's mc_o (value before the edge); the model's
   * mc is compared each cycle against mc_o (m_mc_prev: the model's mc after the last edge) */
  for (unsigned p = 0; p < NCU; p++)
    if (r_cu[p].mc > rs_mshr_max) rs_mshr_max = r_cu[p].mc;
  uint32_t m_insts = 0, m_lane = 0, m_lreq = 0, m_split = 0, m_hit = 0, m_alias = 0, m_full = 0,
           m_hold = 0, m_max = 0;
  for (unsigned p = 0; p < NCU; p++) {
    const gpu_coal_stats_t *s = gpu_coal_stats(m_coal[p]);
    const gpu_tcp_stats_t *t = gpu_tcp_stats(m_tcp[p]);
    m_insts += s->gpu_insts;
    m_lane += s->gpu_lane_ops;
    m_lreq += s->line_reqs;
    m_split += s->coal_splits;
    m_hit += t->tcp_hits;
    m_alias += t->alias_waits;
    m_full += t->mshr_full;
    m_hold += t->hold_waits;
    if (t->mshr_max > m_max) m_max = t->mshr_max;
    (void)m_max;
  }
  if (g_corrupt_kind == 3 && !g_corrupted && g_cyc >= g_corrupt_cyc) {
    m_hit++;
    g_corrupted = 1;
  }
  cmp("stat_gpu_insts", -1, rs_insts, m_insts);
  cmp("stat_gpu_lane_ops", -1, rs_lane_ops, m_lane);
  cmp("stat_gpu_line_reqs", -1, rs_line_reqs, m_lreq);
  cmp("stat_coal_splits", -1, rs_splits, m_split);
  cmp("stat_tcp_hits", -1, rs_hits, m_hit);
  cmp("stat_tcp_alias_waits", -1, rs_alias, m_alias);
  cmp("stat_tcp_mshr_full", -1, rs_full, m_full);
  cmp("stat_tcp_hold_waits", -1, rs_hold, m_hold);
  cmp("stat_tcc_arb_waits", -1, rs_arb_waits, gpu_tcc_arb_waits(m_arb));
  if (g_mism) {
    dump_state();
    return 1;
  }

  /* ---- advance the stimulus and the TCC stand-in from the RTL's handshakes ---- */
  for (unsigned p = 0; p < NCU; p++) {
    port_t *q = &g_port[p];
    const rtl_cu_t *r = &r_cu[p];
    if (q->drive && r->req_ready) {
      q->drive = 0;
      if (++q->i == q->n) gen_inst(q);
    }
    if (r->resp_valid && q->rrdy) g_resps++;
    if (r->lreq_valid && r->lreq_ready) g_lreqs++;
  }
  if (tcc_st == 0 && r_grant) {
    const rtl_cu_t *h = &r_cu[r_gcu];
    uint32_t li = h->tq_line - BASE;
    if (li >= NL) {
      printf("ERROR cycle %llu: granted line 0x%x out of range\n", (unsigned long long)g_cyc,
             h->tq_line);
      g_mism++;
      return 1;
    }
    if (h->tq_we) {
      for (unsigned b = 0; b < 64; b++)
        if ((h->tq_mask >> b) & 1u) tcc_mem[li][b] = h->tq_data[b];
      memset(tcc_rline, 0, 64);
    } else {
      memcpy(tcc_rline, tcc_mem[li], 64);
    }
    tcc_cu = r_gcu;
    tcc_we = h->tq_we;
    tcc_i = h->tq_i;
    /* grant in g -> tresp_valid from g + L2_LAT + O + 4 (§6.3), plus a random delay */
    tcc_cnt = g_l2_lat + g_cfg.tag_oreg + 3u + (rndn(3) == 0 && g_mode != 2 ? rndn(8) : 0u);
    tcc_st = 1;
    g_grants++;
  } else if (tcc_st == 1) {
    if (tcc_cnt == 1u) tcc_st = 2;
    else tcc_cnt--;
  } else if (tcc_st == 2 && r_cu[tcc_cu].tresp_ready) {
    tcc_st = 0;
  }

  g_cyc++;
  g_err.cycle = g_cyc;
  if (g_err.errors) {
    printf("ERROR: the model reported %u invariant errors\n", g_err.errors);
    g_mism++;
    return 1;
  }
  return g_cyc >= g_ncycles ? 1 : 0;
}

/* final report; returns 0 on PASS */
int fe_final(void) {
  /* tcp_mshr_max: exact at the end, both are maxima of the same mc sequence */
  uint32_t m_max = 0;
  for (unsigned p = 0; p < NCU; p++) {
    uint32_t v = gpu_tcp_stats(m_tcp[p])->mshr_max;
    if (v > m_max) m_max = v;
    if (r_cu[p].mc > rs_mshr_max) rs_mshr_max = r_cu[p].mc;
  }
  if (!g_mism) cmp("stat_tcp_mshr_max(end)", -1, rs_mshr_max, m_max);
  printf("stats: insts %u lane_ops %u line_reqs %u splits %u tcp_hits %u alias %u mshr_full %u "
         "hold %u arb_waits %u mshr_max %u; resps %llu lreqs %llu grants %llu\n",
         rs_insts, rs_lane_ops, rs_line_reqs, rs_splits, rs_hits, rs_alias, rs_full, rs_hold,
         rs_arb_waits, rs_mshr_max, (unsigned long long)g_resps, (unsigned long long)g_lreqs,
         (unsigned long long)g_grants);
  printf("%llu cycles, %u mismatches (%llu compares)\n", (unsigned long long)g_cyc, g_mism,
         (unsigned long long)g_ncmp);
  printf("%s\n", g_mism ? "FAIL" : "PASS");
  return g_mism ? 1 : 0;
}

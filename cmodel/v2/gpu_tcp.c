/* gpu_tcp model: ARCHITECTURE_v3_gpu_frontend.md §5 (ready equations §5.2, states §5.3),
 * tq as the rinv_fifo equations of ARCHITECTURE_v2.md §4.2, same-edge order §8 item 2. */
#include "gpu_tcp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache_array.h"

enum { TIDLE = GPU_TCP_TIDLE, TRD, TCM, TAC, TDT, TFRD, TFCM, TFAC };

/* tq: one rinv_fifo whose wide entry is kept in three cells addressed together */
typedef struct tq {
  sram_t *meta; /* line | we << 26 | (uint64_t)i << 32 */
  sram_t *mask;
  sram_t *data;
  uint32_t cap, rd, wr, mcnt, hv;
} tq_t;

struct gpu_tcp {
  gpu_fe_cfg_t cfg;
  uint32_t rows, set_bits, lane_bits, lat; /* lat = L1_LAT + O */
  uint32_t tst, cnt;
  /* request latch; x is the line being worked on (request, or the fill's m[i].line) */
  uint32_t x, we, slot, k;
  uint64_t mask;
  uint8_t data[64];
  /* response latch */
  uint8_t rline[64];
  uint32_t ri;
  /* registered compare (TCm / TFCm) */
  uint32_t hit, hit_way, has_inv, inv_way, rr;
  /* MSHRs */
  uint8_t *mv, *mwe;
  uint32_t *mline, *mslot, *mk;
  uint32_t mc;
  uint32_t mz; /* valid MSHRs of line 0 (speed: a TCP without request asks alias_of(0)) */
  tq_t tq;
  gpu_tcp_stats_t stats;
  rinv_err_t *err;
};

static unsigned log2u(uint32_t v) {
  unsigned b = 0;
  while ((1u << b) < v) b++;
  return b;
}

gpu_tcp_t *gpu_tcp_new(const gpu_fe_cfg_t *cfg, unsigned cu, rinv_err_t *err) {
  if (gpu_fe_cfg_check(cfg)) return NULL;
  gpu_tcp_t *t = calloc(1, sizeof *t);
  if (!t) return NULL;
  t->cfg = *cfg;
  t->rows = cfg->l1_sets / cfg->walk_lanes;
  t->set_bits = log2u(cfg->l1_sets);
  t->lane_bits = log2u(cfg->walk_lanes);
  t->lat = cfg->l1_lat + (cfg->tag_oreg ? 1u : 0u);
  t->err = err;
  uint32_t n = cfg->tcp_mshrs;
  t->mv = calloc(n, 1);
  t->mwe = calloc(n, 1);
  t->mline = calloc(n, sizeof *t->mline);
  t->mslot = calloc(n, sizeof *t->mslot);
  t->mk = calloc(n, sizeof *t->mk);
  char nm[48];
  snprintf(nm, sizeof nm, "gpu.tq%u.meta", cu);
  t->tq.meta = sram_new(nm, n, 8, err);
  snprintf(nm, sizeof nm, "gpu.tq%u.mask", cu);
  t->tq.mask = sram_new(nm, n, 8, err);
  snprintf(nm, sizeof nm, "gpu.tq%u.data", cu);
  t->tq.data = sram_new(nm, n, 64, err);
  t->tq.cap = n;
  if (!t->mv || !t->mwe || !t->mline || !t->mslot || !t->mk || !t->tq.meta || !t->tq.mask ||
      !t->tq.data) {
    gpu_tcp_free(t);
    return NULL;
  }
  gpu_tcp_reset(t);
  return t;
}

void gpu_tcp_free(gpu_tcp_t *t) {
  if (!t) return;
  free(t->mv);
  free(t->mwe);
  free(t->mline);
  free(t->mslot);
  free(t->mk);
  sram_free(t->tq.meta);
  sram_free(t->tq.mask);
  sram_free(t->tq.data);
  free(t);
}

void gpu_tcp_reset(gpu_tcp_t *t) {
  uint32_t n = t->cfg.tcp_mshrs;
  t->tst = TIDLE;
  t->cnt = 0;
  t->x = t->we = t->slot = t->k = 0;
  t->mask = 0;
  memset(t->data, 0, sizeof t->data);
  memset(t->rline, 0, sizeof t->rline);
  t->ri = 0;
  t->hit = t->hit_way = t->has_inv = t->inv_way = t->rr = 0;
  memset(t->mv, 0, n);
  memset(t->mwe, 0, n);
  memset(t->mline, 0, n * sizeof *t->mline);
  memset(t->mslot, 0, n * sizeof *t->mslot);
  memset(t->mk, 0, n * sizeof *t->mk);
  t->mc = t->mz = 0;
  t->tq.rd = t->tq.wr = t->tq.mcnt = t->tq.hv = 0;
  memset(&t->stats, 0, sizeof t->stats);
}

static uint32_t bank_of(const gpu_tcp_t *t, uint32_t line) {
  return line & (t->cfg.walk_lanes - 1u);
}
static uint32_t row_of(const gpu_tcp_t *t, uint32_t line) {
  return (line >> t->lane_bits) & (t->rows - 1u);
}
static uint32_t tag_of(const gpu_tcp_t *t, uint32_t line) { return line >> t->set_bits; }

static int alias_of(const gpu_tcp_t *t, uint32_t line) {
  if (line == 0u && t->mz == 0u) return 0; /* no valid MSHR holds line 0 (speed) */
  /* visits valid MSHRs only until mc of them are seen (speed; same answer) */
  for (uint32_t i = 0, n = 0; n < t->mc; i++) {
    if (!t->mv[i]) continue;
    n++;
    if (t->mline[i] == line) return 1;
  }
  return 0;
}

static void mshr_clear(gpu_tcp_t *t, uint32_t i) {
  t->mz -= t->mv[i] && t->mline[i] == 0u;
  t->mv[i] = 0;
}

/* lowest free MSHR, or -1 */
static int free_mshr(const gpu_tcp_t *t) {
  for (uint32_t i = 0; i < t->cfg.tcp_mshrs; i++) {
    if (!t->mv[i]) return (int)i;
  }
  return -1;
}

/* the fill's victim (§5.3 TFAc, v2 §6.1): lowest invalid way, else rr */
static uint32_t victim(const gpu_tcp_t *t) { return t->has_inv ? t->inv_way : t->rr; }

void gpu_tcp_eval(const gpu_tcp_t *t, const gpu_tcp_in_t *in, gpu_tcp_out_t *out) {
  static const uint8_t zero[64];
  uint32_t s10 = (in->stall >> 10) & 1u, s11 = (in->stall >> 11) & 1u;
  int idle = t->tst == TIDLE;
  out->tresp_ready = idle && !s11;
  int room = !in->tcp_hold && !in->tresp_valid && t->mc < t->cfg.tcp_mshrs && !s10;
  /* asked once, for lreq_ready and for the edge's alias_waits */
  out->alias = idle && (room || in->lreq_valid) ? (uint32_t)alias_of(t, in->lreq_line) : 0u;
  out->lreq_ready = idle && room && !out->alias;
  out->done_valid = out->done_slot = out->done_k = 0;
  out->cwr_valid = out->cwr_slot = out->cwr_k = 0;
  out->cwr_data = zero;
  out->tq_push = t->tst == TAC && (t->we || !t->hit);
  out->tq_head_valid = t->tq.hv;
  uint64_t meta = sram_rdata_u64(t->tq.meta);
  out->tq_line = (uint32_t)meta & ((1u << 26) - 1u);
  out->tq_we = (uint32_t)(meta >> 26) & 1u;
  out->tq_i = (uint32_t)(meta >> 32);
  out->tq_mask = sram_rdata_u64(t->tq.mask);
  out->tq_data = sram_rdata(t->tq.data);
  out->idle = idle && t->mc == 0u;
  gpu_tcp_arr_t *a = &out->arr;
  memset(a, 0, sizeof *a);
  a->data_wr_line = zero;
  a->bank = bank_of(t, t->x);
  a->row = row_of(t, t->x);
  switch (t->tst) {
    case TIDLE:
      if (in->tresp_valid && out->tresp_ready && in->tresp_we) { /* store ack */
        uint32_t i = in->tresp_i % t->cfg.tcp_mshrs;
        out->done_valid = 1;
        out->done_slot = t->mslot[i];
        out->done_k = t->mk[i];
      }
      break;
    case TRD:
    case TFRD:
      a->tag_rd = t->cnt == t->lat - 1u;
      break;
    case TAC:
      if (!t->we && t->hit) {
        a->data_rd = 1;
        a->data_rd_way = t->hit_way;
      } else if (t->we && t->hit) { /* D8: a store leaves the TCP line invalid */
        a->tag_wr = 1;
        a->tag_wr_way = t->hit_way;
        a->tag_wr_word = TS_MAKE(tag_of(t, t->x), 0u);
      }
      break;
    case TDT:
      out->cwr_valid = 1;
      out->cwr_slot = t->slot;
      out->cwr_k = t->k;
      out->cwr_data = in->data_q;
      out->done_valid = 1;
      out->done_slot = t->slot;
      out->done_k = t->k;
      break;
    case TFAC: {
      uint32_t v = victim(t);
      a->tag_wr = 1;
      a->tag_wr_way = v;
      a->tag_wr_word = TS_MAKE(tag_of(t, t->x), TS_VALID);
      a->data_wr = 1;
      a->data_wr_way = v;
      a->data_wr_line = t->rline;
      if (!t->has_inv && t->cfg.l1_ways > 1u) {
        a->rr_wr = 1;
        a->rr_wr_val = (t->rr + 1u) % t->cfg.l1_ways;
      }
      out->cwr_valid = 1;
      out->cwr_slot = t->mslot[t->ri];
      out->cwr_k = t->mk[t->ri];
      out->cwr_data = t->rline;
      out->done_valid = 1;
      out->done_slot = t->mslot[t->ri];
      out->done_k = t->mk[t->ri];
      break;
    }
    default:
      break;
  }
}

/* TCm / TFCm: register the compare of the words read in the Rd state's first cycle */
static void compare(gpu_tcp_t *t, const gpu_tcp_in_t *in) {
  uint32_t tag = tag_of(t, t->x);
  t->hit = t->has_inv = 0;
  t->hit_way = t->inv_way = 0;
  for (uint32_t w = 0; w < t->cfg.l1_ways; w++) {
    uint32_t q = in->tag_q[w];
    if ((q & TS_VALID) && TS_TAG(q) == tag && !t->hit) {
      t->hit = 1;
      t->hit_way = w;
    }
    if (!(q & TS_VALID) && !t->has_inv) {
      t->has_inv = 1;
      t->inv_way = w;
    }
  }
  t->rr = t->cfg.l1_ways > 1u ? in->rr_q % t->cfg.l1_ways : 0u;
}

static void tq_edge(gpu_tcp_t *t, int push, uint64_t meta, uint64_t mask, const uint8_t *data,
                    int pop) {
  tq_t *q = &t->tq;
  uint32_t count = q->mcnt + q->hv;
  if (pop && !q->hv) rinv_err_report(t->err, "TCP: tq pop while its head is not valid");
  if (push && count >= q->cap) rinv_err_report(t->err, "TCP: tq push while full");
  int push_ok = push && count < q->cap;
  int re = q->mcnt > 0u && (!q->hv || pop);
  if (re) {
    sram_read(q->meta, q->rd);
    sram_read(q->mask, q->rd);
    sram_read(q->data, q->rd);
  }
  if (push_ok) {
    sram_write(q->meta, q->wr, &meta, ~0ull);
    sram_write(q->mask, q->wr, &mask, ~0ull);
    sram_write(q->data, q->wr, data, ~0ull);
  }
  sram_clock(q->meta);
  sram_clock(q->mask);
  sram_clock(q->data);
  q->hv = re || (q->hv && !pop);
  if (re) q->rd = (q->rd + 1u) % q->cap;
  q->mcnt = q->mcnt - (uint32_t)re + (uint32_t)push_ok;
  if (push_ok) q->wr = (q->wr + 1u) % q->cap;
}

void gpu_tcp_step(gpu_tcp_t *t, const gpu_tcp_in_t *in, const gpu_tcp_out_t *out) {
  static const uint8_t zero[64];
  /* per-cycle counters (§5.2), on values before the edge */
  if (in->lreq_valid && t->tst == TIDLE) {
    t->stats.alias_waits += out->alias;
    t->stats.mshr_full += t->mc == t->cfg.tcp_mshrs;
    t->stats.hold_waits += in->tcp_hold != 0u;
  }
  int push = 0;
  uint64_t pmeta = 0, pmask = 0;
  const uint8_t *pdata = zero;
  switch (t->tst) {
    case TIDLE:
      if (in->tresp_valid && out->tresp_ready) {
        uint32_t i = in->tresp_i % t->cfg.tcp_mshrs;
        if (!t->mv[i] || t->mwe[i] != (in->tresp_we & 1u)) {
          rinv_err_report(t->err, "TCP: response for MSHR %u (valid %u, we %u) with we %u", i,
                          t->mv[i], t->mwe[i], in->tresp_we);
        }
        if (in->tresp_we) { /* store ack: done at this edge, stay TIdle */
          mshr_clear(t, i);
          t->mc--;
        } else { /* load data: latch the line and i */
          memcpy(t->rline, in->tresp_data, 64);
          t->ri = i;
          t->x = t->mline[i];
          t->tst = TFRD;
          t->cnt = t->lat - 1u;
        }
      } else if (in->lreq_valid && out->lreq_ready) {
        t->x = in->lreq_line & ((1u << 26) - 1u);
        t->we = in->lreq_we & 1u;
        t->mask = t->we ? in->lreq_mask : 0u;
        memcpy(t->data, in->lreq_data, 64);
        t->slot = in->lreq_slot;
        t->k = in->lreq_k;
        t->tst = TRD;
        t->cnt = t->lat - 1u;
      }
      break;
    case TRD:
    case TFRD:
      if (t->cnt) t->cnt--;
      else t->tst = t->tst == TRD ? TCM : TFCM;
      break;
    case TCM:
      compare(t, in);
      t->tst = TAC;
      break;
    case TFCM:
      compare(t, in);
      if (t->hit) rinv_err_report(t->err, "TCP: fill of line 0x%x that is already valid", t->x);
      t->tst = TFAC;
      break;
    case TAC:
      if (!t->we && t->hit) {
        t->stats.tcp_hits++;
        t->tst = TDT;
      } else {
        int i = free_mshr(t);
        if (i < 0) {
          rinv_err_report(t->err, "TCP: no free MSHR in TAc");
          i = 0;
        }
        mshr_clear(t, (uint32_t)i); /* (valid only after the error above) */
        t->mv[i] = 1;
        t->mz += t->x == 0u;
        t->mwe[i] = (uint8_t)t->we;
        t->mline[i] = t->x;
        t->mslot[i] = t->slot;
        t->mk[i] = t->k;
        t->mc++;
        push = 1;
        pmeta = t->x | ((uint64_t)t->we << 26) | ((uint64_t)(uint32_t)i << 32);
        pmask = t->we ? t->mask : 0u;
        pdata = t->we ? t->data : zero;
        t->tst = TIDLE;
      }
      break;
    case TDT:
      t->tst = TIDLE;
      break;
    case TFAC:
      mshr_clear(t, t->ri);
      t->mc--;
      t->tst = TIDLE;
      break;
    default:
      break;
  }
  tq_edge(t, push, pmeta, pmask, pdata, in->tq_pop != 0u);
  if (t->mc > t->stats.mshr_max) t->stats.mshr_max = t->mc;
}

uint32_t gpu_tcp_bank(const gpu_tcp_t *t) { return bank_of(t, t->x); }

const gpu_tcp_stats_t *gpu_tcp_stats(const gpu_tcp_t *t) { return &t->stats; }
uint32_t gpu_tcp_state(const gpu_tcp_t *t) { return t->tst; }
uint32_t gpu_tcp_mc(const gpu_tcp_t *t) { return t->mc; }
uint32_t gpu_tcp_mshr_valid(const gpu_tcp_t *t, uint32_t i) {
  return i < t->cfg.tcp_mshrs ? t->mv[i] : 0u;
}
uint32_t gpu_tcp_mshr_line(const gpu_tcp_t *t, uint32_t i) {
  return i < t->cfg.tcp_mshrs ? t->mline[i] : 0u;
}
uint32_t gpu_tcp_tq_count(const gpu_tcp_t *t) { return t->tq.mcnt + t->tq.hv; }
uint32_t gpu_tcp_quiet(const gpu_tcp_t *t) {
  return t->tst == TIDLE && t->mc == 0u && t->tq.mcnt == 0u && !t->tq.hv;
}

uint32_t gpu_tcp_blocked(const gpu_tcp_t *t) {
  return t->tst == TIDLE && (t->tq.hv || t->tq.mcnt == 0u);
}

const char *gpu_tcp_state_name(uint32_t tst) {
  static const char *const n[] = {"TIdle", "TRd", "TCm", "TAc", "TDt", "TFRd", "TFCm", "TFAc"};
  return tst < 8u ? n[tst] : "?";
}

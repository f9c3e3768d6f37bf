/* Unit tests of the GPU front-end blocks (ARCHITECTURE_v3_gpu_frontend.md §4-§6.1):
 * gpu_coal, gpu_tcp, gpu_tcc_arb, standalone (not integrated into cc.c or the harness).
 *
 * The bench wires 4 coalescers, 4 TCPs with real TCP arrays (cache_array, v2 §4.3), the
 * order queue and a TCC stub that stands in for the GPU side_cc (§6.2-§6.3): it grants in
 * StIdle when the arbiter offers a request (optionally not before a given cycle), answers
 * every request as a TCC hit with the latency of §6.3 (grant in g -> tresp_valid from
 * g + L2_LAT + O + 4), and keeps a line memory (word w of line L = L << 4 | w initially),
 * merging stores with their mask at the grant. Expected values are derived by hand from the
 * contract (cycle numbers of §12, §4.3, §4.4, §5.3, §6.1, §6.3), never from the code.
 *
 * Build and run (from the repository root): `make unit && build/test_fe`; make test runs it
 * as the suite cmodel_fe_unit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache_array.h"
#include "gpu_coal.h"
#include "gpu_tcc_arb.h"
#include "gpu_tcp.h"

#define NCU GPU_FE_N_CU
#define MAXOPS 256
#define MAXC 2048
#define MAXLOG 256
#define NMEM 64

typedef struct lane {
  uint32_t we, addr, wdata, wstrb, last;
  uint64_t at; /* not driven before this cycle */
} lane_t;

typedef struct lreq_ev {
  uint64_t cyc;
  uint32_t cu, line, we, slot, k;
  uint64_t mask;
  uint8_t data[64];
} lreq_ev_t;

typedef struct trace {
  uint8_t tst[NCU], ist[NCU], slot_st[NCU][8], req_ready[NCU], tresp_valid[NCU];
  uint8_t done[NCU];
} trace_t;

typedef struct tb {
  gpu_fe_cfg_t cfg;
  uint32_t l2_lat;
  rinv_err_t err;
  gpu_coal_t *coal[NCU];
  gpu_tcp_t *tcp[NCU];
  cache_array_t *arr[NCU];
  gpu_tcc_arb_t *arb;
  /* port drivers: op n is driven from max(start, cycle after op n-1's handshake) */
  lane_t ops[NCU][MAXOPS];
  uint32_t nops[NCU], next[NCU];
  uint64_t start[NCU];
  uint64_t rr_lo, rr_hi; /* port_resp_ready = 0 for cycles in [rr_lo, rr_hi) */
  uint32_t tcp_hold, stall;
  uint32_t init; /* the side_cc's own == StInit (§14 item 3), to every coalescer */
  uint32_t rnd, rnd_on; /* random port_resp_ready and stall[10], stall[11] (LCG) */
  uint32_t rnd_ready[NCU];
  /* responses */
  uint32_t nresp[NCU];
  uint64_t resp_cyc[NCU][MAXOPS];
  uint32_t resp_data[NCU][MAXOPS];
  uint64_t hs_cyc[NCU][MAXOPS]; /* lane-op handshake cycles */
  /* TCC stub */
  int tcc_st; /* 0 StIdle, 1 busy, 2 StTResp */
  uint32_t tcc_cu, tcc_we, tcc_i, tcc_cnt;
  uint8_t tcc_rline[64];
  uint64_t tcc_hold_until;
  uint32_t mem_line[NMEM], nmem;
  uint8_t mem_data[NMEM][64];
  /* logs */
  lreq_ev_t lreq[MAXLOG];
  uint32_t nlreq;
  uint64_t grant_cyc[MAXLOG];
  uint32_t grant_cu[MAXLOG], ngrant;
  uint64_t push_cyc[MAXLOG];
  uint32_t push_cu[MAXLOG], npush;
  trace_t tr[MAXC];
  uint64_t cycle;
} tb_t;

static unsigned g_pass, g_fail;

static void result(const char *name, const char *why) {
  if (!why) {
    printf("PASS %s\n", name);
    g_pass++;
  } else {
    printf("FAIL %s: %s\n", name, why);
    g_fail++;
  }
}

static tb_t *tb_new(const gpu_fe_cfg_t *cfg, uint32_t l2_lat) {
  tb_t *t = calloc(1, sizeof *t);
  if (!t) exit(2);
  t->cfg = *cfg;
  t->l2_lat = l2_lat;
  t->err.fatal = 0;
  char n[32];
  for (unsigned p = 0; p < NCU; p++) {
    t->coal[p] = gpu_coal_new(cfg, p, &t->err);
    t->tcp[p] = gpu_tcp_new(cfg, p, &t->err);
    snprintf(n, sizeof n, "gpu.TCP%u", p);
    t->arr[p] = ca_new(n, cfg->l1_sets, cfg->l1_ways, cfg->walk_lanes, 0, (int)cfg->tag_oreg,
                       &t->err);
    if (!t->coal[p] || !t->tcp[p] || !t->arr[p]) exit(2);
  }
  t->arb = gpu_tcc_arb_new(cfg, &t->err);
  if (!t->arb) exit(2);
  return t;
}

static void tb_free(tb_t *t) {
  for (unsigned p = 0; p < NCU; p++) {
    gpu_coal_free(t->coal[p]);
    gpu_tcp_free(t->tcp[p]);
    ca_free(t->arr[p]);
  }
  gpu_tcc_arb_free(t->arb);
  free(t);
}

static uint8_t *mem_get(tb_t *t, uint32_t line) {
  for (uint32_t i = 0; i < t->nmem; i++) {
    if (t->mem_line[i] == line) return t->mem_data[i];
  }
  if (t->nmem == NMEM) exit(2);
  uint32_t i = t->nmem++;
  t->mem_line[i] = line;
  for (uint32_t w = 0; w < 16; w++) {
    uint32_t v = (line << 4) | w;
    memcpy(&t->mem_data[i][4 * w], &v, 4);
  }
  return t->mem_data[i];
}

static uint32_t mem_word(uint32_t line, uint32_t w) { return (line << 4) | w; }

static void add_op(tb_t *t, unsigned p, uint32_t we, uint32_t line, uint32_t word, uint32_t wdata,
                   uint32_t wstrb, uint32_t last) {
  lane_t *o = &t->ops[p][t->nops[p]++];
  o->we = we;
  o->addr = (line << 6) | (word << 2);
  o->wdata = wdata;
  o->wstrb = wstrb;
  o->last = last;
  o->at = 0;
}

/* install line in TCP p (way 0) with the memory's contents */
static void tcp_poke(tb_t *t, unsigned p, uint32_t line) {
  ca_poke(t->arr[p], line, 0, TS_VALID, mem_get(t, line), 0);
}

static void tb_cycle(tb_t *t) {
  gpu_coal_out_t co[NCU];
  gpu_tcp_in_t ti[NCU];
  gpu_tcp_out_t to[NCU];
  gpu_coal_in_t ci[NCU];
  uint32_t words[NCU][128];
  uint64_t c = t->cycle;
  trace_t *tr = c < MAXC ? &t->tr[c] : NULL;
  if (t->rnd_on) {
    t->stall = 0;
    for (unsigned k = 0; k < 6; k++) {
      t->rnd = t->rnd * 1103515245u + 12345u;
      uint32_t r = t->rnd >> 16;
      if (k < NCU) t->rnd_ready[k] = (r & 3u) != 0u;
      else if ((r & 7u) == 0u) t->stall |= 1u << (10u + (k - NCU));
    }
  }
  for (unsigned p = 0; p < NCU; p++) gpu_coal_moore(t->coal[p], &co[p]);
  uint32_t hv[NCU];
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
    i->tresp_valid = t->tcc_st == 2 && t->tcc_cu == p;
    i->tresp_we = i->tresp_valid ? t->tcc_we : 0u;
    i->tresp_i = i->tresp_valid ? t->tcc_i : 0u;
    i->tresp_data = t->tcc_rline;
    i->tcp_hold = t->tcp_hold;
    i->stall = t->stall;
    uint32_t b = gpu_tcp_bank(t->tcp[p]);
    ca_tag_q_all(t->arr[p], b, words[p]);
    i->tag_q = words[p];
    i->rr_q = ca_rr_q(t->arr[p], b);
    i->data_q = ca_data_q(t->arr[p], b);
    gpu_tcp_eval(t->tcp[p], i, &to[p]);
    hv[p] = to[p].tq_head_valid;
  }
  gpu_tcc_arb_out_t ao;
  gpu_tcc_arb_eval(t->arb, hv, &ao);
  uint32_t grant = t->tcc_st == 0 && ao.req && c >= t->tcc_hold_until;
  for (unsigned p = 0; p < NCU; p++) {
    gpu_coal_in_t *i = &ci[p];
    memset(i, 0, sizeof *i);
    if (t->next[p] < t->nops[p] && c >= t->start[p] && c >= t->ops[p][t->next[p]].at) {
      const lane_t *o = &t->ops[p][t->next[p]];
      i->req_valid = 1;
      i->req_we = o->we;
      i->req_addr = o->addr;
      i->req_wdata = o->wdata;
      i->req_wstrb = o->wstrb;
      i->req_last = o->last;
    }
    i->resp_ready = t->rnd_on ? t->rnd_ready[p] : !(c >= t->rr_lo && c < t->rr_hi);
    i->init = t->init;
    i->lreq_ready = to[p].lreq_ready;
    i->done_valid = to[p].done_valid;
    i->done_slot = to[p].done_slot;
    i->done_k = to[p].done_k;
    i->cwr_valid = to[p].cwr_valid;
    i->cwr_slot = to[p].cwr_slot;
    i->cwr_k = to[p].cwr_k;
    i->cwr_data = to[p].cwr_data;
    gpu_coal_mealy(t->coal[p], i, &co[p]);
    if (tr) {
      tr->tst[p] = (uint8_t)gpu_tcp_state(t->tcp[p]);
      tr->ist[p] = (uint8_t)gpu_coal_ist(t->coal[p]);
      for (uint32_t j = 0; j < t->cfg.coal_tokens; j++) {
        tr->slot_st[p][j] = (uint8_t)gpu_coal_slot_state(t->coal[p], j);
      }
      tr->req_ready[p] = (uint8_t)co[p].req_ready;
      tr->tresp_valid[p] = (uint8_t)ti[p].tresp_valid;
      tr->done[p] = (uint8_t)to[p].done_valid;
    }
    if (i->req_valid && co[p].req_ready) t->hs_cyc[p][t->next[p]++] = c;
    if (co[p].resp_valid && i->resp_ready && t->nresp[p] < MAXOPS) {
      t->resp_cyc[p][t->nresp[p]] = c;
      t->resp_data[p][t->nresp[p]++] = co[p].resp_rdata;
    }
    if (co[p].lreq_valid && to[p].lreq_ready && t->nlreq < MAXLOG) {
      lreq_ev_t *e = &t->lreq[t->nlreq++];
      e->cyc = c;
      e->cu = p;
      e->line = co[p].lreq_line;
      e->we = co[p].lreq_we;
      e->slot = co[p].lreq_slot;
      e->k = co[p].lreq_k;
      e->mask = co[p].lreq_mask;
      memcpy(e->data, co[p].lreq_data, 64);
    }
    if (to[p].tq_push && t->npush < MAXLOG) {
      t->push_cyc[t->npush] = c;
      t->push_cu[t->npush++] = p;
    }
    /* the TCP's array accesses of this cycle */
    const gpu_tcp_arr_t *a = &to[p].arr;
    if (a->tag_rd) ca_tag_read(t->arr[p], a->bank, a->row, 1);
    if (a->data_rd) ca_data_read(t->arr[p], a->bank, a->row, a->data_rd_way);
    if (a->tag_wr) ca_tag_write(t->arr[p], a->bank, a->row, a->tag_wr_way, a->tag_wr_word);
    if (a->rr_wr) ca_rr_write(t->arr[p], a->bank, a->row, a->rr_wr_val);
    if (a->data_wr) {
      ca_data_write(t->arr[p], a->bank, a->row, a->data_wr_way, a->data_wr_line, ~0ull);
    }
  }
  if (grant && t->ngrant < MAXLOG) {
    t->grant_cyc[t->ngrant] = c;
    t->grant_cu[t->ngrant++] = ao.cu;
  }
  /* TCC stub edge */
  if (t->tcc_st == 0 && grant) {
    const gpu_tcp_out_t *h = &to[ao.cu];
    uint8_t *m = mem_get(t, h->tq_line);
    if (h->tq_we) {
      for (unsigned b = 0; b < 64; b++) {
        if ((h->tq_mask >> b) & 1u) m[b] = h->tq_data[b];
      }
      memset(t->tcc_rline, 0, 64);
    } else {
      memcpy(t->tcc_rline, m, 64);
    }
    t->tcc_cu = ao.cu;
    t->tcc_we = h->tq_we;
    t->tcc_i = h->tq_i;
    t->tcc_cnt = t->l2_lat + t->cfg.tag_oreg + 3u;
    t->tcc_st = 1;
  } else if (t->tcc_st == 1) {
    if (t->tcc_cnt == 1u) t->tcc_st = 2;
    else t->tcc_cnt--;
  } else if (t->tcc_st == 2 && to[t->tcc_cu].tresp_ready) {
    t->tcc_st = 0;
  }
  uint32_t pushm = 0;
  for (unsigned p = 0; p < NCU; p++) {
    gpu_coal_step(t->coal[p], &ci[p], &co[p]);
    ti[p].tq_pop = grant && ao.cu == p;
    gpu_tcp_step(t->tcp[p], &ti[p], &to[p]);
    pushm |= to[p].tq_push << p;
    ca_clock(t->arr[p], 1);
  }
  gpu_tcc_arb_step(t->arb, pushm, grant);
  t->cycle++;
  t->err.cycle = t->cycle;
}

static void tb_run(tb_t *t, uint64_t n) {
  for (uint64_t i = 0; i < n; i++) tb_cycle(t);
}

/* check helpers: each returns the first failure message or NULL */
static char g_msg[256];
#define CHECK(cond, ...)                                 \
  do {                                                   \
    if (!(cond) && !why) {                               \
      snprintf(g_msg, sizeof g_msg, __VA_ARGS__);        \
      why = g_msg;                                       \
    }                                                    \
  } while (0)

static uint32_t sum_tcp(const tb_t *t, int which) {
  uint32_t s = 0;
  for (unsigned p = 0; p < NCU; p++) {
    const gpu_tcp_stats_t *x = gpu_tcp_stats(t->tcp[p]);
    uint32_t v = which == 0 ? x->tcp_hits : which == 1 ? x->alias_waits :
                 which == 2 ? x->mshr_full : which == 3 ? x->hold_waits : x->mshr_max;
    if (which == 4) s = v > s ? v : s;
    else s += v;
  }
  return s;
}

#include "test_fe_cases.inc"

int main(void) {
  run_cases();
  printf("%u passed, %u failed\n", g_pass, g_fail);
  return g_fail ? 1 : 0;
}

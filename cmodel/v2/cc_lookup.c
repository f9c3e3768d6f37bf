/* cc_lookup model: ARCHITECTURE_v2.md §6.3. */
#include "cc_lookup.h"

#include <stdlib.h>
#include <string.h>

enum {
  L_L1RD, L_L1CM, L_L1AC, L_L1DT, L_L2RD, L_L2CM, L_L2AC, L_L2DT,
  L_VWB, L_FREQ, L_FWAIT, L_RESP
};
static const char *const k_names[] = {"StL1Rd", "StL1Cm",     "StL1Ac",    "StL1Dt",
                                      "StL2Rd", "StL2Cm",     "StL2Ac",    "StL2Dt",
                                      "StVictimWb", "StFillReq", "StFillWait", "StResp"};

struct cc_lookup {
  const cc_ctx_t *ctx;
  int st;
  uint32_t cnt;
  /* request latch */
  uint32_t port, we, addr, wdata, wstrb, x;
  uint64_t st_be;
  uint8_t st_bytes[64];
  /* L1 compare (registered in StL1Cm) */
  int l1_hit[CC_MAX_L1];  /* hit way or -1 */
  uint32_t l1_victim, l1_rr_adv, l1_rr_next;
  /* L2 compare (registered in StL2Cm) */
  int l2_hit;
  uint32_t l2_way, l2_word, l2_inv_way, l2_has_inv, l2_rr;
  uint32_t vwords[32]; /* tagst words of the L2 ways */
  uint32_t v_line;     /* victim line for StVictimWb */
  uint32_t rdata;
  /* GPU side (v3 §6.3): a TCC request from tq[port] for MSHR ti; rline = the load's line */
  uint32_t tcc, ti;
  uint8_t rline[64];
  uint8_t zero[64];
};

cc_lookup_t *cc_lookup_new(const cc_ctx_t *ctx) {
  cc_lookup_t *lk = calloc(1, sizeof *lk);
  if (lk) lk->ctx = ctx;
  return lk;
}

void cc_lookup_free(cc_lookup_t *lk) { free(lk); }

void cc_lookup_reset(cc_lookup_t *lk) {
  const cc_ctx_t *ctx = lk->ctx;
  memset(lk, 0, sizeof *lk);
  lk->ctx = ctx;
}

void cc_lookup_start(cc_lookup_t *lk, unsigned port, uint32_t we, uint32_t addr, uint32_t wdata,
                     uint32_t wstrb) {
  lk->port = port;
  lk->we = we & 1u;
  lk->addr = addr;
  lk->wdata = wdata;
  lk->wstrb = wstrb & 0xFu;
  lk->x = (addr >> 6) & LINE_MASK26;
  uint32_t off = ((addr >> 2) & 15u) * 4u;
  lk->st_be = lk->we ? (uint64_t)lk->wstrb << off : 0u;
  memset(lk->st_bytes, 0, sizeof lk->st_bytes);
  for (unsigned b = 0; b < 4; b++) lk->st_bytes[off + b] = (uint8_t)(wdata >> (8u * b));
  lk->st = L_L1RD;
  lk->cnt = lk->ctx->l1_lat + lk->ctx->oreg - 1u; /* StL1Rd: L1_LAT + O cycles */
  lk->tcc = 0;
}

void cc_lookup_start_tcc(cc_lookup_t *lk, unsigned cu, uint32_t we, uint32_t line, uint64_t mask,
                         const uint8_t *data, uint32_t i) {
  lk->port = cu;
  lk->we = we & 1u;
  lk->addr = 0;
  lk->x = line & LINE_MASK26;
  lk->st_be = lk->we ? mask : 0u;
  memcpy(lk->st_bytes, data, 64);
  lk->ti = i;
  lk->tcc = 1;
  lk->st = L_L2RD;
  lk->cnt = lk->ctx->l2_lat + lk->ctx->oreg - 1u; /* StL2Rd: L2_LAT + O cycles */
}

static uint32_t word_of(const uint8_t *d, uint32_t addr) {
  uint32_t off = ((addr >> 2) & 15u) * 4u;
  return (uint32_t)d[off] | ((uint32_t)d[off + 1] << 8) | ((uint32_t)d[off + 2] << 16) |
         ((uint32_t)d[off + 3] << 24);
}

void cc_lookup_moore(const cc_lookup_t *lk, cc_io_t *io) {
  const cache_array_t *l2 = lk->ctx->arr[0];
  switch (lk->st) {
    case L_VWB: {
      uint32_t b = ca_bank(l2, lk->x);
      io->req_valid = io->req_we = 1;
      io->req_line = lk->v_line;
      io->req_wmask = ca_dmask_q(l2, b);
      io->req_wdata = ca_data_q(l2, b);
      break;
    }
    case L_FREQ:
      io->req_valid = 1;
      io->req_line = lk->x;
      break;
    case L_RESP:
      if (lk->tcc) { /* StTResp */
        io->tresp_valid = 1;
        io->tresp_cu = lk->port;
        io->tresp_we = lk->we;
        io->tresp_i = lk->ti;
        io->tresp_data = lk->we ? lk->zero : lk->rline;
        break;
      }
      io->resp_valid[lk->port] = 1;
      io->resp_rdata[lk->port] = lk->rdata;
      break;
    default:
      break;
  }
}

uint32_t cc_lookup_fill_ready(const cc_lookup_t *lk, uint32_t stall) {
  return lk->st == L_FWAIT ? !((stall >> (2u + lk->ctx->side)) & 1u) : 0u;
}

/* Fill the own L1 with line data d at the victim latched in StL1Ac (StL2Dt / fill edge). */
static void l1_fill(cc_lookup_t *lk, const uint8_t *d) {
  cache_array_t *l1 = lk->ctx->arr[1 + lk->port];
  uint32_t b = ca_bank(l1, lk->x), row = ca_row(l1, lk->x);
  ca_data_write(l1, b, row, lk->l1_victim, d, ~0ull);
  ca_tag_write(l1, b, row, lk->l1_victim, TS_MAKE(ca_tag(l1, lk->x), TS_VALID));
  if (lk->l1_rr_adv) ca_rr_write(l1, b, row, lk->l1_rr_next);
}

static void l1_compare(cc_lookup_t *lk) {
  const cc_ctx_t *ctx = lk->ctx;
  for (unsigned k = 0; k < ctx->n_l1; k++) {
    const cache_array_t *a = ctx->arr[1 + k];
    uint32_t b = ca_bank(a, lk->x), tag = ca_tag(a, lk->x);
    int hit = -1, inv = -1;
    uint32_t ways = ca_ways(a), words[128]; /* ways: a power of 2 <= 255 (gen_params.py) */
    ca_tag_q_all(a, b, words);
    for (uint32_t w = 0; w < ways; w++) {
      uint32_t t = words[w];
      if ((t & TS_VALID) && TS_TAG(t) == tag && hit < 0) hit = (int)w;
      if (!(t & TS_VALID) && inv < 0) inv = (int)w;
    }
    lk->l1_hit[k] = hit;
    if (k == lk->port) {
      uint32_t rr = ca_rr_q(a, b) % ca_ways(a);
      lk->l1_victim = inv >= 0 ? (uint32_t)inv : rr;
      lk->l1_rr_adv = inv < 0 && ca_ways(a) > 1u;
      lk->l1_rr_next = (rr + 1u) % ca_ways(a);
    }
  }
}

static void l2_compare(cc_lookup_t *lk) {
  const cache_array_t *l2 = lk->ctx->arr[0];
  uint32_t b = ca_bank(l2, lk->x), tag = ca_tag(l2, lk->x);
  lk->l2_hit = 0;
  lk->l2_has_inv = 0;
  uint32_t ways = ca_ways(l2);
  ca_tag_q_all(l2, b, lk->vwords);
  for (uint32_t w = 0; w < ways; w++) {
    uint32_t t = lk->vwords[w];
    if ((t & TS_VALID) && TS_TAG(t) == tag && !lk->l2_hit) {
      lk->l2_hit = 1;
      lk->l2_way = w;
      lk->l2_word = t;
    }
    if (!(t & TS_VALID) && !lk->l2_has_inv) {
      lk->l2_has_inv = 1;
      lk->l2_inv_way = w;
    }
  }
  lk->l2_rr = ca_rr_q(l2, b) % ca_ways(l2);
}

int cc_lookup_step(cc_lookup_t *lk, const cc_io_t *io, uint32_t port_resp_ready, uint32_t hist_en,
                   cc_recorder_t *rec) {
  const cc_ctx_t *ctx = lk->ctx;
  cache_array_t *l2 = ctx->arr[0];
  cache_array_t *own = ctx->arr[1 + lk->port];
  uint32_t b = ca_bank(l2, lk->x); /* the bank is the same in every array */
  uint32_t row2 = ca_row(l2, lk->x);
  switch (lk->st) {
    case L_L1RD:
      if (lk->cnt == ctx->l1_lat + ctx->oreg - 1u) { /* first cycle: the read */
        for (unsigned k = 0; k < ctx->n_l1; k++) {
          cache_array_t *a = ctx->arr[1 + k];
          ca_tag_read(a, b, ca_row(a, lk->x), 1);
        }
      }
      if (lk->cnt) lk->cnt--;
      else lk->st = L_L1CM;
      return 0;
    case L_L1CM:
      l1_compare(lk);
      lk->st = L_L1AC;
      return 0;
    case L_L1AC:
      if (!lk->we) {
        if (lk->l1_hit[lk->port] >= 0) {
          ca_data_read(own, b, ca_row(own, lk->x), (uint32_t)lk->l1_hit[lk->port]);
          lk->st = L_L1DT;
          return 0;
        }
      } else {
        for (unsigned k = 0; k < ctx->n_l1; k++) {
          if (lk->l1_hit[k] < 0) continue;
          cache_array_t *a = ctx->arr[1 + k];
          ca_data_write(a, b, ca_row(a, lk->x), (uint32_t)lk->l1_hit[k], lk->st_bytes, lk->st_be);
        }
      }
      lk->st = L_L2RD;
      lk->cnt = ctx->l2_lat + ctx->oreg - 1u; /* StL2Rd: L2_LAT + O cycles */
      return 0;
    case L_L1DT:
      lk->rdata = word_of(ca_data_q(own, b), lk->addr);
      lk->st = L_RESP;
      return 0;
    case L_L2RD:
      if (lk->cnt == ctx->l2_lat + ctx->oreg - 1u) ca_tag_read(l2, b, row2, 1);
      if (lk->cnt) lk->cnt--;
      else lk->st = L_L2CM;
      return 0;
    case L_L2CM:
      l2_compare(lk);
      lk->st = L_L2AC;
      return 0;
    case L_L2AC:
      if (lk->l2_hit) {
        if (!lk->we) ca_data_read(l2, b, row2, lk->l2_way);
        else ca_dmask_read(l2, b, row2, lk->l2_way);
        lk->st = L_L2DT;
      } else {
        uint32_t v;
        if (lk->l2_has_inv) {
          v = lk->l2_inv_way;
        } else {
          v = lk->l2_rr;
          if (ca_ways(l2) > 1u) ca_rr_write(l2, b, row2, (lk->l2_rr + 1u) % ca_ways(l2));
        }
        lk->l2_way = v;
        uint32_t t = lk->vwords[v];
        if ((t & TS_VALID) && (t & TS_DIRTY)) {
          lk->v_line = ca_line(l2, TS_TAG(t), b, row2);
          ca_data_read(l2, b, row2, v);
          ca_dmask_read(l2, b, row2, v);
          lk->st = L_VWB;
        } else {
          lk->st = L_FREQ;
        }
      }
      return 0;
    case L_L2DT:
      if (!lk->we) {
        const uint8_t *d = ca_data_q(l2, b);
        if (lk->tcc) {
          memcpy(lk->rline, d, 64);
        } else {
          lk->rdata = word_of(d, lk->addr);
          l1_fill(lk, d);
        }
      } else {
        uint32_t t = lk->l2_word;
        uint64_t old = (t & TS_DIRTY) ? ca_dmask_q(l2, b) : 0u;
        uint32_t bits = TS_VALID | TS_DIRTY | (t & TS_REC);
        if (hist_en && !(t & TS_REC)) {
          bits |= TS_REC;
          cc_recorder_push(rec, lk->x);
        }
        ca_data_write(l2, b, row2, lk->l2_way, lk->st_bytes, lk->st_be);
        ca_dmask_write(l2, b, row2, lk->l2_way, old | lk->st_be);
        ca_tag_write(l2, b, row2, lk->l2_way, TS_MAKE(TS_TAG(t), bits));
        lk->rdata = 0;
      }
      lk->st = L_RESP;
      return 0;
    case L_VWB:
      if (io->req_ready) {
        ca_tag_write(l2, b, row2, lk->l2_way, TS_MAKE(TS_TAG(lk->vwords[lk->l2_way]), 0u));
        lk->st = L_FREQ;
      }
      return 0;
    case L_FREQ:
      if (io->req_ready) lk->st = L_FWAIT;
      return 0;
    case L_FWAIT:
      if (io->fill_valid && io->fill_ready) {
        uint8_t d[64];
        memcpy(d, io->fill_data, 64);
        uint32_t bits = TS_VALID;
        if (lk->we) {
          for (unsigned i = 0; i < 64; i++) {
            if ((lk->st_be >> i) & 1u) d[i] = lk->st_bytes[i];
          }
          bits |= TS_DIRTY;
          if (hist_en) {
            bits |= TS_REC;
            cc_recorder_push(rec, lk->x);
          }
          ca_dmask_write(l2, b, row2, lk->l2_way, lk->st_be);
          lk->rdata = 0;
        } else if (lk->tcc) {
          memcpy(lk->rline, d, 64);
        } else {
          lk->rdata = word_of(d, lk->addr);
          l1_fill(lk, d);
        }
        ca_data_write(l2, b, row2, lk->l2_way, d, ~0ull);
        ca_tag_write(l2, b, row2, lk->l2_way, TS_MAKE(ca_tag(l2, lk->x), bits));
        lk->st = L_RESP;
      }
      return 0;
    case L_RESP:
      return port_resp_ready ? 1 : 0;
    default:
      return 0;
  }
}

const char *cc_lookup_state_name(const cc_lookup_t *lk) {
  return lk->tcc && lk->st == L_RESP ? "StTResp" : k_names[lk->st];
}

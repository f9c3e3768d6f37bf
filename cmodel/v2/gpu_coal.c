/* gpu_coalescer model: ARCHITECTURE_v3_gpu_frontend.md §4 (collect §4.2, issue §4.3,
 * scatter §4.4), same-edge order §8 items 3 and 5. */
#include "gpu_coal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SFREE = GPU_COAL_SFREE, SCOLL, SISS, SWAIT, SRESP };
enum { IIDLE = GPU_COAL_IIDLE, IRD, ILD, IREQ };

typedef struct stage {
  uint32_t v, ld, word, lastl;
} stage_t;

typedef struct slot {
  uint32_t st, we, nl, nlane, ndone;
} slot_t;

struct gpu_coal {
  gpu_fe_cfg_t cfg;
  uint32_t ct, cl, ws; /* coal_tokens, coal_lines, wave_size */
  slot_t *slot;        /* [CT] */
  uint32_t *lt_line;   /* [j * CL + k] */
  uint64_t *lt_mask;   /* [j * CL + k] */
  uint32_t tail, ip, head;
  uint32_t ist, ik;
  uint8_t idata[64];
  stage_t sb, sc;
  uint32_t rl;
  sram_t *clane; /* CT x wave_size, {k, word} = k << 4 | word, whole word */
  sram_t *cdata; /* CT x CL, 64 bytes, byte enables */
  gpu_coal_stats_t stats;
  uint8_t zero[64];
  rinv_err_t *err;
};

gpu_coal_t *gpu_coal_new(const gpu_fe_cfg_t *cfg, unsigned cu, rinv_err_t *err) {
  if (gpu_fe_cfg_check(cfg)) return NULL;
  gpu_coal_t *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->cfg = *cfg;
  c->ct = cfg->coal_tokens;
  c->cl = cfg->coal_lines;
  c->ws = cfg->wave_size;
  c->err = err;
  c->slot = calloc(c->ct, sizeof *c->slot);
  c->lt_line = calloc((size_t)c->ct * c->cl, sizeof *c->lt_line);
  c->lt_mask = calloc((size_t)c->ct * c->cl, sizeof *c->lt_mask);
  char n[48];
  snprintf(n, sizeof n, "gpu.coal%u.clane", cu);
  c->clane = sram_new(n, c->ct * c->ws, 4, err);
  snprintf(n, sizeof n, "gpu.coal%u.cdata", cu);
  c->cdata = sram_new(n, c->ct * c->cl, 64, err);
  if (!c->slot || !c->lt_line || !c->lt_mask || !c->clane || !c->cdata) {
    gpu_coal_free(c);
    return NULL;
  }
  gpu_coal_reset(c);
  return c;
}

void gpu_coal_free(gpu_coal_t *c) {
  if (!c) return;
  free(c->slot);
  free(c->lt_line);
  free(c->lt_mask);
  sram_free(c->clane);
  sram_free(c->cdata);
  free(c);
}

void gpu_coal_reset(gpu_coal_t *c) {
  memset(c->slot, 0, c->ct * sizeof *c->slot); /* SFree */
  memset(c->lt_line, 0, (size_t)c->ct * c->cl * sizeof *c->lt_line);
  memset(c->lt_mask, 0, (size_t)c->ct * c->cl * sizeof *c->lt_mask);
  c->tail = c->ip = c->head = 0;
  c->ist = IIDLE;
  c->ik = 0;
  memset(c->idata, 0, sizeof c->idata);
  memset(&c->sb, 0, sizeof c->sb);
  memset(&c->sc, 0, sizeof c->sc);
  c->rl = 0;
  memset(&c->stats, 0, sizeof c->stats);
}

static uint32_t nxt(const gpu_coal_t *c, uint32_t j) { return (j + 1u) % c->ct; }

static uint32_t word_of(const uint8_t *d, uint32_t wd) {
  uint32_t o = (wd & 15u) * 4u;
  return (uint32_t)d[o] | ((uint32_t)d[o + 1] << 8) | ((uint32_t)d[o + 2] << 16) |
         ((uint32_t)d[o + 3] << 24);
}

void gpu_coal_moore(const gpu_coal_t *c, gpu_coal_out_t *out) {
  out->resp_valid = c->sc.v;
  out->resp_rdata = (c->sc.v && c->sc.ld) ? word_of(sram_rdata(c->cdata), c->sc.word) : 0u;
  out->lreq_valid = out->lreq_line = out->lreq_we = out->lreq_slot = out->lreq_k = 0;
  out->lreq_mask = 0;
  out->lreq_data = c->zero;
  if (c->ist == IREQ) {
    const slot_t *s = &c->slot[c->ip];
    uint32_t e = c->ip * c->cl + c->ik;
    out->lreq_valid = 1;
    out->lreq_line = c->lt_line[e];
    out->lreq_we = s->we;
    out->lreq_mask = s->we ? c->lt_mask[e] : 0u;
    out->lreq_data = c->idata; /* 0 for a load (ILd) */
    out->lreq_slot = c->ip;
    out->lreq_k = c->ik;
  }
}

/* hitk of §4.2: the k < nl of the tail slot (SColl only) holding line x, or -1 */
static int find_hitk(const gpu_coal_t *c, uint32_t x) {
  const slot_t *t = &c->slot[c->tail];
  if (t->st != SCOLL) return -1;
  for (uint32_t k = 0; k < t->nl; k++) {
    if (c->lt_line[c->tail * c->cl + k] == x) return (int)k;
  }
  return -1;
}

/* port_req_ready of §4.2: a function of state (Moore since 2026-11-29, §8 item 7), of the
 * tail slot, the TCP's cdata write (tcp_wr, its state TDt/TFAc) and own == StInit; not of
 * the lane op (no hit compare: an SColl slot always has nl < CL). Evaluated after the TCP
 * because of tcp_wr. */
void gpu_coal_mealy(const gpu_coal_t *c, const gpu_coal_in_t *in, gpu_coal_out_t *out) {
  const slot_t *t = &c->slot[c->tail];
  out->req_ready = (t->st == SFREE || t->st == SCOLL) && !in->cwr_valid && !in->init;
}

/* §4.2 at the edge of a lane-op handshake; the slot closes at its last lane op, at
 * wave_size lane ops or when its line table fills (nl == CL); a close without last is a
 * split */
static void collect(gpu_coal_t *c, const gpu_coal_in_t *in, uint32_t ready) {
  if (!in->req_valid || !ready) return;
  slot_t *t = &c->slot[c->tail];
  uint32_t x = (in->req_addr >> 6) & ((1u << 26) - 1u);
  uint32_t wd = (in->req_addr >> 2) & 15u;
  int hitk = find_hitk(c, x);
  if (t->st == SFREE) {
    t->st = SCOLL;
    t->we = in->req_we & 1u;
    t->nl = t->nlane = t->ndone = 0;
  }
  uint32_t k = hitk >= 0 ? (uint32_t)hitk : t->nl;
  uint32_t e = c->tail * c->cl + k;
  if (hitk < 0) {
    c->lt_line[e] = x;
    c->lt_mask[e] = 0;
    t->nl++;
  }
  uint32_t ent = (k << 4) | wd;
  sram_write(c->clane, c->tail * c->ws + t->nlane, &ent, ~0ull);
  if (t->we) { /* the slot's kind (a differing we is ignored, §2) */
    uint8_t d[64];
    memset(d, 0, sizeof d);
    for (unsigned b = 0; b < 4; b++) d[wd * 4u + b] = (uint8_t)(in->req_wdata >> (8u * b));
    uint64_t wbe = (uint64_t)(in->req_wstrb & 0xFu) << (4u * wd);
    sram_write(c->cdata, e, d, wbe);
    c->lt_mask[e] |= wbe;
  }
  t->nlane++;
  c->stats.gpu_lane_ops++;
  if (in->req_last) c->stats.gpu_insts++;
  if (in->req_last || t->nlane == c->ws || t->nl == c->cl) {
    if (!in->req_last) c->stats.coal_splits++; /* split: closed without last */
    t->st = SISS;
    c->tail = nxt(c, c->tail);
  }
}

void gpu_coal_step(gpu_coal_t *c, const gpu_coal_in_t *in, const gpu_coal_out_t *out) {
  /* pre-edge values used by several processes */
  uint32_t st0[8];
  for (uint32_t j = 0; j < c->ct; j++) st0[j] = c->slot[j].st;
  uint32_t adv = !c->sc.v || in->resp_ready;
  slot_t *h = &c->slot[c->head];
  uint32_t sa = adv && st0[c->head] == SRESP && c->rl < h->nlane;
  uint32_t sb_rd = adv && c->sb.v && c->sb.ld;
  uint32_t sc_keep = c->sc.v && c->sc.ld && !adv;

  /* SWait -> SResp on ndone before the edge (§8 item 5) */
  for (uint32_t j = 0; j < c->ct; j++) {
    if (st0[j] == SWAIT && c->slot[j].ndone == c->slot[j].nl) c->slot[j].st = SRESP;
  }

  /* issue (§4.3); reads only pre-edge state */
  slot_t *s = &c->slot[c->ip];
  switch (c->ist) {
    case IIDLE:
      if (st0[c->ip] == SISS) {
        c->ist = IRD;
        c->ik = 0;
      }
      break;
    case IRD:
      if (!s->we) {
        c->ist = ILD;
      } else if (!sb_rd && !sc_keep) {
        sram_read(c->cdata, c->ip * c->cl + c->ik);
        c->ist = ILD;
      }
      break;
    case ILD:
      if (s->we) memcpy(c->idata, sram_rdata(c->cdata), 64);
      else memset(c->idata, 0, sizeof c->idata);
      c->ist = IREQ;
      break;
    case IREQ:
      if (in->lreq_ready) {
        c->stats.line_reqs++;
        if (c->ik + 1u >= s->nl) {
          s->st = SWAIT;
          c->ip = nxt(c, c->ip);
          c->ist = IIDLE;
        } else {
          c->ik++;
          c->ist = IRD;
        }
      }
      break;
    default:
      break;
  }

  /* scatter (§4.4) */
  if (adv) {
    stage_t nsc = c->sb;
    if (c->sb.v) {
      uint32_t q = sram_rdata_u32(c->clane);
      nsc.word = q & 15u;
      if (c->sb.ld) sram_read(c->cdata, c->head * c->cl + (q >> 4));
    }
    if (c->sc.v && c->sc.lastl) { /* the handshake of the slot's last lane */
      h->st = SFREE;
      c->head = nxt(c, c->head);
      c->rl = 0;
    }
    c->sc = nsc;
    if (sa) {
      sram_read(c->clane, c->head * c->ws + c->rl);
      c->sb.v = 1;
      c->sb.ld = !h->we;
      c->sb.lastl = c->rl + 1u == h->nlane;
      c->sb.word = 0;
      c->rl++;
    } else {
      c->sb.v = 0;
    }
  }

  /* collect (§4.2), on the tail slot (SFree/SColl before the edge) */
  collect(c, in, out->req_ready);

  /* the TCP's cdata write (TDt, TFAc) and done pulse (§5.3) */
  if (in->cwr_valid) sram_write(c->cdata, in->cwr_slot * c->cl + in->cwr_k, in->cwr_data, ~0ull);
  if (in->done_valid) {
    slot_t *d = &c->slot[in->done_slot % c->ct];
    if (st0[in->done_slot % c->ct] != SISS && st0[in->done_slot % c->ct] != SWAIT) {
      rinv_err_report(c->err, "coalescer: done(%u, %u) for a slot in %s", in->done_slot,
                      in->done_k, gpu_coal_slot_state_name(st0[in->done_slot % c->ct]));
    }
    d->ndone++;
  }
  sram_clock(c->clane);
  sram_clock(c->cdata);
}

const gpu_coal_stats_t *gpu_coal_stats(const gpu_coal_t *c) { return &c->stats; }

uint32_t gpu_coal_slot_state(const gpu_coal_t *c, uint32_t j) { return c->slot[j % c->ct].st; }
uint32_t gpu_coal_slot_nl(const gpu_coal_t *c, uint32_t j) { return c->slot[j % c->ct].nl; }
uint32_t gpu_coal_slot_nlane(const gpu_coal_t *c, uint32_t j) { return c->slot[j % c->ct].nlane; }
uint32_t gpu_coal_slot_ndone(const gpu_coal_t *c, uint32_t j) { return c->slot[j % c->ct].ndone; }
uint32_t gpu_coal_lt_line(const gpu_coal_t *c, uint32_t j, uint32_t k) {
  return c->lt_line[(j % c->ct) * c->cl + k % c->cl];
}
uint64_t gpu_coal_lt_mask(const gpu_coal_t *c, uint32_t j, uint32_t k) {
  return c->lt_mask[(j % c->ct) * c->cl + k % c->cl];
}
uint32_t gpu_coal_tail(const gpu_coal_t *c) { return c->tail; }
uint32_t gpu_coal_ip(const gpu_coal_t *c) { return c->ip; }
uint32_t gpu_coal_head(const gpu_coal_t *c) { return c->head; }
uint32_t gpu_coal_ist(const gpu_coal_t *c) { return c->ist; }
/* the head slot is the oldest busy one: if it is SFree, every slot is (tail == head); the
 * tail slot is asked too, so that port_req_ready of a skipped evaluation (!init) needs no
 * more than this */
uint32_t gpu_coal_quiet(const gpu_coal_t *c) {
  return c->slot[c->head].st == SFREE && c->slot[c->tail].st == SFREE && c->ist == IIDLE &&
         !c->sb.v && !c->sc.v;
}

/* a full slot queue waiting for its lines: IIdle, scatter empty with sc equal to sb (the
 * edge's sc = sb keeps it), no slot to issue or to respond, no SWait slot complete, the tail
 * slot neither SFree nor SColl (port_req_ready 0) */
uint32_t gpu_coal_blocked(const gpu_coal_t *c) {
  if (c->ist != IIDLE || c->sb.v || c->sc.v || c->sc.ld != c->sb.ld ||
      c->sc.word != c->sb.word || c->sc.lastl != c->sb.lastl) {
    return 0;
  }
  uint32_t tst = c->slot[c->tail].st;
  if (tst == SFREE || tst == SCOLL || c->slot[c->ip].st == SISS ||
      c->slot[c->head].st == SRESP) {
    return 0;
  }
  for (uint32_t j = 0; j < c->ct; j++) {
    if (c->slot[j].st == SWAIT && c->slot[j].ndone == c->slot[j].nl) return 0;
  }
  return 1;
}

const char *gpu_coal_slot_state_name(uint32_t st) {
  static const char *const n[] = {"SFree", "SColl", "SIss", "SWait", "SResp"};
  return st < 5u ? n[st] : "?";
}

const char *gpu_coal_ist_name(uint32_t ist) {
  static const char *const n[] = {"IIdle", "IRd", "ILd", "IReq"};
  return ist < 4u ? n[ist] : "?";
}

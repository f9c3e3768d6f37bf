/* cc_walker model: ARCHITECTURE_v2.md §6.5, §9 items 4-8, §10. */
#include "cc_walker.h"

#include <stdlib.h>
#include <string.h>

#define MAX_LANES 4u
#define MAX_TW 8u
#define MAX_WAYS 32u

typedef struct probe_reg {
  int valid, setwalk, firstg;
  uint32_t grp, left, mfirst, mlast, first;
  uint64_t end;
} probe_reg_t;

typedef struct grp {
  int valid, setwalk, last;
  uint32_t grp, lanes, first;
  uint64_t end;
} grp_t;

typedef struct event {
  int valid, last;
  uint32_t count, line, lookups;
} event_t;

struct cc_walker {
  const cc_ctx_t *ctx;
  uint32_t pif, all_lanes;
  probe_reg_t cur, nxt;
  grp_t tw[MAX_TW]; /* tw[k] = TW(k+1) */
  grp_t to;         /* TO (O = 1 only): the group whose words sit in the cells' read registers */
  grp_t cm, ac;
  /* AC registered compare: per lane, array: hit ways, tags; L2 dirty ways */
  uint32_t hit[MAX_LANES][CC_MAX_ARR];
  uint32_t dirty[MAX_LANES];
  uint32_t tag[MAX_LANES][CC_MAX_ARR][MAX_WAYS];
  int wb_req; /* 0: none, 1: detect done, cc_req up */
  uint32_t wb_lane, wb_way;
  event_t ct, sm;
  uint32_t hits_acc;
  uint32_t ackq[8];
  uint32_t ack_n;
};

cc_walker_t *cc_walker_new(const cc_ctx_t *ctx, uint32_t pif) {
  cc_walker_t *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->ctx = ctx;
  w->pif = pif;
  w->all_lanes = (1u << ctx->lanes) - 1u;
  return w;
}

void cc_walker_free(cc_walker_t *w) { free(w); }

void cc_walker_reset(cc_walker_t *w) {
  const cc_ctx_t *ctx = w->ctx;
  uint32_t pif = w->pif;
  memset(w, 0, sizeof *w);
  w->ctx = ctx;
  w->pif = pif;
  w->all_lanes = (1u << ctx->lanes) - 1u;
}

static uint32_t wb_line(const cc_walker_t *w) {
  const cache_array_t *l2 = w->ctx->arr[0];
  if (!w->ac.setwalk) return (w->ac.grp << w->ctx->lane_bits) | w->wb_lane;
  return ca_line(l2, w->tag[w->wb_lane][0][w->wb_way], w->wb_lane, w->ac.grp);
}

void cc_walker_moore(const cc_walker_t *w, cc_io_t *io, int wb_out) {
  if (wb_out && w->wb_req) {
    const cache_array_t *l2 = w->ctx->arr[0];
    io->req_valid = io->req_we = 1;
    io->req_line = wb_line(w);
    io->req_wmask = ca_dmask_q(l2, w->wb_lane);
    io->req_wdata = ca_data_q(l2, w->wb_lane);
  }
  if (w->sm.valid) {
    io->inv_count = w->sm.count;
    io->inv_line = w->sm.count ? w->sm.line : 0u;
  }
  if (w->ack_n) {
    io->ack_valid = 1;
    io->ack_hits = w->ackq[0];
  }
}

uint32_t cc_walker_nxt_valid(const cc_walker_t *w) { return (uint32_t)w->nxt.valid; }

int cc_walker_empty(const cc_walker_t *w) {
  if (w->cur.valid || w->nxt.valid || w->to.valid || w->cm.valid || w->ac.valid || w->ct.valid ||
      w->sm.valid)
    return 0;
  for (uint32_t k = 0; k + 1u < w->ctx->tag_lat; k++) {
    if (w->tw[k].valid) return 0;
  }
  return 1;
}

int cc_walker_fz(const cc_walker_t *w) {
  if (!w->ac.valid) return 0;
  uint32_t anyd = 0;
  for (uint32_t l = 0; l < w->ctx->lanes; l++) anyd |= w->dirty[l];
  return w->ac.valid && anyd != 0;
}

static void load_probe(const cc_walker_t *w, probe_reg_t *p, const cc_io_t *io) {
  const cc_ctx_t *ctx = w->ctx;
  uint32_t first = io->probe_first & LINE_MASK26, n = io->probe_nlines;
  memset(p, 0, sizeof *p);
  p->valid = 1;
  p->firstg = 1;
  p->first = first;
  p->end = (uint64_t)first + n;
  p->setwalk = (int)(io->probe_setwalk & 1u);
  if (p->setwalk) {
    p->grp = 0;
    p->left = ctx->rset;
    p->mfirst = p->mlast = w->all_lanes;
  } else {
    uint32_t wm = ctx->lanes - 1u;
    p->grp = first >> ctx->lane_bits;
    p->left = (uint32_t)(((first & wm) + (uint64_t)n + wm) >> ctx->lane_bits);
    p->mfirst = w->all_lanes & ~((1u << (first & wm)) - 1u);
    p->mlast = (2u << ((first + n - 1u) & wm)) - 1u;
  }
}

/* The group in IS (from cur's counters). */
static grp_t is_group(const cc_walker_t *w) {
  grp_t g;
  memset(&g, 0, sizeof g);
  if (!w->cur.valid) return g;
  g.valid = 1;
  g.setwalk = w->cur.setwalk;
  g.grp = w->cur.grp;
  g.last = w->cur.left == 1u;
  g.first = w->cur.first;
  g.end = w->cur.end;
  g.lanes = (w->cur.firstg ? w->cur.mfirst : w->all_lanes) & (g.last ? w->cur.mlast : w->all_lanes);
  return g;
}

/* Does group g look up array a, and at which row. */
static int looks_up(const cc_walker_t *w, const grp_t *g, unsigned a, uint32_t *row) {
  const cache_array_t *arr = w->ctx->arr[a];
  if (g->setwalk) {
    *row = g->grp;
    return g->grp < ca_rows(arr);
  }
  *row = g->grp & (ca_rows(arr) - 1u);
  return 1;
}

static int conflict(const cc_walker_t *w, const grp_t *x, const grp_t *y) {
  if (!x->valid || !y->valid || !(x->lanes & y->lanes)) return 0;
  for (unsigned a = 0; a < w->ctx->n_arr; a++) {
    uint32_t rx, ry;
    if (looks_up(w, x, a, &rx) && looks_up(w, y, a, &ry) && rx == ry) return 1;
  }
  return 0;
}

static void rd_issue(cc_walker_t *w, const grp_t *g) {
  for (unsigned a = 0; a < w->ctx->n_arr; a++) {
    uint32_t row;
    if (!looks_up(w, g, a, &row)) continue;
    for (uint32_t l = 0; l < w->ctx->lanes; l++) {
      if ((g->lanes >> l) & 1u) ca_tag_read(w->ctx->arr[a], l, row, 0);
    }
  }
}

/* CM -> AC: compare the registered words of the CM group. */
static void compare_into_ac(cc_walker_t *w) {
  const cc_ctx_t *ctx = w->ctx;
  const grp_t *g = &w->cm;
  memset(w->hit, 0, sizeof w->hit);
  memset(w->dirty, 0, sizeof w->dirty);
  for (unsigned a = 0; a < ctx->n_arr; a++) {
    const cache_array_t *arr = ctx->arr[a];
    uint32_t row;
    if (!looks_up(w, g, a, &row)) continue;
    uint32_t rows = ca_rows(arr);
    for (uint32_t l = 0; l < ctx->lanes; l++) {
      if (!((g->lanes >> l) & 1u)) continue;
      for (uint32_t wy = 0; wy < ca_ways(arr); wy++) {
        uint32_t t = ca_tag_q(arr, l, wy);
        if (!(t & TS_VALID)) continue;
        int m;
        if (!g->setwalk) {
          m = TS_TAG(t) == g->grp / rows;
        } else {
          uint64_t line = ca_line(arr, TS_TAG(t), l, row);
          m = line >= g->first && line < g->end;
        }
        if (!m) continue;
        w->hit[l][a] |= 1u << wy;
        w->tag[l][a][wy] = TS_TAG(t);
        if (a == 0 && (t & TS_DIRTY)) w->dirty[l] |= 1u << wy;
      }
    }
  }
  w->ac = *g;
  w->wb_req = 0;
}

static uint32_t entry_line(const cc_walker_t *w, unsigned a, uint32_t l, uint32_t wy) {
  if (!w->ac.setwalk) return (w->ac.grp << w->ctx->lane_bits) | l;
  return ca_line(w->ctx->arr[a], w->tag[l][a][wy], l, w->ac.grp);
}

/* AC act: invalidate every hit, return the event. */
static event_t ac_act(cc_walker_t *w) {
  const cc_ctx_t *ctx = w->ctx;
  event_t ev;
  memset(&ev, 0, sizeof ev);
  ev.valid = 1;
  ev.last = w->ac.last;
  int have = 0;
  uint32_t narr = 0;
  for (unsigned a = 0; a < ctx->n_arr; a++) {
    uint32_t row;
    if (!looks_up(w, &w->ac, a, &row)) continue;
    narr++;
  }
  for (uint32_t l = 0; l < ctx->lanes; l++) {
    for (unsigned a = 0; a < ctx->n_arr; a++) {
      uint32_t m = w->hit[l][a], row;
      if (!m) continue;
      looks_up(w, &w->ac, a, &row);
      for (uint32_t wy = 0; m; wy++, m >>= 1) {
        if (!(m & 1u)) continue;
        ca_tag_write(ctx->arr[a], l, row, wy, TS_MAKE(w->tag[l][a][wy], 0u));
        if (!have) {
          ev.line = entry_line(w, a, l, wy);
          have = 1;
        }
        ev.count++;
      }
    }
  }
  if (!w->ac.setwalk) ev.lookups = (uint32_t)__builtin_popcount(w->ac.lanes) * ctx->n_arr;
  else ev.lookups = ctx->lanes * narr;
  return ev;
}

uint32_t cc_walker_step(cc_walker_t *w, const cc_io_t *io, int walking, int accept) {
  const cc_ctx_t *ctx = w->ctx;
  uint32_t T = ctx->tag_lat;
  uint32_t lookups = 0;
  /* SM at the edge: accumulate, push the ack; the ack queue pops on its handshake. */
  int pop = w->ack_n && io->ack_ready;
  if (pop) {
    memmove(&w->ackq[0], &w->ackq[1], (w->ack_n - 1u) * sizeof w->ackq[0]);
    w->ack_n--;
  }
  if (w->sm.valid) {
    lookups = w->sm.lookups;
    if (w->sm.last) {
      if (w->ack_n >= w->pif) rinv_err_report(ctx->err, "walker: ack queue overflow");
      else w->ackq[w->ack_n++] = w->hits_acc + w->sm.count;
      w->hits_acc = 0;
    } else {
      w->hits_acc += w->sm.count;
    }
  }
  w->sm = w->ct;
  if (!walking) {
    memset(&w->ct, 0, sizeof w->ct);
    if (accept) load_probe(w, &w->cur, io);
    return lookups;
  }

  int fz = cc_walker_fz(w);
  grp_t isg = is_group(w);
  grp_t *rd = T == 1u ? &isg : &w->tw[T - 2u];
  /* hz: RD against TO (O = 1; TO is always empty when O = 0), CM and AC */
  int hz = !fz && rd->valid &&
           (conflict(w, rd, &w->to) || conflict(w, rd, &w->cm) || conflict(w, rd, &w->ac));
  int front = !fz && !hz;
  event_t ct_in;
  memset(&ct_in, 0, sizeof ct_in);

  if (fz) {
    /* IS .. AC (TO too) hold, no read; oe = 0 (cc.c) keeps the CM words in the output
     * registers and the TO words in the read registers */
    cache_array_t *l2 = ctx->arr[0];
    if (!w->wb_req) {
      /* detect: lowest lane, then lowest way */
      uint32_t l = 0;
      while (!w->dirty[l]) l++;
      uint32_t wy = (uint32_t)__builtin_ctz(w->dirty[l]);
      uint32_t row;
      looks_up(w, &w->ac, 0, &row);
      ca_data_read(l2, l, row, wy);
      ca_dmask_read(l2, l, row, wy);
      w->wb_lane = l;
      w->wb_way = wy;
      w->wb_req = 1;
    } else if (io->req_ready) {
      uint32_t row, l = w->wb_lane, wy = w->wb_way;
      looks_up(w, &w->ac, 0, &row);
      ca_tag_write(l2, l, row, wy, TS_MAKE(w->tag[l][0][wy], 0u));
      ct_in.valid = 1;
      ct_in.count = 1;
      ct_in.line = wb_line(w);
      w->hit[l][0] &= ~(1u << wy);
      w->dirty[l] &= ~(1u << wy);
      w->wb_req = 0;
    }
  } else {
    if (w->ac.valid) ct_in = ac_act(w);
    if (w->cm.valid) compare_into_ac(w);
    else memset(&w->ac, 0, sizeof w->ac);
    /* the stage after RD: TO when O = 1 (TO moves into CM with every CM step, and the output
     * registers load its words at this edge, oe = 1), else CM; a bubble on hz */
    grp_t *after_rd = &w->cm;
    if (ctx->oreg) {
      w->cm = w->to;
      after_rd = &w->to;
    }
    if (front) {
      *after_rd = *rd;
      if (rd->valid) rd_issue(w, rd);
    } else {
      memset(after_rd, 0, sizeof *after_rd);
    }
  }
  w->ct = ct_in;

  /* front: shift the tag-wait stages, IS produces a group */
  int cur_out = 0;
  if (front) {
    for (uint32_t k = T - 1u; k-- > 1u;) w->tw[k] = w->tw[k - 1u];
    if (T > 1u) w->tw[0] = isg;
    if (w->cur.valid) {
      w->cur.grp++;
      w->cur.firstg = 0;
      if (--w->cur.left == 0u) {
        w->cur.valid = 0;
        cur_out = 1;
      }
    }
  }
  /* probe registers: nxt moves into cur when cur runs out; an accepted probe goes to cur if
   * cur is empty after this edge, else to nxt */
  if (cur_out && w->nxt.valid) {
    w->cur = w->nxt;
    w->nxt.valid = 0;
  }
  if (accept) {
    if (!w->cur.valid) load_probe(w, &w->cur, io);
    else load_probe(w, &w->nxt, io);
  }
  return lookups;
}

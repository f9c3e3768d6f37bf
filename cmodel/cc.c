/* Cache controller `side_cc`: ARCHITECTURE.md §4. */
#include "cc.h"

#include <stdlib.h>
#include <string.h>

#include "rinv_regs.h"

#define LINE_MASK ((1u << RINV_LINE_W) - 1u)
#define LINE_BYTES RINV_LINE_BYTES

enum cc_state {
  ST_IDLE,
  ST_L1_LOOKUP,
  ST_L2_LOOKUP,
  ST_VICTIM_WB,
  ST_FILL_REQ,
  ST_FILL_WAIT,
  ST_RESP,
  ST_INV_LAT,
  ST_INV_STEP,
  ST_INV_WB,
  ST_ACK,
  ST_HIST_LOOKUP,
  ST_HIST_WB,
  ST_HIST_BEAT,
  ST_HIST_END,
  ST_HIST_WAIT_DONE
};

static const char *const k_state_names[] = {
    "StIdle",    "StL1Lookup", "StL2Lookup",   "StVictimWb", "StFillReq",  "StFillWait",
    "StResp",    "StInvLat",   "StInvStep",    "StInvWb",    "StAck",      "StHistLookup",
    "StHistWb",  "StHistBeat", "StHistEnd",    "StHistWaitDone"};

/* One tag/data array. Entry (set, way) lives at index set * ways + way. Valid bit and tag
 * share one word (0 = invalid) so that a set lookup is a single compare per way. */
#define TAG_VALID 0x80000000u

typedef struct cache_array {
  uint32_t sets, ways, set_bits;
  uint32_t *tagv; /* TAG_VALID | tag, or 0 if invalid */
  uint8_t *data;    /* LINE_BYTES per entry */
  uint64_t *dmask;  /* L2 only: byte dirty mask */
  uint8_t *rec;     /* L2 only: recorded this epoch */
  uint32_t *rr;     /* per set: round-robin replacement pointer */
} cache_array_t;

struct cc {
  unsigned side, port_base, n_l1, n_arrays;
  uint32_t l1_lat, l2_lat, tag_lat, rec_cap, smax, total_lines;
  cache_array_t arr[1 + CC_MAX_L1]; /* [0] = L2, [1 + k] = L1 of local port k */

  enum cc_state state;
  uint32_t cnt; /* latency counter */
  uint32_t hist_en, xfer;

  uint32_t *rec_buf; /* recorder ring buffer */
  uint32_t rec_head, rec_count;

  /* request latch */
  uint32_t req_port, req_we, req_addr, req_wdata, req_wstrb;
  uint32_t way;   /* L2 way latched for fill, victim/history/invalidation write-back */
  uint32_t rdata; /* load result */

  /* probe latch and walk */
  uint32_t pr_first, pr_n, pr_setwalk, walk_idx, hits;

  uint32_t tag_lookups, rrp;
  uint8_t zero_line[LINE_BYTES];
};

/* ---------------------------------------------------------------- arrays */

static unsigned log2u(uint32_t v) {
  unsigned b = 0;
  while ((1u << b) < v) b++;
  return b;
}

static int array_init(cache_array_t *a, uint32_t sets, uint32_t ways, int is_l2) {
  size_t n = (size_t)sets * ways;
  memset(a, 0, sizeof *a);
  a->sets = sets;
  a->ways = ways;
  a->set_bits = log2u(sets);
  a->tagv = calloc(n, sizeof *a->tagv);
  a->data = calloc(n, LINE_BYTES);
  a->rr = calloc(sets, sizeof *a->rr);
  if (is_l2) {
    a->dmask = calloc(n, sizeof *a->dmask);
    a->rec = calloc(n, 1);
    if (!a->dmask || !a->rec) return -1;
  }
  return (a->tagv && a->data && a->rr) ? 0 : -1;
}

static void array_free(cache_array_t *a) {
  free(a->tagv);
  free(a->data);
  free(a->rr);
  free(a->dmask);
  free(a->rec);
}

static void array_reset(cache_array_t *a) {
  size_t n = (size_t)a->sets * a->ways;
  memset(a->tagv, 0, n * sizeof *a->tagv);
  memset(a->data, 0, n * LINE_BYTES);
  memset(a->rr, 0, a->sets * sizeof *a->rr);
  if (a->dmask) memset(a->dmask, 0, n * sizeof *a->dmask);
  if (a->rec) memset(a->rec, 0, n);
}

static uint32_t set_of(const cache_array_t *a, uint32_t line) { return line & (a->sets - 1u); }
static uint32_t tag_of(const cache_array_t *a, uint32_t line) { return line >> a->set_bits; }
static size_t entry_idx(const cache_array_t *a, uint32_t set, uint32_t way) {
  return (size_t)set * a->ways + way;
}
static uint32_t entry_line(const cache_array_t *a, uint32_t set, uint32_t way) {
  return ((a->tagv[entry_idx(a, set, way)] & ~TAG_VALID) << a->set_bits) | set;
}
static uint8_t *entry_data(const cache_array_t *a, size_t idx) { return a->data + idx * LINE_BYTES; }

/* Way holding line in its set, or -1. Touches one set only. */
static int array_find(const cache_array_t *a, uint32_t line) {
  uint32_t set = set_of(a, line), key = tag_of(a, line) | TAG_VALID;
  const uint32_t *tv = &a->tagv[entry_idx(a, set, 0)];
  for (uint32_t w = 0; w < a->ways; w++) {
    if (tv[w] == key) return (int)w;
  }
  return -1;
}

/* Victim choice (§4.1): lowest invalid way, else the round-robin pointer, which advances. */
static uint32_t array_choose_victim(cache_array_t *a, uint32_t set) {
  size_t base = entry_idx(a, set, 0);
  for (uint32_t w = 0; w < a->ways; w++) {
    if (!a->tagv[base + w]) return w;
  }
  uint32_t w = a->rr[set];
  a->rr[set] = (w + 1u) % a->ways;
  return w;
}

static void entry_invalidate(cache_array_t *a, size_t idx) {
  a->tagv[idx] = 0;
  if (a->dmask) a->dmask[idx] = 0;
  if (a->rec) a->rec[idx] = 0; /* an invalidated line loses its rec bit (§4.2) */
}

/* Byte mask within the line of a word store. */
static uint64_t store_mask(uint32_t addr, uint32_t wstrb) {
  return (uint64_t)(wstrb & 0xFu) << (((addr >> 2) & 15u) * 4u);
}

static void store_bytes(uint8_t *line_data, uint32_t addr, uint32_t wdata, uint32_t wstrb) {
  uint32_t off = ((addr >> 2) & 15u) * 4u;
  for (unsigned b = 0; b < 4; b++) {
    if ((wstrb >> b) & 1u) line_data[off + b] = (uint8_t)(wdata >> (8u * b));
  }
}

static uint32_t load_word(const uint8_t *line_data, uint32_t addr) {
  uint32_t off = ((addr >> 2) & 15u) * 4u;
  return (uint32_t)line_data[off] | ((uint32_t)line_data[off + 1] << 8) |
         ((uint32_t)line_data[off + 2] << 16) | ((uint32_t)line_data[off + 3] << 24);
}

/* ---------------------------------------------------------------- lifecycle */

cc_t *cc_new(const rinv_cfg_t *cfg, unsigned side) {
  cc_t *cc = calloc(1, sizeof *cc);
  if (!cc) return NULL;
  cc->side = side;
  cc->port_base = side ? RINV_N_CPU_L1 : 0u;
  cc->n_l1 = side ? RINV_N_GPU_L1 : RINV_N_CPU_L1;
  cc->n_arrays = 1u + cc->n_l1;
  uint32_t l1_sets = side ? cfg->gpu_l1_sets : cfg->cpu_l1_sets;
  uint32_t l1_ways = side ? cfg->gpu_l1_ways : cfg->cpu_l1_ways;
  uint32_t l2_sets = side ? cfg->gpu_l2_sets : cfg->cpu_l2_sets;
  uint32_t l2_ways = side ? cfg->gpu_l2_ways : cfg->cpu_l2_ways;
  cc->l1_lat = side ? cfg->gpu_l1_lat : cfg->cpu_l1_lat;
  cc->l2_lat = side ? cfg->gpu_l2_lat : cfg->cpu_l2_lat;
  cc->tag_lat = cc->l1_lat > cc->l2_lat ? cc->l1_lat : cc->l2_lat;
  cc->rec_cap = cfg->rec_cap;
  cc->smax = l1_sets > l2_sets ? l1_sets : l2_sets;
  cc->total_lines = l2_sets * l2_ways + cc->n_l1 * l1_sets * l1_ways;
  int bad = array_init(&cc->arr[0], l2_sets, l2_ways, 1);
  for (unsigned k = 0; k < cc->n_l1; k++) bad |= array_init(&cc->arr[1 + k], l1_sets, l1_ways, 0);
  cc->rec_buf = calloc(cc->rec_cap ? cc->rec_cap : 1u, sizeof *cc->rec_buf);
  if (bad || !cc->rec_buf) {
    cc_free(cc);
    return NULL;
  }
  cc_reset(cc);
  return cc;
}

void cc_free(cc_t *cc) {
  if (!cc) return;
  for (unsigned a = 0; a < cc->n_arrays; a++) array_free(&cc->arr[a]);
  free(cc->rec_buf);
  free(cc);
}

void cc_reset(cc_t *cc) {
  for (unsigned a = 0; a < cc->n_arrays; a++) array_reset(&cc->arr[a]);
  cc->state = ST_IDLE;
  cc->cnt = 0;
  cc->hist_en = cc->xfer = 0;
  cc->rec_head = cc->rec_count = 0;
  cc->req_port = cc->req_we = cc->req_addr = cc->req_wdata = cc->req_wstrb = 0;
  cc->way = cc->rdata = 0;
  cc->pr_first = cc->pr_n = cc->pr_setwalk = cc->walk_idx = cc->hits = 0;
  cc->tag_lookups = cc->rrp = 0;
}

/* ---------------------------------------------------------------- recorder */

static uint32_t rec_head_line(const cc_t *cc) { return cc->rec_buf[cc->rec_head]; }

static void rec_push(cc_t *cc, uint32_t line) {
  if (cc->rec_count >= cc->rec_cap) return; /* unreachable: StIdle rule 3 keeps room */
  uint32_t tail = (cc->rec_head + cc->rec_count) % cc->rec_cap;
  cc->rec_buf[tail] = line;
  cc->rec_count++;
}

static void rec_pop(cc_t *cc) {
  cc->rec_head = (cc->rec_head + 1u) % cc->rec_cap;
  cc->rec_count--;
}

/* ---------------------------------------------------------------- range invalidation */

/* What one StInvStep cycle does, computed from state only (used for outputs and edge). */
typedef struct inv_plan {
  int writeback;    /* 1: a dirty L2 hit/match goes to StInvWb, nothing else this cycle */
  uint32_t wb_way;  /* L2 way to write back */
  uint32_t count;   /* entries invalidated this cycle */
  uint32_t line;    /* inv_line */
  uint32_t lookups; /* tag_lookups added */
} inv_plan_t;

static uint32_t addr_walk_line(const cc_t *cc) { return (cc->pr_first + cc->walk_idx) & LINE_MASK; }

/* Set-walk match of entry (set j, way w) of array a against the latched probe range. */
static int set_walk_match(const cc_t *cc, const cache_array_t *a, uint32_t j, uint32_t w) {
  uint32_t tv = a->tagv[entry_idx(a, j, w)];
  if (!tv) return 0;
  uint64_t line = ((uint64_t)(tv & ~TAG_VALID) << a->set_bits) | j;
  return line >= cc->pr_first && line < (uint64_t)cc->pr_first + cc->pr_n;
}

static void plan_inv_step(const cc_t *cc, inv_plan_t *p) {
  memset(p, 0, sizeof *p);
  const cache_array_t *l2 = &cc->arr[0];
  if (!cc->pr_setwalk) {
    uint32_t y = addr_walk_line(cc);
    int w2 = array_find(l2, y);
    if (w2 >= 0 && l2->dmask[entry_idx(l2, set_of(l2, y), (uint32_t)w2)] != 0) {
      p->writeback = 1;
      p->wb_way = (uint32_t)w2;
      return;
    }
    for (unsigned a = 0; a < cc->n_arrays; a++) p->count += array_find(&cc->arr[a], y) >= 0;
    p->line = y;
    p->lookups = cc->n_arrays;
    return;
  }
  uint32_t j = cc->walk_idx;
  if (j < l2->sets) {
    for (uint32_t w = 0; w < l2->ways; w++) {
      if (set_walk_match(cc, l2, j, w) && l2->dmask[entry_idx(l2, j, w)] != 0) {
        p->writeback = 1;
        p->wb_way = w;
        return;
      }
    }
  }
  int have_line = 0;
  for (unsigned a = 0; a < cc->n_arrays; a++) {
    const cache_array_t *arr = &cc->arr[a];
    if (j >= arr->sets) continue;
    p->lookups++;
    for (uint32_t w = 0; w < arr->ways; w++) {
      if (!set_walk_match(cc, arr, j, w)) continue;
      if (!have_line) {
        p->line = entry_line(arr, j, w);
        have_line = 1;
      }
      p->count++;
    }
  }
}

/* Invalidates what a non-write-back StInvStep invalidates. */
static void apply_inv_step(cc_t *cc) {
  if (!cc->pr_setwalk) {
    uint32_t y = addr_walk_line(cc);
    for (unsigned a = 0; a < cc->n_arrays; a++) {
      cache_array_t *arr = &cc->arr[a];
      int w = array_find(arr, y);
      if (w >= 0) entry_invalidate(arr, entry_idx(arr, set_of(arr, y), (uint32_t)w));
    }
    return;
  }
  uint32_t j = cc->walk_idx;
  for (unsigned a = 0; a < cc->n_arrays; a++) {
    cache_array_t *arr = &cc->arr[a];
    if (j >= arr->sets) continue;
    for (uint32_t w = 0; w < arr->ways; w++) {
      if (set_walk_match(cc, arr, j, w)) entry_invalidate(arr, entry_idx(arr, j, w));
    }
  }
}

/* After a step of the walk: -> StAck at the end, else the next index. */
static void inv_advance(cc_t *cc) {
  uint32_t end = cc->pr_setwalk ? cc->smax : cc->pr_n;
  if (cc->walk_idx + 1u == end) {
    cc->state = ST_ACK;
  } else {
    cc->walk_idx++;
    cc->state = ST_INV_STEP;
  }
}

/* L1 hits of line (all L1s), for the address-walk write-back cycle. */
static uint32_t l1_hit_count(const cc_t *cc, uint32_t line) {
  uint32_t n = 0;
  for (unsigned a = 1; a < cc->n_arrays; a++) n += array_find(&cc->arr[a], line) >= 0;
  return n;
}

/* Line written back by StInvWb. */
static uint32_t inv_wb_line(const cc_t *cc) {
  return cc->pr_setwalk ? entry_line(&cc->arr[0], cc->walk_idx, cc->way) : addr_walk_line(cc);
}

static size_t inv_wb_idx(const cc_t *cc) {
  const cache_array_t *l2 = &cc->arr[0];
  uint32_t set = cc->pr_setwalk ? cc->walk_idx : set_of(l2, addr_walk_line(cc));
  return entry_idx(l2, set, cc->way);
}

/* ---------------------------------------------------------------- port requests */

static uint32_t req_line(const cc_t *cc) { return (cc->req_addr >> 6) & LINE_MASK; }

static size_t l2_req_idx(const cc_t *cc) {
  const cache_array_t *l2 = &cc->arr[0];
  return entry_idx(l2, set_of(l2, req_line(cc)), cc->way);
}

/* The L2 holds the requested line in way cc->way: finish the access as an L2 hit. */
static void complete_l2_hit(cc_t *cc) {
  cache_array_t *l2 = &cc->arr[0];
  uint32_t x = req_line(cc);
  size_t idx = l2_req_idx(cc);
  uint8_t *d = entry_data(l2, idx);
  if (!cc->req_we) {
    /* Fill the requester's own L1 (L1 lines are never dirty). */
    cache_array_t *l1 = &cc->arr[1 + cc->req_port];
    uint32_t set = set_of(l1, x);
    uint32_t w = array_choose_victim(l1, set);
    size_t i1 = entry_idx(l1, set, w);
    l1->tagv[i1] = tag_of(l1, x) | TAG_VALID;
    memcpy(entry_data(l1, i1), d, LINE_BYTES);
    cc->rdata = load_word(d, cc->req_addr);
  } else {
    store_bytes(d, cc->req_addr, cc->req_wdata, cc->req_wstrb);
    l2->dmask[idx] |= store_mask(cc->req_addr, cc->req_wstrb);
    if (cc->hist_en && !l2->rec[idx]) {
      rec_push(cc, x);
      l2->rec[idx] = 1;
    }
    cc->rdata = 0;
  }
  cc->state = ST_RESP;
}

static void act_l1_lookup(cc_t *cc) {
  uint32_t x = req_line(cc);
  if (!cc->req_we) {
    cache_array_t *l1 = &cc->arr[1 + cc->req_port];
    int w = array_find(l1, x);
    if (w >= 0) {
      cc->rdata = load_word(entry_data(l1, entry_idx(l1, set_of(l1, x), (uint32_t)w)), cc->req_addr);
      cc->state = ST_RESP;
      return;
    }
  } else {
    /* Write-update every L1 of the side that holds the line. */
    for (unsigned a = 1; a < cc->n_arrays; a++) {
      cache_array_t *l1 = &cc->arr[a];
      int w = array_find(l1, x);
      if (w >= 0) {
        store_bytes(entry_data(l1, entry_idx(l1, set_of(l1, x), (uint32_t)w)), cc->req_addr,
                    cc->req_wdata, cc->req_wstrb);
      }
    }
  }
  cc->state = ST_L2_LOOKUP;
  cc->cnt = cc->l2_lat - 1u;
}

static void act_l2_lookup(cc_t *cc) {
  cache_array_t *l2 = &cc->arr[0];
  uint32_t x = req_line(cc);
  int w = array_find(l2, x);
  if (w >= 0) {
    cc->way = (uint32_t)w;
    complete_l2_hit(cc);
    return;
  }
  uint32_t set = set_of(l2, x);
  cc->way = array_choose_victim(l2, set);
  size_t idx = entry_idx(l2, set, cc->way);
  cc->state = (l2->tagv[idx] && l2->dmask[idx] != 0) ? ST_VICTIM_WB : ST_FILL_REQ;
}

/* ---------------------------------------------------------------- per-cycle evaluation */

void cc_eval_moore(const cc_t *cc, cc_io_t *io) {
  const cache_array_t *l2 = &cc->arr[0];
  io->req_valid = io->req_we = io->req_line = 0;
  io->req_wmask = 0;
  io->req_wdata = cc->zero_line;
  io->hist_valid = io->hist_last = io->hist_line = 0;
  io->ack_valid = io->ack_hits = 0;
  memset(io->resp_valid, 0, sizeof io->resp_valid);
  memset(io->resp_rdata, 0, sizeof io->resp_rdata);
  io->inv_count = io->inv_line = 0;

  switch (cc->state) {
    case ST_VICTIM_WB: {
      size_t idx = l2_req_idx(cc);
      io->req_valid = io->req_we = 1;
      io->req_line = entry_line(l2, set_of(l2, req_line(cc)), cc->way);
      io->req_wmask = l2->dmask[idx];
      io->req_wdata = entry_data(l2, idx);
      break;
    }
    case ST_FILL_REQ:
      io->req_valid = 1;
      io->req_line = req_line(cc);
      break;
    case ST_HIST_WB: {
      uint32_t e = rec_head_line(cc);
      size_t idx = entry_idx(l2, set_of(l2, e), cc->way);
      io->req_valid = io->req_we = 1;
      io->req_line = e;
      io->req_wmask = l2->dmask[idx];
      io->req_wdata = entry_data(l2, idx);
      break;
    }
    case ST_INV_WB: {
      size_t idx = inv_wb_idx(cc);
      io->req_valid = io->req_we = 1;
      io->req_line = inv_wb_line(cc);
      io->req_wmask = l2->dmask[idx];
      io->req_wdata = entry_data(l2, idx);
      break;
    }
    case ST_HIST_BEAT:
      io->hist_valid = 1;
      io->hist_line = rec_head_line(cc);
      break;
    case ST_HIST_END:
      io->hist_valid = io->hist_last = 1;
      break;
    case ST_ACK:
      io->ack_valid = 1;
      io->ack_hits = cc->hits;
      break;
    case ST_RESP:
      io->resp_valid[cc->req_port] = 1;
      io->resp_rdata[cc->req_port] = cc->rdata;
      break;
    case ST_INV_STEP: {
      inv_plan_t p;
      plan_inv_step(cc, &p);
      if (!p.writeback) {
        io->inv_count = p.count;
        io->inv_line = p.line;
      }
      break;
    }
    default:
      break;
  }
}

void cc_eval_mealy(const cc_t *cc, const rinv_in_t *in, cc_io_t *io) {
  memset(io->port_req_ready, 0, sizeof io->port_req_ready);
  io->granted_port = -1;
  io->probe_ready = io->fill_ready = 0;
  uint32_t stall = in->stall;

  if (cc->state == ST_IDLE) {
    io->probe_ready = !((stall >> (6u + cc->side)) & 1u);
    int busy = (io->probe_valid && io->probe_ready) || cc->xfer || cc->rec_count == cc->rec_cap;
    if (!busy) {
      /* Rule 4: first valid port at or after rrp, cyclically. */
      for (unsigned k = 0; k < cc->n_l1; k++) {
        unsigned p = (cc->rrp + k) % cc->n_l1;
        if (in->port_req_valid[cc->port_base + p] & 1u) {
          io->port_req_ready[p] = 1;
          io->granted_port = (int)p;
          break;
        }
      }
    }
  } else if (cc->state == ST_FILL_WAIT) {
    io->fill_ready = !((stall >> (2u + cc->side)) & 1u);
  } else if (cc->state == ST_INV_WB && io->req_ready) {
    /* Mealy on cc_req_ready: the write-back completes and invalidates this cycle. */
    if (cc->pr_setwalk) {
      io->inv_count = 1;
    } else {
      io->inv_count = 1u + l1_hit_count(cc, addr_walk_line(cc));
    }
    io->inv_line = inv_wb_line(cc);
  }
}

void cc_step(cc_t *cc, const rinv_in_t *in, const cc_io_t *io) {
  cache_array_t *l2 = &cc->arr[0];
  switch (cc->state) {
    case ST_IDLE:
      if (io->probe_valid && io->probe_ready) {
        cc->pr_first = io->probe_first & LINE_MASK;
        cc->pr_n = io->probe_nlines;
        cc->pr_setwalk = io->probe_setwalk & 1u;
        cc->hits = 0;
        cc->state = ST_INV_LAT;
        cc->cnt = cc->tag_lat - 1u;
      } else if (cc->xfer) {
        if (cc->rec_count != 0u) {
          cc->state = ST_HIST_LOOKUP;
          cc->cnt = cc->l2_lat - 1u;
        } else {
          cc->state = ST_HIST_END;
        }
      } else if (cc->rec_count == cc->rec_cap) {
        cc->state = ST_HIST_LOOKUP; /* early drain of one entry */
        cc->cnt = cc->l2_lat - 1u;
      } else if (io->granted_port >= 0) {
        unsigned p = (unsigned)io->granted_port;
        unsigned g = cc->port_base + p;
        cc->req_port = p;
        cc->req_we = in->port_req_we[g] & 1u;
        cc->req_addr = in->port_req_addr[g];
        cc->req_wdata = in->port_req_wdata[g];
        cc->req_wstrb = in->port_req_wstrb[g] & 0xFu;
        cc->rrp = (p + 1u) % cc->n_l1;
        cc->state = ST_L1_LOOKUP;
        cc->cnt = cc->l1_lat - 1u;
      }
      break;

    case ST_L1_LOOKUP:
      if (cc->cnt) cc->cnt--;
      else act_l1_lookup(cc);
      break;

    case ST_L2_LOOKUP:
      if (cc->cnt) cc->cnt--;
      else act_l2_lookup(cc);
      break;

    case ST_VICTIM_WB:
      if (io->req_ready) {
        entry_invalidate(l2, l2_req_idx(cc));
        cc->state = ST_FILL_REQ;
      }
      break;

    case ST_FILL_REQ:
      if (io->req_ready) cc->state = ST_FILL_WAIT;
      break;

    case ST_FILL_WAIT:
      if (io->fill_valid && io->fill_ready) {
        size_t idx = l2_req_idx(cc);
        l2->tagv[idx] = tag_of(l2, req_line(cc)) | TAG_VALID;
        memcpy(entry_data(l2, idx), io->fill_data, LINE_BYTES);
        l2->dmask[idx] = 0;
        l2->rec[idx] = 0;
        complete_l2_hit(cc);
      }
      break;

    case ST_RESP:
      if (in->port_resp_ready[cc->port_base + cc->req_port] & 1u) cc->state = ST_IDLE;
      break;

    case ST_INV_LAT:
      if (cc->cnt) {
        cc->cnt--;
      } else {
        cc->walk_idx = 0;
        cc->state = ST_INV_STEP;
      }
      break;

    case ST_INV_STEP: {
      inv_plan_t p;
      plan_inv_step(cc, &p);
      if (p.writeback) {
        cc->way = p.wb_way;
        cc->state = ST_INV_WB;
      } else {
        apply_inv_step(cc);
        cc->hits += p.count;
        cc->tag_lookups += p.lookups;
        inv_advance(cc);
      }
      break;
    }

    case ST_INV_WB:
      if (io->req_ready) {
        entry_invalidate(l2, inv_wb_idx(cc));
        if (cc->pr_setwalk) {
          cc->hits += 1u;
          cc->state = ST_INV_STEP; /* same set, re-evaluated */
        } else {
          uint32_t y = addr_walk_line(cc);
          uint32_t count = 1u;
          for (unsigned a = 1; a < cc->n_arrays; a++) {
            cache_array_t *l1 = &cc->arr[a];
            int w = array_find(l1, y);
            if (w >= 0) {
              entry_invalidate(l1, entry_idx(l1, set_of(l1, y), (uint32_t)w));
              count++;
            }
          }
          cc->hits += count;
          cc->tag_lookups += cc->n_arrays;
          inv_advance(cc);
        }
      }
      break;

    case ST_ACK:
      if (io->ack_ready) cc->state = ST_IDLE;
      break;

    case ST_HIST_LOOKUP:
      if (cc->cnt) {
        cc->cnt--;
      } else {
        uint32_t e = rec_head_line(cc);
        int w = array_find(l2, e);
        cc->state = ST_HIST_BEAT;
        if (w >= 0) {
          size_t idx = entry_idx(l2, set_of(l2, e), (uint32_t)w);
          l2->rec[idx] = 0;
          if (l2->dmask[idx] != 0) {
            cc->way = (uint32_t)w;
            cc->state = ST_HIST_WB;
          }
        }
      }
      break;

    case ST_HIST_WB:
      if (io->req_ready) {
        l2->dmask[entry_idx(l2, set_of(l2, rec_head_line(cc)), cc->way)] = 0;
        cc->state = ST_HIST_BEAT;
      }
      break;

    case ST_HIST_BEAT:
      if (io->hist_ready) {
        rec_pop(cc);
        if (!cc->xfer) {
          cc->state = ST_IDLE;
        } else if (cc->rec_count != 0u) {
          cc->state = ST_HIST_LOOKUP;
          cc->cnt = cc->l2_lat - 1u;
        } else {
          cc->state = ST_HIST_END;
        }
      }
      break;

    case ST_HIST_END:
      if (io->hist_ready) cc->state = ST_HIST_WAIT_DONE;
      break;

    case ST_HIST_WAIT_DONE:
      if (io->hist_done) {
        cc->xfer = 0;
        cc->state = ST_IDLE;
      }
      break;
  }
  /* hist_go sets xfer whatever the state (set wins over the clear above). */
  if (io->hist_go) cc->xfer = 1;
}

/* ---------------------------------------------------------------- registers */

int cc_reg_read(const cc_t *cc, uint32_t off, uint32_t *value) {
  switch (off) {
    case RINV_CC_HIST_EN_OFFSET: *value = cc->hist_en; return 1;
    case RINV_CC_REC_COUNT_OFFSET: *value = cc->rec_count; return 1;
    case RINV_CC_TAG_LOOKUPS_OFFSET: *value = cc->tag_lookups; return 1;
    default: *value = 0; return 0;
  }
}

int cc_reg_write_ok(const cc_t *cc, uint32_t off, uint32_t value, unsigned req_side) {
  /* REC_COUNT and TAG_LOOKUPS are read-only; everything else is unmapped. */
  return off == RINV_CC_HIST_EN_OFFSET && value <= 1u && req_side == cc->side;
}

void cc_reg_write(cc_t *cc, uint32_t off, uint32_t value) {
  if (off == RINV_CC_HIST_EN_OFFSET) cc->hist_en = value & RINV_CC_HIST_EN_EN_MASK;
}

/* ---------------------------------------------------------------- observers */

int cc_line_valid(const cc_t *cc, uint32_t line) {
  line &= LINE_MASK;
  for (unsigned a = 0; a < cc->n_arrays; a++) {
    if (array_find(&cc->arr[a], line) >= 0) return 1;
  }
  return 0;
}

uint32_t cc_rec_count(const cc_t *cc) { return cc->rec_count; }
uint32_t cc_hist_en(const cc_t *cc) { return cc->hist_en; }
uint32_t cc_tag_lookups(const cc_t *cc) { return cc->tag_lookups; }
unsigned cc_n_l1(const cc_t *cc) { return cc->n_l1; }
uint32_t cc_max_sets(const cc_t *cc) { return cc->smax; }
uint32_t cc_total_lines(const cc_t *cc) { return cc->total_lines; }
const char *cc_state_name(const cc_t *cc) { return k_state_names[cc->state]; }

/* Directory `dir_ctrl`: ARCHITECTURE.md §5 and the directory registers of §6. */
#include "dir.h"

#include <stdlib.h>
#include <string.h>

#include "hist.h"
#include "rinv_regs.h"

#define LINE_BYTES RINV_LINE_BYTES
#define ALL_LINES (1u << RINV_LINE_W) /* n of the invalidate-all probe */

enum mem_state { M_IDLE, M_REQ, M_WAIT, M_FILL };
enum gen_state { G_IDLE, G_GEN, G_PROBE, G_WAIT_ACK };
enum mode { MODE_LINE = 0, MODE_RUN = 1, MODE_MERGE = 2 };
enum walk { WALK_ADDR = 0, WALK_SET = 1, WALK_AUTO = 2 };

/* Register offsets in the directory window (common/rinv_regs.h, from regs/rinv.rdl). */
enum {
  REG_LOCK = RINV_DIR_LOCK_OFFSET,
  REG_MODE = RINV_DIR_MODE_OFFSET,
  REG_STATUS = RINV_DIR_STATUS_OFFSET,
  REG_ERR_COUNT = RINV_DIR_ERR_COUNT_OFFSET,
  REG_COUNTERS = RINV_DIR_CNT_OFFSET,
  REG_INV_START = RINV_DIR_INV_START_OFFSET,
  REG_HIST_RX = RINV_DIR_HIST_RX_OFFSET
};
#define N_COUNTERS RINV_DIR_CNT_COUNT

struct dir {
  uint32_t max_range;
  uint32_t smax[2], total_lines[2]; /* per target side */

  /* memory arbiter */
  enum mem_state mstate;
  uint32_t mgrant, mlast;
  uint32_t mwe, mline;
  uint64_t mwmask;
  uint8_t mwdata[LINE_BYTES];
  uint8_t mrdata[LINE_BYTES];

  /* history */
  hist_fifo_t fifo[2];
  rtab_t rt[2];
  uint32_t ovf[2], hist_busy[2], hist_go[2], hist_done[2];

  /* probe generator */
  enum gen_state gstate;
  uint32_t src, tgt, inv_busy, inv_done, last_inv_id;
  uint32_t pend_valid, pend_first, pend_n;
  uint32_t pr_first, pr_n, pr_setwalk, pr_all;

  /* registers */
  uint32_t owner, mode, walk;

  /* statistics */
  uint32_t st_probes, st_probe_lines, st_inv_hits, st_over_inv, st_hist_entries,
      st_hist_overflows, st_inv_cycles, st_inv_cycles_last, st_releases, st_errors;
};

/* ---------------------------------------------------------------- lifecycle */

dir_t *dir_new(const rinv_cfg_t *cfg) {
  dir_t *d = calloc(1, sizeof *d);
  if (!d) return NULL;
  d->max_range = cfg->max_range;
  d->smax[0] = cfg->cpu_l1_sets > cfg->cpu_l2_sets ? cfg->cpu_l1_sets : cfg->cpu_l2_sets;
  d->smax[1] = cfg->gpu_l1_sets > cfg->gpu_l2_sets ? cfg->gpu_l1_sets : cfg->gpu_l2_sets;
  d->total_lines[0] = cfg->cpu_l2_sets * cfg->cpu_l2_ways +
                      RINV_N_CPU_L1 * cfg->cpu_l1_sets * cfg->cpu_l1_ways;
  d->total_lines[1] = cfg->gpu_l2_sets * cfg->gpu_l2_ways +
                      RINV_N_GPU_L1 * cfg->gpu_l1_sets * cfg->gpu_l1_ways;
  int bad = 0;
  for (unsigned s = 0; s < 2; s++) {
    bad |= hist_fifo_init(&d->fifo[s], cfg->hist_cap);
    bad |= rtab_init(&d->rt[s], cfg->rt_cap);
  }
  if (bad) {
    dir_free(d);
    return NULL;
  }
  dir_reset(d);
  return d;
}

void dir_free(dir_t *d) {
  if (!d) return;
  for (unsigned s = 0; s < 2; s++) {
    hist_fifo_free(&d->fifo[s]);
    rtab_free(&d->rt[s]);
  }
  free(d);
}

void dir_reset(dir_t *d) {
  d->mstate = M_IDLE;
  d->mgrant = 0;
  d->mlast = 1; /* so the CPU wins the first tie */
  d->mwe = d->mline = 0;
  d->mwmask = 0;
  memset(d->mwdata, 0, sizeof d->mwdata);
  memset(d->mrdata, 0, sizeof d->mrdata);
  for (unsigned s = 0; s < 2; s++) {
    hist_fifo_clear(&d->fifo[s]);
    rtab_clear(&d->rt[s]);
    d->ovf[s] = d->hist_busy[s] = d->hist_go[s] = d->hist_done[s] = 0;
  }
  d->gstate = G_IDLE;
  d->src = d->tgt = d->inv_busy = d->inv_done = d->last_inv_id = 0;
  d->pend_valid = d->pend_first = d->pend_n = 0;
  d->pr_first = d->pr_n = d->pr_setwalk = d->pr_all = 0;
  d->owner = 0;
  d->mode = MODE_RUN;
  d->walk = WALK_ADDR;
  d->st_probes = d->st_probe_lines = d->st_inv_hits = d->st_over_inv = 0;
  d->st_hist_entries = d->st_hist_overflows = d->st_inv_cycles = 0;
  d->st_inv_cycles_last = d->st_releases = d->st_errors = 0;
}

/* ---------------------------------------------------------------- per-cycle evaluation */

void dir_eval_moore(const dir_t *d, dir_io_t *io) {
  io->mem_req_valid = (d->mstate == M_REQ);
  io->mem_req_we = io->mem_req_valid ? d->mwe : 0u;
  io->mem_req_line = io->mem_req_valid ? d->mline : 0u;
  io->mem_req_wmask = io->mem_req_valid ? d->mwmask : 0u;
  if (io->mem_req_valid) {
    for (unsigned i = 0; i < 16; i++) {
      const uint8_t *b = &d->mwdata[4 * i];
      io->mem_req_wdata[i] = (uint32_t)b[0] | ((uint32_t)b[1] << 8) | ((uint32_t)b[2] << 16) |
                             ((uint32_t)b[3] << 24);
    }
  } else {
    memset(io->mem_req_wdata, 0, sizeof io->mem_req_wdata);
  }
  io->fill_data = d->mrdata;
  for (unsigned s = 0; s < 2; s++) {
    io->fill_valid[s] = (d->mstate == M_FILL && d->mgrant == s);
    io->hist_go[s] = d->hist_go[s];
    io->hist_done[s] = d->hist_done[s];
    int probing = (d->gstate == G_PROBE && d->tgt == s);
    io->probe_valid[s] = probing;
    io->probe_first[s] = probing ? d->pr_first : 0u;
    io->probe_nlines[s] = probing ? d->pr_n : 0u;
    io->probe_setwalk[s] = probing ? d->pr_setwalk : 0u;
  }
}

void dir_eval_mealy(const dir_t *d, const rinv_in_t *in, dir_io_t *io) {
  uint32_t stall = in->stall;
  io->grant = -1;
  io->req_ready[0] = io->req_ready[1] = 0;
  if (d->mstate == M_IDLE) {
    int elig0 = io->req_valid[0] && !(stall & 1u);
    int elig1 = io->req_valid[1] && !((stall >> 1) & 1u);
    if (elig0 && elig1) io->grant = (int)(1u - d->mlast); /* the side not granted last */
    else if (elig0) io->grant = 0;
    else if (elig1) io->grant = 1;
    if (io->grant >= 0) io->req_ready[io->grant] = 1;
  }
  for (unsigned s = 0; s < 2; s++) {
    io->hist_ready[s] = !((stall >> (4u + s)) & 1u);
    io->ack_ready[s] = (d->gstate == G_WAIT_ACK && d->tgt == s) ? !((stall >> (8u + s)) & 1u) : 0u;
  }
}

static void gen_enter_probe(dir_t *d, uint32_t first, uint32_t n, int all) {
  d->pr_first = first;
  d->pr_n = n;
  d->pr_all = (uint32_t)all;
  if (all || d->walk == WALK_SET) d->pr_setwalk = 1;
  else if (d->walk == WALK_AUTO) d->pr_setwalk = n > d->smax[d->tgt];
  else d->pr_setwalk = 0;
  d->pend_valid = 0;
  d->gstate = G_PROBE;
}

static void gen_finish(dir_t *d) {
  d->inv_busy = 0;
  d->inv_done = 1;
  d->gstate = G_IDLE;
}

/* One GGen cycle (§5.3). */
static void gen_generate(dir_t *d) {
  unsigned s = d->src;
  if (d->ovf[s]) {
    hist_fifo_clear(&d->fifo[s]);
    d->ovf[s] = 0;
    gen_enter_probe(d, 0, ALL_LINES, 1);
    return;
  }
  if (d->mode == MODE_MERGE) {
    rtab_t *t = &d->rt[s];
    if (t->count == 0u) {
      gen_finish(d);
    } else {
      uint32_t len = t->last[0] - t->first[0] + 1u;
      gen_enter_probe(d, t->first[0], len < d->max_range ? len : d->max_range, 0);
    }
    return;
  }
  hist_fifo_t *f = &d->fifo[s];
  if (f->count == 0u) {
    if (d->pend_valid) gen_enter_probe(d, d->pend_first, d->pend_n, 0);
    else gen_finish(d);
    return;
  }
  uint32_t h = hist_fifo_head(f);
  if (d->pend_valid && (d->mode == MODE_LINE || h != d->pend_first + d->pend_n ||
                        d->pend_n == d->max_range)) {
    gen_enter_probe(d, d->pend_first, d->pend_n, 0); /* head not popped */
    return;
  }
  hist_fifo_pop(f);
  if (d->pend_valid) {
    d->pend_n++;
  } else {
    d->pend_valid = 1;
    d->pend_first = h;
    d->pend_n = 1;
  }
}

void dir_step(dir_t *d, const rinv_in_t *in, const dir_io_t *io) {
  /* Memory arbiter (§5.1). */
  switch (d->mstate) {
    case M_IDLE:
      if (io->grant >= 0) {
        unsigned g = (unsigned)io->grant;
        d->mgrant = g;
        d->mlast = g;
        d->mwe = io->req_we[g];
        d->mline = io->req_line[g];
        d->mwmask = io->req_wmask[g];
        memcpy(d->mwdata, io->req_wdata[g], LINE_BYTES);
        d->mstate = M_REQ;
      }
      break;
    case M_REQ:
      if (in->mem_req_ready & 1u) d->mstate = d->mwe ? M_IDLE : M_WAIT;
      break;
    case M_WAIT:
      if (in->mem_resp_valid & 1u) {
        for (unsigned i = 0; i < 16; i++) {
          for (unsigned b = 0; b < 4; b++) d->mrdata[4 * i + b] = (uint8_t)(in->mem_resp_rdata[i] >> (8 * b));
        }
        d->mstate = M_FILL;
      }
      break;
    case M_FILL:
      if (io->fill_ready[d->mgrant]) d->mstate = M_IDLE;
      break;
  }

  /* FIFO fullness is that of the state before the edge (a pop at the same edge does not
   * make room for a beat of this cycle). */
  int fifo_full[2];
  for (unsigned s = 0; s < 2; s++) fifo_full[s] = d->fifo[s].count >= d->fifo[s].cap;

  /* Busy-cycle counters count every cycle with inv_busy = 1 (before the edge). */
  if (d->inv_busy) {
    d->st_inv_cycles++;
    d->st_inv_cycles_last++;
  }

  /* Probe generator (§5.3); its effects on the history structures come before the
   * inserts of this edge. */
  switch (d->gstate) {
    case G_IDLE:
      break;
    case G_GEN:
      gen_generate(d);
      break;
    case G_PROBE:
      if (io->probe_ready[d->tgt]) {
        d->st_probes++;
        d->st_probe_lines += d->pr_all ? d->total_lines[d->tgt] : d->pr_n;
        if (d->mode == MODE_MERGE && !d->pr_all) rtab_consume_front(&d->rt[d->src], d->pr_n);
        d->gstate = G_WAIT_ACK;
      }
      break;
    case G_WAIT_ACK:
      if (io->ack_valid[d->tgt] && io->ack_ready[d->tgt]) {
        d->st_inv_hits += io->ack_hits[d->tgt];
        if (d->pr_all) {
          d->st_over_inv += io->ack_hits[d->tgt];
          gen_finish(d);
        } else {
          d->gstate = G_GEN;
        }
      }
      break;
  }

  /* History beats (§5.2). hist_go/hist_done are one-cycle pulses. */
  for (unsigned s = 0; s < 2; s++) {
    d->hist_go[s] = 0;
    d->hist_done[s] = 0;
    if (!(io->hist_valid[s] && io->hist_ready[s])) continue;
    if (io->hist_last[s]) {
      d->hist_busy[s] = 0;
      d->hist_done[s] = 1;
      continue;
    }
    uint32_t line = io->hist_line[s];
    d->st_hist_entries++;
    if (d->mode == MODE_MERGE) {
      rtab_insert_result_t r = rtab_insert(&d->rt[s], line);
      if (r.forced_merge) {
        d->st_over_inv += r.gap_lines;
        d->st_hist_overflows++;
      }
    } else if (fifo_full[s]) {
      d->ovf[s] = 1; /* the next invalidation from this side invalidates everything */
      d->st_hist_overflows++;
    } else {
      hist_fifo_push(&d->fifo[s], line);
    }
  }
}

/* ---------------------------------------------------------------- registers */

static uint32_t dir_status(const dir_t *d) {
  return d->inv_busy | (d->inv_done << 1) | (d->hist_busy[0] << 2) | (d->hist_busy[1] << 3) |
         ((d->last_inv_id & 3u) << 4) | (d->ovf[0] << 6) | (d->ovf[1] << 7) |
         ((d->owner & 3u) << 8);
}

uint32_t dir_hist_count(const dir_t *d, unsigned side) {
  return d->mode == MODE_MERGE ? d->rt[side].count : d->fifo[side].count;
}

static uint32_t dir_counter(const dir_t *d, uint32_t k) {
  switch (k) {
    case RINV_DIR_CNT_PROBES_IDX: return d->st_probes;
    case RINV_DIR_CNT_PROBE_LINES_IDX: return d->st_probe_lines;
    case RINV_DIR_CNT_INV_HITS_IDX: return d->st_inv_hits;
    case RINV_DIR_CNT_OVER_INV_IDX: return d->st_over_inv;
    case RINV_DIR_CNT_HIST_ENTRIES_IDX: return d->st_hist_entries;
    case RINV_DIR_CNT_HIST_OVERFLOWS_IDX: return d->st_hist_overflows;
    case RINV_DIR_CNT_INV_CYCLES_IDX: return d->st_inv_cycles;
    case RINV_DIR_CNT_INV_CYCLES_LAST_IDX: return d->st_inv_cycles_last;
    case RINV_DIR_CNT_RELEASES_IDX: return d->st_releases;
    case RINV_DIR_CNT_HIST_COUNT_CPU_IDX: return dir_hist_count(d, 0);
    default: return dir_hist_count(d, 1);
  }
}

int dir_reg_read(const dir_t *d, uint32_t off, uint32_t *value) {
  *value = 0;
  switch (off) {
    case REG_LOCK: *value = d->owner; return 1;
    case REG_MODE: *value = d->mode | (d->walk << 2); return 1;
    case REG_STATUS:
    case REG_INV_START:
    case REG_HIST_RX: *value = dir_status(d); return 1;
    case REG_ERR_COUNT: *value = d->st_errors; return 1;
    default: break;
  }
  if (off >= REG_COUNTERS && off < REG_COUNTERS + 4u * N_COUNTERS && (off & 3u) == 0u) {
    *value = dir_counter(d, (off - REG_COUNTERS) / 4u);
    return 1;
  }
  return 0;
}

/* INV_START and HIST_RX share their acceptance conditions. */
static int release_step_ok(const dir_t *d, uint32_t v, unsigned side) {
  uint32_t r = side + 1u;
  return (v == 1u || v == 2u) && v == r && d->owner == r && !d->inv_busy && !d->hist_busy[side];
}

int dir_reg_write_ok(const dir_t *d, uint32_t off, uint32_t v, unsigned side) {
  uint32_t r = side + 1u;
  switch (off) {
    case REG_LOCK:
      if (v > 2u) return 0;
      if (v != 0u) return v == r;
      return d->owner == r && !d->inv_busy && !d->hist_busy[side];
    case REG_MODE: {
      if (v & ~0xFu) return 0;
      if ((v & 3u) == 3u || ((v >> 2) & 3u) == 3u) return 0;
      if (d->inv_busy || d->hist_busy[0] || d->hist_busy[1]) return 0;
      for (unsigned s = 0; s < 2; s++) {
        if (d->fifo[s].count || d->rt[s].count || d->ovf[s]) return 0;
      }
      return 1;
    }
    case REG_INV_START:
    case REG_HIST_RX:
      return release_step_ok(d, v, side);
    default:
      return 0; /* read-only (STATUS, ERR_COUNT, counters) or unmapped */
  }
}

void dir_reg_write(dir_t *d, uint32_t off, uint32_t v, unsigned side) {
  switch (off) {
    case REG_LOCK:
      if (v != 0u) {
        if (d->owner == 0u) d->owner = v; /* held: no change, OKAY */
      } else {
        d->owner = 0;
        d->inv_done = 0;
      }
      break;
    case REG_MODE:
      d->mode = v & 3u;
      d->walk = (v >> 2) & 3u;
      break;
    case REG_INV_START:
      d->src = side;
      d->tgt = 1u - side;
      d->inv_busy = 1;
      d->inv_done = 0;
      d->last_inv_id = v;
      d->st_releases++;
      d->st_inv_cycles_last = 0;
      d->pend_valid = 0;
      d->gstate = G_GEN;
      break;
    case REG_HIST_RX:
      d->hist_busy[side] = 1;
      d->hist_go[side] = 1; /* visible in the next cycle only */
      break;
    default:
      break;
  }
}

void dir_count_error(dir_t *d) { d->st_errors++; }

void dir_observe(const dir_t *d, rinv_out_t *out) {
  out->lock_owner = d->owner;
  out->inv_busy = d->inv_busy;
  out->inv_done = d->inv_done;
  out->hist_count[0] = dir_hist_count(d, 0);
  out->hist_count[1] = dir_hist_count(d, 1);
  out->stat_probes = d->st_probes;
  out->stat_probe_lines = d->st_probe_lines;
  out->stat_inv_hits = d->st_inv_hits;
  out->stat_over_inv = d->st_over_inv;
  out->stat_hist_entries = d->st_hist_entries;
  out->stat_hist_overflows = d->st_hist_overflows;
  out->stat_inv_cycles = d->st_inv_cycles;
  out->stat_inv_cycles_last = d->st_inv_cycles_last;
  out->stat_releases = d->st_releases;
  out->stat_errors = d->st_errors;
}

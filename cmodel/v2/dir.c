/* dir_ctrl model: wiring of the directory blocks (ARCHITECTURE_v2.md §7, §9). */
#include "dir.h"

#include <stdlib.h>
#include <string.h>

#include "dir_hist.h"
#include "dir_memarb.h"
#include "dir_probegen.h"
#include "dir_regs.h"
#include "dir_stats.h"

struct dir {
  dir_memarb_t *arb;
  dir_hist_t *hist[2];
  dir_probegen_t *gen;
  dir_stats_t *st;
  dir_regs_t regs;
};

dir_t *dir_new(const rinv_cfg_t *cfg, rinv_err_t *err) {
  dir_t *d = calloc(1, sizeof *d);
  if (!d) return NULL;
  uint32_t smax[2], total[2];
  smax[0] = cfg->cpu_l1_sets > cfg->cpu_l2_sets ? cfg->cpu_l1_sets : cfg->cpu_l2_sets;
  smax[1] = cfg->gpu_l1_sets > cfg->gpu_l2_sets ? cfg->gpu_l1_sets : cfg->gpu_l2_sets;
  total[0] = cfg->cpu_l2_sets * cfg->cpu_l2_ways + RINV_N_CPU_L1 * cfg->cpu_l1_sets * cfg->cpu_l1_ways;
  total[1] = cfg->gpu_l2_sets * cfg->gpu_l2_ways + RINV_N_GPU_L1 * cfg->gpu_l1_sets * cfg->gpu_l1_ways;
  d->arb = dir_memarb_new();
  d->gen = dir_probegen_new(cfg->max_range, cfg->probe_inflight, smax, total);
  d->st = dir_stats_new();
  int bad = !d->arb || !d->gen || !d->st;
  for (unsigned s = 0; s < 2; s++) {
    d->hist[s] = dir_hist_new(s, cfg->hist_cap, cfg->rt_cap, cfg->rt_scan, err);
    bad |= !d->hist[s];
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
  dir_memarb_free(d->arb);
  dir_hist_free(d->hist[0]);
  dir_hist_free(d->hist[1]);
  dir_probegen_free(d->gen);
  dir_stats_free(d->st);
  free(d);
}

void dir_reset(dir_t *d) {
  dir_memarb_reset(d->arb);
  dir_hist_reset(d->hist[0]);
  dir_hist_reset(d->hist[1]);
  dir_probegen_reset(d->gen);
  dir_stats_reset(d->st);
  dir_regs_reset(&d->regs);
}

static int is_merge(const dir_t *d) { return d->regs.mode == 2u; }

void dir_eval_moore(const dir_t *d, dir_io_t *io) {
  dir_memarb_moore(d->arb, io);
  for (unsigned s = 0; s < 2; s++) {
    io->hist_go[s] = d->regs.hist_go[s];
    io->hist_done[s] = d->regs.hist_done[s];
  }
  dir_probegen_moore(d->gen, io);
}

void dir_eval_mealy(const dir_t *d, const rinv_in_t *in, dir_io_t *io) {
  dir_memarb_mealy(d->arb, in, io);
  for (unsigned s = 0; s < 2; s++) io->hist_ready[s] = dir_hist_ready(d->hist[s], is_merge(d), in->stall);
  dir_probegen_ack_ready(d->gen, in->stall, io);
}

void dir_step(dir_t *d, const rinv_in_t *in, const dir_io_t *io) {
  int merge = is_merge(d);
  dir_memarb_step(d->arb, in, io);

  /* generator first (§9.1): it sees the source side's history before the edge (merge: a
   * take request is latched by the table here and applied leaving RTake, §7.3) */
  unsigned src = dir_probegen_src(d->gen);
  const fifo_t *f = dir_hist_fifo(d->hist[src]);
  const range_table_t *rt = dir_hist_rt(d->hist[src]);
  pg_view_t v;
  memset(&v, 0, sizeof v);
  v.merge = merge;
  v.line_mode = d->regs.mode == 0u;
  v.walk = d->regs.walk;
  v.C = fifo_count(f);
  v.hv = fifo_head_valid(f);
  v.H = fifo_head(f);
  v.rt_idle = rt_idle(rt);
  v.rt_cnt = rt_cnt(rt);
  if (v.rt_cnt) rt_entry(rt, 0, &v.f0, &v.l0);
  v.ovf_src = d->regs.ovf[src];
  pg_ops_t ops;
  dir_probegen_step(d->gen, &v, io, d->st, &ops);

  for (unsigned s = 0; s < 2; s++) {
    int hs = io->hist_valid[s] && io->hist_ready[s];
    d->regs.hist_go[s] = 0;
    d->regs.hist_done[s] = 0;
    int beat = hs && !io->hist_last[s];
    if (hs && io->hist_last[s]) {
      d->regs.hist_busy[s] = 0;
      d->regs.hist_done[s] = 1;
    }
    if (beat) dir_stats_add(d->st, DS_HIST_ENTRIES, 1);
    int mine = s == src;
    int overflow = 0;
    rt_events_t ev;
    if (mine && ops.clear_ovf) d->regs.ovf[s] = 0;
    dir_hist_step(d->hist[s], merge, beat, io->hist_line[s], mine && ops.pop, mine && ops.flush,
                  mine ? ops.take_n : 0u, &overflow, &ev);
    if (overflow) {
      d->regs.ovf[s] = 1; /* set wins over the all-probe's clear */
      dir_stats_add(d->st, DS_HIST_OVERFLOWS, 1);
    }
    if (ev.merged) {
      dir_stats_add(d->st, DS_OVER_INV, ev.gap);
      dir_stats_add(d->st, DS_HIST_OVERFLOWS, 1);
    }
  }
}

void dir_clock_stats(dir_t *d) { dir_stats_clock(d->st); }

static dir_regs_view_t view(const dir_t *d) {
  dir_regs_view_t v;
  v.inv_busy = dir_probegen_inv_busy(d->gen);
  v.inv_done = dir_probegen_inv_done(d->gen);
  v.hist_nonempty[0] = dir_hist_nonempty(d->hist[0]);
  v.hist_nonempty[1] = dir_hist_nonempty(d->hist[1]);
  return v;
}

uint32_t dir_hist_count_of(const dir_t *d, unsigned side) {
  return dir_hist_count(d->hist[side], is_merge(d));
}

const range_table_t *dir_rt_of(const dir_t *d, unsigned side) { return dir_hist_rt(d->hist[side]); }

static uint32_t counter(const dir_t *d, uint32_t k) {
  /* the counters before HIST_COUNT_CPU, GPU (register indices of regs/rinv.rdl) */
  static const unsigned map[RINV_DIR_CNT_HIST_COUNT_CPU_IDX] = {
      [RINV_DIR_CNT_PROBES_IDX] = DS_PROBES,
      [RINV_DIR_CNT_PROBE_LINES_IDX] = DS_PROBE_LINES,
      [RINV_DIR_CNT_INV_HITS_IDX] = DS_INV_HITS,
      [RINV_DIR_CNT_OVER_INV_IDX] = DS_OVER_INV,
      [RINV_DIR_CNT_HIST_ENTRIES_IDX] = DS_HIST_ENTRIES,
      [RINV_DIR_CNT_HIST_OVERFLOWS_IDX] = DS_HIST_OVERFLOWS,
      [RINV_DIR_CNT_INV_CYCLES_IDX] = DS_INV_CYCLES,
      [RINV_DIR_CNT_INV_CYCLES_LAST_IDX] = DS_INV_CYCLES_LAST,
      [RINV_DIR_CNT_RELEASES_IDX] = DS_RELEASES};
  if (k < RINV_DIR_CNT_HIST_COUNT_CPU_IDX) return dir_stats_get(d->st, map[k]);
  return dir_hist_count_of(d, k - RINV_DIR_CNT_HIST_COUNT_CPU_IDX);
}

int dir_reg_read(const dir_t *d, uint32_t off, uint32_t *value) {
  dir_regs_view_t v = view(d);
  *value = 0;
  switch (off) {
    case REG_LOCK: *value = d->regs.owner; return 1;
    case REG_MODE: *value = d->regs.mode | (d->regs.walk << 2); return 1;
    case REG_STATUS:
    case REG_INV_START:
    case REG_HIST_RX: *value = dir_regs_status(&d->regs, &v); return 1;
    case REG_ERR_COUNT: *value = dir_stats_get(d->st, DS_ERRORS); return 1;
    default: break;
  }
  if (off >= REG_COUNTERS && off < REG_COUNTERS + 4u * DIR_N_COUNTERS && (off & 3u) == 0u) {
    *value = counter(d, (off - REG_COUNTERS) / 4u);
    return 1;
  }
  return 0;
}

int dir_reg_write_ok(const dir_t *d, uint32_t off, uint32_t value, unsigned req_side) {
  dir_regs_view_t v = view(d);
  return dir_regs_write_ok(&d->regs, &v, off, value, req_side);
}

void dir_reg_write(dir_t *d, uint32_t off, uint32_t v, unsigned side) {
  switch (off) {
    case REG_LOCK:
      if (v != 0u) {
        if (d->regs.owner == 0u) d->regs.owner = v;
      } else {
        d->regs.owner = 0;
        dir_probegen_clear_done(d->gen);
      }
      break;
    case REG_MODE:
      d->regs.mode = v & 3u;
      d->regs.walk = (v >> 2) & 3u;
      break;
    case REG_INV_START:
      d->regs.last_id = v;
      dir_probegen_start(d->gen, side);
      dir_stats_add(d->st, DS_RELEASES, 1);
      dir_stats_clear_last(d->st);
      break;
    case REG_HIST_RX:
      d->regs.hist_busy[side] = 1;
      d->regs.hist_go[side] = 1;
      break;
    default:
      break;
  }
}

void dir_count_error(dir_t *d) { dir_stats_add(d->st, DS_ERRORS, 1); }

void dir_observe(const dir_t *d, rinv_out_t *out) {
  out->lock_owner = d->regs.owner;
  out->inv_busy = dir_probegen_inv_busy(d->gen);
  out->inv_done = dir_probegen_inv_done(d->gen);
  out->hist_count[0] = dir_hist_count_of(d, 0);
  out->hist_count[1] = dir_hist_count_of(d, 1);
  const uint32_t *c = dir_stats_all(d->st);
  out->stat_probes = c[DS_PROBES];
  out->stat_probe_lines = c[DS_PROBE_LINES];
  out->stat_inv_hits = c[DS_INV_HITS];
  out->stat_over_inv = c[DS_OVER_INV];
  out->stat_hist_entries = c[DS_HIST_ENTRIES];
  out->stat_hist_overflows = c[DS_HIST_OVERFLOWS];
  out->stat_inv_cycles = c[DS_INV_CYCLES];
  out->stat_inv_cycles_last = c[DS_INV_CYCLES_LAST];
  out->stat_releases = c[DS_RELEASES];
  out->stat_errors = c[DS_ERRORS];
}

uint32_t dir_lock_owner(const dir_t *d) { return d->regs.owner; }

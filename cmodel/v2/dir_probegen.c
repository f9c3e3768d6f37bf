/* dir_probegen model: ARCHITECTURE_v2.md §7.4, §9 items 1-3. */
#include "dir_probegen.h"

#include <stdlib.h>
#include <string.h>

#include "rinv_params.h"

#define ALL_LINES (1u << RINV_LINE_W)

struct dir_probegen {
  uint32_t max_range, pif, smax[2], total[2];
  int run; /* GRun */
  uint32_t src, tgt, inv_busy, inv_done;
  uint32_t pf, pn;                          /* pending run */
  uint32_t pv, pfirst, pnl, psw, pall;      /* probe register P */
  uint32_t oc, aw;
};

dir_probegen_t *dir_probegen_new(uint32_t max_range, uint32_t pif, const uint32_t smax[2],
                                 const uint32_t total_lines[2]) {
  dir_probegen_t *g = calloc(1, sizeof *g);
  if (!g) return NULL;
  g->max_range = max_range;
  g->pif = pif;
  for (unsigned s = 0; s < 2; s++) {
    g->smax[s] = smax[s];
    g->total[s] = total_lines[s];
  }
  return g;
}

void dir_probegen_free(dir_probegen_t *g) { free(g); }

void dir_probegen_reset(dir_probegen_t *g) {
  g->run = 0;
  g->src = g->tgt = g->inv_busy = g->inv_done = 0;
  g->pf = g->pn = 0;
  g->pv = g->pfirst = g->pnl = g->psw = g->pall = 0;
  g->oc = g->aw = 0;
}

uint32_t dir_probegen_src(const dir_probegen_t *g) { return g->src; }
uint32_t dir_probegen_inv_busy(const dir_probegen_t *g) { return g->inv_busy; }
uint32_t dir_probegen_inv_done(const dir_probegen_t *g) { return g->inv_done; }

void dir_probegen_moore(const dir_probegen_t *g, dir_io_t *io) {
  for (unsigned s = 0; s < 2; s++) {
    int v = g->pv && g->oc < g->pif && g->tgt == s;
    io->probe_valid[s] = (uint32_t)v;
    io->probe_first[s] = v ? g->pfirst : 0u;
    io->probe_nlines[s] = v ? g->pnl : 0u;
    io->probe_setwalk[s] = v ? g->psw : 0u;
  }
}

void dir_probegen_ack_ready(const dir_probegen_t *g, uint32_t stall, dir_io_t *io) {
  for (unsigned s = 0; s < 2; s++) {
    io->ack_ready[s] = g->inv_busy && g->oc > 0u && g->tgt == s && !((stall >> (8u + s)) & 1u);
  }
}

static void load_p(dir_probegen_t *g, const pg_view_t *v, uint32_t first, uint32_t n, int all) {
  g->pv = 1;
  g->pfirst = first;
  g->pnl = n;
  g->pall = (uint32_t)all;
  if (all || v->walk == 1u) g->psw = 1;
  else if (v->walk == 2u) g->psw = n > g->smax[g->tgt];
  else g->psw = 0;
}

void dir_probegen_step(dir_probegen_t *g, const pg_view_t *v, const dir_io_t *io, dir_stats_t *st,
                       pg_ops_t *ops) {
  memset(ops, 0, sizeof *ops);
  if (g->inv_busy) {
    dir_stats_add(st, DS_INV_CYCLES, 1);
    dir_stats_add(st, DS_INV_CYCLES_LAST, 1);
  }
  if (!g->run) return;
  unsigned t = g->tgt;
  int phs = io->probe_valid[t] && io->probe_ready[t];
  int ack = io->ack_valid[t] && io->ack_ready[t];
  int pfree = !g->pv || phs;
  int fifo_mode = !v->merge;
  /* finish condition on the state before the edge */
  int nothing_left = !g->aw && !(fifo_mode && v->ovf_src) && !g->pv && g->oc == 0u &&
                     (fifo_mode ? (v->C == 0u && g->pn == 0u) : (v->rt_cnt == 0u && v->rt_idle));
  uint32_t old_all = g->pall, old_n = g->pnl;
  int reloaded = 0;
  /* formation */
  if (g->aw) {
    /* nothing */
  } else if (fifo_mode && v->ovf_src) {
    if (!g->pv && g->oc == 0u) {
      load_p(g, v, 0, ALL_LINES, 1);
      reloaded = 1;
      ops->flush = 1;
      ops->clear_ovf = 1;
      g->pn = 0;
    }
  } else if (fifo_mode) {
    int brk = v->line_mode || (uint64_t)v->H != (uint64_t)g->pf + g->pn || g->pn == g->max_range;
    if (g->pn > 0u && v->C == 0u) {
      if (pfree) {
        load_p(g, v, g->pf, g->pn, 0);
        reloaded = 1;
        g->pn = 0;
      }
    } else if (g->pn > 0u && v->hv && brk) {
      if (pfree) {
        load_p(g, v, g->pf, g->pn, 0);
        reloaded = 1;
        ops->pop = 1;
        g->pf = v->H;
        g->pn = 1;
      }
    } else if (v->hv && (g->pn == 0u || !brk)) {
      ops->pop = 1;
      if (g->pn == 0u) {
        g->pf = v->H;
        g->pn = 1;
      } else {
        g->pn++;
      }
    }
  } else if (v->rt_idle && v->rt_cnt > 0u && pfree) {
    /* case 4: take request; the table applies it leaving RTake, so the next take comes
     * two cycles later at the earliest (§7.4) */
    uint32_t len = v->l0 - v->f0 + 1u;
    uint32_t n = len < g->max_range ? len : g->max_range;
    load_p(g, v, v->f0, n, 0);
    reloaded = 1;
    ops->take_n = n;
  }
  /* the handshake of the probe that was in P (before the reload) */
  int old_aw = (int)g->aw;
  if (phs) {
    dir_stats_add(st, DS_PROBES, 1);
    dir_stats_add(st, DS_PROBE_LINES, old_all ? g->total[t] : old_n);
    if (old_all) g->aw = 1;
    if (!reloaded) g->pv = 0;
  }
  g->oc += (uint32_t)phs;
  g->oc -= (uint32_t)ack;
  if (ack) {
    dir_stats_add(st, DS_INV_HITS, io->ack_hits[t]);
    if (old_aw) dir_stats_add(st, DS_OVER_INV, io->ack_hits[t]);
  }
  if ((ack && old_aw) || (!ack && nothing_left)) {
    g->inv_busy = 0;
    g->inv_done = 1;
    g->aw = 0;
    g->run = 0;
  }
}

void dir_probegen_start(dir_probegen_t *g, unsigned src) {
  g->src = src;
  g->tgt = 1u - src;
  g->inv_busy = 1;
  g->inv_done = 0;
  g->run = 1;
  g->pn = 0;
  g->pv = 0;
  g->oc = 0;
  g->aw = 0;
}

void dir_probegen_clear_done(dir_probegen_t *g) { g->inv_done = 0; }

/* Corner-event counters (see corners.h). */
#include "corners.h"

#include <stdio.h>
#include <stdlib.h>

#include "rinv_drv.h"

/* X(name, description) of every event, in report order. */
#define CORNER_EVENTS(X)                                                                    \
  X(mem_arb_tie_cpu_wins, "both sides request memory in one cycle; the CPU is granted")   \
  X(mem_arb_tie_gpu_wins, "both sides request memory in one cycle; the GPU is granted")   \
  X(mem_arb_tie_at_first_grant, "the first memory grant after a reset is a tie (the "      \
                                 "arbiter's reset tie-break)")                             \
  X(hist_beats_both_sides, "both sides offer a history beat in the same cycle")           \
  X(hist_beats_both_taken, "both sides' history beats are taken in the same cycle")       \
  X(hist_en_outside_lock, "HIST_EN = 1 on a side that does not hold the lock")            \
  X(recorder_full, "a recorder holds rec_cap entries (early drain)")                      \
  X(hist_fifo_full, "a directory history FIFO holds hist_cap lines (line/run)")           \
  X(range_table_full, "a range table holds rt_cap ranges (merge)")                        \
  X(hist_overflow, "an overflow policy is taken (invalidate-all or smallest-gap merge)")  \
  X(probe_invalidate_all, "an invalidate-all probe")                                      \
  X(probe_max_range, "a probe of exactly max_range lines")                                \
  X(auto_walk_at_threshold, "walk auto, a probe of exactly SMAX lines: address walk")     \
  X(auto_walk_above_threshold, "walk auto, a probe of SMAX + 1 lines: set walk")          \
  X(dirty_wb_addr_walk, "a dirty write-back during an address walk")                      \
  X(dirty_wb_set_walk, "a dirty write-back during a set walk")                            \
  X(probe_stalled, "a probe offered and stalled (probe_valid && !probe_ready)")           \
  X(counter_past_2_16, "a statistics counter reaches 65536")

enum {
#define X_ENUM(n, d) CE_##n,
  CORNER_EVENTS(X_ENUM)
#undef X_ENUM
  CE_COUNT
};

static const char *const k_names[CE_COUNT] = {
#define X_NAME(n, d) #n,
    CORNER_EVENTS(X_NAME)
#undef X_NAME
};

struct corners {
  const rinv_cfg_t *cfg;
  uint64_t n[CE_COUNT];
  unsigned mode, walk;
  int granted;           /* a memory grant since the last reset */
  int walking_set[2];    /* setwalk of the probe a side is walking */
  unsigned walking[2];   /* probes sent to a side, not yet acked */
  uint32_t last_ovf;
  int big_seen;
};

corners_t *corners_new(const rinv_cfg_t *cfg) {
  corners_t *c = calloc(1, sizeof *c);
  if (c) c->cfg = cfg;
  return c;
}

void corners_free(corners_t *c) { free(c); }

void corners_reset(corners_t *c, unsigned mode, unsigned walk) {
  c->mode = mode;
  c->walk = walk;
  c->granted = 0;
  c->walking[0] = c->walking[1] = 0;
  c->last_ovf = 0;
}

void corners_reg_write(corners_t *c, uint32_t addr, uint32_t data, int okay) {
  if (okay && addr == RINV_REG_MODE) {
    c->mode = data & 3u;
    c->walk = (data >> 2) & 3u;
  }
}

static uint32_t smax(const rinv_cfg_t *cfg, unsigned side) {
  uint32_t a = side ? cfg->gpu_l1_sets : cfg->cpu_l1_sets;
  uint32_t b = side ? cfg->gpu_l2_sets : cfg->cpu_l2_sets;
  return a > b ? a : b;
}

void corners_step(corners_t *c, const rinv_in_t *in, const rinv_out_t *out) {
  (void)in;
  const rinv_cfg_t *cfg = c->cfg;
  if (out->cc_req_valid[0] && out->cc_req_valid[1]) {
    if (out->cc_req_ready[0]) c->n[CE_mem_arb_tie_cpu_wins]++;
    if (out->cc_req_ready[1]) c->n[CE_mem_arb_tie_gpu_wins]++;
    if ((out->cc_req_ready[0] || out->cc_req_ready[1]) && !c->granted) {
      c->n[CE_mem_arb_tie_at_first_grant]++;
    }
  }
  if (out->cc_req_ready[0] || out->cc_req_ready[1]) c->granted = 1;
  if (out->hist_valid[0] && out->hist_valid[1]) c->n[CE_hist_beats_both_sides]++;
  if (out->hist_valid[0] && out->hist_ready[0] && out->hist_valid[1] && out->hist_ready[1]) {
    c->n[CE_hist_beats_both_taken]++;
  }
  for (unsigned s = 0; s < 2; s++) {
    if (out->hist_en[s] && out->lock_owner != s + 1u) c->n[CE_hist_en_outside_lock]++;
    if (out->rec_count[s] == cfg->rec_cap) c->n[CE_recorder_full]++;
    if (c->mode == 2u && out->hist_count[s] == cfg->rt_cap) c->n[CE_range_table_full]++;
    if (c->mode != 2u && out->hist_count[s] == cfg->hist_cap) c->n[CE_hist_fifo_full]++;
    if (out->probe_valid[s] && !out->probe_ready[s]) c->n[CE_probe_stalled]++;
    if (out->probe_valid[s] && out->probe_ready[s]) {
      uint32_t n = out->probe_nlines[s], m = smax(cfg, s);
      if (n == (1u << 26)) c->n[CE_probe_invalidate_all]++;
      if (n == cfg->max_range) c->n[CE_probe_max_range]++;
      if (c->walk == 2u && n == m && !out->probe_setwalk[s]) c->n[CE_auto_walk_at_threshold]++;
      if (c->walk == 2u && n == m + 1u && out->probe_setwalk[s]) {
        c->n[CE_auto_walk_above_threshold]++;
      }
      c->walking[s]++;
      c->walking_set[s] = out->probe_setwalk[s] != 0;
    }
    if (out->ack_valid[s] && out->ack_ready[s] && c->walking[s]) c->walking[s]--;
    if (out->cc_req_valid[s] && out->cc_req_ready[s] && out->cc_req_we[s] && c->walking[s]) {
      c->n[c->walking_set[s] ? CE_dirty_wb_set_walk : CE_dirty_wb_addr_walk]++;
    }
  }
  if (out->stat_hist_overflows != c->last_ovf) {
    c->n[CE_hist_overflow] += (uint32_t)(out->stat_hist_overflows - c->last_ovf);
    c->last_ovf = out->stat_hist_overflows;
  }
  const uint32_t big = 65536u;
  if (!c->big_seen &&
      (out->stat_probes >= big || out->stat_probe_lines >= big || out->stat_inv_hits >= big ||
       out->stat_over_inv >= big || out->stat_hist_entries >= big ||
       out->stat_inv_cycles >= big || out->stat_tag_lookups[0] >= big ||
       out->stat_tag_lookups[1] >= big)) {
    c->big_seen = 1;
    c->n[CE_counter_past_2_16]++;
  }
}

size_t corners_json(const corners_t *c, char *buf, size_t len) {
  size_t p = 0;
  for (unsigned i = 0; i < CE_COUNT && p < len; i++) {
    p += (size_t)snprintf(buf + p, len - p, "%s\"%s\":%llu", i ? "," : "", k_names[i],
                          (unsigned long long)c->n[i]);
  }
  return p < len ? p : len;
}

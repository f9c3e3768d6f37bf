/* dir_stats (ARCHITECTURE_v2.md §7.6): directory counters with registered increments:
 * at each edge inc <= this cycle's events, C <= (clr ? 0 : C) + inc. */
#ifndef RINV_V2_DIR_STATS_H
#define RINV_V2_DIR_STATS_H

#include <stdint.h>

enum {
  DS_PROBES, DS_PROBE_LINES, DS_INV_HITS, DS_OVER_INV, DS_HIST_ENTRIES, DS_HIST_OVERFLOWS,
  DS_INV_CYCLES, DS_INV_CYCLES_LAST, DS_RELEASES, DS_ERRORS, DS_N
};

typedef struct dir_stats dir_stats_t;

dir_stats_t *dir_stats_new(void);
void dir_stats_free(dir_stats_t *s);
void dir_stats_reset(dir_stats_t *s);
/* events of this cycle (summed into one increment) */
void dir_stats_add(dir_stats_t *s, unsigned k, uint32_t v);
void dir_stats_clear_last(dir_stats_t *s); /* INV_START accepted this cycle */
/* the edge, after every event of the cycle was added */
void dir_stats_clock(dir_stats_t *s);
uint32_t dir_stats_get(const dir_stats_t *s, unsigned k);
/* every counter C, indexed by DS_* (valid until the next edge) */
const uint32_t *dir_stats_all(const dir_stats_t *s);

#endif

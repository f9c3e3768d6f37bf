/* range_table (ARCHITECTURE_v2.md §7.3): merge-mode table of rt_cap + 1 flip-flop entries,
 * FSM RIdle/RTake/RScan/RApply/RGap/RMerge examining K = rt_scan entries (gaps) per cycle;
 * the generator's take is registered (latched in RIdle, applied at the edge leaving RTake). */
#ifndef RINV_V2_RANGE_TABLE_H
#define RINV_V2_RANGE_TABLE_H

#include <stdint.h>

typedef struct range_table range_table_t;

/* Events of one edge, for the statistics. */
typedef struct rt_events {
  uint32_t merged;   /* 1 at an RMerge edge */
  uint32_t gap;      /* its gap lines (over-invalidated) */
} rt_events_t;

range_table_t *rt_new(uint32_t cap, uint32_t scan);
void rt_free(range_table_t *t);
void rt_reset(range_table_t *t);

int rt_idle(const range_table_t *t);       /* FSM in RIdle (RTake is not idle) */
uint32_t rt_cnt(const range_table_t *t);   /* hist_count in merge mode */
/* entry i (i < cnt) */
void rt_entry(const range_table_t *t, uint32_t i, uint32_t *f, uint32_t *l);
const char *rt_state_name(const range_table_t *t); /* "RIdle", "RTake", "RScan", ... */

/* The edge. take_n > 0: the generator requests a take of take_n lines of entry 0 (RIdle
 * only, cnt > 0): latched at this edge (table unchanged), -> RTake, and applied at the edge
 * leaving RTake. beat: a history beat handshake with line x (RIdle only); with a take it is
 * latched too and its scan starts after RTake. Both are ignored outside RIdle. */
void rt_step(range_table_t *t, uint32_t take_n, int beat, uint32_t x, rt_events_t *ev);

#endif

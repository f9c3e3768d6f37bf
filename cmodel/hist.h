/* Directory history structures (ARCHITECTURE.md §5.2): the per-side line FIFO used in
 * modes `line`/`run` and the sorted range table used in mode `merge`. They are plain value
 * types embedded in the directory state; no allocation happens per cycle. */
#ifndef RINV_HIST_H
#define RINV_HIST_H

#include <stdint.h>

/* Ring buffer of line addresses. */
typedef struct hist_fifo {
  uint32_t *buf;
  uint32_t cap;
  uint32_t head;  /* index of the oldest entry */
  uint32_t count;
} hist_fifo_t;

/* Returns 0 on success, -1 on allocation failure. */
int hist_fifo_init(hist_fifo_t *f, uint32_t cap);
void hist_fifo_free(hist_fifo_t *f);
void hist_fifo_clear(hist_fifo_t *f);
/* Appends line; the caller has checked that the FIFO is not full. */
void hist_fifo_push(hist_fifo_t *f, uint32_t line);
/* Oldest entry; the caller has checked that the FIFO is not empty. */
uint32_t hist_fifo_head(const hist_fifo_t *f);
void hist_fifo_pop(hist_fifo_t *f);

/* Sorted table of disjoint, non-adjacent inclusive line ranges [first[i], last[i]]. It has
 * room for cap + 1 entries so an insert into a full table can be placed before the
 * smallest-gap merge brings it back to cap. */
typedef struct rtab {
  uint32_t *first;
  uint32_t *last;
  uint32_t cap;
  uint32_t count;
} rtab_t;

/* Outcome of one insert, for the directory's statistics. */
typedef struct rtab_insert_result {
  int forced_merge;    /* 1 if the table was full and two entries were merged */
  uint32_t gap_lines;  /* lines added by that merge (over-invalidated) */
} rtab_insert_result_t;

int rtab_init(rtab_t *t, uint32_t cap);
void rtab_free(rtab_t *t);
void rtab_clear(rtab_t *t);
/* Inserts line x by the rules 1-4 of ARCHITECTURE.md §5.2. */
rtab_insert_result_t rtab_insert(rtab_t *t, uint32_t x);
/* Entry 0 gives up its first n lines; it is removed when it becomes empty. */
void rtab_consume_front(rtab_t *t, uint32_t n);

#endif

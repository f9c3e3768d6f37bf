/* dir_hist (ARCHITECTURE_v2.md §7.2): one side's history: the rinv_fifo of modes line/run
 * (capacity hist_cap, counted drop when full) and the range table of mode merge. */
#ifndef RINV_V2_DIR_HIST_H
#define RINV_V2_DIR_HIST_H

#include <stdint.h>

#include "fifo.h"
#include "range_table.h"

typedef struct dir_hist dir_hist_t;

dir_hist_t *dir_hist_new(unsigned side, uint32_t hist_cap, uint32_t rt_cap, uint32_t rt_scan,
                         rinv_err_t *err);
void dir_hist_free(dir_hist_t *h);
void dir_hist_reset(dir_hist_t *h);

uint32_t dir_hist_ready(const dir_hist_t *h, int merge, uint32_t stall);
uint32_t dir_hist_count(const dir_hist_t *h, int merge);
int dir_hist_nonempty(const dir_hist_t *h); /* for MODE writes */
const fifo_t *dir_hist_fifo(const dir_hist_t *h);
const range_table_t *dir_hist_rt(const dir_hist_t *h);

/* The edge. beat: a last = 0 beat handshake with line. Generator operations pop, flush
 * come first (§9.1); take_n is the generator's take request, which the range table latches
 * at this edge (with a beat of the same edge) and applies one edge later, leaving RTake
 * (§7.3). *overflow = 1 if the beat found the FIFO full. */
void dir_hist_step(dir_hist_t *h, int merge, int beat, uint32_t line, int pop, int flush,
                   uint32_t take_n, int *overflow, rt_events_t *ev);

#endif

/* dir_probegen (ARCHITECTURE_v2.md §7.4): GIdle/GRun, pending run, probe register P,
 * in-flight count oc (<= probe_inflight), all-probe flag aw, finish. */
#ifndef RINV_V2_DIR_PROBEGEN_H
#define RINV_V2_DIR_PROBEGEN_H

#include <stdint.h>

#include "dir_io.h"
#include "dir_stats.h"

typedef struct dir_probegen dir_probegen_t;

/* The source side's history and flags as the generator sees them (before the edge). */
typedef struct pg_view {
  int merge, line_mode;
  uint32_t walk;            /* 0 addr, 1 set, 2 auto */
  uint32_t C, hv, H;        /* FIFO count, head valid, head */
  int rt_idle;              /* table in RIdle (0 in RTake: no formation, no finish) */
  uint32_t rt_cnt, f0, l0;  /* range table count and entry 0 */
  uint32_t ovf_src;
} pg_view_t;

/* What the generator does to the history at this edge. take_n > 0: a take request (merge,
 * table in RIdle), latched by the table now and applied one edge later (RTake, §7.3). */
typedef struct pg_ops {
  int pop, flush, clear_ovf;
  uint32_t take_n;
} pg_ops_t;

dir_probegen_t *dir_probegen_new(uint32_t max_range, uint32_t pif, const uint32_t smax[2],
                                 const uint32_t total_lines[2]);
void dir_probegen_free(dir_probegen_t *g);
void dir_probegen_reset(dir_probegen_t *g);

uint32_t dir_probegen_src(const dir_probegen_t *g);
uint32_t dir_probegen_inv_busy(const dir_probegen_t *g);
uint32_t dir_probegen_inv_done(const dir_probegen_t *g);
void dir_probegen_moore(const dir_probegen_t *g, dir_io_t *io);
void dir_probegen_ack_ready(const dir_probegen_t *g, uint32_t stall, dir_io_t *io);
/* The edge (generator state only; INV_START and LOCK = 0 come after it). */
void dir_probegen_step(dir_probegen_t *g, const pg_view_t *v, const dir_io_t *io, dir_stats_t *st,
                       pg_ops_t *ops);
/* INV_START accepted (register write at this edge) for side src. */
void dir_probegen_start(dir_probegen_t *g, unsigned src);
void dir_probegen_clear_done(dir_probegen_t *g);

#endif

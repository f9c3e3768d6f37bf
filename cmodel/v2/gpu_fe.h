/* gpu_fe: the GPU memory front end of ARCHITECTURE_v3_gpu_frontend.md §3 as wired inside the
 * GPU side_cc: four gpu_coal (one per CU / GPU port 2..5), four gpu_tcp and the order queue
 * gpu_tcc_arb. The TCP arrays are the GPU side's L1 arrays a = 1 + cu (cc_ctx arr[1 + cu]);
 * gpu_fe reads their registered outputs and issues TCP p's accesses on them (the walker uses
 * them in StInit, StWalk and StTcpInv, when every TCP is idle: tcp_hold, fe_idle).
 *
 * Per cycle: gpu_fe_eval() (every front-end output of the cycle; inputs: the ports, stall, and
 * the side_cc's tcp_hold, StInit and StTResp outputs), the side_cc decides rule 5's grant
 * from io->ao and io->fe_idle, then gpu_fe_step() (the edge) before the arrays are clocked. */
#ifndef RINV_V2_GPU_FE_H
#define RINV_V2_GPU_FE_H

#include <stdint.h>

#include "cache_array.h"
#include "gpu_coal.h"
#include "gpu_fe_cfg.h"
#include "gpu_tcc_arb.h"
#include "gpu_tcp.h"
#include "rinv_io.h"
#include "rinv_params.h"

typedef struct gpu_fe gpu_fe_t;

/* inputs from the GPU side_cc, one cycle */
typedef struct gpu_fe_ctl {
  uint32_t tcp_hold, init;
  uint32_t tresp_valid, tresp_cu, tresp_we, tresp_i; /* StTResp (Moore) */
  const uint8_t *tresp_data;                         /* 64 bytes */
} gpu_fe_ctl_t;

#define GPU_FE_ALL_CU ((1u << GPU_FE_N_CU) - 1u)

/* one cycle's signals of the front end (written by gpu_fe_eval, read by gpu_fe_step) */
typedef struct gpu_fe_io {
  gpu_coal_in_t ci[GPU_FE_N_CU];
  gpu_coal_out_t co[GPU_FE_N_CU];
  gpu_tcp_in_t ti[GPU_FE_N_CU];
  gpu_tcp_out_t to[GPU_FE_N_CU];
  gpu_tcc_arb_out_t ao;
  uint32_t fe_idle; /* §6.2: every TCP in TIdle without MSHRs */
  /* bit p: CU p is quiet with nothing offered, not evaluated; of its signals only co[p]'s
   * resp_valid, resp_rdata, lreq_valid, lreq_line and req_ready, to[p]'s lreq_ready and
   * tresp_ready and ti[p].tresp_valid are written (the others are not read) */
  uint32_t skip;
  /* skip == GPU_FE_ALL_CU (the whole front end quiet): no co, ti or to entry is written; every
   * CU's req_ready, lreq_ready and tresp_ready are these, its valids and data 0 */
  uint32_t q_rready, q_lready, q_tready;
  /* bit p: CU p's coalescer and TCP blocked (gpu_coal_blocked, gpu_tcp_blocked), no response
   * for it: the coalescer's edge and ready evaluation are skipped (ci[p] is not written),
   * the TCP's edge runs only when the TCC pops its tq */
  uint32_t blocked;
  uint32_t words[GPU_FE_N_CU][128];
} gpu_fe_io_t;

/* The front end's configuration from the design's (v3 §10, v2 §3 GPU side) */
gpu_fe_cfg_t gpu_fe_cfg_of(const rinv_cfg_t *cfg);
/* arr[cu]: TCP cu's array (not owned) */
gpu_fe_t *gpu_fe_new(const rinv_cfg_t *cfg, cache_array_t *const *arr, rinv_err_t *err);
void gpu_fe_free(gpu_fe_t *fe);
void gpu_fe_reset(gpu_fe_t *fe);

/* in: the design's inputs (GPU ports are 2 + cu; stall) */
void gpu_fe_eval(const gpu_fe_t *fe, const rinv_in_t *in, const gpu_fe_ctl_t *ctl, gpu_fe_io_t *io);
/* The edge: grant = rule 5 grants ord's head (io->ao.cu) at this edge. */
void gpu_fe_step(gpu_fe_t *fe, const gpu_fe_io_t *io, uint32_t grant);

/* the front end's outputs and statistics (v3 §11) into out (gpu_lreq_*, gpu_tresp_*,
 * stat_gpu_insts .. stat_tcc_arb_waits) */
void gpu_fe_observe(const gpu_fe_t *fe, const gpu_fe_io_t *io, rinv_out_t *out);

/* observation (tests) */
const gpu_coal_t *gpu_fe_coal(const gpu_fe_t *fe, unsigned cu);
const gpu_tcp_t *gpu_fe_tcp(const gpu_fe_t *fe, unsigned cu);
const gpu_tcc_arb_t *gpu_fe_arb(const gpu_fe_t *fe);

#endif

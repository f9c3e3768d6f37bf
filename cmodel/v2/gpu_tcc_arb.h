/* gpu_tcc_arb (ARCHITECTURE_v3_gpu_frontend.md §6.1): the TCC order queue `ord`, a
 * flip-flop queue of CU indices of capacity 4 x tcp_mshrs. Same-edge pushes are appended in
 * ascending CU order (§8 item 1); its head h names the CU whose tq head is the oldest TCC
 * request. The grant itself is the GPU side_cc's `StIdle` rule 5 (§6.2): the arbiter offers
 * `req` (ord not empty and tq[h] head valid) and `cu = h`; the owner FSM decides and passes
 * `grant` to the edge, where ord is popped (and tq[h] by its TCP).
 *
 * Per cycle: gpu_tcc_arb_eval() (state and the TCPs' tq head_valid: no Mealy input), then
 * gpu_tcc_arb_step() (the edge) with the TCPs' push flags and the grant. */
#ifndef RINV_V2_GPU_TCC_ARB_H
#define RINV_V2_GPU_TCC_ARB_H

#include <stdint.h>

#include "gpu_fe_cfg.h"
#include "sram.h"

typedef struct gpu_tcc_arb gpu_tcc_arb_t;

typedef struct gpu_tcc_arb_out {
  uint32_t req; /* the TCC may grant in this cycle (rule 5's condition) */
  uint32_t cu;  /* h, the head's CU (0 when ord is empty) */
} gpu_tcc_arb_out_t;

/* capacity = GPU_FE_N_CU x cfg->tcp_mshrs */
gpu_tcc_arb_t *gpu_tcc_arb_new(const gpu_fe_cfg_t *cfg, rinv_err_t *err);
void gpu_tcc_arb_free(gpu_tcc_arb_t *a);
void gpu_tcc_arb_reset(gpu_tcc_arb_t *a); /* ord empty, counter 0 */

/* tq_head_valid[p]: head_valid of TCP p's tq (p < GPU_FE_N_CU) */
void gpu_tcc_arb_eval(const gpu_tcc_arb_t *a, const uint32_t *tq_head_valid,
                      gpu_tcc_arb_out_t *out);
/* The edge. push_mask bit p: TCP p pushes tq at this edge (TAc); grant: the TCC grants
 * (only legal when this cycle's req = 1). Adds tcc_arb_waits (count(ord) - grant, values
 * before the edge), then pops on grant and appends the pushes in ascending CU. */
void gpu_tcc_arb_step(gpu_tcc_arb_t *a, uint32_t push_mask, uint32_t grant);

uint32_t gpu_tcc_arb_count(const gpu_tcc_arb_t *a);
/* entry n of ord (0 = head), n < count */
uint32_t gpu_tcc_arb_entry(const gpu_tcc_arb_t *a, uint32_t n);
uint32_t gpu_tcc_arb_waits(const gpu_tcc_arb_t *a); /* stat_tcc_arb_waits, 32-bit wrapping */

#endif

/* gpu_coalescer (ARCHITECTURE_v3_gpu_frontend.md §4), one per CU p: slots (a circular
 * queue tail/ip/head of coal_tokens instruction slots with their line tables), the cells
 * clane and cdata, the issue FSM IIdle/IRd/ILd/IReq (line requests to the TCP) and the
 * scatter pipeline SA/SB/SC (responses to the port).
 *
 * Per cycle: gpu_coal_moore() (state-only outputs: lreq_*, port_resp_*), then, once the
 * TCP's outputs of the cycle are known (its cdata write, which holds collect),
 * gpu_coal_mealy() (port_req_ready: a function of state since 2026-11-29, v3 §4.2, §8 item 7,
 * evaluated here only because it uses the TCP's tcp_wr), then gpu_coal_step()
 * (the edge: applies the handshakes, the TCP's cdata write and done pulse, issues this
 * cycle's cell accesses and clocks the block's cells). The block owns clane and cdata. */
#ifndef RINV_V2_GPU_COAL_H
#define RINV_V2_GPU_COAL_H

#include <stdint.h>

#include "gpu_fe_cfg.h"
#include "sram.h"

typedef struct gpu_coal gpu_coal_t;

/* Inputs of one cycle */
typedef struct gpu_coal_in {
  /* the GPU port (v3 §2) */
  uint32_t req_valid, req_we, req_addr, req_wdata, req_wstrb, req_last;
  uint32_t resp_ready;
  /* from gpu_tcp p (§5): lreq_ready, the done pulse, the TCP's cdata write (tcp_wr) */
  uint32_t lreq_ready;
  uint32_t done_valid, done_slot, done_k;
  uint32_t cwr_valid, cwr_slot, cwr_k;
  const uint8_t *cwr_data; /* 64 bytes, whole line; read only when cwr_valid */
  /* from the GPU side_cc: own == StInit (v3 §14 item 3: port_req_ready gets && !init) */
  uint32_t init;
} gpu_coal_in_t;

/* Outputs of one cycle */
typedef struct gpu_coal_out {
  /* state-only (gpu_coal_moore) */
  uint32_t resp_valid, resp_rdata;
  uint32_t lreq_valid, lreq_line, lreq_we, lreq_slot, lreq_k;
  uint64_t lreq_mask;
  const uint8_t *lreq_data; /* 64 bytes (idata), valid until the edge */
  /* gpu_coal_mealy: state only (the tail slot, tcp_wr, init), not the lane op */
  uint32_t req_ready;
} gpu_coal_out_t;

/* Statistics (v3 §11), 32-bit wrapping, added at the edge of the event */
typedef struct gpu_coal_stats {
  uint32_t gpu_insts, gpu_lane_ops, line_reqs, coal_splits;
} gpu_coal_stats_t;

/* cfg is copied; cu (0..3) names the cells in messages. NULL on a bad cfg or no memory. */
gpu_coal_t *gpu_coal_new(const gpu_fe_cfg_t *cfg, unsigned cu, rinv_err_t *err);
void gpu_coal_free(gpu_coal_t *c);
/* every register to its reset value (§8 item 8); clane and cdata keep their contents */
void gpu_coal_reset(gpu_coal_t *c);

void gpu_coal_moore(const gpu_coal_t *c, gpu_coal_out_t *out);
void gpu_coal_mealy(const gpu_coal_t *c, const gpu_coal_in_t *in, gpu_coal_out_t *out);
/* The edge; out must hold this cycle's gpu_coal_moore and gpu_coal_mealy results. */
void gpu_coal_step(gpu_coal_t *c, const gpu_coal_in_t *in, const gpu_coal_out_t *out);

const gpu_coal_stats_t *gpu_coal_stats(const gpu_coal_t *c);

/* Observation (tests, state names for traces; no effect on state) */
enum { GPU_COAL_SFREE, GPU_COAL_SCOLL, GPU_COAL_SISS, GPU_COAL_SWAIT, GPU_COAL_SRESP };
enum { GPU_COAL_IIDLE, GPU_COAL_IRD, GPU_COAL_ILD, GPU_COAL_IREQ };
uint32_t gpu_coal_slot_state(const gpu_coal_t *c, uint32_t j);
uint32_t gpu_coal_slot_nl(const gpu_coal_t *c, uint32_t j);
uint32_t gpu_coal_slot_nlane(const gpu_coal_t *c, uint32_t j);
uint32_t gpu_coal_slot_ndone(const gpu_coal_t *c, uint32_t j);
uint32_t gpu_coal_lt_line(const gpu_coal_t *c, uint32_t j, uint32_t k);
uint64_t gpu_coal_lt_mask(const gpu_coal_t *c, uint32_t j, uint32_t k);
uint32_t gpu_coal_tail(const gpu_coal_t *c);
uint32_t gpu_coal_ip(const gpu_coal_t *c);
uint32_t gpu_coal_head(const gpu_coal_t *c);
uint32_t gpu_coal_ist(const gpu_coal_t *c);
/* every slot SFree, issue IIdle, scatter empty: with no lane op offered, gpu_coal_step would
 * change nothing (the integrator may skip it; speed) */
uint32_t gpu_coal_quiet(const gpu_coal_t *c);
/* blocked: with no cdata write and no done pulse offered, gpu_coal_step would change
 * nothing whatever the port offers, gpu_coal_mealy gives req_ready = 0 and gpu_coal_moore
 * no line request (the integrator may skip the edge and gpu_coal_mealy; speed) */
uint32_t gpu_coal_blocked(const gpu_coal_t *c);
const char *gpu_coal_slot_state_name(uint32_t st);
const char *gpu_coal_ist_name(uint32_t ist);

#endif

/* Parameters of the GPU memory front end (ARCHITECTURE_v3_gpu_frontend.md §10), shared by
 * gpu_coal, gpu_tcp and gpu_tcc_arb. Not a block (like cc_ctx.h). The integrated model fills
 * it from rinv_cfg_t (params/rinv.toml) with gpu_fe_cfg_of() (gpu_fe.c).
 *
 *   key           gem5   fpga   legal
 *   wave_size       64     64   (lane ops per instruction, max)
 *   coal_tokens      4      2   1, 2, 4, 8 (slots per CU, CT)
 *   coal_lines      64      8   1..wave_size, power of 2 (line table per slot, CL)
 *   tcp_mshrs      256      4   >= 1 (MSHRs per TCP; tq capacity; ord capacity = 4 x it)
 * The TCP array geometry and latency are the existing keys (v2 §3): gpu_l1_sets x gpu_l1_ways
 * (gem5 16 x 16, fpga 4 x 4), walk_lanes W (gem5 2, fpga 1), gpu_l1_lat L1_LAT (gem5 4,
 * fpga 1), tag_oreg O (gem5 0, fpga 1). */
#ifndef RINV_V2_GPU_FE_CFG_H
#define RINV_V2_GPU_FE_CFG_H

#include <stdint.h>

#define GPU_FE_N_CU 4u /* TCPs / GPU ports 2..5 */

typedef struct gpu_fe_cfg {
  uint32_t wave_size, coal_tokens, coal_lines, tcp_mshrs; /* §10 */
  uint32_t l1_sets, l1_ways, walk_lanes, l1_lat, tag_oreg; /* v2 §3, GPU side */
} gpu_fe_cfg_t;

static inline gpu_fe_cfg_t gpu_fe_cfg_gem5(void) {
  gpu_fe_cfg_t c = {64u, 4u, 64u, 256u, 16u, 16u, 2u, 4u, 0u};
  return c;
}

static inline gpu_fe_cfg_t gpu_fe_cfg_fpga(void) {
  gpu_fe_cfg_t c = {64u, 2u, 8u, 4u, 4u, 4u, 1u, 1u, 1u};
  return c;
}

/* 0 if legal (§10 and v2 §3), else a short reason */
static inline const char *gpu_fe_cfg_check(const gpu_fe_cfg_t *c) {
  uint32_t ct = c->coal_tokens, cl = c->coal_lines;
  if (c->wave_size < 1u || c->wave_size > 64u) return "wave_size must be 1..64";
  if (ct != 1u && ct != 2u && ct != 4u && ct != 8u) return "coal_tokens must be 1, 2, 4 or 8";
  if (cl < 1u || cl > c->wave_size || (cl & (cl - 1u))) {
    return "coal_lines must be a power of 2 in 1..wave_size";
  }
  if (c->tcp_mshrs < 1u) return "tcp_mshrs must be >= 1";
  if (c->l1_ways < 1u || c->l1_ways > 128u) return "l1_ways must be 1..128";
  if (c->walk_lanes < 1u || c->l1_sets % c->walk_lanes) return "walk_lanes must divide l1_sets";
  if (c->l1_lat < 1u) return "l1_lat must be >= 1";
  return 0;
}

#endif

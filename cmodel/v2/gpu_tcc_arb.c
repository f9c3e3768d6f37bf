/* gpu_tcc_arb model: ARCHITECTURE_v3_gpu_frontend.md §6.1, §8 item 1. */
#include "gpu_tcc_arb.h"

#include <stdlib.h>
#include <string.h>

struct gpu_tcc_arb {
  uint8_t *ord; /* circular, cap entries */
  uint32_t cap, rd, n;
  uint32_t waits;
  rinv_err_t *err;
};

gpu_tcc_arb_t *gpu_tcc_arb_new(const gpu_fe_cfg_t *cfg, rinv_err_t *err) {
  if (gpu_fe_cfg_check(cfg)) return NULL;
  gpu_tcc_arb_t *a = calloc(1, sizeof *a);
  if (!a) return NULL;
  a->cap = GPU_FE_N_CU * cfg->tcp_mshrs;
  a->ord = calloc(a->cap, 1);
  a->err = err;
  if (!a->ord) {
    free(a);
    return NULL;
  }
  gpu_tcc_arb_reset(a);
  return a;
}

void gpu_tcc_arb_free(gpu_tcc_arb_t *a) {
  if (!a) return;
  free(a->ord);
  free(a);
}

void gpu_tcc_arb_reset(gpu_tcc_arb_t *a) {
  memset(a->ord, 0, a->cap);
  a->rd = a->n = 0;
  a->waits = 0;
}

void gpu_tcc_arb_eval(const gpu_tcc_arb_t *a, const uint32_t *tq_head_valid,
                      gpu_tcc_arb_out_t *out) {
  out->cu = a->n ? a->ord[a->rd] : 0u;
  out->req = a->n && (tq_head_valid[out->cu] & 1u);
}

void gpu_tcc_arb_step(gpu_tcc_arb_t *a, uint32_t push_mask, uint32_t grant) {
  if (!push_mask && !grant) { /* nothing pushed or popped (most cycles; speed) */
    a->waits += a->n;
    return;
  }
  grant = grant != 0u;
  if (grant && !a->n) {
    rinv_err_report(a->err, "TCC arbiter: grant with an empty order queue");
    grant = 0;
  }
  a->waits += a->n - grant; /* request-cycles spent waiting (§6.1) */
  if (grant) {
    a->rd = (a->rd + 1u) % a->cap;
    a->n--;
  }
  for (uint32_t p = 0; p < GPU_FE_N_CU; p++) {
    if (!((push_mask >> p) & 1u)) continue;
    if (a->n == a->cap) {
      rinv_err_report(a->err, "TCC arbiter: order queue overflow (CU %u)", p);
      continue;
    }
    a->ord[(a->rd + a->n) % a->cap] = (uint8_t)p;
    a->n++;
  }
}

uint32_t gpu_tcc_arb_count(const gpu_tcc_arb_t *a) { return a->n; }
uint32_t gpu_tcc_arb_entry(const gpu_tcc_arb_t *a, uint32_t n) {
  return n < a->n ? a->ord[(a->rd + n) % a->cap] : 0u;
}
uint32_t gpu_tcc_arb_waits(const gpu_tcc_arb_t *a) { return a->waits; }

/* Wiring context shared by the blocks of one side_cc (ARCHITECTURE_v2.md §6): the side's
 * parameters and its arrays ([0] = L2, [1 + k] = L1 of local port k). Not a block. */
#ifndef RINV_V2_CC_CTX_H
#define RINV_V2_CC_CTX_H

#include <stdint.h>

#include "cache_array.h"
#include "rinv_params.h"
#include "sram.h"

#define CC_MAX_L1 RINV_N_PORTS
#define CC_MAX_ARR (1 + CC_MAX_L1)
#define LINE_MASK26 ((1u << RINV_LINE_W) - 1u)

typedef struct cc_ctx {
  unsigned side, n_l1, n_arr;
  uint32_t l1_lat, l2_lat, tag_lat; /* T = max(L1_LAT, L2_LAT) */
  uint32_t oreg;                     /* O = tag_oreg: the tagst/rr output register (§3.2) */
  uint32_t lanes, lane_bits;         /* W, LW */
  uint32_t smax, rset, init_rows, total_lines, rec_cap;
  cache_array_t *arr[CC_MAX_ARR];
  uint32_t arr_act; /* bit a: arr[a] was accessed this cycle (ca_set_activity; cc_step) */
  rinv_err_t *err;
} cc_ctx_t;

#endif

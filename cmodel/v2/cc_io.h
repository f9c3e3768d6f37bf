/* One cycle's signals at the boundary of side_cc (ARCHITECTURE_v2.md §6), shared by the
 * blocks of the cache controller. */
#ifndef RINV_V2_CC_IO_H
#define RINV_V2_CC_IO_H

#include <stdint.h>

#include "cc_ctx.h"
#include "gpu_fe.h"

typedef struct cc_io {
  /* --- state-only outputs (cc_eval_moore) --- */
  uint32_t req_valid, req_we, req_line;
  uint64_t req_wmask;
  const uint8_t *req_wdata; /* 64 bytes; valid until the edge */
  uint32_t hist_valid, hist_last, hist_line;
  uint32_t ack_valid, ack_hits;
  uint32_t resp_valid[CC_MAX_L1]; /* by local port */
  uint32_t resp_rdata[CC_MAX_L1];
  uint32_t inv_count, inv_line;
  /* GPU side (v3 §6.3): StTResp towards TCP tresp_cu */
  uint32_t tresp_valid, tresp_cu, tresp_we, tresp_i;
  const uint8_t *tresp_data; /* 64 bytes */
  /* --- inputs from the directory --- */
  uint32_t probe_valid, probe_first, probe_nlines, probe_setwalk;
  uint32_t req_ready;
  uint32_t fill_valid;
  const uint8_t *fill_data; /* 64 bytes */
  uint32_t hist_ready, hist_go, hist_done, ack_ready;
  uint32_t lock_owner; /* the directory's lock_owner register (GPU side: kinv_pend, v3 §6.2) */
  /* --- readies (cc_eval_mealy; probe/fill readies are state and stall only) --- */
  uint32_t port_req_ready[CC_MAX_L1];
  int granted_port; /* local port accepted this cycle, or -1 */
  uint32_t probe_ready, fill_ready;
  /* --- GPU side only (v3 §6.1-§6.2; cc_eval_mealy; not written on the CPU side) --- */
  uint32_t tcc_grant, tcc_grant_cu, probe_wait, tcp_hold;
  gpu_fe_io_t fe;
} cc_io_t;

#endif

/* One cycle's signals at the boundary of side_cc (ARCHITECTURE_v2.md §6), shared by the
 * blocks of the cache controller. */
#ifndef RINV_V2_CC_IO_H
#define RINV_V2_CC_IO_H

#include <stdint.h>

#include "cc_ctx.h"

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
  /* --- inputs from the directory --- */
  uint32_t probe_valid, probe_first, probe_nlines, probe_setwalk;
  uint32_t req_ready;
  uint32_t fill_valid;
  const uint8_t *fill_data; /* 64 bytes */
  uint32_t hist_ready, hist_go, hist_done, ack_ready;
  /* --- readies (cc_eval_mealy; probe/fill readies are state and stall only) --- */
  uint32_t port_req_ready[CC_MAX_L1];
  int granted_port; /* local port accepted this cycle, or -1 */
  uint32_t probe_ready, fill_ready;
} cc_io_t;

#endif

/* One cycle's signals at the boundary of dir_ctrl (ARCHITECTURE_v2.md §7); index = side. */
#ifndef RINV_V2_DIR_IO_H
#define RINV_V2_DIR_IO_H

#include <stdint.h>

typedef struct dir_io {
  /* --- inputs: state-only outputs of the cache controllers --- */
  uint32_t req_valid[2], req_we[2], req_line[2];
  uint64_t req_wmask[2];
  const uint8_t *req_wdata[2];
  uint32_t hist_valid[2], hist_last[2], hist_line[2];
  uint32_t ack_valid[2], ack_hits[2];
  /* --- inputs: readies of the cache controllers --- */
  uint32_t probe_ready[2], fill_ready[2];
  /* --- state-only outputs --- */
  uint32_t mem_req_valid, mem_req_we, mem_req_line;
  uint64_t mem_req_wmask;
  uint32_t mem_req_wdata[16];
  uint32_t fill_valid[2];
  const uint8_t *fill_data;
  uint32_t hist_go[2], hist_done[2];
  uint32_t probe_valid[2], probe_first[2], probe_nlines[2], probe_setwalk[2];
  /* --- readies: hist_ready, ack_ready (state and stall), cc_req_ready (Mealy) --- */
  uint32_t req_ready[2];
  int grant;
  uint32_t hist_ready[2], ack_ready[2];
} dir_io_t;

#endif

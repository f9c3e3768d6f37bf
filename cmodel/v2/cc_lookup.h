/* cc_lookup (ARCHITECTURE_v2.md §6.3): core-port requests through StL1Rd/Cm/Ac/Dt,
 * StL2Rd/Cm/Ac/Dt, StVictimWb, StFillReq, StFillWait, StResp; on the GPU side (v3 §6.3)
 * the TCC lookup StL2Rd .. StFillWait, StTResp. */
#ifndef RINV_V2_CC_LOOKUP_H
#define RINV_V2_CC_LOOKUP_H

#include <stdint.h>

#include "cc_io.h"
#include "cc_recorder.h"

typedef struct cc_lookup cc_lookup_t;

cc_lookup_t *cc_lookup_new(const cc_ctx_t *ctx);
void cc_lookup_free(cc_lookup_t *lk);
void cc_lookup_reset(cc_lookup_t *lk);

/* The request handshake edge (from StIdle): latch and enter StL1Rd. */
void cc_lookup_start(cc_lookup_t *lk, unsigned port, uint32_t we, uint32_t addr, uint32_t wdata,
                     uint32_t wstrb);
/* GPU side (v3 §6.3): a TCC request granted from tq[cu] (StIdle rule 5): latch
 * {cu, we, line, mask, data, i} and enter StL2Rd; the answer is StTResp (tresp_* in io). */
void cc_lookup_start_tcc(cc_lookup_t *lk, unsigned cu, uint32_t we, uint32_t line, uint64_t mask,
                         const uint8_t *data, uint32_t i);
void cc_lookup_moore(const cc_lookup_t *lk, cc_io_t *io);
/* fill_ready (state and stall only) */
uint32_t cc_lookup_fill_ready(const cc_lookup_t *lk, uint32_t stall);
/* The edge. Returns 1 when the request is finished (-> StIdle). */
int cc_lookup_step(cc_lookup_t *lk, const cc_io_t *io, uint32_t port_resp_ready, uint32_t hist_en,
                   cc_recorder_t *rec);
const char *cc_lookup_state_name(const cc_lookup_t *lk);

#endif

/* cc_recorder (ARCHITECTURE_v2.md §6.4): the recorder rinv_fifo and the history-transfer
 * states StHistRd .. StHistWaitDone. */
#ifndef RINV_V2_CC_RECORDER_H
#define RINV_V2_CC_RECORDER_H

#include <stdint.h>

#include "cc_io.h"

typedef struct cc_recorder cc_recorder_t;

cc_recorder_t *cc_recorder_new(const cc_ctx_t *ctx);
void cc_recorder_free(cc_recorder_t *r);
void cc_recorder_reset(cc_recorder_t *r);

uint32_t cc_recorder_count(const cc_recorder_t *r);
uint32_t cc_recorder_head_valid(const cc_recorder_t *r);
/* Push line at this edge (a record, §6.3). */
void cc_recorder_push(cc_recorder_t *r, uint32_t line);
/* Owner enters the history states at this edge: StHistRd (lookup of the head) or
 * StHistEnd (to_end). */
void cc_recorder_start(cc_recorder_t *r, int to_end);
void cc_recorder_moore(const cc_recorder_t *r, cc_io_t *io);
/* The edge while the owner is in a history state. Returns 0 (stay), 1 (-> StIdle),
 * 2 (-> StIdle and clear xfer: left StHistWaitDone). */
int cc_recorder_step(cc_recorder_t *r, const cc_io_t *io, uint32_t xfer);
/* The FIFO's edge (after every push/pop of the cycle is known). */
void cc_recorder_clock(cc_recorder_t *r);
const char *cc_recorder_state_name(const cc_recorder_t *r);

#endif

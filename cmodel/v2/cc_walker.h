/* cc_walker (ARCHITECTURE_v2.md §6.5): the range-invalidate pipeline IS, TW1..TW(T-1), TO
 * (only when O = tag_oreg = 1), CM, AC, CT, SM over W lanes, probe registers cur/nxt,
 * write-back of dirty hits inside AC, the ack queue. */
#ifndef RINV_V2_CC_WALKER_H
#define RINV_V2_CC_WALKER_H

#include <stdint.h>

#include "cc_io.h"

typedef struct cc_walker cc_walker_t;

cc_walker_t *cc_walker_new(const cc_ctx_t *ctx, uint32_t pif);
void cc_walker_free(cc_walker_t *w);
void cc_walker_reset(cc_walker_t *w);

/* State-only outputs: cc_req of a write-back (only when owner is StWalk: wb_out), the SM
 * event (inv_count/inv_line) and the ack queue head. */
void cc_walker_moore(const cc_walker_t *w, cc_io_t *io, int wb_out);
uint32_t cc_walker_nxt_valid(const cc_walker_t *w);
/* cur, nxt and every stage TW1..SM (TO included) empty (pre-edge). */
int cc_walker_empty(const cc_walker_t *w);
/* fz (§6.5.4) of this cycle (pre-edge): AC holds a group with a dirty L2 hit left. The
 * tagst/rr cells' oe is its complement (§4.3). */
int cc_walker_fz(const cc_walker_t *w);
/* The edge. walking: owner in StWalk (pipeline runs); accept: probe handshake this cycle.
 * The ack queue runs in every state. Returns the tag lookups added by SM. */
uint32_t cc_walker_step(cc_walker_t *w, const cc_io_t *io, int walking, int accept);

#endif

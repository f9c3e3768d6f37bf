/* Seed-002 owner-bit policy (unified L3 with 2 owner bits per block) as a comparison
 * policy: fed by the same stream of accepted port requests as the design, it counts the
 * cross-side messages that policy would need. Rules: docs/RESULTS.md "Owner-bit policy". */
#ifndef TB_OWNER_POLICY_H
#define TB_OWNER_POLICY_H

#include <stdint.h>

typedef struct owner_policy owner_policy_t;

owner_policy_t *owner_policy_new(void);
void owner_policy_free(owner_policy_t *o);
/* Forgets every block's owner bits and zeroes the counters. */
void owner_policy_reset(owner_policy_t *o);
/* One word access by side (0 CPU, 1 GPU) to line (addr >> 6). */
void owner_policy_access(owner_policy_t *o, unsigned side, int store, uint32_t line);
/* Authorisation / downgrade requests sent to the other side. */
uint64_t owner_policy_probes(const owner_policy_t *o);
/* Blocks moved between the sides (write-throughs of shared blocks, reads of the other
 * side's private blocks). */
uint64_t owner_policy_transfers(const owner_policy_t *o);

#endif

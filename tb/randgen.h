/* Constrained-random program generator (+workload=random, docs/TRACE.md §4.1).
 *
 * A program is reproducible from (seed, n, configuration) alone. */
#ifndef TB_RANDGEN_H
#define TB_RANDGEN_H

#include <stdint.h>

#include "rinv_params.h"
#include "trace.h"

#define RG_DEFAULT_N 4000u /* memory operations of a +workload=random program */

/* Appends a random program of about n memory operations (never fewer) to p: epochs of a
 * random lock holder with random loads/stores on all its ports, concurrent unchecked traffic
 * of the other side, contended acquires, MODE changes between epochs and always-rejected
 * register accesses, over address pools that force conflicts, evictions and false sharing
 * for cfg. Returns 0, or -1 out of memory. */
int rg_generate(tr_prog_t *p, uint64_t seed, uint32_t n, const rinv_cfg_t *cfg);

#endif

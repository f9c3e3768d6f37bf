/* Eager baseline (SPEC section 5): the probe count of stock gem5 (GPU_VIPER /
 * MOESI_AMD_Base), where the directory probes at every request instead of at sync points,
 * computed from the same run. Counting rules: docs/RESULTS.md "Eager baseline". */
#ifndef TB_EAGER_H
#define TB_EAGER_H

#include <stdint.h>

#include "trace.h"

typedef struct eager eager_t;

/* Counts the GPU write-throughs of the program (one per store instruction per line; the
 * first op of a store instruction carries WL_OP_INST_START in flags; in a program without
 * such tags, e.g. a trace file, every GPU store is its own instruction). */
eager_t *eager_new(const tr_prog_t *p);
void eager_free(eager_t *e);
void eager_reset(eager_t *e);
/* A port request of side (0 CPU, 1 GPU) was accepted by the design. */
void eager_port_accept(eager_t *e, unsigned side, int store);
/* Side's cache controller sent a line read (an L2 miss fill) to the directory: it serves
 * the side's last accepted port request. */
void eager_fill_req(eager_t *e, unsigned side);

typedef struct eager_counts {
  uint64_t rdblkm; /* CPU store misses -> probe to the GPU */
  uint64_t wt;     /* GPU write-throughs (store instruction x line) -> probe to the CPU */
  uint64_t rdblk;  /* GPU load misses -> downgrade probe to the CPU */
  uint64_t total;
} eager_counts_t;

eager_counts_t eager_counts(const eager_t *e);

#endif

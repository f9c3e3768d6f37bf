/* Eager baseline (SPEC section 5): the probe count of stock gem5 (GPU_VIPER /
 * MOESI_AMD_Base), where the directory probes at every request instead of at sync points,
 * computed from the same run. Counting rules: docs/RESULTS.md "Eager baseline"; the
 * directory's probe-destination rules: docs/notes/gem5-gpu-frontend.md section 4. */
#ifndef TB_EAGER_H
#define TB_EAGER_H

#include <stdint.h>

#include "trace.h"

typedef struct eager eager_t;

/* Which gem5 directory's probe rules (+eager_rules=): v22 = gem5 v22.0 and later, where a
 * CPU load miss (RdBlk from the one CorePair) probes nobody; v21 = gem5 v21.x, where it also
 * sends a downgrade probe to the TCC (MOESI_AMD_Base-dir.sm sc_probeShrCoreData). */
typedef enum { EAGER_V22 = 0, EAGER_V21 = 1 } eager_rules_t;
#define EAGER_RULES_CHOICES "v22|v21"
/* 0 ok (*out set), -1 unknown name */
int eager_rules_parse(const char *s, unsigned *out);
const char *eager_rules_name(unsigned rules);

/* Counts the GPU write-throughs of the program (one per store instruction per line; the
 * instruction's records but the last carry TR_F_MORE, the trace word "more"; in a program
 * without it every GPU store is its own instruction). */
eager_t *eager_new(const tr_prog_t *p, unsigned rules);
void eager_free(eager_t *e);
void eager_reset(eager_t *e);
/* A port request of side (0 CPU, 1 GPU) was accepted by the design (only the CPU side's
 * is kept: eager_fill_req). */
void eager_port_accept(eager_t *e, unsigned side, int store);
/* Side's cache controller sent a line read (an L2 miss fill) to the directory. CPU side: it
 * serves the side's last accepted port request (a CPU port keeps one request outstanding).
 * GPU side: the ports issue ahead (v3 §2), so the caller says whether a GPU store to the line
 * is in flight (wt_line): then the fill serves that store's write-through (our TCC allocates
 * at a write-through miss, v3 §8; gem5's TCC forwards it without a RdBlk), else a load miss.
 * A load and a store of one line in flight together count as the store's. */
void eager_fill_req(eager_t *e, unsigned side, int wt_line);

typedef struct eager_counts {
  /* directory requests (messages), each with the probes it causes */
  uint64_t rdblkm;    /* CPU store misses -> probe to the GPU */
  uint64_t wt;        /* GPU write-throughs (store instruction x line) -> probe to the CPU */
  uint64_t rdblk;     /* GPU load misses -> downgrade probe to the CPU */
  uint64_t rdblk_cpu; /* CPU load misses -> none (v22), downgrade probe to the GPU (v21) */
  /* probes by destination, and their sum */
  uint64_t to_cpu, to_gpu;
  uint64_t total;
} eager_counts_t;

eager_counts_t eager_counts(const eager_t *e);
/* acc += c, field by field (the demo's total over its modes) */
void eager_counts_add(eager_counts_t *acc, const eager_counts_t *c);

#endif

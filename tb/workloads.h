/* Built-in workload generators (docs/TRACE.md "Workload generators"). They produce the same
 * program representation as the trace parser. */
#ifndef TB_WORKLOADS_H
#define TB_WORKLOADS_H

#include <stdint.h>

#include "trace.h"

/* Allocation layout and GPU dispatch knobs (defaults: wl_layout_default()). */
typedef struct wl_layout {
  uint32_t base;         /* first array's address */
  uint32_t align;        /* each array starts at a multiple of align (power of two) */
  uint32_t gap;          /* bytes left free after each array before aligning the next */
  unsigned waves_per_cu; /* a CU runs whole workgroups in batches of at least this many
                            wavefronts, interleaved instruction by instruction */
  unsigned wave_size;    /* lanes per wavefront */
  unsigned n_cu;         /* CUs = GPU ports used (<= 4) */
} wl_layout_t;

wl_layout_t wl_layout_default(void);

/* 1 if name is a built-in workload. */
int wl_is_builtin(const char *name);
/* Default +n of a built-in workload. */
uint32_t wl_default_n(const char *name);
/* Appends the workload's program to p. 0 ok; -1 unknown name; -2 bad n (message in err). */
int wl_generate(const char *name, uint32_t n, const wl_layout_t *lay, tr_prog_t *p,
                char *err, unsigned errlen);

#endif

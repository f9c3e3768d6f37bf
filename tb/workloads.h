/* Built-in workload generators (docs/TRACE.md "Workload generators"). They produce the same
 * program representation as the trace parser. */
#ifndef TB_WORKLOADS_H
#define TB_WORKLOADS_H

#include <stdint.h>
#include <stdio.h>

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
  unsigned dispatch;     /* WL_DISPATCH_*: how workgroups are assigned to CUs */
  unsigned iters;        /* CPU -> GPU -> CPU hand-overs (>= 1) */
  unsigned layout;       /* affine kernels: WL_LAYOUT_* */
  unsigned fields;       /* affine kernels: fields per record (AoS struct members) */
  unsigned esize;        /* affine kernels: element size in bytes (4 or 8) */
  unsigned warm;         /* 1: a warm-up hand-over first, in which each consumer reads the
                            buffer it later receives (square, matrixtranspose, 2dshfl) */
  unsigned prog;         /* square, matrixtranspose, 2dshfl: WL_PROG_* */
  unsigned launch_lines; /* WL_PROG_UPSTREAM: 1 = the HIP runtime's launch traffic */
  unsigned shfl_block;   /* WL_PROG_UPSTREAM 2dshfl: WL_SHFL_* */
} wl_layout_t;

#define WL_DISPATCH_RR 0u    /* workgroup g on CU g % n_cu (round-robin) */
#define WL_DISPATCH_CHUNK 1u /* contiguous chunks: g on CU g / ceil(n_wg / n_cu) */

#define WL_PROG_V1 0u       /* the first-round programs (docs/TRACE.md section 4) */
#define WL_PROG_UPSTREAM 1u /* as the upstream HIP samples, with Algorithm 2's launches */

#define WL_SHFL_4X4 0u      /* 2dshfl: the sample's single dim3(4,4) block, whatever W */
#define WL_SHFL_FULL 1u     /* 2dshfl: one block of W x W threads (the v1 kernel) */

#define WL_LAYOUT_SOA 0u     /* one array per field */
#define WL_LAYOUT_AOS 1u     /* records of fields*esize bytes, packed */
#define WL_LAYOUT_AOSA 2u    /* records padded to the next power of two (aligned AoS) */

wl_layout_t wl_layout_default(void);

/* Workload plusargs (+iters= +base= +align= +gap= +dispatch= +waves_per_cu= +wave_size=
 * +n_cu= +layout= +fields= +esize= +warm= +prog= +launch_lines= +shfl_block=). Returns 1 if
 * `name` is one of them and the value is good (stored in *lay), 0 if `name` is not a workload
 * plusarg, -1 bad value (message on errs). */
int wl_parse_plusarg(wl_layout_t *lay, const char *name, const char *value, FILE *errs);

/* 1 if name is a built-in workload. */
int wl_is_builtin(const char *name);
/* Default +n of a built-in workload. */
uint32_t wl_default_n(const char *name);
/* Appends the workload's program to p. 0 ok; -1 unknown name; -2 bad n (message in err). */
int wl_generate(const char *name, uint32_t n, const wl_layout_t *lay, tr_prog_t *p,
                char *err, unsigned errlen);

#endif

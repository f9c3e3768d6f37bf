/* Built-in workload generators (see workloads.h, docs/TRACE.md). */
#include "workloads.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

wl_layout_t wl_layout_default(void) {
  wl_layout_t l = {.base = 0x10000000u,
                   .align = 4096u,
                   .gap = 0u,
                   .waves_per_cu = 4u,
                   .wave_size = 64u,
                   .n_cu = TR_N_GPU_PORTS,
                   .dispatch = WL_DISPATCH_RR,
                   .iters = 1u,
                   .layout = WL_LAYOUT_AOS,
                   .fields = 24u,
                   .esize = 4u};
  return l;
}

static int parse_num(const char *v, uint64_t *out) {
  char *end;
  if (!v || !*v || *v == '-') return -1;
  unsigned long long x = strtoull(v, &end, 0);
  if (*end) return -1;
  *out = x;
  return 0;
}

int wl_parse_plusarg(wl_layout_t *lay, const char *name, const char *value, FILE *errs) {
  static const char *const num_names[] = {"iters", "base", "align", "gap", "waves_per_cu",
                                          "wave_size", "n_cu", "fields", "esize"};
  uint64_t u = 0;
  int bad = 0;
  if (strcmp(name, "dispatch") == 0) {
    if (value && strcmp(value, "rr") == 0) lay->dispatch = WL_DISPATCH_RR;
    else if (value && strcmp(value, "chunk") == 0) lay->dispatch = WL_DISPATCH_CHUNK;
    else bad = 1;
    if (bad) fprintf(errs, "error: bad value '%s' for plusarg '+dispatch' (rr|chunk)\n", value ? value : "");
    return bad ? -1 : 1;
  }
  if (strcmp(name, "layout") == 0) {
    if (value && strcmp(value, "soa") == 0) lay->layout = WL_LAYOUT_SOA;
    else if (value && strcmp(value, "aos") == 0) lay->layout = WL_LAYOUT_AOS;
    else if (value && strcmp(value, "aosa") == 0) lay->layout = WL_LAYOUT_AOSA;
    else bad = 1;
    if (bad) fprintf(errs, "error: bad value '%s' for plusarg '+layout' (soa|aos|aosa)\n", value ? value : "");
    return bad ? -1 : 1;
  }
  size_t k;
  for (k = 0; k < sizeof num_names / sizeof num_names[0]; k++) {
    if (strcmp(name, num_names[k]) == 0) break;
  }
  if (k == sizeof num_names / sizeof num_names[0]) return 0;
  if (parse_num(value, &u) != 0) bad = 1;
  switch (k) {
    case 0: bad |= u < 1 || u > 1000; lay->iters = (unsigned)u; break;
    case 1: bad |= u >= TR_ADDR_LIMIT || (u & 63u) != 0; lay->base = (uint32_t)u; break;
    case 2: bad |= u < 64 || u > (1u << 24) || (u & (u - 1)) != 0; lay->align = (uint32_t)u; break;
    case 3: bad |= u > (1u << 24) || (u & 3u) != 0; lay->gap = (uint32_t)u; break;
    case 4: bad |= u < 1 || u > 64; lay->waves_per_cu = (unsigned)u; break;
    case 5: bad |= u < 1 || u > 1024; lay->wave_size = (unsigned)u; break;
    case 6: bad |= u < 1 || u > TR_N_GPU_PORTS; lay->n_cu = (unsigned)u; break;
    case 7: bad |= u < 1 || u > 64; lay->fields = (unsigned)u; break;
    default: bad |= u != 4 && u != 8; lay->esize = (unsigned)u; break;
  }
  if (bad) {
    static const char *const hints[] = {"1..1000", "64-byte aligned, < 0x40000000",
                                        "power of two 64..16M", "multiple of 4, <= 16M",
                                        "1..64", "1..1024", "1..4", "1..64", "4|8"};
    fprintf(errs, "error: bad value '%s' for plusarg '+%s' (%s)\n", value ? value : "", name,
            hints[k]);
    return -1;
  }
  return 1;
}

static uint32_t fbits(float f) {
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}

/* Allocates `bytes` at *next (aligned), advances *next. */
static uint32_t alloc_array(const wl_layout_t *lay, uint32_t *next, uint64_t bytes) {
  uint32_t a = (*next + lay->align - 1u) & ~(lay->align - 1u);
  *next = (uint32_t)(a + bytes + lay->gap);
  return a;
}

/* ---- GPU kernel model ----
 * A kernel is a grid of workgroups, each of wg_threads threads; each thread runs the same
 * instruction list, lane op k of thread t given by a callback (or "inactive"). */
typedef struct lane_op {
  int active;
  int store;
  uint32_t addr;
  uint32_t data;
} lane_op_t;

/* Returns the lane op of instruction `inst` of global thread `tid`. */
typedef lane_op_t (*kernel_fn)(const void *ctx, uint32_t tid, unsigned inst);

typedef struct kernel {
  uint32_t n_wg;       /* workgroups */
  uint32_t wg_threads; /* threads per workgroup */
  unsigned n_inst;     /* instructions per thread (grid-stride loops unrolled) */
  kernel_fn fn;
  const void *ctx;
} kernel_t;

/* k-th workgroup of CU cu under the dispatch policy, or n_wg if the CU has no k-th. */
static uint32_t wg_of(const kernel_t *k, const wl_layout_t *lay, unsigned cu, uint32_t idx) {
  if (lay->dispatch == WL_DISPATCH_CHUNK) {
    uint32_t chunk = (k->n_wg + lay->n_cu - 1u) / lay->n_cu;
    uint64_t g = (uint64_t)cu * chunk + idx;
    return (idx < chunk && g < k->n_wg) ? (uint32_t)g : k->n_wg;
  }
  uint64_t g = cu + (uint64_t)idx * lay->n_cu;
  return g < k->n_wg ? (uint32_t)g : k->n_wg;
}

/* Emits the kernel: workgroups are dispatched over the CUs by the dispatch policy
 * (round-robin wg % n_cu, or contiguous chunks); each CU takes its workgroups in order, in
 * batches of whole workgroups holding at least waves_per_cu wavefronts; inside a batch the
 * wavefronts issue instruction by instruction in turn (wf0 inst0, wf1 inst0, ..., wf0
 * inst1, ...); a wavefront instruction is one word op per active lane, in lane order, and
 * the first op of a store instruction is tagged WL_OP_INST_START. CU c issues on port
 * gpu.c. CUs are independent ports, so their streams interleave at run time. */
static int emit_kernel(const kernel_t *k, const wl_layout_t *lay, tr_prog_t *p) {
  uint32_t waves_per_wg = (k->wg_threads + lay->wave_size - 1u) / lay->wave_size;
  for (unsigned cu = 0; cu < lay->n_cu; cu++) {
    uint32_t idx = 0;
    while (wg_of(k, lay, cu, idx) < k->n_wg) {
      /* gather a batch */
      uint32_t first_idx = idx, nwaves = 0;
      while (wg_of(k, lay, cu, idx) < k->n_wg && (nwaves < lay->waves_per_cu || idx == first_idx)) {
        nwaves += waves_per_wg;
        idx++;
      }
      for (unsigned inst = 0; inst < k->n_inst; inst++) {
        for (uint32_t w = 0; w < nwaves; w++) {
          uint32_t g = wg_of(k, lay, cu, first_idx + w / waves_per_wg);
          uint32_t wf = w % waves_per_wg;
          int first_store = 1;
          for (uint32_t lane = 0; lane < lay->wave_size; lane++) {
            uint32_t local = wf * lay->wave_size + lane;
            if (local >= k->wg_threads) break;
            uint32_t tid = g * k->wg_threads + local;
            lane_op_t op = k->fn(k->ctx, tid, inst);
            if (!op.active) continue;
            if (tr_prog_mem(p, TR_N_CPU_PORTS + cu, op.store, op.addr, op.data) != 0) return -1;
            if (op.store && first_store) {
              p->ops[p->n - 1].pad = WL_OP_INST_START;
              first_store = 0;
            }
          }
        }
      }
    }
  }
  return 0;
}

static int sync2(tr_prog_t *p, unsigned side) {
  return tr_prog_sync(p, side, TR_ACQUIRE);
}

/* ---- square ---- */
typedef struct sq_ctx {
  uint32_t n, a, c, nthreads;
} sq_ctx_t;

static lane_op_t sq_lane(const void *vctx, uint32_t tid, unsigned inst) {
  const sq_ctx_t *c = vctx;
  lane_op_t op = {0, 0, 0, 0};
  uint64_t i = (uint64_t)tid + (uint64_t)(inst / 2u) * c->nthreads;
  if (i >= c->n) return op;
  op.active = 1;
  if (inst % 2u == 0) {
    op.addr = c->a + 4u * (uint32_t)i;
  } else {
    float a = (float)i;
    op.store = 1;
    op.addr = c->c + 4u * (uint32_t)i;
    op.data = fbits(a * a);
  }
  return op;
}

static int gen_square(uint32_t n, const wl_layout_t *lay, tr_prog_t *p) {
  uint32_t next = lay->base;
  sq_ctx_t c = {.n = n, .nthreads = 512u * 256u};
  c.a = alloc_array(lay, &next, 4ull * n);
  c.c = alloc_array(lay, &next, 4ull * n);
  int rc = sync2(p, 0);
  for (uint32_t i = 0; i < n && rc == 0; i++) rc = tr_prog_mem(p, 0, 1, c.a + 4u * i, fbits((float)i));
  if (rc == 0) rc = tr_prog_sync(p, 0, TR_RELEASE);
  if (rc == 0) rc = sync2(p, 1);
  kernel_t k = {.n_wg = 512u,
                .wg_threads = 256u,
                .n_inst = 2u * ((n + c.nthreads - 1u) / c.nthreads),
                .fn = sq_lane,
                .ctx = &c};
  if (rc == 0) rc = emit_kernel(&k, lay, p);
  if (rc == 0) rc = tr_prog_sync(p, 1, TR_RELEASE);
  if (rc == 0) rc = sync2(p, 0);
  for (uint32_t i = 0; i < n && rc == 0; i++) rc = tr_prog_mem(p, 0, 0, c.c + 4u * i, 0);
  if (rc == 0) rc = tr_prog_sync(p, 0, TR_RELEASE);
  return rc;
}

/* ---- transposes ---- */
typedef struct tp_ctx {
  uint32_t w, in, out;
  uint32_t bx_count; /* matrixtranspose: blocks per row */
} tp_ctx_t;

/* matrixtranspose: 4x4-thread blocks; block b = (bx, by), thread (tx, ty) with
 * local id ty*4+tx; x = bx*4+tx, y = by*4+ty; out[y*W+x] = in[x*W+y]. */
static lane_op_t mt_lane(const void *vctx, uint32_t tid, unsigned inst) {
  const tp_ctx_t *c = vctx;
  lane_op_t op = {0, 0, 0, 0};
  uint32_t b = tid / 16u, l = tid % 16u;
  uint32_t x = (b % c->bx_count) * 4u + l % 4u;
  uint32_t y = (b / c->bx_count) * 4u + l / 4u;
  if (x >= c->w || y >= c->w) return op;
  op.active = 1;
  uint32_t src = x * c->w + y;
  if (inst == 0) {
    op.addr = c->in + 4u * src;
  } else {
    op.store = 1;
    op.addr = c->out + 4u * (y * c->w + x);
    op.data = fbits((float)src);
  }
  return op;
}

/* 2dshfl: one workgroup of W*W threads, thread t = y*W+x loads in[t] and stores it to the
 * transposed index out[x*W+y] (the shuffle moves values between lanes; we keep the memory
 * footprint and give each lane its own value). */
static lane_op_t sh_lane(const void *vctx, uint32_t tid, unsigned inst) {
  const tp_ctx_t *c = vctx;
  lane_op_t op = {0, 0, 0, 0};
  uint32_t x = tid % c->w, y = tid / c->w;
  op.active = 1;
  if (inst == 0) {
    op.addr = c->in + 4u * tid;
  } else {
    op.store = 1;
    op.addr = c->out + 4u * (x * c->w + y);
    op.data = fbits((float)tid);
  }
  return op;
}

static int gen_transpose(uint32_t w, int shfl, const wl_layout_t *lay, tr_prog_t *p) {
  uint32_t next = lay->base;
  uint64_t elems = (uint64_t)w * w;
  tp_ctx_t c = {.w = w};
  c.in = alloc_array(lay, &next, 4ull * elems);
  c.out = alloc_array(lay, &next, 4ull * elems);
  c.bx_count = (w + 3u) / 4u;
  int rc = sync2(p, 0);
  for (uint32_t i = 0; i < elems && rc == 0; i++) rc = tr_prog_mem(p, 0, 1, c.in + 4u * i, fbits((float)i));
  if (rc == 0) rc = tr_prog_sync(p, 0, TR_RELEASE);
  if (rc == 0) rc = sync2(p, 1);
  kernel_t k;
  if (shfl) {
    k = (kernel_t){.n_wg = 1u, .wg_threads = (uint32_t)elems, .n_inst = 2u, .fn = sh_lane, .ctx = &c};
  } else {
    k = (kernel_t){.n_wg = c.bx_count * c.bx_count, .wg_threads = 16u, .n_inst = 2u,
                   .fn = mt_lane, .ctx = &c};
  }
  if (rc == 0) rc = emit_kernel(&k, lay, p);
  if (rc == 0) rc = tr_prog_sync(p, 1, TR_RELEASE);
  if (rc == 0) rc = sync2(p, 0);
  for (uint32_t i = 0; i < elems && rc == 0; i++) rc = tr_prog_mem(p, 0, 0, c.out + 4u * i, 0);
  if (rc == 0) rc = tr_prog_sync(p, 0, TR_RELEASE);
  return rc;
}

static const struct {
  const char *name;
  uint32_t def_n;
  uint32_t max_n;
} k_wl[] = {
    {"square", 2000u, 16u * 1024u * 1024u},
    {"matrixtranspose", 64u, 4096u},
    {"2dshfl", 16u, 4096u},
};

int wl_is_builtin(const char *name) {
  for (size_t i = 0; i < sizeof k_wl / sizeof k_wl[0]; i++) {
    if (strcmp(name, k_wl[i].name) == 0) return 1;
  }
  return 0;
}

uint32_t wl_default_n(const char *name) {
  for (size_t i = 0; i < sizeof k_wl / sizeof k_wl[0]; i++) {
    if (strcmp(name, k_wl[i].name) == 0) return k_wl[i].def_n;
  }
  return 0;
}

int wl_generate(const char *name, uint32_t n, const wl_layout_t *lay, tr_prog_t *p,
                char *err, unsigned errlen) {
  size_t i;
  for (i = 0; i < sizeof k_wl / sizeof k_wl[0]; i++) {
    if (strcmp(name, k_wl[i].name) == 0) break;
  }
  if (i == sizeof k_wl / sizeof k_wl[0]) {
    snprintf(err, errlen, "unknown workload '%s'", name);
    return -1;
  }
  if (n == 0 || n > k_wl[i].max_n) {
    snprintf(err, errlen, "+n=%u out of range for %s (1 .. %u)", n, name, k_wl[i].max_n);
    return -2;
  }
  if (lay->align == 0 || (lay->align & (lay->align - 1u)) != 0 || lay->n_cu == 0 ||
      lay->n_cu > TR_N_GPU_PORTS || lay->wave_size == 0) {
    snprintf(err, errlen, "bad workload layout");
    return -2;
  }
  int rc;
  if (i == 0) rc = gen_square(n, lay, p);
  else rc = gen_transpose(n, i == 2, lay, p);
  if (rc != 0) {
    snprintf(err, errlen, "out of memory generating %s", name);
    return -2;
  }
  return 0;
}

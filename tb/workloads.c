/* Built-in workload generators (see workloads.h, docs/TRACE.md). */
#include "workloads.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse_num.h"
#include "workloads_hip.h"

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
                   .esize = 4u,
                   .prog = WL_PROG_UPSTREAM,
                   .launch_lines = 1u,
                   .shfl_block = WL_SHFL_4X4};
  return l;
}

/* The plusargs whose value is a word: +NAME=choice[i] stores value i in the field. */
typedef struct wl_word {
  const char *name;
  size_t field; /* offsetof(wl_layout_t, ...) */
  const char *choice[4];
} wl_word_t;

static const wl_word_t wl_words[] = {
    {"dispatch", offsetof(wl_layout_t, dispatch), {"rr", "chunk"}},           /* WL_DISPATCH_ */
    {"layout", offsetof(wl_layout_t, layout), {"soa", "aos", "aosa"}},        /* WL_LAYOUT_ */
    {"prog", offsetof(wl_layout_t, prog), {"v1", "upstream"}},                /* WL_PROG_ */
    {"shfl_block", offsetof(wl_layout_t, shfl_block), {"4x4", "full"}},       /* WL_SHFL_ */
};

/* 1 and the choice's index stored; -1 and "error: +NAME=V: must be a, b or c" on errs. */
static int parse_word(wl_layout_t *lay, const wl_word_t *w, const char *value, FILE *errs) {
  unsigned n = 0;
  while (n < 4 && w->choice[n]) n++;
  if (rinv_parse_word(value, w->choice, n, (unsigned *)((char *)lay + w->field)) == 0) return 1;
  fprintf(errs, "error: +%s=%s: must be ", w->name, value ? value : "");
  for (unsigned i = 0; i < n; i++) {
    fprintf(errs, "%s%s", i == 0 ? "" : (i + 1 == n ? " or " : ", "), w->choice[i]);
  }
  fprintf(errs, "\n");
  return -1;
}

int wl_parse_plusarg(wl_layout_t *lay, const char *name, const char *value, FILE *errs) {
  static const char *const num_names[] = {"iters", "base", "align", "gap", "waves_per_cu",
                                          "wave_size", "n_cu", "fields", "esize", "warm",
                                          "launch_lines"};
  uint64_t u = 0;
  int bad = 0, rc = RINV_PN_OK;
  for (size_t e = 0; e < sizeof wl_words / sizeof wl_words[0]; e++) {
    if (strcmp(name, wl_words[e].name) == 0) return parse_word(lay, &wl_words[e], value, errs);
  }
  size_t k;
  for (k = 0; k < sizeof num_names / sizeof num_names[0]; k++) {
    if (strcmp(name, num_names[k]) == 0) break;
  }
  if (k == sizeof num_names / sizeof num_names[0]) return 0;
  rc = value ? rinv_parse_u64(value, UINT64_MAX, &u) : RINV_PN_EMPTY;
  if (rc != RINV_PN_OK) bad = 1;
  switch (k) {
    case 0: bad |= u < 1 || u > 1000; lay->iters = (unsigned)u; break;
    case 1: bad |= u >= TR_ADDR_LIMIT || (u & 63u) != 0; lay->base = (uint32_t)u; break;
    case 2: bad |= u < 64 || u > (1u << 24) || (u & (u - 1)) != 0; lay->align = (uint32_t)u; break;
    case 3: bad |= u > (1u << 24) || (u & 3u) != 0; lay->gap = (uint32_t)u; break;
    case 4: bad |= u < 1 || u > 64; lay->waves_per_cu = (unsigned)u; break;
    case 5: bad |= u < 1 || u > 1024; lay->wave_size = (unsigned)u; break;
    case 6: bad |= u < 1 || u > TR_N_GPU_PORTS; lay->n_cu = (unsigned)u; break;
    case 7: bad |= u < 1 || u > 64; lay->fields = (unsigned)u; break;
    case 8: bad |= u != 4 && u != 8; lay->esize = (unsigned)u; break;
    case 9: bad |= u > 1; lay->warm = (unsigned)u; break;
    default: bad |= u > 1; lay->launch_lines = (unsigned)u; break;
  }
  if (bad) {
    static const char *const hints[] = {"1..1000", "0..0x3fffffc0, 64-byte aligned",
                                        "a power of two 64..16777216",
                                        "0..16777216, a multiple of 4", "1..64", "1..1024",
                                        "1..4", "1..64", "4 or 8", "0 or 1", "0 or 1"};
    int syn = rc != RINV_PN_OK && rc != RINV_PN_RANGE;
    fprintf(errs, "error: +%s=%s: must be %s%s%s\n", name, value ? value : "", hints[k],
            syn ? "; " : "", syn ? rinv_parse_why(rc) : "");
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
 * inst1, ...); a wavefront instruction is one word op per active lane, in lane order, every
 * op but its last marked TR_F_MORE (the trace word "more"; a wave_size above TR_INST_MAX
 * makes instructions of TR_INST_MAX lanes). CU c issues on port gpu.c. CUs are independent
 * ports, so their streams interleave at run time. */
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
          unsigned in_inst = 0; /* ops of the instruction so far */
          for (uint32_t lane = 0; lane < lay->wave_size; lane++) {
            uint32_t local = wf * lay->wave_size + lane;
            if (local >= k->wg_threads) break;
            uint32_t tid = g * k->wg_threads + local;
            lane_op_t op = k->fn(k->ctx, tid, inst);
            if (!op.active) continue;
            if (tr_prog_mem(p, TR_N_CPU_PORTS + cu, op.store, op.addr, op.data) != 0) return -1;
            if (in_inst) p->ops[p->n - 2].flags |= TR_F_MORE;
            in_inst = in_inst + 1u == TR_INST_MAX ? 0u : in_inst + 1u;
          }
        }
      }
    }
  }
  return 0;
}

/* Data of a generated store: a non-zero value unique to (address, iteration). */
static uint32_t wdata(uint32_t addr, unsigned it) {
  uint32_t x = addr * 0x9E3779B1u ^ (it + 1u) * 0x85EBCA77u;
  x ^= x >> 15;
  return x ? x : 1u;
}

/* ---- square ---- */
typedef struct sq_ctx {
  uint32_t n, a, c, nthreads;
  unsigned it;
  int up; /* +prog=upstream: the sample's data, A[i] = 1.618f + i */
} sq_ctx_t;

static float sq_in(uint32_t i, unsigned it) { return (float)i + (float)it; }
static float sq_val(const sq_ctx_t *c, uint32_t i) {
  return c->up ? 1.618f + (float)i + (float)c->it : sq_in(i, c->it);
}

static lane_op_t sq_lane(const void *vctx, uint32_t tid, unsigned inst) {
  const sq_ctx_t *c = vctx;
  lane_op_t op = {0, 0, 0, 0};
  uint64_t i = (uint64_t)tid + (uint64_t)(inst / 2u) * c->nthreads;
  if (i >= c->n) return op;
  op.active = 1;
  if (inst % 2u == 0) {
    op.addr = c->a + 4u * (uint32_t)i;
  } else {
    float a = sq_val(c, (uint32_t)i);
    op.store = 1;
    op.addr = c->c + 4u * (uint32_t)i;
    op.data = fbits(a * a);
  }
  return op;
}

/* +warm=1: one hand-over before the program in which each consumer reads, under its lock,
 * the buffer it will later receive: the GPU its input (one load per line, the lines spread
 * over the CUs), then the CPU the GPU's output. When the measured hand-overs come, the other
 * side holds copies of what was written, as in a program that repeats the same hand-over,
 * so the invalidation probes find and remove them (inv_hits > 0). */
static int gen_warm(const wl_layout_t *lay, tr_prog_t *p, uint32_t in, uint64_t in_bytes,
                    uint32_t out, uint64_t out_bytes) {
  if (!lay->warm) return 0;
  int rc = tr_prog_sync(p, 1, TR_ACQUIRE);
  for (uint64_t off = 0, k = 0; off < in_bytes && rc == 0; off += 64u, k++) {
    rc = tr_prog_mem(p, TR_N_CPU_PORTS + (unsigned)(k % lay->n_cu), 0, in + (uint32_t)off, 0);
  }
  if (rc == 0) rc = tr_prog_sync(p, 1, TR_RELEASE);
  if (rc == 0) rc = tr_prog_sync(p, 0, TR_ACQUIRE);
  for (uint64_t off = 0, k = 0; off < out_bytes && rc == 0; off += 64u, k++) {
    rc = tr_prog_mem(p, (unsigned)(k % TR_N_CPU_PORTS), 0, out + (uint32_t)off, 0);
  }
  if (rc == 0) rc = tr_prog_sync(p, 0, TR_RELEASE);
  return rc;
}

/* One hand-over (Algorithm 2): cpu acquire; CPU writes; cpu release; gpu acquire; kernel;
 * gpu release; cpu acquire; CPU reads; cpu release. */
static int gen_square(uint32_t n, const wl_layout_t *lay, tr_prog_t *p) {
  uint32_t next = lay->base;
  sq_ctx_t c = {.n = n, .nthreads = 512u * 256u};
  c.a = alloc_array(lay, &next, 4ull * n);
  c.c = alloc_array(lay, &next, 4ull * n);
  int rc = gen_warm(lay, p, c.a, 4ull * n, c.c, 4ull * n);
  for (unsigned it = 0; it < lay->iters && rc == 0; it++) {
    c.it = it;
    rc = tr_prog_sync(p, 0, TR_ACQUIRE);
    for (uint32_t i = 0; i < n && rc == 0; i++) rc = tr_prog_mem(p, 0, 1, c.a + 4u * i, fbits(sq_in(i, it)));
    if (rc == 0) rc = tr_prog_sync(p, 0, TR_RELEASE);
    if (rc == 0) rc = tr_prog_sync(p, 1, TR_ACQUIRE);
    kernel_t k = {.n_wg = 512u,
                  .wg_threads = 256u,
                  .n_inst = 2u * ((n + c.nthreads - 1u) / c.nthreads),
                  .fn = sq_lane,
                  .ctx = &c};
    if (rc == 0) rc = emit_kernel(&k, lay, p);
    if (rc == 0) rc = tr_prog_sync(p, 1, TR_RELEASE);
    if (rc == 0) rc = tr_prog_sync(p, 0, TR_ACQUIRE);
    for (uint32_t i = 0; i < n && rc == 0; i++) rc = tr_prog_mem(p, 0, 0, c.c + 4u * i, 0);
    if (rc == 0) rc = tr_prog_sync(p, 0, TR_RELEASE);
  }
  return rc;
}

/* ---- transposes ---- */
typedef struct tp_ctx {
  uint32_t w, in, out;
  uint32_t bx_count; /* matrixtranspose: blocks per row */
  unsigned it;
  int up; /* +prog=upstream: the samples' data, Matrix[i] = (float)i * 10.0f */
} tp_ctx_t;

static uint32_t tp_in(uint32_t i, unsigned it) { return fbits((float)i + 0.5f * (float)it); }
static uint32_t tp_val(const tp_ctx_t *c, uint32_t i) {
  return c->up ? fbits((float)i * 10.0f + (float)c->it) : tp_in(i, c->it);
}

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
    op.data = tp_val(c, src);
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
    op.data = tp_val(c, tid);
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
  int rc = gen_warm(lay, p, c.in, 4ull * elems, c.out, 4ull * elems);
  for (unsigned it = 0; it < lay->iters && rc == 0; it++) {
    c.it = it;
    rc = tr_prog_sync(p, 0, TR_ACQUIRE);
    for (uint32_t i = 0; i < elems && rc == 0; i++) rc = tr_prog_mem(p, 0, 1, c.in + 4u * i, tp_in(i, it));
    if (rc == 0) rc = tr_prog_sync(p, 0, TR_RELEASE);
    if (rc == 0) rc = tr_prog_sync(p, 1, TR_ACQUIRE);
    kernel_t k;
    if (shfl) {
      k = (kernel_t){.n_wg = 1u, .wg_threads = (uint32_t)elems, .n_inst = 2u, .fn = sh_lane, .ctx = &c};
    } else {
      k = (kernel_t){.n_wg = c.bx_count * c.bx_count, .wg_threads = 16u, .n_inst = 2u,
                     .fn = mt_lane, .ctx = &c};
    }
    if (rc == 0) rc = emit_kernel(&k, lay, p);
    if (rc == 0) rc = tr_prog_sync(p, 1, TR_RELEASE);
    if (rc == 0) rc = tr_prog_sync(p, 0, TR_ACQUIRE);
    for (uint32_t i = 0; i < elems && rc == 0; i++) rc = tr_prog_mem(p, 0, 0, c.out + 4u * i, 0);
    if (rc == 0) rc = tr_prog_sync(p, 0, TR_RELEASE);
  }
  return rc;
}

/* ---- upstream programs (+prog=upstream; docs/TRACE.md section 4, "Upstream programs") ----
 * The hand-over of Algorithm 2 with its three kernel launches (GPU_ACQUIRE, GPU_KERNEL,
 * GPU_RELEASE), each with the HIP runtime's lines (workloads_hip.h) unless
 * +launch_lines=0, and the samples' CPU loops. Epochs (who writes what under which lock):
 *   cpu acquire; CPU writes inputs; CPU writes the three launches (kernargs, signal = 1,
 *   packet); cpu release;
 *   gpu acquire; CP reads packet 0, writes signal 0; CP reads packet 1 and kernargs;
 *   barrier; kernel; barrier; CP writes signal 1; reads packet 2, writes signal 2;
 *   gpu release;
 *   cpu acquire; CPU reads signals 0..2; CPU loops of the sample; cpu release. */
typedef struct up_run {
  const wl_layout_t *lay;
  wl_hip_rt_t rt;
  wl_hip_launch_t kl; /* GPU_KERNEL's launch (which = 1) */
} up_run_t;

/* The runtime's allocations, after the program's arrays. */
static void up_alloc_rt(const wl_layout_t *lay, uint32_t *next, wl_hip_rt_t *rt) {
  memset(rt, 0, sizeof *rt);
  if (!lay->launch_lines) return;
  rt->queue = alloc_array(lay, next, wl_hip_bytes(0));
  rt->kernarg = alloc_array(lay, next, wl_hip_bytes(1));
  rt->signal = alloc_array(lay, next, wl_hip_bytes(2));
}

/* Launch `which` of iteration it: GPU_ACQUIRE / GPU_RELEASE are one thread, no arguments. */
static wl_hip_launch_t up_launch(const up_run_t *u, unsigned which, unsigned it) {
  wl_hip_launch_t l = {.which = which, .grid = {1u, 1u, 1u}, .wg = {1u, 1u, 1u}};
  if (which == 1u) l = u->kl;
  l.slot = it * WL_HIP_LAUNCHES + which;
  return l;
}

static int up_cpu_launches(const up_run_t *u, unsigned it, tr_prog_t *p) {
  int rc = 0;
  if (!u->lay->launch_lines) return 0;
  for (unsigned w = 0; w < WL_HIP_LAUNCHES && rc == 0; w++) {
    wl_hip_launch_t l = up_launch(u, w, it);
    rc = wl_hip_cpu_launch(p, &u->rt, &l);
  }
  return rc;
}

static int up_gpu_epoch(const up_run_t *u, unsigned it, const kernel_t *k, tr_prog_t *p) {
  int ll = (int)u->lay->launch_lines, rc = tr_prog_sync(p, 1, TR_ACQUIRE);
  wl_hip_launch_t l0 = up_launch(u, 0, it), l1 = up_launch(u, 1, it), l2 = up_launch(u, 2, it);
  if (ll && rc == 0) rc = wl_hip_cp_read(p, &u->rt, &l0);
  if (ll && rc == 0) rc = wl_hip_cp_signal(p, &u->rt, 0);
  if (ll && rc == 0) rc = wl_hip_cp_read(p, &u->rt, &l1);
  if (ll && rc == 0) rc = wl_hip_gpu_barrier(p);
  if (rc == 0) rc = emit_kernel(k, u->lay, p);
  if (ll && rc == 0) rc = wl_hip_gpu_barrier(p);
  if (ll && rc == 0) rc = wl_hip_cp_signal(p, &u->rt, 1);
  if (ll && rc == 0) rc = wl_hip_cp_read(p, &u->rt, &l2);
  if (ll && rc == 0) rc = wl_hip_cp_signal(p, &u->rt, 2);
  if (rc == 0) rc = tr_prog_sync(p, 1, TR_RELEASE);
  return rc;
}

static int up_cpu_waits(const up_run_t *u, tr_prog_t *p) {
  int rc = 0;
  if (!u->lay->launch_lines) return 0;
  for (unsigned w = 0; w < WL_HIP_LAUNCHES && rc == 0; w++) {
    rc = wl_hip_cpu_wait(p, &u->rt, w);
  }
  return rc;
}

/* The middle of a hand-over, after the CPU's own stores: the CPU's launch writes, its
 * release, the GPU's epoch (kernel k with the command processor's lines), the CPU's acquire
 * and its reads of the completion signals. */
static int up_handover(const up_run_t *u, unsigned it, const kernel_t *k, tr_prog_t *p) {
  int rc = up_cpu_launches(u, it, p);
  if (rc == 0) rc = tr_prog_sync(p, 0, TR_RELEASE);
  if (rc == 0) rc = up_gpu_epoch(u, it, k, p);
  if (rc == 0) rc = tr_prog_sync(p, 0, TR_ACQUIRE);
  if (rc == 0) rc = up_cpu_waits(u, p);
  return rc;
}

/* square.cpp: A_h[i] = 1.618f + i; vector_square<<<512,256>>>(C_h, A_h, N) grid-stride;
 * check loop `C_h[i] != A_h[i] * A_h[i]` (ld C[i], ld A[i]). */
static int gen_square_up(uint32_t n, const wl_layout_t *lay, tr_prog_t *p) {
  uint32_t next = lay->base;
  sq_ctx_t c = {.n = n, .nthreads = 512u * 256u, .up = 1};
  c.a = alloc_array(lay, &next, 4ull * n);
  c.c = alloc_array(lay, &next, 4ull * n);
  up_run_t u = {.lay = lay};
  up_alloc_rt(lay, &next, &u.rt);
  if ((uint64_t)next > TR_ADDR_LIMIT) return -2;
  u.kl = (wl_hip_launch_t){.which = 1u, .grid = {512u * 256u, 1u, 1u}, .wg = {256u, 1u, 1u},
                           .n_kernarg = 6u, .kernarg = {c.c, 0u, c.a, 0u, n, 0u}};
  kernel_t k = {.n_wg = 512u, .wg_threads = 256u,
                .n_inst = 2u * ((n + c.nthreads - 1u) / c.nthreads), .fn = sq_lane, .ctx = &c};
  int rc = gen_warm(lay, p, c.a, 4ull * n, c.c, 4ull * n);
  for (unsigned it = 0; it < lay->iters && rc == 0; it++) {
    c.it = it;
    rc = tr_prog_sync(p, 0, TR_ACQUIRE);
    for (uint32_t i = 0; i < n && rc == 0; i++) {
      rc = tr_prog_mem(p, 0, 1, c.a + 4u * i, fbits(sq_val(&c, i)));
    }
    if (rc == 0) rc = up_handover(&u, it, &k, p);
    for (uint32_t i = 0; i < n && rc == 0; i++) {
      rc = tr_prog_mem(p, 0, 0, c.c + 4u * i, 0);
      if (rc == 0) rc = tr_prog_mem(p, 0, 0, c.a + 4u * i, 0);
    }
    if (rc == 0) rc = tr_prog_sync(p, 0, TR_RELEASE);
  }
  return rc;
}

/* 2dshfl.cpp: one block, dim3(1) x dim3(4,4); thread (x, y) = (tid % 4, tid / 4):
 * ld in[y*W+x], st out[x*W+y] (`__shfl(val, y*width+x)` returns the lane's own value when
 * W = 4; lanes with x or y >= W are off, so W < 4 stays inside the matrices). */
static lane_op_t sh4_lane(const void *vctx, uint32_t tid, unsigned inst) {
  const tp_ctx_t *c = vctx;
  lane_op_t op = {0, 0, 0, 0};
  uint32_t x = tid % 4u, y = tid / 4u;
  if (x >= c->w || y >= c->w) return op;
  op.active = 1;
  if (inst == 0) {
    op.addr = c->in + 4u * (y * c->w + x);
  } else {
    op.store = 1;
    op.addr = c->out + 4u * (x * c->w + y);
    op.data = tp_val(c, y * c->w + x);
  }
  return op;
}

/* MatrixTranspose.cpp and 2dshfl.cpp: Matrix (hipHostMalloc), cpuTransposeMatrix (malloc),
 * gpuTransposeMatrix (hipHostMalloc), allocated in this order; Matrix[i] = i * 10.0f; the
 * kernel; after hipDeviceSynchronize the CPU reference transpose (for j, for i:
 * ref[i*W+j] = in[j*W+i], column by column) and the verify loop (ld out[i], ld ref[i]). */
static int gen_transpose_up(uint32_t w, int shfl, const wl_layout_t *lay, tr_prog_t *p) {
  uint32_t next = lay->base;
  uint64_t elems = (uint64_t)w * w;
  tp_ctx_t c = {.w = w, .up = 1};
  c.in = alloc_array(lay, &next, 4ull * elems);
  uint32_t ref = alloc_array(lay, &next, 4ull * elems);
  c.out = alloc_array(lay, &next, 4ull * elems);
  c.bx_count = (w + 3u) / 4u;
  up_run_t u = {.lay = lay};
  up_alloc_rt(lay, &next, &u.rt);
  if ((uint64_t)next > TR_ADDR_LIMIT) return -2;
  kernel_t k = {.n_wg = c.bx_count * c.bx_count, .wg_threads = 16u, .n_inst = 2u,
                .fn = mt_lane, .ctx = &c};
  u.kl = (wl_hip_launch_t){.which = 1u, .grid = {c.bx_count * 4u, c.bx_count * 4u, 1u},
                           .wg = {4u, 4u, 1u}, .n_kernarg = 5u,
                           .kernarg = {c.out, 0u, c.in, 0u, w}};
  if (shfl && lay->shfl_block == WL_SHFL_4X4) {
    k = (kernel_t){.n_wg = 1u, .wg_threads = 16u, .n_inst = 2u, .fn = sh4_lane, .ctx = &c};
    u.kl.grid[0] = u.kl.grid[1] = 4u;
  } else if (shfl) {
    k = (kernel_t){.n_wg = 1u, .wg_threads = (uint32_t)elems, .n_inst = 2u, .fn = sh_lane,
                   .ctx = &c};
    u.kl.grid[0] = u.kl.grid[1] = u.kl.wg[0] = u.kl.wg[1] = w;
  }
  int rc = gen_warm(lay, p, c.in, 4ull * elems, c.out, 4ull * elems);
  for (unsigned it = 0; it < lay->iters && rc == 0; it++) {
    c.it = it;
    rc = tr_prog_sync(p, 0, TR_ACQUIRE);
    for (uint32_t i = 0; i < elems && rc == 0; i++) {
      rc = tr_prog_mem(p, 0, 1, c.in + 4u * i, tp_val(&c, i));
    }
    if (rc == 0) rc = up_handover(&u, it, &k, p);
    for (uint32_t j = 0; j < w && rc == 0; j++) {
      for (uint32_t i = 0; i < w && rc == 0; i++) {
        rc = tr_prog_mem(p, 0, 0, c.in + 4u * (j * w + i), 0);
        if (rc == 0) rc = tr_prog_mem(p, 0, 1, ref + 4u * (i * w + j), tp_val(&c, j * w + i));
      }
    }
    for (uint32_t i = 0; i < elems && rc == 0; i++) {
      rc = tr_prog_mem(p, 0, 0, c.out + 4u * i, 0);
      if (rc == 0) rc = tr_prog_mem(p, 0, 0, ref + 4u * i, 0);
    }
    if (rc == 0) rc = tr_prog_sync(p, 0, TR_RELEASE);
  }
  return rc;
}

/* ---- affine-kernel generator (SPEC section 6, after seed 003) ----
 * Data: n_elem records of `fields` fields of `esize` bytes. Field f of element i is at
 *   SoA:  arr[f] + i*esize                  (one array per field, allocated in order)
 *   AoS:  base + i*S + f*esize, S = fields*esize
 *   AoSA: same with S rounded up to a power of two.
 * A kernel is n_threads threads (workgroups of 256), each running a loop j = 0..n_loop-1
 * over a body of references; reference r accesses field r.field of element
 *   idx = c0 + ct*tid + cj*j     (affine in the thread id and the loop variable).
 * The CPU writes every field that the kernel reads (all elements) before the kernel, and
 * reads back every field that the kernel writes after it. */
#define AF_MAX_REFS 8u
#define AF_WG 256u

typedef struct af_ref {
  int store;
  unsigned field;
  int64_t c0, ct, cj;
} af_ref_t;

typedef struct af_kernel {
  uint32_t n_elem, n_threads, n_loop;
  unsigned n_refs;
  af_ref_t ref[AF_MAX_REFS];
} af_kernel_t;

typedef struct af_ctx {
  const af_kernel_t *k;
  const wl_layout_t *lay;
  uint32_t base, stride;
  uint32_t arr[64];
  unsigned it;
} af_ctx_t;

static uint32_t af_addr(const af_ctx_t *c, unsigned field, uint32_t idx) {
  if (c->lay->layout == WL_LAYOUT_SOA) return c->arr[field] + idx * c->lay->esize;
  return c->base + idx * c->stride + field * c->lay->esize;
}

static lane_op_t af_lane(const void *vctx, uint32_t tid, unsigned inst) {
  const af_ctx_t *c = vctx;
  const af_kernel_t *k = c->k;
  lane_op_t op = {0, 0, 0, 0};
  if (tid >= k->n_threads) return op;
  unsigned j = inst / k->n_refs;
  const af_ref_t *r = &k->ref[inst % k->n_refs];
  int64_t idx = r->c0 + r->ct * (int64_t)tid + r->cj * (int64_t)j;
  if (idx < 0 || idx >= (int64_t)k->n_elem) return op;
  op.active = 1;
  op.store = r->store;
  op.addr = af_addr(c, r->field, (uint32_t)idx);
  if (op.store) op.data = wdata(op.addr, c->it);
  return op;
}

/* aos_update (n = N elements): pos += vel, one thread per element:
 *   ld f1[tid]; ld f0[tid]; st f0[tid].
 * stencil (n = W): W x W grid, 5-point stencil of field 0 into field 1; thread t owns column
 * x = t+1 (W-2 threads) and walks down the rows y = j+1 (j < W-2): idx = (W+1) + t + W*j;
 *   ld f0[idx-1], f0[idx+1], f0[idx-W], f0[idx+W], f0[idx]; st f1[idx]. */
static void af_describe(const char *name, uint32_t n, af_kernel_t *k) {
  memset(k, 0, sizeof *k);
  if (strcmp(name, "aos_update") == 0) {
    k->n_elem = n;
    k->n_threads = n;
    k->n_loop = 1;
    k->n_refs = 3;
    k->ref[0] = (af_ref_t){0, 1, 0, 1, 0};
    k->ref[1] = (af_ref_t){0, 0, 0, 1, 0};
    k->ref[2] = (af_ref_t){1, 0, 0, 1, 0};
  } else { /* stencil */
    int64_t w = n;
    k->n_elem = n * n;
    k->n_threads = n - 2u;
    k->n_loop = n - 2u;
    k->n_refs = 6;
    k->ref[0] = (af_ref_t){0, 0, w, 1, w};
    k->ref[1] = (af_ref_t){0, 0, w + 2, 1, w};
    k->ref[2] = (af_ref_t){0, 0, 1, 1, w};
    k->ref[3] = (af_ref_t){0, 0, 2 * w + 1, 1, w};
    k->ref[4] = (af_ref_t){0, 0, w + 1, 1, w};
    k->ref[5] = (af_ref_t){1, 1, w + 1, 1, w};
  }
}

static int gen_affine(const char *name, uint32_t n, const wl_layout_t *lay, tr_prog_t *p) {
  af_kernel_t k;
  af_describe(name, n, &k);
  unsigned nf = lay->fields < 2u ? 2u : lay->fields;
  af_ctx_t c = {.k = &k, .lay = lay};
  uint32_t next = lay->base;
  uint32_t rec = nf * lay->esize;
  if (lay->layout == WL_LAYOUT_AOSA) {
    uint32_t s = 1;
    while (s < rec) s <<= 1;
    rec = s;
  }
  c.stride = rec;
  if (lay->layout == WL_LAYOUT_SOA) {
    for (unsigned f = 0; f < nf; f++) c.arr[f] = alloc_array(lay, &next, (uint64_t)k.n_elem * lay->esize);
  } else {
    c.base = alloc_array(lay, &next, (uint64_t)k.n_elem * rec);
  }
  if ((uint64_t)next > TR_ADDR_LIMIT) return -2;
  int rd[64] = {0}, wr[64] = {0};
  for (unsigned r = 0; r < k.n_refs; r++) (k.ref[r].store ? wr : rd)[k.ref[r].field] = 1;
  kernel_t kk = {.n_wg = (k.n_threads + AF_WG - 1u) / AF_WG,
                 .wg_threads = AF_WG,
                 .n_inst = k.n_loop * k.n_refs,
                 .fn = af_lane,
                 .ctx = &c};
  int rc = 0;
  for (unsigned it = 0; it < lay->iters && rc == 0; it++) {
    c.it = it;
    rc = tr_prog_sync(p, 0, TR_ACQUIRE);
    /* CPU initialises the kernel's inputs in address order of its loops: SoA array by
     * array, AoS record by record. */
    if (lay->layout == WL_LAYOUT_SOA) {
      for (unsigned f = 0; f < nf && rc == 0; f++) {
        if (!rd[f]) continue;
        for (uint32_t i = 0; i < k.n_elem && rc == 0; i++) {
          uint32_t a = af_addr(&c, f, i);
          rc = tr_prog_mem(p, 0, 1, a, wdata(a, it + 1000u));
        }
      }
    } else {
      for (uint32_t i = 0; i < k.n_elem && rc == 0; i++) {
        for (unsigned f = 0; f < nf && rc == 0; f++) {
          if (!rd[f]) continue;
          uint32_t a = af_addr(&c, f, i);
          rc = tr_prog_mem(p, 0, 1, a, wdata(a, it + 1000u));
        }
      }
    }
    if (rc == 0) rc = tr_prog_sync(p, 0, TR_RELEASE);
    if (rc == 0) rc = tr_prog_sync(p, 1, TR_ACQUIRE);
    if (rc == 0) rc = emit_kernel(&kk, lay, p);
    if (rc == 0) rc = tr_prog_sync(p, 1, TR_RELEASE);
    if (rc == 0) rc = tr_prog_sync(p, 0, TR_ACQUIRE);
    for (unsigned f = 0; f < nf && rc == 0; f++) {
      if (!wr[f]) continue;
      for (uint32_t i = 0; i < k.n_elem && rc == 0; i++) rc = tr_prog_mem(p, 0, 0, af_addr(&c, f, i), 0);
    }
    if (rc == 0) rc = tr_prog_sync(p, 0, TR_RELEASE);
  }
  return rc;
}

static const struct {
  const char *name;
  uint32_t def_n, min_n, max_n;
} k_wl[] = {
    {"square", 2000u, 1u, 16u * 1024u * 1024u},
    {"matrixtranspose", 64u, 1u, 4096u},
    {"2dshfl", 16u, 1u, 4096u},
    {"aos_update", 4096u, 1u, 1u << 20},
    {"stencil", 64u, 3u, 2048u},
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
  if (n < k_wl[i].min_n || n > k_wl[i].max_n) {
    snprintf(err, errlen, "+n=%u: must be %u..%u for workload %s", n, k_wl[i].min_n,
             k_wl[i].max_n, name);
    return -2;
  }
  if (lay->align == 0 || (lay->align & (lay->align - 1u)) != 0 || lay->n_cu == 0 ||
      lay->n_cu > TR_N_GPU_PORTS || lay->wave_size == 0 || lay->iters == 0 ||
      lay->fields == 0 || lay->fields > 64 || (lay->esize != 4 && lay->esize != 8)) {
    snprintf(err, errlen, "bad workload layout");
    return -2;
  }
  int rc;
  if (i == 0 && lay->prog == WL_PROG_UPSTREAM) rc = gen_square_up(n, lay, p);
  else if (i == 0) rc = gen_square(n, lay, p);
  else if (i <= 2 && lay->prog == WL_PROG_UPSTREAM) rc = gen_transpose_up(n, i == 2, lay, p);
  else if (i <= 2) rc = gen_transpose(n, i == 2, lay, p);
  else rc = gen_affine(name, n, lay, p);
  if (rc == -2) {
    snprintf(err, errlen, "%s n=%u does not fit below 0x40000000 with this layout", name, n);
    return -2;
  }
  if (rc != 0) {
    snprintf(err, errlen, "out of memory generating %s", name);
    return -2;
  }
  return 0;
}

/* Unit tests of +prog=upstream (docs/TRACE.md section 4, "Upstream programs"). Every
 * expected count follows from the upstream HIP samples (gem5-resources
 * src/gpu/square/square.cpp, src/gpu/hip-samples/src/MatrixTranspose.cpp, 2dshfl.cpp) and
 * from the launch model of tb/workloads_hip.h, not from a run's output. */
#define _POSIX_C_SOURCE 200809L
#include "test_upstream.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace.h"
#include "workloads.h"
#include "workloads_hip.h"

static unsigned *g_pass, *g_fail;

static void result(const char *name, int ok, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  test_vresult(g_pass, g_fail, name, ok, fmt, ap);
  va_end(ap);
}

static tr_prog_t *gen(const char *wl, uint32_t n, const wl_layout_t *lay) {
  char err[160];
  tr_prog_t *p = tr_prog_new();
  if (p && wl_generate(wl, n, lay, p, err, sizeof err) != 0) {
    printf("  generate %s n=%u: %s\n", wl, n, err);
    tr_prog_free(p);
    return NULL;
  }
  return p;
}

static wl_layout_t up_layout(unsigned launch_lines) {
  wl_layout_t lay = wl_layout_default();
  lay.prog = WL_PROG_UPSTREAM;
  lay.launch_lines = launch_lines;
  return lay;
}

/* Memory ops of side `side` (0 cpu, 1 gpu), kind `kind`, with lo <= addr < hi. */
static size_t count(const tr_prog_t *p, unsigned side, unsigned kind, uint32_t lo, uint32_t hi) {
  size_t k = 0;
  for (size_t i = 0; p && i < p->n; i++) {
    const tr_op_t *o = &p->ops[i];
    if (o->side == side && o->kind == kind && o->addr >= lo && o->addr < hi) k++;
  }
  return k;
}

static size_t count_kind(const tr_prog_t *p, unsigned kind) {
  size_t k = 0;
  for (size_t i = 0; p && i < p->n; i++) k += p->ops[i].kind == kind;
  return k;
}

/* 2dshfl.cpp launches dim3(1) x dim3(4,4): 16 threads, one load and one store each,
 * whatever the width; +shfl_block=full keeps the W x W block. */
static void test_shfl(void) {
  static const uint32_t widths[] = {4, 8, 16, 50};
  wl_layout_t lay = up_layout(0);
  int ok = 1;
  char why[200] = "";
  for (size_t i = 0; i < sizeof widths / sizeof widths[0]; i++) {
    uint32_t w = widths[i];
    tr_prog_t *p = gen("2dshfl", w, &lay);
    size_t st = count(p, 1, TR_ST, 0, TR_ADDR_LIMIT), ld = count(p, 1, TR_LD, 0, TR_ADDR_LIMIT);
    /* out = gpuTransposeMatrix, the third allocation: thread (x, y) stores out[x*W+y] */
    uint32_t bytes = 4u * w * w, out = 0x10000000u + 2u * ((bytes + 4095u) & ~4095u);
    size_t in_block = 0, one_port = 1;
    for (size_t k = 0; p && k < p->n; k++) {
      const tr_op_t *o = &p->ops[k];
      if (o->side != 1 || o->kind != TR_ST) continue;
      uint32_t e = (o->addr - out) / 4u;
      in_block += o->addr >= out && e % w < 4u && e / w < 4u;
      one_port &= o->port == TR_N_CPU_PORTS;
    }
    if (!p || st != 16 || ld != 16 || in_block != 16 || !one_port) {
      ok = 0;
      snprintf(why, sizeof why, "W=%u: st=%zu ld=%zu in_block=%zu one_port=%zu", w, st, ld,
               in_block, one_port);
    }
    tr_prog_free(p);
  }
  result("upstream_2dshfl_16_stores_any_width", ok, "%s", why);

  lay.shfl_block = WL_SHFL_FULL;
  tr_prog_t *p = gen("2dshfl", 16, &lay);
  size_t st = count(p, 1, TR_ST, 0, TR_ADDR_LIMIT);
  result("upstream_2dshfl_full_block", p && st == 256, "st=%zu", st);
  tr_prog_free(p);
}

/* MatrixTranspose.cpp (and 2dshfl.cpp): Matrix, cpuTransposeMatrix, gpuTransposeMatrix
 * allocated in this order; after the kernel the CPU writes the reference (W*W floats, column
 * by column: ref[i*W+j] = in[j*W+i], j outer) and the verify loop reads out[i] and ref[i]. */
static void test_mt(void) {
  const uint32_t w = 8, in = 0x10000000u, ref = 0x10001000u, out = 0x10002000u;
  wl_layout_t lay = up_layout(0);
  tr_prog_t *p = gen("matrixtranspose", w, &lay);
  size_t ref_st = count(p, 0, TR_ST, ref, ref + 4u * w * w);
  size_t ref_ld = count(p, 0, TR_LD, ref, ref + 4u * w * w);
  size_t out_ld = count(p, 0, TR_LD, out, out + 4u * w * w);
  size_t in_ld = count(p, 0, TR_LD, in, in + 4u * w * w);
  size_t in_st = count(p, 0, TR_ST, in, in + 4u * w * w);
  size_t gpu_st = count(p, 1, TR_ST, out, out + 4u * w * w);
  uint32_t in_data[64] = {0}, ref_data[64] = {0}, out_data[64] = {0};
  int col_order = 1;
  uint32_t prev = 0;
  size_t nref = 0, first_ref_op = 0, last_out_ld = 0;
  for (size_t k = 0; p && k < p->n; k++) {
    const tr_op_t *o = &p->ops[k];
    if (o->kind == TR_ST && o->side == 0 && o->addr >= in && o->addr < in + 256u) {
      in_data[(o->addr - in) / 4u] = o->data;
    } else if (o->kind == TR_ST && o->side == 0 && o->addr >= ref && o->addr < ref + 256u) {
      ref_data[(o->addr - ref) / 4u] = o->data;
      /* within a column the next store is one row down, 4*W bytes on */
      if (nref % w != 0 && o->addr != prev + 4u * w) col_order = 0;
      if (nref++ == 0) first_ref_op = k;
      prev = o->addr;
    } else if (o->kind == TR_ST && o->side == 1 && o->addr >= out && o->addr < out + 256u) {
      out_data[(o->addr - out) / 4u] = o->data;
    } else if (o->kind == TR_LD && o->side == 0 && o->addr >= out && o->addr < out + 256u) {
      last_out_ld = k;
    }
  }
  size_t bad = 0;
  for (uint32_t y = 0; y < w; y++) {
    for (uint32_t x = 0; x < w; x++) {
      bad += ref_data[y * w + x] != in_data[x * w + y];
      bad += out_data[y * w + x] != ref_data[y * w + x];
    }
  }
  result("upstream_mt_reference_and_verify",
         p && ref_st == w * w && ref_ld == w * w && out_ld == w * w && in_st == w * w &&
             in_ld == w * w && gpu_st == w * w && col_order && bad == 0 &&
             first_ref_op < last_out_ld,
         "ref_st=%zu ref_ld=%zu out_ld=%zu in_st=%zu in_ld=%zu gpu_st=%zu col=%d bad=%zu",
         ref_st, ref_ld, out_ld, in_st, in_ld, gpu_st, col_order, bad);
  tr_prog_free(p);
}

/* square.cpp's check loop `C_h[i] != A_h[i] * A_h[i]` reads C and A after the kernel. */
static void test_square(void) {
  const uint32_t n = 1000, a = 0x10000000u, c = 0x10001000u;
  wl_layout_t lay = up_layout(0);
  tr_prog_t *p = gen("square", n, &lay);
  size_t ld_c = count(p, 0, TR_LD, c, c + 4u * n), ld_a = count(p, 0, TR_LD, a, a + 4u * n);
  size_t st_gpu = count(p, 1, TR_ST, 0, TR_ADDR_LIMIT);
  result("upstream_square_check_reads_c_and_a", p && ld_c == n && ld_a == n && st_gpu == n,
         "ld_c=%zu ld_a=%zu st_gpu=%zu", ld_c, ld_a, st_gpu);
  tr_prog_free(p);
}

/* The runtime lines of Algorithm 2's three launches, and where they sit in the epochs. */
static void test_launch_lines(void) {
  const uint32_t n = 1000, rt = 0x10002000u; /* after A and C, one page each */
  const uint32_t q = rt, ka = rt + 0x1000u, sig = rt + 0x2000u;
  wl_layout_t lay = up_layout(1);
  tr_prog_t *p = gen("square", n, &lay);
  const unsigned pkt_words = WL_HIP_PKT_BYTES / 4u, L = WL_HIP_LAUNCHES;
  size_t cpu_pkt = count(p, 0, TR_ST, q, ka), cp_pkt = count(p, 1, TR_LD, q, ka);
  size_t cpu_ka = count(p, 0, TR_ST, ka, sig), cp_ka = count(p, 1, TR_LD, ka, sig);
  size_t cpu_sig = count(p, 0, TR_ST, sig, sig + 0x1000u);
  size_t gpu_sig = count(p, 1, TR_ST, sig, sig + 0x1000u);
  size_t cpu_wait = count(p, 0, TR_LD, sig, sig + 0x1000u), bar = count_kind(p, TR_REGRD);
  /* vector_square(T *C_d, const T *A_d, size_t N): 24 bytes = 6 words of kernargs; the
   * GPU_ACQUIRE / GPU_RELEASE kernels take none. Signal value: 64-bit, 2 words. */
  int counts_ok = cpu_pkt == L * pkt_words && cp_pkt == L * pkt_words && cpu_ka == 6 &&
                  cp_ka == 6 && cpu_sig == 2u * L && gpu_sig == 2u * L && cpu_wait == 2u * L &&
                  bar == 2;
  /* epochs: sync records are cpu acq, cpu rel, gpu acq, gpu rel, cpu acq, cpu rel */
  int epoch = -1, epochs_ok = 1, gpu_port_ok = 1, header_last = 1;
  for (size_t k = 0; p && k < p->n; k++) {
    const tr_op_t *o = &p->ops[k];
    if (o->kind == TR_ACQUIRE || o->kind == TR_RELEASE) {
      epoch++;
      continue;
    }
    if (o->kind != TR_LD && o->kind != TR_ST) continue;
    if (o->addr < rt) continue;
    int want = o->side == 1 ? 2 : o->kind == TR_ST ? 0 : 4; /* inside the lock epochs */
    if (epoch != want) epochs_ok = 0;
    if (o->side == 1 && o->port != TR_N_CPU_PORTS) gpu_port_ok = 0;
    /* the CPU writes a packet's header word (offset 0) after its body */
    if (o->side == 0 && o->kind == TR_ST && o->addr >= q && o->addr < q + 0x1000u &&
        (o->addr - q) % WL_HIP_PKT_BYTES != 0) {
      uint32_t hdr = o->addr - (o->addr - q) % WL_HIP_PKT_BYTES;
      for (size_t j = 0; j < k; j++) {
        const tr_op_t *e = &p->ops[j];
        if (e->side == 0 && e->kind == TR_ST && e->addr == hdr) header_last = 0;
      }
    }
  }
  result("upstream_launch_lines_present", p && counts_ok,
         "pkt %zu/%zu ka %zu/%zu sig %zu/%zu wait %zu barriers %zu", cpu_pkt, cp_pkt, cpu_ka,
         cp_ka, cpu_sig, gpu_sig, cpu_wait, bar);
  result("upstream_launch_lines_epochs", p && epochs_ok && gpu_port_ok && header_last,
         "epochs=%d gpu.0=%d header_last=%d", epochs_ok, gpu_port_ok, header_last);
  tr_prog_free(p);

  static const char *const wls[] = {"square", "matrixtranspose", "2dshfl"};
  int absent = 1;
  lay = up_layout(0);
  for (size_t i = 0; i < 3; i++) {
    p = gen(wls[i], 8, &lay);
    /* 8 elements (square) or 8x8 floats: every array fits in one page */
    uint32_t end = 0x10000000u + (i == 0 ? 2u : 3u) * 0x1000u;
    size_t extra = count_kind(p, TR_REGRD);
    for (unsigned side = 0; side < 2; side++) {
      extra += count(p, side, TR_LD, end, TR_ADDR_LIMIT);
      extra += count(p, side, TR_ST, end, TR_ADDR_LIMIT);
    }
    if (!p || extra != 0) absent = 0;
    tr_prog_free(p);
  }
  result("upstream_launch_lines_off", absent, "runtime traffic with +launch_lines=0");
}

/* 1 if the two programs have the same records (field by field: tr_op_t has padding). */
static int same_prog(const tr_prog_t *a, const tr_prog_t *b) {
  if (!a || !b || a->n != b->n) return 0;
  for (size_t i = 0; i < a->n; i++) {
    const tr_op_t *x = &a->ops[i], *y = &b->ops[i];
    if (x->kind != y->kind || x->side != y->side || x->port != y->port || x->addr != y->addr ||
        x->data != y->data || x->flags != y->flags || x->wstrb != y->wstrb) {
      return 0;
    }
  }
  return 1;
}

/* The default is the upstream program with its launch lines (issue 11 item 2); +prog=v1
 * changes every one of the three. */
static void test_default(void) {
  static const char *const wls[] = {"square", "matrixtranspose", "2dshfl"};
  int ok = 1;
  for (size_t i = 0; i < 3; i++) {
    wl_layout_t d = wl_layout_default(), v1 = wl_layout_default(), up = up_layout(1);
    v1.prog = WL_PROG_V1;
    tr_prog_t *a = gen(wls[i], 16, &d), *b = gen(wls[i], 16, &up), *c = gen(wls[i], 16, &v1);
    int same = same_prog(a, b), differs = a && c && !same_prog(a, c);
    ok &= same && differs;
    tr_prog_free(a);
    tr_prog_free(b);
    tr_prog_free(c);
  }
  result("upstream_is_default", ok, "default program is not upstream, or v1 equals it");
}

static void test_plusargs(void) {
  static const struct {
    const char *name, *value, *msg;
  } bad[] = {{"prog", "v2", "+prog=v2: must be v1 or upstream"},
             {"shfl_block", "8x8", "+shfl_block=8x8: must be 4x4 or full"},
             {"launch_lines", "2", "+launch_lines=2: must be 0 or 1"}};
  int ok = 1;
  char buf[256];
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    wl_layout_t lay = wl_layout_default();
    FILE *f = tmpfile();
    if (!f) return;
    int rc = wl_parse_plusarg(&lay, bad[i].name, bad[i].value, f);
    rewind(f);
    size_t m = fread(buf, 1, sizeof buf - 1, f);
    buf[m] = 0;
    fclose(f);
    if (rc != -1 || !strstr(buf, bad[i].msg)) {
      ok = 0;
      printf("  +%s=%s: rc=%d msg='%s'\n", bad[i].name, bad[i].value, rc, buf);
    }
  }
  wl_layout_t lay = wl_layout_default();
  ok &= wl_parse_plusarg(&lay, "prog", "upstream", stderr) == 1 && lay.prog == WL_PROG_UPSTREAM;
  ok &= wl_parse_plusarg(&lay, "shfl_block", "full", stderr) == 1 &&
        lay.shfl_block == WL_SHFL_FULL;
  ok &= wl_parse_plusarg(&lay, "launch_lines", "0", stderr) == 1 && lay.launch_lines == 0;
  result("upstream_plusargs", ok, "see above");
}

void test_upstream(unsigned *pass, unsigned *fail) {
  g_pass = pass;
  g_fail = fail;
  test_shfl();
  test_mt();
  test_square();
  test_launch_lines();
  test_default();
  test_plusargs();
}

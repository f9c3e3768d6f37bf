/* Unit tests of tb/xcu.c, the per-byte GPU storer sets of the cross-CU rule of the reference
 * check (docs/ARCHITECTURE_v3_gpu_frontend.md §9). Expected values follow from the rule by
 * hand: a store returns the bytes another CU stored in this epoch; a load's word is "other"
 * when another CU stored any of its bytes in this epoch; a new epoch forgets everything. */
#include "test_xcu.h"

#include <stdarg.h>
#include <stdio.h>

#include "refmem.h"
#include "test_upstream.h" /* test_vresult */
#include "xcu.h"

static void res(unsigned *pass, unsigned *fail, const char *name, int ok, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  test_vresult(pass, fail, name, ok, fmt, ap);
  va_end(ap);
}

static void last_cyc_of(void *ctx, uint32_t line, uint64_t pending, uint64_t taint,
                        uint64_t by_gpu, uint64_t last_cyc) {
  (void)line, (void)pending, (void)taint, (void)by_gpu;
  *(uint64_t *)ctx = last_cyc;
}

static uint64_t line_cyc(refmem_t *r) {
  uint64_t c = 0;
  refmem_foreach_pending(r, last_cyc_of, &c);
  return c;
}

/* A GPU store completes at its response: until the last one in flight to the line ends, the
 * line's newest-store cycle is UINT64_MAX (end-to-end check (b) skips it), then the end's. */
static void test_inflight(unsigned *pass, unsigned *fail) {
  refmem_t *r = refmem_new();
  if (!r) return;
  refmem_store(r, 0x1000, 1u, 0xF, 0, 1, 5);
  uint64_t c0 = line_cyc(r);
  refmem_inflight_begin(r, 0x1000);
  refmem_store(r, 0x1004, 2u, 0xF, 0, 1, 6); /* a second store, also in flight */
  refmem_inflight_begin(r, 0x1004);
  uint64_t c1 = line_cyc(r);
  refmem_inflight_end(r, 0x1000, 20);
  uint64_t c2 = line_cyc(r);
  refmem_inflight_end(r, 0x1004, 30);
  uint64_t c3 = line_cyc(r);
  res(pass, fail, "refmem_inflight", c0 == 5 && c1 == UINT64_MAX && c2 == UINT64_MAX && c3 == 30,
      "got %llu %llu %llu %llu, want 5 max max 30", (unsigned long long)c0,
      (unsigned long long)c1, (unsigned long long)c2, (unsigned long long)c3);
  refmem_free(r);
}

void test_xcu(unsigned *pass, unsigned *fail) {
  test_inflight(pass, fail);
  xcu_t *x = xcu_new();
  if (!x) {
    res(pass, fail, "xcu_new", 0, "out of memory");
    return;
  }
  /* own stores never race; another CU's store to the same byte does, per byte */
  int a = xcu_store(x, 0x1000, 0x3, 0);
  int b = xcu_store(x, 0x1002, 0xF, 0); /* same word (addr & ~3), own CU */
  int c = xcu_store(x, 0x1000, 0x6, 1); /* bytes 1, 2: byte 1 stored by CU 0, byte 2 too */
  int d = xcu_store(x, 0x1000, 0x8, 2); /* byte 3: CU 0 */
  res(pass, fail, "xcu_store_race_bytes", a == 0 && b == 0 && c == 0x6 && d == 0x8,
      "got %d %d 0x%x 0x%x, want 0 0 0x6 0x8", a, b, c, d);
  /* loads: the word is "other" for every CU but a sole storer */
  xcu_store(x, 0x2000, 0x1, 3);
  int l3 = xcu_other(x, 0x2003, 3), l0 = xcu_other(x, 0x2000, 0), lany = xcu_other(x, 0x2000, 4);
  int lnone = xcu_other(x, 0x3000, 0);
  res(pass, fail, "xcu_other", l3 == 0 && l0 == 1 && lany == 1 && lnone == 0,
      "got %d %d %d %d, want 0 1 1 0", l3, l0, lany, lnone);
  /* a new epoch forgets every storer */
  xcu_new_epoch(x);
  int e1 = xcu_other(x, 0x2000, 0), e2 = xcu_store(x, 0x1000, 0xF, 2);
  res(pass, fail, "xcu_new_epoch", e1 == 0 && e2 == 0, "got %d %d, want 0 0", e1, e2);
  /* many words (the table grows), then every one is still found in its epoch */
  int bad = 0;
  for (uint32_t w = 0; w < 100000u; w++) {
    if (xcu_store(x, 0x100000u + 4u * w, 0x1, w % 4u) != 0) bad++;
  }
  for (uint32_t w = 0; w < 100000u; w++) {
    if (xcu_other(x, 0x100000u + 4u * w, w % 4u) != 0) bad++;
    if (xcu_other(x, 0x100000u + 4u * w, (w + 1u) % 4u) != 1) bad++;
  }
  xcu_new_epoch(x);
  for (uint32_t w = 0; w < 100000u; w += 97u) bad += xcu_other(x, 0x100000u + 4u * w, 4) != 0;
  res(pass, fail, "xcu_many_words", bad == 0, "%d wrong answers over 100000 words", bad);
  xcu_free(x);
}

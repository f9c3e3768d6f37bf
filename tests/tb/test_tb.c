/* Unit tests of the testbench's C parts: trace parser (good traces, every kind of malformed
 * line with its line number), trace writer round trip of the workload generators,
 * reference memory, coroutines, the C driver over a fake MMIO, and the integer parser of
 * common/parse_num.h (every syntax, every refusal, the edge values); the page table of
 * common/pagetable.h in tests/tb/test_pagetable.c; the upstream programs (+prog=upstream) in
 * tests/tb/test_upstream.c.
 * Prints "PASS name" / "FAIL name: reason", then "N passed, M failed". */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coro.h"
#include "e2e.h"
#include "parse_num.h"
#include "randgen.h"
#include "refmem.h"
#include "rinv_drv.h"
#include "test_pagetable.h"
#include "test_ticks.h"
#include "test_trace_more.h"
#include "test_xcu.h"
#include "test_upstream.h"
#include "trace.h"
#include "workloads.h"

typedef struct tctx {
  unsigned pass, fail;
} tctx_t;

void test_vresult(unsigned *pass, unsigned *fail, const char *name, int ok, const char *fmt,
                  va_list ap) {
  if (ok) {
    printf("PASS %s\n", name);
    (*pass)++;
    return;
  }
  char why[300];
  vsnprintf(why, sizeof why, fmt, ap);
  printf("FAIL %s: %s\n", name, why);
  (*fail)++;
}

static void result(tctx_t *t, const char *name, int ok, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  test_vresult(&t->pass, &t->fail, name, ok, fmt, ap);
  va_end(ap);
}

/* ---- parser: good traces ---- */

static void test_parse_good(tctx_t *t) {
  const char *text =
      "# a comment line\n"
      "\n"
      "cpu acquire\n"
      "cpu.0 st 0x1000 0xdeadbeef   # trailing comment\n"
      "cpu.1\tst\t4100\n"
      "  cpu.0 ld 0x1000\n"
      "cpu release\r\n"
      "gpu acquire#no space before comment\n"
      "gpu.3 ld 0x3ffffffc\n"
      "gpu.0 st 0X10 4294967295\n"
      "gpu release\n";
  tr_prog_t *p = tr_prog_new();
  tr_err_t e = {0};
  unsigned nerr = tr_parse_text("good.trace", text, p, NULL, &e);
  int ok = nerr == 0 && p->n == 9;
  const tr_op_t *o = p->ops;
  ok = ok && o[0].kind == TR_ACQUIRE && o[0].side == 0 && o[0].line == 3;
  ok = ok && o[1].kind == TR_ST && o[1].port == 0 && o[1].addr == 0x1000 &&
       o[1].data == 0xdeadbeefu && o[1].line == 4;
  ok = ok && o[2].kind == TR_ST && o[2].port == 1 && o[2].addr == 4100 &&
       o[2].data == tr_default_data(5) && o[2].data == 5;
  ok = ok && o[3].kind == TR_LD && o[3].port == 0 && o[3].addr == 0x1000;
  ok = ok && o[4].kind == TR_RELEASE && o[4].side == 0;
  ok = ok && o[5].kind == TR_ACQUIRE && o[5].side == 1;
  ok = ok && o[6].kind == TR_LD && o[6].port == 5 && o[6].side == 1 && o[6].addr == 0x3ffffffc;
  ok = ok && o[7].kind == TR_ST && o[7].port == 2 && o[7].addr == 0x10 && o[7].data == 0xffffffffu;
  ok = ok && o[8].kind == TR_RELEASE && o[8].side == 1;
  result(t, "parse_good", ok, "nerr=%u n=%zu first='%s'", nerr, p->n, e.msg);
  tr_prog_free(p);

  p = tr_prog_new();
  nerr = tr_parse_text("empty.trace", "", p, NULL, NULL);
  result(t, "parse_empty", nerr == 0 && p->n == 0, "nerr=%u n=%zu", nerr, p->n);
  tr_prog_free(p);

  p = tr_prog_new();
  nerr = tr_parse_text("nonl.trace", "cpu.0 ld 8", p, NULL, NULL);
  result(t, "parse_no_final_newline", nerr == 0 && p->n == 1 && p->ops[0].addr == 8, "nerr=%u", nerr);
  tr_prog_free(p);
}

/* ---- parser: malformed lines ---- */

static void test_parse_bad(tctx_t *t) {
  static const struct {
    const char *name;
    const char *line; /* placed on line 3, after two good lines */
    const char *expect; /* substring of the message */
  } cases[] = {
      {"bad_who", "foo.0 ld 0x10", "expected 'cpu'"},
      {"bad_who_suffix", "cpux ld 0x10", "expected 'cpu'"},
      {"bad_cpu_port", "cpu.2 ld 0x10", "bad port 'cpu.2'"},
      {"bad_gpu_port", "gpu.4 ld 0x10", "bad port 'gpu.4'"},
      {"bad_port_two_digits", "gpu.00 ld 0x10", "bad port"},
      {"bad_port_empty", "gpu. ld 0x10", "bad port"},
      {"missing_op", "cpu.0", "missing operation"},
      {"unknown_op", "cpu.0 load 0x10", "unknown operation 'load'"},
      {"sync_on_port", "cpu.0 acquire", "takes a side"},
      {"mem_on_side", "gpu ld 0x10", "needs a port"},
      {"sync_extra", "gpu release now", "unexpected 'now'"},
      {"missing_addr", "cpu.1 st", "missing address"},
      {"bad_addr", "cpu.1 ld 0x12g4", "bad address"},
      {"bad_addr_neg", "cpu.1 ld -4", "bad address"},
      {"bad_addr_hex_empty", "cpu.1 ld 0x", "bad address"},
      {"unaligned", "cpu.1 ld 0x1002", "not 4-byte aligned"},
      {"addr_mmio", "cpu.1 st 0x40000000 1", "out of range"},
      {"addr_huge", "cpu.1 st 0x100000000 1", "out of range"},
      {"bad_data", "cpu.1 st 0x10 zz", "bad data"},
      {"data_too_big", "cpu.1 st 0x10 0x100000000", "does not fit"},
      {"ld_with_data", "cpu.1 ld 0x10 5", "after ld address"},
      {"st_extra", "cpu.1 st 0x10 5 6", "after store data"},
      {"uppercase_kw", "CPU acquire", "expected 'cpu'"},
      {"reg_on_port", "cpu.0 wr 0x40000000 1", "takes a side"},
      {"reg_missing_addr", "cpu rd", "missing register address"},
      {"reg_missing_data", "cpu wr 0x40000000", "missing write data"},
      {"reg_bad_addr", "gpu rd 0x4000000g", "bad register address"},
      {"reg_addr_huge", "gpu rd 0x100000000", "bad register address"},
      {"reg_bad_data", "gpu wr 0x40000000 x", "bad write data"},
      {"reg_two_resp", "cpu rd 0x40000000 okay slverr", "more than one expected response"},
      {"reg_bad_wstrb", "cpu wr 0x40000000 1 wstrb=0x10", "bad 'wstrb=0x10'"},
      {"reg_wstrb_on_rd", "cpu rd 0x40000000 wstrb=0x1", "unexpected 'wstrb=0x1'"},
      {"reg_value_on_wr", "cpu wr 0x40000000 1 == 1", "unexpected '=='"},
      {"reg_eq_no_value", "cpu rd 0x40000000 ==", "'==' needs a 32-bit value"},
      {"reg_poll_no_value", "cpu rd 0x40000000 poll", "'poll' needs"},
      {"reg_mask_no_value", "cpu rd 0x40000000 mask=0xf", "'mask=' needs"},
      {"reg_value_outside_mask", "cpu rd 0x40000000 mask=0xf == 0x10", "outside mask"},
      {"reg_slverr_value", "cpu rd 0x40000000 slverr == 0", "with 'slverr'"},
      {"reg_unknown_opt", "cpu rd 0x40000000 maybe", "unexpected 'maybe'"},
      {"reg_too_many", "cpu rd 0x40000000 okay == 1 poll mask=1 x y z w", "too many words"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char text[256];
    snprintf(text, sizeof text, "cpu acquire\n# ok\n%s\ncpu release\n", cases[i].line);
    tr_prog_t *p = tr_prog_new();
    tr_err_t e = {0};
    unsigned nerr = tr_parse_text("bad.trace", text, p, NULL, &e);
    char name[64];
    snprintf(name, sizeof name, "reject_%s", cases[i].name);
    int ok = nerr == 1 && e.line == 3 && strncmp(e.msg, "bad.trace:3: error: ", 20) == 0 &&
             strstr(e.msg, cases[i].expect) != NULL;
    result(t, name, ok, "nerr=%u line=%u msg='%s' (want '%s')", nerr, e.line, e.msg,
           cases[i].expect);
    tr_prog_free(p);
  }
  /* several bad lines: all counted, the first reported */
  tr_prog_t *p = tr_prog_new();
  tr_err_t e = {0};
  unsigned nerr = tr_parse_text("multi.trace", "cpu acquire\ncpu.0 ld 1\n\ncpu.9 ld 4\n", p, NULL, &e);
  result(t, "reject_multiple_first_line", nerr == 2 && e.line == 2, "nerr=%u line=%u", nerr, e.line);
  tr_prog_free(p);
  /* missing file */
  p = tr_prog_new();
  nerr = tr_parse_file("/nonexistent/x.trace", p, NULL, &e);
  result(t, "reject_missing_file", nerr == 1 && e.line == 0 && strstr(e.msg, "cannot open"),
         "nerr=%u msg='%s'", nerr, e.msg);
  tr_prog_free(p);
}

/* ---- integer parser (common/parse_num.h) ---- */

static void test_parse_num(tctx_t *t) {
  static const struct {
    const char *s;
    uint64_t max;
    unsigned flags;
    int rc;
    uint64_t v;
  } cases[] = {
      {"0", 10, 0, RINV_PN_OK, 0},
      {"42", 100, 0, RINV_PN_OK, 42},
      {"+42", 100, 0, RINV_PN_OK, 42},
      {"0x1F", 100, 0, RINV_PN_OK, 31},
      {"0XaB", 1000, 0, RINV_PN_OK, 171},
      {"0o17", 100, 0, RINV_PN_OK, 15},
      {"0b101", 100, 0, RINV_PN_OK, 5},
      {"1_000", 1000, 0, RINV_PN_OK, 1000},
      {"0x4000_0000", UINT32_MAX, 0, RINV_PN_OK, 0x40000000u},
      {"0b1_0", 10, 0, RINV_PN_OK, 2},
      {"+0x10", 100, 0, RINV_PN_OK, 16},
      {"0x00ff", 255, 0, RINV_PN_OK, 255}, /* zeros after a prefix are fine */
      {"18446744073709551615", UINT64_MAX, 0, RINV_PN_OK, UINT64_MAX},
      {"0xffffffffffffffff", UINT64_MAX, 0, RINV_PN_OK, UINT64_MAX},
      {"4294967295", UINT32_MAX, 0, RINV_PN_OK, UINT32_MAX},
      {"1000", 1000, 0, RINV_PN_OK, 1000},           /* max itself */
      {"010", 100, RINV_PN_ZEROS, RINV_PN_OK, 10},   /* the trace grammar: decimal */
      {"00", 100, RINV_PN_ZEROS, RINV_PN_OK, 0},
      {"", 10, 0, RINV_PN_EMPTY, 0},
      {"+", 10, 0, RINV_PN_EMPTY, 0},
      {"0x", 10, 0, RINV_PN_EMPTY, 0},
      {"0b", 10, 0, RINV_PN_EMPTY, 0},
      {"-1", 10, 0, RINV_PN_NEGATIVE, 0},
      {"-0", 10, 0, RINV_PN_NEGATIVE, 0},
      {"010", 100, 0, RINV_PN_LEADING_ZERO, 0},
      {"00", 100, 0, RINV_PN_LEADING_ZERO, 0},
      {"0_1", 100, 0, RINV_PN_LEADING_ZERO, 0},
      {"_1", 100, 0, RINV_PN_UNDERSCORE, 0},
      {"1_", 100, 0, RINV_PN_UNDERSCORE, 0},
      {"1__0", 100, 0, RINV_PN_UNDERSCORE, 0},
      {"0x_1", 100, 0, RINV_PN_UNDERSCORE, 0},
      {"1k", 10000, 0, RINV_PN_BAD_CHAR, 0},
      {" 1", 10, 0, RINV_PN_BAD_CHAR, 0},
      {"1 ", 10, 0, RINV_PN_BAD_CHAR, 0},
      {"1.5", 10, 0, RINV_PN_BAD_CHAR, 0},
      {"0x1g", 100, 0, RINV_PN_BAD_CHAR, 0},
      {"0o8", 100, 0, RINV_PN_BAD_CHAR, 0},
      {"0b2", 100, 0, RINV_PN_BAD_CHAR, 0},
      {"0B1", 100, 0, RINV_PN_BAD_CHAR, 0},
      {"++1", 100, 0, RINV_PN_BAD_CHAR, 0},
      {"abc", 100, 0, RINV_PN_BAD_CHAR, 0},
      {"1001", 1000, 0, RINV_PN_RANGE, 0},  /* max + 1 */
      {"4294967296", UINT32_MAX, 0, RINV_PN_RANGE, 0},
      {"0x100000000", UINT32_MAX, 0, RINV_PN_RANGE, 0},
      {"18446744073709551616", UINT64_MAX, 0, RINV_PN_RANGE, 0},
      {"0x1_0000_0000_0000_0000", UINT64_MAX, 0, RINV_PN_RANGE, 0},
      {"99999999999999999999999", UINT64_MAX, 0, RINV_PN_RANGE, 0},
      {"1", 0, 0, RINV_PN_RANGE, 0},
      {"99999999999999999999x", UINT64_MAX, 0, RINV_PN_BAD_CHAR, 0}, /* syntax wins */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    uint64_t v = 7;
    int rc = rinv_parse_u64_span(cases[i].s, strlen(cases[i].s), cases[i].max, cases[i].flags,
                                 &v);
    int ok = rc == cases[i].rc && v == (rc == RINV_PN_OK ? cases[i].v : 7u);
    char name[64];
    snprintf(name, sizeof name, "parse_num_%s_'%s'", rc == RINV_PN_OK ? "ok" : "reject",
             cases[i].s);
    result(t, name, ok, "rc=%d (%s) v=%llu, want rc=%d v=%llu", rc, rinv_parse_why(rc),
           (unsigned long long)v, cases[i].rc, (unsigned long long)cases[i].v);
  }
  /* the span form stops at n; rinv_parse_u64 is the strict NUL-terminated form */
  uint64_t v = 0;
  int rc = rinv_parse_u64_span("12x", 2, 100, 0, &v);
  int rc2 = rinv_parse_u64("010", 100, &v);
  result(t, "parse_num_span_and_strict", rc == RINV_PN_OK && v == 12 &&
         rc2 == RINV_PN_LEADING_ZERO, "rc=%d v=%llu rc2=%d", rc, (unsigned long long)v, rc2);
  int named = 1;
  for (int r = RINV_PN_OK; r <= RINV_PN_RANGE; r++) {
    named &= strcmp(rinv_parse_why(r), "unknown reason") != 0;
  }
  result(t, "parse_num_every_reason_named", named, "a code without a name");
}

/* ---- register records ---- */

static void test_parse_reg(tctx_t *t) {
  const char *text =
      "cpu wr 0x40000000 1\n"
      "gpu wr 0x40000000 2 slverr wstrb=0x1\n"
      "cpu rd 0x40002000 okay mask=0x300 == 0x100 poll  # comment\n"
      "gpu rd 0x40007000 slverr\n"
      "gpu rd 0x40004000 any\n"
      "cpu wr 0x40000002 0xffffffff any\n"
      "cpu rd 0x40000000 == 0\n";
  tr_prog_t *p = tr_prog_new();
  tr_err_t e = {0};
  unsigned nerr = tr_parse_text("reg.trace", text, p, NULL, &e);
  const tr_op_t *o = p->ops;
  int ok = nerr == 0 && p->n == 7;
  ok = ok && o[0].kind == TR_REGWR && o[0].side == 0 && o[0].addr == 0x40000000u && o[0].data == 1 &&
       o[0].wstrb == 0xf && o[0].flags == 0 && o[0].line == 1;
  ok = ok && o[1].kind == TR_REGWR && o[1].side == 1 && o[1].data == 2 && o[1].wstrb == 0x1 &&
       o[1].flags == TR_F_SLVERR;
  ok = ok && o[2].kind == TR_REGRD && o[2].mask == 0x300 && o[2].data == 0x100 &&
       o[2].flags == (TR_F_VALUE | TR_F_POLL);
  ok = ok && o[3].kind == TR_REGRD && o[3].flags == TR_F_SLVERR && o[3].side == 1;
  ok = ok && o[4].flags == TR_F_ANY;
  ok = ok && o[5].addr == 0x40000002u && o[5].data == 0xffffffffu && o[5].flags == TR_F_ANY;
  ok = ok && o[6].flags == TR_F_VALUE && o[6].mask == 0xffffffffu && o[6].data == 0;
  ok = ok && tr_is_sync(TR_REGWR) && tr_is_reg(TR_REGRD) && !tr_is_reg(TR_ACQUIRE);
  result(t, "parse_reg_records", ok, "nerr=%u n=%zu first='%s'", nerr, p->n, e.msg);
  /* writer round trip of register records */
  char path[] = "/tmp/test_tb_regXXXXXX";
  int fd = mkstemp(path);
  FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
  int wr = f ? tr_write(f, p, "reg round trip") : -1;
  if (f) fclose(f);
  tr_prog_t *b = tr_prog_new();
  nerr = tr_parse_file(path, b, NULL, &e);
  ok = wr == 0 && nerr == 0 && b->n == p->n;
  for (size_t i = 0; ok && i < p->n; i++) {
    const tr_op_t *x = &p->ops[i], *y = &b->ops[i];
    ok = x->kind == y->kind && x->side == y->side && x->addr == y->addr && x->data == y->data &&
         x->wstrb == y->wstrb && x->mask == y->mask && x->flags == y->flags;
  }
  result(t, "roundtrip_reg_records", ok, "write=%d nerr=%u(%s) n=%zu/%zu", wr, nerr, e.msg, p->n,
         b->n);
  remove(path);
  tr_prog_free(b);
  tr_prog_free(p);
}

/* ---- random programs: reproducible from the seed, well-formed, round trip ---- */

static void test_randgen(tctx_t *t) {
  const rinv_cfg_t *cfg = rinv_cfg_by_name("fpga");
  tr_prog_t *a = tr_prog_new(), *b = tr_prog_new(), *c = tr_prog_new();
  int rc = rg_generate(a, 7, 3000, cfg) | rg_generate(b, 7, 3000, cfg) | rg_generate(c, 8, 3000, cfg);
  int same = a->n == b->n, differ = a->n != c->n;
  for (size_t i = 0; i < a->n && (same || !differ); i++) {
    const tr_op_t *x = &a->ops[i];
    if (same) {
      const tr_op_t *y = &b->ops[i];
      same = x->kind == y->kind && x->side == y->side && x->port == y->port &&
             x->addr == y->addr && x->data == y->data && x->flags == y->flags;
    }
    if (!differ && i < c->n) {
      const tr_op_t *z = &c->ops[i];
      differ = x->kind != z->kind || x->addr != z->addr || x->data != z->data;
    }
  }
  size_t mem = 0, st = 0, regs = 0, acq[2] = {0, 0}, rel[2] = {0, 0};
  unsigned ports = 0;
  for (size_t i = 0; i < a->n; i++) {
    const tr_op_t *o = &a->ops[i];
    if (o->kind == TR_LD || o->kind == TR_ST) {
      mem++;
      st += o->kind == TR_ST;
      ports |= 1u << o->port;
    } else if (tr_is_reg(o->kind)) {
      regs++;
    } else if (o->kind == TR_ACQUIRE) {
      acq[o->side]++;
    } else {
      rel[o->side]++;
    }
  }
  int ok = rc == 0 && same && differ && mem >= 3000 && st > 0 && st < mem && regs > 0 &&
           ports == 0x3f && acq[0] == rel[0] && acq[1] == rel[1] && acq[0] && acq[1];
  result(t, "randgen_reproducible", ok,
         "rc=%d same=%d differ=%d mem=%zu st=%zu regs=%zu ports=0x%x acq=%zu/%zu rel=%zu/%zu", rc,
         same, differ, mem, st, regs, ports, acq[0], acq[1], rel[0], rel[1]);
  char path[] = "/tmp/test_tb_rgXXXXXX";
  int fd = mkstemp(path);
  FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
  int wr = f ? tr_write(f, a, "random round trip") : -1;
  if (f) fclose(f);
  tr_prog_t *d = tr_prog_new();
  tr_err_t e = {0};
  unsigned nerr = tr_parse_file(path, d, NULL, &e);
  ok = wr == 0 && nerr == 0 && d->n == a->n;
  for (size_t i = 0; ok && i < a->n; i++) {
    const tr_op_t *x = &a->ops[i], *y = &d->ops[i];
    ok = x->kind == y->kind && x->side == y->side && x->addr == y->addr && x->data == y->data &&
         (x->kind == TR_LD || x->kind == TR_ST ? x->port == y->port : 1);
  }
  result(t, "randgen_roundtrip", ok, "write=%d nerr=%u (%s)", wr, nerr, e.msg);
  remove(path);
  tr_prog_free(a);
  tr_prog_free(b);
  tr_prog_free(c);
  tr_prog_free(d);
}

/* ---- round trip: generators -> writer -> parser ---- */

static int same_prog(const tr_prog_t *a, const tr_prog_t *b, size_t *where) {
  if (a->n != b->n) {
    *where = (size_t)-1;
    return 0;
  }
  for (size_t i = 0; i < a->n; i++) {
    const tr_op_t *x = &a->ops[i], *y = &b->ops[i];
    int eq = x->kind == y->kind && x->side == y->side;
    if (x->kind == TR_LD || x->kind == TR_ST) eq = eq && x->port == y->port && x->addr == y->addr;
    if (x->kind == TR_ST) eq = eq && x->data == y->data && x->wstrb == y->wstrb;
    if (!eq) {
      *where = i;
      return 0;
    }
  }
  return 1;
}

static void test_roundtrip(tctx_t *t) {
  static const struct {
    const char *wl;
    uint32_t n;
  } cases[] = {{"square", 300}, {"matrixtranspose", 16}, {"2dshfl", 10}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char name[64];
    snprintf(name, sizeof name, "roundtrip_%s", cases[i].wl);
    tr_prog_t *a = tr_prog_new(), *b = tr_prog_new();
    wl_layout_t lay = wl_layout_default();
    char err[128] = "";
    int rc = wl_generate(cases[i].wl, cases[i].n, &lay, a, err, sizeof err);
    char path[] = "/tmp/test_tb_rtXXXXXX";
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    int wr = f ? tr_write(f, a, "round trip") : -1;
    if (f) fclose(f);
    tr_err_t e = {0};
    unsigned nerr = tr_parse_file(path, b, NULL, &e);
    size_t where = 0;
    int ok = rc == 0 && wr == 0 && nerr == 0 && same_prog(a, b, &where);
    result(t, name, ok, "gen=%d(%s) write=%d nerr=%u(%s) n=%zu/%zu diff at %zu", rc, err, wr,
           nerr, e.msg, a->n, b->n, where);
    remove(path);
    tr_prog_free(a);
    tr_prog_free(b);
  }
}

/* ---- workload shapes ---- */

static void test_workloads(tctx_t *t) {
  wl_layout_t lay = wl_layout_default();
  lay.prog = WL_PROG_V1; /* the first-round programs (tests/tb/test_upstream.c: +prog=upstream) */
  char err[128];
  tr_prog_t *p = tr_prog_new();
  int rc = wl_generate("square", 1000, &lay, p, err, sizeof err);
  size_t st_cpu = 0, ld_gpu = 0, st_gpu = 0, ld_cpu = 0, syncs = 0, bad_data = 0;
  unsigned cu_used = 0;
  for (size_t i = 0; i < p->n; i++) {
    const tr_op_t *o = &p->ops[i];
    if (o->kind == TR_ACQUIRE || o->kind == TR_RELEASE) syncs++;
    else if (o->side == 0 && o->kind == TR_ST) st_cpu++;
    else if (o->side == 0) ld_cpu++;
    else if (o->kind == TR_LD) ld_gpu++;
    else {
      st_gpu++;
      cu_used |= 1u << (o->port - 2);
      uint32_t idx = (o->addr - 0x10001000u) / 4u; /* C follows A (4000 B) at the next page */
      float a = (float)idx, c = a * a;
      uint32_t bits;
      memcpy(&bits, &c, 4);
      if (bits != o->data) bad_data++;
    }
  }
  /* N=1000: 4 workgroups of 256 threads -> CUs 0..3 */
  result(t, "square_shape",
         rc == 0 && syncs == 6 && st_cpu == 1000 && ld_cpu == 1000 && ld_gpu == 1000 &&
             st_gpu == 1000 && bad_data == 0 && cu_used == 0xfu,
         "rc=%d syncs=%zu st_cpu=%zu ld_cpu=%zu ld_gpu=%zu st_gpu=%zu bad=%zu cu=0x%x", rc, syncs,
         st_cpu, ld_cpu, ld_gpu, st_gpu, bad_data, cu_used);
  tr_prog_free(p);

  p = tr_prog_new();
  rc = wl_generate("matrixtranspose", 8, &lay, p, err, sizeof err);
  /* in at 0x10000000 (256 B), out at 0x10001000; GPU store to out[y*8+x] = in[x*8+y] */
  size_t bad = 0, nst = 0;
  for (size_t i = 0; i < p->n; i++) {
    const tr_op_t *o = &p->ops[i];
    if (o->side != 1 || o->kind != TR_ST) continue;
    nst++;
    uint32_t k = (o->addr - 0x10001000u) / 4u, x = k % 8u, y = k / 8u;
    float v = (float)(x * 8u + y);
    uint32_t bits;
    memcpy(&bits, &v, 4);
    if (bits != o->data) bad++;
  }
  result(t, "matrixtranspose_values", rc == 0 && nst == 64 && bad == 0, "rc=%d nst=%zu bad=%zu",
         rc, nst, bad);
  tr_prog_free(p);

  p = tr_prog_new();
  rc = wl_generate("nosuch", 8, &lay, p, err, sizeof err);
  result(t, "workload_unknown", rc == -1, "rc=%d", rc);
  rc = wl_generate("square", 0, &lay, p, err, sizeof err);
  result(t, "workload_bad_n", rc == -2, "rc=%d", rc);
  tr_prog_free(p);
}

/* ---- reference memory ---- */

typedef struct lost_log {
  unsigned n;
  char kind[16];
  uint32_t line;
  uint64_t mask;
} lost_log_t;

static void lost_cb(void *ctx, const char *kind, unsigned side, uint32_t line, uint64_t mask,
                    unsigned release) {
  lost_log_t *l = ctx;
  (void)side;
  (void)release;
  l->n++;
  snprintf(l->kind, sizeof l->kind, "%s", kind);
  l->line = line;
  l->mask = mask;
}

/* tb/e2e.h: the end-to-end write-back check, driven by hand. CPU releases (src 0); the GPU
 * (side 1) holds an unsynchronised dirty byte of line 0x100 that the probe must write back. */
static void test_e2e(tctx_t *t) {
  const uint32_t data[16] = {0x000000abu};
  for (int variant = 0; variant < 5; variant++) {
    refmem_t *r = refmem_new();
    e2e_t *e = e2e_new(r, -1);
    lost_log_t lg = {0};
    refmem_store(r, 0x100u << 6, 0xabu, 0x1u, 1, 1, variant == 3 ? 20 : 5); /* GPU, tainted */
    refmem_store(r, 0x200u << 6, 0x77u, 0x1u, 0, 0, 6);                      /* CPU epoch */
    uint32_t w200[16] = {0x77u};
    refmem_writeback(r, 0x200, w200, variant == 4 ? 0 : 1); /* the release write-back */
    e2e_inv_start(e, 0, 10, 1);
    e2e_probe(e, 1, 0x100, variant == 2 ? 0 : 4, 0); /* variant 2: the line is not probed */
    e2e_cc_write(e, 1, 0x100);
    e2e_ack(e, 1);
    uint32_t ep[1] = {0x200};
    e2e_inv_done(e, ep, 1);
    uint64_t early = e2e_step(e, lost_cb, &lg); /* a write-back is still in flight */
    e2e_mem_write(e, 0x100);
    if (variant != 1) refmem_writeback(r, 0x100, data, 1); /* variant 1: the write is lost */
    uint64_t lost = e2e_step(e, lost_cb, &lg);
    static const char *const names[] = {"e2e_writeback_ok", "e2e_lost_invalidation_wb",
                                        "e2e_unprobed_line_exempt", "e2e_store_after_start_exempt",
                                        "e2e_lost_release_wb"};
    int ok = early == 0;
    switch (variant) {
      case 1: ok = ok && lost == 1 && lg.n == 1 && strcmp(lg.kind, "invalidation") == 0 &&
                   lg.line == 0x100 && lg.mask == 1; break;
      case 4: ok = ok && lost == 1 && lg.n == 1 && strcmp(lg.kind, "release") == 0 &&
                   lg.line == 0x200; break;
      default: ok = ok && lost == 0 && lg.n == 0; break;
    }
    result(t, names[variant], ok, "early=%llu lost=%llu n=%u kind=%s line=0x%x", 
           (unsigned long long)early, (unsigned long long)lost, lg.n, lg.kind, lg.line);
    e2e_free(e);
    refmem_free(r);
  }
  /* injection: the first write-back during an address walk is dropped */
  refmem_t *r = refmem_new();
  e2e_t *e = e2e_new(r, 0);
  e2e_probe(e, 1, 0x100, 4, 1); /* a set walk: not this injection's */
  e2e_cc_write(e, 1, 0x100);
  int d1 = e2e_mem_write(e, 0x100);
  e2e_ack(e, 1);
  e2e_probe(e, 1, 0x100, 4, 0);
  e2e_cc_write(e, 1, 0x101);
  int d2 = e2e_mem_write(e, 0x101);
  e2e_cc_write(e, 1, 0x102);
  int d3 = e2e_mem_write(e, 0x102);
  result(t, "e2e_inject_drop_once", !d1 && d2 && !d3 && e2e_injected(e), "d=%d%d%d", d1, d2, d3);
  e2e_free(e);
  refmem_free(r);
}

static void test_refmem(tctx_t *t) {
  refmem_t *r = refmem_new();
  int tainted = -1;
  uint32_t v = refmem_load(r, 0x1234, &tainted);
  result(t, "refmem_unwritten_zero", v == 0 && tainted == 0, "v=0x%x tainted=%d", v, tainted);
  refmem_store(r, 0x1000, 0x11223344u, 0xfu, 0, 0, 0);
  v = refmem_load(r, 0x1000, &tainted);
  result(t, "refmem_word", v == 0x11223344u && !tainted, "v=0x%x", v);
  refmem_store(r, 0x1002, 0xaabbccddu, 0x6u, 0, 0, 0); /* bytes 1,2 of the word at 0x1000 */
  v = refmem_load(r, 0x1001, NULL);
  result(t, "refmem_strobe", v == 0x11bbcc44u, "v=0x%x", v);
  refmem_store(r, 0x1004, 0x55u, 0x1u, 1, 0, 0);
  v = refmem_load(r, 0x1004, &tainted);
  int t2;
  refmem_load(r, 0x1000, &t2);
  result(t, "refmem_taint", v == 0x55u && tainted == 1 && t2 == 0, "v=0x%x t=%d t2=%d", v, tainted, t2);
  refmem_store(r, 0x1004, 0x66u, 0x1u, 0, 0, 0);
  refmem_load(r, 0x1004, &tainted);
  result(t, "refmem_taint_sticky", tainted == 1, "tainted=%d", tainted);
  /* many lines (map growth) */
  int ok = 1;
  for (uint32_t i = 0; i < 100000; i++) refmem_store(r, 0x2000000u + 64u * i, i * 7u, 0xfu, 0, 0, 0);
  for (uint32_t i = 0; i < 100000 && ok; i++) ok = refmem_load(r, 0x2000000u + 64u * i, NULL) == i * 7u;
  v = refmem_load(r, 0x1000, NULL);
  result(t, "refmem_many_lines", ok && v == 0x11bbcc44u, "ok=%d v=0x%x", ok, v);
  refmem_free(r);
}

/* ---- coroutines and the driver over a fake register file ---- */

typedef struct fake {
  coro_t *co;
  uint32_t owner, hist_en[2], status_polls;
  unsigned accesses, yields;
  int slverr_on_inv;
  char log[512];
} fake_t;

static void logf_(fake_t *f, const char *s) {
  size_t l = strlen(f->log);
  snprintf(f->log + l, sizeof f->log - l, "%s;", s);
}

static int fake_write(void *ctx, unsigned side, uint32_t addr, uint32_t data) {
  fake_t *f = ctx;
  f->accesses++;
  if (f->co) {
    f->yields++;
    coro_yield(f->co); /* one "bus cycle" */
  }
  char b[64];
  snprintf(b, sizeof b, "W%u:%x=%x", side, addr, data);
  logf_(f, b);
  if (addr == RINV_REG_LOCK) {
    if (data == 0) {
      if (f->owner != side + 1) return RINV_E_SLVERR;
      f->owner = 0;
    } else if (f->owner == 0) {
      f->owner = data;
    }
    return 0;
  }
  if (addr == RINV_REG_INV_START && f->slverr_on_inv) return RINV_E_SLVERR;
  if (addr == RINV_REG_HIST_EN(side)) f->hist_en[side] = data;
  return 0;
}

static int fake_read(void *ctx, unsigned side, uint32_t addr, uint32_t *data) {
  fake_t *f = ctx;
  (void)side;
  f->accesses++;
  if (f->co) {
    f->yields++;
    coro_yield(f->co);
  }
  if (addr == RINV_REG_LOCK) {
    *data = f->owner;
    /* someone else releases after a while */
    if (f->owner == 2 && f->accesses > 6) f->owner = 0;
  } else if (addr == RINV_REG_STATUS) {
    f->status_polls++;
    *data = f->status_polls % 3 ? (RINV_ST_INV_BUSY | RINV_ST_HIST_BUSY(0) | RINV_ST_HIST_BUSY(1)) : 0;
  } else {
    *data = 0;
  }
  return 0;
}

typedef struct job {
  rinv_mmio_t *m;
  int rc_acq, rc_rel;
} job_t;

static void job_fn(coro_t *co, void *arg) {
  (void)co;
  job_t *j = arg;
  j->rc_acq = rinv_acquire(j->m, 0);
  j->rc_rel = rinv_release(j->m, 0);
}

static void test_driver(tctx_t *t) {
  fake_t f;
  memset(&f, 0, sizeof f);
  f.owner = 2; /* GPU holds the lock first: acquire must spin */
  rinv_mmio_t m = {.ctx = &f, .write = fake_write, .read = fake_read, .max_polls = 0};
  job_t j = {.m = &m};
  f.co = coro_new(job_fn, &j, 0);
  unsigned resumes = 0;
  while (coro_resume(f.co)) resumes++;
  int ok = coro_finished(f.co) && j.rc_acq == 0 && j.rc_rel == 0 && f.owner == 0 &&
           f.hist_en[0] == 0 && resumes == f.yields;
  result(t, "driver_acquire_release_coroutine", ok,
         "acq=%d rel=%d owner=%u resumes=%u yields=%u", j.rc_acq, j.rc_rel, f.owner, resumes,
         f.yields);
  /* the sequence order of §7 */
  const char *seq = strstr(f.log, "W0:40008000=1;W0:40008000=0;W0:40006000=1;");
  const char *inv = strstr(f.log, "W0:40005000=1;");
  const char *unl = strstr(f.log, "W0:40000000=0;");
  result(t, "driver_sequence_order", seq && inv && unl && seq < inv && inv < unl, "log=%s", f.log);
  coro_free(f.co);

  memset(&f, 0, sizeof f);
  f.slverr_on_inv = 1;
  int rc = rinv_acquire(&m, 0);
  int rc2 = rinv_release(&m, 0);
  result(t, "driver_slverr_aborts", rc == 0 && rc2 == RINV_E_SLVERR && f.owner == 1,
         "rc=%d rc2=%d owner=%u", rc, rc2, f.owner);

  memset(&f, 0, sizeof f);
  f.owner = 1; /* held by the CPU forever: a GPU acquire times out with max_polls */
  m.max_polls = 5;
  rc = rinv_acquire(&m, 1);
  result(t, "driver_poll_timeout", rc == RINV_E_TIMEOUT, "rc=%d", rc);
}

int main(void) {
  tctx_t t = {0, 0};
  test_parse_good(&t);
  test_parse_bad(&t);
  test_parse_reg(&t);
  test_parse_num(&t);
  test_randgen(&t);
  test_roundtrip(&t);
  test_workloads(&t);
  test_refmem(&t);
  test_e2e(&t);
  test_driver(&t);
  test_pagetable(&t.pass, &t.fail);
  test_trace_more(&t.pass, &t.fail);
  test_xcu(&t.pass, &t.fail);
  test_ticks(&t.pass, &t.fail);
  test_upstream(&t.pass, &t.fail);
  printf("%u passed, %u failed\n", t.pass, t.fail);
  return t.fail ? 1 : 0;
}

/* Unit tests of the wavefront-instruction word "more" of GPU ld/st records (docs/TRACE.md):
 * parsed into TR_F_MORE, written back by tr_write, each refusal of the grammar with its line
 * and reason, the 64-record limit at its edge, the generators' tags, and the eager baseline's
 * write-through count per (instruction, line). Expected values are worked out from the
 * format's rules by hand. Called by test_tb.c's main; prints "PASS name" / "FAIL name: why". */
#include "test_trace_more.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eager.h"
#include "test_upstream.h" /* test_vresult */
#include "trace.h"
#include "workloads.h"

static void vres(unsigned *pass, unsigned *fail, const char *name, int ok, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  test_vresult(pass, fail, name, ok, fmt, ap);
  va_end(ap);
}

static void report(unsigned *pass, unsigned *fail, const char *name, int ok, const char *why) {
  vres(pass, fail, name, ok, "%s", why);
}

/* Parses text; 1 if it gives nerr errors, the first on line `line` containing `expect`. */
static int parse_expect(const char *text, unsigned nerr, unsigned line, const char *expect,
                        char *why, size_t nwhy) {
  tr_prog_t *p = tr_prog_new();
  tr_err_t e = {0};
  unsigned n = tr_parse_text("m.trace", text, p, NULL, &e);
  int ok = n == nerr && (nerr == 0 || (e.line == line && strstr(e.msg, expect) != NULL));
  snprintf(why, nwhy, "nerr=%u line=%u msg='%s' (want %u errors, line %u, '%s')", n, e.line,
           e.msg, nerr, line, expect ? expect : "");
  tr_prog_free(p);
  return ok;
}

static void test_refusals(unsigned *pass, unsigned *fail) {
  static const struct {
    const char *name, *text;
    unsigned line;
    const char *expect;
  } cases[] = {
      {"more_on_cpu", "cpu.0 ld 0x10 more\n", 1, "'more' is for gpu ports only"},
      {"more_kind_change", "gpu.0 st 0x100 1 more\ngpu.0 ld 0x104\n", 2,
       "inside the st instruction opened at line 1"},
      {"more_gpu_release_inside", "gpu.2 ld 0x100 more\ngpu release\ngpu.2 ld 0x104\n", 2,
       "gpu release inside the unfinished instruction of gpu.2 opened at line 1"},
      {"more_gpu_reg_inside", "gpu.1 ld 0x100 more\ngpu rd 0x40000000\ngpu.1 ld 0x104\n", 2,
       "gpu rd inside the unfinished instruction of gpu.1"},
      {"more_at_eof", "gpu.3 st 0x100 1 more\ngpu.0 ld 0x8\n", 1, "has no last record"},
      {"more_after_last_word", "gpu.0 st 0x100 more 5\n", 1, "bad data 'more'"},
      /* more words than the tokenizer keeps (found by make fuzz: no read past them) */
      {"more_too_many_words", "gpu.0 st 0x10 1 wstrb=0x1 a b c d e more\n", 1,
       "unexpected 'a' after store data"},
  };
  char why[400];
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char name[64];
    snprintf(name, sizeof name, "trace_%s", cases[i].name);
    int ok = parse_expect(cases[i].text, 1, cases[i].line, cases[i].expect, why, sizeof why);
    report(pass, fail, name, ok, why);
  }
  /* records of other ports and the CPU side's syncs may come between */
  int ok = parse_expect("gpu.0 ld 0x100 more\ncpu.0 st 0x8 1\ncpu release\ngpu.1 st 0x40 more\n"
                        "gpu.0 ld 0x104\ngpu.1 st 0x44\ngpu release\n", 0, 0, NULL, why,
                        sizeof why);
  report(pass, fail, "trace_more_interleaved_ok", ok, why);
}

/* n records of port gpu.0, all but the last with "more" */
static char *inst_text(unsigned n) {
  char *s = malloc((size_t)n * 32u + 1u);
  if (!s) abort();
  size_t k = 0;
  for (unsigned i = 0; i < n; i++) {
    k += (size_t)sprintf(s + k, "gpu.0 ld 0x%x%s\n", 0x100u + 4u * i, i + 1 < n ? " more" : "");
  }
  return s;
}

static void test_limit(unsigned *pass, unsigned *fail) {
  char why[400];
  char *t64 = inst_text(TR_INST_MAX), *t65 = inst_text(TR_INST_MAX + 1u);
  report(pass, fail, "trace_more_64_records_ok", parse_expect(t64, 0, 0, NULL, why, sizeof why),
         why);
  report(pass, fail, "trace_more_65_records_refused",
         parse_expect(t65, 1, 65, "opened at line 1 has more than 64 records", why, sizeof why),
         why);
  free(t64);
  free(t65);
}

static void test_flags_and_write(unsigned *pass, unsigned *fail) {
  const char *text = "gpu.0 st 0x100 1 more\ngpu.1 ld 0x200 more\n"
                     "gpu.0 st 0x104 2 wstrb=0x3 more\ngpu.1 ld 0x204\ngpu.0 st 0x108 3\n";
  tr_prog_t *p = tr_prog_new(), *q = tr_prog_new();
  unsigned n = tr_parse_text("m.trace", text, p, NULL, NULL);
  static const unsigned want[5] = {TR_F_MORE, TR_F_MORE, TR_F_MORE, 0, 0};
  int ok = n == 0 && p->n == 5 && p->ops[2].wstrb == 0x3;
  for (size_t i = 0; ok && i < 5; i++) ok = p->ops[i].flags == want[i];
  report(pass, fail, "trace_more_flags", ok, "flags differ from 'more' on records 1-3");
  /* tr_write and parse again: the same records and flags */
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  int w = f ? tr_write(f, p, NULL) : -1;
  if (f) fclose(f);
  n = (w == 0 && buf) ? tr_parse_text("w.trace", buf, q, NULL, NULL) : 1;
  ok = n == 0 && q->n == p->n;
  for (size_t i = 0; ok && i < p->n; i++) {
    ok = q->ops[i].flags == p->ops[i].flags && q->ops[i].addr == p->ops[i].addr &&
         q->ops[i].wstrb == p->ops[i].wstrb && q->ops[i].data == p->ops[i].data;
  }
  report(pass, fail, "trace_more_write_roundtrip", ok, buf ? buf : "no output");
  free(buf);
  tr_prog_free(p);
  tr_prog_free(q);
}

/* Eager write-throughs: one per (store instruction, line). */
static void test_eager_wt(unsigned *pass, unsigned *fail) {
  static const struct {
    const char *name, *text;
    uint64_t wt;
  } cases[] = {
      /* one instruction over lines 4, 4, 5: 2; the same stores as three instructions: 3 */
      {"one_inst", "gpu.0 st 0x100 1 more\ngpu.0 st 0x104 2 more\ngpu.0 st 0x140 3\n", 2},
      {"no_more", "gpu.0 st 0x100 1\ngpu.0 st 0x104 2\ngpu.0 st 0x140 3\n", 3},
      /* two instructions on the same line: 2; two ports interleaved, one line each: 2 */
      {"two_inst", "gpu.0 st 0x100 1 more\ngpu.0 st 0x104 2\ngpu.0 st 0x108 3\n", 2},
      {"two_ports", "gpu.0 st 0x100 1 more\ngpu.1 st 0x104 2 more\ngpu.0 st 0x108 3\n"
                    "gpu.1 st 0x10c 4\n", 2},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    tr_prog_t *p = tr_prog_new();
    unsigned n = tr_parse_text("e.trace", cases[i].text, p, NULL, NULL);
    eager_t *e = n == 0 ? eager_new(p, EAGER_V22) : NULL;
    uint64_t wt = e ? eager_counts(e).wt : 0;
    char name[64], why[96];
    snprintf(name, sizeof name, "eager_wt_%s", cases[i].name);
    snprintf(why, sizeof why, "nerr=%u wt=%llu want %llu", n, (unsigned long long)wt,
             (unsigned long long)cases[i].wt);
    report(pass, fail, name, n == 0 && wt == cases[i].wt, why);
    if (e) eager_free(e);
    tr_prog_free(p);
  }
}

void test_trace_more(unsigned *pass, unsigned *fail) {
  test_refusals(pass, fail);
  test_limit(pass, fail);
  test_flags_and_write(pass, fail);
  test_eager_wt(pass, fail);
}

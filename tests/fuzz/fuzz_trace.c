/* Fuzz target for the trace parser/writer and for model stepping (make fuzz).
 *
 * LLVMFuzzerTestOneInput() is a libFuzzer entry point (build with clang -fsanitize=fuzzer
 * and -DFUZZ_NO_MAIN to use libFuzzer). Without libFuzzer, the main() below is a small
 * mutational fuzzer: it loads the seed traces given on the command line, mutates them with
 * byte edits and trace tokens for a bounded time, and calls the target; gcc's AddressSanitizer
 * and UBSan (make fuzz) turn memory errors into crashes. Every input is first written to
 * CUR (argv[2]) so a crash leaves its input behind.
 *
 * make fuzz (tests/fuzz/run_fuzz.sh) picks libFuzzer when a clang that links -fsanitize=fuzzer
 * is found (tests/fuzz/find_libfuzzer.sh), this driver otherwise. Either binary given one file
 * runs that input once (reproduction): fuzz_trace FILE, fuzz_trace_lf FILE.
 *
 * Oracles: the parser never crashes; a trace that parses is written back by tr_write and
 * parses again to the same program (round trip); a parsed program of at most 300 records runs
 * on the C model (fpga configuration, random stalls, reorder, at most 20000 cycles) through the
 * harness without crashing (no sanitizer report, no abort). */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"
#include "rinv_model.h"
#include "trace.h"

typedef struct fuzz_ctx {
  const char *cur; /* file the current input is written to */
} fuzz_ctx_t;

static int same_op(const tr_op_t *x, const tr_op_t *y) {
  int eq = x->kind == y->kind && x->side == y->side;
  if (x->kind == TR_LD || x->kind == TR_ST) {
    eq = eq && x->port == y->port && x->addr == y->addr && x->flags == y->flags; /* "more" */
  }
  if (x->kind == TR_ST) eq = eq && x->data == y->data && x->wstrb == y->wstrb;
  if (tr_is_reg(x->kind)) {
    eq = eq && x->addr == y->addr && x->data == y->data && x->flags == y->flags &&
         x->wstrb == y->wstrb && (!(x->flags & TR_F_VALUE) || x->mask == y->mask);
  }
  return eq;
}

/* Runs the program in file `path` on the model through the harness; returns its exit code. */
static int run_model(const char *path, uint64_t seed) {
  char a_wl[HARNESS_PATH_MAX + 16], a_seed[40];
  snprintf(a_wl, sizeof a_wl, "+workload=%s", path);
  snprintf(a_seed, sizeof a_seed, "+seed=%llu", (unsigned long long)seed);
  char *argv[] = {"fuzz", a_wl, "+config=fpga", "+stall=20", a_seed, "+max_cycles=20000",
                  "+quiet", "+reorder=1", NULL};
  int argc = 8;
  harness_opts_t o;
  if (harness_parse_args(argc, argv, &o, stderr) != 0) abort();
  harness_t *h = harness_new(&o, argc, argv);
  if (!h) return 2;
  return harness_run_standalone(h);
}

#ifdef FUZZ_PLANT
/* A planted bug, only in the FUZZ_PLANT build of tests/cases_fuzz.sh (never in make fuzz): a
 * trace that parses and holds a tab (no seed has one) aborts; it shows that each engine finds,
 * reports and reproduces a crash. */
static void planted(const tr_prog_t *p, const char *text) {
  if (p->n > 0 && strchr(text, '\t')) {
    fprintf(stderr, "planted crash (FUZZ_PLANT): a parsed trace with a tab\n");
    abort();
  }
}
#endif

static int fuzz_one(fuzz_ctx_t *fc, const uint8_t *data, size_t size) {
  char *text = malloc(size + 1);
  if (!text) return 0;
  memcpy(text, data, size);
  text[size] = '\0';
  tr_prog_t *p = tr_prog_new();
  tr_err_t e;
  unsigned nerr = tr_parse_text("fuzz", text, p, NULL, &e);
  if (nerr == 0) {
#ifdef FUZZ_PLANT
    planted(p, text);
#endif
    /* round trip */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f || tr_write(f, p, "fuzz round trip") != 0) abort();
    fclose(f);
    tr_prog_t *q = tr_prog_new();
    unsigned n2 = tr_parse_text("fuzz-rt", buf, q, NULL, &e);
    if (n2 != 0 || q->n != p->n) {
      fprintf(stderr, "round trip failed: %u errors (%s), %zu vs %zu records\n", n2, e.msg, q->n,
              p->n);
      abort();
    }
    for (size_t i = 0; i < p->n; i++) {
      if (!same_op(&p->ops[i], &q->ops[i])) {
        fprintf(stderr, "round trip changed record %zu\n", i);
        abort();
      }
    }
    free(buf);
    tr_prog_free(q);
    if (p->n > 0 && p->n <= 300 && fc->cur) {
      /* the model runs it (the file written by the caller holds exactly this input) */
      FILE *out = fopen(fc->cur, "w");
      if (out) {
        fwrite(text, 1, strlen(text), out);
        fclose(out);
        (void)run_model(fc->cur, size);
      }
    }
  }
  tr_prog_free(p);
  free(text);
  return 0;
}

#ifdef FUZZ_NO_MAIN
/* libFuzzer: the model reads its program from a file, FUZZ_CUR (run_fuzz.sh sets it to
 * $(BUILD)/fuzz/cur_lf.trace) or /tmp/fuzz_trace_cur_PID.trace; stdout (model output) is
 * discarded, libFuzzer reports on stderr. */
static char g_cur[HARNESS_PATH_MAX];

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  const char *env = getenv("FUZZ_CUR");
  if (env && *env) {
    snprintf(g_cur, sizeof g_cur, "%s", env);
  } else {
    snprintf(g_cur, sizeof g_cur, "/tmp/fuzz_trace_cur_%ld.trace", (long)getpid());
  }
  if (!freopen("/dev/null", "w", stdout)) abort();
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_ctx_t fc = {.cur = g_cur};
  return fuzz_one(&fc, data, size);
}
#else

static uint64_t rnd(uint64_t *s) {
  *s ^= *s >> 12;
  *s ^= *s << 25;
  *s ^= *s >> 27;
  return *s * 0x2545F4914F6CDD1Dull;
}

static const char *const k_tokens[] = {
    "cpu", "gpu", "cpu.0", "cpu.1", "gpu.0", "gpu.3", "gpu.4", "ld", "st", "wr", "rd",
    "acquire", "release", "okay", "slverr", "any", "==", "poll", "mask=0xff", "wstrb=0x1",
    "0x40000000", "0x40002000", "0x40005000", "0x40006000", "0x40008000", "0x40010000",
    "0x10000000", "0x3ffffffc", "0xffffffff", "0x100000000", "1", "2", "0", "#", "\n", " ",
    "\t", "\r", "0x", "cpu release\n", "gpu acquire\n", "cpu acquire\n", "gpu release\n",
    " more", "gpu.1 st 0x100 1 more\n"};

/* fuzz_trace FILE: runs the one input FILE (a crash input left by make fuzz) once. */
static int reproduce(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "cannot open %s\n", path);
    return 2;
  }
  size_t cap = 1 << 20;
  uint8_t *buf = malloc(cap);
  if (!buf) return 2;
  size_t len = fread(buf, 1, cap, f);
  fclose(f);
  char cur[HARNESS_PATH_MAX];
  snprintf(cur, sizeof cur, "/tmp/fuzz_trace_repro_%ld.trace", (long)getpid());
  fuzz_ctx_t fc = {.cur = cur};
  if (!freopen("/dev/null", "w", stdout)) return 2;
  fuzz_one(&fc, buf, len);
  remove(cur);
  free(buf);
  fprintf(stderr, "fuzz_trace: %s: %zu bytes, no crash, no failed oracle\n", path, len);
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 2) return reproduce(argv[1]);
  if (argc < 4) {
    fprintf(stderr, "usage: fuzz_trace SECONDS CUR_FILE SEED_TRACE... | fuzz_trace FILE\n");
    return 2;
  }
  double secs = atof(argv[1]);
  fuzz_ctx_t fc = {.cur = argv[2]};
  size_t nseeds = (size_t)(argc - 3);
  char **seeds = calloc(nseeds, sizeof *seeds);
  size_t *slen = calloc(nseeds, sizeof *slen);
  if (!seeds || !slen) return 2;
  for (size_t i = 0; i < nseeds; i++) {
    FILE *f = fopen(argv[3 + i], "rb");
    if (!f) {
      fprintf(stderr, "cannot open %s\n", argv[3 + i]);
      return 2;
    }
    seeds[i] = malloc(1 << 16);
    slen[i] = fread(seeds[i], 1, (1 << 16) - 1, f);
    fclose(f);
  }
  /* the model runs print to stdout: keep it quiet */
  if (!freopen("/dev/null", "w", stdout)) return 2;
  uint64_t s = 0x853c49e6748fea9bull;
  size_t cap = 1 << 17;
  uint8_t *buf = malloc(cap);
  if (!buf) return 2;
  struct timespec t0, t;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  unsigned long long execs = 0;
  for (;;) {
    clock_gettime(CLOCK_MONOTONIC, &t);
    double el = (double)(t.tv_sec - t0.tv_sec) + 1e-9 * (double)(t.tv_nsec - t0.tv_nsec);
    if (el >= secs) break;
    size_t k = (size_t)(rnd(&s) % nseeds);
    size_t len = slen[k] < cap ? slen[k] : cap;
    memcpy(buf, seeds[k], len);
    unsigned nmut = 1 + (unsigned)(rnd(&s) % 8);
    for (unsigned m = 0; m < nmut; m++) {
      size_t pos = len ? (size_t)(rnd(&s) % (len + 1)) : 0;
      switch (rnd(&s) % 5) {
        case 0: /* flip a byte */
          if (len) buf[pos % len] ^= (uint8_t)(1u << (rnd(&s) % 8));
          break;
        case 1: /* random byte */
          if (len) buf[pos % len] = (uint8_t)rnd(&s);
          break;
        case 2: { /* delete a span */
          size_t n = (size_t)(rnd(&s) % 16);
          if (pos + n > len) n = len - pos;
          memmove(buf + pos, buf + pos + n, len - pos - n);
          len -= n;
          break;
        }
        default: { /* insert a token */
          const char *tok = k_tokens[rnd(&s) % (sizeof k_tokens / sizeof k_tokens[0])];
          size_t n = strlen(tok);
          if (len + n >= cap) break;
          memmove(buf + pos + n, buf + pos, len - pos);
          memcpy(buf + pos, tok, n);
          len += n;
          break;
        }
      }
    }
    /* keep model runs short: only the first ~120 lines */
    size_t lines = 0, cut = len;
    for (size_t i = 0; i < len; i++) {
      if (buf[i] == '\n' && ++lines == 120) {
        cut = i + 1;
        break;
      }
    }
    len = cut;
    /* the input first goes to CUR, so a crash anywhere (parser, round trip, model) leaves it */
    FILE *cf = fopen(fc.cur, "wb");
    if (!cf || fwrite(buf, 1, len, cf) != len || fclose(cf) != 0) {
      fprintf(stderr, "fuzz_trace: cannot write %s\n", fc.cur);
      return 2;
    }
    fuzz_one(&fc, buf, len);
    execs++;
  }
  fprintf(stderr, "fuzz_trace: %llu inputs in %.0f s, no crash, no failed oracle\n", execs, secs);
  fprintf(stderr, "1 passed, 0 failed\n");
  for (size_t i = 0; i < nseeds; i++) free(seeds[i]);
  free(seeds);
  free(slen);
  free(buf);
  return 0;
}
#endif

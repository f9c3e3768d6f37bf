/* DPI-C glue between tb/tb_dir.sv (declarations: tb/tb_dpi.svh) and the C harness.
 * The harness handle travels as a chandle; this file has no global state. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "harness_params.h"
#include "tb_point.h"

/* svdpi.h lives in Verilator's include/vltstd; without it on the include path, use the
 * types it defines (IEEE 1800 Annex H: svBitVecVal = uint32_t, svBit = uint8_t). */
#if defined(__has_include)
#if __has_include("svdpi.h")
#include "svdpi.h"
#define TB_HAVE_SVDPI 1
#endif
#endif
#ifndef TB_HAVE_SVDPI
#include <stdint.h>
typedef uint32_t svBitVecVal;
typedef uint8_t svBit;
#endif

/* Reads this process's argv from /proc/self/cmdline (Verilator keeps the plusargs; the
 * harness needs the exact list to re-execute itself for a mismatch waveform). */
static char **read_cmdline(int *argc) {
  FILE *f = fopen("/proc/self/cmdline", "rb");
  if (!f) return NULL;
  size_t cap = 4096, len = 0, got;
  char *buf = malloc(cap + 1);
  while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
    len += got;
    if (len == cap) {
      cap *= 2;
      char *nb = realloc(buf, cap + 1);
      if (!nb) free(buf);
      buf = nb;
    }
  }
  fclose(f);
  if (!buf) return NULL;
  buf[len] = '\0';
  int n = 0;
  for (size_t i = 0; i < len; i++) n += buf[i] == '\0';
  char **argv = calloc((size_t)n + 2, sizeof(char *));
  if (!argv) {
    free(buf);
    return NULL;
  }
  int k = 0;
  for (size_t i = 0; i < len && k < n; i += strlen(buf + i) + 1) argv[k++] = buf + i;
  if (k == 0) argv[k++] = buf; /* empty cmdline: at least argv[0] */
  argv[k] = NULL;
  *argc = k;
  return argv;
}

/* The point of a binary built with make verilate PARAMS=FILE (point_key: the SystemVerilog
 * side's rinv_point_pkg::PointKey, "" in the binaries of the named configurations), or NULL;
 * exits if the C table linked in is not the same point. */
static const tb_point_t *built_point(const char *point_key, const char *binary) {
  if (!point_key || !point_key[0]) return NULL;
  if (&tb_point == NULL || strcmp(tb_point.key, point_key) != 0) {
    fprintf(stderr, "error: %s: the RTL is elaborated at point %s but the C table linked in is "
            "%s: rebuild it (make verilate PARAMS=FILE)\n", binary, point_key,
            &tb_point == NULL ? "missing" : tb_point.key);
    fflush(NULL);
    _exit(2);
  }
  return &tb_point;
}

void *tb_init(int built_cfg, const char *wave_bin, const char *other_bin,
              const char *point_key) {
  int argc = 0;
  char **argv = read_cmdline(&argc);
  if (!argv) {
    fprintf(stderr, "error: cannot read /proc/self/cmdline\n");
    exit(2);
  }
  harness_opts_t o;
  /* a binary built for one configuration (or one point) defaults +config to it (the waveform
   * re-run of the fast build runs the checked binary of the same one, which does the same) */
  const tb_point_t *pt = built_point(point_key, argv[0]);
  const rinv_cfg_t *built = pt ? &pt->cfg
                               : built_cfg >= 0 ? rinv_cfg_by_id((unsigned)built_cfg) : NULL;
  char what[HARNESS_PATH_MAX + 64] = "";
  if (pt) snprintf(what, sizeof what, "the point %s (over %s: %s)", pt->key, pt->base,
                   pt->values);
  int prc = harness_parse_args_cfg(argc, argv, built ? built : rinv_cfg_by_name("gem5"), &o,
                                   stderr);
  /* the configuration the run names (+config=, or the binary's own), before +params/+p. */
  const rinv_cfg_t *named = prc == 0 && o.params.base ? o.params.base : o.cfg;
  if (prc == 0 && built && named != built) {
    const char *other = other_bin && other_bin[0] ? other_bin : "another binary";
    const char *dot = other_bin && other_bin[0] && !strchr(other, '/') ? "./" : "";
    if (pt) {
      fprintf(stderr, "error: +config=%s: this binary (%s) holds only %s; the %s configuration "
              "is in %s%s (make verilate CONFIG=%s%s)\n", named->name, argv[0], what,
              named->name, strcmp(named->name, pt->base) == 0 ? dot : "",
              strcmp(named->name, pt->base) == 0 ? other : "its own binary", named->name,
              wave_bin && wave_bin[0] ? " PROFILE=fast" : "");
    } else {
      fprintf(stderr, "error: +config=%s: this binary (%s) holds only the %s configuration; "
              "the %s configuration is in %s%s (make verilate CONFIG=%s%s)\n", named->name,
              argv[0], built->name, named->name, dot, other, named->name,
              wave_bin && wave_bin[0] ? " PROFILE=fast" : "");
    }
    prc = -1;
  }
  /* the RTL runs at one configuration: +params/+p. may only restate its values (and mem_lat,
   * the latency of the harness's memory, and the tick_* statistics of v3 §15) */
  if (prc == 0 && harness_params_fixed(&o.params, named, pt ? what : NULL, argv[0], stderr))
    prc = -1;
  if (prc == 0 && o.wave[0] && wave_bin && wave_bin[0]) {
    fprintf(stderr, "error: +wave=%s: this binary (%s) is the fast build, without tracing; "
            "dump waveforms with %s (make verilate)\n", o.wave, argv[0], wave_bin);
    prc = -1;
  }
  if (prc != 0) {
    fflush(NULL);
    _exit(prc > 0 ? 0 : 2); /* before any simulation: +help (0), or an error: no RESULT, 2 */
  }
  o.lockstep = 1;
  /* the fast build (no tracing) dumps no waveform: a mismatch re-runs the traced wave_bin */
  o.wave_supported = !(wave_bin && wave_bin[0]);
  if (!o.wave_supported) snprintf(o.wave_exe, sizeof o.wave_exe, "%s", wave_bin);
  harness_t *h = harness_new(&o, argc, argv);
  free(argv[0]);
  free(argv);
  if (!h) {
    fflush(NULL);
    _exit(2);
  }
  return h;
}

int tb_config(void *h) { return (int)harness_cfg(h)->id; }

int tb_drive(void *h, svBitVecVal *in_vec, svBit *rst_n) {
  rinv_in_t in;
  int st = harness_drive(h, &in);
  rinv_in_pack(&in, in_vec);
  *rst_n = st == HARNESS_RESET ? 0 : 1;
  return st == HARNESS_DONE ? 1 : 0;
}

void tb_observe(void *h, const svBitVecVal *out_vec) {
  rinv_out_t out;
  rinv_out_unpack(out_vec, &out);
  harness_observe(h, &out);
}

/* Exit status for a failed run: Verilator's generated main() returns 0 after $finish (and
 * $fatal aborts), so a failure installs this handler; it runs after main() has closed the
 * waveform. */
static void exit_failure(void) {
  fflush(NULL);
  _exit(1);
}

/* Defined only in the coverage build (tools/cov/cov_write.c, make coverage). */
extern void rinv_cov_write(void) __attribute__((weak));

int tb_finish(void *h) {
  int rc = harness_finish(h);
  harness_free(h);
  if (rinv_cov_write) rinv_cov_write();
  if (rc != 0) atexit(exit_failure);
  return rc;
}

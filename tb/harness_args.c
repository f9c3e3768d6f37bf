/* Plusargs of the testbench (harness_parse_args, harness.h; bounds: docs/VERIFICATION.md §4). */
#include "harness_int.h"
#include "harness_params.h"
#include "pagetable.h"
#include "parse_num.h"

/* ------------------------------------------------------------------------------------ */
/* plusargs                                                                              */

static int copy_path(char *dst, const char *v) {
  if (!*v || strlen(v) >= HARNESS_PATH_MAX) return -1;
  strcpy(dst, v);
  return 0;
}

/* A numeric plusarg +NAME=V whose number part num (V itself, or a suffix of it) is an
 * integer (common/parse_num.h: decimal, 0x, 0o, 0b, '_' between digits) in lo..hi. Out of
 * range or not a number: "error: +NAME=V: must be LO..HI[ (why)][; REASON]" on errs, -1
 * (REASON: what is wrong with the text when it is not a number). */
static int num_arg_in(const char *name, const char *v, const char *num, uint64_t lo,
                      uint64_t hi, const char *why, uint64_t *out, FILE *errs) {
  uint64_t x = 0;
  int rc = rinv_parse_u64(num, hi, &x);
  if (rc != RINV_PN_OK || x < lo) {
    int syn = rc != RINV_PN_OK && rc != RINV_PN_RANGE;
    fprintf(errs, "error: +%s=%s: must be %llu..%llu%s%s%s%s%s\n", name, v,
            (unsigned long long)lo, (unsigned long long)hi, why ? " (" : "", why ? why : "",
            why ? ")" : "", syn ? "; " : "", syn ? rinv_parse_why(rc) : "");
    return -1;
  }
  *out = x;
  return 0;
}

static int num_arg(const char *name, const char *v, uint64_t lo, uint64_t hi, const char *why,
                   uint64_t *out, FILE *errs) {
  return num_arg_in(name, v, v, lo, hi, why, out, errs);
}

/* +reset_at=N (run cycle, 1..HARNESS_CYCLE_MAX) or EVENT[+K] (K 0..HARNESS_RESET_K_MAX).
 * Returns 0, 1 if malformed (no message yet), -1 if a number is out of range (printed). */
static int parse_reset_at(const char *v, harness_opts_t *o, FILE *errs) {
  static const char *const events[] = {"inv", "hist", "wb", "fill", "probe"};
  if (*v >= '0' && *v <= '9') {
    o->reset_ev = RESET_EV_CYCLE;
    return num_arg("reset_at", v, 1, HARNESS_CYCLE_MAX,
                   "a run cycle, or inv|hist|wb|fill|probe[+K]", &o->reset_k, errs);
  }
  for (unsigned e = 0; e < 5; e++) {
    size_t n = strlen(events[e]);
    if (strncmp(v, events[e], n) != 0 || (v[n] != '\0' && v[n] != '+')) continue;
    o->reset_ev = RESET_EV_INV + (int)e;
    o->reset_k = 0;
    if (v[n] != '+') return 0;
    int rc = rinv_parse_u64(v + n + 1, HARNESS_RESET_K_MAX, &o->reset_k);
    if (rc != RINV_PN_OK) {
      fprintf(errs, "error: +reset_at=%s: K must be 0..%llu (cycles after the event)%s%s\n", v,
              (unsigned long long)HARNESS_RESET_K_MAX, rc != RINV_PN_RANGE ? "; " : "",
              rc != RINV_PN_RANGE ? rinv_parse_why(rc) : "");
      return -1;
    }
    return 0;
  }
  return 1;
}

/* +progress=S: 0 (off) or HARNESS_PROGRESS_MIN..HARNESS_PROGRESS_MAX seconds. */
static int parse_progress(const char *v, double *out, FILE *errs) {
  char *end = NULL;
  errno = 0;
  double x = strtod(v, &end);
  if (*v == '\0' || *end != '\0' || errno != 0 ||
      !(x == 0.0 || (x >= HARNESS_PROGRESS_MIN && x <= HARNESS_PROGRESS_MAX))) {
    fprintf(errs, "error: +progress=%s: must be 0 (off) or %g..%g (seconds between progress "
                  "lines on stderr)\n", v, HARNESS_PROGRESS_MIN, HARNESS_PROGRESS_MAX);
    return -1;
  }
  *out = x;
  return 0;
}

/* Every plusarg, for +help and for the unknown-plusarg message: name, value, default, text.
 * Bounds are the ones harness_parse_args and wl_parse_plusarg check (docs/VERIFICATION.md §4). */
static const struct {
  const char *name, *value, *def, *text;
} k_plusargs[] = {
    {"workload", "NAME|FILE", "square",
     "square, matrixtranspose, 2dshfl, aos_update, stencil, random, or a trace file "
     "(docs/TRACE.md)"},
    {"n", "N", "per workload", "problem size: square 2000, matrixtranspose 64, 2dshfl 16, "
     "aos_update 4096, stencil 64 (each has its own limit)"},
    {"mode", "line|run|merge", "run", "history mode of the directory"},
    {"walk", "addr|set|auto|seq", "addr", "range-invalidate walk of the cache controllers; "
     "seq: the addr walk, inv_ticks charged as a sequential walk (v3 §15)"},
    {"config", "gem5|fpga", "gem5", "cache configuration of params/rinv.toml"},
    {"params", "FILE.toml", "-", "run-time parameters over +config (docs/DSE.md; tb_dir: its own "
                                 "values only)"},
    {"p.NAME", "VALUE", "-", "one parameter of params/rinv.toml at run time, after +params"},
    {"seed", "S", "1", "seed of random stimulus, stalls and randgen (any 64-bit value)"},
    {"stall", "0..95", "0", "percent of cycles each handshake channel stalls"},
    {"reorder", "0|1", "0", "shuffle each side's memory operations inside each epoch"},
    {"paging", PT_POLICY_CHOICES, "identity", "4 KiB pages: virtual-to-physical map of the "
     "program's addresses (docs/TRACE.md §6)"},
    {"eager_rules", EAGER_RULES_CHOICES, "v22", "gem5 directory probe rules of the eager "
     "baseline: v22 (a CPU load miss probes nobody) or v21 (it probes the TCC)"},
    {"max_cycles", "N", "0", "a run needing more than N cycles stops with an error; 0 = none"},
    {"progress", "S", "5", "seconds between progress lines on stderr, 0 = off"},
    {"probe_log", "FILE", "-", "write every probe as CSV"},
    {"dump_trace", "FILE", "-", "write the program that runs as a trace file"},
    {"wave", "FILE.fst", "-", "FST waveform (lockstep binary only)"},
    {"wave_from", "CYCLE", "0", "first cycle of the waveform window (needs +wave)"},
    {"wave_to", "CYCLE", "end", "last cycle of the waveform window (needs +wave)"},
    {"reset_at", "CYCLE|EVENT[+K]", "-", "mid-run reset at a cycle or K cycles after an "
     "event: inv, hist, wb, fill, probe"},
    {"inject", "FAULT", "-", "planted fault: mismatch:CYCLE, stale, coherence, sva:CYCLE, "
     "reset_memory, drop_wb_addr, drop_wb_set (the run must fail)"},
    {"no_model", "", "off", "RTL alone, no lockstep (checks that need no model still run)"},
    {"quiet", "", "off", "no per-run lines, only RESULT"},
    {"no_rerun", "", "off", "no traced re-run of a failing window"},
    {"iters", "1..1000", "1", "kernel iterations (workloads)"},
    {"base", "ADDR", "0x10000000", "first array address, 64-byte aligned"},
    {"align", "2^k 64..2^24", "4096", "array alignment"},
    {"gap", "BYTES", "0", "gap between arrays, a multiple of 4, up to 2^24"},
    {"dispatch", "rr|chunk", "rr", "workgroup to compute-unit dispatch"},
    {"waves_per_cu", "1..64", "4", "wavefronts per compute unit"},
    {"wave_size", "1..1024", "64", "threads per wavefront"},
    {"n_cu", "1..4", "4", "compute units (GPU ports) used"},
    {"layout", "soa|aos|aosa", "aos", "aos_update: structure layout"},
    {"fields", "1..64", "24", "aos_update: fields per structure"},
    {"esize", "4|8", "4", "aos_update: element size in bytes"},
    {"warm", "0|1", "0", "warm the caches first so loads hit"},
    {"prog", "v1|upstream", "upstream",
     "square, matrixtranspose, 2dshfl: the first-round programs or the upstream HIP samples "
     "with Algorithm 2's three launches (docs/TRACE.md §4)"},
    {"launch_lines", "0|1", "1", "+prog=upstream: the HIP runtime's launch traffic (AQL packet, "
     "kernargs, completion signal)"},
    {"shfl_block", "4x4|full", "4x4", "+prog=upstream 2dshfl: the sample's one 4x4 block, or "
     "one WxW block"},
    {"help", "", "", "this list"},
};

void harness_print_help(FILE *out) {
  fprintf(out, "usage: tb_dir|rinv_sim [+name=value ...]   (no plusargs: the demonstration run)\n"
               "plusargs (value, default, meaning):\n");
  for (size_t i = 0; i < sizeof k_plusargs / sizeof k_plusargs[0]; i++) {
    char lhs[48];
    snprintf(lhs, sizeof lhs, "+%s%s%s", k_plusargs[i].name, k_plusargs[i].value[0] ? "=" : "",
             k_plusargs[i].value);
    fprintf(out, "  %-28s %-12s %s\n", lhs, k_plusargs[i].def, k_plusargs[i].text);
  }
}

static int known_plusarg(const char *name) {
  for (size_t i = 0; i < sizeof k_plusargs / sizeof k_plusargs[0]; i++) {
    if (strcmp(name, k_plusargs[i].name) == 0) return 1;
  }
  return 0;
}

static void print_known(FILE *errs) {
  fputs("known:", errs);
  for (size_t i = 0; i < sizeof k_plusargs / sizeof k_plusargs[0]; i++) {
    fprintf(errs, " +%s%s", k_plusargs[i].name, k_plusargs[i].value[0] ? "=" : "");
  }
  fputs("; +help describes each", errs);
}

int harness_parse_args(int argc, char *const argv[], harness_opts_t *o, FILE *errs) {
  return harness_parse_args_cfg(argc, argv, rinv_cfg_by_name("gem5"), o, errs);
}

int harness_parse_args_cfg(int argc, char *const argv[], const rinv_cfg_t *def,
                           harness_opts_t *o, FILE *errs) {
  memset(o, 0, sizeof *o);
  o->mode = 1;
  o->walk = 0;
  o->cfg = def;
  o->seed = 1;
  o->wave_from = -1;
  o->wave_to = -1;
  o->lay = wl_layout_default();
  o->progress_s = HARNESS_PROGRESS_DEFAULT;
  int nplus = 0;
  harness_params_reset(&o->params); /* +params=FILE and +p.NAME=VALUE: harness_params.c */
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strncmp(a, "+verilator+", 11) == 0) continue;
    if (a[0] != '+') {
      fprintf(errs, "error: unexpected argument '%s' (options are +name=value plusargs)\n", a);
      return -1;
    }
    nplus++;
    int hpr = harness_params_plusarg(&o->params, a, errs);
    if (hpr != 0) {
      if (hpr < 0) return -1;
      continue;
    }
    const char *eq = strchr(a, '=');
    size_t nl = eq ? (size_t)(eq - a - 1) : strlen(a + 1);
    char name[32];
    if (nl == 0 || nl >= sizeof name) {
      fprintf(errs, "error: unknown plusarg '%s'\n", a);
      return -1;
    }
    memcpy(name, a + 1, nl);
    name[nl] = '\0';
    const char *v = eq ? eq + 1 : NULL;
    uint64_t u = 0;
    int bad = 0;
#define NEED_VALUE()                                                        \
  do {                                                                      \
    if (!v) {                                                               \
      fprintf(errs, "error: plusarg '+%s' needs a value (+%s=...)\n", name, name); \
      return -1;                                                            \
    }                                                                       \
  } while (0)
    if (strcmp(name, "help") == 0) {
      harness_print_help(stdout);
      return 1;
    }
    if (!known_plusarg(name)) {
      fprintf(errs, "error: unknown plusarg '+%s' (", name);
      print_known(errs);
      fputs(")\n", errs);
      return -1;
    }
    if (strcmp(name, "no_model") == 0 && !v) {
      o->no_model = 1;
      continue;
    }
    if (strcmp(name, "quiet") == 0 || strcmp(name, "no_rerun") == 0) {
      if (v) {
        fprintf(errs, "error: plusarg '+%s' takes no value (got '%s')\n", name, a);
        return -1;
      }
      if (name[0] == 'q') o->quiet = 1;
      else o->no_rerun = 1;
      continue;
    }
    NEED_VALUE();
    int wlr = wl_parse_plusarg(&o->lay, name, v, errs);
    if (wlr < 0) return -1;
    if (wlr > 0) continue;
    if (strcmp(name, "workload") == 0) {
      bad = copy_path(o->workload, v);
    } else if (strcmp(name, "n") == 0) {
      /* per-workload limits (smaller) are checked when the program is built */
      if (num_arg(name, v, 1, HARNESS_N_MAX, "each workload has its own limit, "
                  "docs/VERIFICATION.md §4", &u, errs)) {
        return -1;
      }
      o->n = (uint32_t)u;
    } else if (strcmp(name, "mode") == 0) {
      bad = rinv_parse_word(v, k_mode_names, 3, &o->mode);
    } else if (strcmp(name, "walk") == 0) {
      bad = rinv_parse_word(v, k_walk_names, N_WALK_NAMES, &o->walk);
    } else if (strcmp(name, "config") == 0) {
      o->cfg = rinv_cfg_by_name(v);
      bad = o->cfg == NULL;
    } else if (strcmp(name, "seed") == 0) {
      if (num_arg(name, v, 0, UINT64_MAX, "any 64-bit value", &o->seed, errs)) return -1;
    } else if (strcmp(name, "probe_log") == 0) {
      bad = copy_path(o->probe_log, v);
    } else if (strcmp(name, "wave") == 0) {
      bad = copy_path(o->wave, v);
    } else if (strcmp(name, "wave_from") == 0 || strcmp(name, "wave_to") == 0) {
      if (num_arg(name, v, 0, HARNESS_CYCLE_MAX, "cycle", &u, errs)) return -1;
      if (name[5] == 'f') o->wave_from = (long long)u;
      else o->wave_to = (long long)u;
    } else if (strcmp(name, "dump_trace") == 0) {
      bad = copy_path(o->dump_trace, v);
    } else if (strcmp(name, "stall") == 0) {
      if (num_arg(name, v, 0, HARNESS_STALL_MAX,
                  "percent of cycles each channel stalls; near 100 nothing moves", &u, errs)) {
        return -1;
      }
      o->stall = (unsigned)u;
    } else if (strcmp(name, "paging") == 0) {
      bad = pt_policy_parse(v, &o->paging);
    } else if (strcmp(name, "eager_rules") == 0) {
      bad = eager_rules_parse(v, &o->eager_rules) != 0;
    } else if (strcmp(name, "reorder") == 0) {
      if (num_arg(name, v, 0, 1, NULL, &u, errs)) return -1;
      o->reorder = (int)u;
    } else if (strcmp(name, "max_cycles") == 0) {
      if (num_arg(name, v, 0, HARNESS_CYCLE_MAX, "0 = no limit", &o->max_cycles, errs)) return -1;
    } else if (strcmp(name, "progress") == 0) {
      if (parse_progress(v, &o->progress_s, errs)) return -1;
    } else if (strcmp(name, "reset_at") == 0) {
      bad = parse_reset_at(v, o, errs);
      if (bad < 0) return -1;
    } else if (strcmp(name, "inject") == 0) {
      if (strncmp(v, "mismatch:", 9) == 0) {
        o->inject = INJ_MISMATCH;
        if (num_arg_in(name, v, v + 9, 1, HARNESS_CYCLE_MAX, "the CYCLE of mismatch:CYCLE",
                       &o->inject_cycle, errs)) {
          return -1;
        }
      } else if (strcmp(v, "stale") == 0) {
        o->inject = INJ_STALE;
      } else if (strcmp(v, "coherence") == 0) {
        o->inject = INJ_COHERENCE;
      } else if (strcmp(v, "reset_memory") == 0) {
        o->inject = INJ_RESET_MEMORY;
      } else if (strcmp(v, "drop_wb_addr") == 0) {
        o->inject = INJ_DROP_WB_ADDR;
      } else if (strcmp(v, "drop_wb_set") == 0) {
        o->inject = INJ_DROP_WB_SET;
      } else if (strncmp(v, "sva:", 4) == 0) {
        o->inject = INJ_SVA;
        if (num_arg_in(name, v, v + 4, 1, HARNESS_CYCLE_MAX, "the CYCLE of sva:CYCLE",
                       &o->inject_cycle, errs)) {
          return -1;
        }
      } else {
        bad = 1;
      }
    } else {
      fprintf(errs, "error: unknown plusarg '+%s' (", name);
      print_known(errs);
      fputs(")\n", errs);
      return -1;
    }
#undef NEED_VALUE
    if (bad) {
      const char *hint = "";
      if (strcmp(name, "mode") == 0) hint = " (line|run|merge)";
      else if (strcmp(name, "walk") == 0) hint = " (addr|set|auto|seq)";
      else if (strcmp(name, "config") == 0) hint = " (gem5|fpga)";
      else if (strcmp(name, "paging") == 0) hint = " (" PT_POLICY_CHOICES ")";
      else if (strcmp(name, "eager_rules") == 0) hint = " (" EAGER_RULES_CHOICES ")";
      else if (strcmp(name, "inject") == 0) {
        hint = " (mismatch:CYCLE|stale|coherence|sva:CYCLE|reset_memory|drop_wb_addr|"
               "drop_wb_set)";
      } else if (strcmp(name, "reset_at") == 0) {
        hint = " (CYCLE 1..10^12, or inv|hist|wb|fill|probe[+K])";
      }
      fprintf(errs, "error: bad value '%s' for plusarg '+%s'%s\n", v, name, hint);
      return -1;
    }
  }
  if (harness_params_finish(&o->params, &o->cfg, errs) != 0) return -1;
  if (o->wave_from >= 0 && o->wave_to >= 0 && o->wave_to < o->wave_from) {
    fprintf(errs, "error: +wave_to=%lld is before +wave_from=%lld\n", o->wave_to, o->wave_from);
    return -1;
  }
  if ((o->wave_from >= 0 || o->wave_to >= 0) && !o->wave[0]) {
    fprintf(errs, "error: +wave_from/+wave_to need +wave=FILE.fst\n");
    return -1;
  }
  o->demo = nplus == 0;
  return 0;
}

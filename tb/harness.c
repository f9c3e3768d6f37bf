/* Testbench cycle engine (see harness.h). */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "coro.h"
#include "linemap.h"
#include "refmem.h"
#include "rinv_drv.h"
#include "rinv_model.h"
#include "mem.h"
#include "randgen.h"
#include "trace.h"
#include "workloads.h"
#include "eager.h"
#include "e2e.h"
#include "corners.h"
#include "owner_policy.h"

#define N_SIDES 2u
#define RESET_CYCLES 4u
#define WATCHDOG_CYCLES 200000ull
#define MISMATCH_TAIL 8u
#define TXLOG_N 32u
#define TXLOG_LEN 200u
#define MAX_STALE_PRINT 8u
#define MAX_COH_PRINT 8u
#define MAX_RUNS 3u
#define PROBE_ROWS 16u

static const char *const k_mode_names[3] = {"line", "run", "merge"};
static const char *const k_walk_names[3] = {"addr", "set", "auto"};

/* ------------------------------------------------------------------------------------ */
/* plusargs                                                                              */

static int parse_u64(const char *s, uint64_t *v) {
  if (!*s) return -1;
  char *end;
  errno = 0;
  unsigned long long x = strtoull(s, &end, 0);
  if (errno || *end || s[0] == '-') return -1;
  *v = x;
  return 0;
}

static int pick_name(const char *v, const char *const *names, unsigned n, unsigned *out) {
  for (unsigned i = 0; i < n; i++) {
    if (strcmp(v, names[i]) == 0) {
      *out = i;
      return 0;
    }
  }
  return -1;
}

static int copy_path(char *dst, const char *v) {
  if (!*v || strlen(v) >= HARNESS_PATH_MAX) return -1;
  strcpy(dst, v);
  return 0;
}

/* A numeric plusarg +NAME=V whose number part num (V itself, or a suffix of it) is an
 * integer (decimal or 0x hex) in lo..hi. Out of range or not a number:
 * "error: +NAME=V: must be LO..HI[ (why)]" on errs, -1. */
static int num_arg_in(const char *name, const char *v, const char *num, uint64_t lo,
                      uint64_t hi, const char *why, uint64_t *out, FILE *errs) {
  uint64_t x = 0;
  if (parse_u64(num, &x) != 0 || x < lo || x > hi) {
    fprintf(errs, "error: +%s=%s: must be %llu..%llu%s%s%s\n", name, v, (unsigned long long)lo,
            (unsigned long long)hi, why ? " (" : "", why ? why : "", why ? ")" : "");
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
    if (parse_u64(v + n + 1, &o->reset_k) != 0) return 1;
    if (o->reset_k > HARNESS_RESET_K_MAX) {
      fprintf(errs, "error: +reset_at=%s: K must be 0..%llu (cycles after the event)\n", v,
              (unsigned long long)HARNESS_RESET_K_MAX);
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

int harness_parse_args(int argc, char *const argv[], harness_opts_t *o, FILE *errs) {
  memset(o, 0, sizeof *o);
  o->mode = 1;
  o->walk = 0;
  o->cfg = rinv_cfg_by_name("gem5");
  o->seed = 1;
  o->wave_from = -1;
  o->wave_to = -1;
  o->lay = wl_layout_default();
  o->progress_s = HARNESS_PROGRESS_DEFAULT;
  int nplus = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strncmp(a, "+verilator+", 11) == 0) continue;
    if (a[0] != '+') {
      fprintf(errs, "error: unexpected argument '%s' (options are +name=value plusargs)\n", a);
      return -1;
    }
    nplus++;
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
      bad = pick_name(v, k_mode_names, 3, &o->mode);
    } else if (strcmp(name, "walk") == 0) {
      bad = pick_name(v, k_walk_names, 3, &o->walk);
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
        o->inject = 1;
        if (num_arg_in(name, v, v + 9, 1, HARNESS_CYCLE_MAX, "the CYCLE of mismatch:CYCLE",
                       &o->inject_cycle, errs)) {
          return -1;
        }
      } else if (strcmp(v, "stale") == 0) {
        o->inject = 2;
      } else if (strcmp(v, "coherence") == 0) {
        o->inject = 3;
      } else if (strcmp(v, "reset_memory") == 0) {
        o->inject = 5;
      } else if (strcmp(v, "drop_wb_addr") == 0) {
        o->inject = 6; /* tb/e2e.h: drop the memory write of an address walk's write-back */
      } else if (strcmp(v, "drop_wb_set") == 0) {
        o->inject = 7; /* ... of a set walk's write-back */
      } else if (strncmp(v, "sva:", 4) == 0) {
        o->inject = 4;
        if (num_arg_in(name, v, v + 4, 1, HARNESS_CYCLE_MAX, "the CYCLE of sva:CYCLE",
                       &o->inject_cycle, errs)) {
          return -1;
        }
      } else {
        bad = 1;
      }
    } else {
      fprintf(errs, "error: unknown plusarg '+%s' (known: +workload= +n= +mode= +walk= "
                    "+config= +seed= +probe_log= +wave= +wave_from= +wave_to= +quiet "
                    "+stall= +max_cycles= +progress= +no_rerun +dump_trace= +inject= +reorder= "
                    "+no_model +reset_at=; "
                    "workload: +iters= +base= +align= +gap= +dispatch= +waves_per_cu= "
                    "+wave_size= +n_cu= +layout= +fields= +esize=)\n", name);
      return -1;
    }
#undef NEED_VALUE
    if (bad) {
      const char *hint = "";
      if (strcmp(name, "mode") == 0) hint = " (line|run|merge)";
      else if (strcmp(name, "walk") == 0) hint = " (addr|set|auto)";
      else if (strcmp(name, "config") == 0) hint = " (gem5|fpga)";
      else if (strcmp(name, "inject") == 0) hint = " (mismatch:CYCLE|stale|coherence|sva:CYCLE|reset_memory|drop_wb_addr|drop_wb_set)";
      else if (strcmp(name, "reset_at") == 0) hint = " (CYCLE 1..10^12, or inv|hist|wb|fill|probe[+K])";
      fprintf(errs, "error: bad value '%s' for plusarg '+%s'%s\n", v, name, hint);
      return -1;
    }
  }
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

/* ------------------------------------------------------------------------------------ */
/* state                                                                                 */

enum { SK_NONE = 0, SK_SETMODE, SK_ACQUIRE, SK_RELEASE, SK_REG };
enum { PQ_IDLE = 0, PQ_VALID, PQ_WAIT };
enum { AX_IDLE = 0, AX_W, AX_B, AX_AR, AX_R };
enum { PH_RESET = 0, PH_SETUP, PH_RUN, PH_DRAIN, PH_DONE };

typedef struct harness harness_t;

/* One side's driver coroutine and its MMIO request slot. */
typedef struct side_drv {
  harness_t *h;
  unsigned side;
  coro_t *co;
  int kind; /* SK_* running, SK_NONE if idle */
  int result;
  size_t op; /* program index of the sync record */
  rinv_mmio_t mmio;
  /* request slot */
  int req_pending; /* posted, not completed */
  int req_issued;  /* taken by the AXI master */
  int req_we;
  uint32_t req_addr, req_data, req_wstrb;
  int req_done;
  uint32_t resp, rdata;
  int failed_slverr;
  uint32_t slverr_addr;
} side_drv_t;

typedef struct port_q {
  size_t *ops; /* program indices */
  size_t n, next;
  int st;
  size_t cur;
  int checked;
  uint32_t expect;
  uint64_t req_cyc;
} port_q_t;

/* Lines that must not be valid on a side (post-release coherence check). */
typedef struct lineset {
  linemap_t *map; /* payload: uint8_t state (1 = member) */
  uint32_t *fifo;
  size_t n, cap, head;
  size_t count;
} lineset_t;

typedef struct run_result {
  unsigned mode, walk;
  uint64_t cycles;
  uint32_t releases, probes, probe_lines, inv_hits, over_inv, tag_lookups, inv_cycles;
  uint32_t hist_entries, hist_overflows, reg_errors;
  eager_counts_t eager;
  uint64_t owner_probes, owner_transfers;
  uint64_t loads_checked, stale_reads, mismatches, errors, slverr, coh_checked;
  uint64_t wb_checked, lost_bytes;
  int truncated;
  int has_reset; /* +reset_at given: the reset outcome fields are printed */
  unsigned resets;
  uint64_t reset_discarded, reset_dropped_ops;
} run_result_t;

struct harness {
  harness_opts_t o;
  int argc;
  char **argv;
  const rinv_cfg_t *cfg;
  rinv_model_t *checker;
  eager_t *eager;
  owner_policy_t *owner;
  tr_prog_t *prog;
  uint32_t *seg;  /* per op: sync index of its side before it (syncs: own index) */
  size_t *syncs;  /* program indices of sync records, file order */
  size_t nsyncs;
  unsigned nsync_side[N_SIDES];
  char label[HARNESS_PATH_MAX];
  uint32_t n_report;

  unsigned nruns, run_idx;
  unsigned run_mode[MAX_RUNS];
  run_result_t res[MAX_RUNS];

  uint64_t gcyc;   /* cycles driven since start (waveform cycle numbering) */
  uint64_t rng;
  int cycle_is_reset;
  rinv_in_t in;    /* inputs of the current cycle */
  rinv_out_t out;  /* outputs of the last observed cycle */
  int have_prev;   /* out is valid (a cycle of this run was observed) */

  /* per-run state */
  int phase;
  unsigned reset_left;
  uint64_t run_start, run_cycles;
  int setup_started;
  side_drv_t drv[N_SIDES];
  port_q_t port[TR_N_PORTS];
  uint32_t syncs_done[N_SIDES];
  uint32_t *ops_left[N_SIDES]; /* per side, per segment */
  size_t gnext;                /* next sync record to start */
  int reg_inflight;            /* a register record (wr/rd) is running */
  int holds_lock[N_SIDES];
  /* AXI master */
  int ax_st;
  unsigned ax_side, ax_last;
  int ax_aw_done, ax_w_done;
  /* memory */
  mem_t *mem;
  unsigned mem_reads; /* reads in flight */
  /* checks */
  refmem_t *ref;
  lineset_t epoch[N_SIDES];   /* lines stored by a side while holding the lock */
  lineset_t pending[N_SIDES]; /* lines that must be invalid on that side */
  lineset_t refetch[N_SIDES]; /* lines a side fetched while an invalidation was running */
  int dbg_sel[N_SIDES];
  uint32_t dbg_line[N_SIDES];
  int inv_src;
  uint32_t rel_count, probe_count;
  /* probes handshaked and not yet acked, oldest first (v2 keeps up to probe_inflight in
   * flight; v1 one): the +probe_log row of a probe is written at its ack */
  unsigned probe_row_head[N_SIDES], probe_row_count[N_SIDES];
  uint64_t probe_row_cyc[N_SIDES][PROBE_ROWS];
  uint32_t probe_row_rel[N_SIDES][PROBE_ROWS], probe_row_first[N_SIDES][PROBE_ROWS],
      probe_row_n[N_SIDES][PROBE_ROWS];
  uint64_t last_progress;
  uint64_t loads_checked, stale_reads, mismatches, errors, slverr;
  uint64_t coh_printed, coh_checked;
  e2e_t *e2e;          /* end-to-end write-back check (tb/e2e.h) */
  corners_t *corners;  /* corner-event counters, summed over the runs (tb/corners.h) */
  uint64_t lost_bytes, lost_printed;
  int injected;
  int sva_drop_port;           /* +inject=sva: port whose waiting request is withdrawn, or -1 */
  int mismatch_seen;
  uint64_t first_mismatch_gcyc, stop_at_gcyc;
  int truncated;
  int abort_all;
  /* +reset_at (one reset per run) */
  int reset_armed;             /* not yet fired in this run */
  uint64_t reset_due;          /* gcyc after whose edge the reset is asserted; 0 = not set */
  int mid_reset;               /* the current PH_RESET is a mid-run reset */
  uint8_t *dropped;            /* per op: abandoned by a mid-run reset */
  unsigned resets;
  uint64_t reset_discarded, reset_dropped_ops, reset_bad_bytes;

  /* progress line on stderr (+progress=S, not with +quiet) */
  int progress_on;
  double progress_wall;        /* monotonic seconds of the last line (or of the start) */
  uint64_t progress_gcyc;      /* gcyc then */
  uint64_t issued;             /* records of the program issued in this run */

  FILE *probe_log;
  char txlog[TXLOG_N][TXLOG_LEN];
  unsigned txlog_head, txlog_n;
};

/* ------------------------------------------------------------------------------------ */
/* small helpers                                                                         */

static uint32_t rng_next(harness_t *h) {
  h->rng ^= h->rng >> 12;
  h->rng ^= h->rng << 25;
  h->rng ^= h->rng >> 27;
  return (uint32_t)((h->rng * 0x2545F4914F6CDD1Dull) >> 32);
}

/* 1 with probability stall%. */
static int stalled(harness_t *h) {
  if (h->o.stall == 0) return 0;
  return (rng_next(h) % 100u) < h->o.stall;
}

static void txlog(harness_t *h, const char *fmt, ...) {
  char *dst = h->txlog[h->txlog_head];
  int n = snprintf(dst, TXLOG_LEN, "  cycle %llu: ", (unsigned long long)h->gcyc);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(dst + n, TXLOG_LEN - (size_t)n, fmt, ap);
  va_end(ap);
  h->txlog_head = (h->txlog_head + 1) % TXLOG_N;
  if (h->txlog_n < TXLOG_N) h->txlog_n++;
}

static void txlog_print(harness_t *h) {
  printf("last %u transactions:\n", h->txlog_n);
  for (unsigned i = 0; i < h->txlog_n; i++) {
    unsigned k = (h->txlog_head + TXLOG_N - h->txlog_n + i) % TXLOG_N;
    printf("%s\n", h->txlog[k]);
  }
}

static void error_msg(harness_t *h, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  printf("ERROR at cycle %llu: ", (unsigned long long)h->gcyc);
  vprintf(fmt, ap);
  printf("\n");
  va_end(ap);
  h->errors++;
}

static int lineset_init(lineset_t *s) {
  memset(s, 0, sizeof *s);
  s->map = linemap_new(1);
  return s->map ? 0 : -1;
}

static void lineset_free(lineset_t *s) {
  linemap_free(s->map);
  free(s->fifo);
  memset(s, 0, sizeof *s);
}

static void lineset_clear(lineset_t *s) {
  linemap_clear(s->map);
  s->n = s->head = s->count = 0;
}

static void lineset_add(lineset_t *s, uint32_t line) {
  uint8_t *st = linemap_get(s->map, line, 1);
  if (!st) abort();
  if (*st) return;
  *st = 1;
  s->count++;
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 1024;
    uint32_t *nf = realloc(s->fifo, s->cap * sizeof *nf);
    if (!nf) abort();
    s->fifo = nf;
  }
  s->fifo[s->n++] = line;
}

static int lineset_has(lineset_t *s, uint32_t line) {
  uint8_t *st = linemap_get(s->map, line, 0);
  return st && *st;
}

static int lineset_remove(lineset_t *s, uint32_t line) {
  uint8_t *st = linemap_get(s->map, line, 0);
  if (!st || !*st) return 0;
  *st = 0;
  s->count--;
  return 1;
}

/* Oldest member (skipping removed entries), or -1. */
static int lineset_front(lineset_t *s, uint32_t *line) {
  while (s->head < s->n) {
    uint8_t *st = linemap_get(s->map, s->fifo[s->head], 0);
    if (st && *st) {
      *line = s->fifo[s->head];
      return 0;
    }
    s->head++;
  }
  if (s->head == s->n) s->head = s->n = 0;
  return -1;
}

static void json_str(char *dst, size_t len, const char *s) {
  size_t p = 0;
  if (len < 3) return;
  dst[p++] = '"';
  for (; *s && p + 8 < len; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') {
      dst[p++] = '\\';
      dst[p++] = (char)c;
    } else if (c < 0x20) {
      p += (size_t)snprintf(dst + p, len - p, "\\u%04x", c);
    } else {
      dst[p++] = (char)c;
    }
  }
  dst[p++] = '"';
  dst[p] = '\0';
}

/* ---- acquire/release pairing of a trace (docs/TRACE.md §2, "Pairing") ---------------- */

enum { LK_FREE = 0, LK_HELD, LK_UNKNOWN };

/* The lock state of op's side after op, as the records alone tell it: acquire takes it,
 * release gives it back, a register write to LOCK expected to succeed takes (own id) or
 * gives back (0) it, any other LOCK write that may succeed leaves it unknown. */
static void lock_step(const tr_op_t *op, int *st, uint32_t *acq_line) {
  if (op->kind == TR_ACQUIRE) {
    *st = LK_HELD;
    *acq_line = op->line;
  } else if (op->kind == TR_RELEASE) {
    *st = LK_FREE;
  } else if (op->kind == TR_REGWR && (op->addr & ~3u) == RINV_REG_LOCK &&
             !(op->flags & TR_F_SLVERR)) {
    if (op->flags & TR_F_ANY) *st = LK_UNKNOWN;
    else if (op->data == 0u) *st = LK_FREE;
    else if (op->data == RINV_ID(op->side)) {
      *st = LK_HELD;
      *acq_line = op->line;
    } else {
      *st = LK_UNKNOWN;
    }
  }
}

/* Lock state of `side` just before program record `upto`. */
static int lock_state_before(const tr_prog_t *p, size_t upto, unsigned side) {
  int st = LK_FREE;
  uint32_t line = 0;
  for (size_t i = 0; i < upto && i < p->n; i++) {
    if (p->ops[i].side == side && tr_is_sync(p->ops[i].kind)) lock_step(&p->ops[i], &st, &line);
  }
  return st;
}

/* A trace whose side still holds the lock at the end is legal (nothing checks what that
 * side wrote) but suspicious: a warning on stderr; the exit status does not change. */
static void warn_unreleased(const harness_t *h) {
  int st[N_SIDES] = {LK_FREE, LK_FREE};
  uint32_t line[N_SIDES] = {0, 0};
  for (size_t i = 0; i < h->prog->n; i++) {
    const tr_op_t *op = &h->prog->ops[i];
    if (tr_is_sync(op->kind)) lock_step(op, &st[op->side], &line[op->side]);
  }
  for (unsigned s = 0; s < N_SIDES; s++) {
    if (st[s] == LK_HELD) {
      fprintf(stderr, "warning: %s: %s acquire at line %u never released\n", h->label,
              tr_side_name(s), line[s]);
    }
  }
}

/* ---- progress line (+progress=S) --------------------------------------------------------- */

static double wall_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Called every 4096 cycles: after +progress seconds of wall clock, one line on stderr
 * "tb: cycle C, R cycles/s, P% of program" (stdout is flushed first, so that the line
 * cannot split a line of stdout when both go to one pipe). */
static void progress_tick(harness_t *h) {
  double now = wall_now();
  double dt = now - h->progress_wall;
  if (dt < h->o.progress_s) return;
  double rate = (double)(h->gcyc - h->progress_gcyc) / dt;
  size_t n = h->prog->n;
  unsigned pct = n ? (unsigned)((h->issued >= n ? n : h->issued) * 100u / n) : 100u;
  char runs[32] = "";
  if (h->nruns > 1) snprintf(runs, sizeof runs, " (run %u/%u)", h->run_idx + 1, h->nruns);
  fflush(stdout);
  fprintf(stderr, "tb: cycle %llu, %.1fk cycles/s, %u%% of program%s\n",
          (unsigned long long)h->gcyc, rate / 1000.0, pct, runs);
  h->progress_wall = now;
  h->progress_gcyc = h->gcyc;
}

/* ------------------------------------------------------------------------------------ */
/* MMIO over the AXI master, from inside a side's driver coroutine                      */

static int mmio_xfer(side_drv_t *d, unsigned side, int we, uint32_t addr, uint32_t wdata,
                     uint32_t wstrb, uint32_t *rdata) {
  (void)side; /* AxUSER = the coroutine's side (the driver always passes it) */
  d->req_wstrb = wstrb;
  d->req_pending = 1;
  d->req_issued = 0;
  d->req_done = 0;
  d->req_we = we;
  d->req_addr = addr;
  d->req_data = wdata;
  while (!d->req_done) coro_yield(d->co);
  d->req_pending = 0;
  if (rdata) *rdata = d->rdata;
  if (d->resp != 0) {
    d->h->slverr++;
    d->failed_slverr = 1;
    d->slverr_addr = addr;
    return RINV_E_SLVERR;
  }
  return RINV_OK;
}

static int mmio_write(void *ctx, unsigned side, uint32_t addr, uint32_t data) {
  return mmio_xfer(ctx, side, 1, addr, data, 0xfu, NULL);
}

static int mmio_read(void *ctx, unsigned side, uint32_t addr, uint32_t *data) {
  return mmio_xfer(ctx, side, 0, addr, 0, 0xfu, data);
}

static void error_msg(harness_t *h, const char *fmt, ...);

/* A register record (trace `wr`/`rd`, docs/TRACE.md): one AXI4-Lite transaction (repeated
 * while polling); a response or value other than the expected one counts in errors. */
static void reg_record(side_drv_t *d) {
  harness_t *h = d->h;
  const tr_op_t *op = &h->prog->ops[d->op];
  const int we = op->kind == TR_REGWR;
  uint32_t rdata = 0;
  int slverr;
  for (;;) {
    (void)mmio_xfer(d, d->side, we, op->addr, we ? op->data : 0u, we ? op->wstrb : 0xfu,
                    &rdata);
    slverr = d->resp != 0;
    if ((op->flags & TR_F_POLL) && !slverr && (rdata & op->mask) != op->data) continue;
    break;
  }
  char where[48] = "";
  if (op->line) snprintf(where, sizeof where, " (trace line %u)", op->line);
  if (!(op->flags & TR_F_ANY) && slverr != !!(op->flags & TR_F_SLVERR)) {
    error_msg(h, "register record%s: %s %s 0x%08x: expected %s, got %s", where,
              tr_side_name(d->side), we ? "wr" : "rd", op->addr,
              (op->flags & TR_F_SLVERR) ? "SLVERR" : "OKAY", slverr ? "SLVERR" : "OKAY");
  } else if ((op->flags & TR_F_VALUE) && (rdata & op->mask) != op->data) {
    error_msg(h, "register record%s: %s rd 0x%08x: expected 0x%08x (mask 0x%08x), got 0x%08x",
              where, tr_side_name(d->side), op->addr, op->data, op->mask, rdata);
  }
  d->result = RINV_OK;
  d->failed_slverr = 0;
}

static void drv_body(coro_t *co, void *arg) {
  (void)co;
  side_drv_t *d = arg;
  switch (d->kind) {
    case SK_SETMODE:
      d->result = rinv_set_mode(&d->mmio, d->side, d->h->run_mode[d->h->run_idx], d->h->o.walk);
      break;
    case SK_ACQUIRE: d->result = rinv_acquire(&d->mmio, d->side); break;
    case SK_REG: reg_record(d); break;
    default: d->result = rinv_release(&d->mmio, d->side); break;
  }
}

static const char *sk_name(int k) {
  return k == SK_SETMODE ? "set_mode" : k == SK_ACQUIRE ? "acquire" : k == SK_REG ? "register record"
                                                                                 : "release";
}

static void drv_finished(harness_t *h, side_drv_t *d) {
  if (d->result != RINV_OK) {
    /* an acquire/release record of a trace: name it as FILE:LINE */
    char where[HARNESS_PATH_MAX + 16] = "";
    const char *hint = "";
    if (d->kind == SK_ACQUIRE || d->kind == SK_RELEASE) {
      const tr_op_t *op = &h->prog->ops[d->op];
      if (op->line) snprintf(where, sizeof where, "%s:%u: ", h->label, op->line);
      if (d->kind == SK_RELEASE && lock_state_before(h->prog, d->op, d->side) == LK_FREE) {
        hint = d->side == 0
                   ? " (cpu does not hold the lock: no unreleased cpu acquire before this release)"
                   : " (gpu does not hold the lock: no unreleased gpu acquire before this release)";
      }
    }
    if (d->failed_slverr) {
      error_msg(h, "%sdriver: %s %s failed: unexpected SLVERR at register 0x%08x%s", where,
                tr_side_name(d->side), sk_name(d->kind), d->slverr_addr, hint);
    } else {
      error_msg(h, "%sdriver: %s %s failed: %s%s", where, tr_side_name(d->side),
                sk_name(d->kind), rinv_strerror(d->result), hint);
    }
  }
  txlog(h, "%s %s done (%s)", tr_side_name(d->side), sk_name(d->kind), rinv_strerror(d->result));
  if (d->kind == SK_SETMODE) {
    h->phase = PH_RUN;
  } else {
    if (d->kind == SK_ACQUIRE) h->holds_lock[d->side] = 1;
    if (d->kind == SK_REG) h->reg_inflight = 0;
    h->syncs_done[d->side]++;
  }
  coro_free(d->co);
  d->co = NULL;
  d->kind = SK_NONE;
  d->failed_slverr = 0;
  h->last_progress = h->gcyc;
}

static void drv_resume(harness_t *h, side_drv_t *d) {
  if (!coro_resume(d->co)) drv_finished(h, d);
}

static void drv_start(harness_t *h, unsigned side, int kind, size_t op) {
  side_drv_t *d = &h->drv[side];
  d->kind = kind;
  d->op = op;
  d->result = RINV_OK;
  d->req_pending = d->req_issued = d->req_done = 0;
  d->co = coro_new(drv_body, d, 0);
  if (!d->co) {
    fprintf(stderr, "out of memory (coroutine)\n");
    exit(2);
  }
  if (kind == SK_RELEASE) h->holds_lock[side] = 0;
  if (kind == SK_REG) {
    const tr_op_t *rop = &h->prog->ops[op];
    h->reg_inflight = 1;
    /* A raw register write may release the lock or stop recording (LOCK, HIST_EN, HIST_RX,
     * INV_START): from here on the side's loads are unchecked and its stores tainted, until
     * its next acquire record finishes. MODE writes and expected rejections change nothing. */
    if (rop->kind == TR_REGWR && !(rop->flags & TR_F_SLVERR) &&
        (rop->addr & ~3u) != RINV_REG_MODE) {
      h->holds_lock[side] = 0;
    }
  }
  txlog(h, "%s %s start", tr_side_name(side), sk_name(kind));
  h->last_progress = h->gcyc;
  drv_resume(h, d);
}

/* ------------------------------------------------------------------------------------ */
/* program and runs                                                                      */

/* Reports an allocation failure while building the program or the harness; -1. */
static int oom(const char *what) {
  fprintf(stderr, "error: out of memory (%s)\n", what);
  return -1;
}

/* +reorder=1 (SPEC §11, seed 001): shuffles each side's memory operations inside each of its
 * segments (between two sync/register records of the side), across the side's ports. The
 * reference checks follow the request handshakes, so they stay sound in any order. */
static int reorder_program(harness_t *h) {
  uint64_t r = h->o.seed * 0xD1B54A32D192ED03ull + 0x5851F42D4C957F2Dull;
  size_t *tmp = malloc((h->prog->n ? h->prog->n : 1) * sizeof *tmp);
  if (!tmp) return oom("+reorder");
  for (unsigned s = 0; s < N_SIDES; s++) {
    unsigned p0 = s == 0 ? 0u : TR_N_CPU_PORTS, p1 = s == 0 ? TR_N_CPU_PORTS : TR_N_PORTS;
    size_t pos[TR_N_PORTS] = {0}, len[TR_N_PORTS] = {0};
    for (uint32_t k = 0; k <= h->nsync_side[s]; k++) {
      size_t m = 0;
      for (unsigned p = p0; p < p1; p++) {
        const port_q_t *q = &h->port[p];
        len[p] = 0;
        while (pos[p] + len[p] < q->n && h->seg[q->ops[pos[p] + len[p]]] == k) {
          tmp[m++] = q->ops[pos[p] + len[p]];
          len[p]++;
        }
      }
      for (size_t i = m; i > 1; i--) {
        r ^= r >> 12;
        r ^= r << 25;
        r ^= r >> 27;
        size_t j = (size_t)(((r * 0x2545F4914F6CDD1Dull) >> 33) % i);
        size_t t = tmp[i - 1];
        tmp[i - 1] = tmp[j];
        tmp[j] = t;
      }
      m = 0;
      for (unsigned p = p0; p < p1; p++) {
        for (size_t i = 0; i < len[p]; i++) {
          h->port[p].ops[pos[p] + i] = tmp[m];
          h->prog->ops[tmp[m++]].port = (uint8_t)p;
        }
        pos[p] += len[p];
      }
    }
  }
  free(tmp);
  return 0;
}

static int build_program(harness_t *h) {
  h->prog = tr_prog_new();
  if (!h->prog) return oom("program");
  const harness_opts_t *o = &h->o;
  const char *wl = o->demo ? "square" : (o->workload[0] ? o->workload : "square");
  if (strcmp(wl, "random") == 0) {
    uint32_t n = o->n ? o->n : RG_DEFAULT_N;
    if (n > HARNESS_RANDOM_N_MAX) {
      fprintf(stderr, "error: +n=%u: must be 1..%u for workload random (memory operations, "
                      "about 10 cycles each)\n", n, HARNESS_RANDOM_N_MAX);
      return -1;
    }
    if (rg_generate(h->prog, o->seed, n, h->cfg) != 0) {
      fprintf(stderr, "error: out of memory generating workload random n=%u\n", n);
      return -1;
    }
    snprintf(h->label, sizeof h->label, "random");
    h->n_report = n;
  } else if (wl_is_builtin(wl)) {
    uint32_t n = o->demo ? 2000u : (o->n ? o->n : wl_default_n(wl));
    wl_layout_t lay = o->lay;
    if (o->demo) lay.warm = 1; /* the demo shows invalidations that find copies (hits) */
    char err[200];
    if (wl_generate(wl, n, &lay, h->prog, err, sizeof err) != 0) {
      fprintf(stderr, "error: %s\n", err);
      return -1;
    }
    snprintf(h->label, sizeof h->label, "%s", o->demo ? "demo" : wl);
    h->n_report = n;
  } else {
    tr_err_t first;
    unsigned nerr = tr_parse_file(wl, h->prog, stderr, &first);
    if (nerr) {
      if (first.line == 0 && access(wl, F_OK) != 0) {
        fprintf(stderr, "error: +workload=%s is neither a built-in workload (square, "
                        "matrixtranspose, 2dshfl, aos_update, stencil, random) nor a readable trace file\n", wl);
      }
      return -1;
    }
    snprintf(h->label, sizeof h->label, "%s", wl);
    h->n_report = o->n;
    warn_unreleased(h);
  }
  if (o->dump_trace[0]) {
    char hdr[HARNESS_PATH_MAX + 64];
    snprintf(hdr, sizeof hdr, "trace of workload %s n=%u (generated by the testbench)",
             h->label, h->n_report);
    FILE *f = fopen(o->dump_trace, "w");
    int err = f ? 0 : errno;
    if (f && tr_write(f, h->prog, hdr) != 0) err = errno ? errno : EIO;
    if (f && fclose(f) != 0 && !err) err = errno;
    if (err) {
      fprintf(stderr, "error: +dump_trace=%s: cannot write the file: %s\n", o->dump_trace,
              strerror(err));
      return -1;
    }
  }
  /* segments */
  size_t n = h->prog->n;
  h->seg = calloc(n ? n : 1, sizeof *h->seg);
  h->syncs = calloc(n ? n : 1, sizeof *h->syncs);
  h->dropped = calloc(n ? n : 1, 1);
  if (!h->seg || !h->syncs || !h->dropped) return oom("program index");
  size_t cnt[TR_N_PORTS] = {0};
  for (size_t i = 0; i < n; i++) {
    const tr_op_t *op = &h->prog->ops[i];
    h->seg[i] = h->nsync_side[op->side];
    if (tr_is_sync(op->kind)) {
      h->syncs[h->nsyncs++] = i;
      h->nsync_side[op->side]++;
    } else {
      cnt[op->port]++;
    }
  }
  for (unsigned p = 0; p < TR_N_PORTS; p++) {
    h->port[p].ops = calloc(cnt[p] ? cnt[p] : 1, sizeof(size_t));
    if (!h->port[p].ops) return oom("port queues");
  }
  for (size_t i = 0; i < n; i++) {
    const tr_op_t *op = &h->prog->ops[i];
    if (op->kind == TR_LD || op->kind == TR_ST) {
      port_q_t *q = &h->port[op->port];
      q->ops[q->n++] = i;
    }
  }
  for (unsigned s = 0; s < N_SIDES; s++) {
    h->ops_left[s] = calloc(h->nsync_side[s] + 1u, sizeof(uint32_t));
    if (!h->ops_left[s]) return oom("segments");
  }
  if (o->reorder) return reorder_program(h);
  return 0;
}

/* A side's lock state and coherence-check sets, as at the start of a run. */
static void side_checks_clear(harness_t *h, unsigned s) {
  h->holds_lock[s] = 0;
  lineset_clear(&h->epoch[s]);
  lineset_clear(&h->pending[s]);
  lineset_clear(&h->refetch[s]);
  h->probe_row_head[s] = h->probe_row_count[s] = 0;
  h->dbg_sel[s] = 0;
}

/* Drops a side's driver sequence in progress (end of a run, mid-run reset). */
static void drv_abort(side_drv_t *d) {
  if (d->co) coro_free(d->co);
  d->co = NULL;
  d->kind = SK_NONE;
  d->req_pending = d->req_issued = d->req_done = 0;
  d->failed_slverr = 0;
}

static void run_begin(harness_t *h) {
  h->phase = PH_RESET;
  h->reset_left = RESET_CYCLES;
  h->run_cycles = 0;
  h->setup_started = 0;
  for (unsigned s = 0; s < N_SIDES; s++) {
    h->syncs_done[s] = 0;
    memset(h->ops_left[s], 0, (h->nsync_side[s] + 1u) * sizeof(uint32_t));
    side_checks_clear(h, s);
  }
  for (size_t i = 0; i < h->prog->n; i++) {
    const tr_op_t *op = &h->prog->ops[i];
    if (op->kind == TR_LD || op->kind == TR_ST) h->ops_left[op->side][h->seg[i]]++;
  }
  for (unsigned p = 0; p < TR_N_PORTS; p++) {
    h->port[p].next = 0;
    h->port[p].st = PQ_IDLE;
  }
  h->gnext = 0;
  h->issued = 0;
  h->reg_inflight = 0;
  h->sva_drop_port = -1;
  h->ax_st = AX_IDLE;
  h->ax_last = 1;
  h->mem_reads = 0;
  mem_reset(h->mem);
  refmem_free(h->ref);
  h->ref = refmem_new();
  if (!h->ref) abort();
  e2e_free(h->e2e);
  h->e2e = e2e_new(h->ref, h->o.inject == 6 ? 0 : h->o.inject == 7 ? 1 : -1);
  if (!h->e2e) abort();
  if (!h->corners) h->corners = corners_new(h->cfg);
  if (!h->corners) abort();
  corners_reset(h->corners, 1u, 0u); /* MODE's reset value: run, addr */
  h->lost_bytes = h->lost_printed = 0;
  h->inv_src = -1;
  h->rel_count = h->probe_count = 0;
  eager_reset(h->eager);
  owner_policy_reset(h->owner);
  h->loads_checked = h->stale_reads = h->mismatches = h->errors = h->slverr = 0;
  h->coh_printed = h->coh_checked = 0;
  h->truncated = 0;
  h->have_prev = 0;
  h->reset_armed = h->o.reset_ev != RESET_EV_NONE;
  h->reset_due = 0;
  h->mid_reset = 0;
  h->resets = 0;
  h->reset_discarded = h->reset_dropped_ops = h->reset_bad_bytes = 0;
  if (h->dropped) memset(h->dropped, 0, h->prog->n);
  h->rng = h->o.seed * 0x9E3779B97F4A7C15ull + 0x1234567ull;
  if (h->rng == 0) h->rng = 1;
  h->last_progress = h->gcyc;
}

static void run_end(harness_t *h) {
  run_result_t *r = &h->res[h->run_idx];
  const rinv_out_t *o = &h->out;
  if ((h->o.inject == 6 || h->o.inject == 7) && !e2e_injected(h->e2e)) {
    error_msg(h, "+inject=%s never fired: no dirty write-back happened during an %s walk "
              "(use a workload with dirty hits, e.g. tests/traces/cov_dirty_probe*.trace)",
              h->o.inject == 6 ? "drop_wb_addr" : "drop_wb_set",
              h->o.inject == 6 ? "an address" : "a set");
  }
  r->mode = h->run_mode[h->run_idx];
  r->walk = h->o.walk;
  r->cycles = h->run_cycles;
  r->releases = o->stat_releases;
  r->probes = o->stat_probes;
  r->probe_lines = o->stat_probe_lines;
  r->inv_hits = o->stat_inv_hits;
  r->over_inv = o->stat_over_inv;
  r->tag_lookups = o->stat_tag_lookups[0] + o->stat_tag_lookups[1];
  r->inv_cycles = o->stat_inv_cycles;
  r->hist_entries = o->stat_hist_entries;
  r->hist_overflows = o->stat_hist_overflows;
  r->reg_errors = o->stat_errors;
  r->eager = eager_counts(h->eager);
  r->owner_probes = owner_policy_probes(h->owner);
  r->owner_transfers = owner_policy_transfers(h->owner);
  if (!h->truncated && !h->abort_all) {
    if (o->stat_probes != h->probe_count) {
      error_msg(h, "stat_probes = %u but %u probe handshakes were observed", o->stat_probes,
                h->probe_count);
    }
    if (o->stat_releases != h->rel_count) {
      error_msg(h, "stat_releases = %u but %u invalidations were observed", o->stat_releases,
                h->rel_count);
    }
  }
  r->loads_checked = h->loads_checked;
  r->stale_reads = h->stale_reads;
  r->mismatches = h->mismatches;
  r->errors = h->errors;
  r->slverr = h->slverr;
  r->coh_checked = h->coh_checked;
  r->wb_checked = e2e_lines_checked(h->e2e);
  r->lost_bytes = h->lost_bytes;
  r->truncated = h->truncated;
  r->has_reset = h->o.reset_ev != RESET_EV_NONE;
  r->resets = h->resets;
  r->reset_discarded = h->reset_discarded;
  r->reset_dropped_ops = h->reset_dropped_ops;
  if (!h->o.quiet) {
    printf("run %u/%u done: %s mode=%s walk=%s config=%s: %llu cycles, %u probes, %u probe "
           "lines, %llu loads checked\n",
           h->run_idx + 1, h->nruns, h->label, k_mode_names[r->mode], k_walk_names[r->walk],
           h->cfg->name, (unsigned long long)r->cycles, r->probes, r->probe_lines,
           (unsigned long long)r->loads_checked);
  }
  for (unsigned s = 0; s < N_SIDES; s++) drv_abort(&h->drv[s]);
  h->run_idx++;
  if (h->run_idx < h->nruns && !h->abort_all && h->mismatches == 0) {
    run_begin(h);
  } else {
    h->nruns = h->run_idx;
    h->phase = PH_DONE;
  }
}

/* +wave=FILE: the simulator opens the file only when dumping starts and says nothing if it
 * cannot, so the path is tried here, before anything runs: an existing file must open for
 * writing (it is not truncated here), a new one is created and removed again. 0 ok, -1 with
 * "error: +wave=FILE: cannot create the waveform file: WHY" on stderr. */
static int wave_path_writable(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  int created = fd >= 0;
  int err = errno;
  if (fd < 0 && err == EEXIST) {
    fd = open(path, O_WRONLY | O_CLOEXEC);
    err = errno;
  }
  if (fd < 0) {
    fprintf(stderr, "error: +wave=%s: cannot create the waveform file: %s\n", path,
            strerror(err));
    return -1;
  }
  close(fd);
  if (created && unlink(path) != 0) {
    err = errno;
    fprintf(stderr, "error: +wave=%s: cannot remove the probe file: %s\n", path, strerror(err));
    return -1;
  }
  return 0;
}

harness_t *harness_new(const harness_opts_t *o, int argc, char *const argv[]) {
  if (o->wave[0] && o->wave_supported && wave_path_writable(o->wave) != 0) return NULL;
  harness_t *h = calloc(1, sizeof *h);
  if (!h) return NULL;
  h->o = *o;
  h->cfg = o->cfg;
  h->argc = argc;
  h->argv = calloc((size_t)argc + 1, sizeof(char *));
  if (!h->argv) goto fail;
  for (int i = 0; i < argc; i++) {
    h->argv[i] = strdup(argv[i]);
    if (!h->argv[i]) goto fail;
  }
  for (unsigned s = 0; s < N_SIDES; s++) {
    if (lineset_init(&h->epoch[s]) || lineset_init(&h->pending[s]) ||
        lineset_init(&h->refetch[s])) {
      goto fail;
    }
    h->drv[s].h = h;
    h->drv[s].side = s;
    h->drv[s].mmio.ctx = &h->drv[s];
    h->drv[s].mmio.write = mmio_write;
    h->drv[s].mmio.read = mmio_read;
  }
  if (build_program(h) != 0) goto fail;
  h->eager = eager_new(h->prog);
  h->owner = owner_policy_new();
  h->mem = mem_new(h->cfg->mem_lat ? h->cfg->mem_lat : 1u);
  if (!h->eager || !h->owner || !h->mem) {
    oom("baselines, memory");
    goto fail;
  }
  if (o->demo) {
    h->nruns = 3;
    for (unsigned i = 0; i < 3; i++) h->run_mode[i] = i;
  } else {
    h->nruns = 1;
    h->run_mode[0] = o->mode;
  }
  if (o->lockstep && o->no_model) h->o.lockstep = 0;
  if (o->lockstep && !o->no_model) {
    h->checker = rinv_model_new(h->cfg);
    if (!h->checker) {
      oom("checker model");
      goto fail;
    }
  }
  if (o->probe_log[0]) {
    h->probe_log = fopen(o->probe_log, "w");
    if (!h->probe_log) {
      int err = errno;
      fprintf(stderr, "error: +probe_log=%s: cannot create the file: %s\n", o->probe_log,
              strerror(err));
      goto fail;
    }
    fprintf(h->probe_log, "cycle,release,src,dst,first_line_addr,n_lines,hits\n");
  }
  if (o->wave[0] && !o->wave_supported) {
    fprintf(stderr, "note: +wave is ignored by this binary (waveforms need tb_dir)\n");
  }
  if (!o->quiet) {
    printf("tb: %s%s n=%u config=%s walk=%s seed=%llu stall=%u%% %s, %zu records\n",
           o->demo ? "default demonstration: " : "workload=", o->demo ? "square" : h->label,
           h->n_report, h->cfg->name, k_walk_names[o->walk], (unsigned long long)o->seed,
           o->stall, o->lockstep ? "lockstep RTL vs C model" : "C model standalone",
           h->prog->n);
    fflush(stdout);
  }
  h->progress_on = !o->quiet && o->progress_s > 0.0;
  h->progress_wall = wall_now();
  h->progress_gcyc = 0;
  run_begin(h);
  return h;
fail:
  harness_free(h);
  return NULL;
}

void harness_free(harness_t *h) {
  if (!h) return;
  if (h->argv) {
    for (int i = 0; i < h->argc; i++) free(h->argv[i]);
    free(h->argv);
  }
  for (unsigned s = 0; s < N_SIDES; s++) {
    lineset_free(&h->epoch[s]);
    lineset_free(&h->pending[s]);
    lineset_free(&h->refetch[s]);
    coro_free(h->drv[s].co);
    free(h->ops_left[s]);
  }
  for (unsigned p = 0; p < TR_N_PORTS; p++) free(h->port[p].ops);
  if (h->probe_log) fclose(h->probe_log);
  if (h->checker) rinv_model_free(h->checker);
  eager_free(h->eager);
  owner_policy_free(h->owner);
  mem_free(h->mem);
  refmem_free(h->ref);
  e2e_free(h->e2e);
  corners_free(h->corners);
  tr_prog_free(h->prog);
  free(h->seg);
  free(h->dropped);
  free(h->syncs);
  free(h);
}

const rinv_cfg_t *harness_cfg(const harness_t *h) { return h->cfg; }

/* ------------------------------------------------------------------------------------ */
/* drive                                                                                 */

static int sync_can_start(harness_t *h, size_t op_idx) {
  const tr_op_t *op = &h->prog->ops[op_idx];
  unsigned s = op->side;
  uint32_t k = h->seg[op_idx];
  if (tr_is_reg(op->kind) && h->reg_inflight) return 0; /* register records: one at a time */
  return h->drv[s].kind == SK_NONE && h->syncs_done[s] == k && h->ops_left[s][k] == 0;
}

static void start_syncs(harness_t *h) {
  while (h->gnext < h->nsyncs && sync_can_start(h, h->syncs[h->gnext])) {
    size_t i = h->syncs[h->gnext++];
    const tr_op_t *op = &h->prog->ops[i];
    h->issued++;
    if (h->dropped[i]) { /* skipped after a mid-run reset: counts as done, in its turn */
      h->syncs_done[op->side]++;
      continue;
    }
    drv_start(h, op->side,
              op->kind == TR_ACQUIRE ? SK_ACQUIRE : op->kind == TR_RELEASE ? SK_RELEASE : SK_REG,
              i);
  }
}

static void drive_ports(harness_t *h, rinv_in_t *in) {
  for (unsigned p = 0; p < TR_N_PORTS; p++) {
    port_q_t *q = &h->port[p];
    while (q->st == PQ_IDLE && q->next < q->n && h->dropped[q->ops[q->next]]) q->next++;
    if (q->st == PQ_IDLE && q->next < q->n && h->phase == PH_RUN) {
      size_t i = q->ops[q->next];
      const tr_op_t *op = &h->prog->ops[i];
      if (h->syncs_done[op->side] == h->seg[i] && !stalled(h)) {
        q->st = PQ_VALID;
        q->cur = i;
      }
    }
    if (q->st == PQ_VALID && h->sva_drop_port == (int)p) {
      /* +inject=sva: withdraw a waiting request for one cycle (a protocol violation that
       * the bound assertions must report; the model sees the same inputs) */
      h->sva_drop_port = -1;
      printf("note: +inject: withdrawing the waiting request of port %s in cycle %llu\n",
             tr_port_name(p), (unsigned long long)h->gcyc);
    } else if (q->st == PQ_VALID) {
      const tr_op_t *op = &h->prog->ops[q->cur];
      in->port_req_valid[p] = 1;
      in->port_req_we[p] = op->kind == TR_ST;
      in->port_req_addr[p] = op->addr;
      in->port_req_wdata[p] = op->kind == TR_ST ? op->data : 0u;
      in->port_req_wstrb[p] = op->kind == TR_ST ? op->wstrb : 0u;
    }
    in->port_resp_ready[p] = !stalled(h);
  }
}

static void drive_axi(harness_t *h, rinv_in_t *in) {
  if (h->ax_st == AX_IDLE) {
    for (unsigned k = 1; k <= N_SIDES; k++) {
      unsigned s = (h->ax_last + k) % N_SIDES;
      side_drv_t *d = &h->drv[s];
      if (d->req_pending && !d->req_issued && !d->req_done) {
        d->req_issued = 1;
        h->ax_side = s;
        h->ax_last = s;
        h->ax_st = d->req_we ? AX_W : AX_AR;
        h->ax_aw_done = h->ax_w_done = 0;
        break;
      }
    }
  }
  const side_drv_t *d = &h->drv[h->ax_side];
  switch (h->ax_st) {
    case AX_W:
      in->axi_awvalid = !h->ax_aw_done;
      in->axi_awaddr = d->req_addr;
      in->axi_awuser = h->ax_side;
      in->axi_wvalid = !h->ax_w_done;
      in->axi_wdata = d->req_data;
      in->axi_wstrb = (uint8_t)d->req_wstrb;
      break;
    case AX_AR:
      in->axi_arvalid = 1;
      in->axi_araddr = d->req_addr;
      in->axi_aruser = h->ax_side;
      break;
    default: break;
  }
  in->axi_bready = !stalled(h);
  in->axi_rready = !stalled(h);
}

int harness_drive(harness_t *h, rinv_in_t *in) {
  memset(in, 0, sizeof *in);
  if (h->phase == PH_DONE) return HARNESS_DONE;
  h->gcyc++;
  if (h->progress_on && (h->gcyc & 4095u) == 0) progress_tick(h);
  if (h->phase == PH_RESET) {
    h->cycle_is_reset = 1;
    if (h->checker) rinv_model_reset(h->checker);
    if (--h->reset_left == 0) {
      h->phase = PH_SETUP;
      if (!h->mid_reset) h->run_start = h->gcyc + 1;
      h->mid_reset = 0;
      h->last_progress = h->gcyc;
    }
    h->in = *in;
    return HARNESS_RESET;
  }
  h->cycle_is_reset = 0;
  if (h->phase == PH_SETUP && !h->setup_started) {
    h->setup_started = 1;
    drv_start(h, 0, SK_SETMODE, 0);
  }
  for (unsigned s = 0; s < N_SIDES; s++) {
    side_drv_t *d = &h->drv[s];
    if (d->co && d->req_done) drv_resume(h, d);
  }
  if (h->phase == PH_RUN) start_syncs(h);
  drive_ports(h, in);
  drive_axi(h, in);
  /* memory */
  in->mem_req_ready = !stalled(h);
  mem_drive_in(h->mem, in);
  /* internal channel stalls */
  uint32_t st = 0;
  for (unsigned k = 0; k < RINV_N_STALL; k++) st |= (uint32_t)stalled(h) << k;
  in->stall = st;
  /* debug peek */
  for (unsigned s = 0; s < N_SIDES; s++) {
    uint32_t line;
    h->dbg_sel[s] = lineset_front(&h->pending[s], &line) == 0;
    h->dbg_line[s] = h->dbg_sel[s] ? line : 0u;
    in->dbg_line[s] = h->dbg_line[s];
  }
  h->in = *in;
  return HARNESS_RUN;
}

/* ------------------------------------------------------------------------------------ */
/* observe                                                                               */

static void on_mismatch_field(void *ctx, const char *field, int index, const char *expected,
                              const char *got) {
  harness_t *h = ctx;
  if (index >= 0) {
    printf("MISMATCH at cycle %llu: %s[%d] expected %s got %s\n", (unsigned long long)h->gcyc,
           field, index, expected, got);
  } else {
    printf("MISMATCH at cycle %llu: %s expected %s got %s\n", (unsigned long long)h->gcyc,
           field, expected, got);
  }
}

static void lockstep_check(harness_t *h, const rinv_out_t *rtl) {
  rinv_out_t exp;
  rinv_model_step(h->checker, &h->in, &exp);
  rinv_out_t inj;
  const rinv_out_t *out = rtl;
  if (h->o.inject == 1 && h->gcyc == h->o.inject_cycle) {
    inj = *rtl;
    inj.stat_probes ^= 0x80000000u;
    out = &inj;
    printf("note: +inject: flipping bit 31 of the RTL's stat_probes in cycle %llu\n",
           (unsigned long long)h->gcyc);
  }
  int first = !h->mismatch_seen;
  unsigned n = rinv_out_compare(&exp, out, first ? on_mismatch_field : NULL, h);
  if (n == 0) return;
  h->mismatches++;
  if (first) {
    h->mismatch_seen = 1;
    h->first_mismatch_gcyc = h->gcyc;
    h->stop_at_gcyc = h->gcyc + MISMATCH_TAIL;
    printf("(cycle %llu is cycle %llu of run %u; model = expected, RTL = got)\n",
           (unsigned long long)h->gcyc, (unsigned long long)(h->gcyc - h->run_start),
           h->run_idx + 1);
    txlog_print(h);
    printf("continuing %u cycles, then stopping\n", MISMATCH_TAIL);
    fflush(stdout);
  }
}

static void observe_ports(harness_t *h, const rinv_out_t *out) {
  for (unsigned p = 0; p < TR_N_PORTS; p++) {
    port_q_t *q = &h->port[p];
    int was_wait = q->st == PQ_WAIT;
    if (h->o.inject == 4 && !h->injected && h->gcyc >= h->o.inject_cycle && q->st == PQ_VALID &&
        h->in.port_req_valid[p] && !out->port_req_ready[p]) {
      h->injected = 1;
      h->sva_drop_port = (int)p;
    }
    if (q->st == PQ_VALID && out->port_req_ready[p]) {
      const tr_op_t *op = &h->prog->ops[q->cur];
      unsigned s = op->side;
      h->issued++;
      q->st = PQ_WAIT;
      q->req_cyc = h->gcyc;
      q->checked = 0;
      h->last_progress = h->gcyc;
      eager_port_accept(h->eager, s, op->kind == TR_ST);
      owner_policy_access(h->owner, s, op->kind == TR_ST, op->addr >> 6);
      if (op->kind == TR_ST) {
        refmem_store(h->ref, op->addr, op->data, op->wstrb, !h->holds_lock[s], s, h->gcyc);
        if (h->holds_lock[s]) lineset_add(&h->epoch[s], op->addr >> 6);
        txlog(h, "port %s req st 0x%08x data 0x%08x wstrb 0x%x", tr_port_name(p), op->addr,
              op->data, op->wstrb);
      } else {
        int tainted = 0;
        uint32_t v = refmem_load(h->ref, op->addr, &tainted);
        if (h->holds_lock[s] && !tainted) {
          q->checked = 1;
          q->expect = v;
        }
        txlog(h, "port %s req ld 0x%08x", tr_port_name(p), op->addr);
      }
    }
    if (was_wait && out->port_resp_valid[p] && h->in.port_resp_ready[p]) {
      const tr_op_t *op = &h->prog->ops[q->cur];
      uint32_t got = out->port_resp_rdata[p];
      if (h->o.inject == 2 && op->kind == TR_LD && q->checked && !h->injected) {
        h->injected = 1;
        got ^= 1u;
        printf("note: +inject: flipping bit 0 of a load value seen by the checker\n");
      }
      txlog(h, "port %s resp %s 0x%08x rdata 0x%08x", tr_port_name(p),
            op->kind == TR_ST ? "st" : "ld", op->addr, got);
      if (op->kind == TR_LD && q->checked) {
        h->loads_checked++;
        if (got != q->expect) {
          h->stale_reads++;
          if (h->stale_reads <= MAX_STALE_PRINT) {
            printf("STALE READ at cycle %llu: port %s ld 0x%08x (request cycle %llu) expected "
                   "0x%08x got 0x%08x",
                   (unsigned long long)h->gcyc, tr_port_name(p), op->addr,
                   (unsigned long long)q->req_cyc, q->expect, got);
            if (op->line) printf(" (trace line %u)", op->line);
            printf("\n");
          }
        }
      }
      h->ops_left[op->side][h->seg[q->cur]]--;
      q->next++;
      q->st = PQ_IDLE;
      h->last_progress = h->gcyc;
    }
  }
}

static void observe_axi(harness_t *h, const rinv_out_t *out) {
  side_drv_t *d = &h->drv[h->ax_side];
  const rinv_in_t *in = &h->in;
  switch (h->ax_st) {
    case AX_W:
      if (in->axi_awvalid && out->axi_awready) h->ax_aw_done = 1;
      if (in->axi_wvalid && out->axi_wready) h->ax_w_done = 1;
      if (h->ax_aw_done && h->ax_w_done) {
        txlog(h, "axi %s write 0x%08x <- 0x%08x", tr_side_name(h->ax_side), d->req_addr,
              d->req_data);
        h->ax_st = AX_B;
      }
      break;
    case AX_B:
      if (out->axi_bvalid && in->axi_bready) {
        d->resp = out->axi_bresp;
        d->req_done = 1;
        corners_reg_write(h->corners, d->req_addr, d->req_data, out->axi_bresp == 0);
        h->ax_st = AX_IDLE;
        txlog(h, "axi %s bresp %s", tr_side_name(h->ax_side), out->axi_bresp ? "SLVERR" : "OKAY");
      }
      break;
    case AX_AR:
      if (in->axi_arvalid && out->axi_arready) {
        h->ax_st = AX_R;
        txlog(h, "axi %s read 0x%08x", tr_side_name(h->ax_side), d->req_addr);
      }
      break;
    case AX_R:
      if (out->axi_rvalid && in->axi_rready) {
        d->resp = out->axi_rresp;
        d->rdata = out->axi_rdata;
        d->req_done = 1;
        h->ax_st = AX_IDLE;
        txlog(h, "axi %s rdata 0x%08x %s", tr_side_name(h->ax_side), out->axi_rdata,
              out->axi_rresp ? "SLVERR" : "OKAY");
      }
      break;
    default: break;
  }
}

static void observe_mem(harness_t *h, const rinv_out_t *out) {
  if (h->in.mem_resp_valid) {
    txlog(h, "mem resp");
    if (h->mem_reads) h->mem_reads--;
  }
  if (out->mem_req_valid && h->in.mem_req_ready) {
    h->last_progress = h->gcyc;
    if (out->mem_req_we) {
      txlog(h, "mem write line 0x%07x mask 0x%016llx", out->mem_req_line,
            (unsigned long long)out->mem_req_wmask);
      if (e2e_mem_write(h->e2e, out->mem_req_line)) {
        /* +inject=drop_wb_*: the memory takes the write but keeps none of its bytes */
        printf("note: +inject: dropping the memory write of line 0x%07x (a dirty write-back "
               "of an invalidation) in cycle %llu\n", out->mem_req_line,
               (unsigned long long)h->gcyc);
        h->injected = 1;
        rinv_out_t dropped = *out;
        dropped.mem_req_wmask = 0;
        mem_step_out(h->mem, &h->in, &dropped);
        return;
      }
      refmem_writeback(h->ref, out->mem_req_line, out->mem_req_wdata, out->mem_req_wmask);
    } else {
      if (h->mem_reads) error_msg(h, "memory: a second read while one is outstanding");
      h->mem_reads++;
      txlog(h, "mem read line 0x%07x", out->mem_req_line);
    }
  }
  mem_step_out(h->mem, &h->in, out); /* the edge */
}

static void observe_internal(harness_t *h, const rinv_out_t *out) {
  for (unsigned s = 0; s < N_SIDES; s++) {
    const char *sn = tr_side_name(s);
    if (out->cc_req_valid[s] && out->cc_req_ready[s]) {
      h->last_progress = h->gcyc;
      txlog(h, "cc_req %s %s line 0x%07x mask 0x%016llx", sn, out->cc_req_we[s] ? "wr" : "rd",
            out->cc_req_line[s], (unsigned long long)out->cc_req_wmask[s]);
      if (!out->cc_req_we[s]) {
        lineset_remove(&h->pending[s], out->cc_req_line[s]);
        /* fetched while an invalidation runs (unsynchronised traffic of the target side):
         * it may legitimately be valid after done, so it is not checked by that release */
        if (out->inv_busy || (h->have_prev && h->out.inv_busy)) {
          lineset_add(&h->refetch[s], out->cc_req_line[s]);
        }
      }
      if (!out->cc_req_we[s]) eager_fill_req(h->eager, s);
      else e2e_cc_write(h->e2e, s, out->cc_req_line[s]);
    }
    if (out->fill_valid[s] && out->fill_ready[s]) {
      h->last_progress = h->gcyc;
      txlog(h, "fill %s", sn);
    }
    if (out->hist_valid[s] && out->hist_ready[s]) {
      h->last_progress = h->gcyc;
      if (out->hist_last[s]) txlog(h, "hist %s last", sn);
      else txlog(h, "hist %s line 0x%07x", sn, out->hist_line[s]);
    }
    if (out->probe_valid[s] && out->probe_ready[s]) {
      h->last_progress = h->gcyc;
      h->probe_count++;
      txlog(h, "probe %s->%s first 0x%07x n %u%s", tr_side_name(1 - s), sn, out->probe_first[s],
            out->probe_nlines[s], out->probe_setwalk[s] ? " setwalk" : "");
      if (h->probe_row_count[s] < PROBE_ROWS) {
        unsigned i = (h->probe_row_head[s] + h->probe_row_count[s]++) % PROBE_ROWS;
        h->probe_row_cyc[s][i] = h->gcyc - h->run_start;
        h->probe_row_rel[s][i] = h->rel_count;
        h->probe_row_first[s][i] = out->probe_first[s];
        h->probe_row_n[s][i] = out->probe_nlines[s];
      }
      e2e_probe(h->e2e, s, out->probe_first[s], out->probe_nlines[s], out->probe_setwalk[s]);
    }
    if (out->ack_valid[s] && out->ack_ready[s]) {
      h->last_progress = h->gcyc;
      txlog(h, "ack %s hits %u", sn, out->ack_hits[s]);
      e2e_ack(h->e2e, s);
      if (h->probe_row_count[s]) {
        unsigned i = h->probe_row_head[s];
        if (h->probe_log) {
          fprintf(h->probe_log, "%llu,%u,%s,%s,0x%08llx,%u,%u\n",
                  (unsigned long long)h->probe_row_cyc[s][i], h->probe_row_rel[s][i],
                  tr_side_name(1 - s), sn, (unsigned long long)h->probe_row_first[s][i] << 6,
                  h->probe_row_n[s][i], out->ack_hits[s]);
        }
        h->probe_row_head[s] = (i + 1u) % PROBE_ROWS;
        h->probe_row_count[s]--;
      }
    }
    if (out->hist_go[s]) txlog(h, "hist_go %s", sn);
    if (out->hist_done[s]) txlog(h, "hist_done %s", sn);
  }
  int prev_busy = h->have_prev ? (int)h->out.inv_busy : 0;
  int prev_done = h->have_prev ? (int)h->out.inv_done : 0;
  if (out->inv_busy && !prev_busy) {
    h->rel_count++;
    h->inv_src = out->lock_owner >= 1 && out->lock_owner <= 2 ? (int)out->lock_owner - 1 : -1;
    txlog(h, "invalidation %u start (owner %u)", h->rel_count, out->lock_owner);
    if (h->inv_src >= 0) e2e_inv_start(h->e2e, (unsigned)h->inv_src, h->gcyc, h->rel_count);
    h->last_progress = h->gcyc;
  }
  if (out->inv_done && !prev_done) {
    txlog(h, "invalidation %u done", h->rel_count);
    h->last_progress = h->gcyc;
    if (h->inv_src < 0) {
      error_msg(h, "inv_done rose but no owner was seen at INV_START");
    } else {
      unsigned src = (unsigned)h->inv_src, tgt = 1u - src;
      lineset_t *e = &h->epoch[src];
      if (e2e_inv_done(h->e2e, e->fifo, e->n) < 0) abort();
      for (size_t i = 0; i < e->n; i++) {
        if (!lineset_has(&h->refetch[tgt], e->fifo[i])) lineset_add(&h->pending[tgt], e->fifo[i]);
      }
      lineset_clear(e);
      lineset_clear(&h->refetch[0]);
      lineset_clear(&h->refetch[1]);
    }
  }
}

static void observe_dbg(harness_t *h, const rinv_out_t *out) {
  for (unsigned s = 0; s < N_SIDES; s++) {
    if (!h->dbg_sel[s]) continue;
    uint32_t line = h->dbg_line[s];
    lineset_remove(&h->pending[s], line);
    int valid = (int)out->dbg_valid[s];
    if (h->o.inject == 3 && !h->injected) {
      h->injected = 1;
      valid = 1;
      printf("note: +inject: reporting a checked line as valid to the coherence check\n");
    }
    h->coh_checked++;
    if (valid) {
      h->errors++;
      if (h->coh_printed++ < MAX_COH_PRINT) {
        printf("COHERENCE ERROR at cycle %llu: line 0x%07x (addr 0x%08x) written by %s in the "
               "released epoch is still valid in the %s caches after invalidation %u\n",
               (unsigned long long)h->gcyc, line, line << 6, tr_side_name(1 - s),
               tr_side_name(s), h->rel_count);
      }
    }
  }
}

/* tb/e2e.h: a byte that memory should hold after a release but does not. */
static void e2e_bad(void *ctx, const char *kind, unsigned side, uint32_t line, uint64_t mask,
                    unsigned release) {
  harness_t *h = ctx;
  h->errors++;
  h->lost_bytes += (uint64_t)__builtin_popcountll(mask);
  if (h->lost_printed++ < MAX_COH_PRINT) {
    printf("LOST WRITE at cycle %llu: after release %u, memory lacks bytes 0x%016llx of line "
           "0x%07x (addr 0x%08x) stored by %s (%s): %s\n",
           (unsigned long long)h->gcyc, release, (unsigned long long)mask, line, line << 6,
           tr_side_name(side), kind,
           strcmp(kind, "release") == 0
               ? "the release write-back did not carry them"
               : "the line was probed but its dirty bytes were not written back");
  }
}

static int program_complete(const harness_t *h) {
  if (h->phase != PH_RUN) return 0;
  if (h->gnext < h->nsyncs) return 0;
  for (unsigned s = 0; s < N_SIDES; s++) {
    if (h->drv[s].kind != SK_NONE) return 0;
  }
  for (unsigned p = 0; p < TR_N_PORTS; p++) {
    if (h->port[p].next < h->port[p].n || h->port[p].st != PQ_IDLE) return 0;
  }
  return h->ax_st == AX_IDLE;
}

static void report_deadlock(harness_t *h) {
  error_msg(h, "deadlock: no progress for %llu cycles; waiting:", WATCHDOG_CYCLES);
  for (unsigned p = 0; p < TR_N_PORTS; p++) {
    const port_q_t *q = &h->port[p];
    if (q->st == PQ_VALID || q->st == PQ_WAIT) {
      const tr_op_t *op = &h->prog->ops[q->cur];
      printf("  port %s: %s 0x%08x %s\n", tr_port_name(p), op->kind == TR_ST ? "st" : "ld",
             op->addr, q->st == PQ_VALID ? "waiting for port_req_ready" : "waiting for response");
    } else if (q->next < q->n) {
      printf("  port %s: %zu ops left, blocked behind a sync record of its side\n",
             tr_port_name(p), q->n - q->next);
    }
  }
  for (unsigned s = 0; s < N_SIDES; s++) {
    const side_drv_t *d = &h->drv[s];
    if (d->kind != SK_NONE) {
      printf("  %s %s: in register access %s 0x%08x\n", tr_side_name(s), sk_name(d->kind),
             d->req_we ? "write" : "read", d->req_addr);
    }
  }
  if (h->gnext < h->nsyncs) {
    const tr_op_t *op = &h->prog->ops[h->syncs[h->gnext]];
    printf("  next sync record: %s %s (waiting for %u outstanding ops / earlier syncs of %s)\n",
           tr_side_name(op->side),
           op->kind == TR_ACQUIRE ? "acquire" : op->kind == TR_RELEASE ? "release" : "wr/rd",
           h->ops_left[op->side][h->seg[h->syncs[h->gnext]]], tr_side_name(op->side));
  }
  if (h->phase == PH_DRAIN) {
    printf("  coherence check: %zu cpu / %zu gpu lines pending\n", h->pending[0].count,
           h->pending[1].count);
  }
  printf("  axi master state %d, memory read %s, lock owner %u, inv_busy %u\n", h->ax_st,
         h->mem_reads ? "outstanding" : "idle", h->out.lock_owner, h->out.inv_busy);
  txlog_print(h);
}

/* ---- +reset_at: reset in the middle of an operation (ARCHITECTURE.md §2) ------------- */

static void reset_read_line(void *ctx, uint32_t line, uint32_t words[16]) {
  harness_t *h = ctx;
  mem_read_line(h->mem, line, words);
  if (h->o.inject == 5) {
    /* +inject=reset_memory: the memory loses what was written back (the check must fire) */
    for (unsigned w = 0; w < 16; w++) words[w] ^= 0x5a5a5a5au;
    mem_write_line(h->mem, line, words, ~0ull);
    h->injected = 1;
  }
}

static void reset_bad_byte(void *ctx, uint32_t line, unsigned byte, unsigned expected,
                           unsigned got) {
  harness_t *h = ctx;
  if (h->reset_bad_bytes++ < 8) {
    error_msg(h, "reset: byte 0x%08x was written back, but memory holds 0x%02x, expected 0x%02x",
              (line << 6) + byte, got, expected);
  } else {
    h->errors++;
  }
}

/* Did this cycle (outputs out, inputs h->in, previous outputs h->out) show the event? */
static int reset_event_seen(const harness_t *h, const rinv_out_t *out) {
  const rinv_in_t *in = &h->in;
  switch (h->o.reset_ev) {
    case RESET_EV_CYCLE: return h->run_cycles >= h->o.reset_k;
    case RESET_EV_INV: return out->inv_busy && !(h->have_prev && h->out.inv_busy);
    case RESET_EV_HIST: return out->hist_go[0] || out->hist_go[1];
    case RESET_EV_WB: return out->mem_req_valid && in->mem_req_ready && out->mem_req_we;
    case RESET_EV_FILL: return out->mem_req_valid && in->mem_req_ready && !out->mem_req_we;
    case RESET_EV_PROBE:
      return (out->probe_valid[0] && out->probe_ready[0]) ||
             (out->probe_valid[1] && out->probe_ready[1]);
    default: return 0;
  }
}

/* Asserts reset after this cycle's edge. Defined outcome: the design's state (caches, FIFOs,
 * tables, registers, counters) returns to reset values; memory keeps every write it took.
 * The checks: every byte whose newest value had been written to memory is still there; the
 * reference becomes memory's content; the side programs resume at the next acquire record
 * in file order (ops in between, and those in flight, are abandoned). */
static void mid_reset(harness_t *h) {
  e2e_reset(h->e2e);
  corners_reset(h->corners, 1u, 0u);
  uint64_t discarded = 0;
  refmem_rebase(h->ref, h, reset_read_line, reset_bad_byte, &discarded);
  h->reset_discarded += discarded;
  /* abandon everything in flight */
  uint64_t dropped = 0;
  for (unsigned p = 0; p < TR_N_PORTS; p++) {
    port_q_t *q = &h->port[p];
    if (q->st != PQ_IDLE) {
      h->dropped[q->cur] = 1;
      dropped++;
      q->st = PQ_IDLE;
    }
  }
  for (unsigned s = 0; s < N_SIDES; s++) {
    drv_abort(&h->drv[s]);
    side_checks_clear(h, s);
  }
  h->reg_inflight = 0;
  h->ax_st = AX_IDLE;
  mem_abort(h->mem);
  h->mem_reads = 0;
  h->inv_src = -1;
  h->rel_count = h->probe_count = 0; /* the design's counters restart too */
  /* cut the program at the next acquire record not yet started */
  size_t cut = h->prog->n;
  size_t k = h->gnext;
  while (k < h->nsyncs && h->prog->ops[h->syncs[k]].kind != TR_ACQUIRE) k++;
  if (k < h->nsyncs) cut = h->syncs[k];
  h->issued += k - h->gnext;
  h->gnext = k;
  h->syncs_done[0] = h->syncs_done[1] = 0;
  for (size_t j = 0; j < k; j++) h->syncs_done[h->prog->ops[h->syncs[j]].side]++;
  /* nobody holds the lock now: a side's releases before its next acquire are skipped (a
   * contended acquire of one side comes before the other side's release in file order) */
  int seen_acquire[N_SIDES] = {0, 0};
  for (size_t j = k; j < h->nsyncs; j++) {
    const tr_op_t *op = &h->prog->ops[h->syncs[j]];
    if (op->kind == TR_ACQUIRE) seen_acquire[op->side] = 1;
    if (op->kind == TR_RELEASE && !seen_acquire[op->side]) h->dropped[h->syncs[j]] = 1;
  }
  for (unsigned s = 0; s < N_SIDES; s++) {
    memset(h->ops_left[s], 0, (h->nsync_side[s] + 1u) * sizeof(uint32_t));
  }
  for (unsigned p = 0; p < TR_N_PORTS; p++) {
    port_q_t *q = &h->port[p];
    for (size_t j = q->next; j < q->n; j++) {
      size_t i = q->ops[j];
      if (h->dropped[i]) continue;
      if (i < cut) {
        h->dropped[i] = 1;
        dropped++;
        h->issued++; /* abandoned: counts as done for the progress line */
      } else {
        h->ops_left[h->prog->ops[i].side][h->seg[i]]++;
      }
    }
  }
  h->reset_dropped_ops += dropped;
  h->resets++;
  printf("note: +reset_at: reset asserted after cycle %llu (run cycle %llu): %llu lines lost "
         "their unwritten data, %llu ops abandoned, resuming at %s\n",
         (unsigned long long)h->gcyc, (unsigned long long)h->run_cycles,
         (unsigned long long)discarded, (unsigned long long)dropped,
         cut < h->prog->n ? "the next acquire" : "the end of the program");
  txlog(h, "reset asserted (+reset_at)");
  h->phase = PH_RESET;
  h->reset_left = RESET_CYCLES;
  h->mid_reset = 1;
  h->setup_started = 0;
  h->have_prev = 0;
  h->last_progress = h->gcyc;
}

void harness_observe(harness_t *h, const rinv_out_t *out) {
  if (h->phase == PH_DONE || h->cycle_is_reset) return;
  int reset_now = 0;
  if (h->reset_armed && h->phase >= PH_RUN) {
    if (!h->reset_due && reset_event_seen(h, out)) {
      h->reset_due = h->gcyc + (h->o.reset_ev == RESET_EV_CYCLE ? 0 : h->o.reset_k);
    }
    reset_now = h->reset_due && h->gcyc >= h->reset_due;
  }
  if (h->checker) lockstep_check(h, out);
  observe_ports(h, out);
  observe_axi(h, out);
  observe_mem(h, out);
  observe_internal(h, out);
  observe_dbg(h, out);
  e2e_step(h->e2e, e2e_bad, h);
  corners_step(h->corners, &h->in, out);
  h->out = *out;
  h->have_prev = 1;

  if (h->phase == PH_SETUP || h->phase == PH_RUN) h->run_cycles++;
  if (reset_now && !h->abort_all) {
    h->reset_armed = 0;
    mid_reset(h);
    return;
  }
  if (program_complete(h)) {
    h->phase = PH_DRAIN;
    h->last_progress = h->gcyc;
  }
  if (h->phase == PH_DRAIN && h->pending[0].count == 0 && h->pending[1].count == 0) {
    run_end(h);
    return;
  }
  if (h->mismatch_seen && h->gcyc >= h->stop_at_gcyc) {
    h->truncated = 1;
    h->abort_all = 1;
    run_end(h);
    return;
  }
  if (h->gcyc - h->last_progress >= WATCHDOG_CYCLES) {
    report_deadlock(h);
    h->abort_all = 1;
    h->truncated = 1;
    run_end(h);
    return;
  }
  if (h->o.max_cycles && h->run_cycles >= h->o.max_cycles && h->phase != PH_DRAIN) {
    error_msg(h, "+max_cycles=%llu reached before the program finished",
              (unsigned long long)h->o.max_cycles);
    h->abort_all = 1;
    h->truncated = 1;
    run_end(h);
    return;
  }
  if (h->o.wave_supported && h->o.wave[0] && h->o.wave_to >= 0 &&
      h->gcyc >= (uint64_t)h->o.wave_to) {
    printf("note: stopping at +wave_to=%lld (end of the waveform window)\n", h->o.wave_to);
    h->abort_all = 1;
    h->truncated = 1;
    run_end(h);
  }
}

/* ------------------------------------------------------------------------------------ */
/* finish                                                                                */

/* Where the mismatch waveform window goes: $RINV_MISMATCH_DIR (created if missing; the test
 * runner gives every test its own), else the current directory. */
static void mismatch_dir(char *dir, size_t len) {
  const char *d = getenv("RINV_MISMATCH_DIR");
  if (d && d[0]) {
    if (mkdir(d, 0755) != 0 && errno != EEXIST) {
      printf("warning: RINV_MISMATCH_DIR=%s: cannot create it (%s); using the current "
             "directory\n", d, strerror(errno));
    } else {
      snprintf(dir, len, "%s", d);
      return;
    }
  }
  if (!getcwd(dir, len)) snprintf(dir, len, ".");
}

static int rerun_for_wave(harness_t *h) {
  long long from = (long long)h->first_mismatch_gcyc - 200;
  if (from < 0) from = 0;
  long long to = (long long)h->first_mismatch_gcyc + MISMATCH_TAIL;
  char dir[HARNESS_PATH_MAX], fst[HARNESS_PATH_MAX + 16], log[HARNESS_PATH_MAX + 16];
  mismatch_dir(dir, sizeof dir);
  snprintf(fst, sizeof fst, "%s/mismatch.fst", dir);
  snprintf(log, sizeof log, "%s/mismatch.log", dir);
  char a_wave[HARNESS_PATH_MAX + 32];
  snprintf(a_wave, sizeof a_wave, "+wave=%s", fst);
  char a_from[64], a_to[64];
  snprintf(a_from, sizeof a_from, "+wave_from=%lld", from);
  snprintf(a_to, sizeof a_to, "+wave_to=%lld", to);
  char **nargv = calloc((size_t)h->argc + 4, sizeof(char *));
  if (!nargv) return -1;
  int k = 0;
  for (int i = 0; i < h->argc; i++) nargv[k++] = h->argv[i];
  nargv[k++] = a_wave;
  nargv[k++] = a_from;
  nargv[k++] = a_to;
  nargv[k] = NULL;
  printf("re-running deterministically to dump the waveform window (cycles %lld..%lld) ...\n",
         from, to);
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid == 0) {
    int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      dup2(fd, 1);
      dup2(fd, 2);
      close(fd);
    }
    execv("/proc/self/exe", nargv);
    _exit(127);
  }
  free(nargv);
  if (pid < 0) return -1;
  int st = 0;
  if (waitpid(pid, &st, 0) < 0) return -1;
  if (access(fst, R_OK) == 0) {
    printf("waveform of the mismatch: %s (cycles %lld..%lld; rerun log %s)\n", fst, from, to,
           log);
  } else {
    printf("rerun did not produce %s (see %s)\n", fst, log);
  }
  return 0;
}

static size_t result_fields(char *b, size_t len, const run_result_t *r) {
  size_t n = (size_t)snprintf(
      b, len,
      "\"cycles\":%llu,\"releases\":%u,\"probes\":%u,\"probe_lines\":%u,\"inv_hits\":%u,"
      "\"over_inv_lines\":%u,\"tag_lookups\":%u,\"inv_cycles\":%u,\"hist_entries\":%u,"
      "\"hist_overflows\":%u,\"loads_checked\":%llu,\"stale_reads\":%llu,\"mismatches\":%llu,"
      "\"errors\":%llu,\"slverr\":%llu,\"reg_errors\":%u,\"coherence_checked\":%llu,"
      "\"wb_checked\":%llu,\"lost_bytes\":%llu,"
      "\"truncated\":%s,\"eager_probes\":%llu,\"eager_rdblkm\":%llu,\"eager_wt\":%llu,"
      "\"eager_rdblk\":%llu,\"owner_probes\":%llu,\"owner_transfers\":%llu",
      (unsigned long long)r->cycles, r->releases, r->probes, r->probe_lines, r->inv_hits,
      r->over_inv, r->tag_lookups, r->inv_cycles, r->hist_entries, r->hist_overflows,
      (unsigned long long)r->loads_checked, (unsigned long long)r->stale_reads,
      (unsigned long long)r->mismatches, (unsigned long long)r->errors,
      (unsigned long long)r->slverr, r->reg_errors, (unsigned long long)r->coh_checked,
      (unsigned long long)r->wb_checked, (unsigned long long)r->lost_bytes, r->truncated ? "true" : "false", (unsigned long long)r->eager.total,
      (unsigned long long)r->eager.rdblkm, (unsigned long long)r->eager.wt,
      (unsigned long long)r->eager.rdblk, (unsigned long long)r->owner_probes,
      (unsigned long long)r->owner_transfers);
  if (r->has_reset && n < len) {
    n += (size_t)snprintf(b + n, len - n,
                          ",\"resets\":%u,\"reset_lost_lines\":%llu,\"reset_dropped_ops\":%llu",
                          r->resets, (unsigned long long)r->reset_discarded,
                          (unsigned long long)r->reset_dropped_ops);
  }
  return n;
}

int harness_finish(harness_t *h) {
  if (h->phase != PH_DONE) {
    /* stopped early by the backend */
    h->truncated = 1;
    h->abort_all = 1;
    if (h->run_idx < h->nruns) run_end(h);
  }
  if (h->probe_log) fflush(h->probe_log);
  run_result_t tot;
  memset(&tot, 0, sizeof tot);
  for (unsigned i = 0; i < h->nruns; i++) {
    const run_result_t *r = &h->res[i];
    tot.cycles += r->cycles;
    tot.releases += r->releases;
    tot.probes += r->probes;
    tot.probe_lines += r->probe_lines;
    tot.inv_hits += r->inv_hits;
    tot.over_inv += r->over_inv;
    tot.tag_lookups += r->tag_lookups;
    tot.inv_cycles += r->inv_cycles;
    tot.hist_entries += r->hist_entries;
    tot.hist_overflows += r->hist_overflows;
    tot.reg_errors += r->reg_errors;
    tot.loads_checked += r->loads_checked;
    tot.stale_reads += r->stale_reads;
    tot.mismatches += r->mismatches;
    tot.errors += r->errors;
    tot.slverr += r->slverr;
    tot.coh_checked += r->coh_checked;
    tot.wb_checked += r->wb_checked;
    tot.lost_bytes += r->lost_bytes;
    tot.truncated |= r->truncated;
    tot.eager.total += r->eager.total;
    tot.eager.rdblkm += r->eager.rdblkm;
    tot.eager.wt += r->eager.wt;
    tot.eager.rdblk += r->eager.rdblk;
    tot.owner_probes += r->owner_probes;
    tot.owner_transfers += r->owner_transfers;
    tot.has_reset |= r->has_reset;
    tot.resets += r->resets;
    tot.reset_discarded += r->reset_discarded;
    tot.reset_dropped_ops += r->reset_dropped_ops;
  }
  if (h->o.demo && !h->o.quiet) {
    printf("\nsquare n=%u, config %s, walk %s, +warm=1 (each consumer read its buffer in an "
           "earlier hand-over, so the probes find copies): range probes vs one probe per line\n",
           h->n_report, h->cfg->name, k_walk_names[h->o.walk]);
    printf("%-6s %10s %8s %12s %9s %11s %9s %11s %12s\n", "mode", "cycles", "probes",
           "probe_lines", "inv_hits", "inv_cycles", "over_inv", "mismatches", "stale_reads");
    for (unsigned i = 0; i < h->nruns; i++) {
      const run_result_t *r = &h->res[i];
      printf("%-6s %10llu %8u %12u %9u %11u %9u %11llu %12llu\n", k_mode_names[r->mode],
             (unsigned long long)r->cycles, r->probes, r->probe_lines, r->inv_hits,
             r->inv_cycles, r->over_inv, (unsigned long long)r->mismatches,
             (unsigned long long)r->stale_reads);
    }
    if (h->nruns == 3 && h->res[0].probes) {
      printf("run/line probe ratio %.3f, merge/line %.3f; inv_cycles run/line %.3f, "
             "merge/line %.3f\n",
             (double)h->res[1].probes / h->res[0].probes,
             (double)h->res[2].probes / h->res[0].probes,
             h->res[0].inv_cycles ? (double)h->res[1].inv_cycles / h->res[0].inv_cycles : 0.0,
             h->res[0].inv_cycles ? (double)h->res[2].inv_cycles / h->res[0].inv_cycles : 0.0);
    }
    printf("\n");
  }
  if (tot.mismatches && !h->o.wave[0] && !h->o.no_rerun) {
    if (h->o.wave_supported) rerun_for_wave(h);
    else printf("note: no waveform rerun (this binary has no waveform support)\n");
  }
  const size_t buflen = 16384;
  char *buf = malloc(buflen);
  if (!buf) return 2;
  char wl[HARNESS_PATH_MAX * 2 + 4];
  json_str(wl, sizeof wl, h->label);
  size_t p = 0;
  const char *mode = h->o.demo ? "line,run,merge" : k_mode_names[h->o.mode];
  p += (size_t)snprintf(buf + p, buflen - p,
                        "RESULT {\"workload\":%s,\"n\":%u,\"mode\":\"%s\",\"walk\":\"%s\","
                        "\"config\":\"%s\",\"seed\":%llu,\"stall\":%u,\"lockstep\":%s,",
                        wl, h->n_report, mode, k_walk_names[h->o.walk], h->cfg->name,
                        (unsigned long long)h->o.seed, h->o.stall,
                        h->o.lockstep ? "true" : "false");
  p += result_fields(buf + p, buflen - p, &tot);
  if (h->o.demo) {
    p += (size_t)snprintf(buf + p, buflen - p, ",\"modes\":[");
    for (unsigned i = 0; i < h->nruns && p < buflen; i++) {
      p += (size_t)snprintf(buf + p, buflen - p, "%s{\"mode\":\"%s\",", i ? "," : "",
                            k_mode_names[h->res[i].mode]);
      p += result_fields(buf + p, buflen - p, &h->res[i]);
      p += (size_t)snprintf(buf + p, buflen - p, "}");
    }
    p += (size_t)snprintf(buf + p, buflen - p, "]");
  }
  if (h->corners && p + 16 < buflen) {
    p += (size_t)snprintf(buf + p, buflen - p, ",\"corners\":{");
    p += corners_json(h->corners, buf + p, buflen - p);
    if (p < buflen) p += (size_t)snprintf(buf + p, buflen - p, "}");
  }
  snprintf(buf + p, buflen - p, "}");
  printf("%s\n", buf);
  free(buf);
  fflush(stdout);
  return (tot.mismatches || tot.stale_reads || tot.errors) ? 1 : 0;
}

int harness_run_standalone(harness_t *h) {
  rinv_model_t *m = rinv_model_new(harness_cfg(h));
  if (!m) {
    fprintf(stderr, "error: cannot create the model\n");
    harness_free(h);
    return 2;
  }
  rinv_in_t in;
  rinv_out_t out;
  memset(&out, 0, sizeof out);
  for (;;) {
    int st = harness_drive(h, &in);
    if (st == HARNESS_DONE) break;
    if (st == HARNESS_RESET) {
      rinv_model_reset(m);
      memset(&out, 0, sizeof out);
    } else {
      rinv_model_step(m, &in, &out);
    }
    harness_observe(h, &out);
  }
  int rc = harness_finish(h);
  harness_free(h);
  rinv_model_free(m);
  return rc;
}

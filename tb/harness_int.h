/* Internal state and cross-file functions of the testbench cycle engine (harness.h). Only
 * tb/harness*.c include it: the engine is harness.c (run set-up, cycle loop); the plusargs,
 * driver coroutines, program building, observers, mid-run reset and RESULT writer are in the
 * files named in the prototypes below. */
#ifndef TB_HARNESS_INT_H
#define TB_HARNESS_INT_H

#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "lineset.h"

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
#include "xcu.h"
#include "workloads.h"
#include "eager.h"
#include "e2e.h"
#include "corners.h"
#include "owner_policy.h"
#include "ticks.h"

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
/* +walk=: the hardware walk of each name is its index, but seq (v3 §15) runs the addr walk
 * and only charges its probes' ticks sequentially (walk_hw) */
#define WALK_SEQ 3u
#define N_WALK_NAMES 4u
static const char *const k_walk_names[N_WALK_NAMES] = {"addr", "set", "auto", "seq"};
static inline unsigned walk_hw(unsigned walk) { return walk == WALK_SEQ ? 0u : walk; }
/* The GPU front end's statistics in RESULT (v3 §11; run_result_t.fe, in this order). All are
 * summed over the runs of a +mode=all invocation except tcp_mshr_max (FE_MAX_IDX), the
 * largest. */
#define FE_NSTATS 12u
#define FE_MAX_IDX 8u
static const char *const k_fe_names[FE_NSTATS] = {
    "gpu_insts",      "gpu_lane_ops",       "gpu_line_reqs",   "coal_splits",
    "tcp_hits",       "tcp_alias_waits",    "tcp_mshr_full",   "tcp_hold_waits",
    "tcp_mshr_max",   "tcc_arb_waits",      "gpu_probe_waits", "tcp_kinv"};

/* ------------------------------------------------------------------------------------ */
/* state                                                                                 */

enum { SK_NONE = 0, SK_SETMODE, SK_ACQUIRE, SK_RELEASE, SK_REG };
enum { PQ_IDLE = 0, PQ_VALID };
enum { AX_IDLE = 0, AX_W, AX_B, AX_AR, AX_R };
enum { PH_RESET = 0, PH_SETUP, PH_RUN, PH_DRAIN, PH_DONE };

typedef struct harness harness_t;

/* One transaction-log entry: the cycle, the format and its arguments (at most TXLOG_ARGS
 * conversions %s, %[flags][width]u|x|d and the same with ll; every %s argument a string
 * that lives as long as the process), formatted by txlog_print. */
#define TXLOG_ARGS 8u
typedef struct txlog_ent {
  uint64_t cyc;
  const char *fmt;
  uint64_t arg[TXLOG_ARGS];
} txlog_ent_t;

/* The argument kinds of a format (parsed once per format: txlog is called with a few
 * dozen literal formats): 's' string, 'L' unsigned long long, 'l' unsigned long, 'u'
 * unsigned. A small direct-mapped table keyed by the format's address. */
#define TXLOG_FMTS 64u
typedef struct txlog_fmt {
  const char *fmt;
  unsigned n;
  char kind[TXLOG_ARGS];
} txlog_fmt_t;

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

/* One lane op taken by the design and not yet answered. */
typedef struct port_pend {
  size_t op; /* program index */
  uint64_t req_cyc;
  uint32_t expect;
  int checked;
} port_pend_t;

/* A port's program and its ops in flight. A CPU port drives its next op after the previous
 * one's response; a GPU port in the cycle after the previous one's handshake (v3 §2
 * "Replay"); responses come in the order of the handshakes (pend, a ring). */
typedef struct port_q {
  size_t *ops; /* program indices */
  size_t n, next; /* ops[next]: the next op to drive */
  int st;         /* PQ_IDLE, or PQ_VALID: driving ops[next] (= cur) */
  size_t cur;
  port_pend_t *pend;
  size_t pcap, phead, pcount;
  /* drive_ports' cache of ops[next] (valid while c_ok, next == c_next and no mid-run reset
   * since: h->resets == c_resets): saves the dependent loads of a waiting port each cycle */
  int c_ok;
  size_t c_next;
  unsigned c_resets;
  unsigned c_side;
  uint32_t c_seg;
} port_q_t;

typedef struct run_result {
  unsigned mode, walk;
  uint64_t cycles;
  uint32_t releases, probes, probe_lines, inv_hits, over_inv, tag_lookups, inv_cycles;
  uint32_t hist_entries, hist_overflows, reg_errors;
  eager_counts_t eager;
  uint64_t owner_probes, owner_transfers;
  uint64_t loads_checked, stale_reads, mismatches, errors, slverr, coh_checked;
  uint64_t loads_xcu;
  uint32_t fe[FE_NSTATS]; /* the GPU front end's statistics (k_fe_names) */
  uint64_t wb_checked, lost_bytes;
  uint64_t inv_ticks_seq, inv_ticks_pipe, eager_inv_ticks; /* v3 §15 (tb/ticks.h) */
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
  rinv_out_t out;  /* outputs of the last observed cycle, unless out_kept (read last_out()) */
  const rinv_out_t *out_kept; /* non-NULL: the caller keeps the last observed outputs here
                                 between cycles (harness_run_standalone), not copied to out */
  uint32_t prev_inv_busy, prev_inv_done; /* inv_busy, inv_done of the last observed cycle */
  size_t out_bytes; /* sizeof out, as a run-time value: a copy of a constant size became rep
                       movsq, slow to start on the machines measured (5% of rinv_sim's time);
                       memcpy with this size is the library's vector copy */
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
  uint64_t loads_xcu;  /* GPU loads not checked under the cross-CU rule (v3 §9) */
  xcu_t *xcu;          /* per byte, the GPU ports that stored it this GPU epoch (tb/xcu.h) */
  uint64_t coh_printed, coh_checked;
  e2e_t *e2e;          /* end-to-end write-back check (tb/e2e.h) */
  ticks_t *ticks;      /* the probes in gem5 ticks (tb/ticks.h, v3 §15) */
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
  txlog_ent_t txlog[TXLOG_N];  /* formatted only when printed (txlog_print) */
  txlog_fmt_t txlog_fmts[TXLOG_FMTS];
  unsigned txlog_head, txlog_n;
};

/* tb/harness.c */
void drv_abort(side_drv_t *d);
/* The outputs of the last observed cycle. */
static inline const rinv_out_t *last_out(const harness_t *h) {
  return h->out_kept ? h->out_kept : &h->out;
}
void error_msg(harness_t *h, const char *fmt, ...);
void json_str(char *dst, size_t len, const char *s);
void run_end(harness_t *h);
void side_checks_clear(harness_t *h, unsigned s);
void txlog(harness_t *h, const char *fmt, ...);
void txlog_print(harness_t *h);

/* tb/harness_drv.c */
void drv_resume(harness_t *h, side_drv_t *d);
void drv_start(harness_t *h, unsigned side, int kind, size_t op);
int mmio_read(void *ctx, unsigned side, uint32_t addr, uint32_t *data);
int mmio_write(void *ctx, unsigned side, uint32_t addr, uint32_t data);
void progress_tick(harness_t *h);
const char *sk_name(int k);
double wall_now(void);
void warn_unreleased(const harness_t *h);

/* tb/harness_obs.c */
void e2e_bad(void *ctx, const char *kind, unsigned side, uint32_t line, uint64_t mask,
             unsigned release);
void lockstep_check(harness_t *h, const rinv_out_t *rtl);
void observe_axi(harness_t *h, const rinv_out_t *out);
void observe_dbg(harness_t *h, const rinv_out_t *out);
void observe_internal(harness_t *h, const rinv_out_t *out);
void observe_mem(harness_t *h, const rinv_out_t *out);
void observe_ports(harness_t *h, const rinv_out_t *out);
int program_complete(const harness_t *h);
void report_deadlock(harness_t *h);

/* tb/harness_prog.c */
int build_program(harness_t *h);
int oom(const char *what);

/* tb/harness_paging.c: +paging=, the program's addresses made physical; 0 ok, -1 error
 * (printed) */
int apply_paging(harness_t *h);

/* tb/harness_reset.c */
void mid_reset(harness_t *h);
int reset_event_seen(const harness_t *h, const rinv_out_t *out);

#endif

/* Backend-agnostic cycle engine of the testbench (docs/VERIFICATION.md).
 *
 * Per cycle the backend calls harness_drive() to get the design's inputs, applies them,
 * lets combinational logic settle, and calls harness_observe() with the design's outputs,
 * then clocks. The backend is either the RTL (tb_dir, lockstep: the harness also steps a
 * checker instance of the C model with the same inputs and compares) or the C model
 * itself (rinv_sim, standalone). */
#ifndef TB_HARNESS_H
#define TB_HARNESS_H

#include <stdint.h>
#include <stdio.h>

#include "harness_params.h"
#include "rinv_io.h"
#include "rinv_params.h"
#include "workloads.h"

#define HARNESS_PATH_MAX 1024

/* Bounds of the numeric plusargs (docs/VERIFICATION.md §4, "Plusarg bounds"). A value
 * outside is rejected before anything runs: "error: +NAME=VALUE: must be LO..HI", exit 2. */
#define HARNESS_N_MAX 16777216u          /* +n: the largest per-workload limit (square) */
#define HARNESS_RANDOM_N_MAX 10000000u   /* +n of +workload=random (memory operations) */
#define HARNESS_STALL_MAX 95u            /* +stall percent: at 100 nothing ever moves */
#define HARNESS_CYCLE_MAX 1000000000000ull /* +max_cycles, +wave_from/to, +reset_at=N,
                                            +inject=...:C: 10^12 cycles */
#define HARNESS_RESET_K_MAX 1000000000ull /* +reset_at=EVENT+K */
#define HARNESS_PROGRESS_DEFAULT 5.0     /* +progress=S: seconds between progress lines */
#define HARNESS_PROGRESS_MIN 0.1
#define HARNESS_PROGRESS_MAX 3600.0

typedef struct harness_opts {
  /* from plusargs */
  char workload[HARNESS_PATH_MAX]; /* built-in name or trace file */
  uint32_t n;                      /* 0 = workload default */
  unsigned mode;                   /* 0 line, 1 run, 2 merge */
  unsigned walk;                   /* 0 addr, 1 set, 2 auto, 3 seq (addr, v3 §15) */
  const rinv_cfg_t *cfg;            /* a named configuration or &params.cfg */
  harness_params_t params;         /* +params=FILE, +p.NAME=VALUE (harness_params.h) */
  uint64_t seed;
  char probe_log[HARNESS_PATH_MAX];
  char wave[HARNESS_PATH_MAX];
  long long wave_from, wave_to;    /* -1 = not given */
  char dump_trace[HARNESS_PATH_MAX];
  int quiet, no_rerun;
  unsigned stall;                  /* percent */
  uint64_t max_cycles;             /* 0 = unlimited */
  int reorder;                     /* +reorder=1: shuffle each side's ops inside an epoch */
  unsigned paging;                 /* +paging=: PT_* of common/pagetable.h (0 identity) */
  unsigned eager_rules;            /* +eager_rules=: EAGER_V22 (0) or EAGER_V21 (eager.h) */
  int demo;                        /* no plusargs at all: the default demonstration */
  wl_layout_t lay;                 /* workload plusargs (+iters= +layout= ..., workloads.h) */
  int no_model;                    /* +no_model: tb_dir without the checker model (bench) */
  double progress_s;               /* +progress=S: progress line on stderr every S seconds of
                                      wall clock (0 = off; never with +quiet) */
  /* +reset_at=N | EVENT[+K]: assert reset once per run, in run cycle N or K cycles after the
   * run's first EVENT (ARCHITECTURE.md §2, "Reset in the middle of an operation") */
  int reset_ev;                    /* RESET_EV_* */
  uint64_t reset_k;
  /* testbench self-test (+inject=mismatch:C | stale | coherence | sva:C | reset_memory):
   * fault injection into what the checks see, to prove that they fire */
  int inject;                      /* INJ_* below */
  uint64_t inject_cycle;           /* mismatch: cycle whose RTL stat_probes is flipped;
                                      sva: first cycle a waiting port request may be withdrawn */
  /* set by the backend */
  int lockstep;                    /* 1: tb_dir (RTL + checker model) */
  int wave_supported;              /* 1: the backend dumps +wave (tb_dir) */
  char wave_exe[HARNESS_PATH_MAX]; /* not "": the traced binary a mismatch re-runs for its
                                      waveform (the fast build's, which dumps none) */
} harness_opts_t;

/* Parses argv[1..] (Verilog plusargs; "+verilator+..." ignored). Errors name the
 * offending argument on errs; returns 0 ok, -1 error, 1 when +help printed the plusarg list
 * on stdout (the caller exits 0 without running). */
int harness_parse_args(int argc, char *const argv[], harness_opts_t *o, FILE *errs);
/* The same with def as the configuration when +config is not given (a lockstep binary built
 * for one configuration); +params/+p. are applied over it. */
int harness_parse_args_cfg(int argc, char *const argv[], const rinv_cfg_t *def,
                           harness_opts_t *o, FILE *errs);
/* The list of every plusarg with its legal values, default and meaning (+help). */
void harness_print_help(FILE *out);

/* +inject=... (docs/VERIFICATION.md §3, "Testbench self-test"): what each one breaks. */
enum {
  INJ_NONE = 0,
  INJ_MISMATCH,     /* mismatch:C: RTL's stat_probes bit 31 flipped as the comparator sees it */
  INJ_STALE,        /* stale: bit 0 of the first checked load value flipped */
  INJ_COHERENCE,    /* coherence: the first checked line reported valid */
  INJ_SVA,          /* sva:C: a waiting core request withdrawn for one cycle */
  INJ_RESET_MEMORY, /* reset_memory: memory corrupted at the +reset_at reset */
  INJ_DROP_WB_ADDR, /* drop_wb_addr: the memory write of an address walk's dirty write-back */
  INJ_DROP_WB_SET   /* drop_wb_set: ... of a set walk's dirty write-back */
};

enum { RESET_EV_NONE = 0, RESET_EV_CYCLE, RESET_EV_INV, RESET_EV_HIST, RESET_EV_WB,
       RESET_EV_FILL, RESET_EV_PROBE };

typedef struct harness harness_t;

/* Builds the program (workload generator or trace file; a malformed trace prints
 * FILE:LINE: error: ... on stderr) and every run. argv is kept for the mismatch rerun.
 * NULL on error (already reported). */
harness_t *harness_new(const harness_opts_t *o, int argc, char *const argv[]);
void harness_free(harness_t *h);
const rinv_cfg_t *harness_cfg(const harness_t *h);

#define HARNESS_RUN 0   /* clock the design normally with *in */
#define HARNESS_RESET 1 /* hold rst_ni low this cycle (inputs all zero) */
#define HARNESS_DONE 2  /* stop: call harness_finish */

/* Fills the inputs of the next cycle. */
int harness_drive(harness_t *h, rinv_in_t *in);
/* Outputs of the design in that cycle (after combinational settle, before the edge). */
void harness_observe(harness_t *h, const rinv_out_t *out);
/* Prints the summary and the RESULT line (and reruns for a waveform on a mismatch).
 * Returns the process exit status: 0 only if mismatches, stale reads and errors are 0. */
int harness_finish(harness_t *h);

/* Standalone mode: runs every run of h with the C model as the design (no RTL, no checker),
 * then finishes h (harness_finish) and frees it. Returns the exit status, 2 if the model
 * cannot be created. Used by build/rinv_sim and the fuzz target. */
int harness_run_standalone(harness_t *h);

#endif

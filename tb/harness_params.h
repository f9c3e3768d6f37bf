/* Run-time parameters of the C model: +params=FILE.toml and +p.NAME=VALUE (docs/DSE.md).
 * The configuration that runs is a copy of the named one (+config=, default gem5) with the
 * file's keys and then the +p. keys written over it, checked against the legal ranges of
 * docs/ARCHITECTURE_v2.md §3.1 by the generated rinv_cfg_check() (tools/gen_params.py). The
 * lockstep binary (tb_dir) runs the RTL elaborated at one configuration (a named one, or the
 * point of make verilate PARAMS=FILE), so there a file or +p. value that differs from it is
 * refused (harness_params_fixed). The state lives in a harness_params_t the caller owns (one
 * per harness_opts_t): no global. */
#ifndef HARNESS_PARAMS_H
#define HARNESS_PARAMS_H

#include <stdint.h>
#include <stdio.h>

#include "rinv_params.h"

#define HP_WHERE_MAX 300u
#define HP_PATH_MAX 256u

typedef struct harness_params {
  char file[HP_PATH_MAX];                    /* +params=FILE, "" if none */
  int have_p[RINV_CFG_NKEYS];                /* +p.NAME given */
  uint32_t p_val[RINV_CFG_NKEYS];
  char where[RINV_CFG_NKEYS][HP_WHERE_MAX];  /* where each key was last set, "" = not set */
  const rinv_cfg_t *base;                    /* the configuration +params/+p. were applied
                                                over (set by finish when any was given) */
  rinv_cfg_t cfg;                            /* the run-time configuration */
  char name[64];                             /* its name (cfg.name points here if changed) */
} harness_params_t;

/* Forget the +params/+p. of an earlier parse (harness_parse_args calls it first). */
void harness_params_reset(harness_params_t *hp);

/* One argument arg ("+params=FILE", "+p.NAME=VALUE" or any other): 1 if it was one of these
 * two and is recorded, 0 if it is another plusarg, -1 after an error on errs. */
int harness_params_plusarg(harness_params_t *hp, const char *arg, FILE *errs);

/* After every argument: *cfg (the named configuration) is replaced by the run-time copy
 * &hp->cfg when +params or +p. were given. 0, or -1 after an error on errs naming the key,
 * where it was set (FILE:LINE or +p.NAME) and its legal range. A [config.NAME] table of the
 * file must name the configuration that runs (*cfg's name up to a '+': a built point
 * "fpga+p" takes [config.fpga]). */
int harness_params_finish(harness_params_t *hp, const rinv_cfg_t **cfg, FILE *errs);

/* After a struct copy *dst = *src (harness_new copies its options): points dst's name and
 * *cfg (if it pointed at src's run-time copy) at dst's own. */
void harness_params_rebase(harness_params_t *dst, const harness_params_t *src,
                           const rinv_cfg_t **cfg);

/* For a binary whose design is elaborated at configuration rtl (tb_dir): 0 if every key set
 * by +params or +p. has rtl's value (or none was set), else -1 after an error on errs naming
 * where the key was set, the binary, what rtl is (what, or "configuration NAME" if NULL) and
 * rtl's value. mem_lat (the latency of the harness's memory, not an RTL parameter) and the
 * tick_* keys (the testbench's tick statistics, docs/ARCHITECTURE_v3_gpu_frontend.md §15) may
 * differ. */
int harness_params_fixed(const harness_params_t *hp, const rinv_cfg_t *rtl, const char *what,
                         const char *binary, FILE *errs);

#endif

/* Run-time parameters of the C model: +params=FILE.toml and +p.NAME=VALUE (docs/DSE.md).
 * The configuration that runs is a copy of the named one (+config=, default gem5) with the
 * file's keys and then the +p. keys written over it, checked against the legal ranges of
 * docs/ARCHITECTURE_v2.md §3.1 by the generated rinv_cfg_check() (tools/gen_params.py). The
 * lockstep binary (tb_dir) runs the RTL elaborated at one named configuration, so there a
 * file or +p. value that differs from it is refused (harness_params_fixed). */
#ifndef HARNESS_PARAMS_H
#define HARNESS_PARAMS_H

#include <stdio.h>

#include "rinv_params.h"

/* Forget the +params/+p. of an earlier parse (harness_parse_args calls it first). */
void harness_params_reset(void);

/* One argument arg ("+params=FILE", "+p.NAME=VALUE" or any other): 1 if it was one of these
 * two and is recorded, 0 if it is another plusarg, -1 after an error on errs. */
int harness_params_plusarg(const char *arg, FILE *errs);

/* After every argument: *cfg (the named configuration) is replaced by the run-time copy when
 * +params or +p. were given. 0, or -1 after an error on errs naming the key, where it was
 * set (FILE:LINE or +p.NAME) and its legal range. The copy lives until the next reset. */
int harness_params_finish(const rinv_cfg_t **cfg, FILE *errs);

/* For a binary whose design is elaborated at configuration rtl (tb_dir): 0 if every key set
 * by +params or +p. has rtl's value (or none was set), else -1 after an error on errs naming
 * where the key was set, the binary and rtl's value. */
int harness_params_fixed(const rinv_cfg_t *rtl, const char *binary, FILE *errs);

#endif

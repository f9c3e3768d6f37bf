/* rinv_sim: the testbench harness driving the C golden model alone as the design
 * (standalone mode, no RTL, no lockstep checker). Same plusargs and RESULT line as tb_dir. */
#include <stdio.h>

#include "harness.h"

int main(int argc, char **argv) {
  harness_opts_t o;
  int rc = harness_parse_args(argc, argv, &o, stderr);
  if (rc != 0) return rc > 0 ? 0 : 2; /* +help: printed, nothing runs */
  o.lockstep = 0;
  o.wave_supported = 0;
  harness_t *h = harness_new(&o, argc, argv);
  if (!h) return 2;
  return harness_run_standalone(h);
}

/* rinv_sim: the testbench harness driving the C golden model alone as the design
 * (standalone mode, no RTL, no lockstep checker). Same plusargs and RESULT line as tb_dir. */
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "rinv_model.h"

int main(int argc, char **argv) {
  harness_opts_t o;
  if (harness_parse_args(argc, argv, &o, stderr) != 0) return 2;
  o.lockstep = 0;
  o.wave_supported = 0;
  harness_t *h = harness_new(&o, argc, argv);
  if (!h) return 2;
  rinv_model_t *m = rinv_model_new(harness_cfg(h));
  if (!m) {
    fprintf(stderr, "error: cannot create the model\n");
    harness_free(h);
    return 2;
  }
  rinv_in_t in;
  rinv_out_t out;
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

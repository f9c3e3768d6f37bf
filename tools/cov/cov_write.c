/* Coverage build only (make coverage): writes Verilator's coverage counters at the end of a
 * run, to $RINV_COV_FILE (default coverage.dat). tb/tb_dpi.c calls it if it is linked in.
 *
 * Verilator 5.006's --binary main() never writes the counters, and the project has no C++,
 * so the runtime's C++ entry points are called by their Itanium C++ ABI symbol names. If the
 * runtime ever changes them, the coverage build fails to link; it cannot go wrong silently. */
#include <stdlib.h>

extern void *_ZN9Verilated14s_lastContextpE;                      /* Verilated::s_lastContextp */
void *_ZN16VerilatedContext9coveragepEv(void *context);           /* VerilatedContext::coveragep() */
void _ZN19VerilatedCovContext5writeEPKc(void *cov, const char *file); /* VerilatedCovContext::write */

void rinv_cov_write(void);

void rinv_cov_write(void) {
  const char *file = getenv("RINV_COV_FILE");
  void *cov = _ZN16VerilatedContext9coveragepEv(_ZN9Verilated14s_lastContextpE);
  _ZN19VerilatedCovContext5writeEPKc(cov, file && *file ? file : "coverage.dat");
}

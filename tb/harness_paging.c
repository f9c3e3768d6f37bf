/* +paging= (docs/TRACE.md §6): the program's ld/st addresses, virtual as generated or read
 * from a trace file, become physical through a page table (common/pagetable.h) once, when
 * the program is built, before +dump_trace and before anything runs. Both backends (the
 * model alone, the RTL and the model in lockstep) then see the same physical addresses, and
 * so do the reference memory, the coherence and end-to-end checks, the probe log and the
 * release ranges; runs are formed on physical line addresses by the design as before. */
#include "harness_int.h"
#include "pagetable.h"

int apply_paging(harness_t *h) {
  if (h->o.paging == PT_IDENTITY) return 0; /* physical = virtual: the program as it is */
  pt_cfg_t c = pt_cfg_default(h->o.paging);
  c.mmio_base = RINV_MMIO_BASE; /* register windows: never translated */
  c.mmio_limit = RINV_MMIO_LIMIT;
  c.seed = h->o.seed;
  pagetable_t *pt = pt_new(&c);
  if (!pt) return oom("page table");
  char err[256];
  int rc = pt_translate_prog(pt, h->prog, err, sizeof err);
  if (rc != 0) fprintf(stderr, "error: %s\n", err);
  pt_free(pt);
  return rc;
}

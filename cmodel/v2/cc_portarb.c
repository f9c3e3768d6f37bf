/* cc_portarb model. */
#include "cc_portarb.h"

#include <stdlib.h>

struct cc_portarb {
  unsigned n, rrp;
};

cc_portarb_t *cc_portarb_new(unsigned n_ports) {
  cc_portarb_t *p = calloc(1, sizeof *p);
  if (p) p->n = n_ports;
  return p;
}

void cc_portarb_free(cc_portarb_t *p) { free(p); }
void cc_portarb_reset(cc_portarb_t *p) { p->rrp = 0; }

int cc_portarb_choose(const cc_portarb_t *p, uint32_t valid) {
  for (unsigned k = 0; k < p->n; k++) {
    unsigned q = (p->rrp + k) % p->n;
    if ((valid >> q) & 1u) return (int)q;
  }
  return -1;
}

void cc_portarb_step(cc_portarb_t *p, int granted) {
  if (granted >= 0) p->rrp = ((unsigned)granted + 1u) % p->n;
}

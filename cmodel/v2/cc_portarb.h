/* cc_portarb (ARCHITECTURE_v2.md §6.2 rule 4, §9.10): round-robin choice among the side's
 * core ports, first valid port at or after rrp. */
#ifndef RINV_V2_CC_PORTARB_H
#define RINV_V2_CC_PORTARB_H

#include <stdint.h>

typedef struct cc_portarb cc_portarb_t;

cc_portarb_t *cc_portarb_new(unsigned n_ports);
void cc_portarb_free(cc_portarb_t *p);
void cc_portarb_reset(cc_portarb_t *p);
/* valid: bit k = port_req_valid of local port k. Returns the chosen port or -1. */
int cc_portarb_choose(const cc_portarb_t *p, uint32_t valid);
/* the edge of a grant of local port k */
void cc_portarb_step(cc_portarb_t *p, int granted);

#endif

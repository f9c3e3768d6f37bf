/* Cycle-accurate C golden model of the range-invalidation subsystem (rinv_top).
 * Implements docs/ARCHITECTURE_v2.md (v2) independently of the RTL. One opaque instance per
 * design; several instances may coexist (no globals). */
#ifndef RINV_MODEL_H
#define RINV_MODEL_H

#include <stdint.h>

#include "rinv_io.h"
#include "rinv_params.h"

typedef struct rinv_model rinv_model_t;

/* Creates a model of configuration cfg, in its reset state. NULL on allocation failure. */
rinv_model_t *rinv_model_new(const rinv_cfg_t *cfg);
void rinv_model_free(rinv_model_t *m);

/* Puts every state element in its reset value (as rst_ni low for a cycle). */
void rinv_model_reset(rinv_model_t *m);

/* One clock cycle: computes the outputs for the inputs of this cycle into *out (every
 * field written, including the debug peek), then advances state as the clock edge does. */
void rinv_model_step(rinv_model_t *m, const rinv_in_t *in, rinv_out_t *out);

/* Introspection for tools and checks (no effect on state). */
int rinv_model_line_valid(const rinv_model_t *m, unsigned side, uint32_t line);
const rinv_cfg_t *rinv_model_cfg(const rinv_model_t *m);

#endif

/* Test-only access to the blocks of a v2 model instance (unit tests; not used by the
 * harness, which sees only rinv_model.h). */
#ifndef RINV_V2_MODEL_DBG_H
#define RINV_V2_MODEL_DBG_H

#include "cc.h"
#include "dir.h"
#include "rinv_model.h"
#include "sram.h"

cc_t *rinv_model_dbg_cc(rinv_model_t *m, unsigned side);
dir_t *rinv_model_dbg_dir(rinv_model_t *m);
rinv_err_t *rinv_model_dbg_err(rinv_model_t *m);

#endif

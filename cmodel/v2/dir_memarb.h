/* dir_memarb (ARCHITECTURE_v2.md §7.1): MIdle/MReq/MWait/MFill, one memory request at a
 * time, round-robin on ties (last resets to 1). */
#ifndef RINV_V2_DIR_MEMARB_H
#define RINV_V2_DIR_MEMARB_H

#include "dir_io.h"
#include "rinv_io.h"

typedef struct dir_memarb dir_memarb_t;

dir_memarb_t *dir_memarb_new(void);
void dir_memarb_free(dir_memarb_t *m);
void dir_memarb_reset(dir_memarb_t *m);
void dir_memarb_moore(const dir_memarb_t *m, dir_io_t *io);
void dir_memarb_mealy(const dir_memarb_t *m, const rinv_in_t *in, dir_io_t *io);
void dir_memarb_step(dir_memarb_t *m, const rinv_in_t *in, const dir_io_t *io);

#endif

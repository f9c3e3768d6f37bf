/* Directory dir_ctrl (ARCHITECTURE_v2.md §7): wires dir_memarb, dir_regs, dir_hist x2,
 * dir_probegen and dir_stats.
 *
 * Per cycle: dir_eval_moore(), dir_eval_mealy() (after the cache controllers' state-only
 * outputs), dir_step() (the edge, after the cache controllers' readies), then the register
 * access of the edge (dir_reg_write / dir_count_error), then dir_clock_stats(). */
#ifndef RINV_V2_DIR_H
#define RINV_V2_DIR_H

#include <stdint.h>

#include "dir_io.h"
#include "range_table.h"
#include "rinv_io.h"
#include "rinv_params.h"
#include "sram.h"

typedef struct dir dir_t;

dir_t *dir_new(const rinv_cfg_t *cfg, rinv_err_t *err);
void dir_free(dir_t *d);
void dir_reset(dir_t *d);

void dir_eval_moore(const dir_t *d, dir_io_t *io);
void dir_eval_mealy(const dir_t *d, const rinv_in_t *in, dir_io_t *io);
void dir_step(dir_t *d, const rinv_in_t *in, const dir_io_t *io);
void dir_clock_stats(dir_t *d);

int dir_reg_read(const dir_t *d, uint32_t off, uint32_t *value);
int dir_reg_write_ok(const dir_t *d, uint32_t off, uint32_t value, unsigned req_side);
void dir_reg_write(dir_t *d, uint32_t off, uint32_t value, unsigned req_side);
void dir_count_error(dir_t *d);

void dir_observe(const dir_t *d, rinv_out_t *out);
uint32_t dir_lock_owner(const dir_t *d); /* the lock_owner register (1 CPU, 2 GPU) */
uint32_t dir_hist_count_of(const dir_t *d, unsigned side);
/* side's range table (state name, entries; unit tests and traces) */
const range_table_t *dir_rt_of(const dir_t *d, unsigned side);

#endif

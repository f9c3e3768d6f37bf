/* Directory `dir_ctrl` (ARCHITECTURE.md §5, §6): memory arbiter, history FIFOs and range
 * tables, probe generator, lock and MMIO registers, statistics.
 *
 * Per cycle the top calls, in this order:
 *   dir_eval_moore()  outputs that depend on state only;
 *   dir_eval_mealy()  readies, once the cache controllers' state-only outputs are in io;
 *   dir_step()        the clock edge, once the cache controllers' readies are in io;
 *   dir_reg_write() / dir_count_error()  the register access of this edge, after dir_step. */
#ifndef RINV_DIR_H
#define RINV_DIR_H

#include <stdint.h>

#include "rinv_io.h"
#include "rinv_params.h"

typedef struct dir dir_t;

/* One cycle's signals at the directory's boundary; index = side. */
typedef struct dir_io {
  /* --- inputs: state-only outputs of the cache controllers --- */
  uint32_t req_valid[2], req_we[2], req_line[2];
  uint64_t req_wmask[2];
  const uint8_t *req_wdata[2]; /* 64 bytes each */
  uint32_t hist_valid[2], hist_last[2], hist_line[2];
  uint32_t ack_valid[2], ack_hits[2];
  /* --- inputs: readies of the cache controllers (their Mealy outputs) --- */
  uint32_t probe_ready[2], fill_ready[2];
  /* --- state-only outputs (dir_eval_moore) --- */
  uint32_t mem_req_valid, mem_req_we, mem_req_line;
  uint64_t mem_req_wmask;
  uint32_t mem_req_wdata[16];
  uint32_t fill_valid[2];
  const uint8_t *fill_data; /* 64 bytes */
  uint32_t hist_go[2], hist_done[2];
  uint32_t probe_valid[2], probe_first[2], probe_nlines[2], probe_setwalk[2];
  /* --- Mealy outputs (dir_eval_mealy) --- */
  uint32_t req_ready[2];
  int grant; /* side granted by the memory arbiter this cycle, or -1 */
  uint32_t hist_ready[2], ack_ready[2];
} dir_io_t;

dir_t *dir_new(const rinv_cfg_t *cfg);
void dir_free(dir_t *d);
void dir_reset(dir_t *d);

void dir_eval_moore(const dir_t *d, dir_io_t *io);
void dir_eval_mealy(const dir_t *d, const rinv_in_t *in, dir_io_t *io);
void dir_step(dir_t *d, const rinv_in_t *in, const dir_io_t *io);

/* Register window (§6), offsets relative to 0x4000_0000. reg_read returns 0 if unmapped.
 * reg_write_ok applies every rule of §6 for a full-strobe, aligned write. */
int dir_reg_read(const dir_t *d, uint32_t off, uint32_t *value);
int dir_reg_write_ok(const dir_t *d, uint32_t off, uint32_t value, unsigned req_side);
void dir_reg_write(dir_t *d, uint32_t off, uint32_t value, unsigned req_side);
void dir_count_error(dir_t *d);

/* Fills the observed outputs owned by the directory: lock_owner, inv_busy, inv_done,
 * hist_count[2] and every stat_* except stat_tag_lookups. */
void dir_observe(const dir_t *d, rinv_out_t *out);
uint32_t dir_hist_count(const dir_t *d, unsigned side);

#endif

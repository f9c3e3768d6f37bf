/* Cache controller side_cc (ARCHITECTURE_v2.md §6): owner FSM (StInit, StIdle, lookup,
 * history, StWalk) wiring cc_portarb, cc_lookup, cc_recorder, cc_walker, cc_regs and the
 * arrays.
 *
 * Per cycle: cc_eval_moore() (state-only outputs), cc_eval_mealy() (readies, after the
 * directory's outputs are in io), cc_step() (the edge), then an accepted register write. */
#ifndef RINV_V2_CC_H
#define RINV_V2_CC_H

#include <stdint.h>

#include "cc_io.h"
#include "gpu_fe.h"
#include "rinv_io.h"
#include "rinv_params.h"
#include "sram.h"

typedef struct cc cc_t;

cc_t *cc_new(const rinv_cfg_t *cfg, unsigned side, rinv_err_t *err);
void cc_free(cc_t *cc);
void cc_reset(cc_t *cc);

void cc_eval_moore(const cc_t *cc, cc_io_t *io);
void cc_eval_mealy(const cc_t *cc, const rinv_in_t *in, cc_io_t *io);
void cc_step(cc_t *cc, const rinv_in_t *in, const cc_io_t *io);

int cc_reg_read(const cc_t *cc, uint32_t off, uint32_t *value);
int cc_reg_write_ok(const cc_t *cc, uint32_t off, uint32_t value, unsigned req_side);
void cc_reg_write(cc_t *cc, uint32_t off, uint32_t value);

/* The debug peek: is line valid in any array of the side (0 in StInit, §5.4). No effect on
 * the model's state; not const only because it keeps a memo of its last answer in cc. */
int cc_line_valid(cc_t *cc, uint32_t line);
uint32_t cc_rec_count(const cc_t *cc);
uint32_t cc_hist_en(const cc_t *cc);
uint32_t cc_tag_lookups(const cc_t *cc);
unsigned cc_n_l1(const cc_t *cc);
uint32_t cc_max_sets(const cc_t *cc);
uint32_t cc_total_lines(const cc_t *cc);
const char *cc_state_name(const cc_t *cc);
/* Test backdoor: install line in array arr (0 = L2, 1 + k = L1 k), way, tagst bits. */
void cc_poke_line(cc_t *cc, unsigned arr, uint32_t line, uint32_t way, uint32_t bits,
                  const uint8_t *data, uint64_t dmask);

/* GPU side (v3 §11): the front end's outputs, tcc_grant(_cu), stat_gpu_probe_waits,
 * stat_tcp_kinv into out (no effect on the CPU side) */
void cc_observe_gpu(const cc_t *cc, const cc_io_t *io, rinv_out_t *out);
const gpu_fe_t *cc_gpu_fe(const cc_t *cc); /* NULL on the CPU side */
uint32_t cc_kinv_pend(const cc_t *cc);

#endif

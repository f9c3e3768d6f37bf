/* Cache controller `side_cc` (ARCHITECTURE.md §4): the side's L1s and L2, the write-history
 * recorder, the history-transfer protocol and the range-invalidate FSM.
 *
 * Per cycle the top calls, in this order:
 *   cc_eval_moore()  outputs that depend on state only (channel valids and data);
 *   cc_eval_mealy()  readies and Mealy outputs, after the directory's outputs are known;
 *   cc_step()        the clock edge, from this cycle's handshakes;
 *   cc_reg_write()   an accepted register write, after cc_step (takes effect at the edge). */
#ifndef RINV_CC_H
#define RINV_CC_H

#include <stdint.h>

#include "rinv_io.h"
#include "rinv_params.h"

#define CC_MAX_L1 RINV_N_PORTS

typedef struct cc cc_t;

/* One cycle's signals at the cache controller's boundary. */
typedef struct cc_io {
  /* --- state-only outputs (cc_eval_moore) --- */
  uint32_t req_valid, req_we, req_line;
  uint64_t req_wmask;
  const uint8_t *req_wdata;  /* 64 bytes; valid until cc_step */
  uint32_t hist_valid, hist_last, hist_line;
  uint32_t ack_valid, ack_hits;
  uint32_t resp_valid[CC_MAX_L1];  /* by local port */
  uint32_t resp_rdata[CC_MAX_L1];
  /* --- inputs from the directory (its state-only outputs and readies) --- */
  uint32_t probe_valid, probe_first, probe_nlines, probe_setwalk;
  uint32_t req_ready;
  uint32_t fill_valid;
  const uint8_t *fill_data;  /* 64 bytes */
  uint32_t hist_ready, hist_go, hist_done, ack_ready;
  /* --- Mealy outputs (cc_eval_mealy) --- */
  uint32_t port_req_ready[CC_MAX_L1];
  int granted_port;  /* local port accepted this cycle, or -1 */
  uint32_t probe_ready, fill_ready;
  uint32_t inv_count, inv_line;
} cc_io_t;

/* side: 0 CPU, 1 GPU. NULL on allocation failure. */
cc_t *cc_new(const rinv_cfg_t *cfg, unsigned side);
void cc_free(cc_t *cc);
void cc_reset(cc_t *cc);

void cc_eval_moore(const cc_t *cc, cc_io_t *io);
void cc_eval_mealy(const cc_t *cc, const rinv_in_t *in, cc_io_t *io);
void cc_step(cc_t *cc, const rinv_in_t *in, const cc_io_t *io);

/* Register window (§4.3), offsets relative to the window base. reg_read returns 0 if the
 * offset is unmapped; reg_write_ok says whether a write would be accepted. */
int cc_reg_read(const cc_t *cc, uint32_t off, uint32_t *value);
int cc_reg_write_ok(const cc_t *cc, uint32_t off, uint32_t value, unsigned req_side);
void cc_reg_write(cc_t *cc, uint32_t off, uint32_t value);

/* Observers (no effect on state). */
int cc_line_valid(const cc_t *cc, uint32_t line);  /* any array of the side */
uint32_t cc_rec_count(const cc_t *cc);
uint32_t cc_hist_en(const cc_t *cc);
uint32_t cc_tag_lookups(const cc_t *cc);
unsigned cc_n_l1(const cc_t *cc);
uint32_t cc_max_sets(const cc_t *cc);    /* SMAX: largest set count among the arrays */
uint32_t cc_total_lines(const cc_t *cc); /* TOTAL_LINES: lines of all the arrays */
/* Name of the current FSM state, for debug prints. */
const char *cc_state_name(const cc_t *cc);

#endif

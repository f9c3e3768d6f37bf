/* gpu_tcp (ARCHITECTURE_v3_gpu_frontend.md §5), one per CU p: the TCP lookup FSM
 * TIdle/TRd/TCm/TAc/TDt/TFRd/TFCm/TFAc, the MSHRs m[i] and the outbound queue tq[p] (a
 * rinv_fifo of capacity tcp_mshrs, v2 §4.2, on cells of one wide entry {line, we, mask,
 * data, i}).
 *
 * The TCP array (array a = 1 + p of the GPU side: tagst, rr, data cells, v2 §4.3) is NOT
 * in this block: it stays in the GPU side_cc's datapath (v3 §3), whose walker also drives
 * it. gpu_tcp therefore has an array-side interface: its outputs (gpu_tcp_arr_t) say which
 * cell accesses TCP p issues in this cycle (all at bank `bank`, row `row` of the line the
 * TCP works on); its inputs are the cells' registered read data of that bank (with
 * O = tag_oreg = 1, the tagst/rr output registers), exactly what cc_lookup.c reads through
 * ca_tag_q_all / ca_rr_q / ca_data_q. Tag words use cache_array.h's packing
 * (TS_MAKE(tag, TS_VALID)).
 *
 * Per cycle: gpu_tcp_eval() (every output: readies, done, the cdata write, tq head, tq
 * push, array accesses; functions of state, stall, tcp_hold and the Moore outputs of the
 * coalescer (lreq_*) and the TCC (tresp_*), and the array's registered outputs), then
 * gpu_tcp_step() (the edge; clocks tq's cells). */
#ifndef RINV_V2_GPU_TCP_H
#define RINV_V2_GPU_TCP_H

#include <stdint.h>

#include "gpu_fe_cfg.h"
#include "sram.h"

typedef struct gpu_tcp gpu_tcp_t;

typedef struct gpu_tcp_in {
  /* from the coalescer p (Moore) */
  uint32_t lreq_valid, lreq_line, lreq_we, lreq_slot, lreq_k;
  uint64_t lreq_mask;
  const uint8_t *lreq_data; /* 64 bytes */
  /* from the GPU side_cc (TCC, Moore, StTResp): response for this CU */
  uint32_t tresp_valid, tresp_we, tresp_i;
  const uint8_t *tresp_data; /* 64 bytes (0 for a store ack) */
  uint32_t tq_pop;   /* the TCC grants this CU at this edge (pops tq[p]) */
  uint32_t tcp_hold; /* §5.2, from side_cc: kinv_pend || own in {StInit, StWalk, StTcpInv}
                      * || (probe_valid[1] && !stall[7]) */
  uint32_t stall;    /* the stall vector; bits 10 (lreq_ready) and 11 (tresp_ready) */
  /* the TCP array's registered read data, bank `arr.bank` of this cycle's outputs */
  const uint32_t *tag_q; /* tagst words of ways 0 .. l1_ways-1 */
  uint32_t rr_q;
  const uint8_t *data_q; /* 64 bytes */
} gpu_tcp_in_t;

/* cell accesses of TCP p in this cycle, all at (bank, row) of the line being worked on */
typedef struct gpu_tcp_arr {
  uint32_t bank, row;
  uint32_t tag_rd;                          /* read tagst of every way and rr (first Rd cycle) */
  uint32_t data_rd, data_rd_way;            /* read data (row, way) */
  uint32_t tag_wr, tag_wr_way, tag_wr_word; /* write tagst of way at the edge */
  uint32_t rr_wr, rr_wr_val;                /* write rr at the edge */
  uint32_t data_wr, data_wr_way;            /* write data (whole line) at the edge */
  const uint8_t *data_wr_line;
} gpu_tcp_arr_t;

typedef struct gpu_tcp_out {
  uint32_t lreq_ready, tresp_ready;
  uint32_t done_valid, done_slot, done_k;      /* done(slot, k) at this edge */
  uint32_t cwr_valid, cwr_slot, cwr_k;         /* write cdata[slot*CL + k] (tcp_wr) */
  const uint8_t *cwr_data;                     /* 64 bytes */
  uint32_t tq_push;                            /* TAc pushes tq[p] and ord at this edge */
  uint32_t tq_head_valid, tq_line, tq_we, tq_i; /* tq[p] head (rinv_fifo, cell rdata) */
  uint64_t tq_mask;
  const uint8_t *tq_data;
  uint32_t idle; /* tst == TIdle && mc == 0 (p's term of fe_idle, §6.2) */
  uint32_t alias; /* TIdle and lreq_line in a valid MSHR (asked when lreq_valid or it decides
                   * lreq_ready; else 0) */
  gpu_tcp_arr_t arr;
} gpu_tcp_out_t;

/* Statistics (v3 §11) of this TCP; the RESULT fields are the sums (max for mshr_max) */
typedef struct gpu_tcp_stats {
  uint32_t tcp_hits, alias_waits, mshr_full, hold_waits, mshr_max;
} gpu_tcp_stats_t;

gpu_tcp_t *gpu_tcp_new(const gpu_fe_cfg_t *cfg, unsigned cu, rinv_err_t *err);
void gpu_tcp_free(gpu_tcp_t *t);
void gpu_tcp_reset(gpu_tcp_t *t); /* TIdle, MSHRs invalid, tq empty; cells keep contents */

/* The bank whose registered read data the inputs tag_q / rr_q / data_q must carry in this
 * cycle (= arr.bank of gpu_tcp_eval; a state function, so it can be asked first). */
uint32_t gpu_tcp_bank(const gpu_tcp_t *t);
void gpu_tcp_eval(const gpu_tcp_t *t, const gpu_tcp_in_t *in, gpu_tcp_out_t *out);
/* The edge; out must be this cycle's gpu_tcp_eval result for the same in. */
void gpu_tcp_step(gpu_tcp_t *t, const gpu_tcp_in_t *in, const gpu_tcp_out_t *out);

const gpu_tcp_stats_t *gpu_tcp_stats(const gpu_tcp_t *t);
enum { GPU_TCP_TIDLE, GPU_TCP_TRD, GPU_TCP_TCM, GPU_TCP_TAC, GPU_TCP_TDT, GPU_TCP_TFRD,
       GPU_TCP_TFCM, GPU_TCP_TFAC };
uint32_t gpu_tcp_state(const gpu_tcp_t *t);
const char *gpu_tcp_state_name(uint32_t tst);
uint32_t gpu_tcp_mc(const gpu_tcp_t *t);
/* MSHR i: valid, and if valid its line */
uint32_t gpu_tcp_mshr_valid(const gpu_tcp_t *t, uint32_t i);
uint32_t gpu_tcp_mshr_line(const gpu_tcp_t *t, uint32_t i);
uint32_t gpu_tcp_tq_count(const gpu_tcp_t *t);
/* TIdle, no MSHR, tq empty: with no lreq and no tresp offered, gpu_tcp_step would change
 * nothing (the integrator may skip it; speed) */
uint32_t gpu_tcp_quiet(const gpu_tcp_t *t);
/* TIdle, tq's head valid or tq empty (no head load due): with no lreq, no tresp and no pop
 * offered, gpu_tcp_step would change nothing, and gpu_tcp_eval asks no array access and
 * gives no done and no cdata write (the integrator may skip the edge; speed) */
uint32_t gpu_tcp_blocked(const gpu_tcp_t *t);

#endif

/* Tick statistics (docs/ARCHITECTURE_v3_gpu_frontend.md §15): the run's probes charged in
 * gem5 ticks, for inv_ticks / eager_inv_ticks beside the thesis' proposed / Default ticks.
 * A testbench statistic, not hardware: the harness reports the probe handshakes
 * (probe_valid && probe_ready) and the ack handshakes (ack_valid && ack_ready) of each side
 * t (0 CPU, 1 GPU) with their cycle within the run; per acked probe with n lines
 *   msg(t)    = (tick_dir_probe + 2 tick_net_hops tick_link) tick_ruby
 *             + (t == 0 ? tick_resp_cpu tick_ruby : tick_resp_gpu tick_gpu)
 *   seq(t,n)  = n tags(t) period(t),  tags(0) = cpu_l2_lat + n_cpu_l1 cpu_l1_lat,
 *                                     tags(1) = gpu_l2_lat + n_gpu_l1 gpu_l1_lat
 *   seq(t,2^26) = sets(t) period(t)   (the all-probe: a walk over every set of every array,
 *               sets(0) = cpu_l2_sets cpu_l2_lat + n_cpu_l1 cpu_l1_sets cpu_l1_lat, sets(1) alike)
 *   pipe(t)   = (ack_cyc - max(acc_cyc, prev_ack_cyc(t))) period(t)
 * period(0) = tick_ruby, period(1) = tick_gpu; acks return in probe order per side, so the
 * probes in flight are a FIFO per side (TICKS_FIFO_CAP entries, far above the design's
 * probe_inflight <= 8: more in flight is an error, never a wrong sum). A probe is summed at its
 * ack (as its +probe_log row is written): one accepted and not yet acked when the run ends is
 * in neither sum. All ticks are uint64_t; an overflow is an error. No globals. */
#ifndef TB_TICKS_H
#define TB_TICKS_H

#include <stddef.h>
#include <stdint.h>

#include "rinv_params.h"

#define TICKS_FIFO_CAP 64u
/* n of the all-probe (first 0, every line address): charged as a set walk, seq(t, 2^26) */
#define TICKS_ALL_LINES (1u << RINV_LINE_W)

typedef struct ticks ticks_t;

/* The tick parameters and tag latencies of cfg (copied). NULL if out of memory. */
ticks_t *ticks_new(const rinv_cfg_t *cfg);
void ticks_free(ticks_t *t);
/* Run start: sums 0, no probe in flight, no earlier ack. */
void ticks_reset(ticks_t *t);
/* A mid-run reset: side's probes in flight are never acked; they are forgotten (the sums of
 * the probes acked before it stay). */
void ticks_drop(ticks_t *t, unsigned side);

/* The probe handshake of side (the probe's target) in cycle cyc of the run, nlines lines.
 * 0, or -1 with err (if n > 0) naming the capacity when TICKS_FIFO_CAP probes of the side are
 * already in flight. */
int ticks_probe(ticks_t *t, unsigned side, uint64_t cyc, uint32_t nlines, char *err, size_t n);
/* The ack handshake of side in cycle cyc of the run: the side's oldest probe in flight is
 * summed. 0, or -1 with err: no probe in flight, an ack before its probe, or an overflow. */
int ticks_ack(ticks_t *t, unsigned side, uint64_t cyc, char *err, size_t n);

/* Sums over the probes acked since ticks_reset. */
uint64_t ticks_seq(const ticks_t *t);
uint64_t ticks_pipe(const ticks_t *t);
/* msg(side) of the parameters. */
uint64_t ticks_msg(const ticks_t *t, unsigned side);
/* eager_inv_ticks = to_cpu msg(0) + to_gpu msg(1) into *out: 0, or -1 on overflow. */
int ticks_eager(const ticks_t *t, uint64_t to_cpu, uint64_t to_gpu, uint64_t *out);

#endif

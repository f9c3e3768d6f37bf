/* Tick statistics (ticks.h; docs/ARCHITECTURE_v3_gpu_frontend.md §15). */
#include "ticks.h"

#include <stdio.h>
#include <stdlib.h>

/* One side's probes in flight (a ring, oldest at head) and its last ack. */
typedef struct ticks_side {
  uint64_t acc[TICKS_FIFO_CAP];
  uint32_t nlines[TICKS_FIFO_CAP];
  unsigned head, count;
  uint64_t prev_ack; /* cycle of the side's previous ack in this run, 0 before the first */
} ticks_side_t;

struct ticks {
  uint64_t msg[2];    /* msg(t) */
  uint64_t tagp[2];   /* tags(t) * period(t): seq(t, n) = n * tagp[t] */
  uint64_t allp[2];   /* sets(t) * period(t): seq(t, 2^26), the all-probe's set walk */
  uint64_t period[2]; /* period(t) */
  uint64_t seq, pipe;
  ticks_side_t side[2];
};

ticks_t *ticks_new(const rinv_cfg_t *c) {
  ticks_t *t = calloc(1, sizeof *t);
  if (!t) return NULL;
  /* the parameters are bounded by rinv_cfg_check (tools/gen_params.py): ticks per cycle
   * <= 10^6, cycles and links <= 65535, latencies <= 8; none of these products overflows */
  uint64_t ruby = c->tick_ruby, gpu = c->tick_gpu;
  uint64_t net = ((uint64_t)c->tick_dir_probe + 2u * (uint64_t)c->tick_net_hops * c->tick_link);
  t->period[0] = ruby;
  t->period[1] = gpu;
  t->msg[0] = net * ruby + (uint64_t)c->tick_resp_cpu * ruby;
  t->msg[1] = net * ruby + (uint64_t)c->tick_resp_gpu * gpu;
  t->tagp[0] = ((uint64_t)c->cpu_l2_lat + (uint64_t)RINV_N_CPU_L1 * c->cpu_l1_lat) * ruby;
  t->tagp[1] = ((uint64_t)c->gpu_l2_lat + (uint64_t)RINV_N_GPU_L1 * c->gpu_l1_lat) * gpu;
  /* sets <= 2^26 and latencies <= 8: sets(t) < 2^33, times 10^6 < 2^53 */
  t->allp[0] = ((uint64_t)c->cpu_l2_sets * c->cpu_l2_lat +
                (uint64_t)RINV_N_CPU_L1 * c->cpu_l1_sets * c->cpu_l1_lat) * ruby;
  t->allp[1] = ((uint64_t)c->gpu_l2_sets * c->gpu_l2_lat +
                (uint64_t)RINV_N_GPU_L1 * c->gpu_l1_sets * c->gpu_l1_lat) * gpu;
  return t;
}

void ticks_free(ticks_t *t) { free(t); }

void ticks_reset(ticks_t *t) {
  t->seq = t->pipe = 0;
  for (unsigned s = 0; s < 2u; s++) {
    t->side[s].head = t->side[s].count = 0;
    t->side[s].prev_ack = 0;
  }
}

void ticks_drop(ticks_t *t, unsigned side) {
  t->side[side & 1u].head = t->side[side & 1u].count = 0;
}

int ticks_probe(ticks_t *t, unsigned side, uint64_t cyc, uint32_t nlines, char *err, size_t n) {
  ticks_side_t *d = &t->side[side & 1u];
  if (d->count == TICKS_FIFO_CAP) {
    if (err && n) {
      snprintf(err, n, "ticks: a probe to side %u in cycle %llu with %u probes of that side "
               "already in flight: more than the tick FIFO's capacity %u (tb/ticks.h)", side,
               (unsigned long long)cyc, d->count, TICKS_FIFO_CAP);
    }
    return -1;
  }
  unsigned i = (d->head + d->count++) % TICKS_FIFO_CAP;
  d->acc[i] = cyc;
  d->nlines[i] = nlines;
  return 0;
}

int ticks_ack(ticks_t *t, unsigned side, uint64_t cyc, char *err, size_t n) {
  unsigned s = side & 1u;
  ticks_side_t *d = &t->side[s];
  if (d->count == 0) {
    if (err && n) snprintf(err, n, "ticks: an ack of side %u in cycle %llu with no probe in "
                           "flight", side, (unsigned long long)cyc);
    return -1;
  }
  uint64_t acc = d->acc[d->head];
  uint32_t nl = d->nlines[d->head];
  uint64_t from = acc > d->prev_ack ? acc : d->prev_ack;
  if (cyc < from) {
    if (err && n) snprintf(err, n, "ticks: an ack of side %u in cycle %llu before cycle %llu "
                           "(its probe's, or the previous ack's)", side,
                           (unsigned long long)cyc, (unsigned long long)from);
    return -1;
  }
  d->head = (d->head + 1u) % TICKS_FIFO_CAP;
  d->count--;
  d->prev_ack = cyc;
  uint64_t seq, pipe;
  int ovf = 0;
  if (nl == TICKS_ALL_LINES) seq = t->allp[s]; /* the whole address space: a set walk */
  else ovf = __builtin_mul_overflow((uint64_t)nl, t->tagp[s], &seq);
  ovf |= __builtin_add_overflow(seq, t->msg[s], &seq);
  ovf |= __builtin_mul_overflow(cyc - from, t->period[s], &pipe);
  ovf |= __builtin_add_overflow(pipe, t->msg[s], &pipe);
  ovf |= __builtin_add_overflow(t->seq, seq, &t->seq);
  ovf |= __builtin_add_overflow(t->pipe, pipe, &t->pipe);
  if (ovf) {
    if (err && n) snprintf(err, n, "ticks: the tick sums overflow 64 bits at an ack of side %u "
                           "in cycle %llu", side, (unsigned long long)cyc);
    return -1;
  }
  return 0;
}

uint64_t ticks_seq(const ticks_t *t) { return t->seq; }
uint64_t ticks_pipe(const ticks_t *t) { return t->pipe; }
uint64_t ticks_msg(const ticks_t *t, unsigned side) { return t->msg[side & 1u]; }

int ticks_eager(const ticks_t *t, uint64_t to_cpu, uint64_t to_gpu, uint64_t *out) {
  uint64_t a, b;
  int ovf = __builtin_mul_overflow(to_cpu, t->msg[0], &a);
  ovf |= __builtin_mul_overflow(to_gpu, t->msg[1], &b);
  ovf |= __builtin_add_overflow(a, b, out);
  return ovf ? -1 : 0;
}

/* +reset_at: reset in the middle of an operation (ARCHITECTURE.md §2). */
#include "harness_int.h"

/* ---- +reset_at: reset in the middle of an operation (ARCHITECTURE.md §2) ------------- */

static void reset_read_line(void *ctx, uint32_t line, uint32_t words[16]) {
  harness_t *h = ctx;
  mem_read_line(h->mem, line, words);
  if (h->o.inject == INJ_RESET_MEMORY) {
    /* +inject=reset_memory: the memory loses what was written back (the check must fire) */
    for (unsigned w = 0; w < 16; w++) words[w] ^= 0x5a5a5a5au;
    mem_write_line(h->mem, line, words, ~0ull);
    h->injected = 1;
  }
}

static void reset_bad_byte(void *ctx, uint32_t line, unsigned byte, unsigned expected,
                           unsigned got) {
  harness_t *h = ctx;
  if (h->reset_bad_bytes++ < 8) {
    error_msg(h, "reset: byte 0x%08x was written back, but memory holds 0x%02x, expected 0x%02x",
              (line << 6) + byte, got, expected);
  } else {
    h->errors++;
  }
}

/* Did this cycle (outputs out, inputs h->in, previous inv_busy h->prev_inv_busy) show the event? */
int reset_event_seen(const harness_t *h, const rinv_out_t *out) {
  const rinv_in_t *in = &h->in;
  switch (h->o.reset_ev) {
    case RESET_EV_CYCLE: return h->run_cycles >= h->o.reset_k;
    case RESET_EV_INV: return out->inv_busy && !(h->have_prev && h->prev_inv_busy);
    case RESET_EV_HIST: return out->hist_go[0] || out->hist_go[1];
    case RESET_EV_WB: return out->mem_req_valid && in->mem_req_ready && out->mem_req_we;
    case RESET_EV_FILL: return out->mem_req_valid && in->mem_req_ready && !out->mem_req_we;
    case RESET_EV_PROBE:
      return (out->probe_valid[0] && out->probe_ready[0]) ||
             (out->probe_valid[1] && out->probe_ready[1]);
    default: return 0;
  }
}

/* Asserts reset after this cycle's edge. Defined outcome: the design's state (caches, FIFOs,
 * tables, registers, counters) returns to reset values; memory keeps every write it took.
 * The checks: every byte whose newest value had been written to memory is still there; the
 * reference becomes memory's content; the side programs resume at the next acquire record
 * in file order (ops in between, and those in flight, are abandoned). */
void mid_reset(harness_t *h) {
  e2e_reset(h->e2e);
  corners_reset(h->corners, 1u, 0u);
  uint64_t discarded = 0;
  refmem_rebase(h->ref, h, reset_read_line, reset_bad_byte, &discarded);
  h->reset_discarded += discarded;
  /* abandon everything in flight */
  uint64_t dropped = 0;
  for (unsigned p = 0; p < TR_N_PORTS; p++) {
    port_q_t *q = &h->port[p];
    if (q->st != PQ_IDLE) {
      h->dropped[q->cur] = 1;
      dropped++;
      q->st = PQ_IDLE;
    }
    for (; q->pcount; q->pcount--, q->phead = (q->phead + 1u) % q->pcap) {
      h->dropped[q->pend[q->phead].op] = 1;
      dropped++;
    }
  }
  for (unsigned s = 0; s < N_SIDES; s++) {
    drv_abort(&h->drv[s]);
    side_checks_clear(h, s);
  }
  h->reg_inflight = 0;
  h->ax_st = AX_IDLE;
  mem_abort(h->mem);
  h->mem_reads = 0;
  h->inv_src = -1;
  h->rel_count = h->probe_count = 0; /* the design's counters restart too */
  /* cut the program at the next acquire record not yet started */
  size_t cut = h->prog->n;
  size_t k = h->gnext;
  while (k < h->nsyncs && h->prog->ops[h->syncs[k]].kind != TR_ACQUIRE) k++;
  if (k < h->nsyncs) cut = h->syncs[k];
  h->issued += k - h->gnext;
  h->gnext = k;
  h->syncs_done[0] = h->syncs_done[1] = 0;
  for (size_t j = 0; j < k; j++) h->syncs_done[h->prog->ops[h->syncs[j]].side]++;
  /* nobody holds the lock now: a side's releases before its next acquire are skipped (a
   * contended acquire of one side comes before the other side's release in file order) */
  int seen_acquire[N_SIDES] = {0, 0};
  for (size_t j = k; j < h->nsyncs; j++) {
    const tr_op_t *op = &h->prog->ops[h->syncs[j]];
    if (op->kind == TR_ACQUIRE) seen_acquire[op->side] = 1;
    if (op->kind == TR_RELEASE && !seen_acquire[op->side]) h->dropped[h->syncs[j]] = 1;
  }
  for (unsigned s = 0; s < N_SIDES; s++) {
    memset(h->ops_left[s], 0, (h->nsync_side[s] + 1u) * sizeof(uint32_t));
  }
  for (unsigned p = 0; p < TR_N_PORTS; p++) {
    port_q_t *q = &h->port[p];
    for (size_t j = q->next; j < q->n; j++) {
      size_t i = q->ops[j];
      if (h->dropped[i]) continue;
      if (i < cut) {
        h->dropped[i] = 1;
        dropped++;
        h->issued++; /* abandoned: counts as done for the progress line */
      } else {
        h->ops_left[h->prog->ops[i].side][h->seg[i]]++;
      }
    }
  }
  h->reset_dropped_ops += dropped;
  xcu_new_epoch(h->xcu); /* the GPU's next epoch starts at its next acquire */
  h->resets++;
  printf("note: +reset_at: reset asserted after cycle %llu (run cycle %llu): %llu lines lost "
         "their unwritten data, %llu ops abandoned, resuming at %s\n",
         (unsigned long long)h->gcyc, (unsigned long long)h->run_cycles,
         (unsigned long long)discarded, (unsigned long long)dropped,
         cut < h->prog->n ? "the next acquire" : "the end of the program");
  txlog(h, "reset asserted (+reset_at)");
  h->phase = PH_RESET;
  h->reset_left = RESET_CYCLES;
  h->mid_reset = 1;
  h->setup_started = 0;
  h->have_prev = 0;
  h->last_progress = h->gcyc;
}

/* Observers of one cycle's outputs: lockstep comparison, ports and load checks, AXI, memory,
 * internal channels, the coherence and end-to-end checks, the deadlock report. */
#include "harness_int.h"

/* ------------------------------------------------------------------------------------ */
/* observe                                                                               */

static void on_mismatch_field(void *ctx, const char *field, int index, const char *expected,
                              const char *got) {
  harness_t *h = ctx;
  if (index >= 0) {
    printf("MISMATCH at cycle %llu: %s[%d] expected %s got %s\n", (unsigned long long)h->gcyc,
           field, index, expected, got);
  } else {
    printf("MISMATCH at cycle %llu: %s expected %s got %s\n", (unsigned long long)h->gcyc,
           field, expected, got);
  }
}

void lockstep_check(harness_t *h, const rinv_out_t *rtl) {
  rinv_out_t exp;
  rinv_model_step(h->checker, &h->in, &exp);
  rinv_out_t inj;
  const rinv_out_t *out = rtl;
  if (h->o.inject == INJ_MISMATCH && h->gcyc == h->o.inject_cycle) {
    inj = *rtl;
    inj.stat_probes ^= 0x80000000u;
    out = &inj;
    printf("note: +inject: flipping bit 31 of the RTL's stat_probes in cycle %llu\n",
           (unsigned long long)h->gcyc);
  }
  int first = !h->mismatch_seen;
  unsigned n = rinv_out_compare(&exp, out, first ? on_mismatch_field : NULL, h);
  if (n == 0) return;
  h->mismatches++;
  if (first) {
    h->mismatch_seen = 1;
    h->first_mismatch_gcyc = h->gcyc;
    h->stop_at_gcyc = h->gcyc + MISMATCH_TAIL;
    printf("(cycle %llu is cycle %llu of run %u; model = expected, RTL = got)\n",
           (unsigned long long)h->gcyc, (unsigned long long)(h->gcyc - h->run_start),
           h->run_idx + 1);
    txlog_print(h);
    printf("continuing %u cycles, then stopping\n", MISMATCH_TAIL);
    fflush(stdout);
  }
}

/* The response of port p's oldest op in flight. */
static void port_response(harness_t *h, unsigned p, port_q_t *q, uint32_t got) {
  const port_pend_t *e = &q->pend[q->phead];
  const tr_op_t *op = &h->prog->ops[e->op];
  int checked = e->checked;
  if (checked && op->side == 1 && xcu_other(h->xcu, op->addr, p - TR_N_CPU_PORTS)) {
    /* another CU stored a byte of the word in this GPU epoch (v3 §9) */
    checked = 0;
    h->loads_xcu++;
  }
  if (h->o.inject == INJ_STALE && op->kind == TR_LD && checked && !h->injected) {
    h->injected = 1;
    got ^= 1u;
    printf("note: +inject: flipping bit 0 of a load value seen by the checker\n");
  }
  txlog(h, "port %s resp %s 0x%08x rdata 0x%08x", tr_port_name(p),
        op->kind == TR_ST ? "st" : "ld", op->addr, got);
  if (op->kind == TR_LD && checked) {
    h->loads_checked++;
    if (got != e->expect) {
      h->stale_reads++;
      if (h->stale_reads <= MAX_STALE_PRINT) {
        printf("STALE READ at cycle %llu: port %s ld 0x%08x (request cycle %llu) expected "
               "0x%08x got 0x%08x",
               (unsigned long long)h->gcyc, tr_port_name(p), op->addr,
               (unsigned long long)e->req_cyc, e->expect, got);
        if (op->line) printf(" (trace line %u)", op->line);
        printf("\n");
      }
    }
  }
  if (op->kind == TR_ST && op->side == 1 && (op->wstrb & 0xFu)) {
    refmem_inflight_end(h->ref, op->addr, h->gcyc); /* merged in the TCC by now (v3 §2) */
  }
  h->ops_left[op->side][h->seg[e->op]]--;
  q->phead = (q->phead + 1u) % q->pcap;
  q->pcount--;
  h->last_progress = h->gcyc;
}

/* The handshake of the op port p drives (q->cur): the reference is updated here, in
 * acceptance order (a GPU store another CU raced is tainted, v3 §9). */
static void port_accept(harness_t *h, unsigned p, port_q_t *q) {
  const tr_op_t *op = &h->prog->ops[q->cur];
  unsigned s = op->side;
  port_pend_t *e = &q->pend[(q->phead + q->pcount) % q->pcap];
  q->pcount++;
  e->op = q->cur;
  e->req_cyc = h->gcyc;
  e->checked = 0;
  q->next++;
  q->st = PQ_IDLE;
  h->issued++;
  h->last_progress = h->gcyc;
  eager_port_accept(h->eager, s, op->kind == TR_ST);
  owner_policy_access(h->owner, s, op->kind == TR_ST, op->addr >> 6);
  if (op->kind == TR_ST) {
    unsigned raced = 0;
    if (s == 1) {
      int r = xcu_store(h->xcu, op->addr, op->wstrb, p - TR_N_CPU_PORTS);
      if (r < 0) {
        fprintf(stderr, "out of memory (cross-CU store sets)\n");
        exit(2);
      }
      raced = (unsigned)r;
    }
    /* a non-holder's bytes and bytes another CU raced in this epoch are tainted */
    unsigned taint = h->holds_lock[s] ? raced : 0xFu;
    refmem_store(h->ref, op->addr, op->data, op->wstrb, taint, s, h->gcyc);
    if (raced & op->wstrb & 0xFu) {
      /* which of the racing stores the TCC keeps is not defined (v3 §9): the raced bytes'
       * value in memory is not checked by the end-to-end check either */
      refmem_forget_pending(h->ref, op->addr >> 6,
                            (uint64_t)(raced & op->wstrb) << (op->addr & 0x3cu));
    }
    if (s == 1 && (op->wstrb & 0xFu)) refmem_inflight_begin(h->ref, op->addr);
    if (h->holds_lock[s]) lineset_add(&h->epoch[s], op->addr >> 6);
    txlog(h, "port %s req st 0x%08x data 0x%08x wstrb 0x%x", tr_port_name(p), op->addr,
          op->data, op->wstrb);
  } else {
    int tainted = 0;
    uint32_t v = refmem_load(h->ref, op->addr, &tainted);
    if (h->holds_lock[s] && !tainted) {
      e->checked = 1;
      e->expect = v;
    }
    txlog(h, "port %s req ld 0x%08x", tr_port_name(p), op->addr);
  }
}

void observe_ports(harness_t *h, const rinv_out_t *out) {
  /* +inject=sva armed in this cycle (h->injected is read again when it is) */
  int inj = h->o.inject == INJ_SVA && !h->injected && h->gcyc >= h->o.inject_cycle;
  for (unsigned p = 0; p < TR_N_PORTS; p++) {
    port_q_t *q = &h->port[p];
    if (q->st != PQ_VALID && !q->pcount) continue; /* nothing driven, nothing in flight */
    if (inj && !h->injected && q->st == PQ_VALID && h->in.port_req_valid[p] &&
        !out->port_req_ready[p]) {
      h->injected = 1;
      h->sva_drop_port = (int)p;
      inj = 0;
    }
    /* the response first: it belongs to an op taken in an earlier cycle */
    if (q->pcount && out->port_resp_valid[p] && h->in.port_resp_ready[p]) {
      port_response(h, p, q, out->port_resp_rdata[p]);
    }
    if (q->st == PQ_VALID && out->port_req_ready[p]) port_accept(h, p, q);
  }
}

void observe_axi(harness_t *h, const rinv_out_t *out) {
  side_drv_t *d = &h->drv[h->ax_side];
  const rinv_in_t *in = &h->in;
  switch (h->ax_st) {
    case AX_W:
      if (in->axi_awvalid && out->axi_awready) h->ax_aw_done = 1;
      if (in->axi_wvalid && out->axi_wready) h->ax_w_done = 1;
      if (h->ax_aw_done && h->ax_w_done) {
        txlog(h, "axi %s write 0x%08x <- 0x%08x", tr_side_name(h->ax_side), d->req_addr,
              d->req_data);
        h->ax_st = AX_B;
      }
      break;
    case AX_B:
      if (out->axi_bvalid && in->axi_bready) {
        d->resp = out->axi_bresp;
        d->req_done = 1;
        corners_reg_write(h->corners, d->req_addr, d->req_data, out->axi_bresp == 0);
        h->ax_st = AX_IDLE;
        txlog(h, "axi %s bresp %s", tr_side_name(h->ax_side), out->axi_bresp ? "SLVERR" : "OKAY");
      }
      break;
    case AX_AR:
      if (in->axi_arvalid && out->axi_arready) {
        h->ax_st = AX_R;
        txlog(h, "axi %s read 0x%08x", tr_side_name(h->ax_side), d->req_addr);
      }
      break;
    case AX_R:
      if (out->axi_rvalid && in->axi_rready) {
        d->resp = out->axi_rresp;
        d->rdata = out->axi_rdata;
        d->req_done = 1;
        h->ax_st = AX_IDLE;
        txlog(h, "axi %s rdata 0x%08x %s", tr_side_name(h->ax_side), out->axi_rdata,
              out->axi_rresp ? "SLVERR" : "OKAY");
      }
      break;
    default: break;
  }
}

void observe_mem(harness_t *h, const rinv_out_t *out) {
  if (h->in.mem_resp_valid) {
    txlog(h, "mem resp");
    if (h->mem_reads) h->mem_reads--;
  }
  if (out->mem_req_valid && h->in.mem_req_ready) {
    h->last_progress = h->gcyc;
    if (out->mem_req_we) {
      txlog(h, "mem write line 0x%07x mask 0x%016llx", out->mem_req_line,
            (unsigned long long)out->mem_req_wmask);
      if (e2e_mem_write(h->e2e, out->mem_req_line)) {
        /* +inject=drop_wb_*: the memory takes the write but keeps none of its bytes */
        printf("note: +inject: dropping the memory write of line 0x%07x (a dirty write-back "
               "of an invalidation) in cycle %llu\n", out->mem_req_line,
               (unsigned long long)h->gcyc);
        h->injected = 1;
        rinv_out_t dropped = *out;
        dropped.mem_req_wmask = 0;
        mem_step_out(h->mem, &h->in, &dropped);
        return;
      }
      refmem_writeback(h->ref, out->mem_req_line, out->mem_req_wdata, out->mem_req_wmask);
    } else {
      if (h->mem_reads) error_msg(h, "memory: a second read while one is outstanding");
      h->mem_reads++;
      txlog(h, "mem read line 0x%07x", out->mem_req_line);
    }
  }
  mem_step_out(h->mem, &h->in, out); /* the edge */
}

void observe_internal(harness_t *h, const rinv_out_t *out) {
  char terr[200];
  for (unsigned s = 0; s < N_SIDES; s++) {
    /* no valid, no hist_go or hist_done on this side (most cycles): nothing below acts */
    if (!(out->cc_req_valid[s] | out->fill_valid[s] | out->hist_valid[s] | out->probe_valid[s] |
          out->ack_valid[s] | out->hist_go[s] | out->hist_done[s])) {
      continue;
    }
    const char *sn = tr_side_name(s);
    if (out->cc_req_valid[s] && out->cc_req_ready[s]) {
      h->last_progress = h->gcyc;
      txlog(h, "cc_req %s %s line 0x%07x mask 0x%016llx", sn, out->cc_req_we[s] ? "wr" : "rd",
            out->cc_req_line[s], (unsigned long long)out->cc_req_wmask[s]);
      if (!out->cc_req_we[s]) {
        lineset_remove(&h->pending[s], out->cc_req_line[s]);
        /* fetched while an invalidation runs (unsynchronised traffic of the target side):
         * it may legitimately be valid after done, so it is not checked by that release */
        if (out->inv_busy || (h->have_prev && h->prev_inv_busy)) {
          lineset_add(&h->refetch[s], out->cc_req_line[s]);
        }
      }
      if (!out->cc_req_we[s]) {
        eager_fill_req(h->eager, s, refmem_inflight(h->ref, out->cc_req_line[s]) != 0);
      }
      else e2e_cc_write(h->e2e, s, out->cc_req_line[s]);
    }
    if (out->fill_valid[s] && out->fill_ready[s]) {
      h->last_progress = h->gcyc;
      txlog(h, "fill %s", sn);
    }
    if (out->hist_valid[s] && out->hist_ready[s]) {
      h->last_progress = h->gcyc;
      if (out->hist_last[s]) txlog(h, "hist %s last", sn);
      else txlog(h, "hist %s line 0x%07x", sn, out->hist_line[s]);
    }
    if (out->probe_valid[s] && out->probe_ready[s]) {
      h->last_progress = h->gcyc;
      h->probe_count++;
      txlog(h, "probe %s->%s first 0x%07x n %u%s", tr_side_name(1 - s), sn, out->probe_first[s],
            out->probe_nlines[s], out->probe_setwalk[s] ? " setwalk" : "");
      if (h->probe_row_count[s] < PROBE_ROWS) {
        unsigned i = (h->probe_row_head[s] + h->probe_row_count[s]++) % PROBE_ROWS;
        h->probe_row_cyc[s][i] = h->gcyc - h->run_start;
        h->probe_row_rel[s][i] = h->rel_count;
        h->probe_row_first[s][i] = out->probe_first[s];
        h->probe_row_n[s][i] = out->probe_nlines[s];
      }
      e2e_probe(h->e2e, s, out->probe_first[s], out->probe_nlines[s], out->probe_setwalk[s]);
      if (ticks_probe(h->ticks, s, h->gcyc - h->run_start, out->probe_nlines[s], terr,
                      sizeof terr) != 0) {
        error_msg(h, "%s", terr);
      }
    }
    if (out->ack_valid[s] && out->ack_ready[s]) {
      h->last_progress = h->gcyc;
      txlog(h, "ack %s hits %u", sn, out->ack_hits[s]);
      e2e_ack(h->e2e, s);
      if (ticks_ack(h->ticks, s, h->gcyc - h->run_start, terr, sizeof terr) != 0) {
        error_msg(h, "%s", terr);
      }
      if (h->probe_row_count[s]) {
        unsigned i = h->probe_row_head[s];
        if (h->probe_log) {
          fprintf(h->probe_log, "%llu,%u,%s,%s,0x%08llx,%u,%u,%llu\n",
                  (unsigned long long)h->probe_row_cyc[s][i], h->probe_row_rel[s][i],
                  tr_side_name(1 - s), sn, (unsigned long long)h->probe_row_first[s][i] << 6,
                  h->probe_row_n[s][i], out->ack_hits[s],
                  (unsigned long long)(h->gcyc - h->run_start));
        }
        h->probe_row_head[s] = (i + 1u) % PROBE_ROWS;
        h->probe_row_count[s]--;
      }
    }
    if (out->hist_go[s]) txlog(h, "hist_go %s", sn);
    if (out->hist_done[s]) txlog(h, "hist_done %s", sn);
  }
  int prev_busy = h->have_prev ? (int)h->prev_inv_busy : 0;
  int prev_done = h->have_prev ? (int)h->prev_inv_done : 0;
  if (out->inv_busy && !prev_busy) {
    h->rel_count++;
    h->inv_src = out->lock_owner >= 1 && out->lock_owner <= 2 ? (int)out->lock_owner - 1 : -1;
    txlog(h, "invalidation %u start (owner %u)", h->rel_count, out->lock_owner);
    if (h->inv_src >= 0) e2e_inv_start(h->e2e, (unsigned)h->inv_src, h->gcyc, h->rel_count);
    h->last_progress = h->gcyc;
  }
  if (out->inv_done && !prev_done) {
    txlog(h, "invalidation %u done", h->rel_count);
    h->last_progress = h->gcyc;
    if (h->inv_src < 0) {
      error_msg(h, "inv_done rose but no owner was seen at INV_START");
    } else {
      unsigned src = (unsigned)h->inv_src, tgt = 1u - src;
      lineset_t *e = &h->epoch[src];
      if (e2e_inv_done(h->e2e, e->fifo, e->n) < 0) abort();
      for (size_t i = 0; i < e->n; i++) {
        if (!lineset_has(&h->refetch[tgt], e->fifo[i])) lineset_add(&h->pending[tgt], e->fifo[i]);
      }
      lineset_clear(e);
      lineset_clear(&h->refetch[0]);
      lineset_clear(&h->refetch[1]);
    }
  }
}

void observe_dbg(harness_t *h, const rinv_out_t *out) {
  for (unsigned s = 0; s < N_SIDES; s++) {
    if (!h->dbg_sel[s]) continue;
    uint32_t line = h->dbg_line[s];
    lineset_remove(&h->pending[s], line);
    int valid = (int)out->dbg_valid[s];
    if (h->o.inject == INJ_COHERENCE && !h->injected) {
      h->injected = 1;
      valid = 1;
      printf("note: +inject: reporting a checked line as valid to the coherence check\n");
    }
    h->coh_checked++;
    if (valid) {
      h->errors++;
      if (h->coh_printed++ < MAX_COH_PRINT) {
        printf("COHERENCE ERROR at cycle %llu: line 0x%07x (addr 0x%08x) written by %s in the "
               "released epoch is still valid in the %s caches after invalidation %u\n",
               (unsigned long long)h->gcyc, line, line << 6, tr_side_name(1 - s),
               tr_side_name(s), h->rel_count);
      }
    }
  }
}

/* tb/e2e.h: a byte that memory should hold after a release but does not. */
void e2e_bad(void *ctx, const char *kind, unsigned side, uint32_t line, uint64_t mask,
                    unsigned release) {
  harness_t *h = ctx;
  h->errors++;
  h->lost_bytes += (uint64_t)__builtin_popcountll(mask);
  if (h->lost_printed++ < MAX_COH_PRINT) {
    printf("LOST WRITE at cycle %llu: after release %u, memory lacks bytes 0x%016llx of line "
           "0x%07x (addr 0x%08x) stored by %s (%s): %s\n",
           (unsigned long long)h->gcyc, release, (unsigned long long)mask, line, line << 6,
           tr_side_name(side), kind,
           strcmp(kind, "release") == 0
               ? "the release write-back did not carry them"
               : "the line was probed but its dirty bytes were not written back");
  }
}

int program_complete(const harness_t *h) {
  if (h->phase != PH_RUN) return 0;
  if (h->gnext < h->nsyncs) return 0;
  for (unsigned s = 0; s < N_SIDES; s++) {
    if (h->drv[s].kind != SK_NONE) return 0;
  }
  for (unsigned p = 0; p < TR_N_PORTS; p++) {
    const port_q_t *q = &h->port[p];
    if (q->next < q->n || q->st != PQ_IDLE || q->pcount) return 0;
  }
  return h->ax_st == AX_IDLE;
}

void report_deadlock(harness_t *h) {
  error_msg(h, "deadlock: no progress for %llu cycles; waiting:", WATCHDOG_CYCLES);
  for (unsigned p = 0; p < TR_N_PORTS; p++) {
    const port_q_t *q = &h->port[p];
    if (q->pcount) {
      const tr_op_t *op = &h->prog->ops[q->pend[q->phead].op];
      printf("  port %s: %zu ops in flight, the oldest %s 0x%08x waiting for its response\n",
             tr_port_name(p), q->pcount, op->kind == TR_ST ? "st" : "ld", op->addr);
    }
    if (q->st == PQ_VALID) {
      const tr_op_t *op = &h->prog->ops[q->cur];
      printf("  port %s: %s 0x%08x waiting for port_req_ready\n", tr_port_name(p),
             op->kind == TR_ST ? "st" : "ld", op->addr);
    } else if (q->next < q->n && !q->pcount) {
      printf("  port %s: %zu ops left, blocked behind a sync record of its side\n",
             tr_port_name(p), q->n - q->next);
    }
  }
  for (unsigned s = 0; s < N_SIDES; s++) {
    const side_drv_t *d = &h->drv[s];
    if (d->kind != SK_NONE) {
      printf("  %s %s: in register access %s 0x%08x\n", tr_side_name(s), sk_name(d->kind),
             d->req_we ? "write" : "read", d->req_addr);
    }
  }
  if (h->gnext < h->nsyncs) {
    const tr_op_t *op = &h->prog->ops[h->syncs[h->gnext]];
    printf("  next sync record: %s %s (waiting for %u outstanding ops / earlier syncs of %s)\n",
           tr_side_name(op->side),
           op->kind == TR_ACQUIRE ? "acquire" : op->kind == TR_RELEASE ? "release" : "wr/rd",
           h->ops_left[op->side][h->seg[h->syncs[h->gnext]]], tr_side_name(op->side));
  }
  if (h->phase == PH_DRAIN) {
    printf("  coherence check: %zu cpu / %zu gpu lines pending\n", h->pending[0].count,
           h->pending[1].count);
  }
  printf("  axi master state %d, memory read %s, lock owner %u, inv_busy %u\n", h->ax_st,
         h->mem_reads ? "outstanding" : "idle", last_out(h)->lock_owner,
         last_out(h)->inv_busy);
  txlog_print(h);
}

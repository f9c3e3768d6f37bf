/* Testbench cycle engine (see harness.h): run set-up and tear-down, the inputs of each
 * cycle, the observation order, the standalone loop. */
#include "harness_int.h"

/* ------------------------------------------------------------------------------------ */
/* small helpers                                                                         */

static uint32_t rng_next(harness_t *h) {
  h->rng ^= h->rng >> 12;
  h->rng ^= h->rng << 25;
  h->rng ^= h->rng >> 27;
  return (uint32_t)((h->rng * 0x2545F4914F6CDD1Dull) >> 32);
}

/* 1 with probability stall%. */
static int stalled(harness_t *h) {
  if (h->o.stall == 0) return 0;
  return (rng_next(h) % 100u) < h->o.stall;
}

/* The conversion at fmt (just after a '%'): its length and the number of 'l's; conv gets
 * the conversion character. */
static size_t txlog_conv(const char *fmt, char *conv, unsigned *nl) {
  size_t k = 0;
  *nl = 0;
  while ((fmt[k] >= '0' && fmt[k] <= '9') || fmt[k] == '-' || fmt[k] == '+' || fmt[k] == ' ' ||
         fmt[k] == '#' || fmt[k] == '.') {
    k++;
  }
  while (fmt[k] == 'l') {
    (*nl)++;
    k++;
  }
  *conv = fmt[k];
  return fmt[k] ? k + 1 : k;
}

/* Records the arguments only: formatting every transaction cost more than the rest of the
 * harness (it is printed only on a mismatch or a deadlock). */
static const txlog_fmt_t *txlog_kinds(harness_t *h, const char *fmt) {
  txlog_fmt_t *t = &h->txlog_fmts[((uintptr_t)fmt >> 3) % TXLOG_FMTS];
  if (t->fmt == fmt) return t;
  t->fmt = fmt;
  t->n = 0;
  for (const char *f = fmt; *f; f++) {
    if (*f != '%') continue;
    char c;
    unsigned nl;
    f += txlog_conv(f + 1, &c, &nl);
    if (c == '%' || c == '\0' || t->n >= TXLOG_ARGS) continue;
    t->kind[t->n++] = c == 's' ? 's' : nl >= 2 ? 'L' : nl == 1 ? 'l' : 'u';
  }
  return t;
}

void txlog(harness_t *h, const char *fmt, ...) {
  txlog_ent_t *e = &h->txlog[h->txlog_head];
  const txlog_fmt_t *t = txlog_kinds(h, fmt);
  e->cyc = h->gcyc;
  e->fmt = fmt;
  va_list ap;
  va_start(ap, fmt);
  for (unsigned n = 0; n < t->n; n++) {
    switch (t->kind[n]) {
      case 's': e->arg[n] = (uint64_t)(uintptr_t)va_arg(ap, const char *); break;
      case 'L': e->arg[n] = va_arg(ap, unsigned long long); break;
      case 'l': e->arg[n] = va_arg(ap, unsigned long); break;
      default: e->arg[n] = va_arg(ap, unsigned); break;
    }
  }
  va_end(ap);
  h->txlog_head = (h->txlog_head + 1) % TXLOG_N;
  if (h->txlog_n < TXLOG_N) h->txlog_n++;
}

/* The line of entry e as the eager formatting wrote it (TXLOG_LEN - 1 characters at most). */
static void txlog_format(const txlog_ent_t *e, char *dst) {
  char buf[4 * TXLOG_LEN];
  size_t p = (size_t)snprintf(buf, sizeof buf, "  cycle %llu: ", (unsigned long long)e->cyc);
  unsigned n = 0;
  for (const char *f = e->fmt; *f && p < TXLOG_LEN; f++) {
    if (*f != '%') {
      buf[p++] = *f;
      continue;
    }
    char c, spec[16];
    unsigned nl;
    size_t k = txlog_conv(f + 1, &c, &nl);
    if (c == '%') {
      buf[p++] = '%';
    } else if (c != '\0' && n < TXLOG_ARGS && k + 2 <= sizeof spec) {
      spec[0] = '%';
      memcpy(spec + 1, f + 1, k);
      spec[k + 1] = '\0';
      uint64_t a = e->arg[n++];
      size_t room = sizeof buf - p;
      int w;
      if (c == 's') w = snprintf(buf + p, room, spec, (const char *)(uintptr_t)a);
      else if (nl >= 2) w = snprintf(buf + p, room, spec, (unsigned long long)a);
      else if (nl == 1) w = snprintf(buf + p, room, spec, (unsigned long)a);
      else w = snprintf(buf + p, room, spec, (unsigned)a);
      if (w > 0) p += (size_t)w < room ? (size_t)w : room - 1;
    }
    f += k;
  }
  if (p > TXLOG_LEN - 1) p = TXLOG_LEN - 1;
  buf[p] = '\0';
  memcpy(dst, buf, p + 1);
}

void txlog_print(harness_t *h) {
  printf("last %u transactions:\n", h->txlog_n);
  for (unsigned i = 0; i < h->txlog_n; i++) {
    unsigned k = (h->txlog_head + TXLOG_N - h->txlog_n + i) % TXLOG_N;
    char line[TXLOG_LEN];
    txlog_format(&h->txlog[k], line);
    printf("%s\n", line);
  }
}

void error_msg(harness_t *h, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  printf("ERROR at cycle %llu: ", (unsigned long long)h->gcyc);
  vprintf(fmt, ap);
  printf("\n");
  va_end(ap);
  h->errors++;
}

void json_str(char *dst, size_t len, const char *s) {
  size_t p = 0;
  if (len < 3) return;
  dst[p++] = '"';
  for (; *s && p + 8 < len; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') {
      dst[p++] = '\\';
      dst[p++] = (char)c;
    } else if (c < 0x20) {
      p += (size_t)snprintf(dst + p, len - p, "\\u%04x", c);
    } else {
      dst[p++] = (char)c;
    }
  }
  dst[p++] = '"';
  dst[p] = '\0';
}

void side_checks_clear(harness_t *h, unsigned s) {
  h->holds_lock[s] = 0;
  lineset_clear(&h->epoch[s]);
  lineset_clear(&h->pending[s]);
  lineset_clear(&h->refetch[s]);
  h->probe_row_head[s] = h->probe_row_count[s] = 0;
  ticks_drop(h->ticks, s);
  h->dbg_sel[s] = 0;
}

/* Drops a side's driver sequence in progress (end of a run, mid-run reset). */
void drv_abort(side_drv_t *d) {
  if (d->co) coro_free(d->co);
  d->co = NULL;
  d->kind = SK_NONE;
  d->req_pending = d->req_issued = d->req_done = 0;
  d->failed_slverr = 0;
}

static void run_begin(harness_t *h) {
  h->phase = PH_RESET;
  h->reset_left = RESET_CYCLES;
  h->run_cycles = 0;
  h->setup_started = 0;
  for (unsigned s = 0; s < N_SIDES; s++) {
    h->syncs_done[s] = 0;
    memset(h->ops_left[s], 0, (h->nsync_side[s] + 1u) * sizeof(uint32_t));
    side_checks_clear(h, s);
  }
  for (size_t i = 0; i < h->prog->n; i++) {
    const tr_op_t *op = &h->prog->ops[i];
    if (op->kind == TR_LD || op->kind == TR_ST) h->ops_left[op->side][h->seg[i]]++;
  }
  for (unsigned p = 0; p < TR_N_PORTS; p++) {
    h->port[p].next = 0;
    h->port[p].st = PQ_IDLE;
    h->port[p].c_ok = 0;
    h->port[p].phead = h->port[p].pcount = 0;
  }
  h->gnext = 0;
  h->issued = 0;
  h->reg_inflight = 0;
  h->sva_drop_port = -1;
  h->ax_st = AX_IDLE;
  h->ax_last = 1;
  h->mem_reads = 0;
  mem_reset(h->mem);
  refmem_free(h->ref);
  h->ref = refmem_new();
  if (!h->ref) abort();
  xcu_free(h->xcu);
  h->xcu = xcu_new();
  if (!h->xcu) abort();
  e2e_free(h->e2e);
  int drop_walk = h->o.inject == INJ_DROP_WB_ADDR ? 0 : h->o.inject == INJ_DROP_WB_SET ? 1 : -1;
  h->e2e = e2e_new(h->ref, drop_walk);
  if (!h->e2e) abort();
  if (!h->corners) h->corners = corners_new(h->cfg);
  if (!h->corners) abort();
  corners_reset(h->corners, 1u, 0u); /* MODE's reset value: run, addr */
  h->lost_bytes = h->lost_printed = 0;
  h->inv_src = -1;
  h->rel_count = h->probe_count = 0;
  eager_reset(h->eager);
  ticks_reset(h->ticks);
  owner_policy_reset(h->owner);
  h->loads_checked = h->stale_reads = h->mismatches = h->errors = h->slverr = 0;
  h->loads_xcu = 0;
  h->coh_printed = h->coh_checked = 0;
  h->truncated = 0;
  h->have_prev = 0;
  h->reset_armed = h->o.reset_ev != RESET_EV_NONE;
  h->reset_due = 0;
  h->mid_reset = 0;
  h->resets = 0;
  h->reset_discarded = h->reset_dropped_ops = h->reset_bad_bytes = 0;
  if (h->dropped) memset(h->dropped, 0, h->prog->n);
  h->rng = h->o.seed * 0x9E3779B97F4A7C15ull + 0x1234567ull;
  if (h->rng == 0) h->rng = 1;
  h->last_progress = h->gcyc;
}

void run_end(harness_t *h) {
  run_result_t *r = &h->res[h->run_idx];
  const rinv_out_t *o = last_out(h);
  int drop_wb = h->o.inject == INJ_DROP_WB_ADDR || h->o.inject == INJ_DROP_WB_SET;
  if (drop_wb && !e2e_injected(h->e2e)) {
    error_msg(h, "+inject=%s never fired: no dirty write-back happened during an %s walk "
              "(use a workload with dirty hits, e.g. tests/traces/cov_dirty_probe*.trace)",
              h->o.inject == INJ_DROP_WB_ADDR ? "drop_wb_addr" : "drop_wb_set",
              h->o.inject == INJ_DROP_WB_ADDR ? "an address" : "a set");
  }
  r->mode = h->run_mode[h->run_idx];
  r->walk = h->o.walk;
  r->cycles = h->run_cycles;
  r->releases = o->stat_releases;
  r->probes = o->stat_probes;
  r->probe_lines = o->stat_probe_lines;
  r->inv_hits = o->stat_inv_hits;
  r->over_inv = o->stat_over_inv;
  r->tag_lookups = o->stat_tag_lookups[0] + o->stat_tag_lookups[1];
  r->inv_cycles = o->stat_inv_cycles;
  r->hist_entries = o->stat_hist_entries;
  r->hist_overflows = o->stat_hist_overflows;
  r->reg_errors = o->stat_errors;
  const uint32_t fe[FE_NSTATS] = {
      o->stat_gpu_insts,    o->stat_gpu_lane_ops,   o->stat_gpu_line_reqs, o->stat_coal_splits,
      o->stat_tcp_hits,     o->stat_tcp_alias_waits, o->stat_tcp_mshr_full,
      o->stat_tcp_hold_waits, o->stat_tcp_mshr_max, o->stat_tcc_arb_waits,
      o->stat_gpu_probe_waits, o->stat_tcp_kinv};
  memcpy(r->fe, fe, sizeof fe);
  r->eager = eager_counts(h->eager);
  r->inv_ticks_seq = ticks_seq(h->ticks);
  r->inv_ticks_pipe = ticks_pipe(h->ticks);
  if (ticks_eager(h->ticks, r->eager.to_cpu, r->eager.to_gpu, &r->eager_inv_ticks) != 0) {
    error_msg(h, "ticks: eager_inv_ticks overflows 64 bits");
  }
  r->owner_probes = owner_policy_probes(h->owner);
  r->owner_transfers = owner_policy_transfers(h->owner);
  if (!h->truncated && !h->abort_all) {
    if (o->stat_probes != h->probe_count) {
      error_msg(h, "stat_probes = %u but %u probe handshakes were observed", o->stat_probes,
                h->probe_count);
    }
    if (o->stat_releases != h->rel_count) {
      error_msg(h, "stat_releases = %u but %u invalidations were observed", o->stat_releases,
                h->rel_count);
    }
  }
  r->loads_checked = h->loads_checked;
  r->loads_xcu = h->loads_xcu;
  r->stale_reads = h->stale_reads;
  r->mismatches = h->mismatches;
  r->errors = h->errors;
  r->slverr = h->slverr;
  r->coh_checked = h->coh_checked;
  r->wb_checked = e2e_lines_checked(h->e2e);
  r->lost_bytes = h->lost_bytes;
  r->truncated = h->truncated;
  r->has_reset = h->o.reset_ev != RESET_EV_NONE;
  r->resets = h->resets;
  r->reset_discarded = h->reset_discarded;
  r->reset_dropped_ops = h->reset_dropped_ops;
  if (!h->o.quiet) {
    printf("run %u/%u done: %s mode=%s walk=%s config=%s: %llu cycles, %u probes, %u probe "
           "lines, %llu loads checked\n",
           h->run_idx + 1, h->nruns, h->label, k_mode_names[r->mode], k_walk_names[r->walk],
           h->cfg->name, (unsigned long long)r->cycles, r->probes, r->probe_lines,
           (unsigned long long)r->loads_checked);
  }
  for (unsigned s = 0; s < N_SIDES; s++) drv_abort(&h->drv[s]);
  h->run_idx++;
  if (h->run_idx < h->nruns && !h->abort_all && h->mismatches == 0) {
    run_begin(h);
  } else {
    h->nruns = h->run_idx;
    h->phase = PH_DONE;
  }
}

/* +wave=FILE: the simulator opens the file only when dumping starts and says nothing if it
 * cannot, so the path is tried here, before anything runs: an existing file must open for
 * writing (it is not truncated here), a new one is created and removed again. 0 ok, -1 with
 * "error: +wave=FILE: cannot create the waveform file: WHY" on stderr. */
static int wave_path_writable(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  int created = fd >= 0;
  int err = errno;
  if (fd < 0 && err == EEXIST) {
    fd = open(path, O_WRONLY | O_CLOEXEC);
    err = errno;
  }
  if (fd < 0) {
    fprintf(stderr, "error: +wave=%s: cannot create the waveform file: %s\n", path,
            strerror(err));
    return -1;
  }
  close(fd);
  if (created && unlink(path) != 0) {
    err = errno;
    fprintf(stderr, "error: +wave=%s: cannot remove the probe file: %s\n", path, strerror(err));
    return -1;
  }
  return 0;
}

harness_t *harness_new(const harness_opts_t *o, int argc, char *const argv[]) {
  if (o->wave[0] && o->wave_supported && wave_path_writable(o->wave) != 0) return NULL;
  harness_t *h = calloc(1, sizeof *h);
  if (!h) return NULL;
  h->o = *o;
  harness_params_rebase(&h->o.params, &o->params, &h->o.cfg); /* no pointer into *o is kept */
  h->cfg = h->o.cfg;
  h->out_bytes = sizeof h->out;
  h->argc = argc;
  h->argv = calloc((size_t)argc + 1, sizeof(char *));
  if (!h->argv) goto fail;
  for (int i = 0; i < argc; i++) {
    h->argv[i] = strdup(argv[i]);
    if (!h->argv[i]) goto fail;
  }
  for (unsigned s = 0; s < N_SIDES; s++) {
    if (lineset_init(&h->epoch[s]) || lineset_init(&h->pending[s]) ||
        lineset_init(&h->refetch[s])) {
      goto fail;
    }
    h->drv[s].h = h;
    h->drv[s].side = s;
    h->drv[s].mmio.ctx = &h->drv[s];
    h->drv[s].mmio.write = mmio_write;
    h->drv[s].mmio.read = mmio_read;
  }
  if (build_program(h) != 0) goto fail;
  h->eager = eager_new(h->prog, h->o.eager_rules);
  h->owner = owner_policy_new();
  h->mem = mem_new(h->cfg->mem_lat ? h->cfg->mem_lat : 1u);
  h->ticks = ticks_new(h->cfg);
  if (!h->eager || !h->owner || !h->mem || !h->ticks) {
    oom("baselines, memory");
    goto fail;
  }
  if (o->demo) {
    h->nruns = 3;
    for (unsigned i = 0; i < 3; i++) h->run_mode[i] = i;
  } else {
    h->nruns = 1;
    h->run_mode[0] = o->mode;
  }
  if (o->lockstep && o->no_model) h->o.lockstep = 0;
  if (o->lockstep && !o->no_model) {
    h->checker = rinv_model_new(h->cfg);
    if (!h->checker) {
      oom("checker model");
      goto fail;
    }
  }
  if (o->probe_log[0]) {
    h->probe_log = fopen(o->probe_log, "w");
    if (!h->probe_log) {
      int err = errno;
      fprintf(stderr, "error: +probe_log=%s: cannot create the file: %s\n", o->probe_log,
              strerror(err));
      goto fail;
    }
    fprintf(h->probe_log, "cycle,release,src,dst,first_line_addr,n_lines,hits,ack_cycle\n");
  }
  if (o->wave[0] && !o->wave_supported) {
    fprintf(stderr, "note: +wave is ignored by this binary (waveforms need tb_dir)\n");
  }
  if (!o->quiet) {
    printf("tb: %s%s n=%u config=%s walk=%s seed=%llu stall=%u%% %s, %zu records\n",
           o->demo ? "default demonstration: " : "workload=", o->demo ? "square" : h->label,
           h->n_report, h->cfg->name, k_walk_names[o->walk], (unsigned long long)o->seed,
           o->stall, o->lockstep ? "lockstep RTL vs C model" : "C model standalone",
           h->prog->n);
    fflush(stdout);
  }
  h->progress_on = !o->quiet && o->progress_s > 0.0;
  h->progress_wall = wall_now();
  h->progress_gcyc = 0;
  run_begin(h);
  return h;
fail:
  harness_free(h);
  return NULL;
}

void harness_free(harness_t *h) {
  if (!h) return;
  if (h->argv) {
    for (int i = 0; i < h->argc; i++) free(h->argv[i]);
    free(h->argv);
  }
  for (unsigned s = 0; s < N_SIDES; s++) {
    lineset_free(&h->epoch[s]);
    lineset_free(&h->pending[s]);
    lineset_free(&h->refetch[s]);
    coro_free(h->drv[s].co);
    free(h->ops_left[s]);
  }
  for (unsigned p = 0; p < TR_N_PORTS; p++) {
    free(h->port[p].ops);
    free(h->port[p].pend);
  }
  xcu_free(h->xcu);
  if (h->probe_log) fclose(h->probe_log);
  if (h->checker) rinv_model_free(h->checker);
  eager_free(h->eager);
  ticks_free(h->ticks);
  owner_policy_free(h->owner);
  mem_free(h->mem);
  refmem_free(h->ref);
  e2e_free(h->e2e);
  corners_free(h->corners);
  tr_prog_free(h->prog);
  free(h->seg);
  free(h->dropped);
  free(h->syncs);
  free(h);
}

const rinv_cfg_t *harness_cfg(const harness_t *h) { return h->cfg; }

/* ------------------------------------------------------------------------------------ */
/* drive                                                                                 */

static int sync_can_start(harness_t *h, size_t op_idx) {
  const tr_op_t *op = &h->prog->ops[op_idx];
  unsigned s = op->side;
  uint32_t k = h->seg[op_idx];
  if (tr_is_reg(op->kind) && h->reg_inflight) return 0; /* register records: one at a time */
  return h->drv[s].kind == SK_NONE && h->syncs_done[s] == k && h->ops_left[s][k] == 0;
}

static void start_syncs(harness_t *h) {
  while (h->gnext < h->nsyncs && sync_can_start(h, h->syncs[h->gnext])) {
    size_t i = h->syncs[h->gnext++];
    const tr_op_t *op = &h->prog->ops[i];
    h->issued++;
    if (h->dropped[i]) { /* skipped after a mid-run reset: counts as done, in its turn */
      h->syncs_done[op->side]++;
      continue;
    }
    drv_start(h, op->side,
              op->kind == TR_ACQUIRE ? SK_ACQUIRE : op->kind == TR_RELEASE ? SK_RELEASE : SK_REG,
              i);
  }
}

/* harness_drive() writes every field of rinv_in_t in a run cycle (no memset: a tenth of the
 * harness's time); a new field must be added there. */
_Static_assert(sizeof(rinv_in_t) == 74u * sizeof(uint32_t), "rinv_in_t changed: see drive_*()");

static void drive_ports(harness_t *h, rinv_in_t *in) {
  /* every port's request fields 0 first (whole arrays: a few wide stores), then the driven
   * ones; nothing in the loop reads them */
  memset(in->port_req_valid, 0, sizeof in->port_req_valid);
  memset(in->port_req_we, 0, sizeof in->port_req_we);
  memset(in->port_req_addr, 0, sizeof in->port_req_addr);
  memset(in->port_req_wdata, 0, sizeof in->port_req_wdata);
  memset(in->port_req_wstrb, 0, sizeof in->port_req_wstrb);
  memset(in->port_req_last, 0, sizeof in->port_req_last);
  /* h's fields in locals (the stores through in may alias h); stall 0: stalled() is 0 and
   * draws no random number, the response readies are all 1 */
  const int run = h->phase == PH_RUN, nostall = h->o.stall == 0;
  const unsigned resets = h->resets;
  for (unsigned p = 0; p < TR_N_PORTS; p++) {
    port_q_t *q = &h->port[p];
    if (q->st == PQ_IDLE && (!q->c_ok || q->c_next != q->next || q->c_resets != resets)) {
      /* ops dropped by a mid-run reset are skipped (h->dropped changes only there) */
      while (q->next < q->n && h->dropped[q->ops[q->next]]) q->next++;
      q->c_ok = 1;
      q->c_next = q->next;
      q->c_resets = resets;
      if (q->next < q->n) {
        size_t i = q->ops[q->next];
        q->c_side = h->prog->ops[i].side;
        q->c_seg = h->seg[i];
      }
    }
    /* a CPU port waits for its previous op's response, a GPU port does not (v3 §2) */
    if (q->st == PQ_IDLE && q->next < q->n && run &&
        (p >= TR_N_CPU_PORTS || q->pcount == 0)) {
      if (h->syncs_done[q->c_side] == q->c_seg && (nostall || !stalled(h))) {
        q->st = PQ_VALID;
        q->cur = q->ops[q->next];
      }
    }
    if (q->st == PQ_VALID && h->sva_drop_port == (int)p) {
      /* +inject=sva: withdraw a waiting request for one cycle (a protocol violation that
       * the bound assertions must report; the model sees the same inputs) */
      h->sva_drop_port = -1;
      printf("note: +inject: withdrawing the waiting request of port %s in cycle %llu\n",
             tr_port_name(p), (unsigned long long)h->gcyc);
    } else if (q->st == PQ_VALID) {
      const tr_op_t *op = &h->prog->ops[q->cur];
      in->port_req_valid[p] = 1;
      in->port_req_we[p] = op->kind == TR_ST;
      in->port_req_addr[p] = op->addr;
      in->port_req_wdata[p] = op->kind == TR_ST ? op->data : 0u;
      in->port_req_wstrb[p] = op->kind == TR_ST ? op->wstrb : 0u;
      /* v3 §2: the last lane op of a GPU instruction (CPU ports: always 1) */
      in->port_req_last[p] = !(op->flags & TR_F_MORE);
    }
    if (!nostall) in->port_resp_ready[p] = !stalled(h);
  }
  if (nostall) {
    for (unsigned p = 0; p < TR_N_PORTS; p++) in->port_resp_ready[p] = 1;
  }
}

static void drive_axi(harness_t *h, rinv_in_t *in) {
  if (h->ax_st == AX_IDLE) {
    for (unsigned k = 1; k <= N_SIDES; k++) {
      unsigned s = (h->ax_last + k) % N_SIDES;
      side_drv_t *d = &h->drv[s];
      if (d->req_pending && !d->req_issued && !d->req_done) {
        d->req_issued = 1;
        h->ax_side = s;
        h->ax_last = s;
        h->ax_st = d->req_we ? AX_W : AX_AR;
        h->ax_aw_done = h->ax_w_done = 0;
        break;
      }
    }
  }
  const side_drv_t *d = &h->drv[h->ax_side];
  in->axi_awvalid = in->axi_awaddr = in->axi_awuser = 0;
  in->axi_wvalid = in->axi_wdata = in->axi_wstrb = 0;
  in->axi_arvalid = in->axi_araddr = in->axi_aruser = 0;
  switch (h->ax_st) {
    case AX_W:
      in->axi_awvalid = !h->ax_aw_done;
      in->axi_awaddr = d->req_addr;
      in->axi_awuser = h->ax_side;
      in->axi_wvalid = !h->ax_w_done;
      in->axi_wdata = d->req_data;
      in->axi_wstrb = (uint8_t)d->req_wstrb;
      break;
    case AX_AR:
      in->axi_arvalid = 1;
      in->axi_araddr = d->req_addr;
      in->axi_aruser = h->ax_side;
      break;
    default: break;
  }
  in->axi_bready = !stalled(h);
  in->axi_rready = !stalled(h);
}

int harness_drive(harness_t *h, rinv_in_t *in) {
  if (h->phase == PH_DONE) {
    memset(in, 0, sizeof *in);
    return HARNESS_DONE;
  }
  h->gcyc++;
  if (h->progress_on && (h->gcyc & 4095u) == 0) progress_tick(h);
  if (h->phase == PH_RESET) {
    memset(in, 0, sizeof *in);
    h->cycle_is_reset = 1;
    if (h->checker) rinv_model_reset(h->checker);
    if (--h->reset_left == 0) {
      h->phase = PH_SETUP;
      if (!h->mid_reset) h->run_start = h->gcyc + 1;
      h->mid_reset = 0;
      h->last_progress = h->gcyc;
    }
    if (in != &h->in) h->in = *in;
    return HARNESS_RESET;
  }
  h->cycle_is_reset = 0;
  if (h->phase == PH_SETUP && !h->setup_started) {
    h->setup_started = 1;
    drv_start(h, 0, SK_SETMODE, 0);
  }
  for (unsigned s = 0; s < N_SIDES; s++) {
    side_drv_t *d = &h->drv[s];
    if (d->co && d->req_done) drv_resume(h, d);
  }
  if (h->phase == PH_RUN) start_syncs(h);
  drive_ports(h, in);
  drive_axi(h, in);
  /* memory */
  in->mem_req_ready = !stalled(h);
  mem_drive_in(h->mem, in);
  /* internal channel stalls */
  uint32_t st = 0;
  if (h->o.stall) {
    for (unsigned k = 0; k < RINV_N_STALL; k++) st |= (uint32_t)stalled(h) << k;
  }
  in->stall = st;
  /* debug peek */
  for (unsigned s = 0; s < N_SIDES; s++) {
    uint32_t line;
    h->dbg_sel[s] = lineset_front(&h->pending[s], &line) == 0;
    h->dbg_line[s] = h->dbg_sel[s] ? line : 0u;
    in->dbg_line[s] = h->dbg_line[s];
  }
  if (in != &h->in) h->in = *in; /* harness_run_standalone drives h->in itself */
  return HARNESS_RUN;
}

void harness_observe(harness_t *h, const rinv_out_t *out) {
  if (h->phase == PH_DONE || h->cycle_is_reset) return;
  int reset_now = 0;
  if (h->reset_armed && h->phase >= PH_RUN) {
    if (!h->reset_due && reset_event_seen(h, out)) {
      h->reset_due = h->gcyc + (h->o.reset_ev == RESET_EV_CYCLE ? 0 : h->o.reset_k);
    }
    reset_now = h->reset_due && h->gcyc >= h->reset_due;
  }
  if (h->checker) lockstep_check(h, out);
  observe_ports(h, out);
  observe_axi(h, out);
  observe_mem(h, out);
  observe_internal(h, out);
  observe_dbg(h, out);
  e2e_step(h->e2e, e2e_bad, h);
  corners_step(h->corners, &h->in, out);
  h->prev_inv_busy = out->inv_busy;
  h->prev_inv_done = out->inv_done;
  if (out != h->out_kept) memcpy(&h->out, out, h->out_bytes); /* see out_bytes */
  h->have_prev = 1;

  if (h->phase == PH_SETUP || h->phase == PH_RUN) h->run_cycles++;
  if (reset_now && !h->abort_all) {
    h->reset_armed = 0;
    mid_reset(h);
    return;
  }
  if (program_complete(h)) {
    h->phase = PH_DRAIN;
    h->last_progress = h->gcyc;
  }
  if (h->phase == PH_DRAIN && h->pending[0].count == 0 && h->pending[1].count == 0) {
    run_end(h);
    return;
  }
  if (h->mismatch_seen && h->gcyc >= h->stop_at_gcyc) {
    h->truncated = 1;
    h->abort_all = 1;
    run_end(h);
    return;
  }
  if (h->gcyc - h->last_progress >= WATCHDOG_CYCLES) {
    report_deadlock(h);
    h->abort_all = 1;
    h->truncated = 1;
    run_end(h);
    return;
  }
  if (h->o.max_cycles && h->run_cycles >= h->o.max_cycles && h->phase != PH_DRAIN) {
    error_msg(h, "+max_cycles=%llu reached before the program finished",
              (unsigned long long)h->o.max_cycles);
    h->abort_all = 1;
    h->truncated = 1;
    run_end(h);
    return;
  }
  if (h->o.wave_supported && h->o.wave[0] && h->o.wave_to >= 0 &&
      h->gcyc >= (uint64_t)h->o.wave_to) {
    printf("note: stopping at +wave_to=%lld (end of the waveform window)\n", h->o.wave_to);
    h->abort_all = 1;
    h->truncated = 1;
    run_end(h);
  }
}

int harness_run_standalone(harness_t *h) {
  rinv_model_t *m = rinv_model_new(harness_cfg(h));
  if (!m) {
    fprintf(stderr, "error: cannot create the model\n");
    harness_free(h);
    return 2;
  }
  rinv_out_t out;
  memset(&out, 0, sizeof out);
  h->out_kept = &out; /* lives until harness_finish: no copy of it in harness_observe */
  for (;;) {
    int st = harness_drive(h, &h->in); /* no copy: the model reads the harness's inputs */
    if (st == HARNESS_DONE) break;
    if (st == HARNESS_RESET) {
      rinv_model_reset(m);
      memset(&out, 0, sizeof out);
    } else {
      rinv_model_step(m, &h->in, &out);
    }
    harness_observe(h, &out);
  }
  int rc = harness_finish(h);
  h->out_kept = NULL;
  harness_free(h);
  rinv_model_free(m);
  return rc;
}

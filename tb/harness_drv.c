/* Driver coroutines: the acquire/release register sequences of sw/rinv_drv.c over the AXI
 * master, register records, trace acquire/release pairing, the progress line. */
#include "harness_int.h"

/* ---- acquire/release pairing of a trace (docs/TRACE.md §2, "Pairing") ---------------- */

enum { LK_FREE = 0, LK_HELD, LK_UNKNOWN };

/* The lock state of op's side after op, as the records alone tell it: acquire takes it,
 * release gives it back, a register write to LOCK expected to succeed takes (own id) or
 * gives back (0) it, any other LOCK write that may succeed leaves it unknown. */
static void lock_step(const tr_op_t *op, int *st, uint32_t *acq_line) {
  if (op->kind == TR_ACQUIRE) {
    *st = LK_HELD;
    *acq_line = op->line;
  } else if (op->kind == TR_RELEASE) {
    *st = LK_FREE;
  } else if (op->kind == TR_REGWR && (op->addr & ~3u) == RINV_REG_LOCK &&
             !(op->flags & TR_F_SLVERR)) {
    if (op->flags & TR_F_ANY) *st = LK_UNKNOWN;
    else if (op->data == 0u) *st = LK_FREE;
    else if (op->data == RINV_ID(op->side)) {
      *st = LK_HELD;
      *acq_line = op->line;
    } else {
      *st = LK_UNKNOWN;
    }
  }
}

/* Lock state of `side` just before program record `upto`. */
static int lock_state_before(const tr_prog_t *p, size_t upto, unsigned side) {
  int st = LK_FREE;
  uint32_t line = 0;
  for (size_t i = 0; i < upto && i < p->n; i++) {
    if (p->ops[i].side == side && tr_is_sync(p->ops[i].kind)) lock_step(&p->ops[i], &st, &line);
  }
  return st;
}

/* A trace whose side still holds the lock at the end is legal (nothing checks what that
 * side wrote) but suspicious: a warning on stderr; the exit status does not change. */
void warn_unreleased(const harness_t *h) {
  int st[N_SIDES] = {LK_FREE, LK_FREE};
  uint32_t line[N_SIDES] = {0, 0};
  for (size_t i = 0; i < h->prog->n; i++) {
    const tr_op_t *op = &h->prog->ops[i];
    if (tr_is_sync(op->kind)) lock_step(op, &st[op->side], &line[op->side]);
  }
  for (unsigned s = 0; s < N_SIDES; s++) {
    if (st[s] == LK_HELD) {
      fprintf(stderr, "warning: %s: %s acquire at line %u never released\n", h->label,
              tr_side_name(s), line[s]);
    }
  }
}

/* ---- progress line (+progress=S) --------------------------------------------------------- */

double wall_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Called every 4096 cycles: after +progress seconds of wall clock, one line on stderr
 * "tb: cycle C, R cycles/s, P% of program" (stdout is flushed first, so that the line
 * cannot split a line of stdout when both go to one pipe). */
void progress_tick(harness_t *h) {
  double now = wall_now();
  double dt = now - h->progress_wall;
  if (dt < h->o.progress_s) return;
  double rate = (double)(h->gcyc - h->progress_gcyc) / dt;
  size_t n = h->prog->n;
  unsigned pct = n ? (unsigned)((h->issued >= n ? n : h->issued) * 100u / n) : 100u;
  char runs[32] = "";
  if (h->nruns > 1) snprintf(runs, sizeof runs, " (run %u/%u)", h->run_idx + 1, h->nruns);
  fflush(stdout);
  fprintf(stderr, "tb: cycle %llu, %.1fk cycles/s, %u%% of program%s\n",
          (unsigned long long)h->gcyc, rate / 1000.0, pct, runs);
  h->progress_wall = now;
  h->progress_gcyc = h->gcyc;
}

/* ------------------------------------------------------------------------------------ */
/* MMIO over the AXI master, from inside a side's driver coroutine                      */

static int mmio_xfer(side_drv_t *d, unsigned side, int we, uint32_t addr, uint32_t wdata,
                     uint32_t wstrb, uint32_t *rdata) {
  (void)side; /* AxUSER = the coroutine's side (the driver always passes it) */
  d->req_wstrb = wstrb;
  d->req_pending = 1;
  d->req_issued = 0;
  d->req_done = 0;
  d->req_we = we;
  d->req_addr = addr;
  d->req_data = wdata;
  while (!d->req_done) coro_yield(d->co);
  d->req_pending = 0;
  if (rdata) *rdata = d->rdata;
  if (d->resp != 0) {
    d->h->slverr++;
    d->failed_slverr = 1;
    d->slverr_addr = addr;
    return RINV_E_SLVERR;
  }
  return RINV_OK;
}

int mmio_write(void *ctx, unsigned side, uint32_t addr, uint32_t data) {
  return mmio_xfer(ctx, side, 1, addr, data, 0xfu, NULL);
}

int mmio_read(void *ctx, unsigned side, uint32_t addr, uint32_t *data) {
  return mmio_xfer(ctx, side, 0, addr, 0, 0xfu, data);
}

/* A register record (trace `wr`/`rd`, docs/TRACE.md): one AXI4-Lite transaction (repeated
 * while polling); a response or value other than the expected one counts in errors. */
static void reg_record(side_drv_t *d) {
  harness_t *h = d->h;
  const tr_op_t *op = &h->prog->ops[d->op];
  const int we = op->kind == TR_REGWR;
  uint32_t rdata = 0;
  int slverr;
  for (;;) {
    (void)mmio_xfer(d, d->side, we, op->addr, we ? op->data : 0u, we ? op->wstrb : 0xfu,
                    &rdata);
    slverr = d->resp != 0;
    if ((op->flags & TR_F_POLL) && !slverr && (rdata & op->mask) != op->data) continue;
    break;
  }
  char where[48] = "";
  if (op->line) snprintf(where, sizeof where, " (trace line %u)", op->line);
  if (!(op->flags & TR_F_ANY) && slverr != !!(op->flags & TR_F_SLVERR)) {
    error_msg(h, "register record%s: %s %s 0x%08x: expected %s, got %s", where,
              tr_side_name(d->side), we ? "wr" : "rd", op->addr,
              (op->flags & TR_F_SLVERR) ? "SLVERR" : "OKAY", slverr ? "SLVERR" : "OKAY");
  } else if ((op->flags & TR_F_VALUE) && (rdata & op->mask) != op->data) {
    error_msg(h, "register record%s: %s rd 0x%08x: expected 0x%08x (mask 0x%08x), got 0x%08x",
              where, tr_side_name(d->side), op->addr, op->data, op->mask, rdata);
  }
  d->result = RINV_OK;
  d->failed_slverr = 0;
}

static void drv_body(coro_t *co, void *arg) {
  (void)co;
  side_drv_t *d = arg;
  switch (d->kind) {
    case SK_SETMODE:
      d->result = rinv_set_mode(&d->mmio, d->side, d->h->run_mode[d->h->run_idx],
                                walk_hw(d->h->o.walk));
      break;
    case SK_ACQUIRE: d->result = rinv_acquire(&d->mmio, d->side); break;
    case SK_REG: reg_record(d); break;
    default: d->result = rinv_release(&d->mmio, d->side); break;
  }
}

const char *sk_name(int k) {
  return k == SK_SETMODE ? "set_mode" : k == SK_ACQUIRE ? "acquire" : k == SK_REG ? "register record"
                                                                                 : "release";
}

static void drv_finished(harness_t *h, side_drv_t *d) {
  if (d->result != RINV_OK) {
    /* an acquire/release record of a trace: name it as FILE:LINE */
    char where[HARNESS_PATH_MAX + 16] = "";
    const char *hint = "";
    if (d->kind == SK_ACQUIRE || d->kind == SK_RELEASE) {
      const tr_op_t *op = &h->prog->ops[d->op];
      if (op->line) snprintf(where, sizeof where, "%s:%u: ", h->label, op->line);
      if (d->kind == SK_RELEASE && lock_state_before(h->prog, d->op, d->side) == LK_FREE) {
        hint = d->side == 0
                   ? " (cpu does not hold the lock: no unreleased cpu acquire before this release)"
                   : " (gpu does not hold the lock: no unreleased gpu acquire before this release)";
      }
    }
    if (d->failed_slverr) {
      error_msg(h, "%sdriver: %s %s failed: unexpected SLVERR at register 0x%08x%s", where,
                tr_side_name(d->side), sk_name(d->kind), d->slverr_addr, hint);
    } else {
      error_msg(h, "%sdriver: %s %s failed: %s%s", where, tr_side_name(d->side),
                sk_name(d->kind), rinv_strerror(d->result), hint);
    }
  }
  txlog(h, "%s %s done (%s)", tr_side_name(d->side), sk_name(d->kind), rinv_strerror(d->result));
  if (d->kind == SK_SETMODE) {
    h->phase = PH_RUN;
  } else {
    if (d->kind == SK_ACQUIRE) {
      h->holds_lock[d->side] = 1;
      if (d->side == 1) xcu_new_epoch(h->xcu); /* a new GPU epoch (v3 §9) */
    }
    if (d->kind == SK_REG) h->reg_inflight = 0;
    h->syncs_done[d->side]++;
  }
  coro_free(d->co);
  d->co = NULL;
  d->kind = SK_NONE;
  d->failed_slverr = 0;
  h->last_progress = h->gcyc;
}

void drv_resume(harness_t *h, side_drv_t *d) {
  if (!coro_resume(d->co)) drv_finished(h, d);
}

void drv_start(harness_t *h, unsigned side, int kind, size_t op) {
  side_drv_t *d = &h->drv[side];
  d->kind = kind;
  d->op = op;
  d->result = RINV_OK;
  d->req_pending = d->req_issued = d->req_done = 0;
  d->co = coro_new(drv_body, d, 0);
  if (!d->co) {
    fprintf(stderr, "out of memory (coroutine)\n");
    exit(2);
  }
  if (kind == SK_RELEASE) h->holds_lock[side] = 0;
  if (kind == SK_REG) {
    const tr_op_t *rop = &h->prog->ops[op];
    h->reg_inflight = 1;
    /* A raw register write may release the lock or stop recording (LOCK, HIST_EN, HIST_RX,
     * INV_START): from here on the side's loads are unchecked and its stores tainted, until
     * its next acquire record finishes. MODE writes and expected rejections change nothing. */
    if (rop->kind == TR_REGWR && !(rop->flags & TR_F_SLVERR) &&
        (rop->addr & ~3u) != RINV_REG_MODE) {
      h->holds_lock[side] = 0;
    }
  }
  txlog(h, "%s %s start", tr_side_name(side), sk_name(kind));
  h->last_progress = h->gcyc;
  drv_resume(h, d);
}

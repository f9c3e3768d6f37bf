/* cc_recorder model: ARCHITECTURE_v2.md §6.4. */
#include "cc_recorder.h"

#include <stdio.h>
#include <stdlib.h>

#include "fifo.h"

enum { H_RD, H_CM, H_AC, H_WB, H_BEAT, H_END, H_WAIT };
static const char *const k_names[] = {"StHistRd",   "StHistCm",  "StHistAc",      "StHistWb",
                                      "StHistBeat", "StHistEnd", "StHistWaitDone"};

struct cc_recorder {
  const cc_ctx_t *ctx;
  fifo_t *fifo;
  int st;
  uint32_t cnt, way, hit, dirty, tagw;
  int push, pop;
  uint32_t push_line;
};

cc_recorder_t *cc_recorder_new(const cc_ctx_t *ctx) {
  cc_recorder_t *r = calloc(1, sizeof *r);
  if (!r) return NULL;
  char n[32];
  snprintf(n, sizeof n, "%s.recorder", ctx->side ? "gpu" : "cpu");
  r->ctx = ctx;
  r->fifo = fifo_new(n, ctx->rec_cap, 0, ctx->err);
  if (!r->fifo) {
    free(r);
    return NULL;
  }
  return r;
}

void cc_recorder_free(cc_recorder_t *r) {
  if (!r) return;
  fifo_free(r->fifo);
  free(r);
}

void cc_recorder_reset(cc_recorder_t *r) {
  fifo_reset(r->fifo);
  r->st = H_RD;
  r->cnt = r->way = r->hit = r->dirty = r->tagw = 0;
  r->push = r->pop = 0;
}

uint32_t cc_recorder_count(const cc_recorder_t *r) { return fifo_count(r->fifo); }
uint32_t cc_recorder_head_valid(const cc_recorder_t *r) { return fifo_head_valid(r->fifo); }

void cc_recorder_push(cc_recorder_t *r, uint32_t line) {
  r->push = 1;
  r->push_line = line;
}

void cc_recorder_start(cc_recorder_t *r, int to_end) {
  r->st = to_end ? H_END : H_RD;
  r->cnt = r->ctx->l2_lat + r->ctx->oreg - 1u; /* StHistRd: L2_LAT + O cycles */
  r->pop = 0;
}

void cc_recorder_moore(const cc_recorder_t *r, cc_io_t *io) {
  const cache_array_t *l2 = r->ctx->arr[0];
  uint32_t e = fifo_head(r->fifo);
  switch (r->st) {
    case H_WB:
      io->req_valid = io->req_we = 1;
      io->req_line = e;
      io->req_wmask = ca_dmask_q(l2, ca_bank(l2, e));
      io->req_wdata = ca_data_q(l2, ca_bank(l2, e));
      break;
    case H_BEAT:
      io->hist_valid = 1;
      io->hist_line = e;
      break;
    case H_END:
      io->hist_valid = io->hist_last = 1;
      break;
    default:
      break;
  }
}

int cc_recorder_step(cc_recorder_t *r, const cc_io_t *io, uint32_t xfer) {
  cache_array_t *l2 = r->ctx->arr[0];
  uint32_t e = fifo_head(r->fifo);
  uint32_t b = ca_bank(l2, e), row = ca_row(l2, e);
  switch (r->st) {
    case H_RD:
      if (r->cnt == r->ctx->l2_lat + r->ctx->oreg - 1u) {
        if (!fifo_head_valid(r->fifo)) rinv_err_report(r->ctx->err, "recorder: history lookup without a valid head");
        ca_tag_read(l2, b, row, 0);
      }
      if (r->cnt) r->cnt--;
      else r->st = H_CM;
      return 0;
    case H_CM: {
      r->hit = 0;
      for (uint32_t w = 0; w < ca_ways(l2); w++) {
        uint32_t t = ca_tag_q(l2, b, w);
        if ((t & TS_VALID) && TS_TAG(t) == ca_tag(l2, e)) {
          r->hit = 1;
          r->way = w;
          r->dirty = (t & TS_DIRTY) != 0;
          r->tagw = t;
        }
      }
      r->st = H_AC;
      return 0;
    }
    case H_AC:
      if (r->hit && r->dirty) {
        ca_data_read(l2, b, row, r->way);
        ca_dmask_read(l2, b, row, r->way);
        r->st = H_WB;
      } else {
        if (r->hit) ca_tag_write(l2, b, row, r->way, r->tagw & ~TS_REC);
        r->st = H_BEAT;
      }
      return 0;
    case H_WB:
      if (io->req_ready) {
        ca_tag_write(l2, b, row, r->way, TS_MAKE(TS_TAG(r->tagw), TS_VALID));
        r->st = H_BEAT;
      }
      return 0;
    case H_BEAT:
      if (io->hist_ready) {
        uint32_t before = fifo_count(r->fifo);
        r->pop = 1;
        if (!xfer) return 1;
        if (before > 1u) cc_recorder_start(r, 0);
        else r->st = H_END;
        r->pop = 1;
      }
      return 0;
    case H_END:
      if (io->hist_ready) r->st = H_WAIT;
      return 0;
    case H_WAIT:
      if (io->hist_done) return 2;
      return 0;
    default:
      return 0;
  }
}

void cc_recorder_clock(cc_recorder_t *r) {
  fifo_step(r->fifo, r->push, r->push_line, r->pop, 0);
  r->push = r->pop = 0;
}

const char *cc_recorder_state_name(const cc_recorder_t *r) { return k_names[r->st]; }

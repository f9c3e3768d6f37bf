/* range_table model: ARCHITECTURE_v2.md §7.3 (and v1's insert rules, §12.5). */
#include "range_table.h"

#include <stdlib.h>
#include <string.h>

/* numbering: the five states of round 4 keep their codes, RTake (round 5) is appended */
enum { R_IDLE, R_SCAN, R_APPLY, R_GAP, R_MERGE, R_TAKE };
static const char *const k_names[] = {"RIdle", "RScan", "RApply", "RGap", "RMerge", "RTake"};

struct range_table {
  uint32_t cap, K, R;
  uint32_t *f, *l; /* cap + 1 entries */
  uint32_t cnt;
  int st;
  uint32_t c, x;
  /* registered take (RTake): latched length, and a beat latched with it */
  uint32_t take_n;
  int beat_q;
  /* scan accumulators */
  int cont, has_hi, has_lo;
  uint32_t hi, lo, pos;
  /* gap search */
  uint32_t best_k, best_gap;
  int have_best;
};

range_table_t *rt_new(uint32_t cap, uint32_t scan) {
  range_table_t *t = calloc(1, sizeof *t);
  if (!t) return NULL;
  t->cap = cap;
  t->K = scan;
  t->R = cap / scan;
  t->f = calloc(cap + 1u, sizeof *t->f);
  t->l = calloc(cap + 1u, sizeof *t->l);
  if (!t->f || !t->l) {
    rt_free(t);
    return NULL;
  }
  return t;
}

void rt_free(range_table_t *t) {
  if (!t) return;
  free(t->f);
  free(t->l);
  free(t);
}

void rt_reset(range_table_t *t) {
  t->cnt = 0;
  t->st = R_IDLE;
  t->c = t->x = 0;
  t->take_n = 0;
  t->beat_q = 0;
  memset(t->f, 0, (t->cap + 1u) * sizeof *t->f);
  memset(t->l, 0, (t->cap + 1u) * sizeof *t->l);
}

int rt_idle(const range_table_t *t) { return t->st == R_IDLE; }
uint32_t rt_cnt(const range_table_t *t) { return t->cnt; }
void rt_entry(const range_table_t *t, uint32_t i, uint32_t *f, uint32_t *l) {
  *f = t->f[i];
  *l = t->l[i];
}
const char *rt_state_name(const range_table_t *t) { return k_names[t->st]; }

static void remove_at(range_table_t *t, uint32_t i) {
  uint32_t tail = t->cnt - i - 1u;
  memmove(&t->f[i], &t->f[i + 1u], tail * sizeof *t->f);
  memmove(&t->l[i], &t->l[i + 1u], tail * sizeof *t->l);
  t->cnt--;
}

static void start_scan(range_table_t *t) {
  t->c = 0;
  t->cont = t->has_hi = t->has_lo = 0;
  t->hi = t->lo = t->pos = 0;
  t->st = R_SCAN;
}

void rt_step(range_table_t *t, uint32_t take_n, int beat, uint32_t x, rt_events_t *ev) {
  ev->merged = ev->gap = 0;
  switch (t->st) {
    case R_IDLE:
      /* a take request (only with cnt > 0) is latched; the table is not changed here */
      if (beat) t->x = x;
      if (take_n && t->cnt) {
        t->take_n = take_n;
        t->beat_q = beat;
        t->st = R_TAKE;
      } else if (beat) {
        start_scan(t);
      }
      break;
    case R_TAKE: /* hist_ready = 0 and no take request here: beat and take_n are ignored */
      if ((uint64_t)t->f[0] + t->take_n > t->l[0]) remove_at(t, 0);
      else t->f[0] += t->take_n;
      if (t->beat_q) start_scan(t);
      else t->st = R_IDLE;
      t->take_n = 0;
      t->beat_q = 0;
      break;
    case R_SCAN: {
      uint32_t X = t->x;
      for (uint32_t i = t->c * t->K; i < t->c * t->K + t->K && i < t->cnt; i++) {
        if (t->f[i] <= X && X <= t->l[i]) t->cont = 1;
        if ((uint64_t)t->l[i] + 1u == X) {
          t->has_hi = 1;
          t->hi = i;
        }
        if ((uint64_t)t->f[i] == (uint64_t)X + 1u) {
          t->has_lo = 1;
          t->lo = i;
        }
        if (t->f[i] < X) t->pos++;
      }
      if (++t->c == t->R) t->st = R_APPLY;
      break;
    }
    case R_APPLY: {
      uint32_t X = t->x;
      if (t->cont) {
        /* rule 1: nothing */
      } else if (t->has_hi) {
        t->l[t->hi] = X;
        if (t->has_lo) {
          t->l[t->hi] = t->l[t->lo];
          remove_at(t, t->lo);
        }
      } else if (t->has_lo) {
        t->f[t->lo] = X;
      } else {
        uint32_t p = t->pos, n = t->cnt;
        memmove(&t->f[p + 1u], &t->f[p], (n - p) * sizeof *t->f);
        memmove(&t->l[p + 1u], &t->l[p], (n - p) * sizeof *t->l);
        t->f[p] = t->l[p] = X;
        t->cnt++;
      }
      if (t->cnt == t->cap + 1u) {
        t->st = R_GAP;
        t->c = 0;
        t->have_best = 0;
      } else {
        t->st = R_IDLE;
      }
      break;
    }
    case R_GAP:
      for (uint32_t k = t->c * t->K; k < t->c * t->K + t->K && k + 1u < t->cnt; k++) {
        uint32_t gap = t->f[k + 1u] - t->l[k] - 1u;
        if (!t->have_best || gap < t->best_gap) {
          t->have_best = 1;
          t->best_gap = gap;
          t->best_k = k;
        }
      }
      if (++t->c == t->R) t->st = R_MERGE;
      break;
    case R_MERGE:
      t->l[t->best_k] = t->l[t->best_k + 1u];
      remove_at(t, t->best_k + 1u);
      t->cnt = t->cap;
      ev->merged = 1;
      ev->gap = t->best_gap;
      t->st = R_IDLE;
      break;
    default:
      break;
  }
}

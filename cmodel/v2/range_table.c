/* range_table model: ARCHITECTURE_v2.md §7.3 (and v1's insert rules, §12.5). */
#include "range_table.h"

#include <stdlib.h>
#include <string.h>

enum { R_IDLE, R_SCAN, R_APPLY, R_GAP, R_MERGE };
static const char *const k_names[] = {"RIdle", "RScan", "RApply", "RGap", "RMerge"};

struct range_table {
  uint32_t cap, K, R;
  uint32_t *f, *l; /* cap + 1 entries */
  uint32_t cnt;
  int st;
  uint32_t c, x;
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

void rt_step(range_table_t *t, uint32_t take_n, int beat, uint32_t x, rt_events_t *ev) {
  ev->merged = ev->gap = 0;
  switch (t->st) {
    case R_IDLE:
      if (take_n && t->cnt) {
        if ((uint64_t)t->f[0] + take_n > t->l[0]) remove_at(t, 0);
        else t->f[0] += take_n;
      }
      if (beat) {
        t->x = x;
        t->c = 0;
        t->cont = t->has_hi = t->has_lo = 0;
        t->hi = t->lo = t->pos = 0;
        t->st = R_SCAN;
      }
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

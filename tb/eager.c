/* Eager baseline count (see eager.h). */
#include "eager.h"

#include <stdlib.h>

#include "parse_num.h"

#define EG_MAX_LINES TR_INST_MAX /* distinct lines of one store instruction, at most */

struct eager {
  unsigned rules; /* EAGER_V22 / EAGER_V21 */
  uint64_t wt;    /* static: from the program */
  uint64_t rdblkm, rdblk, rdblk_cpu;
  int cpu_store;  /* the CPU side's last accepted request is a store (its one in flight) */
};

/* One write-through per (store instruction, line): an instruction is a GPU port's records up
 * to the first without TR_F_MORE (docs/TRACE.md "more"); nl[q] counts the distinct lines of
 * port q's open store instruction, 0 when none is open. */
static uint64_t count_write_throughs(const tr_prog_t *p) {
  uint32_t lines[TR_N_PORTS][EG_MAX_LINES];
  unsigned nl[TR_N_PORTS] = {0};
  uint64_t wt = 0;
  for (size_t i = 0; i < p->n; i++) {
    const tr_op_t *op = &p->ops[i];
    if (op->side != 1 || op->kind != TR_ST) continue;
    unsigned q = op->port;
    uint32_t *l = lines[q];
    uint32_t line = op->addr >> 6;
    unsigned k;
    if (nl[q] == EG_MAX_LINES) nl[q] = 0; /* not from a parsed trace: TR_INST_MAX bounds it */
    for (k = 0; k < nl[q] && l[k] != line; k++) {}
    if (k == nl[q]) {
      l[nl[q]++] = line;
      wt++;
    }
    if (!(op->flags & TR_F_MORE)) nl[q] = 0; /* the instruction's last record */
  }
  return wt;
}

/* indexed by eager_rules_t */
static const char *const k_rules[] = {"v22", "v21"};

int eager_rules_parse(const char *s, unsigned *out) { return rinv_parse_word(s, k_rules, 2, out); }

const char *eager_rules_name(unsigned rules) { return rinv_word_name(k_rules, 2, rules); }

eager_t *eager_new(const tr_prog_t *p, unsigned rules) {
  eager_t *e = calloc(1, sizeof *e);
  if (!e) return NULL;
  e->rules = rules;
  e->wt = count_write_throughs(p);
  return e;
}

void eager_free(eager_t *e) { free(e); }

void eager_reset(eager_t *e) {
  e->rdblkm = e->rdblk = e->rdblk_cpu = 0;
  e->cpu_store = 0;
}

void eager_port_accept(eager_t *e, unsigned side, int store) {
  if (side == 0) e->cpu_store = store;
}

void eager_fill_req(eager_t *e, unsigned side, int wt_line) {
  if (side == 0 && e->cpu_store) e->rdblkm++;
  if (side == 0 && !e->cpu_store) e->rdblk_cpu++;
  if (side == 1 && !wt_line) e->rdblk++;
}

eager_counts_t eager_counts(const eager_t *e) {
  eager_counts_t c = {.rdblkm = e->rdblkm, .wt = e->wt, .rdblk = e->rdblk,
                      .rdblk_cpu = e->rdblk_cpu};
  c.to_gpu = c.rdblkm + (e->rules == EAGER_V21 ? c.rdblk_cpu : 0);
  c.to_cpu = c.wt + c.rdblk;
  c.total = c.to_cpu + c.to_gpu;
  return c;
}

void eager_counts_add(eager_counts_t *acc, const eager_counts_t *c) {
  acc->rdblkm += c->rdblkm;
  acc->wt += c->wt;
  acc->rdblk += c->rdblk;
  acc->rdblk_cpu += c->rdblk_cpu;
  acc->to_cpu += c->to_cpu;
  acc->to_gpu += c->to_gpu;
  acc->total += c->total;
}

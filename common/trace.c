/* Trace parser and writer (format: docs/TRACE.md). */
#define _POSIX_C_SOURCE 200809L
#include "trace.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "parse_num.h"

static const char *const k_port_names[TR_N_PORTS] = {"cpu.0", "cpu.1", "gpu.0",
                                                     "gpu.1", "gpu.2", "gpu.3"};

const char *tr_port_name(unsigned port) { return port < TR_N_PORTS ? k_port_names[port] : "?"; }
const char *tr_side_name(unsigned side) { return side == 0 ? "cpu" : "gpu"; }
uint32_t tr_default_data(unsigned line) { return (uint32_t)line; }

tr_prog_t *tr_prog_new(void) { return calloc(1, sizeof(tr_prog_t)); }

void tr_prog_free(tr_prog_t *p) {
  if (!p) return;
  free(p->ops);
  free(p);
}

int tr_prog_push(tr_prog_t *p, const tr_op_t *op) {
  if (p->n == p->cap) {
    size_t nc = p->cap ? p->cap * 2 : 256;
    tr_op_t *no = realloc(p->ops, nc * sizeof *no);
    if (!no) return -1;
    p->ops = no;
    p->cap = nc;
  }
  p->ops[p->n++] = *op;
  return 0;
}

int tr_prog_store(tr_prog_t *p, unsigned port, uint32_t addr, uint32_t data, unsigned wstrb) {
  tr_op_t op = {.kind = TR_ST,
                .side = (uint8_t)tr_port_side(port),
                .port = (uint8_t)port,
                .wstrb = (uint8_t)(wstrb & 0xfu),
                .addr = addr,
                .data = data};
  return tr_prog_push(p, &op);
}

int tr_prog_mem(tr_prog_t *p, unsigned port, int store, uint32_t addr, uint32_t data) {
  if (store) return tr_prog_store(p, port, addr, data, 0xfu);
  tr_op_t op = {.kind = TR_LD, .side = (uint8_t)tr_port_side(port), .port = (uint8_t)port,
                .addr = addr};
  return tr_prog_push(p, &op);
}

int tr_prog_sync(tr_prog_t *p, unsigned side, tr_kind_t kind) {
  tr_op_t op = {.kind = (uint8_t)kind, .side = (uint8_t)side};
  return tr_prog_push(p, &op);
}

int tr_prog_regwr(tr_prog_t *p, unsigned side, uint32_t addr, uint32_t data, unsigned wstrb,
                  unsigned flags) {
  tr_op_t op = {.kind = TR_REGWR,
                .side = (uint8_t)side,
                .wstrb = (uint8_t)(wstrb & 0xfu),
                .addr = addr,
                .data = data,
                .mask = 0xffffffffu,
                .flags = (uint8_t)(flags & (TR_F_SLVERR | TR_F_ANY))};
  return tr_prog_push(p, &op);
}

int tr_prog_regrd(tr_prog_t *p, unsigned side, uint32_t addr, uint32_t value, uint32_t mask,
                  unsigned flags) {
  tr_op_t op = {.kind = TR_REGRD,
                .side = (uint8_t)side,
                .addr = addr,
                .data = (flags & TR_F_VALUE) ? value : 0u,
                .mask = mask,
                .flags = (uint8_t)flags};
  return tr_prog_push(p, &op);
}

/* ---- parser ---- */

typedef struct perr {
  const char *name;
  FILE *errs;
  tr_err_t *first;
  unsigned count;
  /* the wavefront instruction open on each port (a "more" record seen, its last not yet) */
  struct {
    unsigned n;    /* records so far, 0 = none open */
    unsigned kind; /* TR_LD / TR_ST */
    unsigned line; /* line of its first record */
  } inst[TR_N_PORTS];
} perr_t;

static void report(perr_t *pe, unsigned line, const char *fmt, ...) {
  char what[150];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  char msg[sizeof(((tr_err_t *)0)->msg)];
  if (line) {
    snprintf(msg, sizeof msg, "%s:%u: error: %s", pe->name, line, what);
  } else {
    snprintf(msg, sizeof msg, "%s: error: %s", pe->name, what);
  }
  if (pe->errs && pe->count < 20) fprintf(pe->errs, "%s\n", msg);
  if (pe->errs && pe->count == 20) fprintf(pe->errs, "%s: too many errors\n", pe->name);
  if (pe->first && pe->count == 0) {
    pe->first->line = line;
    snprintf(pe->first->msg, sizeof pe->first->msg, "%s", msg);
  }
  pe->count++;
}

/* A sync or register record of side at lineno: no GPU instruction may be open (docs/TRACE.md,
 * "more"). 0 ok, -1 reported. */
static int inst_closed(perr_t *pe, unsigned lineno, unsigned side, const char *op) {
  if (side != 1) return 0;
  for (unsigned q = TR_N_CPU_PORTS; q < TR_N_PORTS; q++) {
    if (pe->inst[q].n) {
      report(pe, lineno, "gpu %s inside the unfinished instruction of %s opened at line %u "
             "(its last record, without 'more', must come first)", op, tr_port_name(q),
             pe->inst[q].line);
      return -1;
    }
  }
  return 0;
}

/* A ld/st record of port (kind TR_LD / TR_ST, more: the word "more") at lineno joins or ends
 * the port's open instruction. 0 ok; -1 reported, and the instruction is dropped (no second
 * error for it at the end of the file). */
static int inst_take(perr_t *pe, unsigned lineno, unsigned port, unsigned kind, int more) {
  static const char *const k_kind[2] = {"ld", "st"}; /* by TR_LD, TR_ST */
  unsigned n = pe->inst[port].n;
  if (n && pe->inst[port].kind != kind) {
    report(pe, lineno, "%s %s inside the %s instruction opened at line %u (an instruction's "
           "records are all ld or all st)", tr_port_name(port), k_kind[kind],
           k_kind[pe->inst[port].kind], pe->inst[port].line);
    pe->inst[port].n = 0;
    return -1;
  }
  if (n + 1 > TR_INST_MAX) {
    report(pe, lineno, "instruction of %s opened at line %u has more than %u records",
           tr_port_name(port), pe->inst[port].line, TR_INST_MAX);
    pe->inst[port].n = 0;
    return -1;
  }
  if (!more) {
    pe->inst[port].n = 0;
    return 0;
  }
  if (n == 0) {
    pe->inst[port].kind = kind;
    pe->inst[port].line = lineno;
  }
  pe->inst[port].n = n + 1;
  return 0;
}

/* number (docs/TRACE.md; common/parse_num.h, leading zeros read as decimal): 0, or -1 if
 * malformed, -2 if above 32 bits. */
static int parse_number(const char *tok, uint32_t *out) {
  uint64_t v = 0;
  int rc = rinv_parse_u64_span(tok, strlen(tok), UINT32_MAX, RINV_PN_ZEROS, &v);
  if (rc != RINV_PN_OK) return rc == RINV_PN_RANGE ? -2 : -1;
  *out = (uint32_t)v;
  return 0;
}

#define MAX_TOK 10

/* Register record: side ( "wr" ADDR DATA | "rd" ADDR ) { option } (docs/TRACE.md). */
static void parse_reg(perr_t *pe, unsigned lineno, unsigned side, char **tok, unsigned nt,
                      tr_prog_t *p, int *oom) {
  const char *op = tok[1];
  int wr = op[0] == 'w';
  unsigned need = wr ? 4u : 3u;
  if (nt > MAX_TOK) {
    report(pe, lineno, "too many words in a '%s' record", op);
    return;
  }
  if (nt < need) {
    report(pe, lineno, "missing %s after '%s'", nt < 3 ? "register address" : "write data", op);
    return;
  }
  uint32_t addr, data = 0, mask = 0xffffffffu, wstrb = 0xfu;
  if (parse_number(tok[2], &addr) != 0) {
    report(pe, lineno, "bad register address '%s' (32-bit hex 0x... or decimal)", tok[2]);
    return;
  }
  if (wr && parse_number(tok[3], &data) != 0) {
    report(pe, lineno, "bad write data '%s' (32-bit hex 0x... or decimal)", tok[3]);
    return;
  }
  unsigned flags = 0, nresp = 0;
  int have_mask = 0;
  for (unsigned i = need; i < nt; i++) {
    const char *t = tok[i];
    if (strcmp(t, "okay") == 0 || strcmp(t, "slverr") == 0 || strcmp(t, "any") == 0) {
      if (nresp++) {
        report(pe, lineno, "more than one expected response ('%s')", t);
        return;
      }
      if (t[0] == 's') flags |= TR_F_SLVERR;
      else if (t[0] == 'a') flags |= TR_F_ANY;
    } else if (wr && strncmp(t, "wstrb=", 6) == 0) {
      if (parse_number(t + 6, &wstrb) != 0 || wstrb > 0xfu) {
        report(pe, lineno, "bad '%s' (wstrb=0x0 .. wstrb=0xf)", t);
        return;
      }
    } else if (!wr && strncmp(t, "mask=", 5) == 0) {
      if (parse_number(t + 5, &mask) != 0) {
        report(pe, lineno, "bad '%s' (mask=NUMBER, 32 bits)", t);
        return;
      }
      have_mask = 1;
    } else if (!wr && strcmp(t, "==") == 0) {
      if (flags & TR_F_VALUE) {
        report(pe, lineno, "more than one '=='");
        return;
      }
      if (i + 1 >= nt || parse_number(tok[i + 1], &data) != 0) {
        report(pe, lineno, "'==' needs a 32-bit value");
        return;
      }
      flags |= TR_F_VALUE;
      i++;
    } else if (!wr && strcmp(t, "poll") == 0) {
      flags |= TR_F_POLL;
    } else {
      report(pe, lineno, "unexpected '%s' in a '%s' record (options: okay|slverr|any%s)", t,
             op, wr ? ", wstrb=N" : ", mask=N, == VALUE, poll");
      return;
    }
  }
  if ((flags & TR_F_POLL) && !(flags & TR_F_VALUE)) {
    report(pe, lineno, "'poll' needs '== VALUE'");
    return;
  }
  if (have_mask && !(flags & TR_F_VALUE)) {
    report(pe, lineno, "'mask=' needs '== VALUE'");
    return;
  }
  if ((flags & TR_F_VALUE) && (data & ~mask)) {
    report(pe, lineno, "expected value 0x%x has bits outside mask 0x%x", data, mask);
    return;
  }
  if ((flags & TR_F_VALUE) && (flags & TR_F_SLVERR)) {
    report(pe, lineno, "'== VALUE' with 'slverr' (a rejected read returns 0; use == 0)");
    return;
  }
  tr_op_t o = {.kind = (uint8_t)(wr ? TR_REGWR : TR_REGRD),
               .side = (uint8_t)side,
               .wstrb = (uint8_t)(wr ? wstrb : 0u),
               .addr = addr,
               .data = data,
               .line = lineno,
               .mask = mask,
               .flags = (uint8_t)flags};
  if (tr_prog_push(p, &o) != 0) *oom = 1;
}

static void parse_line(perr_t *pe, unsigned lineno, char *s, tr_prog_t *p, int *oom) {
  char *hash = strchr(s, '#');
  if (hash) *hash = '\0';
  char *tok[MAX_TOK + 1];
  unsigned nt = 0;
  for (char *t = s; *t;) {
    while (*t == ' ' || *t == '\t' || *t == '\r') t++;
    if (!*t) break;
    if (nt == MAX_TOK) {
      nt++;
      break;
    }
    tok[nt++] = t;
    while (*t && *t != ' ' && *t != '\t' && *t != '\r') t++;
    if (*t) *t++ = '\0';
  }
  if (nt == 0) return; /* blank or comment */

  /* who: side or side.K */
  unsigned side;
  const char *who = tok[0];
  if (strncmp(who, "cpu", 3) == 0) side = 0;
  else if (strncmp(who, "gpu", 3) == 0) side = 1;
  else {
    report(pe, lineno, "expected 'cpu', 'gpu', 'cpu.K' or 'gpu.K', got '%s'", who);
    return;
  }
  int has_port = 0;
  unsigned port = 0;
  if (who[3] == '.') {
    const char *k = who + 4;
    unsigned nports = side == 0 ? TR_N_CPU_PORTS : TR_N_GPU_PORTS;
    if (k[0] < '0' || k[0] > '9' || k[1] != '\0' || (unsigned)(k[0] - '0') >= nports) {
      report(pe, lineno, "bad port '%s' (%s ports are %s.0 .. %s.%u)", who,
             tr_side_name(side), tr_side_name(side), tr_side_name(side), nports - 1);
      return;
    }
    has_port = 1;
    port = (side == 0 ? 0u : TR_N_CPU_PORTS) + (unsigned)(k[0] - '0');
  } else if (who[3] != '\0') {
    report(pe, lineno, "expected 'cpu', 'gpu', 'cpu.K' or 'gpu.K', got '%s'", who);
    return;
  }
  if (nt < 2) {
    report(pe, lineno, "missing operation after '%s'", who);
    return;
  }
  const char *op = tok[1];
  if (strcmp(op, "acquire") == 0 || strcmp(op, "release") == 0) {
    if (has_port) {
      report(pe, lineno, "'%s' takes a side ('cpu' or 'gpu'), not a port ('%s')", op, who);
      return;
    }
    if (nt > 2) {
      report(pe, lineno, "unexpected '%s' after '%s'", tok[2], op);
      return;
    }
    if (inst_closed(pe, lineno, side, op) != 0) return;
    tr_op_t o = {.kind = (uint8_t)(op[0] == 'a' ? TR_ACQUIRE : TR_RELEASE),
                 .side = (uint8_t)side,
                 .line = lineno};
    if (tr_prog_push(p, &o) != 0) *oom = 1;
    return;
  }
  if (strcmp(op, "wr") == 0 || strcmp(op, "rd") == 0) {
    if (has_port) {
      report(pe, lineno, "'%s' takes a side ('cpu' or 'gpu'), not a port ('%s')", op, who);
      return;
    }
    if (inst_closed(pe, lineno, side, op) != 0) return;
    parse_reg(pe, lineno, side, tok, nt, p, oom);
    return;
  }
  int store;
  if (strcmp(op, "ld") == 0) store = 0;
  else if (strcmp(op, "st") == 0) store = 1;
  else {
    report(pe, lineno, "unknown operation '%s' (expected ld, st, acquire, release, wr or rd)",
           op);
    return;
  }
  if (!has_port) {
    report(pe, lineno, "'%s' needs a port ('%s.K'), not a side", op, who);
    return;
  }
  if (nt < 3) {
    report(pe, lineno, "missing address after '%s'", op);
    return;
  }
  /* a trailing "more" (gpu ports only): not the last record of the wavefront instruction */
  int more = nt >= 4 && nt <= MAX_TOK && strcmp(tok[nt - 1], "more") == 0;
  if (more && side == 0) {
    report(pe, lineno, "'more' is for gpu ports only (%s has no wavefront instructions)", who);
    return;
  }
  if (more) nt--;
  uint32_t addr, data = tr_default_data(lineno);
  int rc = parse_number(tok[2], &addr);
  if (rc == -1) {
    report(pe, lineno, "bad address '%s' (hex 0x... or decimal)", tok[2]);
    return;
  }
  if (rc == -2 || addr >= TR_ADDR_LIMIT) {
    report(pe, lineno, "address '%s' out of range (must be < 0x40000000)", tok[2]);
    return;
  }
  if (addr & 3u) {
    report(pe, lineno, "address '%s' not 4-byte aligned", tok[2]);
    return;
  }
  if (nt >= 4 && !store) {
    report(pe, lineno, "unexpected '%s' after ld address", tok[3]);
    return;
  }
  /* store: [DATA] [wstrb=N], in that order */
  unsigned ti = 3;
  if (ti < nt && strncmp(tok[ti], "wstrb=", 6) != 0) {
    rc = parse_number(tok[ti], &data);
    if (rc == -1) {
      report(pe, lineno, "bad data '%s' (hex 0x... or decimal)", tok[ti]);
      return;
    }
    if (rc == -2) {
      report(pe, lineno, "data '%s' does not fit in 32 bits", tok[ti]);
      return;
    }
    ti++;
  }
  uint32_t wstrb = store ? 0xfu : 0u;
  if (ti < nt && strncmp(tok[ti], "wstrb=", 6) == 0) {
    if (parse_number(tok[ti] + 6, &wstrb) != 0 || wstrb > 0xfu) {
      report(pe, lineno, "bad '%s' (wstrb=0x0 .. wstrb=0xf)", tok[ti]);
      return;
    }
    ti++;
  }
  if (ti < nt) {
    report(pe, lineno, "unexpected '%s' after store %s", tok[ti], ti == 3 ? "address" : "data");
    return;
  }
  if (side == 1 && inst_take(pe, lineno, port, store ? TR_ST : TR_LD, more) != 0) return;
  tr_op_t o = {.kind = (uint8_t)(store ? TR_ST : TR_LD),
               .side = (uint8_t)side,
               .port = (uint8_t)port,
               .wstrb = (uint8_t)wstrb,
               .addr = addr,
               .data = store ? data : 0u,
               .line = lineno,
               .flags = (uint8_t)(more ? TR_F_MORE : 0u)};
  if (tr_prog_push(p, &o) != 0) *oom = 1;
}

unsigned tr_parse_text(const char *name, const char *text, tr_prog_t *p, FILE *errs,
                       tr_err_t *first) {
  perr_t pe = {.name = name, .errs = errs, .first = first};
  unsigned lineno = 0;
  int oom = 0;
  char *buf = NULL;
  size_t bufcap = 0;
  const char *s = text;
  while (*s && !oom) {
    const char *e = strchr(s, '\n');
    size_t len = e ? (size_t)(e - s) : strlen(s);
    lineno++;
    if (len + 1 > bufcap) {
      bufcap = len + 1;
      char *nb = realloc(buf, bufcap);
      if (!nb) {
        oom = 1;
        break;
      }
      buf = nb;
    }
    memcpy(buf, s, len);
    buf[len] = '\0';
    if (memchr(buf, '\0', len)) {
      report(&pe, lineno, "NUL byte in line");
    } else {
      parse_line(&pe, lineno, buf, p, &oom);
    }
    s += len;
    if (*s == '\n') s++;
  }
  free(buf);
  if (oom) report(&pe, lineno, "out of memory");
  for (unsigned q = TR_N_CPU_PORTS; q < TR_N_PORTS && !oom; q++) {
    if (pe.inst[q].n) {
      report(&pe, pe.inst[q].line, "the instruction of %s opened here has no last record (one "
             "without 'more') before the end of the file", tr_port_name(q));
    }
  }
  return pe.count;
}

unsigned tr_parse_file(const char *path, tr_prog_t *p, FILE *errs, tr_err_t *first) {
  perr_t pe = {.name = path, .errs = errs, .first = first};
  FILE *f = fopen(path, "rb");
  if (!f) {
    report(&pe, 0, "cannot open trace: %s", strerror(errno));
    return pe.count;
  }
  size_t cap = 1 << 16, len = 0;
  char *text = malloc(cap);
  size_t got;
  while (text && (got = fread(text + len, 1, cap - len - 1, f)) > 0) {
    len += got;
    if (len + 1 == cap) {
      cap *= 2;
      char *nt = realloc(text, cap);
      if (!nt) free(text);
      text = nt;
    }
  }
  int bad = ferror(f);
  fclose(f);
  if (!text || bad) {
    free(text);
    report(&pe, 0, "cannot read trace");
    return pe.count;
  }
  text[len] = '\0';
  if (strlen(text) != len) {
    /* an embedded NUL: find its line for the message */
    unsigned ln = 1;
    for (size_t i = 0; i < len && text[i]; i++) ln += text[i] == '\n';
    report(&pe, ln, "NUL byte in line");
    free(text);
    return pe.count;
  }
  unsigned n = tr_parse_text(path, text, p, errs, first);
  free(text);
  return n;
}

int tr_write(FILE *f, const tr_prog_t *p, const char *header_comment) {
  if (header_comment) fprintf(f, "# %s\n", header_comment);
  for (size_t i = 0; i < p->n; i++) {
    const tr_op_t *o = &p->ops[i];
    switch (o->kind) {
      case TR_LD:
        fprintf(f, "%s ld 0x%08x%s\n", tr_port_name(o->port), o->addr,
                (o->flags & TR_F_MORE) ? " more" : "");
        break;
      case TR_ST:
        fprintf(f, "%s st 0x%08x 0x%08x", tr_port_name(o->port), o->addr, o->data);
        if (o->wstrb != 0xfu) fprintf(f, " wstrb=0x%x", o->wstrb);
        fprintf(f, "%s\n", (o->flags & TR_F_MORE) ? " more" : "");
        break;
      case TR_ACQUIRE: fprintf(f, "%s acquire\n", tr_side_name(o->side)); break;
      case TR_RELEASE: fprintf(f, "%s release\n", tr_side_name(o->side)); break;
      default: {
        const char *resp = (o->flags & TR_F_ANY) ? "any" : (o->flags & TR_F_SLVERR) ? "slverr" : "okay";
        if (o->kind == TR_REGWR) {
          fprintf(f, "%s wr 0x%08x 0x%08x %s", tr_side_name(o->side), o->addr, o->data, resp);
          if (o->wstrb != 0xfu) fprintf(f, " wstrb=0x%x", o->wstrb);
        } else {
          fprintf(f, "%s rd 0x%08x %s", tr_side_name(o->side), o->addr, resp);
          if (o->flags & TR_F_VALUE) {
            if (o->mask != 0xffffffffu) fprintf(f, " mask=0x%08x", o->mask);
            fprintf(f, " == 0x%08x", o->data);
          }
          if (o->flags & TR_F_POLL) fprintf(f, " poll");
        }
        fprintf(f, "\n");
        break;
      }
    }
  }
  return ferror(f) ? -1 : 0;
}

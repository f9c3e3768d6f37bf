/* Program representation shared by the trace parser and the workload generators, and the
 * trace-file parser/writer. Format: docs/TRACE.md. */
#ifndef COMMON_TRACE_H
#define COMMON_TRACE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define TR_N_CPU_PORTS 2u
#define TR_N_GPU_PORTS 4u
#define TR_N_PORTS 6u
#define TR_ADDR_LIMIT 0x40000000u

typedef enum tr_kind {
  TR_LD = 0,
  TR_ST = 1,
  TR_ACQUIRE = 2,
  TR_RELEASE = 3,
  TR_REGWR = 4, /* raw register write: one AXI4-Lite transaction of the side */
  TR_REGRD = 5  /* raw register read (optionally checked, optionally polled) */
} tr_kind_t;

/* Register-record flags (tr_op_t.flags). */
#define TR_F_SLVERR 0x1u /* expect SLVERR (default: expect OKAY) */
#define TR_F_ANY 0x2u    /* either response is accepted */
#define TR_F_VALUE 0x4u  /* rd: (rdata & mask) must equal data */
#define TR_F_POLL 0x8u   /* rd: repeat the read until (rdata & mask) == data */
/* Memory-record flag of a GPU ld/st (the word "more", docs/TRACE.md): not the last lane op of
 * its wavefront instruction. An instruction is the records of one GPU port up to and
 * including the first one without it: all of one kind, at most TR_INST_MAX records. */
#define TR_F_MORE 0x10u
#define TR_INST_MAX 64u

static inline int tr_is_sync(unsigned kind) { return kind >= TR_ACQUIRE; }
static inline int tr_is_reg(unsigned kind) { return kind == TR_REGWR || kind == TR_REGRD; }

/* One record. port: global port 0..5 (cpu.K = K, gpu.K = 2+K), memory ops only. */
typedef struct tr_op {
  uint8_t kind;  /* tr_kind_t */
  uint8_t side;  /* 0 cpu, 1 gpu */
  uint8_t port;  /* global port (ld/st) */
  uint8_t wstrb; /* st: core-port byte strobe, wr: AXI write strobe (0xF unless given); 0 else */
  uint32_t addr; /* ld/st/wr/rd */
  uint32_t data; /* st, wr: data; rd: expected value (TR_F_VALUE) */
  uint32_t line; /* source line number (0 for generated records) */
  uint32_t mask; /* rd: compare mask (0xFFFFFFFF unless given) */
  uint8_t flags; /* wr/rd: TR_F_SLVERR .. TR_F_POLL; gpu ld/st: TR_F_MORE */
} tr_op_t;

typedef struct tr_prog {
  tr_op_t *ops;
  size_t n, cap;
} tr_prog_t;

/* First error of a parse. */
typedef struct tr_err {
  unsigned line; /* 0 = not a line error (e.g. the file cannot be opened) */
  char msg[200]; /* full "FILE:LINE: error: what" */
} tr_err_t;

tr_prog_t *tr_prog_new(void);
void tr_prog_free(tr_prog_t *p);
int tr_prog_push(tr_prog_t *p, const tr_op_t *op); /* 0 ok, -1 out of memory */
int tr_prog_mem(tr_prog_t *p, unsigned port, int store, uint32_t addr, uint32_t data);
/* A store with a byte strobe (bit i = byte i of the word; tr_prog_mem stores use 0xF). */
int tr_prog_store(tr_prog_t *p, unsigned port, uint32_t addr, uint32_t data, unsigned wstrb);
int tr_prog_sync(tr_prog_t *p, unsigned side, tr_kind_t kind);
/* Register records: wr (data, wstrb) / rd (expected value in data if TR_F_VALUE, mask). */
int tr_prog_regwr(tr_prog_t *p, unsigned side, uint32_t addr, uint32_t data, unsigned wstrb,
                  unsigned flags);
int tr_prog_regrd(tr_prog_t *p, unsigned side, uint32_t addr, uint32_t value, uint32_t mask,
                  unsigned flags);

/* Default data of `st ADDR` without DATA: the record's 1-based line number. */
uint32_t tr_default_data(unsigned line);

/* Parses text (name = file name used in messages). Every malformed line is reported to
 * errs (if not NULL) as "NAME:LINE: error: what"; *first (if not NULL) receives the first.
 * Returns the number of malformed lines (0 = success); records are appended to p. */
unsigned tr_parse_text(const char *name, const char *text, tr_prog_t *p, FILE *errs,
                       tr_err_t *first);
/* Same, reading the file path; a file that cannot be read counts as one error (line 0). */
unsigned tr_parse_file(const char *path, tr_prog_t *p, FILE *errs, tr_err_t *first);

/* Writes p in trace format (always with explicit DATA). 0 ok, -1 I/O error. */
int tr_write(FILE *f, const tr_prog_t *p, const char *header_comment);

/* "cpu.0" .. "gpu.3" / "cpu" / "gpu". */
const char *tr_port_name(unsigned port);
const char *tr_side_name(unsigned side);
static inline unsigned tr_port_side(unsigned port) { return port < TR_N_CPU_PORTS ? 0u : 1u; }

#endif

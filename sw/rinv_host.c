/* rinv_host: host tool of the FPGA bring-up (docs/FPGA.md §4).
 *
 * Talks the byte protocol of fpga/uart_axil_bridge.sv over a serial device (termios, the
 * ULX3S FTDI UART) or a TCP socket (the Verilated board, fpga/sim/), and runs the register
 * sequences of sw/rinv_drv.c through its abstract MMIO interface. Commands come from a script
 * file or stdin, one per line (seed 004's load / command / monitor loop):
 *
 *   ping                          bridge id
 *   read SIDE ADDR                register read as SIDE (cpu|gpu = AxUSER 0|1)
 *   write SIDE ADDR VALUE         register write as SIDE
 *   expect SIDE ADDR VALUE        read and compare (fails the script on a difference)
 *   expect-err SIDE ADDR VALUE    write that must answer SLVERR
 *   acquire SIDE | release SIDE   rinv_acquire / rinv_release
 *   mode line|run|merge [addr|set|auto]
 *   status | counters | history   dump STATUS, the statistics (also as one JSON line
 *                                 "COUNTERS {...}"), the recorder/history occupancies
 *   load FILE                     load the ld/st records of a trace file into the replay RAM
 *                                 (a file with other records is rejected)
 *   run                           start the replay engine, wait, print its statistics
 *   trace FILE                    run a whole trace: ld/st segments through the replay
 *                                 engine, acquire/release records through the driver,
 *                                 register records as single bridge transactions
 *   echo TEXT | sleep MS | quit
 *
 * Trace files are read by the testbench's parser (common/trace.c) and loads are checked against
 * its byte-granular reference memory (common/refmem.c).
 *
 * usage: rinv_host (-t HOST:PORT | -d DEVICE [-b BAUD]) [-T MS] [-q] [SCRIPT | -]
 * -T MS: how long to wait for each reply of the board (default 60000 ms; also bounds the
 * connection retries of -t). After min(2 s, MS/2) without an answer a diagnostic line goes
 * to stderr; at MS the command fails with a timeout naming the device.
 * Exit status 0 only if every command succeeded (2: bad arguments or the device cannot be
 * opened). */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "host_link.h"
#include "parse_num.h"
#include "refmem.h"
#include "rinv_drv.h"
#include "trace.h"

/* Trace-replay window (fpga/trace_replay.sv): offsets from common/rinv_regs.h (regs/rinv.rdl). */
#define RP_ID       (RINV_RP_BASE + RINV_RP_ID_OFFSET)
#define RP_CTRL     (RINV_RP_BASE + RINV_RP_CTRL_OFFSET)
#define RP_LEN      (RINV_RP_BASE + RINV_RP_LEN_OFFSET)
#define RP_WIDX     (RINV_RP_BASE + RINV_RP_WIDX_OFFSET)
#define RP_ENT_ADDR (RINV_RP_BASE + RINV_RP_ENT_ADDR_OFFSET)
#define RP_ENT_DATA (RINV_RP_BASE + RINV_RP_ENT_DATA_OFFSET)
#define RP_ENT_CTRL (RINV_RP_BASE + RINV_RP_ENT_CTRL_OFFSET)
#define RP_CYCLES   (RINV_RP_BASE + RINV_RP_CYCLES_OFFSET)
#define RP_LOADS    (RINV_RP_BASE + RINV_RP_LOADS_OFFSET)
#define RP_STORES   (RINV_RP_BASE + RINV_RP_STORES_OFFSET)
#define RP_LD_SUM   (RINV_RP_BASE + RINV_RP_LD_SUM_OFFSET)
#define RP_DEPTH    (RINV_RP_BASE + RINV_RP_DEPTH_OFFSET)

/* ---- parsing helpers ------------------------------------------------------------------ */

/* A 32-bit script number (common/parse_num.h); on failure the reason goes to stderr (the
 * command is then reported malformed). */
static int parse_u32(const char *s, uint32_t *v) {
  uint64_t x = 0;
  int rc = s != NULL ? rinv_parse_u64(s, UINT32_MAX, &x) : RINV_PN_EMPTY;
  if (rc != RINV_PN_OK) {
    fprintf(stderr, "rinv_host: '%s': %s\n", s != NULL ? s : "",
            rc == RINV_PN_RANGE ? "does not fit in 32 bits" : rinv_parse_why(rc));
    return -1;
  }
  *v = (uint32_t)x;
  return 0;
}

static int parse_side(const char *s, unsigned *side) {
  if (s == NULL) return -1;
  if (strcmp(s, "cpu") == 0) *side = RINV_SIDE_CPU;
  else if (strcmp(s, "gpu") == 0) *side = RINV_SIDE_GPU;
  else return -1;
  return 0;
}

/* ---- trace programs ------------------------------------------------------------------- */

/* Record names for messages: op_who(o) op_word(o) = "cpu.0 st", "gpu acquire", "cpu wr". */
static const char *op_word(const tr_op_t *o) {
  switch (o->kind) {
    case TR_LD: return "ld";
    case TR_ST: return "st";
    case TR_ACQUIRE: return "acquire";
    case TR_RELEASE: return "release";
    case TR_REGWR: return "wr";
    default: return "rd";
  }
}

static const char *op_who(const tr_op_t *o) {
  return tr_is_sync(o->kind) ? tr_side_name(o->side) : tr_port_name(o->port);
}

/* Reads a trace file with the shared parser (common/trace.c, docs/TRACE.md); every malformed
 * line is printed as FILE:LINE: error: .... Then checks what this tool cannot run:
 * for `load` (ld_st_only) every acquire/release/register record, and for both a register
 * write with a partial strobe (the bridge always writes WSTRB = 0xF). Returns the program,
 * or NULL after printing the errors. */
static tr_prog_t *prog_read(const char *file, int ld_st_only) {
  tr_prog_t *p = tr_prog_new();
  if (p == NULL) {
    fprintf(stderr, "rinv_host: out of memory\n");
    return NULL;
  }
  if (tr_parse_file(file, p, stderr, NULL) != 0) {
    tr_prog_free(p);
    return NULL;
  }
  unsigned errs = 0;
  for (size_t i = 0; i < p->n; i++) {
    const tr_op_t *o = &p->ops[i];
    if (ld_st_only && tr_is_sync(o->kind)) {
      if (errs++ < 20) {
        fprintf(stderr, "%s:%u: error: '%s %s' record in a load file: only ld/st can be "
                "loaded into the replay RAM (use trace)\n", file, o->line, op_who(o),
                op_word(o));
      }
    } else if (o->kind == TR_REGWR && o->wstrb != 0xFu) {
      if (errs++ < 20) {
        fprintf(stderr, "%s:%u: error: register write with wstrb=0x%x: the UART bridge only "
                "writes whole words (WSTRB = 0xF)\n", file, o->line, o->wstrb);
      }
    }
  }
  if (errs != 0) {
    tr_prog_free(p);
    return NULL;
  }
  return p;
}

/* ---- replay engine -------------------------------------------------------------------- */

/* Host-side failures of a trace run (beside RINV_* and the transport codes). */
#define HOST_E_NOMEM    (-200)
#define HOST_E_MISMATCH (-201)
#define HOST_E_REGREC   (-202)
#define HOST_E_DEPTH    (-203)

static const char *host_strerror(int rc) {
  switch (rc) {
    case HOST_E_NOMEM: return "out of memory";
    case HOST_E_MISMATCH: return "load sum mismatch";
    case HOST_E_REGREC: return "register record failed";
    case HOST_E_DEPTH: return "replay depth 0";
    default: return rinv_strerror(rc);
  }
}

/* Loads ops[0..n) (ld/st only) into the replay RAM: ENT_CTRL = port | we << 3 | wstrb << 4. */
static int rp_load(const rinv_mmio_t *m, const tr_op_t *ops, size_t n) {
  int rc = rinv_reg_write(m, 0, RP_WIDX, 0);
  for (size_t i = 0; rc == RINV_OK && i < n; i++) {
    const tr_op_t *o = &ops[i];
    const int st = o->kind == TR_ST;
    rc = rinv_reg_write(m, 0, RP_ENT_ADDR, o->addr);
    if (rc == RINV_OK) rc = rinv_reg_write(m, 0, RP_ENT_DATA, st ? o->data : 0u);
    if (rc == RINV_OK) {
      uint32_t ctl = (uint32_t)o->port << RINV_RP_ENT_CTRL_PORT_SHIFT;
      if (st) {
        ctl |= RINV_RP_ENT_CTRL_WE_MASK |
               (((uint32_t)o->wstrb << RINV_RP_ENT_CTRL_WSTRB_SHIFT) & RINV_RP_ENT_CTRL_WSTRB_MASK);
      }
      rc = rinv_reg_write(m, 0, RP_ENT_CTRL, ctl);
    }
  }
  if (rc == RINV_OK) rc = rinv_reg_write(m, 0, RP_LEN, (uint32_t)n);
  return rc;
}

/* Starts the engine (statistics cleared), waits for it, prints its statistics. */
static int rp_run(const rinv_mmio_t *m, link_t *l, uint32_t *ld_sum) {
  /* write: start | clear statistics; read back: [0] busy (the start field's bit) */
  int rc = rinv_reg_write(m, 0, RP_CTRL, RINV_RP_CTRL_START_MASK | RINV_RP_CTRL_CLEAR_MASK);
  uint32_t st = RINV_RP_CTRL_START_MASK;
  for (unsigned n = 0; rc == RINV_OK && (st & RINV_RP_CTRL_START_MASK); n++) {
    if (n > 1000000u) return RINV_E_TIMEOUT;
    rc = rinv_reg_read(m, 0, RP_CTRL, &st);
  }
  uint32_t cyc = 0, ld = 0, stn = 0, sum = 0;
  if (rc == RINV_OK) rc = rinv_reg_read(m, 0, RP_CYCLES, &cyc);
  if (rc == RINV_OK) rc = rinv_reg_read(m, 0, RP_LOADS, &ld);
  if (rc == RINV_OK) rc = rinv_reg_read(m, 0, RP_STORES, &stn);
  if (rc == RINV_OK) rc = rinv_reg_read(m, 0, RP_LD_SUM, &sum);
  if (rc == RINV_OK && !l->quiet) {
    printf("replay: cycles=%u loads=%u stores=%u ld_sum=0x%08x\n", cyc, ld, stn, sum);
  }
  if (ld_sum != NULL) *ld_sum = sum;
  return rc;
}

/* ---- whole traces ----------------------------------------------------------------------- */

/* The host's model of a trace run, as the testbench keeps it (docs/TRACE.md §2): the
 * byte-granular reference memory (common/refmem.c) and which side holds the lock. */
typedef struct host_ref {
  refmem_t *mem;
  int holds_lock[2];
} host_ref_t;

/* Expected sum of the load values of ops[0..n) in program order: a load sees the bytes of
 * the earlier stores to its word (races between ports inside one segment are not modelled).
 * Stores merge their strobed bytes; a store of a side without the lock taints its bytes.
 * *unchecked = loads whose value is not guaranteed (side without the lock, tainted bytes). */
static void ref_segment(host_ref_t *r, const tr_op_t *ops, size_t n, uint32_t *sum,
                        size_t *unchecked) {
  *sum = 0;
  *unchecked = 0;
  for (size_t i = 0; i < n; i++) {
    const tr_op_t *o = &ops[i];
    const int locked = r->holds_lock[o->side & 1u];
    if (o->kind == TR_ST) {
      refmem_store(r->mem, o->addr, o->data, o->wstrb, locked ? 0u : o->wstrb, o->side & 1u,
                   0);
    } else {
      int tainted = 0;
      *sum += refmem_load(r->mem, o->addr, &tainted);
      if (!locked || tainted) (*unchecked)++;
    }
  }
}

/* A register record (docs/TRACE.md): one bridge transaction as the record's side, repeated
 * while polling (a SLVERR ends the poll); the response must be the expected one (okay,
 * slverr or any) and a read's data masked with `mask` must equal the expected value. */
static int run_regrec(const rinv_mmio_t *m, link_t *l, const char *file, const tr_op_t *o) {
  const int we = o->kind == TR_REGWR;
  uint32_t rd = 0;
  int rc;
  for (unsigned n = 0;; n++) {
    rc = we ? rinv_reg_write(m, o->side, o->addr, o->data)
            : rinv_reg_read(m, o->side, o->addr, &rd);
    if (rc != RINV_OK && rc != RINV_E_SLVERR) {
      printf("%s:%u: %s %s 0x%08x: %s\n", file, o->line, op_who(o), op_word(o), o->addr,
             rinv_strerror(rc));
      return rc;
    }
    if (!(o->flags & TR_F_POLL) || rc == RINV_E_SLVERR || (rd & o->mask) == o->data) break;
    if (m->max_polls != 0 && n + 1u >= m->max_polls) {
      printf("%s:%u: %s rd 0x%08x poll: %s\n", file, o->line, op_who(o), o->addr,
             rinv_strerror(RINV_E_TIMEOUT));
      return RINV_E_TIMEOUT;
    }
  }
  const int slverr = rc == RINV_E_SLVERR;
  if (!(o->flags & TR_F_ANY) && slverr != !!(o->flags & TR_F_SLVERR)) {
    printf("%s:%u: register record %s %s 0x%08x: expected %s, got %s: FAIL\n", file, o->line,
           op_who(o), op_word(o), o->addr, (o->flags & TR_F_SLVERR) ? "SLVERR" : "OKAY",
           slverr ? "SLVERR" : "OKAY");
    return HOST_E_REGREC;
  }
  if (!we && (o->flags & TR_F_VALUE) && (rd & o->mask) != o->data) {
    printf("%s:%u: register record %s rd 0x%08x: expected 0x%08x (mask 0x%08x), got 0x%08x: "
           "FAIL\n", file, o->line, op_who(o), o->addr, o->data, o->mask, rd);
    return HOST_E_REGREC;
  }
  if (!l->quiet) {
    if (we) {
      printf("%s wr 0x%08x <- 0x%08x: %s\n", op_who(o), o->addr, o->data, slverr ? "SLVERR"
             : "OKAY");
    } else {
      printf("%s rd 0x%08x = 0x%08x: %s\n", op_who(o), o->addr, rd, slverr ? "SLVERR" : "OKAY");
    }
  }
  return RINV_OK;
}

/* One acquire/release (driver sequence) or register record; keeps r->holds_lock as the
 * testbench does: a register write expected to succeed, other than to MODE, may release the
 * lock, so the side counts as not holding it until its next acquire. */
static int run_sync(const rinv_mmio_t *m, link_t *l, const char *file, const tr_op_t *o,
                    host_ref_t *r) {
  const unsigned s = o->side & 1u;
  if (tr_is_reg(o->kind)) {
    if (o->kind == TR_REGWR && !(o->flags & TR_F_SLVERR) &&
        (o->addr & ~3u) != RINV_REG_MODE) {
      r->holds_lock[s] = 0;
    }
    return run_regrec(m, l, file, o);
  }
  if (o->kind == TR_RELEASE) r->holds_lock[s] = 0;
  int rc = o->kind == TR_ACQUIRE ? rinv_acquire(m, s) : rinv_release(m, s);
  if (rc != RINV_OK) {
    printf("%s:%u: %s %s: %s\n", file, o->line, op_who(o), op_word(o), rinv_strerror(rc));
  } else if (!l->quiet) {
    printf("%s %s: %s\n", op_who(o), op_word(o), rinv_strerror(rc));
  }
  if (rc == RINV_OK && o->kind == TR_ACQUIRE) r->holds_lock[s] = 1;
  return rc;
}

static int run_prog_ref(const rinv_mmio_t *m, link_t *l, const char *file, const tr_prog_t *p,
                        uint32_t depth, host_ref_t *r) {
  size_t i = 0;
  while (i < p->n) {
    if (tr_is_sync(p->ops[i].kind)) {
      int rc = run_sync(m, l, file, &p->ops[i], r);
      if (rc != RINV_OK) return rc;
      i++;
      continue;
    }
    size_t j = i;
    while (j < p->n && !tr_is_sync(p->ops[j].kind) && j - i < depth) j++;
    uint32_t want = 0, got = 0;
    size_t unchecked = 0;
    ref_segment(r, p->ops + i, j - i, &want, &unchecked);
    int rc = rp_load(m, p->ops + i, j - i);
    if (rc == RINV_OK) rc = rp_run(m, l, &got);
    if (rc != RINV_OK) return rc;
    if (unchecked != 0) {
      if (!l->quiet) {
        printf("replay: load sum not checked (%zu loads without the lock or of tainted "
               "bytes)\n", unchecked);
      }
    } else if (got != want) {
      printf("replay: load sum 0x%08x, reference 0x%08x (%s:%u..%u): MISMATCH\n", got, want,
             file, p->ops[i].line, p->ops[j - 1].line);
      return HOST_E_MISMATCH;
    } else if (!l->quiet) {
      printf("replay: load sum 0x%08x == reference: ok\n", got);
    }
    i = j;
  }
  return RINV_OK;
}

/* Runs a whole program: maximal ld/st segments (at most `depth` entries each) go through
 * the replay engine; acquire/release records run the driver sequences and register records
 * one bridge transaction each, in between. The sum of each segment's load values is checked
 * against the host's reference memory when every load of the segment is guaranteed. */
static int run_prog(const rinv_mmio_t *m, link_t *l, const char *file, const tr_prog_t *p,
                    uint32_t depth) {
  if (depth == 0) return HOST_E_DEPTH;
  host_ref_t r = {refmem_new(), {0, 0}};
  if (r.mem == NULL) return HOST_E_NOMEM;
  int rc = run_prog_ref(m, l, file, p, depth, &r);
  refmem_free(r.mem);
  return rc;
}

/* ---- dumps ------------------------------------------------------------------------------ */

static const char *const cnt_names[RINV_N_CNT] = {
    "probes", "probe_lines", "inv_hits", "over_inv_lines", "hist_entries", "hist_overflows",
    "inv_cycles", "inv_cycles_last", "releases", "hist_count_cpu", "hist_count_gpu"};

static int dump_counters(const rinv_mmio_t *m) {
  uint32_t v[RINV_N_CNT], tl[2], err = 0;
  int rc = RINV_OK;
  for (unsigned k = 0; rc == RINV_OK && k < RINV_N_CNT; k++) {
    rc = rinv_reg_read(m, 0, RINV_REG_CNT(k), &v[k]);
  }
  for (unsigned s = 0; rc == RINV_OK && s < 2; s++) {
    rc = rinv_reg_read(m, s, RINV_REG_TAG_LOOKUPS(s), &tl[s]);
  }
  if (rc == RINV_OK) rc = rinv_reg_read(m, 0, RINV_REG_ERR_COUNT, &err);
  if (rc != RINV_OK) return rc;
  for (unsigned k = 0; k < RINV_N_CNT; k++) printf("  %-16s %u\n", cnt_names[k], v[k]);
  printf("  %-16s %u (cpu %u, gpu %u)\n", "tag_lookups", tl[0] + tl[1], tl[0], tl[1]);
  printf("  %-16s %u\n", "err_count", err);
  printf("COUNTERS {");
  for (unsigned k = 0; k < RINV_N_CNT; k++) printf("\"%s\":%u, ", cnt_names[k], v[k]);
  printf("\"tag_lookups\":%u, \"err_count\":%u}\n", tl[0] + tl[1], err);
  return RINV_OK;
}

static int dump_status(const rinv_mmio_t *m) {
  uint32_t st = 0, mode = 0, lock = 0;
  int rc = rinv_status(m, 0, &st);
  if (rc == RINV_OK) rc = rinv_reg_read(m, 0, RINV_REG_MODE, &mode);
  if (rc == RINV_OK) rc = rinv_reg_read(m, 0, RINV_REG_LOCK, &lock);
  if (rc != RINV_OK) return rc;
  printf("STATUS 0x%08x: inv_busy=%u inv_done=%u hist_busy=%u/%u last_id=%u ovf=%u/%u "
         "owner=%u; MODE 0x%x; LOCK %u\n",
         st, st & 1u, (st >> 1) & 1u, (st >> 2) & 1u, (st >> 3) & 1u, RINV_ST_LAST_ID(st),
         (st >> 6) & 1u, (st >> 7) & 1u, RINV_ST_OWNER(st), mode, lock);
  return RINV_OK;
}

static int dump_history(const rinv_mmio_t *m) {
  uint32_t v[6];
  const uint32_t a[6] = {RINV_REG_HIST_EN(0), RINV_REG_REC_COUNT(0), RINV_REG_HIST_EN(1),
                         RINV_REG_REC_COUNT(1), RINV_REG_CNT(RINV_CNT_HIST_COUNT_CPU),
                         RINV_REG_CNT(RINV_CNT_HIST_COUNT_GPU)};
  for (unsigned i = 0; i < 6; i++) {
    int rc = rinv_reg_read(m, i < 2 ? 0u : 1u, a[i], &v[i]);
    if (rc != RINV_OK) return rc;
  }
  printf("history: cpu hist_en=%u rec_count=%u dir_hist=%u | gpu hist_en=%u rec_count=%u "
         "dir_hist=%u\n", v[0], v[1], v[4], v[2], v[3], v[5]);
  return RINV_OK;
}

/* ---- command loop ------------------------------------------------------------------------ */

static int parse_mode(const char *s, unsigned *v, const char *const *names) {
  for (unsigned i = 0; i < 3; i++) {
    if (s != NULL && strcmp(s, names[i]) == 0) {
      *v = i;
      return 0;
    }
  }
  return -1;
}

/* Executes one command; returns 0 on success, 1 on a failure, 2 for quit. */
static int do_cmd(const rinv_mmio_t *m, link_t *l, char **w, int nw) {
  static const char *const modes[3] = {"line", "run", "merge"};
  static const char *const walks[3] = {"addr", "set", "auto"};
  const char *c = w[0];
  unsigned side = 0;
  uint32_t a = 0, v = 0, r = 0;
  int rc = RINV_OK;
  if (strcmp(c, "quit") == 0 || strcmp(c, "exit") == 0) return 2;
  if (strcmp(c, "echo") == 0) {
    for (int i = 1; i < nw; i++) printf("%s%s", w[i], i + 1 < nw ? " " : "\n");
    if (nw == 1) printf("\n");
    return 0;
  }
  if (strcmp(c, "sleep") == 0 && nw == 2 && parse_u32(w[1], &v) == 0) {
    struct timespec ts = {(time_t)(v / 1000u), (long)(v % 1000u) * 1000000L};
    nanosleep(&ts, NULL);
    return 0;
  }
  if (strcmp(c, "ping") == 0 && nw == 1) {
    uint8_t b[5] = {BR_PING, 0, 0, 0, 0};
    if (link_send(l, b, 1) != 0 || link_recv(l, b, 5) != 0) return 1;
    printf("ping: reply 0x%02x id 0x%08x\n", b[0], link_get32(b + 1));
    return (b[0] == BR_OK && link_get32(b + 1) == BR_ID) ? 0 : 1;
  }
  if (strcmp(c, "read") == 0 && nw == 3 && parse_side(w[1], &side) == 0 &&
      parse_u32(w[2], &a) == 0) {
    rc = rinv_reg_read(m, side, a, &r);
    printf("read %s 0x%08x = 0x%08x (%u) %s\n", w[1], a, r, r, rinv_strerror(rc));
    return rc == RINV_OK ? 0 : 1;
  }
  if ((strcmp(c, "write") == 0 || strcmp(c, "expect-err") == 0) && nw == 4 &&
      parse_side(w[1], &side) == 0 && parse_u32(w[2], &a) == 0 && parse_u32(w[3], &v) == 0) {
    rc = rinv_reg_write(m, side, a, v);
    int want = strcmp(c, "write") == 0 ? RINV_OK : RINV_E_SLVERR;
    if (!l->quiet || rc != want) {
      printf("%s %s 0x%08x <- 0x%08x: %s\n", c, w[1], a, v, rinv_strerror(rc));
    }
    return rc == want ? 0 : 1;
  }
  if (strcmp(c, "expect") == 0 && nw == 4 && parse_side(w[1], &side) == 0 &&
      parse_u32(w[2], &a) == 0 && parse_u32(w[3], &v) == 0) {
    rc = rinv_reg_read(m, side, a, &r);
    if (rc != RINV_OK || r != v) {
      printf("expect %s 0x%08x: got 0x%08x (%s), want 0x%08x: FAIL\n", w[1], a, r,
             rinv_strerror(rc), v);
      return 1;
    }
    if (!l->quiet) printf("expect %s 0x%08x == 0x%08x: ok\n", w[1], a, v);
    return 0;
  }
  if ((strcmp(c, "acquire") == 0 || strcmp(c, "release") == 0) && nw == 2 &&
      parse_side(w[1], &side) == 0) {
    rc = c[0] == 'a' ? rinv_acquire(m, side) : rinv_release(m, side);
    printf("%s %s: %s\n", c, w[1], rinv_strerror(rc));
    return rc == RINV_OK ? 0 : 1;
  }
  if (strcmp(c, "mode") == 0 && (nw == 2 || nw == 3)) {
    unsigned md = 0, wk = 0;
    if (parse_mode(w[1], &md, modes) != 0 || (nw == 3 && parse_mode(w[2], &wk, walks) != 0)) {
      fprintf(stderr, "rinv_host: mode line|run|merge [addr|set|auto]\n");
      return 1;
    }
    rc = rinv_set_mode(m, 0, md, wk);
    printf("mode %s %s: %s\n", modes[md], walks[wk], rinv_strerror(rc));
    return rc == RINV_OK ? 0 : 1;
  }
  if (strcmp(c, "status") == 0 && nw == 1) return dump_status(m) == RINV_OK ? 0 : 1;
  if (strcmp(c, "counters") == 0 && nw == 1) return dump_counters(m) == RINV_OK ? 0 : 1;
  if (strcmp(c, "history") == 0 && nw == 1) return dump_history(m) == RINV_OK ? 0 : 1;
  if ((strcmp(c, "load") == 0 || strcmp(c, "trace") == 0) && nw == 2) {
    const int load = strcmp(c, "load") == 0;
    tr_prog_t *p = prog_read(w[1], load);
    uint32_t depth = 0;
    if (p == NULL) return 1;
    rc = rinv_reg_read(m, 0, RP_DEPTH, &depth);
    if (rc == RINV_OK && load && p->n > depth) {
      fprintf(stderr, "rinv_host: load: %zu entries > replay depth %u\n", p->n, depth);
      tr_prog_free(p);
      return 1;
    }
    if (rc == RINV_OK && load) {
      rc = rp_load(m, p->ops, p->n);
      printf("load %s: %zu entries: %s\n", w[1], p->n, rinv_strerror(rc));
    } else if (rc == RINV_OK) {
      rc = run_prog(m, l, w[1], p, depth);
      printf("trace %s: %zu records: %s\n", w[1], p->n, host_strerror(rc));
    } else {
      printf("%s %s: replay DEPTH: %s\n", c, w[1], rinv_strerror(rc));
    }
    tr_prog_free(p);
    return rc == RINV_OK ? 0 : 1;
  }
  if (strcmp(c, "run") == 0 && nw == 1) {
    rc = rp_run(m, l, NULL);
    if (rc != RINV_OK) printf("run: %s\n", rinv_strerror(rc));
    return rc == RINV_OK ? 0 : 1;
  }
  fprintf(stderr, "rinv_host: unknown or malformed command '%s'\n", c);
  return 1;
}

static void usage(void) {
  fprintf(stderr, "usage: rinv_host (-t HOST:PORT | -d DEVICE [-b BAUD]) [-T MS] [-q] "
          "[SCRIPT | -]\n");
}

/* A positive option value in 1..max (common/parse_num.h; leading zeros read as decimal, as
 * they always were here); -1 if malformed or out of range. */
static long parse_pos(const char *s, long max) {
  uint64_t v = 0;
  if (rinv_parse_u64_span(s, strlen(s), (uint64_t)max, RINV_PN_ZEROS, &v) != RINV_PN_OK ||
      v < 1) {
    return -1;
  }
  return (long)v;
}

int main(int argc, char **argv) {
  const char *tcp = NULL, *dev = NULL, *script = "-";
  long baud = 115200;
  link_t l = {-1, 0, 0, NULL, TIMEOUT_MS_DEFAULT};
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-t") == 0 && i + 1 < argc) tcp = argv[++i];
    else if (strcmp(argv[i], "-d") == 0 && i + 1 < argc) dev = argv[++i];
    else if (strcmp(argv[i], "-b") == 0 && i + 1 < argc) {
      baud = parse_pos(argv[++i], 100000000L);
      if (baud < 0) {
        fprintf(stderr, "rinv_host: -b %s: expected a baud rate\n", argv[i]);
        return 2;
      }
    } else if (strcmp(argv[i], "-T") == 0 && i + 1 < argc) {
      l.timeout_ms = parse_pos(argv[++i], TIMEOUT_MS_MAX);
      if (l.timeout_ms < 0) {
        fprintf(stderr, "rinv_host: -T %s: must be 1..%ld (milliseconds)\n", argv[i],
                TIMEOUT_MS_MAX);
        return 2;
      }
    } else if (strcmp(argv[i], "-q") == 0) l.quiet = 1;
    else if (argv[i][0] != '-' || strcmp(argv[i], "-") == 0) script = argv[i];
    else {
      usage();
      return 2;
    }
  }
  if ((tcp == NULL) == (dev == NULL)) {
    usage();
    return 2;
  }
  /* the script first: a typo in its name must not wait for a board */
  FILE *in = strcmp(script, "-") == 0 ? stdin : fopen(script, "r");
  if (in == NULL) {
    int err = errno;
    fprintf(stderr, "rinv_host: cannot open script %s: %s\n", script, strerror(err));
    return 2;
  }
  l.name = tcp != NULL ? tcp : dev;
  l.fd = tcp != NULL ? link_open_tcp(tcp, l.timeout_ms) : link_open_serial(dev, baud);
  if (l.fd < 0) {
    if (in != stdin) fclose(in);
    return 2; /* the reason is already printed */
  }
  rinv_mmio_t m = {&l, link_mmio_write, link_mmio_read, 1000000u};
  char line[1024];
  unsigned lno = 0;
  int failed = 0;
  while (fgets(line, sizeof line, in) != NULL) {
    lno++;
    char *h = strchr(line, '#');
    if (h != NULL) *h = '\0';
    char *w[16], *save = NULL;
    int nw = 0;
    for (char *t = strtok_r(line, " \t\r\n", &save); t != NULL && nw < 16;
         t = strtok_r(NULL, " \t\r\n", &save)) {
      w[nw++] = t;
    }
    if (nw == 0) continue;
    int r = do_cmd(&m, &l, w, nw);
    fflush(stdout);
    if (r == 2) break;
    if (r != 0) {
      fprintf(stderr, "rinv_host: %s:%u: command failed\n", script, lno);
      failed = 1;
      break;
    }
  }
  if (in != stdin) fclose(in);
  close(l.fd);
  printf("rinv_host: %lu bridge transactions, %s\n", l.n_cmds, failed ? "FAILED" : "ok");
  return failed ? 1 : 0;
}

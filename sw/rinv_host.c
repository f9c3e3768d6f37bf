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
 *   run                           start the replay engine, wait, print its statistics
 *   trace FILE                    run a whole trace: ld/st segments through the replay
 *                                 engine, acquire/release records through the driver
 *   echo TEXT | sleep MS | quit
 *
 * usage: rinv_host (-t HOST:PORT | -d DEVICE [-b BAUD]) [-q] [SCRIPT | -]
 * Exit status 0 only if every command succeeded. */
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

#include "rinv_drv.h"

/* Bridge protocol (fpga/uart_axil_bridge.sv). */
#define BR_PING     0x01u
#define BR_WRITE    0x10u
#define BR_READ     0x20u
#define BR_OK       0xA0u
#define BR_ID       0x52494E56u

/* Trace-replay window (fpga/trace_replay.sv). */
#define RP_BASE     0x80000000u
#define RP_ID       (RP_BASE + 0x00u)
#define RP_CTRL     (RP_BASE + 0x04u)
#define RP_LEN      (RP_BASE + 0x08u)
#define RP_WIDX     (RP_BASE + 0x0Cu)
#define RP_ENT_ADDR (RP_BASE + 0x10u)
#define RP_ENT_DATA (RP_BASE + 0x14u)
#define RP_ENT_CTRL (RP_BASE + 0x18u)
#define RP_CYCLES   (RP_BASE + 0x1Cu)
#define RP_LOADS    (RP_BASE + 0x20u)
#define RP_STORES   (RP_BASE + 0x24u)
#define RP_LD_SUM   (RP_BASE + 0x28u)
#define RP_DEPTH    (RP_BASE + 0x2Cu)

#define TIMEOUT_MS 60000

typedef struct link {
  int fd;
  int quiet;
  unsigned long n_cmds;
} link_t;

typedef struct op {
  int sync;          /* 0: ld/st, 1: acquire, 2: release */
  unsigned port;     /* ld/st: 0..5; sync: side */
  int we;
  uint32_t addr, data;
} op_t;

typedef struct prog {
  op_t *ops;
  size_t n, cap;
} prog_t;

/* ---- transport ---------------------------------------------------------------------- */

static int link_send(link_t *l, const uint8_t *b, size_t n) {
  while (n > 0) {
    ssize_t w = write(l->fd, b, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    b += w;
    n -= (size_t)w;
  }
  return 0;
}

static int link_recv(link_t *l, uint8_t *b, size_t n) {
  while (n > 0) {
    struct pollfd p = {.fd = l->fd, .events = POLLIN, .revents = 0};
    int pr = poll(&p, 1, TIMEOUT_MS);
    if (pr == 0) {
      fprintf(stderr, "rinv_host: no reply from the board (timeout)\n");
      return -2;
    }
    if (pr < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    ssize_t r = read(l->fd, b, n);
    if (r == 0) {
      fprintf(stderr, "rinv_host: connection closed by the board\n");
      return -3;
    }
    if (r < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      return -1;
    }
    b += r;
    n -= (size_t)r;
  }
  return 0;
}

static void put32(uint8_t *b, uint32_t v) {
  for (int i = 0; i < 4; i++) b[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get32(const uint8_t *b) {
  return (uint32_t)b[0] | ((uint32_t)b[1] << 8) | ((uint32_t)b[2] << 16) |
         ((uint32_t)b[3] << 24);
}

/* Maps a reply status byte to a driver result code. */
static int reply_rc(uint8_t st) {
  if (st == BR_OK) return RINV_OK;
  if (st == (BR_OK | 2u) || st == (BR_OK | 3u)) return RINV_E_SLVERR;
  fprintf(stderr, "rinv_host: bad reply byte 0x%02x\n", st);
  return -4;
}

static int mmio_write(void *ctx, unsigned side, uint32_t addr, uint32_t data) {
  link_t *l = ctx;
  uint8_t b[9], st = 0;
  b[0] = (uint8_t)(BR_WRITE | (side & 1u));
  put32(b + 1, addr);
  put32(b + 5, data);
  l->n_cmds++;
  int rc = link_send(l, b, sizeof b);
  if (rc == 0) rc = link_recv(l, &st, 1);
  return rc != 0 ? rc : reply_rc(st);
}

static int mmio_read(void *ctx, unsigned side, uint32_t addr, uint32_t *data) {
  link_t *l = ctx;
  uint8_t b[5];
  b[0] = (uint8_t)(BR_READ | (side & 1u));
  put32(b + 1, addr);
  l->n_cmds++;
  int rc = link_send(l, b, 5);
  if (rc == 0) rc = link_recv(l, b, 5);
  if (rc != 0) return rc;
  *data = get32(b + 1);
  return reply_rc(b[0]);
}

static int open_tcp(const char *spec) {
  char host[256];
  const char *colon = strrchr(spec, ':');
  if (colon == NULL || (size_t)(colon - spec) >= sizeof host) return -1;
  memcpy(host, spec, (size_t)(colon - spec));
  host[colon - spec] = '\0';
  struct addrinfo hints, *res = NULL;
  memset(&hints, 0, sizeof hints);
  hints.ai_family = AF_INET;
  hints.ai_socktype = SOCK_STREAM;
  if (getaddrinfo(host, colon + 1, &hints, &res) != 0 || res == NULL) return -1;
  int fd = -1;
  for (int tries = 0; tries < 100 && fd < 0; tries++) {
    fd = socket(res->ai_family, res->ai_socktype, 0);
    if (fd >= 0 && connect(fd, res->ai_addr, res->ai_addrlen) != 0) {
      close(fd);
      fd = -1;
      struct timespec ts = {0, 100000000L};
      nanosleep(&ts, NULL);
    }
  }
  freeaddrinfo(res);
  if (fd >= 0) {
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  }
  return fd;
}

static speed_t baud_const(long baud) {
  switch (baud) {
    case 9600: return B9600;
    case 57600: return B57600;
    case 115200: return B115200;
    case 230400: return B230400;
    case 460800: return B460800;
    case 921600: return B921600;
    case 1000000: return B1000000;
    case 2000000: return B2000000;
    case 3000000: return B3000000;
    default: return 0;
  }
}

static int open_serial(const char *dev, long baud) {
  speed_t sp = baud_const(baud);
  if (sp == 0) {
    fprintf(stderr, "rinv_host: unsupported baud rate %ld\n", baud);
    return -1;
  }
  int fd = open(dev, O_RDWR | O_NOCTTY);
  if (fd < 0) return -1;
  struct termios t;
  if (tcgetattr(fd, &t) != 0) {
    close(fd);
    return -1;
  }
  cfmakeraw(&t);
  t.c_cflag &= ~(tcflag_t)(CSTOPB | PARENB | CRTSCTS);
  t.c_cflag |= CLOCAL | CREAD | CS8;
  t.c_cc[VMIN] = 1;
  t.c_cc[VTIME] = 0;
  cfsetispeed(&t, sp);
  cfsetospeed(&t, sp);
  if (tcsetattr(fd, TCSANOW, &t) != 0) {
    close(fd);
    return -1;
  }
  tcflush(fd, TCIOFLUSH);
  return fd;
}

/* ---- parsing helpers ------------------------------------------------------------------ */

static int parse_u32(const char *s, uint32_t *v) {
  if (s == NULL || *s == '\0') return -1;
  char *end = NULL;
  errno = 0;
  unsigned long long x = strtoull(s, &end, 0);
  if (errno != 0 || *end != '\0' || x > 0xFFFFFFFFull || s[0] == '-') return -1;
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

static int prog_push(prog_t *p, op_t o) {
  if (p->n == p->cap) {
    size_t nc = p->cap ? 2 * p->cap : 256;
    op_t *n = realloc(p->ops, nc * sizeof *n);
    if (n == NULL) return -1;
    p->ops = n;
    p->cap = nc;
  }
  p->ops[p->n++] = o;
  return 0;
}

/* Reads a trace file (docs/TRACE.md grammar). Returns 0, or -1 after printing errors. */
static int prog_read(const char *file, prog_t *p) {
  FILE *f = fopen(file, "r");
  if (f == NULL) {
    fprintf(stderr, "%s: error: cannot open trace: %s\n", file, strerror(errno));
    return -1;
  }
  char line[1024];
  unsigned lno = 0;
  int errs = 0;
  while (fgets(line, sizeof line, f) != NULL) {
    lno++;
    char *h = strchr(line, '#');
    if (h != NULL) *h = '\0';
    char *save = NULL;
    char *w[5];
    int nw = 0;
    for (char *t = strtok_r(line, " \t\r\n", &save); t != NULL && nw < 5;
         t = strtok_r(NULL, " \t\r\n", &save)) {
      w[nw++] = t;
    }
    if (nw == 0) continue;
    op_t o;
    memset(&o, 0, sizeof o);
    const char *bad = NULL;
    unsigned side = 0;
    if (parse_side(w[0], &side) == 0) {
      if (nw != 2) bad = "expected acquire or release";
      else if (strcmp(w[1], "acquire") == 0) o.sync = 1;
      else if (strcmp(w[1], "release") == 0) o.sync = 2;
      else bad = "expected acquire or release";
      o.port = side;
    } else {
      unsigned k = 0;
      if (strncmp(w[0], "cpu.", 4) == 0 && strlen(w[0]) == 5 && w[0][4] >= '0' &&
          w[0][4] <= '1') {
        k = (unsigned)(w[0][4] - '0');
      } else if (strncmp(w[0], "gpu.", 4) == 0 && strlen(w[0]) == 5 && w[0][4] >= '0' &&
                 w[0][4] <= '3') {
        k = 2u + (unsigned)(w[0][4] - '0');
      } else {
        bad = "unknown port or side";
      }
      o.port = k;
      if (bad == NULL) {
        if (nw < 3) bad = "missing operation or address";
        else if (strcmp(w[1], "ld") == 0 && nw == 3) o.we = 0;
        else if (strcmp(w[1], "st") == 0 && (nw == 3 || nw == 4)) o.we = 1;
        else bad = "bad operation";
      }
      if (bad == NULL && (parse_u32(w[2], &o.addr) != 0 || (o.addr & 3u) != 0 ||
                          o.addr >= RINV_DIR_BASE)) {
        bad = "bad address";
      }
      o.data = o.we ? lno : 0;
      if (bad == NULL && o.we && nw == 4 && parse_u32(w[3], &o.data) != 0) bad = "bad data";
    }
    if (bad != NULL) {
      if (errs++ < 20) fprintf(stderr, "%s:%u: error: %s\n", file, lno, bad);
      continue;
    }
    if (prog_push(p, o) != 0) {
      fclose(f);
      return -1;
    }
  }
  fclose(f);
  return errs ? -1 : 0;
}

/* ---- replay engine -------------------------------------------------------------------- */

static int rp_load(const rinv_mmio_t *m, const op_t *ops, size_t n) {
  int rc = rinv_reg_write(m, 0, RP_WIDX, 0);
  for (size_t i = 0; rc == RINV_OK && i < n; i++) {
    rc = rinv_reg_write(m, 0, RP_ENT_ADDR, ops[i].addr);
    if (rc == RINV_OK) rc = rinv_reg_write(m, 0, RP_ENT_DATA, ops[i].data);
    if (rc == RINV_OK) {
      uint32_t ctl = ops[i].port | (ops[i].we ? 0x8u : 0u) | (ops[i].we ? 0xF0u : 0u);
      rc = rinv_reg_write(m, 0, RP_ENT_CTRL, ctl);
    }
  }
  if (rc == RINV_OK) rc = rinv_reg_write(m, 0, RP_LEN, (uint32_t)n);
  return rc;
}

/* Starts the engine (statistics cleared), waits for it, prints its statistics. */
static int rp_run(const rinv_mmio_t *m, link_t *l, uint32_t *ld_sum) {
  int rc = rinv_reg_write(m, 0, RP_CTRL, 3u);
  uint32_t st = 1;
  for (unsigned n = 0; rc == RINV_OK && (st & 1u); n++) {
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

/* Reference memory of the host (word address -> last stored value), for the load check. */
typedef struct refmem {
  uint32_t *addr, *data;
  size_t n, cap;
} refmem_t;

static uint32_t *ref_slot(refmem_t *r, uint32_t addr, int create) {
  for (size_t i = 0; i < r->n; i++) {
    if (r->addr[i] == addr) return &r->data[i];
  }
  if (!create) return NULL;
  if (r->n == r->cap) {
    size_t nc = r->cap ? 2 * r->cap : 256;
    uint32_t *na = realloc(r->addr, nc * sizeof *na);
    if (na == NULL) return NULL;
    r->addr = na;
    uint32_t *nd = realloc(r->data, nc * sizeof *nd);
    if (nd == NULL) return NULL;
    r->data = nd;
    r->cap = nc;
  }
  r->addr[r->n] = addr;
  r->data[r->n] = 0;
  return &r->data[r->n++];
}

/* Expected sum of the load values of ops[0..n) in program order: a load sees the last
 * earlier store to its word (races between ports inside one segment are not modelled). */
static int ref_segment(refmem_t *r, const op_t *ops, size_t n, uint32_t *sum) {
  *sum = 0;
  for (size_t i = 0; i < n; i++) {
    uint32_t *d = ref_slot(r, ops[i].addr, ops[i].we);
    if (ops[i].we) {
      if (d == NULL) return -1;
      *d = ops[i].data;
    } else if (d != NULL) {
      *sum += *d;
    }
  }
  return 0;
}

static int run_prog_ref(const rinv_mmio_t *m, link_t *l, const prog_t *p, uint32_t depth,
                        refmem_t *ref) {
  size_t i = 0;
  while (i < p->n) {
    if (p->ops[i].sync) {
      const op_t *o = &p->ops[i];
      int rc = o->sync == 1 ? rinv_acquire(m, o->port) : rinv_release(m, o->port);
      if (!l->quiet) {
        printf("%s %s: %s\n", o->port ? "gpu" : "cpu", o->sync == 1 ? "acquire" : "release",
               rinv_strerror(rc));
      }
      if (rc != RINV_OK) return rc;
      i++;
      continue;
    }
    size_t j = i;
    while (j < p->n && !p->ops[j].sync && j - i < depth) j++;
    uint32_t want = 0, got = 0;
    if (ref_segment(ref, p->ops + i, j - i, &want) != 0) return -5;
    int rc = rp_load(m, p->ops + i, j - i);
    if (rc == RINV_OK) rc = rp_run(m, l, &got);
    if (rc != RINV_OK) return rc;
    if (got != want) {
      printf("replay: load sum 0x%08x, reference 0x%08x: MISMATCH\n", got, want);
      return -6;
    }
    i = j;
  }
  return RINV_OK;
}

/* Runs a whole program: maximal ld/st segments (at most `depth` entries each) go through
 * the replay engine; acquire/release records run the driver sequences in between. The sum
 * of each segment's load values is checked against the host's reference memory. */
static int run_prog(const rinv_mmio_t *m, link_t *l, const prog_t *p, uint32_t depth) {
  refmem_t ref = {NULL, NULL, 0, 0};
  int rc = run_prog_ref(m, l, p, depth, &ref);
  free(ref.addr);
  free(ref.data);
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
static int do_cmd(const rinv_mmio_t *m, link_t *l, char **w, int nw, prog_t *loaded) {
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
    printf("ping: reply 0x%02x id 0x%08x\n", b[0], get32(b + 1));
    return (b[0] == BR_OK && get32(b + 1) == BR_ID) ? 0 : 1;
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
    prog_t p = {NULL, 0, 0};
    uint32_t depth = 0;
    if (prog_read(w[1], &p) != 0) {
      free(p.ops);
      return 1;
    }
    rc = rinv_reg_read(m, 0, RP_DEPTH, &depth);
    if (rc == RINV_OK && strcmp(c, "load") == 0) {
      for (size_t i = 0; i < p.n; i++) {
        if (p.ops[i].sync) {
          fprintf(stderr, "rinv_host: load: %s has acquire/release records (use trace)\n",
                  w[1]);
          free(p.ops);
          return 1;
        }
      }
      if (p.n > depth) {
        fprintf(stderr, "rinv_host: load: %zu entries > replay depth %u\n", p.n, depth);
        free(p.ops);
        return 1;
      }
      rc = rp_load(m, p.ops, p.n);
      printf("load %s: %zu entries: %s\n", w[1], p.n, rinv_strerror(rc));
      free(loaded->ops);
      *loaded = p;
    } else if (rc == RINV_OK) {
      rc = run_prog(m, l, &p, depth);
      printf("trace %s: %zu records: %s\n", w[1], p.n, rinv_strerror(rc));
      free(p.ops);
    } else {
      free(p.ops);
    }
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
  fprintf(stderr, "usage: rinv_host (-t HOST:PORT | -d DEVICE [-b BAUD]) [-q] [SCRIPT | -]\n");
}

int main(int argc, char **argv) {
  const char *tcp = NULL, *dev = NULL, *script = "-";
  long baud = 115200;
  link_t l = {-1, 0, 0};
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-t") == 0 && i + 1 < argc) tcp = argv[++i];
    else if (strcmp(argv[i], "-d") == 0 && i + 1 < argc) dev = argv[++i];
    else if (strcmp(argv[i], "-b") == 0 && i + 1 < argc) baud = strtol(argv[++i], NULL, 10);
    else if (strcmp(argv[i], "-q") == 0) l.quiet = 1;
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
  l.fd = tcp != NULL ? open_tcp(tcp) : open_serial(dev, baud);
  if (l.fd < 0) {
    fprintf(stderr, "rinv_host: cannot open %s: %s\n", tcp != NULL ? tcp : dev,
            strerror(errno));
    return 2;
  }
  FILE *in = strcmp(script, "-") == 0 ? stdin : fopen(script, "r");
  if (in == NULL) {
    fprintf(stderr, "rinv_host: cannot open script %s\n", script);
    close(l.fd);
    return 2;
  }
  rinv_mmio_t m = {&l, mmio_write, mmio_read, 1000000u};
  prog_t loaded = {NULL, 0, 0};
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
    int r = do_cmd(&m, &l, w, nw, &loaded);
    fflush(stdout);
    if (r == 2) break;
    if (r != 0) {
      fprintf(stderr, "rinv_host: %s:%u: command failed\n", script, lno);
      failed = 1;
      break;
    }
  }
  if (in != stdin) fclose(in);
  free(loaded.ops);
  close(l.fd);
  printf("rinv_host: %lu bridge transactions, %s\n", l.n_cmds, failed ? "FAILED" : "ok");
  return failed ? 1 : 0;
}

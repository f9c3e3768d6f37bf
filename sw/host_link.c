/* Transport and bridge protocol of rinv_host (see host_link.h). */
#include "host_link.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "rinv_drv.h"
static long now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long)ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

/* When the "no answer yet" line is printed: after min(NOTICE_MS, timeout / 2). */
static long notice_ms(long timeout_ms) {
  return timeout_ms / 2 < NOTICE_MS ? timeout_ms / 2 : NOTICE_MS;
}

/* ---- transport ---------------------------------------------------------------------- */

int link_send(link_t *l, const uint8_t *b, size_t n) {
  while (n > 0) {
    ssize_t w = write(l->fd, b, n);
    if (w < 0) {
      int err = errno;
      if (err == EINTR) continue;
      fprintf(stderr, "rinv_host: cannot send to %s: %s\n", l->name, strerror(err));
      return -1;
    }
    b += w;
    n -= (size_t)w;
  }
  return 0;
}

/* Reads n reply bytes, waiting at most l->timeout_ms for the whole reply; says so on stderr
 * after notice_ms() without an answer, and names the device when it gives up. */
int link_recv(link_t *l, uint8_t *b, size_t n) {
  const long start = now_ms();
  int noticed = 0;
  while (n > 0) {
    long waited = now_ms() - start;
    if (waited >= l->timeout_ms) {
      fprintf(stderr, "rinv_host: no answer from %s after %ld ms: timeout (is the board "
              "attached and programmed? -T MS sets the timeout)\n", l->name, waited);
      return -2;
    }
    long slice = noticed ? l->timeout_ms - waited : notice_ms(l->timeout_ms) - waited;
    if (slice < 1) slice = 1;
    struct pollfd p = {.fd = l->fd, .events = POLLIN, .revents = 0};
    int pr = poll(&p, 1, (int)slice);
    if (pr < 0) {
      int err = errno;
      if (err == EINTR) continue;
      fprintf(stderr, "rinv_host: cannot wait for %s: %s\n", l->name, strerror(err));
      return -1;
    }
    if (pr == 0) {
      if (!noticed && now_ms() - start >= notice_ms(l->timeout_ms)) {
        fprintf(stderr, "rinv_host: no answer from %s yet (is the board attached and "
                "programmed?)\n", l->name);
        noticed = 1;
      }
      continue;
    }
    ssize_t r = read(l->fd, b, n);
    if (r == 0) {
      fprintf(stderr, "rinv_host: connection closed by %s\n", l->name);
      return -3;
    }
    if (r < 0) {
      int err = errno;
      if (err == EINTR || err == EAGAIN) continue;
      fprintf(stderr, "rinv_host: cannot read from %s: %s\n", l->name, strerror(err));
      return -1;
    }
    b += r;
    n -= (size_t)r;
  }
  return 0;
}

void link_put32(uint8_t *b, uint32_t v) {
  for (int i = 0; i < 4; i++) b[i] = (uint8_t)(v >> (8 * i));
}

uint32_t link_get32(const uint8_t *b) {
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

int link_mmio_write(void *ctx, unsigned side, uint32_t addr, uint32_t data) {
  link_t *l = ctx;
  uint8_t b[9], st = 0;
  b[0] = (uint8_t)(BR_WRITE | (side & 1u));
  link_put32(b + 1, addr);
  link_put32(b + 5, data);
  l->n_cmds++;
  int rc = link_send(l, b, sizeof b);
  if (rc == 0) rc = link_recv(l, &st, 1);
  return rc != 0 ? rc : reply_rc(st);
}

int link_mmio_read(void *ctx, unsigned side, uint32_t addr, uint32_t *data) {
  link_t *l = ctx;
  uint8_t b[5];
  b[0] = (uint8_t)(BR_READ | (side & 1u));
  link_put32(b + 1, addr);
  l->n_cmds++;
  int rc = link_send(l, b, 5);
  if (rc == 0) rc = link_recv(l, b, 5);
  if (rc != 0) return rc;
  *data = link_get32(b + 1);
  return reply_rc(b[0]);
}

/* Connects to HOST:PORT, retrying while nobody listens yet (the simulated board starts
 * listening a moment after it is launched) for at most min(CONNECT_MS_MAX, timeout_ms).
 * Returns the socket, or -1 after printing why (naming spec). */
int link_open_tcp(const char *spec, long timeout_ms) {
  char host[256];
  const char *colon = strrchr(spec, ':');
  if (colon == NULL || colon == spec || colon[1] == '\0' ||
      (size_t)(colon - spec) >= sizeof host) {
    fprintf(stderr, "rinv_host: -t %s: expected HOST:PORT\n", spec);
    return -1;
  }
  memcpy(host, spec, (size_t)(colon - spec));
  host[colon - spec] = '\0';
  struct addrinfo hints, *res = NULL;
  memset(&hints, 0, sizeof hints);
  hints.ai_family = AF_INET;
  hints.ai_socktype = SOCK_STREAM;
  int gai = getaddrinfo(host, colon + 1, &hints, &res);
  if (gai != 0 || res == NULL) {
    fprintf(stderr, "rinv_host: cannot resolve %s: %s\n", spec,
            gai != 0 ? gai_strerror(gai) : "no address");
    return -1;
  }
  const long limit = timeout_ms < CONNECT_MS_MAX ? timeout_ms : CONNECT_MS_MAX;
  const long start = now_ms();
  int fd = -1, err = 0, noticed = 0;
  for (;;) {
    fd = socket(res->ai_family, res->ai_socktype, 0);
    if (fd < 0) {
      err = errno;
      break;
    }
    if (connect(fd, res->ai_addr, res->ai_addrlen) == 0) break;
    err = errno;
    close(fd);
    fd = -1;
    long waited = now_ms() - start;
    if (waited >= limit) break;
    if (!noticed && waited >= notice_ms(limit)) {
      fprintf(stderr, "rinv_host: %s does not accept connections yet (%s); retrying for up "
              "to %ld ms\n", spec, strerror(err), limit);
      noticed = 1;
    }
    struct timespec ts = {0, 100000000L};
    nanosleep(&ts, NULL);
  }
  freeaddrinfo(res);
  if (fd < 0) {
    fprintf(stderr, "rinv_host: cannot connect to %s: %s (gave up after %ld ms)\n", spec,
            strerror(err), now_ms() - start);
    return -1;
  }
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
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

/* Opens and configures the serial device (raw 8N1, no flow control). Returns the file
 * descriptor, or -1 after printing why (naming the device and the failing step). */
int link_open_serial(const char *dev, long baud) {
  speed_t sp = baud_const(baud);
  if (sp == 0) {
    fprintf(stderr, "rinv_host: -b %ld: unsupported baud rate (9600, 57600, 115200, 230400, "
            "460800, 921600, 1000000, 2000000, 3000000)\n", baud);
    return -1;
  }
  int fd = open(dev, O_RDWR | O_NOCTTY);
  if (fd < 0) {
    int err = errno;
    fprintf(stderr, "rinv_host: cannot open %s: %s\n", dev, strerror(err));
    return -1;
  }
  struct termios t;
  if (tcgetattr(fd, &t) != 0) {
    int err = errno;
    fprintf(stderr, "rinv_host: %s is not a serial port (tcgetattr: %s)\n", dev, strerror(err));
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
    int err = errno;
    fprintf(stderr, "rinv_host: cannot configure %s (tcsetattr, %ld baud): %s\n", dev, baud,
            strerror(err));
    close(fd);
    return -1;
  }
  tcflush(fd, TCIOFLUSH);
  return fd;
}

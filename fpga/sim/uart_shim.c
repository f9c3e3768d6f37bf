/* DPI-C shim of the board simulation (docs/FPGA.md §5): it connects the UART pins of the
 * Verilated ulx3s_top to a TCP socket on 127.0.0.1, so that sw/rinv_host drives the
 * simulated board exactly as it drives the real one over the FTDI serial port.
 *
 * Bit level, 8N1, ClksPerBit clocks per bit: uart_shim_step() is called once per clock with
 * the FPGA's TX pin and returns the FPGA's RX pin (bit 0) and a quit request (bit 1, the host
 * closed the connection). No global state: the SV side holds the handle (chandle). */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

typedef struct uart_shim {
  int lfd, fd;
  int cpb;              /* clocks per bit */
  int quit;
  uint64_t cycle;
  /* host -> FPGA serializer */
  uint8_t inbuf[4096];
  size_t in_head, in_len;
  int tx_bits;          /* bits of the current frame left (0 = idle) */
  int tx_cnt;
  uint16_t tx_frame;
  int rx_level;
  /* FPGA -> host deserializer */
  int de_state;         /* 0 idle, 1 start, 2 data, 3 stop */
  int de_cnt, de_bit;
  uint8_t de_byte;
} uart_shim_t;

void *uart_shim_open(int port, const char *port_file, int cpb, int accept_timeout_s);
int uart_shim_step(void *h, int tx);
void uart_shim_close(void *h);

static void shim_fail(const char *what) {
  fprintf(stderr, "uart_shim: %s: %s\n", what, strerror(errno));
}

void *uart_shim_open(int port, const char *port_file, int cpb, int accept_timeout_s) {
  uart_shim_t *s = calloc(1, sizeof *s);
  if (s == NULL) return NULL;
  s->cpb = cpb < 4 ? 4 : cpb;
  s->rx_level = 1;
  s->fd = -1;
  s->lfd = socket(AF_INET, SOCK_STREAM, 0);
  if (s->lfd < 0) { shim_fail("socket"); free(s); return NULL; }
  int one = 1;
  setsockopt(s->lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  struct sockaddr_in a;
  memset(&a, 0, sizeof a);
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = htons((uint16_t)port);
  if (bind(s->lfd, (struct sockaddr *)&a, sizeof a) != 0 || listen(s->lfd, 1) != 0) {
    shim_fail("bind/listen");
    close(s->lfd); free(s); return NULL;
  }
  socklen_t al = sizeof a;
  getsockname(s->lfd, (struct sockaddr *)&a, &al);
  int bound = ntohs(a.sin_port);
  fprintf(stderr, "uart_shim: listening on 127.0.0.1:%d\n", bound);
  if (port_file != NULL && port_file[0] != '\0') {
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", port_file);
    FILE *f = fopen(tmp, "w");
    if (f == NULL || fprintf(f, "%d\n", bound) < 0 || fclose(f) != 0 ||
        rename(tmp, port_file) != 0) {
      shim_fail("port file");
    }
  }
  struct pollfd p = {.fd = s->lfd, .events = POLLIN, .revents = 0};
  int pr = poll(&p, 1, accept_timeout_s * 1000);
  if (pr <= 0) {
    fprintf(stderr, "uart_shim: no host connected within %d s\n", accept_timeout_s);
    close(s->lfd); free(s); return NULL;
  }
  s->fd = accept(s->lfd, NULL, NULL);
  if (s->fd < 0) { shim_fail("accept"); close(s->lfd); free(s); return NULL; }
  setsockopt(s->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  return s;
}

static void shim_fill(uart_shim_t *s) {
  if (s->in_len != 0 || s->quit) return;
  ssize_t n = recv(s->fd, s->inbuf, sizeof s->inbuf, MSG_DONTWAIT);
  if (n > 0) {
    s->in_head = 0;
    s->in_len = (size_t)n;
  } else if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
    s->quit = 1;
  }
}

static void shim_send(uart_shim_t *s, uint8_t b) {
  if (send(s->fd, &b, 1, MSG_NOSIGNAL) != 1) s->quit = 1;
}

int uart_shim_step(void *h, int tx) {
  uart_shim_t *s = h;
  if (s == NULL) return 2;
  s->cycle++;
  /* host -> FPGA */
  /* Nothing is sent during the first cycles: the board is still in its power-on reset. */
  if (s->tx_bits == 0 && s->cycle > 4096u) {
    if (s->in_len == 0 && (s->cycle & 63u) == 0) shim_fill(s);
    if (s->in_len != 0) {
      s->tx_frame = (uint16_t)((1u << 9) | ((unsigned)s->inbuf[s->in_head] << 1));
      s->in_head++;
      s->in_len--;
      s->tx_bits = 10;
      s->tx_cnt = 0;
    }
  }
  if (s->tx_bits != 0) {
    if (s->tx_cnt == 0) {
      s->rx_level = s->tx_frame & 1u;
      s->tx_frame >>= 1;
    }
    if (++s->tx_cnt == s->cpb) {
      s->tx_cnt = 0;
      s->tx_bits--;
    }
  } else {
    s->rx_level = 1;
  }
  /* FPGA -> host */
  switch (s->de_state) {
    case 0:
      if (!tx) { s->de_state = 1; s->de_cnt = s->cpb / 2; }
      break;
    case 1:
      if (--s->de_cnt == 0) {
        if (tx) s->de_state = 0;
        else { s->de_state = 2; s->de_cnt = s->cpb; s->de_bit = 0; s->de_byte = 0; }
      }
      break;
    case 2:
      if (--s->de_cnt == 0) {
        s->de_byte = (uint8_t)((s->de_byte >> 1) | (tx ? 0x80u : 0u));
        s->de_cnt = s->cpb;
        if (++s->de_bit == 8) s->de_state = 3;
      }
      break;
    default:
      if (--s->de_cnt == 0) {
        if (tx) shim_send(s, s->de_byte);
        else fprintf(stderr, "uart_shim: frame error from the FPGA\n");
        s->de_state = 0;
      }
      break;
  }
  return s->rx_level | (s->quit ? 2 : 0);
}

void uart_shim_close(void *h) {
  uart_shim_t *s = h;
  if (s == NULL) return;
  if (s->fd >= 0) close(s->fd);
  if (s->lfd >= 0) close(s->lfd);
  free(s);
}

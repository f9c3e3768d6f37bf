/* Transport and bridge protocol of rinv_host (docs/FPGA.md §4): a serial device (termios,
 * the ULX3S FTDI UART) or a TCP socket (the Verilated board), and the byte protocol of
 * fpga/uart_axil_bridge.sv; link_mmio_read/write implement sw/rinv_drv.h's MMIO interface. */
#ifndef SW_HOST_LINK_H
#define SW_HOST_LINK_H

#include <stddef.h>
#include <stdint.h>

/* Bridge protocol (fpga/uart_axil_bridge.sv). */
#define BR_PING     0x01u
#define BR_WRITE    0x10u
#define BR_READ     0x20u
#define BR_OK       0xA0u
#define BR_ID       0x52494E56u

#define TIMEOUT_MS_DEFAULT 60000L
#define TIMEOUT_MS_MAX 3600000L  /* -T: at most one hour */
#define CONNECT_MS_MAX 10000L    /* -t: connection retries for at most 10 s (or -T) */
#define NOTICE_MS 2000L          /* the "no answer yet" line, at the latest */

typedef struct link {
  int fd;
  int quiet;
  unsigned long n_cmds;
  const char *name; /* HOST:PORT or DEVICE, for messages */
  long timeout_ms;  /* -T */
} link_t;

int link_send(link_t *l, const uint8_t *b, size_t n);
int link_recv(link_t *l, uint8_t *b, size_t n);
void link_put32(uint8_t *b, uint32_t v);
uint32_t link_get32(const uint8_t *b);
int link_mmio_write(void *ctx, unsigned side, uint32_t addr, uint32_t data);
int link_mmio_read(void *ctx, unsigned side, uint32_t addr, uint32_t *data);
int link_open_tcp(const char *spec, long timeout_ms);
int link_open_serial(const char *dev, long baud);

#endif

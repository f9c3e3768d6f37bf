/* rinv_sram model: ARCHITECTURE_v2.md §4.1. */
#include "sram.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sram {
  char name[64];
  uint32_t depth, wbytes;
  uint8_t *mem;
  uint8_t rdata[64]; /* the read register */
  uint8_t oreg[64];  /* the output register (OutReg = 1) */
  int outreg;
  int ostale;        /* the read register loaded since the output register last loaded */
  uint8_t wdata[64];
  uint64_t wbe;
  uint32_t raddr, waddr;
  int re, we;
  rinv_err_t *err;
};

void rinv_err_report(rinv_err_t *err, const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "error: model v2, cycle %llu: ", (unsigned long long)err->cycle);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  err->errors++;
  if (err->fatal) {
    fflush(stdout);
    exit(3);
  }
}

sram_t *sram_new(const char *name, uint32_t depth, uint32_t wbytes, rinv_err_t *err) {
  return sram_new_outreg(name, depth, wbytes, 0, err);
}

sram_t *sram_new_outreg(const char *name, uint32_t depth, uint32_t wbytes, int outreg,
                        rinv_err_t *err) {
  sram_t *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  snprintf(s->name, sizeof s->name, "%s", name);
  s->depth = depth;
  s->wbytes = wbytes;
  s->outreg = outreg != 0;
  s->err = err;
  s->mem = calloc((size_t)depth * wbytes, 1);
  if (!s->mem) {
    free(s);
    return NULL;
  }
  return s;
}

void sram_free(sram_t *s) {
  if (!s) return;
  free(s->mem);
  free(s);
}

/* memcpy of a cell word: the common widths with a constant size (inline moves, not a call) */
static void copy_word(uint8_t *dst, const void *src, uint32_t wbytes) {
  if (wbytes == 4u) memcpy(dst, src, 4);
  else if (wbytes == 8u) memcpy(dst, src, 8);
  else if (wbytes == 64u) memcpy(dst, src, 64);
  else memcpy(dst, src, wbytes);
}

static inline int read1(sram_t *s, uint32_t addr) {
  int first = !s->re && !s->we;
  if (addr >= s->depth) rinv_err_report(s->err, "SRAM %s: read address %u out of range", s->name, addr);
  if (s->re) rinv_err_report(s->err, "SRAM %s: two reads in one cycle (%u, %u)", s->name, s->raddr, addr);
  s->re = 1;
  s->raddr = addr < s->depth ? addr : addr % s->depth; /* no division in range */
  return first;
}

int sram_read(sram_t *s, uint32_t addr) { return read1(s, addr); }

uint32_t sram_read_each(sram_t *const *cells, uint32_t n, uint32_t addr, sram_t **first) {
  uint32_t nf = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (read1(cells[i], addr) && first) first[nf++] = cells[i];
  }
  return nf;
}

int sram_write(sram_t *s, uint32_t addr, const void *data, uint64_t be) {
  int first = !s->re && !s->we;
  if (addr >= s->depth) rinv_err_report(s->err, "SRAM %s: write address %u out of range", s->name, addr);
  if (s->we) rinv_err_report(s->err, "SRAM %s: two writes in one cycle (%u, %u)", s->name, s->waddr, addr);
  s->we = 1;
  s->waddr = addr < s->depth ? addr : addr % s->depth;
  copy_word(s->wdata, data, s->wbytes);
  s->wbe = be;
  return first;
}

int sram_outreg(const sram_t *s) { return s->outreg; }

static inline void clock1(sram_t *s, int oe) {
  /* the output register loads the read register's value before this edge's read */
  if (s->outreg && oe && s->ostale) {
    copy_word(s->oreg, s->rdata, s->wbytes);
    s->ostale = 0;
  }
  if (!s->re && !s->we) return;
  if (s->re && s->we && s->raddr == s->waddr) {
    rinv_err_report(s->err, "SRAM %s: forbidden read-during-write at address %u", s->name, s->raddr);
  }
  if (s->re) {
    copy_word(s->rdata, s->mem + (size_t)s->raddr * s->wbytes, s->wbytes);
    s->ostale = s->outreg;
  }
  if (s->we) {
    uint8_t *w = s->mem + (size_t)s->waddr * s->wbytes;
    if (s->wbe == ~0ull) {
      copy_word(w, s->wdata, s->wbytes);
    } else {
      uint32_t i = 0;
      /* eight bytes at a time where their enables are all 1 or all 0 (the same stores) */
      for (; i + 8u <= s->wbytes && i < 64u; i += 8u) {
        uint32_t m8 = (uint32_t)(s->wbe >> i) & 0xFFu;
        if (m8 == 0xFFu) {
          memcpy(w + i, s->wdata + i, 8);
        } else if (m8) {
          for (uint32_t j = i; j < i + 8u; j++) {
            if ((s->wbe >> j) & 1u) w[j] = s->wdata[j];
          }
        }
      }
      for (; i < s->wbytes; i++) {
        if ((s->wbe >> i) & 1u) w[i] = s->wdata[i];
      }
    }
  }
  s->re = s->we = 0;
}

void sram_clock(sram_t *s) { clock1(s, 1); }
void sram_clock_oe(sram_t *s, int oe) { clock1(s, oe); }

void sram_clock_each(sram_t *const *cells, uint32_t n, int oe) {
  for (uint32_t i = 0; i < n; i++) {
    sram_t *s = cells[i];
    if (s->re && !s->we && !s->outreg && s->wbytes == 4u) {
      /* the common case (a tag read): clock1 without the branches that do not apply */
      memcpy(s->rdata, s->mem + (size_t)s->raddr * 4u, 4);
      s->re = 0;
    } else {
      clock1(s, oe);
    }
  }
}

const uint8_t *sram_rdata(const sram_t *s) { return s->outreg ? s->oreg : s->rdata; }

const uint8_t *sram_rdata_reg(const sram_t *s) { return sram_rdata(s); }

uint32_t sram_rdata_u32(const sram_t *s) {
  uint32_t v = 0;
  if (s->wbytes >= 4u) memcpy(&v, sram_rdata(s), 4); /* constant size: no library call */
  else memcpy(&v, sram_rdata(s), s->wbytes);
  return v;
}

uint64_t sram_rdata_u64(const sram_t *s) {
  uint64_t v = 0;
  if (s->wbytes >= 8u) memcpy(&v, sram_rdata(s), 8);
  else memcpy(&v, sram_rdata(s), s->wbytes);
  return v;
}

const uint8_t *sram_peek(const sram_t *s, uint32_t addr) { return s->mem + (size_t)(addr % s->depth) * s->wbytes; }

uint32_t sram_peek_u32(const sram_t *s, uint32_t addr) {
  uint32_t v = 0;
  memcpy(&v, sram_peek(s, addr), s->wbytes < 4 ? s->wbytes : 4);
  return v;
}

uint32_t sram_depth(const sram_t *s) { return s->depth; }

const uint32_t *sram_words32(const sram_t *s) { return (const uint32_t *)(const void *)s->mem; }

void sram_poke(sram_t *s, uint32_t addr, const void *data) {
  memcpy(s->mem + (size_t)(addr % s->depth) * s->wbytes, data, s->wbytes);
}

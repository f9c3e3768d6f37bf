/* Sparse line memory: open-addressing hash map from line address to a pool of lines, and
 * a ring of reads in flight. */
#include "mem.h"

#include <stdlib.h>
#include <string.h>

#include "linemap.h"

#define LINE_MASK ((1u << RINV_LINE_W) - 1u)

typedef struct mem_line {
  uint32_t w[MEM_LINE_WORDS];
} mem_line_t;

typedef struct pending_read {
  uint64_t due; /* cycle in which the response is driven */
  mem_line_t data;
} pending_read_t;

struct mem {
  uint32_t lat;
  uint64_t cycle;
  linemap_t *lines; /* line address -> mem_line_t, created as zeros */
  /* reads in flight, oldest first */
  pending_read_t *pend;
  uint32_t pend_cap, pend_head, pend_count;
};

mem_t *mem_new(uint32_t lat) {
  if (lat == 0u) return NULL;
  mem_t *mem = calloc(1, sizeof *mem);
  if (!mem) return NULL;
  mem->lat = lat;
  mem->pend_cap = lat + 1u;
  mem->pend = calloc(mem->pend_cap, sizeof *mem->pend);
  mem->lines = linemap_new(sizeof(mem_line_t));
  if (!mem->pend || !mem->lines) {
    mem_free(mem);
    return NULL;
  }
  return mem;
}

void mem_free(mem_t *mem) {
  if (!mem) return;
  linemap_free(mem->lines);
  free(mem->pend);
  free(mem);
}

void mem_reset(mem_t *mem) {
  linemap_clear(mem->lines);
  mem->cycle = 0;
  mem->pend_head = mem->pend_count = 0;
}

void mem_abort(mem_t *mem) { mem->pend_head = mem->pend_count = 0; }

static const mem_line_t *find_line(const mem_t *mem, uint32_t line) {
  return linemap_find(mem->lines, line);
}

/* Line storage, created as zeros on first use. NULL only on allocation failure. */
static mem_line_t *get_line(mem_t *mem, uint32_t line) {
  return linemap_get(mem->lines, line, 1);
}

void mem_read_line(const mem_t *mem, uint32_t line, uint32_t data[MEM_LINE_WORDS]) {
  const mem_line_t *l = find_line(mem, line & LINE_MASK);
  if (l) memcpy(data, l->w, sizeof l->w);
  else memset(data, 0, MEM_LINE_WORDS * sizeof *data);
}

void mem_write_line(mem_t *mem, uint32_t line, const uint32_t data[MEM_LINE_WORDS], uint64_t mask) {
  if (mask == 0u) return;
  mem_line_t *l = get_line(mem, line & LINE_MASK);
  if (!l) abort(); /* out of memory: a harness cannot continue meaningfully */
  for (unsigned i = 0; i < MEM_LINE_WORDS; i++) {
    uint32_t bytes = (uint32_t)(mask >> (4u * i)) & 0xFu;
    uint32_t m = 0;
    for (unsigned b = 0; b < 4; b++) {
      if ((bytes >> b) & 1u) m |= 0xFFu << (8u * b);
    }
    l->w[i] = (l->w[i] & ~m) | (data[i] & m);
  }
}

uint32_t mem_read_word(const mem_t *mem, uint32_t addr) {
  const mem_line_t *l = find_line(mem, (addr >> 6) & LINE_MASK);
  return l ? l->w[(addr >> 2) & 15u] : 0u;
}

size_t mem_line_count(const mem_t *mem) { return linemap_count(mem->lines); }

void mem_drive(const mem_t *mem, uint32_t *resp_valid, uint32_t resp_rdata[MEM_LINE_WORDS]) {
  const pending_read_t *p = mem->pend_count ? &mem->pend[mem->pend_head] : NULL;
  if (p && p->due == mem->cycle) {
    *resp_valid = 1;
    memcpy(resp_rdata, p->data.w, sizeof p->data.w);
  } else {
    *resp_valid = 0;
    memset(resp_rdata, 0, MEM_LINE_WORDS * sizeof *resp_rdata);
  }
}

void mem_step(mem_t *mem, uint32_t req_ready, uint32_t req_valid, uint32_t we, uint32_t line,
              const uint32_t wdata[MEM_LINE_WORDS], uint64_t wmask) {
  /* The response driven this cycle is consumed (responses are not back-pressured). */
  if (mem->pend_count && mem->pend[mem->pend_head].due == mem->cycle) {
    mem->pend_head = (mem->pend_head + 1u) % mem->pend_cap;
    mem->pend_count--;
  }
  if ((req_valid & 1u) && (req_ready & 1u)) {
    if (we & 1u) {
      mem_write_line(mem, line, wdata, wmask);
    } else if (mem->pend_count < mem->pend_cap) {
      pending_read_t *p = &mem->pend[(mem->pend_head + mem->pend_count) % mem->pend_cap];
      p->due = mem->cycle + mem->lat;
      mem_read_line(mem, line, p->data.w); /* content as of this cycle */
      mem->pend_count++;
    }
  }
  mem->cycle++;
}

void mem_drive_in(const mem_t *mem, rinv_in_t *in) {
  mem_drive(mem, &in->mem_resp_valid, in->mem_resp_rdata);
}

void mem_step_out(mem_t *mem, const rinv_in_t *in, const rinv_out_t *out) {
  mem_step(mem, in->mem_req_ready, out->mem_req_valid, out->mem_req_we, out->mem_req_line,
           out->mem_req_wdata, out->mem_req_wmask);
}

/* Virtual-to-physical page table (pagetable.h). */
#include "pagetable.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "linemap.h"
#include "parse_num.h"

static const char *const k_names[PT_N_POLICIES] = {"identity", "first-touch", "random"};

struct pagetable {
  pt_cfg_t cfg;
  linemap_t *map;    /* virtual page number -> uint32_t frame number + 1 (0 = unmapped) */
  linemap_t *used;   /* frame number -> uint8_t 1 (first-touch, random) */
  uint32_t frame0;   /* phys_base >> PT_PAGE_SHIFT */
  uint32_t nframes;  /* frames in the window */
  uint32_t next;     /* first-touch: frames handed out so far */
  uint64_t rng;      /* random: xorshift64* state */
  size_t pages;
  uint32_t last_vpn, last_pfn; /* the page translated last (valid if last_ok) */
  int last_ok;
};

pt_cfg_t pt_cfg_default(unsigned policy) {
  pt_cfg_t c;
  memset(&c, 0, sizeof c);
  c.policy = policy;
  c.phys_base = PT_PHYS_BASE_DEFAULT;
  c.phys_limit = PT_PHYS_LIMIT_DEFAULT;
  c.mmio_base = 1;
  c.mmio_limit = 0;
  c.seed = 1;
  return c;
}

const char *pt_policy_name(unsigned policy) {
  return rinv_word_name(k_names, PT_N_POLICIES, policy);
}

int pt_policy_parse(const char *name, unsigned *policy) {
  return rinv_parse_word(name, k_names, PT_N_POLICIES, policy);
}

pagetable_t *pt_new(const pt_cfg_t *cfg) {
  const uint32_t pmask = PT_PAGE_BYTES - 1u;
  if (cfg->policy >= PT_N_POLICIES || (cfg->phys_base & pmask) || (cfg->phys_limit & pmask) ||
      cfg->phys_limit <= cfg->phys_base) {
    return NULL;
  }
  pagetable_t *pt = calloc(1, sizeof *pt);
  if (!pt) return NULL;
  pt->cfg = *cfg;
  pt->map = linemap_new(sizeof(uint32_t));
  pt->used = linemap_new(1);
  if (!pt->map || !pt->used) {
    pt_free(pt);
    return NULL;
  }
  pt->frame0 = cfg->phys_base >> PT_PAGE_SHIFT;
  pt->nframes = (cfg->phys_limit - cfg->phys_base) >> PT_PAGE_SHIFT;
  /* a zero state would stay zero: mix the seed (splitmix64 finaliser) and force a bit */
  uint64_t z = cfg->seed + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  pt->rng = (z ^ (z >> 31)) | 1u;
  return pt;
}

void pt_free(pagetable_t *pt) {
  if (!pt) return;
  linemap_free(pt->map);
  linemap_free(pt->used);
  free(pt);
}

static int in_mmio(const pagetable_t *pt, uint32_t a) {
  return a >= pt->cfg.mmio_base && a <= pt->cfg.mmio_limit;
}

static uint64_t next_rand(pagetable_t *pt) {
  pt->rng ^= pt->rng >> 12;
  pt->rng ^= pt->rng << 25;
  pt->rng ^= pt->rng >> 27;
  return pt->rng * 0x2545F4914F6CDD1Dull;
}

/* A free frame number for a new page, marked used; -1 if the window is full. */
static int64_t alloc_frame(pagetable_t *pt) {
  if (pt->next >= pt->nframes) return -1; /* next counts frames handed out, both policies */
  uint32_t k;
  if (pt->cfg.policy == PT_FIRST_TOUCH) {
    k = pt->next;
  } else {
    /* a uniformly drawn frame; if taken, the next free one above it (wrapping) */
    k = (uint32_t)((next_rand(pt) >> 11) % pt->nframes);
    while (linemap_find(pt->used, pt->frame0 + k)) k = k + 1u == pt->nframes ? 0u : k + 1u;
  }
  uint8_t *u = linemap_get(pt->used, pt->frame0 + k, 1);
  if (!u) return -1;
  *u = 1;
  pt->next++;
  return (int64_t)pt->frame0 + k;
}

int pt_translate(pagetable_t *pt, uint32_t vaddr, uint32_t *paddr) {
  if (in_mmio(pt, vaddr)) {
    *paddr = vaddr;
    return 0;
  }
  const uint32_t vpn = vaddr >> PT_PAGE_SHIFT, off = vaddr & (PT_PAGE_BYTES - 1u);
  if (pt->last_ok && pt->last_vpn == vpn) {
    *paddr = (pt->last_pfn << PT_PAGE_SHIFT) | off;
    return 0;
  }
  uint32_t *e = linemap_get(pt->map, vpn, 1);
  if (!e) return -1;
  if (*e == 0) {
    int64_t f = pt->cfg.policy == PT_IDENTITY ? (int64_t)vpn : alloc_frame(pt);
    if (f < 0) return -1; /* the entry stays 0: unmapped */
    *e = (uint32_t)f + 1u;
    pt->pages++;
  }
  pt->last_vpn = vpn;
  pt->last_pfn = *e - 1u;
  pt->last_ok = 1;
  *paddr = (pt->last_pfn << PT_PAGE_SHIFT) | off;
  return 0;
}

int pt_lookup(const pagetable_t *pt, uint32_t vaddr, uint32_t *paddr) {
  if (in_mmio(pt, vaddr) || pt->cfg.policy == PT_IDENTITY) {
    *paddr = vaddr;
    return 1;
  }
  const uint32_t *e = linemap_find(pt->map, vaddr >> PT_PAGE_SHIFT);
  if (!e || *e == 0) return 0;
  *paddr = ((*e - 1u) << PT_PAGE_SHIFT) | (vaddr & (PT_PAGE_BYTES - 1u));
  return 1;
}

size_t pt_pages(const pagetable_t *pt) { return pt->pages; }

int pt_translate_prog(pagetable_t *pt, tr_prog_t *p, char *err, size_t errlen) {
  for (size_t i = 0; i < p->n; i++) {
    tr_op_t *op = &p->ops[i];
    if (op->kind != TR_LD && op->kind != TR_ST) continue;
    uint32_t pa = 0;
    if (pt_translate(pt, op->addr, &pa) != 0) {
      snprintf(err, errlen, "+paging=%s: no free physical frame for address 0x%08x (record %zu; "
               "%zu pages mapped, window 0x%08x..0x%08x)", pt_policy_name(pt->cfg.policy),
               (unsigned)op->addr, i + 1, pt->pages, (unsigned)pt->cfg.phys_base,
               (unsigned)pt->cfg.phys_limit - 1u);
      return -1;
    }
    op->addr = pa;
  }
  return 0;
}

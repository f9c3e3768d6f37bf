/* Virtual-to-physical page table of the testbench's programs (+paging=, docs/TRACE.md §6).
 *
 * 4 KiB pages (64 lines of 64 bytes). A virtual page gets its frame when it is first
 * translated ("first touch", in the order the caller translates: program order), by policy:
 *   identity     frame = page (physical = virtual: the behaviour before paging existed)
 *   first-touch  frames handed out in first-touch order from phys_base upwards, one after
 *                the other, like gem5's SE mode (src/sim/mem_state.cc MemState::fixupFault
 *                -> src/sim/process.cc Process::allocateMem -> SEWorkload::allocPhysPages
 *                -> src/sim/mem_pool.cc MemPool::allocate, a bump pointer)
 *   random       a pseudo-random free frame in [phys_base, phys_limit), from the seed
 * No two pages share a frame (the map is a bijection on the pages touched). The offset in
 * the page is kept, so a line never moves to another page and consecutive lines of one page
 * stay consecutive. Addresses in the MMIO window [mmio_base, mmio_limit] are never
 * translated (returned as they are, no page is created). Opaque state, no globals. */
#ifndef COMMON_PAGETABLE_H
#define COMMON_PAGETABLE_H

#include <stddef.h>
#include <stdint.h>

#include "trace.h"

#define PT_PAGE_SHIFT 12u
#define PT_PAGE_BYTES (1u << PT_PAGE_SHIFT) /* 4096 */

enum { PT_IDENTITY = 0, PT_FIRST_TOUCH = 1, PT_RANDOM = 2, PT_N_POLICIES = 3 };

/* The choices as +paging= spells them, for messages. */
#define PT_POLICY_CHOICES "identity|first-touch|random"

/* Default physical window of first-touch and random frames: from 1 MiB (the frames below
 * stand for those gem5 hands to the process image, stack and page-table pages before the
 * workload's arrays are touched) up to the end of cacheable memory (TR_ADDR_LIMIT). */
#define PT_PHYS_BASE_DEFAULT 0x00100000u
#define PT_PHYS_LIMIT_DEFAULT TR_ADDR_LIMIT

typedef struct pt_cfg {
  unsigned policy;     /* PT_* */
  uint32_t phys_base;  /* first frame's address (page-aligned) */
  uint32_t phys_limit; /* end of the frame window (exclusive, page-aligned, > phys_base) */
  uint32_t mmio_base;  /* never translated: mmio_base..mmio_limit (inclusive) */
  uint32_t mmio_limit;
  uint64_t seed;       /* random: frame choice */
} pt_cfg_t;

typedef struct pagetable pagetable_t;

/* The defaults above for policy, no MMIO window (mmio_base > mmio_limit), seed 1. */
pt_cfg_t pt_cfg_default(unsigned policy);
/* "identity", "first-touch", "random"; "?" for an unknown policy. */
const char *pt_policy_name(unsigned policy);
/* Name to PT_*: 0, or -1 if name is none of PT_POLICY_CHOICES. */
int pt_policy_parse(const char *name, unsigned *policy);

/* NULL if cfg is malformed (unknown policy, unaligned or empty window) or out of memory. */
pagetable_t *pt_new(const pt_cfg_t *cfg);
void pt_free(pagetable_t *pt);

/* The physical address of vaddr, mapping its page on first touch. 0 ok; -1 when no free
 * frame is left in the window (or out of memory): *paddr unchanged. */
int pt_translate(pagetable_t *pt, uint32_t vaddr, uint32_t *paddr);
/* Lookup without mapping: 1 and *paddr if vaddr's page is mapped (or in the MMIO window, or
 * the policy is identity), 0 if not. */
int pt_lookup(const pagetable_t *pt, uint32_t vaddr, uint32_t *paddr);
/* Pages mapped so far. */
size_t pt_pages(const pagetable_t *pt);

/* Translates the address of every ld/st record of p in program order (register records are
 * MMIO and stay). 0 ok; -1 when frames run out (message in err). */
int pt_translate_prog(pagetable_t *pt, tr_prog_t *p, char *err, size_t errlen);

#endif

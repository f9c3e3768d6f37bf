/* Unit tests of the page table (common/pagetable.h, +paging=): per policy a bijection on the
 * pages touched, the offset in the page kept, the MMIO window untranslated; first-touch
 * frames in touch order from the base; random frames reproducible from the seed, different
 * across seeds, never two pages on one frame; the program translation leaves register
 * records alone. Called by test_tb.c's main; prints "PASS name" / "FAIL name: reason". */
#include "test_pagetable.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pagetable.h"
#include "trace.h"

#define MMIO_B 0x40000000u
#define MMIO_L 0x4001FFFFu
#define NPAGES 300u

static void report(unsigned *pass, unsigned *fail, const char *name, int ok, const char *why) {
  if (ok) {
    printf("PASS %s\n", name);
    (*pass)++;
  } else {
    printf("FAIL %s: %s\n", name, why);
    (*fail)++;
  }
}

static pagetable_t *make(unsigned policy, uint64_t seed) {
  pt_cfg_t c = pt_cfg_default(policy);
  c.mmio_base = MMIO_B;
  c.mmio_limit = MMIO_L;
  c.seed = seed;
  return pt_new(&c);
}

/* The virtual page of touch k: a scattered order over 0x10000000.. (page 7k mod 1009). */
static uint32_t vpage(unsigned k) { return 0x10000000u + ((k * 7u) % 1009u) * PT_PAGE_BYTES; }

/* Touches NPAGES pages at several offsets each; checks offsets, repeat lookups, the frame
 * window and that no two pages share a frame. frames[k]: frame address of touch k. */
static int check_policy(pagetable_t *pt, unsigned policy, uint32_t *frames, char *why,
                        size_t wl) {
  static const uint32_t offs[] = {0x0u, 0x4u, 0x40u, 0x7C4u, 0xFFCu};
  for (unsigned k = 0; k < NPAGES; k++) {
    uint32_t frame = 0;
    for (unsigned i = 0; i < sizeof offs / sizeof offs[0]; i++) {
      uint32_t va = vpage(k) + offs[i], pa = 0;
      if (pt_translate(pt, va, &pa) != 0) {
        snprintf(why, wl, "translate 0x%08x failed", (unsigned)va);
        return 0;
      }
      if ((pa & (PT_PAGE_BYTES - 1u)) != offs[i]) {
        snprintf(why, wl, "0x%08x -> 0x%08x: offset not kept", (unsigned)va, (unsigned)pa);
        return 0;
      }
      if (i == 0) frame = pa;
      else if ((pa & ~(PT_PAGE_BYTES - 1u)) != frame) {
        snprintf(why, wl, "0x%08x: two frames for one page", (unsigned)va);
        return 0;
      }
      if (policy == PT_IDENTITY && pa != va) {
        snprintf(why, wl, "identity moved 0x%08x to 0x%08x", (unsigned)va, (unsigned)pa);
        return 0;
      }
      if (policy != PT_IDENTITY && (pa < PT_PHYS_BASE_DEFAULT || pa >= PT_PHYS_LIMIT_DEFAULT)) {
        snprintf(why, wl, "0x%08x outside the frame window", (unsigned)pa);
        return 0;
      }
    }
    frames[k] = frame;
  }
  /* again, in reverse order: the same frames (the map does not change), no new page */
  for (unsigned k = NPAGES; k-- > 0;) {
    uint32_t pa = 0, pl = 0;
    if (pt_translate(pt, vpage(k) + 8u, &pa) != 0 || pa != frames[k] + 8u ||
        pt_lookup(pt, vpage(k) + 8u, &pl) != 1 || pl != pa) {
      snprintf(why, wl, "page 0x%08x not stable", (unsigned)vpage(k));
      return 0;
    }
  }
  if (pt_pages(pt) != NPAGES) {
    snprintf(why, wl, "%zu pages mapped, want %u", pt_pages(pt), NPAGES);
    return 0;
  }
  for (unsigned a = 0; a < NPAGES; a++) {
    for (unsigned b = a + 1; b < NPAGES; b++) {
      if (frames[a] == frames[b]) {
        snprintf(why, wl, "pages 0x%08x and 0x%08x share frame 0x%08x", (unsigned)vpage(a),
                 (unsigned)vpage(b), (unsigned)frames[a]);
        return 0;
      }
    }
  }
  /* the MMIO window is never translated and maps no page */
  static const uint32_t mm[] = {MMIO_B, MMIO_B + 0x6000u, MMIO_L - 3u};
  for (unsigned i = 0; i < 3; i++) {
    uint32_t pa = 0;
    if (pt_translate(pt, mm[i], &pa) != 0 || pa != mm[i] || pt_pages(pt) != NPAGES) {
      snprintf(why, wl, "MMIO 0x%08x translated to 0x%08x", (unsigned)mm[i], (unsigned)pa);
      return 0;
    }
  }
  return 1;
}

void test_pagetable(unsigned *pass, unsigned *fail) {
  char why[200] = "";
  uint32_t *fr[PT_N_POLICIES + 2];
  for (unsigned i = 0; i < PT_N_POLICIES + 2; i++) fr[i] = calloc(NPAGES, sizeof(uint32_t));
  for (unsigned i = 0; i < PT_N_POLICIES + 2; i++) {
    if (!fr[i]) {
      report(pass, fail, "pagetable_alloc", 0, "out of memory");
      for (unsigned j = 0; j < PT_N_POLICIES + 2; j++) free(fr[j]);
      return;
    }
  }
  /* names */
  unsigned pol = 99;
  int ok = pt_policy_parse("first-touch", &pol) == 0 && pol == PT_FIRST_TOUCH &&
           pt_policy_parse("random", &pol) == 0 && pol == PT_RANDOM &&
           pt_policy_parse("identity", &pol) == 0 && pol == PT_IDENTITY &&
           pt_policy_parse("first_touch", &pol) != 0 && pt_policy_parse("", &pol) != 0 &&
           strcmp(pt_policy_name(PT_RANDOM), "random") == 0;
  report(pass, fail, "pagetable_policy_names", ok, "name table");
  /* malformed configurations are refused */
  pt_cfg_t c = pt_cfg_default(PT_FIRST_TOUCH);
  c.phys_base = 0x1800u;
  pagetable_t *bad1 = pt_new(&c);
  c = pt_cfg_default(7);
  pagetable_t *bad2 = pt_new(&c);
  c = pt_cfg_default(PT_RANDOM);
  c.phys_limit = c.phys_base;
  pagetable_t *bad3 = pt_new(&c);
  report(pass, fail, "pagetable_bad_cfg", !bad1 && !bad2 && !bad3, "accepted");
  /* each policy: bijective, offsets kept, MMIO untranslated */
  static const char *const names[] = {"pagetable_identity", "pagetable_first_touch",
                                      "pagetable_random"};
  for (unsigned p = 0; p < PT_N_POLICIES; p++) {
    pagetable_t *pt = make(p, 5);
    ok = pt && check_policy(pt, p, fr[p], why, sizeof why);
    report(pass, fail, names[p], ok, pt ? why : "pt_new failed");
    pt_free(pt);
  }
  /* first-touch: the k-th page touched gets frame base + k */
  ok = 1;
  for (unsigned k = 0; k < NPAGES && ok; k++) {
    if (fr[PT_FIRST_TOUCH][k] != PT_PHYS_BASE_DEFAULT + k * PT_PAGE_BYTES) {
      snprintf(why, sizeof why, "touch %u got frame 0x%08x", k, (unsigned)fr[PT_FIRST_TOUCH][k]);
      ok = 0;
    }
  }
  report(pass, fail, "pagetable_first_touch_order", ok, why);
  /* random: the same seed gives the same map, another seed another one */
  pagetable_t *r5 = make(PT_RANDOM, 5), *r6 = make(PT_RANDOM, 6);
  ok = r5 && r6 && check_policy(r5, PT_RANDOM, fr[PT_N_POLICIES], why, sizeof why) &&
       check_policy(r6, PT_RANDOM, fr[PT_N_POLICIES + 1], why, sizeof why);
  unsigned same5 = 0, same6 = 0;
  for (unsigned k = 0; ok && k < NPAGES; k++) {
    same5 += fr[PT_N_POLICIES][k] == fr[PT_RANDOM][k];
    same6 += fr[PT_N_POLICIES + 1][k] == fr[PT_RANDOM][k];
  }
  report(pass, fail, "pagetable_random_seed", ok && same5 == NPAGES && same6 < NPAGES / 2,
         ok ? "seed 5 twice differs, or seeds 5 and 6 agree" : why);
  pt_free(r5);
  pt_free(r6);
  /* random in a window of 64 frames: 64 pages take every frame once, the 65th finds none */
  c = pt_cfg_default(PT_RANDOM);
  c.phys_limit = c.phys_base + 64u * PT_PAGE_BYTES;
  pagetable_t *sm = pt_new(&c);
  uint64_t seen = 0;
  ok = sm != NULL;
  for (unsigned k = 0; ok && k < 64; k++) {
    uint32_t pa = 0;
    ok = pt_translate(sm, 0x20000000u + k * PT_PAGE_BYTES, &pa) == 0;
    unsigned f = (pa - c.phys_base) >> PT_PAGE_SHIFT;
    ok = ok && f < 64 && !(seen >> f & 1u);
    seen |= 1ull << (f & 63u);
  }
  uint32_t pa65 = 0x5555u;
  ok = ok && seen == ~0ull && pt_translate(sm, 0x30000000u, &pa65) == -1 && pa65 == 0x5555u;
  report(pass, fail, "pagetable_random_full_window", ok, "a frame used twice or none left");
  pt_free(sm);
  /* a program: ld/st translated in program order, register records left alone */
  tr_prog_t *pg = tr_prog_new();
  pagetable_t *pt = make(PT_FIRST_TOUCH, 1);
  ok = pg && pt && tr_prog_sync(pg, 0, TR_ACQUIRE) == 0 &&
       tr_prog_mem(pg, 0, 1, 0x10005004u, 1) == 0 && tr_prog_mem(pg, 2, 0, 0x10000008u, 0) == 0 &&
       tr_prog_regrd(pg, 0, 0x40002000u, 0, 0xFFFFFFFFu, 0) == 0 &&
       tr_prog_mem(pg, 3, 0, 0x10005FFCu, 0) == 0 &&
       pt_translate_prog(pt, pg, why, sizeof why) == 0;
  ok = ok && pg->ops[1].addr == PT_PHYS_BASE_DEFAULT + 0x004u &&
       pg->ops[2].addr == PT_PHYS_BASE_DEFAULT + 0x1008u && pg->ops[3].addr == 0x40002000u &&
       pg->ops[4].addr == PT_PHYS_BASE_DEFAULT + 0xFFCu;
  report(pass, fail, "pagetable_program", ok, "ld/st or register record translated wrongly");
  pt_free(pt);
  tr_prog_free(pg);
  for (unsigned i = 0; i < PT_N_POLICIES + 2; i++) free(fr[i]);
}

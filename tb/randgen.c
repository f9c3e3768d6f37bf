/* Constrained-random program generator (see randgen.h, docs/TRACE.md §4.1). */
#include "randgen.h"

#include "rinv_drv.h"

#define RG_BASE_LINE (0x10000000u >> 6)
#define RG_N_HOT 24u      /* hot lines: a run of 16 and 8 scattered */
#define RG_STREAM 96u     /* consecutive lines of the streaming pool */
#define RG_MAX_CONFLICT 24u
#define RG_SWEEP_LINE (RG_BASE_LINE + 0x20000u) /* boundary sweeps: their own lines */

typedef struct rg {
  tr_prog_t *p;
  uint64_t s;
  uint32_t ctr; /* store data counter (every store value is distinct) */
  uint32_t n_mem;
  const rinv_cfg_t *cfg;
  uint32_t hot[RG_N_HOT];
  uint32_t conflict[RG_MAX_CONFLICT];
  unsigned n_conflict;
  uint32_t stream0;
  uint32_t sweep_next; /* next free line of the sweep region */
  int err;
} rg_t;

static uint32_t rnd(rg_t *g) {
  g->s ^= g->s >> 12;
  g->s ^= g->s << 25;
  g->s ^= g->s >> 27;
  return (uint32_t)((g->s * 0x2545F4914F6CDD1Dull) >> 32);
}

static uint32_t below(rg_t *g, uint32_t n) { return n ? rnd(g) % n : 0u; }
static int chance(rg_t *g, unsigned pct) { return below(g, 100) < pct; }

static uint32_t max_u(uint32_t a, uint32_t b) { return a > b ? a : b; }

static void chk(rg_t *g, int rc) {
  if (rc != 0) g->err = 1;
}

/* A line from the pools: hot lines (true and false sharing), same-set conflict lines beyond
 * the associativity (evictions), the streaming run (range probes). */
static uint32_t pick_line(rg_t *g, int streaming) {
  if (streaming && chance(g, 85)) return g->stream0 + below(g, RG_STREAM);
  uint32_t r = below(g, 100);
  if (r < 55) return g->hot[below(g, RG_N_HOT)];
  if (r < 85) return g->conflict[below(g, g->n_conflict)];
  return g->stream0 + below(g, RG_STREAM);
}

static void mem_op(rg_t *g, unsigned side, int streaming, unsigned st_pct) {
  unsigned np = side == 0 ? TR_N_CPU_PORTS : TR_N_GPU_PORTS;
  unsigned port = (side == 0 ? 0u : TR_N_CPU_PORTS) + below(g, np);
  /* false sharing: the CPU prefers even words, the GPU odd ones (both touch both) */
  uint32_t word = below(g, 16);
  if (chance(g, 60)) word = (word & ~1u) | side;
  uint32_t addr = (pick_line(g, streaming) << 6) | (word << 2);
  int store = chance(g, st_pct);
  g->ctr++;
  uint32_t data = g->ctr * 0x9E3779B1u + 0x1234567u;
  /* a quarter of the stores write only some bytes of the word (any strobe, even none) */
  if (store && chance(g, 25)) chk(g, tr_prog_store(g->p, port, addr, data, below(g, 16)));
  else chk(g, tr_prog_mem(g->p, port, store, addr, data));
  g->n_mem++;
}

/* A register access that is rejected in every state (REGISTERS.md "Bad accesses"), or a
 * harmless read of a counter. */
static void bad_access(rg_t *g, unsigned side) {
  static const uint32_t holes[] = {0x40007000u, 0x40004030u, 0x40003004u, 0x4000800Cu,
                                   0x40010010u, 0x40018000u, 0x4001FFFCu, 0x40020000u,
                                   0x40007FFCu, 0x4000F000u};
  switch (below(g, 9)) {
    case 0: chk(g, tr_prog_regrd(g->p, side, holes[below(g, 10)], 0, ~0u, TR_F_SLVERR)); break;
    case 1: chk(g, tr_prog_regwr(g->p, side, holes[below(g, 10)], rnd(g), 0xf, TR_F_SLVERR)); break;
    case 2: chk(g, tr_prog_regwr(g->p, side, RINV_REG_STATUS, rnd(g), 0xf, TR_F_SLVERR)); break;
    case 3: chk(g, tr_prog_regwr(g->p, side, RINV_REG_LOCK, 3u + below(g, 100), 0xf, TR_F_SLVERR)); break;
    case 4: chk(g, tr_prog_regwr(g->p, side, RINV_REG_LOCK, RINV_ID(side), 1u + below(g, 14),
                                 TR_F_SLVERR)); break;
    case 5: chk(g, tr_prog_regwr(g->p, side, RINV_REG_HIST_EN(1u - side), 0, 0xf, TR_F_SLVERR)); break;
    case 6: chk(g, tr_prog_regrd(g->p, side, RINV_REG_LOCK + 1u + below(g, 3), 0, ~0u, TR_F_SLVERR)); break;
    case 7: chk(g, tr_prog_regwr(g->p, side, RINV_REG_MODE, 3u | (below(g, 4) << 2), 0xf, TR_F_SLVERR)); break;
    default:
      chk(g, tr_prog_regrd(g->p, side, RINV_REG_CNT(below(g, RINV_N_CNT)), 0, ~0u, TR_F_ANY));
      break;
  }
}

static uint32_t side_smax(const rinv_cfg_t *cfg, unsigned side) {
  return side ? max_u(cfg->gpu_l1_sets, cfg->gpu_l2_sets)
              : max_u(cfg->cpu_l1_sets, cfg->cpu_l2_sets);
}

/* A boundary sweep inside side s's epoch, from one port (so arrival order = address order):
 * a run of exactly L consecutive lines, with L at the auto-walk threshold of the target
 * (SMAX, SMAX + 1) or at max_range (max_range, max_range + 1); or K isolated lines (stride 2)
 * with K at the range-table capacity (rt_cap, rt_cap + 1) or, on small configurations, at
 * the history FIFO capacity (hist_cap, hist_cap + 1). */
static void boundary_sweep(rg_t *g, unsigned s) {
  const rinv_cfg_t *cfg = g->cfg;
  unsigned port = s == 0 ? below(g, TR_N_CPU_PORTS) : TR_N_CPU_PORTS + below(g, TR_N_GPU_PORTS);
  uint32_t len = 0, stride = 1;
  switch (below(g, cfg->hist_cap <= 4096u ? 4 : 3)) {
    case 0: len = side_smax(cfg, 1u - s) + below(g, 2); break;
    case 1: len = cfg->max_range + below(g, 2); break;
    case 2: len = cfg->rt_cap + below(g, 2); stride = 2; break;
    default: len = cfg->hist_cap + below(g, 2); stride = 2; break;
  }
  uint32_t first = g->sweep_next;
  g->sweep_next += len * stride + 64u; /* fresh lines, apart from the previous sweep */
  for (uint32_t i = 0; i < len && !g->err; i++) {
    g->ctr++;
    chk(g, tr_prog_mem(g->p, port, 1, (first + i * stride) << 6 | (below(g, 16) << 2),
                       g->ctr * 0x9E3779B1u + 0x1234567u));
    g->n_mem++;
  }
}

int rg_generate(tr_prog_t *p, uint64_t seed, uint32_t n, const rinv_cfg_t *cfg) {
  rg_t g = {.p = p, .cfg = cfg};
  g.s = seed * 0x9E3779B97F4A7C15ull ^ 0xA0761D6478BD642Full;
  if (g.s == 0) g.s = 1;
  /* pools: every array's set count divides smax (powers of two), so lines smax apart share
   * a set in every array of both sides */
  uint32_t smax = max_u(max_u(cfg->cpu_l1_sets, cfg->cpu_l2_sets),
                        max_u(cfg->gpu_l1_sets, cfg->gpu_l2_sets));
  uint32_t wmax = max_u(max_u(cfg->cpu_l1_ways, cfg->cpu_l2_ways),
                        max_u(cfg->gpu_l1_ways, cfg->gpu_l2_ways));
  uint32_t base = RG_BASE_LINE + below(&g, 64);
  for (unsigned i = 0; i < 16; i++) g.hot[i] = base + i;
  for (unsigned i = 16; i < RG_N_HOT; i++) g.hot[i] = base + 20 + 3 * i + below(&g, 3);
  g.n_conflict = wmax + 2 < RG_MAX_CONFLICT ? wmax + 2 : RG_MAX_CONFLICT;
  for (unsigned k = 0; k < g.n_conflict; k++) g.conflict[k] = base + 5 + (k + 1) * smax;
  g.stream0 = base + 256;
  g.sweep_next = RG_SWEEP_LINE + below(&g, 64);

  /* prologue (30 %): both sides miss at once before any acquire, so that the memory
   * arbiter's first decision after reset can be a tie (its reset tie-break) */
  if (chance(&g, 30)) {
    chk(&g, tr_prog_mem(p, below(&g, TR_N_CPU_PORTS), 0, g.conflict[0] << 6, 0));
    chk(&g, tr_prog_mem(p, TR_N_CPU_PORTS + below(&g, TR_N_GPU_PORTS), 0, g.conflict[1] << 6, 0));
    g.n_mem += 2;
  }
  int pending = -1; /* side whose acquire was issued while the other one held the lock */
  int force = -1;   /* side that must hold the next epoch (to drain a misuse recording) */
  while (g.n_mem < n && !g.err) {
    unsigned s;
    /* An epoch entered through a contended acquire must not be contended again: that
     * acquire still spins when the next one starts, and the two could race for the lock
     * (docs/TRACE.md §2: the winner may be the later record, which deadlocks). */
    int contended = pending >= 0;
    if (pending >= 0) {
      s = (unsigned)pending;
      pending = -1;
    } else {
      s = force >= 0 ? (unsigned)force : below(&g, 2);
      force = -1;
      /* HIST_EN set outside the acquire sequence by a side without the lock: its next few
       * stores are recorded; its own release (the acquire below) sends them */
      if (chance(&g, 8)) {
        chk(&g, tr_prog_regwr(p, s, RINV_REG_HIST_EN(s), 1, 0xf, 0));
        for (unsigned i = 1 + below(&g, 2); i > 0; i--) mem_op(&g, s, 0, 100);
        chk(&g, tr_prog_regwr(p, s, RINV_REG_HIST_EN(s), 0, 0xf, 0));
      }
      chk(&g, tr_prog_sync(p, s, TR_ACQUIRE));
    }
    /* A contended epoch starts with a fence: a read of LOCK by the holder, checked to be its
     * id. It starts only after the holder's acquire finished, and the other side's acquire
     * (later in the file) only after it started, so the two acquires never race. */
    int contend = !contended && chance(&g, 30);
    if (contend) {
      chk(&g, tr_prog_regrd(p, s, RINV_REG_LOCK, RINV_ID(s), ~0u, TR_F_VALUE));
    }
    unsigned o = 1u - s;
    /* misuse (small recorders only): the other side records while s holds the lock, so its
     * recorder fills and drains early into the directory while s transfers its history
     * (both sides' beats); o then holds the next epoch, whose release consumes them */
    int misuse = !contend && cfg->rec_cap <= 32u && chance(&g, 6);
    if (misuse) chk(&g, tr_prog_regwr(p, o, RINV_REG_HIST_EN(o), 1, 0xf, 0));
    int streaming = chance(&g, 25);
    unsigned len = 4 + below(&g, chance(&g, 15) ? 400 : 60);
    unsigned st_pct = 20 + below(&g, 60);
    for (unsigned i = 0; i < len; i++) {
      if (chance(&g, misuse ? 50 : 82)) mem_op(&g, s, streaming, st_pct);
      else mem_op(&g, o, misuse, misuse ? 90 : 40); /* the other side: legal, unchecked */
      if (chance(&g, 1)) bad_access(&g, below(&g, 2));
    }
    if (chance(&g, 6)) boundary_sweep(&g, s);
    if (contend) {
      /* contention: the other side asks for the lock before the release (it spins) */
      chk(&g, tr_prog_sync(p, o, TR_ACQUIRE));
      pending = (int)o;
    }
    chk(&g, tr_prog_sync(p, s, TR_RELEASE));
    if (misuse) {
      chk(&g, tr_prog_regwr(p, o, RINV_REG_HIST_EN(o), 0, 0xf, 0));
      force = (int)o; /* its directory history is not empty: no MODE write before o releases */
      continue;
    }
    if (pending < 0) {
      /* between epochs: no history anywhere, so MODE may change (written by the side that
       * just released, after its release finished) */
      if (chance(&g, 30)) {
        unsigned mode = below(&g, 3), walk = below(&g, 3);
        /* a set walk costs smax cycles per probe: keep it rare on large caches (gem5) */
        if (smax >= 1024 && walk == 1 && !chance(&g, 15)) walk = 2;
        chk(&g, tr_prog_regwr(p, s, RINV_REG_MODE, RINV_MODE_VALUE(mode, walk), 0xf, 0));
      }
      if (chance(&g, 20)) bad_access(&g, below(&g, 2));
      /* unsynchronised traffic of both sides between epochs */
      unsigned k = chance(&g, 30) ? below(&g, 12) : 0;
      for (unsigned i = 0; i < k; i++) mem_op(&g, below(&g, 2), 0, 50);
    }
  }
  if (pending >= 0) chk(&g, tr_prog_sync(p, (unsigned)pending, TR_RELEASE));
  /* final check: the CPU reads every hot line back under the lock */
  if (!g.err) {
    chk(&g, tr_prog_sync(p, 0, TR_ACQUIRE));
    for (unsigned i = 0; i < RG_N_HOT; i++) {
      for (unsigned w = 0; w < 16; w += 5) {
        chk(&g, tr_prog_mem(p, i & 1u, 0, (g.hot[i] << 6) | (w << 2), 0));
      }
    }
    chk(&g, tr_prog_sync(p, 0, TR_RELEASE));
  }
  return g.err ? -1 : 0;
}

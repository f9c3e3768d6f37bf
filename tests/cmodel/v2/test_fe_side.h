/* Unit tests of the integrated GPU side (ARCHITECTURE_v3_gpu_frontend.md §6.2-§6.4, §11, §12)
 * through rinv_model_step: the §12 worked example cycle for cycle, StTcpInv (kinv_pend at the
 * lock change, rows cleared, cycles), D14 (a probe waits for fe_idle, gpu_probe_waits), a
 * write-through record, and StInit's port_req_ready term (§14 item 3). Expected cycles are
 * derived from the contract text (§4.3-§6.3 latencies), not from the code. Included by
 * test_model.c only. */
#ifndef TEST_FE_SIDE_V2_H
#define TEST_FE_SIDE_V2_H

#include "cache_array.h"
#include "cc.h"

#define GPU_TCC 0u
#define GPU_TCP(p) (1u + (p))

static void fe_line_data(uint32_t line, uint8_t *d) {
  for (uint32_t w = 0; w < 16; w++) {
    uint32_t v = (line << 8) | w;
    memcpy(d + 4 * w, &v, 4);
  }
}

static void fe_drive(tb_t *t, unsigned p, uint32_t we, uint32_t addr, uint32_t wdata,
                     uint32_t last) {
  t->in.port_req_valid[p] = 1;
  t->in.port_req_we[p] = we;
  t->in.port_req_addr[p] = addr;
  t->in.port_req_wdata[p] = wdata;
  t->in.port_req_wstrb[p] = we ? 0xFu : 0u;
  t->in.port_req_last[p] = last;
}

static void fe_idle_port(tb_t *t, unsigned p) {
  t->in.port_req_valid[p] = t->in.port_req_we[p] = t->in.port_req_addr[p] = 0;
  t->in.port_req_wdata[p] = t->in.port_req_wstrb[p] = t->in.port_req_last[p] = 0;
}

/* §12: CU 0, a 64-lane load (X: TCP miss, TCC hit; Y: TCP hit), then a 16-lane store to Z
 * (TCP miss, TCC clean hit, hist_en = 1, rec = 0); lane ops from cycle 0, one per cycle. */
static int test_fe_ex12(test_ctx_t *tc) {
  tb_t *t = tb_new("gem5");
  tb_init_walk(t);
  CHECK(reg_write(t, 1, A_MODE, MODE_VAL(1, 0), NULL) == OKAY && !sw_acquire(t, 1), "setup");
  tb_run(t, 30); /* the acquire's StTcpInv is over */
  cc_t *g = rinv_model_dbg_cc(t->m, 1);
  const uint32_t X = 0x100, Y = 0x201, Z = 0x302;
  uint8_t dx[64], dy[64], dz[64];
  fe_line_data(X, dx);
  fe_line_data(Y, dy);
  fe_line_data(Z, dz);
  cc_poke_line(g, GPU_TCC, X, 0, TS_VALID, dx, 0);
  cc_poke_line(g, GPU_TCP(0), Y, 0, TS_VALID, dy, 0);
  cc_poke_line(g, GPU_TCC, Z, 0, TS_VALID, dz, 0);
  t->in.port_resp_ready[2] = 1;
  const uint64_t c0 = t->cycle;
  const rinv_out_t base = t->out;
  for (unsigned i = 0; i < 80; i++) {
    if (i < 64) fe_drive(t, 2, 0, ((i < 32 ? X : Y) << 6) | ((i % 16u) << 2), 0, i == 63);
    else fe_drive(t, 2, 1, (Z << 6) | ((i - 64u) << 2), 0xA0000000u + i, i == 79);
    tb_cycle(t);
    CHECK(t->out.port_req_ready[2], "lane op %u not taken in cycle %u", i, i);
  }
  fe_idle_port(t, 2);
  tb_run(t, 120);
  unsigned nl = 0, ng = 0, nt = 0, nr = 0;
  static const uint32_t lc[3] = {67, 74, 89}, ll[3] = {0x100, 0x201, 0x302};
  for (uint32_t c = 0; c < 200; c++) {
    const rinv_out_t *o = at(t, c0 + c);
    if (o->gpu_lreq_valid[0] && o->gpu_lreq_ready[0]) {
      CHECK(nl < 3 && c == lc[nl] && o->gpu_lreq_line[0] == ll[nl], "lreq handshake %u in %u", nl, c);
      nl++;
    }
    if (o->tcc_grant) {
      CHECK(ng < 2 && c == (ng ? 97u : 75u) && o->tcc_grant_cu == 0, "grant %u in %u", ng, c);
      ng++;
    }
    if (o->gpu_tresp_valid[0]) {
      CHECK(c == 81 || c == 82 || c == 103, "tresp_valid in %u", c);
      CHECK(o->gpu_tresp_ready[0] == (c != 81), "tresp_ready in %u", c);
      nt++;
    }
    uint32_t want_v = (c >= 92 && c <= 155) || (c >= 158 && c <= 173);
    CHECK(o->port_resp_valid[2] == want_v, "port_resp_valid %u in %u", o->port_resp_valid[2], c);
    if (want_v) {
      uint32_t want = 0;
      if (c <= 155) {
        uint32_t l = c - 92;
        want = ((l < 32 ? X : Y) << 8) | (l % 16u);
      }
      CHECK(o->port_resp_rdata[2] == want, "rdata 0x%x in %u, want 0x%x", o->port_resp_rdata[2], c, want);
      nr++;
    }
  }
  CHECK(nl == 3 && ng == 2 && nt == 3 && nr == 80, "counts %u %u %u %u", nl, ng, nt, nr);
  const rinv_out_t *e = at(t, c0 + 199);
  CHECK(e->stat_gpu_insts - base.stat_gpu_insts == 2, "gpu_insts %u", e->stat_gpu_insts);
  CHECK(e->stat_gpu_lane_ops - base.stat_gpu_lane_ops == 80, "gpu_lane_ops");
  CHECK(e->stat_gpu_line_reqs - base.stat_gpu_line_reqs == 3, "gpu_line_reqs");
  CHECK(e->stat_tcp_hits - base.stat_tcp_hits == 1, "tcp_hits");
  CHECK(e->stat_tcc_arb_waits - base.stat_tcc_arb_waits == 2, "tcc_arb_waits %u", e->stat_tcc_arb_waits);
  CHECK(e->stat_coal_splits == base.stat_coal_splits, "coal_splits");
  CHECK(e->rec_count[1] == base.rec_count[1] + 1, "rec_count +1");
  CHECK(at(t, c0 + 102)->rec_count[1] == base.rec_count[1] &&
        at(t, c0 + 103)->rec_count[1] == base.rec_count[1] + 1, "record at the edge of 102 (StL2Dt)");
  CHECK(e->stat_tcp_mshr_max >= 1, "tcp_mshr_max");
  tb_free(t);
  return 1;
}

/* §6.2 D12: the GPU gets the lock (lock_owner 2 in cycle a): kinv_pend from a + 1, rule 4 in
 * a + 1, StTcpInv a + 2 .. a + 1 + TCP_ROWS (gem5 16 / 2 = 8, fpga 4 / 1 = 4); every TCP row
 * cleared; tcp_kinv +1 from a + 2; lreq_ready 0 while kinv_pend or in StTcpInv. */
static int fe_kinv(test_ctx_t *tc, const char *cfgname) {
  tb_t *t = tb_new(cfgname);
  tb_init_walk(t);
  cc_t *g = rinv_model_dbg_cc(t->m, 1);
  uint32_t rows = t->cfg.gpu_l1_sets / t->cfg.walk_lanes;
  const uint32_t la = 0x4000, lb = 0x4000 + t->cfg.gpu_l1_sets - 1;
  cc_poke_line(g, GPU_TCP(0), la, 0, TS_VALID, NULL, 0);
  cc_poke_line(g, GPU_TCP(3), lb, t->cfg.gpu_l1_ways - 1, TS_VALID, NULL, 0);
  CHECK(rinv_model_line_valid(t->m, 1, la) && rinv_model_line_valid(t->m, 1, lb), "poked");
  CHECK(!sw_acquire(t, 1), "acquire");
  tb_run(t, 30);
  uint64_t a = t->cycle - 1;
  CHECK(at(t, a)->lock_owner == 2, "owner");
  while (at(t, a - 1)->lock_owner == 2) a--;
  CHECK(at(t, a + 1)->stat_tcp_kinv == 0 && at(t, a + 2)->stat_tcp_kinv == 1, "tcp_kinv +1 in a + 2");
  for (uint64_t c = a; c <= a + 3 + rows; c++) {
    uint32_t want = c == a || c >= a + 2 + rows;
    for (unsigned p = 0; p < 4; p++) {
      CHECK(at(t, c)->gpu_lreq_ready[p] == want, "%s: lreq_ready[%u] in a + %u", cfgname, p,
            (unsigned)(c - a));
    }
  }
  CHECK(!rinv_model_line_valid(t->m, 1, la) && !rinv_model_line_valid(t->m, 1, lb), "rows cleared");
  CHECK(t->out.stat_tcp_kinv == 1, "one kinv");
  /* a second acquire of the same owner does not invalidate again (lo_q stays 2) */
  CHECK(!sw_acquire(t, 1), "re-acquire");
  tb_run(t, 20);
  CHECK(t->out.stat_tcp_kinv == 1, "no kinv without an owner change");
  tb_free(t);
  return 1;
}

static int test_fe_kinv(test_ctx_t *tc) { return fe_kinv(tc, "gem5") && fe_kinv(tc, "fpga"); }

/* D14 (§6.2 rule 1, §7): a CPU release probes the GPU while TCP 0 holds a load miss in an
 * MSHR: the probe waits (gpu_probe_waits +1 per StIdle cycle of the wait: the owner serves
 * the drain in the TCC lookup meanwhile, §7; lreq_ready 0), is taken in the cycle after TFAc
 * (fe_idle), and the load's response comes 3 cycles later (SResp, SA, SB, SC). */
static int test_fe_probe_waits(test_ctx_t *tc) {
  tb_t *t = tb_new("gem5");
  tb_init_walk(t);
  const uint32_t A = 0x777, B = 0x5555;
  CHECK(reg_write(t, 0, A_MODE, MODE_VAL(1, 0), NULL) == OKAY && !sw_acquire(t, 0), "acquire");
  port_access(t, 0, 1, A << 6, 0x1234, NULL);
  CHECK(reg_write(t, 0, A_HIST_EN(0), 0, NULL) == OKAY, "hist_en 0");
  CHECK(reg_write(t, 0, A_HIST_RX, 1, NULL) == OKAY && !sw_poll_clear(t, 0, 1u << 2), "hist rx");
  uint32_t w0 = t->out.stat_gpu_probe_waits;
  t->in.port_resp_ready[2] = 1;
  fe_drive(t, 2, 0, B << 6, 0, 1);
  tb_cycle(t);
  CHECK(t->out.port_req_ready[2], "GPU load taken");
  fe_idle_port(t, 2);
  tb_run(t, 6); /* lreq handshake in 4: TCP 0 is in TRd (fe_idle = 0); a line request still in
                 * the coalescer does not count in fe_idle (§6.2), it waits at the TCP (§7) */
  uint64_t acc = 0;
  CHECK(reg_write(t, 0, A_INV_START, 1, &acc) == OKAY, "INV_START");
  /* the GPU owner state of each cycle (gpu_probe_waits counts StIdle cycles only) */
  static uint8_t idle_at[400];
  const uint64_t s0 = t->cycle;
  cc_t *g = rinv_model_dbg_cc(t->m, 1);
  for (unsigned k = 0; k < 400; k++) {
    idle_at[k] = !strcmp(cc_state_name(g), "StIdle");
    tb_cycle(t);
  }
  uint64_t first = ~0ull, hs = ~0ull, resp = ~0ull;
  for (uint64_t c = acc; c < t->cycle; c++) {
    const rinv_out_t *o = at(t, c);
    if (o->probe_valid[1] && first == ~0ull) first = c;
    if (o->probe_valid[1] && o->probe_ready[1] && hs == ~0ull) hs = c;
    if (o->port_resp_valid[2] && resp == ~0ull) resp = c;
  }
  CHECK(first != ~0ull && hs != ~0ull && resp != ~0ull, "events %llx %llx %llx",
        (unsigned long long)first, (unsigned long long)hs, (unsigned long long)resp);
  CHECK(hs > first, "the probe did not wait (first %llu, hs %llu, resp %lld)",
        (unsigned long long)(first - acc), (unsigned long long)(hs - acc), (long long)(resp - acc));
  CHECK(first >= s0, "probe before the recorded window");
  uint32_t want = 0;
  for (uint64_t c = first; c < hs; c++) want += idle_at[c - s0];
  CHECK(want > 0 && want < hs - first, "the wait covers StIdle and lookup cycles (%u of %llu)", want,
        (unsigned long long)(hs - first));
  CHECK(at(t, hs)->stat_gpu_probe_waits - w0 == want, "gpu_probe_waits %u, want %u",
        at(t, hs)->stat_gpu_probe_waits - w0, want);
  CHECK(resp == hs + 3, "response in hs + %lld, want 3", (long long)(resp - hs));
  for (uint64_t c = first; c < hs; c++) {
    CHECK(!at(t, c)->probe_ready[1] && !at(t, c)->gpu_lreq_ready[0], "held in %llu",
          (unsigned long long)(c - first));
  }
  tb_free(t);
  return 1;
}

/* D8 + §6.3: a GPU store to a line valid in TCP 0 and clean in the TCC (hist_en = 1): the TCP
 * line is left invalid, the TCC merges and records once (rec_count +1 at the edge of StL2Dt,
 * 17), the store's response comes after the merge (22); a load then misses TCP 0 (28) and
 * reads the stored word; a second store to the line records nothing. */
static int test_fe_write_through(test_ctx_t *tc) {
  tb_t *t = tb_new("gem5");
  tb_init_walk(t);
  CHECK(reg_write(t, 1, A_MODE, MODE_VAL(1, 0), NULL) == OKAY && !sw_acquire(t, 1), "setup");
  tb_run(t, 30);
  cc_t *g = rinv_model_dbg_cc(t->m, 1);
  const uint32_t W = 0x1236;
  uint8_t d[64];
  fe_line_data(W, d);
  cc_poke_line(g, GPU_TCC, W, 1, TS_VALID, d, 0);
  cc_poke_line(g, GPU_TCP(0), W, 2, TS_VALID, d, 0);
  uint32_t r0 = t->out.rec_count[1], h0 = t->out.stat_tcp_hits;
  uint64_t c = port_access(t, 2, 1, (W << 6) | 8, 0xDEADBEEF, NULL);
  CHECK(at(t, c + 17)->rec_count[1] == r0 && at(t, c + 18)->rec_count[1] == r0 + 1, "record at 17");
  for (unsigned k = 1; k <= 23; k++) {
    CHECK(at(t, c + k)->port_resp_valid[2] == (k == 22), "store response in %u", k);
  }
  uint32_t v = 0;
  uint64_t c1 = port_access(t, 2, 0, (W << 6) | 8, 0, &v);
  for (unsigned k = 1; k <= 29; k++) {
    CHECK(at(t, c1 + k)->port_resp_valid[2] == (k == 28), "load (TCP miss) response in %u", k);
  }
  CHECK(v == 0xDEADBEEF, "loaded 0x%x", v);
  CHECK(t->out.stat_tcp_hits == h0, "no TCP hit");
  port_access(t, 2, 1, (W << 6) | 12, 0x5, NULL);
  tb_run(t, 5);
  CHECK(t->out.rec_count[1] == r0 + 1, "recorded once");
  tb_free(t);
  return 1;
}

/* §14 item 3: every GPU port_req_ready is 0 in StInit; 1 after it (empty slots) */
static int test_fe_init_ready(test_ctx_t *tc) {
  tb_t *t = tb_new("gem5");
  uint64_t n = 0;
  for (; n < TIMEOUT; n++) {
    if (strcmp(cc_state_name(rinv_model_dbg_cc(t->m, 1)), "StInit")) break;
    tb_cycle(t);
    for (unsigned p = 2; p < 6; p++) CHECK(!t->out.port_req_ready[p], "ready in StInit, cycle %llu", (unsigned long long)n);
  }
  tb_cycle(t);
  for (unsigned p = 2; p < 6; p++) CHECK(t->out.port_req_ready[p], "not ready after StInit");
  tb_free(t);
  return 1;
}

/* Random multi-lane stress through rinv_model_step (GPU holds the lock): four GPU ports
 * issue random load/store instructions of 1..24 lane ops without waiting for responses
 * (v3 §2 replay), random port_resp_ready and stall[3], stall[10], stall[11]; each port works
 * on its own lines (so each load's expected bytes are the port's own earlier stores, kept
 * in order by D6 and in-order issue, §9); with epochs, two GPU release / re-acquire
 * sequences in mid-run (StTcpInv with a busy front end). Checks: every lane op answered, in
 * order, loads equal to the port's reference where it is known, stores answered 0, no model
 * error, tcp_kinv = number of acquires. */
#define FE_ST_OPS 3000u
#define FE_ST_LINES 48u
static int fe_stress(test_ctx_t *tc, const char *cfgname, uint32_t seed, int epochs) {
  tb_t *t = tb_new(cfgname);
  tb_init_walk(t);
  CHECK(reg_write(t, 1, A_MODE, MODE_VAL(1, 0), NULL) == OKAY && !sw_acquire(t, 1), "setup");
  static uint8_t ref[4][FE_ST_LINES * 64], known[4][FE_ST_LINES * 64];
  static uint32_t q_we[4][FE_ST_OPS], q_val[4][FE_ST_OPS], q_mask[4][FE_ST_OPS];
  static uint32_t q_addr[4][FE_ST_OPS], q_data[4][FE_ST_OPS], q_st[4][FE_ST_OPS];
  static uint64_t q_cyc[4][FE_ST_OPS], q_rcyc[4][FE_ST_OPS];
  memset(known, 0, sizeof known);
  uint32_t rnd = seed, issued[4] = {0}, answered[4] = {0}, inst_left[4] = {0}, inst_we[4] = {0};
  uint32_t cur_addr[4] = {0}, cur_wd[4] = {0}, cur_st[4] = {0}, have[4] = {0};
#define FE_RND() (rnd = rnd * 1103515245u + 12345u, rnd >> 16)
  const uint32_t errs0 = rinv_model_dbg_err(t->m)->errors;
  for (uint64_t cyc = 0; cyc < 400000u; cyc++) {
    int done = 1;
    for (unsigned p = 0; p < 4; p++) done &= answered[p] == FE_ST_OPS;
    if (done) break;
    if (epochs && (cyc == 3000u || cyc == 9000u)) {
      /* a GPU epoch change with the front end busy: ports quiet (no lane op, no response
       * handshake) while the blocking register sequences run; the release, LOCK = 0, and the
       * re-acquire (kinv_pend: StTcpInv after the drain, §6.2) */
      for (unsigned p = 0; p < 4; p++) {
        t->in.port_req_valid[2 + p] = 0;
        t->in.port_resp_ready[2 + p] = 0;
      }
      t->in.stall = 0;
      uint32_t busy = 0;
      for (unsigned p = 0; p < 4; p++) busy += issued[p] - answered[p];
      CHECK(busy > 0, "%s: the front end is idle at the epoch change", cfgname);
      CHECK(!sw_release_start(t, 1, NULL) && !sw_poll_clear(t, 1, 1u), "release");
      CHECK(reg_write(t, 1, A_LOCK, 0, NULL) == OKAY && !sw_acquire(t, 1), "re-acquire");
    }
    t->in.stall = 0;
    if ((FE_RND() & 7u) == 0) t->in.stall |= 1u << 10;
    if ((FE_RND() & 7u) == 0) t->in.stall |= 1u << 11;
    if ((FE_RND() & 15u) == 0) t->in.stall |= 1u << 3;
    for (unsigned p = 0; p < 4; p++) {
      unsigned g = 2 + p;
      t->in.port_resp_ready[g] = (FE_RND() & 3u) != 0;
      if (!have[p] && issued[p] < FE_ST_OPS) { /* next lane op */
        if (!inst_left[p]) {
          inst_left[p] = 1 + FE_RND() % 24u;
          if (inst_left[p] > FE_ST_OPS - issued[p]) inst_left[p] = FE_ST_OPS - issued[p];
          inst_we[p] = FE_RND() & 1u;
        }
        uint32_t line = FE_RND() % FE_ST_LINES, wd = FE_RND() % 16u;
        cur_addr[p] = ((0x40000u * (p + 1u) + line) << 6) | (wd << 2);
        cur_wd[p] = line * 16u + wd;
        cur_st[p] = inst_we[p] ? FE_RND() % 16u : 0u;
        have[p] = 1;
        t->in.port_req_wdata[g] = FE_RND() | (FE_RND() << 16);
      }
      t->in.port_req_valid[g] = have[p];
      t->in.port_req_we[g] = have[p] ? inst_we[p] : 0u;
      t->in.port_req_addr[g] = have[p] ? cur_addr[p] : 0u;
      t->in.port_req_wstrb[g] = have[p] ? cur_st[p] : 0u;
      t->in.port_req_last[g] = have[p] && inst_left[p] == 1;
      if (!have[p]) t->in.port_req_wdata[g] = 0;
    }
    tb_cycle(t);
    for (unsigned p = 0; p < 4; p++) {
      unsigned g = 2 + p;
      if (t->out.port_resp_valid[g] && t->in.port_resp_ready[g]) {
        uint32_t n = answered[p]++;
        CHECK(n < issued[p], "%s: port %u response without a request", cfgname, g);
        uint32_t v = t->out.port_resp_rdata[g];
        q_rcyc[p][n] = t->cycle - 1;
        if ((v & q_mask[p][n]) != (q_val[p][n] & q_mask[p][n]) && getenv("FE_DEBUG")) {
          for (uint32_t k = 0; k <= n; k++) {
            if ((q_addr[p][k] >> 6) == (q_addr[p][n] >> 6))
              printf("  op %u we %u addr 0x%x data 0x%08x st %x hs %llu resp %llu\n", k, q_we[p][k], q_addr[p][k],
                     q_data[p][k], q_st[p][k], (unsigned long long)q_cyc[p][k], (unsigned long long)q_rcyc[p][k]);
          }
        }
        CHECK((v & q_mask[p][n]) == (q_val[p][n] & q_mask[p][n]),
              "%s seed %u: port %u op %u (we %u): 0x%08x, want 0x%08x mask 0x%08x", cfgname, seed,
              g, n, q_we[p][n], v, q_val[p][n], q_mask[p][n]);
      }
      if (have[p] && t->out.port_req_ready[g]) { /* handshake: expected value of the op */
        uint32_t n = issued[p]++, b0 = cur_wd[p] * 4u, val = 0, mask = 0;
        q_we[p][n] = inst_we[p];
        q_addr[p][n] = cur_addr[p];
        q_data[p][n] = t->in.port_req_wdata[g];
        q_st[p][n] = cur_st[p];
        q_cyc[p][n] = t->cycle - 1;
        if (inst_we[p]) {
          for (unsigned b = 0; b < 4; b++) {
            if ((cur_st[p] >> b) & 1u) {
              ref[p][b0 + b] = (uint8_t)(t->in.port_req_wdata[g] >> (8 * b));
              known[p][b0 + b] = 1;
            }
          }
          mask = ~0u; /* a store answers 0 */
        } else {
          for (unsigned b = 0; b < 4; b++) {
            if (known[p][b0 + b]) {
              val |= (uint32_t)ref[p][b0 + b] << (8 * b);
              mask |= 0xFFu << (8 * b);
            }
          }
        }
        q_val[p][n] = val;
        q_mask[p][n] = mask;
        inst_left[p]--;
        have[p] = 0;
      }
    }
  }
#undef FE_RND
  for (unsigned p = 0; p < 4; p++) {
    CHECK(answered[p] == FE_ST_OPS, "%s seed %u: port %u answered %u of %u (deadlock?)", cfgname,
          seed, 2 + p, answered[p], FE_ST_OPS);
  }
  CHECK(rinv_model_dbg_err(t->m)->errors == errs0, "model errors");
  CHECK(t->out.stat_tcp_kinv == (epochs ? 3u : 1u), "%s: tcp_kinv %u", cfgname, t->out.stat_tcp_kinv);
  CHECK(t->out.stat_gpu_lane_ops >= 4 * FE_ST_OPS && t->out.stat_gpu_line_reqs > 0, "stats");
  if (!strcmp(cfgname, "fpga")) CHECK(t->out.stat_coal_splits > 0 && t->out.stat_tcp_mshr_max == 4,
                                      "fpga: splits %u, mshr_max %u", t->out.stat_coal_splits,
                                      t->out.stat_tcp_mshr_max);
  tb_free(t);
  return 1;
}

static int test_fe_stress(test_ctx_t *tc) {
  return fe_stress(tc, "gem5", 1, 0) && fe_stress(tc, "fpga", 2, 0) && fe_stress(tc, "gem5", 3, 1) &&
         fe_stress(tc, "fpga", 4, 1) && fe_stress(tc, "gem5", 5, 1) && fe_stress(tc, "fpga", 6, 1);
}

#endif

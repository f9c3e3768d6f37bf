// Included inside module tb_rinv_directed (tests/icarus/tb_rinv_directed.sv), after
// tb_rinv_tasks.svh, whose tasks these tests call; not compiled alone. One task per test,
// called from the module's initial block; expectations from docs/REGISTERS.md and
// docs/ARCHITECTURE.md.

  // Test 1: reset values of every register (REGISTERS.md tables), observed outputs after reset.
  // There are no ID/parameter registers in the map; their would-be places are unmapped.
  task automatic t_reset_values;
    begin_test("reset_values");
    chk("lock_owner output", lock_owner, 0);
    chk("inv_busy output", inv_busy, 0);
    chk("hist_en outputs", hist_en, 0);
    rd("LOCK", CPU, A_LOCK, 0, OKAY);
    rd("MODE (run, addr)", CPU, A_MODE, 32'h1, OKAY);
    rd("MODE by GPU", GPU, A_MODE, 32'h1, OKAY);
    rd("STATUS", CPU, A_STATUS, 0, OKAY);
    rd("ERR_COUNT", CPU, A_ERR, 0, OKAY);
    for (int k = 0; k <= 10; k++) rd($sformatf("counter k=%0d", k), CPU, A_CNT + 4 * k, 0, OKAY);
    rd("INV_START reads STATUS", CPU, A_INV_START, 0, OKAY);
    rd("HIST_RX reads STATUS", GPU, A_HIST_RX, 0, OKAY);
    for (int s = 0; s < 2; s++) begin : cc_regs
      logic [31:0] b;
      b = s ? A_CC_GPU : A_CC_CPU;
      rd($sformatf("side %0d HIST_EN", s), s[0], b + 0, 0, OKAY);
      rd($sformatf("side %0d REC_COUNT", s), s[0], b + 4, 0, OKAY);
      rd($sformatf("side %0d TAG_LOOKUPS", s), !s[0], b + 8, 0, OKAY);
    end
    rd("ERR_COUNT still 0 after legal reads", GPU, A_ERR, 0, OKAY);
    end_test();
  endtask

  // Test 2: every row of REGISTERS.md "Bad accesses": SLVERR, ERR_COUNT + 1, nothing changed.
  task automatic t_bad_accesses;
    begin_test("bad_accesses");
    // unmapped
    bad_rd("rd dir hole 0x40007000", CPU, 32'h4000_7000);
    bad_wr("wr dir hole 0x40007000", GPU, 32'h4000_7000, 1, 4'hf);
    bad_rd("rd dir offset +4", CPU, 32'h4000_0004);
    bad_rd("rd counter k=11", CPU, A_CNT + 44);
    bad_rd("rd cc CPU +0xC", CPU, A_CC_CPU + 12);
    bad_rd("rd cc GPU +0xC", GPU, A_CC_GPU + 12);
    bad_rd("rd 0x40018000", CPU, 32'h4001_8000);
    bad_wr("wr 0x40018000", CPU, 32'h4001_8000, 1, 4'hf);
    bad_rd("rd 0x40020000", GPU, 32'h4002_0000);
    bad_rd("rd 0x3FFFFFFC (below MMIO)", CPU, 32'h3FFF_FFFC);
    bad_rd("rd 0xFFFFFFFC", CPU, 32'hFFFF_FFFC);
    // misaligned
    bad_wr("wr misaligned 0x40000002", CPU, 32'h4000_0002, 1, 4'hf);
    bad_rd("rd misaligned 0x40001001", CPU, 32'h4000_1001);
    bad_rd("rd misaligned 0x40002003", GPU, 32'h4000_2003);
    // partial strobes
    bad_wr("LOCK=1 wstrb 0001", CPU, A_LOCK, 1, 4'b0001);
    bad_wr("LOCK=1 wstrb 0111", CPU, A_LOCK, 1, 4'b0111);
    bad_wr("MODE=2 wstrb 0000", CPU, A_MODE, 2, 4'b0000);
    bad_wr("HIST_EN=1 wstrb 1110", CPU, A_CC_CPU, 1, 4'b1110);
    // read-only registers
    bad_wr("wr STATUS", CPU, A_STATUS, 0, 4'hf);
    bad_wr("wr ERR_COUNT", CPU, A_ERR, 0, 4'hf);
    bad_wr("wr PROBES", CPU, A_CNT, 0, 4'hf);
    bad_wr("wr HIST_COUNT_GPU", GPU, A_CNT + 40, 0, 4'hf);
    bad_wr("wr REC_COUNT", CPU, A_CC_CPU + 4, 0, 4'hf);
    bad_wr("wr TAG_LOOKUPS", GPU, A_CC_GPU + 8, 0, 4'hf);
    // values outside the legal set
    bad_wr("LOCK = 3", CPU, A_LOCK, 3, 4'hf);
    bad_wr("LOCK = ~0", GPU, A_LOCK, 32'hFFFF_FFFF, 4'hf);
    bad_wr("MODE = 0x3 (mode 3)", CPU, A_MODE, 3, 4'hf);
    bad_wr("MODE = 0xC (walk 3)", CPU, A_MODE, 32'hC, 4'hf);
    bad_wr("MODE = 0x10 (bit 4)", CPU, A_MODE, 32'h10, 4'hf);
    bad_wr("HIST_EN = 2", CPU, A_CC_CPU, 2, 4'hf);
    bad_wr("INV_START = 0", CPU, A_INV_START, 0, 4'hf);
    bad_wr("HIST_RX = 3", CPU, A_HIST_RX, 3, 4'hf);
    // ids that are not the requester's
    bad_wr("GPU writes LOCK = 1", GPU, A_LOCK, 1, 4'hf);
    bad_wr("CPU writes LOCK = 2", CPU, A_LOCK, 2, 4'hf);
    // release by a non-owner (nobody owns)
    bad_wr("CPU LOCK = 0 while free", CPU, A_LOCK, 0, 4'hf);
    // INV_START / HIST_RX while nobody owns the lock
    bad_wr("INV_START = 1, lock free", CPU, A_INV_START, 1, 4'hf);
    bad_wr("HIST_RX = 2, lock free", GPU, A_HIST_RX, 2, 4'hf);
    // HIST_EN written by the other side
    bad_wr("GPU writes CPU HIST_EN", GPU, A_CC_CPU, 1, 4'hf);
    bad_wr("CPU writes GPU HIST_EN", CPU, A_CC_GPU, 1, 4'hf);
    bad_wr("GPU writes CPU HIST_EN = 0", GPU, A_CC_CPU, 0, 4'hf);
    // nothing changed so far
    rd("LOCK unchanged", CPU, A_LOCK, 0, OKAY);
    rd("MODE unchanged", CPU, A_MODE, 1, OKAY);
    rd("STATUS unchanged", CPU, A_STATUS, 0, OKAY);
    rd("CPU HIST_EN unchanged", CPU, A_CC_CPU, 0, OKAY);
    rd("GPU HIST_EN unchanged", GPU, A_CC_GPU, 0, OKAY);
    // with the CPU owning the lock
    wr("CPU acquires", CPU, A_LOCK, 1, OKAY);
    bad_wr("GPU releases CPU's lock", GPU, A_LOCK, 0, 4'hf);
    bad_wr("GPU INV_START = 2, CPU owns", GPU, A_INV_START, 2, 4'hf);
    bad_wr("GPU HIST_RX = 2, CPU owns", GPU, A_HIST_RX, 2, 4'hf);
    bad_wr("CPU INV_START = 2 (not its id)", CPU, A_INV_START, 2, 4'hf);
    bad_wr("CPU HIST_RX = 2 (not its id)", CPU, A_HIST_RX, 2, 4'hf);
    bad_wr("LOCK=0 by owner, wstrb 1100", CPU, A_LOCK, 0, 4'b1100);
    rd("LOCK still CPU", GPU, A_LOCK, 1, OKAY);
    rd("STATUS: owner 1 only", CPU, A_STATUS, 32'h100, OKAY);
    cnt_chk("RELEASES 0", K_RELEASES, 0);
    chk("hist_go never pulsed", hist_go, 0);
    chk("hist_en outputs 0", hist_en, 0);
    chk("stat_errors output", st_errors, exp_err);
    rd("ERR_COUNT total (46 rejections)", GPU, A_ERR, 46, OKAY);
    end_test();
  endtask

  // Test 3: lock rules and busy rejections (REGISTERS.md LOCK / INV_START / HIST_RX / MODE).
  task automatic t_lock_rules;
    logic [31:0] d;
    begin_test("lock_rules");
    set_mode(M_LINE, W_ADDR);
    wr("CPU LOCK = 1", CPU, A_LOCK, 1, OKAY);
    rd("LOCK = 1", CPU, A_LOCK, 1, OKAY);
    rd("STATUS owner", GPU, A_STATUS, 32'h100, OKAY);
    wr("GPU LOCK = 2 while CPU owns: OKAY", GPU, A_LOCK, 2, OKAY);
    rd("LOCK still 1 (read by GPU)", GPU, A_LOCK, 1, OKAY);
    wr("CPU LOCK = 1 again: OKAY", CPU, A_LOCK, 1, OKAY);
    rd("ERR_COUNT 0 (failed acquire is no error)", CPU, A_ERR, 0, OKAY);
    bad_wr("GPU LOCK = 0 (not owner)", GPU, A_LOCK, 0, 4'hf);
    rd("LOCK still 1", CPU, A_LOCK, 1, OKAY);
    // 12 dirty, non-adjacent lines recorded
    wr("CPU HIST_EN = 1", CPU, A_CC_CPU, 1, OKAY);
    chk("hist_en output", hist_en, 2'b01);
    for (int i = 0; i < 12; i++) store(i & 1, 32'h40 + 2 * i, 0, 32'hA000_0000 + i, 4'hf);
    rd("REC_COUNT 12", CPU, A_CC_CPU + 4, 12, OKAY);
    wr("CPU HIST_EN = 0", CPU, A_CC_CPU, 0, OKAY);
    wr("HIST_RX = 1", CPU, A_HIST_RX, 1, OKAY);
    rd("STATUS: hist_busy CPU", CPU, A_STATUS, 32'h104, OKAY);
    bad_wr("LOCK = 0 while the transfer is busy", CPU, A_LOCK, 0, 4'hf);
    bad_wr("INV_START while the transfer is busy", CPU, A_INV_START, 1, 4'hf);
    bad_wr("HIST_RX while the transfer is busy", CPU, A_HIST_RX, 1, 4'hf);
    bad_wr("MODE while the transfer is busy", CPU, A_MODE, 1, 4'hf);
    poll_clear(CPU, 32'h4);
    rd("REC_COUNT 0 after the transfer", CPU, A_CC_CPU + 4, 0, OKAY);
    cnt_chk("HIST_ENTRIES 12", K_HIST_ENTRIES, 12);
    cnt_chk("HIST_COUNT_CPU 12", K_HCNT_CPU, 12);
    bad_wr("MODE while the history is non-empty", GPU, A_MODE, 1, 4'hf);
    for (int i = 0; i < 12; i++)
      chk($sformatf("line 0x%0h written back at HIST_RX", 32'h40 + 2 * i),
          mem_word(32'h40 + 2 * i, 0), 32'hA000_0000 + i);
    wr("INV_START = 1", CPU, A_INV_START, 1, OKAY);
    rd("STATUS: inv_busy, last id 1", CPU, A_STATUS, 32'h111, OKAY);
    bad_wr("LOCK = 0 while the invalidation is busy", CPU, A_LOCK, 0, 4'hf);
    bad_wr("INV_START while busy", CPU, A_INV_START, 1, 4'hf);
    bad_wr("HIST_RX while busy", CPU, A_HIST_RX, 1, 4'hf);
    bad_wr("MODE while busy", CPU, A_MODE, 1, 4'hf);
    chk("lock_owner output during the invalidation", lock_owner, 1);
    poll_clear(CPU, 32'h1);
    rd("STATUS: inv_done, last id 1, owner 1", GPU, A_STATUS, 32'h112, OKAY);
    cnt_chk("PROBES 12 (line mode)", K_PROBES, 12);
    cnt_chk("HIST_COUNT_CPU 0", K_HCNT_CPU, 0);
    wr("LOCK = 0 by the owner", CPU, A_LOCK, 0, OKAY);
    rd("STATUS after release: inv_done cleared", CPU, A_STATUS, 32'h10, OKAY);
    bad_wr("CPU LOCK = 0 again (free)", CPU, A_LOCK, 0, 4'hf);
    wr("GPU LOCK = 2", GPU, A_LOCK, 2, OKAY);
    rd("LOCK = 2", CPU, A_LOCK, 2, OKAY);
    wr("CPU LOCK = 1 while GPU owns: OKAY", CPU, A_LOCK, 1, OKAY);
    rd("LOCK still 2", CPU, A_LOCK, 2, OKAY);
    bad_wr("CPU releases GPU's lock", CPU, A_LOCK, 0, 4'hf);
    bad_wr("CPU INV_START = 1 while GPU owns", CPU, A_INV_START, 1, 4'hf);
    wr("MODE = merge|set accepted (all idle, empty)", GPU, A_MODE, 32'h6, OKAY);
    rd("MODE read back", CPU, A_MODE, 32'h6, OKAY);
    wr("GPU LOCK = 0", GPU, A_LOCK, 0, OKAY);
    rd("LOCK free", GPU, A_LOCK, 0, OKAY);
    cnt_chk("RELEASES 1", K_RELEASES, 1);
    rd("ERR_COUNT total (13 rejections)", CPU, A_ERR, 13, OKAY);
    end_test();
  endtask

  // Tests 4-7: CPU store epoch -> CPU release -> GPU acquire (ARCHITECTURE.md §4.2, §5.2, §5.3).
  // GPU holds stale copies of 8 lines (TCP0 L1 + TCC each); the CPU writes 7 of them in the
  // order 0x102, 0x100, 0x101, 0x103, 0x108, 0x109, 0x10C (0x100 twice, second time byte 1).
  //   line : 7 probes of 1 line          run : (102,1) (100,2) (103,1) (108,2) (10C,1)
  //   merge: table [100,103] [108,109] [10C,10C] -> 3 probes
  task automatic t_release_inv(input string name, input int mode, input int walk);
    int order [0:6];
    int nprobes;
    int expf [0:6];
    int expn [0:6];
    logic exp_sw;
    int lookups;
    begin_test(name);
    order[0] = 'h102; order[1] = 'h100; order[2] = 'h101; order[3] = 'h103;
    order[4] = 'h108; order[5] = 'h109; order[6] = 'h10C;
    set_mode(mode, walk);
    // GPU epoch: loads (stale copies), empty release
    sw_acquire(GPU);
    for (int i = 0; i < 7; i++)
      load_chk($sformatf("GPU first load line 0x%0h", order[i]), 2, order[i], 0, pat(order[i], 0));
    load_chk("GPU load of unrelated line 0x110", 2, 'h110, 0, pat('h110, 0));
    sw_release(GPU);
    cnt_chk("empty GPU release: no probe", K_PROBES, 0);
    dbg_chk("GPU holds 0x100 before", GPU, 'h100, 1);
    // CPU epoch
    sw_acquire(CPU);
    for (int i = 0; i < 7; i++) store(i % 2, order[i], 0, 32'h5A00_0000 | order[i], 4'hf);
    store(1, 'h100, 0, 32'h0000_EE00, 4'b0010);
    rd("REC_COUNT 7 (once per line per epoch)", CPU, A_CC_CPU + 4, 7, OKAY);
    sw_release(CPU);
    // expected probes
    if (mode == M_LINE) begin
      nprobes = 7;
      for (int i = 0; i < 7; i++) begin expf[i] = order[i]; expn[i] = 1; end
    end else if (mode == M_RUN) begin
      nprobes = 5;
      expf[0] = 'h102; expn[0] = 1; expf[1] = 'h100; expn[1] = 2; expf[2] = 'h103; expn[2] = 1;
      expf[3] = 'h108; expn[3] = 2; expf[4] = 'h10C; expn[4] = 1;
    end else begin
      nprobes = 3;
      expf[0] = 'h100; expn[0] = 4; expf[1] = 'h108; expn[1] = 2; expf[2] = 'h10C; expn[2] = 1;
    end
    chk("probe handshakes seen", np, nprobes);
    lookups = 0;
    for (int k = 0; k < nprobes && k < np; k++) begin
      exp_sw = (walk == W_SET) ? 1'b1 : (walk == W_AUTO) ? (expn[k] > GpuSMax) : 1'b0;
      probe_chk(k, expf[k], expn[k], exp_sw);
      lookups = lookups + (exp_sw ? GpuSetWalkLookups : expn[k] * GpuAddrLookups);
    end
    cnt_chk("PROBES", K_PROBES, nprobes);
    cnt_chk("PROBE_LINES", K_PROBE_LINES, 7);
    cnt_chk("INV_HITS (7 lines x TCC + TCP0)", K_INV_HITS, 14);
    cnt_chk("OVER_INV", K_OVER_INV, 0);
    cnt_chk("HIST_ENTRIES", K_HIST_ENTRIES, 7);
    cnt_chk("HIST_OVERFLOWS", K_HIST_OVF, 0);
    cnt_chk("RELEASES", K_RELEASES, 2);
    cnt_chk("HIST_COUNT_CPU", K_HCNT_CPU, 0);
    cnt_chk("HIST_COUNT_GPU", K_HCNT_GPU, 0);
    rd("GPU TAG_LOOKUPS", CPU, A_CC_GPU + 8, lookups, OKAY);
    rd("CPU TAG_LOOKUPS", CPU, A_CC_CPU + 8, 0, OKAY);
    begin : inv_cycles
      logic [31:0] c, cl;
      rd_val(CPU, A_CNT + 4 * K_INV_CYC, c);
      rd_val(CPU, A_CNT + 4 * K_INV_CYC_LAST, cl);
      chk("INV_CYCLES_LAST > 0", cl > 0, 1);
      chk("INV_CYCLES >= INV_CYCLES_LAST", c >= cl, 1);
    end
    chk("write-back of 0x100 (merged bytes)", mem_word('h100, 0), 32'h5A00_EE00);
    chk("write-back of 0x10C", mem_word('h10C, 0), 32'h5A00_010C);
    chk("word 1 of 0x100 untouched in memory", mem_word('h100, 1), pat('h100, 1));
    for (int i = 0; i < 7; i++)
      dbg_chk($sformatf("GPU line 0x%0h invalidated", order[i]), GPU, order[i], 0);
    dbg_chk("unrelated GPU line 0x110 kept", GPU, 'h110, 1);
    dbg_chk("CPU keeps its (now clean) line 0x100", CPU, 'h100, 1);
    // GPU epoch: loads see the CPU's values through memory
    sw_acquire(GPU);
    load_chk("GPU load 0x100 word 0 (TCP1)", 3, 'h100, 0, 32'h5A00_EE00);
    load_chk("GPU load 0x100 word 0 (TCP0)", 2, 'h100, 0, 32'h5A00_EE00);
    for (int i = 0; i < 7; i++)
      if (order[i] != 'h100)
        load_chk($sformatf("GPU load 0x%0h", order[i]), 2 + (i % 4), order[i], 0,
                 32'h5A00_0000 | order[i]);
    load_chk("GPU load 0x101 word 1 (unwritten word)", 4, 'h101, 1, pat('h101, 1));
    load_chk("GPU load 0x110 (kept copy)", 2, 'h110, 0, pat('h110, 0));
    sw_release(GPU);
    end_test();
  endtask

  // Test 8: partial-strobe stores merge bytes (§3.1, §4.2), write-back uses the dirty mask.
  task automatic t_partial_strobe;
    logic [31:0] p2, exp2, p15, exp15;
    begin_test("partial_strobe");
    p2 = pat('h300, 2);
    p15 = pat('h301, 5);
    exp15 = {p15[31:16], 8'h34, p15[7:0]};
    sw_acquire(CPU);
    load_chk("CPU port 0 load 0x300 w2", 0, 'h300, 2, p2);
    store(0, 'h300, 2, 32'hAABB_CCDD, 4'b0101);
    exp2 = {p2[31:24], 8'hBB, p2[15:8], 8'hDD};
    load_chk("port 0 (L1 write-updated) after strobe 0101", 0, 'h300, 2, exp2);
    load_chk("port 1 (from L2) after strobe 0101", 1, 'h300, 2, exp2);
    store(1, 'h300, 2, 32'h7700_0000, 4'b1000);
    exp2 = {8'h77, 8'hBB, p2[15:8], 8'hDD};
    load_chk("port 0 after strobe 1000 on port 1", 0, 'h300, 2, exp2);
    load_chk("port 1 after strobe 1000", 1, 'h300, 2, exp2);
    load_chk("other word of the line unchanged", 1, 'h300, 3, pat('h300, 3));
    store(0, 'h301, 5, 32'h0012_3400, 4'b0010);   // miss: fill, then merge
    load_chk("store miss with strobe 0010 merged into the fill", 1, 'h301, 5, exp15);
    store(1, 'h302, 7, 32'h0000_0000, 4'b0000);   // no byte enabled
    load_chk("strobe 0000 changes nothing", 0, 'h302, 7, pat('h302, 7));
    // behind the cache: non-dirty bytes of memory change; the write-back must keep them
    mem_poke('h300, 3, 32'hDEAD_BEEF);
    mem_poke('h300, 2, {p2[31:16], 8'h5C, p2[7:0]});
    sw_release(CPU);
    chk("memory 0x300 w2: dirty bytes 3,2,0 written, byte 1 kept", mem_word('h300, 2),
        {8'h77, 8'hBB, 8'h5C, 8'hDD});
    chk("memory 0x300 w3: not dirty, kept", mem_word('h300, 3), 32'hDEAD_BEEF);
    chk("memory 0x301 w5", mem_word('h301, 5), exp15);
    chk("memory 0x301 w4 untouched", mem_word('h301, 4), pat('h301, 4));
    chk("memory 0x302 w7 untouched", mem_word('h302, 7), pat('h302, 7));
    cnt_chk("HIST_ENTRIES: 0x300, 0x301, 0x302", K_HIST_ENTRIES, 3);
    // GPU side: partial store to a missing line, read from another TCP
    sw_acquire(GPU);
    store(4, 'h300, 2, 32'h0000_0099, 4'b0001);
    load_chk("GPU TCP3 load after TCP2 strobe 0001", 5, 'h300, 2, {8'h77, 8'hBB, 8'h5C, 8'h99});
    load_chk("GPU TCP2 load", 4, 'h300, 2, {8'h77, 8'hBB, 8'h5C, 8'h99});
    sw_release(GPU);
    chk("memory 0x300 w2 after the GPU release", mem_word('h300, 2), {8'h77, 8'hBB, 8'h5C, 8'h99});
    sw_acquire(CPU);
    load_chk("CPU port 0 sees the GPU byte (its copy was invalidated)", 0, 'h300, 2,
             {8'h77, 8'hBB, 8'h5C, 8'h99});
    sw_release(CPU);
    end_test();
  endtask

  // Test 9: FIFO overflow (run mode): HistCap + 8 lines -> ovf, fallback to one all-probe
  // (first 0, n 2^26, set walk), probe_lines = TOTAL_LINES[GPU], over_inv = its hits (§5.2/§5.3).
  task automatic t_hist_overflow;
    int n;
    begin_test("hist_overflow_fifo");
    n = HistCap + 8;
    set_mode(M_RUN, W_ADDR);
    sw_acquire(GPU);
    load_chk("GPU load 0x400", 2, 'h400, 0, pat('h400, 0));
    load_chk("GPU load 0x401", 3, 'h401, 0, pat('h401, 0));
    load_chk("GPU load unrelated 0xF00", 2, 'hF00, 0, pat('hF00, 0));
    sw_release(GPU);
    sw_acquire(CPU);
    for (int i = 0; i < n; i++) store(i % 2, 'h400 + i, 0, 32'h0B00_0000 + i, 4'hf);
    wr("HIST_EN = 0", CPU, A_CC_CPU, 0, OKAY);
    wr("HIST_RX = 1", CPU, A_HIST_RX, 1, OKAY);
    poll_clear(CPU, 32'h4);
    rd("STATUS: ovf CPU, owner 1, last id 2", CPU, A_STATUS, 32'h160, OKAY);
    cnt_chk("HIST_ENTRIES = HistCap + 8", K_HIST_ENTRIES, n);
    cnt_chk("HIST_OVERFLOWS = 8", K_HIST_OVF, 8);
    cnt_chk("HIST_COUNT_CPU = HistCap (full)", K_HCNT_CPU, HistCap);
    bad_wr("MODE rejected while ovf/non-empty", CPU, A_MODE, 0, 4'hf);
    wr("INV_START = 1", CPU, A_INV_START, 1, OKAY);
    poll_clear(CPU, 32'h1);
    chk("one probe", np, 1);
    chk("probe first 0", pr_first[0], 0);
    chk("probe n = 2^26", pr_n[0], 27'h400_0000);
    chk("probe setwalk", pr_sw[0], 1);
    rd("STATUS: ovf cleared, inv_done", CPU, A_STATUS, 32'h112, OKAY);
    cnt_chk("PROBES 1", K_PROBES, 1);
    cnt_chk("PROBE_LINES = TOTAL_LINES[GPU]", K_PROBE_LINES, GpuTotal);
    cnt_chk("INV_HITS (3 lines x 2)", K_INV_HITS, 6);
    cnt_chk("OVER_INV = hits of the all-probe", K_OVER_INV, 6);
    cnt_chk("HIST_COUNT_CPU emptied", K_HCNT_CPU, 0);
    rd("GPU TAG_LOOKUPS (one set walk)", CPU, A_CC_GPU + 8, GpuSetWalkLookups, OKAY);
    dbg_chk("unrelated 0xF00 invalidated too", GPU, 'hF00, 0);
    dbg_chk("0x401 invalidated", GPU, 'h401, 0);
    wr("LOCK = 0", CPU, A_LOCK, 0, OKAY);
    // the GPU reads new values; next CPU epoch is back to range probes (fallback once)
    sw_acquire(GPU);
    load_chk("GPU load 0x400", 2, 'h400, 0, 32'h0B00_0000);
    load_chk("GPU load last line", 3, 'h400 + n - 1, 0, 32'h0B00_0000 + n - 1);
    load_chk("GPU load 0x700", 2, 'h700, 0, pat('h700, 0));
    load_chk("GPU load 0x702", 2, 'h702, 0, pat('h702, 0));
    sw_release(GPU);
    sw_acquire(CPU);
    store(0, 'h700, 0, 32'h0C00_0700, 4'hf);
    store(1, 'h701, 0, 32'h0C00_0701, 4'hf);
    sw_release(CPU);
    chk("second epoch: one more probe", np, 2);
    chk("second epoch probe first", pr_first[1], 'h700);
    chk("second epoch probe n", pr_n[1], 2);
    cnt_chk("PROBE_LINES", K_PROBE_LINES, GpuTotal + 2);
    dbg_chk("0x702 kept", GPU, 'h702, 1);
    dbg_chk("0x700 invalidated", GPU, 'h700, 0);
    rd("STATUS: no ovf", CPU, A_STATUS, 32'h10, OKAY);
    end_test();
  endtask

  // Test 10: range-table overflow (merge): RtCap + 1 ranges; the smallest gap (1 line, the
  // last one) is merged: over_inv += 1, hist_overflows 1, no ovf flag, 0x271 over-invalidated.
  task automatic t_merge_overflow;
    int last;
    begin_test("merge_overflow");
    set_mode(M_MERGE, W_ADDR);
    last = 'h200 + 16 * (RtCap - 1);
    sw_acquire(GPU);
    load_chk("GPU load 0x200", 2, 'h200, 0, pat('h200, 0));
    load_chk("GPU load gap line", 3, last + 1, 0, pat(last + 1, 0));
    load_chk("GPU load last line", 4, last + 2, 0, pat(last + 2, 0));
    load_chk("GPU load 0x205 (no range)", 5, 'h205, 0, pat('h205, 0));
    sw_release(GPU);
    sw_acquire(CPU);
    for (int i = 0; i < RtCap; i++) store(i % 2, 'h200 + 16 * i, 0, 32'h0D00_0000 + i, 4'hf);
    store(0, last + 2, 0, 32'h0D00_00FF, 4'hf);
    wr("HIST_EN = 0", CPU, A_CC_CPU, 0, OKAY);
    wr("HIST_RX = 1", CPU, A_HIST_RX, 1, OKAY);
    poll_clear(CPU, 32'h4);
    rd("STATUS: no ovf flag in merge mode", CPU, A_STATUS, 32'h120, OKAY);
    cnt_chk("HIST_COUNT_CPU = RtCap", K_HCNT_CPU, RtCap);
    cnt_chk("HIST_OVERFLOWS 1 (forced merge)", K_HIST_OVF, 1);
    cnt_chk("OVER_INV 1 (gap line)", K_OVER_INV, 1);
    wr("INV_START = 1", CPU, A_INV_START, 1, OKAY);
    poll_clear(CPU, 32'h1);
    wr("LOCK = 0", CPU, A_LOCK, 0, OKAY);
    chk("RtCap probes", np, RtCap);
    for (int k = 0; k < RtCap - 1 && k < np; k++) probe_chk(k, 'h200 + 16 * k, 1, 0);
    if (np >= RtCap) probe_chk(RtCap - 1, last, 3, 0);
    cnt_chk("PROBE_LINES", K_PROBE_LINES, RtCap + 2);
    cnt_chk("INV_HITS (3 lines x 2)", K_INV_HITS, 6);
    cnt_chk("OVER_INV still 1 (range probes add none)", K_OVER_INV, 1);
    dbg_chk("gap line invalidated", GPU, last + 1, 0);
    dbg_chk("0x205 kept", GPU, 'h205, 1);
    sw_acquire(GPU);
    load_chk("GPU load last line", 3, last + 2, 0, 32'h0D00_00FF);
    load_chk("GPU load gap line (memory value)", 2, last + 1, 0, pat(last + 1, 0));
    sw_release(GPU);
    end_test();
  endtask

  // Test 11: max_range split and walk=auto: MaxRange + 4 consecutive lines in run mode ->
  // (F, MaxRange) with set walk (n > SMAX), then (F + MaxRange, 4) with address walk.
  task automatic t_max_range_auto(input string name, input int mode);
    int f, n;
    begin_test(name);
    f = 'h800;
    n = MaxRange + 4;
    set_mode(mode, W_AUTO);
    sw_acquire(GPU);
    load_chk("GPU load first", 2, f, 0, pat(f, 0));
    load_chk("GPU load F+MaxRange-1", 2, f + MaxRange - 1, 0, pat(f + MaxRange - 1, 0));
    load_chk("GPU load F+MaxRange", 3, f + MaxRange, 0, pat(f + MaxRange, 0));
    load_chk("GPU load last", 3, f + n - 1, 0, pat(f + n - 1, 0));
    load_chk("GPU load after last", 4, f + n, 0, pat(f + n, 0));
    sw_release(GPU);
    sw_acquire(CPU);
    for (int i = 0; i < n; i++) store(i % 2, f + i, 0, 32'h0E00_0000 + i, 4'hf);
    sw_release(CPU);
    chk("two probes", np, 2);
    if (np >= 2) begin
      probe_chk(0, f, MaxRange, MaxRange > GpuSMax);
      probe_chk(1, f + MaxRange, 4, 4 > GpuSMax);
    end
    cnt_chk("PROBE_LINES", K_PROBE_LINES, n);
    cnt_chk("INV_HITS (4 lines x 2)", K_INV_HITS, 8);
    rd("GPU TAG_LOOKUPS (set walk + 4 address steps)", CPU, A_CC_GPU + 8,
       GpuSetWalkLookups + 4 * GpuAddrLookups, OKAY);
    dbg_chk("line after the range kept", GPU, f + n, 1);
    dbg_chk("last line invalidated", GPU, f + n - 1, 0);
    sw_acquire(GPU);
    load_chk("GPU load F+MaxRange", 2, f + MaxRange, 0, 32'h0E00_0000 + MaxRange);
    sw_release(GPU);
    end_test();
  endtask

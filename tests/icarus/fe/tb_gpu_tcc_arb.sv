// Directed self-checking testbench of gpu_tcc_arb (ARCHITECTURE_v3_gpu_frontend.md §6.1, §8
// item 1, §12). The testbench plays the four TCPs' outbound queues tq[p] (a push in cycle c
// is a valid head from c + 2 at the earliest, v2 §4.2) and side_cc's rule-5 enable. Expected
// values from the contract: grants in arrival order, same-edge pushes in ascending CU; the TCC
// waits while the oldest request's tq head is not yet valid (no younger request passes);
// tcc_arb_waits adds count(ord) minus 1 if a grant happens, each cycle (§12: 2 in the
// example, one each in cycles 74 and 96).
// Build: -DFPGA selects TcpMshrs 4, else gem5's 256.
`timescale 1ns/1ps
module tb_gpu_tcc_arb;
`ifdef FPGA
  localparam int M = 4;
`else
  localparam int M = 256;
`endif
  localparam int NCu = 4;
  localparam int Cap = NCu * M;
  localparam int CntW = $clog2(Cap + 1);
  localparam int NEV = 8192;

  logic clk = 1'b0, rst_n = 1'b0;
  always #5 clk = ~clk;

  logic [NCu-1:0]  push, head_valid, pop;
  logic            grant_en, req, grant;
  logic [1:0]      grant_cu, head_cu;
  logic [CntW-1:0] count, waits;

  gpu_tcc_arb #(
    .NCu      (NCu),
    .TcpMshrs (M)
  ) dut (
    .clk_i        (clk),
    .rst_ni       (rst_n),
    .push_i       (push),
    .head_valid_i (head_valid),
    .grant_en_i   (grant_en),
    .req_o        (req),
    .grant_o      (grant),
    .grant_cu_o   (grant_cu),
    .head_cu_o    (head_cu),
    .pop_o        (pop),
    .count_o      (count),
    .waits_o      (waits)
  );

  // model: per CU the push cycles of its tq entries; the global arrival list (cycle, cu)
  int tq_cyc [NCu][NEV];
  int tq_rd [NCu], tq_wr [NCu];
  int ar_cu [NEV], ar_cyc [NEV];
  int ar_rd, ar_wr;
  int cyc, errs, n_pass, n_fail, sum_waits, n_grants;
  int grant_cyc [NEV], grant_who [NEV];
  string first_err;
  // per-cycle stimulus controls
  logic [NCu-1:0] push_next;
  bit             rnd_push, rnd_en, en_fix;

  task automatic err(input string s);
    if (errs == 0) first_err = s;
    errs++;
  endtask

  task automatic step;
    int exp_h;
    bit exp_req, exp_grant;
    // inputs of this cycle
    if (rnd_push) begin
      for (int p = 0; p < NCu; p++)
        push_next[p] = ($urandom % 4 == 0) && (tq_wr[p] - tq_rd[p] < M);
    end
    push = push_next;
    for (int p = 0; p < NCu; p++)
      head_valid[p] = (tq_wr[p] > tq_rd[p]) && (tq_cyc[p][tq_rd[p] % NEV] <= cyc - 2);
    grant_en = rnd_en ? 1'($urandom % 2) : en_fix;
    #4;
    // expected outputs from the model
    exp_h     = (ar_wr > ar_rd) ? ar_cu[ar_rd % NEV] : -1;
    exp_req   = (exp_h >= 0) && head_valid[exp_h];
    exp_grant = exp_req && grant_en;
    if (req !== exp_req || grant !== exp_grant)
      err($sformatf("cycle %0d: req %0d grant %0d, exp %0d %0d", cyc, req, grant, exp_req,
                    exp_grant));
    if (exp_grant && (grant_cu !== 2'(exp_h) || pop !== (NCu'(1) << exp_h)))
      err($sformatf("cycle %0d: grant cu %0d pop %b, exp cu %0d", cyc, grant_cu, pop, exp_h));
    if (exp_h >= 0 && head_cu !== 2'(exp_h))
      err($sformatf("cycle %0d: head cu %0d, exp %0d", cyc, head_cu, exp_h));
    if (!exp_grant && (pop !== '0 || grant_cu !== '0))
      err($sformatf("cycle %0d: pop %b / grant_cu %0d without a grant", cyc, pop, grant_cu));
    if (32'(count) != ar_wr - ar_rd)
      err($sformatf("cycle %0d: count %0d, exp %0d", cyc, count, ar_wr - ar_rd));
    if (32'(waits) != ar_wr - ar_rd - 32'(exp_grant))
      err($sformatf("cycle %0d: waits %0d, exp %0d", cyc, waits, ar_wr - ar_rd - exp_grant));
    sum_waits += 32'(waits);
    // the edge: pop, then the pushes of this edge in ascending CU (§8 item 1)
    if (grant) begin
      grant_cyc[n_grants] = cyc; grant_who[n_grants] = grant_cu; n_grants++;
      tq_rd[exp_h]++;
      ar_rd++;
    end
    for (int p = 0; p < NCu; p++) begin
      if (push[p]) begin
        tq_cyc[p][tq_wr[p] % NEV] = cyc; tq_wr[p]++;
        ar_cu[ar_wr % NEV] = p; ar_cyc[ar_wr % NEV] = cyc; ar_wr++;
      end
    end
    push_next = '0;
    @(posedge clk); #1;
    cyc++;
  endtask

  task automatic start_test;
    rst_n = 1'b0;
    push = '0; head_valid = '0; grant_en = 1'b0; push_next = '0;
    for (int p = 0; p < NCu; p++) begin tq_rd[p] = 0; tq_wr[p] = 0; end
    ar_rd = 0; ar_wr = 0; errs = 0; first_err = ""; sum_waits = 0; n_grants = 0;
    rnd_push = 1'b0; rnd_en = 1'b0; en_fix = 1'b1;
    repeat (2) @(posedge clk);
    #1 rst_n = 1'b1;
    cyc = 0;
  endtask

  task automatic end_test(input string name);
    if (errs == 0) begin
      $display("PASS %s", name); n_pass++;
    end else begin
      $display("FAIL %s: %s (%0d errors)", name, first_err, errs); n_fail++;
    end
  endtask

  // §12: TCP 0 pushes in TAc (cycle 73 there, 3 here); ord = {0} with an invalid tq head in
  // the next cycle (a wait), the grant one cycle later (c + 2)
  task automatic t_worked_example;
    start_test();
    repeat (3) step();
    push_next = 4'b0001;
    step();                                  // cycle 3: the push edge
    repeat (5) step();
    if (n_grants != 1 || grant_cyc[0] != 5 || grant_who[0] != 0)
      err($sformatf("grant in %0d to %0d, exp cycle 5 to CU 0", grant_cyc[0], grant_who[0]));
    if (sum_waits != 1) err($sformatf("tcc_arb_waits %0d, exp 1", sum_waits));
    end_test("worked_example_grant_c_plus_2");
  endtask

  // same-edge pushes in ascending CU; later pushes after them; one grant per cycle
  task automatic t_same_edge;
    int exp_who [6];
    start_test();
    push_next = 4'b1110;
    step();                                  // cycle 0: CUs 1, 2, 3
    push_next = 4'b0101;
    step();                                  // cycle 1: CUs 0, 2
    repeat (12) step();
    exp_who[0] = 1; exp_who[1] = 2; exp_who[2] = 3; exp_who[3] = 0; exp_who[4] = 2;
    if (n_grants != 5) err($sformatf("%0d grants, exp 5", n_grants));
    for (int i = 0; i < 5; i++)
      if (grant_who[i] != exp_who[i] || grant_cyc[i] != 2 + i)
        err($sformatf("grant %0d: CU %0d in %0d, exp CU %0d in %0d", i, grant_who[i],
                      grant_cyc[i], exp_who[i], 2 + i));
    // waits: c1 3, c2 5-1, c3 4-1, c4 3-1, c5 2-1, c6 1-1 = 3+4+3+2+1 = 13
    if (sum_waits != 13) err($sformatf("tcc_arb_waits %0d, exp 13", sum_waits));
    end_test("same_edge_ascending_cu");
  endtask

  // the oldest request's tq head not yet valid: nothing is granted, though a younger request
  // of another CU is valid (TCP 1 pops and pushes again: its new head is young)
  task automatic t_no_pass;
    start_test();
    en_fix = 1'b0;
    push_next = 4'b0010;
    step();                                  // cycle 0: CU 1 (A)
    push_next = 4'b0100;
    step();                                  // cycle 1: CU 2 (B)
    repeat (3) step();                       // cycles 2-4: no grant (en 0)
    en_fix = 1'b1;
    push_next = 4'b0000;
    step();                                  // cycle 5: grant A (CU 1)
    // now ord = {2}; B valid. Grant B in 6 and, in the same cycle, CU 1 pushes C, CU 2 D
    push_next = 4'b0110;
    step();                                  // cycle 6: grant B; push C (CU 1), D (CU 2)
    step();                                  // cycle 7: head C (CU 1) pushed in 6: wait
    step();                                  // cycle 8: grant C
    step();                                  // cycle 9: grant D
    step();
    if (n_grants != 4 || grant_cyc[0] != 5 || grant_cyc[1] != 6 || grant_cyc[2] != 8 ||
        grant_cyc[3] != 9 || grant_who[2] != 1 || grant_who[3] != 2)
      err($sformatf("grants %0d: cycles %0d %0d %0d %0d", n_grants, grant_cyc[0], grant_cyc[1],
                    grant_cyc[2], grant_cyc[3]));
    end_test("oldest_first_no_pass");
  endtask

  // random pushes (each CU at most M outstanding) and random rule-5 enables: checked every
  // cycle against the model; then the queue is filled to its capacity and drained
  task automatic t_random_and_full;
    start_test();
    rnd_push = 1'b1; rnd_en = 1'b1;
    repeat (3000) step();
    rnd_push = 1'b0; rnd_en = 1'b0; en_fix = 1'b1;
    repeat (Cap + 10) step();
    if (ar_wr != ar_rd) err("queue not drained");
    // fill: every CU pushes M with no grants, then drain
    en_fix = 1'b0;
    for (int i = 0; i < M; i++) begin push_next = '1; step(); end
    step();
    if (32'(count) != Cap) err($sformatf("count %0d at capacity, exp %0d", count, Cap));
    en_fix = 1'b1;
    repeat (Cap + 5) step();
    if (ar_wr != ar_rd || count != '0) err("full queue not drained");
    end_test("random_model_and_capacity");
  endtask

  task automatic t_reset;
    start_test();
    en_fix = 1'b0;
    push_next = 4'b1111;
    step();
    step();
    rst_n = 1'b0; #1;
    if (count !== '0 || req !== 1'b0) err("ord not empty after reset");
    rst_n = 1'b1;
    end_test("reset_empties_ord");
  endtask

  initial begin
    n_pass = 0; n_fail = 0;
    t_worked_example();
    t_same_edge();
    t_no_pass();
    t_random_and_full();
    t_reset();
    $display("%0d passed, %0d failed", n_pass, n_fail);
    if (n_fail != 0) $fatal(1, "tb_gpu_tcc_arb: failures");
    $finish;
  end

  initial begin
    #50_000_000;
    $display("FAIL timeout");
    $display("%0d passed, %0d failed", n_pass, n_fail + 1);
    $fatal(1, "timeout");
  end
endmodule : tb_gpu_tcc_arb

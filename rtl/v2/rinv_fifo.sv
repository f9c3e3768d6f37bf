// First-word-fall-through FIFO on one rinv_sram (ARCHITECTURE_v2.md §4.2).
//
// Two implementations with one behaviour at the ports (the §4.2 equations), chosen by HeadReg:
// - HeadReg = 0 (LUT RAM cells): the head is the cell's registered output plus the flag hv.
//   mcnt counts words in the cell not yet read into the head; count = mcnt + hv.
// - HeadReg = 1 (block RAM cells, the default there): the head comes from a small fabric
//   queue (NF words) filled ahead by cell reads issued from registered state only, and by
//   direct pushes when the cell holds nothing unread. So no cell read enable or address
//   depends on pop or flush, and the head is a fabric register, not a block RAM's
//   clock-to-out (the v2 directory's critical path, docs/FPGA.md). formal/fifo_eq.sby proves
//   the two equal at the ports.
// Fullness for a push is judged before the edge. With DropOk = 0 a push into a full FIFO is an
// assertion failure; with DropOk = 1 it is dropped (push_ok_o = 0, the caller counts it).
module rinv_fifo #(
  parameter int Depth  = 16,
  parameter int Width  = 26,
  parameter bit DropOk = 1'b0,
  // the cell's style rule of rinv_sram ("auto": block RAM iff Depth >= 64 && Width >= 8)
  parameter bit HeadReg = (Depth >= 64) && (Width >= 8),
  localparam int PtrW  = (Depth > 1) ? $clog2(Depth) : 1,
  localparam int CntW  = $clog2(Depth + 1)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             push_i,
  input  logic [Width-1:0] pdata_i,
  input  logic             pop_i,
  input  logic             flush_i,
  output logic             push_ok_o,
  output logic [Width-1:0] head_o,
  output logic             head_valid_o,
  output logic [CntW-1:0]  count_o
);

  // the cell and its pointers, shared by both implementations (wr_ptr_q is also read by the
  // bound coverage); every accepted push writes the cell at wr_ptr, reads are at rd_ptr
  logic [PtrW-1:0]  rd_ptr_q, rd_ptr_d, wr_ptr_q, wr_ptr_d;
  logic             re;
  logic [Width-1:0] rdata, unused_peek;

  rinv_sram #(
    .Depth (Depth),
    .Width (Width),
    .BeW   (Width),
    .Style ("auto")
  ) u_cell (
    .clk_i       (clk_i),
    .re_i        (re),
    .raddr_i     (rd_ptr_q),
    .rdata_o     (rdata),
    .oe_i        (1'b1),      // OutReg = 0 (§4.3: FIFO cells have no output register)
    .we_i        (push_ok_o),
    .waddr_i     (wr_ptr_q),
    .wbe_i       (1'b1),
    .wdata_i     (pdata_i),
    .peek_addr_i ('0),
    .peek_data_o (unused_peek)
  );

  function automatic logic [PtrW-1:0] inc(input logic [PtrW-1:0] p);
    inc = (32'(p) == Depth - 1) ? '0 : p + 1'b1;
  endfunction

  // c + up - dn as a select among c - 1, c, c + 1, which are computed from the register
  // alone: the late up/dn (pop, push_ok) then feed a multiplexer, not a carry chain
  // (fpga-ooc: the directory's path src -> formation -> pop -> count, and the GPU side's
  // recorder push -> count, ended in this adder)
  function automatic logic [CntW-1:0] step(input logic [CntW-1:0] c, input logic up,
                                           input logic dn);
    logic [CntW-1:0] cp1, cm1;
    cp1 = c + 1'b1;
    cm1 = c - 1'b1;
    unique case ({up, dn})
      2'b10:   step = cp1;
      2'b01:   step = cm1;
      default: step = c;
    endcase
  endfunction

  if (!HeadReg) begin : gen_direct
    logic [CntW-1:0] mcnt_q, mcnt_d;
    logic            hv_q, hv_d;

    assign head_o    = rdata;   // the head is the cell's registered output
    assign count_o   = mcnt_q + CntW'(hv_q);
    assign push_ok_o = push_i && (32'(count_o) < Depth);
    assign re        = !flush_i && (mcnt_q != '0) && (!hv_q || pop_i);

    always_comb begin
      rd_ptr_d = rd_ptr_q;
      wr_ptr_d = wr_ptr_q;
      if (flush_i) begin
        hv_d     = 1'b0;
        rd_ptr_d = wr_ptr_q;
        mcnt_d   = CntW'(push_ok_o);
      end else begin
        hv_d   = re || (hv_q && !pop_i);
        if (re) rd_ptr_d = inc(rd_ptr_q);
        mcnt_d = step(mcnt_q, push_ok_o, re);
      end
      if (push_ok_o) wr_ptr_d = inc(wr_ptr_q);
    end

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        rd_ptr_q <= '0;
        wr_ptr_q <= '0;
        mcnt_q   <= '0;
        hv_q     <= 1'b0;
      end else begin
        rd_ptr_q <= rd_ptr_d;
        wr_ptr_q <= wr_ptr_d;
        mcnt_q   <= mcnt_d;
        hv_q     <= hv_d;
      end
    end


    assign head_valid_o = hv_q;

`ifdef RINV_FORMAL
    // Invariants for the formal proof (formal/fifo.sby; documentation, no logic): the write
    // pointer leads the read pointer by mcnt (mod Depth), the count never exceeds Depth, and the
    // cell never sees a read and a write of one address (§4.2, §10).
    logic [PtrW:0] fv_wr_exp;
    always_comb begin
      fv_wr_exp = {1'b0, rd_ptr_q} + (PtrW+1)'(mcnt_q);
      if (32'(fv_wr_exp) >= Depth) fv_wr_exp = fv_wr_exp - (PtrW+1)'(Depth);
      if (rst_ni) begin
        fifo_inv_ptr_gap: assert ((PtrW+1)'(wr_ptr_q) == fv_wr_exp);
        fifo_inv_mcnt_le_cap: assert (32'(mcnt_q) + 32'(hv_q) <= Depth);
        fifo_inv_rd_ptr_range: assert (32'(rd_ptr_q) < Depth);
        fifo_inv_wr_ptr_range: assert (32'(wr_ptr_q) < Depth);
        fifo_inv_no_rdw: assert (!(re && push_ok_o && rd_ptr_q == wr_ptr_q));
      end
    end

`ifdef RINV_VERIF
    // Data in order, unbounded (needs the peek port of RINV_VERIF, which shows cell word 0):
    // a watched element, chosen freely among the pushes that write word 0, has fv_ahead
    // elements in front of it; it reaches the head with its data exactly when they have left.
    // While it waits in the cell, word 0 holds its data and fv_ahead = hv + (0 - rd_ptr) mod
    // Depth; once read, it is the head and fv_ahead = 0.
    (* anyseq *) logic fv_watch_now;
    logic             fv_w_q, fv_h_q;
    logic [Width-1:0] fv_wdata_q;
    logic [CntW-1:0]  fv_ahead_q;
    logic [PtrW:0]    fv_dist;
    assign fv_dist = (rd_ptr_q == '0) ? '0 : (PtrW+1)'(Depth) - (PtrW+1)'(rd_ptr_q);
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        fv_w_q     <= 1'b0;
        fv_h_q     <= 1'b0;
        fv_wdata_q <= '0;
        fv_ahead_q <= '0;
      end else if (flush_i) begin
        fv_w_q <= 1'b0;
        fv_h_q <= 1'b0;
      end else if (!fv_w_q) begin
        if (fv_watch_now && push_ok_o && wr_ptr_q == '0) begin
          fv_w_q     <= 1'b1;
          fv_h_q     <= 1'b0;
          fv_wdata_q <= pdata_i;
          fv_ahead_q <= count_o - CntW'(pop_i);
        end
      end else begin
        if (pop_i && fv_h_q) begin
          fv_w_q <= 1'b0;                 // the watched element leaves
          fv_h_q <= 1'b0;
        end else begin
          if (pop_i) fv_ahead_q <= fv_ahead_q - 1'b1;
          if (re && rd_ptr_q == '0) fv_h_q <= 1'b1;
        end
      end
    end
    always_comb begin
      if (rst_ni) fifo_inv_watch_h_w: assert (!fv_h_q || fv_w_q);
      if (rst_ni && fv_w_q) begin
        fifo_inv_watch_cell: assert (fv_h_q || (unused_peek == fv_wdata_q &&
                                     32'(fv_dist) < 32'(mcnt_q) &&
                                     (PtrW+1)'(fv_ahead_q) == fv_dist + (PtrW+1)'(hv_q)));
        fifo_inv_watch_head: assert (!fv_h_q || (hv_q && fv_ahead_q == '0));
`ifdef RINV_FORMAL_BREAK_FIFO_DATA
        fifo_order_data_all: assert (!(fv_ahead_q == '0 && hv_q) || head_o == ~fv_wdata_q);
`else
        fifo_order_data_all: assert (!(fv_ahead_q == '0 && hv_q) || head_o == fv_wdata_q);
`endif
      end
    end
`endif
`endif
  end else begin : gen_prefetch
    // Fabric queue fq[0..NF-1] (fq[0] is the head), fa words valid. Behind it: rv (a word
    // read last cycle, in the cell's rdata now, entering the queue at this edge), then mcnt
    // unread words of the cell. hy: fq[0] was pushed in the last cycle (not visible yet; §4.2:
    // an entry pushed in p is the head no earlier than p+2). Every push writes the cell; a
    // direct push (nothing unread in the cell, room in the queue) also enters the queue and
    // advances rd_ptr past its cell copy. NF = 3 keeps one pop per cycle going with the
    // cell's two-cycle path (read, then queue); NF = 2 does not (RINV_FORMAL_BREAK_FIFO_EQ).
`ifdef RINV_FORMAL_BREAK_FIFO_EQ
    localparam int NF  = 2;
`else
    localparam int NF  = 3;
`endif
    localparam int FaW = $clog2(NF + 1);

    logic [CntW-1:0]  cnt_q, cnt_d, mcnt_q, mcnt_d;
    logic [FaW-1:0]   fa_q, fa_d;
    logic [NF*Width-1:0] fq_q, fq_d;   // word i at [i*Width +: Width] (flat: Yosys)
    logic             rv_q, hy_q, hy_d;
    logic             room, direct;

    assign count_o      = cnt_q;
    assign push_ok_o    = push_i && (32'(cnt_q) < Depth);
    assign head_o       = fq_q[0 +: Width];
    assign head_valid_o = (fa_q != '0) && !hy_q;
    // registered state only: room for the word read now when it arrives at the next edge
    assign room         = (32'(fa_q) + 32'(rv_q)) < NF;
    assign re           = (mcnt_q != '0) && room;
    assign direct       = push_ok_o && (flush_i || ((mcnt_q == '0) && room));

    // The queue's next state for each value of the late pop and flush (c = {flush, pop}),
    // computed from registered state and the push side only; pop and flush then select one
    // of four (the directory's generator decides them from the head: fpga-ooc round 5 ended
    // its critical path src -> formation -> pop -> the word index -> fq here)
    logic [4*NF*Width-1:0] fq_c;   // candidate c at [c*NF*Width +: NF*Width] (flat: Yosys)
    logic [4*FaW-1:0]      fa_c;
    logic [3:0]            hy_c;
`ifdef __ICARUS__
    always @* begin
`else
    always_comb begin
`endif
      logic [NF*Width-1:0] q;
      logic [FaW-1:0]      a;
      logic                cpop, cfl, cdir;
      for (int c = 0; c < 4; c++) begin
        cpop = (c % 2) != 0;
        cfl  = c >= 2;
        cdir = push_ok_o && (cfl || ((mcnt_q == '0) && room));
        q    = cpop ? {{Width{1'b0}}, fq_q[NF*Width-1:Width]} : fq_q;
        a    = cfl ? '0 : (cpop ? fa_q - 1'b1 : fa_q);
        // word writes at constant indices (a variable part-select index made Yosys build a
        // multiplier in front of every word: fpga-ooc 41 MHz)
        if (!cfl && rv_q) begin
          for (int i = 0; i < NF; i++) if (a == FaW'(i)) q[i*Width +: Width] = rdata;
          a = a + 1'b1;
        end
        hy_c[c] = cdir && (a == '0);
        if (cdir) begin
          for (int i = 0; i < NF; i++) if (a == FaW'(i)) q[i*Width +: Width] = pdata_i;
          a = a + 1'b1;
        end
        fq_c[c*NF*Width +: NF*Width] = q;
        fa_c[c*FaW +: FaW]           = a;
      end
    end

    always_comb begin
      unique case ({flush_i, pop_i})
        2'b00: begin
          fq_d = fq_c[0*NF*Width +: NF*Width];
          fa_d = fa_c[0*FaW +: FaW];
          hy_d = hy_c[0];
        end
        2'b01: begin
          fq_d = fq_c[1*NF*Width +: NF*Width];
          fa_d = fa_c[1*FaW +: FaW];
          hy_d = hy_c[1];
        end
        2'b10: begin
          fq_d = fq_c[2*NF*Width +: NF*Width];
          fa_d = fa_c[2*FaW +: FaW];
          hy_d = hy_c[2];
        end
        default: begin
          fq_d = fq_c[3*NF*Width +: NF*Width];
          fa_d = fa_c[3*FaW +: FaW];
          hy_d = hy_c[3];
        end
      endcase
    end

    always_comb begin
      wr_ptr_d = push_ok_o ? inc(wr_ptr_q) : wr_ptr_q;
      if (flush_i) begin
        rd_ptr_d = wr_ptr_d;
        mcnt_d   = '0;
        cnt_d    = CntW'(push_ok_o);
      end else begin
        rd_ptr_d = (re || direct) ? inc(rd_ptr_q) : rd_ptr_q;
        mcnt_d   = step(mcnt_q, push_ok_o && !direct, re);
        cnt_d    = step(cnt_q, push_ok_o, pop_i);
      end
    end

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        rd_ptr_q <= '0;
        wr_ptr_q <= '0;
        cnt_q    <= '0;
        mcnt_q   <= '0;
        fa_q     <= '0;
        rv_q     <= 1'b0;
        hy_q     <= 1'b0;
      end else begin
        rd_ptr_q <= rd_ptr_d;
        wr_ptr_q <= wr_ptr_d;
        cnt_q    <= cnt_d;
        mcnt_q   <= mcnt_d;
        fa_q     <= fa_d;
        rv_q     <= re && !flush_i;
        hy_q     <= hy_d;
      end
    end

    // the queue's data: no reset (only fa says which words are valid)
    always_ff @(posedge clk_i) begin
      fq_q <= fq_d;
    end


`ifdef RINV_FORMAL
    // invariants (formal/fifo_eq.sby; documentation, no logic): the queue never overflows,
    // the pointers are NF-free of the cell's unread words, and the count adds up.
    always_comb begin
      if (rst_ni) begin
        fifo_pf_inv_fa_le_nf: assert (32'(fa_q) + 32'(rv_q) <= NF);
        fifo_pf_inv_cnt_sum: assert (32'(cnt_q) == 32'(fa_q) + 32'(rv_q) + 32'(mcnt_q));
        fifo_pf_inv_hy_head: assert (!hy_q || fa_q != '0);
      end
    end
`endif
  end

`ifdef RINV_VERIF
`ifndef SYNTHESIS
  always @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni) begin
      if (pop_i && !head_valid_o) $error("rinv_fifo %m: pop while the head is not valid");
      if (32'(count_o) > Depth) $error("rinv_fifo %m: count above capacity");
      if (head_valid_o && count_o == '0) $error("rinv_fifo %m: head valid with count 0");
      if (!DropOk && push_i && !push_ok_o) $error("rinv_fifo %m: push while full");
    end
  end
`endif
`endif

endmodule : rinv_fifo

// Clock generation for the ULX3S (docs/FPGA.md §2): an ECP5 EHXPLLL makes
// CLKOP = 25 MHz / ClkiDiv * FbDiv, with the VCO at CLKOP * OpDiv (feedback from CLKOP).
// fpga/pll_calc.py chooses the three dividers for a frequency (make fpga FPGA_MHZ=...) and
// checks the device's ranges (PFD 3.125-400 MHz, VCO 400-800 MHz); the defaults give 50 MHz.
// UsePll = 0, or any tool that does not define SYNTHESIS (Verilator, Icarus), bypasses it:
// clk_o = clk_i and locked_o = 1.
module pll #(
  parameter bit UsePll  = 1'b1,
  parameter int ClkiDiv = 1,   // reference divider, 1..128
  parameter int FbDiv   = 2,   // feedback divider, 1..80
  parameter int OpDiv   = 12   // output divider, 1..128
) (
  input  logic clk_i,
  output logic clk_o,
  output logic locked_o
);

`ifdef SYNTHESIS
  if (UsePll) begin : gen_pll
    (* FREQUENCY_PIN_CLKI = "25", ICP_CURRENT = "12", LPF_RESISTOR = "8",
       MFG_ENABLE_FILTEROPAMP = "1", MFG_GMCREF_SEL = "2" *)
    EHXPLLL #(
      .PLLRST_ENA       ("DISABLED"),
      .INTFB_WAKE       ("DISABLED"),
      .STDBY_ENABLE     ("DISABLED"),
      .DPHASE_SOURCE    ("DISABLED"),
      .OUTDIVIDER_MUXA  ("DIVA"),
      .OUTDIVIDER_MUXB  ("DIVB"),
      .OUTDIVIDER_MUXC  ("DIVC"),
      .OUTDIVIDER_MUXD  ("DIVD"),
      .CLKI_DIV         (ClkiDiv),
      .CLKOP_ENABLE     ("ENABLED"),
      .CLKOP_DIV        (OpDiv),
      .CLKOP_CPHASE     ((OpDiv - 1) / 2),
      .CLKOP_FPHASE     (0),
      .FEEDBK_PATH      ("CLKOP"),
      .CLKFB_DIV        (FbDiv)
    ) u_pll (
      .RST       (1'b0),
      .STDBY     (1'b0),
      .CLKI      (clk_i),
      .CLKOP     (clk_o),
      .CLKFB     (clk_o),
      .CLKINTFB  (),
      .PHASESEL0 (1'b0),
      .PHASESEL1 (1'b0),
      .PHASEDIR  (1'b1),
      .PHASESTEP (1'b1),
      .PHASELOADREG (1'b1),
      .PLLWAKESYNC  (1'b0),
      .ENCLKOP   (1'b0),
      .LOCK      (locked_o)
    );
  end else begin : gen_bypass
    assign clk_o    = clk_i;
    assign locked_o = 1'b1;
  end
`else
  logic unused_cfg;
  assign unused_cfg = UsePll ^ (FbDiv != 0) ^ (ClkiDiv != 0) ^ (OpDiv != 0);
  assign clk_o      = clk_i;
  assign locked_o   = 1'b1;
`endif

endmodule : pll

// DPI-C imports of the testbench (implemented in tb/tb_dpi.c, C harness in tb/harness.c).
// The harness handle is a chandle; vectors are rinv_io_pkg's packed in/out structs.
`ifndef TB_DPI_SVH
`define TB_DPI_SVH

// Parses the plusargs (/proc/self/cmdline), builds the program; exits(2) on bad input.
// built_cfg: the configuration id this binary holds (rinv_pkg::Gem5Id / FpgaId; -1: both, the
// coverage build): the default of +config, and any other +config is refused. wave_bin: "" for
// a traced binary, else the traced binary a mismatch re-runs for its waveform. other_bin: the
// binary of the other configuration, named in the error. point_key: "" or, in a binary of
// make verilate PARAMS=FILE, rinv_point_pkg::PointKey (the C side checks its table against it).
import "DPI-C" function chandle tb_init(input int built_cfg, input string wave_bin,
                                        input string other_bin, input string point_key);
// Configuration id of +config: 0 = gem5, 1 = fpga (rinv_pkg::Gem5Id / FpgaId).
import "DPI-C" function int tb_config(input chandle h);
// Inputs of the next cycle and the reset level; returns 1 when the run is over.
import "DPI-C" function int tb_drive(input chandle h,
                                     output bit [rinv_io_pkg::InW-1:0] in_vec,
                                     output bit rst_n);
// Outputs of the design in this cycle (after combinational settle, before the edge).
import "DPI-C" function void tb_observe(input chandle h,
                                        input bit [rinv_io_pkg::OutW-1:0] out_vec);
// Prints the summary and RESULT; returns the exit status (0 = pass).
import "DPI-C" function int tb_finish(input chandle h);

`endif

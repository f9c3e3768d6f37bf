rtl/rinv_pkg.sv
rtl/cache_array.sv
rtl/side_cc.sv
rtl/hist_fifo.sv
rtl/range_table.sv
rtl/dir_ctrl.sv
rtl/axil_regbus.sv
rtl/rinv_top.sv

// Binds the assertion modules into every rinv_top instance (v1 testbench builds only; the v2
// build binds rinv_port_sva at the end of rtl/v2/sva/rinv_v2_sva.sv).
bind rinv_top rinv_top_sva #(
  .RecCap(RecCap), .CpuL1Ways(CpuL1Ways), .CpuL2Ways(CpuL2Ways), .GpuL1Ways(GpuL1Ways),
  .GpuL2Ways(GpuL2Ways)
) u_sva (.*);
bind rinv_top rinv_port_sva u_port_sva (.*);

// Binds the assertion module into every rinv_top instance (testbench builds only).
bind rinv_top rinv_top_sva #(
  .RecCap(RecCap), .CpuL1Ways(CpuL1Ways), .CpuL2Ways(CpuL2Ways), .GpuL1Ways(GpuL1Ways),
  .GpuL2Ways(GpuL2Ways)
) u_sva (.*);

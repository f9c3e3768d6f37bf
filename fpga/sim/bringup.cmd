# rinv_host script of the bring-up session (make fpga-sim; also usable on the board).
ping
expect cpu 0x80000000 0x52504C59     # trace-replay engine present
expect cpu 0x40002000 0x0            # STATUS after reset: idle, no owner
status
trace fpga/sim/bringup.trace         # CPU/GPU epochs: replay segments + driver sequences
history
status
counters                             # compared with build-h5/rinv_sim on the same trace
# Bad accesses answer SLVERR (after the counters: ERR_COUNT is not part of the compare).
expect-err gpu 0x40000000 1          # GPU writes LOCK = 1 (not its id)
expect-err cpu 0x40010000 1          # CPU writes the GPU's HIST_EN
expect-err cpu 0x80000018 7          # replay entry with port 7
expect cpu 0x40003000 2              # ERR_COUNT counts the two core rejects
quit

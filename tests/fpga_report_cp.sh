#!/usr/bin/env bash
# fpga/report.py names the critical path's two ends by their RTL source: a routed log that
# missed timing (no JSON report) with a critical-path block, and Yosys' netlist with the
# cells' src attributes (the technology library's part dropped). Usage: fpga_report_cp.sh DIR
set -euo pipefail
d=$1; rm -rf "$d"; mkdir -p "$d"
cat > "$d/nextpnr.log" <<'LOG'
Info:        TRELLIS_COMB:   50865/  83640    60%
Info: Routing complete.
Info: Critical path report for clock '$glbnet$clk' (posedge -> posedge):
Info:       type curr  total name
Info:   clk-to-q  0.52  0.52 Source a_TRELLIS_FF.Q
Info:    routing  0.87  1.40 Net n1 (68,32) -> (68,32)
Info:                          Sink b_LUT4.C
Info:      logic  0.24  1.63 Source b_LUT4.F
Info:    routing  1.00  12.63 Net n2 (1,1) -> (2,2)
Info:                          Sink c_TRELLIS_FF.CE
Info:      setup  0.00  12.63 Source c_TRELLIS_FF.CE
Info: 0.76 ns logic, 11.87 ns routing
Info: Critical path report for cross-domain path '<async>' -> 'posedge $glbnet$clk':
Info:     source  0.00  0.00 Source btn[1]$tr_io.O
Info: 0.00 ns logic, 6.19 ns routing
ERROR: Max frequency for clock '$glbnet$clk': 79.18 MHz (FAIL at 100.00 MHz)
LOG
cat > "$d/ulx3s.json" <<'NET'
{"modules": {"top": {"attributes": {"top": "1"}, "cells": {
  "a_TRELLIS_FF": {"type": "TRELLIS_FF", "attributes":
    {"src": "fpga/uart_axil_bridge.sv:199.3-221.6|/share/lattice/cells_map_trellis.v:73.1"}},
  "b_LUT4": {"type": "LUT4", "attributes": {"src": "/share/lattice/cells_map_trellis.v:128.3"}},
  "c_TRELLIS_FF": {"type": "TRELLIS_FF", "attributes":
    {"src": "rtl/v2/dir_probegen.sv:301.3-331.6|/share/lattice/cells_map_trellis.v:73.1"}}}}}}
NET
python3 fpga/report.py "$d" 100 > "$d/report.txt"
cat "$d/report.txt"
grep -q '^ROUTED, TIMING NOT MET' "$d/report.txt"
grep -q 'critical path (0.76 ns logic, 11.87 ns routing):' "$d/report.txt"
grep -q '^    from fpga/uart_axil_bridge.sv:199.3-221.6  (a_TRELLIS_FF' "$d/report.txt"
grep -q '^    to   rtl/v2/dir_probegen.sv:301.3-331.6, pin CE  (c_TRELLIS_FF' "$d/report.txt"
# without the netlist the cells are still named, their source is '?'
rm "$d/ulx3s.json"
python3 fpga/report.py "$d" 100 > "$d/report2.txt"
grep -q '^    from ?  (a_TRELLIS_FF' "$d/report2.txt"

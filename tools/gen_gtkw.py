#!/usr/bin/env python3
"""Generate the GTKWave save files sim/rinv_<config>.gtkw and the FSM-name filter files.

Signals are grouped by block (AXI/registers, core ports, memory, directory, CPU cc, GPU cc,
channels, statistics). FSM state vectors are shown with their state names through
translate-filter files generated from the `typedef enum` declarations of the RTL, so the
names always follow the RTL.

usage: gen_gtkw.py                  write sim/*.gtkw and sim/filters/*.txt
       gen_gtkw.py --check FST...   check every signal of the save files exists in one of the
                                    FSTs (one per configuration: tb_dir, tb_dir_fpga dumps)
                                    (needs fst2vcd from the gtkwave package)
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rtl_enums as rtl_enums_lib  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONFIGS = ("gem5", "fpga")

# (group, [(scope relative to the rinv_top instance, signal, format, filter enum or None)])
HEX, BIN, DEC = "@22", "@28", "@24"
GROUPS = [
    ("AXI4-Lite / registers", [
        ("", "axi_awvalid_i", BIN, None), ("", "axi_awready_o", BIN, None),
        ("", "axi_awaddr_i[31:0]", HEX, None), ("", "axi_awuser_i", BIN, None),
        ("", "axi_wvalid_i", BIN, None), ("", "axi_wdata_i[31:0]", HEX, None),
        ("", "axi_wstrb_i[3:0]", HEX, None),
        ("", "axi_bvalid_o", BIN, None), ("", "axi_bresp_o[1:0]", HEX, None),
        ("", "axi_arvalid_i", BIN, None), ("", "axi_araddr_i[31:0]", HEX, None),
        ("", "axi_rvalid_o", BIN, None), ("", "axi_rdata_o[31:0]", HEX, None),
        ("", "axi_rresp_o[1:0]", HEX, None),
        ("u_regbus", "state_q[1:0]", HEX, "axil_regbus.state_e"),
    ]),
    ("Core ports", [
        ("", "port_req_valid_i[5:0]", BIN, None), ("", "port_req_ready_o[5:0]", BIN, None),
        ("", "port_req_we_i[5:0]", BIN, None), ("", "port_req_addr_i[191:0]", HEX, None),
        ("", "port_resp_valid_o[5:0]", BIN, None), ("", "port_resp_rdata_o[191:0]", HEX, None),
    ]),
    ("Memory", [
        ("", "mem_req_valid_o", BIN, None), ("", "mem_req_ready_i", BIN, None),
        ("", "mem_req_we_o", BIN, None), ("", "mem_req_line_o[25:0]", HEX, None),
        ("", "mem_req_wmask_o[63:0]", HEX, None), ("", "mem_resp_valid_i", BIN, None),
    ]),
    ("Directory", [
        ("", "lock_owner_o[1:0]", DEC, None), ("", "inv_busy_o", BIN, None),
        ("", "inv_done_o", BIN, None),
        ("u_dir.u_regs", "mode_q[1:0]", DEC, None), ("u_dir.u_regs", "walk_q[1:0]", DEC, None),
        ("u_dir.u_memarb", "m_state_q[1:0]", HEX, "dir_memarb.mstate_e"),
        ("u_dir.u_probegen", "g_state_q", BIN, "dir_probegen.gstate_e"),
        ("u_dir.gen_hist[0].u_hist.u_rt", "state_q[2:0]", HEX, "range_table.rstate_e"),
        ("u_dir.gen_hist[1].u_hist.u_rt", "state_q[2:0]", HEX, "range_table.rstate_e"),
        ("", "hist_count_o[31:0]", HEX, None),
    ]),
    ("CPU cache controller", [
        ("u_cpu_cc", "state_q[4:0]", HEX, "side_cc.state_e"),
        ("", "hist_en_o[1:0]", BIN, None), ("", "rec_count_o[31:0]", HEX, None),
    ]),
    ("GPU cache controller (TCC)", [
        ("u_gpu_cc", "state_q[4:0]", HEX, "gpu_side_cc.state_e"),
        ("", "tcc_grant_o", BIN, None), ("", "tcc_grant_cu_o[1:0]", DEC, None),
    ]),
    ("GPU front end (coalescer and TCP per CU)", [
        ("", "gpu_lreq_valid_o[3:0]", BIN, None), ("", "gpu_lreq_ready_o[3:0]", BIN, None),
        ("", "gpu_lreq_line_o[103:0]", HEX, None),
        ("", "gpu_tresp_valid_o[3:0]", BIN, None), ("", "gpu_tresp_ready_o[3:0]", BIN, None),
    ] + [(f"u_gpu_cc.u_fe.gen_cu[{p}].{u}", sig, HEX, enum)
         for p in range(4)
         for u, sig, enum in (("u_coal", "ist_q[1:0]", "gpu_coalescer.iss_st_e"),
                              ("u_tcp", "tst_q[2:0]", "gpu_tcp.tcp_st_e"))]),
    ("Channels (index 0 = CPU, 1 = GPU)", [
        ("", "stall_i[11:0]", BIN, None),
        ("", "cc_req_valid_o[1:0]", BIN, None), ("", "cc_req_ready_o[1:0]", BIN, None),
        ("", "cc_req_we_o[1:0]", BIN, None), ("", "cc_req_line_o[51:0]", HEX, None),
        ("", "fill_valid_o[1:0]", BIN, None), ("", "fill_ready_o[1:0]", BIN, None),
        ("", "hist_go_o[1:0]", BIN, None), ("", "hist_valid_o[1:0]", BIN, None),
        ("", "hist_ready_o[1:0]", BIN, None), ("", "hist_last_o[1:0]", BIN, None),
        ("", "hist_line_o[51:0]", HEX, None), ("", "hist_done_o[1:0]", BIN, None),
        ("", "probe_valid_o[1:0]", BIN, None), ("", "probe_ready_o[1:0]", BIN, None),
        ("", "probe_first_o[51:0]", HEX, None), ("", "probe_nlines_o[53:0]", HEX, None),
        ("", "probe_setwalk_o[1:0]", BIN, None),
        ("", "ack_valid_o[1:0]", BIN, None), ("", "ack_ready_o[1:0]", BIN, None),
        ("", "ack_hits_o[63:0]", HEX, None),
        ("", "inv_count_o[15:0]", HEX, None), ("", "inv_line_o[51:0]", HEX, None),
    ]),
    ("Statistics", [
        ("", "stat_probes_o[31:0]", DEC, None), ("", "stat_probe_lines_o[31:0]", DEC, None),
        ("", "stat_inv_hits_o[31:0]", DEC, None), ("", "stat_over_inv_o[31:0]", DEC, None),
        ("", "stat_hist_entries_o[31:0]", DEC, None),
        ("", "stat_hist_overflows_o[31:0]", DEC, None),
        ("", "stat_inv_cycles_o[31:0]", DEC, None), ("", "stat_releases_o[31:0]", DEC, None),
        ("", "stat_errors_o[31:0]", DEC, None),
    ]),
]


def rtl_enums():
    """Map 'module.enum_name' -> (width, [state names in encoding order]) from the files of the
    default build's RTL list (rtl/v2/rinv.f); a 1-bit enum (`typedef enum logic {...}`) has
    width 1. The parser is tools/rtl_enums.py, shared with tools/fsm_cov.py."""
    enums = {}
    for path in rtl_enums_lib.rtl_files(ROOT, os.path.join("rtl", "v2", "rinv.f")):
        fn = os.path.basename(path)
        text = rtl_enums_lib.strip_comments(open(path).read())
        for name, width, names, errors in rtl_enums_lib.parse_enums(text):
            if errors:
                sys.exit(f"gen_gtkw: {fn}: " + "; ".join(errors))
            enums[f"{fn[:-3]}.{name}"] = (width, names)
    return enums


def filter_path(enum):
    return os.path.join("sim", "filters", enum.replace(".", "_") + ".txt")


def save_file(cfg):
    inst = f"TOP.tb_dir.u_{cfg}"
    out = ["[*] GTKWave save file: generated by tools/gen_gtkw.py -- do not edit",
           f"[*] rinv_top instance u_{cfg} of {'tb_dir' if cfg == 'gem5' else 'tb_dir_' + cfg} "
           f"(make verilate{'' if cfg == 'gem5' else ' CONFIG=' + cfg})",
           "[timestart] 0", "[size] 1600 1000", "[sst_expanded] 1", "@200", "-"]
    for group, sigs in GROUPS:
        out += ["@800200", f"-{group}"]
        for scope, sig, fmt, enum in sigs:
            path = inst + (f".{scope}" if scope else "") + "." + sig
            if enum:
                # ^1 <file>: translate filter 1 for the following trace.
                out += [f"^1 {filter_path(enum)}", "@2022", path]
            else:
                out += [fmt, path]
        out += ["@1000200", f"-{group}"]
    return "\n".join(out) + "\n"


def write():
    enums = rtl_enums()
    os.makedirs(os.path.join(ROOT, "sim", "filters"), exist_ok=True)
    for _, sigs in GROUPS:
        for _, _, _, enum in sigs:
            if enum and enum not in enums:
                sys.exit(f"gen_gtkw: enum {enum} not found in the files of rtl/v2/rinv.f")
    for enum, (width, names) in enums.items():
        hexw = (width + 3) // 4
        with open(os.path.join(ROOT, filter_path(enum)), "w") as f:
            for i, n in enumerate(names):
                f.write(f"{i:0{hexw}x} {n}\n")
    for cfg in CONFIGS:
        with open(os.path.join(ROOT, "sim", f"rinv_{cfg}.gtkw"), "w") as f:
            f.write(save_file(cfg))
    print("gen_gtkw: wrote sim/rinv_{gem5,fpga}.gtkw and sim/filters/")


def check(fsts):
    have = set()
    for fst in fsts:
        have |= fst_signals(fst)
    fst = " or ".join(fsts)
    missing = 0
    for cfg in CONFIGS:
        for line in open(os.path.join(ROOT, "sim", f"rinv_{cfg}.gtkw")):
            line = line.strip()
            if line.startswith("TOP.") and line not in have:
                print(f"gen_gtkw: {cfg}: not in {fst}: {line}")
                missing += 1
    print(f"gen_gtkw: {missing} missing signals")
    return 1 if missing else 0


def fst_signals(fst):
    hdr = subprocess.run(["fst2vcd", fst], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         text=True).stdout
    have, scope = set(), []
    for line in hdr.splitlines():
        w = line.split()
        if not w:
            continue
        if w[0] == "$scope":
            scope.append(w[2])
        elif w[0] == "$upscope":
            scope.pop()
        elif w[0] == "$var":
            rng = w[5] if len(w) > 6 and w[5].startswith("[") else ""
            have.add(".".join(["TOP"] + scope[1:] + [w[4] + rng]) if scope and scope[0] == "TOP"
                     else ".".join(scope + [w[4] + rng]))
        elif w[0] == "$enddefinitions":
            break
    return have


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "--check":
        sys.exit(check(sys.argv[2:]))
    if len(sys.argv) != 1:
        sys.exit(__doc__)
    write()

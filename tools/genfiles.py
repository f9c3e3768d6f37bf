"""Shared by the generators (tools/gen_params.py, tools/gen_regs.py): write generated files
only when their text changed (through a temporary file, so nothing is half-written), or, with
check, list the stale ones."""
import os
import sys


def write_outputs(tool, root, outputs, check, hint=""):
    """outputs: {path relative to root: text}. Returns 0, or 1 when check finds stale files
    (named on stderr, with hint appended)."""
    stale = []
    for rel, text in outputs.items():
        path = os.path.join(root, rel)
        old = open(path).read() if os.path.exists(path) else None
        if old == text:
            continue
        if check:
            stale.append(rel)
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tmp = path + ".tmp"
        with open(tmp, "w") as f:
            f.write(text)
        os.replace(tmp, path)
        print(f"{tool}: wrote {rel}")
    if stale:
        print(f"{tool}: out of date{hint}: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0

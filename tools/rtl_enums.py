"""The one parser of the RTL's state enums, shared by tools/gen_gtkw.py (GTKWave filters) and
tools/fsm_cov.py (FSM coverage goals): the RTL file lists (rtl/rinv.f, rtl/v2/rinv.f), comment
stripping, and `typedef enum logic [N:0] {A, B, ...} x_e;` (or a 1-bit `typedef enum logic
{A, B} x_e;`) with its width and members in encoding order."""

import os
import re

ENUM_RE = re.compile(r"typedef\s+enum\s+logic\s*(?:\[\s*(\d+)\s*:\s*0\s*\]\s*)?"
                     r"\{([^}]*)\}\s*(\w+)\s*;", re.S)


def strip_comments(s):
    """Remove // and /* */ comments; a block comment keeps its newlines (line numbers hold)."""
    s = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group(0)), s, flags=re.S)
    return re.sub(r"//[^\n]*", "", s)


def rtl_files(root, flist):
    """The absolute paths listed in the RTL file list `flist` (relative to `root`)."""
    out = []
    for ln in open(os.path.join(root, flist)):
        ln = ln.strip()
        if ln and not ln.startswith("#"):
            out.append(os.path.join(root, ln))
    return out


def parse_enums(text):
    """[(name, width, members, errors)] of the enums in comment-free `text`, in source order.
    errors lists what the tools cannot decode: explicit values, more members than codes."""
    out = []
    for msb, body, name in ENUM_RE.findall(text):
        members = [m.strip() for m in body.split(",") if m.strip()]
        width = int(msb) + 1 if msb else 1
        errors = []
        if any("=" in m for m in members):
            errors.append(f"enum {name} has explicit values")
        if len(members) > 2 ** width:
            errors.append(f"enum {name} has more members than codes")
        out.append((name, width, members, errors))
    return out

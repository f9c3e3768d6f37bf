"""Resolving the simulator binaries handed to the scripts of sim/ (sweep, bench).

A bare name such as `tb_dir` is the file in the current directory, never a program looked up
on PATH (the README's binaries are `./tb_dir` and `build/rinv_sim`). The result is an absolute
path, so it stays right whatever directory a subprocess runs in."""
import os


def resolve(path, built_by):
    """Absolute path of an executable simulator file; a clear error if there is none."""
    full = os.path.abspath(path)
    if not os.path.isfile(full) or not os.access(full, os.X_OK):
        raise SystemExit(f"error: simulator binary '{path}' ({full}) not found or not "
                         f"executable: build it with `{built_by}`")
    return full

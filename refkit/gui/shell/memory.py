"""Keeping the window's resident memory flat through a long evening (issue 30 §6).

glibc's ``malloc`` gives threads that allocate at the same time arenas of their own (up to
eight per core); memory a step's rows take in the worker thread and the GUI thread frees later
stays in those arenas, in pieces too scattered to hand back. Bounded to two arenas before any
thread starts, a dense evening on the filled database (``tests/bench/bench_memory_steps.py``,
1,200 steps) grew 0.22 MiB per 100 steps after warm-up, against 0.46 MiB unbounded (one run
each, the undo depth bounded in both). The undo stack's depth is bounded too
(:data:`refkit.gui.shell.undo_adapter.UNDO_DEPTH_KEY`): that took the growth from about 1.6 to
0.5 MiB per 100 steps.
"""

from __future__ import annotations

import ctypes
import os
import sys

MALLOC_ARENAS = 2
"""The GUI thread's arena and one for every other thread (the worker, Qt's own)."""
_M_ARENA_MAX = -8
"""glibc's ``mallopt`` parameter number for the arena limit (``malloc.h``)."""


def bound_malloc_arenas(arenas: int = MALLOC_ARENAS) -> bool:
    """Bound glibc's malloc arenas to ``arenas`` for the threads started after this call (a
    no-op elsewhere, and when ``MALLOC_ARENA_MAX`` was set in the environment, which rules).
    True when the bound was set."""
    if not sys.platform.startswith("linux") or not _on_glibc():
        return False
    if os.environ.get("MALLOC_ARENA_MAX"):
        return False
    try:
        libc = ctypes.CDLL(None)
        return bool(libc.mallopt(_M_ARENA_MAX, arenas))
    except (OSError, AttributeError):
        return False


def _on_glibc() -> bool:
    """Whether this process runs on glibc, as ``platform.libc_ver()`` would say, without
    importing :mod:`platform` before the first paint."""
    try:
        version = os.confstr("CS_GNU_LIBC_VERSION")
    except (ValueError, OSError):
        return False
    return version is not None and version.startswith("glibc")


__all__ = ["MALLOC_ARENAS", "bound_malloc_arenas"]

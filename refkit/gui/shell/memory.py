"""Keeping the window's resident memory flat through a long evening (issue 30 §6).

Measured over a dense evening on the filled database (``tests/bench/bench_memory_steps.py``),
the window grew about 49 MiB per 100 steps, almost none of it in Python objects: glibc's
``malloc`` gives every thread that allocates its own arena (up to eight per core), and memory a
step's rows take in the worker thread and the GUI thread frees later stays in those arenas, in
pieces too scattered to hand back. With the arenas bounded to two before the threads start,
the same evening grew about 1 MiB per 100 steps, and the window started 120 MiB smaller. The
undo stack's depth is bounded too (:data:`refkit.gui.shell.undo_adapter.UNDO_DEPTH_KEY`).
"""

from __future__ import annotations

import ctypes
import platform
import sys

MALLOC_ARENAS = 2
"""The GUI thread's arena and one for every other thread (the worker, Qt's own)."""
_M_ARENA_MAX = -8
"""glibc's ``mallopt`` parameter number for the arena limit (``malloc.h``)."""


def bound_malloc_arenas(arenas: int = MALLOC_ARENAS) -> bool:
    """Bound glibc's malloc arenas to ``arenas`` for the threads started after this call (a
    no-op elsewhere, and when ``MALLOC_ARENA_MAX`` was set in the environment, which rules).
    True when the bound was set."""
    if not sys.platform.startswith("linux") or platform.libc_ver()[0] != "glibc":
        return False
    import os

    if os.environ.get("MALLOC_ARENA_MAX"):
        return False
    try:
        libc = ctypes.CDLL(None)
        return bool(libc.mallopt(_M_ARENA_MAX, arenas))
    except (OSError, AttributeError):
        return False


__all__ = ["MALLOC_ARENAS", "bound_malloc_arenas"]

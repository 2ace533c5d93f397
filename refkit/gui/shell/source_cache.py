"""Frees the module sources PySide's import hook leaves behind (about 20 MB once the app is up).

For every module imported after PySide6, PySide's ``__feature__`` support reads the module's
whole source through ``inspect.getsource`` to see whether it mentions PySide6, and
:mod:`linecache` keeps every line of it: SQLAlchemy, SQLModel, pydantic, icepool and Refkit
itself, about 10 million characters. Nothing needs those lines afterwards (a traceback reads its
few lines again from the file), so the app drops them once it is usable.
"""

from __future__ import annotations

import linecache


def cached_source_chars() -> int:
    """How many characters of source :mod:`linecache` holds now."""
    total = 0
    for entry in list(linecache.cache.values()):
        if len(entry) > 2 and entry[2]:
            total += sum(len(line) for line in entry[2])
    return total


def drop_source_cache() -> int:
    """Empty :mod:`linecache`; returns how many characters of source it held."""
    held = cached_source_chars()
    linecache.clearcache()
    return held

"""Keeps PySide's import hook from caching the source of every module imported after it (~22 MB).

For every module imported after PySide6, PySide's ``__feature__`` support reads the module's whole
source through ``inspect.getsource`` to see whether it mentions PySide6, and :mod:`linecache`
keeps every line of it: SQLAlchemy, SQLModel, pydantic, icepool and Refkit itself, over ten
million characters, which measured 22 MiB of resident memory. Emptying the cache afterwards gives
little back (the freed blocks stay with the process), so :func:`stop_pyside_source_caching`
swaps PySide's check for one that reads the file without caching it, before the big imports.
Refkit uses no ``__feature__`` switch; the check still answers the same.
"""

from __future__ import annotations

import linecache
from types import ModuleType


def _mentions_pyside(module: ModuleType) -> bool:
    """PySide's question (does this module's source say "PySide6"?), answered uncached."""
    path = getattr(module, "__file__", None)
    if not isinstance(path, str) or not path.endswith(".py"):
        return False
    try:
        with open(path, "rb") as source:
            return b"PySide6" in source.read()
    except OSError:
        return False


def stop_pyside_source_caching() -> bool:
    """Make PySide's import hook check modules without filling :mod:`linecache`; False when
    this PySide has no such hook (then there is nothing to stop). Called before the window's
    modules are imported (:func:`refkit.main.main`): PySide's own check read each of them
    through :mod:`inspect`, a tenth of the time to the first paint."""
    try:
        import PySide6  # noqa: F401  # sets up shiboken's support package and its import hook
        import shibokensupport.feature as feature  # type: ignore[import-not-found]
    except ImportError:
        return False
    if not callable(getattr(feature, "_mod_uses_pyside", None)):
        return False
    feature._mod_uses_pyside = _mentions_pyside
    return True


def cached_source_chars() -> int:
    """How many characters of source :mod:`linecache` holds now."""
    total = 0
    for entry in list(linecache.cache.values()):
        if len(entry) > 2 and entry[2]:
            total += sum(len(line) for line in entry[2])
    return total

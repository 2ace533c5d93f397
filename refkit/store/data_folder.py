"""Refkit's data folder as a plain string, with ``os`` alone.

:func:`refkit.store.location.data_dir` gives it as a ``Path``; the roll's lean path
(:mod:`refkit.store.sqlite.roll_append`) and the note of files found sound
(:mod:`refkit.store.sqlite.checked_pages`) need it without importing ``pathlib``.
"""

from __future__ import annotations

import os

DATA_DIR_ENV = "REFKIT_DATA_DIR"


def data_folder() -> str:
    """Refkit's data folder (``REFKIT_DATA_DIR`` if set, else the platform's), created if
    needed, absolute with links resolved."""
    override = os.environ.get(DATA_DIR_ENV, "").strip()
    if override:
        folder = os.path.expanduser(override)
    else:
        # Imported only here: it loads tempfile and shutil, a tenth of ``refkit lookup``'s
        # start, which a set REFKIT_DATA_DIR does not need.
        import platformdirs

        folder = platformdirs.user_data_dir("refkit", appauthor=False)
    os.makedirs(folder, exist_ok=True)
    return os.path.realpath(folder)

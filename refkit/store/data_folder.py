"""Refkit's data folder as a plain string, with ``os`` alone.

:func:`refkit.store.location.data_dir` gives it as a ``Path``; the roll's lean path
(:mod:`refkit.store.sqlite.roll_append`) and the note of files found sound
(:mod:`refkit.store.sqlite.checked_pages`) need it without importing ``pathlib``.
"""

from __future__ import annotations

import os
import sys

DATA_DIR_ENV = "REFKIT_DATA_DIR"
APP_NAME = "refkit"


def data_folder() -> str:
    """Refkit's data folder (``REFKIT_DATA_DIR`` if set, else the platform's), created if
    needed, absolute with links resolved."""
    override = os.environ.get(DATA_DIR_ENV, "").strip()
    if override:
        folder = os.path.expanduser(override)
    else:
        folder = _xdg_data_folder() or _platform_data_folder()
    os.makedirs(folder, exist_ok=True)
    return os.path.realpath(folder)


def _xdg_data_folder() -> str | None:
    """platformdirs' answer on Linux in the usual environment (an absolute ``XDG_DATA_HOME``,
    else an absolute ``HOME``), worked out with ``os`` alone; None elsewhere. Importing
    platformdirs loads ``pathlib``, ``tempfile`` and ``shutil``: about 15 ms, more than a bare
    ``python -c pass``, on every ``refkit roll`` of a user who has not set REFKIT_DATA_DIR.
    A test pins the two answers equal."""
    if sys.platform != "linux":
        return None
    xdg = os.environ.get("XDG_DATA_HOME", "")
    if os.path.isabs(xdg):
        return os.path.join(xdg, APP_NAME)
    home = os.environ.get("HOME", "")
    if os.path.isabs(home):
        return os.path.join(home.rstrip("/") + "/.local/share", APP_NAME)
    return None


def _platform_data_folder() -> str:
    import platformdirs

    return platformdirs.user_data_dir(APP_NAME, appauthor=False)

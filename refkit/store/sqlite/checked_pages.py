"""Which database files were found sound, as they are now: ``PRAGMA quick_check`` once per change.

``quick_check`` reads every page of the file (352 ms on a 230 MB campaign), and every open ran it:
each ``refkit dt status`` in a bot's loop, every start of the window. A file only gets damaged by
a change — a crash mid-write on a failing disk, another program writing it, a bad copy — so a
file found sound, or closed by Refkit after a sound open, is noted here with its identity and
change stamps (device, inode, size, modification and status-change times in nanoseconds). The
next open of the file with the same stamps skips the check; any change made while Refkit was not
holding the file properly open — a write by another program, a copy over it, a Refkit process
that died before it closed the file — gives it new stamps, and the check runs again.

The note lives in Refkit's data folder (``checked-pages.json``), never in the database itself
(writing there would change the stamps), for the last MAX_FILES files. Failing to read or write
it only costs a check: it is never a reason to refuse a file. SQLite checks the frames of a
write-ahead log left beside the file by itself (each carries a checksum) when it folds them in.
"""

from __future__ import annotations

import contextlib
import json
import os

from refkit.store.data_folder import data_folder

# Paths as strings and os functions: the roll's lean path (refkit.store.sqlite.roll_append)
# reads and writes this note without pathlib or typing.
TYPE_CHECKING = False  # as typing's
if TYPE_CHECKING:
    from typing import Final

    PathText = str | os.PathLike[str]

MARKER_FILE: Final = "checked-pages.json"
MAX_FILES: Final = 32
"""How many database files the note remembers (the most recently checked ones)."""


def file_stamp(path: PathText) -> list[int] | None:
    """``path``'s identity and change stamps, or None when it cannot be read."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return [found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns, found.st_ctime_ns]


def known_sound(path: PathText) -> bool:
    """True when ``path`` was found sound (or closed by Refkit after a sound open) and has not
    changed since."""
    stamp = file_stamp(path)
    return stamp is not None and _read().get(_key(path)) == stamp


def note_sound(path: PathText) -> None:
    """Note ``path`` as sound with its stamps as they are now (after a ``quick_check`` found
    nothing, or when Refkit closes a file it opened sound)."""
    stamp = file_stamp(path)
    if stamp is None:
        return
    notes = _read()
    notes.pop(_key(path), None)
    notes[_key(path)] = stamp
    while len(notes) > MAX_FILES:
        notes.pop(next(iter(notes)))
    _write(notes)


def forget(path: PathText) -> None:
    """Drop the note about ``path`` (damage was found in it: every open checks it again)."""
    notes = _read()
    if notes.pop(_key(path), None) is not None:
        _write(notes)


def _key(path: PathText) -> str:
    return os.path.realpath(path)


def _marker() -> str:
    return os.path.join(data_folder(), MARKER_FILE)


def _read() -> dict[str, list[int]]:
    try:
        with open(_marker(), encoding="utf-8") as marker:
            loaded = json.loads(marker.read())
    except (OSError, ValueError):
        return {}
    if not isinstance(loaded, dict):
        return {}
    return {
        str(key): value
        for key, value in loaded.items()
        if isinstance(value, list) and all(isinstance(part, int) for part in value)
    }


def _write(notes: dict[str, list[int]]) -> None:
    with contextlib.suppress(OSError):
        marker = _marker()
        temporary = f"{marker}.{os.getpid()}.tmp"
        with open(temporary, "w", encoding="utf-8") as written:
            written.write(json.dumps(notes))
        os.replace(temporary, marker)


__all__ = ["MARKER_FILE", "file_stamp", "forget", "known_sound", "note_sound"]

"""Writing a file so that it is either the old file or the whole new one, never half of each.

The text goes to a temporary file in the same folder, is flushed to disk, and then takes the
target's name in one ``os.replace``. If the process dies or the write fails at any point, the
target keeps its old contents and the temporary file is removed (when Python still runs).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

NEW_FILE_MODE = 0o644


class AtomicWriteError(OSError):
    """The file could not be written; the message names it and says why."""


def write_text_atomic(path: str | os.PathLike[str], text: str, *, encoding: str = "utf-8") -> Path:
    """Write ``text`` to ``path`` atomically and return the path written.

    Raises AtomicWriteError when the target is a folder, its folder does not exist, or the
    write fails; in every case an existing file at ``path`` is left exactly as it was.
    """
    target = check_target(path)
    folder = target.parent
    data = text.encode(encoding)
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as error:
        raise AtomicWriteError(f"cannot write {target}: {error.strerror or error}") from error
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        _keep_permissions(target, temporary)
        os.replace(temporary, target)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, OSError):
            raise AtomicWriteError(f"cannot write {target}: {error.strerror or error}") from error
        raise
    _sync_folder(folder)
    return target


def check_target(path: str | os.PathLike[str]) -> Path:
    """The path as a Path, if a file could be written there; AtomicWriteError if it is a folder
    or its folder does not exist. Lets a caller refuse before doing any other work."""
    target = Path(path)
    if target.is_dir():
        raise AtomicWriteError(f"{target} is a folder; give a file name to write to")
    if not target.parent.is_dir():
        raise AtomicWriteError(f"cannot write {target}: the folder {target.parent} does not exist")
    return target


def _keep_permissions(target: Path, temporary: str) -> None:
    """Give the new file the old file's permission bits, or ``rw-r--r--`` for a new file
    (mkstemp makes it readable by its owner only)."""
    try:
        mode = target.stat().st_mode & 0o777
    except FileNotFoundError:
        mode = NEW_FILE_MODE
    os.chmod(temporary, mode)


def _sync_folder(folder: Path) -> None:
    """Flush the folder entry so the rename survives a power cut (where the OS allows it)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(descriptor)
    finally:
        os.close(descriptor)

"""Writing a file so that it is either the old file or the whole new one, never half of each.

The text goes to a temporary file in the same folder, is flushed to disk, and then takes the
target's name in one ``os.replace``. If the process dies or the write fails at any point, the
target keeps its old contents and the temporary file is removed (when Python still runs).

Only a regular file (or a name not taken yet) can be a target: a folder, a device such as
``/dev/stdout`` or ``/dev/null``, a FIFO or a socket is refused before anything is written, so a
rename can never replace a device node. A symbolic link is followed: the file it points to is
replaced atomically and the link stays a link — except with ``follow_links=False`` (files made
into a folder the user chose, such as a backup), where a link found at the name is refused, so a
link planted there cannot send the file outside the folder.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from refkit.errors import DomainError

NEW_FILE_MODE = 0o644


class AtomicWriteError(DomainError, OSError):
    """The file could not be written; the message names it and says why."""


def write_text_atomic(
    path: str | os.PathLike[str],
    text: str,
    *,
    encoding: str = "utf-8",
    follow_links: bool = True,
) -> Path:
    """Write ``text`` to ``path`` atomically and return the path written.

    Raises AtomicWriteError when the target is a folder, its folder does not exist, it is a
    symbolic link and ``follow_links`` is off, or the write fails; in every case an existing
    file at ``path`` is left exactly as it was.
    """
    return write_bytes_atomic(path, text.encode(encoding), follow_links=follow_links)


def write_bytes_atomic(
    path: str | os.PathLike[str], data: bytes, *, follow_links: bool = True
) -> Path:
    """Write ``data`` (a PDF, say) to ``path`` atomically, as :func:`write_text_atomic` does."""
    check_target(path, follow_links=follow_links)
    # Not following: the rename replaces whatever entry is at the name (a link planted since the
    # check included) and never writes where a link points.
    target = _file_behind(Path(path)) if follow_links else Path(path)
    folder = target.parent
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
        _refuse_special(target)  # again: something else may have been put there meanwhile
        os.replace(temporary, target)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, OSError) and not isinstance(error, AtomicWriteError):
            raise AtomicWriteError(f"cannot write {target}: {error.strerror or error}") from error
        raise
    _sync_folder(folder)
    return Path(path)


def check_target(path: str | os.PathLike[str], *, follow_links: bool = True) -> Path:
    """The path as a Path, if a file could be written there; AtomicWriteError if it (or the
    file its symbolic link points to) is a folder or not a regular file, or its folder does not
    exist — or, without ``follow_links``, if it is a symbolic link. Lets a caller refuse before
    doing any other work."""
    given = Path(path)
    if not follow_links and given.is_symlink():
        raise AtomicWriteError(
            f"cannot write {given}: it is a symbolic link (to {os.readlink(given)}); Refkit "
            "writes only new or regular files there — remove the link or choose another folder"
        )
    target = _file_behind(given) if follow_links else given
    if target.is_dir():
        raise AtomicWriteError(f"{given} is a folder; give a file name to write to")
    _refuse_special(target, given)
    if not target.parent.is_dir():
        raise AtomicWriteError(f"cannot write {given}: the folder {target.parent} does not exist")
    return given


def _file_behind(path: Path) -> Path:
    """The file a symbolic link at ``path`` points to (through every link), else ``path``."""
    if not path.is_symlink():
        return path
    return Path(os.path.realpath(path))


def _refuse_special(target: Path, given: Path | None = None) -> None:
    """AtomicWriteError if ``target`` exists and is a device, FIFO or socket."""
    try:
        mode = os.lstat(target).st_mode
    except FileNotFoundError:
        return
    except OSError as error:
        raise AtomicWriteError(
            f"cannot write {given or target}: {error.strerror or error}"
        ) from error
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return
    kind = (
        "a device"
        if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
        else "a FIFO (named pipe)"
        if stat.S_ISFIFO(mode)
        else "a socket"
        if stat.S_ISSOCK(mode)
        else "a symbolic link"
        if stat.S_ISLNK(mode)
        else "something else"
    )
    shown = given or target
    where = f" ({target})" if given is not None and given != target else ""
    raise AtomicWriteError(
        f"cannot write {shown}{where}: it is {kind}, not a regular file; give a file name"
    )


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

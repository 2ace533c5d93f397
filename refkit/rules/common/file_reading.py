"""Reading a file a user names: only a regular file, never more than a size cap, never blocking.

``/dev/zero`` never ends, a FIFO blocks its reader until someone writes, and a 4 GB file would be
read whole before anything looked at it. :func:`read_user_file` opens without blocking, checks
what it opened (not the name, which could be swapped in between), and reads at most one byte more
than the cap, so each of these is refused at once with a message naming the file.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from refkit.errors import DomainError
from refkit.rules.common.file_bounds import MEGABYTE as MEGABYTE


class UserFileError(DomainError, ValueError):
    """The file cannot be read as asked; the message starts with its name and says why."""


def read_user_file(path: str | os.PathLike[str], *, limit: int, what: str = "file") -> bytes:
    """The bytes of the regular file at ``path``, if it holds at most ``limit`` bytes.

    ``what`` names the kind of file in messages (``character file``). Raises UserFileError for
    a missing file, a folder, a device, a FIFO or socket, an unreadable file, or a longer one.
    """
    name = Path(path)
    try:
        _require_regular(name, os.stat(name).st_mode, what)  # devices are not even opened
        descriptor = os.open(name, _READ_FLAGS)
    except FileNotFoundError:
        raise UserFileError(f"{name}: no such file") from None
    except OSError as error:
        raise UserFileError(f"{name}: cannot be read ({error.strerror or error})") from None
    try:
        found = os.fstat(descriptor)  # what was opened, in case the name was swapped meanwhile
        _require_regular(name, found.st_mode, what)
        size = found.st_size
        if size > limit:
            raise UserFileError(_too_big(name, what, limit, size))
        data = _read_at_most(descriptor, limit + 1)
    except OSError as error:
        raise UserFileError(f"{name}: cannot be read ({error.strerror or error})") from None
    finally:
        os.close(descriptor)
    if len(data) > limit:  # it grew after the size check
        raise UserFileError(_too_big(name, what, limit, None))
    return data


_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
"""Non-blocking, so a FIFO swapped in after the check cannot hang the open."""


def _require_regular(name: Path, mode: int, what: str) -> None:
    if stat.S_ISDIR(mode):
        raise UserFileError(f"{name}: is a folder, not a {what}")
    if not stat.S_ISREG(mode):
        raise UserFileError(f"{name}: is {_kind_words(mode)}, not a regular file; give a {what}")


def _read_at_most(descriptor: int, count: int) -> bytes:
    chunks: list[bytes] = []
    left = count
    while left > 0:
        chunk = os.read(descriptor, min(left, MEGABYTE))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _too_big(name: Path, what: str, limit: int, size: int | None) -> str:
    has = f" ({_size_words(size)})" if size is not None else ""
    return f"{name}: too large{has}; a {what} holds at most {_size_words(limit)}"


def _size_words(size: int) -> str:
    if size >= MEGABYTE and size % MEGABYTE == 0:
        return f"{size // MEGABYTE} MB"
    if size >= MEGABYTE:
        return f"{size / MEGABYTE:.1f} MB"
    return f"{size:,} bytes"


def _kind_words(mode: int) -> str:
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a plain file"

"""A roll logged with nothing but ``sqlite3`` and ``os``: the lean way of the quick path.

``refkit roll``, ``test`` and ``cast`` log each roll. Opening the file through
:func:`refkit.store.sqlite.quick.open_quick` imported some ten store modules and with them
``dataclasses``, ``typing`` and ``pathlib``: more than a bare Python start, for one INSERT.
:func:`append_roll` makes the same checks on the same file — the recorded revision is the newest,
every page is sound (``PRAGMA quick_check``, or unchanged since found sound:
:mod:`refkit.store.sqlite.checked_pages`), the file and its folder can be written, it is no
other program's database — runs the same connection pragmas and writes the same row as
:meth:`~refkit.store.sqlite.quick.QuickDatabase.add_roll`. Whenever a check does not plainly
pass (no file yet, an older schema, a lock while checking, a damaged or foreign file, a URL it
does not read itself) it writes nothing and answers None: the caller then takes the full quick
path, which creates, migrates, refuses or reports exactly as before.
"""

from __future__ import annotations

import json
import os
import sqlite3
from datetime import UTC

from refkit.store.data_folder import data_folder
from refkit.store.row_values import ROLL_SOURCES, SCHEMA_HEADS, STORED_TIME_FORMAT
from refkit.store.sqlite.checked_pages import known_sound, note_sound
from refkit.store.sqlite.settings import BUSY_TIMEOUT_MS, CONNECTION_PRAGMAS

TYPE_CHECKING = False  # as typing's: the roll's path leaves typing unimported
if TYPE_CHECKING:
    from typing import TypeAlias

    from refkit.dice.records import RollRecord

    CheckedFile: TypeAlias = tuple[str, sqlite3.Connection]
    """A database file's path and a connection to it that passed :func:`checked_connection`."""

DATABASE_FILE_NAME = "refkit.sqlite3"
"""The file in the data folder (``refkit.store.location.DATABASE_FILE_NAME``, which imports
pathlib: a test pins the two equal)."""
URL_ENVIRONMENT = ("REFKIT_DATABASE_URL", "REFKIT_DB")
"""The variables naming the database, in order (``refkit.store.location.environment_url``)."""
VERSION_TABLE = "alembic_version"

_SQLITE_PREFIX = "sqlite:///"
_URI_SAFE = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~/")
INSERT_ROLL = (
    "INSERT INTO roll_log (kind, expression, faces, total, seed, rolled_at, summary,"
    " detail, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


def roll_file(url: str | None) -> str | None:
    """The database file ``url`` names, as :func:`refkit.store.sqlite.quick.quick_path` finds
    it (None where that answers None), as an absolute path with links resolved."""
    if url is None:
        url = next(
            (
                text
                for text in (os.environ.get(name, "").strip() for name in URL_ENVIRONMENT)
                if text
            ),
            None,
        )
    if url is None:
        return os.path.join(data_folder(), DATABASE_FILE_NAME)
    text = url.strip()
    if not text:
        return None
    if "://" not in text:
        return os.path.realpath(os.path.expanduser(text))
    if not text.startswith(_SQLITE_PREFIX):
        return None
    rest = text[len(_SQLITE_PREFIX) :]
    if not rest or rest == ":memory:" or any(mark in rest for mark in "?#%"):
        return None
    return os.path.realpath(os.path.expanduser(rest))


def roll_row(record: RollRecord, source: str) -> tuple[object, ...]:
    """``record`` as the roll log's row stores it (``RollLogRepository.add``'s columns and
    forms); ValueError for a source that may not log."""
    if source not in ROLL_SOURCES:
        raise ValueError(
            f"unknown roll source {source!r}; expected one of {', '.join(sorted(ROLL_SOURCES))}"
        )
    rolled_at = record.rolled_at.astimezone(UTC).replace(tzinfo=None)
    return (
        record.kind,
        record.expression,
        json.dumps(list(record.faces)),
        record.total,
        None if record.seed is None else str(record.seed),
        rolled_at.strftime(STORED_TIME_FORMAT),
        record.summary,
        json.dumps(dict(record.detail), sort_keys=True),
        source,
    )


def append_roll(
    url: str | None,
    record: RollRecord,
    source: str,
    *,
    busy_timeout_ms: int = BUSY_TIMEOUT_MS,
    checked: CheckedFile | None = None,
) -> int | None:
    """Log ``record`` in the file of ``url`` and return its row id; None, having written
    nothing, when the full quick path must do it (see the module's note). ``checked``: the file's
    path and a connection that passed these very checks moments ago in this command (the cast's
    table read, :func:`refkit.store.sqlite.table_read.chosen_table_row`), used and closed.

    Raises the store's DatabaseError (:func:`refkit.store.sqlite.failures.database_failure`)
    when the pragmas or the INSERT fail, as the quick path does, and ValueError for a source
    that may not log.
    """
    if checked is not None:
        path, connection = checked
    else:
        found = roll_file(url)
        if found is None or not os.path.isfile(found):
            return None
        path = found
        folder = os.path.dirname(path)
        if not os.access(path, os.W_OK) or not os.access(folder, os.W_OK | os.X_OK):
            return None  # the full open says which of the two is read-only
        opened = checked_connection(path)
        if opened is None:
            return None
        connection = opened
    try:
        try:
            connection.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
            for pragma in CONNECTION_PRAGMAS:
                connection.execute(pragma)
            cursor = connection.execute(INSERT_ROLL, roll_row(record, source))
        except sqlite3.Error as exc:
            from refkit.store.sqlite.failures import database_failure

            raise database_failure(path, exc) from exc
        assert cursor.lastrowid is not None
        return int(cursor.lastrowid)
    finally:
        connection.close()
        note_sound(path)  # found sound at the check, closed by Refkit: as the quick path's close


def checked_connection(path: str) -> sqlite3.Connection | None:
    """A connection to ``path`` (never creating it) when the file is a sound Refkit database
    at the newest schema; None, with nothing written, for anything else or any doubt."""
    if os.path.getsize(path) == 0:
        return None
    try:
        # Read-write but never create, as refkit.store.sqlite.files reads the state; no wait
        # for a lock while checking: the full path waits and says so.
        connection = sqlite3.connect(
            f"file:{_quoted(path)}?mode=rw", uri=True, timeout=0, isolation_level=None
        )
    except sqlite3.Error:
        return None
    try:
        tables = {
            row[0]
            for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        if VERSION_TABLE not in tables:
            raise LookupError(VERSION_TABLE)
        rows = connection.execute(f"SELECT version_num FROM {VERSION_TABLE}").fetchall()
        if {str(row[0]) for row in rows} != SCHEMA_HEADS:
            raise LookupError(VERSION_TABLE)
        if not known_sound(path):
            problems = connection.execute("PRAGMA quick_check(3)").fetchall()
            if any(str(row[0]) != "ok" for row in problems):
                raise LookupError("quick_check")
            note_sound(path)
    except (sqlite3.Error, LookupError):
        connection.close()
        return None
    except BaseException:
        connection.close()
        raise
    return connection


def _quoted(path: str) -> str:
    """``path`` percent-encoded for a ``file:`` URI, as ``Path.as_uri`` encodes it."""
    return "".join(chr(byte) if byte in _URI_SAFE else f"%{byte:02X}" for byte in os.fsencode(path))

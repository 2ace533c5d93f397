"""Backup copies taken before a migration, named ``<stem>.backup-<revision>-<UTC time>.sqlite3``.

Copies go through SQLite's online backup API, so a database in WAL mode (whose latest pages may
still sit in the ``-wal`` file) is copied consistently. A copy is written under a temporary name
(``….sqlite3.partial``), flushed to disk and only then renamed, so a kill or a power cut never
leaves a short or empty file that counts as a backup; the next backup deletes such leftovers. Only
the newest few copies are kept.
"""

from __future__ import annotations

import glob
import os
import re
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from refkit.store.errors import MigrationError

BACKUPS_KEPT = 5
UNVERSIONED = "unversioned"

_STAMP_FORMAT = "%Y%m%dT%H%M%S.%fZ"
_STAMP_PATTERN = r"\d{8}T\d{6}\.\d{6}Z"
PARTIAL_SUFFIX = ".partial"
"""Added to a copy's name while it is being written."""


def backup_name(database: Path, revision: str | None, when: datetime, serial: int = 0) -> str:
    """File name of the backup of ``database`` at ``revision`` taken at ``when`` (aware)."""
    if when.tzinfo is None or when.utcoffset() is None:
        raise ValueError(f"backup time must be timezone-aware, got {when.isoformat()}")
    stamp = when.astimezone(UTC).strftime(_STAMP_FORMAT)
    suffix = f"-{serial}" if serial else ""
    return f"{database.stem}.backup-{revision or UNVERSIONED}-{stamp}{suffix}.sqlite3"


def list_backups(database: Path) -> list[Path]:
    """Backups of ``database`` found beside it, oldest first."""
    pattern = re.compile(
        rf"^{re.escape(database.stem)}\.backup-.+-(?P<stamp>{_STAMP_PATTERN})"
        r"(?:-(?P<serial>\d+))?\.sqlite3$"
    )
    found: list[tuple[str, int, Path]] = []
    for candidate in database.parent.glob(f"{glob.escape(database.stem)}.backup-*.sqlite3"):
        match = pattern.match(candidate.name)
        if match is not None and candidate.is_file():
            found.append((match["stamp"], int(match["serial"] or 0), candidate))
    return [path for _stamp, _serial, path in sorted(found)]


def make_backup(database: Path, revision: str | None, when: datetime) -> Path:
    """Copy ``database`` beside itself, then drop all but the newest BACKUPS_KEPT copies.

    Raises MigrationError (the database untouched) if the copy cannot be written.
    """
    remove_partial_backups(database)
    serial = 0
    target = database.with_name(backup_name(database, revision, when))
    while target.exists():
        serial += 1
        target = database.with_name(backup_name(database, revision, when, serial))
    partial = target.with_name(target.name + PARTIAL_SUFFIX)
    try:
        _copy(database, partial)
        _sync_file(partial)
        os.replace(partial, target)
        _sync_folder(target.parent)
    except (sqlite3.Error, OSError) as exc:
        partial.unlink(missing_ok=True)
        raise MigrationError(
            f"{database}: could not write the backup copy {target.name} before updating the "
            f"database ({exc}); nothing was changed"
        ) from exc
    prune_backups(database)
    return target


def prune_backups(database: Path, keep: int = BACKUPS_KEPT) -> list[Path]:
    """Delete all but the newest ``keep`` backups of ``database``; returns the deleted paths."""
    backups = list_backups(database)
    doomed = backups[: max(len(backups) - keep, 0)]
    for path in doomed:
        path.unlink(missing_ok=True)
    return doomed


def working_copy(backup: Path, database: Path | None = None, when: datetime | None = None) -> Path:
    """Copy ``backup`` to a new file to work on, beside ``database`` (or beside the backup).

    Named ``<stem>.restored-<UTC time>.sqlite3`` (never counted as a backup); the backup itself
    and the database it was taken of are left exactly as they are. Raises OSError or
    sqlite3.Error if the copy cannot be written (nothing is left behind then).
    """
    when = when or datetime.now(UTC)
    stamp = when.astimezone(UTC).strftime(_STAMP_FORMAT)
    home = database if database is not None else backup
    target = home.with_name(f"{home.stem}.restored-{stamp}.sqlite3")
    serial = 0
    while target.exists():
        serial += 1
        target = home.with_name(f"{home.stem}.restored-{stamp}-{serial}.sqlite3")
    partial = target.with_name(target.name + PARTIAL_SUFFIX)
    try:
        _copy(backup, partial)
        _sync_file(partial)
        os.replace(partial, target)
        _sync_folder(target.parent)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return target


def remove_partial_backups(database: Path) -> list[Path]:
    """Delete copies of ``database`` left half-written by a killed Refkit; returns them."""
    leftovers = [
        path
        for path in database.parent.glob(
            f"{glob.escape(database.stem)}.backup-*.sqlite3{PARTIAL_SUFFIX}"
        )
        if path.is_file()
    ]
    for path in leftovers:
        path.unlink(missing_ok=True)
    return leftovers


def _sync_file(path: Path) -> None:
    with path.open("rb+") as handle:
        os.fsync(handle.fileno())


def _sync_folder(folder: Path) -> None:
    # The rename is durable only once the folder's entry is on disk (POSIX); Windows cannot
    # open a folder this way and makes renames durable by itself.
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def _copy(source_path: Path, target_path: Path) -> None:
    source = sqlite3.connect(f"{source_path.as_uri()}?mode=ro", uri=True)
    try:
        target = sqlite3.connect(target_path)
        try:
            source.backup(target)
        finally:
            target.close()
    finally:
        source.close()

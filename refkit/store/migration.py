"""Bringing a database up to the newest schema: refuse, back up, then run Alembic in code.

When the file (or server database) already records the newest revision (read from the migration
files' text), nothing of Alembic is imported, so a normal start-up costs one small query. The
dialect hands over how a schema change is wrapped (SQLite: ``BEGIN IMMEDIATE`` with foreign keys
off and checked after; PostgreSQL: one transaction under an advisory lock).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import DBAPIError

from refkit.store.errors import DatabaseTooNewError, MigrationError
from refkit.store.failures import database_failure
from refkit.store.migrations import SCRIPT_LOCATION, declared_heads
from refkit.store.sqlite.backups import make_backup
from refkit.store.sqlite.engine import schema_change as sqlite_schema_change
from refkit.store.sqlite.files import FileState

SchemaChange = Callable[[Connection], AbstractContextManager[None]]
"""How a dialect wraps a migration: one transaction, its own checks before it commits."""

if TYPE_CHECKING:
    from alembic.config import Config


@dataclass(frozen=True)
class MigrationOutcome:
    """What start-up did to the file: the revision found, and the backup made (if any)."""

    revision_before: str | None
    migrated: bool
    backup: Path | None


def bring_up_to_date(
    engine: Engine,
    path: Path | None,
    state: FileState,
    clock: Callable[[], datetime],
    script_location: Path = SCRIPT_LOCATION,
    schema_change: SchemaChange = sqlite_schema_change,
    shown: str | None = None,
) -> MigrationOutcome:
    """Migrate the database behind ``engine`` (file ``path``, or None in memory or on a server,
    named ``shown`` in messages) to head.

    Raises DatabaseTooNewError (file untouched) when it records a revision this Refkit does not
    know, and MigrationError when the backup or the upgrade fails (the upgrade runs in one
    transaction, so a failure leaves the file as it was).
    """
    before = state.label
    if state.revisions and frozenset(state.revisions) == declared_heads(script_location):
        return MigrationOutcome(revision_before=before, migrated=False, backup=None)

    with _without_pygments():
        from alembic.script import ScriptDirectory

    config = _alembic_config(script_location)
    script = ScriptDirectory.from_config(config)
    known = {revision.revision for revision in script.walk_revisions()}
    if shown is None:
        shown = str(path) if path is not None else "the in-memory database"
    unknown = [revision for revision in state.revisions if revision not in known]
    if unknown:
        raise DatabaseTooNewError(shown, "+".join(unknown))
    if state.revisions and set(state.revisions) == set(script.get_heads()):
        return MigrationOutcome(revision_before=before, migrated=False, backup=None)

    backup = None
    if path is not None and state.has_data:
        backup = make_backup(path, before, clock())
    try:
        _upgrade(engine, config, schema_change)
    except Exception as exc:
        where = f"; the copy made before is {backup}" if backup is not None else ""
        # SQLAlchemy's text holds the SQL statement; say only the driver's cause.
        cause = (
            getattr(database_failure(shown, exc), "reason", exc)
            if isinstance(exc, DBAPIError)
            else exc
        )
        raise MigrationError(
            f"{shown}: updating the database schema failed ({cause}); "
            f"the {'file' if path is not None else 'database'} was left as it was{where}"
        ) from exc
    return MigrationOutcome(revision_before=before, migrated=True, backup=backup)


@contextmanager
def _without_pygments() -> Iterator[None]:
    """Keep Alembic's import from loading Pygments: Mako (which Alembic imports) colours its
    error pages with it when it is installed, ~250 ms of lexers for pages Refkit never shows.
    Mako falls back to plain text when its plugin cannot be imported; the block is lifted as
    soon as Mako has chosen."""
    plugin = "mako.ext.pygmentplugin"
    blocked = plugin not in sys.modules
    if blocked:
        sys.modules[plugin] = None  # type: ignore[assignment]  # "cannot be imported"
    try:
        yield
    finally:
        if blocked and plugin in sys.modules and sys.modules[plugin] is None:
            del sys.modules[plugin]


def _alembic_config(script_location: Path) -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(script_location))
    config.set_main_option("path_separator", "os")
    return config


def _upgrade(engine: Engine, config: Config, schema_change: SchemaChange) -> None:
    """Run ``alembic upgrade head`` in one write transaction, with foreign keys checked before it
    commits (:func:`refkit.store.sqlite.engine.schema_change`, or the server's own checks): a
    dangling reference the migration left behind aborts it."""
    from alembic import command

    with engine.connect() as connection:
        try:
            with schema_change(connection):  # DanglingReferences is a MigrationError
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
        finally:
            config.attributes.pop("connection", None)

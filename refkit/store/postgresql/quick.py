"""The quick path on a server: ``refkit dt status`` read with psycopg alone.

On an SQLite file the command line reads the clock with plain ``sqlite3``
(:mod:`refkit.store.sqlite.quick`); on a server it loaded SQLAlchemy, SQLModel and every table
model to run one small query, some five times the file's time. :func:`read_server_clock` connects
with psycopg, makes the check :meth:`refkit.store.database.Database.open` makes before it would
migrate (the schema revision the server records is Refkit's newest), and reads the clock row as
``DungeonTurnStore.load`` does — with the same lock and statement timeouts as the engine's.

Whenever it cannot tell — no driver, a URL libpq does not read the same way, a database with no
Refkit schema yet or an older one — it answers None and the caller opens the full
:class:`~refkit.store.database.Database`, which creates, migrates or says why it refuses. A server
that cannot be reached or refuses the login is said exactly as the full open says it.
"""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING, Any, Final

from refkit.store.location import is_server_url
from refkit.store.postgresql.settings import STATEMENT_TIMEOUT_MS, VERSION_TABLE
from refkit.store.row_values import SCHEMA_HEADS

if TYPE_CHECKING:
    from refkit.rules.dungeon.clock import DungeonTurnClock

_SCHEMES: Final = ("postgresql+psycopg://", "postgresql://", "postgres://")
"""What a server URL may begin with (``refkit.store.location``'s dialects), any case."""


def server_conninfo(url: str) -> str | None:
    """``url`` as the libpq connection URI psycopg takes, when libpq reads it as Refkit's full
    open does (a database named, nothing libpq cannot parse); None otherwise."""
    text = url.strip()
    lowered = text.lower()
    scheme = next((s for s in _SCHEMES if lowered.startswith(s)), None)
    if scheme is None or "#" in text:
        return None
    conninfo = "postgresql://" + text[len(scheme) :]
    from psycopg import ProgrammingError
    from psycopg.conninfo import conninfo_to_dict

    try:
        parsed = conninfo_to_dict(conninfo)
    except ProgrammingError:
        return None  # the full open reads it (or says what is wrong with it)
    if not parsed.get("dbname"):
        return None  # the full open asks for a database name
    return conninfo


def read_server_clock(url: str, *, lock_timeout_ms: int) -> DungeonTurnClock | None:
    """The stored DT clock of the server database ``url`` (a new stopped one at the settings'
    length when none is stored), or None when the full open is needed (see the module).

    Raises the DatabaseError the full open raises for a server it cannot reach or that refuses
    the login, and ValueError for a stored clock that cannot be read (as the store does)."""
    if not is_server_url(url) or importlib.util.find_spec("psycopg") is None:
        return None
    conninfo = server_conninfo(url)
    if conninfo is None:
        return None
    import psycopg

    try:
        with psycopg.connect(conninfo, autocommit=True) as connection:
            return _read_clock(connection, int(lock_timeout_ms))
    except psycopg.Error as error:
        from refkit.store.location import shown_url
        from refkit.store.postgresql.failures import server_failure

        raise server_failure(shown_url(url), error) from None


def _read_clock(connection: Any, lock_timeout_ms: int) -> DungeonTurnClock | None:
    from refkit.rules.dungeon.clock import DungeonTurnClock
    from refkit.store.dungeon_settings import SETTINGS_KEY, clock_from_json, settings_from_json

    connection.execute(
        f"SET lock_timeout = {lock_timeout_ms}; SET statement_timeout = {STATEMENT_TIMEOUT_MS}"
    )
    # The version table in the schema the full open looks in (not one further along the path).
    found = connection.execute(
        "SELECT to_regclass(quote_ident(current_schema()) || '.' || %s) IS NOT NULL",
        (VERSION_TABLE,),
    ).fetchone()
    if not found or not found[0]:
        return None  # nothing of Refkit's yet, or another program's: the full open decides
    revisions = {
        str(row[0]) for row in connection.execute(f"SELECT version_num FROM {VERSION_TABLE}")
    }
    if revisions != SCHEMA_HEADS:
        return None  # older (to migrate) or newer (to refuse): the full open says which
    row = connection.execute("SELECT state, version FROM dungeon_clock WHERE id = 1").fetchone()
    if row is not None:
        return clock_from_json(str(row[0]))
    stored = connection.execute(
        "SELECT payload FROM app_state WHERE key = %s", (SETTINGS_KEY,)
    ).fetchone()
    settings = settings_from_json(None if stored is None else str(stored[0]))
    return DungeonTurnClock.new(settings.dt_minutes)

"""Opening a campaign on a PostgreSQL server: the driver is there, the server answers, and its
database is empty or Refkit's (:meth:`refkit.store.database.Database.open` then migrates it)."""

from __future__ import annotations

import importlib.util

from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError

from refkit.store.errors import UnsupportedDatabaseError
from refkit.store.postgresql.engine import (
    ServerConnectionHook,
    create_postgresql_engine,
    read_server_state,
)
from refkit.store.postgresql.failures import DRIVER_ERROR, server_failure
from refkit.store.sqlite.files import FileState

DRIVER_MISSING = (
    "PostgreSQL needs its driver, which comes with Refkit's postgresql extra: "
    "pip install 'refkit[postgresql]' (in a checkout: pip install -e '.[postgresql]')"
)


def require_driver() -> None:
    """Refuse a server URL clearly when psycopg is not installed."""
    if importlib.util.find_spec("psycopg") is None:
        raise UnsupportedDatabaseError(DRIVER_MISSING)


def open_server(
    url: str, shown: str, *, lock_timeout_ms: int, hook: ServerConnectionHook | None = None
) -> tuple[Engine, FileState]:
    """An engine on the server database ``url`` and what it holds (``shown`` names it in
    messages, its password masked). Raises DatabaseUnreachableError and the other
    DatabaseError kinds of :func:`server_failure`, or NotADatabaseError for another program's
    database; the engine is closed again on any refusal."""
    engine = create_postgresql_engine(url, lock_timeout_ms=lock_timeout_ms, hook=hook)
    try:
        has_data, revisions = read_server_state(engine, shown)
    except DBAPIError as exc:
        engine.dispose()
        raise server_failure(shown, exc) from None
    except DRIVER_ERROR as exc:
        engine.dispose()
        raise server_failure(shown, exc) from None
    except BaseException:
        engine.dispose()
        raise
    return engine, FileState(has_data=has_data, revisions=revisions)

"""A driver's failure in Refkit's words, whichever dialect raised it: SQLite's result codes
(:mod:`refkit.store.sqlite.failures`) or PostgreSQL's SQLSTATE (:mod:`refkit.store.postgresql.
failures`, loaded only when a server error is met, so the SQLite path never imports psycopg)."""

from __future__ import annotations

from refkit.store.errors import DatabaseError
from refkit.store.sqlite.failures import DRIVER_ERROR

__all__ = ["DRIVER_ERROR", "database_failure", "is_server_error"]


def is_server_error(error: BaseException) -> bool:
    """True when ``error`` (or the driver error in its ``.orig``) comes from psycopg."""
    original = getattr(error, "orig", None) or error
    return type(original).__module__.split(".", 1)[0] == "psycopg"


def database_failure(shown: str, error: BaseException) -> DatabaseError:
    """The DatabaseError that says in plain words why ``error`` happened on the database
    ``shown`` (its file, or its URL with the password masked); never the SQL or its values."""
    if is_server_error(error):
        from refkit.store.postgresql.failures import server_failure

        return server_failure(shown, error)
    from refkit.store.sqlite.failures import database_failure as sqlite_failure

    return sqlite_failure(shown, error)

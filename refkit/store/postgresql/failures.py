"""PostgreSQL's failures in Refkit's words: the server's SQLSTATE (or, for a connection that never
came up, libpq's reason) becomes the DatabaseError subclass the SQLite dialect raises for the same
kind of trouble — locked, lost connection, full, not allowed, damaged — naming the database by its
URL with the password masked, and never the SQL or its parameters.
"""

from __future__ import annotations

import re

import psycopg
from sqlalchemy.engine import make_url

from refkit.store.errors import (
    DamagedDatabaseError,
    DatabaseError,
    DatabaseFullError,
    DatabaseLockedError,
    DatabaseUnreachableError,
    DatabaseWriteError,
    LoginNotAllowedError,
    ReadOnlyDatabaseError,
)

DRIVER_ERROR = psycopg.Error
"""The base of the exceptions psycopg raises itself (not wrapped by SQLAlchemy)."""

# SQLSTATE codes (PostgreSQL manual, appendix A) and classes (their first two characters).
_LOCK_NOT_AVAILABLE = "55P03"
_DEADLOCK = "40P01"
_SERIALIZATION = "40001"
_QUERY_CANCELED = "57014"  # statement_timeout (or a cancel from outside)
_DISK_FULL = "53100"
_OUT_OF_MEMORY = "53200"
_TOO_MANY_CONNECTIONS = "53300"
_INSUFFICIENT_PRIVILEGE = "42501"
_READ_ONLY_TRANSACTION = "25006"
_UNIQUE_VIOLATION = "23505"
_FOREIGN_KEY_VIOLATION = "23503"
_INVALID_PASSWORD = "28P01"
_INVALID_AUTHORIZATION = "28000"
_NO_SUCH_DATABASE = "3D000"
_DATA_CORRUPTED = "XX001"
_INDEX_CORRUPTED = "XX002"
_CONNECTION_CLASS = "08"
_OPERATOR_INTERVENTION = ("57P01", "57P02", "57P03")  # shut down, crashed, starting up


def server_failure(shown: str, error: BaseException) -> DatabaseError:
    """The DatabaseError that says in plain words why ``error`` (from psycopg, or SQLAlchemy's
    wrapper of it, whose text holds the SQL and is therefore never used) happened on ``shown``."""
    original = getattr(error, "orig", None) or error
    state = getattr(original, "sqlstate", None) or ""
    said = _primary(original)
    lowered = said.lower()
    if state in (_LOCK_NOT_AVAILABLE, _DEADLOCK, _SERIALIZATION):
        return DatabaseLockedError(shown, "another client holds a lock on the same rows")
    if state == _QUERY_CANCELED:
        return DatabaseLockedError(
            shown, "the server stopped a statement that took too long (statement_timeout)"
        )
    if state == _DISK_FULL:
        return DatabaseFullError(shown, "the server's disk is full")
    if state in (_OUT_OF_MEMORY, _TOO_MANY_CONNECTIONS):
        return DatabaseUnreachableError(shown, f"the server is out of resources ({said})")
    if state == _INSUFFICIENT_PRIVILEGE:
        return LoginNotAllowedError(shown, _not_allowed(shown, said), login=_login(shown))
    if state == _READ_ONLY_TRANSACTION:
        return ReadOnlyDatabaseError(shown, f"the server does not let this login do that ({said})")
    if state == _UNIQUE_VIOLATION:
        return DatabaseWriteError(shown, "a row with the same key is stored already")
    if state == _FOREIGN_KEY_VIOLATION:
        return DatabaseWriteError(shown, "the change points at a row that is not there")
    if state in (_INVALID_PASSWORD, _INVALID_AUTHORIZATION) or "authentication failed" in lowered:
        return DatabaseUnreachableError(
            shown, "the server refused the login (check the user name and password)"
        )
    if state == _NO_SUCH_DATABASE or ("database" in lowered and "does not exist" in lowered):
        return DatabaseUnreachableError(
            shown, "the server has no database of that name (create it first)"
        )
    if "nul (0x00)" in lowered:  # said by psycopg before the text leaves for the server
        return DatabaseWriteError(
            shown, "PostgreSQL cannot store text holding a NUL character (\\0); remove it"
        )
    if state in (_DATA_CORRUPTED, _INDEX_CORRUPTED):
        return DamagedDatabaseError(shown, said, by="PostgreSQL")
    if state.startswith(_CONNECTION_CLASS) or state in _OPERATOR_INTERVENTION:
        return DatabaseUnreachableError(shown, "the connection to the server was lost")
    if not state and isinstance(original, psycopg.OperationalError):
        return DatabaseUnreachableError(shown, _unreachable(lowered))
    if isinstance(original, psycopg.InterfaceError):
        return DatabaseUnreachableError(shown, "the connection to the server was lost")
    return DatabaseWriteError(shown, f"PostgreSQL says: {said}")


_POLICY_TABLE = re.compile(r'row-level security policy for table "([^"]+)"')
_DENIED_ON = re.compile(r"permission denied for (?:table|relation|sequence|schema) (\S+)")


def _login(shown: str) -> str | None:
    try:
        return make_url(shown).username
    except Exception:  # a name that is not a URL: no login to say
        return None


def _not_allowed(shown: str, said: str) -> str:
    """SQLSTATE 42501 in Refkit's words: which login, and what it was kept from."""
    login = _login(shown)
    who = f"the login {login}" if login else "this login"
    policy = _POLICY_TABLE.search(said)
    denied = _DENIED_ON.search(said)
    if policy is not None:
        what = f"the {policy.group(1)} row is not one {who} may change"
    elif denied is not None:
        what = f"{who} may not do that to {denied.group(1)}"
    else:
        what = f"the server does not let {who} do that ({said})"
    return (
        f"refused by the server: {what}; a player's login may change only its own crows and "
        "add rolls, the rest is the referee's"
    )


def _primary(error: BaseException) -> str:
    """The server's one-line message (no SQL, no detail lines with row values)."""
    diag = getattr(error, "diag", None)
    primary = getattr(diag, "message_primary", None) if diag is not None else None
    if primary:
        return str(primary)
    text = str(error.args[0]) if getattr(error, "args", None) else str(error)
    return text.strip().splitlines()[0] if text.strip() else type(error).__name__


def _unreachable(lowered: str) -> str:
    if "refused" in lowered:
        return "the server refused the connection (is PostgreSQL running on that host and port?)"
    if "timeout" in lowered or "timed out" in lowered:
        return "the server did not answer in time"
    if "translate host name" in lowered or "name or service not known" in lowered:
        return "the server's host name is unknown"
    if "ssl" in lowered:
        return "the secure connection (SSL) could not be set up with the server"
    if "closed" in lowered or "terminat" in lowered or "lost" in lowered:
        return "the connection to the server was lost"
    return "the server cannot be reached"

"""PostgreSQL URLs and failures without a server: how --db reads a server URL, that a password
is masked wherever the URL is shown, and how each SQLSTATE is said in Refkit's words."""

from __future__ import annotations

import pytest

psycopg = pytest.importorskip("psycopg")

from refkit.store.errors import (  # noqa: E402
    DamagedDatabaseError,
    DatabaseError,
    DatabaseFullError,
    DatabaseLockedError,
    DatabaseUnreachableError,
    DatabaseWriteError,
    LoginNotAllowedError,
    ReadOnlyDatabaseError,
    UnsupportedDatabaseError,
)
from refkit.store.failures import database_failure  # noqa: E402
from refkit.store.location import (  # noqa: E402
    database_path,
    is_server_url,
    resolve_database_url,
    shown_url,
    without_password,
)

SECRET = "pa55-Wyrm-secret"
URL = f"postgresql://referee:{SECRET}@db.example:6543/crows?sslmode=require&connect_timeout=3"


def test_a_server_url_gets_the_psycopg_driver_and_keeps_its_libpq_options() -> None:
    resolved = resolve_database_url(URL)
    assert resolved == (
        f"postgresql+psycopg://referee:{SECRET}@db.example:6543/crows"
        "?connect_timeout=3&sslmode=require"
    )
    assert is_server_url(resolved)
    assert database_path(resolved) is None


@pytest.mark.parametrize("scheme", ["postgres", "postgresql", "postgresql+psycopg"])
def test_every_usual_spelling_of_the_scheme_is_read(scheme: str) -> None:
    resolved = resolve_database_url(f"{scheme}://referee@localhost/crows")
    assert resolved == "postgresql+psycopg://referee@localhost/crows"


def test_the_environment_short_name_names_the_database(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REFKIT_DATABASE_URL", raising=False)  # set by a run on PostgreSQL
    monkeypatch.setenv("REFKIT_DB", "postgresql://referee@localhost/crows")
    assert resolve_database_url(None) == "postgresql+psycopg://referee@localhost/crows"
    monkeypatch.setenv("REFKIT_DATABASE_URL", "postgresql://gm@localhost/other")
    assert resolve_database_url(None) == "postgresql+psycopg://gm@localhost/other"


def test_shown_url_masks_the_password_in_the_url_and_in_the_options() -> None:
    shown = shown_url(URL)
    assert SECRET not in shown
    assert shown.startswith("postgresql://referee:***@db.example:6543/crows?")
    in_options = shown_url(f"postgresql://referee@db.example/crows?password={SECRET}")
    assert SECRET not in in_options
    assert "password=" in in_options


def test_an_sqlite_location_is_shown_as_it_is() -> None:
    assert shown_url("sqlite:////tmp/crows.sqlite3") == "sqlite:////tmp/crows.sqlite3"
    assert shown_url("/tmp/crows.sqlite3") == "/tmp/crows.sqlite3"


@pytest.mark.parametrize(
    "url",
    [
        f"postgresql://referee:{SECRET}@db.example:notaport/crows",
        f"postgresql://referee:{SECRET}@db.example/",
    ],
)
def test_a_url_refused_says_why_without_its_password(url: str) -> None:
    with pytest.raises(UnsupportedDatabaseError) as refused:
        resolve_database_url(url)
    assert SECRET not in str(refused.value)
    assert "postgresql" in str(refused.value)


def test_another_kind_of_server_is_refused_naming_both_kinds_refkit_takes() -> None:
    with pytest.raises(UnsupportedDatabaseError, match="SQLite file or on a PostgreSQL server"):
        resolve_database_url(f"mysql://referee:{SECRET}@db.example/crows")


SHOWN = "postgresql://referee:***@db.example/crows"


def _server_error(sqlstate_class: type[Exception], text: str = "said by the server") -> Exception:
    # psycopg's error classes carry their SQLSTATE; the statement goes in SQLAlchemy's wrapper.
    from sqlalchemy.exc import DBAPIError

    original = sqlstate_class(text)
    return DBAPIError("UPDATE character SET payload = 'Mara''s secret map'", {}, original)


@pytest.mark.parametrize(
    ("error_class", "expected", "phrase"),
    [
        (psycopg.errors.LockNotAvailable, DatabaseLockedError, "lock"),
        (psycopg.errors.DeadlockDetected, DatabaseLockedError, "lock"),
        (psycopg.errors.SerializationFailure, DatabaseLockedError, "lock"),
        (psycopg.errors.QueryCanceled, DatabaseLockedError, "took too long"),
        (psycopg.errors.DiskFull, DatabaseFullError, "disk is full"),
        (
            psycopg.errors.InsufficientPrivilege,
            LoginNotAllowedError,
            "refused by the server: the server does not let the login referee do that",
        ),
        (psycopg.errors.ReadOnlySqlTransaction, ReadOnlyDatabaseError, "does not let this login"),
        (psycopg.errors.UniqueViolation, DatabaseWriteError, "same key"),
        (psycopg.errors.InvalidPassword, DatabaseUnreachableError, "refused the login"),
        (psycopg.errors.InvalidCatalogName, DatabaseUnreachableError, "no database of that name"),
        (
            psycopg.errors.AdminShutdown,
            DatabaseUnreachableError,
            "connection to the server was lost",
        ),
        (psycopg.errors.ConnectionFailure, DatabaseUnreachableError, "was lost"),
        (psycopg.errors.DataCorrupted, DamagedDatabaseError, "damaged"),
        (psycopg.errors.TooManyConnections, DatabaseUnreachableError, "out of resources"),
    ],
)
def test_each_sqlstate_is_said_in_refkits_words(
    error_class: type[Exception], expected: type[DatabaseError], phrase: str
) -> None:
    failure = database_failure(SHOWN, _server_error(error_class))
    assert type(failure) is expected
    message = str(failure)
    assert SHOWN in message
    assert phrase in message
    assert "UPDATE" not in message and "secret map" not in message
    assert "SQLite" not in message


def test_a_connection_that_never_came_up_is_said_from_libpqs_reason() -> None:
    refused = psycopg.OperationalError(
        'connection failed: connection to server at "127.0.0.1", port 1 failed: Connection refused'
    )
    failure = database_failure(SHOWN, refused)
    assert isinstance(failure, DatabaseUnreachableError)
    assert "is PostgreSQL running" in str(failure)


def test_an_unknown_sqlstate_says_the_servers_words_but_never_the_sql() -> None:
    failure = database_failure(
        SHOWN, _server_error(psycopg.errors.DivisionByZero, "division by zero")
    )
    assert type(failure) is DatabaseWriteError
    assert "PostgreSQL says: division by zero" in str(failure)
    assert "UPDATE" not in str(failure)


def test_text_with_a_nul_character_is_said_as_such() -> None:
    nul = psycopg.DataError("PostgreSQL text fields cannot contain NUL (0x00) bytes")
    failure = database_failure(SHOWN, nul)
    assert type(failure) is DatabaseWriteError
    assert "NUL character" in str(failure)


def test_what_a_window_remembers_holds_no_password_but_keeps_the_options() -> None:
    kept = without_password(resolve_database_url(URL))
    assert kept == "postgresql://referee@db.example:6543/crows?connect_timeout=3&sslmode=require"
    in_options = without_password(f"postgresql://referee@db.example/crows?password={SECRET}")
    assert in_options == "postgresql://referee@db.example/crows"


def test_the_launch_the_arguments_ask_for_shows_no_password_in_its_repr() -> None:
    from refkit.cli.launch import read_launch

    launch = read_launch(["--db", URL])
    assert launch.window and launch.db_url == URL
    assert SECRET not in repr(launch)


def test_a_server_url_without_the_driver_says_which_extra_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import importlib.util

    from refkit.store.database import Database

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "psycopg" else real(name, *a)
    )
    with pytest.raises(UnsupportedDatabaseError, match=r"pip install 'refkit\[postgresql\]'") as no:
        Database.open(f"postgresql://referee:{SECRET}@db.example/crows")
    assert SECRET not in str(no.value)


@pytest.mark.parametrize(
    ("said", "phrase"),
    [
        (
            'new row violates row-level security policy for table "character"',
            "the character row is not one the login referee may change",
        ),
        (
            "permission denied for table dungeon_clock",
            "the login referee may not do that to dungeon_clock",
        ),
    ],
)
def test_a_refused_right_names_the_login_and_what_it_was_kept_from(said: str, phrase: str) -> None:
    failure = database_failure(SHOWN, _server_error(psycopg.errors.InsufficientPrivilege, said))
    assert isinstance(failure, LoginNotAllowedError) and failure.login == "referee"
    assert phrase in str(failure) and "only its own crows" in str(failure)

"""A campaign on a PostgreSQL server (run with ``pytest --postgresql URL``; skipped without one):
it opens and migrates, says the server's failures in Refkit's words, never shows a password, passes
libpq options through, and recovers a connection the server dropped."""

from __future__ import annotations

import logging
import subprocess
import sys
import threading
from collections.abc import Iterator

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url

from refkit.app.character_service import CharacterService
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from refkit.store.errors import (
    DatabaseLockedError,
    DatabaseUnreachableError,
    NotADatabaseError,
)
from tests.postgresql_run import ServerForTests


@pytest.fixture
def server(test_server: ServerForTests | None) -> ServerForTests:
    if test_server is None:
        pytest.skip("needs a PostgreSQL server: pytest --postgresql URL")
    return test_server


@pytest.fixture
def url(server: ServerForTests) -> str:
    """A fresh, migrated database on the server (its URL holds the server login's password)."""
    return server.fresh()


@pytest.fixture
def empty_url(server: ServerForTests) -> str:
    """A fresh database with nothing in it (not even Refkit's tables)."""
    return server.fresh_empty()


def _password(url: str) -> str | None:
    return make_url(url).password  # type: ignore[return-value]


def _with_password(url: str, password: str) -> str:
    return make_url(url).set(password=password).render_as_string(hide_password=False)


def test_an_empty_server_database_is_migrated_and_holds_the_sample_party(empty_url: str) -> None:
    with Database.open(empty_url) as db:
        assert db.server and db.path is None and not db.in_memory
        assert db.backup_path is None
        assert db.migrated
        crows = CharacterService(CharacterRepository(db)).list_characters()
    assert crows
    with Database.open(empty_url) as again:
        assert not again.migrated
        names = [
            crow.name for crow in CharacterService(CharacterRepository(again)).list_characters()
        ]
    assert names == [crow.name for crow in crows]


def test_the_password_is_never_in_a_repr_a_message_or_the_log(
    url: str, caplog: pytest.LogCaptureFixture
) -> None:
    secret = "Not-This-0ne-either"
    given = _with_password(url, secret)
    caplog.set_level(logging.DEBUG)
    with pytest.raises(DatabaseUnreachableError) as refused:
        Database.open(given)
    assert "refused the login" in str(refused.value)
    password = _password(url)
    assert password, "give --postgresql a login with a password to test that it is masked"
    with Database.open(url) as db:
        shown = [repr(db), str(db.url), db.shown, repr(db.engine), repr(db.engine.url)]
        with db.unit_of_work() as unit:
            shown.append(repr(unit))
    said = "\n".join([*shown, str(refused.value), repr(refused.value), caplog.text])
    assert secret not in said
    assert password not in said
    assert "***" in db.shown


def test_libpq_options_pass_through_and_refkits_timeouts_are_set(url: str) -> None:
    named = f"{url}?application_name=refkit-test-table"
    with Database.open(named, busy_timeout_ms=750) as db, db.engine.connect() as connection:
        name = connection.execute(text("SHOW application_name")).scalar_one()
        lock = connection.execute(text("SHOW lock_timeout")).scalar_one()
        statement = connection.execute(text("SHOW statement_timeout")).scalar_one()
    assert (name, lock, statement) == ("refkit-test-table", "750ms", "30s")


def test_another_programs_database_is_refused_and_left_alone(empty_url: str) -> None:
    import psycopg

    conninfo = make_url(empty_url).render_as_string(hide_password=False)
    with psycopg.connect(conninfo, autocommit=True) as other:
        other.execute("CREATE TABLE invoices (id integer PRIMARY KEY)")
    with pytest.raises(NotADatabaseError, match="invoices"):
        Database.open(empty_url)
    with psycopg.connect(conninfo) as other:
        tables = other.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
        ).fetchall()
    assert tables == [("invoices",)]


def test_a_row_another_client_holds_is_said_as_a_lock_and_nothing_is_kept(url: str) -> None:
    with Database.open(url, busy_timeout_ms=200) as db, Database.open(url) as other:
        service = CharacterService(CharacterRepository(db))
        crow = service.list_characters()[0].name
        with other.engine.connect() as holder:
            holder.execute(text("SELECT id FROM character FOR UPDATE"))
            refused = pytest.raises(DatabaseLockedError, match="another client holds a lock")
            with refused, db.unit_of_work() as unit:
                unit.session.connection().execute(
                    text("UPDATE character SET player = 'Someone' WHERE name = :n"), {"n": crow}
                )
            holder.rollback()
        players = {line.player for line in service.list_characters()}
    assert "Someone" not in players


def test_a_connection_the_server_dropped_is_replaced_before_the_next_step(
    url: str, server: ServerForTests
) -> None:
    with Database.open(url) as db:
        service = CharacterService(CharacterRepository(db))
        before = [line.name for line in service.list_characters()]
        server.drop_connections_to(url)
        assert [line.name for line in service.list_characters()] == before


def test_a_server_that_is_not_there_is_said_without_the_password(url: str) -> None:
    gone = make_url(url).set(port=1).render_as_string(hide_password=False)
    with pytest.raises(DatabaseUnreachableError) as refused:
        Database.open(gone)
    assert "is PostgreSQL running" in str(refused.value)
    assert _password(url) not in str(refused.value)


def test_start_up_at_head_reads_the_revision_without_loading_alembic(url: str) -> None:
    code = (
        "import sys; from refkit.store import Database; "
        f"Database.open({url!r}).close(); print('alembic' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "False"


def test_two_clients_starting_on_an_empty_database_migrate_it_once(empty_url: str) -> None:
    outcomes: list[bool] = []
    errors: list[BaseException] = []

    def start() -> None:
        try:
            with Database.open(empty_url) as db:
                outcomes.append(db.migrated)
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=start) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert errors == []
    assert len(outcomes) == 2


@pytest.fixture
def cli_on_server(url: str, capsys: pytest.CaptureFixture[str]) -> Iterator[object]:
    from refkit.cli import run_cli

    def run(*args: str) -> tuple[int, str, str]:
        code = run_cli(["--db", url, *args])
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    yield run


def test_the_command_line_never_prints_the_password(url: str, cli_on_server) -> None:
    password = _password(url)
    assert password
    code, out, err = cli_on_server("dt", "status", "--json")
    assert code == 0 and password not in out + err
    code, out, err = cli_on_server("character", "show", "Nobody At All")
    assert code == 2 and password not in out + err
    wrong = _with_password(url, "Wrong-Secret-1")
    from refkit.cli import run_cli

    assert run_cli(["--db", wrong, "dt", "status"]) == 2

"""``refkit dt status`` on a server through psycopg alone (:mod:`refkit.store.postgresql.quick`):
the same answer as the full open's, the full open whenever it cannot tell, the same words for a
server it cannot reach, and no SQLAlchemy loaded. The server tests run with
``pytest --postgresql URL``."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
import time

import pytest
from sqlalchemy.engine import make_url

from refkit.cli.runner import run_cli
from refkit.compose import Services
from refkit.store.database import Database
from refkit.store.dungeon_turn_store import DungeonTurnStore
from refkit.store.errors import DatabaseError
from tests.postgresql_run import ServerForTests

psycopg = pytest.importorskip("psycopg")

from refkit.store.postgresql.quick import read_server_clock, server_conninfo  # noqa: E402


@pytest.fixture
def server(test_server: ServerForTests | None) -> ServerForTests:
    if test_server is None:
        pytest.skip("needs a PostgreSQL server: pytest --postgresql URL")
    return test_server


def _cli(url: str, *words: str) -> dict[str, object]:
    said = io.StringIO()
    with contextlib.redirect_stdout(said):
        assert run_cli(["--db", url, *words, "--json"]) == 0
    result: dict[str, object] = json.loads(said.getvalue())
    return result


def _full_status(url: str, now: float) -> dict[str, object]:
    with Database.open(url) as database:
        return DungeonTurnStore(database).load().clock.status(now)


def _quick_status(url: str, now: float) -> dict[str, object]:
    clock = read_server_clock(url, lock_timeout_ms=5000)
    assert clock is not None, "the quick path should read an up-to-date server database"
    return clock.status(now)


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("postgresql://u:p@h:5432/db", "postgresql://u:p@h:5432/db"),
        ("postgresql+psycopg://u@h/db?sslmode=require", "postgresql://u@h/db?sslmode=require"),
        ("  POSTGRES://u:p%40ss@h/db  ", "postgresql://u:p%40ss@h/db"),
    ],
)
def test_server_urls_become_libpq_uris_with_their_options(given: str, expected: str) -> None:
    assert server_conninfo(given) == expected


@pytest.mark.parametrize(
    "given",
    [
        "postgresql://u@h",  # no database: the full open asks for one
        "postgresql://u@h/db#part",
        "postgresql://u:p%zz@h/db",  # libpq cannot decode it: the full open says so
        "postgresql://u@h/db?nosuchoption=1",
        "sqlite:///campaign.sqlite3",
    ],
)
def test_urls_libpq_may_read_otherwise_are_left_to_the_full_open(given: str) -> None:
    assert server_conninfo(given) is None


def test_the_quick_path_answers_as_the_full_open_does(server: ServerForTests) -> None:
    url = server.fresh()
    now = time.time() + 7.5
    assert _quick_status(url, now) == _full_status(url, now)  # nothing stored yet
    _cli(url, "dt", "start", "--minutes", "20", "--dungeon", "Quick crypt")
    assert _quick_status(url, now) == _full_status(url, now)
    _cli(url, "dt", "end", "--die", "10")
    _cli(url, "dt", "adjust", "--minutes", "-3", "--reason", "a long argument")
    assert _quick_status(url, now) == _full_status(url, now)
    _cli(url, "dt", "pause")
    quick = _quick_status(url, now)
    assert quick == _full_status(url, now)
    assert quick["state"] == "paused" and quick["dt"] == 2
    with Services(db_url=url) as services:
        assert services.dungeon_status()["dt"] == 2 and not services.database_is_open


def test_a_database_not_up_to_date_is_left_to_the_full_open(server: ServerForTests) -> None:
    empty = server.fresh_empty()
    assert read_server_clock(empty, lock_timeout_ms=5000) is None
    with Services(db_url=empty) as services:
        assert services.dungeon_status()["dt"] == 0  # the full open made the campaign
        assert services.database_is_open
    older = server.fresh()
    conninfo = make_url(older).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(conninfo, autocommit=True) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '0001'")
    assert read_server_clock(older, lock_timeout_ms=5000) is None


def test_a_server_it_cannot_reach_is_said_as_the_full_open_says_it(
    server: ServerForTests,
) -> None:
    url = make_url(server.fresh())
    secret = "not-the-password-31337"
    refused = url.set(password=secret).render_as_string(hide_password=False)
    nobody = url.set(host="127.0.0.1", port=9).render_as_string(hide_password=False)
    for bad in (refused, nobody):
        with pytest.raises(DatabaseError) as quick:
            read_server_clock(bad, lock_timeout_ms=5000)
        with pytest.raises(DatabaseError) as full:
            Database.open(bad)
        assert type(quick.value) is type(full.value)
        assert str(quick.value) == str(full.value)
        assert secret not in str(quick.value)


def test_dt_status_on_a_server_loads_no_sqlalchemy(server: ServerForTests) -> None:
    url = server.fresh()
    _cli(url, "dt", "start")
    code = (
        "import sys\n"
        "from refkit.cli import run_cli\n"
        "code = run_cli(['--db', sys.argv[1], 'dt', 'status', '--json'])\n"
        "print('sqlalchemy' in sys.modules, 'refkit.store.database' in sys.modules)\n"
        "sys.exit(code)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, url], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    status_line, loaded = done.stdout.strip().splitlines()
    assert json.loads(status_line)["state"] == "running"
    assert loaded == "False False"

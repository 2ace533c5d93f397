"""Players on their own laptops (issue 23 item 5), tried on a PostgreSQL server (``pytest
--postgresql URL``; skipped without one): ``campaign player add|list|remove`` makes and ends a
player's login, the server itself holds that login to reading the campaign, changing its own
crows and adding rolls — a player acting as a hostile user (ending the DT, editing another crow
or the tables, raw SQL) is refused by the server, said in Refkit's words naming the login — and
``db setup`` prepares a campaign and its referee's login in one command (item 7)."""

from __future__ import annotations

import io
import itertools
import json
import os
from collections.abc import Iterator

import pytest
from sqlalchemy.engine import make_url

from refkit.app.character_service import CharacterService
from refkit.cli import run_cli
from refkit.slot_record import replace  # a table is a SlotRecord, a crow a dataclass
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from refkit.store.errors import DatabaseUnreachableError, LoginNotAllowedError
from refkit.store.roll_log import RollLogRepository
from refkit.store.table_store import TableStore
from tests.postgresql_run import ServerForTests

_names = itertools.count(1)


@pytest.fixture
def server(test_server: ServerForTests | None) -> ServerForTests:
    if test_server is None:
        pytest.skip("needs a PostgreSQL server: pytest --postgresql URL")
    return test_server


def _admin(url: str, statement: str) -> list[tuple[object, ...]]:
    import psycopg

    conninfo = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(conninfo, autocommit=True) as connection:
        cursor = connection.execute(statement)  # type: ignore[arg-type]
        return cursor.fetchall() if cursor.description else []


def _as(url: str, login: str, password: str) -> str:
    return make_url(url).set(username=login, password=password).render_as_string(False)


class Campaign:
    """A campaign on the server (its referee: the test server's login), with the sample party
    and the players added to it, all of whose logins are dropped afterwards."""

    def __init__(self, server: ServerForTests, capsys: pytest.CaptureFixture[str]) -> None:
        self.url = server.fresh()
        self.server = server
        self._capsys = capsys
        self.logins: list[str] = []
        code, _, err = self.cli("character", "list")  # the referee's first look: the sample party
        assert code == 0, err
        with Database.open(self.url) as db:
            lines = CharacterService(CharacterRepository(db)).list_characters()
        self.crows = [line.name for line in lines]

    def cli(self, *args: str, db: str | None = None, stdin: str = "") -> tuple[int, str, str]:
        self._capsys.readouterr()
        saved = os.sys.stdin
        os.sys.stdin = io.StringIO(stdin)
        try:
            code = run_cli(["--db", db or self.url, *args])
        finally:
            os.sys.stdin = saved
        captured = self._capsys.readouterr()
        return code, captured.out, captured.err

    def add_player(self, *crows: str, password: str = "Player-Pw-7") -> str:
        name = f"player_{os.getpid()}_{next(_names)}"
        self.logins.append(name)
        args = [arg for crow in crows for arg in ("--crow", crow)]
        code, _, err = self.cli(
            "campaign", "player", "add", name, *args, "--password-stdin", stdin=password + "\n"
        )
        assert code == 0, err
        return name

    def player_url(self, name: str, password: str = "Player-Pw-7") -> str:
        return _as(self.url, name, password)

    def drop_logins(self) -> None:
        from refkit.store.postgresql.roles import players_role

        database = make_url(self.url).database
        self.server.drop_created()
        for role in [*self.logins, players_role(str(database))]:
            _admin(self.server.url_of("postgres"), f'DROP ROLE IF EXISTS "{role}"')


@pytest.fixture
def campaign(server: ServerForTests, capsys: pytest.CaptureFixture[str]) -> Iterator[Campaign]:
    made = Campaign(server, capsys)
    try:
        yield made
    finally:
        made.drop_logins()


def test_a_player_is_listed_with_their_crows_and_removed_with_their_login(
    campaign: Campaign,
) -> None:
    first, second = campaign.crows[0], campaign.crows[1]
    name = campaign.add_player(first.upper(), second)
    code, out, _ = campaign.cli("campaign", "player", "list", "--json")
    assert code == 0
    assert {"name": name, "crows": sorted([first, second])} in json.loads(out)["players"]
    with Database.open(campaign.player_url(name)) as db:
        assert (db.role, db.is_player, db.login) == ("player", True, name)
    with Database.open(campaign.url) as db:
        assert (db.role, db.is_player) == ("referee", False)
    code, out, _ = campaign.cli("campaign", "player", "remove", name)
    assert code == 0 and name in out
    code, out, _ = campaign.cli("campaign", "player", "list", "--json")
    assert json.loads(out)["players"] == []
    with pytest.raises(DatabaseUnreachableError, match="refused the login"):
        Database.open(campaign.player_url(name))


def test_no_table_a_player_may_change_is_without_row_security_and_a_policy(
    campaign: Campaign,
) -> None:
    from refkit.store.postgresql.roles import players_role

    campaign.add_player(campaign.crows[0])
    group = players_role(str(make_url(campaign.url).database))
    rows = _admin(
        campaign.url,
        f"""
        SELECT c.relname, c.relrowsecurity,
               array_remove(ARRAY[
                   CASE WHEN has_table_privilege('{group}', c.oid, 'INSERT') THEN 'a' END,
                   CASE WHEN has_any_column_privilege('{group}', c.oid, 'UPDATE') THEN 'w' END,
                   CASE WHEN has_table_privilege('{group}', c.oid, 'DELETE') THEN 'd' END,
                   CASE WHEN has_table_privilege('{group}', c.oid, 'TRUNCATE') THEN 't' END
               ], NULL),
               ARRAY(SELECT p.polcmd::text FROM pg_policy p
                     WHERE p.polrelid = c.oid
                       AND (SELECT oid FROM pg_roles WHERE rolname = '{group}') = ANY(p.polroles))
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
        """,
    )
    changed = {
        str(name): (secured, set(may), set(policies)) for name, secured, may, policies in rows
    }
    assert len(changed) >= 19  # every Refkit table was looked at
    may_change = {name for name, (_, may, _) in changed.items() if may}
    assert may_change == {"character", "wound_prompt", "roll_log"}
    for name in may_change:
        secured, may, policies = changed[name]
        assert secured, f"{name}: a player may change it, but row-level security is off"
        assert "d" not in may and "t" not in may, f"{name}: a player may delete in it"
        for command in may:
            assert command in policies or "*" in policies, f"{name}: no policy for {command}"


def _save_wounds(db: Database, crow: str) -> None:
    repo = CharacterRepository(db)
    character = repo.get(crow)
    repo.save(replace(character, player="Changed by the player"), stored_name=crow)


def test_a_player_changes_their_own_crow_and_adds_rolls(campaign: Campaign) -> None:
    own = campaign.crows[0]
    name = campaign.add_player(own)
    with Database.open(campaign.player_url(name)) as db:
        _save_wounds(db, own)
    code, _, err = campaign.cli("roll", "2d6", "--seed", "3", db=campaign.player_url(name))
    assert code == 0 and "warning" not in err, err
    with Database.open(campaign.url) as db:
        assert CharacterRepository(db).get(own).player == "Changed by the player"
        assert [roll.record.expression for roll in RollLogRepository(db).recent()] == ["2d6"]
    code, _, _ = campaign.cli("dt", "status", "--json", db=campaign.player_url(name))
    assert code == 0


def test_a_hostile_player_is_refused_by_the_server_in_refkits_words(
    campaign: Campaign,
) -> None:
    own, other = campaign.crows[0], campaign.crows[1]
    name = campaign.add_player(own)
    player = campaign.player_url(name)
    assert campaign.cli("dt", "start")[0] == 0
    _, before, _ = campaign.cli("dt", "status", "--json")

    code, _, err = campaign.cli("dt", "end", db=player)
    assert code == 2
    assert f"the login {name} may not do that to dungeon_clock" in err
    assert "Player-Pw-7" not in err
    _, after, _ = campaign.cli("dt", "status", "--json")
    assert json.loads(after)["dt"] == json.loads(before)["dt"]

    with Database.open(player) as db:
        with pytest.raises(
            LoginNotAllowedError, match=f"the character row is not one the login {name} may change"
        ) as refused:
            _save_wounds(db, other)
        assert refused.value.login == name
        tables = TableStore(db)
        with pytest.raises(LoginNotAllowedError, match="rollable_table"):
            tables.add(replace(tables.get(tables.names()[0]), name="Loot of the player"))
        with pytest.raises(LoginNotAllowedError):
            tables.delete(tables.names()[0])
    with Database.open(campaign.url) as db:
        assert CharacterRepository(db).get(other).player != "Changed by the player"


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE character SET player = 'x'",
        "UPDATE character SET id = id + 1000 WHERE player_crow_own",
        "DELETE FROM character WHERE player_crow_own",
        "DELETE FROM roll_log",
        "UPDATE roll_log SET total = 99",
        "UPDATE dungeon_clock SET version = version + 1",
        "DELETE FROM wound_prompt",
        "INSERT INTO player_crow (role_name, character_id) SELECT current_user, id FROM character",
        "INSERT INTO character (name, name_key, player, payload, created_at, updated_at, revision)"
        " VALUES ('x', 'x', '', '{}', now(), now(), 1)",
        "UPDATE rollable_table SET description = 'x'",
        "TRUNCATE app_state",
        "CREATE TABLE mine (id integer)",
        "ALTER TABLE character DISABLE ROW LEVEL SECURITY",
    ],
)
def test_raw_sql_from_a_player_is_refused_by_the_server(campaign: Campaign, statement: str) -> None:
    import psycopg

    name = campaign.add_player(campaign.crows[0])
    own = "id IN (SELECT character_id FROM player_crow WHERE role_name = current_user)"
    conninfo = make_url(campaign.player_url(name)).set(drivername="postgresql")
    refused = pytest.raises(psycopg.errors.InsufficientPrivilege)
    with psycopg.connect(conninfo.render_as_string(hide_password=False)) as connection, refused:
        connection.execute(statement.replace("player_crow_own", own))  # type: ignore[arg-type]


@pytest.fixture
def set_up(server: ServerForTests) -> Iterator[tuple[str, str]]:
    """A campaign name and a referee's name free on the server; whatever `db setup` made of
    them is dropped afterwards."""
    from refkit.store.postgresql.roles import players_role

    unique = f"{os.getpid()}_{next(_names)}"
    campaign, referee = f"refkit_test_setup_{unique}", f"referee_{unique}"
    made: list[str] = []
    yield campaign, referee
    admin = server.url_of("postgres")
    _admin(admin, f'DROP DATABASE IF EXISTS "{campaign}" WITH (FORCE)')
    for role in [*made, players_role(campaign), referee]:
        _admin(admin, f'DROP ROLE IF EXISTS "{role}"')


def _setup(server: ServerForTests, campaign: str, referee: str, capsys) -> tuple[int, str, str]:
    saved = os.sys.stdin
    os.sys.stdin = io.StringIO("Referee-Pw-3\n")
    try:
        code = run_cli(
            [
                "db",
                "setup",
                server.url_of("postgres"),
                "--campaign",
                campaign,
                "--referee",
                referee,
                "--password-stdin",
                "--json",
            ]
        )
    finally:
        os.sys.stdin = saved
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_db_setup_makes_the_campaign_owned_by_a_referee_who_adds_players(
    server: ServerForTests, set_up: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    campaign, referee = set_up
    code, out, err = _setup(server, campaign, referee, capsys)
    assert code == 0, err
    said = json.loads(out)
    assert said["campaign"] == campaign and said["referee"] == referee
    assert "Referee-Pw-3" not in out + err
    url = make_url(said["url"])
    assert (url.username, url.password, url.database) == (referee, None, campaign)
    given = _as(server.url_of(campaign), referee, "Referee-Pw-3")
    owners = _admin(
        server.url_of(campaign),
        "SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = current_schema()",
    )
    assert owners == [(referee,)]
    stored = _admin(
        server.url_of("postgres"), f"SELECT rolpassword FROM pg_authid WHERE rolname = '{referee}'"
    )
    assert str(stored[0][0]).startswith("SCRAM-SHA-256$")

    sys_stdin, os.sys.stdin = os.sys.stdin, io.StringIO("Player-Pw-7\n")
    try:
        assert run_cli(["--db", given, "character", "list"]) == 0
        player = f"{referee}_player"
        assert (
            run_cli(
                [
                    "--db",
                    given,
                    "campaign",
                    "player",
                    "add",
                    player,
                    "--crow",
                    "Wren Ashdown",
                    "--password-stdin",
                ]
            )
            == 0
        ), capsys.readouterr().err
    finally:
        os.sys.stdin = sys_stdin
    try:
        with Database.open(_as(given, player, "Player-Pw-7")) as db:
            assert db.is_player
    finally:
        assert run_cli(["--db", given, "campaign", "player", "remove", player]) == 0

    code, _, err = _setup(server, campaign, referee, capsys)
    assert code == 2 and f"login named {referee} already" in err


def test_a_set_up_failing_midway_leaves_no_database_and_no_login(
    server: ServerForTests,
    set_up: tuple[str, str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from refkit.store.errors import MigrationError
    from refkit.store.postgresql import setup

    campaign, referee = set_up

    def failing(url: str) -> None:
        raise MigrationError("the schema could not be made (a test's fault)")

    monkeypatch.setattr(setup, "_prepare_as_referee", failing)
    code, _, err = _setup(server, campaign, referee, capsys)
    assert code == 2 and "a test's fault" in err
    admin = server.url_of("postgres")
    assert _admin(admin, f"SELECT 1 FROM pg_database WHERE datname = '{campaign}'") == []
    assert _admin(admin, f"SELECT 1 FROM pg_roles WHERE rolname = '{referee}'") == []

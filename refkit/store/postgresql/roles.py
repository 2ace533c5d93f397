"""Players on their own laptops: each one a login role on the server, allowed by the server itself
(grants and row-level security) to read the campaign, change only its own crows and add rolls.

A campaign's players are the members of one role without login, named after its database
(:func:`players_role`). That role is granted:

- ``SELECT`` on every table of the campaign (the party, the clock, the fight, the tables…);
- on ``character``: ``UPDATE`` of every column but ``id``, under a row policy that lets through
  only a crow of the login's own (its ``player_crow`` rows). The policy's ``USING`` lets every
  row be reached and its ``WITH CHECK`` refuses the new row, so editing another crow is an error
  the server raises (SQLSTATE 42501), never a quiet "0 rows";
- on ``wound_prompt`` (the wounds a crow's player still has to place or heal): ``INSERT`` and
  ``UPDATE`` of the counts, under the same kind of policy;
- on ``roll_log``: ``INSERT`` (and its id sequence), never ``UPDATE`` or ``DELETE``.

No ``DELETE`` anywhere, no ``INSERT`` of crows, parties, tables or the clock. Every table a player
may change in has row-level security on and a policy for that command
(``tests/store/test_postgresql_players.py`` reads pg_class and pg_policy to prove it). The
referee's login owns the tables and so is not held by the policies.

The password is turned into a SCRAM verifier on this computer (libpq's
``PQencryptPasswordConn``), so it never travels to the server, or into its logs, in the clear.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from typing import Any, Final

from psycopg import sql
from sqlalchemy import Connection, text

from refkit.store.errors import PlayerAccountError
from refkit.store.records import PlayerLogin

OWN_CROW: Final = (
    "{column} IN (SELECT character_id FROM player_crow WHERE role_name = current_user)"
)
PLAYER_WRITES: Final = (
    # (table, privileges, the column naming the crow or None, commands with a row policy)
    ("character", "UPDATE (name, name_key, player, payload, updated_at, revision)", "id"),
    ("wound_prompt", "INSERT, UPDATE (to_place, to_heal, revision)", "character_id"),
    ("roll_log", "INSERT", None),
)
"""What a player may change beyond reading, table by table."""
ROLL_SEQUENCE: Final = "roll_log_id_seq"
POLICY_PREFIX: Final = "refkit_players_"
_NAME = re.compile(r"[^\W\d][\w.-]*")
_ROLE_BYTES: Final = 63


def players_role(database: str) -> str:
    """The role whose members are the players of the campaign kept in ``database``."""
    role = f"refkit_players_{database}"
    if len(role.encode("utf-8")) <= _ROLE_BYTES:
        return role
    digest = hashlib.sha256(database.encode("utf-8")).hexdigest()[:12]
    return f"refkit_players_{database.encode('utf-8')[:30].decode('utf-8', 'ignore')}_{digest}"


def check_player_name(name: str) -> str:
    """``name`` as a login's name, or PlayerAccountError saying what a name may hold."""
    if not _NAME.fullmatch(name) or len(name.encode("utf-8")) > _ROLE_BYTES:
        raise PlayerAccountError(
            f"{name!r} cannot be a player's login: use a letter first, then letters, digits, "
            f"'_', '.' or '-', at most {_ROLE_BYTES} bytes"
        )
    if name.lower().startswith("pg_") or name.lower().startswith(POLICY_PREFIX):
        raise PlayerAccountError(f"{name!r} cannot be a player's login: the server keeps that name")
    return name


def _quoted(connection: Connection, name: str) -> str:
    return str(connection.dialect.identifier_preparer.quote_identifier(name))


def _current_database(connection: Connection) -> str:
    return str(connection.execute(text("SELECT current_database()")).scalar_one())


def _role_exists(connection: Connection, name: str) -> bool:
    found = connection.execute(text("SELECT 1 FROM pg_roles WHERE rolname = :n"), {"n": name})
    return found.first() is not None


def _members(connection: Connection, group: str) -> list[str]:
    rows = connection.execute(
        text(
            "SELECT u.rolname FROM pg_auth_members m"
            " JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles u ON u.oid = m.member"
            " WHERE g.rolname = :g ORDER BY u.rolname"
        ),
        {"g": group},
    )
    return [str(name) for (name,) in rows]


def is_player(connection: Connection) -> bool:
    """Whether the connection's login is a player of the campaign it is connected to."""
    group = players_role(_current_database(connection))
    found = connection.execute(
        text(
            "SELECT 1 FROM pg_auth_members m"
            " JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles u ON u.oid = m.member"
            " WHERE g.rolname = :g AND u.rolname = current_user"
        ),
        {"g": group},
    )
    return found.first() is not None


def grant_player_rights(connection: Connection) -> str:
    """Make the campaign's players' role if need be and (again) give it exactly the rights of
    a player, with the row policies: safe to run any number of times. Returns its name."""
    database = _current_database(connection)
    group = players_role(database)
    quoted = _quoted(connection, group)
    if not _role_exists(connection, group):
        connection.exec_driver_sql(f"CREATE ROLE {quoted} NOLOGIN")
    on_database = _quoted(connection, database)
    connection.exec_driver_sql(f"GRANT CONNECT ON DATABASE {on_database} TO {quoted}")
    connection.exec_driver_sql(f"GRANT USAGE ON SCHEMA {_schema(connection)} TO {quoted}")
    for table in _campaign_tables(connection):
        connection.exec_driver_sql(f"GRANT SELECT ON {_quoted(connection, table)} TO {quoted}")
    for table, privileges, crow_column in PLAYER_WRITES:
        name = _quoted(connection, table)
        connection.exec_driver_sql(f"GRANT {privileges} ON {name} TO {quoted}")
        connection.exec_driver_sql(f"ALTER TABLE {name} ENABLE ROW LEVEL SECURITY")
        _policy(connection, table, "read", f"FOR SELECT TO {quoted} USING (true)")
        own = "true" if crow_column is None else OWN_CROW.format(column=crow_column)
        if "INSERT" in privileges:
            _policy(connection, table, "add", f"FOR INSERT TO {quoted} WITH CHECK ({own})")
        if "UPDATE" in privileges:
            change = f"FOR UPDATE TO {quoted} USING (true) WITH CHECK ({own})"
            _policy(connection, table, "change", change)
    connection.exec_driver_sql(f"GRANT USAGE ON SEQUENCE {ROLL_SEQUENCE} TO {quoted}")
    return group


def _policy(connection: Connection, table: str, what: str, body: str) -> None:
    name = _quoted(connection, f"{POLICY_PREFIX}{what}")
    on = _quoted(connection, table)
    connection.exec_driver_sql(f"DROP POLICY IF EXISTS {name} ON {on}")
    connection.exec_driver_sql(f"CREATE POLICY {name} ON {on} {body}")


def _schema(connection: Connection) -> str:
    schema = str(connection.execute(text("SELECT current_schema()")).scalar_one())
    return _quoted(connection, schema)


def _campaign_tables(connection: Connection) -> list[str]:
    rows = connection.execute(
        text(
            "SELECT table_name FROM information_schema.tables"
            " WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
            " ORDER BY table_name"
        )
    )
    return [str(name) for (name,) in rows]


def add_player(connection: Connection, name: str, password: str, crow_ids: Iterable[int]) -> None:
    """Make the login ``name`` a player of this campaign who may change the crows ``crow_ids``.

    Refuses (PlayerAccountError) a name the server has already (any login: another campaign's
    player, the referee, the administrator), or an empty password."""
    check_player_name(name)
    if not password:
        raise PlayerAccountError("the player's password is empty; give one on standard input")
    group = grant_player_rights(connection)
    if _role_exists(connection, name):
        if name in _members(connection, group):
            raise PlayerAccountError(
                f"{name} is a player of this campaign already; remove them first to change "
                "their crows or password"
            )
        raise PlayerAccountError(
            f"the server has a login named {name} already (not a player of this campaign); "
            "choose another name"
        )
    login = f"{_quoted(connection, name)} LOGIN {password_clause(connection, name, password)}"
    connection.exec_driver_sql(f"CREATE ROLE {login} IN ROLE {_quoted(connection, group)}")
    for crow_id in sorted(set(crow_ids)):
        connection.execute(
            text("INSERT INTO player_crow (role_name, character_id) VALUES (:n, :c)"),
            {"n": name, "c": crow_id},
        )


def password_clause(connection: Connection, name: str, password: str) -> str:
    """``PASSWORD '<SCRAM verifier>'`` for the login ``name``: the verifier is made here, by
    libpq, so the password itself never reaches the server or its statement log."""
    raw: Any = connection.connection.dbapi_connection
    verifier = raw.pgconn.encrypt_password(
        password.encode("utf-8"), name.encode("utf-8"), b"scram-sha-256"
    )
    literal = sql.Literal(bytes(verifier).decode("ascii"))
    return f"PASSWORD {literal.as_string(raw)}"


def list_players(connection: Connection) -> list[PlayerLogin]:
    """The campaign's players, by name, each with the names of its crows."""
    group = players_role(_current_database(connection))
    crows: dict[str, list[str]] = {}
    rows = connection.execute(
        text(
            "SELECT p.role_name, c.name FROM player_crow p"
            " JOIN character c ON c.id = p.character_id ORDER BY p.role_name, c.name"
        )
    )
    for role, crow in rows:
        crows.setdefault(str(role), []).append(str(crow))
    return [PlayerLogin(name, tuple(crows.get(name, ()))) for name in _members(connection, group)]


def remove_player(connection: Connection, name: str) -> tuple[str, ...]:
    """End the login ``name`` of a player of this campaign and forget its crows; returns the
    crows it had. PlayerAccountError when ``name`` is not a player here (nothing is changed)."""
    group = players_role(_current_database(connection))
    if name not in _members(connection, group):
        raise PlayerAccountError(f"{name} is not a player of this campaign")
    crows = tuple(
        str(crow)
        for (crow,) in connection.execute(
            text(
                "SELECT c.name FROM player_crow p JOIN character c ON c.id = p.character_id"
                " WHERE p.role_name = :n ORDER BY c.name"
            ),
            {"n": name},
        )
    )
    connection.execute(text("DELETE FROM player_crow WHERE role_name = :n"), {"n": name})
    connection.exec_driver_sql(f"DROP ROLE {_quoted(connection, name)}")
    return crows

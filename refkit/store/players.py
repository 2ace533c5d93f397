"""The players of a campaign on a server, whichever dialect the open database is: on PostgreSQL
each player is a login the server holds to its own crows (:mod:`refkit.store.postgresql.roles`);
an SQLite file is refused in plain words, since a file on one laptop has no logins.

Each call is one transaction of its own on the engine (roles and grants are not a step of play:
nothing to undo, nothing for another window to refresh), all of it kept or none of it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TypeVar

from sqlalchemy import Connection, text
from sqlalchemy.exc import DBAPIError

from refkit.store.database import Database
from refkit.store.errors import PlayerAccountError
from refkit.store.failures import DRIVER_ERROR, database_failure
from refkit.store.records import PlayerLogin
from refkit.store.row_forms import name_key

NOT_ON_A_SERVER = (
    "players are for a campaign on a server: open it with --db postgresql://… (an SQLite "
    "file is one laptop's; move it with 'refkit db copy FILE URL')"
)
PLAYER = "player"
REFEREE = "referee"

T = TypeVar("T")


def _require_server(db: Database) -> None:
    if not db.server:
        raise PlayerAccountError(NOT_ON_A_SERVER)


@contextmanager
def _transaction(db: Database) -> Iterator[Connection]:
    db.check_file()
    try:
        with db.engine.begin() as connection:
            yield connection
    except DBAPIError as exc:
        raise database_failure(db.shown, exc) from None
    except DRIVER_ERROR as exc:
        raise database_failure(db.shown, exc) from None


def _in_transaction(db: Database, work: Callable[[Connection], T]) -> T:
    _require_server(db)
    with _transaction(db) as connection:
        return work(connection)


def add_player(db: Database, name: str, password: str, crows: Sequence[str]) -> PlayerLogin:
    """Make ``name`` a login of the campaign on ``db`` that may change only ``crows`` (their
    stored names, any case), with ``password``. PlayerAccountError for an SQLite campaign, a
    crow not stored, no crow at all, or a name the server has already; nothing is kept then."""
    from refkit.store.postgresql import roles

    _require_server(db)
    if not crows:
        raise PlayerAccountError("a player needs at least one crow: give --crow NAME")
    _seed_first_use(db)

    def work(connection: Connection) -> PlayerLogin:
        ids, names = [], []
        for crow in crows:
            found = connection.execute(
                text("SELECT id, name FROM character WHERE name_key = :k"), {"k": name_key(crow)}
            ).first()
            if found is None:
                raise PlayerAccountError(f"no crow named {crow!r} in this campaign")
            ids.append(int(found[0]))
            names.append(str(found[1]))
        roles.add_player(connection, name, password, ids)
        return PlayerLogin(name, tuple(sorted(set(names))))

    return _in_transaction(db, work)


def _seed_first_use(db: Database) -> None:
    """What a referee's first look writes (the shipped rollable tables), written now by the
    referee's login: a player's login may not write it, so a player's first look needs it."""
    from refkit.store.table_store import TableStore

    TableStore(db).names()


def list_players(db: Database) -> list[PlayerLogin]:
    """The campaign's players and their crows (PlayerAccountError for an SQLite campaign)."""
    from refkit.store.postgresql import roles

    return _in_transaction(db, roles.list_players)


def remove_player(db: Database, name: str) -> tuple[str, ...]:
    """End the player ``name``'s login; returns the crows it had (PlayerAccountError when it is
    not a player of this campaign, or the campaign is an SQLite file)."""
    from refkit.store.postgresql import roles

    return _in_transaction(db, lambda connection: roles.remove_player(connection, name))


def grant_player_rights(db: Database) -> None:
    """Give the campaign's players' role its rights again (after a migration added a table)."""
    from refkit.store.postgresql import roles

    _in_transaction(db, roles.grant_player_rights)


def login_role(db: Database) -> tuple[str, str | None]:
    """``"player"`` for a player's login on a server, else ``"referee"`` (an SQLite file's user
    is the referee of that laptop); and the server login's name (None for a file)."""
    if not db.server:
        return REFEREE, None
    from refkit.store.postgresql import roles

    with _transaction(db) as connection:
        login = str(connection.execute(text("SELECT current_user")).scalar_one())
        return (PLAYER if roles.is_player(connection) else REFEREE), login


def set_up_campaign(admin_url: str, campaign: str, referee: str, password: str) -> tuple[str, str]:
    """Prepare the campaign ``campaign`` on the server an administrator's ``admin_url`` names:
    the referee's login (``referee``, ``password``; it may add players), the database it owns
    with Refkit's tables, and the players' role. Returns the URL every laptop opens (no password
    in it) and the players' role. PlayerAccountError when ``admin_url`` is not a server's, or
    the login or database exists already; nothing is left half-made on any failure."""
    from refkit.store.location import is_server_url, resolve_database_url, shown_url

    resolved = resolve_database_url(admin_url)
    if not is_server_url(resolved):
        raise PlayerAccountError(
            "db setup prepares a campaign on a PostgreSQL server: give an administrator's "
            "postgresql://user@host/postgres URL"
        )
    from refkit.store.postgresql.opening import require_driver

    require_driver()
    from refkit.store.postgresql.setup import set_up_campaign as on_server

    made = on_server(resolved, shown_url(resolved), campaign, referee, password)
    return shown_url(made.url), made.players_role

"""One command that prepares a campaign on a server the user administers: the referee's login, the
campaign's database owned by it, Refkit's tables made by that login (so it owns them and the row
policies never hold it), and the players' role with its rights.

Run with an administrator's login (one that may create databases and roles, such as the
``postgres`` user of a fresh install). Nothing is left half-made: when a step fails, the database
and the login made so far are dropped again.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from sqlalchemy import Connection, Engine, create_engine, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import DBAPIError

from refkit.store.errors import DatabaseError, PlayerAccountError
from refkit.store.postgresql.failures import DRIVER_ERROR, server_failure
from refkit.store.postgresql.roles import check_player_name, password_clause, players_role

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class CampaignSetUp:
    """What :func:`set_up_campaign` made: the campaign's URL for every laptop (no password in
    it), the referee's login and the players' role."""

    url: str
    campaign: str
    referee: str
    players_role: str


def campaign_url(admin_url: str, campaign: str, login: str, password: str | None = None) -> str:
    """The server of ``admin_url`` (host, port, libpq options) with ``login`` on ``campaign``."""
    server = make_url(admin_url)
    parsed = URL.create(
        server.drivername,
        username=login,
        password=password,
        host=server.host,
        port=server.port,
        database=campaign,
        query={key: value for key, value in server.query.items() if key != "password"},
    )
    return parsed.render_as_string(hide_password=False)


def set_up_campaign(
    admin_url: str, shown: str, campaign: str, referee: str, password: str
) -> CampaignSetUp:
    """Make the login ``referee`` (with ``password``, allowed to add players' logins) and the
    database ``campaign`` it owns, on the server of ``admin_url`` (``shown`` names it in
    messages). PlayerAccountError when either exists already or a name cannot be used."""
    check_player_name(referee)
    _check_campaign_name(campaign)
    if not password:
        raise PlayerAccountError("the referee's password is empty; give one on standard input")
    engine = create_engine(admin_url, isolation_level="AUTOCOMMIT", hide_parameters=True)
    made: list[str] = []
    try:
        with engine.connect() as admin:
            _refuse_taken(admin, campaign, referee)
            quoted_referee = _quoted(admin, referee)
            admin.exec_driver_sql(
                f"CREATE ROLE {quoted_referee} LOGIN CREATEROLE "
                + password_clause(admin, referee, password)
            )
            made.append("role")
            quoted_campaign = _quoted(admin, campaign)
            admin.exec_driver_sql(f"CREATE DATABASE {quoted_campaign} OWNER {quoted_referee}")
            made.append("database")
            admin.exec_driver_sql(f"REVOKE CONNECT ON DATABASE {quoted_campaign} FROM PUBLIC")
        _prepare_as_referee(campaign_url(admin_url, campaign, referee, password))
    except BaseException as failed:
        _undo(engine, made, campaign, referee)
        engine.dispose()
        if isinstance(failed, DBAPIError | DRIVER_ERROR):
            raise server_failure(shown, failed) from None
        raise
    engine.dispose()
    return CampaignSetUp(
        url=make_url(campaign_url(admin_url, campaign, referee)).render_as_string(),
        campaign=campaign,
        referee=referee,
        players_role=players_role(campaign),
    )


def _prepare_as_referee(url: str) -> None:
    """Refkit's tables made by the referee's login (its own), and the players' role."""
    from refkit.store.database import Database
    from refkit.store.players import grant_player_rights

    with Database.open(url) as database:
        grant_player_rights(database)


def _check_campaign_name(campaign: str) -> None:
    try:
        check_player_name(campaign)
    except PlayerAccountError:
        raise PlayerAccountError(
            f"{campaign!r} cannot be a campaign's database: use a letter first, then letters, "
            "digits, '_', '.' or '-'"
        ) from None


def _refuse_taken(admin: Connection, campaign: str, referee: str) -> None:
    role = admin.execute(text("SELECT 1 FROM pg_roles WHERE rolname = :n"), {"n": referee})
    if role.first() is not None:
        raise PlayerAccountError(
            f"the server has a login named {referee} already; choose another --referee name "
            "(a campaign set up before is opened with --db, not set up again)"
        )
    database = admin.execute(text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": campaign})
    if database.first() is not None:
        raise PlayerAccountError(
            f"the server has a database named {campaign} already; choose another --campaign "
            "name, or open that one with --db"
        )


def _quoted(connection: Connection, name: str) -> str:
    return str(connection.dialect.identifier_preparer.quote_identifier(name))


def _undo(engine: Engine, made: list[str], campaign: str, referee: str) -> None:
    """Drop what was made (the database first: it belongs to the login). A failure here is
    left unsaid: the first failure is the one worth reporting."""
    try:
        with engine.connect() as admin:
            if "database" in made:
                admin.exec_driver_sql(
                    f"DROP DATABASE IF EXISTS {_quoted(admin, campaign)} WITH (FORCE)"
                )
            if "role" in made:
                group = players_role(campaign)
                admin.exec_driver_sql(f"DROP ROLE IF EXISTS {_quoted(admin, group)}")
                admin.exec_driver_sql(f"DROP ROLE IF EXISTS {_quoted(admin, referee)}")
    except (DBAPIError, DRIVER_ERROR, DatabaseError):
        log.warning("dropping what a failed set-up made also failed", exc_info=True)
